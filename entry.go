package ludo

// This file holds entries beyond one token on one face: a 6 that enters
// two or runs on (rule F1), and the first piece on any throw (Y2).

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
