// Command ludo-simulate plays many seeded games between random players across
// all cores and prints what they show about the game itself: how often
// each seat wins (the advantage of rolling first), how long games last,
// and how often tokens are captured. Game i is seeded from (-seed, i)
// alone and the totals are summed in game order, so the output is the same
// for any -workers.
//
//	go run ./cmd/ludo-simulate -games 100000 -players 4 -preset classic
//	go run ./cmd/ludo-simulate -games 10000 -preset parchis6
//
// -preset is any of ludo.Presets, or rules as text with options, as
// ludoking{CaptureBeforeHome:true} (as examples/playout takes it);
// -players defaults to the preset's (4, or 6 on a six-arm board). A ply
// is a roll and the move made with it, or a move no roll precedes: a
// bonus move (rule P8), or the other die of a throw of two (rule W1).
//
// While it plays it draws a progress bar on standard error, if that is a
// terminal or -progress asks for it (and -quiet does not forbid it);
// standard output has the results alone. A game still going on after
// -max-plies plies stops there and is counted as unfinished.
//
// Exit status: 0 done, 1 the games could not be played, 2 a usage error.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"strings"
	"time"

	"github.com/ludorules/ludo"
	"github.com/ludorules/ludo/bots"
	"github.com/ludorules/ludo/internal/echo"
	"github.com/ludorules/ludo/internal/progress"
	"github.com/ludorules/ludo/internal/seeded"
)

// maxGames is the most games -games may ask for: a few minutes on two
// cores.
const maxGames = 10_000_000

func main() {
	os.Exit(cli(os.Args[1:], os.Stdout, os.Stderr, progress.IsTerminal(os.Stderr)))
}

// config is what the flags ask for.
type config struct {
	games, players int
	preset         string
	seed           uint64
	workers        int
	maxPlies       int
}

// cli is the whole program: it reads the arguments (without the program
// name), writes the results to stdout and the progress bar and errors to
// stderr (a terminal if tty), and returns the exit status.
func cli(args []string, stdout, stderr io.Writer, tty bool) int {
	fs := flag.NewFlagSet("ludo-simulate", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var cfg config
	fs.IntVar(&cfg.games, "games", 100000, fmt.Sprintf("number of games, 1 to %d", maxGames))
	fs.IntVar(&cfg.players, "players", 0, seeded.PlayersHelp)
	fs.StringVar(&cfg.preset, "preset", "classic", seeded.PresetHelp())
	fs.Uint64Var(&cfg.seed, "seed", 1, "seed of the series")
	fs.IntVar(&cfg.workers, "workers", runtime.GOMAXPROCS(0), "number of games played at once")
	fs.IntVar(&cfg.maxPlies, "max-plies", bots.DefaultMaxPlies, "stop a game after this many plies and count it as unfinished")
	bar := progress.Flags(fs)
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: ludo-simulate [flags]\n\nPlays seeded games between random players and prints wins by seat, game length and captures.\n\nFlags:\n")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "ludo-simulate: unexpected argument %s\n", echo.Quote(fs.Arg(0)))
		fs.Usage()
		return 2
	}
	if err := run(stdout, bar(stderr, tty), cfg); err != nil {
		fmt.Fprintln(stderr, "ludo-simulate:", err)
		return 1
	}
	return 0
}

// game is what one game left.
type game struct {
	winner     ludo.Color
	plies      int
	captures   int
	sixes      int // forfeited third sixes (with two dice, doubles, rule W3)
	bonus      int // bonus moves (rule P8)
	unfinished bool
}

