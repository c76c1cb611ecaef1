package ludo

import (
	"math/bits"
)

// This file holds a legal move played: the token moves, captures (C11,
// S1, N1), forms and opens blocks (B1), what the move earns (bonus rolls
// and moves, K2, K3, P8, W4), the penalties (M8, C9 with Q2, P9, H3, S3),
// and passes (C10).

// applyToken plays a legal token move.
func (s *State) applyToken(m Move) {
	rs := s.rs
	c, i, to := m.Color(), m.Token()&(MaxTokens-1), m.To()
	if rs.feat&(featLater|featSplit) != 0 { // (one test where neither is played)
		if s.flags&stateLanes != 0 { // the throw began here (began), which begin keeps again (only under featSplit)
			s.begin, s.flags = s.tok, s.flags&^stateLanes
		}
		if rs.feat&featLater != 0 && s.later != 0 { // (leave asks later too)
			s.leave(c, i) // rule P4: the square left keeps who arrived last
		}
	}
	// The track square it lands on, 0 off the track.
	sq := s.trackSquare(c, to)
	if m.Captures() { // rule C11: captured tokens go back to their yards
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
		if g != goesOnBonus { // two dice (rules W1, W4)
			if m.Captures() || m.Finishes() {
				s.diceEarn(m)
			}
			if s.due.rest() != 0 && s.nextDie(m) {
				return // another amount of the throw is due
			}
		} else if (m.Captures() || m.Finishes()) && s.earn(m) {
			return // a bonus move is due (rule P8)
		}
	}
	if s.rollOwed() { // (endMove, without its frame)
		s.bonusRoll()
		return
	}
	s.nextTurn()
}

// afterMove does what move m does after its token lands on track square
// sq (0 off the track): a second token enters with it (rule F1), the
// token that could have captured goes home (rule M8: it moves, then goes
// home), it arrived after the token there (rule P4), blocks form or open
// (rule B1), and it is the token moved last (rule P9).
func (s *State) afterMove(m Move, sq uint8) {
	rs, feat := s.rs, s.rs.feat // (feat read once: the stores below do not change it)
	if feat&(featPairEntry|featCapturePenalty|featLater|featLastMoved) == 0 && s.blocksStand(m) {
		return // blocks alone, which stand (blocksStand): nothing to do, said before the frame's work
	}
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
	if feat&featCapturePenalty != 0 && !m.Captures() {
		s.capturePenalty(m) // rule M8: after the move, the token that could have captured
	}
	if feat&featLater != 0 && sq != 0 {
		// Whether another token stands there: the token's byte cleared
		// for one test of every byte (has), where match gathers them.
		s.at.set(c, i, 0)
		others := s.at.has(sq)
		s.at.set(c, i, sq)
		if others {
			if here := s.at.match(sq); bits.OnesCount32(here) == 2 {
				s.later |= tokenBit(c, i) // rule P4: it arrived after the token there
			} else {
				s.later &^= here // a third token: none arrived after the one other
			}
		}
	}
	if feat&featBlocks != 0 {
		switch {
		case m.Captures():
			// The mover's colour, and each colour with a block: a token
			// taken from its square opens only a block it stood in.
			for x := s.blocked | colorBits(c); x != 0; {
				o := Color(bits.TrailingZeros32(x) / MaxTokens)
				x &^= colorBits(o)
				s.colorBlocks(o)
			}
		case !s.blocksStand(m) || feat&featCapturePenalty != 0:
			s.colorBlocks(c) // the mover's colour
		}
		// Else the blocks stand (blocksStand), and no token was sent home
		// by rule M8.
	}
	if feat&featLastMoved != 0 {
		s.setLastMoved(i) // rule P9
	}
}

