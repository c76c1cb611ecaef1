// Command replay-html plays one complete game of Ludo between random
// players and writes it as a replay page: one self-contained HTML file to
// open in a browser and step through, ply by ply, with the buttons or the
// arrow keys. The game is seeded and played exactly as by
// examples/playout, so the same flags give the same game; add #ply=N to
// the page's address to open it at ply N.
//
//	go run ./examples/replay-html [-players 4] [-preset classic] [-seed 1] [-o game.html]
package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/ludorules/ludo"
	"github.com/ludorules/ludo/internal/seeded"
)

func main() {
	players := flag.Int("players", 4, "number of players, 2 to 4")
	preset := flag.String("preset", "classic", "rules preset: classic or mongolian")
	seed := flag.Uint64("seed", 1, "seed for the dice and the players' choices")
	out := flag.String("o", "", "the file to write the page to (default standard output)")
	flag.Parse()
	if err := run(*players, *preset, *seed, *out); err != nil {
		fmt.Fprintln(os.Stderr, "replay-html:", err)
		os.Exit(1)
	}
}

func run(players int, preset string, seed uint64, out string) (err error) {
	rules, err := seeded.Rules(preset, players)
	if err != nil {
		return err
	}
	frames, final, err := seeded.Play(rules, seed, seeded.MaxPlies)
	if err != nil {
		return err
	}
	var w io.Writer = os.Stdout
	if out != "" {
		f, err := os.Create(out)
		if err != nil {
			return err
		}
		defer func() {
			if cerr := f.Close(); err == nil {
				err = cerr
			}
		}()
		w = f
	}
	bw := bufio.NewWriter(w)
	title := fmt.Sprintf("Ludo replay: %v, %d players, seed %d", rules, players, seed)
	if err := ludo.WriteReplayHTML(bw, title, frames, final); err != nil {
		return err
	}
	return bw.Flush()
}
