package ludo

// This file holds Apply: a move checked against the moves judged, or
// judged again to say which rule refuses it, then played (play.go).

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
	// A move judged legal; with two dice (rule W1) the head's move as
	// settle kept it, marked by settledLane (bit 63 of the Move, which
	// none has), which applySettled plays as applyDice would.
	if i := m.Token() & (MaxTokens - 1); m.v == (d.base()|s.tokenPart(d.c(), i)|uint64(s.moves[i])<<laneShift)&^(uint64(settledLane)<<laneShift) && s.moves[i] != 0 {
		if s.moves[i]&settledLane != 0 {
			return s.applySettled(m)
		}
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
