package ludo

import (
	"encoding/binary"
	"math/bits"
)

// This file holds what one token does with an amount (rules C3–C8): which
// tokens could move at all (candidates), where its count takes it, the
// way it walks (passing.go) and where it lands (landing.go).

// candidates returns, as a bit per token index, the tokens of colour d.c()
// that judge judges for amount d: not finished (rule B3), not in the yard
// unless the face enters (rule C7), not past the finish where rule C5
// refuses that before anything else (overBytes), and of tokens alike (on
// one square, or in the yard) the lowest-numbered only (ruling Q9). A
// token that is no candidate has no legal move with d, or one alike
// below it has the same (TestCandidatesMissNoMove). It works on x,
// the colour's token bytes (tokenBytes), as one word, without a branch:
// which tokens can move is what a random game makes unpredictable.
func (s *State) candidates(d due, x uint32) uint8 {
	rs := s.rs
	// Each test a word's zero bytes, two words of them at once: finished
	// (low word) and in the yard (high word); alike with a lower one
	// (below): equal to the byte next below, turning round the word
	// (byte 0 against byte 3, marking byte 3: low word), or to the byte
	// two below (byte 2 against 0, byte 3 against 1: high word).
	// The tokens kept are the high bits of the bytes that pass every
	// test (in), as gather reads the high bits alone: the finished and
	// yard tests by the complement of zeroBytes, which Go folds away.
	y := uint64(x)
	at := ^zeroBytes(y ^ uint64(rs.finishBytes) | y<<32)
	by := zeroBytes(uint64(x^bits.RotateLeft32(x, 8)) | uint64(x^bits.RotateLeft32(x, 16))<<32)
	in := uint32(at)             // not finished
	if !rs.entry.has(d.face()) { // a bonus move's face, 0, enters nothing
		in &= uint32(at >> 32) // not in the yard, as the face does not enter
	}
	if k := rs.overBytes; k != 0 { // rule C5: not past the finish, byte + steps above finish+1 (overBytes: no byte carries)
		in &^= x + uint32(d.steps())*0x01010101 + k
	}
	alike := uint32(by)&0x80808000 | uint32(by)<<24 | uint32(by>>32)&0x80800000
	return gather(uint64(rs.tokenBytes & in &^ alike))
}

// tokenBytes returns a colour's token bytes as a word, token i's in byte i.
func tokenBytes(t *[MaxTokens]uint8) uint32 { return binary.LittleEndian.Uint32(t[:]) }

// A colour's tokens are a word of 32 bits (candidates, tokenBytes).
var _ = [1]struct{}{}[MaxTokens-4]

// tokenMove decides the move token i of colour d.c() makes with amount d:
// the rules of movement C3 to C5, C7, C8, B3, K4 and V2 (targetOff), then
// the path and the landing (moveTo). Every rule of movement is stated
// there or in what they call, once. It returns the move's lane (see
// Move.lane) and, where the move is refused, why.
func (s *State) tokenMove(d due, i int) (uint32, refusal) {
	i &= MaxTokens - 1
	return s.judge(d, i, int(s.tok[d.c()][i])-1)
}

// judge is tokenMove for token i at progress from: where the rules of
// movement take it (targetOff, for all but a move along the track), then
// its path and landing (moveTo). The common move, along the track (rule
// C8) with nothing on its path to judge (plainPath) to an empty square
// that is not a star (plainLanding), is the move as counted: judge
// returns it at once, calling nothing. Another move along the track
// where the track's squares follow one another (straightPath) is
// landAlong's where its path is plain (its landing alone to judge),
// moveAlong's where a block stands.
func (s *State) judge(d due, i, from int) (uint32, refusal) {
	to := from + int(d.steps())
	if !s.rs.alongTrack(from, to) { // entering, finished, or past the home entry
		from, to, f, r := s.targetOff(d, from, to)
		if r.why != legal {
			return lane(to, f), r
		}
		return s.moveTo(d, i, from, to, f)
	}
	if s.plainPath() {
		sq := s.rs.trackSq[d.c()][uint8(to)] // (trackSquare, without its inline mark)
		if s.plainLanding(sq) {
			return lane(to, flagValid), refusal{}
		}
		if s.rs.straightPath {
			return s.landAlong(d, i, to, sq) // moveAlong's landing: its path is plain
		}
	} else if s.rs.straightPath {
		return s.moveAlong(d, i, from, to)
	}
	return s.moveTo(d, i, from, to, flagValid)
}

