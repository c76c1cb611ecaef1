package bots

import (
	"errors"
	"fmt"
	"reflect"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/ludorules/ludo"
)

// ErrPlyLimit is matched by the error of [Play] for a game that reached
// its ply limit unfinished.
var ErrPlyLimit = errors.New("bots: ply limit reached")

// DefaultMaxPlies is the ply limit the programs built on this package use
// unless told otherwise: a hundred times what a game between the bots
// takes under Classic or Mongolian (the longest of 100,000 random
// four-player games took 870 plies; of 2,000 between four heuristic bots,
// 1,058), thirty times under any preset (the longest of 20,000 random
// games with each preset's players took 3,136 plies, in Cờ cá ngựa; 1,797
// in six-player Mensch ärgere Dich nicht, at most 1,234 in the others),
// and few enough that a game that does not end (rules that undo most
// turns, or bots that keep capturing each other) stops after seconds, not
// never.
const DefaultMaxPlies = 100_000

// Play plays the game from s to its end, each colour's moves chosen by
// players[colour], with dice from dice, and returns the final position
// and the number of plies played (a ply is one roll and the move or pass
// made with it, or a move no roll precedes: a bonus move, rule P8, or the
// other die of a throw of two, rule W1; where s has a move due, that move
// is the first ply's). It throws the dice the rules throw (one die, or two,
// [ludo.Dice.Throw]) only where a roll is due, so a game with bonus moves
// or two dice takes the same faces from dice as its record ([ludo.Record])
// does.
//
// It plays at most maxPlies plies (at least 1; [DefaultMaxPlies] is a
// good limit): a game still going on then is returned as it stands, with
// the plies played and an error matching [ErrPlyLimit]. It returns an
// error too if a bot chooses a move that is not legal (the position is
// then the one with the die cast), if a seated colour has no bot, or if
// s is not a game.
//
// A bot is asked only when it has a choice: a forced move (a pass, or
// the one legal move) is played without calling it. A player that is a
// [Watcher] is told of every move played, forced ones too, once however
// many seats it holds.
func Play(s ludo.State, players [ludo.MaxPlayers]Bot, dice ludo.Dice, maxPlies int) (ludo.State, int, error) {
	if maxPlies < 1 {
		return s, 0, fmt.Errorf("bots: ply limit %d, want at least 1", maxPlies)
	}
	if !s.IsValid() {
		return s, 0, fmt.Errorf("bots: %w", ludo.ErrNoGame)
	}
	for c := range s.Players().All() {
		if players[c] == nil && s.Place(c) == 0 {
			return s, 0, fmt.Errorf("bots: no bot plays %v", c)
		}
	}
	watchers := watchersOf(players)
	var buf [ludo.MaxMoves]ludo.Move
	plies := 0
	for s.Phase() != ludo.PhaseOver {
		if plies == maxPlies {
			return s, plies, fmt.Errorf("%w: the game is unfinished after %d plies", ErrPlyLimit, plies)
		}
		rolled := s
		if s.Phase() == ludo.PhaseRoll {
			var err error
			if rolled, err = s.RollOutcome(dice.Throw(s.Rules())); err != nil {
				return s, plies, err
			}
		}
		moves := rolled.AppendLegalMoves(buf[:0])
		m := moves[0]
		if len(moves) > 1 {
			m = players[rolled.Turn()].Choose(rolled, moves)
		}
		next, err := rolled.Apply(m)
		if err != nil {
			return rolled, plies, fmt.Errorf("%s playing %v: %w", players[rolled.Turn()].Name(), rolled.Turn(), err)
		}
		for _, w := range watchers {
			w.Watch(rolled, moves, m)
		}
		s = next
		plies++
	}
	return s, plies, nil
}

// watchersOf returns the players that are [Watcher]s, each once where
// one sits in more than one seat.
func watchersOf(players [ludo.MaxPlayers]Bot) []Watcher {
	var ws []Watcher
	for _, b := range players {
		w, ok := b.(Watcher)
		if ok && !slices.ContainsFunc(ws, func(x Watcher) bool { return same(x, w) }) {
			ws = append(ws, w)
		}
	}
	return ws
}

// same reports whether a and b are the same bot: equal values of a type
// that can be compared (a pointer, as every bot of this package is).
func same(a, b Watcher) bool {
	ta := reflect.TypeOf(a)
	return ta == reflect.TypeOf(b) && ta.Comparable() && any(a) == any(b)
}

// GameSeed returns the seed of game i of a series seeded with seed: a
// SplitMix64 hash of both, so that each game's dice and bots depend only
// on (seed, i), never on which worker plays it or when.
func GameSeed(seed uint64, i int) uint64 {
	return splitmix(seed ^ splitmix(uint64(i)+0x9e3779b97f4a7c15))
}

func splitmix(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ x>>30) * 0xbf58476d1ce4e5b9
	x = (x ^ x>>27) * 0x94d049bb133111eb
	return x ^ x>>31
}

// Parallel calls play(i) for i from 0 to n-1 (none if n < 1) on workers
// goroutines (GOMAXPROCS if workers < 1) and returns the results in order
// of i. As long as play(i) depends only on i (derive its randomness from
// [GameSeed]), the result is the same whatever the number of workers.
// done, if not nil, is called after each game with the number of games
// finished so far, from one goroutine at a time.
//
// It holds all n results at once; [ParallelEach] holds a few thousand.
func Parallel[T any](n, workers int, play func(i int) T, done func(finished int)) []T {
	n = max(n, 0)
	if workers < 1 {
		workers = runtime.GOMAXPROCS(0)
	}
	out := make([]T, n)
	var next atomic.Int64
	var mu sync.Mutex
	finished := 0
	var wg sync.WaitGroup
	for range min(workers, max(n, 1)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1) - 1)
				if i >= n {
					return
				}
				out[i] = play(i)
				if done != nil {
					mu.Lock()
					finished++
					done(finished)
					mu.Unlock()
				}
			}
		}()
	}
	wg.Wait()
	return out
}

// eachChunk is the number of games [ParallelEach] plays between two
// rounds of handing results on.
const eachChunk = 4096

// ParallelEach is [Parallel] for long series: rather than returning the
// results, it hands each to use(i, result) in order of i, from one
// goroutine at a time, holding at most a few thousand at once. So the
// memory it takes does not grow with n, and sums taken in use are the
// same whatever the number of workers, floating-point sums included.
// done is as for Parallel.
func ParallelEach[T any](n, workers int, play func(i int) T, use func(i int, result T), done func(finished int)) {
	for base := 0; base < n; base += eachChunk {
		k := min(eachChunk, n-base)
		var progress func(int)
		if done != nil {
			progress = func(f int) { done(base + f) }
		}
		results := Parallel(k, workers, func(i int) T { return play(base + i) }, progress)
		for i, r := range results {
			use(base+i, r)
		}
	}
}
