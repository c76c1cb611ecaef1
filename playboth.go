package ludo

import (
	"math/bits"
)

// This file holds rule W2: both dice must be played where they can be,
// and with one, the larger under LargerDie.
//
// W2 counts the dice each move leaves playable (useDice). The plain way
// plays the move on a copy of the State and asks for the moves after it
// (diceAfter). The rest of this file spares the copy where an argument
// about the judge settles the count: the judge of a token's move reads
// the position only from where the token stands to where the amount
// takes it (untouched), so a move elsewhere leaves that judgement as it
// was, legal or not. With two amounts due a move plays both where a move
// of the other is left untouched, or stays legal where no token of its
// own colour refuses a move (stillLegal), or its own token goes on
// (bothPlayed, following); it plays one where its token may not go on (rule U2) and
// no other token had a move of the other amount that it could have
// changed (noneAfter). With more (tops and bottoms, rule H2) it plays
// them all where the amounts left can be given moves one after another,
// each untouched by those before it or going on from its token's last
// (allPlayed, playable, onward), and so does each of those moves that
// leaves the ones before it untouched, played first (reordered). Where
// none of these says, the copy is played. TestUntouchedMovesStayLegal
// checks every claim against the copy at every position of random games
// of every preset made to throw two dice.

// useDice keeps of moves, the moves of the dice due, those that rule W2
// lets the player make (a capture among them counts, ruling N2): the dice must all be played where they can be,
// so where a move leaves the other die playable (or ends the player's
// game), the moves that leave it unplayable go; where no move does, one
// die is played, and under LargerDie the larger where a token can play
// it.
func (s *State) useDice(moves []Move) []Move {
	if len(moves) < 2 {
		return moves
	}
	n := s.dueCount()
	if n < 2 || s.due.first() >= amountCapture { // bonus moves: one that no token can make is lost (rule P8)
		return moves
	}
	if n == 2 {
		// Each move plays one die or both (diceAfter counts at least
		// the move's own): the moves that play one, a bit each, of those
		// that bothPlayed does not show to play both.
		all := uint32(1)<<len(moves) - 1
		both := s.bothPlayed(moves)
		if both == all { // every move plays both: all kept
			return moves
		}
		var one uint32
		for rest := all &^ both; rest != 0; rest &= rest - 1 {
			k := bits.TrailingZeros32(rest)
			if m := moves[k]; s.noneAfter(m, moves) || s.diceAfter(m) < 2 {
				one |= 1 << k
			}
		}
		switch {
		case one == 0: // every move plays both: all kept
			return moves
		case one == all: // no move plays both: one die is played
			if s.rs.rules.DiceUse == LargerDie {
				return larger(moves)
			}
			return moves
		}
		// The moves that play both kept, in their order (k >= j).
		j := 0
		for keep := all &^ one; keep != 0; keep &= keep - 1 {
			moves[j] = moves[bits.TrailingZeros32(keep)]
			j++
		}
		return moves[:j]
	}
	// More (tops and bottoms, rule H2): how many each plays.
	var played [MaxMoves]uint8
	ds, _ := s.dues()
	var chosen [maxDue]Move // the moves allPlayed finds
	var also uint32         // moves after k that those show to play every amount (reordered)
	for k, m := range moves {
		played[k] = uint8(n)
		if also>>k&1 != 0 {
			continue
		}
		if s.allPlayed(m, moves, ds[:n], &chosen) {
			if k+1 < len(moves) {
				also |= s.reordered(moves[k+1:], chosen[:n]) << (k + 1)
			}
		} else {
			played[k] = uint8(s.diceAfter(m))
		}
	}
	most, least := uint8(0), uint8(maxDue)
	for _, p := range played[:len(moves)] {
		most, least = max(most, p), min(least, p)
	}
	if most == 1 && s.rs.rules.DiceUse == LargerDie {
		return larger(moves)
	} else if least == most { // every move plays as many: all kept
		return moves
	}
	kept := moves[:0]
	for k, m := range moves {
		if played[k] == most {
			kept = append(kept, m)
		}
	}
	return kept
}

