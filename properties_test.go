package ludo

// Property-based tests (pgregory.net/rapid). Each property draws a valid
// Rules value (propRulesGen), plays a random game under it and cuts it at a
// random ply (propDrawGame), and checks what must hold in the positions
// reached. The playout's dice and choices come from a PCG seeded by a drawn
// number, so rapid shrinks the rules, the seed and the cut, and a failure
// prints the position (State.String). TestMachine drives a game with
// t.Repeat; FuzzLegalMovesApply is a property reused as a fuzz target.
//
// Run more cases with go test -run 'Prop|Machine' -rapid.checks=10000.

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"sync"
	"testing"

	"pgregory.net/rapid"
)

// ---------------------------------------------------------------------------
// Generators

// propFacesGen draws a set of die faces; nonEmpty excludes the empty set.
func propFacesGen(nonEmpty bool) *rapid.Generator[Faces] {
	lo := uint8(0)
	if nonEmpty {
		lo = 1
	}
	return rapid.Map(rapid.Uint8Range(lo, 63), func(b uint8) Faces { return Faces(b) << 1 })
}

// propRulesGen draws valid Rules with every option picked at random.
var propRulesGen = rapid.Custom(func(t *rapid.T) Rules {
	// Mostly the classic board; sometimes another geometry, from one
	// shorter than a die to one whose finish needs more than 7 bits.
	r := Rules{Preset: "classic", Tries: 1, SixValue: 6, Board: rapid.SampledFrom([]Board{
		Ludo52(), Ludo52(), Ludo52(), Ludo52(),
		{Arms: 4, Track: 40, StartSpacing: 10, HomeEntry: 39, HomeColumn: 4}, // dots, four goal squares
		{Arms: 4, Track: 68, StartSpacing: 17, HomeEntry: 63, HomeColumn: 7}, // a long cross
		{Arms: 4, Track: 20, StartSpacing: 5, HomeEntry: 18, HomeColumn: 5},
		{Arms: 4, Track: 8, StartSpacing: 2, HomeEntry: 1, HomeColumn: 0}, // the finish 2 steps from the start
		{Arms: 4, Track: 128, StartSpacing: 32, HomeEntry: 126, HomeColumn: 9},
	}).Draw(t, "Board")}
	r.Players = rapid.IntRange(2, r.Board.Arms).Draw(t, "Players")
	if rapid.Bool().Draw(t, "givenSeats") {
		perm := rapid.Permutation([]Color{Red, Green, Yellow, Blue}).Draw(t, "seatPerm")
		r.Seats = ColorsOf(perm[:r.Players]...)
	}
	r.Tokens = rapid.IntRange(1, MaxTokens).Draw(t, "Tokens")
	r.EntryRolls = propFacesGen(true).Draw(t, "EntryRolls")
	r.BonusRolls = propFacesGen(false).Draw(t, "BonusRolls")
	r.SixLimit = rapid.SampledFrom([]int{0, 2, 3, 4}).Draw(t, "SixLimit")
	r.SixPenalty = rapid.SampledFrom([]SixPenalty{VoidRoll, UndoTurn}).Draw(t, "SixPenalty")
	if propEndless(r) {
		// Under these rules no game can ever end; Validate should reject
		// them (see TestPropValidateRejectsEndlessRules), so they are not
		// drawn here.
		r.SixPenalty = VoidRoll
	}
	r.NoMoveForfeitsBonus = rapid.Bool().Draw(t, "NoMoveForfeitsBonus")
	r.Blocks = rapid.SampledFrom([]BlockRule{NoBlocks, BlocksStopOpponents, BlocksStopAll}).Draw(t, "Blocks")
	if r.Blocks == NoBlocks {
		r.OwnLanding = rapid.SampledFrom([]OwnLanding{OwnLandingAllowed, OwnLandingForbidden}).Draw(t, "OwnLanding")
	}
	r.MultiCapture = rapid.SampledFrom([]MultiCapture{CaptureAll, CaptureRefused}).Draw(t, "MultiCapture")
	r.Finish = rapid.SampledFrom([]FinishRule{ExactFinish, BounceFinish, AnyRollFinishes}).Draw(t, "Finish")
	if r.Finish == BounceFinish && r.Board.HomeColumn < 5 {
		r.Finish = ExactFinish // a bounce of 5 would leave the home column: Validate refuses it
	}
	r.End = rapid.SampledFrom([]EndRule{PlayForAllPlaces, FirstWinner}).Draw(t, "End")
	return r
})

// propEndless reports whether r makes every roll earn a bonus while capping
// the bonus rolls with a penalty that undoes the turn: every turn then ends
// with its moves undone, and no game can ever end.
func propEndless(r Rules) bool {
	return r.BonusRolls == FacesOf(1, 2, 3, 4, 5, 6) && r.SixLimit > 0 && r.SixPenalty == UndoTurn
}

// propGame is a playout: the rules, the positions it went through (the last
// being the position reached) and every legal move seen on the way, a pool
// of moves that are mostly illegal in any other position.
type propGame struct {
	rules  Rules
	states []State
	pool   []Move
}

func (g *propGame) last() State { return g.states[len(g.states)-1] }

// propPlayer picks dice and moves for a playout.
type propPlayer struct {
	rng    *rand.Rand
	policy int  // 0: uniform; 1: captures, finishes and blocks first, then the furthest move; 2: the rearmost token first; 3: any of these, by chance
	loaded bool // a third of the rolls come from the bonus faces
}

func (p *propPlayer) face(r Rules) int {
	if p.loaded && r.BonusRolls != 0 && p.rng.IntN(3) == 0 {
		for {
			if f := 1 + p.rng.IntN(6); r.BonusRolls.Has(f) {
				return f
			}
		}
	}
	return 1 + p.rng.IntN(6)
}

func (p *propPlayer) pick(ms []Move) Move {
	policy := p.policy
	if policy == 3 {
		policy = p.rng.IntN(3)
	}
	score := func(m Move) int {
		switch policy {
		case 1:
			return 1000*m.Captures() + 500*propB2i(m.Finishes()) + 200*propB2i(m.FormsBlock()) + m.To()
		case 2:
			return -m.From()
		}
		return 0
	}
	if policy == 0 {
		return ms[p.rng.IntN(len(ms))]
	}
	best := ms[0]
	for _, m := range ms[1:] {
		if score(m) > score(best) {
			best = m
		}
	}
	return best
}

