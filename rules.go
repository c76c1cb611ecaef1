package ludo

import (
	"encoding/binary"
	"errors"
	"fmt"
	"iter"
	"math/bits"
)

// This file holds every rule of the rulebook (README.md), each in one
// place, named by its number there. The transitions are Roll and Apply;
// tokenMove decides what one token may do with the die.

// rulebook lists the rules and rulings of the README's rulebook, by
// number, with their titles: C1–C11 from the seed texts, B1–B3 the block
// rules of the Mongolian text, Q1–Q12 this library's rulings.
var rulebook = [...]struct{ number, title string }{
	{"C1", "Players and tokens"}, {"C2", "The yard"}, {"C3", "The track and turn order"},
	{"C4", "The home column"}, {"C5", "Exact finish"}, {"C6", "Winning and places"},
	{"C7", "Entering"}, {"C8", "Moving"}, {"C9", "Bonus rolls and the third six"},
	{"C10", "Must move"}, {"C11", "Capture"},
	{"B1", "Blocks form"}, {"B2", "Blocks stop opponents"}, {"B3", "Finished tokens stay"},
	{"Q1", "A bonus roll with no legal move"}, {"Q2", "What the third six undoes"},
	{"Q3", "Landing on two or more opponents"}, {"Q4", "Entering onto an opponent"},
	{"Q5", "Seats"}, {"Q6", "Finishing with a 6"}, {"Q7", "Blocks in detail"},
	{"Q8", "The home column"}, {"Q9", "Alike tokens"}, {"Q10", "When the game ends"},
	{"Q11", "Landing on your own token without blocks"}, {"Q12", "Who moves first"},
}

// RuleTitle returns the title of rule (or ruling) number n of the rulebook,
// as RuleTitle("B2") = "Blocks stop opponents", and false if there is no
// such rule. [IllegalMoveError.Rule] holds such a number.
func RuleTitle(n string) (string, bool) {
	for _, r := range rulebook {
		if r.number == n {
			return r.title, true
		}
	}
	return "", false
}

// ErrIllegalMove is matched by every [*IllegalMoveError].
var ErrIllegalMove = errors.New("ludo: illegal move")

// IllegalMoveError is the error of [State.Apply] and [State.TokenMove] for
// a move the rules forbid. Its text names the rule.
type IllegalMoveError struct {
	Move   Move   // the move that was refused
	Rule   string // the rulebook number of the rule it breaks, as "B2"; empty for a move that does not fit the position at all
	Reason string // what is wrong, in words
}

// Error returns the reason and the rule, as "ludo: illegal move: token 2
// cannot pass the block on square 17 (rule B2)".
func (e *IllegalMoveError) Error() string {
	if e.Rule == "" {
		return "ludo: illegal move: " + e.Reason
	}
	return "ludo: illegal move: " + e.Reason + " (rule " + e.Rule + ")"
}

// Unwrap returns [ErrIllegalMove].
func (e *IllegalMoveError) Unwrap() error { return ErrIllegalMove }

// refusal is why a token may not move: the rule and the square or count
// the reason names. The zero refusal means the move is legal. It is built
// on the hot path without allocating and turned into an error only when
// asked.
type refusal struct {
	rule uint8
	at   uint16 // a track square, a progress or a count, as the rule says
}

const (
	legal          = iota
	refFinished    // B3: a finished token never moves
	refEntry       // C7: only an entry roll brings a token out
	refOvershoot   // C5: exact finish
	refPassBlock   // B2: may not pass a block
	refLandBlock   // B2: may not land on a block
	refOwnLanding  // Q11: may not end on a square its owner holds
	refMultiLand   // Q3: may not land on two or more opponents
	refWrongTokens // not a token of the game
)

