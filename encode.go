package ludo

import (
	"fmt"
	"math/bits"
)

// This file holds what bots, search and learning code need beyond the
// rules: dense action ids with a legal-action mask, a fixed-size
// observation, a stable position key, and successors for search.

// Action ids: every move of the player to move has a dense integer id, for
// learning code with a fixed-size policy output. The ids come in blocks
// of MaxTokens+1, one block for each way a token can move, the token's
// index within it: the id of a token move is the token's index (0 to
// [MaxTokens]-1); the id of a pass, forced or forfeiting, is
// [PassAction], the slot after them; the id of a token's second move,
// where a token has two (the run of rule F1), or of its move with the
// second die of two (rule W1), is [SecondAction] plus its index, in the
// second block; the id of a token's move that plays both dice of two as
// their sum (rules H1, U2) is [BothAction] plus its index, in the third.
// With one die, the choices of rules Y5 and Y6 use the same blocks: a
// token's move round again instead of home is [SecondAction] plus its
// index, its tower's moving whole other than onto a tower (which is the
// token's move, rule R5) [BothAction] plus its index.
// A colour need not be given: it is always the player to move's.
const (
	// NumActions is the number of action ids.
	NumActions = 6*MaxTokens + 1
	// PassAction is the id of a pass.
	PassAction = MaxTokens
	// SecondAction is the id of token 0's second move; token i's is
	// SecondAction+i.
	SecondAction = MaxTokens + 1
	// BothAction is the id of token 0's move with both dice; token i's
	// is BothAction+i.
	BothAction = SecondAction + MaxTokens
	// MateAction is the id of the first move of token 0 of the mover's
	// other colour, under TwoColorsEach (rule T3): its moves with the
	// first die, the second and both are MateAction plus 0, [MaxTokens]
	// and 2×MaxTokens, plus the token's index.
	MateAction = BothAction + MaxTokens
)

// Action returns the move's action id: its token's index, [PassAction]
// for a pass, [SecondAction] plus the index for a token's second move
// (rule F1: the run straight to progress 5; rule W1: the second die), or
// [BothAction] plus the index for its move with both dice (rules H1,
// U2). It returns -1 for the zero Move.
func (m Move) Action() int {
	switch {
	case !m.IsValid():
		return -1
	case m.IsPass():
		return PassAction
	case m.v>>mMate&1 != 0: // rule T3
		return MateAction + m.block()*MaxTokens + m.Token()
	case m.BothDice():
		return BothAction + m.Token()
	case m.isSecond() || m.block() == 1 || m.goesRoundAgain():
		return SecondAction + m.Token()
	case m.MovesTower() && m.NumCaptured() != 2:
		return BothAction + m.Token() // a tower moving whole, not onto a tower (rule Y5)
	}
	return m.Token()
}

// block returns the action block of a move with two dice (rule W1): 0 for
// the first die, a top of tops and bottoms (rule H2) or a capture's bonus
// move (rule W4), 1 for the second die, a bottom or a token home's bonus
// move, 2 for a move of both dice (rules H1, U2).
func (m Move) block() int {
	if m.BothDice() {
		return 2
	}
	return m.amount() & 1
}

// goesRoundAgain reports whether m is a token's move round the track
// again instead of into its home column (rule Y6): it circles, and ends
// short of where it began, with no jump (rule K4's circling ends short of
// where it began only by a star's jump, and RoundAgain is not played
// with stars).
func (m Move) goesRoundAgain() bool { return m.Circles() && !m.Jumps() && m.To() < m.From() }

// isSecond reports whether m is a token's second move: an entry that goes
// on past the start square (rule F1).
func (m Move) isSecond() bool { return m.Enters() && m.To() > 0 && !m.SendsMoverHome() }

// ActionMask reports which action ids are legal: entry a is true when a
// move of [State.LegalMoves] has id a. The mask marks one id per legal
// move, so it has as many true entries as there are legal moves: of alike
// tokens (ruling Q9) only the lowest-numbered one is marked, as only its
// move is listed. While no move is due every entry is false.
// ActionMask allocates nothing.
func (s State) ActionMask() [NumActions]bool {
	var mask [NumActions]bool
	var buf [MaxMoves]Move
	for _, m := range s.AppendLegalMoves(buf[:0]) {
		mask[m.Action()] = true
	}
	return mask
}

