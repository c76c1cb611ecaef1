// Package tournament plays bots (package bots) against each other in
// every seat order and sums up how they did: each bot's win rate with a
// 95% Wilson score interval, its mean place, the wins by seat and the mean
// game length, as the table cmd/ludo-tournament prints.
//
// Games cycle through every distinct order of the lineup round the table
// ([SeatOrders]), so that no bot keeps the advantage of rolling first;
// the number of games is rounded up to a whole number of cycles. Game i's
// dice and bots are seeded from (seed, i) alone ([bots.GameSeed]), so a
// series gives the same [Summary] (but for its Elapsed and Workers) on any
// number of workers.
//
// A bot's win rate is the share of its seats that took first place; a bot
// that sits k times in the lineup has k seats per game, and parity is
// 1/players. Where a bot sits more than once its seats in one game are not
// independent, so its interval is only indicative; the share of the games
// that any of its seats won ([BotResult.GameRate]), with its interval over
// the games, is the figure to quote then (the two seats of a bot against
// two others, as published Ludo agents are often measured).
//
// # Stability
//
// A series may be cut into shards ([Tournament.RunShard]), played apart
// (as separate processes, on separate machines), whose summaries
// [Merge] into exactly the summary of the whole series.
//
// The package is pre-v1: its API may still change. What is meant to
// stay: that a series is reproducible from its [Config] whatever the
// number of workers and shards, the seat rotation (every distinct order
// equally often), the Wilson interval at 95%, and the figures a
// [Summary] holds.
// The layout of [Summary.WriteTo]'s table is for people and may change.
package tournament

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"runtime"
	"slices"
	"strings"
	"sync/atomic"
	"time"

	"github.com/ludorules/ludo"
	"github.com/ludorules/ludo/bots"
	"github.com/ludorules/ludo/internal/echo"
)

// MaxGames is the most games a series may have: at the speed of random
// bots on two cores, several minutes of play.
const MaxGames = 10_000_000

// Config says what to play.
type Config struct {
	// Rules are the rules of every game; Rules.Players is the number of
	// seats, or under Teams:TwoColorsEach (rule T3) twice it: a seat is a
	// player running two colours.
	Rules ludo.Rules
	// Lineup names one bot for each seat, Rules.Players names in all, as
	// [bots.LookupIn] knows them with Bots: no seat is filled unasked
	// (name "random" for a random player). Names are trimmed and
	// lower-cased.
	Lineup []string
	// Games is the number of games, 1 to MaxGames, rounded up to a whole
	// number of seat-order cycles.
	Games int
	// Seed is the seed of the series: game i is seeded from (Seed, i).
	Seed uint64
	// MaxPlies is each game's ply limit (see [bots.Play]); 0 means
	// [bots.DefaultMaxPlies]. A game that reaches it is counted as
	// unfinished and left out of the bots' results.
	MaxPlies int
	// Bots holds bots of your own by name, beside the shipped ones
	// ([bots.Names]); a name here hides a shipped one.
	Bots map[string]bots.Factory
}

// ErrConfig is matched by the error of [New] for a lineup that does not
// fit the table, or a number of games or a ply limit out of range. An
// unknown bot's error matches [bots.ErrUnknownBot], and invalid rules'
// [ludo.ErrInvalidRules].
var ErrConfig = errors.New("tournament: bad config")

// configError is an error matching ErrConfig, with its own text.
type configError struct{ msg string }

func (e *configError) Error() string        { return e.msg }
func (e *configError) Is(target error) bool { return target == ErrConfig }

func configErrorf(format string, a ...any) error {
	return &configError{fmt.Sprintf(format, a...)}
}

// Tournament is a series of games ready to play: its lineup checked and
// its seat orders counted.
type Tournament struct {
	rules     ludo.Rules
	start     ludo.State
	seats     []ludo.Color
	lineup    []string
	factories []bots.Factory
	orders    [][]int
	games     int
	seed      uint64
	maxPlies  int
}

