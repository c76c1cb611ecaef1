package ludo

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// variety returns rule sets that exercise every option the encodings
// look at.
func variety() []Rules {
	two := Classic()
	two.Players = 2
	three := Mongolian()
	three.Players = 3
	undo := Classic()
	undo.SixPenalty = UndoTurn
	bounce := Mongolian()
	bounce.Finish = BounceFinish
	bounce.Tokens = 3
	nolimit := Classic()
	nolimit.SixLimit = 0
	forbid := Classic()
	forbid.OwnLanding = OwnLandingForbidden
	return []Rules{Classic(), Mongolian(), two, three, undo, bounce, nolimit, forbid}
}

// eachState calls f on every position of n seeded random games under r.
// Its own checks, and those that f makes on every position (in this
// file's tests, and rotate's), test with plain comparisons, as require's
// calls (each a Helper call and its stack walk) cost more than the checks
// themselves: with require in eachState alone, TestObservationRange takes
// twice as long.
func eachState(t *testing.T, r Rules, games int, f func(s State)) {
	t.Helper()
	for g := range games {
		s, err := New(r)
		require.NoError(t, err)
		d := SeededDice(uint64(g))
		rng := rand.New(rand.NewPCG(uint64(g), 99))
		for s.Phase() != PhaseOver {
			f(s)
			rolled, err := s.Roll(d.Roll())
			if err != nil {
				t.Fatalf("%v\n%v", err, s)
			}
			f(rolled)
			moves := rolled.LegalMoves()
			if s, err = rolled.Apply(moves[rng.IntN(len(moves))]); err != nil {
				t.Fatalf("%v\n%v", err, rolled)
			}
		}
		f(s)
	}
}

func games(t *testing.T) int {
	if testing.Short() {
		return 3
	}
	return 12
}

func TestMoveAction(t *testing.T) {
	assert.Equal(t, -1, Move{}.Action())
	assert.Equal(t, PassAction, passMove(Red, 3, 3, false).Action())
	assert.Equal(t, PassAction, passMove(Red, 6, 6, true).Action())
	assert.Equal(t, 2, newMove(Blue, 2, 5, 3, 3).Action())
}

// TestActionMaskAndActionMove checks the mask and the action ids against
// the legal moves in every position of random games under many rules.
func TestActionMaskAndActionMove(t *testing.T) {
	t.Parallel()
	for _, r := range variety() {
		eachState(t, r, games(t), func(s State) {
			mask := s.ActionMask()
			moves := s.LegalMoves()
			if s.Phase() != PhaseMove {
				if mask != [NumActions]bool{} {
					t.Fatalf("mask %v with no move due\n%v", mask, s)
				}
				want := ErrGameOver
				if s.Phase() == PhaseRoll {
					want = ErrWrongPhase
				}
				for a := range NumActions {
					if _, err := s.ActionMove(a); !errors.Is(err, want) {
						t.Fatalf("ActionMove(%d): %v, want %v\n%v", a, err, want, s)
					}
				}
				return
			}
			n := 0
			for _, ok := range mask {
				if ok {
					n++
				}
			}
			if n != len(moves) {
				t.Fatalf("%d actions marked, %d legal moves\n%v\n%v", n, len(moves), s, moves)
			}
			for _, m := range moves {
				if !mask[m.Action()] {
					t.Fatalf("%v: %v not marked", s, m)
				}
				if got, err := s.ActionMove(m.Action()); err != nil || got != m {
					t.Fatalf("ActionMove(%d) = %v, %v; want %v\n%v", m.Action(), got, err, m, s)
				}
			}
			for a := range MaxTokens {
				got, err := s.ActionMove(a)
				tm, terr := s.TokenMove(a)
				if (terr == nil) != (err == nil) {
					t.Fatalf("%v token %d: %v vs %v", s, a, err, terr)
				}
				if err != nil {
					if !errors.Is(err, ErrIllegalMove) {
						t.Fatalf("ActionMove(%d): %v, want ErrIllegalMove\n%v", a, err, s)
					}
					continue
				}
				if got != tm || got.Action() != a {
					t.Fatalf("ActionMove(%d) = %v (action %d), TokenMove %v\n%v", a, got, got.Action(), tm, s)
				}
				if _, err = s.Apply(got); err != nil {
					t.Fatalf("%v: %v: %v", s, got, err)
				}
			}
			pass, err := s.ActionMove(PassAction)
			if moves[0].IsPass() {
				if err != nil || pass != moves[0] {
					t.Fatalf("ActionMove(PassAction) = %v, %v; want %v\n%v", pass, err, moves[0], s)
				}
			} else {
				var ill *IllegalMoveError
				if !errors.As(err, &ill) || ill.Rule != "C10" && ill.Rule != "C9" {
					t.Fatalf("ActionMove(PassAction): %v, want an IllegalMoveError of rule C10 or C9\n%v", err, s)
				}
			}
			for _, a := range []int{-1, NumActions, 100} {
				if _, err := s.ActionMove(a); !errors.Is(err, ErrIllegalMove) {
					t.Fatalf("ActionMove(%d): %v, want ErrIllegalMove", a, err)
				}
			}
		})
	}
}

