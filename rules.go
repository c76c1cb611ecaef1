package ludo

import (
	"errors"
	"fmt"
	"iter"
)

// This file holds every rule of the rulebook (README.md), each in one
// place, named by its number there. The transitions are Roll and Apply;
// tokenMove decides what one token may do with the die.

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
	rule  uint8
	token int8
	at    int // a track square, a progress or a count, as the rule says
}

const (
	legal          = iota
	refFinished    // B3: a finished token never moves
	refEntry       // C7: only an entry roll brings a token out
	refOvershoot   // C5: exact finish
	refPassBlock   // B2: may not pass a block
	refLandBlock   // B2: may not land on a block
	refOwnLanding  // Q11: may not end on a square its owner holds
	refMultiLand   // Q3: may not land on two or more opponents
	refWrongTokens // not a token of the game
)

func (r refusal) err(m Move, s State) *IllegalMoveError {
	e := &IllegalMoveError{Move: m}
	t := r.token
	switch r.rule {
	case refFinished:
		e.Rule, e.Reason = "B3", fmt.Sprintf("token %d has finished and never moves again", t)
	case refEntry:
		e.Rule, e.Reason = "C7", fmt.Sprintf("token %d is in the yard, and only a roll of %v enters it", t, s.cfg.entry)
	case refOvershoot:
		e.Rule, e.Reason = "C5", fmt.Sprintf("token %d would overshoot the finish by %d, and the finish needs an exact roll", t, r.at)
	case refPassBlock:
		e.Rule, e.Reason = "B2", fmt.Sprintf("token %d cannot pass the block on square %d", t, r.at)
	case refLandBlock:
		e.Rule, e.Reason = "B2", fmt.Sprintf("token %d cannot land on the block on square %d", t, r.at)
	case refOwnLanding:
		e.Rule, e.Reason = "Q11", fmt.Sprintf("token %d cannot end on %v, which its owner already holds", t, s.board().Square(m.color, r.at))
	case refMultiLand:
		e.Rule, e.Reason = "Q3", fmt.Sprintf("token %d cannot land on the %d opponent tokens on square %d", t, r.at>>8, r.at&0xff)
	default:
		e.Reason = fmt.Sprintf("%v has no token %d", m.color, t)
	}
	return e
}

// Roll plays a die face for the player to move and returns the position
// waiting for their move (rule C8). A bonus-earning face (a 6, by default)
// adds to [State.Sixes]; when that reaches [Rules.SixLimit] the only legal
// move is the forfeiting pass (rule C9). Where no token can move, the only
// legal move is a pass (rule C10). Either way the caller sees the pass
// among the legal moves and plays it with [State.Apply].
//
// It returns an error matching [ErrBadFace] for a face outside 1 to 6,
// [ErrWrongPhase] while a move is due, [ErrGameOver] once the game has
// ended, and [ErrNoGame] on the zero State; s is never changed.
func (s State) Roll(face int) (State, error) {
	switch {
	case !s.IsValid():
		return s, ErrNoGame
	case s.over():
		return s, ErrGameOver
	case s.die != 0:
		return s, fmt.Errorf("%w: %v must move the %d before rolling again", ErrWrongPhase, s.turn, s.die)
	case face < 1 || face > 6:
		return s, fmt.Errorf("%w: %d", ErrBadFace, face)
	}
	s.die = uint8(face)
	if s.cfg.bonus.Has(face) {
		s.sixes++
	}
	return s, nil
}

// forfeit reports whether the die being played has reached the six limit
// and must be forfeited (rule C9).
func (s State) forfeit() bool {
	return s.cfg.sixLimit > 0 && s.sixes >= s.cfg.sixLimit
}

// AppendLegalMoves appends the legal moves of the position to dst and
// returns the extended slice. It appends nothing unless a move is due
// ([PhaseMove]); then it appends at least one move, which is a single pass
// where the rules force one (rules C9, C10).
//
// The moves come in canonical order ([Move.Compare]). Tokens of one colour
// on one square are alike, so where several could make the same move only
// the lowest-indexed is listed (ruling Q9). AppendLegalMoves allocates
// nothing when dst has room for [MaxTokens] more moves.
func (s State) AppendLegalMoves(dst []Move) []Move {
	if s.Phase() != PhaseMove {
		return dst
	}
	c, d := s.turn, int(s.die)
	if s.forfeit() {
		return append(dst, passMove(c, d, true))
	}
	n := len(dst)
	v := s.view()
tokens:
	for i := range int(s.cfg.tokens) {
		for j := range i {
			if s.tok[c][j] == s.tok[c][i] {
				continue tokens // ruling Q9: alike tokens, one move
			}
		}
		if m, r := s.tokenMove(&v, i); r.rule == legal {
			dst = append(dst, m)
		}
	}
	if len(dst) == n {
		dst = append(dst, passMove(c, d, false)) // rule C10
	}
	return dst
}

