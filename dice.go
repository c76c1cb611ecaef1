package ludo

import (
	"errors"
	"iter"
	"math/bits"
	"math/rand/v2"
	"strconv"
)

// This file holds the chance model: the faces a throw can show, with
// their probabilities, as data of the ruleset (chance); the sets of faces
// the options name (Faces); the chance node for search (Outcomes); and
// dice that draw from a seeded source (Dice).

// ErrBadFace is matched by the error [State.Roll] returns for a face the
// rules' throw cannot show (a die's 0 or 7).
var ErrBadFace = errors.New("ludo: die face out of range")

// MaxFace is the highest face a throw can show: a set of [Faces] holds
// the faces 1 to MaxFace.
const MaxFace = 63

// Faces is a set of faces a throw can show, as a bit set: face f is in the
// set when bit f is. It names the rolls that enter a token or earn a
// bonus roll.
type Faces uint64

// FacesOf returns the set of the given faces; values outside 1 to
// [MaxFace] are left out.
func FacesOf(faces ...int) Faces {
	var s Faces
	for _, f := range faces {
		if f >= 1 && f <= MaxFace {
			s |= 1 << f
		}
	}
	return s
}

// Has reports whether face f is in the set.
func (s Faces) Has(f int) bool { return uint(f-1) < MaxFace && s.has(uint8(f)) }

// has reports whether face f, 0 to MaxFace, is in the set: Has for a
// face known to be one (0 is in no set), with a shift the compiler need
// not guard.
func (s Faces) has(f uint8) bool { return s>>(f&MaxFace)&1 != 0 }

// Len returns the number of faces in the set.
func (s Faces) Len() int { return bits.OnesCount64(uint64(s &^ 1)) }

// All yields the faces in the set, lowest first.
func (s Faces) All() iter.Seq[int] {
	return func(yield func(int) bool) {
		for x := s &^ 1; x != 0; x &= x - 1 {
			if !yield(bits.TrailingZeros64(uint64(x))) {
				return
			}
		}
	}
}

// String lists the set, as "{1 6}".
func (s Faces) String() string { return setString(s.All(), strconv.Itoa) }

// chance is a chance model, as data: the faces one throw can show, each
// with its weight out of a total, as the equally likely draws that show
// each face (pick). Every ruleset so far throws one fair die (oneDie);
// the data says as well a lot of six cowries (faces 2, 3, 4, 5, 6, 10 and
// 25 with weights 15, 20, 15, 6, 1, 6 and 1 out of 64) or dice of any
// faces.
type chance struct {
	faces Faces
	total uint64               // the number of equally likely draws, 1 to maxDraw
	cut   uint64               // 2⁶⁴ mod total: a product whose low half falls below it is biased (draw)
	pick  [maxDraw]uint8       // pick[k] is the face draw k shows
	outs  [MaxOutcomes]Outcome // the faces with their probabilities, lowest face first
	n     int                  // the number of faces
}

// MaxOutcomes is the most faces a throw can show: a buffer of this
// capacity lets [State.AppendOutcomes] append without allocating.
const MaxOutcomes = 8

// maxDraw is the most equally likely draws a throw can be made of.
const maxDraw = 64

// newChance returns the chance model of a throw that shows faces[i] with
// probability weights[i] over their sum. The faces must be 1 to MaxFace,
// at most MaxOutcomes of them, and the weights sum to at most maxDraw; it
// panics otherwise (the models are the package's own data).
func newChance(faces []int, weights []int) *chance {
	ch := &chance{n: len(faces)}
	if len(faces) > MaxOutcomes || len(weights) != len(faces) {
		panic("ludo: bad chance model")
	}
	for i, f := range faces {
		if f < 1 || f > MaxFace || ch.faces.Has(f) || weights[i] < 1 || int(ch.total)+weights[i] > maxDraw {
			panic("ludo: bad chance model")
		}
		ch.faces |= 1 << f
		for range weights[i] {
			ch.pick[ch.total] = uint8(f)
			ch.total++
		}
	}
	ch.cut = -ch.total % ch.total
	k := 0
	for f := range ch.faces.All() {
		w := 0
		for _, p := range ch.pick[:ch.total] {
			if int(p) == f {
				w++
			}
		}
		ch.outs[k] = Outcome{Face: f, Prob: float64(w) / float64(ch.total)}
		k++
	}
	return ch
}

