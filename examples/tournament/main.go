// Command tournament plays seeded games between bots (package
// bots) in every seat order, across all cores, and prints each
// bot's win rate with a 95% confidence interval, its mean place, the mean
// game length and the speed.
//
//	go run ./examples/tournament -bots heuristic,random,random,random -games 10000
//	go run ./examples/tournament -bots expectimax,heuristic -games 10000
//
// The lineup (-bots) has one bot per player; with -players larger than the
// lineup, random bots fill the other seats. Games cycle through every
// distinct order of the lineup round the table, so that no bot keeps the
// advantage of rolling first; -games is rounded up to a whole number of
// cycles. Game i's dice and bots are seeded from (-seed, i) alone, so the
// results are the same for any -workers.
//
// Also printed: the share of games won from each seat, whoever sat there
// (the first seat rolls first).
//
// A bot's win rate is the share of its seats that took first place; a bot
// that sits k times in the lineup has k seats per game, and parity is
// 1/players. The interval is the Wilson score interval at 95%
// (z = 1.96). Where a bot sits more than once its seats in one game are
// not independent, so its interval is only indicative.
package main

import (
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"runtime"
	"slices"
	"strings"
	"sync/atomic"
	"time"

	"github.com/ludorules/ludo"
	"github.com/ludorules/ludo/bots"
)

func main() {
	lineup := flag.String("bots", "heuristic,random,random,random", "comma-separated bots, one per seat: "+strings.Join(bots.Names(), ", "))
	players := flag.Int("players", 0, "number of players, 2 to 4 (default: the number of bots); random bots fill seats the lineup leaves empty")
	games := flag.Int("games", 1000, "number of games (rounded up to a whole number of seat-order cycles)")
	seed := flag.Uint64("seed", 1, "seed of the series: game i is seeded from (seed, i)")
	workers := flag.Int("workers", runtime.GOMAXPROCS(0), "number of games played at once")
	preset := flag.String("preset", "classic", "rules preset: classic or mongolian")
	quiet := flag.Bool("quiet", false, "no progress bar")
	flag.Parse()
	cfg := config{games: *games, seed: *seed, workers: *workers, preset: *preset, players: *players}
	if *lineup != "" {
		cfg.lineup = strings.Split(*lineup, ",")
	}
	var progress io.Writer = os.Stderr
	if *quiet {
		progress = nil
	}
	if err := run(cfg, os.Stdout, progress); err != nil {
		fmt.Fprintln(os.Stderr, "tournament:", err)
		os.Exit(1)
	}
}

type config struct {
	lineup  []string
	players int
	games   int
	seed    uint64
	workers int
	preset  string
}

// result is what one game left: each lineup index's place, and plies.
type result struct {
	place  []int8 // place[j] of lineup entry j
	winner int    // the winner's seat, 0 for the first to roll
	plies  int
	err    error
}

// stats is a bot's record over the series.
type stats struct {
	name                string
	seats, wins, places int
}

// summary is the outcome of a series.
type summary struct {
	rules   ludo.Rules
	lineup  []string
	orders  int
	games   int
	plies   int
	elapsed time.Duration
	bots    []stats
	seats   []ludo.Color
	winners []int // wins by seat
}

func run(cfg config, out, progress io.Writer) error {
	sum, err := tournament(cfg, progress)
	if err != nil {
		return err
	}
	sum.print(out, cfg.workers)
	return nil
}

func tournament(cfg config, progress io.Writer) (summary, error) {
	rules, ok := ludo.Preset(cfg.preset)
	if !ok {
		return summary{}, fmt.Errorf("unknown preset %q (want classic or mongolian)", cfg.preset)
	}
	lineup := slices.Clone(cfg.lineup)
	if cfg.players == 0 {
		cfg.players = len(lineup)
	}
	if len(lineup) > cfg.players {
		return summary{}, fmt.Errorf("%d bots for %d players", len(lineup), cfg.players)
	}
	for len(lineup) < cfg.players {
		lineup = append(lineup, "random")
	}
	rules.Players = cfg.players
	start, err := ludo.New(rules)
	if err != nil {
		return summary{}, err
	}
	factories := make([]bots.Factory, len(lineup))
	for j, name := range lineup {
		lineup[j] = strings.ToLower(strings.TrimSpace(name))
		if factories[j], err = bots.Lookup(lineup[j]); err != nil {
			return summary{}, err
		}
	}
	if cfg.games < 1 {
		return summary{}, fmt.Errorf("-games is %d, want at least 1", cfg.games)
	}
	orders := seatOrders(lineup)
	n := (cfg.games + len(orders) - 1) / len(orders) * len(orders)
	if n != cfg.games && progress != nil {
		fmt.Fprintf(progress, "playing %d games: %d seat orders\n", n, len(orders))
	}
	var seats []ludo.Color
	for c := range start.Players().All() {
		seats = append(seats, c)
	}

	play := func(i int) result {
		gs := bots.GameSeed(cfg.seed, i)
		order := orders[i%len(orders)] // order[k]: the lineup entry in seat k
		var table [ludo.MaxPlayers]bots.Bot
		for k, c := range seats {
			table[c] = factories[order[k]](bots.GameSeed(gs, k+1))
		}
		end, plies, err := bots.Play(start, table, ludo.SeededDice(gs), bots.DefaultMaxPlies)
		r := result{place: make([]int8, len(lineup)), plies: plies, err: err}
		for k, c := range seats {
			r.place[order[k]] = int8(end.Place(c))
			if end.Place(c) == 1 {
				r.winner = k
			}
		}
		return r
	}

	var finished atomic.Int64
	stop := make(chan struct{})
	bar := make(chan struct{})
	begin := time.Now()
	if progress != nil {
		go func() {
			defer close(bar)
			t := time.NewTicker(250 * time.Millisecond)
			defer t.Stop()
			for {
				select {
				case <-stop:
					drawBar(progress, int(finished.Load()), n, time.Since(begin))
					fmt.Fprintln(progress)
					return
				case <-t.C:
					drawBar(progress, int(finished.Load()), n, time.Since(begin))
				}
			}
		}()
	} else {
		close(bar)
	}
	results := bots.Parallel(n, cfg.workers, play, func(k int) { finished.Store(int64(k)) })
	elapsed := time.Since(begin)
	close(stop)
	<-bar

	sum := summary{rules: rules, lineup: lineup, orders: len(orders), games: n, elapsed: elapsed,
		seats: seats, winners: make([]int, len(seats))}
	index := map[string]int{}
	for _, name := range lineup {
		if _, ok := index[name]; !ok {
			index[name] = len(sum.bots)
			sum.bots = append(sum.bots, stats{name: name})
		}
	}
	for i, r := range results {
		if r.err != nil {
			return summary{}, fmt.Errorf("game %d: %w", i, r.err)
		}
		sum.plies += r.plies
		sum.winners[r.winner]++
		for j, p := range r.place {
			b := &sum.bots[index[lineup[j]]]
			b.seats++
			b.places += int(p)
			if p == 1 {
				b.wins++
			}
		}
	}
	return sum, nil
}

