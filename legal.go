package ludo

import (
	"fmt"
	"iter"
	"math/bits"
	"slices"
)

// This file holds the legal moves: startCount judges every token's move
// when an amount becomes due, through the stages below it (judge, the
// filters, the choices), and the State keeps them for AppendLegalMoves,
// TokenMove and Apply.

// startCount makes amount d the move due first, and judges
// every token's move: once, for AppendLegalMoves only to unpack them and
// Apply only to compare. The stages: the candidates (candidates), what
// each does (judge), a second move where a token has one (judgePair),
// then the rules that choose among the moves (filter), asked only on a
// face that lets one bind (faceFilters: Parchís's M2 binds only on an
// entry face, P7 only on a six).
func (s *State) startCount(d due) {
	s.due.head = uint32(d)
	if d.face() == 0 { // a bonus move, after a move, whose judged moves go
		s.moves, s.extra = [MaxTokens]uint32{}, 0
	} else if s.flags&stateForfeit != 0 { // a roll (moves and extra are 0 while one is due), but rule C9: no token moves
		return
	}
	tok := &s.tok[d.c()]
	for cand := s.candidates(d, tokenBytes(tok)); cand != 0; cand &= cand - 1 {
		i := bits.TrailingZeros8(cand) & (MaxTokens - 1)
		if l, r := s.judge(d, i, int(tok[i])-1); r.why == legal {
			s.moves[i] = l
		}
	}
	if f := s.rs.feat & (featPairEntry | featFilters | featChoices); f != 0 {
		switch { // as many tests as before the choices, for every ruleset
		case f&featPairEntry != 0: // never with the choices (Rules.Validate)
			s.judgePair(d)
			if on := s.rs.faceFilters[s.head().face()]; on != 0 {
				s.filter(d, on)
			}
		case f&featChoices == 0:
			// The face read again from head, d's: Go then keeps it
			// in no register across the loop above.
			if on := s.rs.faceFilters[s.head().face()]; on != 0 {
				s.filter(d, on)
			}
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

// allOut reports whether none of colour c's tokens is in the yard (rule
// P5: a finished token is out).
func (s *State) allOut(c Color) bool { return !s.waiting(c) }

// waiting reports whether a token of colour c waits in the yard: a zero
// byte among its tokens' (tokenBytes).
func (s *State) waiting(c Color) bool { return zeroBytes(tokenBytes(&s.tok[c]))&s.rs.tokenBytes != 0 }

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

// withMoves returns the tokens whose lanes in v hold a move, a bit each:
// each lane's valid bit (every lane the judge keeps has it), four lanes in
// one word, as the moves are listed (appendLegal, appendSettled,
// amountMoves, sumsOf).
func withMoves(v *[MaxTokens]uint32) uint32 {
	const valid = uint32(flagValid) << (mFlags - laneShift)
	return (v[0]&valid | v[1]&valid<<1 | v[2]&valid<<2 | v[3]&valid<<3) >> (mFlags - laneShift)
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
	v := &s.moves
	for have := withMoves(v); have != 0; have &= have - 1 {
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
// F1): it comes after the token's move to its start square; or where
// extra marks the moves settle kept with two dice (appendHeads, the
// head's alone, which most plies of a throw list, asked first;
// appendSettled), or the choices (appendChoices). appendLegal tests
// extra once, against 0, so that every other ruleset lists as before.
func (s *State) appendWithExtra(d due, dst []Move) []Move {
	switch {
	case s.extra == extraDice: // two dice, the head's moves alone (rule W1)
		return s.appendHeads(d, dst)
	case s.extra == extraChoices:
		return s.appendChoices(d, dst) // rules Y5, Y6, Y7
	case s.extra&extraDice != 0:
		return s.appendSettled(d, dst) // rule W1: the moves settle kept, of more than the head
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