// New checks cfg and returns the series it describes. It reports a
// lineup longer than any table ([ludo.MaxPlayers]) first, then unknown
// bot names (each once) or a bot of Config.Bots with a nil Factory, then
// invalid rules (the number of players
// included), a lineup that does not have one bot for each seat, and a
// number of games or a ply limit out of range.
func New(cfg Config) (*Tournament, error) {
	if len(cfg.Lineup) > ludo.MaxPlayers {
		return nil, configErrorf("%d bots: at most %d players play", len(cfg.Lineup), ludo.MaxPlayers)
	}
	lineup := make([]string, len(cfg.Lineup))
	factories := make([]bots.Factory, len(cfg.Lineup))
	var unknown []error
	for j, name := range cfg.Lineup {
		lineup[j] = strings.ToLower(strings.TrimSpace(name))
		f, err := bots.LookupIn(cfg.Bots, lineup[j])
		if err != nil {
			if !slices.Contains(lineup[:j], lineup[j]) {
				unknown = append(unknown, err)
			}
			continue
		}
		if f == nil {
			return nil, configErrorf("bot %s: Config.Bots gives it a nil Factory", echo.Quote(cfg.Lineup[j]))
		}
		factories[j] = f
	}
	if len(unknown) > 0 {
		err := unknown[0]
		for _, e := range unknown[1:] {
			err = fmt.Errorf("%w; %w", err, e)
		}
		return nil, err
	}
	start, err := ludo.New(cfg.Rules)
	if err != nil {
		return nil, err
	}
	two := cfg.Rules.Teams == ludo.TwoColorsEach // rule T3: a player, and so a seat, runs two colours
	p := cfg.Rules.Players
	if two {
		p /= 2
	}
	switch n := len(lineup); {
	case n > p:
		return nil, configErrorf("%d bots for %d players: want one bot for each seat", n, p)
	case n < p && (n < 2 || two):
		return nil, configErrorf("%d bots for %d players: name a bot for each seat (%q for a random player)", n, p, "random")
	case n < p:
		return nil, configErrorf("%d bots for %d players: name a bot for each seat (%q for a random player), or set Rules.Players to %d", n, p, "random", n)
	}
	if cfg.Games < 1 || cfg.Games > MaxGames {
		return nil, configErrorf("%d games, want 1 to %d", cfg.Games, MaxGames)
	}
	if cfg.MaxPlies < 0 {
		return nil, configErrorf("ply limit %d, want at least 1 (or 0 for the default)", cfg.MaxPlies)
	}
	if cfg.MaxPlies == 0 {
		cfg.MaxPlies = bots.DefaultMaxPlies
	}
	t := &Tournament{rules: cfg.Rules, start: start, lineup: lineup, factories: factories,
		orders: SeatOrders(lineup), seed: cfg.Seed, maxPlies: cfg.MaxPlies}
	for c := range start.Players().All() {
		if two && slices.ContainsFunc(t.seats, func(o ludo.Color) bool { return start.Team(c).Has(o) }) {
			continue // rule T3: the colour is that of a player seated already
		}
		t.seats = append(t.seats, c)
	}
	t.games = (cfg.Games + len(t.orders) - 1) / len(t.orders) * len(t.orders)
	return t, nil
}

// Games returns the number of games the series plays: Config.Games
// rounded up to a whole number of seat-order cycles.
func (t *Tournament) Games() int { return t.games }

// Lineup returns the bots' names, one per seat, trimmed and lower-cased.
func (t *Tournament) Lineup() []string { return slices.Clone(t.lineup) }

// Orders returns the number of distinct seat orders the games cycle
// through.
func (t *Tournament) Orders() int { return len(t.orders) }

// Game is what one game of a series left.
type Game struct {
	// Places holds each lineup entry's place (1 for the winner), in
	// lineup order; 0 for a player unplaced when the game stopped.
	Places []int
	// Winner is the winning seat (0 for the first to roll), or -1.
	Winner int
	// Plies is the number of plies played.
	Plies int
	// Unfinished reports whether the game stopped at the ply limit.
	Unfinished bool
	// Err is why the game could not be played (a bot chose an illegal
	// move), or nil.
	Err error
}