func (r refusal) err(m Move, s State) *IllegalMoveError {
	e := &IllegalMoveError{Move: m}
	t := m.Token()
	switch r.rule {
	case refFinished:
		e.Rule, e.Reason = "B3", fmt.Sprintf("token %d has finished and never moves again", t)
	case refEntry:
		e.Rule, e.Reason = "C7", fmt.Sprintf("token %d is in the yard, and only a roll of %v enters it", t, s.cfg.entry)
	case refOvershoot:
		e.Rule, e.Reason = "C5", fmt.Sprintf("token %d would overshoot the finish by %d, and the finish needs an exact roll", t, r.at)
	case refPassBlock:
		e.Rule, e.Reason = "B2", fmt.Sprintf("token %d cannot pass the block on square %d", t, r.at)
	case refLandBlock:
		e.Rule, e.Reason = "B2", fmt.Sprintf("token %d cannot land on the block on square %d", t, r.at)
	case refOwnLanding:
		e.Rule, e.Reason = "Q11", fmt.Sprintf("token %d cannot end on %v, which its owner already holds", t, s.board().Square(m.Color(), int(r.at)))
	case refMultiLand:
		e.Rule, e.Reason = "Q3", fmt.Sprintf("token %d cannot land on the %d opponent tokens on square %d", t, r.at>>8, r.at&0xff)
	default:
		e.Reason = fmt.Sprintf("%v has no token %d", m.Color(), t)
	}
	return e
}

// Roll plays a die face for the player to move and returns the position
// waiting for their move (rule C8). A bonus-earning face (a 6, by default)
// adds to [State.Sixes]; when that reaches [Rules.SixLimit] the only legal
// move is the forfeiting pass (rule C9). Where no token can move, the only
// legal move is a pass (rule C10). Either way the caller sees the pass
// among the legal moves and plays it with [State.Apply].
//
// It returns an error matching [ErrBadFace] for a face outside 1 to 6,
// [ErrWrongPhase] while a move is due, [ErrGameOver] once the game has
// ended, and [ErrNoGame] on the zero State; s is never changed. The last
// three allocate nothing, so a playout may roll until Roll fails, which
// is the quickest loop (one State copy fewer than asking [State.Phase]).
func (s State) Roll(face int) (State, error) {
	err := s.roll(face) // small enough to inline: s is the caller's copy
	return s, err
}

// roll is Roll on s in place. It changes s only when the roll is
// accepted.
//
// It judges the move of every token with the die, once, and keeps the
// legal ones in the moves field, so that AppendLegalMoves only unpacks
// them and Apply only compares. A token alike with a lower-numbered one is
// left out (ruling Q9), and so is every token when the roll is forfeited
// (rule C9). tokenMove is the rule; roll decides the commonest cases
// without the call, as tokenMove would: a token entering (rule C7) onto
// an empty start square, or on its way (rule C8) where no block stands
// (rule B2) and landing on an empty track square, at the finish, or in its
// home column where its own tokens do not matter (ruling Q11).
// TestPropLegalMovesAreTokenMoves holds the two to agreeing.
func (s *State) roll(face int) error {
	if s.die != 0 || uint(face-1) > 5 || !s.rolling() {
		return s.rollError(face)
	}
	s.die = uint8(face)
	if s.sixes < 255 { // the count saturates where SixLimit is 0
		s.sixes += uint8(s.cfg.bonus>>face) & 1
	}
	if s.forfeit() {
		return nil
	}
	var moves uint64
	c, d := s.turn&3, int(s.die)
	fin, he := int(s.cfg.finish), int(s.cfg.homeEntry)
	// The tokens tokenMove must judge, as the high bit of 16-bit lane i
	// for token i: not a token that an exact roll would take past the
	// finish or that a finished token is, not a token in the yard unless
	// the die enters, and not a token alike with a lower-numbered one
	// (ruling Q9). Worked out for all four at once without a branch, as
	// which tokens can move is what a random game makes unpredictable.
	const (
		h  = 0x8000800080008000 // the high bit of each lane
		l1 = 0x0001000100010001
	)
	w := uint64(binary.LittleEndian.Uint32(s.tok[c][:]))
	x := (w | w<<16) & 0x0000ffff0000ffff
	x = (x | x<<8) & 0x00ff00ff00ff00ff // token i's byte in lane i
	stuck := uint64(fin)                // the highest x that may move: a finished token never does (rule B3)
	if s.cfg.finishRule == ExactFinish {
		// Past here an exact roll overshoots (rule C5); on a board shorter
		// than the die, from anywhere on it.
		stuck -= min(uint64(d)-1, stuck)
	}
	cand := ^((x | h) - (stuck+1)*l1) & h                  // x <= stuck
	inPlay := ((x|h)-l1)&h | -(uint64(s.cfg.entry>>d)&1)&h // x >= 1 (not in the yard), or the die enters
	cand &= inPlay & (h >> (16 * (MaxTokens - uint(s.cfg.tokens))))
	// Lanes of x differ from those 1, 2 and 3 lanes lower where the
	// difference has a bit below the lane's high bit.
	differ := func(k uint) uint64 { return ((x ^ x<<(16*k)) | h) - l1 }
	cand &= (differ(1) | 0x8000) & (differ(2) | 0x80008000) & (differ(3) | 0x800080008000)
	for ; cand != 0; cand &= cand - 1 {
		i := bits.TrailingZeros64(cand) / 16
		from := int(s.tok[c][i&3]) - 1
		to := from + d
		var lane uint64
		switch {
		case uint(from) >= uint(fin) || to > fin || s.blocked != 0:
			// Rule C7: the die enters it (or it would not be a candidate),
			// passing nothing, so no block stops it (rule B2).
			if from < 0 && !s.at.has(s.trackSquare(c, 0)) {
				lane = 1 | uint64(flagValid|flagEnter)<<8
			}
		case to <= he:
			if !s.at.has(s.trackSquare(c, to)) {
				lane = uint64(to+1) | uint64(flagValid)<<8
			}
		case to == fin:
			lane = uint64(to+1) | uint64(flagValid|flagFinish)<<8
		case !s.cfg.has(optOwnLandingForbidden):
			lane = uint64(to+1) | uint64(flagValid)<<8
		}
		if lane == 0 {
			if m, r := s.tokenMove(i); r.rule == legal {
				lane = m.judged()
			}
		}
		moves |= lane << (16 * i)
	}
	s.moves = moves
	return nil
}

