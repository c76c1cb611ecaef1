package ludo

import (
	"encoding/binary"
	"math/bits"
	"slices"
)

// This file holds two dice (rules W1–W4): the throw, the amounts due and
// their order, the bonus moves after them, and the moves of the amounts
// due judged once and kept in the State (settle): the head's lanes in
// moves, the others as bits of extra, and the lanes of the other
// amount's and both dice's moves in begin where it is free for them
// (lanesKept): always where no rule reads where the throw began, and
// under rules H5 and U2 until a die of the throw is played, where the
// throw began is where the tokens stand (began).

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
	// Where the throw begins (rules H5, U2) begin keeps already: nextTurn
	// and bonusRoll put it there.
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
		return s.twoFaces()
	}
	return s.throw, 0
}

// twoFaces returns the faces of a throw of two dice as throw keeps them:
// three bits each.
func (s *State) twoFaces() (a, b uint8) { return s.throw & 7, s.throw >> 3 }

// double reports whether a throw of two dice is a double, its twoFaces
// alike, compared in place so that together stays small enough to inline.
func (s *State) double() bool { return s.throw&7 == s.throw>>3 }

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
	if more := &s.due.more; more[1]|more[2] == 0 { // two dice, not tops and bottoms (rule H2): the second die, if due
		if st := more[0]; st != 0 {
			ds[1], n = dieDue(c, st, 1), 2
		}
		return ds, n
	}
	for j, st := range s.due.more {
		if st != 0 {
			ds[n] = dieDue(c, st, j+1)
			n++
		}
	}
	return ds, n
}

