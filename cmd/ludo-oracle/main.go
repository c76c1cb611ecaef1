// Command ludo-oracle measures how much room the dice leave a player: it
// plays a learned player (bots.Net) against random players, once as the
// learned bots play, not knowing the dice, and once as an oracle that
// knows the next throws, and prints both win rates with 95% Wilson
// intervals, and how often the player had a choice at all.
//
//	go run ./cmd/ludo-oracle -preset 'danish{Tries:1}' -games 10000 -know 1
//
// The player scores each move as bots.Learned does: the position
// where its turn ends, searched -know throws ahead, each player picking
// what the net scores best for it, the net at the leaves. Not knowing
// the dice, each throw is a chance node, the mean over its outcomes; the
// oracle knows the throws the game will bring (the dice are seeded), so
// each is the one outcome that comes. With -know 0 both are bots.Learned.
// The net is the shipped one for the rules, or -net.
//
// A choice is a throw after which the player's turn can end in more
// than one position; the share of throws with a choice, and the mean
// number of positions to choose from, say how much a player can do at
// all.
//
// Game i is seeded from (-seed, i) and the learned player sits in seat
// i mod players; the totals are summed in game order, so the output is
// the same for any -workers.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"runtime"

	"github.com/ludorules/ludo"
	"github.com/ludorules/ludo/bots"
	"github.com/ludorules/ludo/bots/tournament"
	"github.com/ludorules/ludo/internal/progress"
	"github.com/ludorules/ludo/internal/seeded"
)

func main() {
	os.Exit(cli(os.Args[1:], os.Stdout, os.Stderr, progress.IsTerminal(os.Stderr)))
}

func cli(args []string, stdout, stderr io.Writer, tty bool) int {
	fs := flag.NewFlagSet("ludo-oracle", flag.ContinueOnError)
	fs.SetOutput(stderr)
	preset := fs.String("preset", "danish{Tries:1}", seeded.PresetHelp())
	players := fs.Int("players", 0, seeded.PlayersHelp)
	games := fs.Int("games", 1000, "games of each player")
	seed := fs.Uint64("seed", 1, "seed of the games: game i is seeded from (seed, i)")
	know := fs.Int("know", 1, "throws the oracle knows, 0 to 3")
	netFile := fs.String("net", "", "a net file (cmd/ludo-train -out) instead of the shipped one")
	workers := fs.Int("workers", runtime.GOMAXPROCS(0), "games played at once")
	bar := progress.Flags(fs)
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fs.NArg() > 0 || *know < 0 || *know > 3 || *games < 1 {
		fmt.Fprintln(stderr, "ludo-oracle: want flags only, -know 0 to 3 and -games at least 1")
		return 2
	}
	r, err := seeded.Rules(*preset, *players)
	if err != nil {
		fmt.Fprintln(stderr, "ludo-oracle:", err)
		return 1
	}
	net := bots.NetFor(r)
	if *netFile != "" {
		f, err := os.Open(*netFile)
		if err != nil {
			fmt.Fprintln(stderr, "ludo-oracle:", err)
			return 1
		}
		net, err = bots.ReadNet(f)
		f.Close()
		if err != nil {
			fmt.Fprintln(stderr, "ludo-oracle:", err)
			return 1
		}
	}
	if net == nil || !net.Fits(r) {
		fmt.Fprintf(stderr, "ludo-oracle: no net fits %v\n", r)
		return 1
	}
	w := bar(stderr, tty)
	fmt.Fprintf(stdout, "%v, %d players: the learned player against random players, %d games each, throws known %d\n\n", r, r.Players, *games, *know)
	fmt.Fprintf(stdout, "%-22s %7s  %-17s %14s %12s\n", "player", "win %", "95% CI (Wilson)", "throws w/ choice", "mean choices")
	for _, oracle := range []bool{false, true} {
		var b *progress.Bar
		if w != nil {
			b = progress.Start(w, *games)
		}
		var wins, throws, choices, ends int
		bots.ParallelEach(*games, *workers, func(i int) result {
			return play(r, net, *seed, i, *know, oracle)
		}, func(_ int, g result) {
			wins += g.won
			throws += g.throws
			choices += g.choices
			ends += g.ends
		}, b.Set)
		b.Stop()
		lo, hi := tournament.Wilson(wins, *games)
		name := fmt.Sprintf("expecting %d throws", *know)
		if oracle {
			name = fmt.Sprintf("knowing %d throws", *know)
		}
		fmt.Fprintf(stdout, "%-22s %6.2f%%  [%5.2f%%, %5.2f%%] %13.1f%% %12.2f\n", name, 100*float64(wins)/float64(*games),
			100*lo, 100*hi, 100*float64(choices)/float64(max(throws, 1)), float64(ends)/float64(max(choices, 1)))
	}
	return 0
}