// judgedMove returns token i's move as judged, which is legal if its
// valid flag is set.
func (s *State) judgedMove(i int) Move {
	c := s.turn & 3
	return judgedMove(c, i&3, int(s.tok[c][i&3])-1, int(s.die), s.moves>>(16*(i&3))&0xffff)
}

// rolling reports whether the game is on.
func (s *State) rolling() bool {
	return s.placed < s.cfg.endsAt
}

// rollError is the error of a roll refused for the phase, packed into
// one word: the sentinel it matches (see Unwrap) in bits 0 and 1, the
// colour to move in bits 2 and 3, the die being played in bits 4 to 6. Go
// makes an error of a word below 256 without allocating, so a loop may
// roll until Roll reports the game over at no cost.
type rollError uint8

// faceError is the error of a roll of a face outside 1 to 6.
type faceError int

// rollError returns the error refusing a roll of face in s.
func (s *State) rollError(face int) error {
	switch {
	case !s.IsValid():
		return rollError(0)
	case !s.rolling():
		return rollError(1)
	case s.die != 0:
		return rollError(2 | uint8(s.turn&3)<<2 | (s.die&7)<<4)
	}
	return faceError(face)
}

// Unwrap returns the sentinel the refusal matches: ErrNoGame,
// ErrGameOver or ErrWrongPhase.
func (e rollError) Unwrap() error {
	switch e & 3 {
	case 0:
		return ErrNoGame
	case 1:
		return ErrGameOver
	}
	return ErrWrongPhase
}

// Error says why the roll was refused.
func (e rollError) Error() string {
	if err := e.Unwrap(); err != ErrWrongPhase {
		return err.Error()
	}
	return fmt.Sprintf("%v: %v must move the %d before rolling again", ErrWrongPhase, Color(e>>2&3), int(e>>4&7))
}

// Unwrap returns [ErrBadFace].
func (e faceError) Unwrap() error { return ErrBadFace }

// Error says which face was refused.
func (e faceError) Error() string { return fmt.Sprintf("%v: %d", ErrBadFace, int(e)) }

// forfeit reports whether the die being played has reached the six limit
// and must be forfeited (rule C9).
func (s *State) forfeit() bool {
	return s.cfg.sixLimit > 0 && s.sixes >= s.cfg.sixLimit
}

