package ludo

import (
	"errors"
	"fmt"
	"strconv"
)

// The rules of the rulebook (docs/rulebook.md), each in one place,
// named by its number there, live in the files named as the rulebook
// names the ideas, each calling the stages below it. The transitions are
// Roll (roll.go; with two dice, rule W1, twodice.go) and Apply (apply.go).
// When an amount becomes due, legal.go's startCount judges every token's
// move in stages: which tokens could move at all and what one token does
// (judge.go: its way, passing.go and blocks.go, and its landing,
// landing.go; entries of two, entry.go), then the rules that choose
// among the moves found (filters.go), and Pachisi's choices beside them
// (choices.go). Apply checks a move against them and plays it (play.go:
// the move, its captures and what it earns), and the turn passes or the
// game ends (turns.go). Two dice keep their judged moves (twodice.go),
// add the dice (sums.go), must play both (playboth.go) and are checked
// die by die (diceapply.go). After a move the next amount due is judged
// in its turn: the one call from play back up to legal.go.
//
// This file holds the errors that name the rule a move breaks.

// ErrIllegalMove is matched by every [*IllegalMoveError].
var ErrIllegalMove = errors.New("ludo: illegal move")

// IllegalMoveError is the error of [State.Apply] and [State.TokenMove] for
// a move the rules forbid. Its text names the rule.
type IllegalMoveError struct {
	Move   Move   // the move that was refused
	Rule   string // the rulebook number of the rule it breaks, as "B2"; empty for a move that does not fit the position at all
	Reason string // what is wrong, in words
}

// Error returns the reason and the rule, as "ludo: illegal move: token 2
// cannot pass the block on square 17 (rule B2)".
func (e *IllegalMoveError) Error() string {
	if e == nil {
		return ErrIllegalMove.Error()
	}
	if e.Rule == "" {
		return "ludo: illegal move: " + e.Reason
	}
	return "ludo: illegal move: " + e.Reason + " (rule " + e.Rule + ")"
}

// Unwrap returns [ErrIllegalMove].
func (e *IllegalMoveError) Unwrap() error { return ErrIllegalMove }

// refusal is why a token may not move: the rule and the square or count
// the reason names. The zero refusal means the move is legal. It is built
// on the hot path without allocating and turned into an error only when
// asked.
type refusal struct {
	why uint8
	at  uint16 // a track square, a progress or a count, as the reason says
}

const (
	legal          = iota
	refFinished    // B3: a finished token never moves
	refEntry       // C7: only an entry roll brings a token out
	refBonusEntry  // P8: a bonus move brings no token out
	refOvershoot   // C5: exact finish
	refPassBlock   // B2: may not pass a block
	refLandBlock   // B2: may not land on a block
	refOwnLanding  // Q11: may not end on a square its owner holds
	refMultiLand   // Q3: may not land on two or more opponents
	refFull        // P2: the square holds SquareLimit tokens
	refOvertake    // F2: may not pass this token
	refHomeJump    // M6: may not pass a token in the home column
	refGoalTaken   // M1: a goal square holds one token
	refStep        // V2: the home column is climbed one square a move, on its number
	refGate        // V2: a token stops at its home entry before the home column
	refSafeHeld    // H4: may not land on a safe square an opponent holds
	refExitBlock   // A5: no block on a start square
	refExitShared  // A5: two colours on a start square only with its owner
	refTower       // R5: only a tower moving whole lands on a tower, off the safe squares
	refBounceBack  // S5: a bounce may not count back past the home entry
	refTowerSplit  // Y10: a double on two laps moves one token at a time
	refTowerRound  // Y5: a tower moving whole does not go round again
	refWrongTokens // not a token of the game
)

