// Command simulate plays many seeded games between random players across
// all cores and prints what they show about the game itself: how often
// each seat wins (the advantage of rolling first), how long games last,
// and how often tokens are captured. Game i is seeded from (-seed, i)
// alone and the totals are summed in game order, so the output is the same
// for any -workers.
//
//	go run ./examples/simulate -games 100000 -players 4 -preset classic
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"time"

	"github.com/ludorules/ludo"
	"github.com/ludorules/ludo/bots"
)

func main() {
	games := flag.Int("games", 100000, "number of games")
	players := flag.Int("players", 4, "number of players, 2 to 4")
	preset := flag.String("preset", "classic", "rules preset: classic or mongolian")
	seed := flag.Uint64("seed", 1, "seed of the series")
	workers := flag.Int("workers", runtime.GOMAXPROCS(0), "number of games played at once")
	flag.Parse()
	if err := run(os.Stdout, *games, *players, *preset, *seed, *workers); err != nil {
		fmt.Fprintln(os.Stderr, "simulate:", err)
		os.Exit(1)
	}
}

// game is what one game left.
type game struct {
	winner   ludo.Color
	plies    int
	captures int
	sixes    int // forfeited third sixes
}

func run(w io.Writer, games, players int, preset string, seed uint64, workers int) error {
	rules, ok := ludo.Preset(preset)
	if !ok {
		return fmt.Errorf("unknown preset %q", preset)
	}
	rules.Players = players
	start, err := ludo.New(rules)
	if err != nil {
		return err
	}
	if games < 1 {
		return fmt.Errorf("-games is %d, want at least 1", games)
	}
	begin := time.Now()
	results := bots.Parallel(games, workers, func(i int) game {
		gs := bots.GameSeed(seed, i)
		return play(start, ludo.SeededDice(gs), bots.NewRandom(gs))
	}, nil)
	elapsed := time.Since(begin)

	var wins [ludo.MaxPlayers]int
	plies, captures, forfeits := 0, 0, 0
	for _, g := range results {
		wins[g.winner]++
		plies += g.plies
		captures += g.captures
		forfeits += g.sixes
	}
	n := float64(games)
	fmt.Fprintf(w, "%v, %d players, %d random games (seed %d)\n\n", rules, players, games, seed)
	fmt.Fprintf(w, "%-8s %s\n", "seat", "wins")
	for k, c := range seatsOf(start) {
		fmt.Fprintf(w, "%d %-6v %6.2f%%\n", k+1, c, 100*float64(wins[c])/n)
	}
	fmt.Fprintf(w, "\nmean game length %.1f plies, %.2f captures and %.2f forfeited third sixes per game\n",
		float64(plies)/n, float64(captures)/n, float64(forfeits)/n)
	fmt.Fprintf(w, "%.0f plies/s, %.0f games/s (%d workers)\n", float64(plies)/elapsed.Seconds(), n/elapsed.Seconds(), workers)
	return nil
}

// play plays one game between random players, all drawing from pick.
func play(s ludo.State, dice ludo.Dice, pick *bots.Random) game {
	var g game
	var buf [ludo.MaxTokens]ludo.Move
	for s.Phase() != ludo.PhaseOver {
		s, _ = s.Roll(dice.Roll())
		moves := s.AppendLegalMoves(buf[:0])
		m := pick.Choose(s, moves)
		g.captures += m.Captures()
		if m.Forfeits() {
			g.sixes++
		}
		s, _ = s.Apply(m)
		g.plies++
	}
	g.winner, _ = s.Winner()
	return g
}

func seatsOf(s ludo.State) []ludo.Color {
	var cs []ludo.Color
	for c := range s.Players().All() {
		cs = append(cs, c)
	}
	return cs
}