// Game plays game i of the series (0 to Games()-1): the seat order
// i mod Orders(), dice and bots seeded from (seed, i). For an i outside
// the series it plays nothing and says so in the Game's Err.
func (t *Tournament) Game(i int) Game {
	if i < 0 || i >= t.games {
		return Game{Places: make([]int, len(t.lineup)), Winner: -1,
			Err: fmt.Errorf("tournament: no game %d in a series of %d (0 to %d)", i, t.games, t.games-1)}
	}
	gs := bots.GameSeed(t.seed, i)
	order := t.orders[i%len(t.orders)] // order[k]: the lineup entry in seat k
	var table [ludo.MaxPlayers]bots.Bot
	for k, c := range t.seats {
		b := t.factories[order[k]](bots.GameSeed(gs, k+1))
		table[c] = b
		if t.rules.Teams == ludo.TwoColorsEach { // rule T3: the player moves both its colours
			for o := range t.start.Team(c).All() {
				table[o] = b
			}
		}
	}
	end, plies, err := bots.Play(t.start, table, ludo.SeededDice(gs), t.maxPlies)
	g := Game{Places: make([]int, len(t.lineup)), Winner: -1, Plies: plies}
	switch {
	case errors.Is(err, bots.ErrPlyLimit):
		g.Unfinished = true
	case err != nil:
		g.Err = err
	}
	for k, c := range t.seats {
		g.Places[order[k]] = end.Place(c)
		if end.Place(c) == 1 {
			g.Winner = k
		}
	}
	return g
}

// Run plays the series on workers goroutines (GOMAXPROCS if workers < 1)
// and sums it up. done, if not nil, is called after each game with the
// number of games finished so far, from one goroutine at a time. The
// error is that of the first game (in order) that could not be played.
func (t *Tournament) Run(workers int, done func(finished int)) (Summary, error) {
	return t.run(0, t.games, workers, done)
}

// ErrShard is matched by the error of [Tournament.RunShard] for a shard
// that is not one of the series, and of [Merge] for summaries that are
// not the shards of one series.
var ErrShard = errors.New("tournament: bad shard")

// RunShard plays shard i of n of the series (i from 0 to n-1): the games
// from i×Games()/n up to (i+1)×Games()/n, each seeded as in the whole
// series, and sums them up as [Tournament.Run] does, the shard recorded
// in the Summary. The n summaries, from as many processes or machines,
// [Merge] into the Summary that Run gives (but for Elapsed and Workers).
// n is at most Games(), so that no shard is empty.
func (t *Tournament) RunShard(i, n, workers int, done func(finished int)) (Summary, error) {
	if n < 1 || n > t.games || i < 0 || i >= n {
		return Summary{}, fmt.Errorf("%w: shard %d/%d of a series of %d games (want 0 to n-1 of n, n from 1 to the games)", ErrShard, i, n, t.games)
	}
	sum, err := t.run(i*t.games/n, (i+1)*t.games/n, workers, done)
	if n > 1 {
		sum.Shard, sum.Shards = i, n
	}
	return sum, err
}

