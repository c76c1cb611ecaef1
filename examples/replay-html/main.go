// Command replay-html plays one complete game of Ludo between random
// players and writes it as a replay page: one self-contained HTML file to
// open in a browser and step through, ply by ply, with the buttons or the
// arrow keys. The game is seeded and played exactly as by
// examples/playout, so the same flags give the same game; add #ply=N to
// the page's address to open it at ply N.
//
//	go run ./examples/replay-html [-players 4] [-preset classic] [-seed 1] [-o game.html]
//	go run ./examples/replay-html -preset parchis1 -seed 2 -o parchis.html
//
// -preset is any of ludo.Presets, or rules as text; -players defaults to
// the preset's (4, or 6 on a six-arm board). A bonus move (rule P8) is a
// ply with no roll.
package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/ludorules/ludo/internal/echo"
	"github.com/ludorules/ludo/internal/seeded"
	"github.com/ludorules/ludo/picture"
)

func main() {
	os.Exit(cli(os.Args[1:], os.Stdout, os.Stderr))
}

// cli is the whole program: it reads the arguments (without the program
// name), writes the page to -o or stdout and errors to stderr, and
// returns the exit status: 0 done, 1 the page could not be written, 2 a
// usage error.
func cli(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("replay-html", flag.ContinueOnError)
	fs.SetOutput(stderr)
	players := fs.Int("players", 0, seeded.PlayersHelp)
	preset := fs.String("preset", "classic", seeded.PresetHelp())
	seed := fs.Uint64("seed", 1, "seed for the dice and the players' choices")
	out := fs.String("o", "", "the file to write the page to (default standard output)")
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: replay-html [flags]\n\nPlays one seeded game between random players and writes its replay page.\n\nFlags:\n")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "replay-html: unexpected argument %s: give the file with -o\n", echo.Quote(fs.Arg(0)))
		fs.Usage()
		return 2
	}
	if err := run(stdout, *players, *preset, *seed, *out); err != nil {
		fmt.Fprintln(stderr, "replay-html:", err)
		return 1
	}
	return 0
}

// run plays the game and writes its page to the file out, or to stdout
// if out is "".
func run(stdout io.Writer, players int, preset string, seed uint64, out string) (err error) {
	rules, err := seeded.Rules(preset, players)
	if err != nil {
		return err
	}
	frames, final, err := seeded.Play(rules, seed, seeded.MaxPlies)
	if err != nil {
		return err
	}
	w := stdout
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
	title := fmt.Sprintf("Ludo replay: %v, %d players, seed %d", rules, rules.Players, seed)
	if err := picture.WriteReplayHTML(bw, title, frames, final); err != nil {
		return err
	}
	return bw.Flush()
}