// larger keeps of moves, each of which plays one die, those of the larger
// die where a token can play it (LargerDie, rule W2).
func larger(moves []Move) []Move {
	most := 0
	for _, m := range moves {
		most = max(most, m.Count())
	}
	kept := moves[:0]
	for _, m := range moves {
		if m.Count() >= most {
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
		r.v&(0xfff<<mFlags&^plain) != 0 {
		return false
	}
	return s.apart(m, r)
}

// apart is the rest of untouched, for a move r that does no more than
// move its token onto the track or along it, of m's colour, by another
// token, of the other amount: what untouched asks first, and bothPlayed
// before it asks this (of m once, apartFrom, then of each r, leaves).
// It needs two progresses of a colour up to its finish to be two
// squares: not so on a board with start lanes (rule Y1).
func (s *State) apart(m, r Move) bool {
	x, y, lim := apartFrom(m, uint64(s.rs.finish)+1, s.rs.feat)
	return s.rs.rules.Board.StartLane == 0 && leaves(x, y, lim, r)
}

// apartFrom returns what apart asks of m alone, fin being the finish's
// progress plus one and feat the rules' features: its progresses plus
// one, as a Move keeps them (so that the yard is 0), from (x) and to
// (y), and the progress plus one that r must end short of (lim), 0 where
// no r is apart from m. m captures only on the square it reaches (not
// where a token captures what it passes, rule S1, nor going round again,
// rule K4), and ends at most at its finish without going round again
// past it (K4: two progresses on one square). m does no more than move
// its token onto the track or along it, or its token ends at its finish
// (rule N1: from the square it captures on, where no player plays two
// colours, rule T3), which r must then not reach. (besideApart asks it
// of every move: it is kept small enough for the compiler to inline.)
func apartFrom(m Move, fin uint64, feat features) (x, y, lim uint64) {
	const plain = flagValid | flagEnter | flagBlock
	x, y, lim = m.v>>mFrom&0xff, m.v>>mTo&0xff, fin+1
	if f := m.flags() &^ plain; f != 0 {
		lim = 0
		if f&^flagRetire == flagFinish && feat&featShare == 0 {
			lim = fin
		}
	}
	if max(x, y) > fin || m.v&(0xf<<mCaptures) != 0 && feat&(featCircle|featPassCapture) != 0 {
		lim = 0
	}
	return
}

// leaves reports whether r, as apart asks of it after apartFrom asked of
// m (x, y and lim), is left apart by m: r ends short of lim (not going
// round again past the finish, rule K4) and m's token neither leaves
// nor reaches a progress from where r's token stands (an entry's from
// the start square, progress 0) to where r ends.
func leaves(x, y, lim uint64, r Move) bool {
	lo, hi := max(r.v>>mFrom&0xff, 1), r.v>>mTo&0xff
	return hi < lim && (x < lo || x > hi) && (y < lo || y > hi)
}

// anyDiceMove reports whether an amount due has a move, as diceMoves
// would list one, without listing them; token last of a colour is judged
// after its others (anyKept).
func (s *State) anyDiceMove(last int) bool {
	ds, n := s.dues()
	if s.sumsDue(ds, n) { // both dice due: their sum adds moves (rules U2, H1) and may take some away (M2)
		var buf [MaxMoves]Move
		return len(s.diceMoves(buf[:0])) > 0
	}
	for _, d := range ds[:n] {
		for {
			if s.anyKept(d, last) {
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
// startCount, on a copy. Token last is judged after the others: diceAfter
// names the token it moved, which, having played a die, rule U2 bars from
// the other (split), so that the first move judged legal is more often
// kept; whichever is found first, one is found where there is one.
func (s *State) anyKept(d due, last int) bool {
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
	cand, b := uint(s.candidates(d, x)), uint(1)<<(last&(MaxTokens-1))
	for order := cand&^b | cand&b<<MaxTokens; order != 0; order &= order - 1 { // (the candidates, last's bit moved past the others)
		i := bits.TrailingZeros(order) & (MaxTokens - 1)
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
		return played + b2i(t.anyDiceMove(m.Token()))
	}
	var buf [MaxMoves]Move
	left, moves := n-played, buf[:0]
	if ds, dn := t.dues(); t.sumsDue(ds, dn) {
		moves = t.diceMoves(moves)
	} else {
		// Amount by amount (as diceMoves lists them), up to the first
		// move after which every die left is played, judging no amount
		// past it: with two left (tops and bottoms, rule H2), a move
		// whose token moves on with the other (following, as bothPlayed
		// asks) before the moves of the other are listed.
		u, most := t, 0 // startCount judges on u
		for k, d := range ds[:dn] {
			if repeats(ds[:k], d) {
				continue
			}
			start := len(moves)
			moves = t.amountMoves(moves, d, &u)
			for _, r := range moves[start:] {
				switch {
				case left > 2:
					if most = max(most, t.diceAfter(r)); most == left {
						return played + most
					}
				case t.following(r, ds[b2i(r.amount() == ds[0].k())]):
					return played + 2
				}
			}
		}
		if left > 2 {
			return played + most
		}
	}
	if left == 2 && t.bothPlayed(moves) != 0 { // a move plays both
		return played + 2
	}
	most := 0
	for _, r := range moves {
		if most = max(most, t.diceAfter(r)); most == left { // every die left is played
			break
		}
	}
	return played + most
}

// bothPlayed returns, a bit each by index, the moves of moves, the moves
// of two amounts due, that it shows to play both, as diceAfter counts
// them: a move that plays both dice (rules H1, U2, where nothing is left
// to play); a move m beside which another token of its colour had a
// plain move r of the other amount (the head's or not), or under a
// double's two dice of any (diceMoves lists a double's moves once, as
// the head's: a move of another token there is judged as the other
// die's move too, so serves as one), that is judged after m as before
// (untouched: r no more than moves its token onto the track or along
// it, and apart) or, where no token of its own colour refuses a move
// (ownFree), that stays legal after m (stillLegal; r may also go to its
// finish); or a move whose token moves on with the other amount
// (following). The moves beside others it finds in one pass over the
// moves, by amount (besideStill, besideApart).
func (s *State) bothPlayed(moves []Move) uint32 {
	var both uint32
	switch {
	case s.rs.ownFree:
		both = s.besideStill(moves)
	case s.rs.rules.Board.StartLane == 0: // (apart)
		both = s.besideApart(moves)
	default:
		for k, m := range moves {
			if m.BothDice() {
				both |= 1 << (k & 31)
			}
		}
	}
	// Those left: where the token moves on with the other amount.
	rest := (uint32(1)<<len(moves) - 1) &^ both
	if rest == 0 {
		return both
	}
	if s.rs.feat&featSplit != 0 { // (following would find no move)
		for rs := rest; rs != 0; rs &= rs - 1 {
			if k := bits.TrailingZeros32(rs); !s.splitFree(moves[k]) {
				rest &^= 1 << k
			}
		}
		if rest == 0 {
			return both
		}
	}
	ds, _ := s.dues()
	for ; rest != 0; rest &= rest - 1 {
		k := bits.TrailingZeros32(rest)
		m := moves[k]
		if other := ds[b2i(m.amount() == ds[0].k())]; s.following(m, other) {
			both |= 1 << k
		}
	}
	return both
}

// besideStill returns, a bit each by index, the moves of moves (of two
// amounts due, where ownFree) that play both dice, or that stillLegal
// holds of and another token of the colour had a plain move, or one to
// its finish, of the other amount (of any under a double's two dice,
// bothPlayed). It finds the tokens with such a move once, a bit each by
// Move's token field and mate bit, by amount (in one throw a colour's
// own moves have no mate bit, its other colour's have it, rule T3).
// Where no colour plays another's tokens (T3), so that no move has the
// mate bit, and two tokens or more have such a move of an amount, every
// move of the other amount that stillLegal holds of is beside one of
// them of another token.
func (s *State) besideStill(moves []Move) (both uint32) {
	const beside = 0xfff << mFlags &^ (uint64(flagValid|flagEnter|flagBlock|flagFinish) << mFlags) // what such a move has none of
	head := uint64(s.due.first())
	var heads, others uint32 // the tokens, by amount: the head's and the other
	var still, ofHead uint32 // the moves stillLegal holds of; the moves of the head's amount
	for k, r := range moves {
		b := uint32(1) << (k & 31)
		h := r.v>>mAmount&amountMask == head
		if h {
			ofHead |= b
		}
		switch t := uint32(1) << (r.v>>mToken&0xf | r.v>>mMate&1<<4); {
		case r.v&beside != 0:
			if r.BothDice() {
				both |= b
				continue // (not stillLegal)
			}
		case h:
			heads |= t
		default:
			others |= t
		}
		if s.stillLegal(r) {
			still |= b
		}
	}
	if s.double() && s.flags&stateBottoms == 0 { // (tops and bottoms, rule H2, are no double's two dice)
		heads |= others
		others = heads
	}
	if s.rs.feat&featShare == 0 {
		if others&(others-1) != 0 {
			both |= still & ofHead
			still &^= ofHead
		}
		if heads&(heads-1) != 0 {
			both |= still &^ ofHead
			still &= ofHead
		}
	}
	for ; still != 0; still &= still - 1 {
		k := bits.TrailingZeros32(still)
		m := moves[k]
		ts := others
		if ofHead>>k&1 == 0 {
			ts = heads
		}
		if ts>>(m.v>>mMate&1<<4)&0xffff&^(1<<(m.v>>mToken&0xf)) != 0 {
			both |= 1 << k
		}
	}
	return both
}

// besideApart returns, a bit each by index, the moves of moves (of two
// amounts due, where the board has no start lanes) that play both dice,
// or beside which another token of the colour had a plain move of the
// other amount (of any under a double's two dice, bothPlayed) that apart
// holds of. It finds the plain moves once, a bit each by index, by
// amount, and asks apart of each move once (apartFrom), then of such
// moves (leaves) up to the first that holds.
func (s *State) besideApart(moves []Move) (both uint32) {
	const (
		plain = uint64(flagValid|flagEnter|flagBlock) << mFlags
		more  = 0xfff << mFlags &^ plain // what a plain move has none of
		side  = 0xf<<mColor | 1<<mMate
	)
	head := uint64(s.due.first())
	var heads, others uint32 // the plain moves, by amount: the head's and the other
	for k, r := range moves {
		b := uint32(1) << (k & 31)
		switch {
		case r.v&more != 0:
			if r.BothDice() {
				both |= b
			}
		case r.v>>mAmount&amountMask == head:
			heads |= b
		default:
			others |= b
		}
	}
	if s.double() && s.flags&stateBottoms == 0 { // (tops and bottoms, rule H2, are no double's two dice)
		heads |= others
		others = heads
	}
	fin, feat := uint64(s.rs.finish)+1, s.rs.feat
	for k, m := range moves {
		x, y, lim := apartFrom(m, fin, feat)
		if lim == 0 {
			continue
		}
		rs := others
		if m.v>>mAmount&amountMask != head {
			rs = heads
		}
		for ; rs != 0; rs &= rs - 1 {
			r := moves[bits.TrailingZeros32(rs)]
			if d := m.v ^ r.v; d&side == 0 && d>>mToken&0xf != 0 && leaves(x, y, lim, r) {
				both |= 1 << (k & 31)
				break
			}
		}
	}
	return both
}

// stillLegal reports whether every move of another token of m's colour
// that is legal before move m stays legal after it, though not perhaps
// the same move (a capture gone, a block formed): where no token of its
// own colour, nor a token taken off the board, refuses a move (ownFree),
// m does no more than move its token onto the track or along it, or to
// its finish (as apart takes them), and captures only on the square it
// reaches (not those it passes, rule S1) and opens no home column by it
// (rule K4). What else the judge reads m leaves as it was. So rule W2
// counts both dice played after m where another token had a move of the
// other die (bothPlayed), though m touches that move's squares
// (untouched). TestUntouchedMovesStayLegal checks it.
func (s *State) stillLegal(m Move) bool {
	const plain = flagValid | flagEnter | flagBlock
	if m.Captures() && s.rs.feat&(featCircle|featPassCapture) != 0 {
		return false
	}
	f := m.flags() &^ plain
	return f == 0 || (f == flagFinish || f == flagRetire|flagFinish) && s.rs.feat&featShare == 0
}

// allPlayed reports whether move m of moves, the moves of ds, more than
// two amounts due (tops and bottoms, rule H2), leaves every other amount
// playable, as diceAfter counts them, without playing m on a copy: the
// other amounts can be given, in order, moves after m and the moves
// given before (playable), which it leaves in chosen, m first, one an
// amount. A double's amounts of one face are listed once (diceMoves), so
// a move stands for each.
func (s *State) allPlayed(m Move, moves []Move, ds []due, chosen *[maxDue]Move) bool {
	var left [maxDue]due
	k := 0
	for _, d := range ds {
		if d.k() != m.amount() {
			left[k] = d
			k++
		}
	}
	chosen[0] = m
	return s.playable(left[:k], moves, chosen, 1, 1<<(m.v>>mToken&0xf))
}

// reordered returns, a bit each by index, the moves of moves that the
// moves chosen show to leave every other amount playable, as allPlayed
// would: chosen, the moves allPlayed found, one an amount due, in order,
// each judged after those before it as before. A move of chosen played
// first and the rest after it in their order leaves each judged as
// before where each chosen before it is judged after it as before
// (untouched): the rest keep their order and so their arguments (an
// onward move follows its token's last, and is none of moves: its token
// stands where a move before it took it). Such a move of moves (of its
// face, whichever amount due it is listed as: it stands for each) plays
// every amount.
func (s *State) reordered(moves []Move, chosen []Move) uint32 {
	const amount = amountMask << mAmount
	var also uint32
next:
	for j := 1; j < len(chosen); j++ {
		c := chosen[j]
		for k, r := range moves {
			if (r.v^c.v)&^amount == 0 {
				for _, e := range chosen[:j] {
					if !s.untouched(c, e) {
						continue next
					}
				}
				also |= 1 << k
				continue next
			}
		}
	}
	return also
}

// playable reports whether the amounts left can be given moves, in order,
// after the moves chosen (allPlayed; the first n of chosen, each level
// writing its move at chosen[n], not appending to a slice), which move the
// tokens used (a bit each, by Move's token field): of an amount, a move of moves of its
// face by a token none of them moves, or a token's move on from where
// the last of them that moves it takes it (onward), judged after each of
// another token as before (untouched, asked of it as the move of another
// amount), so legal and played after them.
func (s *State) playable(left []due, moves []Move, chosen *[maxDue]Move, n int, used uint32) bool {
	const (
		face   = 0xff<<mDie | 0xff<<mCount
		amount = amountMask << mAmount
		token  = 0xf << mToken
	)
	if len(left) == 0 {
		return true
	}
	d := left[0]
	for _, r := range moves {
		if (r.v^uint64(d))&face == 0 && used>>(r.v>>mToken&0xf)&1 == 0 {
			r.v = r.v&^amount | uint64(d)&amount // as a move of amount d
			if s.after(chosen[:n], r) {
				chosen[n] = r
				if len(left) == 1 || s.playable(left[1:], moves, chosen, n+1, used|1<<(r.v>>mToken&0xf)) {
					return true
				}
			}
		}
	}
next:
	for k, c := range chosen[:n] {
		for _, e := range chosen[k+1 : n] {
			if (e.v^c.v)&token == 0 {
				continue next // not the last move of its token
			}
		}
		if r, ok := s.onward(c, d); ok && s.after(chosen[:n], r) {
			chosen[n] = r
			if len(left) == 1 || s.playable(left[1:], moves, chosen, n+1, used) {
				return true
			}
		}
	}
	return false
}

// after reports whether move r is judged after the moves chosen as
// before: each of another token leaves it untouched (untouched); those
// of its token it follows (playable).
func (s *State) after(chosen []Move, r Move) bool {
	for _, c := range chosen {
		if (c.v^r.v)&(0xf<<mToken) != 0 && !s.untouched(c, r) {
			return false
		}
	}
	return true
}

// noneAfter reports whether move m of moves, the moves of two amounts
// due, leaves the other amount no move, so plays one die, as diceAfter
// counts it, without playing m on a copy: m's token may not take the
// other amount after m (rule U2: it played a die, playedDie), and every
// other token of the colour is judged after m as before (the judge reads
// the position only from where a token stands to where the amount takes
// it, see untouched: m neither leaves nor reaches a progress there; a
// token at its finish is refused before any square is read, rule B3, and
// so is a token in the yard where the amount is no entry face, rule C7),
// where it had no move of the other amount among moves, none that a
// filter took away (binding). A token alike with m's after m, which rule
// U2 lets take the amount (split), stood where m ends, so is not judged
// as before.
func (s *State) noneAfter(m Move, moves []Move) bool {
	const plain = flagValid | flagEnter | flagBlock
	c, i := m.Color(), m.Token()&(MaxTokens-1)
	x, y := m.From(), m.To()
	if !s.rs.rules.SumMoves || m.flags()&^plain != 0 || m.Captures() && s.rs.feat&featPassCapture != 0 ||
		s.rs.rules.Board.StartLane != 0 || s.rs.feat&(featShare|featPairEntry|featChoices|featStars|featSteps|featCircle) != 0 ||
		s.flags&stateBottoms != 0 || !s.playedDie(c, i, uint8(y+1)) {
		return false
	}
	// The other amount: the other die.
	a, b := s.twoFaces() // (two dice: useDice asks it of two amounts due, not tops and bottoms)
	if m.amount() == 0 {
		a = b
	}
	d := dueOf(c, a, a)
	const same = 0xf<<mColor | 0xff<<mDie | 0xff<<mCount // (a move of both dice shows their sum)
	for _, r := range moves {
		if (r.v^uint64(d))&same == 0 && r.v>>mToken&0xf != uint64(i+1) {
			return false // another token's move of the other amount, which m may leave legal
		}
	}
	// The other tokens, a byte each (tokenBytes), but those the judge
	// refuses before it reads a square, as candidates leaves them out:
	// at their finish (rule B3), and in the yard where the face does not
	// enter (rule C7).
	w, n := tokenBytes(&s.tok[c]), int(a)
	ask := s.rs.tokenBytes &^ (0x80 << (8 * i)) &^ zeroBytes(w^s.rs.finishBytes)
	if !s.rs.entry.has(a) {
		ask &^= zeroBytes(w)
	}
	for ; ask != 0; ask &= ask - 1 {
		p := int(w>>(bits.TrailingZeros32(ask)&^7)&0xff) - 1
		if x >= p && x <= p+n || y >= p && y <= p+n {
			return false
		}
	}
	return s.rs.filtersOn == 0 || !s.binding(d) // (no filter option on: none binds, without binding's call)
}

// following reports whether the token move m moves has a legal move of
// amount d after m, judged from where m takes it but on s, before m
// (onward).
func (s *State) following(m Move, d due) bool {
	_, ok := s.onwardLane(m, d)
	return ok
}

// onward returns the legal move of amount d of the token move m moves,
// after m, judged from where m takes it but on s, before m, and whether
// it has one that this judgement finds (onwardLane).
func (s *State) onward(m Move, d due) (Move, bool) {
	l, ok := s.onwardLane(m, d)
	d = d.withColor(m.Color(), m.v>>mMate&1 != 0)
	return Move{d.base() | tokenFields(m.Token(), uint8(m.To()+1)) | uint64(l)<<laneShift}, ok
}

// onwardLane returns the lane of onward's move: where m does no more
// than move its token onto the track or along it, capturing only there
// (as untouched asks), and that move of d ends short of the token's
// finish without going round again, the judge of it reads only the
// squares from the one past the token's up to where it ends (see
// untouched), none of which m changed. Where the rules of where the
// throw began may take the move away (split), it finds none unless they
// cannot (splitFree).
func (s *State) onwardLane(m Move, d due) (uint32, bool) {
	const plain = flagValid | flagEnter | flagBlock
	fin, y := int(s.rs.finish), m.To()
	if m.flags()&^plain != 0 || m.Captures() && s.rs.feat&(featCircle|featPassCapture) != 0 || y >= fin ||
		s.rs.rules.Board.StartLane != 0 || s.rs.feat&(featPairEntry|featChoices) != 0 ||
		s.rs.feat&featSplit != 0 && !s.splitFree(m) {
		return 0, false
	}
	l, r := s.judge(d.withColor(m.Color(), m.v>>mMate&1 != 0), m.Token()&(MaxTokens-1), y)
	if r.why != legal || moveFlags(l>>(mFlags-laneShift))&^plain != 0 {
		return 0, false
	}
	to := int(uint8(l)) - 1
	return l, to <= fin && (m.From() <= y || m.From() > to)
}

// splitFree reports whether the rules of where the throw began (split)
// leave alone every move of the token that move m moves, made after m
// (following), asking them of the token where m takes it: under
// SumMoves a token that played a die does not take the other (rule U2,
// sumBarred, as playedDie counts it); under DoublesSplitBlocks only a
// token that stands where it began the throw can move on to join its
// block (rule H5, together, which asks stillAt first).
func (s *State) splitFree(m Move) bool {
	c, i := m.Color(), m.Token()&(MaxTokens-1)
	v := uint8(m.To() + 1) // where m takes it, as a State keeps it
	return (!s.rs.rules.SumMoves || !s.playedDie(c, i, v)) &&
		(!s.rs.rules.DoublesSplitBlocks || !s.stillAt(c, i, v))
}