// run plays games lo to hi-1 of the series.
func (t *Tournament) run(lo, hi, workers int, done func(finished int)) (Summary, error) {
	if workers < 1 {
		workers = runtime.GOMAXPROCS(0)
	}
	sum := Summary{Rules: t.rules, Lineup: t.Lineup(), Orders: len(t.orders), Games: hi - lo,
		MaxPlies: t.maxPlies, Workers: workers, Seats: slices.Clone(t.seats), WinsBySeat: make([]int, len(t.seats))}
	index := map[string]int{}
	for _, name := range t.lineup {
		if _, ok := index[name]; !ok {
			index[name] = len(sum.Bots)
			sum.Bots = append(sum.Bots, BotResult{Name: name})
		}
	}
	// Once a game fails, the games after it are not played: the error
	// reported is the first in order whatever the number of workers.
	var failed atomic.Int64
	failed.Store(math.MaxInt64)
	var err error
	begin := time.Now()
	bots.ParallelEach(hi-lo, workers, func(k int) Game {
		i := lo + k
		if int64(i) > failed.Load() {
			return Game{}
		}
		g := t.Game(i)
		if g.Err != nil {
			for f := failed.Load(); int64(i) < f && !failed.CompareAndSwap(f, int64(i)); f = failed.Load() {
			}
		}
		return g
	}, func(k int, g Game) {
		i := lo + k
		if err != nil || int64(i) > failed.Load() {
			return
		}
		if g.Err != nil {
			err = fmt.Errorf("game %d: %w", i, g.Err)
			return
		}
		sum.Plies += g.Plies
		if g.Unfinished {
			sum.Unfinished++
			return
		}
		order := t.orders[i%len(t.orders)] // order[k]: the lineup entry in seat k
		for k := range t.seats {
			if g.Places[order[k]] == 1 { // with partners (rule T1) both seats of the winning side
				sum.WinsBySeat[k]++
			}
		}
		var won [ludo.MaxPlayers]bool // by index: a seat of the bot won this game
		for j, p := range g.Places {
			b := &sum.Bots[index[t.lineup[j]]]
			b.Seats++
			b.Places += p
			if p == 1 {
				b.Wins++
				won[index[t.lineup[j]]] = true
			}
		}
		for k := range sum.Bots {
			sum.Bots[k].Games++
			if won[k] {
				sum.Bots[k].GamesWon++
			}
		}
	}, done)
	sum.Elapsed = time.Since(begin)
	if err != nil {
		return Summary{}, err
	}
	return sum, nil
}

// Summary is the outcome of a series.
type Summary struct {
	Rules      ludo.Rules    // the rules of every game
	Lineup     []string      // one bot per seat
	Orders     int           // the number of distinct seat orders
	Games      int           // the games played, unfinished ones included
	Unfinished int           // the games stopped at the ply limit, left out of Bots and WinsBySeat
	MaxPlies   int           // the ply limit
	Plies      int           // the plies of all games
	Elapsed    time.Duration // the time the games took
	Workers    int           // the games played at once
	Bots       []BotResult   // one per distinct name, in lineup order
	Seats      []ludo.Color  // the seated colours, the first to roll first (rule T3: the first of each player's two)
	WinsBySeat []int         // the finished games won from each seat, whoever sat there; with partners (rule T1) both seats of the winning side win, so that the rates add up to 200%
	Shard      int           // with Shards, the shard of the series this summary sums up (0 to Shards-1)
	Shards     int           // the number of shards the series was cut into, or 0 for a whole series
}

// Merge sums up the summaries of the shards of one series
// ([Tournament.RunShard]), each once and in any order, into the summary
// of the whole series: the one [Tournament.Run] gives, Elapsed being the
// longest shard's and Workers the sum of theirs. Summaries that are not
// all the shards of one series (the same rules, lineup, seat orders and
// ply limit, every shard once) return an error matching [ErrShard].
func Merge(parts []Summary) (Summary, error) {
	if len(parts) == 0 {
		return Summary{}, fmt.Errorf("%w: no summaries to merge", ErrShard)
	}
	n := parts[0].Shards
	if n == 0 && len(parts) == 1 {
		return parts[0], nil
	}
	if n != len(parts) {
		return Summary{}, fmt.Errorf("%w: %d summaries of a series cut into %d shards", ErrShard, len(parts), n)
	}
	sorted := slices.Clone(parts)
	slices.SortFunc(sorted, func(a, b Summary) int { return a.Shard - b.Shard })
	out := sorted[0]
	out.Lineup, out.Seats = slices.Clone(out.Lineup), slices.Clone(out.Seats)
	out.Bots, out.WinsBySeat = slices.Clone(out.Bots), slices.Clone(out.WinsBySeat)
	for k, p := range sorted {
		if p.Shards != n || p.Shard != k {
			return Summary{}, fmt.Errorf("%w: want shards 0 to %d of %d once each, have shard %d of %d", ErrShard, n-1, n, p.Shard, p.Shards)
		}
		if p.Rules != out.Rules || !slices.Equal(p.Lineup, out.Lineup) || p.Orders != out.Orders || p.MaxPlies != out.MaxPlies ||
			!slices.Equal(p.Seats, out.Seats) || len(p.Bots) != len(out.Bots) || len(p.WinsBySeat) != len(out.WinsBySeat) {
			return Summary{}, fmt.Errorf("%w: shard %d is of another series (%v, lineup %s)", ErrShard, k, p.Rules, strings.Join(p.Lineup, ","))
		}
		if k == 0 {
			continue
		}
		out.Games += p.Games
		out.Unfinished += p.Unfinished
		out.Plies += p.Plies
		out.Elapsed = max(out.Elapsed, p.Elapsed)
		out.Workers += p.Workers
		for j, b := range p.Bots {
			if b.Name != out.Bots[j].Name {
				return Summary{}, fmt.Errorf("%w: shard %d is of another series (bots %s)", ErrShard, k, b.Name)
			}
			out.Bots[j].Seats += b.Seats
			out.Bots[j].Wins += b.Wins
			out.Bots[j].Places += b.Places
			out.Bots[j].Games += b.Games
			out.Bots[j].GamesWon += b.GamesWon
		}
		for j, w := range p.WinsBySeat {
			out.WinsBySeat[j] += w
		}
	}
	out.Shard, out.Shards = 0, 0
	return out, nil
}

