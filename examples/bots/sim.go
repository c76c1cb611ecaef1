package bots

import (
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/ludorules/ludo"
)

// Play plays the game from s to its end, each colour's moves chosen by
// players[colour], with dice from dice, and returns the final position
// and the number of plies played (a ply is one roll and the move or pass
// made with it). It returns an error if a bot chooses a move that is not
// legal.
func Play(s ludo.State, players [ludo.MaxPlayers]Bot, dice ludo.Dice) (ludo.State, int, error) {
	var buf [ludo.MaxTokens]ludo.Move
	plies := 0
	for s.Phase() != ludo.PhaseOver {
		rolled, err := s.Roll(dice.Roll())
		if err != nil {
			return s, plies, err
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
		s = next
		plies++
	}
	return s, plies, nil
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

// Parallel calls play(i) for i from 0 to n-1 on workers goroutines
// (GOMAXPROCS if workers < 1) and returns the results in order of i. As
// long as play(i) depends only on i (derive its randomness from
// [GameSeed]), the result is the same whatever the number of workers.
// done, if not nil, is called after each game with the number of games
// finished so far, from one goroutine at a time.
func Parallel[T any](n, workers int, play func(i int) T, done func(finished int)) []T {
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