// LegalMoves returns the legal moves of the position in a new slice; see
// [State.AppendLegalMoves].
func (s State) LegalMoves() []Move {
	return s.AppendLegalMoves(make([]Move, 0, MaxTokens))
}

// LegalMovesSeq yields the same moves as [State.LegalMoves] without
// constructing the slice.
func (s State) LegalMovesSeq() iter.Seq[Move] {
	return func(yield func(Move) bool) {
		var buf [MaxTokens]Move
		for _, m := range s.AppendLegalMoves(buf[:0]) {
			if !yield(m) {
				return
			}
		}
	}
}

// TokenMove returns the move token i of the player to move makes with the
// die being played, or an [*IllegalMoveError] naming the rule that forbids
// it. It suits a game that lets the player pick a token.
func (s State) TokenMove(i int) (Move, error) {
	if err := s.moveDue(); err != nil {
		return Move{}, err
	}
	m := Move{color: s.turn, token: int8(i), die: s.die, flags: flagValid}
	if !s.hasToken(s.turn, i) {
		return Move{}, refusal{rule: refWrongTokens, token: int8(i)}.err(m, s)
	}
	if s.forfeit() {
		return Move{}, s.forfeitError(m)
	}
	v := s.view()
	m, r := s.tokenMove(&v, i)
	if r.rule != legal {
		return Move{}, r.err(m, s)
	}
	return m, nil
}

func (s State) moveDue() error {
	switch {
	case !s.IsValid():
		return ErrNoGame
	case s.over():
		return ErrGameOver
	case s.die == 0:
		return fmt.Errorf("%w: %v must roll before moving", ErrWrongPhase, s.turn)
	}
	return nil
}

func (s State) forfeitError(m Move) error {
	return &IllegalMoveError{Move: m, Rule: "C9", Reason: fmt.Sprintf(
		"%v rolled %d bonus-earning rolls in a row, so the last is forfeited and no token may move", s.turn, s.sixes)}
}

// view is what move generation needs to know of the board, computed once
// per position: the track square (0-based) of every token, and the squares
// the mover may not pass or land on.
type view struct {
	sq       [MaxPlayers][MaxTokens]int8 // -1 off the track
	noPass   ringSet                     // blocks the mover may not pass (rule B2)
	noLand   ringSet                     // blocks the mover may not land on (rule B2)
	occupied ringSet                     // squares holding any token
}

// ringSet is a set of track squares (0 to 127).
type ringSet [2]uint64

func (r *ringSet) add(a int8)      { r[a>>6] |= 1 << (a & 63) }
func (r *ringSet) has(a int8) bool { return r[a>>6]&(1<<(a&63)) != 0 }

// trackSquare returns the 0-based track square of progress p for colour c.
func (s State) trackSquare(c Color, p int) int8 {
	a := int(c)*int(s.cfg.spacing) + p
	if a >= int(s.cfg.track) {
		a -= int(s.cfg.track)
	}
	return int8(a)
}

func (s State) view() view {
	var v view
	for c := range v.sq {
		v.sq[c] = [MaxTokens]int8{-1, -1, -1, -1}
	}
	for c := range s.cfg.seats.All() {
		var seen ringSet
		for i := range int(s.cfg.tokens) {
			p := int(s.tok[c][i]) - 1
			if p < 0 || p > int(s.cfg.homeEntry) {
				continue
			}
			a := s.trackSquare(c, p)
			v.sq[c][i] = a
			v.occupied.add(a)
			// Rule B1: two or more tokens of one colour make a block.
			if seen.has(a) && s.cfg.blocks != NoBlocks {
				if c != s.turn {
					v.noPass.add(a)
					v.noLand.add(a)
				} else if s.cfg.blocks == BlocksStopAll {
					v.noPass.add(a)
				}
			}
			seen.add(a)
		}
	}
	return v
}