func propB2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// play plays up to plies transitions (a roll or a move each) from s,
// stopping early when the game ends, and returns the error of the first
// transition that fails (a legal roll or move must never fail).
func (g *propGame) play(p *propPlayer, plies int) error {
	s := g.last()
	var buf []Move
	for i := range plies {
		if i == propPatience && p.policy == 2 {
			p.policy = 1 // see propPatience
		}
		var err error
		switch s.Phase() {
		case PhaseOver:
			return nil
		case PhaseRoll:
			f := p.face(g.rules)
			if s, err = s.Roll(f); err != nil {
				return fmt.Errorf("Roll(%d) of\n%v: %w", f, g.last(), err)
			}
		case PhaseMove:
			buf = s.AppendLegalMoves(buf[:0])
			if len(buf) == 0 {
				return fmt.Errorf("no legal move in\n%v", s)
			}
			g.pool = append(g.pool, buf...)
			m := p.pick(buf)
			if s, err = s.Apply(m); err != nil {
				return fmt.Errorf("Apply(%v) of\n%v: %w", m, g.last(), err)
			}
		}
		g.states = append(g.states, s)
	}
	return nil
}

// propDrawGame draws rules, plays a random game under them to its end (or
// for propEndPlies transitions), and cuts it at a drawn ply: the position
// reached is the last of states, and pool holds the legal moves of the
// whole game.
func propDrawGame(t *rapid.T) *propGame {
	g, p := propPlay(t, propEndPlies, 7)
	// Drawn numbers favour the small, which would favour the opening: most
	// cuts are uniform over the game instead, by the playout's randomness.
	k := p.rng.IntN(len(g.states))
	if rapid.IntRange(0, 3).Draw(t, "cutKind") == 0 {
		k = rapid.IntRange(0, 5000).Draw(t, "ply") % len(g.states)
	}
	g.states = g.states[:k+1]
	return g
}

// propDrawMoveGame is propDrawGame, then (if a roll is due) a roll of a drawn
// face, so that the position reached waits for a move unless the game is
// over.
func propDrawMoveGame(t *rapid.T) *propGame {
	g := propDrawGame(t)
	if s := g.last(); s.Phase() == PhaseRoll {
		f := rapid.IntRange(1, 6).Draw(t, "face")
		s2, err := s.Roll(f)
		if err != nil {
			t.Fatalf("Roll(%d) of\n%v: %v", f, s, err)
		}
		g.states = append(g.states, s2)
	}
	return g
}

// propEndPlies bounds a game (TestPropGameEnds). Random games end long
// before it, but not always soon: of 40,000 drawn games the median took
// about 300 transitions, 99.9% ended within 6,500 and the longest took
// 19,649; where five bonus faces, a six limit of 2 and UndoTurn undo most
// turns, a game has taken more than 20,000.
const propEndPlies = 1_000_000

// propPatience is how many transitions a player who always moves the
// rearmost token keeps to that policy before it turns to the furthest move:
// under some rules (entry on any face, bonus on most) its captures send
// tokens back as fast as they come on, and the game would never end.
const propPatience = 10_000

// propForPositions draws a game with propDrawMoveGame and calls f with each
// position of it, from the start to the position reached.
func propForPositions(t *rapid.T, f func(s State)) {
	for _, s := range propDrawMoveGame(t).states {
		f(s)
	}
}

// ---------------------------------------------------------------------------
// Helpers

// propCheckConservation checks that every seated colour has exactly Tokens
// tokens on the board (yard, track, home column and finish, counted through
// the public queries), and that nothing else is on the board.
func propCheckConservation(t *rapid.T, s State) {
	t.Helper()
	r := s.Rules()
	b := r.Board
	var count [MaxPlayers]int
	tokens := s.Setup().Tokens
	for c := range Color(MaxPlayers) {
		if !s.Players().Has(c) {
			for i := range MaxTokens {
				if tokens[c][i] != -1 || s.Progress(c, i) != -1 {
					t.Fatalf("%v does not play but its token %d has progress %d\n%v", c, i, tokens[c][i], s)
				}
			}
			continue
		}
		for i := r.Tokens; i < MaxTokens; i++ {
			if tokens[c][i] != -1 || s.Progress(c, i) != -1 {
				t.Fatalf("%v token %d is past Tokens=%d but has progress %d\n%v", c, i, r.Tokens, tokens[c][i], s)
			}
		}
		for _, sq := range []Square{YardOf(c), FinishOf(c)} {
			if o, n := s.At(sq); n > 0 {
				if o != c {
					t.Fatalf("At(%v) = %v, %d\n%v", sq, o, n, s)
				}
				count[c] += n
			}
		}
		for n := 1; n <= b.HomeColumn; n++ {
			if o, k := s.At(HomeSquare(c, n)); k > 0 {
				if o != c {
					t.Fatalf("At(%v) = %v, %d\n%v", HomeSquare(c, n), o, k, s)
				}
				count[c] += k
			}
		}
	}
	for n := 1; n <= b.Track; n++ {
		if o, k := s.At(TrackSquare(n)); k > 0 {
			count[o] += k
		}
	}
	for c := range s.Players().All() {
		if count[c] != r.Tokens {
			t.Fatalf("%v has %d tokens on the board, want %d\n%v", c, count[c], r.Tokens, s)
		}
		for i := range r.Tokens {
			if p := s.Progress(c, i); p < -1 || p > b.Finish() {
				t.Fatalf("%v token %d has progress %d\n%v", c, i, p, s)
			}
		}
	}
}