// ActionMove returns the move with action id a in the position: token a's
// move, as [State.TokenMove] returns it, a token's second move, or the
// pass for [PassAction]. Every id marked by [State.ActionMask] resolves
// to a legal move, the one [State.LegalMoves] lists. So does the id of a
// token standing with a marked one (alike tokens, ruling Q9): it resolves
// to the same move made by that token, which [State.Apply] accepts just
// the same.
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
	case s.rs.feat&featShare != 0 && a >= MateAction && a < NumActions:
		return s.dieMove((a-MateAction)/MaxTokens, (a-MateAction)%MaxTokens, true) // rule T3: the other colour
	case s.rs.feat&featTwoDice != 0 && a >= BothAction && a < MateAction:
		return s.dieMove(2, a-BothAction, false) // rules H1, U2: both dice
	case s.rs.feat&featTwoDice != 0 && a >= 0 && a < BothAction && a != PassAction:
		return s.dieMove(a/SecondAction, a%SecondAction, false) // rule W1: a block a die
	case a >= 0 && a < MaxTokens:
		return s.TokenMove(a)
	case s.rs.feat&featChoices != 0 && a >= SecondAction && a < MateAction:
		return s.choiceAction(a) // rules Y5, Y6
	case a >= SecondAction && a < BothAction:
		i, d := a-SecondAction, s.head()
		if s.hasToken(d.c(), i) {
			if m, ok := s.decideExtra(d, i); ok {
				return m, nil
			}
		}
		return Move{}, &IllegalMoveError{Move: newMove(d.c(), i, -1, int(d.steps()), int(d.face())), Rule: "F1",
			Reason: fmt.Sprintf("token %d has no second move: only an entering %d gives one", i, s.rs.six)}
	case a >= MateAction && a < NumActions:
		d := s.head()
		return Move{}, &IllegalMoveError{Move: newMove(d.c(), (a-MateAction)%MaxTokens, -1, 0, 0), Rule: "T3",
			Reason: fmt.Sprintf("action %d is a move of the other colour of a player who runs two, and the rules give each player one colour", a)}
	case a >= BothAction && a < NumActions:
		d := s.head()
		return Move{}, &IllegalMoveError{Move: newMove(d.c(), a-BothAction, -1, 0, 0), Rule: "W1",
			Reason: fmt.Sprintf("action %d is token %d's move with both dice, and the rules throw one die", a, a-BothAction)}
	case a != PassAction:
		return Move{}, &IllegalMoveError{Reason: fmt.Sprintf("action %d is not an action id (0 to %d)", a, NumActions-1)}
	}
	var buf [MaxMoves]Move
	moves := s.AppendLegalMoves(buf[:0])
	if m := moves[0]; m.IsPass() {
		return m, nil
	}
	return Move{}, &IllegalMoveError{Move: s.head().pass(false), Rule: "C10",
		Reason: fmt.Sprintf("%v must move when a token can: %v", s.turn, moves[0])}
}

