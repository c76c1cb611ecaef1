package ludo

import "math/bits"

// This file holds places and turns: a colour whose tokens are all home
// takes a place (C6, Q10; partners, T1), the turn passes (C3), and the
// game ends.

// finished reports whether colour c is done: FinishTokens of its tokens
// at the finish, or under GoalSlots its tokens on the last goal squares
// (rules C6, M1, K6).
func (s *State) finished(c Color) bool {
	rs := s.rs
	n := 0
	for _, v := range s.tok[c][:rs.tokens] {
		if v > rs.doneFrom && v <= rs.finish+1 {
			n++
		}
	}
	return n >= int(rs.finishTokens)
}

// short reports, where a token is done only at the finish, whether
// colour c has not finished (finished), by its token bytes in one word
// (tokenBytes): rule T2's mover (moverOf) asks it once a throw, before
// finished. Where doneFrom is the finish (all but GoalSlots), finished's
// test doneFrom < v <= finish+1 holds for v = finish+1 alone, so the
// tokens done are the bytes equal to finish+1 (finishBytes) among the
// tokens in play (tokenBytes), and c is short exactly where fewer than
// FinishTokens are. Under GoalSlots it reports false: finished decides.
// TestShortIsNotFinished holds it to finished.
func (s *State) short(c Color) bool {
	rs := s.rs
	return rs.doneFrom == rs.finish && bits.OnesCount32(zeroBytes(tokenBytes(&s.tok[c])^rs.finishBytes)&rs.tokenBytes) < int(rs.finishTokens)
}

// teamFinished reports whether every colour on c's side is done.
func (s *State) teamFinished(c Color) bool {
	for o := range s.rs.mates[c].All() {
		if !s.finished(o) {
			return false
		}
	}
	return true
}

// place gives colour c, which has just finished, its place (rule C6), and
// ends the game where that is the end (ruling Q10, rule T1).
func (s *State) place(c Color) {
	rs := s.rs
	if rs.feat&featTeams != 0 {
		if s.teamFinished(c) {
			s.placeTeams(rs.mates[c])
		}
		return
	}
	s.placed++
	s.places.give(c, int(s.placed))
	if rs.rules.End != FirstWinner && s.placed == rs.players-1 {
		s.rankLast() // ruling Q10
	}
}

// placeTeams gives the team winners first place and the other second,
// which ends the game (rule T1).
func (s *State) placeTeams(winners Colors) {
	for c := range s.rs.seats.All() {
		s.places.give(c, 2)
		if winners.Has(c) {
			s.places.give(c, 1)
		}
	}
	s.placed = s.rs.players
}

// rankLast gives the one player still playing the last place: the game
// ends when only one is left (ruling Q10).
func (s *State) rankLast() {
	for o := range s.rs.seats.All() {
		if s.places.of(o) == 0 {
			s.placed++
			s.places.give(o, int(s.placed))
		}
	}
}

// nextTurn passes the turn clockwise to the next player still playing
// (rule C3), unless the game is over.
func (s *State) nextTurn() {
	s.moves, s.extra = [MaxTokens]uint32{}, 0
	s.throw, s.due, s.flags, s.streak, s.tries = 0, amounts{}, 0, 0, 0
	rs := s.rs
	if rs.feat&(featUndo|featSplit) != 0 {
		s.begin = s.tok // the next turn, and throw, begins here (at game over too)
	}
	if s.over() {
		return
	}
	// The seated colours still playing; the next after the turn, or the
	// first, goes next.
	live := rs.seats &^ s.places.done()
	if rs.feat&featTeams != 0 {
		live = s.teamLive(live)
	}
	s.turn = rs.nextSeat[s.turn][live&allColors]
}

// teamLive returns live less the colours whose tokens have all finished
// that the turn would pass to first: with partners a finished colour
// takes no more turns though its team has no place yet (rule T1). The
// next seat after the turn among what it returns (nextSeat, as nextTurn
// asks) is the first after the turn of live that has not finished, as
// among live less every finished colour: a finished colour after that
// one, left in, comes later in the turn's order and changes nothing. So
// it asks a colour or two (short before finished: most colours have not
// finished), not every one. TestTeamLiveNextSeat holds it to live less
// every finished colour.
func (s *State) teamLive(live Colors) Colors {
	if s.rs.feat&featPlayOn != 0 {
		return live // rule T2: it plays on
	}
	return s.passFinished(live)
}

// passFinished is teamLive where finished colours take no more turns:
// live less the finished colours the turn would pass to first. It is a
// function of its own so that teamLive inlines into nextTurn, and rule
// T2's turns (Uckers) call nothing.
func (s *State) passFinished(live Colors) Colors {
	rs := s.rs
	for live != 0 {
		c := rs.nextSeat[s.turn][live&allColors]
		if s.short(c) || !s.finished(c) {
			break
		}
		live &^= 1 << c
	}
	return live
}