// propCheckPhase checks the invariants of the phase, the die, the six count,
// the turn and the ranking.
func propCheckPhase(t *rapid.T, s State) {
	t.Helper()
	r := s.Rules()
	rank := s.Ranking()
	seen := Colors(0)
	for k, c := range rank {
		if !s.Players().Has(c) || seen.Has(c) || s.Place(c) != k+1 {
			t.Fatalf("bad ranking %v (place of %v is %d)\n%v", rank, c, s.Place(c), s)
		}
		seen |= ColorsOf(c)
		last := r.End == PlayForAllPlaces && k == r.Players-1
		if !last && !propAllFinished(s, c) {
			t.Fatalf("%v is ranked %d but has not finished\n%v", c, k+1, s)
		}
	}
	for c := range s.Players().All() {
		if !seen.Has(c) && (s.Place(c) != 0 || propAllFinished(s, c)) {
			t.Fatalf("%v is unranked but has place %d / all finished\n%v", c, s.Place(c), s)
		}
	}
	if w, ok := s.Winner(); ok != (len(rank) > 0) || (ok && w != rank[0]) {
		t.Fatalf("Winner() = %v, %v with ranking %v\n%v", w, ok, rank, s)
	}
	switch s.Phase() {
	case PhaseOver:
		want := 1
		if r.End == PlayForAllPlaces {
			want = r.Players
		}
		if len(rank) != want {
			t.Fatalf("game over with ranking %v, want %d players\n%v", rank, want, s)
		}
		if s.Die() != 0 || s.Sixes() != 0 {
			t.Fatalf("game over with die %d and sixes %d", s.Die(), s.Sixes())
		}
		return
	case PhaseRoll:
		if s.Die() != 0 {
			t.Fatalf("roll due with die %d\n%v", s.Die(), s)
		}
		if r.SixLimit > 0 && s.Sixes() >= r.SixLimit {
			t.Fatalf("roll due with sixes %d at the limit %d\n%v", s.Sixes(), r.SixLimit, s)
		}
	case PhaseMove:
		if s.Die() < 1 || s.Die() > 6 {
			t.Fatalf("move due with die %d\n%v", s.Die(), s)
		}
		if r.BonusRolls.Has(s.Die()) && s.Sixes() < 1 {
			t.Fatalf("die %d earns a bonus but sixes is %d\n%v", s.Die(), s.Sixes(), s)
		}
		if r.SixLimit > 0 && s.Sixes() > r.SixLimit {
			t.Fatalf("sixes %d above the limit %d\n%v", s.Sixes(), r.SixLimit, s)
		}
	}
	if r.BonusRolls == 0 && s.Sixes() != 0 {
		t.Fatalf("no bonus faces but sixes is %d\n%v", s.Sixes(), s)
	}
	if !s.Players().Has(s.Turn()) || s.Place(s.Turn()) != 0 {
		t.Fatalf("turn of %v, who does not play or has finished\n%v", s.Turn(), s)
	}
	if len(rank) >= r.Players || (r.End == FirstWinner && len(rank) > 0) {
		t.Fatalf("game not over with ranking %v\n%v", rank, s)
	}
}

// propAccepted returns the moves Apply must accept in s: the legal moves, and
// every token's own move where TokenMove allows it (ruling Q9 lists alike
// tokens once, but Apply takes the move of any of them).
func propAccepted(s State) []Move {
	ms := s.LegalMoves()
	for i := range s.Rules().Tokens {
		if m, err := s.TokenMove(i); err == nil && !slices.Contains(ms, m) {
			ms = append(ms, m)
		}
	}
	return ms
}

// propCandidates returns moves to try in s: moves seen anywhere in the game,
// TokenMove of every index (in and out of range), passes and forfeiting
// passes of every colour and face, and the zero Move.
func propCandidates(g *propGame, s State) []Move {
	ms := slices.Clone(g.pool)
	for _, i := range []int{-129, -2, -1, 0, 1, 2, 3, 4, 5, 127, 128, 255, 256} {
		if m, err := s.TokenMove(i); err == nil {
			ms = append(ms, m)
		}
	}
	return append(append(ms, propAllPasses...), Move{})
}

// propWrongPhaseErr is the error a transition of the wrong kind gets in s: a roll
// while a move is due or a move while a roll is due, or after the game.
func propWrongPhaseErr(s State) error {
	if s.Phase() == PhaseOver {
		return ErrGameOver
	}
	return ErrWrongPhase
}

func propForfeiting(s State) bool {
	r := s.Rules()
	return s.Phase() == PhaseMove && r.SixLimit > 0 && s.Sixes() >= r.SixLimit
}

// propRefMove is an independent statement of what token i of the player to
// move may do with the die, written from the rulebook with the public
// queries only: the expected move's target, captures and flags, or false
// if no such move is legal.
type propRefMove struct {
	to                                   int
	captures                             int
	enters, finishes, forms, bounces, ok bool
}

func propReferenceMove(s State, i int) propRefMove {
	r := s.Rules()
	b := r.Board
	c, d := s.Turn(), s.Die()
	fin, he := b.Finish(), b.HomeEntry
	from := s.Progress(c, i)
	var m propRefMove
	if propForfeiting(s) || from == fin { // C9, B3
		return m
	}
	to := from + d
	switch {
	case from < 0: // C7
		if !r.EntryRolls.Has(d) {
			return m
		}
		to, m.enters = 0, true
	case to > fin: // C5
		switch r.Finish {
		case ExactFinish:
			return m
		case BounceFinish:
			to, m.bounces = 2*fin-to, true
		case AnyRollFinishes:
			to = fin
		}
	}
	m.to, m.finishes = to, to == fin
	blocks := map[Square]Color{}
	for sq, bc := range s.Blocks() {
		blocks[sq] = bc
	}
	// B2: the track squares passed (entering passes none).
	for p := from + 1; p < to && p <= he; p++ {
		if bc, ok := blocks[b.Square(c, p)]; ok && (bc != c || r.Blocks == BlocksStopAll) {
			return m
		}
	}
	own := 0 // other tokens of c where the token lands
	for j := range r.Tokens {
		if j != i && s.Progress(c, j) == to {
			own++
		}
	}
	if own > 0 && to != fin && r.OwnLanding == OwnLandingForbidden { // Q11
		return m
	}
	if to > he {
		m.ok = true
		return m
	}
	sq := b.Square(c, to)
	if bc, ok := blocks[sq]; ok && bc != c { // B2
		return m
	}
	if own > 0 {
		m.forms, m.ok = r.Blocks != NoBlocks, true // B1
		return m
	}
	if o, n := s.At(sq); n > 0 && o != c { // C11
		if n >= 2 && r.MultiCapture == CaptureRefused { // Q3
			return m
		}
		m.captures = n
	}
	m.ok = true
	return m
}

// propMoveKey is what a Move says of itself through its accessors, for
// comparing moves without relying on how they are stored.
type propMoveKey struct {
	color                                            Color
	token, from, to, die, captures                   int
	pass, forfeits, enters, finishes, forms, bounces bool
}

func propKeyOf(m Move) propMoveKey {
	return propMoveKey{m.Color(), m.Token(), m.From(), m.To(), m.Die(), m.Captures(),
		m.IsPass(), m.Forfeits(), m.Enters(), m.Finishes(), m.FormsBlock(), m.Bounces()}
}

