package ludo

import (
	"fmt"
	"math/bits"
)

// This file holds what bots, search and learning code need beyond the
// rules: dense action ids with a legal-action mask, a fixed-size
// observation, a stable position key, and successors for search.

// Action ids: every move of the player to move has a dense integer id, for
// learning code with a fixed-size policy output. The id of a token move is
// the token's index (0 to [MaxTokens]-1); the id of a pass, forced or
// forfeiting, is [PassAction]. A colour need not be given: it is always
// the player to move's.
const (
	// NumActions is the number of action ids.
	NumActions = MaxTokens + 1
	// PassAction is the id of a pass.
	PassAction = MaxTokens
)

// Action returns the move's action id: its token's index, or [PassAction]
// for a pass. It returns -1 for the zero Move.
func (m Move) Action() int {
	switch {
	case !m.has(flagValid):
		return -1
	case m.IsPass():
		return PassAction
	}
	return m.Token()
}

// ActionMask reports which action ids are legal: entry a is true when a
// move of [State.LegalMoves] has id a. The mask marks one id per legal
// move, so it has as many true entries as there are legal moves: of alike
// tokens (ruling Q9) only the lowest-numbered one is marked, as only its
// move is listed. While no move is due every entry is false.
// ActionMask allocates nothing.
func (s State) ActionMask() [NumActions]bool {
	var mask [NumActions]bool
	var buf [MaxTokens]Move
	for _, m := range s.AppendLegalMoves(buf[:0]) {
		mask[m.Action()] = true
	}
	return mask
}

// ActionMove returns the move with action id a in the position: token a's
// move, as [State.TokenMove] returns it, or the pass for [PassAction].
// Every id marked by [State.ActionMask] resolves to a legal move, the one
// [State.LegalMoves] lists. So does the id of a token standing with a
// marked one (alike tokens, ruling Q9): it resolves to the same move made
// by that token, which [State.Apply] accepts just the same.
//
// An id that names no legal move returns an [*IllegalMoveError] naming the
// rule that forbids it (for a pass while a token can move, rule C10); an
// id outside 0 to [NumActions]-1 returns one with no rule. Like TokenMove
// it returns [ErrWrongPhase] while a roll is due and [ErrGameOver] after
// the game.
func (s State) ActionMove(a int) (Move, error) {
	if err := s.moveDue(); err != nil {
		return Move{}, err
	}
	switch {
	case a >= 0 && a < MaxTokens:
		return s.TokenMove(a)
	case a != PassAction:
		return Move{}, &IllegalMoveError{Reason: fmt.Sprintf("action %d is not an action id (0 to %d)", a, NumActions-1)}
	}
	var buf [MaxTokens]Move
	moves := s.AppendLegalMoves(buf[:0])
	if m := moves[0]; m.IsPass() {
		return m, nil
	}
	return Move{}, &IllegalMoveError{Move: passMove(s.turn, int(s.die), false), Rule: "C10",
		Reason: fmt.Sprintf("%v must move when a token can: %v", s.turn, moves[0])}
}

// Observation is a position seen from the player to move, as a fixed-size
// vector of numbers for learning code; fill one with [State.Observe].
//
// Colours are seen relative to the player to move: seat block k (k = 0 to
// 3) describes the colour k places clockwise from that player, so its own
// tokens come first, then the colours that follow it in turn order. Seat
// blocks of colours that do not play are all zero. Track squares are
// counted from the player to move's start square. So two positions that
// are the same up to a rotation of the colours round the board (with all
// four colours seated, or seats rotated alike) have equal observations.
// Tokens keep their index within a seat block, so that entry i of the own
// block describes the token that action id i moves.
//
// Every value lies in [0, 1]. The layout, with the offsets as constants:
//
//	seat block k at k×ObsSeatFields, for k = 0 to MaxPlayers-1:
//	  +0  seated: 1 if the colour plays in this game
//	  +1  place: the colour's finishing place divided by Players
//	      (1/Players for the winner), 0 while it plays
//	  +2  token block i at +2 + i×ObsTokenFields, for i = 0 to MaxTokens-1
//	      (all zero for a token past Rules.Tokens):
//	        +0  yard: 1 if the token is in its yard
//	        +1  progress: its progress divided by the board's Finish
//	            (0 on its start square, 1 at the finish; 0 in the yard)
//	        +2  track: for a token on the shared track, the number of
//	            steps from the player to move's start square to its square,
//	            plus one, divided by the track's length (in (0, 1]); 0
//	            off the track
//	        +3  home: 1 if the token is in its home column
//	        +4  finished: 1 if the token is at the finish
//	        +5  doubled: 1 if another token of its colour stands on the
//	            same track square (a block, where blocks are on)
//	at ObsGlobal:
//	  +0  roll: 1 if a roll is due ([PhaseRoll])
//	  +1  move: 1 if a move is due ([PhaseMove])
//	  +2  over: 1 if the game is over ([PhaseOver])
//	  +3  die: six entries, entry f-1 is 1 when the die being played
//	      shows f (all zero while no move is due)
//	  +9  sixes: [State.Sixes] divided by Rules.SixLimit (by 3 where there
//	      is no limit), at most 1
//	  +10 forfeit: 1 if the die being played reaches the six limit, so
//	      the one legal move is the forfeiting pass (rule C9)
//
// The zero State observes as all zeros.
type Observation [ObservationSize]float32