// AppendLegalMoves appends the legal moves of the position to dst and
// returns the extended slice. It appends nothing unless a move is due
// ([PhaseMove]); then it appends at least one move, which is a single pass
// where the rules force one (rules C9, C10).
//
// The moves come in canonical order ([Move.Compare]). Tokens of one colour
// on one square are alike, so where several could make the same move only
// the lowest-indexed is listed (ruling Q9). AppendLegalMoves allocates
// nothing when dst has room for the moves; given room for [MaxTokens]
// more, it is quickest, and may use that room while it works, but leaves
// the slots past the moves it appends as they were.
func (s State) AppendLegalMoves(dst []Move) []Move {
	return s.appendLegal(dst) // small enough to inline
}

// appendLegal is AppendLegalMoves on s, which it does not change: it
// unpacks the moves judged when the die was rolled.
func (s *State) appendLegal(dst []Move) []Move {
	if s.die == 0 { // no move is due; the die is 0 in every other phase
		return dst
	}
	if s.moves == 0 { // rule C9 forfeits the roll, or rule C10: no token can move
		return append(dst, passMove(s.turn, int(s.die), s.forfeit()))
	}
	n := len(dst)
	if cap(dst)-n < MaxTokens { // too little room to write every slot: append the moves
		for valid := s.moves & 0x0100_0100_0100_0100; valid != 0; valid &= valid - 1 { // the valid flag of each lane
			dst = append(dst, s.judgedMove(bits.TrailingZeros64(valid)/16))
		}
		return dst
	}
	// Every lane in turn, written over the last if it holds no move: no
	// branch for the number of moves to mispredict. The one slot past the
	// moves that may have been written is then put back as it was.
	out := (*[MaxTokens]Move)(dst[n : n+MaxTokens])
	was := *out
	c := s.turn & 3
	base := judgedMove(c, 0, -1, int(s.die), 0).v
	// judgedMove's packing, written out over the word of the four tokens:
	// calling it per slot costs about 9 instructions a ply more.
	from := uint64(binary.LittleEndian.Uint32(s.tok[c][:])) // each token's progress+1, as a move keeps it
	moves, k := s.moves, 0
	put := func(i uint) {
		lane := moves >> (16 * i) & 0xffff
		out[k&(MaxTokens-1)] = Move{base | uint64(i)<<8 | from>>(8*i)&0xff<<16 | lane<<32}
		k += int(lane >> 8 & 1)
	}
	put(0)
	put(1)
	put(2)
	put(3)
	if k < MaxTokens {
		out[k] = was[k]
	}
	return dst[:n+k]
}

// LegalMoves returns the legal moves of the position in a new slice; see
// [State.AppendLegalMoves].
func (s State) LegalMoves() []Move {
	return s.AppendLegalMoves(make([]Move, 0, MaxTokens))
}

// LegalMovesSeq yields the same moves as [State.LegalMoves] without
// constructing the slice.
func (s State) LegalMovesSeq() iter.Seq[Move] {
	return func(yield func(Move) bool) {
		var buf [MaxTokens]Move
		for _, m := range s.AppendLegalMoves(buf[:0]) {
			if !yield(m) {
				return
			}
		}
	}
}

// TokenMove returns the move token i of the player to move makes with the
// die being played, or an [*IllegalMoveError] naming the rule that forbids
// it. It suits a game that lets the player pick a token.
func (s State) TokenMove(i int) (Move, error) {
	if err := s.moveDue(); err != nil {
		return Move{}, err
	}
	m := newMove(s.turn, i, 0, int(s.die))
	if !s.hasToken(s.turn, i) {
		return Move{}, refusal{rule: refWrongTokens}.err(m, s)
	}
	if s.forfeit() {
		return Move{}, s.forfeitError(m)
	}
	m, r := s.tokenMove(i)
	if r.rule != legal {
		return Move{}, r.err(m, s)
	}
	return m, nil
}

func (s State) moveDue() error {
	switch {
	case !s.IsValid():
		return ErrNoGame
	case s.over():
		return ErrGameOver
	case s.die == 0:
		return fmt.Errorf("%w: %v must roll before moving", ErrWrongPhase, s.turn)
	}
	return nil
}