// BotResult is a bot's record over the finished games of a series.
type BotResult struct {
	Name     string // the bot's name, as in the lineup
	Seats    int    // seats taken: finished games × the times the bot sits in the lineup
	Wins     int    // seats that took first place
	Places   int    // the sum of the places taken
	Games    int    // the finished games it sat in: all of them
	GamesWon int    // the finished games that one of its seats or more won: Wins, but for a game two of its seats won together (partners, rule T1)
}

// WinRate returns the share of the bot's seats that won, 0 for none.
func (b BotResult) WinRate() float64 {
	if b.Seats == 0 {
		return 0
	}
	return float64(b.Wins) / float64(b.Seats)
}

// Interval returns the 95% Wilson score interval of the win rate.
func (b BotResult) Interval() (lo, hi float64) { return Wilson(b.Wins, b.Seats) }

// GameRate returns the share of the games that one of the bot's seats
// won, 0 for no games: its win rate times the seats it takes in a game
// where no two of them win together (no partners, rule T1).
func (b BotResult) GameRate() float64 {
	if b.Games == 0 {
		return 0
	}
	return float64(b.GamesWon) / float64(b.Games)
}

// GameInterval returns the 95% Wilson score interval of [BotResult.GameRate],
// over the games: unlike [BotResult.Interval], a true interval where the
// bot sits more than once.
func (b BotResult) GameInterval() (lo, hi float64) { return Wilson(b.GamesWon, b.Games) }

// MeanPlace returns the mean place the bot took, 0 for no seats.
func (b BotResult) MeanPlace() float64 {
	if b.Seats == 0 {
		return 0
	}
	return float64(b.Places) / float64(b.Seats)
}