func TestActionMoveAlikeTokens(t *testing.T) {
	s, _ := New(Classic())
	u := s.Setup()
	u.Tokens[Red] = [4]int{10, 10, -1, 56}
	u.Die = 3
	s, err := u.State()
	require.NoError(t, err)
	assert.Equal(t, [NumActions]bool{true, false, false, false, false}, s.ActionMask())
	m, err := s.ActionMove(1) // alike with token 0: the same move, by token 1
	require.NoError(t, err)
	assert.Equal(t, 1, m.Token())
	assert.Equal(t, 13, m.To())
	next, err := s.Apply(m)
	require.NoError(t, err)
	assert.Equal(t, 13, next.Progress(Red, 1))
	_, err = s.ActionMove(3) // finished (rule B3)
	var ill *IllegalMoveError
	require.ErrorAs(t, err, &ill)
	assert.Equal(t, "B3", ill.Rule)
	_, err = s.ActionMove(PassAction)
	require.ErrorAs(t, err, &ill)
	assert.Equal(t, "C10", ill.Rule)
}

// rotate returns s with every colour moved k seats clockwise: the same
// position turned round the board.
func rotate(t *testing.T, s State, k int) State {
	t.Helper()
	u := s.Setup()
	v := u
	arms := u.Rules.Board.Arms
	shift := func(c Color) Color { return Color((int(c) + k) % arms) }
	for c := range Color(arms) {
		v.Tokens[shift(c)] = u.Tokens[c]
	}
	v.Turn = shift(u.Turn)
	v.Ranking = nil
	for _, c := range u.Ranking {
		v.Ranking = append(v.Ranking, shift(c))
	}
	r, err := v.State()
	if err != nil {
		t.Fatalf("rotating\n%v: %v", s, err)
	}
	return r
}

// TestObservationRotation checks that positions that are rotations of each
// other (built with Setup by shifting the colours, four players) observe
// alike, and that the observation is not blind: a changed position
// observes differently.
func TestObservationRotation(t *testing.T) {
	t.Parallel()
	for _, r := range []Rules{Classic(), Mongolian()} {
		seen := 0
		eachState(t, r, games(t), func(s State) {
			var want, got Observation
			s.Observe(&want)
			for k := 1; k < r.Board.Arms; k++ {
				rs := rotate(t, s, k)
				rs.Observe(&got)
				if got != want {
					t.Fatalf("rotation by %d of\n%v\nobserves differently from\n%v", k, s, rs)
				}
				if s.ActionMask() != rs.ActionMask() {
					t.Fatalf("rotation by %d of\n%v\nmasks differently from\n%v", k, s, rs)
				}
			}
			// Moving one token of the player to move elsewhere changes what
			// it sees.
			u := s.Setup()
			if s.Phase() == PhaseOver {
				return
			}
			if p := u.Tokens[s.Turn()][0]; p >= 0 && p < 50 {
				u.Tokens[s.Turn()][0]++
				if o, err := u.State(); err == nil {
					o.Observe(&got)
					if got == want {
						t.Fatalf("a token moved on observes alike:\n%v\n%v", s, o)
					}
					seen++
				}
			}
		})
		require.Positive(t, seen)
	}
}