func (s State) forfeitError(m Move) error {
	return &IllegalMoveError{Move: m, Rule: "C9", Reason: fmt.Sprintf(
		"%v rolled %d bonus-earning rolls in a row, so the last is forfeited and no token may move", s.turn, s.sixes)}
}

// trackSquare returns the number of the track square (from 1) where a
// token of colour c with progress p on the track stands.
func (s *State) trackSquare(c Color, p int) uint8 {
	a := int(c)*int(s.cfg.spacing) + p
	if a >= int(s.cfg.track) {
		a -= int(s.cfg.track)
	}
	return uint8(a + 1)
}

// tokenMove decides the move token i of the player to move makes with the
// die: the rules of movement C3 to C5, C7, C8, C11, B2 and
// B3, and the rulings Q3, Q4, Q7, Q8 and Q11. The common case, a token
// on its way that lands on an empty square, makes no call (and the calls
// it makes are its last act, so that its values stay in registers).
func (s *State) tokenMove(i int) (Move, refusal) {
	c, d := s.turn&3, int(s.die)
	from, fin := int(s.tok[c][i&3])-1, int(s.cfg.finish)
	m := newMove(c, i&3, from, d)
	to := from + d
	if uint(from) < uint(fin) && to <= fin { // rule C8: on its way, and not past the finish
		m.v += uint64(d) << 32
	} else {
		switch {
		case from == fin: // rule B3
			return m, refusal{rule: refFinished}
		case from < 0: // rule C7: only an entry roll brings a token onto its start square
			if !s.cfg.entry.Has(d) {
				return m, refusal{rule: refEntry}
			}
			to, m = 0, m.with(flagEnter)
		case s.cfg.finishRule == ExactFinish: // rule C5
			return m, refusal{refOvershoot, uint16(to - fin)}
		case s.cfg.finishRule == BounceFinish: // rule C5
			to, m = 2*fin-to, m.with(flagBounce)
		default: // rule C5, AnyRollFinishes
			to = fin
		}
		m = m.withTo(to)
	}
	if to == fin {
		m = m.with(flagFinish)
	}
	he := int(s.cfg.homeEntry)
	var stop lanes // the tokens of the blocks that stop this one
	if s.blocked != 0 {
		stop = s.stops()
		// Rule B2: no token passes a block that stops it, on its way to
		// the home column too. Only track squares hold blocks; a token
		// entering passes nothing.
		for p := from + 1; p < to && p <= he && !stop.empty(); p++ {
			if sq := s.trackSquare(c, p); !s.at.match(sq).and(stop).empty() {
				return m, refusal{refPassBlock, uint16(sq)}
			}
		}
	}
	if to > he { // home column or finish: the owner's own squares
		if to < fin && s.cfg.has(optOwnLandingForbidden) {
			return s.homeLanding(m)
		}
		return m, refusal{}
	}
	sq := s.trackSquare(c, to)
	if !s.at.has(sq) {
		return m, refusal{}
	}
	return s.landOn(m, sq, s.at.match(sq), stop)
}

// homeLanding decides move m into the home column where a token may not
// end on a square its owner holds (rulings Q8, Q11).
func (s *State) homeLanding(m Move) (Move, refusal) {
	if s.holds(m.Color(), m.Token(), m.To()) {
		return m, refusal{refOwnLanding, uint16(m.To())}
	}
	return m, refusal{}
}

// landOn decides move m of the player to move onto track square sq, which
// the tokens here hold: join its own colour (ruling Q11, rule B1), or
// capture opponents (rule C11) unless they form a block (rule B2, ruling
// Q7) or are two or more where that is refused (ruling Q3).
func (s *State) landOn(m Move, sq uint8, here, stop lanes) (Move, refusal) {
	if !here.and(colorLanes[m.Color()&3]).empty() {
		if s.cfg.has(optOwnLandingForbidden) { // ruling Q11
			return m, refusal{refOwnLanding, uint16(m.To())}
		}
		if s.cfg.blocks != NoBlocks { // rule B1
			m = m.with(flagBlock)
		}
		return m, refusal{}
	}
	// Opponents only, as a square holds one colour (rule C11).
	n := here.count()
	if !here.and(stop).empty() { // rule B2, ruling Q7
		return m, refusal{refLandBlock, uint16(sq)}
	}
	if n >= 2 && s.cfg.has(optCaptureRefused) { // ruling Q3
		return m, refusal{refMultiLand, uint16(n<<8 | int(sq))}
	}
	// Rule C11 (and ruling Q4 for a token entering): landing on opponents
	// captures them.
	return m.withCaptures(n), refusal{}
}