// Observation is a position seen from the player to move, as a fixed-size
// vector of numbers for learning code; fill one with [State.Observe].
//
// Colours are seen relative to the player to move: seat block k (k = 0 to
// MaxPlayers-1) describes the colour k arms clockwise from that player,
// so its own tokens come first, then the colours that follow it round the
// board. Seat blocks of arms the board does not have, or of colours that
// do not play, are all zero. Track squares are counted from the player to
// move's start square. So two positions that are the same up to a
// rotation of the colours round the board (with all colours seated, or
// seats rotated alike) have equal observations. Tokens keep their index
// within a seat block, so that entry i of the own block describes the
// token that action id i moves.
//
// Every value lies in [0, 1]. The layout, with the offsets as constants:
//
//	seat block k at k×ObsSeatFields, for k = 0 to MaxPlayers-1:
//	  +0  seated: 1 if the colour plays in this game
//	  +1  place: the colour's finishing place divided by Players
//	      (1/Players for the winner), 0 while it plays
//	  +2  captured: 1 if the colour has captured (rule K4)
//	  +3  token block i at +3 + i×ObsTokenFields, for i = 0 to MaxTokens-1
//	      (all zero for a token past Rules.Tokens):
//	        +0  yard: 1 if the token is in its yard
//	        +1  progress: its progress divided by the board's Finish
//	            (0 on its start square, 1 at the finish; 0 in the yard;
//	            going round again (rule K4), its progress on the lap)
//	        +2  track: for a token on the shared track, the number of
//	            steps from the player to move's start square to its square,
//	            plus one, divided by the track's length (in (0, 1]); 0
//	            off the track (and in its start lane, rule Y1)
//	        +3  home: 1 if the token is in its home column
//	        +4  finished: 1 if the token is at the finish
//	        +5  doubled: 1 if another token of its colour stands on the
//	            same track square (a block, where blocks are on)
//	        +6  safe: 1 if the token stands on a safe square (rule K1)
//	at ObsGlobal, the turn:
//	  ObsPhase    three entries: roll, move, over; the one of
//	              [State.Phase] is 1
//	  ObsDie      ObsDieFields (8) entries: entry k is 1 when the face
//	              thrown is the k-th face the rules' die can show (for a
//	              six-sided die, entry f-1 for face f); with two dice
//	              (rule W1), when a die still due shows it; all zero
//	              while no move is due
//	  ObsStreak   [State.Streak] divided by Rules.SixLimit (by 3 where
//	              there is no limit), at most 1
//	  ObsForfeit  1 if the face thrown reaches the six limit, so the one
//	              legal move is the forfeiting pass (rule C9)
//	  ObsBonus    1 if the move due is a bonus move (rule P8)
//	  ObsCount    the steps the move due counts, divided by 50
//
// The zero State observes as all zeros.
type Observation [ObservationSize]float32

// The layout of an [Observation].
const (
	// ObsTokenFields is the number of entries per token.
	ObsTokenFields = 7
	// ObsSeatFields is the number of entries per seat block.
	ObsSeatFields = 3 + MaxTokens*ObsTokenFields
	// ObsGlobal is the offset of the entries about the turn and the die.
	ObsGlobal = MaxPlayers * ObsSeatFields
	// ObsDieFields is the number of entries for the face thrown: one for
	// each face a throw can show.
	ObsDieFields = maxFaces

	// The offsets of the entries about the turn.
	ObsPhase   = ObsGlobal
	ObsDie     = ObsPhase + 3
	ObsStreak  = ObsDie + ObsDieFields
	ObsForfeit = ObsStreak + 1
	ObsBonus   = ObsForfeit + 1
	ObsCount   = ObsBonus + 1

	// ObservationSize is the number of entries of an Observation.
	ObservationSize = ObsCount + 1
)

