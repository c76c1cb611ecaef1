package ludo

import (
	"cmp"
	"encoding/binary"
	"errors"
	"fmt"
	"iter"
	"math/bits"
	"slices"
	"strconv"
)

// This file holds every rule of the rulebook (docs/rulebook.md), each in one
// place, named by its number there. The transitions are Roll and Apply.
// What the player to move may do is found in stages: candidates (which
// tokens could move at all), tokenMove (what one token does: the one
// statement of the rules of movement and landing), and filters (the
// rules that choose among the moves found: compulsory entry, compulsory
// capture, clearing the start square, opening a block).

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

// ---------------------------------------------------------------------
// The moves due

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
	bonus uint8 // two dice: the bonus moves earned (earned), and in bits 5 to 7 the amount index of head (first)
}

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
func (a *amounts) setFirst(k int) { a.bonus = a.bonus&0x1f | uint8(k)<<5 }

// earned returns the bonus moves earned and not yet played, captures' and
// home's (two dice).
func (a *amounts) earned() (captures, home int) {
	b := int(a.bonus & 0x1f)
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

func (d due) c() Color     { return Color(d >> mColor & 0xf) }
func (d due) face() uint8  { return uint8(d >> mDie) }
func (d due) steps() uint8 { return uint8(d >> mCount) }
func (d due) k() int       { return int(d >> mAmount & amountMask) }
func (d due) base() uint64 { return uint64(d) }

// due returns the amount move m plays.
func (m Move) due() due {
	return due(m.v & (0xf<<mColor | 0xff<<mDie | 0xff<<mCount | amountMask<<mAmount))
}

// ---------------------------------------------------------------------
// Roll

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
	if s.rs.feat&featPlayOn == 0 || !s.finished(c) {
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

// startCount makes amount d the move due first, and judges
// every token's move: once, for AppendLegalMoves only to unpack them and
// Apply only to compare. The stages: the candidates (candidates), what
// each does (judge), a second move where a token has one (judgePair),
// then the rules that choose among the moves (filter).
func (s *State) startCount(d due) {
	s.due.head = uint32(d)
	if d.face() == 0 { // a bonus move, after a move, whose judged moves go
		s.moves, s.extra = [MaxTokens]uint32{}, 0
	} else if s.flags&stateForfeit != 0 { // a roll (moves and extra are 0 while one is due), but rule C9: no token moves
		return
	}
	x := tokenBytes(&s.tok[d.c()])
	for cand := s.candidates(d, x); cand != 0; cand &= cand - 1 {
		i := bits.TrailingZeros8(cand) & (MaxTokens - 1)
		if l, r := s.judge(d, i, int(x>>(8*i)&0xff)-1); r.why == legal {
			s.moves[i] = l
		}
	}
	if f := s.rs.feat & (featPairEntry | featFilters | featChoices); f != 0 {
		switch { // as many tests as before the choices, for every ruleset
		case f&featPairEntry != 0: // never with the choices (Rules.Validate)
			s.judgePair(d)
			if f&featFilters != 0 {
				s.filter(d)
			}
		case f&featChoices == 0:
			s.filter(d)
		default:
			s.choose(d) // rules Y2, Y5, Y6, Y7, with the filters
		}
	}
}

// countOf returns a copy of s with amount d judged by startCount, as if
// no moves had been judged before: with two dice s keeps the moves of
// the amounts due (settle), which the copy's judging starts without.
func (s *State) countOf(d due) State {
	t := *s
	t.moves, t.extra = [MaxTokens]uint32{}, 0
	t.startCount(d)
	return t
}

// candidates returns, as a bit per token index, the tokens of colour d.c()
// that judge judges for amount d: not finished (rule B3), not in the yard
// unless the face enters (rule C7), and of tokens alike (on one square,
// or in the yard) the lowest-numbered only (ruling Q9). It works on x,
// the colour's token bytes (tokenBytes), as one word, without a branch:
// which tokens can move is what a random game makes unpredictable.
func (s *State) candidates(d due, x uint32) uint8 {
	rs := s.rs
	out := zeroBytes(x ^ rs.finishBytes)
	if !rs.entry.has(d.face()) { // a bonus move's face, 0, enters nothing
		out |= zeroBytes(x) // in the yard, and the face does not enter
	}
	// Alike with a lower one: equal to the byte next below, turning
	// round the word (byte 0 against byte 3, marking byte 3), or to the
	// byte two below (byte 2 against 0, byte 3 against 1).
	next, two := zeroBytes(x^bits.RotateLeft32(x, 8)), zeroBytes(x^bits.RotateLeft32(x, 16))
	alike := next&0x80808000 | next<<24 | two&0x80800000
	return gather(uint64(rs.tokenBytes &^ out &^ alike))
}

// tokenBytes returns a colour's token bytes as a word, token i's in byte i.
func tokenBytes(t *[MaxTokens]uint8) uint32 { return binary.LittleEndian.Uint32(t[:]) }

// A colour's tokens are a word of 32 bits (candidates, tokenBytes).
var _ = [1]struct{}{}[MaxTokens-4]

// allOut reports whether none of colour c's tokens is in the yard (rule
// P5: a finished token is out).
func (s *State) allOut(c Color) bool { return !s.waiting(c) }

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

// ---------------------------------------------------------------------
// What one token does

// tokenMove decides the move token i of colour d.c() makes with amount d:
// the rules of movement C3 to C5, C7, C8, B3, K4 and V2 (targetOff), then
// the path and the landing (moveTo). Every rule of movement is stated
// there or in what they call, once. It returns the move's lane (see
// Move.lane) and, where the move is refused, why.
func (s *State) tokenMove(d due, i int) (uint32, refusal) {
	i &= MaxTokens - 1
	return s.judge(d, i, int(s.tok[d.c()][i])-1)
}

// judge is tokenMove for token i at progress from: where the rules of
// movement take it (targetOff, for all but a move along the track), then
// its path and landing (moveTo). The common move, along the track (rule
// C8) with nothing on its path to judge (plainPath) to an empty square
// that is not a star (plainLanding), is the move as counted: judge
// returns it at once, calling nothing.
func (s *State) judge(d due, i, from int) (uint32, refusal) {
	to := from + int(d.steps())
	if !s.rs.alongTrack(from, to) { // entering, finished, or past the home entry
		from, to, f, r := s.targetOff(d, from, to)
		if r.why != legal {
			return lane(to, f), r
		}
		return s.moveTo(d, i, from, to, f)
	}
	if s.plainPath() && s.plainLanding(s.trackSquare(d.c(), to)) {
		return lane(to, flagValid), refusal{}
	}
	return s.moveTo(d, i, from, to, flagValid)
}

// plainPath reports whether a path has nothing the rules judge: no block
// stands (rule B2) and no option judges what a token passes (rules F2,
// M6, V2).
func (s *State) plainPath() bool { return s.rs.feat&(featPath&^featBlocks) == 0 && s.blocked == 0 }

// plainLanding reports whether a landing on track square sq does nothing
// but move the token: nobody stands there and it is not a star (rule D2).
func (s *State) plainLanding(sq uint8) bool { return s.starless() && !s.at.has(sq) }

// starless reports whether the board has no star (rule D2).
func (s *State) starless() bool { return s.rs.feat&featStars == 0 }

// moveTo decides the move of token i of colour d.c() with amount d from
// progress from to to, with flags f so far, as targetOff counts it: the
// path (passes) and where it ends, in its home column or on the track
// (land).
func (s *State) moveTo(d due, i, from, to int, f moveFlags) (uint32, refusal) {
	rs, c := s.rs, d.c()
	fin := int(rs.finish)
	if !s.plainPath() {
		if rs.feat&featPassCapture != 0 {
			// Rule S1: the opponents it passes are captures, counted in
			// the flags' top bits, which a lane puts in its count of
			// captures (tested before passes, while rs is at hand).
			n := bits.OnesCount32(s.overtaken(c, from, to, f&flagBounce != 0))
			f |= moveFlags(min(n, 15)) << (mCaptures - mFlags)
		}
		if r := s.passes(s.judgedMove(d, i, to, f), from, to); r.why != legal {
			return lane(to, f&^(0xf<<(mCaptures-mFlags))), r
		}
	}
	if rs.inHome(to) { // home column or finish: the owner's own squares
		if to >= int(rs.doneFrom) && (from < int(rs.doneFrom) || from > fin) { // from the track, or going round (rule K4)
			f |= flagFinish
		}
		if rs.feat&(featSlots|featOwnForbidden) != 0 && (to < fin || rs.feat&featSlots != 0) && s.holds(c, i, to) {
			if rs.feat&featSlots != 0 {
				return lane(to, f), refusal{refGoalTaken, uint16(to)}
			}
			return lane(to, f), refusal{refOwnLanding, uint16(to)}
		}
		return lane(to, f), refusal{}
	}
	sq := s.trackSquare(c, to)
	if s.plainLanding(sq) {
		return lane(to, f), refusal{}
	}
	m, r := s.land(s.judgedMove(d, i, to, f), sq)
	return m.lane(), r
}

// target returns where token i of colour d.c() goes with amount d, as the
// rules of movement C3 to C5, C7, B3, K4 and V2 count it, before the path
// and the landing: its progress from and to, and the move's flags so
// far; or why it has no move (to is then from plus the count, for the
// error).
func (s *State) target(d due, i int) (from, to int, f moveFlags, r refusal) {
	from = int(s.tok[d.c()][i&(MaxTokens-1)]) - 1
	to = from + int(d.steps())
	if s.rs.alongTrack(from, to) {
		return from, to, flagValid, refusal{}
	}
	return s.targetOff(d, from, to)
}

// alongTrack reports whether a token moving from progress from to to
// stays on the track short of its home entry: a move of rule C8 with
// nothing more for target to decide.
func (rs *ruleset) alongTrack(from, to int) bool {
	return uint(from) <= uint(rs.homeEntry) && to <= int(rs.homeEntry)
}

// targetOff is target for a token that enters, has finished, or goes past
// its home entry (not alongTrack): the rules of movement other than C8.
func (s *State) targetOff(d due, from, to int) (_, _ int, f moveFlags, r refusal) {
	rs := s.rs
	c, n := d.c(), to-from
	fin, he := int(rs.finish), int(rs.homeEntry)
	f = flagValid
	switch {
	case from < 0: // rule C7: only an entry roll brings a token onto its start square
		if d.face() == 0 {
			return from, to, f, refusal{why: refBonusEntry}
		}
		if !rs.entry.has(d.face()) {
			return from, to, f, refusal{why: refEntry}
		}
		to, f = 0, f|flagEnter
	case from == fin: // rule B3
		return from, to, f, refusal{why: refFinished}
	case rs.goesRound(from, to, s.captured.Has(c)): // rule K4: round the track again past its home entry
		var home, circles bool
		if to, home, circles = s.round(c, from, n); circles {
			f |= flagCircle
		}
		if !home {
			return from, to, f, refusal{}
		}
	case rs.feat&featSteps != 0 && to > he: // rule V2, where rule K4 lets the token into its home column
		want := rs.steps[uint8(from)] // the face k climbs to square k, none more than a 6
		if from < he {
			if want != 0 { // Finish:BounceFinish: the overshoot of the gate counted back
				return from, 2*he - to, f | flagBounce, refusal{}
			}
			return from, to, f, refusal{refGate, uint16(to - he)}
		}
		if d.face() != want { // the face, whatever it counts (rule P5); a bonus move's, 0, is none
			return from, to, f, refusal{refStep, uint16(want)}
		}
		to = from + 1
	}
	if to > fin { // rule C5
		switch rs.rules.Finish {
		case ExactFinish:
			return from, to, f, refusal{refOvershoot, uint16(to - fin)}
		case BounceFinish:
			if back := 2*fin - to; back < int(rs.homeEntry) { // rule S5: no further back than the home entry
				return from, to, f, refusal{refBounceBack, uint16(to - fin)}
			}
			to, f = 2*fin-to, f|flagBounce
		default: // AnyRollFinishes
			to = fin
		}
	}
	return from, to, f, refusal{}
}

// round counts n steps for a token of colour c at progress from under
// CaptureBeforeHome (rule K4), lap by lap: past its home entry while its
// home column is closed it goes on round the track (circles), standing at
// a progress past its finish until it passes its start square and begins
// a new lap. It returns the progress reached, and home where the token
// turned into its home column (to may then lie past the finish).
func (s *State) round(c Color, from, n int) (to int, home, circles bool) {
	rs := s.rs
	fin, he, track := int(rs.finish), int(rs.homeEntry), int(rs.track)
	open := s.captured.Has(c)
	rel, lap := rs.lap(from), from <= fin // rel: squares on from the start square
	for {
		if lap {
			if rel+n <= he {
				return rel + n, false, circles
			}
			if open {
				return rel + n, true, circles
			}
			n -= he - rel
			rel, lap, circles = he, false, true
		}
		if rel+n < track {
			return rs.rules.Board.roundProgress(rel + n), false, circles
		}
		n -= track - rel
		rel, lap = 0, true
	}
}

// lane returns the lane of a move to progress to with flags f.
func lane(to int, f moveFlags) uint32 {
	return uint32(uint8(to+1)) | uint32(f)<<(mFlags-laneShift)
}

// judgedMove returns the move of token i of colour d.c() with amount d to
// progress to with flags f, as tokenMove judges it.
func (s *State) judgedMove(d due, i, to int, f moveFlags) Move {
	return Move{d.base() | s.tokenPart(d.c(), i) | uint64(lane(to, f))<<laneShift}
}

// trackSquare returns the track square of colour c's token at progress p
// on the track, or going round again past its home entry (rule K4); 0
// for the yard (p = -1), the home column and the finish.
func (s *State) trackSquare(c Color, p int) uint8 {
	return s.rs.trackSq[c][uint8(p)]
}

// land decides move m of the player to move onto track square sq: what
// the squares it lands on hold (landing), and on a star the jump to the
// next (rule D2).
func (s *State) land(m Move, sq uint8) (Move, refusal) {
	rs := s.rs
	m, r := s.landing(m, sq)
	if r.why != legal || m.SendsMoverHome() || rs.square[sq]&squareStar == 0 { // (a capture that retires the capturer, rule N1, is on a board without stars)
		return m, r
	}
	// Rule D2: on to the next star, or where the next lies past the
	// token's home entry, to its finish.
	next := rs.nextStar[sq]
	d := int(next) - int(sq)
	if d <= 0 {
		d += int(rs.track)
	}
	to, home, circles := s.jump(m.Color(), m.To(), d)
	if home && rs.feat&featSlots != 0 && s.holds(m.Color(), m.Token(), int(rs.finish)) {
		return m, refusal{} // rule M1: the finish holds one token, so the token stays on the star
	}
	m = m.with(flagJump).without(flagBlock) // it leaves the star it landed on
	if home {
		return m.withTo(int(rs.finish)).with(flagFinish), refusal{}
	}
	if circles {
		m = m.with(flagCircle)
	}
	captured := m.Captures()
	m, r = s.landing(m.withTo(to).withCaptures(0), next)
	return m.withCaptures(captured + m.Captures()), r
}

// jump returns the progress of a token of colour c jumping d squares on
// from progress p on the track (rule D2): to its finish where the squares
// pass its home entry, but where its home column is closed, or it is
// going round already, on round the track (rule K4), circles telling
// whether the jump turns away from its home column.
func (s *State) jump(c Color, p, d int) (to int, home, circles bool) {
	rs := s.rs
	if rs.feat&featCircle != 0 {
		return s.round(c, p, d)
	}
	if p+d <= int(rs.homeEntry) {
		return p + d, false, false
	}
	return int(rs.finish), true, false
}

// landing decides what move m of the player to move, landing on track
// square sq, does with the tokens there: join its own colour (ruling Q11,
// rules B1, P2), or capture opponents (rule C11) unless they form a block
// (rule B2), sit on a safe square (rules K1, D1), are partners (rule
// T1), are two or more (ruling Q3, rules K5, D3), or the square is full
// (rules P2, P4). Opponents of several colours on one square are judged
// colour by colour: a refusal by any refuses the move, else a colour
// that sends the mover home does, else those that can be captured are.
func (s *State) landing(m Move, sq uint8) (Move, refusal) {
	caught, home, r := s.victims(m, sq)
	if r.why != legal {
		if r.why == refLandBlock && s.rs.rules.Blocks == BlocksTowers {
			return s.towerLanding(m, sq) // rule R5
		}
		return m, r
	}
	if home {
		return m.with(flagMoverHome).withTo(-1), refusal{}
	}
	if caught != 0 {
		m = m.withCaptures(m.Captures() + bits.OnesCount32(caught)) // with those it passed (rule S1)
	}
	if caught != 0 && s.rs.feat&featRetire != 0 { // rule N1
		return m.with(flagRetire | flagFinish), refusal{}
	}
	if s.rs.feat&featBlocks != 0 && s.at.match(sq)&^tokenBit(m.Color(), m.Token())&colorBits(m.Color()) != 0 && // rule B1
		(s.rs.rules.Blocks != BlocksOnSafe || s.rs.square[sq]&squareSafe != 0) { // rule S4: on a safe square only
		m = m.with(flagBlock)
	}
	return m, refusal{}
}

// towerLanding decides move m landing on track square sq, where an
// opponent's tower stands, so that victims refuses it (rule B2): under
// BlocksTowers only a tower of the mover's lands there, moving whole
// (towerWhole), not entering and not on a safe square (rules R4, R5, R6,
// Y10), and captures both tokens; afterMove sends them home, as victims,
// which applyToken asks for the captures, refuses the landing. A tower
// stands alone on its square (SquareLimit 2).
func (s *State) towerLanding(m Move, sq uint8) (Move, refusal) {
	c := m.Color()
	if m.Enters() || s.blocked&tokenBit(c, m.Token()) == 0 || s.rs.square[sq]&squareSafe != 0 {
		return m, refusal{refTower, uint16(sq)}
	}
	if !s.towerWhole(c, m.Token()) { // rule Y10: a double on two laps (rule Y1)
		return m, refusal{refTowerSplit, uint16(sq)}
	}
	return m.with(flagPair).withCaptures(m.Captures() + bits.OnesCount32(s.at.match(sq)&^colorBits(c))), refusal{} // with those it passed (rule S1)
}

// towerWhole reports whether token i of colour c stands in a tower that
// can move whole (rules R5, Y5): a block (R4) whose other token stands at
// its progress. Two tokens of a colour on one square at two progresses,
// on a board with a start lane its start square met going out and again
// coming back from the lap (rule Y1), are a double to opponents, which
// no single token lands on (rule Y10), but no count takes both to one
// square: each moves alone.
func (s *State) towerWhole(c Color, i int) bool {
	if s.blocked&tokenBit(c, i) == 0 {
		return false
	}
	i &= MaxTokens - 1
	for j := range int(s.rs.tokens) {
		if j != i && s.tok[c][j] == s.tok[c][i] {
			return true
		}
	}
	return false
}

// victims returns the tokens that move m, landing on track square sq,
// captures; or that it sends the mover home; or why it is refused. It is
// the landing rule: landing asks it for a move being judged, applyToken
// for the move it plays.
func (s *State) victims(m Move, sq uint8) (caught uint32, moverHome bool, r refusal) {
	rs := s.rs
	c := m.Color()
	here := s.at.match(sq) &^ tokenBit(c, m.Token()) // not the mover itself, after a whole lap
	if here == 0 {
		return 0, false, refusal{}
	}
	own := here & colorBits(c)
	opp := here &^ own
	entering := m.Enters() && m.To() == 0 // onto its start square
	var stop uint32
	if s.blocked != 0 && rs.rules.Blocks != BlocksOnSafe { // rule S4: a bench's block stops passing, not landing
		stop = s.stops(c)
		// Rule B2 first: no landing on an opponent's block (a partner's is
		// shared, rule T1); but rule P4 lets a token enter onto its full
		// start square, a block or not.
		if here&^rs.mateBits[c]&stop != 0 && !(entering && rs.feat&featLater != 0) {
			return 0, false, refusal{refLandBlock, uint16(sq)}
		}
	}
	if own != 0 && rs.feat&featOwnForbidden != 0 { // ruling Q11, before rule P4 makes room
		return 0, false, refusal{refOwnLanding, uint16(m.To())}
	}
	n := bits.OnesCount32(here)
	if m.has(flagPair) { // an entering pair (a tower moving whole, rule R5, lands only on a tower, refused above)
		n++ // rule F1: two tokens land, so the square needs room for both
	}
	if rs.feat&featGuardedExits != 0 && rs.square[sq]&squareExit != 0 { // rule A5
		if own != 0 {
			return 0, false, refusal{refExitBlock, uint16(sq)}
		}
		if owner := Color((int(sq) - 1) / int(rs.spacing)); c != owner && opp&^colorBits(owner) != 0 {
			return 0, false, refusal{refExitShared, uint16(sq)}
		}
	}
	if rs.squareLimit != 0 && n >= int(rs.squareLimit) { // rule P2
		if !entering || rs.feat&featLater == 0 || opp == 0 || n > int(rs.squareLimit) {
			return 0, false, refusal{refFull, uint16(sq)}
		}
		// Rule P4: the opponent that arrived last makes room.
		b := opp
		if later := b & s.later; later != 0 {
			b = later
		}
		return 1 << bits.TrailingZeros32(b), false, refusal{}
	}
	if opp == 0 {
		return 0, false, refusal{}
	}
	safe := rs.square[sq]&squareSafe != 0
	startCapture := entering && rs.rules.EntryCapture == EntryCapturesAll
	if !safe && rs.feat&(featTeams|featSafe) == 0 && rs.rules.MultiCapture <= CaptureRefused {
		// Opponents of one colour: no square holds more here (rule C11).
		return s.judgeColor(opp, stop, sq, startCapture)
	}
	// Opponents, colour by colour: a refusal by any refuses the move,
	// else a colour that sends the mover home does, else the rest are
	// captured or shared with.
	for x := opp; x != 0; { // the colours there, in order
		o := Color(bits.TrailingZeros32(x) / MaxTokens)
		theirs := opp & colorBits(o)
		x &^= theirs
		if rs.mates[c]&(1<<o) != 0 { // rule T1: partners share
			continue
		}
		if theirs&stop != 0 { // rule B2, on a safe square too
			return 0, false, refusal{refLandBlock, uint16(sq)}
		}
		if safe && !startCapture { // rules K1, D1, P1, H4
			if rs.rules.SafeSquares == SafeExclusive {
				return 0, false, refusal{refSafeHeld, uint16(sq)}
			}
			moverHome = moverHome || rs.rules.SafeSquares == SafeMoverHome
			continue
		}
		got, home, r := s.judgeColor(theirs, stop, sq, startCapture)
		if r.why != legal {
			return 0, false, r
		}
		moverHome = moverHome || home
		caught |= got
	}
	if moverHome {
		return 0, true, refusal{}
	}
	return caught, false, refusal{}
}

// judgeColor decides a landing on the tokens theirs of one opponent colour
// on square sq, where they are not safe: a block refuses it (rule B2),
// two or more are dealt with as MultiCapture says (ruling Q3, rules K5,
// D3), else they are captured (rule C11; ruling Q4 and rule D4 for a token
// entering).
func (s *State) judgeColor(theirs, stop uint32, sq uint8, startCapture bool) (uint32, bool, refusal) {
	if theirs&stop != 0 { // rule B2
		return 0, false, refusal{refLandBlock, uint16(sq)}
	}
	if k := bits.OnesCount32(theirs); k >= 2 && !startCapture {
		switch s.rs.rules.MultiCapture {
		case CaptureRefused:
			return 0, false, refusal{refMultiLand, uint16(k<<8 | int(sq))}
		case CaptureNone:
			return 0, false, refusal{}
		case CaptureMover:
			return 0, true, refusal{}
		}
	}
	return theirs, false, refusal{}
}

// passes decides the path of move m from progress from to to: no token
// passes a block that stops it (rule B2), nor a token the Overtake rule
// keeps it behind (rule F2), nor, where jumps are forbidden there, a
// token in its home column (rule M6). A token entering passes nothing
// but on its way from the start square (rule F1); a star jump passes
// nothing it jumps over (rule D2); a bounce passes the squares it walks
// up to the finish and back (rule C5); a token going round again (rule
// K4) passes the squares round counts, lap after lap.
func (s *State) passes(m Move, from, to int) refusal {
	rs := s.rs
	b := path{c: m.Color(), i: m.Token(), fin: int(rs.finish), he: int(rs.homeEntry)}
	b.stop, b.others = s.bars(b.c, b.i)
	// The track squares of the tokens that stop it or that it may not
	// pass, as bits: a square with none of them it passes without a look.
	for x := b.stop | b.others; x != 0; x &= x - 1 {
		sq := s.at[bits.TrailingZeros32(x)]
		b.near[sq>>6] |= 1 << (sq & 63)
	}
	switch {
	case m.Bounces():
		if rs.feat&featSteps != 0 { // rule V2: back from the gate
			return s.passesGate(m, from, to)
		}
		for p := from + 1; p < b.fin; p++ {
			if r := s.passing(&b, p); r.why != legal {
				return r
			}
		}
		for p := b.fin - 1; p > to; p-- {
			if r := s.passing(&b, p); r.why != legal {
				return r
			}
		}
	case from > b.fin || m.Circles():
		// Round the track past the home entry (rule K4), step by step as
		// round counts them, into the home column on a later lap where it
		// has opened.
		for k := 1; k < int(m.Count()); k++ {
			p, home, _ := s.round(b.c, from, k)
			if home && p >= b.fin {
				if !m.Bounces() {
					break // the finish: where any roll that reaches it stops
				}
				p = 2*b.fin - p // rule C5: back from the finish
			}
			if r := s.passing(&b, p); r.why != legal {
				return r
			}
		}
	default:
		for p := from + 1; p < to; p++ {
			if sq := s.trackSquare(b.c, p); p <= b.he && b.near[sq>>6]>>(sq&63)&1 == 0 {
				continue // on the track, where nothing stands that bars it (passing)
			}
			if r := s.passing(&b, p); r.why != legal {
				return r
			}
		}
	}
	return refusal{}
}

// path is what passes judges a path against: the token (token i of
// colour c), its colour's finish and home entry, the tokens that stop it
// (rule B2) and those it may not pass (rule F2), and the track squares
// they stand on (near, a bit each).
type path struct {
	c            Color
	i, fin, he   int
	stop, others uint32
	near         [4]uint64
}

// passing decides whether the token of path b may pass progress p: a
// block that stops it (rule B2) or a token it may not pass (rule F2)
// there bars it, and where jumps are forbidden there, a token in its
// home column (rule M6).
func (s *State) passing(b *path, p int) refusal {
	rs := s.rs
	if p > b.he && p <= b.fin { // the home column
		if p < b.fin && (rs.feat&featHomeNoJumps != 0 || b.others != 0) && s.holds(b.c, b.i, p) { // rule F2 (OvertakeCaptures passes its own, S1)
			if rs.feat&featHomeNoJumps != 0 {
				return refusal{refHomeJump, uint16(p)}
			}
			return refusal{refOvertake, uint16(p)}
		}
		return refusal{}
	}
	sq := s.trackSquare(b.c, p)
	if b.near[sq>>6]>>(sq&63)&1 == 0 {
		return refusal{}
	}
	here := s.at.match(sq)
	if x := here & b.stop; x != 0 && !s.leftBlock(b.c, b.i, here, x) {
		return refusal{refPassBlock, uint16(sq)}
	}
	if here&b.others != 0 {
		return refusal{refOvertake, uint16(p)}
	}
	return refusal{}
}

// overtaken returns the opponents a token of colour c moving from
// progress from to to passes on track squares that are not safe: the
// tokens it captures under OvertakeCaptures (rule S1; partners are not
// captured, rule T1). It passes the squares passes judges: a bounce (rule
// C5) those up to the finish, where the home column holds only the
// owner's tokens; entering, nothing. Tokens going round again (rule K4)
// are not played with it (Rules.Validate).
func (s *State) overtaken(c Color, from, to int, bounce bool) uint32 {
	rs := s.rs
	if bounce {
		to = int(rs.finish)
	}
	var caught uint32
	for p := from + 1; p < to && p <= int(rs.homeEntry); p++ {
		if sq := s.trackSquare(c, p); rs.square[sq]&squareSafe == 0 {
			caught |= s.at.match(sq) &^ rs.mateBits[c]
		}
	}
	return caught
}

// leftBlock reports whether the tokens here on a square that a token of
// colour c, token i, passes, b of them in blocks that stop it, stop it
// no more because it left that square: a lap round a small board
// passes the square it left (rules Y6, K4), and the block it stood in
// there stands only where two others of its colour stay (rule B1).
func (s *State) leftBlock(c Color, i int, here, b uint32) bool {
	own := colorBits(c)
	return here&tokenBit(c, i) != 0 && b&^own == 0 && bits.OnesCount32(here&own) < 3
}

// passesGate is passes for move m of a token that overshoots its gate
// under HomeSteps with Finish:BounceFinish (rule V2), from progress from
// to to, with the tokens of the blocks that stop it and the tokens it may
// not pass: it walks up to its gate, which it reaches, and back down the
// track, and every square on the way up and back counts as passed (rules
// B2, F2). Back over the square it left, a block stands only where two
// others stay (leftBlock).
func (s *State) passesGate(m Move, from, to int) refusal {
	c, i, he := m.Color(), m.Token(), int(s.rs.homeEntry)
	stop, others := s.bars(c, i)
	check := func(p int) refusal {
		sq := s.trackSquare(c, p)
		here := s.at.match(sq)
		if b := here & stop; b != 0 && !s.leftBlock(c, i, here, b) {
			return refusal{refPassBlock, uint16(sq)}
		}
		if here&others != 0 {
			return refusal{refOvertake, uint16(p)}
		}
		return refusal{}
	}
	for p := from + 1; p <= he; p++ {
		if r := check(p); r.why != legal {
			return r
		}
	}
	for p := he - 1; p > to; p-- {
		if r := check(p); r.why != legal {
			return r
		}
	}
	return refusal{}
}

// bars returns what token i of colour c may not pass on the track: the
// tokens of the blocks that stop it (rule B2; a tower stops nobody
// passing, rule R4) and the tokens the Overtake rule keeps it behind
// (rule F2).
func (s *State) bars(c Color, i int) (stop, others uint32) {
	rs := s.rs
	if s.blocked != 0 && rs.rules.Blocks != BlocksTowers { // rule R4: a tower stops nobody passing
		stop = s.stops(c)
	}
	return stop, rs.unpassed[c] &^ tokenBit(c, i)
}

// stops returns the tokens of the blocks that a token of colour c may
// not pass (rule B2): every token in a block (rule B1) of an opponent
// (not a partner, rule T1), or with [BlocksStopAll] of every colour. A
// tower stops no token passing (rule R4), but these are the tokens of the
// towers a token may not land on alone (rule R5).
func (s *State) stops(c Color) uint32 {
	b := s.blocked
	if s.rs.rules.Blocks != BlocksStopAll { // BlocksStopOpponents, BlocksOnSafe (rule S4)
		b &^= s.rs.mateBits[c]
	}
	return b
}

// findBlocks sets blocked from at (rule B1), for the tokens whose word of
// lanes has its bit in words. Only games with blocks keep it. Under
// BlocksOnSafe it leaves the filter to findBenchBlocks, tested here
// while the features are at hand, so that other games pay no test after
// the pairs are found.
func (s *State) findBlocks(words uint) {
	feat := s.rs.feat
	if feat&featBlocks == 0 {
		return
	}
	if feat&featBenchBlocks != 0 && words&benchPass == 0 {
		s.findBenchBlocks(words)
		return
	}
	for x := words & (1<<laneWords - 1); x != 0; x &= x - 1 {
		w := bits.TrailingZeros(x) % laneWords
		s.blocked = s.blocked&^(0xff<<(8*w)) | uint32(gather(paired(s.at.word(w))))<<(8*w)
	}
}

// benchPass marks the words of findBenchBlocks' call of findBlocks.
const benchPass = 1 << 8

// findBenchBlocks is findBlocks under BlocksOnSafe (rule S4): the pairs,
// then only those on a safe square.
func (s *State) findBenchBlocks(words uint) {
	s.findBlocks(words | benchPass)
	for k, x := 0, s.blocked; x != 0; x &= x - 1 {
		k = bits.TrailingZeros32(x)
		if s.rs.square[s.at.byteOf(Color(k/MaxTokens), k%MaxTokens)]&squareSafe == 0 {
			s.blocked &^= 1 << k
		}
	}
}

// paired returns the high bit of each byte of x that is not 0 and equals
// another byte of its colour's group of MaxTokens (4) bytes: the tokens
// that share a track square with another of their colour.
func paired(x uint64) uint64 {
	// Byte j of a group against byte j-k, turning round the group, for
	// k = 1, 2, 3.
	const w1, w2, w3 = 0x000000ff_000000ff, 0x0000ffff_0000ffff, 0x00ffffff_00ffffff
	same := zeroBytes(x^(x<<8&^w1|x>>24&w1)) | zeroBytes(x^(x<<16&^w2|x>>16&w2)) | zeroBytes(x^(x<<24&^w3|x>>8&w3))
	return same &^ zeroBytes(x) // off the track
}

// holds reports whether a token of colour c other than token i has
// progress p.
func (s *State) holds(c Color, i, p int) bool {
	for j := range int(s.rs.tokens) {
		if j != i && int(s.tok[c][j])-1 == p {
			return true
		}
	}
	return false
}

// judgePair adds the second entry move of a six where a six brings two
// tokens onto the start square or one straight to the square six on from
// the yard (rule F1): the candidate's move judged is the pair's, kept in
// moves, and the run goes in extra.
func (s *State) judgePair(d due) {
	if d.face() != s.rs.six {
		return
	}
	c := d.c()
	yard := -1
	for i := range int(s.rs.tokens) {
		if s.tok[c][i] == 0 {
			yard = i
			break
		}
	}
	if yard < 0 {
		return
	}
	// The pair: judge judged the single entry; it is a pair where a
	// second token waits, and a lone entry otherwise (rule F1).
	if s.moves[yard] != 0 {
		second := false
		for j := yard + 1; j < int(s.rs.tokens); j++ {
			second = second || s.tok[c][j] == 0
		}
		if second {
			m, r := s.pairMove(d, yard)
			s.moves[yard] = 0
			if r.why == legal {
				s.moves[yard] = m.lane()
			}
		}
	}
	// The run: entering and going on, passing and landing as a move from
	// the start square would.
	to := s.rs.runTo()
	run := s.judgedMove(d, yard, to, flagValid|flagEnter)
	if r := s.passes(run, 0, to); r.why != legal { // from the start square, which it does not pass
		return
	}
	m, r := s.land(run, s.trackSquare(c, to))
	if r.why == legal {
		s.extra = extraLane(m.lane(), yard)
	}
}

// firstEntry adds to lanes, the lanes judge judged for amount d, the
// entry of a colour's first token on a face that is no entry roll (rule
// Y2, FirstEntryAny): while every token of the colour is in its yard, any
// throw brings token 0 in, landing as an entry on an entry roll would (a
// bonus move's face, 0, brings none, rule P8). On every other face the
// judge's refusal stands (rule C7). It is a stage of the choices'
// (choose, judgeLanes), so that rulesets without them pay nothing.
func (s *State) firstEntry(d due, lanes *[MaxTokens]uint32) {
	if f := d.face(); f == 0 || s.rs.entry.has(f) || tokenBytes(&s.tok[d.c()]) != 0 {
		return
	}
	if l, r := s.moveTo(d, 0, -1, 0, flagValid|flagEnter); r.why == legal {
		lanes[0] = l
	}
}

// runTo returns the progress a token entering on a six reaches by the
// run of rule F1: the square six on from the yard.
func (rs *ruleset) runTo() int { return int(rs.six) - 1 }

// pairMove decides the entry of token i of colour d.c() with another
// together onto the start square (rule F1): the landing of the first, the
// second joining it.
func (s *State) pairMove(d due, i int) (Move, refusal) {
	return s.land(s.judgedMove(d, i, 0, flagValid|flagEnter|flagPair), s.trackSquare(d.c(), 0))
}

// ---------------------------------------------------------------------
// Filters

// setFilter is a rule that chooses among the moves judged: its feature,
// its rule, and why a move it leaves out is refused, as a format of the
// colour, the face and a move it keeps. Where it binds and what it keeps
// are the State's binds and keeps.
type setFilter struct {
	feat   features
	rule   string
	reason string
}

// filters are the rules that choose among the moves judged, in the order
// filter applies them: compulsory entry (rule M2), compulsory capture
// (rule M8), clearing the start square (rule M3), opening a block on a
// six (rule P7). The same table says why Apply refuses a move one left
// out (filterError).
var filters = [...]setFilter{
	{featEntryFilter, "M2", "%[1]v rolled %[2]d and must bring a token in: %[3]v"},
	{featCaptureMust, "M8", "%[1]v must capture where it can: %[3]v"},
	{featClearStart, "M3", "%[1]v must clear its start square while tokens wait in the yard: %[3]v"},
	{featBreakOnSix, "P7", "%[1]v rolled a %[2]d and must open its block: %[3]v"},
}

// binds reports whether filter f, whose option is on, binds the moves of
// amount d: M2 where the face enters and tokens wait in the yard (else no
// move enters, and it would keep none), M3 where tokens wait in the yard,
// P7 where the face is a six and the mover has a block (with two dice,
// each die showing a 6, rule E4), M8 always.
func (s *State) binds(f *setFilter, d due) bool {
	switch f.feat {
	case featEntryFilter:
		return s.rs.entry.has(d.face()) && s.waiting(d.c())
	case featClearStart:
		return s.waiting(d.c())
	case featBreakOnSix:
		return d.face() == s.rs.six && s.blocked&colorBits(d.c()) != 0
	}
	return true
}

// keeps reports whether filter f keeps the move of token i of colour c
// that lane l describes (see Move.lane): an entry (M2), a capture (M8), a
// move off the start square (M3), a move out of a block (P7).
func (s *State) keeps(f *setFilter, c Color, i int, l uint32) bool {
	switch f.feat {
	case featEntryFilter:
		return l&(uint32(flagEnter)<<(mFlags-laneShift)) != 0
	case featCaptureMust:
		return l&(0xf<<(mCaptures-laneShift)) != 0
	case featClearStart:
		return s.tok[c][i%MaxTokens] == 1 // progress 0
	}
	return s.blocked&tokenBit(c, i) != 0
}

// keepsMove is keeps for move m.
func (s *State) keepsMove(f *setFilter, m Move) bool {
	return !m.IsPass() && s.keeps(f, m.Color(), m.Token(), m.lane())
}

// filter applies the filters that bind to the moves judged for amount d,
// each only where it leaves a move.
func (s *State) filter(d due) {
	if l := &s.moves; b2i(l[0] != 0)+b2i(l[1] != 0)+b2i(l[2] != 0)+b2i(l[3] != 0)+b2i(s.extra != 0) < 2 {
		return // a filter keeps a move where it is the only one
	}
	c := d.c()
	for k := range filters {
		f := &filters[k]
		if s.rs.feat&f.feat == 0 || !s.binds(f, d) {
			continue
		}
		var kept [MaxTokens]uint32
		any := false
		for i, l := range s.moves {
			if l != 0 && s.keeps(f, c, i, l) {
				kept[i], any = l, true
			}
		}
		extraOK := s.extra != 0 && s.keeps(f, c, extraToken(s.extra), s.extra)
		if any || extraOK {
			s.moves = kept
			if !extraOK {
				s.extra = 0
			}
		}
	}
}

// binding reports whether a filter binds the moves of amount d (filter).
func (s *State) binding(d due) bool {
	for k := range filters {
		if f := &filters[k]; s.rs.feat&f.feat != 0 && s.binds(f, d) {
			return true
		}
	}
	return false
}

// filterError returns the error refusing legal token move m of amount d
// that a filter left out: the first filter that binds and keeps some of
// the legal moves but not m.
func (s *State) filterError(d due, m Move) error {
	var buf [MaxMoves]Move
	legal := s.appendLegal(buf[:0])
	some := legal[0]
	if some.IsPass() && len(legal) > 1 { // the pass of rule Y7 beside the token moves
		some = legal[1]
	}
	for k := range filters {
		if f := &filters[k]; s.rs.feat&f.feat != 0 && s.binds(f, d) && !s.keepsMove(f, m) && s.keepsMove(f, some) {
			return &IllegalMoveError{Move: m, Rule: f.rule, Reason: fmt.Sprintf(f.reason, d.c(), d.face(), some)}
		}
	}
	return &IllegalMoveError{Move: m, Reason: "the move is not one of the legal moves"}
}

// waiting reports whether a token of colour c waits in the yard: a zero
// byte among its tokens' (tokenBytes).
func (s *State) waiting(c Color) bool { return zeroBytes(tokenBytes(&s.tok[c]))&s.rs.tokenBytes != 0 }

// ---------------------------------------------------------------------
// Legal moves

// laneMove returns the move of token i of colour d.c() with amount d that
// lane describes.
func (s *State) laneMove(d due, i int, lane uint32) Move {
	return Move{d.base() | s.tokenPart(d.c(), i) | uint64(lane&^laneTokMask)<<laneShift}
}

// tokenPart returns what the moves of token i of colour c have in common:
// the token and where it starts.
func (s *State) tokenPart(c Color, i int) uint64 {
	i &= MaxTokens - 1
	return tokenFields(i, s.tok[c][i])
}

// tokenFields returns the fields of a Move that name token i and where it
// starts, v (its progress plus one, as a State keeps it).
func tokenFields(i int, v uint8) uint64 { return uint64(i+1)<<mToken | uint64(v)<<mFrom }

// extraMove returns the move kept in extra, of amount d.
func (s *State) extraMove(d due) Move { return s.laneMove(d, extraToken(s.extra), s.extra) }

// AppendLegalMoves appends the legal moves of the position to dst and
// returns the extended slice. It appends nothing unless a move is due
// ([PhaseMove]); then it appends at least one move, which is a single pass
// where the rules force one (rules C9, C10).
//
// The moves come in canonical order ([Move.Compare]). Tokens of one colour
// on one square are alike, so where several could make the same move only
// the lowest-indexed is listed (ruling Q9). AppendLegalMoves allocates
// nothing when dst has room for the moves (at most [MaxMoves]).
func (s State) AppendLegalMoves(dst []Move) []Move {
	return s.appendLegal(dst) // small enough to inline
}

// appendLegal is AppendLegalMoves on s, which it does not change: it
// unpacks the moves judged when the amount became due.
func (s *State) appendLegal(dst []Move) []Move {
	if s.due.head == 0 { // no move is due, in every other phase
		return dst
	}
	d := s.head()
	if s.extra != 0 {
		return s.appendWithExtra(d, dst)
	}
	n := len(dst)
	base, tok := d.base(), &s.tok[d.c()]
	// The tokens with a move, from each lane's valid bit (four lanes).
	const valid = uint32(flagValid) << (mFlags - laneShift)
	v := &s.moves
	have := (v[0]&valid | v[1]&valid<<1 | v[2]&valid<<2 | v[3]&valid<<3) >> (mFlags - laneShift)
	for ; have != 0; have &= have - 1 {
		i := bits.TrailingZeros32(have) & (MaxTokens - 1)
		dst = append(dst, Move{base | tokenFields(i, tok[i]) | uint64(v[i])<<laneShift})
	}
	if len(dst) == n {
		if s.rs.feat&featTwoDice != 0 { // the dice's moves, which no lane keeps (rule W1)
			return s.appendDice(dst)
		}
		return append(dst, d.pass(s.forfeit()))
	}
	return dst
}

// pass returns the pass of amount d, the forfeiting pass (rule C9) if
// forfeit: a move of no token (its token and its progress from and to
// are -1: the fields' zero).
func (d due) pass(forfeit bool) Move {
	f := flagValid
	if forfeit {
		f |= flagForfeit
	}
	return Move{d.base() | uint64(f)<<mFlags}
}

// appendWithExtra is appendLegal where a token has a second move (rule
// F1): it comes after the token's move to its start square.
func (s *State) appendWithExtra(d due, dst []Move) []Move {
	switch {
	case s.extra == extraChoices:
		return s.appendChoices(d, dst) // rules Y5, Y6, Y7
	case s.extra&extraDice != 0:
		return s.appendSettled(d, dst) // rule W1
	}
	xi := extraToken(s.extra)
	n := len(dst)
	for i, l := range s.moves {
		if l != 0 {
			dst = append(dst, s.laneMove(d, i, l))
		}
		if i == xi {
			dst = append(dst, s.extraMove(d))
		}
	}
	// The token's entry may have jumped on from a star past the run's
	// square (rule D2): canonical order is by where the moves go.
	slices.SortFunc(dst[n:], Move.Compare)
	return dst
}

// LegalMoves returns the legal moves of the position in a new slice; see
// [State.AppendLegalMoves].
func (s State) LegalMoves() []Move {
	return s.AppendLegalMoves(make([]Move, 0, MaxMoves))
}

// LegalMovesSeq yields the same moves as [State.LegalMoves] without
// constructing the slice.
func (s State) LegalMovesSeq() iter.Seq[Move] {
	return func(yield func(Move) bool) {
		var buf [MaxMoves]Move
		for _, m := range s.AppendLegalMoves(buf[:0]) {
			if !yield(m) {
				return
			}
		}
	}
}

// TokenMove returns the move token i of the player to move makes with the
// amount due, or an [*IllegalMoveError] naming the rule that forbids it.
// It suits a game that lets the player pick a token. Where a token has two
// moves (rule F1) it returns the first; the other is among
// [State.LegalMoves].
func (s State) TokenMove(i int) (Move, error) {
	if err := s.moveDue(); err != nil {
		return Move{}, err
	}
	d := s.head()
	m := newMove(d.c(), i, -1, int(d.steps()), int(d.face()))
	if !s.hasToken(d.c(), i) {
		return Move{}, refusal{why: refWrongTokens}.err(m, &s)
	}
	if s.forfeit() {
		return Move{}, s.forfeitError(m)
	}
	if s.rs.feat&featTwoDice != 0 {
		return s.diceTokenMove(i)
	}
	return s.decide(d, i)
}

// decide returns the legal move of token i of colour d.c() with amount d, as
// the judge and the filters make it, or the error that says why it has
// none.
func (s *State) decide(d due, i int) (Move, error) {
	c := d.c()
	// A token alike with a lower-numbered one makes that token's move
	// (ruling Q9).
	first := i
	for j := range i {
		if s.tok[c][j] == s.tok[c][i] {
			first = j
			break
		}
	}
	if l := s.moves[first]; l != 0 {
		return s.laneMove(d, i, l), nil
	}
	if s.extra == extraChoices {
		if m, ok := s.choiceOf(d, i, func(Move) bool { return true }); ok {
			return m, nil // a token whose first legal move is an alternative (rules Y5, Y6)
		}
	} else if s.extra != 0 && extraToken(s.extra) == first {
		return s.laneMove(d, i, s.extra), nil
	}
	l, r := s.tokenMove(d, i)
	m := s.laneMove(d, i, l)
	if s.rs.feat&featPairEntry != 0 && m.Enters() && d.face() == s.rs.six && r.why == legal {
		m, r = s.pairMove(d, i)
	}
	if r.why != legal {
		return Move{}, r.err(m, s)
	}
	// Legal on its own, so a filter refused it.
	return Move{}, s.filterError(d, m)
}

// moveDue returns the error of a move asked for where none is due, or nil.
func (s State) moveDue() error {
	switch {
	case s.rs == nil:
		return ErrNoGame
	case s.over():
		return ErrGameOver
	case s.due.head == 0:
		return fmt.Errorf("%w: %v must roll before moving", ErrWrongPhase, s.turn)
	}
	return nil
}

// forfeitError returns the error refusing m where the roll is forfeited
// (rule C9).
func (s *State) forfeitError(m Move) error {
	return &IllegalMoveError{Move: m, Rule: "C9", Reason: fmt.Sprintf(
		"%v rolled %d bonus-earning rolls in a row, so the last is forfeited and no token may move", s.turn, s.streak)}
}

// ---------------------------------------------------------------------
// Apply

// Apply plays move m and returns the next position. It always validates:
// m must be a legal move of s (a move from [State.LegalMoves] or
// [State.TokenMove], or the same move by another token standing on the
// same square). An illegal move returns an [*IllegalMoveError] naming the
// rule it breaks; a call while a roll is due returns [ErrWrongPhase], after
// the game [ErrGameOver]. s is never changed.
//
// After a token move, a bonus move it earned comes next (rule P8; one
// that no token can make is lost); then the same player rolls again if the
// die earns a bonus roll (rule C9) or the move earned one (rules K2, K3),
// unless that move brought their last token home (ruling Q6); otherwise
// the turn passes clockwise to the next player still playing. A pass
// keeps the turn for a bonus roll unless [Rules.NoMoveForfeitsBonus]
// (ruling Q1), or for another try (rule M4); a forfeiting pass applies
// [Rules.SixPenalty] and passes the turn (rule C9, ruling Q2, rule P9).
func (s State) Apply(m Move) (State, error) {
	err := s.apply(m) // small enough to inline: s is the caller's copy
	return s, err
}

// apply is Apply on s in place. It changes s only when m is legal.
func (s *State) apply(m Move) error {
	d := s.head()
	if i := m.Token() & (MaxTokens - 1); m.v == d.base()|s.tokenPart(d.c(), i)|uint64(s.moves[i])<<laneShift && s.moves[i] != 0 { // judged legal
		s.applyToken(m)
		return nil
	}
	// Not a move listed: a pass, an alike token's move (ruling Q9), a
	// second move (rule F1), or an illegal move, which decide says why.
	if d.steps() == 0 {
		return s.moveDue()
	}
	if s.rs.feat&featTwoDice != 0 {
		return s.applyDice(m)
	}
	c := d.c()
	switch {
	case !m.IsValid() || m.Color() != c:
		return s.notMover(m, c)
	case m.Die() != int(d.face()) || m.Count() != int(d.steps()) || m.amount() != int(d.k()):
		switch {
		case d.face() == 0:
			return s.illegal(m, "P8", "the move due is a bonus move of %d", d.steps())
		case m.Die() == 0:
			return s.illegal(m, "C8", "the move is a bonus move, but the move due plays the %d rolled", d.face())
		case m.Die() != int(d.face()):
			return s.illegal(m, "C8", "the move plays a %d but the die shows %d", m.Die(), d.face())
		}
		return s.illegal(m, "C8", "the move counts %d, but the %d rolled counts %d", m.Count(), d.face(), d.steps())
	}
	if s.forfeit() {
		if m.IsPass() && m.Forfeits() {
			s.applyForfeit()
			return nil
		}
		return s.forfeitError(m)
	}
	if m.IsPass() {
		if m.Forfeits() {
			return s.illegal(m, "C9", "%v has not reached the six limit, so nothing is forfeited", c)
		}
		if s.canMove() {
			return s.passRefused(d, m)
		}
		s.applyPass()
		return nil
	}
	i := m.Token()
	if uint(i) >= uint(s.rs.tokens) {
		return refusal{why: refWrongTokens}.err(m, s)
	}
	if from := int(s.tok[c][i]) - 1; from != m.From() {
		return s.illegal(m, "", "%v token %d is at %s, not %s", c, i, progressString(from), progressString(m.From()))
	}
	want, err := s.decide(d, i)
	if err != nil || want != m {
		return s.undecided(d, m, i, want, err)
	}
	s.applyToken(m)
	return nil
}

// passRefused plays pass m of amount d where a token can move, if it is
// a refusal to move (rule Y7), or returns the error refusing it (rule
// C10, or Y7). It keeps apply's common path small.
//
//go:noinline
func (s *State) passRefused(d due, m Move) error {
	if s.rs.feat&featChoices != 0 {
		if done, err := s.applyChoice(d, m); done { // rule Y7: refusing to move
			return err
		}
	}
	var buf [MaxMoves]Move
	return s.illegal(m, "C10", "%v must move when a token can: %v", d.c(), s.appendLegal(buf[:0])[0])
}

// undecided plays move m of token i, amount d, where it is not the move
// decide made (want, or the error err): the token's second move (rule
// F1), or one of the choices (rules Y5, Y6); else it returns the error
// refusing m. It keeps apply's common path small.
//
//go:noinline
func (s *State) undecided(d due, m Move, i int, want Move, err error) error {
	c := d.c()
	if e, ok := err.(*IllegalMoveError); ok {
		if s.rs.feat&featChoices != 0 {
			if done, err := s.applyChoice(d, m); done { // rules Y5, Y6: an alternative, though the token's own move is refused
				return err
			}
		}
		e.Move = m // the move refused is the one given
		return e
	}
	if alt, ok := s.decideExtra(d, i); !ok || alt != m {
		if s.rs.feat&featChoices != 0 {
			if done, err := s.applyChoice(d, m); done { // rules Y5, Y6: a move beside the token's first
				return err
			}
		}
		if l, r := s.tokenMove(d, i); s.extra == extraChoices && r.why == legal && s.laneMove(d, i, l) == m {
			return s.filterError(d, m) // a filter kept an alternative, not m (rules Y5, Y6)
		}
		return s.illegal(m, "", "the move does not match the position: %v token %d makes %v", c, i, want)
	}
	s.applyToken(m)
	return nil
}

// notMover returns the error of move m, which is no move, or not a move
// of colour c's tokens, the mover's (rules C3, T2).
func (s *State) notMover(m Move, c Color) error {
	switch {
	case !m.IsValid():
		return s.illegal(m, "", "the zero Move is no move")
	case s.rs.feat&featShare != 0:
		return s.illegal(m, "T3", "it is %v's turn, whose player moves %v's and %v's tokens, not %v's", s.turn, c, s.mateOf(c), m.Color())
	case c != s.turn:
		return s.illegal(m, "T2", "%v has finished and plays on with %v's tokens, not %v's", s.turn, c, m.Color())
	}
	return s.illegal(m, "C3", "it is %v's turn, not %v's", s.turn, m.Color())
}

// decideExtra returns the second move (rule F1) of token i of colour d.c()
// with amount d, which a token alike with the one the extra lane names
// makes too (ruling Q9), if there is one.
func (s *State) decideExtra(d due, i int) (Move, bool) {
	if s.extra == 0 || s.extra == extraChoices || s.tok[d.c()][extraToken(s.extra)] != s.tok[d.c()][i%MaxTokens] {
		return Move{}, false
	}
	return s.laneMove(d, i, s.extra), true
}

// illegal returns the error refusing m for breaking rule (empty where m
// does not fit the position at all), with the reason in words.
func (s *State) illegal(m Move, rule, format string, a ...any) error {
	return &IllegalMoveError{Move: m, Rule: rule, Reason: fmt.Sprintf(format, a...)}
}

// applyToken plays a legal token move.
func (s *State) applyToken(m Move) {
	rs := s.rs
	c, i, to := m.Color(), m.Token()&(MaxTokens-1), m.To()
	if rs.feat&featLater != 0 {
		s.leave(c, i) // rule P4: the square left keeps who arrived last
	}
	// The track square it lands on, 0 off the track.
	sq := s.trackSquare(c, to)
	if m.Captures() > 0 { // rule C11: captured tokens go back to their yards
		if rs.feat&featPassCapture != 0 {
			s.captureOvertaken(m) // rule S1: and those it passed
		}
		if m.Jumps() { // on the star landed on, then on the star jumped to (rule D2)
			p := s.starLanded(m, i)
			s.capture(m.withTo(p), s.trackSquare(c, p))
		}
		if sq != 0 {
			s.capture(m, sq)
		}
		if rs.feat&featCircle != 0 {
			s.captured |= 1 << c // rule K4: its home column opens
		}
		if m.Retires() { // rule N1: the capturer leaves the board as finished
			to, sq = int(rs.finish), 0
		}
	}
	s.tok[c][i] = uint8(to + 1)
	s.at.set(c, i, sq)
	s.tries = 0 // rule M4: the throws count while nothing can move, and now a token has
	if rs.feat&(featPairEntry|featCapturePenalty|featLater|featBlocks|featLastMoved) != 0 {
		s.afterMove(m, sq)
	}
	if m.Finishes() && s.finished(c) { // rule C6
		s.place(c)
		if rs.feat&featShare == 0 || s.over() {
			s.nextTurn() // ruling Q6: no bonus with nothing left to move
			return
		}
		s.due.head = uint32(s.head().withColor(s.mover(), false)) // rule T3: the player's other colour plays on with what is due
	}
	if g := rs.goesOn; g != 0 { // what may be due after the move
		if g == goesOnBonus {
			if (m.Captures() > 0 || m.Finishes()) && s.earn(m) {
				return // a bonus move is due (rule P8)
			}
		} else if s.diceGoOn(m) {
			return // another amount of the throw is due (rules W1, W4)
		}
	}
	s.endMove()
}

// afterMove does what move m does after its token lands on track square
// sq (0 off the track): a second token enters with it (rule F1), the
// token that could have captured goes home (rule M8: it moves, then goes
// home), it arrived after the token there (rule P4), blocks form or open
// (rule B1), and it is the token moved last (rule P9).
func (s *State) afterMove(m Move, sq uint8) {
	rs := s.rs
	c, i, to := m.Color(), m.Token()&(MaxTokens-1), m.To()
	if m.has(flagPair) {
		if m.Enters() {
			if to >= 0 {
				// Rule F1: the lowest-numbered other token in the yard
				// enters too, and stays on the start square where the
				// mover jumps on from it (rule D2); a pair sent home goes
				// home together.
				for j := range int(rs.tokens) {
					if j != i && s.tok[c][j] == 0 {
						s.tok[c][j] = 1
						s.at.set(c, j, s.trackSquare(c, 0))
						break
					}
				}
			}
		} else {
			s.moveTower(m, sq) // rule R5
		}
	}
	if rs.feat&featCapturePenalty != 0 && m.Captures() == 0 {
		s.capturePenalty(m) // rule M8: after the move, the token that could have captured
	}
	if rs.feat&featLater != 0 && sq != 0 {
		switch here := s.at.match(sq); bits.OnesCount32(here) {
		case 2:
			s.later |= tokenBit(c, i) // rule P4: it arrived after the token there
		case 1:
		default:
			s.later &^= here // a third token: none arrived after the one other
		}
	}
	if rs.feat&featBlocks != 0 {
		words := uint(1) << (int(c) * MaxTokens / 8) // the mover's word
		if m.Captures() > 0 {
			words = 1<<laneWords - 1 // and the captured tokens' words
		}
		s.findBlocks(words)
	}
	if rs.feat&featLastMoved != 0 {
		s.setLastMoved(i) // rule P9
	}
}

// moveTower plays the rest of move m, a tower moving whole onto an
// opponent's tower on track square sq (rule R5): that tower goes home
// (victims, which capture asks, refuses the landing), and the other
// token of the mover's square comes with it.
func (s *State) moveTower(m Move, sq uint8) {
	c, i, to := m.Color(), m.Token()&(MaxTokens-1), m.To()
	for x := s.at.match(sq) &^ colorBits(c); sq != 0 && m.Captures() > 0 && x != 0; x &= x - 1 { // (a tower moving whole home, or onto a square it shares, rule Y5, captures nobody)
		k := bits.TrailingZeros32(x)
		s.tok[k/MaxTokens][k%MaxTokens] = 0
		s.at.set(Color(k/MaxTokens), k%MaxTokens, 0)
	}
	for j := range int(s.rs.tokens) {
		if j != i && int(s.tok[c][j])-1 == m.From() {
			s.tok[c][j] = uint8(to + 1)
			s.at.set(c, j, sq)
			break
		}
	}
}

// earn gives what move m, which captured or brought a token home, earned
// (rules K2, K3, P8): a bonus roll owed after the move, or a bonus move
// due now. It reports whether a bonus move is due; one that no token can
// make is lost.
func (s *State) earn(m Move) bool {
	earned := s.rs.homeBonus
	if m.Captures() > 0 {
		earned = s.rs.captureBonus
	}
	if earned == BonusRoll {
		s.flags |= stateExtraRoll
	}
	if n := earned.Steps(); n > 0 {
		// The move played the one amount due (one die): the bonus move
		// takes its place.
		s.startCount(dueOf(m.Color(), 0, uint8(n)))
		return s.canMove()
	}
	return false
}

// diceGoOn does what move m, with two dice, leaves due (rules W1, W4):
// a bonus roll it earned (rules K2, K3) is owed, a bonus move it earned
// (rule P8) is counted, to come once the dice are played, and the next
// amount of the throw, if any, becomes due. It reports whether one is.
func (s *State) diceGoOn(m Move) bool {
	rs := s.rs
	if m.Captures() > 0 || m.Finishes() {
		earned := rs.homeBonus
		if m.Captures() > 0 {
			earned = rs.captureBonus
		}
		if earned == BonusRoll {
			s.flags |= stateExtraRoll
		}
		// A token home's bonus of a capture's steps counts as a
		// capture's: the moves are the same.
		capture := m.Captures() > 0 || rs.homeBonus == rs.captureBonus
		switch {
		case earned.Steps() == 0:
		case capture:
			s.due.bonus++
		default:
			s.due.bonus += bonusHome
		}
	}
	return s.due.rest() != 0 && s.nextDie(m)
}

// canMove reports whether a token can make the move due: where none can,
// the only legal move is a pass (rule C10).
func (s *State) canMove() bool {
	return s.moves != ([MaxTokens]uint32{}) || s.extra != 0
}

// starLanded returns the progress where move m of token i, which jumps
// (rule D2), landed before its jump: where its count took it.
func (s *State) starLanded(m Move, i int) int {
	switch {
	case m.Enters() && !m.EntersPair() && s.extra != 0 && m.lane() == s.extra&^laneTokMask:
		return s.rs.runTo() // rule F1: the run
	case m.Enters():
		return 0
	}
	_, to, _, _ := s.target(m.due(), i)
	return to
}

// capture sends the opponents move m captures on track square sq to their
// yards (rule C11).
func (s *State) capture(m Move, sq uint8) {
	caught, _, _ := s.victims(m, sq)
	s.sendHome(caught)
}

// captureOvertaken sends the opponents move m passes on squares that are
// not safe to their yards, under OvertakeCaptures (rule S1): the tokens
// passes finds, as the judge counted them.
func (s *State) captureOvertaken(m Move) {
	s.sendHome(s.overtaken(m.Color(), m.From(), m.To(), m.Bounces()))
}

// sendHome sends the tokens caught, a token set (see tokenBit), to their
// yards.
func (s *State) sendHome(caught uint32) {
	for k, x := 0, caught; x != 0; x &= x - 1 {
		k = bits.TrailingZeros32(x)
		o, j := Color(k/MaxTokens), k%MaxTokens
		if s.rs.feat&featLater != 0 {
			s.leave(o, j)
		}
		s.tok[o][j] = 0
		s.at.set(o, j, 0)
	}
}

// leave clears who arrived last on the square token i of colour c leaves
// (rule P4): the token left behind is alone there.
func (s *State) leave(c Color, i int) {
	if s.later == 0 { // nobody arrived after another
		return
	}
	s.later &^= tokenBit(c, i)
	if sq := s.at.byteOf(c, i); sq != 0 {
		s.later &^= s.at.match(sq)
	}
}

// endMove ends a move and the bonus moves it led to: a bonus roll if one
// is owed (rules C9, K2, K3), else the next turn.
func (s *State) endMove() {
	faceBonus := s.flags&stateEarns != 0
	if faceBonus || s.flags&stateExtraRoll != 0 { // a bonus roll
		if !faceBonus {
			s.streak = 0 // rule C9: a roll earned otherwise breaks the streak
		}
		s.moves, s.extra = [MaxTokens]uint32{}, 0
		s.throw, s.due, s.flags = 0, amounts{}, s.flags&stateLast // the token moved last stays for the turn (rule P9)
		if s.rs.feat&featSplit != 0 {
			s.begin = s.tok // rules H5, U2: the next throw begins here
		}
		return
	}
	s.nextTurn()
}

// capturePenalty sends home the token that could have captured, where
// move m, which does not capture, is made while one could (rule M8): the
// token furthest on, if several could, as they stood before the move.
func (s *State) capturePenalty(m Move) {
	d, c, mover := m.due(), m.Color(), m.Token()
	best, far := -1, -2
	for k, l := range s.moves {
		if l == 0 || s.laneMove(d, k, l).Captures() == 0 {
			continue
		}
		p := int(s.tok[c][k]) - 1
		if k == mover {
			p = m.From()
		}
		if p > far {
			best, far = k, p
		}
	}
	if best < 0 || best == mover { // the mover's other move would have captured (rule F1): no penalty
		return
	}
	if s.rs.feat&featLater != 0 {
		s.leave(c, best)
	}
	s.tok[c][best] = 0
	s.at.set(c, best, 0)
}

// applyPass plays a pass that rule C10 forces.
func (s *State) applyPass() {
	rs := s.rs
	s.moves, s.extra = [MaxTokens]uint32{}, 0
	switch {
	case s.head().face() == 0: // rule P8: a bonus move no token can make is lost
		s.endMove()
	case s.flags&stateEarns != 0 && rs.feat&featNoMoveForfeits == 0: // ruling Q1
		s.throw, s.due, s.flags = 0, amounts{}, s.flags&^(stateEarns|stateBottoms)
	case rs.feat&featTries != 0 && int(s.tries)+1 < rs.rules.Tries && s.nothingInPlay(s.mover()): // rule M4
		s.tries++
		s.throw, s.due, s.flags = 0, amounts{}, s.flags&^(stateEarns|stateBottoms)
	default:
		s.nextTurn()
	}
}

// nothingInPlay reports whether none of colour c's tokens can move but by
// entering: each is in the yard, finished, or in its home column with no
// face of the throw that moves it (rule M4).
func (s *State) nothingInPlay(c Color) bool {
	rs := s.rs
	for i := range int(rs.tokens) {
		switch p := int(s.tok[c][i]) - 1; {
		case p < 0 || p == int(rs.finish):
			continue
		case rs.onTrack(p):
			return false
		}
		for x := uint64(rs.faces); x != 0; x &= x - 1 {
			f := uint8(bits.TrailingZeros64(x))
			if _, r := s.tokenMove(dueOf(c, f, f), i); r.why == legal {
				return false
			}
		}
	}
	return true
}

// applyForfeit plays the forfeiting pass of rule C9 with its penalty
// (ruling Q2, rule P9).
func (s *State) applyForfeit() {
	rs := s.rs
	switch {
	case rs.feat&featUndo != 0:
		s.tok = s.begin
		s.later = 0
		s.locate()
	case rs.rules.SixPenalty == NearestHome: // rule H3
		c, best, far := s.mover(), -1, -1
		for i := range int(rs.tokens) {
			if p := int(s.tok[c][i]) - 1; p >= 0 && p != int(rs.finish) && rs.lap(p) > far {
				best, far = i, rs.lap(p)
			}
		}
		if best >= 0 {
			if rs.feat&featLater != 0 {
				s.leave(c, best)
			}
			s.tok[c][best] = 0
			s.at.set(c, best, 0)
			s.findBlocks(1<<laneWords - 1)
		}
	case rs.rules.SixPenalty == ExposedHome: // rule S3
		c := s.mover()
		for i := range int(rs.tokens) {
			if p := int(s.tok[c][i]) - 1; rs.onTrack(p) && rs.square[s.trackSquare(c, p)]&squareSafe == 0 {
				if rs.feat&featLater != 0 {
					s.leave(c, i)
				}
				s.tok[c][i] = 0
				s.at.set(c, i, 0)
			}
		}
		s.findBlocks(1<<laneWords - 1)
	case rs.feat&featLastMoved != 0 && s.lastMoved() >= 0:
		c, i := s.mover(), s.lastMoved()%MaxTokens
		if rs.onTrack(int(s.tok[c][i]) - 1) {
			if rs.feat&featLater != 0 {
				s.leave(c, i)
			}
			s.tok[c][i] = 0
			s.at.set(c, i, 0)
			s.findBlocks(1<<laneWords - 1)
		}
	}
	s.nextTurn()
}

// finished reports whether colour c is done: FinishTokens of its tokens
// at the finish, or under GoalSlots its tokens on the last goal squares
// (rules C6, M1, K6).
func (s *State) finished(c Color) bool {
	rs := s.rs
	n := 0
	for _, v := range s.tok[c][:rs.tokens] {
		if v > rs.doneFrom && v <= rs.finish+1 {
			n++
		}
	}
	return n >= int(rs.finishTokens)
}

// teamFinished reports whether every colour on c's side is done.
func (s *State) teamFinished(c Color) bool {
	for o := range s.rs.mates[c].All() {
		if !s.finished(o) {
			return false
		}
	}
	return true
}

// place gives colour c, which has just finished, its place (rule C6), and
// ends the game where that is the end (ruling Q10, rule T1).
func (s *State) place(c Color) {
	rs := s.rs
	if rs.feat&featTeams != 0 {
		if s.teamFinished(c) {
			s.placeTeams(rs.mates[c])
		}
		return
	}
	s.placed++
	s.places.give(c, int(s.placed))
	if rs.rules.End != FirstWinner && s.placed == rs.players-1 {
		s.rankLast() // ruling Q10
	}
}

// placeTeams gives the team winners first place and the other second,
// which ends the game (rule T1).
func (s *State) placeTeams(winners Colors) {
	for c := range s.rs.seats.All() {
		s.places.give(c, 2)
		if winners.Has(c) {
			s.places.give(c, 1)
		}
	}
	s.placed = s.rs.players
}

// rankLast gives the one player still playing the last place: the game
// ends when only one is left (ruling Q10).
func (s *State) rankLast() {
	for o := range s.rs.seats.All() {
		if s.places.of(o) == 0 {
			s.placed++
			s.places.give(o, int(s.placed))
		}
	}
}

// nextTurn passes the turn clockwise to the next player still playing
// (rule C3), unless the game is over.
func (s *State) nextTurn() {
	s.moves, s.extra = [MaxTokens]uint32{}, 0
	s.throw, s.due, s.flags, s.streak, s.tries = 0, amounts{}, 0, 0, 0
	rs := s.rs
	if rs.feat&(featUndo|featSplit) != 0 {
		s.begin = s.tok // the next turn, and throw, begins here (at game over too)
	}
	if s.over() {
		return
	}
	// The seated colours still playing; the next after the turn, or the
	// first, goes next.
	live := rs.seats &^ s.places.done()
	if rs.feat&featTeams != 0 {
		live = s.teamLive(live)
	}
	s.turn = rs.nextSeat[s.turn][live&allColors]
}

// teamLive returns live less the colours whose tokens have all finished:
// with partners a finished colour takes no more turns though its team
// has no place yet (rule T1).
func (s *State) teamLive(live Colors) Colors {
	if s.rs.feat&featPlayOn != 0 {
		return live // rule T2: it plays on
	}
	for c := range live.All() {
		if s.finished(c) {
			live &^= 1 << c
		}
	}
	return live
}

// ---------------------------------------------------------------------
// Two dice

// A throw of two dice (rule W1) makes each die an amount due: the first
// die amount 0, the second amount 1 (a double played as tops and bottoms,
// rule H2, four amounts), each played by a move of its own, in any order,
// on one token or more; the bonus moves the throw earns come after them
// (rule W4). The amount judged first (head) is the lowest-numbered still
// due, and more keeps the others (see amounts). The legal moves are
// judged by the same stages as one die's, for each amount due on a copy
// of the State (diceMoves), and rule W2 keeps those that play as many of
// the dice as can be played (useDice); where the amounts become due, the
// State keeps what they judged (settle), so that AppendLegalMoves and
// Apply judge the throw no more. W2 plays a move on a copy to look ahead
// (diceAfter) only where no move of the other amount is judged after it
// as before (untouched, following).

// RollDice plays a throw of two dice, faces a and b, for the player to
// move, where the rules throw two dice (rule W1), and returns the position
// waiting for their moves: each die is a move of its own (see
// [State.Dice]). A double of a face in [Rules.BonusRolls] earns a bonus
// roll and adds to [State.Streak] (rule W3). Errors are those of
// [State.Roll], and a throw of one die's rules or a face outside 1 to 6
// matches [ErrBadFace].
func (s State) RollDice(a, b int) (State, error) {
	err := s.rollDice(a, b)
	return s, err
}

// RollOutcome plays throw o: [State.Roll] with its face, or with two dice
// [State.RollDice] with both (o.Prob is not read).
func (s State) RollOutcome(o Outcome) (State, error) {
	if o.Second == 0 {
		return s.Roll(o.Face)
	}
	return s.RollDice(o.Face, o.Second)
}

// rollDice is RollDice on s in place. It changes s only when the throw is
// accepted.
func (s *State) rollDice(a, b int) error {
	rs := s.rs
	if s.due.head != 0 || s.over() {
		return s.rollError(a)
	}
	if rs.feat&featTwoDice == 0 || !rs.faces.Has(a) || !rs.faces.Has(b) {
		return &throwError{faces: [2]int{a, b}, two: rs.feat&featTwoDice != 0}
	}
	s.throw = uint8(a) | uint8(b)<<3
	if rs.earns(uint8(a), uint8(b)) {
		s.flags |= stateEarns
		if s.streak < 255 {
			s.streak++
		}
		if s.streak == rs.sixLimit {
			s.flags |= stateForfeit
		}
	}
	c := s.mover()
	s.due.head = uint32(dueOf(c, uint8(a), uint8(a)))
	s.due.more[0] = uint8(b)
	if rs.feat&featSplit != 0 {
		s.begin = s.tok // rules H5, U2: where the throw began
	}
	if a == b && rs.rules.TopsAndBottoms && s.allOut(c) && !s.forfeit() { // rule H2: the bottoms, 7 minus the top on a die
		s.flags |= stateBottoms
		s.due.more = [maxDue - 1]uint8{uint8(7 - a), uint8(a), uint8(7 - a)}
	}
	s.settle()
	return nil
}

// earns reports whether a throw of faces a and b (b 0 for one die) earns
// a bonus roll: with one die a face of BonusRolls (rule C9); with two a
// double of one (rule W3), or under BonusAnyDie such a face on either
// die, once (rule U1).
func (rs *ruleset) earns(a, b uint8) bool { return earnsThrow(rs.bonus, rs.rules.BonusAnyDie, a, b) }

// earnsThrow is earns for the faces of BonusRolls, bonus, and
// BonusAnyDie, anyDie.
func earnsThrow(bonus Faces, anyDie bool, a, b uint8) bool {
	switch {
	case b == 0:
		return bonus.has(a)
	case anyDie:
		return bonus.has(a) || bonus.has(b)
	}
	return a == b && bonus.has(a)
}

// amountFaces returns the faces of the amounts of the throw being played,
// by index, played or not: the two dice, or the four of tops and bottoms
// (rule H2); none with one die.
func (s *State) amountFaces() [4]int {
	a, b := s.dice()
	switch {
	case s.rs == nil || s.rs.feat&featTwoDice == 0 || a == 0:
		return [4]int{}
	case s.flags&stateBottoms != 0:
		return [4]int{int(a), 7 - int(a), int(a), 7 - int(a)}
	}
	return [4]int{int(a), int(b)}
}

// dice returns the faces of the throw: with two dice (rule W1) the first
// die's and the second's, else the face and 0.
func (s *State) dice() (a, b uint8) {
	if s.rs != nil && s.rs.feat&featTwoDice != 0 {
		return s.throw & 7, s.throw >> 3
	}
	return s.throw, 0
}

// diePlayed reports whether a die of the throw has been played (rule
// W1): the first is no longer the head, or the second no longer due.
func (s *State) diePlayed() bool {
	switch a := &s.due; {
	case s.rs.feat&featTwoDice == 0 || a.head == 0:
		return false
	case a.first() != 0:
		return true
	case s.flags&stateBottoms != 0:
		return a.more[0] == 0 || a.more[1] == 0 || a.more[2] == 0
	}
	return s.due.more[0] == 0
}

// dues returns the amounts due that the player may play now, the head
// first, each as the stages judge it: the dice still due, or once they
// are played the bonus moves earned (rule P8).
func (s *State) dues() (ds [maxDue]due, n int) {
	d := s.head()
	k := s.due.first()
	ds[0], n = d|due(k)<<mAmount, 1
	if k >= amountCapture { // the bonus moves: a capture's is the head, and a token home's may follow
		if _, h := s.due.earned(); k == amountCapture && h > 0 {
			ds[1], n = dueOf(d.c(), 0, uint8(s.rs.homeBonus.Steps()))|amountHome<<mAmount, 2
		}
		return ds, n
	}
	c := d & (0xf << mColor)
	for j, st := range s.due.more {
		if st != 0 {
			ds[n] = c | due(st)<<mDie | due(st)<<mCount | due(j+1)<<mAmount // dueOf(d.c(), st, st)
			n++
		}
	}
	return ds, n
}

// dueCount returns how many amounts dues returns.
func (s *State) dueCount() int {
	a := &s.due
	if k := a.first(); k >= amountCapture {
		if _, h := a.earned(); k == amountCapture && h > 0 {
			return 2
		}
		return 1
	}
	return 1 + b2i(a.more[0] != 0) + b2i(a.more[1] != 0) + b2i(a.more[2] != 0)
}

// nextDie ends amount k, just played, with two dice (rule W1), and
// reports whether another is due, which it makes the head: the other
// die, or once the dice are played a bonus move earned (rule P8), a
// capture's first.
func (s *State) nextDie(m Move) bool {
	a := &s.due
	k := m.amount()
	if m.BothDice() { // rule H1: the second die too
		a.more[0] = 0
	}
	switch {
	case k == amountCapture:
		a.bonus--
	case k == amountHome:
		a.bonus -= bonusHome
	case k != a.first(): // the head is still due
		a.more[k-1] = 0
		return true
	}
	c := s.head().c()
	for j, st := range a.more {
		if st != 0 {
			a.head = uint32(dueOf(c, st, st))
			a.setFirst(j + 1)
			a.more[j] = 0
			return true
		}
	}
	return s.bonusNext(c)
}

// bonusNext makes the first bonus move the throw earned colour c's move
// due, once its dice are played or none of them can be (rule W4): a
// capture's first. It reports whether one was earned.
func (s *State) bonusNext(c Color) bool {
	a := &s.due
	switch captures, home := a.earned(); {
	case captures > 0:
		a.head = uint32(dueOf(c, 0, uint8(s.rs.captureBonus.Steps())))
		a.setFirst(amountCapture)
	case home > 0:
		a.head = uint32(dueOf(c, 0, uint8(s.rs.homeBonus.Steps())))
		a.setFirst(amountHome)
	default:
		return false
	}
	return true
}

// passDice plays the pass of a throw of two dice none of whose amounts
// left can be played, after one was (rules W1, W2): a bonus move that no
// token can make is lost with any due after it (rule P8); dice that none
// can make leave the bonus moves the throw earned to come (rule W4);
// else the turn goes on as after a move.
func (s *State) passDice() {
	a := &s.due
	if a.first() < amountCapture {
		a.more = [maxDue - 1]uint8{}
		if s.bonusNext(s.head().c()) {
			s.settle()
			return
		}
	}
	s.endMove()
}

// appendDice is appendLegal with two dice: the moves of every die due
// that rule W2 lets the player make, in canonical order, or the pass
// where there are none (rule C10) or the throw is forfeited (rule C9).
func (s *State) appendDice(dst []Move) []Move {
	d := s.head()
	if s.forfeit() {
		return append(dst, d.pass(true))
	}
	var buf [MaxMoves]Move
	moves := s.useDice(s.diceMoves(buf[:0]))
	if len(moves) == 0 {
		return append(dst, d.pass(false))
	}
	n := len(dst)
	dst = append(dst, moves...)
	sortMoves(dst[n:])
	return dst
}

// The kinds of move a State keeps with two dice (settle): of the head
// (the amount due first), of another amount due (kindOther: the other
// die, or the bottom to a top, rule H2, or a token home's bonus move
// after a capture's, rule W4), of both dice (kindBoth: rules H1, U2),
// each of the mover's colour or of the player's other (rule T3). A
// move of the head by the mover's colour is kept as its token's lane in
// moves, with settledLane, a bit no Move has, so that Apply's one-die
// comparison never takes it and sends every move to applyDice, which
// settles after it; the others as a bit of their token in extra, at
// settledBit[mate][kind], with extraDice, each judged again when listed
// (kindMove). No bit is bit 8, the lanes' valid bit, so that extra is
// never taken for a lane (starLanded).
const (
	kindHead = iota
	kindOther
	kindBoth

	extraDice   = uint32(1) << 30 // extra marks the moves settle kept (never a lane's bit: mLaneTok and mAmount lie below it, mMate is a mate's)
	settledLane = uint32(1) << 31 // bit 63 of a Move, which none has
)

var settledBit = [2][3]uint8{{0, 0, 4}, {12, 16, 20}}

// settle judges, with two dice, the moves of the amounts due where they
// become due (after the throw, and after a move or a pass that leaves
// one due), by the stages appendDice lists them with, rule W2 included,
// and keeps them in moves and extra (see kindHead), so that
// AppendLegalMoves lists them (appendSettled) and Apply finds its move
// among them (settled) without judging the throw again, as one die's
// startCount makes them. It keeps none where no move is due, or where
// the throw is forfeited (rule C9), whose pass appendDice lists. Rule
// W2's look ahead (diceAfter) plays its moves by applyToken, which
// does not settle: the transitions do (rollDice, applyDice, passDice).
func (s *State) settle() {
	s.moves, s.extra = [MaxTokens]uint32{}, 0
	if s.due.head == 0 || s.forfeit() {
		return
	}
	if s.rs.feat&(featSplit|featShare) == 0 && s.dueCount() == 1 {
		// One amount, of one colour, and nothing of where the throw
		// began: its moves are its lanes as startCount judges them
		// (diceMoves), all of which rule W2 keeps (useDice).
		d := s.head() | due(s.due.first())<<mAmount
		t := s.countOf(d)
		for i, l := range t.moves {
			if l != 0 {
				s.moves[i] = l | uint32(d>>laneShift) | settledLane
			}
		}
		s.extra = extraDice
		return
	}
	var buf [MaxMoves]Move
	moves := s.useDice(s.diceMoves(buf[:0]))
	first, x := s.due.first(), extraDice
	for _, m := range moves {
		mate, kind := m.v>>mMate&1, kindOther
		switch {
		case m.BothDice():
			kind = kindBoth
		case m.amount() == first:
			kind = kindHead
		}
		i := m.Token() & (MaxTokens - 1)
		if mate == 0 && kind == kindHead {
			s.moves[i] = m.lane() | settledLane
		} else {
			x |= 1 << (settledBit[mate][kind] + uint8(i))
		}
	}
	s.extra = x
}

// appendSettled is appendLegal with two dice: the moves settle kept, in
// canonical order, or the pass where there are none (rule C10).
func (s *State) appendSettled(d due, dst []Move) []Move {
	n := len(dst)
	dst = s.settledMoves(d, dst)
	switch {
	case len(dst) == n:
		return append(dst, d.pass(false))
	case s.extra != extraDice: // the head's lanes alone come in token order
		sortMoves(dst[n:])
	}
	return dst
}

// settledMoves appends the moves settle kept, head d: the head's from
// their lanes, the others judged again (kindMove).
func (s *State) settledMoves(d due, dst []Move) []Move {
	base, tok := d.base(), &s.tok[d.c()]
	for i, l := range s.moves {
		if l != 0 {
			dst = append(dst, Move{base | tokenFields(i, tok[i]) | uint64(l&^settledLane)<<laneShift})
		}
	}
	if x := s.extra &^ extraDice; x != 0 {
		ds, n := s.dues()
		other := otherDue(ds, n)
		for ; x != 0; x &= x - 1 {
			b := uint8(bits.TrailingZeros32(x))
			mate, kind := false, kindOther
			switch {
			case b >= settledBit[1][kindHead]:
				mate, kind = true, int(b-settledBit[1][kindHead])/4
			case b >= settledBit[0][kindBoth]:
				kind = kindBoth
			}
			dst = append(dst, s.kindMove(ds[0], other, mate, kind, int(b%4)))
		}
	}
	return dst
}

// kindMove returns the move of kind kind (see kindHead) that settle kept
// for token j of the mover's colour, or where mate of the player's other
// (rule T3), head and other the amounts due: judged as diceMoves judges
// it, of the lowest-numbered token alike with j (ruling Q9), which rule
// U2 may have given to j (diceMoves).
func (s *State) kindMove(head, other due, mate bool, kind, j int) Move {
	c := head.c()
	if mate {
		c = s.mateOf(c)
	}
	v := s.tok[c][j]
	if kind == kindBoth { // rules H1, U2: the token that diceMoves judged
		a, b := s.dice()
		f, col := a+b, dueOf(c, 0, 0).withColor(c, mate)
		if v == 0 {
			l, _ := s.judge(col|dueOf(0, f, f), j, -1)
			return s.entryOf(col, f, j, l)
		}
		l, _ := s.judge(col|dueOf(0, 0, f), j, int(v)-1)
		return s.sumOf(col, f, j, l)
	}
	d := other
	if kind == kindHead {
		d = head
	}
	d = d.withColor(c, mate)
	i := j
	for k := range j {
		if s.tok[c][k] == v {
			i = k
			break
		}
	}
	l, _ := s.judge(d, i, int(v)-1)
	return s.laneMove(d, i, l).withToken(j)
}

// sortMoves sorts moves into canonical order (Move.Compare).
func sortMoves(moves []Move) {
	var keys [MaxMoves]uint64
	if len(moves) > len(keys) {
		slices.SortFunc(moves, Move.Compare)
		return
	}
	for i := range moves {
		m, k := moves[i], moves[i].order()
		j := i
		for ; j > 0 && keys[j-1] > k; j-- {
			moves[j], keys[j] = moves[j-1], keys[j-1]
		}
		moves[j], keys[j] = m, k
	}
}

// diceMoves appends the moves of each die due, as the stages judge one
// die's (startCount): a die that shows the face of another due before it
// (a double) adds the same moves, so it is left out.
func (s *State) diceMoves(dst []Move) []Move {
	start := len(dst)
	ds, n := s.dues()
	t := *s // startCount judges on it, changing only what countOf clears
	for k, d := range ds[:n] {
		seen := false
		for _, e := range ds[:k] {
			seen = seen || e.face() == d.face() && e.steps() == d.steps()
		}
		if seen {
			continue
		}
		for {
			t.moves, t.extra = [MaxTokens]uint32{}, 0
			t.startCount(d)
			for i, l := range t.moves {
				if l != 0 {
					dst = append(dst, t.laneMove(d, i, l))
				}
			}
			if s.rs.feat&featShare == 0 || d>>mMate&1 != 0 {
				break
			}
			d = d.withColor(s.mateOf(d.c()), true) // rule T3: the other colour's tokens too
		}
	}
	if s.rs.feat&featSums != 0 && n >= 2 && ds[0].k() == 0 && ds[1].k() == 1 && s.flags&stateBottoms == 0 { // both dice due
		f := ds[0].face() + ds[1].face()
		for _, c := range [2]Color{ds[0].c(), s.mateOf(ds[0].c())} {
			d := dueOf(c, 0, 0).withColor(c, c != ds[0].c())
			if s.rs.rules.SumMoves {
				dst = s.sumMoves(dst, d, f)
			}
			if s.rs.rules.EntrySum { // after every other move: rule M2 may keep only its entries
				dst = s.sumEntry(dst, d, f)
			}
			if s.rs.feat&featShare == 0 {
				break
			}
		}
	}
	if s.rs.feat&featSplit != 0 && s.diePlayed() { // where the throw began matters (rules U2, H5), once a die is played
		kept := dst[start:start]
		for _, m := range dst[start:] {
			if m, ok := s.split(m); ok {
				kept = append(kept, m)
			}
		}
		dst = kept
	}
	return dst
}

// split returns move m of a die as the rules of where the throw began
// let it be listed, and whether they do: under SumMoves a token that
// played the other die does not take this one, but another token alike
// may (rule U2); under DoublesSplitBlocks a block does not move on
// together by a double (rule H5). Both judge a throw with a die played.
func (s *State) split(m Move) (Move, bool) {
	if s.sumBarred(m) { // rule U2: another token alike may take the die, or none
		j := s.alikeOther(m.Color(), m.Token())
		if j < 0 {
			return m, false
		}
		m = m.withToken(j)
	}
	if s.rs.rules.DoublesSplitBlocks && s.together(m) { // rule H5
		return m, false
	}
	return m, true
}

// together reports whether move m, with an amount of a double, moves a
// token on from a block it stood in when the throw began to the square
// another token of that block has reached by one move of the same
// amount, to stand with it again: rule H5 forbids it. (A token that
// began the throw on the square and stands the amount on has made that
// one move: two moves of a double's amounts never add up to one.)
func (s *State) together(m Move) bool {
	a, b := s.dice()
	c, j := m.Color(), m.Token()&(MaxTokens-1)
	v := s.tok[c][j] // where the token stands, as a State keeps it
	if a != b || m.Enters() || !s.diePlayed() || s.begin[c][j] != v || !s.rs.onTrack(int(v)-1) {
		return false
	}
	x := m.From() + m.Count()
	if m.To() != x {
		return false
	}
	for i := range int(s.rs.tokens) {
		if i != j && s.begin[c][i] == v && int(s.tok[c][i])-1 == x {
			return true
		}
	}
	return false
}

// sumMoves appends the moves of the tokens of col's colour (a due of no
// face: its colour and the mate bit, rule T3) that take both dice as one
// move of their sum f (rule U2): judged as a bonus move's count is, from
// the token's square to where f takes it, landing only there and
// bringing no token out of the yard; a move that plays both dice.
func (s *State) sumMoves(dst []Move, col due, f uint8) []Move {
	t := s.countOf(col | dueOf(0, 0, f))
	for i, l := range t.moves {
		if l != 0 {
			dst = append(dst, s.sumOf(col, f, i, l))
		}
	}
	return dst
}

// sumOf returns the move of token i of col's colour (as sumMoves) with
// both dice as one move of their sum f (rule U2), l its lane as judge
// judges a bonus move of f steps.
func (s *State) sumOf(col due, f uint8, i int, l uint32) Move {
	return s.laneMove(col|dueOf(0, f, f), i, l).asSum(f)
}

// sumBarred reports whether token move m, of a die, is one rule U2
// forbids: under SumMoves, with the other die of the throw played, by the
// token that played it (the one that no longer stands where the throw
// began), unless that move brought it out of the yard (UCK-UK: the token
// brought out moves on with the other die).
func (s *State) sumBarred(m Move) bool {
	if !s.rs.rules.SumMoves || m.BothDice() || m.IsBonusMove() || !s.diePlayed() {
		return false
	}
	c, i := m.Color(), m.Token()&(MaxTokens-1)
	v := s.tok[c][i]
	return v != s.begin[c][i] && v != 1
}

// alikeOther returns another token of colour c alike with token i (on its
// square, ruling Q9), or -1 for none.
func (s *State) alikeOther(c Color, i int) int {
	for j := range int(s.rs.tokens) {
		if j != i && s.tok[c][j] == s.tok[c][i] {
			return j
		}
	}
	return -1
}

// sumEntry appends the entry of a token of col's colour (as sumMoves) with
// both dice where their sum f is an entry face (rule H1), if a token can
// enter; under EntryCompulsory
// the throw must then bring a token in (rule M2), so the moves that do
// not enter go.
func (s *State) sumEntry(dst []Move, col due, f uint8) []Move {
	if !s.rs.entry.has(f) {
		return dst
	}
	t := s.countOf(col | dueOf(0, f, f))
	n := len(dst)
	for i, l := range t.moves {
		if l != 0 && l&(uint32(flagEnter)<<(mFlags-laneShift)) != 0 {
			dst = append(dst, s.entryOf(col, f, i, l))
		}
	}
	if len(dst) > n && s.rs.feat&featEntryFilter != 0 {
		kept := dst[:0]
		for _, m := range dst {
			if m.Enters() {
				kept = append(kept, m)
			}
		}
		dst = kept
	}
	return dst
}

// entryOf returns the entry of token i of col's colour (as sumMoves) with
// both dice, their sum f (rule H1), l its lane as judge judges an entry
// on a face of f.
func (s *State) entryOf(col due, f uint8, i int, l uint32) Move {
	return s.laneMove(col|dueOf(0, f, f), i, l).with(flagBoth)
}

// useDice keeps of moves, the moves of the dice due, those that rule W2
// lets the player make (a capture among them counts, ruling N2): the dice must all be played where they can be,
// so where a move leaves the other die playable (or ends the player's
// game), the moves that leave it unplayable go; where no move does, one
// die is played, and under LargerDie the larger where a token can play
// it.
func (s *State) useDice(moves []Move) []Move {
	n := s.dueCount()
	if n < 2 || len(moves) < 2 || s.due.first() >= amountCapture { // bonus moves: one that no token can make is lost (rule P8)
		return moves
	}
	var played [MaxMoves]uint8
	most := uint8(0)
	for k, m := range moves {
		p := 2
		if n != 2 || !s.bothPlayed(m, moves) {
			p = s.diceAfter(m)
		}
		played[k] = uint8(p)
		most = max(most, played[k])
	}
	larger := 0
	if most == 1 && s.rs.rules.DiceUse == LargerDie {
		for _, m := range moves {
			larger = max(larger, m.Count())
		}
	}
	kept := moves[:0]
	for k, m := range moves {
		if played[k] == most && m.Count() >= larger {
			kept = append(kept, m)
		}
	}
	return kept
}

// untouched reports whether move r, beside move m of the other amount
// of two due, is judged after m as before it, so stays legal: neither
// does more than move its token onto the track or along it (a jump,
// going round, a bounce, both dice do more; but m's token may reach its
// finish, or capture and leave the board as finished, rule N1, where no
// player plays two colours, rule T3), m captures only
// on the square it reaches (not where a token captures what it passes,
// rule S1) and opens no home column by it (rule K4), they are of one
// colour, and m's token neither leaves nor reaches a progress of that
// colour from where r's token stands to where r ends (a finish r does
// not reach). The judge of a
// token's move (judge and what it calls) reads the position only there:
// the tokens on the squares of those progresses and the token's own
// progress; what else it reads, the colour's captures (rule K4), and
// the rules (rs). A rule that reads more must exclude its moves here
// (TestUntouchedMovesStayLegal checks it).
// It needs two progresses of a colour up to its finish to be two
// squares: not so on a board with start lanes, met going out and again
// coming home (rule Y1). So rule W2 counts both dice played
// after m (useDice) without playing m on a copy (diceAfter) where r
// would be judged again: the judgement of r serves both orders of the
// dice.
func (s *State) untouched(m, r Move) bool {
	const (
		plain = uint64(flagValid|flagEnter|flagBlock) << mFlags
		same  = 0xf<<mColor | 1<<mMate // one colour
	)
	if (m.v^r.v)&same != 0 || (m.v^r.v)>>mToken&0xf == 0 || (m.v^r.v)>>mAmount&amountMask == 0 ||
		r.v&(0xfff<<mFlags&^plain) != 0 || m.v>>mCaptures&0xf != 0 && s.rs.feat&(featCircle|featPassCapture) != 0 ||
		s.rs.rules.Board.StartLane != 0 {
		return false
	}
	// Progresses plus one, as a Move keeps them, so that the yard is 0.
	lo, hi := max(r.v>>mFrom&0xff, 1), r.v>>mTo&0xff // an entry's from the start square, progress 0
	x, y, fin := m.v>>mFrom&0xff, m.v>>mTo&0xff, uint64(s.rs.finish)+1
	switch f := m.flags() &^ moveFlags(plain>>mFlags); {
	case f == 0:
	case (f == flagFinish || f == flagRetire|flagFinish) && s.rs.feat&featShare == 0 && hi < fin:
		// m's token ends at its finish (rule N1: from the square it
		// captures on), which r does not reach.
	default:
		return false
	}
	if x > fin || y > fin || hi > fin { // going round again past the finish (rule K4): two progresses on one square
		return false
	}
	return (x < lo || x > hi) && (y < lo || y > hi)
}

// anyDiceMove reports whether an amount due has a move, as diceMoves
// would list one, without listing them.
func (s *State) anyDiceMove() bool {
	ds, n := s.dues()
	if s.rs.feat&featSums != 0 && n >= 2 && ds[0].k() == 0 && ds[1].k() == 1 && s.flags&stateBottoms == 0 { // both dice due: their sum adds moves (rules U2, H1) and may take some away (M2)
		var buf [MaxMoves]Move
		return len(s.diceMoves(buf[:0])) > 0
	}
	for _, d := range ds[:n] {
		for {
			if s.anyKept(d) {
				return true
			}
			if s.rs.feat&featShare == 0 || d>>mMate&1 != 0 {
				break
			}
			d = d.withColor(s.mateOf(d.c()), true) // rule T3
		}
	}
	return false
}

// anyKept reports whether diceMoves would list a move of amount d: one
// startCount judges legal (anyJudged) that the rules of where the throw
// began keep (split). Where they may take moves away and a filter
// chooses among the moves, the filter may have kept only those: it asks
// startCount, on a copy.
func (s *State) anyKept(d due) bool {
	if s.rs.feat&featSplit == 0 || !s.diePlayed() {
		return s.anyJudged(d)
	}
	if s.rs.feat&(featPairEntry|featChoices) != 0 || s.binding(d) {
		t := s.countOf(d)
		for i, l := range t.moves {
			if l == 0 {
				continue
			}
			if _, ok := s.split(t.laneMove(d, i, l)); ok {
				return true
			}
		}
		return false
	}
	if d.face() != 0 && s.forfeit() { // rule C9: startCount judges nothing
		return false
	}
	x := tokenBytes(&s.tok[d.c()])
	for cand := s.candidates(d, x); cand != 0; cand &= cand - 1 {
		i := bits.TrailingZeros8(cand) & (MaxTokens - 1)
		if l, r := s.judge(d, i, int(x>>(8*i)&0xff)-1); r.why == legal {
			if _, ok := s.split(s.laneMove(d, i, l)); ok {
				return true
			}
		}
	}
	return false
}

// anyJudged reports whether startCount would judge a token's move of
// amount d legal: the candidates and the judge, up to the first legal
// move, as the filters keep a move wherever they find one (filter). Where
// a stage after the judge can take a move away (rule F1's pair, the
// choices of rules Y5 to Y7) it asks startCount, on a copy.
func (s *State) anyJudged(d due) bool {
	if s.rs.feat&(featPairEntry|featChoices) != 0 {
		t := s.countOf(d)
		return t.moves != [MaxTokens]uint32{}
	}
	if d.face() != 0 && s.forfeit() { // rule C9: startCount judges nothing
		return false
	}
	x := tokenBytes(&s.tok[d.c()])
	for cand := s.candidates(d, x); cand != 0; cand &= cand - 1 {
		i := bits.TrailingZeros8(cand) & (MaxTokens - 1)
		if _, r := s.judge(d, i, int(x>>(8*i)&0xff)-1); r.why == legal {
			return true
		}
	}
	return false
}

// diceAfter returns how many of the dice due move m and the moves after it
// can play at most: 1 for m, plus the most the dice left can play after
// it; every die due where m ends the player's game, as nothing is left
// to play them.
func (s *State) diceAfter(m Move) int {
	n := s.dueCount()
	t := *s
	t.applyToken(m)
	c := m.Color()
	switch {
	case t.places.of(c) != 0 || t.finished(c) && s.rs.feat&featShare == 0: // rule T3: the other colour plays on
		return n
	case t.turn != s.turn || t.due.head == 0 || t.due.first() >= amountCapture || n == 1: // no die left to play
		return min(n, 1+b2i(m.BothDice()))
	}
	played := 1
	if m.BothDice() {
		played = 2
	}
	if n-played == 1 { // one die left: it is played if it has a move
		return played + b2i(t.anyDiceMove())
	}
	var buf [MaxMoves]Move
	moves := t.diceMoves(buf[:0])
	most := 0
	for _, r := range moves {
		p := 2
		if n-played != 2 || !t.bothPlayed(r, moves) {
			p = t.diceAfter(r)
		}
		if most = max(most, p); most == n-played { // every die left is played
			break
		}
	}
	return played + most
}

// bothPlayed reports whether move m of moves, the moves of two amounts
// due, plays both, as diceAfter counts them: it plays both dice (rules
// H1, U2, where nothing is left to play), or a move of the other amount
// is judged after it as before (untouched), or its token moves on with
// the other amount (following).
func (s *State) bothPlayed(m Move, moves []Move) bool {
	const plain = flagValid | flagEnter | flagBlock // (untouched asks no more of moves)
	if m.BothDice() {
		return true
	}
	if f := m.flags() &^ plain; f&^(flagRetire|flagFinish) != 0 { // (a finish, rule N1's too, as untouched takes it)
		return false
	}
	for _, r := range moves {
		if r.flags()&^plain == 0 && s.untouched(m, r) {
			return true
		}
	}
	ds, _ := s.dues()
	other := ds[0]
	if m.amount() == other.k() {
		other = ds[1]
	}
	return s.following(m, other)
}

// following reports whether the token move m moves has a legal move of
// amount d after m, judged from where m takes it but on s, before m:
// where m does no more than move its token onto the track or along it,
// capturing only there (as untouched asks), and that move of d ends
// short of the token's finish without going round again, the judge of
// it reads only the squares from the one past the token's up to where it
// ends (see untouched), none of which m changed. Where the rules of
// where the throw began may take the move away (split), it says
// nothing.
func (s *State) following(m Move, d due) bool {
	const plain = flagValid | flagEnter | flagBlock
	fin, y := int(s.rs.finish), m.To()
	if m.flags()&^plain != 0 || m.Captures() > 0 && s.rs.feat&(featCircle|featPassCapture) != 0 || y >= fin ||
		s.rs.rules.Board.StartLane != 0 || s.rs.feat&(featSplit|featPairEntry|featChoices) != 0 {
		return false
	}
	l, r := s.judge(d.withColor(m.Color(), m.v>>mMate&1 != 0), m.Token()&(MaxTokens-1), y)
	if r.why != legal || moveFlags(l>>(mFlags-laneShift))&^plain != 0 {
		return false
	}
	to := int(uint8(l)) - 1
	return to <= fin && (m.From() <= y || m.From() > to)
}

// applyDice is apply with two dice (rule W1): m must be one of the moves
// appendDice lists, or the same move by an alike token (ruling Q9).
func (s *State) applyDice(m Move) error {
	d := s.head()
	c := d.c()
	if !m.IsValid() || !s.movesColor(c, m.Color()) {
		return s.notMover(m, c)
	}
	c = m.Color() // rule T3: perhaps the mover's other colour
	if s.forfeit() {
		switch want := d.pass(true); {
		case m == want:
			s.applyForfeit()
			return nil
		case m.IsPass() && m.Forfeits():
			return s.illegal(m, "", "the pass does not match the throw: want %v", want)
		}
		return s.forfeitError(m)
	}
	var buf [MaxMoves]Move
	barred := s.rs.rules.SumMoves && !m.IsPass() && s.sumBarred(m) // rule U2, which an alike token's listed move would hide
	if !barred && s.settled(m) {
		s.applyToken(m)
		s.settle()
		return nil
	}
	legal := s.appendLegal(buf[:0]) // the moves settle kept
	if barred {
		return s.diceError(m, legal)
	}
	if m.IsPass() {
		switch {
		case m.Forfeits():
			return s.illegal(m, "C9", "%v has not reached the six limit, so nothing is forfeited", c)
		case !legal[0].IsPass():
			return s.illegal(m, "C10", "%v must move when a token can: %v", c, legal[0])
		case m != legal[0]:
			return s.illegal(m, "", "the pass does not match the dice due: want %v", legal[0])
		case s.diePlayed(): // the throw moved a token with a die: on to its bonus moves, or as after a move
			s.passDice()
		default:
			s.applyPass()
		}
		return nil
	}
	i := m.Token()
	if uint(i) >= uint(s.rs.tokens) {
		return refusal{why: refWrongTokens}.err(m, s)
	}
	return s.diceError(m, legal)
}

// settled reports whether token move m is one of the moves settle kept,
// or the same move by a token alike with its token (ruling Q9).
func (s *State) settled(m Move) bool {
	const token = uint64(0xf) << mToken
	d := s.head()
	c, i := m.Color(), m.Token()
	if m.IsPass() || uint(i) >= uint(s.rs.tokens) {
		return false
	}
	if l := s.moves[i]; l != 0 && d.base()|s.tokenPart(c, i)|uint64(l&^settledLane)<<laneShift == m.v { // the head's move as listed
		return true
	}
	v, alike := s.tok[c][i], uint32(0) // the tokens alike with m's, as bits
	for j := range int(s.rs.tokens) {
		if s.tok[c][j] == v {
			alike |= 1 << j
		}
	}
	mate, kind := m.v>>mMate&1, kindOther
	switch {
	case m.BothDice():
		kind = kindBoth
	case m.amount() == s.due.first():
		kind = kindHead
	}
	if mate == 0 && kind == kindHead {
		for x := alike; x != 0; x &= x - 1 {
			j := bits.TrailingZeros32(x)
			if l := s.moves[j]; l != 0 && (d.base()|tokenFields(j, v)|uint64(l&^settledLane)<<laneShift)&^token == m.v&^token {
				return true
			}
		}
		return false
	}
	if x := s.extra >> settledBit[mate][kind] & alike; x != 0 && s.extra&extraDice != 0 {
		ds, n := s.dues()
		other := otherDue(ds, n)
		for ; x != 0; x &= x - 1 {
			if l := s.kindMove(ds[0], other, mate != 0, kind, bits.TrailingZeros32(x)); l.v&^token == m.v&^token {
				return true
			}
		}
	}
	return false
}

// otherDue returns the first amount of ds, n of them due, whose face and
// steps are not the head's, ds[0]: the other amount of a throw (see
// kindOther); the head if none.
func otherDue(ds [maxDue]due, n int) due {
	for _, e := range ds[1:n] {
		if e.face() != ds[0].face() || e.steps() != ds[0].steps() {
			return e
		}
	}
	return ds[0]
}

// diceError returns the error refusing token move m with two dice, which
// is not one of the legal moves: a die not due (rule W1), a token that
// does not stand where m says, a move the rules of movement refuse, or one
// that rule W2 refuses.
func (s *State) diceError(m Move, legal []Move) error {
	c, i := m.Color(), m.Token()
	a, b := s.dice()
	faces := s.amountFaces()
	ds, n := s.dues()
	col := dueOf(c, 0, 0).withColor(c, c != s.head().c()) // the move's colour (rule T3: perhaps the mover's other)
	var d due
	for _, e := range ds[:n] {
		if e.k() == m.amount() {
			d = e.withColor(c, c != e.c())
		}
	}
	dice := 2
	if s.flags&stateBottoms != 0 {
		dice = 4
	}
	bothDue := m.amount() == 0 && n >= 2 && ds[1].k() == 1 && ds[0].k() == 0
	from := int(s.tok[c][i&(MaxTokens-1)]) - 1
	// Rule H1: the sum of the dice enters, judged as one amount; rule U2:
	// the sum moves a token on, judged as a bonus move's count is.
	both := m.BothDice() && bothDue && s.rs.rules.EntrySum && from < 0 && s.rs.entry.has(uint8(a+b))
	sum := m.BothDice() && bothDue && s.rs.rules.SumMoves && from >= 0
	switch {
	case both:
		d = col | dueOf(0, uint8(a+b), uint8(a+b))
	case sum:
		d = col | dueOf(0, 0, uint8(a+b))
	}
	switch {
	case m.IsBonusMove() && s.due.first() < amountCapture:
		return s.illegal(m, "W4", "the bonus moves come once the dice are played: %v", legal[0])
	case m.BothDice() && !both && !sum && s.rs.rules.SumMoves:
		return s.illegal(m, "U2", "a move plays both dice only as the first move of the throw, by a token on the board, or to enter one with their sum where EntrySum lets it: the throw is %d and %d", a, b)
	case m.BothDice() && !both && !sum:
		return s.illegal(m, "H1", "a move plays both dice only to enter a token with their sum, an entry roll, both due, under EntrySum: the throw is %d and %d", a, b)
	case m.BothDice() && m.Die() != int(a+b):
		return s.illegal(m, "W1", "the move plays both dice as a %d, but they show %d and %d", m.Die(), a, b)
	case s.sumBarred(m):
		return s.illegal(m, "U2", "%v token %d played the other die of the throw, and a token takes both dice only as one move of their sum: %v", c, i, legal[0])
	case m.amount() >= dice && !m.IsBonusMove():
		return s.illegal(m, "W1", "the throw is %d and %d, %d amounts, and the move plays amount %d", a, b, dice, m.amount()+1)
	case d == 0 && m.IsBonusMove():
		return s.illegal(m, "P8", "no bonus move of %d is due", m.Count())
	case d == 0:
		return s.illegal(m, "W1", "the move plays die %d, the %d, which has been played already this throw", m.amount()+1, faces[m.amount()])
	case !sum && (m.Die() != int(d.face()) || m.Count() != int(d.steps())):
		return s.illegal(m, "W1", "the move plays a %d counting %d, but die %d shows %d", m.Die(), m.Count(), m.amount()+1, d.face())
	case sum && m.Count() != int(a+b):
		return s.illegal(m, "W1", "the move plays both dice, %d and %d, but counts %d", a, b, m.Count())
	}
	if from != m.From() {
		return s.illegal(m, "", "%v token %d is at %s, not %s", c, i, progressString(from), progressString(m.From()))
	}
	t := s.countOf(d)
	want, err := t.decide(d, i)
	if e, ok := err.(*IllegalMoveError); ok {
		e.Move = m
		return e
	}
	switch {
	case both:
		want = want.with(flagBoth)
	case sum:
		want = want.asSum(uint8(a + b))
	}
	if want.v&^(1<<mMate) != m.v&^(1<<mMate) { // (a move built from text does not know it is the other colour's, rule T3)
		return s.illegal(m, "", "the move does not match the position: %v token %d makes %v", c, i, want)
	}
	if s.rs.rules.DoublesSplitBlocks && s.together(m) {
		return s.illegal(m, "H5", "token %d would follow a token of its block on by the same amount of the double: a double may not move a block on together", i)
	}
	if s.rs.rules.EntrySum && s.rs.feat&featEntryFilter != 0 && !m.Enters() && n >= 2 && ds[1].k() == 1 && ds[0].k() == 0 {
		var buf [MaxMoves]Move
		if len(s.sumEntry(buf[:0], col, uint8(a+b))) > 0 {
			return s.illegal(m, "M2", "%v threw %d and %d, which enter a token with their sum, and must bring a token in: %v", c, a, b, legal[0])
		}
	}
	most := 0
	var buf [MaxMoves]Move
	for _, l := range s.diceMoves(buf[:0]) {
		most = max(most, s.diceAfter(l))
	}
	if most == 1 && s.rs.rules.DiceUse == LargerDie {
		return s.illegal(m, "W2", "only one die can be played, and it must be the larger where a token can play it: %v", legal[0])
	}
	return s.illegal(m, "W2", "the move leaves the other die unplayable, but another order plays more of the dice: %v", legal[0])
}

// dieMove returns the legal move of token i in action block k (see
// Move.Action and Move.block): with two dice (rule W1) the first die's
// moves are block 0 and the second's 1; under tops and bottoms (rule H2)
// the tops' 0 and the bottoms' 1; after the dice the bonus moves of a
// capture 0 and of a token home 1 (rule W4); a move of both dice 2 (rules
// H1, U2). Or it says why the token has none.
func (s *State) dieMove(k, i int, mate bool) (Move, error) {
	c := s.head().c()
	if mate { // rule T3: the mover's other colour
		c = s.mateOf(c)
	}
	if s.forfeit() {
		return Move{}, s.forfeitError(newMove(c, i, -1, 0, 0))
	}
	if !s.hasToken(c, i) {
		return Move{}, refusal{why: refWrongTokens}.err(newMove(c, i, -1, 0, 0), s)
	}
	var buf [MaxMoves]Move
	legal := s.appendDice(buf[:0])
	for _, l := range legal {
		if !l.IsPass() && l.block() == k && l.Color() == c && s.tok[c][l.Token()] == s.tok[c][i] {
			return l.withToken(i), nil
		}
	}
	if k == 2 { // rules H1, U2: why the token has no move of both dice
		a, b := s.dice()
		m := newMove(c, i, int(s.tok[c][i])-1, int(a+b), int(a+b)).with(flagBoth)
		if mate {
			m.v |= 1 << mMate // rule T3
		}
		return Move{}, s.diceError(m, legal)
	}
	ds, n := s.dues()
	for _, d := range ds[:n] {
		if d.k()&1 == k {
			d = d.withColor(c, mate)
			t := s.countOf(d)
			m, err := t.decide(d, i)
			if err != nil {
				return Move{}, err
			}
			return Move{}, s.diceError(m, legal)
		}
	}
	a, b := s.dice()
	m := newMove(c, i, int(s.tok[c][i])-1, 0, 0)
	return Move{}, s.illegal(m, "W1", "the throw is %d and %d, and no amount of action block %d is still to be played", a, b, k+1)
}

// diceTokenMove is TokenMove with two dice: token i's first legal move
// (or an alike token's, made by i), or why it has none with the first
// die due.
func (s *State) diceTokenMove(i int) (Move, error) {
	c := s.head().c()
	var buf [MaxMoves]Move
	legal := s.appendDice(buf[:0])
	for _, l := range legal {
		if !l.IsPass() && s.tok[c][l.Token()] == s.tok[c][i] {
			return l.withToken(i), nil
		}
	}
	// None listed: a move legal alone that rule W2 or H5 refuses, else
	// why the first amount due refuses the token.
	ds, n := s.dues()
	var first error
	for _, d := range ds[:n] {
		t := s.countOf(d)
		m, err := t.decide(d, i)
		if err == nil {
			return Move{}, s.diceError(m, legal)
		}
		first = cmp.Or(first, err)
	}
	return Move{}, first
}