// stops returns the tokens of the blocks that the player to move may not
// pass (rule B2): every token in a block (rule B1), of the opponents'
// colours, or with [BlocksStopAll] of every colour. Without blocks it is
// empty.
func (s *State) stops() lanes {
	b := s.blocked
	if s.cfg.blocks == BlocksStopOpponents {
		b &^= 0xf << (4 * (s.turn & 3))
	}
	return lanes{scatter(uint8(b)), scatter(uint8(b >> 8))}
}

// findBlocks sets blocked from at (rule B1), for Red's and Green's tokens
// where words has bit 0, for Yellow's and Blue's where it has bit 1. Only
// games with blocks call it.
func (s *State) findBlocks(words uint) {
	if words&1 != 0 {
		s.blocked = s.blocked&0xff00 | uint16(gather(paired(s.at.lo)))
	}
	if words&2 != 0 {
		s.blocked = s.blocked&0xff | uint16(gather(paired(s.at.hi)))<<8
	}
}

// paired returns the high bit of each byte of x that is not 0 and equals
// another byte of its 32-bit half: the tokens of two colours' lanes that
// share a track square with another of their colour.
func paired(x uint64) uint64 {
	// rot(k) turns each 32-bit half of x by k bytes, so that byte j of the
	// result is byte j-k (mod 4) of the same half.
	rot := func(k uint) uint64 {
		lo := ^uint64(0) / 0xffffffff * (0xffffffff << (8 * k) & 0xffffffff) // the bytes that do not wrap
		return x<<(8*k)&lo | x>>(32-8*k)&^lo
	}
	same := zeroBytes(x^rot(1)) | zeroBytes(x^rot(2)) | zeroBytes(x^rot(3))
	return same &^ zeroBytes(x) // off the track
}

// holds reports whether a token of colour c other than token i has
// progress p.
func (s *State) holds(c Color, i, p int) bool {
	for j := range int(s.cfg.tokens) {
		if j != i && int(s.tok[c][j])-1 == p {
			return true
		}
	}
	return false
}

// lanes holds one byte for each token, colour by colour (token i of colour
// c in byte 4c+i, Red's and Green's tokens in lo, Yellow's and Blue's in
// hi), so that a question about every token on the board is a few word
// operations. A struct of two words, not an array, travels in registers.
type lanes struct{ lo, hi uint64 }

const (
	ones = 0x0101010101010101
	low7 = 0x7f7f7f7f7f7f7f7f
	high = 0x8080808080808080
)

// colorLanes[c] has the high bit of each of colour c's bytes set.
var colorLanes = [MaxPlayers]lanes{
	{0x80808080, 0}, {0x80808080 << 32, 0}, {0, 0x80808080}, {0, 0x80808080 << 32},
}

// set sets the byte of token i of colour c to v.
func (l *lanes) set(c Color, i int, v uint8) {
	sh := 32*uint(c&1) + 8*uint(i&3)
	hi := -uint64(c >> 1 & 1) // all ones for the word of Yellow and Blue: no branch for the turn to mispredict
	clear, val := uint64(0xff)<<sh, uint64(v)<<sh
	l.lo = l.lo&^(clear&^hi) | val&^hi
	l.hi = l.hi&^(clear&hi) | val&hi
}

// match returns the high bit of every byte equal to v.
func (l lanes) match(v uint8) lanes {
	b := uint64(v) * ones
	return lanes{zeroBytes(l.lo ^ b), zeroBytes(l.hi ^ b)}
}

// has reports whether any byte equals v.
func (l lanes) has(v uint8) bool {
	b := uint64(v) * ones
	x, y := l.lo^b, l.hi^b
	return (x-ones)&^x&^low7|(y-ones)&^y&^low7 != 0
}