// blocksStand reports whether the blocks stand after move m (rule B1),
// as far as the move itself tells: it captured nobody, moved no second
// token with it (a pair entering, rule F1, or a tower moving whole, rules
// R5 and Y5), and its token stood in no block and formed none
// (FormsBlock, as landing judged the move). Else afterMove forms and
// opens the mover's colour's blocks (and every colour's with a block,
// where it captured), as it does where rule M8 sends a token home; where
// blocks are the one feature afterMove plays, it returns at once where
// they stand.
func (s *State) blocksStand(m Move) bool {
	return !m.Captures() && !m.has(flagPair|flagBlock) && s.blocked&tokenBit(m.Color(), m.Token()) == 0 // (flagBlock: FormsBlock)
}

// moveTower plays the rest of move m, a tower moving whole onto an
// opponent's tower on track square sq (rule R5): that tower goes home
// (victims, which capture asks, refuses the landing), and the other
// token of the mover's square comes with it.
func (s *State) moveTower(m Move, sq uint8) {
	c, i, to := m.Color(), m.Token()&(MaxTokens-1), m.To()
	for x := s.at.match(sq) &^ colorBits(c); sq != 0 && m.Captures() && x != 0; x &= x - 1 { // (a tower moving whole home, or onto a square it shares, rule Y5, captures nobody)
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
	if m.Captures() {
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

// diceEarn does what move m, with two dice, which captured or brought a
// token home, earned (rules W1, W4): a bonus roll (rules K2, K3) is
// owed, a bonus move (rule P8) is counted, to come once the dice are
// played (nextDie).
func (s *State) diceEarn(m Move) {
	rs := s.rs
	earned := rs.homeBonus
	if m.Captures() {
		earned = rs.captureBonus
	}
	if earned == BonusRoll {
		s.flags |= stateExtraRoll
	}
	// A token home's bonus of a capture's steps counts as a
	// capture's: the moves are the same.
	capture := m.Captures() || rs.homeBonus == rs.captureBonus
	switch {
	case earned.Steps() == 0:
	case capture:
		s.due.bonus++
	default:
		s.due.bonus += bonusHome
	}
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
		for x := s.later; x != 0; x &= x - 1 { // the few that arrived after another: those on sq
			k := bits.TrailingZeros32(x)
			if s.at.byteOf(Color(k/MaxTokens), k%MaxTokens) == sq {
				s.later &^= 1 << k
			}
		}
	}
}

// endMove ends a move and the bonus moves it led to: a bonus roll if one
// is owed (rollOwed, bonusRoll), else the next turn. applyToken, which
// ends most moves, says the same without endMove's frame (bonusRoll is
// small enough to inline; endMove, with nextTurn's call, is not).
func (s *State) endMove() {
	if s.rollOwed() {
		s.bonusRoll()
		return
	}
	s.nextTurn()
}

// rollOwed reports whether a bonus roll is owed once the move due and
// the bonus moves it led to are played: the throw earned one (rules C9,
// W3, U1), or a move did (rules K2, K3).
func (s *State) rollOwed() bool { return s.flags&(stateEarns|stateExtraRoll) != 0 }

// bonusRoll ends a move where a bonus roll is owed (endMove): the same
// player rolls again.
func (s *State) bonusRoll() {
	if s.flags&stateEarns == 0 {
		s.streak = 0 // rule C9: a roll earned otherwise breaks the streak
	}
	s.moves, s.extra = [MaxTokens]uint32{}, 0
	s.throw, s.due, s.flags = 0, amounts{}, s.flags&stateLast // the token moved last stays for the turn (rule P9)
	if s.rs.feat&featSplit != 0 {
		s.begin = s.tok // rules H5, U2: the next throw begins here
	}
}

// capturePenalty sends home the token that could have captured, where
// move m, which does not capture, is made while one could (rule M8): the
// token furthest on, if several could, as they stood before the move.
func (s *State) capturePenalty(m Move) {
	d, c, mover := m.due(), m.Color(), m.Token()
	best, far := -1, -2
	for k, l := range s.moves {
		if l == 0 || !s.laneMove(d, k, l).Captures() {
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