func (r refusal) err(m Move, s *State) *IllegalMoveError {
	e := &IllegalMoveError{Move: m}
	t := m.Token()
	switch r.why {
	case refFinished:
		e.Rule, e.Reason = "B3", fmt.Sprintf("token %d has finished and never moves again", t)
	case refEntry:
		e.Rule, e.Reason = "C7", fmt.Sprintf("token %d is in the yard, and only a roll of %v enters it", t, s.rs.entry)
		if s.rs.rules.FirstEntryAny { // rule Y2: the first token came in on any throw
			e.Rule, e.Reason = "Y2", fmt.Sprintf("token %d is in the yard, and once a token of its colour has come in only a roll of %v enters another", t, s.rs.entry)
		}
	case refBonusEntry:
		e.Rule, e.Reason = "P8", fmt.Sprintf("token %d is in the yard, and a bonus move brings no token out", t)
	case refOvershoot:
		e.Rule, e.Reason = "C5", fmt.Sprintf("token %d would overshoot the finish by %d, and the finish needs an exact roll", t, r.at)
	case refPassBlock:
		e.Rule, e.Reason = "B2", fmt.Sprintf("token %d cannot pass the block on square %d", t, r.at)
	case refLandBlock:
		e.Rule, e.Reason = "B2", fmt.Sprintf("token %d cannot land on the block on square %d", t, r.at)
	case refOwnLanding:
		e.Rule, e.Reason = "Q11", fmt.Sprintf("token %d cannot end on %v, which its owner already holds", t, s.squareOf(m.Color(), int(r.at)))
	case refMultiLand:
		e.Rule, e.Reason = "Q3", fmt.Sprintf("token %d cannot land on the %d opponent tokens on square %d", t, r.at>>8, r.at&0xff)
	case refFull:
		where := "square " + strconv.Itoa(int(r.at))
		if int(r.at) > int(s.rs.track) { // its start lane (rule Y1)
			where = s.squareOf(m.Color(), m.To()).String()
		}
		e.Rule, e.Reason = "P2", fmt.Sprintf("token %d cannot land on %s, which holds %d tokens already", t, where, s.rs.squareLimit)
	case refOvertake:
		e.Rule, e.Reason = "F2", fmt.Sprintf("token %d cannot pass the token on %v", t, s.squareOf(m.Color(), int(r.at)))
	case refHomeJump:
		e.Rule, e.Reason = "M6", fmt.Sprintf("token %d cannot pass the token on %v in its home column", t, s.squareOf(m.Color(), int(r.at)))
	case refGoalTaken:
		e.Rule, e.Reason = "M1", fmt.Sprintf("token %d cannot end on %v, which another token holds: a goal square holds one", t, s.squareOf(m.Color(), int(r.at)))
	case refStep:
		e.Rule, e.Reason = "V2", fmt.Sprintf("token %d climbs its home column one square a move, and only a %d takes it to the next", t, r.at)
	case refSafeHeld:
		e.Rule, e.Reason = "H4", fmt.Sprintf("token %d cannot land on the safe square %d, which an opponent holds", t, r.at)
	case refExitBlock:
		e.Rule, e.Reason = "A5", fmt.Sprintf("token %d cannot join its own colour on the start square %d: no block stands on a start square", t, r.at)
	case refExitShared:
		e.Rule, e.Reason = "A5", fmt.Sprintf("token %d cannot land on the start square %d, which another colour than its owner holds", t, r.at)
	case refTower:
		e.Rule, e.Reason = "R5", fmt.Sprintf("token %d cannot land on the tower on square %d: only a tower, moving whole, captures a tower, and not on a safe square", t, r.at)
	case refTowerSplit:
		e.Rule, e.Reason = "Y10", fmt.Sprintf("token %d cannot land on the tower on square %d alone, and its double cannot move whole: its two tokens stand on one square on two laps, one going out and one coming home, so each moves alone", t, r.at)
	case refTowerRound:
		e.Rule, e.Reason = "Y5", fmt.Sprintf("token %d going round again moves alone, and cannot land on the tower on square %d: a tower moving whole does not go round again", t, r.at)
	case refBounceBack:
		e.Rule, e.Reason = "S5", fmt.Sprintf("token %d would overshoot the finish by %d and count back past its home entry, out of its home column", t, r.at)
	case refGate:
		e.Rule, e.Reason = "V2", fmt.Sprintf("token %d would pass its home entry by %d: it must stop there before it climbs its home column", t, r.at)
	default:
		e.Reason = fmt.Sprintf("%v has no token %d", m.Color(), t)
	}
	return e
}

// squareOf returns the square of colour c's token at progress p: as the
// board places it, but past the finish a token going round again (rule
// K4), on the track.
func (s *State) squareOf(c Color, p int) Square {
	if p > int(s.rs.finish) {
		return TrackSquare(int(s.trackSquare(c, p)))
	}
	return s.rs.rules.Board.Square(c, p)
}

// illegal returns the error refusing m for breaking rule (empty where m
// does not fit the position at all), with the reason in words.
func (s *State) illegal(m Move, rule, format string, a ...any) error {
	return &IllegalMoveError{Move: m, Rule: rule, Reason: fmt.Sprintf(format, a...)}
}