// gather packs the high bits of the 8 bytes of x into a byte, byte j's
// as bit j.
func gather(x uint64) uint8 { return uint8(x & high * 0x0002040810204081 >> 56) }

// scatter is gather undone: bit j of b as the high bit of byte j.
func scatter(b uint8) uint64 {
	y := uint64(b) * ones & 0x8040201008040201 // bit j of b, in byte j
	return (y + low7 | y) & high
}

// zeroBytes returns the high bit of every zero byte of x, exactly.
func zeroBytes(x uint64) uint64 { return ^((x&low7 + low7) | x | low7) }

func (l lanes) and(m lanes) lanes    { return lanes{l.lo & m.lo, l.hi & m.hi} }
func (l lanes) andNot(m lanes) lanes { return lanes{l.lo &^ m.lo, l.hi &^ m.hi} }
func (l lanes) empty() bool          { return l.lo|l.hi == 0 }
func (l lanes) count() int           { return bits.OnesCount64(l.lo) + bits.OnesCount64(l.hi) }

// Apply plays move m and returns the next position. It always validates:
// m must be a legal move of s (a move from [State.LegalMoves] or
// [State.TokenMove], or the same move by another token standing on the
// same square). An illegal move returns an [*IllegalMoveError] naming the
// rule it breaks; a call while a roll is due returns [ErrWrongPhase], after
// the game [ErrGameOver]. s is never changed.
//
// After a token move the same player rolls again if the die earns a bonus
// roll (rule C9), unless that move brought their last token home (ruling
// Q6); otherwise the turn passes clockwise to the next player still
// playing. A pass keeps the turn for a bonus roll unless
// [Rules.NoMoveForfeitsBonus] (ruling Q1); a forfeiting pass applies
// [Rules.SixPenalty] and passes the turn (rule C9, ruling Q2).
func (s State) Apply(m Move) (State, error) {
	err := s.apply(m) // small enough to inline: s is the caller's copy
	return s, err
}

// apply is Apply on s in place. It changes s only when m is legal.
func (s *State) apply(m Move) error {
	if i := m.Token(); s.moves>>(16*(i&3))&0x100 != 0 && m == s.judgedMove(i) { // judged legal
		s.applyToken(m)
		return nil
	}
	// Not a move listed: a pass, an alike token's move (ruling Q9), or an
	// illegal move, which tokenMove says why.
	if s.die == 0 {
		return s.moveDue()
	}
	c := s.turn
	if m.v&moveOwner != newMove(c, 0, 0, int(s.die)).v&moveOwner {
		switch {
		case !m.has(flagValid):
			return s.illegal(m, "", "the zero Move is no move")
		case m.Color() != c:
			return s.illegal(m, "C3", "it is %v's turn, not %v's", c, m.Color())
		}
		return s.illegal(m, "C8", "the move plays a %d but the die shows %d", m.Die(), s.die)
	}
	if s.forfeit() {
		if m.IsPass() && m.Forfeits() {
			s.applyForfeit()
			return nil
		}
		return s.forfeitError(m)
	}
	if m.IsPass() {
		if m.Forfeits() {
			return s.illegal(m, "C9", "%v has not reached the six limit, so nothing is forfeited", c)
		}
		if s.moves != 0 {
			return s.illegal(m, "C10", "%v must move when a token can: %v", c, s.judgedMove(bits.TrailingZeros64(s.moves)/16))
		}
		s.applyPass()
		return nil
	}
	i := m.Token()
	if uint(i) >= uint(s.cfg.tokens) {
		return refusal{rule: refWrongTokens}.err(m, *s)
	}
	if from := int(s.tok[c&3][i&3]) - 1; from != m.From() {
		return s.illegal(m, "", "%v token %d is at %s, not %s", c, i, progressString(from), progressString(m.From()))
	}
	want, r := s.tokenMove(i)
	if r.rule != legal {
		return r.err(m, *s)
	}
	if want != m {
		return s.illegal(m, "", "the move does not match the position: with a %d, %v token %d makes %v", s.die, c, i, want)
	}
	s.applyToken(want)
	return nil
}

