package ludo

import (
	"math/bits"
)

// This file holds the blocks: which tokens stand in one (rule B1, and on
// a bench only, S4) and which stop a token of a colour (B2, T1, R4).

// bars returns what token i of colour c may not pass on the track: the
// tokens of the blocks that stop it (rule B2; a tower stops nobody
// passing, rule R4) and the tokens the Overtake rule keeps it behind
// (rule F2).
func (s *State) bars(c Color, i int) (stop, others uint32) {
	rs := s.rs
	if s.blocked != 0 && rs.rules.Blocks != BlocksTowers { // rule R4: a tower stops nobody passing
		stop = s.stops(c)
	}
	return stop, rs.unpassed[c] &^ tokenBit(c, i)
}

// stops returns the tokens of the blocks that a token of colour c may
// not pass (rule B2): every token in a block (rule B1) of an opponent
// (not a partner, rule T1), or with [BlocksStopAll] of every colour. A
// tower stops no token passing (rule R4), but these are the tokens of the
// towers a token may not land on alone (rule R5).
func (s *State) stops(c Color) uint32 {
	b := s.blocked
	if s.rs.rules.Blocks != BlocksStopAll { // BlocksStopOpponents, BlocksOnSafe (rule S4)
		b &^= s.rs.mateBits[c]
	}
	return b
}

// findBlocks sets blocked from at (rule B1), for the tokens whose word of
// lanes has its bit in words. Only games with blocks keep it. Under
// BlocksOnSafe it leaves the filter to findBenchBlocks, tested here
// while the features are at hand, so that other games pay no test after
// the pairs are found.
func (s *State) findBlocks(words uint) {
	feat := s.rs.feat
	if feat&featBlocks == 0 {
		return
	}
	if feat&featBenchBlocks != 0 && words&benchPass == 0 {
		s.findBenchBlocks(words)
		return
	}
	for x := words & (1<<laneWords - 1); x != 0; x &= x - 1 {
		w := bits.TrailingZeros(x) % laneWords
		// The tokens that share a track square with another of their
		// colour: the high bit of each byte of the word that is not 0
		// and equals another byte of its colour's group of MaxTokens (4)
		// bytes. Byte j of a group against byte j-1 and byte j-2,
		// turning round the group; j-3 is j+1, the first test turned
		// back by a byte, and j-2 marks both bytes of a pair.
		const w1, w2, top = 0x000000ff_000000ff, 0x0000ffff_0000ffff, 0xff000000_ff000000
		b := s.at.word(w)
		one := zeroBytes(b ^ (b<<8&^w1 | b>>24&w1))
		same := one | one>>8&^top | one<<24&top | zeroBytes(b^(b<<16&^w2|b>>16&w2))
		s.blocked = s.blocked&^(0xff<<(8*w)) | uint32(gather(same&^zeroBytes(b)))<<(8*w) // not off the track
	}
}

// benchPass marks the words of findBenchBlocks' call of findBlocks.
const benchPass = 1 << 8

// findBenchBlocks is findBlocks under BlocksOnSafe (rule S4): the pairs,
// then only those on a safe square.
func (s *State) findBenchBlocks(words uint) {
	s.findBlocks(words | benchPass)
	for k, x := 0, s.blocked; x != 0; x &= x - 1 {
		k = bits.TrailingZeros32(x)
		if s.rs.square[s.at.byteOf(Color(k/MaxTokens), k%MaxTokens)]&squareSafe == 0 {
			s.blocked &^= 1 << k
		}
	}
}