// moveAlong is moveTo for a move along the track (rule C8), short of the
// home entry (alongTrack: no bounce, no going round), where the track's
// squares follow one another by progress (straightPath). Where blocks are
// the only thing a path meets (rule B2), its path has nothing for passes
// to judge where no token of a block that may stop it (stops) stands on
// a track square it passes (progress from+1 to to-1: clearOf; with no
// block standing, none). There only its landing is judged (landAlong);
// elsewhere moveTo judges the move, passes deciding the path. judge
// asks it where a block stands (its path is not plainPath).
func (s *State) moveAlong(d due, i, from, to int) (uint32, refusal) {
	c := d.c()
	if !s.clearOf(s.stops(c), int(s.rs.trackSq[c][uint8(from)])+1, uint(to-1-from)) {
		return s.moveTo(d, i, from, to, flagValid) // a block may stop it: passes judges
	}
	sq := s.trackSquare(c, to)
	if s.plainLanding(sq) {
		return lane(to, flagValid), refusal{}
	}
	return s.landAlong(d, i, to, sq)
}

// landAlong is moveAlong's landing of token i of colour d.c() at
// progress to, on track square sq, which is not a plain landing: land
// judges it.
func (s *State) landAlong(d due, i, to int, sq uint8) (uint32, refusal) {
	m := s.judgedMove(d, i, to, flagValid)
	var r refusal
	if s.starless() {
		m, r = s.landing(m, sq) // what land asks first, without its call
	} else {
		m, r = s.land(m, sq)
	}
	return m.lane(), r
}

// clearOf reports whether none of tokens x stands on the n track squares
// from square at on (round the track), on a track whose squares follow
// one another by progress (straightPath): each token's distance from at
// says so, without a walk. moveAlong and moveTo ask it of the tokens of
// the blocks that may stop a token (stops) on the squares it passes,
// where blocks are all a path meets (rule B2): none there, passes has
// nothing to judge. Small enough for Go to inline.
func (s *State) clearOf(x uint32, at int, n uint) bool {
	for ; x != 0; x &= x - 1 {
		// The squares on past at: e, or once round, e plus the track's.
		if e := int(s.at[bits.TrailingZeros32(x)]) - at; uint(e) < n || uint(e+int(s.rs.track)) < n {
			return false
		}
	}
	return true
}

// plainPath reports whether a path has nothing the rules judge: no block
// stands (rule B2) and no option judges what a token passes (rules F2,
// M6, V2).
func (s *State) plainPath() bool { return s.rs.feat&(featPath&^featBlocks) == 0 && s.blocked == 0 }

// plainLanding reports whether a landing on track square sq does nothing
// but move the token: nobody stands there and it is not a star (rule D2).
func (s *State) plainLanding(sq uint8) bool { return s.starless() && !s.at.has(sq) }

// starless reports whether the board has no star (rule D2).
func (s *State) starless() bool { return s.rs.feat&featStars == 0 }

// moveTo decides the move of token i of colour d.c() with amount d from
// progress from to to, with flags f so far, as targetOff counts it: the
// path (passes) and where it ends, in its home column or on the track
// (land).
func (s *State) moveTo(d due, i, from, to int, f moveFlags) (uint32, refusal) {
	rs, c := s.rs, d.c()
	fin := int(rs.finish)
	if !s.plainPath() && from >= 0 { // (an entry passes nothing: passes, overtaken)
		if rs.feat&featPassCapture != 0 {
			// Rule S1: the opponents it passes are captures, counted in
			// the flags' top bits, which a lane puts in its count of
			// captures (tested before passes, while rs is at hand).
			n := bits.OnesCount32(s.overtaken(c, from, to, f&flagBounce != 0))
			f |= moveFlags(min(n, 15)) << (mCaptures - mFlags)
		}
		// Where blocks are all a path meets (straightPath) and none that
		// may stop it stands on the track squares it passes (clearOf),
		// passes has nothing to judge: its home column holds no bar.
		if !rs.straightPath || f&(flagBounce|flagCircle) != 0 ||
			!s.clearOf(s.stops(c), int(rs.trackSq[c][uint8(from)])+1, uint(max(min(to-1, int(rs.homeEntry))-from, 0))) {
			if r := s.passes(s.judgedMove(d, i, to, f), from, to); r.why != legal {
				return lane(to, f&^(0xf<<(mCaptures-mFlags))), r
			}
		}
	}
	if rs.inHome(to) { // home column or finish: the owner's own squares
		if to >= int(rs.doneFrom) && (from < int(rs.doneFrom) || from > fin) { // from the track, or going round (rule K4)
			f |= flagFinish
		}
		if rs.feat&(featSlots|featOwnForbidden) != 0 && (to < fin || rs.feat&featSlots != 0) && s.holds(c, i, to) {
			if rs.feat&featSlots != 0 {
				return lane(to, f), refusal{refGoalTaken, uint16(to)}
			}
			return lane(to, f), refusal{refOwnLanding, uint16(to)}
		}
		return lane(to, f), refusal{}
	}
	sq := s.trackSquare(c, to)
	if s.plainLanding(sq) {
		return lane(to, f), refusal{}
	}
	m, r := s.land(s.judgedMove(d, i, to, f), sq)
	return m.lane(), r
}

