package ludo_test

// An independent reference of the rules, for the properties: what one
// token's move does, which moves the filters leave, and what a roll and a
// move lead to. It is written from the README's rulebook and uses only
// the public API (State's queries, Setup, Board, Rules), never the
// engine's internals (tokenMove, the lanes, the ruleset), so that a
// property comparing the two fails where either misreads a rule. It is
// in package ludo_test, so the compiler holds it to that.
//
// The reference walks a move step by step over the board, as a player
// counts it: the squares it passes, then the squares it lands on. Where
// the rulebook leaves a question open the reference says which reading
// it takes, in a comment starting "Ruling:".

import (
	"cmp"
	"fmt"
	"reflect"
	"slices"
	"strings"

	"github.com/ludorules/ludo"
)

// rbTok names a token: colour and index.
type rbTok struct {
	c ludo.Color
	i int
}

// rbMove is what the rulebook says a move does.
type rbMove struct {
	tok                  rbTok
	from, to, count, die int // die 0 for a bonus move (rule P8)
	captures             int
	victims              []rbTok // the opponent tokens sent to their yards
	// victimOf, where not empty, holds the opponents of which exactly one
	// is captured to make room (rule P4), the rules naming none of them
	// (no token there is marked as having arrived last).
	victimOf                                                     []rbTok
	enters, finishes, forms, bounces, jumps, circles, home, pair bool
	pass, forfeits                                               bool
	tower                                                        bool // a tower moving whole: onto a tower (rule R5), or anywhere (rule Y5)
	run                                                          bool // the 6 that enters and goes on to progress 5 (rule F1)
	alt                                                          bool // a move beside the token's own: round again (rule Y6) or its tower's (rule Y5)
}

// key returns what the engine's Move must say of itself.
func (m rbMove) key() propMoveKey {
	return propMoveKey{color: m.tok.c, token: m.tok.i, from: m.from, to: m.to, die: m.die, count: m.count,
		captures: m.captures, pass: m.pass, forfeits: m.forfeits, enters: m.enters, finishes: m.finishes,
		forms: m.forms, bounces: m.bounces, jumps: m.jumps, circles: m.circles, home: m.home, pair: m.pair, bonus: m.die == 0, tower: m.tower}
}

// rbView is a position as the reference reads it.
type rbView struct {
	s       ludo.State
	r       ludo.Rules
	b       ludo.Board
	fin, he int
	turn    ludo.Color
	seats   ludo.Colors
	prog    [ludo.MaxPlayers][ludo.MaxTokens]int
	later   [ludo.MaxPlayers][ludo.MaxTokens]bool
}

func newRbView(s ludo.State) *rbView {
	r := s.Rules()
	v := &rbView{s: s, r: r, b: r.Board, fin: r.Board.Finish(), he: r.Board.HomeEntry, turn: s.Turn(), seats: s.Players()}
	for c := range ludo.Color(ludo.MaxPlayers) {
		for i := range ludo.MaxTokens {
			v.prog[c][i] = s.Progress(c, i)
		}
	}
	v.later = s.Setup().Later
	return v
}

// tokens yields every token in the game.
func (v *rbView) tokens(yield func(rbTok) bool) {
	for c := range v.seats.All() {
		for i := range v.r.Tokens {
			if !yield(rbTok{c, i}) {
				return
			}
		}
	}
}

// lapSquare returns the track square (from 1) that lies rel squares on
// from colour c's start square (rule C3: colour c starts on 1 +
// c×StartSpacing, and the track is numbered clockwise).
func (v *rbView) lapSquare(c ludo.Color, rel int) int {
	return 1 + (v.b.StartSquare(c)-1+rel)%v.b.Track
}

// trackSquare returns the track square where a token of colour c with
// progress p stands, or 0 where it is off the track: in the yard, the home
// column or the finish. A progress past the finish is a token going round
// again (rule K4), that far past its home entry. A token in its start
// lane (rule Y1) stands on a square of its colour's own, numbered from
// 1000 so that no track square and no other colour's lane is the same.
func (v *rbView) trackSquare(c ludo.Color, p int) int {
	switch {
	case p < 0:
		return 0
	case p < v.b.StartLane:
		return 1000 + 100*int(c) + p
	case p <= v.he:
		return v.lapSquare(c, p-v.b.StartLane)
	case p <= v.fin:
		return 0
	}
	return v.lapSquare(c, p-v.fin+v.he)
}

// on returns the tokens on track square sq but the one left out.
func (v *rbView) on(sq int, out rbTok) []rbTok {
	var ts []rbTok
	for t := range v.tokens {
		if t != out && v.trackSquare(t.c, v.prog[t.c][t.i]) == sq {
			ts = append(ts, t)
		}
	}
	return ts
}

// allInYard reports whether every token of colour c is in its yard:
// none has entered yet, or all have been captured back (rule Y2).
func (v *rbView) allInYard(c ludo.Color) bool {
	for i := range v.r.Tokens {
		if v.prog[c][i] >= 0 {
			return false
		}
	}
	return true
}

// ownAt reports whether a token of colour c other than token i has
// progress p.
func (v *rbView) ownAt(c ludo.Color, i, p int) bool {
	for j := range v.r.Tokens {
		if j != i && v.prog[c][j] == p {
			return true
		}
	}
	return false
}

// partners reports whether colours a and b are on one side (rule T1; a
// colour is on its own side).
func (v *rbView) partners(a, b ludo.Color) bool { return v.s.Team(a).Has(b) }