// illegal returns the error refusing m for breaking rule (empty where m
// does not fit the position at all), with the reason in words.
func (s *State) illegal(m Move, rule, format string, a ...any) error {
	return &IllegalMoveError{Move: m, Rule: rule, Reason: fmt.Sprintf(format, a...)}
}

// applyToken plays a legal token move.
func (s *State) applyToken(m Move) {
	c, i, to := m.Color()&3, m.Token()&3, m.To()
	s.tok[c][i] = uint8(to + 1)
	var sq uint8
	if to <= int(s.cfg.homeEntry) {
		sq = s.trackSquare(c, to)
	}
	if m.Captures() > 0 { // rule C11: captured tokens go back to their yards
		caught := s.at.match(sq).andNot(colorLanes[c])
		s.at = s.at.andNot(lanes{(caught.lo >> 7) * 0xff, (caught.hi >> 7) * 0xff})
		for x := caught.lo; x != 0; x &= x - 1 {
			k := bits.TrailingZeros64(x) / 8
			s.tok[k/4][k%4] = 0
		}
		for x := caught.hi; x != 0; x &= x - 1 {
			k := bits.TrailingZeros64(x) / 8
			s.tok[2+k/4][k%4] = 0
		}
	}
	s.at.set(c, i, sq)
	if s.cfg.blocks != NoBlocks {
		words := uint(1) << (c >> 1) // the mover's colour
		if m.Captures() > 0 {
			words = 3 // and the captured tokens' colour
		}
		s.findBlocks(words)
	}
	if m.Finishes() && s.allFinished(c) { // rule C6
		s.placed++
		s.places[c] = s.placed
		if !s.cfg.has(optFirstWinner) && s.placed == s.cfg.players()-1 {
			s.rankLast() // ruling Q10
		}
		s.nextTurn() // ruling Q6: no bonus roll with nothing left to move
		return
	}
	if s.cfg.bonus>>m.Die()&1 != 0 { // rule C9: a bonus roll
		s.die, s.moves = 0, 0
		return
	}
	s.nextTurn()
}

// applyPass plays a pass that rule C10 forces.
func (s *State) applyPass() {
	if s.cfg.bonus.Has(int(s.die)) && !s.cfg.has(optNoMoveForfeitsBonus) { // ruling Q1
		s.die = 0 // and moves is 0
		return
	}
	s.nextTurn()
}

// applyForfeit plays the forfeiting pass of rule C9 with its penalty
// (ruling Q2).
func (s *State) applyForfeit() {
	if s.cfg.has(optUndoTurn) {
		s.tok = s.begin
		s.locate()
	}
	s.nextTurn()
}

// rankLast gives the one player still playing the last place: the game
// ends when only one is left (ruling Q10).
func (s *State) rankLast() {
	for o := range s.cfg.seats.All() {
		if s.places[o] == 0 {
			s.placed++
			s.places[o] = s.placed
		}
	}
}

// locate sets the track square of every token from its progress.
func (s *State) locate() {
	s.at = lanes{}
	for c := range s.cfg.seats.All() {
		for i := range int(s.cfg.tokens) {
			if p := int(s.tok[c][i]) - 1; p >= 0 && p <= int(s.cfg.homeEntry) {
				s.at.set(c, i, s.trackSquare(c, p))
			}
		}
	}
	if s.cfg.blocks != NoBlocks {
		s.findBlocks(3)
	}
}

func (s *State) allFinished(c Color) bool {
	for i := range int(s.cfg.tokens) {
		if s.tok[c][i] != s.cfg.finish+1 {
			return false
		}
	}
	return true
}

// nextTurn passes the turn clockwise to the next player still playing
// (rule C3), unless the game is over.
func (s *State) nextTurn() {
	s.die, s.sixes, s.moves = 0, 0, 0
	if s.cfg.opts&optUndoTurn != 0 { // not has(): nextTurn stays small enough to inline
		s.begin = s.tok // the next turn begins here (at game over too)
	}
	if s.over() {
		return
	}
	for k := Color(1); k < MaxPlayers; k++ {
		o := (s.turn + k) & (MaxPlayers - 1)
		if s.cfg.seats>>o&1 != 0 && s.places[o] == 0 {
			s.turn = o
			break
		}
	}
}