// WriteTo writes the summary as a table for people:
//
//	classic{Players:2}, 2 players, lineup heuristic,random: 52 games (2 seat orders)
//
//	bot           seats    win %  95% CI (Wilson)   mean place
//	heuristic        52   82.69%  [70.27%, 90.62%]       1.173
//	random           52   17.31%  [ 9.38%, 29.73%]       1.827
//
//	wins by seat: red 51.92% yellow 48.08% (red rolls first)
//	parity 50.00%; mean game length 176.6 plies; 7438347 plies/s (2 workers, 0.0 s)
//
// with, where a bot sits more than once, a line of the games each such
// bot's seats won together ([BotResult.GameRate]) below the table, as
// for danish{Tries:1} and the lineup heuristic,heuristic,random,random:
//
//	games won by a bot's seats together: heuristic 91.82% [89.96%, 93.36%], random 8.18% [6.64%, 10.04%]
//
// and a last line with the number of unfinished games, if any.
func (s Summary) WriteTo(w io.Writer) (int64, error) {
	var b bytes.Buffer
	players := s.Rules.Players
	if len(s.Seats) > 0 {
		players = len(s.Seats) // under rule T3 half the colours
	}
	seat := func(c ludo.Color) string { return c.String() }
	if start, err := ludo.New(s.Rules); err == nil && s.Rules.Teams == ludo.TwoColorsEach {
		seat = func(c ludo.Color) string { // rule T3: the player's colours, as red+yellow
			var names []string
			for o := range start.Team(c).All() {
				names = append(names, o.String())
			}
			return strings.Join(names, "+")
		}
	}
	shard := ""
	if s.Shards > 0 {
		shard = fmt.Sprintf(", shard %d of %d", s.Shard, s.Shards)
	}
	fmt.Fprintf(&b, "%v, %d players, lineup %s: %d games (%d seat orders)%s\n\n",
		s.Rules, players, strings.Join(s.Lineup, ","), s.Games, s.Orders, shard)
	fmt.Fprintf(&b, "%-12s %6s %8s  %-17s %10s\n", "bot", "seats", "win %", "95% CI (Wilson)", "mean place")
	for _, r := range s.Bots {
		lo, hi := r.Interval()
		fmt.Fprintf(&b, "%-12s %6d %7.2f%%  [%5.2f%%, %5.2f%%]  %10.3f\n", r.Name, r.Seats,
			100*r.WinRate(), 100*lo, 100*hi, r.MeanPlace())
	}
	sep := "\ngames won by a bot's seats together:"
	for _, r := range s.Bots {
		if r.Seats > r.Games && r.Games > 0 {
			lo, hi := r.GameInterval()
			fmt.Fprintf(&b, "%s %s %.2f%% [%.2f%%, %.2f%%]", sep, r.Name, 100*r.GameRate(), 100*lo, 100*hi)
			sep = ","
		}
	}
	if sep == "," {
		fmt.Fprintln(&b)
	}
	finished := max(s.Games-s.Unfinished, 1)
	fmt.Fprintf(&b, "\nwins by seat:")
	for k, c := range s.Seats {
		fmt.Fprintf(&b, " %s %.2f%%", seat(c), 100*float64(s.WinsBySeat[k])/float64(finished))
	}
	if len(s.Seats) > 0 {
		fmt.Fprintf(&b, " (%v rolls first)", s.Seats[0])
	}
	fmt.Fprintln(&b)
	sides := players
	if s.Rules.Teams == ludo.Partners || s.Rules.Teams == ludo.PartnersPlayOn {
		sides = players / 2 // rule T1: a seat wins with its partner
	}
	fmt.Fprintf(&b, "parity %.2f%%; mean game length %.1f plies; %.0f plies/s (%d workers, %.1f s)\n",
		100/float64(max(sides, 1)), float64(s.Plies)/float64(max(s.Games, 1)),
		float64(s.Plies)/s.Elapsed.Seconds(), s.Workers, s.Elapsed.Seconds())
	if s.Unfinished > 0 {
		fmt.Fprintf(&b, "%d of %d games unfinished at the ply limit of %d, left out of the results above\n",
			s.Unfinished, s.Games, s.MaxPlies)
	}
	return b.WriteTo(w)
}

// SeatOrders returns every distinct order of the lineup round the table:
// order[k] is the lineup index seated k-th. Alike bots are not told
// apart, so three random bots and one other give four orders, not 24.
// The orders come in a fixed order (lexicographic in lineup indexes, the
// first of alike orders kept), so that game i always has the same one.
func SeatOrders(lineup []string) [][]int {
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
			key := strings.Join(names, "\x00")
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

// Wilson returns the Wilson score interval at 95% (z = 1.96) for k
// successes in n trials; [0, 1] for no trials.
func Wilson(k, n int) (lo, hi float64) {
	if n <= 0 {
		return 0, 1
	}
	const z = 1.96
	p, fn := float64(k)/float64(n), float64(n)
	d := 1 + z*z/fn
	c := (p + z*z/(2*fn)) / d
	h := z * math.Sqrt(p*(1-p)/fn+z*z/(4*fn*fn)) / d
	return max(c-h, 0), min(c+h, 1)
}