// stops reports whether the tokens ts of one colour o, standing on one
// track square, form a block that stops a token of colour c passing
// (rules B1, B2, T1).
func (v *rbView) stops(ts []rbTok, o, c ludo.Color) bool {
	switch {
	case v.r.Blocks == ludo.NoBlocks || len(ts) < 2:
		return false
	case v.r.Blocks == ludo.BlocksStopAll:
		return true
	}
	return !v.partners(o, c)
}

// byColor splits tokens by colour.
func byColor(ts []rbTok) map[ludo.Color][]rbTok {
	m := map[ludo.Color][]rbTok{}
	for _, t := range ts {
		m[t.c] = append(m[t.c], t)
	}
	return m
}

// open reports whether colour c's home column is open to it: always, or
// under CaptureBeforeHome once c has captured (rule K4).
func (v *rbView) open(c ludo.Color) bool { return !v.r.CaptureBeforeHome || v.s.Captured(c) }

// step returns where a token of colour c at progress p goes in one step
// forward (rules C3, C4, K4), and whether the step turns away from a
// closed home column; p must not be the finish.
func (v *rbView) step(c ludo.Color, p int) (next int, circles bool) {
	switch {
	case p > v.fin: // going round again: rel squares past the start square
		if rel := p - v.fin + v.he; rel+1 < v.b.Track {
			return p + 1, false
		}
		return 0, false
	case p == v.he && !v.open(c):
		if v.he+1 < v.b.Track {
			return v.fin + 1, true
		}
		return 0, true
	}
	return p + 1, false
}

// doneFrom is the first progress that counts towards a colour's finish:
// the finish, or under GoalSlots the last Tokens goal squares (rule M1).
func (v *rbView) doneFrom() int {
	if v.r.Goal == ludo.GoalSlots {
		return v.fin - v.r.Tokens + 1
	}
	return v.fin
}

// done reports whether progress p counts towards the finish.
func (v *rbView) done(p int) bool { return p >= v.doneFrom() && p <= v.fin }

// walk counts n steps for a token of colour c from progress from (not in
// the yard), as rules C3 to C5 and K4 say: the progress after each step,
// the last being where it stops; or the rule that refuses the move.
func (v *rbView) walk(c ludo.Color, from, n int) (path []int, bounces, circles bool, why string) {
	p, back := from, false
	for range n {
		switch {
		case back:
			if p-1 < v.he { // rule S5: no bounce back past the home entry
				return nil, false, false, "S5"
			}
			p--
		case p == v.fin: // rule C5
			switch v.r.Finish {
			case ludo.ExactFinish:
				return nil, false, false, "C5"
			case ludo.AnyRollFinishes:
				return path, false, circles, ""
			}
			back, bounces = true, true
			p--
		default:
			var circ bool
			p, circ = v.step(c, p)
			circles = circles || circ
		}
		path = append(path, p)
	}
	return path, bounces, circles, ""
}

// gateWalk is walk for a token that overshoots its gate under HomeSteps
// with BounceFinish (rule V2): square by square up to the gate, then
// back down the track by the rest.
func (v *rbView) gateWalk(from, n int) []int {
	var path []int
	p, back := from, false
	for range n {
		back = back || p == v.he
		if back {
			p--
		} else {
			p++
		}
		path = append(path, p)
	}
	return path
}

// passes checks the squares a token passes (rules B2, F2, M6): path
// less its last entry, the finish never counting.
func (v *rbView) passes(t rbTok, passed []int) string {
	for _, p := range passed {
		if p == v.fin {
			continue
		}
		if p > v.he && p < v.fin { // the home column: only the owner's tokens
			if v.ownAt(t.c, t.i, p) {
				if v.r.HomeJumps == ludo.HomeJumpsForbidden {
					return "M6"
				}
				if v.r.Overtake != ludo.OvertakeAll && v.r.Overtake != ludo.OvertakeCaptures {
					return "F2"
				}
			}
			continue
		}
		sq := v.trackSquare(t.c, p)
		here := v.on(sq, t)
		for o, ts := range byColor(here) {
			if v.stops(ts, o, t.c) && v.r.Blocks != ludo.BlocksTowers && (v.r.Blocks != ludo.BlocksOnSafe || v.b.IsSafe(ludo.TrackSquare(sq))) { // rule R4: a tower is passed; rule S4: a block on a bench only
				return "B2"
			}
		}
		for _, h := range here {
			if v.r.Overtake == ludo.OvertakeNone || v.r.Overtake == ludo.OvertakeOpponents && h.c == t.c {
				return "F2"
			}
		}
	}
	return ""
}

// overtaken returns the opponents a token passes on the squares passed
// that are not safe, which it captures under OvertakeCaptures (rule S1;
// partners are not captured, rule T1).
func (v *rbView) overtaken(t rbTok, passed []int) []rbTok {
	if v.r.Overtake != ludo.OvertakeCaptures {
		return nil
	}
	var caught []rbTok
	for _, p := range passed {
		if p < 0 || p > v.he && p <= v.fin {
			continue // the home column holds the owner's tokens only
		}
		sq := v.trackSquare(t.c, p)
		if v.b.IsSafe(ludo.TrackSquare(sq)) {
			continue
		}
		for _, h := range v.on(sq, t) {
			if !v.partners(h.c, t.c) {
				caught = append(caught, h)
			}
		}
	}
	return caught
}