func TestObservationFields(t *testing.T) {
	s, _ := New(Mongolian())
	u := s.Setup()
	u.Turn = Green
	u.Die, u.Streak = 6, 2
	u.Tokens[Green] = [4]int{-1, 5, 5, 53}    // yard, a block on square 19, home column 3
	u.Tokens[Blue] = [4]int{0, 56, -1, -1}    // on square 40, finished
	u.Tokens[Red] = [4]int{56, 56, 56, 56}    // all home: first place
	u.Tokens[Yellow] = [4]int{-1, -1, -1, -1} // all in the yard
	u.Ranking = []Color{Red}
	s, err := u.State()
	require.NoError(t, err)
	var o Observation
	s.Observe(&o)
	tok := func(k, i int) []float32 {
		at := k*ObsSeatFields + 3 + i*ObsTokenFields
		return o[at : at+ObsTokenFields]
	}
	// Seat 0: green, the player to move.
	assert.Equal(t, []float32{1, 0, 0}, o[0:3])
	assert.Equal(t, []float32{1, 0, 0, 0, 0, 0, 0}, tok(0, 0))
	assert.Equal(t, []float32{0, 5.0 / 56, 6.0 / 52, 0, 0, 1, 0}, tok(0, 1))
	assert.Equal(t, []float32{0, 5.0 / 56, 6.0 / 52, 0, 0, 1, 0}, tok(0, 2))
	assert.Equal(t, []float32{0, 53.0 / 56, 0, 1, 0, 0, 0}, tok(0, 3))
	// Seat 1: yellow, all in the yard.
	assert.Equal(t, []float32{1, 0, 0}, o[ObsSeatFields:ObsSeatFields+3])
	for i := range MaxTokens {
		assert.Equal(t, []float32{1, 0, 0, 0, 0, 0, 0}, tok(1, i))
	}
	// Seat 2: blue, one on its start square 40: 26 steps from green's 14.
	assert.Equal(t, []float32{0, 0, 27.0 / 52, 0, 0, 0, 0}, tok(2, 0))
	assert.Equal(t, []float32{0, 1, 0, 0, 1, 0, 0}, tok(2, 1))
	// Seat 3: red, first of four.
	assert.Equal(t, []float32{1, 0.25, 0}, o[3*ObsSeatFields:3*ObsSeatFields+3])
	assert.Equal(t, []float32{0, 1, 0, 0, 1, 0, 0}, tok(3, 0))
	// Seats 4 and 5: the board has four arms.
	assert.Equal(t, make([]float32, 2*ObsSeatFields), o[4*ObsSeatFields:6*ObsSeatFields])
	assert.Equal(t, []float32{0, 1, 0}, o[ObsPhase:ObsPhase+3], "a move is due")
	assert.Equal(t, []float32{0, 0, 0, 0, 0, 1, 0, 0}, o[ObsDie:ObsDie+ObsDieFields], "the die shows 6, the sixth face")
	assert.Equal(t, []float32{2.0 / 3, 0, 0, 6.0 / 50}, o[ObsStreak:ObservationSize])

	// A token on a safe square (rule K1), and a bonus move (rule P8).
	k := withRules(mustPreset("ludoking"), func(r *Rules) { r.CaptureBonus = BonusMove(20) })
	s, err = Setup{Rules: k, Turn: Red, Die: 3, BonusMove: 20, Streak: 0, Tokens: allYard(func(t *[MaxPlayers][MaxTokens]int) {
		t[Red][0], t[Red][1] = 8, 20
	})}.State()
	require.NoError(t, err)
	s.Observe(&o)
	assert.Equal(t, float32(1), tok(0, 0)[6], "square 9 is a star")
	assert.Equal(t, float32(0), tok(0, 1)[6])
	assert.Equal(t, []float32{1, 20.0 / 50}, o[ObsBonus:ObsCount+1])

	// The third six: a forfeit.
	u = Setup{Rules: Mongolian(), Turn: Green, Die: 6, Streak: 3, Tokens: u.Tokens, Ranking: u.Ranking}
	for c := range u.Tokens {
		if c >= 4 {
			u.Tokens[c] = [MaxTokens]int{-1, -1, -1, -1}
		}
	}
	s, err = u.State()
	require.NoError(t, err)
	s.Observe(&o)
	assert.Equal(t, float32(1), o[ObsForfeit])

	// Two players: seats of colours that do not play are zero.
	r := Classic()
	r.Players = 2
	s, _ = New(r)
	s.Observe(&o)
	assert.Equal(t, float32(1), o[0])
	assert.Equal(t, make([]float32, ObsSeatFields), o[ObsSeatFields:2*ObsSeatFields])
	assert.Equal(t, float32(1), o[2*ObsSeatFields])
	assert.Equal(t, float32(1), o[ObsPhase]) // roll due

	var zero State
	o[0] = 7
	zero.Observe(&o)
	assert.Equal(t, Observation{}, o)
}

func TestObservationRange(t *testing.T) {
	t.Parallel()
	for _, r := range variety() {
		eachState(t, r, 2, func(s State) {
			var o Observation
			s.Observe(&o)
			for i, v := range o {
				if !(v >= 0 && v <= 1) {
					t.Fatalf("entry %d is %v in\n%v", i, v, s)
				}
			}
		})
	}
}