// The layout of an [Observation].
const (
	// ObsTokenFields is the number of entries per token.
	ObsTokenFields = 6
	// ObsSeatFields is the number of entries per seat block.
	ObsSeatFields = 2 + MaxTokens*ObsTokenFields
	// ObsGlobal is the offset of the entries about the turn and the die.
	ObsGlobal = MaxPlayers * ObsSeatFields
	// ObservationSize is the number of entries of an Observation.
	ObservationSize = ObsGlobal + 11
)

// Observe fills o with the position as the player to move sees it; see
// [Observation] for the layout. It allocates nothing.
func (s State) Observe(o *Observation) {
	*o = Observation{}
	if !s.IsValid() {
		return
	}
	fin := float32(s.cfg.finish)
	track := int(s.cfg.track)
	he := s.cfg.homeEntry + 1 // tok value of the last track square
	startIdx := int(s.turn) * int(s.cfg.spacing)
	for k := range MaxPlayers {
		c := Color((int(s.turn) + k) % MaxPlayers)
		if !s.cfg.seats.Has(c) {
			continue
		}
		seat := o[k*ObsSeatFields : (k+1)*ObsSeatFields]
		seat[0] = 1
		if p := s.places[c]; p > 0 {
			seat[1] = float32(p) / float32(s.cfg.players())
		}
		t := &s.tok[c]
		for i := range int(s.cfg.tokens) {
			f := seat[2+i*ObsTokenFields : 2+(i+1)*ObsTokenFields]
			v := t[i]
			switch {
			case v == 0:
				f[0] = 1
				continue
			case v <= he:
				a := int(c)*int(s.cfg.spacing) + int(v) - 1 - startIdx // in (-track, 2×track)
				if a < 0 {
					a += track
				} else if a >= track {
					a -= track
				}
				f[2] = float32(a+1) / float32(track)
				for j := range int(s.cfg.tokens) {
					if j != i && t[j] == v {
						f[5] = 1
						break
					}
				}
			case v == s.cfg.finish+1:
				f[4] = 1
			default:
				f[3] = 1
			}
			f[1] = float32(v-1) / fin
		}
	}
	g := o[ObsGlobal:]
	g[s.Phase()] = 1
	if s.die != 0 {
		g[3+s.die-1] = 1
	}
	limit := float32(s.cfg.sixLimit)
	if limit == 0 {
		limit = 3
	}
	g[9] = min(float32(s.sixes)/limit, 1)
	if s.die != 0 && s.forfeit() {
		g[10] = 1
	}
}