type result struct {
	won, throws, choices, ends int
}

// game is one game's dice, thrown in advance as far as a player looks.
type game struct {
	r      ludo.Rules
	dice   ludo.Dice
	throws []ludo.Outcome
}

// throw returns the game's k-th throw.
func (g *game) throw(k int) ludo.Outcome {
	for len(g.throws) <= k {
		g.throws = append(g.throws, g.dice.Throw(g.r))
	}
	return g.throws[k]
}

// play plays game i: the learned player in seat i mod players, random
// players in the others.
func play(r ludo.Rules, net *bots.Net, seed uint64, i, know int, oracle bool) result {
	s, _ := ludo.New(r)
	gs := bots.GameSeed(seed, i)
	g := &game{r: r, dice: ludo.SeededDice(gs)}
	var seats []ludo.Color
	for c := range s.Players().All() {
		seats = append(seats, c)
	}
	me := seats[i%len(seats)]
	mine := s.Team(me)
	var rnd [ludo.MaxPlayers]bots.Bot
	for k, c := range seats {
		rnd[c] = bots.NewRandom(bots.GameSeed(gs, k+1))
	}
	var res result
	for k := 0; k < 100_000 && s.Phase() != ludo.PhaseOver; k++ {
		if _, ok := s.Winner(); ok {
			break
		}
		rolled, _ := s.RollOutcome(g.throw(k))
		who := rolled.Turn()
		if !mine.Has(who) {
			s = randomTurn(rolled, who, rnd[who])
			continue
		}
		choices := ends(rolled, who, nil)
		res.throws++
		if len(choices) > 1 {
			res.choices++
			res.ends += len(choices)
		}
		best, bestV := 0, math.Inf(-1)
		if len(choices) > 1 {
			for j, e := range choices {
				if v := value(net, g, e, who, know, k+1, oracle)[who]; v > bestV {
					best, bestV = j, v
				}
			}
		}
		s = choices[best]
	}
	if s.Place(me) == 1 {
		res.won = 1
	}
	return res
}

// randomTurn plays the moves of a random player's turn from rolled.
func randomTurn(s ludo.State, who ludo.Color, b bots.Bot) ludo.State {
	for s.Phase() == ludo.PhaseMove && s.Turn() == who {
		ms := s.LegalMoves()
		s, _ = s.Apply(b.Choose(s, ms))
	}
	return s
}

// ends appends the positions where who's turn from s can end, each once.
func ends(s ludo.State, who ludo.Color, dst []ludo.State) []ludo.State {
	for _, c := range s.AppendSuccessors(nil) {
		switch {
		case c.State.Phase() == ludo.PhaseMove && c.State.Turn() == who:
			dst = ends(c.State, who, dst)
		default:
			seen := false
			for _, d := range dst {
				seen = seen || d == c.State
			}
			if !seen {
				dst = append(dst, c.State)
			}
		}
	}
	return dst
}

// value returns the chances of winning of s, where mover's turn ended,
// searched depth throws ahead: the net's at depth 0; else over the throw
// due (the k-th of the game if oracle, else each outcome by its chance),
// the turn end best for the player who throws.
func value(net *bots.Net, g *game, s ludo.State, mover ludo.Color, depth, k int, oracle bool) [ludo.MaxPlayers]float64 {
	if _, over := s.Winner(); over || depth == 0 || s.Phase() != ludo.PhaseRoll {
		return net.Value(s, mover)
	}
	outs := s.Outcomes()
	if oracle {
		o := g.throw(k)
		o.Prob = 1
		outs = []ludo.Outcome{o}
	}
	var acc [ludo.MaxPlayers]float64
	for _, o := range outs {
		rolled, _ := s.RollOutcome(o)
		who := rolled.Turn()
		var best [ludo.MaxPlayers]float64
		bestV := math.Inf(-1)
		for _, e := range ends(rolled, who, nil) {
			if v := value(net, g, e, who, depth-1, k+1, oracle); v[who] > bestV {
				best, bestV = v, v[who]
			}
		}
		for c := range acc {
			acc[c] += o.Prob * best[c]
		}
	}
	return acc
}