func propKeysOf(ms []Move) []propMoveKey {
	ks := make([]propMoveKey, len(ms))
	for i, m := range ms {
		ks[i] = propKeyOf(m)
	}
	return ks
}

// key returns the key of the move the reference describes.
func (want propRefMove) key(s State, i int) propMoveKey {
	return propMoveKey{color: s.Turn(), token: i, from: s.Progress(s.Turn(), i), to: want.to, die: s.Die(),
		captures: want.captures, enters: want.enters, finishes: want.finishes, forms: want.forms, bounces: want.bounces}
}

func propSameAsRef(m Move, want propRefMove, s State, i int) bool {
	return m.Color() == s.Turn() && m.Token() == i && m.From() == s.Progress(s.Turn(), i) &&
		m.Die() == s.Die() && m.To() == want.to && m.Captures() == want.captures &&
		m.Enters() == want.enters && m.Finishes() == want.finishes &&
		m.FormsBlock() == want.forms && m.Bounces() == want.bounces && !m.IsPass() && !m.Forfeits()
}

// propExpectedLegal lists the legal moves the rulebook gives, in canonical
// order: each token's reference move, alike tokens once (Q9), or the pass
// (C10), or the forfeiting pass (C9).
func propExpectedLegal(s State) []propMoveKey {
	if s.Phase() != PhaseMove {
		return nil
	}
	c, d := s.Turn(), s.Die()
	if propForfeiting(s) {
		return []propMoveKey{{color: c, token: -1, die: d, pass: true, forfeits: true}}
	}
	var ms []propMoveKey
	n := s.Rules().Tokens
tokens:
	for i := range n {
		for j := range i {
			if s.Progress(c, j) == s.Progress(c, i) {
				continue tokens
			}
		}
		if want := propReferenceMove(s, i); want.ok {
			ms = append(ms, want.key(s, i))
		}
	}
	if len(ms) == 0 {
		ms = append(ms, propMoveKey{color: c, token: -1, die: d, pass: true})
	}
	return ms
}

// propAllFinished reports whether every token of c is at the finish.
func propAllFinished(s State, c Color) bool {
	fin := s.Rules().Board.Finish()
	for i := range s.Rules().Tokens {
		if s.Progress(c, i) != fin {
			return false
		}
	}
	return true
}

// propAllPasses holds every pass and forfeiting pass of every colour and die
// face, taken from positions built with Setup, where the rules force them.
var propAllPasses = func() []Move {
	var ms []Move
	for c := range Color(MaxPlayers) {
		for d := 1; d <= 6; d++ {
			for _, forfeit := range []bool{false, true} {
				r := Classic()
				if c >= 4 {
					r.Board.Arms, r.Board.Track, r.Players = 6, 78, 6
				}
				u := Setup{Turn: c, Die: d}
				if forfeit {
					r.BonusRolls, r.SixLimit, u.Sixes = FacesOf(d), 2, 2
				} else {
					r.BonusRolls, r.EntryRolls = 0, FacesOf(1+d%6)
				}
				for i := range u.Tokens {
					for j := range u.Tokens[i] {
						u.Tokens[i][j] = -1
					}
				}
				u.Rules = r
				s, err := u.State()
				if err != nil {
					panic(err)
				}
				ms = append(ms, s.LegalMoves()...)
			}
		}
	}
	for _, m := range ms {
		if !m.IsPass() || len(ms) != 2*6*MaxPlayers {
			panic(fmt.Sprintf("not a pass: %v", m))
		}
	}
	return ms
}()

// propNextSeated returns the first colour clockwise after c that plays and has
// no place in s.
func propNextSeated(s State, c Color) Color {
	for k := 1; k <= MaxPlayers; k++ {
		o := Color((int(c) + k) % MaxPlayers)
		if s.Players().Has(o) && s.Place(o) == 0 {
			return o
		}
	}
	return c
}

// ---------------------------------------------------------------------------
// Properties

func TestPropRulesValid(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		r := propRulesGen.Draw(t, "rules")
		if err := r.Validate(); err != nil {
			t.Fatalf("Validate(%v): %v", r, err)
		}
		s := propMustNew(t, r)
		if s.Rules() != r {
			t.Fatalf("New(r).Rules() = %#v, want %#v", s.Rules(), r)
		}
		if s.Phase() != PhaseRoll || s.Players().Len() != r.Players {
			t.Fatalf("start position: phase %v, players %v\n%v", s.Phase(), s.Players(), s)
		}
		if r.Seats != 0 && s.Players() != r.Seats {
			t.Fatalf("Players() = %v, want Seats %v", s.Players(), r.Seats)
		}
		for c := range s.Players().All() {
			if _, n := s.At(YardOf(c)); n != r.Tokens { // C2
				t.Fatalf("%v has %d tokens in the yard at the start, want %d", c, n, r.Tokens)
			}
			if s.Turn() != c {
				t.Fatalf("first to roll is %v, want %v (the first seat clockwise from red)", s.Turn(), c)
			}
			break
		}
	})
}

func TestPropConservation(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		g := propDrawGame(t)
		for _, s := range g.states {
			propCheckConservation(t, s)
			propCheckPhase(t, s)
		}
	})
}

func propLegalMovesApply(t *rapid.T) {
	propForPositions(t, func(s State) { propCheckLegalMovesApply(t, s) })
}

func propCheckLegalMovesApply(t *rapid.T, s State) {
	ms := s.LegalMoves()
	if s.Phase() == PhaseMove && len(ms) == 0 {
		t.Fatalf("no legal moves while a move is due\n%v", s)
	}
	if s.Phase() != PhaseMove && len(ms) != 0 {
		t.Fatalf("legal moves %v in phase %v\n%v", ms, s.Phase(), s)
	}
	for _, m := range ms {
		before := s
		s2, err := s.Apply(m)
		if err != nil {
			t.Fatalf("legal move %v rejected: %v\n%v", m, err, s)
		}
		if s != before {
			t.Fatalf("Apply(%v) changed its receiver", m)
		}
		propCheckConservation(t, s2)
		propCheckPhase(t, s2)
	}
}

func TestPropLegalMovesApply(t *testing.T) { rapid.Check(t, propLegalMovesApply) }

// FuzzLegalMovesApply reuses the property as a fuzz target:
// go test -fuzz=FuzzLegalMovesApply.
func FuzzLegalMovesApply(f *testing.F) {
	f.Add([]byte{})
	f.Add([]byte{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15})
	f.Fuzz(rapid.MakeFuzz(propLegalMovesApply))
}