// seatOrders returns every distinct order of the lineup round the table:
// order[k] is the lineup index seated k-th. Alike bots are not told
// apart, so three random bots and one other give four orders, not 24.
func seatOrders(lineup []string) [][]int {
	var orders [][]int
	seen := map[string]bool{}
	perm := make([]int, len(lineup))
	used := make([]bool, len(lineup))
	var rec func(k int)
	rec = func(k int) {
		if k == len(perm) {
			names := make([]string, len(perm))
			for i, j := range perm {
				names[i] = lineup[j]
			}
			key := strings.Join(names, ",")
			if !seen[key] {
				seen[key] = true
				orders = append(orders, slices.Clone(perm))
			}
			return
		}
		for j := range lineup {
			if !used[j] {
				used[j] = true
				perm[k] = j
				rec(k + 1)
				used[j] = false
			}
		}
	}
	rec(0)
	return orders
}

// wilson returns the Wilson score interval at 95% for k successes in n
// trials.
func wilson(k, n int) (lo, hi float64) {
	if n == 0 {
		return 0, 1
	}
	const z = 1.96
	p, fn := float64(k)/float64(n), float64(n)
	d := 1 + z*z/fn
	c := (p + z*z/(2*fn)) / d
	h := z * math.Sqrt(p*(1-p)/fn+z*z/(4*fn*fn)) / d
	return max(c-h, 0), min(c+h, 1)
}

func (s summary) print(w io.Writer, workers int) {
	fmt.Fprintf(w, "%v, %d players, lineup %s: %d games (%d seat orders)\n\n",
		s.rules, s.rules.Players, strings.Join(s.lineup, ","), s.games, s.orders)
	fmt.Fprintf(w, "%-12s %6s %8s  %-17s %10s\n", "bot", "seats", "win %", "95% CI (Wilson)", "mean place")
	for _, b := range s.bots {
		lo, hi := wilson(b.wins, b.seats)
		fmt.Fprintf(w, "%-12s %6d %7.2f%%  [%5.2f%%, %5.2f%%]  %10.3f\n", b.name, b.seats,
			100*float64(b.wins)/float64(b.seats), 100*lo, 100*hi, float64(b.places)/float64(b.seats))
	}
	fmt.Fprintf(w, "\nwins by seat:")
	for k, c := range s.seats {
		fmt.Fprintf(w, " %v %.2f%%", c, 100*float64(s.winners[k])/float64(s.games))
	}
	fmt.Fprintf(w, " (%v rolls first)\n", s.seats[0])
	fmt.Fprintf(w, "parity %.2f%%; mean game length %.1f plies; %.0f plies/s (%d workers, %.1f s)\n",
		100/float64(s.rules.Players), float64(s.plies)/float64(s.games),
		float64(s.plies)/s.elapsed.Seconds(), workers, s.elapsed.Seconds())
}

// drawBar draws the progress bar on one line.
func drawBar(w io.Writer, done, n int, elapsed time.Duration) {
	const width = 30
	fill := width * done / max(n, 1)
	eta := "?"
	if done > 0 {
		eta = (time.Duration(float64(elapsed) * float64(n-done) / float64(done))).Round(time.Second).String()
	}
	fmt.Fprintf(w, "\r[%s%s] %d/%d games, %s elapsed, ETA %s   ",
		strings.Repeat("#", fill), strings.Repeat(".", width-fill), done, n, elapsed.Round(time.Second), eta)
}
