package bots

import (
	"math/rand/v2"

	"github.com/ludorules/ludo"
)

// Random picks a legal move uniformly at random: the baseline, and what
// "parity" means in the tournament tables.
type Random struct {
	rng *rand.Rand
}

// NewRandom returns a random player drawing from a PCG stream seeded with
// seed.
func NewRandom(seed uint64) *Random {
	return &Random{rng: rand.New(rand.NewPCG(seed, 0x72616e646f6d))}
}

// Name returns "random".
func (*Random) Name() string { return "random" }

// Choose returns one of moves, uniformly at random.
func (b *Random) Choose(_ ludo.State, moves []ludo.Move) ludo.Move {
	return moves[b.rng.IntN(len(moves))]
}