// land decides a landing of move m on track square sq (m.to is its
// progress there): rules C11, B1, B2, Q3, Q4, Q11, K1, K5, D1, D3, D4, P2,
// P4, T1, A5. need is the number of tokens that land (2 for a pair, rule F1).
func (v *rbView) land(m *rbMove, sq, need int) string {
	c := m.tok.c
	here := v.on(sq, m.tok)
	var own, opp []rbTok
	for _, h := range here {
		if h.c == c {
			own = append(own, h)
		} else {
			opp = append(opp, h)
		}
	}
	entering := m.enters && m.to == 0
	if v.r.Blocks == ludo.BlocksTowers { // rules R4, R5: an opponent's tower, first
		for _, theirs := range byColor(opp) {
			if len(theirs) < 2 {
				continue
			}
			// Only a tower of the mover's, moving whole, lands on it, off
			// the safe squares (rule R6), and sends both home.
			if m.enters || !v.inBlock(m.tok) || v.b.IsSafe(ludo.TrackSquare(sq)) {
				return "R5"
			}
			if !v.whole(m.tok) { // rule Y10: a double on two laps moves one token at a time
				return "Y10"
			}
			if m.circles && m.alt { // rule Y5: a tower moving whole does not go round again
				return "Y5"
			}
			m.tower = true
			m.victims = append(m.victims, theirs...)
			m.captures += len(theirs)
			return ""
		}
	}
	safe := v.b.IsSafe(ludo.TrackSquare(sq))
	m.forms = len(own) > 0 && v.r.Blocks != ludo.NoBlocks && (v.r.Blocks != ludo.BlocksOnSafe || safe) // rules B1, S4
	if len(own) > 0 && v.r.OwnLanding == ludo.OwnLandingForbidden {                                    // ruling Q11, before rule P4 makes room
		return "Q11"
	}
	if v.r.GuardedExits { // rule A5: the exits
		for o := range ludo.Color(v.b.Arms) {
			if v.b.Square(o, 0) != ludo.TrackSquare(sq) {
				continue
			}
			if len(own) > 0 {
				return "A5" // no barrier on an exit
			}
			for _, h := range opp {
				if c != o && h.c != o {
					return "A5" // two colours only with the exit's own
				}
			}
		}
	}
	if lim := v.r.SquareLimit; lim > 0 && len(here)+need > lim { // rule P2
		if !entering || v.r.EntryCapture != ludo.EntryCapturesLast || len(opp) == 0 || len(here)+need-1 > lim {
			return "P2"
		}
		// Rule P4: the opponent that arrived there last makes room.
		var marked []rbTok
		for _, o := range opp {
			if v.later[o.c][o.i] {
				marked = append(marked, o)
			}
		}
		if len(marked) == 1 {
			m.victims = append(m.victims, marked[0])
		} else {
			// Ruling: the rules name no token where none (or, with a
			// SquareLimit above 2, more than one) is marked; any
			// opponent there may be the one.
			m.victimOf = opp
		}
		m.captures++
		return ""
	}
	startCapture := entering && v.r.EntryCapture == ludo.EntryCapturesAll // rule D4
	var caught []rbTok
	home := false
	for o, theirs := range byColor(opp) {
		if v.partners(o, c) { // rule T1: partners share the square
			continue
		}
		if v.stops(theirs, o, c) && v.r.Blocks != ludo.BlocksOnSafe { // rule B2, on a safe square too; rule S4: a bench's block may be landed on
			return "B2"
		}
		if safe && !startCapture { // rules K1, D1, H4
			if v.r.SafeSquares == ludo.SafeExclusive {
				return "H4"
			}
			home = home || v.r.SafeSquares == ludo.SafeMoverHome
			continue
		}
		if len(theirs) >= 2 && !startCapture {
			switch v.r.MultiCapture { // ruling Q3, rules K5, D3
			case ludo.CaptureRefused:
				return "Q3"
			case ludo.CaptureNone:
				continue
			case ludo.CaptureMover:
				home = true
				continue
			}
		}
		caught = append(caught, theirs...)
	}
	if home { // the mover goes to its yard and captures nobody here
		m.home, m.to, m.forms = true, -1, false
		return ""
	}
	m.victims = append(m.victims, caught...)
	m.captures += len(caught)
	return ""
}

// finishLanding decides a landing in the home column or at the finish
// (rules M1, Q8, Q11).
func (v *rbView) finishLanding(m *rbMove) string {
	t := m.tok
	m.finishes = v.done(m.to) && !v.done(m.from)
	switch {
	case v.r.Goal == ludo.GoalSlots && v.ownAt(t.c, t.i, m.to):
		return "M1"
	case v.r.OwnLanding == ludo.OwnLandingForbidden && m.to < v.fin && v.ownAt(t.c, t.i, m.to):
		return "Q11"
	}
	return ""
}

// arrive decides where move m ends: in the home column or at the finish,
// or on the track, where it lands and, on a star, jumps (rule D2).
func (v *rbView) arrive(m *rbMove, need int) string {
	c := m.tok.c
	if m.to > v.he && m.to <= v.fin {
		return v.finishLanding(m)
	}
	sq := v.trackSquare(c, m.to)
	if why := v.land(m, sq, need); why != "" || m.home || !v.b.IsStar(ludo.TrackSquare(sq)) {
		return why
	}
	// Rule D2: on to the next star, going round; from the last star
	// before its home entry, straight to the finish. Ruling: a token
	// whose home column is closed (rule K4) goes on round to the next
	// star, as it would on foot.
	d := 1
	for !v.b.IsStar(ludo.TrackSquare(v.lapSquare(ludo.Red, sq-1+d))) {
		d++
	}
	p := m.to
	for range d {
		if p == v.he && v.open(c) {
			// Ruling: under GoalSlots the finish holds one token (rule
			// M1): where it is held, the token does not jump and stays on
			// the star it landed on.
			if v.r.Goal == ludo.GoalSlots && v.ownAt(c, m.tok.i, v.fin) {
				return ""
			}
			m.to, m.jumps = v.fin, true
			m.finishes = !v.done(m.from)
			m.forms = false
			return ""
		}
		var circ bool
		p, circ = v.step(c, p)
		m.circles = m.circles || circ
	}
	m.to, m.jumps = p, true
	first := m.victims
	m.victims = nil
	why := v.land(m, v.trackSquare(c, p), need)
	m.victims = append(first, m.victims...)
	return why
}