// TestPropMatchesReference compares every token's TokenMove, and the legal
// move list, with propReferenceMove, the rulebook restated.
func TestPropMatchesReference(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		propForPositions(t, func(s State) {
			if s.Phase() != PhaseMove {
				return
			}
			for i := range s.Rules().Tokens {
				want := propReferenceMove(s, i)
				m, err := s.TokenMove(i)
				switch {
				case want.ok && err != nil:
					t.Fatalf("TokenMove(%d) refused (%v), want a move to %d\n%v", i, err, want.to, s)
				case !want.ok && err == nil:
					t.Fatalf("TokenMove(%d) = %v, want it refused\n%v", i, m, s)
				case err != nil && !errors.Is(err, ErrIllegalMove):
					t.Fatalf("TokenMove(%d) error %v does not match ErrIllegalMove", i, err)
				case err == nil && !propSameAsRef(m, want, s, i):
					t.Fatalf("TokenMove(%d) = %v (captures %d), want %+v\n%v", i, m, m.Captures(), want, s)
				}
			}
			if got, want := propKeysOf(s.LegalMoves()), propExpectedLegal(s); !slices.Equal(got, want) {
				t.Fatalf("LegalMoves() = %v, want %v\n%v", got, want, s)
			}
		})
	})
}

// TestPropLegalMovesAreTokenMoves holds Roll's judgement of every token
// (kept in the State, unpacked by AppendLegalMoves) to TokenMove, the
// rule: the legal moves are exactly the TokenMove of each token not alike
// with a lower-numbered one (ruling Q9), in token order, or the one pass
// where there is none; and Apply accepts each alike token's move too.
func TestPropLegalMovesAreTokenMoves(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		propForPositions(t, func(s State) {
			if s.Phase() != PhaseMove {
				return
			}
			c, r := s.Turn(), s.Rules()
			var want []Move
			for i := range r.Tokens {
				alike := false
				for j := range i {
					alike = alike || s.Progress(c, j) == s.Progress(c, i)
				}
				m, err := s.TokenMove(i)
				switch {
				case err != nil:
				case alike:
					if _, err := s.Apply(m); err != nil {
						t.Fatalf("Apply(%v) of an alike token: %v\n%v", m, err, s)
					}
				default:
					want = append(want, m)
				}
			}
			if len(want) == 0 {
				want = append(want, passMove(c, s.Count(), s.Die(), propForfeiting(s)))
			}
			if got := s.LegalMoves(); !slices.Equal(got, want) {
				t.Fatalf("LegalMoves() = %v, want the TokenMoves %v\n%v", got, want, s)
			}
		})
	})
}

func TestPropIllegalMovesRejected(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		g := propDrawMoveGame(t)
		// Try the position reached, and a random earlier one (often a
		// position waiting for a roll).
		k := rapid.IntRange(0, len(g.states)-1).Draw(t, "earlier")
		for _, s := range []State{g.last(), g.states[k]} {
			ok := propAccepted(s)
			var want error
			if s.Phase() != PhaseMove {
				want = propWrongPhaseErr(s)
			}
			for _, i := range []int{-129, -2, -1, 0, 1, 2, 3, 4, 5, 127, 128, 255, 256} {
				before := s
				m, err := s.TokenMove(i)
				if s != before {
					t.Fatalf("TokenMove(%d) changed its receiver", i)
				}
				switch {
				case want != nil && !errors.Is(err, want):
					t.Fatalf("TokenMove(%d) in phase %v: error %v, want %v\n%v", i, s.Phase(), err, want, s)
				case err != nil && want == nil && !errors.Is(err, ErrIllegalMove):
					t.Fatalf("TokenMove(%d): error %v does not match ErrIllegalMove\n%v", i, err, s)
				case err == nil && (i < 0 || i >= s.Rules().Tokens):
					t.Fatalf("TokenMove(%d) = %v, but there is no token %d\n%v", i, m, i, s)
				case err != nil && m != (Move{}):
					t.Fatalf("TokenMove(%d) returned %v with error %v", i, m, err)
				}
			}
			for _, m := range propCandidates(g, s) {
				before := s
				s2, err := s.Apply(m)
				if s != before {
					t.Fatalf("Apply(%v) changed its receiver", m)
				}
				if slices.Contains(ok, m) {
					if err != nil {
						t.Fatalf("Apply(%v) of a legal move: %v\n%v", m, err, s)
					}
					continue
				}
				switch {
				case err == nil:
					t.Fatalf("Apply(%v) accepted a move that is not legal (legal: %v)\n%v\nresult:\n%v", m, ok, s, s2)
				case want != nil && !errors.Is(err, want):
					t.Fatalf("Apply(%v) in phase %v: error %v, want %v", m, s.Phase(), err, want)
				case want == nil && !errors.Is(err, ErrIllegalMove):
					t.Fatalf("Apply(%v): error %v does not match ErrIllegalMove\n%v", m, err, s)
				case s2 != s:
					t.Fatalf("Apply(%v) failed (%v) but returned a different State\n%v", m, err, s2)
				}
				var ime *IllegalMoveError
				if errors.As(err, &ime) && ime.Move != m {
					t.Fatalf("IllegalMoveError.Move = %v, want %v", ime.Move, m)
				}
			}
		}
	})
}

func TestPropTransitionsKeepInput(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		g := propDrawGame(t)
		s := g.last()
		face := rapid.IntRange(-2, 9).Draw(t, "face")
		before := s
		s2, err := s.Roll(face)
		if s != before {
			t.Fatalf("Roll(%d) changed its receiver", face)
		}
		if err != nil && s2 != s {
			t.Fatalf("Roll(%d) failed (%v) but returned a different State", face, err)
		}
		if err == nil {
			s = s2
		}
		for _, m := range s.LegalMoves() {
			before := s
			if _, err := s.Apply(m); err != nil {
				t.Fatalf("Apply(%v): %v\n%v", m, err, s)
			}
			_ = s.LegalMoves()
			_, _ = s.TokenMove(0)
			_ = s.String()
			_ = s.Setup()
			if s != before {
				t.Fatalf("Apply(%v) or a query changed its receiver", m)
			}
		}
	})
}