// run plays the games and writes the results to w, with a progress bar on
// bar if it is not nil.
func run(w, bar io.Writer, cfg config) error {
	rules, err := seeded.Rules(cfg.preset, cfg.players)
	if err != nil {
		return err
	}
	start, err := ludo.New(rules)
	if err != nil {
		return err
	}
	if cfg.games < 1 || cfg.games > maxGames {
		return fmt.Errorf("-games is %d, want 1 to %d", cfg.games, maxGames)
	}
	if cfg.maxPlies < 1 {
		return fmt.Errorf("-max-plies is %d, want at least 1", cfg.maxPlies)
	}
	var b *progress.Bar
	if bar != nil {
		b = progress.Start(bar, cfg.games)
	}
	begin := time.Now()
	var wins [ludo.MaxPlayers]int
	plies, captures, forfeits, bonus, unfinished := 0, 0, 0, 0, 0
	bots.ParallelEach(cfg.games, cfg.workers, func(i int) game {
		gs := bots.GameSeed(cfg.seed, i)
		return play(start, ludo.SeededDice(gs), bots.NewRandom(gs), cfg.maxPlies, nil)
	}, func(_ int, g game) {
		plies += g.plies
		captures += g.captures
		forfeits += g.sixes
		bonus += g.bonus
		if g.unfinished {
			unfinished++
		} else {
			wins[g.winner]++
		}
	}, b.Set)
	elapsed := time.Since(begin)
	b.Stop()

	n := float64(cfg.games)
	finished := float64(max(cfg.games-unfinished, 1))
	players := rules.Players
	if rules.Teams == ludo.TwoColorsEach {
		players /= 2 // rule T3
	}
	fmt.Fprintf(w, "%v, %d players, %d random games (seed %d)\n\n", rules, players, cfg.games, cfg.seed)
	fmt.Fprintf(w, "%-8s %s\n", "seat", "wins")
	k := 0
	var seated ludo.Colors
	for c := range start.Players().All() {
		name, won := c.String(), wins[c]
		if rules.Teams == ludo.TwoColorsEach { // rule T3: a seat is a player running two colours
			if seated.Has(c) {
				continue
			}
			var names []string
			won = 0
			for o := range start.Team(c).All() {
				seated |= ludo.ColorsOf(o)
				names = append(names, o.String())
				won += wins[o]
			}
			name = strings.Join(names, "+")
		}
		k++
		fmt.Fprintf(w, "%d %-6s %6.2f%%\n", k, name, 100*float64(won)/finished)
	}
	if unfinished > 0 {
		fmt.Fprintf(w, "\n%d of %d games unfinished at the ply limit of %d, left out of the wins\n", unfinished, cfg.games, cfg.maxPlies)
	}
	third, after := "sixes", "plies with no roll"
	if rules.TwoDice {
		third, after = "doubles", "after the dice, rule W4" // rule W3: the doubles SixLimit counts
	}
	fmt.Fprintf(w, "\nmean game length %.1f plies, %.2f captures and %.2f forfeited third %s per game\n",
		float64(plies)/n, float64(captures)/n, float64(forfeits)/n, third)
	if rules.CaptureBonus.Steps() > 0 || rules.HomeBonus.Steps() > 0 {
		fmt.Fprintf(w, "%.2f bonus moves per game (%s)\n", float64(bonus)/n, after)
	}
	fmt.Fprintf(w, "%.0f plies/s, %.0f games/s (%d workers)\n", float64(plies)/elapsed.Seconds(), n/elapsed.Seconds(), cfg.workers)
	return nil
}

// play plays one game between random players, all drawing from pick, for
// at most maxPlies plies, adding each move to rec if it is not nil. It
// throws the rules' dice (one die, or two, rule W1) only where a roll is
// due: where a bonus move (rule P8) or a throw's other die is due it
// plays it with no roll, as a record does.
func play(s ludo.State, dice ludo.Dice, pick *bots.Random, maxPlies int, rec *ludo.Record) game {
	var g game
	var buf [ludo.MaxMoves]ludo.Move
	rules := s.Rules()
	for s.Phase() != ludo.PhaseOver {
		if g.plies == maxPlies {
			g.unfinished = true
			return g
		}
		if s.Phase() == ludo.PhaseRoll {
			s, _ = s.RollOutcome(dice.Throw(rules))
		} else if s.IsBonusMove() { // else a throw's other die (rule W1): no roll either
			g.bonus++
		}
		moves := s.AppendLegalMoves(buf[:0])
		m := pick.Choose(s, moves)
		g.captures += m.NumCaptured()
		if m.Forfeits() {
			g.sixes++
		}
		if rec != nil {
			rec.AddMove(s, m)
		}
		s, _ = s.Apply(m)
		g.plies++
	}
	g.winner, _ = s.Winner()
	return g
}