// tokenMoves returns the moves token i of the player to move may make
// with the count due, before the filters (none, one, or two where a 6
// enters, rule F1), or the rule that refuses its move.
func (v *rbView) tokenMoves(i int) ([]rbMove, string) { return v.tokenMovesAs(i, false) }

// tokenMovesAs is tokenMoves, for the token's tower moving whole where
// whole (rule Y5): it lands as wholeLanding says.
func (v *rbView) tokenMovesAs(i int, whole bool) ([]rbMove, string) {
	s, r := v.s, v.r
	c := v.turn
	n, die := s.Count(), s.Die()
	if s.IsBonusMove() {
		die = 0
	}
	from := v.prog[c][i]
	base := rbMove{tok: rbTok{c, i}, from: from, to: from, count: n, die: die}
	switch {
	case from == v.fin: // rule B3
		return nil, "B3"
	case from < 0 && die == 0: // rule P8: a bonus move brings no token out
		return nil, "P8"
	case from < 0 && !r.EntryRolls.Has(die) && !r.FirstEntryAny: // rule C7
		return nil, "C7"
	case from < 0 && !r.EntryRolls.Has(die) && !v.allInYard(c): // rule Y2: the first token on any throw, none after it
		return nil, "Y2"
	case from < 0:
		return v.entries(base)
	}
	m := base
	var path []int
	var why string
	switch {
	case r.HomeSteps && v.open(c) && from <= v.fin && from+n > v.he: // rule V2
		// Ruling: the stable climb applies only once the home column is
		// open (rule K4 first). From square k "only a roll of k+1" climbs:
		// the die face, whatever a 6 counts (rule P5); a bonus move is no
		// roll.
		// From the sixth square on, a 6 climbs. With BounceFinish a
		// token that overshoots its gate walks up to it and back.
		switch {
		case from < v.he && r.Finish == ludo.BounceFinish:
			path, m.bounces = v.gateWalk(from, n), true
		case from < v.he:
			return nil, "V2"
		case die != min(from-v.he+1, 6):
			return nil, "V2"
		default:
			path = []int{from + 1}
		}
	default:
		path, m.bounces, m.circles, why = v.walk(c, from, n)
		if why != "" {
			return nil, why
		}
	}
	m.to = path[len(path)-1]
	if why := v.passes(m.tok, path[:len(path)-1]); why != "" {
		return nil, why
	}
	over := v.overtaken(m.tok, path[:len(path)-1]) // rule S1
	m.victims, m.captures = over, len(over)
	if whole {
		if why := v.wholeLanding(&m); why != "" {
			return nil, why
		}
		return []rbMove{m}, ""
	}
	if why := v.arrive(&m, 1); why != "" {
		return nil, why
	}
	return []rbMove{m}, ""
}

// wholeLanding decides where a tower moving whole ends (rule Y5): in the
// home column or at the finish as a token would; on an empty track
// square; on a lone opponent off the rules that keep it, which it
// captures; not on its own colour or beside an opponent that stays (P2).
func (v *rbView) wholeLanding(m *rbMove) string {
	c := m.tok.c
	if m.to > v.he && m.to <= v.fin {
		return v.finishLanding(m)
	}
	sq := v.trackSquare(c, m.to)
	here := v.on(sq, m.tok)
	if len(here) == 0 {
		return ""
	}
	for _, h := range here {
		if h.c == c {
			return "P2"
		}
	}
	if why := v.land(m, sq, 1); why != "" {
		return why
	}
	if m.captures == 0 {
		return "P2"
	}
	m.forms = false
	return ""
}

// entries returns the entering moves of a token in the yard with an entry
// roll (rules C7, F1).
func (v *rbView) entries(base rbMove) ([]rbMove, string) {
	c := base.tok.c
	base.enters, base.to = true, 0
	var ms []rbMove
	why := ""
	m := base
	need := 1
	if v.r.SixEntry == ludo.SixEntersTwoOrRuns && base.die == 6 {
		for j := range v.r.Tokens {
			if j != base.tok.i && v.prog[c][j] < 0 {
				// Ruling: the pair needs room for both tokens where a
				// square holds SquareLimit (rule P2).
				m.pair, need = true, 2
			}
		}
	}
	if why = v.arrive(&m, need); why == "" {
		ms = append(ms, m)
	}
	if v.r.SixEntry == ludo.SixEntersTwoOrRuns && base.die == 6 {
		// Rule F1: or straight to progress 5, passing and landing as a
		// move from the start square would: it passes progress 1 to 4,
		// not the start square (scenario f01-six-with-own-on-first-dot).
		run := base
		run.to, run.run = 5, true
		if w := v.passes(run.tok, []int{1, 2, 3, 4}); w != "" {
			return ms, cmpOrString(why, w)
		}
		if w := v.arrive(&run, 1); w != "" {
			return ms, cmpOrString(why, w)
		}
		ms = append(ms, run)
	}
	return ms, why
}