// target returns where token i of colour d.c() goes with amount d, as the
// rules of movement C3 to C5, C7, B3, K4 and V2 count it, before the path
// and the landing: its progress from and to, and the move's flags so
// far; or why it has no move (to is then from plus the count, for the
// error).
func (s *State) target(d due, i int) (from, to int, f moveFlags, r refusal) {
	from = int(s.tok[d.c()][i&(MaxTokens-1)]) - 1
	to = from + int(d.steps())
	if s.rs.alongTrack(from, to) {
		return from, to, flagValid, refusal{}
	}
	return s.targetOff(d, from, to)
}

// alongTrack reports whether a token moving from progress from to to
// stays on the track short of its home entry: a move of rule C8 with
// nothing more for target to decide.
func (rs *ruleset) alongTrack(from, to int) bool {
	return uint(from) <= uint(rs.homeEntry) && to <= int(rs.homeEntry)
}

// targetOff is target for a token that enters, has finished, or goes past
// its home entry (not alongTrack): the rules of movement other than C8.
func (s *State) targetOff(d due, from, to int) (_, _ int, f moveFlags, r refusal) {
	rs := s.rs
	c, n := d.c(), to-from
	fin, he := int(rs.finish), int(rs.homeEntry)
	f = flagValid
	switch {
	case from < 0: // rule C7: only an entry roll brings a token onto its start square
		if d.face() == 0 {
			return from, to, f, refusal{why: refBonusEntry}
		}
		if !rs.entry.has(d.face()) {
			return from, to, f, refusal{why: refEntry}
		}
		to, f = 0, f|flagEnter
	case from == fin: // rule B3
		return from, to, f, refusal{why: refFinished}
	case rs.goesRound(from, to, s.captured.Has(c)): // rule K4: round the track again past its home entry
		var home, circles bool
		if to, home, circles = s.round(c, from, n); circles {
			f |= flagCircle
		}
		if !home {
			return from, to, f, refusal{}
		}
	case rs.feat&featSteps != 0 && to > he: // rule V2, where rule K4 lets the token into its home column
		want := rs.steps[uint8(from)] // the face k climbs to square k, none more than a 6
		if from < he {
			if want != 0 { // Finish:BounceFinish: the overshoot of the gate counted back
				return from, 2*he - to, f | flagBounce, refusal{}
			}
			return from, to, f, refusal{refGate, uint16(to - he)}
		}
		if d.face() != want { // the face, whatever it counts (rule P5); a bonus move's, 0, is none
			return from, to, f, refusal{refStep, uint16(want)}
		}
		to = from + 1
	}
	if to > fin { // rule C5
		switch rs.rules.Finish {
		case ExactFinish:
			return from, to, f, refusal{refOvershoot, uint16(to - fin)}
		case BounceFinish:
			if back := 2*fin - to; back < int(rs.homeEntry) { // rule S5: no further back than the home entry
				return from, to, f, refusal{refBounceBack, uint16(to - fin)}
			}
			to, f = 2*fin-to, f|flagBounce
		default: // AnyRollFinishes
			to = fin
		}
	}
	return from, to, f, refusal{}
}

// round counts n steps for a token of colour c at progress from under
// CaptureBeforeHome (rule K4), lap by lap: past its home entry while its
// home column is closed it goes on round the track (circles), standing at
// a progress past its finish until it passes its start square and begins
// a new lap. It returns the progress reached, and home where the token
// turned into its home column (to may then lie past the finish).
func (s *State) round(c Color, from, n int) (to int, home, circles bool) {
	rs := s.rs
	fin, he, track := int(rs.finish), int(rs.homeEntry), int(rs.track)
	open := s.captured.Has(c)
	rel, lap := rs.lap(from), from <= fin // rel: squares on from the start square
	for {
		if lap {
			if rel+n <= he {
				return rel + n, false, circles
			}
			if open {
				return rel + n, true, circles
			}
			n -= he - rel
			rel, lap, circles = he, false, true
		}
		if rel+n < track {
			return rs.rules.Board.roundProgress(rel + n), false, circles
		}
		n -= track - rel
		rel, lap = 0, true
	}
}

// lane returns the lane of a move to progress to with flags f.
func lane(to int, f moveFlags) uint32 {
	return uint32(uint8(to+1)) | uint32(f)<<(mFlags-laneShift)
}

// judgedMove returns the move of token i of colour d.c() with amount d to
// progress to with flags f, as tokenMove judges it.
func (s *State) judgedMove(d due, i, to int, f moveFlags) Move {
	return Move{d.base() | s.tokenPart(d.c(), i) | uint64(lane(to, f))<<laneShift}
}

// trackSquare returns the track square of colour c's token at progress p
// on the track, or going round again past its home entry (rule K4); 0
// for the yard (p = -1), the home column and the finish.
func (s *State) trackSquare(c Color, p int) uint8 {
	return s.rs.trackSq[c][uint8(p)]
}
