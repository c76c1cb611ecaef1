package ludo

import (
	"math/bits"
)

// This file holds the moves due in a turn: the amounts (a die, two dice,
// tops and bottoms, bonus moves), each as the stages judge it, and whose
// tokens move them (rules C3, T2, T3).

// maxDue is the most amounts a turn can have due at once. A ruleset with
// one die has one at a time (the die, or a bonus move after it); two dice
// make two, four on a double played top and bottom, and bonus moves queue
// after them.
const maxDue = 4

// amounts is the moves due in a turn. The one judged first is kept as a
// due, in head (its low half), 0 while none is due. With one die it is
// the one amount due: the die, or a bonus move after it (rule P8), and
// the rest is 0. With two dice (rule W1) each amount has an index, kept
// with the head (first): the dice are amounts 0 and 1 (on a double
// played as tops and bottoms, rule H2, the top and the bottom, then the
// other top and bottom as 2 and 3), the head the lowest still due and
// more[k-1] amount k while it is due; the bonus moves a throw earns
// (rule P8) are counted in bonus's bits 0-4, as captures' plus
// bonusHome times tokens brought home's, and come after the dice, as
// amount 4 (a capture's) and 5 (a token home's). Each count is at most
// 4: a throw has four amounts at most, each move earns one bonus move
// at most, and a bonus move played makes room for the one it earns, so
// that no more are ever due than the throw's dice played.
type amounts struct {
	head  uint32
	more  [maxDue - 1]uint8
	bonus uint8 // two dice: the bonus moves earned (earned) in its earnedBits, and in bits 5 to 7 the amount index of head (first)
}

// earnedBits are the bits of amounts.bonus that count the bonus moves
// earned (earned).
const earnedBits = 0x1f

// bonusHome is what a token home's bonus move adds to amounts.bonus, a
// capture's adding 1: the two counts, 0 to 4 each, in base 5.
const bonusHome = 5

// The amount indices of the bonus moves a throw of two dice earns (rule
// P8), after the dice's 0 to 3; amountMask is a Move's field of them.
const (
	amountCapture = 4 // the bonus move of a capture (CaptureBonus)
	amountHome    = 5 // the bonus move of a token brought home (HomeBonus)
	amountMask    = 7
)

// rest returns the amounts kept after the head, more and bonus, as one
// word: 0 with one die.
func (a *amounts) rest() uint32 {
	return uint32(a.more[0]) | uint32(a.more[1])<<8 | uint32(a.more[2])<<16 | uint32(a.bonus)<<24
}

// first returns the amount index of the head: 0, but with two dice
// (rule W1) a later die's once the first has been played, or a bonus
// move's.
func (a *amounts) first() int { return int(a.bonus >> 5) }

// setFirst makes k the amount index of the head.
func (a *amounts) setFirst(k int) { a.bonus = a.bonus&earnedBits | uint8(k)<<5 }

// earned returns the bonus moves earned and not yet played, captures' and
// home's (two dice).
func (a *amounts) earned() (captures, home int) {
	b := int(a.bonus & earnedBits)
	return b % bonusHome, b / bonusHome
}

// due is one amount due as the stages judge it, with what judging a
// token's move depends on beyond the position: the colour whose tokens
// move (the mover, see State.mover), the face it plays (0 for a bonus
// move, rule P8), the steps it counts, and its index in the amounts due.
// Every stage takes it as an argument, so that a hypothetical (rule M4:
// could any face move the token?) is judged without an altered copy of
// the State. It is the part of a Move that those fix, laid out as the
// Move lays them out (see mColor), so that it travels in one register and
// a move of it is its bits and the token's.
type due uint64

// dueOf returns the amount of steps playing face (0 for a bonus move) for
// colour c's tokens, the first of those due.
func dueOf(c Color, face, steps uint8) due {
	return due(uint64(c)<<mColor | uint64(face)<<mDie | uint64(steps)<<mCount)
}

func (d due) c() Color { return Color(d >> mColor & 0xf) }

func (d due) face() uint8 { return uint8(d >> mDie) }

func (d due) steps() uint8 { return uint8(d >> mCount) }

func (d due) k() int { return int(d >> mAmount & amountMask) }

func (d due) base() uint64 { return uint64(d) }

// due returns the amount move m plays.
func (m Move) due() due {
	return due(m.v & (0xf<<mColor | 0xff<<mDie | 0xff<<mCount | amountMask<<mAmount))
}

// mover returns the colour whose tokens the player to move moves: their
// own, or where they have finished and play on for a partner (rule T2),
// the partner's.
func (s *State) mover() Color {
	if s.rs.feat&featPlayOn != 0 {
		return s.moverOf(s.turn)
	}
	return s.turn
}

// moverOf returns the colour whose tokens colour c's player moves: c, or
// where c has finished and plays on (rule T2), the first of its team
// clockwise that has not.
func (s *State) moverOf(c Color) Color {
	if s.rs.feat&featPlayOn == 0 || s.short(c) || !s.finished(c) {
		return c
	}
	for k := Color(1); k < MaxPlayers; k++ {
		if o := (c + k) % MaxPlayers; s.rs.mates[c].Has(o) && !s.finished(o) {
			return o
		}
	}
	return c
}

// mateOf returns the other colour of colour c's player under
// TwoColorsEach (rule T3), whose tokens its throws move too; else c.
func (s *State) mateOf(c Color) Color {
	if s.rs.feat&featShare != 0 {
		if o := s.rs.mates[c] &^ (1 << c); o != 0 {
			return Color(bits.TrailingZeros8(uint8(o)))
		}
	}
	return c
}

// movesColor reports whether the player to move, whose tokens are colour c's
// (the mover), moves colour o's: o is c, or under TwoColorsEach c's other
// colour (rule T3).
func (s *State) movesColor(c, o Color) bool { return o == c || o == s.mateOf(c) }

// withColor returns amount d for colour c's tokens, marked as the
// mover's other colour's where c is not the mover's (rule T3).
func (d due) withColor(c Color, mate bool) due {
	d = d&^(0xf<<mColor) | due(c)<<mColor
	if mate {
		d |= 1 << mMate
	}
	return d
}

// head returns the amount due first, as the stages judge it: a bonus
// move's face is 0.
func (s *State) head() due {
	return due(s.due.head)
}
