package ludo

import (
	"errors"
	"iter"
	"math"
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

// chance is a chance model, as data: the faces one die (or one throw)
// can show, each with its weight out of a total, as the equally likely
// draws that show each face (pick); and how many such dice are thrown
// together (rule W1). The data says one fair die (oneDie), two
// (twoDice), a lot of six cowries (faces 2, 3, 4, 5, 6, 10 and 25 with
// weights 15, 20, 15, 6, 1, 6 and 1 out of 64) or dice of any faces.
type chance struct {
	faces Faces
	total uint64               // the number of equally likely draws, 1 to maxDraw
	cut   uint64               // 2⁶⁴ mod total: a product whose low half falls below it is biased (draw)
	pick  [maxDraw]uint8       // pick[k] is the face draw k shows
	dice  int                  // the dice thrown together: 1, or 2 (rule W1)
	outs  [MaxOutcomes]Outcome // the throws with their probabilities, lowest first
	n     int                  // the number of outcomes
}

// MaxOutcomes is the most outcomes a throw can have: the 21 unordered
// pairs of two six-sided dice (rule W1). A buffer of this capacity lets
// [State.AppendOutcomes] append without allocating.
const MaxOutcomes = 21

// maxFaces is the most faces one die (or one throw of a lot) can show.
const maxFaces = 8

// maxDraw is the most equally likely draws a throw can be made of.
const maxDraw = 64

// newChance returns the chance model of a die (or a throw) that shows
// faces[i] with probability weights[i] over their sum. The faces must be
// 1 to MaxFace, at most maxFaces of them, and the weights sum to at most
// maxDraw; it panics otherwise (the models are the package's own data).
func newChance(faces []int, weights []int) *chance {
	ch := &chance{n: len(faces), dice: 1}
	if len(faces) > maxFaces || len(weights) != len(faces) {
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
		ch.outs[k] = Outcome{Face: f, Prob: float64(ch.weight(f)) / float64(ch.total)}
		k++
	}
	return ch
}

// weight returns the draws that show face f.
func (ch *chance) weight(f int) int {
	w := 0
	for _, p := range ch.pick[:ch.total] {
		if int(p) == f {
			w++
		}
	}
	return w
}

// pair returns the chance model of two dice of model die thrown together
// (rule W1): the outcomes are the unordered pairs, the lower face first,
// each with the probability of its two orders (one for a double).
func pair(die *chance) *chance {
	ch := *die
	ch.dice, ch.n = 2, 0
	w := float64(die.total * die.total)
	for a := range die.faces.All() {
		for b := range die.faces.All() {
			if b < a {
				continue
			}
			n := die.weight(a) * die.weight(b)
			if a != b {
				n *= 2
			}
			ch.outs[ch.n] = Outcome{Face: a, Second: b, Prob: float64(n) / w}
			ch.n++
		}
	}
	return &ch
}

// oneDie is the chance model of one fair six-sided die, twoDice of two,
// and sixCowries of a lot of six cowries (rule X1): k of 64 equally
// likely throws show a count, as many as the ways C(6, m) that m of six
// shells fall mouth up (m up counts m for 2 to 6, 1 up counts 10, none
// up 25).
var (
	oneDie     = *newChance([]int{1, 2, 3, 4, 5, 6}, []int{1, 1, 1, 1, 1, 1})
	twoDice    = *pair(&oneDie)
	sixCowries = *newChance([]int{2, 3, 4, 5, 6, 10, 25}, []int{15, 20, 15, 6, 1, 6, 1})
)

// top returns the highest face a die can show.
func (ch *chance) top() int { return bits.Len64(uint64(ch.faces)) - 1 }

// six returns the face the rules call a six (rules P5, F1, P7): a 6
// where the throw can show one, as every model's can (six cowries up,
// rule X1), else the highest face.
func (ch *chance) six() int {
	if ch.faces.has(6) {
		return 6
	}
	return ch.top()
}

// outcomes returns the throws with their probabilities, lowest first.
func (ch *chance) outcomes() []Outcome { return ch.outs[:ch.n] }

// draw returns a face of one die drawn from src with the model's
// probabilities, exactly: the face of draw ⌊total·x / 2⁶⁴⌋ for a value x
// of src, where the low half of the product total·x is at least 2⁶⁴ mod
// total (below it the draw is biased, and it draws x again, at most
// maxDraws times in all).
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
	Face   int     // the face thrown, one the rules' throw can show; with two dice, the first die's (the lower, in State.Outcomes)
	Second int     // with two dice (rule W1), the second die's face; 0 for a throw of one die
	Prob   float64 // its probability
}

// String writes the throw as a record writes it, the face ("6") or the
// two dice ("3,5"), and then its probability where it has one, as the
// fraction it is: "6 (1/6)", "3,5 (1/18)", six cowries' "25 (1/64)" (rule
// X1). A throw with no probability (a person's, Prob 0) is its faces
// alone.
func (o Outcome) String() string {
	s := strconv.Itoa(o.Face)
	if o.Second != 0 {
		s += "," + strconv.Itoa(o.Second)
	}
	if o.Prob > 0 {
		s += " (" + fraction(o.Prob) + ")"
	}
	return s
}

// fraction writes p as the fraction n/d with the smallest d up to 4096
// that gives p (the chance models' probabilities are such fractions:
// 1/6, 1/36, 15/64), else as a decimal.
func fraction(p float64) string {
	for d := 1; d <= 4096; d++ {
		n := p * float64(d)
		if r := math.Round(n); r >= 1 && math.Abs(n-r) < 1e-9*float64(d) {
			return strconv.Itoa(int(r)) + "/" + strconv.Itoa(d)
		}
	}
	return strconv.FormatFloat(p, 'g', 4, 64)
}

// Outcomes returns the throws of the rules, lowest first, with their
// probabilities, for search code that treats the throw as a chance node:
// play each with [State.RollOutcome] and weigh the results by Prob. One
// die gives its faces (six for the usual die); two dice (rule W1) the 21
// unordered pairs, the lower face first, a double with probability 1/36
// and the others 2/36, since the order of the dice changes nothing. It
// returns a new slice; [State.AppendOutcomes] appends to one of the
// caller's.
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

// RollDice returns the faces of two dice (rule W1): two rolls, in order,
// as two calls of [Dice.Roll] would return them.
func (d Dice) RollDice() (int, int) {
	a := oneDie.draw(d.src)
	return a, oneDie.draw(d.src)
}

// Throw returns a throw of the dice the rules r throw: one roll, or two
// (rule W1), as an [Outcome] with the throw's probability. It consumes
// the randomness of [Dice.Roll] or [Dice.RollDice].
func (d Dice) Throw(r Rules) Outcome {
	ch := r.chance()
	if ch.dice == 1 {
		f := ch.draw(d.src)
		return Outcome{Face: f, Prob: float64(ch.weight(f)) / float64(ch.total)}
	}
	a, b := ch.draw(d.src), ch.draw(d.src)
	p := float64(ch.weight(a)*ch.weight(b)) / float64(ch.total*ch.total)
	if a != b {
		p *= 2
	}
	return Outcome{Face: a, Second: b, Prob: p}
}

// runtimeSource is the source of the zero Dice: the runtime's random
// numbers, through math/rand/v2's top-level functions.
type runtimeSource struct{}

// Uint64 returns a random value from the runtime's source.
func (runtimeSource) Uint64() uint64 { return rand.Uint64() }
