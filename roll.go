package ludo

import (
	"fmt"
)

// This file holds Roll: the face thrown, the bonus rolls and the six
// limit it counts (rules C8, C9), and the errors of a roll refused.

// Roll plays the face thrown for the player to move and returns the
// position waiting for their move (rule C8): a die's face, one of the
// faces of the rules' throw (see [State.Outcomes]). A bonus-earning face
// (a 6, by default) adds to [State.Streak]; when that reaches
// [Rules.SixLimit] the only legal move is the forfeiting pass (rule C9).
// Where no token can move, the only legal move is a pass (rule C10).
// Either way the caller sees the pass among the legal moves and plays it
// with [State.Apply].
//
// It returns an error matching [ErrBadFace] for a face the throw cannot
// show, [ErrWrongPhase] while a move is due, [ErrGameOver] once the game
// has ended, and [ErrNoGame] on the zero State; s is never changed. The
// last three allocate nothing, so a playout may roll until Roll fails,
// which is the quickest loop (one State copy fewer than asking
// [State.Phase]).
func (s State) Roll(face int) (State, error) {
	err := s.roll(face) // small enough to inline: s is the caller's copy
	return s, err
}

// roll is Roll on s in place. It changes s only when the roll is
// accepted.
func (s *State) roll(face int) error {
	rs := s.rs
	if s.due.head != 0 || s.over() || face&^MaxFace != 0 || !rs.rolls.has(uint8(face)) {
		return s.rollError(face)
	}
	s.throw = uint8(face)
	if rs.bonus.has(uint8(face)) { // rule C9: a bonus roll, another in the streak
		s.flags |= stateEarns
		if s.streak < 255 { // the count saturates where SixLimit is 0
			s.streak++
		}
		if s.streak == rs.sixLimit {
			s.flags |= stateForfeit
		}
	}
	n, c := face, s.turn
	if rs.feat&(featSixValue|featPlayOn) != 0 { // tested together, so that the common roll tests once
		if rs.feat&featPlayOn != 0 {
			c = s.moverOf(c) // rule T2
		}
		if face == int(rs.six) && rs.feat&featSixValue != 0 && (s.allOut(c) || rs.rules.SixValueAlways) { // rules P5, S2
			n = int(rs.sixValue)
		}
	}
	s.startCount(dueOf(c, uint8(face), uint8(n)))
	return nil
}

// rollError is the error of a roll refused for the phase, packed into
// one word: the sentinel it matches (see Unwrap) in bits 0 and 1, the
// colour to move in bits 2 to 4, in bits 5 to 7 the face of the move due
// (7 for a bonus move, 0 for a face above 6, which three bits cannot
// say). Go makes an error of a word below 256 without allocating, so a
// loop may roll until Roll reports the game over at no cost.
type rollError uint8

// faceError is the error of a roll of a face the rules' throw cannot
// show.
type faceError int

// rollError returns the error refusing a roll of face in s.
func (s *State) rollError(face int) error {
	switch {
	case s.rs == nil:
		return rollError(0)
	case s.over():
		return rollError(1)
	case s.due.head != 0:
		f := s.head().face() // 0 for a bonus move
		switch {
		case f == 0:
			f = 7 // no face: a bonus move is due
		case f >= 7:
			f = 0
		}
		return rollError(2 | uint8(s.turn)<<2 | f<<5)
	}
	return s.badFace(face)
}

// badFace returns the error of a face the rules' throw cannot show: one
// die's, or one face where they throw two dice (rule W1). It is not
// inlined, so that rollError, which a playout meets at every bonus move,
// stays as small as it was.
//
//go:noinline
func (s *State) badFace(face int) error {
	if s.rs.feat&featTwoDice != 0 {
		return &throwError{faces: [2]int{face}, two: true}
	}
	return faceError(face)
}

// Unwrap returns the sentinel the refusal matches: ErrNoGame,
// ErrGameOver or ErrWrongPhase.
func (e rollError) Unwrap() error {
	switch e & 3 {
	case 0:
		return ErrNoGame
	case 1:
		return ErrGameOver
	}
	return ErrWrongPhase
}

// Error says why the roll was refused.
func (e rollError) Error() string {
	if err := e.Unwrap(); err != ErrWrongPhase {
		return err.Error()
	}
	c := Color(e >> 2 & 7)
	switch e >> 5 {
	case 7:
		return fmt.Sprintf("%v: %v must play the bonus move before rolling again (rule P8)", ErrWrongPhase, c)
	case 0:
		return fmt.Sprintf("%v: %v must play the move due before rolling again", ErrWrongPhase, c)
	}
	return fmt.Sprintf("%v: %v must move the %d before rolling again", ErrWrongPhase, c, int(e>>5))
}

// throwError is the error of a throw that does not fit the rules' dice
// (rule W1): one face where they throw two dice, two where they throw
// one, or a face out of range.
type throwError struct {
	faces [2]int // the faces given, the second 0 for one
	two   bool   // the rules throw two dice
}

// Unwrap returns [ErrBadFace].
func (e *throwError) Unwrap() error { return ErrBadFace }

// Error says what the throw should have been.
func (e *throwError) Error() string {
	switch a, b := e.faces[0], e.faces[1]; {
	case e.two && b == 0:
		return fmt.Sprintf("%v: %d: the rules throw two dice, so a throw is two faces (RollDice, rule W1)", ErrBadFace, a)
	case !e.two:
		return fmt.Sprintf("%v: %d,%d: the rules throw one die, so a throw is one face (Roll)", ErrBadFace, a, b)
	}
	return fmt.Sprintf("%v: %d,%d: a die shows 1 to 6 (rule W1)", ErrBadFace, e.faces[0], e.faces[1])
}

// Unwrap returns [ErrBadFace].
func (e faceError) Unwrap() error { return ErrBadFace }

// Error says which face was refused.
func (e faceError) Error() string { return fmt.Sprintf("%v: %d", ErrBadFace, int(e)) }

// forfeit reports whether the roll due has reached the six limit and must
// be forfeited (rule C9), as roll found. A bonus move is never forfeited:
// the limit was not reached when it was earned.
func (s *State) forfeit() bool { return s.flags&stateForfeit != 0 }
