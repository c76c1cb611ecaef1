package ludo

import (
	"cmp"
	"math/bits"
)

// This file holds Apply with two dice: a move checked against the moves
// of the amounts due, or the error that names the rule it breaks.

// applyDice is apply with two dice (rule W1): m must be one of the moves
// appendDice lists, or the same move by an alike token (ruling Q9). apply
// plays the head's move as listed before it (applySettled).
func (s *State) applyDice(m Move) error {
	d := s.head()
	// The other amount's or both dice's move from its kept lane
	// (lanesKept: otherMove, bothMove), as settled finds them (apply
	// found the head's move as listed: applySettled): settle keeps a
	// token's lane only where rule U2 lets the token take the die
	// (split), so none of them is barred. Asked first: a move equal to
	// one settle kept is valid, of the mover's colour and no pass, and
	// settle keeps none where the throw is forfeited (extra is 0).
	k := m.Token() & (MaxTokens - 1)
	found := false
	if m.BothDice() && s.extra&extraDice != 0 && s.extra>>(bothBit+k)&1 != 0 && s.lanesKept() {
		found = s.bothMove(s.bothDue(d.c()), k) == m
	} else if s.extra&extraDice != 0 && s.extra>>(otherBit+k)&1 != 0 && m.amount() != s.due.first() && s.lanesKept() {
		found = s.otherMove(s.otherOf(), k) == m
	}
	if found {
		s.applyToken(m)
		s.settle()
		return nil
	}
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
	if m.IsPass() && s.extra == extraDice && s.moves == ([MaxTokens]uint32{}) && m == d.pass(false) {
		s.playPass() // settle kept no move: the head's pass is the one legal move (rule C10), as appendSettled lists it
		return nil
	}
	barred := s.rs.rules.SumMoves && !m.IsPass() && s.sumBarred(m) // rule U2, which an alike token's listed move would hide
	if !barred && s.settled(m) {
		s.applyToken(m)
		s.settle()
		return nil
	}
	return s.applyUnsettled(m, c, barred)
}

// applyUnsettled is applyDice where m is none of the token moves settle
// kept: a pass, played where it is the one legal move, or the error
// refusing m (barred: by rule U2). It keeps applyDice's common path
// small.
//
//go:noinline
func (s *State) applyUnsettled(m Move, c Color, barred bool) error {
	var buf [MaxMoves]Move
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
		}
		s.playPass()
		return nil
	}
	i := m.Token()
	if uint(i) >= uint(s.rs.tokens) {
		return refusal{why: refWrongTokens}.err(m, s)
	}
	return s.diceError(m, legal)
}

// playPass plays the pass of a throw of two dice, the one legal move
// (rule C10): where a die of the throw was played, on to its bonus
// moves, or as after a move (passDice); else as one die's pass.
func (s *State) playPass() {
	if s.diePlayed() {
		s.passDice()
		return
	}
	s.applyPass()
}

// applySettled plays move m, the head's move as settle kept it, which
// apply found among the lanes (settledLane), as applyDice plays a move
// it finds: the move, then the moves due after it (settle). It keeps
// apply's common path small.
//
//go:noinline
func (s *State) applySettled(m Move) error {
	s.applyToken(m)
	s.settle()
	return nil
}

// settled reports whether token move m is one of the moves settle kept
// other than the head's move as listed, which apply asks first: the
// same move by a token alike with its token (ruling Q9), or a move of
// another amount.
func (s *State) settled(m Move) bool {
	const token = uint64(0xf) << mToken
	d := s.head()
	c, i := m.Color(), m.Token()
	if m.IsPass() || uint(i) >= uint(s.rs.tokens) {
		return false
	}
	v := s.tok[c][i]
	alike := uint32(gather(uint64(bytesEqual(tokenBytes(&s.tok[c]), v) & s.rs.tokenBytes))) // the tokens alike with m's, as bits
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
	x := s.extra >> settledBit[mate][kind] & alike
	if x == 0 || s.extra&extraDice == 0 {
		return false
	}
	kept := mate == 0 && s.lanesKept() // its lane kept, not judged again
	if kept && kind == kindBoth {      // (of the head's colour: no other amount asked)
		sum := s.bothDue(d.c())
		for ; x != 0; x &= x - 1 {
			if s.bothMove(sum, bits.TrailingZeros32(x)).v&^token == m.v&^token {
				return true
			}
		}
		return false
	}
	ds, n := s.dues()
	other := otherDue(ds, n)
	for ; x != 0; x &= x - 1 {
		var l Move
		if j := bits.TrailingZeros32(x); kept {
			l = s.otherMove(other, j)
		} else {
			l = s.kindMove(ds[0], other, mate != 0, kind, j)
		}
		if l.v&^token == m.v&^token {
			return true
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
		if t := *s; len(s.sumEntry(buf[:0], col, uint8(a+b), &t)) > 0 {
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
