package ludo

import (
	"fmt"
	"math/bits"
	"slices"
)

// This file holds the choices of Pachisi (rules Y5, Y6, Y7): moves a
// player may make beside the one each token's lane keeps. A State keeps
// one lane a token and one extra lane, with no room for them, so under
// those options (featChoices) startCount judges them with the lanes and
// marks the State (extra is extraChoices) where there are any; the moves
// are then listed on demand (appendChoices) and an alternative played is
// judged again (applyChoice), by the same stages as every other move.

// extraChoices is the extra lane of a State whose amount due has moves
// beside the lanes (rules Y5, Y6, Y7). It is no lane (its valid bit is
// clear), and the options that use it are not played with the second
// entry move of rule F1 (Rules.Validate), which the extra lane holds
// otherwise.
const extraChoices = uint32(1) << 31

// maxChoices is the most moves a choice list holds: a token's lane, its
// round-again move and its tower's move, for each token, and a pass.
const maxChoices = 3*MaxTokens + 1

// choiceList is the moves of an amount due under the choices' options:
// each token's lane as judge judged it, the alternatives, and the pass of
// rule Y7, after the filters.
type choiceList struct {
	lanes [MaxTokens]uint32 // the lanes, as judge makes them: 0 where a token has none
	alts  [2 * MaxTokens]Move
	n     int  // alternatives in alts
	pass  bool // the player may refuse to move (rule Y7)
}

// choose is startCount's last stage under the choices' options: the
// filters over the lanes and the alternatives together, the lanes kept
// in moves, and extra marked where a move beside them is legal.
func (s *State) choose(d due) {
	if s.rs.rules.FirstEntryAny {
		s.firstEntry(d, &s.moves) // rule Y2
	}
	var cl choiceList
	s.choices(d, &cl, s.moves)
	s.moves = cl.lanes
	if cl.n > 0 || cl.pass {
		s.extra = extraChoices
	}
}

// lanesFor returns each token's lane for amount d as startCount's judge
// made it: the State's own where no filter chose among them (choose kept
// them as they were judged), else judged again (judgeLanes).
func (s *State) lanesFor(d due) [MaxTokens]uint32 {
	if s.rs.feat&featFilters == 0 {
		return s.moves
	}
	return s.judgeLanes(d)
}

// judgeLanes returns each token's lane for amount d as startCount's
// judge makes it, before any filter.
func (s *State) judgeLanes(d due) (lanes [MaxTokens]uint32) {
	x := tokenBytes(&s.tok[d.c()])
	for cand := s.candidates(d, x); cand != 0; cand &= cand - 1 {
		i := bits.TrailingZeros8(cand) & (MaxTokens - 1)
		if l, r := s.judge(d, i, int(x>>(8*i)&0xff)-1); r.why == legal {
			lanes[i] = l
		}
	}
	if s.rs.rules.FirstEntryAny {
		s.firstEntry(d, &lanes) // rule Y2
	}
	return lanes
}

// choices fills cl with the moves of amount d, lanes being the lanes judge
// judged: the alternatives of each candidate token (a tower moving whole,
// rule Y5; going round again, rule Y6), the filters over them all, then
// the pass of rule Y7 where a token move is left.
func (s *State) choices(d due, cl *choiceList, lanes [MaxTokens]uint32) {
	rs, c := s.rs, d.c()
	cl.lanes = lanes
	x := tokenBytes(&s.tok[c])
	for cand := s.candidates(d, x); cand != 0; cand &= cand - 1 {
		i := bits.TrailingZeros8(cand) & (MaxTokens - 1)
		from := int(x>>(8*i)&0xff) - 1
		if rs.rules.RoundAgain && s.goesPastEntry(d, from) {
			if m, r := s.roundAgain(d, i, from); r.why == legal {
				cl.alts[cl.n], cl.n = m, cl.n+1
			}
		}
		if rs.rules.TowersTogether && s.towerWhole(c, i) && lanes[i]&(uint32(flagPair)<<(mFlags-laneShift)) == 0 {
			if m, r := s.towerMove(d, i); r.why == legal {
				cl.alts[cl.n], cl.n = m, cl.n+1
			}
		}
	}
	if rs.feat&featFilters != 0 {
		s.filterChoices(d, cl)
	}
	cl.pass = rs.rules.Decline && tokenBytes(&s.tok[c]) != 0 && (cl.n > 0 || cl.lanes != [MaxTokens]uint32{})
}

// filterChoices is filter over the lanes and the alternatives of cl
// together: each filter that binds keeps the moves it keeps, where it
// keeps any.
func (s *State) filterChoices(d due, cl *choiceList) {
	c, on := d.c(), s.bound(d)
	for k := range filters {
		f := &filters[k]
		if on&(1<<k) == 0 {
			continue
		}
		var kept [MaxTokens]uint32
		var alts [2 * MaxTokens]Move
		any, n := false, 0
		for i, l := range cl.lanes {
			if l != 0 && s.keeps(f, c, i, l) {
				kept[i], any = l, true
			}
		}
		for _, m := range cl.alts[:cl.n] {
			if s.keepsMove(f, m) {
				alts[n], n = m, n+1
			}
		}
		if any || n > 0 {
			cl.lanes, cl.alts, cl.n = kept, alts, n
		}
	}
}