// TestKeyGolden freezes the key: it is promised stable across processes
// and Go versions. Do not change the golden values.
func TestKeyGolden(t *testing.T) {
	s, _ := New(Classic())
	m, _ := New(Mongolian())
	two := Classic()
	two.Players = 2
	t2, _ := New(two)
	u := s.Setup()
	u.Tokens[Red] = [4]int{-1, 3, 53, 10}
	u.Tokens[Blue] = [4]int{7, 7, -1, -1}
	u.Turn, u.Die, u.Streak = Blue, 6, 1
	mid, err := u.State()
	require.NoError(t, err)
	// A turn start kept (UndoTurn), and a token that entered later (rule
	// P4) on a six-arm board.
	undo := Classic()
	undo.SixPenalty = UndoTurn
	u = Setup{Rules: undo, Turn: Green, Die: 6, Streak: 1, TurnStart: &[MaxPlayers][MaxTokens]int{}}
	for c := range MaxPlayers {
		u.Tokens[c], u.TurnStart[c] = [4]int{-1, -1, -1, -1}, [4]int{-1, -1, -1, -1}
	}
	u.Tokens[Green], u.TurnStart[Green] = [4]int{12, 5, -1, -1}, [4]int{6, 5, -1, -1}
	kept, err := u.State()
	require.NoError(t, err)
	p6, _ := Preset("parchis6")
	u = Setup{Rules: p6, Turn: Blue}
	for c := range MaxPlayers {
		u.Tokens[c] = [4]int{-1, -1, -1, -1}
	}
	u.Tokens[Red] = [4]int{0, 0, 30, -1}
	u.Later[Red][1] = true
	six, err := u.State()
	require.NoError(t, err)
	got := []uint64{s.Key(), m.Key(), t2.Key(), mid.Key(), kept.Key(), six.Key()}
	want := []uint64{0xfb3571024ec4423f, 0xa3fd200aa17109d4, 0x6d73d4c5702bea9, 0xc3f064777cbacef4, 0xa08b1ff8a072fe1, 0xc30e60997887753a}
	assert.Equal(t, want, got, "%#x", got)
	assert.Equal(t, uint64(0), State{}.Key())
}

// canonical writes a position out with each colour's tokens sorted: two
// positions are the same game position exactly when their canonical forms
// are equal (under VoidRoll, where no turn start is kept).
func canonical(s State) string {
	u := s.Setup()
	for c := range u.Tokens {
		slices.Sort(u.Tokens[c][:])
	}
	return fmt.Sprint(u)
}

func TestKeyIdentifiesPositions(t *testing.T) {
	t.Parallel()
	keys := map[uint64]string{}
	for _, r := range []Rules{Classic(), Mongolian()} {
		eachState(t, r, games(t), func(s State) {
			c := canonical(s)
			k := s.Key()
			if prev, ok := keys[k]; ok && prev != c {
				t.Fatalf("two positions share key %#x:\n%s\n%s", k, prev, c)
			}
			keys[k] = c
			// Permuting the tokens of each colour keeps the key.
			u := s.Setup()
			for col := range u.Tokens {
				slices.Reverse(u.Tokens[col][:])
			}
			p, err := u.State()
			if err != nil || p.Key() != k {
				t.Fatalf("tokens reversed: key %#x, %v; want %#x\n%v\n%v", p.Key(), err, k, s, p)
			}
		})
	}
	require.Greater(t, len(keys), 1000)
}

func TestKeySeparates(t *testing.T) {
	s, _ := New(Classic())
	u := s.Setup()
	u.Tokens[Red][0] = 5
	a, _ := u.State()
	u.Tokens[Red][0] = -1
	u.Tokens[Green][0] = 5
	b, _ := u.State()
	u.Tokens[Green][0] = -1
	u.Turn = Green
	c, _ := u.State()
	m := u
	m.Rules = Mongolian()
	d, _ := m.State()
	u.Die, u.Streak = 6, 1
	e, _ := u.State()
	keys := []uint64{s.Key(), a.Key(), b.Key(), c.Key(), d.Key(), e.Key()}
	slices.Sort(keys)
	assert.Len(t, slices.Compact(keys), 6)

	// Seats spelled out or left to the default: the same game.
	r := Classic()
	r.Seats = ColorsOf(Red, Green, Yellow, Blue)
	x, _ := New(r)
	assert.Equal(t, s.Key(), x.Key())

	// Under UndoTurn the start of the turn is part of the position.
	undo := Classic()
	undo.SixPenalty = UndoTurn
	p, _ := New(undo)
	p1, _ := p.Roll(6)
	p2, err := p1.Apply(p1.LegalMoves()[0])
	require.NoError(t, err)
	v := p2.Setup()
	require.NotNil(t, v.TurnStart, "red entered this turn")
	v.TurnStart = nil
	q, err := v.State() // the same tokens, the turn taken to begin now
	require.NoError(t, err)
	assert.NotEqual(t, p2, q)
	assert.NotEqual(t, p2.Key(), q.Key())
}