// tokenMove decides the move token i of the player to move makes with the
// die: the rules of movement C3 to C5, C7, C8, C11, B2 and B3, and the
// rulings Q3, Q4, Q7, Q8 and Q11.
func (s State) tokenMove(v *view, i int) (Move, refusal) {
	c, d := s.turn, int(s.die)
	from := int(s.tok[c][i]) - 1
	fin := int(s.cfg.finish)
	m := Move{color: c, token: int8(i), from: int8(from), die: uint8(d), flags: flagValid}
	no := refusal{token: int8(i)}
	to := from + d
	switch {
	case from == fin: // rule B3
		no.rule = refFinished
		return m, no
	case from < 0: // rule C7: only an entry roll brings a token onto its start square
		if !s.cfg.entry.Has(d) {
			no.rule = refEntry
			return m, no
		}
		to = 0
		m.flags |= flagEnter
	case to > fin: // rule C5
		switch s.cfg.finishRule {
		case ExactFinish:
			no.rule, no.at = refOvershoot, to-fin
			return m, no
		case BounceFinish:
			to = 2*fin - to
			m.flags |= flagBounce
		case AnyRollFinishes:
			to = fin
		}
	}
	m.to = int8(to)
	if to == fin {
		m.flags |= flagFinish
	}
	// Rule B2: no token passes a block that stops it. Only track squares
	// can hold blocks; a token entering passes nothing.
	he := int(s.cfg.homeEntry)
	for p := from + 1; p < to && p <= he; p++ {
		if a := s.trackSquare(c, p); v.noPass.has(a) {
			no.rule, no.at = refPassBlock, int(a)+1
			return m, no
		}
	}
	if to > he { // home column or finish: the owner's own squares
		if to < fin && s.cfg.ownLanding == OwnLandingForbidden && s.holds(c, i, to) {
			no.rule, no.at = refOwnLanding, to // ruling Q8, Q11
			return m, no
		}
		return m, no
	}
	a := s.trackSquare(c, to)
	if !v.occupied.has(a) {
		return m, no
	}
	if v.noLand.has(a) { // rule B2, ruling Q7
		no.rule, no.at = refLandBlock, int(a)+1
		return m, no
	}
	if s.holds(c, i, to) {
		if s.cfg.ownLanding == OwnLandingForbidden { // ruling Q11
			no.rule, no.at = refOwnLanding, to
			return m, no
		}
		if s.cfg.blocks != NoBlocks { // rule B1
			m.flags |= flagBlock
		}
		return m, no
	}
	// Rule C11 (and ruling Q4 for a token entering): landing on opponents
	// captures them.
	n := 0
	for o := range MaxPlayers {
		if Color(o) == c {
			continue
		}
		for j := range MaxTokens {
			if v.sq[o][j] == a {
				n++
			}
		}
	}
	if n >= 2 && s.cfg.multiCapture == CaptureRefused { // ruling Q3
		no.rule, no.at = refMultiLand, n<<8|(int(a)+1)
		return m, no
	}
	m.captures = uint8(n)
	return m, no
}

// holds reports whether a token of colour c other than token i has
// progress p.
func (s State) holds(c Color, i, p int) bool {
	for j := range int(s.cfg.tokens) {
		if j != i && int(s.tok[c][j])-1 == p {
			return true
		}
	}
	return false
}