// Observe fills o with the position as the player to move sees it; see
// [Observation] for the layout. A nil o is left alone. It allocates
// nothing.
func (s State) Observe(o *Observation) {
	if o == nil {
		return
	}
	*o = Observation{}
	rs := s.rs
	if rs == nil {
		return
	}
	b := rs.rules.Board
	fin := float32(rs.finish)
	track := int(rs.track)
	startIdx := b.StartSquare(s.turn) - 1
	for k := range b.Arms {
		c := Color((int(s.turn) + k) % b.Arms)
		if !rs.seats.Has(c) {
			continue
		}
		seat := o[k*ObsSeatFields : (k+1)*ObsSeatFields]
		seat[0] = 1
		if p := s.places.of(c); p > 0 {
			seat[1] = float32(p) / float32(rs.players)
		}
		if s.captured.Has(c) {
			seat[2] = 1
		}
		t := &s.tok[c]
		for i := range int(rs.tokens) {
			f := seat[3+i*ObsTokenFields : 3+(i+1)*ObsTokenFields]
			v := t[i]
			p := int(v) - 1
			switch {
			case v == 0:
				f[0] = 1
				continue
			case p < rs.rules.Board.StartLane: // rule Y1: in its start lane, its progress only
			case rs.onTrack(p):
				sq := s.at.byteOf(c, i)
				a := int(sq) - 1 - startIdx
				if a < 0 {
					a += track
				}
				f[2] = float32(a+1) / float32(track)
				for j := range int(rs.tokens) {
					if j != i && t[j] == v {
						f[5] = 1
						break
					}
				}
				if rs.square[sq]&squareSafe != 0 {
					f[6] = 1
				}
				p = rs.lap(p)
			case v == rs.finish+1:
				f[4] = 1
			default:
				f[3] = 1
			}
			f[1] = float32(p) / fin
		}
	}
	o[ObsPhase+int(s.Phase())] = 1
	if d := s.head(); d.steps() != 0 {
		// The face's place among the faces of the throw; with two dice,
		// of each die due.
		if rs.feat&featTwoDice != 0 {
			ds, n := s.dues()
			for _, e := range ds[:n] {
				o[ObsDie+bits.OnesCount64(uint64(rs.faces&(1<<e.face()-1)))] = 1
			}
		} else {
			o[ObsDie+bits.OnesCount64(uint64(rs.faces&(1<<s.throw-1)))] = 1
		}
		if s.forfeit() {
			o[ObsForfeit] = 1
		}
		if d.face() == 0 {
			o[ObsBonus] = 1
		}
		o[ObsCount] = min(float32(d.steps())/maxBonusSteps, 1)
	}
	limit := float32(rs.sixLimit)
	if limit == 0 {
		limit = 3
	}
	o[ObsStreak] = min(float32(s.streak)/limit, 1)
}