// appendMoves appends the moves of cl, amount d, to dst in canonical
// order.
func (s *State) appendMoves(d due, cl *choiceList, dst []Move) []Move {
	n := len(dst)
	if cl.pass {
		dst = append(dst, d.pass(false))
	}
	for i, l := range cl.lanes {
		if l != 0 {
			dst = append(dst, s.laneMove(d, i, l))
		}
	}
	dst = append(dst, cl.alts[:cl.n]...)
	slices.SortFunc(dst[n:], Move.Compare)
	return dst
}

// appendChoices is appendLegal where the amount due has moves beside the
// lanes (extra is extraChoices): it judges them again, as startCount did.
func (s *State) appendChoices(d due, dst []Move) []Move {
	var cl choiceList
	s.choices(d, &cl, s.lanesFor(d))
	return s.appendMoves(d, &cl, dst)
}

// goesPastEntry reports whether a token at progress from, on the track
// on its first lap, would pass its home entry with amount d, into its
// home column, so that it may go round again instead (rule Y6): where
// that would take it past its home entry once more (a count longer than
// the track), it may not.
func (s *State) goesPastEntry(d due, from int) bool {
	he, to := int(s.rs.homeEntry), from+int(d.steps())
	return from >= 0 && from <= he && to > he && to-int(s.rs.track) <= he // and not past it again, on a small board
}

// roundAgain decides the move of token i at progress from that goes
// round the track again instead of into its home column (rule Y6): it
// walks the squares on to its home entry, then on from its start square,
// and lands on the square its count reaches, at progress to-Track, one
// lap more to go (HomeEntry is Track-1, Rules.Validate). Its flag is
// flagCircle. The path is judged as two plain walks, so that passes does
// not count it as rule K4's.
func (s *State) roundAgain(d due, i, from int) (Move, refusal) {
	rs, c := s.rs, d.c()
	he := int(rs.homeEntry)
	back := from + int(d.steps()) - int(rs.track)
	m := s.judgedMove(d, i, back, flagValid|flagCircle)
	if !s.plainPath() {
		walk := s.judgedMove(d, i, back, flagValid)
		if r := s.passes(walk, from, he+1); r.why != legal { // from+1 to the home entry
			return m, r
		}
		if r := s.passes(walk, he-int(rs.track), back); r.why != legal { // the start square on (with a start lane, past it: rule Y1), short of the landing
			return m, r
		}
	}
	sq := s.trackSquare(c, back)
	if s.plainLanding(sq) {
		return m, refusal{}
	}
	m, r := s.land(m, sq)
	if m.MovesTower() { // its tower would move whole onto a tower (rule R5), which does not go round again (rule Y5)
		return m.without(flagPair).withCaptures(0), refusal{refTowerRound, uint16(sq)}
	}
	return m, r
}

// towerMove decides the move of token i's tower moving whole with amount
// d (rule Y5): where the token's own move would go (target), over the
// same path, landing as a tower does: on an empty square, on a single
// opponent, which it captures, or where one stands on a safe square that
// the rules share, refused (the square would hold three, rule P2), and on
// an opponent's tower as rule R5 says; never on its own colour (three, P2).
func (s *State) towerMove(d due, i int) (Move, refusal) {
	rs, c := s.rs, d.c()
	from, to, f, r := s.target(d, i)
	f |= flagPair
	m := s.judgedMove(d, i, to, f)
	if r.why != legal {
		return m, r
	}
	if rs.inHome(to) { // up its home column, or home, together
		l, r := s.moveTo(d, i, from, to, f)
		return s.laneMove(d, i, l), r
	}
	if !s.plainPath() {
		if r := s.passes(m, from, to); r.why != legal {
			return m, r
		}
	}
	sq := s.trackSquare(c, to)
	here := s.at.match(sq) &^ tokenBit(c, i)
	switch {
	case here == 0:
		return m, refusal{}
	case here&colorBits(c) != 0:
		return m, refusal{refFull, uint16(sq)}
	}
	// Opponents: as the token alone would land, then the tower too.
	one, r := s.landing(m.without(flagPair), sq)
	if r.why != legal {
		return m, r
	}
	if !one.Captures() { // shared, on a safe square: three would stand there
		return m, refusal{refFull, uint16(sq)}
	}
	return one.with(flagPair), refusal{}
}