// Apply plays move m and returns the next position. It always validates:
// m must be a legal move of s (a move from [State.LegalMoves] or
// [State.TokenMove], or the same move by another token standing on the
// same square). An illegal move returns an [*IllegalMoveError] naming the
// rule it breaks; a call while a roll is due returns [ErrWrongPhase], after
// the game [ErrGameOver]. s is never changed.
//
// After a token move the same player rolls again if the die earns a bonus
// roll (rule C9), unless that move brought their last token home (ruling
// Q6); otherwise the turn passes clockwise to the next player still
// playing. A pass keeps the turn for a bonus roll unless
// [Rules.NoMoveForfeitsBonus] (ruling Q1); a forfeiting pass applies
// [Rules.SixPenalty] and passes the turn (rule C9, ruling Q2).
func (s State) Apply(m Move) (State, error) {
	if err := s.moveDue(); err != nil {
		return s, err
	}
	c := s.turn
	illegal := func(rule, format string, a ...any) (State, error) {
		return s, &IllegalMoveError{Move: m, Rule: rule, Reason: fmt.Sprintf(format, a...)}
	}
	switch {
	case m.flags&flagValid == 0:
		return illegal("", "the zero Move is no move")
	case m.color != c:
		return illegal("C3", "it is %v's turn, not %v's", c, m.color)
	case int(m.die) != int(s.die):
		return illegal("C8", "the move plays a %d but the die shows %d", m.die, s.die)
	}
	if s.forfeit() {
		if m.IsPass() && m.Forfeits() {
			return s.applyForfeit(), nil
		}
		return s, s.forfeitError(m)
	}
	var v view
	if m.IsPass() {
		if m.Forfeits() {
			return illegal("C9", "%v has not reached the six limit, so nothing is forfeited", c)
		}
		v = s.view()
		for i := range int(s.cfg.tokens) {
			if mv, r := s.tokenMove(&v, i); r.rule == legal {
				return illegal("C10", "%v must move when a token can: %v", c, mv)
			}
		}
		return s.applyPass(), nil
	}
	i := int(m.token)
	if !s.hasToken(c, i) {
		return s, refusal{rule: refWrongTokens, token: m.token}.err(m, s)
	}
	if int(s.tok[c][i])-1 != int(m.from) {
		return illegal("", "%v token %d is at %s, not %s", c, i, progressString(int(s.tok[c][i])-1), progressString(int(m.from)))
	}
	v = s.view()
	want, r := s.tokenMove(&v, i)
	if r.rule != legal {
		return s, r.err(m, s)
	}
	if want != m {
		return illegal("", "the move does not match the position: with a %d, %v token %d makes %v", s.die, c, i, want)
	}
	return s.applyToken(&v, want), nil
}

// applyToken plays a legal token move.
func (s State) applyToken(v *view, m Move) State {
	c := m.color
	s.tok[c][m.token] = uint8(m.to + 1)
	if m.captures > 0 { // rule C11: captured tokens go back to their yards
		a := s.trackSquare(c, int(m.to))
		for o := range MaxPlayers {
			for j := range MaxTokens {
				if Color(o) != c && v.sq[o][j] == a {
					s.tok[o][j] = 0
				}
			}
		}
	}
	if m.Finishes() && s.allFinished(c) { // rule C6
		s.placed++
		s.places[c] = s.placed
		if s.cfg.end == PlayForAllPlaces && s.placed == s.cfg.players-1 {
			s = s.rankLast() // ruling Q10
		}
		return s.nextTurn() // ruling Q6: no bonus roll with nothing left to move
	}
	if s.cfg.bonus.Has(int(m.die)) { // rule C9: a bonus roll
		s.die = 0
		return s
	}
	return s.nextTurn()
}

// applyPass plays a pass that rule C10 forces.
func (s State) applyPass() State {
	if s.cfg.bonus.Has(int(s.die)) && !s.cfg.noMoveForfeitsBonus { // ruling Q1
		s.die = 0
		return s
	}
	return s.nextTurn()
}

// applyForfeit plays the forfeiting pass of rule C9 with its penalty
// (ruling Q2).
func (s State) applyForfeit() State {
	if s.cfg.penalty == UndoTurn {
		s.tok = s.begin
	}
	return s.nextTurn()
}

// rankLast gives the one player still playing the last place: the game
// ends when only one is left (ruling Q10).
func (s State) rankLast() State {
	for o := range s.cfg.seats.All() {
		if s.places[o] == 0 {
			s.placed++
			s.places[o] = s.placed
		}
	}
	return s
}

func (s State) allFinished(c Color) bool {
	for i := range int(s.cfg.tokens) {
		if s.tok[c][i] != s.cfg.finish+1 {
			return false
		}
	}
	return true
}

// nextTurn passes the turn clockwise to the next player still playing
// (rule C3), unless the game is over.
func (s State) nextTurn() State {
	s.die, s.sixes = 0, 0
	if s.over() {
		return s
	}
	for k := 1; k <= MaxPlayers; k++ {
		o := Color((int(s.turn) + k) % MaxPlayers)
		if s.cfg.seats.Has(o) && s.places[o] == 0 {
			s.turn = o
			break
		}
	}
	if s.cfg.penalty == UndoTurn {
		s.begin = s.tok
	}
	return s
}