// dieDue returns amount k, a die of face st, for the colour of c (a due
// of its colour alone): dueOf(c.c(), st, st), amount k.
func dieDue(c due, st uint8, k int) due {
	return c | due(st)<<mDie | due(st)<<mCount | due(k)<<mAmount
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
	if more := &a.more; more[1]|more[2] == 0 { // two dice, not tops and bottoms (rule H2), as dues asks: the second die, if due
		return 1 + b2i(more[0] != 0)
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
	c, r := s.head().c(), a.rest()
	if more := r & 0xffffff; more != 0 { // the first of more still due
		j := bits.TrailingZeros32(more) / 8 % len(a.more)
		st := a.more[j]
		a.head = uint32(dueOf(c, st, st))
		a.setFirst(j + 1)
		a.more[j] = 0
		return true
	}
	if r>>24&earnedBits == 0 { // no bonus move earned (bonus is rest's top byte): bonusNext's default, without its call
		return false
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

// The kinds of move a State keeps with two dice (settle): of the head (the
// amount due first), of another amount due (kindOther: the other die, or
// the bottom to a top, rule H2, or a token home's bonus move after a
// capture's, rule W4), of both dice (kindBoth: rules H1, U2), each of the
// mover's colour or of the player's other (rule T3). A move of the head by
// the mover's colour is kept as its token's lane in moves, with
// settledLane, a bit no Move has, which Apply's comparison masks off and
// then reads, to settle after the move (applySettled), as applyDice does
// after every other; the others as a bit of their token in extra, at
// settledBit[mate][kind], with extraDice, each judged again when listed
// (kindMove), but for the other amount's and both dice's moves of the
// mover's colour where begin keeps their lanes (lanesKept). No bit is bit
// 8, the lanes' valid bit, so that extra is never taken for a lane
// (starLanded).
const (
	kindHead = iota
	kindOther
	kindBoth

	extraDice   = uint32(1) << 30 // extra marks the moves settle kept (never a lane's bit: mLaneTok and mAmount lie below it, mMate is a mate's)
	settledLane = uint32(1) << 31 // bit 63 of a Move, which none has
)

var settledBit = [2][3]uint8{{0, otherBit, bothBit}, {mateKindsBit, mateKindsBit + 4, mateKindsBit + 8}}

// The first bits of settledBit, as constants where the kind is known: of
// the mover's colour's moves of the other amount, of both dice, and of
// the player's other colour's, whose three kinds follow four bits apart.
const (
	otherBit     = 0
	bothBit      = 4
	mateKindsBit = 12
)

// settle judges, with two dice, the moves of the amounts due where they
// become due (after the throw, and after a move or a pass that leaves
// one due), by the stages appendDice lists them with, rule W2 included,
// and keeps them in moves and extra (see kindHead), so that
// AppendLegalMoves lists them (appendSettled) and Apply finds its move
// among them (settled) without judging the throw again, as one die's
// startCount makes them: a throw with both dice due by settleThrow. It
// keeps none where no move is due, or where the throw is forfeited
// (rule C9), whose pass appendDice lists. Rule W2's look ahead
// (diceAfter) plays its moves by applyToken, which does not settle: the
// transitions do (rollDice, applyDice, passDice). Where no move is due,
// a roll is: nextTurn or bonusRoll cleared moves and extra, and put
// begin where the next throw begins where it keeps that (rules H5, U2,
// ruling Q2), so that only the lanes it kept are left to clear.
func (s *State) settle() {
	if s.due.head == 0 {
		if s.keepsOther() {
			s.begin = [MaxPlayers][MaxTokens]uint8{}
		}
		return
	}
	s.moves, s.extra = [MaxTokens]uint32{}, 0
	if s.keepsOther() {
		s.begin = [MaxPlayers][MaxTokens]uint8{}
	} else if s.flags&stateLanes != 0 { // (applyToken gives begin back before a move)
		s.begin, s.flags = s.tok, s.flags&^stateLanes
	}
	if s.forfeit() {
		return
	}
	if s.rs.feat&featShare == 0 && s.due.first() == 0 && s.due.more[0] != 0 && s.flags&stateBottoms == 0 {
		s.settleThrow() // both dice due, none played
		return
	}
	if s.rs.feat&featShare == 0 && s.dueCount() == 1 {
		// One amount, of one colour: its moves are its lanes as
		// startCount judges them, as the rules of where the throw began
		// let them be listed (amountMoves), all of which rule W2 keeps
		// (useDice).
		d := s.head() | due(s.due.first())<<mAmount
		if s.rs.feat&featSplit == 0 || !s.diePlayed() {
			s.startCount(d) // on s, whose moves are 0: as countOf judges it
		} else if s.rs.rules.DoublesSplitBlocks || !s.dieLeft(d) { // (rule U2 alone: judged and split at once)
			s.startCount(d)
			s.splitLanes(d)
		}
		s.markLanes(d, &s.moves)
		s.extra = extraDice
		return
	}
	var buf [MaxMoves]Move
	moves := s.useDice(s.diceMoves(buf[:0]))
	s.keepMoves(moves, s.keepsOther() || len(moves) > 0 && !s.diePlayed() && s.beginFree())
}

// beginFree reports whether begin, which keeps where the throw began,
// may keep the lanes of the moves settle keeps of the other amount and
// both dice instead (lanesKept), and makes it so: not under UndoTurn,
// where begin keeps where the turn began (ruling Q2). settle asks it
// where no die of the throw is played and some move is kept, so that
// where the throw began is where the tokens stand (began): nextTurn and
// bonusRoll make begin so before the throw, and a Setup with no die
// played whose TurnStart is not where the tokens stand is refused
// (checkTurnStart); TestSettledMovesAreJudgedMoves holds it at every
// such position. begin keeps the lanes until a token moves
// (stateLanes).
func (s *State) beginFree() bool {
	if s.rs.feat&featUndo != 0 {
		return false
	}
	s.begin, s.flags = [MaxPlayers][MaxTokens]uint8{}, s.flags|stateLanes
	return true
}

// settleThrow is settle for the throw of two dice of one colour, both
// due: the moves of each die (a double's once, repeats) judged on s by
// startCount, with its head and moves given back after, then their
// sum's (sumsOf), in diceMoves' order; where rule W2 keeps every move
// (useDice), each die's lanes are kept as startCount judged them, the
// head's marked (markLanes), the other die's in begin where it is free
// (lanesKept), without a look at each move (keepMoves).
func (s *State) settleThrow() {
	a := s.head()
	b := dieDue(a&(0xf<<mColor), s.due.more[0], 1)
	var buf [4 * MaxTokens]Move // a move a token of each die, of their sum and of its entry (sumsOf)
	tok, k := &s.tok[a.c()], 0
	// Each die's lanes as startCount judged them, on s, whose moves are
	// 0 (its head the first die's, put back below), then its moves; a
	// double's dice make the same moves, the head's (repeats).
	s.startCount(a)
	head := s.moves
	for have := withMoves(&head); have != 0; have &= have - 1 {
		i := bits.TrailingZeros32(have) & (MaxTokens - 1)
		buf[k] = Move{a.base() | tokenFields(i, tok[i]) | uint64(head[i])<<laneShift} // (laneMove, as amountMoves)
		k++
	}
	var other [MaxTokens]uint32
	if !s.double() {
		s.moves, s.extra = [MaxTokens]uint32{}, 0
		s.startCount(b)
		other = s.moves
		for have := withMoves(&other); have != 0; have &= have - 1 {
			i := bits.TrailingZeros32(have) & (MaxTokens - 1)
			buf[k&(len(buf)-1)] = Move{b.base() | tokenFields(i, tok[i]) | uint64(other[i])<<laneShift} // (k below 8: the mask, of a length of a power of two, spares the bounds test)
			k++
		}
	}
	dst := buf[:k]
	n, each := k, true
	if f := a.face() + b.face(); s.sumPlays(f) { // (sumsDue: both dice are due, not as tops and bottoms)
		// The sum's moves, judged on s too; under EntryCompulsory rule
		// M2 may keep only the entries among all (sumEntry).
		c := a.c()
		dst = s.sumsOf(dst, dueOf(c, 0, 0).withColor(c, false), f, s)
		each = s.rs.feat&featEntryFilter == 0
	}
	s.moves, s.extra, s.due.head = [MaxTokens]uint32{}, 0, uint32(a)
	if len(dst) == 0 { // no move: the pass (rule C10)
		s.extra = extraDice
		return
	}
	moves := s.useDice(dst)
	// No die is played, and useDice keeps a move where it has one.
	keep := s.keepsOther() || s.beginFree()
	if !each || len(moves) < len(dst) {
		s.keepMoves(moves, keep)
		return
	}
	s.markLanes(a, &head)
	x := extraDice | withMoves(&other)<<settledBit[0][kindOther]
	if keep {
		// The other die's lanes as keepLane keeps them (keptBits),
		// the bits above taken out as they are (^), so that Go writes
		// each with one store.
		b := &s.begin
		binary.LittleEndian.PutUint32(b[0][:], other[0]^other[0]&^keptBits)
		binary.LittleEndian.PutUint32(b[1][:], other[1]^other[1]&^keptBits)
		binary.LittleEndian.PutUint32(b[2][:], other[2]^other[2]&^keptBits)
		binary.LittleEndian.PutUint32(b[3][:], other[3]^other[3]&^keptBits)
	}
	for k := n; k < len(moves); k++ { // both dice's
		m := moves[k]
		i := m.Token() & (MaxTokens - 1)
		x |= 1 << ((settledBit[0][kindBoth] + uint8(i)) % 32)
		if keep {
			s.keepLane(kindBoth, i, m.lane())
		}
	}
	s.extra = x
}

// keepMoves keeps moves, those of the amounts due that rule W2 lets the
// player make, in moves and extra (see kindHead), and where keep the
// lanes of the other amount's and both dice's of the mover's colour in
// begin (lanesKept).
func (s *State) keepMoves(moves []Move, keep bool) {
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
			x |= 1 << ((settledBit[mate][kind] + uint8(i)) % 32) // (below 24: the modulo spares the shift's guard)
			if keep && mate == 0 {
				s.keepLane(kind, i, m.lane())
			}
		}
	}
	s.extra = x
}

// markLanes keeps lanes v, the head's, amount d's, as startCount judged
// them, in moves, each legal lane marked (kindHead: its amount and
// settledLane), by its valid bit (every lane startCount keeps has it),
// without a branch, two lanes a word: a lane of no move stays 0.
func (s *State) markLanes(d due, v *[MaxTokens]uint32) {
	const valid = 1<<(mFlags-laneShift) | 1<<(mFlags-laneShift+32) // (flagValid, of two lanes)
	mark := uint64(uint32(d>>laneShift) | settledLane)
	lo, hi := uint64(v[0])|uint64(v[1])<<32, uint64(v[2])|uint64(v[3])<<32
	lo |= lo & valid >> (mFlags - laneShift) * mark
	hi |= hi & valid >> (mFlags - laneShift) * mark
	s.moves = [MaxTokens]uint32{uint32(lo), uint32(lo >> 32), uint32(hi), uint32(hi >> 32)}
}

// appendSettled is appendLegal with two dice: the moves settle kept, in
// canonical order, or the pass where there are none (rule C10). The
// head's come from their lanes; the other amount's and both dice's from
// theirs, which begin keeps (lanesKept: otherMove, bothMove). The mover's
// colour's are listed token by token, in token order, each token's
// ordered among themselves (sortToken), which is canonical order. With
// the player's other colour's (rule T3), or where begin does not keep the
// lanes, whose moves are judged again (kindMove), all are listed and then
// sorted (appendShared). Where settle kept the head's moves alone,
// appendWithExtra lists them by appendHeads.
func (s *State) appendSettled(d due, dst []Move) []Move {
	x := s.extra &^ extraDice
	if x>>mateKindsBit != 0 || !s.lanesKept() {
		return s.appendShared(d, dst)
	}
	var other due
	if x>>otherBit&0xf != 0 {
		other = s.otherOf() // (asked first: fewer values kept across the call)
	}
	base, tok, v := d.base(), &s.tok[d.c()], &s.moves
	have := withMoves(v) // the tokens with a move of the head
	oth, both := x>>otherBit&0xf, x>>bothBit&0xf
	sum := s.bothDue(d.c()) // (found where no token has a move of both dice too: fewer instructions than a branch first)
	for all := have | oth | both; all != 0; all &= all - 1 {
		i := bits.TrailingZeros32(all) & (MaxTokens - 1)
		t, f := len(dst), tokenFields(i, tok[i])
		if have>>i&1 != 0 {
			dst = append(dst, Move{base | f | uint64(v[i]&^settledLane)<<laneShift})
		}
		if oth>>i&1 != 0 {
			dst = append(dst, Move{uint64(other) | f | uint64(s.otherLane(i))<<laneShift}) // otherMove
			sortToken(dst, t)
		}
		if both>>i&1 != 0 {
			dst = append(dst, Move{uint64(sum) | f | uint64(s.bothLane(i))<<laneShift}) // bothMove
			sortToken(dst, t)
		}
	}
	return dst
}

// appendShared is appendSettled with the moves of the player's other
// colour (rule T3), or where begin does not keep the lanes (lanesKept):
// all listed, then sorted.
func (s *State) appendShared(d due, dst []Move) []Move {
	n := len(dst)
	base, tok, v := d.base(), &s.tok[d.c()], &s.moves
	for have := withMoves(v); have != 0; have &= have - 1 {
		i := bits.TrailingZeros32(have) & (MaxTokens - 1)
		dst = append(dst, Move{base | tokenFields(i, tok[i]) | uint64(v[i]&^settledLane)<<laneShift})
	}
	head, other, keep := d|due(s.due.first())<<mAmount, s.otherOf(), s.lanesKept() // (head: dues' first)
	for x := s.extra &^ extraDice; x != 0; x &= x - 1 {
		b := uint8(bits.TrailingZeros32(x))
		mate, kind := false, kindOther
		switch {
		case b >= settledBit[1][kindHead]:
			mate, kind = true, int(b-settledBit[1][kindHead])/4
		case b >= settledBit[0][kindBoth]:
			kind = kindBoth
		}
		switch {
		case keep && !mate && kind == kindOther:
			dst = append(dst, s.otherMove(other, int(b%4)))
		case keep && !mate:
			dst = append(dst, s.bothMove(s.bothDue(d.c()), int(b%4)))
		default:
			dst = append(dst, s.kindMove(head, other, mate, kind, int(b%4)))
		}
	}
	sortMoves(dst[n:])
	return dst
}

// otherOf returns the other amount due, otherDue of dues: where both
// dice of a throw are due, not as tops and bottoms (rule H2), as after
// the throw, the second die (amount 1, more[0]) unless a double repeats
// the head, found without listing the amounts (dues). It reads that case
// from rest, one word: more[0] due and nothing after it, the head the
// first die, no bonus move earned (as no die is played yet); any other
// goes to dues.
func (s *State) otherOf() due {
	if r := s.due.rest(); r&^0xff == 0 && r != 0 { // (one word: more[0] alone, first 0, no bonus earned)
		d := s.head()
		if st := uint8(r); st != d.face() || st != d.steps() {
			return dueOf(d.c(), st, st) | 1<<mAmount
		}
		return d
	}
	ds, n := s.dues()
	return otherDue(ds, n)
}

// appendHeads is appendSettled where settle kept the head's moves alone
// (extra is extraDice): them, in token order, which is canonical order,
// or the pass where there are none (rule C10), without appendSettled's
// frame, as most plies of a throw list one amount.
func (s *State) appendHeads(d due, dst []Move) []Move {
	n := len(dst)
	base, tok := d.base(), &s.tok[d.c()]
	v := &s.moves
	for have := withMoves(v); have != 0; have &= have - 1 {
		i := bits.TrailingZeros32(have) & (MaxTokens - 1)
		dst = append(dst, Move{base | tokenFields(i, tok[i]) | uint64(v[i]&^settledLane)<<laneShift})
	}
	if len(dst) == n {
		return append(dst, d.pass(false))
	}
	return dst
}

// sortToken moves the last of moves, a move of the token whose moves
// begin at t, to its place among them in canonical order (Move.Compare):
// they share the colour, the token and where it starts, and are of
// different kinds, so that tokenOrder decides. It is small enough to
// inline.
func sortToken(moves []Move, t int) {
	for j := len(moves) - 1; j > t && tokenOrder(moves[j]) < tokenOrder(moves[j-1]); j-- {
		moves[j-1], moves[j] = moves[j], moves[j-1]
	}
}

// tokenOrder returns a key whose order is Compare's for the moves of
// one token from one square of different kinds (see kindHead), as
// appendSettled lists them: where the move goes, then its bits from its
// flags on, which hold its amount and the flag of both dice, so that
// two of them differ there and no later field decides.
func tokenOrder(m Move) uint32 {
	return bits.RotateLeft32(uint32(m.v>>mTo), -(mFlags - mTo)) // (the lane, where it goes its top byte)
}

// tokenOrder's lane: where a move goes, one byte, then the flags and
// the rest to the Move's top.
var (
	_ = [1]struct{}{}[mFlags-mTo-8]
	_ = [1]struct{}{}[64-mTo-32]
)

// keepsOther reports whether begin is free for the lanes of the moves
// settle judged (lanesKept) wherever it settles: where no rule reads
// where the turn or the throw began (UndoTurn, DoublesSplitBlocks,
// SumMoves).
func (s *State) keepsOther() bool { return s.rs.feat&(featUndo|featSplit) == 0 }

// lanesKept reports whether s keeps in begin the lanes of the moves of
// the other amount due (kindOther) and of both dice (kindBoth) of the
// mover's colour where settle judged them, as it keeps the head's in
// moves: where begin is free (keepsOther), or under the rules of where
// the throw began (rules H5, U2) until a die of the throw is played,
// where the throw began is where the tokens stand (stateLanes, began).
// Token i's lane of the other amount takes bytes 0 to 2 of begin[i],
// of both dice byte 3 and bytes 2(i%2) and 2(i%2)+1 of
// begin[MaxTokens+i/2] (keepLane). Where it does not, they are judged
// again when listed (kindMove).
func (s *State) lanesKept() bool { return s.keepsOther() || s.flags&stateLanes != 0 }

// began returns where the tokens stood when the throw began (rules H5,
// U2), or under UndoTurn the turn (ruling Q2): begin, or where it keeps
// lanes instead (stateLanes) where they stand.
func (s *State) began() *[MaxPlayers][MaxTokens]uint8 {
	if s.flags&stateLanes != 0 {
		return &s.tok
	}
	return &s.begin
}

// keptBits are the bits of a lane that begin keeps (lanesKept): where
// the move goes, its flags and its captures. The amount it plays the
// kind says, and the colour is the mover's.
const keptBits = 1<<(mLaneTok-laneShift) - 1

// Two lanes a token in begin (lanesKept): there are two colours more than
// tokens at least.
var _ = [1]struct{}{}[MaxPlayers-MaxTokens-2]

// keepLane keeps l as token i's lane of kind kind, kindOther or kindBoth
// (lanesKept).
func (s *State) keepLane(kind, i int, l uint32) {
	i &= MaxTokens - 1
	b := &s.begin
	if kind == kindOther {
		binary.LittleEndian.PutUint32(b[i][:], l&keptBits|uint32(b[i][3])<<24)
		return
	}
	b[i][3] = uint8(l)
	binary.LittleEndian.PutUint16(b[MaxTokens+i/2][2*(i%2):], uint16(l>>8))
}

// otherMove returns the move of the other amount due, other, that
// settle kept for token i of the mover's colour (lanesKept, keepLane):
// its lane on the other amount.
func (s *State) otherMove(other due, i int) Move {
	i &= MaxTokens - 1
	return Move{uint64(s.otherLane(i))<<laneShift | uint64(other) | tokenFields(i, s.tok[other.c()][i])}
}

// otherLane returns the lane of token i's move of the other amount that
// settle kept (otherMove).
func (s *State) otherLane(i int) uint32 {
	return binary.LittleEndian.Uint32(s.begin[i&(MaxTokens-1)][:]) & keptBits
}

// bothMove returns the move of both dice that settle kept for token i of
// the colour of sum, the amount of both dice (bothDue; lanesKept,
// keepLane): its lane on the sum of the dice, as entryOf and sumOf make
// it (rules H1, U2).
func (s *State) bothMove(sum due, i int) Move {
	i &= MaxTokens - 1
	return Move{uint64(sum) | tokenFields(i, s.tok[sum.c()][i]) | uint64(s.bothLane(i))<<laneShift}
}

// bothLane returns the lane of token i's move of both dice that settle
// kept (bothMove).
func (s *State) bothLane(i int) uint32 {
	i &= MaxTokens - 1
	return uint32(s.begin[i][3]) | uint32(binary.LittleEndian.Uint16(s.begin[MaxTokens+i/2][2*(i%2):]))<<8
}

// bothDue returns the amount that colour c's moves of both dice play, as
// bothMove makes them: the sum of the dice (rules H1, U2).
func (s *State) bothDue(c Color) due {
	a, d := s.twoFaces()
	return dueOf(c, a+d, a+d)
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
// die's (startCount), amount by amount (amountMoves), then those of
// their sum where both dice are due (sumsDue).
func (s *State) diceMoves(dst []Move) []Move {
	ds, n := s.dues()
	t := *s // startCount judges on it
	dst = s.amountMoves(dst, ds[0], &t)
	for k := 1; k < n; k++ {
		if !repeats(ds[:k], ds[k]) {
			dst = s.amountMoves(dst, ds[k], &t)
		}
	}
	if s.sumsDue(ds, n) { // the moves of their sum: a token moved on by it (rule U2) and entered with it (H1)
		f, c := ds[0].face()+ds[1].face(), ds[0].c()
		dst = s.sumsOf(dst, dueOf(c, 0, 0).withColor(c, false), f, &t)
		if s.rs.feat&featShare != 0 { // rule T3: the other colour's tokens too
			m := s.mateOf(c)
			dst = s.sumsOf(dst, dueOf(m, 0, 0).withColor(m, m != c), f, &t)
		}
	}
	return dst
}

// repeats reports whether amount d shows the face of one of ds, due
// before it (a double's), so adds the same moves (diceMoves).
func repeats(ds []due, d due) bool {
	for _, e := range ds {
		if e.face() == d.face() && e.steps() == d.steps() {
			return true
		}
	}
	return false
}

// amountMoves appends the moves of amount d due, as startCount judges
// them, and as the rules of where the throw began let them be listed
// (split) once a die is played. It judges on t, a copy of s, changing
// only what countOf clears.
func (s *State) amountMoves(dst []Move, d due, t *State) []Move {
	start := len(dst)
	for {
		t.moves, t.extra = [MaxTokens]uint32{}, 0
		t.startCount(d)
		v, base, tok := &t.moves, d.base(), &t.tok[d.c()]
		for have := withMoves(v); have != 0; have &= have - 1 {
			i := bits.TrailingZeros32(have) & (MaxTokens - 1)
			dst = append(dst, Move{base | tokenFields(i, tok[i]) | uint64(v[i])<<laneShift}) // (laneMove, the token's fields read once a colour)
		}
		if s.rs.feat&featShare == 0 || d>>mMate&1 != 0 {
			break
		}
		d = d.withColor(s.mateOf(d.c()), true) // rule T3: the other colour's tokens too
	}
	if s.rs.feat&featSplit != 0 && s.diePlayed() { // where the throw began matters (rules U2, H5), once a die is played
		kept := dst[:start]
		for _, m := range dst[start:] {
			if m, ok := s.split(m); ok {
				kept = append(kept, m)
			}
		}
		dst = kept
	}
	return dst
}

// sumsDue reports whether the sum of the dice may add moves (rules U2,
// H1) to those of the amounts due, ds, n of them: both dice are due, not
// played as tops and bottoms (rule H2), where the rules play their sum:
// under SumMoves always, under EntrySum alone where the sum is an entry
// face (rule C7, as sumEntry asks first). (No die is played then, so
// that the rules of where the throw began take none of them away.)
func (s *State) sumsDue(ds [maxDue]due, n int) bool {
	return n >= 2 && ds[0].k() == 0 && ds[1].k() == 1 && s.flags&stateBottoms == 0 && s.sumPlays(ds[0].face()+ds[1].face())
}

// sumPlays reports whether the sum f of both dice, both due, may add
// moves (sumsDue): under SumMoves always, under EntrySum alone where f
// is an entry face.
func (s *State) sumPlays(f uint8) bool {
	return s.rs.feat&featSums != 0 && (s.rs.rules.SumMoves || s.rs.entry.has(f))
}
