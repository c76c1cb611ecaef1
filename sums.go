package ludo

import "math/bits"

// This file holds the dice added: a token moving by their sum (rule U2),
// entering with it (H1), and what where the throw began forbids (U2, H5).

// split returns move m of a die as the rules of where the throw began
// let it be listed, and whether they do: under SumMoves a token that
// played the other die does not take this one, but another token alike
// may (rule U2); under DoublesSplitBlocks a block does not move on
// together by a double (rule H5). Both judge a throw with a die played.
func (s *State) split(m Move) (Move, bool) {
	// (stillAt: what sumBarred asks last, asked first without its call,
	// as most tokens stand where the throw began)
	if s.rs.rules.SumMoves && !s.stillAt(m.Color(), m.Token(), s.tok[m.Color()][m.Token()&(MaxTokens-1)]) && s.sumBarred(m) { // rule U2: another token alike may take the die, or none
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

// splitLanes keeps of the lanes of amount d, a die's, that startCount
// judged in moves with a die of the throw played, those split lets be
// listed, each at the token split gives it to (rule U2: another alike
// may take it). split changes nothing of a move whose token stands where
// the throw began (rule U2 asks stillAt first) unless the throw is a
// double (rule H5: together asks double first), so only the lanes of the
// tokens that moved since the throw began, or all of a double's, are
// asked. settle asks dieLeft first, which under rule U2 alone judges
// and splits the lanes in one pass.
func (s *State) splitLanes(d due) {
	c, v := d.c(), &s.moves
	ask := gather(uint64(^zeroBytes(tokenBytes(&s.began()[c]) ^ tokenBytes(&s.tok[c])))) // the tokens that moved
	if s.rs.rules.DoublesSplitBlocks && s.double() {
		ask = 1<<MaxTokens - 1
	}
	kept := *v
	ask &= uint8(withMoves(v))
	for ; ask != 0; ask &= ask - 1 {
		i := bits.TrailingZeros8(ask) & (MaxTokens - 1)
		kept[i] = 0
		if m, ok := s.split(s.laneMove(d, i, v[i])); ok {
			kept[m.Token()&(MaxTokens-1)] = v[i]
		}
	}
	*v = kept
}

// dieLeft judges, as startCount does, the lanes of amount d, a die's,
// with the throw's other die played, and keeps each at the token split
// gives it to (splitLanes), where it can do so without startCount: under
// rule U2 alone (SumMoves, no DoublesSplitBlocks), of a die (not a bonus
// move), without the stages startCount adds after judging (pair entry,
// filters, choices: as sumsOf). It reports whether it did. There split's
// test of a die's move is sumBarred's, which with a die played is
// playedDie's, and a lane it bars goes to alikeOther or none: a token
// whose lane would go to none is not judged, and one whose lane goes to
// another token alike keeps its lane there (that token is no candidate:
// of tokens alike only the lowest-numbered is, ruling Q9). A token that
// stands where the throw began (stillAt, which playedDie asks) is not
// asked (split asks stillAt first).
func (s *State) dieLeft(d due) bool {
	if s.rs.rules.DoublesSplitBlocks || d.face() == 0 || s.rs.feat&(featPairEntry|featFilters|featChoices) != 0 {
		return false
	}
	s.due.head = uint32(d) // (as startCount)
	c := d.c()
	tok := &s.tok[c]
	x := tokenBytes(tok)
	moved := gather(uint64(^zeroBytes(tokenBytes(&s.began()[c]) ^ x))) // the tokens that moved
	for cand := s.candidates(d, x); cand != 0; cand &= cand - 1 {
		i := bits.TrailingZeros8(cand) & (MaxTokens - 1)
		j := i
		if moved>>i&1 != 0 && s.playedDie(c, i, tok[i]) { // rule U2: another token alike may take the die, or none
			if j = s.alikeOther(c, i); j < 0 {
				continue
			}
		}
		if l, r := s.judge(d, i, int(x>>(8*i)&0xff)-1); r.why == legal {
			s.moves[j&(MaxTokens-1)] = l
		}
	}
	return true
}

// together reports whether move m, with an amount of a double, moves a
// token on from a block it stood in when the throw began to the square
// another token of that block has reached by one move of the same
// amount, to stand with it again: rule H5 forbids it. (A token that
// began the throw on the square and stands the amount on has made that
// one move: two moves of a double's amounts never add up to one.)
func (s *State) together(m Move) bool {
	if !s.double() { // DoublesSplitBlocks throws two dice; small enough to inline, the rest in rejoins
		return false
	}
	return s.rejoins(m)
}

// rejoins is together after its test of a double.
func (s *State) rejoins(m Move) bool {
	if m.Enters() || !s.diePlayed() {
		return false
	}
	c, j := m.Color(), m.Token()&(MaxTokens-1)
	v := s.tok[c][j] // where the token stands, as a State keeps it
	if !s.stillAt(c, j, v) || !s.rs.onTrack(int(v)-1) {
		return false
	}
	x := m.From() + m.Count()
	if m.To() != x || x+1 > 0xff { // (no token stands past a byte's progress)
		return false
	}
	// Another token in play that began where this one stands and stands
	// at x, by their bytes (tokenBytes) in one word.
	began := bytesEqual(tokenBytes(&s.began()[c]), v)
	there := bytesEqual(tokenBytes(&s.tok[c]), uint8(x+1))
	return began&there&s.rs.tokenBytes&^(0x80<<(8*j)) != 0
}

// sumsOf appends the moves of the sum f of both dice by the tokens of
// col's colour (a due of no face: its colour and the mate bit, rule T3),
// as the rules play it: a token moved on by it (rule U2) and entered
// with it (H1, sumEntry). It judges on t, a copy of s or s itself
// (amountMoves, settleThrow).
//
// Rule U2's moves (SumMoves) are those of the tokens that take both dice
// as one move of their sum f: judged as a bonus move's count is, from the
// token's square to where f takes it, landing only there and bringing no
// token out of the yard; a move that plays both dice. Where no stage
// after the judge can take a move away (rule F1's pair, the filters, the
// choices of rules Y5 to Y7: none of them under the preset uckers), the
// moves startCount would keep are the candidates' the judge finds legal,
// as anyJudged asks them: those are appended as judged, and t is not
// changed. Else startCount judges them on t, changing only what countOf
// clears and the head.
func (s *State) sumsOf(dst []Move, col due, f uint8, t *State) []Move {
	if s.rs.rules.SumMoves {
		c, d := col|dueOf(0, 0, f), col|dueOf(0, f, f) // (of no face, as a bonus move; and the sum's amount)
		if t.rs.feat&(featPairEntry|featFilters|featChoices) != 0 {
			t.startCount(c) // (startCount clears moves and extra first for a bonus move)
			v := &t.moves
			for have := withMoves(v); have != 0; have &= have - 1 {
				i := bits.TrailingZeros32(have) & (MaxTokens - 1)
				dst = append(dst, s.sumLane(d, i, v[i]))
			}
		} else {
			x := tokenBytes(&t.tok[c.c()])
			for cand := t.candidates(c, x); cand != 0; cand &= cand - 1 {
				i := bits.TrailingZeros8(cand) & (MaxTokens - 1)
				if l, r := t.judge(c, i, int(x>>(8*i)&0xff)-1); r.why == legal {
					dst = append(dst, s.sumLane(d, i, l))
				}
			}
		}
	}
	if s.rs.rules.EntrySum { // after every other move: rule M2 may keep only its entries
		dst = s.sumEntry(dst, col, f, t)
	}
	return dst
}

// sumOf returns the move of token i of col's colour (as sumsOf) with
// both dice as one move of their sum f (rule U2), l its lane as judge
// judges a bonus move of f steps.
func (s *State) sumOf(col due, f uint8, i int, l uint32) Move {
	return s.sumLane(col|dueOf(0, f, f), i, l)
}

// sumLane is sumOf with d the sum's amount, col|dueOf(0, f, f), whose
// face is already the sum's (asSum's), so small enough to inline in
// sumsOf's loop.
func (s *State) sumLane(d due, i int, l uint32) Move { return s.laneMove(d, i, l).with(flagBoth) }

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
	return s.playedDie(c, i, s.tok[c][i])
}

// playedDie reports whether colour c's token i, standing at v (its
// progress plus one, as a State keeps it), has played a die of the
// throw, as rule U2 counts it: it no longer stands where the throw began
// (stillAt), and that move did not bring it out of the yard onto its
// start square (UCK-UK).
func (s *State) playedDie(c Color, i int, v uint8) bool { return !s.stillAt(c, i, v) && v != 1 }

// stillAt reports whether colour c's token i, standing at v (as
// playedDie), stands where it began the throw (rules U2, H5).
func (s *State) stillAt(c Color, i int, v uint8) bool { return s.began()[c][i&(MaxTokens-1)] == v }

// alikeOther returns another token of colour c alike with token i (on its
// square, ruling Q9), or -1 for none.
func (s *State) alikeOther(c Color, i int) int {
	i &= MaxTokens - 1
	// The tokens in play on its square but i, by their bytes (tokenBytes).
	x := bytesEqual(tokenBytes(&s.tok[c]), s.tok[c][i]) & s.rs.tokenBytes &^ (0x80 << (8 * i))
	if x == 0 {
		return -1
	}
	return bits.TrailingZeros32(x) / 8
}

// sumEntry appends the entry of a token of col's colour (as sumsOf) with
// both dice where their sum f is an entry face (rule H1), if a token can
// enter; under EntryCompulsory
// the throw must then bring a token in (rule M2), so the moves that do
// not enter go. With no token of the colour in the yard, none enters
// (rule C7: an entry brings one from it), and the sum is not judged. It
// judges on t, as sumsOf.
func (s *State) sumEntry(dst []Move, col due, f uint8, t *State) []Move {
	if !s.rs.entry.has(f) || !s.waiting(col.c()) {
		return dst
	}
	t.moves, t.extra = [MaxTokens]uint32{}, 0
	t.startCount(col | dueOf(0, f, f))
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

// entryOf returns the entry of token i of col's colour (as sumsOf) with
// both dice, their sum f (rule H1), l its lane as judge judges an entry
// on a face of f.
func (s *State) entryOf(col due, f uint8, i int, l uint32) Move {
	return s.laneMove(col|dueOf(0, f, f), i, l).with(flagBoth)
}
