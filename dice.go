package ludo

import (
	"errors"
	"math/bits"
	"math/rand/v2"
	"strconv"
	"strings"
)

// ErrBadFace is matched by the error [State.Roll] returns for a die face
// outside 1 to 6.
var ErrBadFace = errors.New("ludo: die face out of range")

// Faces is a set of die faces, as a bit set: face f is in the set when bit
// f is. It names the rolls that enter a token or earn a bonus roll.
type Faces uint8

const allFaces Faces = 0b1111110

// FacesOf returns the set of the given faces; faces outside 1 to 6 are
// left out.
func FacesOf(faces ...int) Faces {
	var s Faces
	for _, f := range faces {
		if f >= 1 && f <= 6 {
			s |= 1 << f
		}
	}
	return s
}

// Has reports whether face f is in the set.
func (s Faces) Has(f int) bool { return f >= 1 && f <= 6 && s.has(uint8(f)) }

// has reports whether die face f, 0 to 6, is in the set: Has for a face
// known to be one (0 is in no set), with a shift the compiler need not
// guard.
func (s Faces) has(f uint8) bool { return s>>(f&7)&1 != 0 }

// Len returns the number of faces in the set.
func (s Faces) Len() int { return bits.OnesCount8(uint8(s & allFaces)) }

// String lists the set, as "{1 6}".
func (s Faces) String() string {
	var b strings.Builder
	b.WriteByte('{')
	for f := 1; f <= 6; f++ {
		if s.Has(f) {
			if b.Len() > 1 {
				b.WriteByte(' ')
			}
			b.WriteString(strconv.Itoa(f))
		}
	}
	b.WriteByte('}')
	return b.String()
}

// Outcome is one result of a chance event, with its probability.
type Outcome struct {
	Face int     // the die face, 1 to 6
	Prob float64 // its probability
}

// Outcomes returns the six faces of a fair die with their probabilities,
// for search code that treats the die as a chance node: apply
// [State.Roll] with each face and weigh the results by Prob.
func Outcomes() [6]Outcome {
	var o [6]Outcome
	for i := range o {
		o[i] = Outcome{Face: i + 1, Prob: 1.0 / 6}
	}
	return o
}

// Dice rolls a fair die with randomness drawn from a [rand.Source], so that
// a game played with a seeded source can be played again exactly. Build it
// with [NewDice] or [SeededDice].
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
// The zero Dice (and NewDice(nil)) has no source: its Roll returns 0,
// which [State.Roll] refuses with [ErrBadFace].
//
// A Dice is not safe for concurrent use, as its source is not; give each
// goroutine its own.
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

// Roll returns a face from 1 to 6; or 0, which no [State] accepts, for
// dice with no source.
func (d Dice) Roll() int {
	if d.src == nil {
		return 0
	}
	hi, lo := bits.Mul64(d.src.Uint64(), 6)
	for n := 1; lo < 4 && n < maxDraws; n++ { // 4 == 2⁶⁴ mod 6: below it the product is biased
		hi, lo = bits.Mul64(d.src.Uint64(), 6)
	}
	return int(hi) + 1
}