func TestPropLegalMovesForms(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		propForPositions(t, func(s State) {
			a := s.AppendLegalMoves(nil)
			b := s.LegalMoves()
			var c []Move
			for m := range s.LegalMovesSeq() {
				c = append(c, m)
			}
			prefix := []Move{propAllPasses[len(propAllPasses)-1]}
			d := s.AppendLegalMoves(prefix)
			if !slices.Equal(a, b) || !slices.Equal(a, c) || !slices.Equal(d[:1], prefix) || !slices.Equal(d[1:], a) {
				t.Fatalf("AppendLegalMoves %v, LegalMoves %v, LegalMovesSeq %v, Append after a prefix %v\n%v", a, b, c, d, s)
			}
			for range s.LegalMovesSeq() {
				break // an early stop must not panic
			}
			for k := 1; k < len(a); k++ {
				if a[k-1].Compare(a[k]) >= 0 {
					t.Fatalf("legal moves not in strictly increasing Compare order: %v\n%v", a, s)
				}
			}
			for _, m := range a {
				if m.Compare(m) != 0 {
					t.Fatalf("%v.Compare(itself) != 0", m)
				}
				if m.Color() != s.Turn() || m.Die() != s.Die() {
					t.Fatalf("legal move %v is not %v's with die %d", m, s.Turn(), s.Die())
				}
			}
			passes := 0
			for _, m := range a {
				if m.IsPass() {
					passes++
				}
			}
			if passes > 0 && len(a) != 1 {
				t.Fatalf("a pass among other legal moves: %v\n%v", a, s)
			}
		})
	})
}

func TestPropBlocksRespected(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		propForPositions(t, func(s State) {
			r := s.Rules()
			if r.Blocks == NoBlocks {
				for sq, c := range s.Blocks() {
					t.Fatalf("block of %v on %v under NoBlocks\n%v", c, sq, s)
				}
				return
			}
			blocks := map[Square]Color{}
			for sq, c := range s.Blocks() {
				if o, n := s.At(sq); o != c || n < 2 || sq.Zone() != TrackZone {
					t.Fatalf("Blocks() yields %v %v, but At says %v, %d", sq, c, o, n)
				}
				blocks[sq] = c
			}
			b, c := r.Board, s.Turn()
			for _, m := range s.LegalMoves() {
				if m.IsPass() {
					continue
				}
				for p := m.From() + 1; p < m.To() && p <= b.HomeEntry; p++ {
					sq := b.Square(c, p)
					if bc, ok := blocks[sq]; ok && (bc != c || r.Blocks == BlocksStopAll) {
						t.Fatalf("%v passes the %v block on %v\n%v", m, bc, sq, s)
					}
				}
				if m.To() <= b.HomeEntry {
					sq := b.Square(c, m.To())
					if bc, ok := blocks[sq]; ok && bc != c {
						t.Fatalf("%v lands on the %v block on %v\n%v", m, bc, sq, s)
					}
				}
			}
		})
	})
}

func TestPropFinishedNeverMoves(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		propForPositions(t, func(s State) {
			fin := s.Rules().Board.Finish()
			for _, m := range s.LegalMoves() {
				if !m.IsPass() && m.From() == fin {
					t.Fatalf("finished token moves: %v\n%v", m, s)
				}
			}
			if s.Phase() != PhaseMove {
				return
			}
			for i := range s.Rules().Tokens {
				if s.Progress(s.Turn(), i) == fin {
					if m, err := s.TokenMove(i); !errors.Is(err, ErrIllegalMove) {
						t.Fatalf("TokenMove(%d) of a finished token = %v, %v\n%v", i, m, err, s)
					}
				}
			}
		})
	})
}

func TestPropFinishRule(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		propForPositions(t, func(s State) {
			r := s.Rules()
			fin := r.Board.Finish()
			for _, m := range s.LegalMoves() {
				if m.IsPass() {
					continue
				}
				if m.To() > fin || m.To() < 0 {
					t.Fatalf("%v ends at progress %d, finish is %d\n%v", m, m.To(), fin, s)
				}
				if m.Finishes() != (m.To() == fin) {
					t.Fatalf("%v: Finishes() = %v with To %d\n%v", m, m.Finishes(), m.To(), s)
				}
				if m.Enters() {
					if m.From() != -1 || m.To() != 0 || !r.EntryRolls.Has(m.Die()) {
						t.Fatalf("bad entering move %v\n%v", m, s)
					}
					continue
				}
				want := m.From() + m.Die()
				switch r.Finish {
				case ExactFinish:
					if m.To() != want || m.Bounces() {
						t.Fatalf("under ExactFinish %v goes to %d, want %d\n%v", m, m.To(), want, s)
					}
				case BounceFinish:
					if want > fin {
						want = 2*fin - want
					}
					if m.To() != want || m.Bounces() != (m.From()+m.Die() > fin) {
						t.Fatalf("under BounceFinish %v goes to %d, want %d\n%v", m, m.To(), want, s)
					}
				case AnyRollFinishes:
					want = min(want, fin)
					if m.To() != want || m.Bounces() {
						t.Fatalf("under AnyRollFinishes %v goes to %d, want %d\n%v", m, m.To(), want, s)
					}
				}
			}
		})
	})
}

func TestPropCaptures(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		propForPositions(t, func(s State) {
			r := s.Rules()
			b := r.Board
			yards := func(s State) int {
				n := 0
				for c := range s.Players().All() {
					if c != s.Turn() {
						_, k := s.At(YardOf(c))
						n += k
					}
				}
				return n
			}
			for _, m := range s.LegalMoves() {
				s2, err := s.Apply(m)
				if err != nil {
					t.Fatalf("Apply(%v): %v\n%v", m, err, s)
				}
				if propForfeiting(s) && r.SixPenalty == UndoTurn {
					continue // the forfeit puts every token back where the turn began
				}
				c := m.Color()
				moved := 0
				for c2 := range s.Players().All() {
					if c2 != c {
						_, k := s2.At(YardOf(c2))
						moved += k
					}
				}
				if got := moved - yards(s); got != m.Captures() {
					t.Fatalf("%v: %d opponent tokens went to their yards, want Captures() = %d\n%v", m, got, m.Captures(), s)
				}
				var land Square
				if !m.IsPass() {
					land = b.Square(c, m.To())
				}
				for o := range s.Players().All() {
					for j := range r.Tokens {
						p, p2 := s.Progress(o, j), s2.Progress(o, j)
						switch {
						case o == c && j == m.Token():
							if p2 != m.To() {
								t.Fatalf("%v: token at %d after the move", m, p2)
							}
						case o != c && !m.IsPass() && p >= 0 && land.Zone() == TrackZone && s.Square(o, j) == land:
							if p2 != -1 {
								t.Fatalf("%v: %v token %d on the landing square %v not captured\n%v", m, o, j, land, s)
							}
						case p != p2:
							t.Fatalf("%v: %v token %d moved from %d to %d\n%v", m, o, j, p, p2, s)
						}
					}
				}
			}
		})
	})
}

