package ludo

import (
	"math/bits"
)

// This file holds the way a token walks: the blocks it may not pass (rule
// B2), the tokens it may not pass (F2, M6), the opponents it captures by
// passing them (S1), and the walk up to a gate and back (V2).

// passes decides the path of move m from progress from to to: no token
// passes a block that stops it (rule B2), nor a token the Overtake rule
// keeps it behind (rule F2), nor, where jumps are forbidden there, a
// token in its home column (rule M6). A token entering passes nothing
// but on its way from the start square (rule F1); a star jump passes
// nothing it jumps over (rule D2); a bounce passes the squares it walks
// up to the finish and back (rule C5); a token going round again (rule
// K4) passes the squares round counts, lap after lap.
func (s *State) passes(m Move, from, to int) refusal {
	rs := s.rs
	b := path{c: m.Color(), i: m.Token(), fin: int(rs.finish), he: int(rs.homeEntry)}
	b.stop, b.others = s.bars(b.c, b.i)
	// The track squares of the tokens that stop it or that it may not
	// pass, as bits: a square with none of them it passes without a look.
	for x := b.stop | b.others; x != 0; x &= x - 1 {
		sq := s.at[bits.TrailingZeros32(x)]
		b.near[sq>>6] |= 1 << (sq & 63)
	}
	switch {
	case m.Bounces():
		if rs.feat&featSteps != 0 { // rule V2: back from the gate
			return s.passesGate(m, from, to)
		}
		for p := from + 1; p < b.fin; p++ {
			if r := s.passing(&b, p); r.why != legal {
				return r
			}
		}
		for p := b.fin - 1; p > to; p-- {
			if r := s.passing(&b, p); r.why != legal {
				return r
			}
		}
	case from > b.fin || m.Circles():
		// Round the track past the home entry (rule K4), step by step as
		// round counts them, into the home column on a later lap where it
		// has opened.
		for k := 1; k < int(m.Count()); k++ {
			p, home, _ := s.round(b.c, from, k)
			if home && p >= b.fin {
				if !m.Bounces() {
					break // the finish: where any roll that reaches it stops
				}
				p = 2*b.fin - p // rule C5: back from the finish
			}
			if r := s.passing(&b, p); r.why != legal {
				return r
			}
		}
	default:
		if b.stop|b.others == 0 { // nothing on the track bars it: only its home column is walked
			from = max(from, b.he)
		}
		for p := from + 1; p < to; p++ {
			if sq := s.trackSquare(b.c, p); p <= b.he && b.near[sq>>6]>>(sq&63)&1 == 0 {
				continue // on the track, where nothing stands that bars it (passing)
			}
			if r := s.passing(&b, p); r.why != legal {
				return r
			}
		}
	}
	return refusal{}
}

// path is what passes judges a path against: the token (token i of
// colour c), its colour's finish and home entry, the tokens that stop it
// (rule B2) and those it may not pass (rule F2), and the track squares
// they stand on (near, a bit each).
type path struct {
	c            Color
	i, fin, he   int
	stop, others uint32
	near         [4]uint64
}

// passing decides whether the token of path b may pass progress p: a
// block that stops it (rule B2) or a token it may not pass (rule F2)
// there bars it, and where jumps are forbidden there, a token in its
// home column (rule M6).
func (s *State) passing(b *path, p int) refusal {
	rs := s.rs
	if p > b.he && p <= b.fin { // the home column
		if p < b.fin && (rs.feat&featHomeNoJumps != 0 || b.others != 0) && s.holds(b.c, b.i, p) { // rule F2 (OvertakeCaptures passes its own, S1)
			if rs.feat&featHomeNoJumps != 0 {
				return refusal{refHomeJump, uint16(p)}
			}
			return refusal{refOvertake, uint16(p)}
		}
		return refusal{}
	}
	sq := s.trackSquare(b.c, p)
	if b.near[sq>>6]>>(sq&63)&1 == 0 {
		return refusal{}
	}
	here := s.at.match(sq)
	if x := here & b.stop; x != 0 && !s.leftBlock(b.c, b.i, here, x) {
		return refusal{refPassBlock, uint16(sq)}
	}
	if here&b.others != 0 {
		return refusal{refOvertake, uint16(p)}
	}
	return refusal{}
}

// overtaken returns the opponents a token of colour c moving from
// progress from to to passes on track squares that are not safe: the
// tokens it captures under OvertakeCaptures (rule S1; partners are not
// captured, rule T1). It passes the squares passes judges: a bounce (rule
// C5) those up to the finish, where the home column holds only the
// owner's tokens; entering, nothing. Tokens going round again (rule K4)
// are not played with it (Rules.Validate).
func (s *State) overtaken(c Color, from, to int, bounce bool) uint32 {
	rs := s.rs
	if bounce {
		to = int(rs.finish)
	}
	var caught uint32
	for p := from + 1; p < to && p <= int(rs.homeEntry); p++ {
		if sq := s.trackSquare(c, p); rs.square[sq]&squareSafe == 0 {
			caught |= s.at.match(sq) &^ rs.mateBits[c]
		}
	}
	return caught
}

// leftBlock reports whether the tokens here on a square that a token of
// colour c, token i, passes, b of them in blocks that stop it, stop it
// no more because it left that square: a lap round a small board
// passes the square it left (rules Y6, K4), and the block it stood in
// there stands only where two others of its colour stay (rule B1).
func (s *State) leftBlock(c Color, i int, here, b uint32) bool {
	own := colorBits(c)
	return here&tokenBit(c, i) != 0 && b&^own == 0 && bits.OnesCount32(here&own) < 3
}

// passesGate is passes for move m of a token that overshoots its gate
// under HomeSteps with Finish:BounceFinish (rule V2), from progress from
// to to, with the tokens of the blocks that stop it and the tokens it may
// not pass: it walks up to its gate, which it reaches, and back down the
// track, and every square on the way up and back counts as passed (rules
// B2, F2). Back over the square it left, a block stands only where two
// others stay (leftBlock).
func (s *State) passesGate(m Move, from, to int) refusal {
	c, i, he := m.Color(), m.Token(), int(s.rs.homeEntry)
	stop, others := s.bars(c, i)
	check := func(p int) refusal {
		sq := s.trackSquare(c, p)
		here := s.at.match(sq)
		if b := here & stop; b != 0 && !s.leftBlock(c, i, here, b) {
			return refusal{refPassBlock, uint16(sq)}
		}
		if here&others != 0 {
			return refusal{refOvertake, uint16(p)}
		}
		return refusal{}
	}
	for p := from + 1; p <= he; p++ {
		if r := check(p); r.why != legal {
			return r
		}
	}
	for p := he - 1; p > to; p-- {
		if r := check(p); r.why != legal {
			return r
		}
	}
	return refusal{}
}

// holds reports whether a token of colour c other than token i has
// progress p.
func (s *State) holds(c Color, i, p int) bool {
	for j := range int(s.rs.tokens) {
		if j != i && int(s.tok[c][j])-1 == p {
			return true
		}
	}
	return false
}