// Key returns a 64-bit hash of the position for transposition tables and
// deduplication. It is stable: the same position has the same key in every
// process, on every platform and under every Go version (it hashes a fixed
// byte encoding with fixed constants; a golden test freezes it).
//
// Equal States have equal keys, and so do positions that differ only by
// which of a colour's alike tokens is which (ruling Q9: tokens of one
// colour with the same progress are interchangeable). The key covers the
// rules as played (the Seats field's default and its explicit spelling
// hash alike), every token, the turn, the die, the six count and the
// places. Different positions collide with probability about 2⁻⁶⁴.
// The zero State's key is 0.
func (s State) Key() uint64 {
	if !s.IsValid() {
		return 0
	}
	c := &s.cfg
	// The rules, byte by byte in a fixed order.
	r0 := uint64(c.track) | uint64(c.spacing)<<8 | uint64(c.homeEntry)<<16 | uint64(c.homeColumn())<<24 |
		uint64(c.players())<<32 | uint64(c.tokens)<<40 | uint64(c.seats)<<48 | uint64(c.entry)<<56
	r1 := uint64(c.bonus) | uint64(c.sixLimit)<<8 | uint64(c.penalty())<<16 | uint64(b2u(c.has(optNoMoveForfeitsBonus)))<<24 |
		uint64(c.blocks)<<32 | uint64(c.ownLanding())<<40 | uint64(c.multiCapture())<<48 | uint64(c.finishRule)<<56
	r2 := uint64(c.end())
	h := keyMix(keySeed, r0)
	h = keyMix(h, r1)
	h = keyMix(h, r2)
	// Each colour's tokens as a sorted multiset of (progress, progress
	// when the turn began) pairs, so that alike tokens hash alike.
	for col := range MaxPlayers {
		t, b := &s.tok[col], &s.begin[col]
		h = keyMix(h, sort4(
			uint16(t[0])<<8|uint16(b[0]), uint16(t[1])<<8|uint16(b[1]),
			uint16(t[2])<<8|uint16(b[2]), uint16(t[3])<<8|uint16(b[3])))
	}
	t := uint64(s.turn) | uint64(s.die)<<8 | uint64(s.sixes)<<16 | uint64(s.placed)<<24
	for col := range MaxPlayers {
		t |= uint64(s.places[col]) << (32 + 8*col)
	}
	h = keyMix(h, t)
	// Finalise (the SplitMix64 finaliser) so that every input bit reaches
	// every output bit.
	h ^= h >> 30
	h *= 0xbf58476d1ce4e5b9
	h ^= h >> 27
	h *= 0x94d049bb133111eb
	h ^= h >> 31
	if h == 0 {
		h = 1 // 0 is the zero State's
	}
	return h
}

// keySeed and keyMul are fixed constants of the key hash: changing them
// changes every key.
const (
	keySeed = 0x243f6a8885a308d3 // the fractional digits of π
	keyMul  = 0x9e3779b97f4a7c15 // 2⁶⁴ divided by the golden ratio
)

// keyMix folds the word w into the hash h with a 64×64→128-bit multiply.
func keyMix(h, w uint64) uint64 {
	hi, lo := bits.Mul64(h^w, keyMul)
	return hi ^ lo ^ h>>29
}

// sort4 returns the four values sorted, packed low to high into a word.
func sort4(a, b, c, d uint16) uint64 {
	// A sorting network of five compare-exchanges.
	if a > b {
		a, b = b, a
	}
	if c > d {
		c, d = d, c
	}
	if a > c {
		a, c = c, a
	}
	if b > d {
		b, d = d, b
	}
	if b > c {
		b, c = c, b
	}
	return uint64(a) | uint64(b)<<16 | uint64(c)<<32 | uint64(d)<<48
}

func b2u(b bool) uint8 {
	if b {
		return 1
	}
	return 0
}

// Play returns the position after rolling face and playing move m: the
// successor of a chance node ([PhaseRoll]) for one die outcome and one
// move, as expectimax search walks it. It is [State.Roll] then
// [State.Apply], validated the same way, and returns their errors; on an
// error it returns s unchanged. m must be legal after the roll, so search
// code usually rolls first, lists the moves, and uses
// [State.AppendSuccessors].
func (s State) Play(face int, m Move) (State, error) {
	r, err := s.Roll(face)
	if err != nil {
		return s, err
	}
	if r, err = r.Apply(m); err != nil {
		return s, err
	}
	return r, nil
}

// Successor is a legal move and the position it leads to.
type Successor struct {
	Move  Move  // a legal move of the position
	State State // the position after it
}

// AppendSuccessors appends each legal move of the position, in the order
// of [State.AppendLegalMoves], with the position it leads to, and returns
// the extended slice: the children of a decision node. It appends nothing
// unless a move is due; at a chance node ([PhaseRoll]) roll each of
// [Outcomes] first. It allocates nothing when dst has room for
// [MaxTokens] more.
func (s State) AppendSuccessors(dst []Successor) []Successor {
	var buf [MaxTokens]Move
	for _, m := range s.AppendLegalMoves(buf[:0]) {
		next := s
		if m.IsPass() {
			if m.Forfeits() {
				next.applyForfeit()
			} else {
				next.applyPass()
			}
		} else {
			next.applyToken(m)
		}
		dst = append(dst, Successor{m, next})
	}
	return dst
}
