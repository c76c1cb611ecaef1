package ludo

import (
	"encoding/binary"
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
// lanes has its bit in words: the colours of each word (colorBlocks).
// Only games with blocks keep it.
func (s *State) findBlocks(words uint) {
	if s.rs.feat&featBlocks == 0 {
		return
	}
	for x := words & (1<<laneWords - 1); x != 0; x &= x - 1 {
		c := Color(bits.TrailingZeros(x) * 8 / MaxTokens)
		s.colorBlocks(c)
		s.colorBlocks(c + 1)
	}
}

// Two colours a word of lanes (findBlocks).
var _ = [1]struct{}{}[8/MaxTokens-2]

// colorBlocks sets colour c's tokens in blocked from at (rule B1), in a
// game with blocks: the tokens that share a track square with another of
// their colour; under BlocksOnSafe (rule S4) only on a safe square.
func (s *State) colorBlocks(c Color) {
	c %= MaxPlayers // (every colour is: the bound of the bytes read)
	// Byte j of the colour's MaxTokens (4) bytes against byte j-1 and
	// byte j-2, turning round the group: j-3 is j+1, the first test
	// turned back by a byte, and j-2 marks both bytes of a pair.
	b := binary.LittleEndian.Uint32(s.at[MaxTokens*int(c):])
	one := zeroBytes(b ^ bits.RotateLeft32(b, 8))
	same := (one | bits.RotateLeft32(one, -8) | zeroBytes(b^bits.RotateLeft32(b, 16))) &^ zeroBytes(b) // not off the track
	pairs := same >> 7 & 0x01010101 * 0x01020408 >> 24 & (1<<MaxTokens - 1)                            // a bit a token
	if s.rs.feat&featBenchBlocks != 0 {
		for x := pairs; x != 0; x &= x - 1 {
			k := bits.TrailingZeros32(x)
			if s.rs.square[uint8(b>>(8*k))]&squareSafe == 0 {
				pairs &^= 1 << k
			}
		}
	}
	s.blocked = s.blocked&^colorBits(c) | pairs<<(uint(c)*MaxTokens%32)
}