// oneDie is the chance model of one fair six-sided die.
var oneDie = *newChance([]int{1, 2, 3, 4, 5, 6}, []int{1, 1, 1, 1, 1, 1})

// top returns the highest face a throw can show.
func (ch *chance) top() int { return bits.Len64(uint64(ch.faces)) - 1 }

// outcomes returns the faces with their probabilities, lowest face first.
func (ch *chance) outcomes() []Outcome { return ch.outs[:ch.n] }

// draw returns a face drawn from src with the model's probabilities,
// exactly: the face of draw ⌊total·x / 2⁶⁴⌋ for a value x of src, where
// the low half of the product total·x is at least 2⁶⁴ mod total (below
// it the draw is biased, and it draws x again, at most maxDraws times in
// all).
func (ch *chance) draw(src rand.Source) int {
	if src == nil {
		src = runtimeSource{}
	}
	hi, lo := bits.Mul64(src.Uint64(), ch.total)
	for n := 1; lo < ch.cut && n < maxDraws; n++ {
		hi, lo = bits.Mul64(src.Uint64(), ch.total)
	}
	return int(ch.pick[hi%maxDraw])
}

// Outcome is one result of a throw, with its probability.
type Outcome struct {
	Face int     // the face thrown, one the rules' throw can show
	Prob float64 // its probability
}

// Outcomes returns the faces the rules' throw can show, lowest first,
// with their probabilities, for search code that treats the throw as a
// chance node: apply [State.Roll] with each face and weigh the results by
// Prob. Every ruleset so far throws one fair six-sided die. It returns a
// new slice; [State.AppendOutcomes] appends to one of the caller's.
func (s State) Outcomes() []Outcome { return s.AppendOutcomes(nil) }

// AppendOutcomes appends the outcomes of [State.Outcomes] to dst and
// returns the extended slice. It allocates nothing when dst has room for
// them (at most [MaxOutcomes]). The zero State throws nothing.
func (s State) AppendOutcomes(dst []Outcome) []Outcome {
	if s.rs == nil {
		return dst
	}
	return append(dst, s.rs.chance.outcomes()...)
}

// Dice rolls a fair six-sided die with randomness drawn from a
// [rand.Source], so that a game played with a seeded source can be
// played again exactly. Build it with [NewDice] or [SeededDice].
//
// How much randomness a roll consumes is part of the API, frozen by a
// golden test: each roll draws one Uint64 x from the source and returns
// 1 + ⌊6x / 2⁶⁴⌋, unless the low half of the 128-bit product 6x is below
// 4 (probability 2⁻⁶²), when it draws again. The faces are exactly
// uniform. A roll draws at most four values: a source that gives
// such a value every time (a broken one, as one that always returns 0)
// gets the face of its last draw rather than a roll that never ends. A
// fair source draws four such values in a row with probability 2⁻²⁴⁸.
//
// The zero Dice (and NewDice(nil)) rolls with the random numbers of
// package math/rand/v2's top-level functions, which the runtime seeds:
// fair, but not to be played again. It is safe for concurrent use; a
// Dice with a source is not, as its source is not: give each goroutine
// its own.
type Dice struct {
	src rand.Source
}

// maxDraws is the most values [Dice.Roll] draws from its source for one
// roll.
const maxDraws = 4

// NewDice returns dice that draw from src; with a nil src, the zero Dice.
func NewDice(src rand.Source) Dice { return Dice{src: src} }

// SeededDice returns dice drawing from a PCG source seeded with
// (seed, seed), the seeding the examples and the golden test use.
func SeededDice(seed uint64) Dice { return NewDice(rand.NewPCG(seed, seed)) }

// Roll returns a face from 1 to 6.
func (d Dice) Roll() int { return oneDie.draw(d.src) }

// runtimeSource is the source of the zero Dice: the runtime's random
// numbers, through math/rand/v2's top-level functions.
type runtimeSource struct{}

// Uint64 returns a random value from the runtime's source.
func (runtimeSource) Uint64() uint64 { return rand.Uint64() }