func TestPropTurnOrder(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		g := propDrawGame(t)
		for k := 1; k < len(g.states); k++ {
			s, s2 := g.states[k-1], g.states[k]
			if s.Phase() != PhaseMove {
				continue
			}
			r := s.Rules()
			// Find the move played: the one legal move whose result is s2.
			var m Move
			found := false
			for _, mm := range s.LegalMoves() {
				if res, err := s.Apply(mm); err == nil && res == s2 {
					m, found = mm, true
					break
				}
			}
			if !found {
				t.Fatalf("no legal move leads from\n%v\nto\n%v", s, s2)
			}
			if s2.Phase() == PhaseOver {
				continue
			}
			finishedNow := s2.Place(s.Turn()) != 0
			var keep bool
			switch {
			case m.Forfeits():
				keep = false
			case m.IsPass():
				keep = r.BonusRolls.Has(m.Die()) && !r.NoMoveForfeitsBonus // Q1
			default:
				keep = r.BonusRolls.Has(m.Die()) && !finishedNow // C9, Q6
			}
			if keep {
				if s2.Turn() != s.Turn() || s2.Sixes() != s.Sixes() || s2.Phase() != PhaseRoll {
					t.Fatalf("after %v the turn should stay with %v for a bonus roll (sixes %d)\n%v\nbecame\n%v", m, s.Turn(), s.Sixes(), s, s2)
				}
				continue
			}
			if want := propNextSeated(s2, s.Turn()); s2.Turn() != want || s2.Sixes() != 0 || s2.Phase() != PhaseRoll {
				t.Fatalf("after %v the turn went to %v (sixes %d), want %v\n%v\nbecame\n%v", m, s2.Turn(), s2.Sixes(), want, s, s2)
			}
		}
	})
}

// TestPropSixPenalty checks the forfeit at the six limit (rule C9, ruling
// Q2): under VoidRoll no token moves, under UndoTurn every token goes back
// to where it stood when the turn began, captured opponents included.
func TestPropSixPenalty(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		g := propDrawGame(t)
		var start State // the position the current turn began in
		for k, s := range g.states {
			if s.Phase() == PhaseRoll && s.Sixes() == 0 {
				start = s // a turn begins: only a bonus roll keeps the turn, and it counts in Sixes
			}
			if !propForfeiting(s) || k+1 == len(g.states) {
				continue
			}
			s2 := g.states[k+1]
			want := s
			if s.Rules().SixPenalty == UndoTurn {
				want = start
			}
			if s2.Setup().Tokens != want.Setup().Tokens {
				t.Fatalf("forfeit under %v of\n%v\nleft\n%v\nwant the tokens of\n%v", s.Rules().SixPenalty, s, s2, want)
			}
		}
	})
}

func TestPropRollFaces(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		g := propDrawGame(t)
		s := g.last()
		face := rapid.OneOf(
			rapid.IntRange(-10, 16),
			rapid.SampledFrom([]int{0, 7, -1 << 63, 1<<63 - 1, 256 + 6, -250}),
		).Draw(t, "face")
		before := s
		s2, err := s.Roll(face)
		if s != before {
			t.Fatalf("Roll changed its receiver")
		}
		switch {
		case s.Phase() != PhaseRoll:
			if !errors.Is(err, propWrongPhaseErr(s)) || s2 != s {
				t.Fatalf("Roll(%d) in phase %v: %v", face, s.Phase(), err)
			}
		case face < 1 || face > 6:
			if !errors.Is(err, ErrBadFace) || s2 != s {
				t.Fatalf("Roll(%d): error %v, want ErrBadFace and no change", face, err)
			}
		default:
			if err != nil {
				t.Fatalf("Roll(%d): %v\n%v", face, err, s)
			}
			sixes := s.Sixes()
			if s.Rules().BonusRolls.Has(face) {
				sixes++
			}
			if s2.Phase() != PhaseMove || s2.Die() != face || s2.Turn() != s.Turn() || s2.Sixes() != sixes || s2.Setup().Tokens != s.Setup().Tokens {
				t.Fatalf("Roll(%d) of\n%v\ngave\n%v", face, s, s2)
			}
		}
	})
}

// propPlayToEnd plays a random game from the start to its end, failing after
// limit transitions.
func propPlayToEnd(t *rapid.T, limit int) *propGame {
	g, _ := propPlay(t, limit, 11)
	return g
}

// propPlay draws rules and a player (whose random stream is told apart by
// stream) and plays a game from the start to its end, failing after limit
// transitions.
func propPlay(t *rapid.T, limit int, stream uint64) (*propGame, *propPlayer) {
	r := propRulesGen.Draw(t, "rules")
	if err := r.Validate(); err != nil {
		t.Fatalf("drawn rules %v do not validate: %v", r, err)
	}
	s := propMustNew(t, r)
	p := &propPlayer{
		rng:    rand.New(rand.NewPCG(rapid.Uint64().Draw(t, "seed"), stream)),
		policy: rapid.IntRange(0, 3).Draw(t, "policy"),
		loaded: rapid.Bool().Draw(t, "loaded"),
	}
	g := &propGame{rules: r, states: []State{s}}
	if err := g.play(p, limit); err != nil {
		t.Fatalf("rules %v: %v", r, err)
	}
	return g, p
}

func TestPropGameEnds(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		const limit = propEndPlies
		g := propPlayToEnd(t, limit)
		s := g.last()
		if s.Phase() != PhaseOver {
			t.Fatalf("rules %v: no end after %d plies\n%v", g.rules, limit, s)
		}
		propCheckPhase(t, s)
		propCheckConservation(t, s)
		rank := s.Ranking()
		want := s.Rules().Players
		if s.Rules().End == FirstWinner {
			want = 1
		}
		if len(rank) != want {
			t.Fatalf("final ranking %v, want %d players\n%v", rank, want, s)
		}
		w, ok := s.Winner()
		if !ok || w != rank[0] || !propAllFinished(s, w) {
			t.Fatalf("winner %v, %v; ranking %v\n%v", w, ok, rank, s)
		}
		if _, err := s.Roll(6); !errors.Is(err, ErrGameOver) {
			t.Fatalf("Roll after the game: %v", err)
		}
	})
}