// choiceMove reports whether m is one of the moves of cl, made by the
// token listed or by a token alike with it (ruling Q9).
func (s *State) choiceMove(d due, cl *choiceList, m Move) bool {
	if m.IsPass() {
		return cl.pass && m == d.pass(false)
	}
	c, i := d.c(), m.Token()
	if uint(i) >= uint(s.rs.tokens) {
		return false
	}
	for j := range int(s.rs.tokens) {
		if s.tok[c][j] != s.tok[c][i] {
			continue
		}
		if l := cl.lanes[j]; l != 0 && s.laneMove(d, j, l).withToken(i) == m {
			return true
		}
		for _, a := range cl.alts[:cl.n] {
			if a.Token() == j && a.withToken(i) == m {
				return true
			}
		}
	}
	return false
}

// applyChoice is apply's step for the choices' options, for move m of
// amount d that is no lane's: it plays m where it is one of the moves
// listed (a pass of rule Y7, a tower moving whole, rule Y5, or a token
// going round again, rule Y6), and refuses one of those kinds that is
// not, naming the rule. It reports whether it did either.
func (s *State) applyChoice(d due, m Move) (bool, error) {
	var cl choiceList
	s.choices(d, &cl, s.lanesFor(d))
	if s.choiceMove(d, &cl, m) {
		if m.IsPass() {
			s.applyPass()
		} else {
			s.applyToken(m)
		}
		return true, nil
	}
	return s.choiceError(d, &cl, m)
}

// choiceError returns the error refusing move m of amount d, not one of
// the moves of cl, where it is a pass, a tower's move or a move round
// again of the choices' options (rules Y5, Y6, Y7), and whether it is.
func (s *State) choiceError(d due, cl *choiceList, m Move) (bool, error) {
	rs, c := s.rs, d.c()
	var buf [maxChoices]Move
	some := s.appendMoves(d, cl, buf[:0])
	switch {
	case m.IsPass():
		if !rs.rules.Decline || m.Forfeits() || len(some) == 0 {
			return false, nil
		}
		return true, s.illegal(m, "Y7", "%v may refuse to move only once a token of its colour has entered, and must move: %v", c, some[0])
	case m.Circles() && rs.rules.RoundAgain:
		i := m.Token() & (MaxTokens - 1)
		from := int(s.tok[c][i]) - 1
		if !s.goesPastEntry(d, from) {
			return true, s.illegal(m, "Y6", "token %d does not pass its home entry with %d, so it has no home column to go round instead of", i, d.steps())
		}
		if want, r := s.roundAgain(d, i, from); r.why != legal {
			return true, r.err(m, s)
		} else if want.withToken(m.Token()) != m {
			return true, s.illegal(m, "", "the move does not match the position: %v token %d going round again makes %v", c, m.Token(), want.withToken(m.Token()))
		}
		return true, s.filterError(d, m)
	case m.MovesTower() && rs.rules.TowersTogether:
		i := m.Token() & (MaxTokens - 1)
		if !s.towerWhole(c, i) {
			if s.blocked&tokenBit(c, i) != 0 {
				return true, s.illegal(m, "Y10", "token %d shares its square with a token of its colour on another lap, one going out and one coming home: no count takes both to one square, so each moves alone", i)
			}
			return true, s.illegal(m, "Y5", "token %d stands in no tower, so no tower moves with it", i)
		}
		want, r := s.towerMove(d, i)
		if r.why != legal {
			return true, r.err(m, s)
		}
		if want.withToken(m.Token()) != m {
			return true, s.illegal(m, "", "the move does not match the position: %v token %d's tower makes %v", c, m.Token(), want.withToken(m.Token()))
		}
		return true, s.filterError(d, m)
	}
	return false, nil
}

// choiceOf returns the first move of the list of the choices' options of
// token i (or of a token alike with it, made by token i) that keep, by
// keep, if there is one: TokenMove's and ActionMove's move.
func (s *State) choiceOf(d due, i int, keep func(Move) bool) (Move, bool) {
	var buf [maxChoices]Move
	for _, m := range s.appendChoices(d, buf[:0]) {
		if !m.IsPass() && s.tok[d.c()][m.Token()] == s.tok[d.c()][i] {
			if m = m.withToken(i); keep(m) {
				return m, true
			}
		}
	}
	return Move{}, false
}

// choiceAction returns the move with action id a under the choices'
// options (rules Y5, Y6): a token's move round again (SecondAction) or
// its tower's moving whole (BothAction).
func (s *State) choiceAction(a int) (Move, error) {
	d := s.head()
	i := (a - SecondAction) % MaxTokens
	if s.hasToken(d.c(), i) {
		if m, ok := s.choiceOf(d, i, func(m Move) bool { return m.Action() == a }); ok {
			return m, nil
		}
	}
	m := newMove(d.c(), i, -1, int(d.steps()), int(d.face()))
	if a < BothAction {
		return Move{}, &IllegalMoveError{Move: m, Rule: "Y6", Reason: fmt.Sprintf("token %d has no move round the track again instead of into its home column", i)}
	}
	return Move{}, &IllegalMoveError{Move: m, Rule: "Y5", Reason: fmt.Sprintf("token %d has no move of its tower moving whole", i)}
}