func TestPlayAndSuccessors(t *testing.T) {
	t.Parallel()
	for _, r := range variety() {
		eachState(t, r, 2, func(s State) {
			if s.Phase() == PhaseMove {
				succ := s.AppendSuccessors(nil)
				moves := s.LegalMoves()
				if len(succ) != len(moves) {
					t.Fatalf("%d successors, %d legal moves\n%v", len(succ), len(moves), s)
				}
				for i, c := range succ {
					want, err := s.Apply(c.Move)
					if c.Move != moves[i] || err != nil || c.State != want {
						t.Fatalf("successor %d: %v, want %v (Apply: %v)\n%v", i, c.Move, moves[i], err, s)
					}
				}
				if _, err := s.Play(1, moves[0]); !errors.Is(err, ErrWrongPhase) {
					t.Fatalf("Play with a move due: %v, want ErrWrongPhase\n%v", err, s)
				}
				return
			}
			if succ := s.AppendSuccessors(nil); len(succ) != 0 {
				t.Fatalf("%d successors with no move due\n%v", len(succ), s)
			}
			if s.Phase() != PhaseRoll {
				return
			}
			for _, o := range s.Outcomes() {
				rolled, err := s.Roll(o.Face)
				if err != nil {
					t.Fatalf("Roll(%d): %v\n%v", o.Face, err, s)
				}
				for _, m := range rolled.LegalMoves() {
					want, err := rolled.Apply(m)
					if err != nil {
						t.Fatalf("Apply(%v): %v\n%v", m, err, rolled)
					}
					if got, err := s.Play(o.Face, m); err != nil || got != want {
						t.Fatalf("Play(%d, %v): %v, differs from Roll and Apply\n%v", o.Face, m, err, s)
					}
				}
			}
			if got, err := s.Play(7, Move{}); !errors.Is(err, ErrBadFace) || got != s {
				t.Fatalf("Play(7): %v, want ErrBadFace and no change\n%v", err, s)
			}
		})
	}
	s, _ := New(Classic())
	got, err := s.Play(5, newMove(Red, 0, -1, 5, 5))
	require.ErrorIs(t, err, ErrIllegalMove)
	require.Equal(t, s, got, "an error leaves the position")
}

func TestEncodingsAllocateNothing(t *testing.T) {
	for _, r := range []Rules{Classic(), Mongolian()} {
		s := midgame(t, r, 1, 60)
		var o Observation
		var mask [NumActions]bool
		var key uint64
		buf := make([]Successor, 0, MaxTokens)
		for name, f := range map[string]func(){
			"Observe":          func() { s.Observe(&o) },
			"ActionMask":       func() { mask = s.ActionMask() },
			"Key":              func() { key = s.Key() },
			"AppendSuccessors": func() { buf = s.AppendSuccessors(buf[:0]) },
		} {
			assert.Zero(t, testing.AllocsPerRun(100, f), "%v: %s allocates", r, name)
		}
		a := s.LegalMoves()[0].Action()
		assert.Zero(t, testing.AllocsPerRun(100, func() { _, _ = s.ActionMove(a) }), "%v: ActionMove of a legal id allocates", r)
		_, _ = mask, key
	}
}

func BenchmarkObserve(b *testing.B) {
	benchRules(b, func(b *testing.B, r Rules) {
		states := midgames(b, r)
		var o Observation
		b.ReportAllocs()
		for i := 0; b.Loop(); i++ {
			states[i&63].Observe(&o)
		}
	})
}

func BenchmarkActionMask(b *testing.B) {
	benchRules(b, func(b *testing.B, r Rules) {
		states := midgames(b, r)
		var sink [NumActions]bool
		b.ReportAllocs()
		for i := 0; b.Loop(); i++ {
			sink = states[i&63].ActionMask()
		}
		_ = sink
	})
}

func BenchmarkKey(b *testing.B) {
	benchRules(b, func(b *testing.B, r Rules) {
		states := midgames(b, r)
		var sink uint64
		b.ReportAllocs()
		for i := 0; b.Loop(); i++ {
			sink += states[i&63].Key()
		}
		_ = sink
	})
}

func BenchmarkAppendSuccessors(b *testing.B) {
	benchRules(b, func(b *testing.B, r Rules) {
		states := midgames(b, r)
		buf := make([]Successor, 0, MaxTokens)
		b.ReportAllocs()
		for i := 0; b.Loop(); i++ {
			buf = states[i&63].AppendSuccessors(buf[:0])
		}
	})
}