// Key returns a 64-bit hash of the position for transposition tables and
// deduplication. It is stable: the same position has the same key in every
// process, on every platform and under every Go version (it hashes a fixed
// byte encoding with fixed constants; a golden test freezes it).
//
// Equal States have equal keys, and so do positions that differ only by
// which of a colour's alike tokens is which (ruling Q9: tokens of one
// colour with the same progress are interchangeable). The key covers the
// rules as played (every option, as the options table of docs/options.md lists
// them; the Seats field's default and its explicit spelling hash alike),
// every token, the state of the turn and the places. Different positions
// collide with probability about 2⁻⁶⁴. The zero State's key is 0.
func (s State) Key() uint64 {
	rs := s.rs
	if rs == nil {
		return 0
	}
	h := rs.key
	// Each colour's tokens as a sorted multiset of (progress, progress
	// when the turn began, arrived last) triples, so that alike tokens
	// hash alike.
	began := s.began()
	for c := range MaxPlayers {
		tok, begin, later := uint64(tokenBytes(&s.tok[c])), uint64(tokenBytes(&began[c])), uint64(s.later>>(c*MaxTokens))
		if s.keepsOther() { // begin keeps judged lanes, not a position
			begin = 0
		}
		if tok|begin|later&(1<<MaxTokens-1) == 0 { // all in the yard, or not in the game
			h = keyMix(h, 0) // sortKeys of zeros
			continue
		}
		// Token i's triple: its byte of tok at bits 16-23, of begin at 8-15,
		// its later bit at 0; then in the next lane of 32 bits, token i+1's.
		widen := func(x uint64) uint64 { return x&0xff | x&0xff00<<24 }
		lo := widen(tok)<<16 | widen(begin)<<8 | later&1 | later&2<<31
		hi := widen(tok>>16)<<16 | widen(begin>>16)<<8 | later>>2&1 | later>>3&1<<32
		k := [MaxTokens]uint32{uint32(lo), uint32(lo >> 32), uint32(hi), uint32(hi >> 32)}
		h = keyMix(h, sortKeys(k))
	}
	// The turn: the face thrown (with two dice, both), the steps of the
	// first amount due and, in bit 0 of the flags, whether it is a bonus
	// move; the amounts due after it, where there are any (never with one
	// die).
	t := uint64(s.turn) | uint64(s.throw)<<8 | uint64(s.head().steps())<<16 | uint64(s.streak)<<24 |
		uint64(s.placed)<<32 | uint64(s.tries)<<40 | uint64(s.flags&stateExtraRoll|b2u(s.IsBonusMove()))<<48 | uint64(s.captured)<<56
	h = keyMix(h, t)
	if m := s.due.more; m != [len(m)]uint8{} {
		h = keyMix(h, uint64(m[0])|uint64(m[1])<<8|uint64(m[2])<<16|uint64(s.due.bonus)<<24)
	}
	var places uint64
	for c := range MaxPlayers {
		places |= uint64(s.places.of(Color(c))) << (8 * c)
	}
	h = keyMix(h, places|uint64(s.lastKey())<<56)
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

// rulesKey hashes the rules for [State.Key]: the preset's name and every
// option, Seats as the colours seated. Each ruleset hashes its rules once.
func rulesKey(r *Rules, seats Colors) uint64 {
	h := uint64(keySeed)
	for i := 0; i < len(r.Preset); i++ {
		h = keyMix(h, uint64(r.Preset[i]))
	}
	for i := range options {
		v := options[i].get(r)
		switch {
		case i == seatsOption:
			v = uint64(seats) // the default hashes as its colours
		case options[i].later && v == 0:
			continue // an option added later, off: the key of rules from before it
		}
		h = keyMix(h, v)
	}
	return h
}

// lastKey returns the progress of the token moved last this turn, plus
// one (0 for none): which alike token it was does not matter.
func (s *State) lastKey() uint8 {
	if s.lastMoved() < 0 {
		return 0
	}
	return s.tok[s.mover()][s.lastMoved()%MaxTokens] + 1
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

// sortKeys returns the values sorted and folded into a word. It sorts
// with a network of five compare-exchanges, which has no branch to
// mispredict (a colour has MaxTokens, four, tokens: the array type fails
// to compile otherwise).
func sortKeys(k [MaxTokens]uint32) uint64 {
	k[0], k[1] = min(k[0], k[1]), max(k[0], k[1])
	k[2], k[3] = min(k[2], k[3]), max(k[2], k[3])
	k[0], k[2] = min(k[0], k[2]), max(k[0], k[2])
	k[1], k[3] = min(k[1], k[3]), max(k[1], k[3])
	k[1], k[2] = min(k[1], k[2]), max(k[1], k[2])
	var w uint64
	for _, v := range k {
		w = w*0x100000001b3 ^ uint64(v)
	}
	return w
}

// Play returns the position after rolling face and playing move m: the
// successor of a chance node ([PhaseRoll]) for one die outcome and one
// move, as expectimax search walks it. It is [State.Roll] then
// [State.Apply], validated the same way, and returns their errors; on an
// error it returns s unchanged. m must be legal after the roll, so search
// code usually rolls first, lists the moves, and uses
// [State.AppendSuccessors]. A face of 0 rolls nothing and plays m on a
// move already due: the bonus move of rule P8, which no roll precedes, as
// a [Record]'s ply with face 0 is.
func (s State) Play(face int, m Move) (State, error) {
	r, err := s.plyRoll(face, 0)
	if err != nil {
		return s, err
	}
	if r, err = r.Apply(m); err != nil {
		return s, err
	}
	return r, nil
}

// plyRoll is the roll of a ply: Roll for a face, RollDice for two, and
// for face 0 the move already due that no roll precedes: a bonus move
// (rule P8), or the other die of a throw of two (rule W1).
func (s State) plyRoll(face, second int) (State, error) {
	if face != 0 {
		return s.RollOutcome(Outcome{Face: face, Second: second})
	}
	if err := s.moveDue(); err != nil {
		return s, err
	}
	if !s.IsBonusMove() && !s.diePlayed() {
		return s, fmt.Errorf("%w: %v plays the %d rolled, so the ply gives its face", ErrWrongPhase, s.turn, s.Die())
	}
	return s, nil
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
// [State.Outcomes] first. It allocates nothing when dst has room for
// [MaxMoves] more.
func (s State) AppendSuccessors(dst []Successor) []Successor {
	var buf [MaxMoves]Move
	for _, m := range s.AppendLegalMoves(buf[:0]) {
		next := s
		_ = next.apply(m) // legal: it is listed
		dst = append(dst, Successor{m, next})
	}
	return dst
}