func TestPropSetupRoundTrip(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		g := propDrawGame(t)
		for _, s := range g.states {
			u := s.Setup()
			s2, err := u.State()
			if err != nil {
				t.Fatalf("Setup().State(): %v\nsetup %+v\n%v", err, u, s)
			}
			if !reflect.DeepEqual(s2.Setup(), u) {
				t.Fatalf("Setup not stable:\n%+v\n%+v", s2.Setup(), u)
			}
			if s2 != s {
				t.Fatalf("Setup().State() != s\nsetup %+v\n%v\ngot\n%v", u, s, s2)
			}
		}
	})
}

// TestPropConcurrentReads shares a position between goroutines: a State
// is safe to read and transition concurrently (run with -race).
func TestPropConcurrentReads(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := propDrawMoveGame(t).last()
		want := s.LegalMoves()
		wantNext := make([]State, len(want))
		for k, m := range want {
			wantNext[k], _ = s.Apply(m)
		}
		var wg sync.WaitGroup
		errs := make(chan string, 4)
		for range 4 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				got := s.LegalMoves()
				if !slices.Equal(got, want) {
					errs <- fmt.Sprintf("LegalMoves %v, want %v", got, want)
					return
				}
				for k, m := range got {
					if next, _ := s.Apply(m); next != wantNext[k] {
						errs <- fmt.Sprintf("Apply(%v) gave a different State on another goroutine", m)
						return
					}
				}
				_ = s.String()
			}()
		}
		wg.Wait()
		close(errs)
		for e := range errs {
			t.Fatalf("%s\n%v", e, s)
		}
	})
}

// TestPropValidateRejectsEndlessRules states that Validate rejects rules
// under which no game can end. When every face earns a bonus roll and
// SixLimit caps them with UndoTurn, every turn reaches the limit and is
// undone (a turn can end otherwise only on a forced pass or when the
// player's last token finishes, neither of which can happen from a board
// that is always put back to every token in its yard): the game never
// leaves its start position. Either Validate must reject such rules, or
// a game under them must end.
func TestPropValidateRejectsEndlessRules(t *testing.T) {
	for _, base := range []Rules{Classic(), Mongolian()} {
		for limit := 2; limit <= 4; limit++ {
			r := base
			r.BonusRolls, r.SixLimit, r.SixPenalty = FacesOf(1, 2, 3, 4, 5, 6), limit, UndoTurn
			if r.Validate() != nil {
				continue
			}
			s, err := New(r)
			if err != nil {
				t.Fatal(err)
			}
			g := &propGame{rules: r, states: []State{s}}
			p := &propPlayer{rng: rand.New(rand.NewPCG(uint64(limit), 3)), policy: 3}
			if err := g.play(p, propEndPlies); err != nil {
				t.Fatal(err)
			}
			if s := g.last(); s.Phase() != PhaseOver {
				t.Errorf("Validate accepts %v, but no game under it can end: after %d plies\n%v", r, len(g.states)-1, s)
			}
		}
	}
}

func propMustNew(t *rapid.T, r Rules) State {
	s, err := New(r)
	if err != nil {
		t.Fatalf("New(%v): %v", r, err)
	}
	return s
}

// ---------------------------------------------------------------------------
// State machine

// propMachine is the state of TestMachine: the position, and the game it
// belongs to, whose pool of moves seen supplies illegal attempts.
type propMachine struct {
	s    State
	g    *propGame
	prev Phase
}

func (sm *propMachine) roll(t *rapid.T) {
	s := sm.s
	face := rapid.OneOf(rapid.IntRange(1, 6), rapid.IntRange(-3, 10)).Draw(t, "face")
	s2, err := s.Roll(face)
	switch {
	case s.Phase() != PhaseRoll:
		if !errors.Is(err, propWrongPhaseErr(s)) || s2 != s {
			t.Fatalf("Roll(%d) in phase %v: %v", face, s.Phase(), err)
		}
	case face < 1 || face > 6:
		if !errors.Is(err, ErrBadFace) || s2 != s {
			t.Fatalf("Roll(%d): %v, want ErrBadFace and no change", face, err)
		}
	case err != nil:
		t.Fatalf("Roll(%d): %v\n%v", face, err, s)
	default:
		sm.s = s2
		sm.g.states = append(sm.g.states, s2)
	}
}

func (sm *propMachine) move(t *rapid.T) {
	s := sm.s
	legal := s.LegalMoves()
	sm.g.pool = append(sm.g.pool, legal...)
	if len(legal) > 0 && rapid.Bool().Draw(t, "legal") {
		m := rapid.SampledFrom(legal).Draw(t, "move")
		s2, err := s.Apply(m)
		if err != nil {
			t.Fatalf("Apply(%v): %v\n%v", m, err, s)
		}
		sm.s = s2
		sm.g.states = append(sm.g.states, s2)
		return
	}
	ok := propAccepted(s)
	var bad []Move
	for _, m := range propCandidates(sm.g, s) {
		if !slices.Contains(ok, m) {
			bad = append(bad, m)
		}
	}
	m := rapid.SampledFrom(bad).Draw(t, "illegal")
	s2, err := s.Apply(m)
	want := ErrIllegalMove
	if s.Phase() != PhaseMove {
		want = propWrongPhaseErr(s)
	}
	if !errors.Is(err, want) || s2 != s {
		t.Fatalf("Apply(%v) of an illegal move: %v, want %v and no change\n%v", m, err, want, s)
	}
}

func (sm *propMachine) check(t *rapid.T) {
	propCheckConservation(t, sm.s)
	propCheckPhase(t, sm.s)
	if sm.prev == PhaseOver && sm.s.Phase() != PhaseOver {
		t.Fatalf("the game restarted after it was over")
	}
	sm.prev = sm.s.Phase()
}

func TestMachine(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		// Start from the start, or from a position of a random game, where
		// the actions reach more of the rules than in 30 steps from the
		// start.
		g := propDrawGame(t)
		if rapid.Bool().Draw(t, "fromStart") {
			g.states = g.states[:1]
		}
		g.states = g.states[len(g.states)-1:]
		sm := &propMachine{s: g.last(), g: g}
		t.Repeat(map[string]func(*rapid.T){
			"roll": sm.roll,
			"move": sm.move,
			"":     sm.check,
		})
	})
}