func cmpOrString(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// forfeiting reports whether the move due is the roll forfeited at the
// six limit (rule C9): a bonus move never is.
func (v *rbView) forfeiting() bool {
	return v.r.SixLimit > 0 && v.s.Streak() >= v.r.SixLimit && !v.s.IsBonusMove()
}

// inBlock reports whether token t shares its track square with another of
// its colour, where blocks are played (rule B1).
func (v *rbView) inBlock(t rbTok) bool {
	if v.r.Blocks == ludo.NoBlocks {
		return false
	}
	sq := v.trackSquare(t.c, v.prog[t.c][t.i])
	if sq == 0 || v.r.Blocks == ludo.BlocksOnSafe && !v.b.IsSafe(ludo.TrackSquare(sq)) { // rule S4
		return false
	}
	for _, h := range v.on(sq, t) {
		if h.c == t.c {
			return true
		}
	}
	return false
}

// whole reports whether token t's block can move whole (rules R5, Y5,
// Y10): another token of its colour shares its square at its progress,
// not on another lap.
func (v *rbView) whole(t rbTok) bool {
	if !v.inBlock(t) {
		return false
	}
	for j := range v.r.Tokens {
		if j != t.i && v.prog[t.c][j] == v.prog[t.c][t.i] {
			return true
		}
	}
	return false
}

// waiting reports whether a token of colour c is in its yard.
func (v *rbView) waiting(c ludo.Color) bool {
	for i := range v.r.Tokens {
		if v.prog[c][i] < 0 {
			return true
		}
	}
	return false
}

// legal returns the legal moves the rulebook gives, in canonical order:
// each token's moves, alike tokens once (ruling Q9), then the filters in
// the order of rule M3's ruling, each only where it leaves a move: entry
// (M2), capture (M8), clearing the start square (M3), opening a block
// (P7); or the one pass (rule C10), or the forfeiting pass (rule C9).
func (v *rbView) legal() []rbMove {
	s, r := v.s, v.r
	if s.Phase() != ludo.PhaseMove {
		return nil
	}
	c := v.turn
	die := s.Die()
	if s.IsBonusMove() {
		die = 0
	}
	pass := rbMove{tok: rbTok{c, -1}, from: -1, to: -1, count: s.Count(), die: die, pass: true}
	if v.forfeiting() {
		pass.forfeits = true
		return []rbMove{pass}
	}
	var ms []rbMove
	for i := range r.Tokens {
		if v.alikeLower(c, i) >= 0 {
			continue
		}
		got, _ := v.tokenMoves(i)
		ms = append(ms, got...)
		if r.RoundAgain { // rule Y6
			if m, ok := v.roundAgain(i); ok {
				ms = append(ms, m)
			}
		}
		if r.TowersTogether && v.whole(rbTok{c, i}) && !(len(got) > 0 && got[0].tower) { // rule Y5, beside R5's
			if m, ok := v.towerWhole(i); ok {
				ms = append(ms, m)
			}
		}
	}
	keep := func(ok func(m rbMove) bool) {
		var kept []rbMove
		for _, m := range ms {
			if ok(m) {
				kept = append(kept, m)
			}
		}
		if len(kept) > 0 {
			ms = kept
		}
	}
	if r.EntryCompulsory { // rule M2
		keep(func(m rbMove) bool { return m.enters })
	}
	if r.CaptureDuty == ludo.CaptureCompulsory { // rule M8
		keep(func(m rbMove) bool { return m.captures > 0 })
	}
	if r.ClearStart && v.waiting(c) { // rule M3
		keep(func(m rbMove) bool { return m.from == 0 })
	}
	if r.BreakOnSix && die == 6 { // rule P7
		hasBlock := false
		for i := range r.Tokens {
			hasBlock = hasBlock || v.inBlock(rbTok{c, i})
		}
		if hasBlock {
			keep(func(m rbMove) bool { return m.from >= 0 && v.inBlock(m.tok) })
		}
	}
	if len(ms) == 0 {
		return []rbMove{pass}
	}
	// Canonical order: by token, then where the move goes (a 6 that
	// enters may go to the start square or on to progress 5, rule F1),
	// a tower moving whole after its token alone (rule Y5).
	slices.SortStableFunc(ms, func(a, b rbMove) int {
		return cmp.Or(cmp.Compare(a.tok.i, b.tok.i), cmp.Compare(a.to, b.to))
	})
	if r.Decline { // rule Y7: once a token of the colour has entered
		for i := range r.Tokens {
			if v.prog[c][i] >= 0 {
				return append([]rbMove{pass}, ms...)
			}
		}
	}
	return ms
}

// roundAgain returns token i's move round the track again instead of
// into its home column (rule Y6), if it has one: from its first lap, past
// its home entry by k squares, to progress k-1 (the square k past the
// home entry, HomeEntry being Track-1), walking the squares to its home
// entry and on from its start square.
func (v *rbView) roundAgain(i int) (rbMove, bool) {
	s, c := v.s, v.turn
	n, die := s.Count(), s.Die()
	if s.IsBonusMove() {
		die = 0
	}
	from := v.prog[c][i]
	back := from + n - v.b.Track
	if from < 0 || from > v.he || from+n <= v.he || back > v.he {
		return rbMove{}, false
	}
	m := rbMove{tok: rbTok{c, i}, from: from, to: back, count: n, die: die, circles: true, alt: true}
	var path []int
	for p := from + 1; p <= v.he; p++ {
		path = append(path, p)
	}
	for p := v.he - v.b.Track + 1; p <= back; p++ { // on from the start square (with a start lane, past it: rule Y1)
		path = append(path, p)
	}
	if v.passes(m.tok, path[:len(path)-1]) != "" || v.arrive(&m, 1) != "" {
		return rbMove{}, false
	}
	return m, true
}

// towerWhole returns the move of token i's tower moving whole (rule Y5),
// if it has one: where the token alone would go, over the same squares;
// in its home column as the token would, on the track onto an empty
// square or a lone opponent it captures, never onto its own colour or an
// opponent it would share the square with (three tokens, rule P2).
func (v *rbView) towerWhole(i int) (rbMove, bool) {
	w := *v
	one, why := w.tokenMovesAs(i, true)
	if why != "" || len(one) == 0 {
		return rbMove{}, false
	}
	m := one[0]
	m.tower, m.alt = true, true
	return m, true
}

// alikeLower returns the lowest-numbered token of colour c alike with
// token i (on its square, or in the yard), or -1 if none is lower.
func (v *rbView) alikeLower(c ludo.Color, i int) int {
	for j := range i {
		if v.prog[c][j] == v.prog[c][i] {
			return j
		}
	}
	return -1
}

// tokenMove returns the move TokenMove(i) must give, or false where it
// must be refused: the first legal move of token i, or of the lowest
// token alike with it, made by token i (ruling Q9).
func (v *rbView) tokenMove(i int) (rbMove, bool) {
	if i < 0 || i >= v.r.Tokens || v.forfeiting() {
		return rbMove{}, false
	}
	j := v.alikeLower(v.turn, i)
	if j < 0 {
		j = i
	}
	// Where a 6 that enters has two moves (rule F1), the entry comes
	// first, the run second.
	var found []rbMove
	for _, m := range v.legal() {
		if !m.pass && m.tok.i == j {
			m.tok.i = i
			found = append(found, m)
		}
	}
	for _, m := range found {
		if !m.run && !m.alt {
			return m, true
		}
	}
	if len(found) > 0 {
		return found[0], true
	}
	return rbMove{}, false
}

// matching returns the reference move that the engine's move m is, made
// by the token m names (ruling Q9: alike tokens make the same move), or
// false.
func (v *rbView) matching(m ludo.Move) (rbMove, bool) {
	for _, want := range v.legal() {
		if !want.pass && m.Token() >= 0 && m.Token() < v.r.Tokens && v.prog[v.turn][m.Token()] == want.from {
			want.tok.i = m.Token()
		}
		if want.key() == propKeyOf(m) {
			return want, true
		}
	}
	return rbMove{}, false
}

// ---------------------------------------------------------------------------
// Transitions

// rbRoll returns the position a roll of face leads to, as a Setup, with
// the count the move due must have (rules C8, C9, P5).
func rbRoll(s ludo.State, face int) (ludo.Setup, int) {
	u := s.Setup()
	r := u.Rules
	u.Die = face
	if r.BonusRolls.Has(face) && u.Streak < 255 {
		u.Streak++
	}
	count := face
	v := newRbView(s)
	if face == 6 && (!v.waiting(s.Turn()) || r.SixValueAlways) { // rules P5, S2
		count = r.SixValue
	}
	return u, count
}

// rbNothingInPlay reports whether none of colour c's tokens can move but
// by entering (rule M4): each is in the yard, finished, or in its home
// column with no roll that moves it.
func rbNothingInPlay(s ludo.State, c ludo.Color) bool {
	v := newRbView(s)
	for i := range v.r.Tokens {
		p := v.prog[c][i]
		switch {
		case p < 0 || p == v.fin:
			continue
		case p <= v.he || p > v.fin:
			return false
		}
		for f := range ludo.ThrowFaces(v.r).All() { // a die's faces, or the cowries' counts (rule X1)
			t, err := propRolled(s, c, f)
			if err != nil {
				panic(fmt.Sprintf("rbNothingInPlay: %v", err))
			}
			if ms, _ := newRbView(t).tokenMoves(i); len(ms) > 0 {
				return false
			}
		}
	}
	return true
}

// rbApply returns the positions move m may lead to, as Setups (more than
// one only where the rules leave the choice of a token open), or an error
// where the reference does not list m as legal.
func rbApply(s ludo.State, m ludo.Move) (out []ludo.Setup, err error) {
	v := newRbView(s)
	u := s.Setup()
	r := u.Rules
	c := s.Turn()
	begin := u.Tokens
	if u.TurnStart != nil {
		begin = *u.TurnStart
	}
	if r.SixPenalty == ludo.UndoTurn {
		// Where the turn began stays so until the turn passes (ruling
		// Q2); Setup writes it only where it differs from Tokens.
		defer func() {
			for k := range out {
				if out[k].TurnStart == nil {
					continue
				}
				if *out[k].TurnStart == out[k].Tokens {
					out[k].TurnStart = nil
				}
			}
		}()
		start := begin
		u.TurnStart = &start
	}
	switch {
	case m.Forfeits():
		if !v.forfeiting() || m.Color() != c {
			return nil, fmt.Errorf("the reference has no forfeit here")
		}
		switch r.SixPenalty { // ruling Q2, rule P9
		case ludo.UndoTurn:
			u.Tokens, u.Later = begin, [ludo.MaxPlayers][ludo.MaxTokens]bool{}
		case ludo.ExposedHome: // rule S3: every token on the track off a safe square
			for i, p := range u.Tokens[c] {
				if i < r.Tokens && p >= 0 && (p <= v.he || p > v.fin) && !v.b.IsSafe(ludo.TrackSquare(v.trackSquare(c, p))) {
					rbLeave(v, &u, rbTok{c, i})
					u.Tokens[c][i] = -1
				}
			}
		case ludo.LastMovedHome:
			for i, l := range u.LastMoved {
				// Ruling: a token in its home column or at the finish
				// stays (rule P9); one in the yard has nowhere to go.
				if p := u.Tokens[c][i]; l && p >= 0 && (p <= v.he || p > v.fin) {
					rbLeave(v, &u, rbTok{c, i})
					u.Tokens[c][i] = -1
				}
			}
		}
		rbNextTurn(v, &u)
		return []ludo.Setup{u}, nil
	case m.IsPass():
		legal := v.legal()
		if !legal[0].pass || legal[0].key() != propKeyOf(m) { // forced (rule C10), or refusing to move (rule Y7)
			return nil, fmt.Errorf("the reference has no pass here")
		}
		switch {
		case s.IsBonusMove(): // rule P8: the bonus move is lost
			rbEndMove(v, &u)
		case r.BonusRolls.Has(u.Die) && !r.NoMoveForfeitsBonus: // ruling Q1
			u.Die = 0
		case u.TriesUsed+1 < r.Tries && rbNothingInPlay(s, c): // rule M4
			// Ruling: another try comes before NoMoveForfeitsBonus ends
			// the turn.
			u.TriesUsed++
			u.Die = 0
		default:
			rbNextTurn(v, &u)
		}
		return []ludo.Setup{u}, nil
	}
	rm, ok := v.matching(m)
	if !ok {
		return nil, fmt.Errorf("the reference does not list %v as legal", m)
	}
	i := rm.tok.i
	// The tokens that leave their squares: the mover, the captured.
	rbLeave(v, &u, rm.tok)
	victims := [][]rbTok{rm.victims}
	if len(rm.victimOf) > 0 {
		victims = nil
		for _, o := range rm.victimOf {
			victims = append(victims, append(slices.Clone(rm.victims), o))
		}
	}
	for _, vs := range victims {
		w := u
		w.Ranking = slices.Clone(u.Ranking)
		for _, o := range vs {
			rbLeave(v, &w, o)
			w.Tokens[o.c][o.i] = -1
		}
		w.Tokens[c][i] = rm.to
		if rm.tower {
			// Rule R5: the other token of the tower moves with it.
			for j := range r.Tokens {
				if j != i && v.prog[c][j] == rm.from {
					w.Tokens[c][j] = rm.to
					break
				}
			}
		}
		if rm.pair && !rm.home {
			// Rule F1: the lowest-numbered other token in the yard enters
			// with it. Ruling: a pair sent home goes home together.
			for j := range r.Tokens {
				if j != i && w.Tokens[c][j] < 0 {
					w.Tokens[c][j] = 0
					break
				}
			}
		}
		// Rule M8 with CapturePenalty: a move that does not capture where
		// one could sends the token that could have (the furthest on)
		// home, after the move.
		if r.CaptureDuty == ludo.CapturePenalty && rm.captures == 0 {
			best := -1
			for _, o := range v.legal() {
				if o.captures > 0 && (best < 0 || v.prog[c][o.tok.i] > v.prog[c][best]) {
					best = o.tok.i
				}
			}
			if best >= 0 && v.prog[c][best] != v.prog[c][i] {
				rbLeave(v, &w, rbTok{c, best})
				w.Tokens[c][best] = -1
			}
		}
		rbArrived(v, &w, rm.tok)
		if r.CaptureBeforeHome && rm.captures > 0 { // rule K4
			w.Captured |= ludo.ColorsOf(c)
		}
		if r.SixPenalty == ludo.LastMovedHome { // rule P9
			w.LastMoved = [ludo.MaxTokens]bool{}
			w.LastMoved[i] = true
		}
		// Ruling: a token move ends the throws of rule M4.
		w.TriesUsed = 0
		if err := rbAfterMove(v, &w, rm); err != nil {
			return nil, err
		}
		out = append(out, w)
	}
	return out, nil
}

// rbLeave clears the marks of rule P4 for token t leaving its square:
// its own, and that of the token it leaves alone there.
func rbLeave(v *rbView, u *ludo.Setup, t rbTok) {
	if v.r.EntryCapture != ludo.EntryCapturesLast {
		return
	}
	sq := v.trackSquare(t.c, u.Tokens[t.c][t.i])
	u.Later[t.c][t.i] = false
	if sq == 0 {
		return
	}
	for o := range v.tokens {
		if v.trackSquare(o.c, u.Tokens[o.c][o.i]) == sq {
			u.Later[o.c][o.i] = false
		}
	}
}

// rbArrived marks token t as arrived after the token it now shares its
// square with (rule P4).
func rbArrived(v *rbView, u *ludo.Setup, t rbTok) {
	if v.r.EntryCapture != ludo.EntryCapturesLast {
		return
	}
	sq := v.trackSquare(t.c, u.Tokens[t.c][t.i])
	if sq == 0 {
		return
	}
	n := 0
	for o := range v.tokens {
		if v.trackSquare(o.c, u.Tokens[o.c][o.i]) == sq {
			n++
		}
	}
	switch {
	case n == 2:
		u.Later[t.c][t.i] = true
	case n > 2:
		// Ruling: with SquareLimit above 2, a third token on the square
		// leaves none marked (the marks of rule P4 are for two tokens).
		for o := range v.tokens {
			if v.trackSquare(o.c, u.Tokens[o.c][o.i]) == sq {
				u.Later[o.c][o.i] = false
			}
		}
	}
}

// rbFinished reports whether colour c is done in u: FinishTokens of its
// tokens home, or under GoalSlots its tokens on the last goal squares
// (rules C6, M1, K6).
func rbFinished(v *rbView, u *ludo.Setup, c ludo.Color) bool {
	want := v.r.FinishTokens
	if want == 0 {
		want = v.r.Tokens
	}
	n := 0
	for i := range v.r.Tokens {
		if v.done(u.Tokens[c][i]) {
			n++
		}
	}
	return n >= want
}

// rbAfterMove finishes a token move: places (rules C6, T1, ruling Q6,
// Q10), then what it earned (rules K2, K3, P8), then a bonus roll or the
// next turn (rule C9).
func rbAfterMove(v *rbView, u *ludo.Setup, rm rbMove) error {
	r := v.r
	c := rm.tok.c
	if rm.finishes && rbFinished(v, u, c) {
		rbPlace(v, u, c)
		rbNextTurn(v, u) // ruling Q6
		return nil
	}
	// Ruling: a move that both captures and brings a token home earns
	// what a capture earns.
	var earned ludo.Bonus
	switch {
	case rm.captures > 0:
		earned = r.CaptureBonus
	case rm.finishes:
		earned = r.HomeBonus
	}
	if earned == ludo.BonusRoll {
		u.ExtraRoll = true
	}
	if n := earned.Steps(); n > 0 {
		// Rule P8: a bonus move due now, unless no token can make it.
		w := *u
		w.BonusMove = n
		t, err := w.State()
		if err != nil {
			return fmt.Errorf("the bonus move's position: %w\n%s", err, rbSetupString(w))
		}
		if ms := newRbView(t).legal(); !ms[0].pass || len(ms) > 1 { // a token can make it (beside the pass of rule Y7)
			*u = w
			return nil
		}
	}
	rbEndMove(v, u)
	return nil
}

// rbEndMove ends a move: a bonus roll if the die or the move earned one
// (rules C9, K2, K3), else the next turn.
func rbEndMove(v *rbView, u *ludo.Setup) {
	face := v.r.BonusRolls.Has(u.Die)
	if face || u.ExtraRoll {
		if !face {
			u.Streak = 0 // rule C9: a roll earned otherwise starts a new row
		}
		u.Die, u.BonusMove, u.ExtraRoll = 0, 0, false
		return
	}
	rbNextTurn(v, u)
}

// rbPlace gives colour c, which has just finished, its place (rule C6;
// with partners rule T1), and the last place where one player is left
// (ruling Q10).
func rbPlace(v *rbView, u *ludo.Setup, c ludo.Color) {
	r := v.r
	if r.Teams == ludo.Partners {
		team := v.s.Team(c)
		for o := range team.All() {
			if !rbFinished(v, u, o) {
				return
			}
		}
		u.Ranking = nil
		for o := range team.All() {
			u.Ranking = append(u.Ranking, o)
		}
		for o := range v.seats.All() {
			if !team.Has(o) {
				u.Ranking = append(u.Ranking, o)
			}
		}
		return
	}
	u.Ranking = append(u.Ranking, c)
	if r.End == ludo.PlayForAllPlaces && len(u.Ranking) == r.Players-1 {
		for o := range v.seats.All() {
			if !slices.Contains(u.Ranking, o) {
				u.Ranking = append(u.Ranking, o)
			}
		}
	}
}

// rbOver reports whether the game is over in u (ruling Q10, rule T1).
func rbOver(u *ludo.Setup) bool {
	r := u.Rules
	switch {
	case r.Teams == ludo.Partners:
		return len(u.Ranking) > 0
	case r.End == ludo.FirstWinner:
		return len(u.Ranking) > 0
	}
	return len(u.Ranking) >= r.Players
}

// rbNextTurn passes the turn clockwise to the next player still playing
// (rule C3; with partners, one whose tokens are not all home, rule T1).
func rbNextTurn(v *rbView, u *ludo.Setup) {
	u.Die, u.BonusMove, u.Streak, u.TriesUsed, u.ExtraRoll = 0, 0, 0, 0, false
	u.LastMoved = [ludo.MaxTokens]bool{}
	u.TurnStart = nil
	if rbOver(u) {
		return
	}
	for k := 1; k <= ludo.MaxPlayers; k++ {
		o := ludo.Color((int(u.Turn) + k) % ludo.MaxPlayers)
		if !v.seats.Has(o) || slices.Contains(u.Ranking, o) {
			continue
		}
		if v.r.Teams == ludo.Partners && rbFinished(v, u, o) {
			continue
		}
		u.Turn = o
		return
	}
}

// rbSetupString writes a Setup for a failure message.
func rbSetupString(u ludo.Setup) string {
	var b strings.Builder
	fmt.Fprintf(&b, "turn %v die %d bonus %d sixes %d tries %d last %v extra %v captured %v ranking %v\n",
		u.Turn, u.Die, u.BonusMove, u.Streak, u.TriesUsed, u.LastMoved, u.ExtraRoll, u.Captured, u.Ranking)
	for c := range ludo.Color(ludo.MaxPlayers) {
		fmt.Fprintf(&b, "  %v %v later %v", c, u.Tokens[c], u.Later[c])
		if u.TurnStart != nil {
			fmt.Fprintf(&b, " start %v", u.TurnStart[c])
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// rbSame reports whether Setup got is one of want.
func rbSame(got ludo.Setup, want []ludo.Setup) bool {
	for _, w := range want {
		if len(w.Ranking) == 0 {
			w.Ranking = nil
		}
		g := got
		if len(g.Ranking) == 0 {
			g.Ranking = nil
		}
		if reflect.DeepEqual(g, w) {
			return true
		}
	}
	return false
}
