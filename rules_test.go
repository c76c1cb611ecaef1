package ludo

import (
	"cmp"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Helpers the rule tests share (kept in this file, named so as not to
// collide with other test files of the package): positions built with
// Setup, moves described as plain values, refusals asserted.

// sqProg returns the progress a token of colour c has on track square n of
// the Ludo52 board, so that tests can say "a Green token on square 15".
func sqProg(t testing.TB, c Color, n int) int {
	t.Helper()
	p, ok := Ludo52().Progress(c, TrackSquare(n))
	require.True(t, ok, "%v never stands on square %d", c, n)
	return p
}

// testPos is a position to build with Setup. Tokens not listed are in the
// yard. When die earns a bonus roll and sixes is 0, sixes is taken as 1.
type testPos struct {
	turn    Color
	die     int
	sixes   int
	tok     map[Color][]int
	ranking []Color
}

// buildPos turns p into a State under r, failing the test if Setup
// refuses it.
func buildPos(t testing.TB, r Rules, p testPos) State {
	t.Helper()
	u, err := setupFor(r, p)
	require.NoError(t, err)
	s, err := u.State()
	require.NoError(t, err)
	return s
}

func setupFor(r Rules, p testPos) (Setup, error) {
	s, err := New(r)
	if err != nil {
		return Setup{}, err
	}
	u := s.Setup()
	for c, ps := range p.tok {
		for i, v := range ps {
			u.Tokens[c][i] = v
		}
	}
	u.Turn, u.Die, u.Streak, u.Ranking = p.turn, p.die, p.sixes, p.ranking
	if u.Streak == 0 && r.BonusRolls.Has(p.die) {
		u.Streak = 1
	}
	return u, nil
}

// moveDesc is everything a Move says about itself, as a plain value that
// testify compares and prints field by field.
type moveDesc struct {
	Color                                       Color
	Token, From, To, Die, Captures              int
	Enter, Finish, Pass, Forfeit, Block, Bounce bool
}

func testMoveDesc(m Move) moveDesc {
	return moveDesc{
		Color: m.Color(), Token: m.Token(), From: m.From(), To: m.To(), Die: m.Die(),
		Captures: m.NumCaptured(), Enter: m.Enters(), Finish: m.Finishes(), Pass: m.IsPass(),
		Forfeit: m.Forfeits(), Block: m.FormsBlock(), Bounce: m.Bounces(),
	}
}

func describeMoves(ms []Move) []moveDesc {
	out := make([]moveDesc, len(ms))
	for i, m := range ms {
		out[i] = testMoveDesc(m)
	}
	return out
}

// stepMv is token i of c moving from one progress to another with die d.
func stepMv(c Color, i, from, to, d int) moveDesc {
	return moveDesc{Color: c, Token: i, From: from, To: to, Die: d}
}

// enterMv is token i of c entering from its yard with die d.
func enterMv(c Color, i, d int) moveDesc {
	return moveDesc{Color: c, Token: i, From: -1, To: 0, Die: d, Enter: true}
}

// passMv is the pass of c on die d (rule C10).
func passMv(c Color, d int) moveDesc {
	return moveDesc{Color: c, Token: -1, From: -1, To: -1, Die: d, Pass: true}
}

func (m moveDesc) x(n int) moveDesc     { m.Captures = n; return m }
func (m moveDesc) fin() moveDesc        { m.Finish = true; return m }
func (m moveDesc) block() moveDesc      { m.Block = true; return m }
func (m moveDesc) bounce() moveDesc     { m.Bounce = true; return m }
func (m moveDesc) forfeiting() moveDesc { m.Forfeit = true; return m }

// assertLegal checks that the legal moves of s are exactly want, in
// order, and that LegalMoves, LegalMovesSeq, AppendLegalMoves and
// TokenMove agree.
func assertLegal(t testing.TB, s State, want ...moveDesc) {
	t.Helper()
	before := s
	got := s.LegalMoves()
	if !assert.Equal(t, want, describeMoves(got), "legal moves of\n%v", s) {
		return
	}
	assert.True(t, slices.IsSortedFunc(got, Move.Compare), "legal moves not in canonical order: %v", got)
	assert.Equal(t, got, slices.Collect(s.LegalMovesSeq()), "LegalMovesSeq")
	assert.Equal(t, append([]Move{{}}, got...), s.AppendLegalMoves([]Move{{}}), "AppendLegalMoves")
	for _, m := range got {
		if m.IsPass() {
			continue
		}
		tm, err := s.TokenMove(m.Token())
		if assert.NoError(t, err, "TokenMove(%d)", m.Token()) {
			assert.Equal(t, m, tm, "TokenMove(%d)", m.Token())
		}
	}
	assert.True(t, before == s, "listing moves changed the State")
}

// onlyMove returns the single legal move of s, requiring there is one.
func onlyMove(t testing.TB, s State) Move {
	t.Helper()
	ms := s.LegalMoves()
	require.Len(t, ms, 1, "legal moves of\n%v", s)
	return ms[0]
}

// mustTokenMove returns TokenMove(i), requiring it to be legal.
func mustTokenMove(t testing.TB, s State, i int) Move {
	t.Helper()
	m, err := s.TokenMove(i)
	require.NoError(t, err, "TokenMove(%d) in\n%v", i, s)
	return m
}

// mustRoll rolls face, requiring success and an unchanged input.
func mustRoll(t testing.TB, s State, face int) State {
	t.Helper()
	before := s
	n, err := s.Roll(face)
	require.NoError(t, err, "Roll(%d) in\n%v", face, s)
	require.True(t, before == s, "Roll changed its input")
	require.Equal(t, face, n.Die())
	require.Equal(t, PhaseMove, n.Phase())
	return n
}

// mustApply plays m, requiring success and an unchanged input.
func mustApply(t testing.TB, s State, m Move) State {
	t.Helper()
	before := s
	n, err := s.Apply(m)
	require.NoError(t, err, "Apply(%v) in\n%v", m, s)
	require.True(t, before == s, "Apply changed its input")
	return n
}

// playToken plays token i's move with the die of s.
func playToken(t testing.TB, s State, i int) State {
	t.Helper()
	return mustApply(t, s, mustTokenMove(t, s, i))
}

// playPass plays the pass that must be the only legal move of s.
func playPass(t testing.TB, s State) State {
	t.Helper()
	m := onlyMove(t, s)
	require.True(t, m.IsPass(), "want a pass, have %v", m)
	return mustApply(t, s, m)
}

// progressOf returns the progress of every token of colour c.
func progressOf(s State, c Color) []int {
	out := make([]int, s.Rules().Tokens)
	for i := range out {
		out[i] = s.Progress(c, i)
	}
	return out
}

// yardBut is a colour's progress list, four tokens, all in the yard but
// those given: yardBut(10) is {10, -1, -1, -1}.
func yardBut(ps ...int) []int {
	out := []int{-1, -1, -1, -1}
	copy(out, ps)
	return out
}

// assertIllegalRule checks that err is an *IllegalMoveError for rule.
func assertIllegalRule(t testing.TB, err error, rule string) {
	t.Helper()
	require.Error(t, err)
	assert.ErrorIs(t, err, ErrIllegalMove)
	var ime *IllegalMoveError
	if assert.ErrorAs(t, err, &ime) {
		assert.Equal(t, rule, ime.Rule, "rule of %q", err)
		if rule != "" {
			assert.Contains(t, err.Error(), "(rule "+rule+")")
		}
	}
}

// assertTokenRefused checks that TokenMove(i) is refused under rule and
// that no legal move is that token's.
func assertTokenRefused(t testing.TB, s State, i int, rule string) {
	t.Helper()
	before := s
	m, err := s.TokenMove(i)
	assertIllegalRule(t, err, rule)
	assert.Equal(t, Move{}, m)
	for _, lm := range s.LegalMoves() {
		assert.NotEqual(t, i, lm.Token(), "refused token %d is listed: %v", i, lm)
	}
	assert.True(t, before == s, "TokenMove changed its input")
}

// assertApplyRefused checks that Apply(m) is refused under rule, returning
// s itself and leaving s unchanged.
func assertApplyRefused(t testing.TB, s State, m Move, rule string) {
	t.Helper()
	before := s
	got, err := s.Apply(m)
	assertIllegalRule(t, err, rule)
	var ime *IllegalMoveError
	if errors.As(err, &ime) {
		assert.Equal(t, m, ime.Move, "IllegalMoveError.Move")
	}
	assert.True(t, got == s, "Apply returned a changed State with its error")
	assert.True(t, before == s, "Apply changed its input")
}

// withRules returns r changed by f.
func withRules(r Rules, f func(*Rules)) Rules {
	f(&r)
	return r
}

// bothPresets are the two named rule sets, for tests that must hold in
// both.
var bothPresets = []struct {
	name  string
	rules Rules
}{
	{"classic", Classic()},
	{"mongolian", Mongolian()},
}

// ---------------------------------------------------------------------
// Transitions at the wrong time, bad input, foreign moves.

func TestRollBadFace(t *testing.T) {
	s, err := New(Classic())
	require.NoError(t, err)
	for _, face := range []int{0, 7, -1, 100} {
		before := s
		got, err := s.Roll(face)
		assert.ErrorIs(t, err, ErrBadFace, "face %d", face)
		assert.EqualError(t, err, "ludo: die face out of range: "+strconv.Itoa(face))
		assert.True(t, got == s, "Roll(%d) returned a changed State", face)
		assert.True(t, before == s)
	}
}

func TestRollFaces(t *testing.T) {
	for face := 1; face <= 6; face++ {
		s, err := New(Classic())
		require.NoError(t, err)
		s = mustRoll(t, s, face)
		assert.Equal(t, Red, s.Turn())
		wantSixes := 0
		if face == 6 {
			wantSixes = 1
		}
		assert.Equal(t, wantSixes, s.Streak(), "face %d", face)
	}
}

func TestRollWhileMoveDue(t *testing.T) {
	s, err := New(Classic())
	require.NoError(t, err)
	s = mustRoll(t, s, 4)
	for _, face := range []int{1, 4, 6} {
		got, err := s.Roll(face)
		assert.ErrorIs(t, err, ErrWrongPhase)
		assert.NotErrorIs(t, err, ErrIllegalMove)
		assert.EqualError(t, err, "ludo: wrong phase: red must move the 4 before rolling again")
		assert.True(t, got == s)
	}
}

// TestAppendLegalMovesAppendsOnly checks that AppendLegalMoves leaves
// the caller's buffer as it was past the moves it appends.
func TestAppendLegalMovesAppendsOnly(t *testing.T) {
	mark := mustTokenMove(t, buildPos(t, Classic(), testPos{die: 6}), 0)
	for _, tok := range [][]int{{10}, {10, 20}, {10, 20, 30}, {10, 20, 30, 40}, {-1, -1, -1, -1}} {
		s := buildPos(t, Classic(), testPos{turn: Green, die: 3, tok: map[Color][]int{Green: tok}})
		buf := make([]Move, 12)
		for i := range buf {
			buf[i] = mark
		}
		got := s.AppendLegalMoves(buf[:2])
		assert.Equal(t, s.LegalMoves(), got[2:], "tokens %v", tok)
		for i := len(got); i < len(buf); i++ {
			assert.Equal(t, mark, buf[i], "tokens %v: slot %d past the moves changed", tok, i)
		}
		// With room for the moves but not for MaxTokens, it appends in
		// place as append does, allocating nothing.
		want := len(s.LegalMoves())
		small := buf[: 2 : 2+want]
		got = s.AppendLegalMoves(small)
		assert.Equal(t, s.LegalMoves(), got[2:], "tokens %v", tok)
		assert.Same(t, &buf[0], &got[0], "tokens %v: the moves fit in dst, but it was not appended to in place", tok)
		assert.Zero(t, testing.AllocsPerRun(10, func() { got = s.AppendLegalMoves(small) }), "tokens %v", tok)
	}
}

func TestMoveWhileRollDue(t *testing.T) {
	s := buildPos(t, Classic(), testPos{tok: map[Color][]int{Red: {10}}})
	require.Equal(t, PhaseRoll, s.Phase())
	assert.Empty(t, s.LegalMoves(), "no move is due")
	m := mustTokenMove(t, mustRoll(t, s, 3), 0)

	got, err := s.Apply(m)
	assert.ErrorIs(t, err, ErrWrongPhase)
	assert.NotErrorIs(t, err, ErrIllegalMove)
	assert.True(t, got == s)

	tm, err := s.TokenMove(0)
	assert.ErrorIs(t, err, ErrWrongPhase)
	assert.Equal(t, Move{}, tm)
}

// overPos is a finished two-player game: Red won, Yellow took last place.
func overPos(t *testing.T) State {
	r := withRules(Classic(), func(r *Rules) { r.Players = 2 })
	return buildPos(t, r, testPos{turn: Red, tok: map[Color][]int{Red: {56, 56, 56, 56}, Yellow: {20}}, ranking: []Color{Red}})
}

func TestGameOverRefusesEverything(t *testing.T) {
	s := overPos(t)
	require.Equal(t, PhaseOver, s.Phase())
	assert.Equal(t, []Color{Red, Yellow}, s.Ranking())
	assert.Empty(t, s.LegalMoves())

	for face := 0; face <= 7; face++ {
		got, err := s.Roll(face)
		if face >= 1 && face <= 6 {
			assert.ErrorIs(t, err, ErrGameOver, "face %d", face)
		} else {
			assert.Error(t, err)
		}
		assert.True(t, got == s)
	}

	yellowMove := mustTokenMove(t, buildPos(t, withRules(Classic(), func(r *Rules) { r.Players = 2 }),
		testPos{turn: Yellow, die: 3, tok: map[Color][]int{Red: {56, 56, 56, 50}, Yellow: {20}}}), 0)
	got, err := s.Apply(yellowMove)
	assert.ErrorIs(t, err, ErrGameOver)
	assert.True(t, got == s)

	_, err = s.TokenMove(0)
	assert.ErrorIs(t, err, ErrGameOver)
}

func TestZeroState(t *testing.T) {
	var s State
	assert.False(t, s.IsValid())
	assert.Equal(t, PhaseOver, s.Phase())
	assert.Equal(t, Rules{}, s.Rules())
	assert.Empty(t, s.LegalMoves())
	assert.Equal(t, -1, s.Progress(Red, 0))
	assert.Equal(t, "ludo.State{}", s.String())

	got, err := s.Roll(3)
	assert.ErrorIs(t, err, ErrNoGame)
	assert.True(t, got == s)

	m := mustTokenMove(t, buildPos(t, Classic(), testPos{die: 6}), 0)
	got, err = s.Apply(m)
	assert.ErrorIs(t, err, ErrNoGame)
	assert.True(t, got == s)

	_, err = s.TokenMove(0)
	assert.ErrorIs(t, err, ErrNoGame)
}

func TestQueriesOutOfRange(t *testing.T) {
	s := buildPos(t, withRules(Classic(), func(r *Rules) { r.Players, r.Tokens = 2, 3 }), testPos{tok: map[Color][]int{Red: {5, 6, 7}}})
	assert.Equal(t, []int{5, 6, 7}, progressOf(s, Red))
	for _, tt := range []struct {
		c Color
		i int
	}{{Red, -1}, {Red, 3}, {Red, 4}, {Green, 0}, {Blue, 0}, {Color(4), 0}, {Color(200), 1}} {
		assert.Equal(t, -1, s.Progress(tt.c, tt.i), "%v token %d", tt.c, tt.i)
	}
	assert.Zero(t, s.Place(Color(4)))
	assert.Zero(t, s.Place(Green))
}

func TestNewRejectsInvalidRules(t *testing.T) {
	s, err := New(Rules{})
	assert.ErrorIs(t, err, ErrInvalidRules)
	assert.False(t, s.IsValid())

	_, err = New(withRules(Classic(), func(r *Rules) { r.Players = 5 }))
	assert.ErrorIs(t, err, ErrInvalidRules)
}

func TestApplyZeroMove(t *testing.T) {
	s := buildPos(t, Classic(), testPos{die: 6})
	assertApplyRefused(t, s, Move{}, "")
	assert.Equal(t, "no move", Move{}.String())
}

func TestTokenMoveBadIndex(t *testing.T) {
	s := buildPos(t, Classic(), testPos{die: 6})
	for _, i := range []int{-1, 4, 100} {
		m, err := s.TokenMove(i)
		assertIllegalRule(t, err, "")
		assert.Equal(t, Move{}, m)
	}
	r2 := withRules(Classic(), func(r *Rules) { r.Tokens = 2 })
	s2 := buildPos(t, r2, testPos{die: 6})
	_, err := s2.TokenMove(2)
	assertIllegalRule(t, err, "")
}

// TestApplyForeignMoves applies moves taken from other positions: each
// must be refused with the rule it breaks, and s left as it was.
func TestApplyForeignMoves(t *testing.T) {
	c := Classic()
	red10 := testPos{turn: Red, die: 4, tok: map[Color][]int{Red: {10}}}
	tests := []struct {
		name string
		from State // where the move is legal
		pick func(State) Move
		to   State // where it is applied
		rule string
	}{{
		name: "wrong colour",
		from: buildPos(t, c, testPos{turn: Green, die: 6}),
		to:   buildPos(t, c, testPos{turn: Red, die: 6}),
		rule: "C3",
	}, {
		name: "wrong die",
		from: buildPos(t, c, testPos{turn: Red, die: 5, tok: map[Color][]int{Red: {10}}}),
		to:   buildPos(t, c, red10),
		rule: "C8",
	}, {
		name: "token elsewhere",
		from: buildPos(t, c, testPos{turn: Red, die: 4, tok: map[Color][]int{Red: {12}}}),
		to:   buildPos(t, c, red10),
		rule: "",
	}, {
		name: "capture that is not there",
		from: buildPos(t, c, testPos{turn: Red, die: 4, tok: map[Color][]int{Red: {10}, Green: {sqProg(t, Green, 15)}}}),
		to:   buildPos(t, c, red10),
		rule: "",
	}, {
		name: "capture missing",
		from: buildPos(t, c, red10),
		to:   buildPos(t, c, testPos{turn: Red, die: 4, tok: map[Color][]int{Red: {10}, Green: {sqProg(t, Green, 15)}}}),
		rule: "",
	}, {
		name: "token the game does not have",
		from: buildPos(t, c, testPos{turn: Red, die: 6, tok: map[Color][]int{Red: {0, 0, 0}}}),
		pick: func(s State) Move { return mustTokenMove(t, s, 3) },
		to:   buildPos(t, withRules(c, func(r *Rules) { r.Tokens = 2 }), testPos{turn: Red, die: 6}),
		rule: "",
	}, {
		name: "pass where a token can move",
		from: buildPos(t, c, testPos{turn: Red, die: 4}),
		to:   buildPos(t, c, red10),
		rule: "C10",
	}, {
		name: "forfeit before the six limit",
		from: buildPos(t, c, testPos{turn: Red, die: 6, sixes: 3, tok: map[Color][]int{Red: {10}}}),
		to:   buildPos(t, c, testPos{turn: Red, die: 6, sixes: 2, tok: map[Color][]int{Red: {10}}}),
		rule: "C9",
	}, {
		name: "token move at the six limit",
		from: buildPos(t, c, testPos{turn: Red, die: 6, sixes: 2, tok: map[Color][]int{Red: {10}}}),
		to:   buildPos(t, c, testPos{turn: Red, die: 6, sixes: 3, tok: map[Color][]int{Red: {10}}}),
		rule: "C9",
	}, {
		name: "plain pass at the six limit",
		from: buildPos(t, c, testPos{turn: Red, die: 6, sixes: 2, tok: map[Color][]int{Red: {56, 56, 56, 53}}}),
		to:   buildPos(t, c, testPos{turn: Red, die: 6, sixes: 3, tok: map[Color][]int{Red: {56, 56, 56, 53}}}),
		rule: "C9",
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var m Move
			if tt.pick != nil {
				m = tt.pick(tt.from)
			} else {
				m = tt.from.LegalMoves()[0]
			}
			assertApplyRefused(t, tt.to, m, tt.rule)
		})
	}
}

// TestApplyEqualMoveFromOtherPosition: a move is a value, so the same move
// taken from another position where it is also legal is accepted.
func TestApplyEqualMoveFromOtherPosition(t *testing.T) {
	a := buildPos(t, Classic(), testPos{die: 4, tok: map[Color][]int{Red: {10}, Blue: {3}}})
	b := buildPos(t, Classic(), testPos{die: 4, tok: map[Color][]int{Red: {10}, Green: {7}}})
	m := mustTokenMove(t, a, 0)
	n := mustApply(t, b, m)
	assert.Equal(t, yardBut(14), progressOf(n, Red))
	assert.Equal(t, yardBut(7), progressOf(n, Green))
}

// ---------------------------------------------------------------------
// Setup.

func TestSetupRejects(t *testing.T) {
	fin := Ludo52().Finish()
	two := withRules(Classic(), func(r *Rules) { r.Players = 2 })
	tests := []struct {
		name string
		r    Rules
		f    func(u *Setup)
	}{
		{"two colours on one track square", Classic(), func(u *Setup) {
			u.Tokens[Red][0] = 13 // square 14, Green's start
			u.Tokens[Green][0] = 0
		}},
		{"two colours on one track square past Red's start", Classic(), func(u *Setup) {
			u.Tokens[Blue][1] = 20 // square 8
			u.Tokens[Red][3] = 7
		}},
		{"two colours, Mongolian", Mongolian(), func(u *Setup) {
			u.Tokens[Yellow][0] = 0 // square 27
			u.Tokens[Green][2] = 13
		}},
		{"progress below the yard", Classic(), func(u *Setup) { u.Tokens[Red][0] = -2 }},
		{"progress past the finish", Classic(), func(u *Setup) { u.Tokens[Red][0] = fin + 1 }},
		{"token beyond Tokens", withRules(Classic(), func(r *Rules) { r.Tokens = 2 }), func(u *Setup) { u.Tokens[Red][2] = 0 }},
		{"token of a colour that does not play", two, func(u *Setup) { u.Tokens[Green][0] = 5 }},
		{"finished token of a colour that does not play", two, func(u *Setup) { u.Tokens[Blue][3] = fin }},
		{"Turn a colour that does not play", two, func(u *Setup) { u.Turn = Green }},
		{"Turn no colour", Classic(), func(u *Setup) { u.Turn = Color(4) }},
		{"Turn a finished colour", Classic(), func(u *Setup) {
			u.Tokens[Green] = [4]int{fin, fin, fin, fin}
			u.Ranking = []Color{Green}
			u.Turn = Green
		}},
		{"Die negative", Classic(), func(u *Setup) { u.Die = -1 }},
		{"Die 7", Classic(), func(u *Setup) { u.Die = 7 }},
		{"Sixes negative", Classic(), func(u *Setup) { u.Streak = -1 }},
		{"Sixes above SixLimit", Classic(), func(u *Setup) { u.Die, u.Streak = 6, 4 }},
		{"Sixes huge without limit", withRules(Classic(), func(r *Rules) { r.SixLimit = 0 }), func(u *Setup) { u.Die, u.Streak = 6, 256 }},
		{"bonus die not counted", Classic(), func(u *Setup) { u.Die, u.Streak = 6, 0 }},
		{"roll due at the six limit", Classic(), func(u *Setup) { u.Die, u.Streak = 0, 3 }},
		// After the third 6 the turn passes at once (rule C9): no other
		// face can follow it in the same turn.
		{"non-bonus die after the six limit", Classic(), func(u *Setup) {
			u.Tokens[Red][0] = 10
			u.Die, u.Streak = 3, 3
		}},
		{"Ranking lists a colour that does not play", two, func(u *Setup) { u.Ranking = []Color{Green} }},
		{"Ranking lists a colour twice", Classic(), func(u *Setup) {
			u.Tokens[Red] = [4]int{fin, fin, fin, fin}
			u.Ranking = []Color{Red, Red}
		}},
		{"Ranking lists an unfinished colour", Classic(), func(u *Setup) {
			u.Tokens[Red] = [4]int{fin, fin, fin, 50}
			u.Ranking = []Color{Red}
		}},
		{"finished colour missing from Ranking", Classic(), func(u *Setup) {
			u.Tokens[Red] = [4]int{fin, fin, fin, fin}
			u.Turn = Green
		}},
		{"own tokens share a track square under OwnLandingForbidden",
			withRules(Classic(), func(r *Rules) { r.OwnLanding = OwnLandingForbidden }),
			func(u *Setup) { u.Tokens[Red][0], u.Tokens[Red][1] = 10, 10 }},
		{"own tokens share a home square under OwnLandingForbidden",
			withRules(Classic(), func(r *Rules) { r.OwnLanding = OwnLandingForbidden }),
			func(u *Setup) { u.Tokens[Red][0], u.Tokens[Red][1] = 52, 52 }},
		{"Turn no colour after the game is over", two, func(u *Setup) {
			u.Tokens[Red] = [4]int{fin, fin, fin, fin}
			u.Ranking = []Color{Red}
			u.Turn = Color(7)
		}},
		{"Turn a colour that does not play after the game is over", two, func(u *Setup) {
			u.Tokens[Red] = [4]int{fin, fin, fin, fin}
			u.Ranking = []Color{Red}
			u.Turn = Green
		}},
		{"die set after the game is over", two, func(u *Setup) {
			u.Tokens[Red] = [4]int{fin, fin, fin, fin}
			u.Ranking = []Color{Red}
			u.Die = 3
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := New(tt.r)
			require.NoError(t, err)
			u := s.Setup()
			tt.f(&u)
			got, err := u.State()
			assert.ErrorIs(t, err, ErrInvalidSetup)
			assert.False(t, got.IsValid(), "a refused Setup returns the zero State")
		})
	}
}

func TestSetupRejectsInvalidRules(t *testing.T) {
	s, err := New(Classic())
	require.NoError(t, err)
	u := s.Setup()
	u.Rules.Tokens = 0
	_, err = u.State()
	assert.ErrorIs(t, err, ErrInvalidRules)
}

func TestSetupAccepts(t *testing.T) {
	fin := Ludo52().Finish()
	forbid := withRules(Classic(), func(r *Rules) { r.OwnLanding = OwnLandingForbidden })
	tests := []struct {
		name string
		r    Rules
		f    func(u *Setup)
	}{
		{"same home square number of two colours", Classic(), func(u *Setup) { u.Tokens[Red][0], u.Tokens[Green][0] = 52, 52 }},
		{"two colours at their finishes", Classic(), func(u *Setup) { u.Tokens[Red][0], u.Tokens[Blue][0] = fin, fin }},
		{"own tokens share a track square", Classic(), func(u *Setup) { u.Tokens[Red][0], u.Tokens[Red][1] = 10, 10 }},
		{"a block", Mongolian(), func(u *Setup) { u.Tokens[Red][0], u.Tokens[Red][1], u.Tokens[Red][2] = 10, 10, 10 }},
		{"finished tokens share the finish under OwnLandingForbidden", forbid, func(u *Setup) { u.Tokens[Red][0], u.Tokens[Red][1] = fin, fin }},
		{"a move due after two sixes", Classic(), func(u *Setup) { u.Tokens[Red][0] = 10; u.Die, u.Streak = 3, 2 }},
		{"a roll due after two sixes", Classic(), func(u *Setup) { u.Streak = 2 }},
		{"the forfeited third six", Classic(), func(u *Setup) { u.Die, u.Streak = 6, 3 }},
		{"many sixes without limit", withRules(Classic(), func(r *Rules) { r.SixLimit = 0 }), func(u *Setup) { u.Die, u.Streak = 6, 200 }},
		{"a winner, play goes on", Classic(), func(u *Setup) {
			u.Tokens[Red] = [4]int{fin, fin, fin, fin}
			u.Ranking = []Color{Red}
			u.Turn = Green
		}},
		{"Seats given", withRules(Classic(), func(r *Rules) { r.Players, r.Seats = 2, ColorsOf(Green, Blue) }), func(u *Setup) {
			u.Turn = Blue
			u.Tokens[Blue][0] = 4
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := New(tt.r)
			require.NoError(t, err)
			u := s.Setup()
			tt.f(&u)
			got, err := u.State()
			require.NoError(t, err)
			back := got.Setup()
			assert.Equal(t, u.Tokens, back.Tokens)
			assert.Equal(t, u.Turn, back.Turn)
			assert.Equal(t, u.Die, back.Die)
			assert.Equal(t, u.Streak, back.Streak)
			assert.Equal(t, tt.r, back.Rules)
			again, err := back.State()
			require.NoError(t, err)
			assert.True(t, again == got, "Setup round trip")
		})
	}
}

// TestSetupRoundTripDuringPlay reads back every position of a short
// scripted game in both presets.
func TestSetupRoundTripDuringPlay(t *testing.T) {
	for _, p := range bothPresets {
		t.Run(p.name, func(t *testing.T) {
			s, err := New(p.rules)
			require.NoError(t, err)
			faces := []int{6, 6, 3, 1, 6, 5, 2, 4, 6, 6, 6, 1, 6, 2, 5}
			check := func(s State) {
				t.Helper()
				back, err := s.Setup().State()
				require.NoError(t, err, "\n%v", s)
				assert.True(t, back == s, "round trip of\n%v", s)
			}
			for _, f := range faces {
				check(s)
				s = mustRoll(t, s, f)
				check(s)
				s = mustApply(t, s, s.LegalMoves()[0])
			}
			check(s)
		})
	}
}

// TestSixesBeyond255WithoutLimit: with SixLimit 0 a turn has no bound on
// its sixes, but the count may not wrap to 0 (a 6 being played with Sixes
// 0 is a position Setup itself refuses).
func TestSixesBeyond255WithoutLimit(t *testing.T) {
	r := withRules(Classic(), func(r *Rules) { r.SixLimit = 0 })
	s := buildPos(t, r, testPos{sixes: 255, tok: map[Color][]int{Red: {10}}})
	s = mustRoll(t, s, 6)
	assert.NotZero(t, s.Streak(), "Sixes wrapped after 256 sixes")
	_, err := s.Setup().State()
	assert.NoError(t, err, "a position Roll produced must read back")
	assertLegal(t, s, stepMv(Red, 0, 10, 16, 6), enterMv(Red, 1, 6))
}

// ---------------------------------------------------------------------
// Rules C1 to C3: players, the yard, entering, direction, turn order;
// ruling Q5: default seats.

func TestNewStartPosition(t *testing.T) {
	tests := []struct {
		players int
		seats   Colors
	}{
		{2, ColorsOf(Red, Yellow)}, // ruling Q5: opposite corners
		{3, ColorsOf(Red, Green, Yellow)},
		{4, ColorsOf(Red, Green, Yellow, Blue)},
	}
	for _, p := range bothPresets {
		for _, tt := range tests {
			r := withRules(p.rules, func(r *Rules) { r.Players = tt.players })
			s, err := New(r)
			require.NoError(t, err)
			assert.Equal(t, tt.seats, s.Players(), "%s, %d players", p.name, tt.players)
			assert.Equal(t, r, s.Rules())
			assert.Equal(t, Red, s.Turn())
			assert.Equal(t, PhaseRoll, s.Phase())
			assert.Zero(t, s.Die())
			assert.Zero(t, s.Streak())
			assert.Empty(t, s.Ranking())
			_, won := s.Winner()
			assert.False(t, won)
			for c := Red; c <= Blue; c++ {
				assert.Equal(t, yardBut(), progressOf(s, c), "rule C2: %v starts in the yard", c)
				_, n := s.Occupant(YardOf(c))
				if tt.seats.Has(c) {
					assert.Equal(t, 4, n, "%v yard", c)
					assert.Equal(t, YardOf(c), s.Square(c, 0))
				} else {
					assert.Zero(t, n, "%v does not play", c)
				}
				assert.Zero(t, s.Place(c))
			}
		}
	}
}

func TestSeatsGiven(t *testing.T) {
	r := withRules(Classic(), func(r *Rules) { r.Players, r.Seats = 2, ColorsOf(Green, Blue) })
	s, err := New(r)
	require.NoError(t, err)
	assert.Equal(t, ColorsOf(Green, Blue), s.Players())
	assert.Equal(t, Green, s.Turn(), "the first seated colour clockwise from Red starts")
	assert.Equal(t, ColorsOf(Green, Blue), s.Rules().Seats)
	assert.Equal(t, -1, s.Progress(Red, 0), "Red does not play")
}

// TestTurnOrder passes each turn with a 1 (every token in the yard cannot
// move) and checks the turn goes clockwise over the seated colours still
// playing (rule C3, ruling Q5).
func TestTurnOrder(t *testing.T) {
	fin := Ludo52().Finish()
	done := [4]int{fin, fin, fin, fin}
	tests := []struct {
		name string
		r    Rules
		f    func(u *Setup)
		want []Color
	}{
		{"4 players", Classic(), nil, []Color{Red, Green, Yellow, Blue, Red, Green}},
		{"3 players skip Blue", withRules(Classic(), func(r *Rules) { r.Players = 3 }), nil, []Color{Red, Green, Yellow, Red, Green}},
		{"2 players sit opposite", withRules(Classic(), func(r *Rules) { r.Players = 2 }), nil, []Color{Red, Yellow, Red, Yellow}},
		{"2 players Blue and Red", withRules(Classic(), func(r *Rules) { r.Players, r.Seats = 2, ColorsOf(Blue, Red) }), nil, []Color{Red, Blue, Red, Blue}},
		{"2 players Green and Blue", withRules(Mongolian(), func(r *Rules) { r.Players, r.Seats = 2, ColorsOf(Green, Blue) }), nil, []Color{Green, Blue, Green}},
		{"finished Green skipped", Classic(), func(u *Setup) {
			u.Tokens[Green] = done
			u.Ranking = []Color{Green}
		}, []Color{Red, Yellow, Blue, Red, Yellow}},
		{"finished Green and Yellow skipped", Mongolian(), func(u *Setup) {
			u.Tokens[Green], u.Tokens[Yellow] = done, done
			u.Ranking = []Color{Yellow, Green}
			u.Turn = Blue
		}, []Color{Blue, Red, Blue, Red}},
		{"3 players, finished Green skipped", withRules(Classic(), func(r *Rules) { r.Players = 3 }), func(u *Setup) {
			u.Tokens[Green] = done
			u.Ranking = []Color{Green}
		}, []Color{Red, Yellow, Red, Yellow}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := New(tt.r)
			require.NoError(t, err)
			if tt.f != nil {
				u := s.Setup()
				tt.f(&u)
				s, err = u.State()
				require.NoError(t, err)
			}
			var got []Color
			for range tt.want {
				got = append(got, s.Turn())
				s = mustRoll(t, s, 1)
				assertLegal(t, s, passMv(s.Turn(), 1))
				s = playPass(t, s)
				assert.Equal(t, PhaseRoll, s.Phase())
			}
			assert.Equal(t, tt.want, got)
		})
	}
}

// TestEnterOntoStartSquare: a 6 brings a token from the yard onto its
// colour's start square, progress 0 (rules C3, C7, C8).
func TestEnterOntoStartSquare(t *testing.T) {
	starts := map[Color]int{Red: 1, Green: 14, Yellow: 27, Blue: 40}
	for _, p := range bothPresets {
		for c := Red; c <= Blue; c++ {
			s := buildPos(t, p.rules, testPos{turn: c, die: 6})
			assertLegal(t, s, enterMv(c, 0, 6))
			n := playToken(t, s, 0)
			assert.Equal(t, yardBut(0), progressOf(n, c))
			assert.Equal(t, TrackSquare(starts[c]), n.Square(c, 0), "%s: %v start", p.name, c)
			col, k := n.Occupant(TrackSquare(starts[c]))
			assert.Equal(t, c, col)
			assert.Equal(t, 1, k)
			// The entering 6 earns a bonus roll (rule C9) but does not move
			// the token on (rule C8).
			assert.Equal(t, c, n.Turn())
			assert.Equal(t, PhaseRoll, n.Phase())
			assert.Equal(t, 1, n.Streak())
		}
	}
}

// TestClockwise: tokens move up the square numbers, wrapping from 52 to 1.
func TestClockwise(t *testing.T) {
	s := buildPos(t, Classic(), testPos{turn: Blue, die: 5, tok: map[Color][]int{Blue: {10}}})
	require.Equal(t, TrackSquare(50), s.Square(Blue, 0))
	n := playToken(t, s, 0)
	assert.Equal(t, 15, n.Progress(Blue, 0))
	assert.Equal(t, TrackSquare(3), n.Square(Blue, 0))
	assert.Equal(t, Red, n.Turn(), "after Blue comes Red")
}

// ---------------------------------------------------------------------
// Rule C4: the home column.

func TestHomeColumn(t *testing.T) {
	for _, p := range bothPresets {
		t.Run(p.name, func(t *testing.T) {
			// Red on square 49 moves 4: on the track it would reach square 1
			// (past 52), but it turns off after progress 50 (square 51).
			greenOn52 := sqProg(t, Green, 52)
			yellowOn1 := sqProg(t, Yellow, 1)
			s := buildPos(t, p.rules, testPos{die: 4, tok: map[Color][]int{
				Red: {48}, Green: {greenOn52}, Yellow: {yellowOn1},
			}})
			assertLegal(t, s, stepMv(Red, 0, 48, 52, 4))
			n := playToken(t, s, 0)
			assert.Equal(t, HomeSquare(Red, 2), n.Square(Red, 0))
			assert.Equal(t, yardBut(greenOn52), progressOf(n, Green), "nothing captured")
			assert.Equal(t, yardBut(yellowOn1), progressOf(n, Yellow), "nothing captured")

			// Green turns off after square 12.
			s = buildPos(t, p.rules, testPos{turn: Green, die: 1, tok: map[Color][]int{Green: {50}, Red: {12}}})
			require.Equal(t, TrackSquare(12), s.Square(Green, 0))
			n = playToken(t, s, 0)
			assert.Equal(t, HomeSquare(Green, 1), n.Square(Green, 0))
			assert.Equal(t, yardBut(12), progressOf(n, Red), "Red on square 13 untouched")
		})
	}
}

// ---------------------------------------------------------------------
// Rule C5: the finish, exactly or by option.

func TestExactFinish(t *testing.T) {
	for _, p := range bothPresets {
		t.Run(p.name, func(t *testing.T) {
			s := buildPos(t, p.rules, testPos{die: 4, tok: map[Color][]int{Red: {53}}})
			assertLegal(t, s, passMv(Red, 4))
			assertTokenRefused(t, s, 0, "C5")

			s = buildPos(t, p.rules, testPos{die: 3, tok: map[Color][]int{Red: {53}}})
			assertLegal(t, s, stepMv(Red, 0, 53, 56, 3).fin())
			n := playToken(t, s, 0)
			assert.Equal(t, FinishOf(Red), n.Square(Red, 0))
			assert.Equal(t, Green, n.Turn())

			// From the track: 50 needs a 6.
			s = buildPos(t, p.rules, testPos{die: 6, tok: map[Color][]int{Red: {50, 51}}})
			assertLegal(t, s, stepMv(Red, 0, 50, 56, 6).fin(), enterMv(Red, 2, 6))
			assertTokenRefused(t, s, 1, "C5")
		})
	}
}

func TestBounceFinish(t *testing.T) {
	r := withRules(Classic(), func(r *Rules) { r.Finish = BounceFinish })
	s := buildPos(t, r, testPos{die: 5, tok: map[Color][]int{Red: {53}}})
	assertLegal(t, s, stepMv(Red, 0, 53, 54, 5).bounce()) // 3 up to the finish, 2 back
	n := playToken(t, s, 0)
	assert.Equal(t, HomeSquare(Red, 4), n.Square(Red, 0))

	s = buildPos(t, r, testPos{die: 3, tok: map[Color][]int{Red: {53}}})
	assertLegal(t, s, stepMv(Red, 0, 53, 56, 3).fin())
}

func TestAnyRollFinishes(t *testing.T) {
	r := withRules(Classic(), func(r *Rules) { r.Finish = AnyRollFinishes })
	s := buildPos(t, r, testPos{die: 5, tok: map[Color][]int{Red: {53}}})
	assertLegal(t, s, stepMv(Red, 0, 53, 56, 5).fin())
	n := playToken(t, s, 0)
	assert.Equal(t, 56, n.Progress(Red, 0))
}

// ---------------------------------------------------------------------
// Rule C6, ruling Q10: places and the end of the game.

func TestFirstPlaceThenPlayOn(t *testing.T) {
	for _, p := range bothPresets {
		t.Run(p.name, func(t *testing.T) {
			s := buildPos(t, p.rules, testPos{die: 1, tok: map[Color][]int{Red: {56, 56, 56, 55}, Green: {3}}})
			assertLegal(t, s, stepMv(Red, 3, 55, 56, 1).fin())
			n := playToken(t, s, 3)
			assert.Equal(t, 1, n.Place(Red))
			w, ok := n.Winner()
			assert.True(t, ok)
			assert.Equal(t, Red, w)
			assert.Equal(t, []Color{Red}, n.Ranking())
			assert.Equal(t, PhaseRoll, n.Phase(), "play goes on for the other places")
			assert.Equal(t, Green, n.Turn())
			for _, c := range []Color{Green, Yellow, Blue} {
				assert.Zero(t, n.Place(c))
			}
		})
	}
}

func TestPlayForAllPlaces(t *testing.T) {
	r := withRules(Classic(), func(r *Rules) { r.Players = 3 })
	s := buildPos(t, r, testPos{turn: Green, die: 1, ranking: []Color{Red}, tok: map[Color][]int{
		Red: {56, 56, 56, 56}, Green: {56, 56, 56, 55}, Yellow: {56, 56, 56, 20},
	}})
	n := playToken(t, s, 3)
	assert.Equal(t, PhaseOver, n.Phase(), "one player left: the game ends (ruling Q10)")
	assert.Equal(t, []Color{Red, Green, Yellow}, n.Ranking())
	assert.Equal(t, 2, n.Place(Green))
	assert.Equal(t, 3, n.Place(Yellow), "the last player takes last place")
	assert.Equal(t, Green, n.Turn(), "the turn stays with the colour that moved last")
	assert.Zero(t, n.Die())
	assert.Zero(t, n.Streak())
	assert.Empty(t, n.LegalMoves())
	_, err := n.Roll(2)
	assert.ErrorIs(t, err, ErrGameOver)
}

func TestPlayForAllPlacesFourPlayers(t *testing.T) {
	s := buildPos(t, Mongolian(), testPos{turn: Blue, die: 2, ranking: []Color{Green}, tok: map[Color][]int{
		Green: {56, 56, 56, 56}, Blue: {56, 56, 54, 56}, Red: {30}, Yellow: {40},
	}})
	n := playToken(t, s, 2)
	assert.Equal(t, PhaseRoll, n.Phase(), "two players still play")
	assert.Equal(t, []Color{Green, Blue}, n.Ranking())
	assert.Equal(t, Red, n.Turn())
	// Red finishes next: Yellow is left and takes fourth place.
	u := n.Setup()
	u.Tokens[Red] = [4]int{56, 56, 56, 50}
	u.Die, u.Streak = 6, 1
	s, err := u.State()
	require.NoError(t, err)
	n = playToken(t, s, 3)
	assert.Equal(t, PhaseOver, n.Phase())
	assert.Equal(t, []Color{Green, Blue, Red, Yellow}, n.Ranking())
}

func TestFirstWinner(t *testing.T) {
	for _, p := range bothPresets {
		r := withRules(p.rules, func(r *Rules) { r.End = FirstWinner })
		s := buildPos(t, r, testPos{die: 1, tok: map[Color][]int{Red: {56, 56, 56, 55}, Green: {3}}})
		n := playToken(t, s, 3)
		assert.Equal(t, PhaseOver, n.Phase(), p.name)
		assert.Equal(t, []Color{Red}, n.Ranking())
		assert.Equal(t, 1, n.Place(Red))
		assert.Zero(t, n.Place(Green))
		_, err := n.Roll(3)
		assert.ErrorIs(t, err, ErrGameOver)
		_, err = n.Apply(mustTokenMove(t, buildPos(t, r, testPos{turn: Green, die: 3, tok: map[Color][]int{Green: {3}}}), 0))
		assert.ErrorIs(t, err, ErrGameOver)
	}
}

// TestShortIsNotFinished holds rule T2's quick test of the mover, short,
// to finished (rule C6): where a token is done only at the finish, short
// is exactly not finished, and under GoalSlots it never claims a colour
// short; for every colour's token bytes of the values round doneFrom and
// the finish (bytes of tokens not in play included), under every preset,
// Uckers finishing with fewer tokens (FinishTokens), with fewer tokens,
// and with goal slots.
func TestShortIsNotFinished(t *testing.T) {
	uckers, _ := Preset("uckers")
	var rules []Rules
	for _, name := range Presets() {
		r, _ := Preset(name)
		rules = append(rules, r)
	}
	for k := 1; k < 4; k++ {
		rules = append(rules, withRules(uckers, func(r *Rules) { r.FinishTokens, r.End = k, FirstWinner }))
	}
	rules = append(rules,
		withRules(uckers, func(r *Rules) { r.Tokens = 2 }),
		withRules(uckers, func(r *Rules) { r.Goal, r.HomeJumps = GoalSlots, HomeJumpsAllowed }))
	for _, r := range rules {
		s, err := New(r)
		require.NoError(t, err, "%v", r)
		rs := s.rs
		vals := []uint8{0, 1, rs.doneFrom - 1, rs.doneFrom, rs.doneFrom + 1, rs.finish, rs.finish + 1, rs.finish + 2, 255}
		slots, n := rs.doneFrom != rs.finish, 0
		for _, a := range vals {
			for _, b := range vals {
				for _, c := range vals {
					for _, d := range vals {
						col := Color(n % MaxPlayers)
						n++
						s.tok[col] = [MaxTokens]uint8{a, b, c, d}
						if short, done := s.short(col), s.finished(col); slots && short || !slots && short == done {
							t.Fatalf("%v: tokens %v: short %v, finished %v", r, s.tok[col], short, done)
						}
					}
				}
			}
		}
	}
}

// TestTeamLiveNextSeat holds teamLive (rule T1) to what nextTurn needs
// of it: the next seat after the turn among what it returns is the next
// among live less every finished colour, for every turn, set of colours
// still playing and set of finished colours, under pachisi (Partners),
// six players of partners, and goal slots (finished by its count).
func TestTeamLiveNextSeat(t *testing.T) {
	pachisi, _ := Preset("pachisi")
	king6, _ := Preset("ludoking6")
	maedn, _ := Preset("maedn")
	for _, r := range []Rules{
		pachisi,
		withRules(king6, func(r *Rules) { r.Teams = Partners }),
		withRules(maedn, func(r *Rules) { r.Teams = Partners }),
	} {
		start, err := New(r)
		require.NoError(t, err, "%v", r)
		rs := start.rs
		home := rs.finish + 1
		seats, n := rs.seats, 0
		for done := range seats + 1 {
			if done&^seats != 0 {
				continue
			}
			s := start
			for c := range seats.All() {
				// A colour not finished has all but one token home.
				s.tok[c] = [MaxTokens]uint8{home, home - 1, home, 1}
				if done.Has(c) {
					s.tok[c] = [MaxTokens]uint8{home, home, home, home}
					if rs.doneFrom != rs.finish {
						s.tok[c] = [MaxTokens]uint8{home, home - 1, home - 2, home - 3}
					}
				}
				require.Equal(t, done.Has(c), s.finished(c), "%v: %v", r, s.tok[c])
			}
			for live := range seats + 1 {
				if live&^seats != 0 {
					continue
				}
				for turn := range seats.All() {
					s.turn = turn
					got := rs.nextSeat[turn][s.teamLive(live)&allColors]
					want := rs.nextSeat[turn][live&^done&allColors]
					n++
					if got != want {
						t.Fatalf("%v: turn %v, live %v, finished %v: teamLive's next seat %v, want %v", r, turn, live, done, got, want)
					}
				}
			}
		}
		require.Positive(t, n)
	}
}

// ---------------------------------------------------------------------
// Rules C7 and C8: entering needs a 6; a 6 moves or enters.

func TestEntryNeedsSix(t *testing.T) {
	for _, p := range bothPresets {
		t.Run(p.name, func(t *testing.T) {
			for d := 1; d <= 5; d++ {
				s := buildPos(t, p.rules, testPos{die: d})
				assertLegal(t, s, passMv(Red, d))
				assertTokenRefused(t, s, 0, "C7")
				n := playPass(t, s)
				assert.Equal(t, Green, n.Turn(), "no 6, no token in play: the turn passes")
				assert.Equal(t, yardBut(), progressOf(n, Red))
			}
			// With a token in play, the yard tokens still cannot enter.
			s := buildPos(t, p.rules, testPos{die: 5, tok: map[Color][]int{Red: {10}}})
			assertLegal(t, s, stepMv(Red, 0, 10, 15, 5))
			assertTokenRefused(t, s, 1, "C7")
		})
	}
}

func TestSixMovesOrEnters(t *testing.T) {
	for _, p := range bothPresets {
		t.Run(p.name, func(t *testing.T) {
			s := buildPos(t, p.rules, testPos{die: 6, tok: map[Color][]int{Red: {10}}})
			assertLegal(t, s, stepMv(Red, 0, 10, 16, 6), enterMv(Red, 1, 6))

			n := playToken(t, s, 1)
			assert.Equal(t, yardBut(10, 0), progressOf(n, Red), "the entering 6 does not also move the token")
			n = playToken(t, s, 0)
			assert.Equal(t, yardBut(16), progressOf(n, Red))
		})
	}
}

func TestEntryRollsOption(t *testing.T) {
	r := withRules(Classic(), func(r *Rules) { r.EntryRolls = FacesOf(1, 6) })
	s := buildPos(t, r, testPos{die: 1, tok: map[Color][]int{Red: {10}}})
	assertLegal(t, s, stepMv(Red, 0, 10, 11, 1), enterMv(Red, 1, 1))
	n := playToken(t, s, 1)
	assert.Equal(t, yardBut(10, 0), progressOf(n, Red))
	assert.Equal(t, Green, n.Turn(), "a 1 earns no bonus roll")

	s = buildPos(t, r, testPos{die: 3})
	assertTokenRefused(t, s, 0, "C7")

	// A move that enters on a 1 is refused where only a 6 enters.
	m := mustTokenMove(t, buildPos(t, r, testPos{die: 1}), 0)
	assertApplyRefused(t, buildPos(t, Classic(), testPos{die: 1}), m, "C7")
}

// ---------------------------------------------------------------------
// Rule C9: bonus rolls and the six limit; ruling Q2.

func TestBonusRollOnSix(t *testing.T) {
	for _, p := range bothPresets {
		t.Run(p.name, func(t *testing.T) {
			s := buildPos(t, p.rules, testPos{tok: map[Color][]int{Red: {10}}})
			s = mustRoll(t, s, 6)
			assert.Equal(t, 1, s.Streak())
			s = playToken(t, s, 0)
			assert.Equal(t, Red, s.Turn(), "a 6 earns another roll")
			assert.Equal(t, PhaseRoll, s.Phase())
			assert.Equal(t, 1, s.Streak())

			s = mustRoll(t, s, 6)
			assert.Equal(t, 2, s.Streak())
			s = playToken(t, s, 0)
			assert.Equal(t, Red, s.Turn())
			assert.Equal(t, 2, s.Streak())

			s = mustRoll(t, s, 2)
			s = playToken(t, s, 0)
			assert.Equal(t, yardBut(24), progressOf(s, Red))
			assert.Equal(t, Green, s.Turn(), "a 2 ends the turn")
			assert.Zero(t, s.Streak())
			assert.Equal(t, PhaseRoll, s.Phase())
		})
	}
}

func TestNoBonusWithoutSix(t *testing.T) {
	for d := 1; d <= 5; d++ {
		s := buildPos(t, Classic(), testPos{die: d, tok: map[Color][]int{Red: {10}}})
		n := playToken(t, s, 0)
		assert.Equal(t, Green, n.Turn(), "die %d", d)
		assert.Zero(t, n.Streak())
	}
}

func TestThirdSixForfeited(t *testing.T) {
	for _, p := range bothPresets {
		t.Run(p.name, func(t *testing.T) {
			s := buildPos(t, p.rules, testPos{tok: map[Color][]int{Red: {10}}})
			s = playToken(t, mustRoll(t, s, 6), 0) // 10-16
			s = playToken(t, mustRoll(t, s, 6), 1) // enters
			require.Equal(t, yardBut(16, 0), progressOf(s, Red))
			s = mustRoll(t, s, 6)
			assert.Equal(t, 3, s.Streak())
			assertLegal(t, s, passMv(Red, 6).forfeiting())
			for i := range 4 {
				assertTokenRefused(t, s, i, "C9")
			}
			n := mustApply(t, s, onlyMove(t, s))
			assert.Equal(t, yardBut(16, 0), progressOf(n, Red), "VoidRoll: the moves of the first two sixes stand")
			assert.Equal(t, Green, n.Turn(), "the turn passes at once")
			assert.Equal(t, PhaseRoll, n.Phase())
			assert.Zero(t, n.Streak())
		})
	}
}

func TestThirdSixAfterPasses(t *testing.T) {
	// Sixes that could not be used still count towards the limit.
	s := buildPos(t, Mongolian(), testPos{tok: map[Color][]int{Red: {56, 56, 56, 53}}})
	for k := 1; k <= 2; k++ {
		s = mustRoll(t, s, 6)
		assertLegal(t, s, passMv(Red, 6))
		s = playPass(t, s)
		assert.Equal(t, Red, s.Turn())
		assert.Equal(t, k, s.Streak())
	}
	s = mustRoll(t, s, 6)
	assertLegal(t, s, passMv(Red, 6).forfeiting())
	s = playPass(t, s)
	assert.Equal(t, Green, s.Turn())
}

func TestSixLimitOption(t *testing.T) {
	t.Run("limit 2", func(t *testing.T) {
		r := withRules(Classic(), func(r *Rules) { r.SixLimit = 2 })
		s := buildPos(t, r, testPos{tok: map[Color][]int{Red: {10}}})
		s = playToken(t, mustRoll(t, s, 6), 0)
		s = mustRoll(t, s, 6)
		assertLegal(t, s, passMv(Red, 6).forfeiting())
		s = playPass(t, s)
		assert.Equal(t, Green, s.Turn())
		assert.Equal(t, yardBut(16), progressOf(s, Red))
	})
	t.Run("no limit", func(t *testing.T) {
		r := withRules(Classic(), func(r *Rules) { r.SixLimit = 0 })
		s := buildPos(t, r, testPos{tok: map[Color][]int{Red: {0}}})
		for k := 1; k <= 5; k++ {
			s = mustRoll(t, s, 6)
			assert.Equal(t, k, s.Streak())
			s = playToken(t, s, 0)
			assert.Equal(t, Red, s.Turn())
		}
		assert.Equal(t, yardBut(30), progressOf(s, Red))
	})
	t.Run("limit 4", func(t *testing.T) {
		r := withRules(Classic(), func(r *Rules) { r.SixLimit = 4 })
		s := buildPos(t, r, testPos{tok: map[Color][]int{Red: {0}}})
		for range 3 {
			s = playToken(t, mustRoll(t, s, 6), 0)
		}
		s = mustRoll(t, s, 6)
		assertLegal(t, s, passMv(Red, 6).forfeiting())
	})
}

func TestBonusRollsOption(t *testing.T) {
	t.Run("none", func(t *testing.T) {
		r := withRules(Classic(), func(r *Rules) { r.BonusRolls = 0 })
		s := buildPos(t, r, testPos{tok: map[Color][]int{Red: {10}}})
		s = mustRoll(t, s, 6)
		assert.Zero(t, s.Streak())
		n := playToken(t, s, 0)
		assert.Equal(t, Green, n.Turn(), "no bonus rolls at all")
	})
	t.Run("on 5 and 6", func(t *testing.T) {
		r := withRules(Classic(), func(r *Rules) { r.BonusRolls = FacesOf(5, 6) })
		s := buildPos(t, r, testPos{tok: map[Color][]int{Red: {10}}})
		s = playToken(t, mustRoll(t, s, 5), 0)
		assert.Equal(t, Red, s.Turn())
		s = playToken(t, mustRoll(t, s, 6), 0)
		assert.Equal(t, Red, s.Turn())
		s = mustRoll(t, s, 5)
		assert.Equal(t, 3, s.Streak())
		assertLegal(t, s, passMv(Red, 5).forfeiting())
	})
}

func TestSixPenaltyVoidRollVersusUndoTurn(t *testing.T) {
	greenOn17 := sqProg(t, Green, 17)
	play := func(t *testing.T, r Rules) State {
		s := buildPos(t, r, testPos{tok: map[Color][]int{Red: {10}, Green: {greenOn17}}})
		s = mustRoll(t, s, 6)
		assertLegal(t, s, stepMv(Red, 0, 10, 16, 6).x(1), enterMv(Red, 1, 6))
		s = playToken(t, s, 0)
		require.Equal(t, yardBut(), progressOf(s, Green), "captured")
		s = playToken(t, mustRoll(t, s, 6), 1)
		require.Equal(t, yardBut(16, 0), progressOf(s, Red))
		s = mustRoll(t, s, 6)
		assertLegal(t, s, passMv(Red, 6).forfeiting())
		return playPass(t, s)
	}
	for _, p := range bothPresets {
		t.Run(p.name+"/VoidRoll", func(t *testing.T) {
			n := play(t, p.rules)
			assert.Equal(t, yardBut(16, 0), progressOf(n, Red))
			assert.Equal(t, yardBut(), progressOf(n, Green))
			assert.Equal(t, Green, n.Turn())
			assert.Zero(t, n.Streak())
		})
		t.Run(p.name+"/UndoTurn", func(t *testing.T) {
			r := withRules(p.rules, func(r *Rules) { r.SixPenalty = UndoTurn })
			n := play(t, r)
			assert.Equal(t, yardBut(10), progressOf(n, Red), "Red's tokens back where the turn began")
			assert.Equal(t, yardBut(greenOn17), progressOf(n, Green), "the captured token comes back")
			assert.Equal(t, Green, n.Turn())
			assert.Equal(t, PhaseRoll, n.Phase())
			assert.Zero(t, n.Streak())

			// The next turns start from the restored position, and a later
			// undo goes back only to the start of its own turn.
			n = playToken(t, mustRoll(t, n, 2), 0) // Green 3-5
			n = playPass(t, mustRoll(t, n, 1))     // Yellow
			n = playPass(t, mustRoll(t, n, 1))     // Blue
			require.Equal(t, Red, n.Turn())
			n = mustRoll(t, n, 6)
			assertLegal(t, n, stepMv(Red, 0, 10, 16, 6), enterMv(Red, 1, 6)) // Green has left square 17
			n = playToken(t, n, 0)
			n = playToken(t, mustRoll(t, n, 6), 1) // enters
			n = playPass(t, mustRoll(t, n, 6))
			assert.Equal(t, yardBut(10), progressOf(n, Red))
			assert.Equal(t, yardBut(greenOn17+2), progressOf(n, Green), "Green's own move stands")
			assert.Equal(t, Green, n.Turn())
		})
	}
}

// ---------------------------------------------------------------------
// Rule C10: a move if any, else a pass; ruling Q1: bonus after a pass.

func TestMustMoveIfPossible(t *testing.T) {
	s := buildPos(t, Classic(), testPos{die: 4, tok: map[Color][]int{Red: {10, 53}}})
	assertLegal(t, s, stepMv(Red, 0, 10, 14, 4))
	p := buildPos(t, Classic(), testPos{die: 4, tok: map[Color][]int{Red: {53}}})
	assertLegal(t, p, passMv(Red, 4))
	assertApplyRefused(t, s, onlyMove(t, p), "C10")
	pm := onlyMove(t, p)
	assert.Equal(t, -1, pm.Token())
	assert.Equal(t, -1, pm.From(), "a pass names no progress")
	assert.Equal(t, -1, pm.To(), "a pass names no progress")
	assert.Equal(t, Red, pm.Color())
}

func TestPassOnSixKeepsBonus(t *testing.T) {
	for _, p := range bothPresets {
		t.Run(p.name, func(t *testing.T) {
			s := buildPos(t, p.rules, testPos{die: 6, tok: map[Color][]int{Red: {56, 56, 56, 52}}})
			assertLegal(t, s, passMv(Red, 6))
			n := playPass(t, s)
			assert.Equal(t, Red, n.Turn(), "ruling Q1: the bonus roll is kept")
			assert.Equal(t, PhaseRoll, n.Phase())
			assert.Equal(t, 1, n.Streak())
			assert.Equal(t, []int{56, 56, 56, 52}, progressOf(n, Red))

			r := withRules(p.rules, func(r *Rules) { r.NoMoveForfeitsBonus = true })
			s = buildPos(t, r, testPos{die: 6, tok: map[Color][]int{Red: {56, 56, 56, 52}}})
			assertLegal(t, s, passMv(Red, 6))
			n = playPass(t, s)
			assert.Equal(t, Green, n.Turn(), "NoMoveForfeitsBonus: the turn passes")
			assert.Zero(t, n.Streak())

			s = buildPos(t, p.rules, testPos{die: 5, tok: map[Color][]int{Red: {56, 56, 56, 52}}})
			n = playPass(t, s)
			assert.Equal(t, Green, n.Turn(), "a pass on a 5 ends the turn")
		})
	}
}

// ---------------------------------------------------------------------
// Rule C11, rulings Q3 and Q4: captures.

func TestCapture(t *testing.T) {
	for _, p := range bothPresets {
		t.Run(p.name, func(t *testing.T) {
			g15 := sqProg(t, Green, 15)
			s := buildPos(t, p.rules, testPos{die: 4, tok: map[Color][]int{Red: {10}, Green: {g15, 20}}})
			assertLegal(t, s, stepMv(Red, 0, 10, 14, 4).x(1))
			n := playToken(t, s, 0)
			assert.Equal(t, yardBut(14), progressOf(n, Red))
			assert.Equal(t, yardBut(-1, 20), progressOf(n, Green), "sent back to its yard")
			_, k := n.Occupant(YardOf(Green))
			assert.Equal(t, 3, k)
			assert.Equal(t, Green, n.Turn())

			// Passing over a token does not capture it.
			s = buildPos(t, p.rules, testPos{die: 6, sixes: 1, tok: map[Color][]int{Red: {10, 56, 56, 56}, Green: {g15}}})
			assertLegal(t, s, stepMv(Red, 0, 10, 16, 6))
			n = playToken(t, s, 0)
			assert.Equal(t, yardBut(g15), progressOf(n, Green))

			// A token on its own start square is not safe.
			s = buildPos(t, p.rules, testPos{die: 3, tok: map[Color][]int{Red: {10}, Green: {0}}})
			assertLegal(t, s, stepMv(Red, 0, 10, 13, 3).x(1))
			n = playToken(t, s, 0)
			assert.Equal(t, yardBut(), progressOf(n, Green))

			// The captured token needs a 6 to come back.
			n = mustRoll(t, n, 5)
			assertLegal(t, n, passMv(Green, 5))
		})
	}
}

func TestCaptureTwoOpponents(t *testing.T) {
	g15 := sqProg(t, Green, 15)
	tok := map[Color][]int{Red: {10}, Green: {g15, g15}}

	s := buildPos(t, Classic(), testPos{die: 4, tok: tok})
	assertLegal(t, s, stepMv(Red, 0, 10, 14, 4).x(2))
	n := playToken(t, s, 0)
	assert.Equal(t, yardBut(), progressOf(n, Green), "CaptureAll sends both home")
	m := mustTokenMove(t, s, 0)

	refused := withRules(Classic(), func(r *Rules) { r.MultiCapture = CaptureRefused })
	s = buildPos(t, refused, testPos{die: 4, tok: tok})
	assertLegal(t, s, passMv(Red, 4))
	assertTokenRefused(t, s, 0, "Q3")
	assertApplyRefused(t, s, m, "Q3")

	// A single opponent is still captured under CaptureRefused.
	s = buildPos(t, refused, testPos{die: 4, tok: map[Color][]int{Red: {10}, Green: {g15}}})
	assertLegal(t, s, stepMv(Red, 0, 10, 14, 4).x(1))

	// Three opponents.
	s = buildPos(t, Classic(), testPos{die: 4, tok: map[Color][]int{Red: {10}, Green: {g15, g15, 30, g15}}})
	assertLegal(t, s, stepMv(Red, 0, 10, 14, 4).x(3))
	n = playToken(t, s, 0)
	assert.Equal(t, []int{-1, -1, 30, -1}, progressOf(n, Green))

	// In the Mongolian game two opponents are a block: rule B2, not Q3.
	s = buildPos(t, Mongolian(), testPos{die: 4, tok: tok})
	assertLegal(t, s, passMv(Red, 4))
	assertTokenRefused(t, s, 0, "B2")
	assertApplyRefused(t, s, m, "B2")
}

func TestEnterCaptures(t *testing.T) {
	g1 := sqProg(t, Green, 1)
	for _, p := range bothPresets {
		t.Run(p.name, func(t *testing.T) {
			s := buildPos(t, p.rules, testPos{die: 6, tok: map[Color][]int{Green: {g1}}})
			assertLegal(t, s, enterMv(Red, 0, 6).x(1))
			n := playToken(t, s, 0)
			assert.Equal(t, yardBut(0), progressOf(n, Red))
			assert.Equal(t, yardBut(), progressOf(n, Green), "ruling Q4: captured on Red's start square")
			assert.Equal(t, Red, n.Turn())
			assert.Equal(t, 1, n.Streak())
		})
	}
	two := map[Color][]int{Green: {g1, g1}}
	s := buildPos(t, Classic(), testPos{die: 6, tok: two})
	assertLegal(t, s, enterMv(Red, 0, 6).x(2))
	m := mustTokenMove(t, s, 0)

	s = buildPos(t, withRules(Classic(), func(r *Rules) { r.MultiCapture = CaptureRefused }), testPos{die: 6, tok: two})
	assertLegal(t, s, passMv(Red, 6))
	assertTokenRefused(t, s, 0, "Q3")
	assertApplyRefused(t, s, m, "Q3")
}

// ---------------------------------------------------------------------
// Rules B1 to B3, ruling Q7: blocks.

func TestBlockForms(t *testing.T) {
	s := buildPos(t, Mongolian(), testPos{die: 4, tok: map[Color][]int{Red: {10, 14}}})
	assertLegal(t, s, stepMv(Red, 0, 10, 14, 4).block(), stepMv(Red, 1, 14, 18, 4))
	n := playToken(t, s, 0)
	c, k := n.Occupant(TrackSquare(15))
	assert.Equal(t, Red, c)
	assert.Equal(t, 2, k)
	assert.Equal(t, map[Square]Color{TrackSquare(15): Red}, blocksOf(n))
	assert.Contains(t, mustTokenMove(t, s, 0).String(), " block")

	// In the classic game the same move forms nothing.
	s = buildPos(t, Classic(), testPos{die: 4, tok: map[Color][]int{Red: {10, 14}}})
	assertLegal(t, s, stepMv(Red, 0, 10, 14, 4), stepMv(Red, 1, 14, 18, 4))
	n = playToken(t, s, 0)
	assert.Empty(t, blocksOf(n))
}

// blocksOf collects State.Blocks, checking its order on the way.
func blocksOf(s State) map[Square]Color {
	out := map[Square]Color{}
	last := 0
	for sq, c := range s.Blocks() {
		if sq.N() <= last {
			panic("Blocks out of order")
		}
		last = sq.N()
		out[sq] = c
	}
	return out
}

func TestBlocksIterator(t *testing.T) {
	g20 := sqProg(t, Green, 20)
	tok := map[Color][]int{Red: {12, 12, 52, 52}, Green: {g20, g20, g20}, Blue: {3}}
	s := buildPos(t, Mongolian(), testPos{tok: tok})
	assert.Equal(t, map[Square]Color{TrackSquare(13): Red, TrackSquare(20): Green}, blocksOf(s),
		"blocks only on track squares (ruling Q7); two Red tokens in the home column are none")
	var got []Square
	for sq := range s.Blocks() {
		got = append(got, sq)
		break
	}
	assert.Equal(t, []Square{TrackSquare(13)}, got, "Blocks stops when asked")
	s = buildPos(t, Classic(), testPos{tok: tok})
	assert.Empty(t, blocksOf(s), "no blocks in the classic game")
}

// TestPartnersOpponentsColourByColour: with partners (rule T1) and
// CaptureRefused (ruling Q3), red lands on square 15, where green and
// blue, partners, share the square with one token each: the landing is
// judged colour by colour (victims), and one token of a colour is
// captured, so both go to their yards. (victims judges the opponents at
// once only where, the mover's partners taken out, they are of one
// colour: judged as one, two colours' tokens would count two of a
// colour and refuse the move.)
func TestPartnersOpponentsColourByColour(t *testing.T) {
	s := MustParsePosition("rules classic{Teams:Partners MultiCapture:CaptureRefused}\nred 10\ngreen @15\nblue @15\nturn red\ndie 4")
	legal := s.LegalMoves()
	require.Len(t, legal, 1, "%v", legal)
	m := legal[0]
	assert.Equal(t, 14, m.To(), "%v", m)
	assert.Equal(t, 2, m.NumCaptured(), "%v", m)
	after, err := s.Apply(m)
	require.NoError(t, err)
	assert.Equal(t, MustParsePosition("rules classic{Teams:Partners MultiCapture:CaptureRefused}\nred 14\nturn green"), after)
}

func TestOpponentBlock(t *testing.T) {
	g15 := sqProg(t, Green, 15)
	for _, blocks := range []BlockRule{BlocksStopOpponents, BlocksStopAll} {
		r := withRules(Classic(), func(r *Rules) { r.Blocks = blocks })
		t.Run(blocks.String(), func(t *testing.T) {
			tok := map[Color][]int{Red: {12}, Green: {g15, g15}} // Red on 13, Green block on 15
			s := buildPos(t, r, testPos{die: 2, tok: tok})
			assertLegal(t, s, passMv(Red, 2))
			assertTokenRefused(t, s, 0, "B2") // may not land
			for _, d := range []int{3, 4, 5} {
				s = buildPos(t, r, testPos{die: d, tok: tok})
				assertLegal(t, s, passMv(Red, d))
				assertTokenRefused(t, s, 0, "B2") // may not pass
			}
			s = buildPos(t, r, testPos{die: 6, tok: tok})
			assertLegal(t, s, enterMv(Red, 1, 6))
			assertTokenRefused(t, s, 0, "B2")
			s = buildPos(t, r, testPos{die: 1, tok: tok})
			assertLegal(t, s, stepMv(Red, 0, 12, 13, 1)) // may stop short

			// The same move, legal in the classic game, is refused here.
			m := mustTokenMove(t, buildPos(t, Classic(), testPos{die: 4, tok: tok}), 0)
			assertApplyRefused(t, buildPos(t, r, testPos{die: 4, tok: tok}), m, "B2")

			// Three tokens are a block too.
			tok3 := map[Color][]int{Red: {12}, Green: {g15, g15, g15}}
			s = buildPos(t, r, testPos{die: 4, tok: tok3})
			assertLegal(t, s, passMv(Red, 4))
			assertTokenRefused(t, s, 0, "B2")

			// The owner may land on its own block, and pass it unless
			// BlocksStopAll. Green's block is on its progress 10.
			own := map[Color][]int{Green: {8, 10, 10}}
			s = buildPos(t, r, testPos{turn: Green, die: 2, tok: own})
			assertLegal(t, s, stepMv(Green, 0, 8, 10, 2).block(), stepMv(Green, 1, 10, 12, 2))
			s = buildPos(t, r, testPos{turn: Green, die: 3, tok: own})
			if blocks == BlocksStopOpponents {
				assertLegal(t, s, stepMv(Green, 0, 8, 11, 3), stepMv(Green, 1, 10, 13, 3))
			} else {
				assertLegal(t, s, stepMv(Green, 1, 10, 13, 3))
				assertTokenRefused(t, s, 0, "B2")
			}
		})
	}
}

func TestClassicSameColourIsNoBlock(t *testing.T) {
	g15 := sqProg(t, Green, 15)
	tok := map[Color][]int{Red: {12}, Green: {g15, g15}}
	s := buildPos(t, Classic(), testPos{die: 5, tok: tok})
	assertLegal(t, s, stepMv(Red, 0, 12, 17, 5))
	n := playToken(t, s, 0)
	assert.Equal(t, yardBut(g15, g15), progressOf(n, Green))
	s = buildPos(t, Classic(), testPos{die: 2, tok: tok})
	assertLegal(t, s, stepMv(Red, 0, 12, 14, 2).x(2))
}

func TestBlocksStopAllOwnBlock(t *testing.T) {
	r := withRules(Classic(), func(r *Rules) { r.Blocks = BlocksStopAll })
	tok := map[Color][]int{Red: {10, 12, 12}} // own block on square 13
	s := buildPos(t, r, testPos{die: 6, tok: tok})
	assertLegal(t, s, stepMv(Red, 1, 12, 18, 6), enterMv(Red, 3, 6))
	assertTokenRefused(t, s, 0, "B2")
	s = buildPos(t, r, testPos{die: 2, tok: tok})
	assertLegal(t, s, stepMv(Red, 0, 10, 12, 2).block(), stepMv(Red, 1, 12, 14, 2))

	// Under BlocksStopOpponents the owner passes its own block.
	s = buildPos(t, Mongolian(), testPos{die: 6, tok: tok})
	assertLegal(t, s, stepMv(Red, 0, 10, 16, 6), stepMv(Red, 1, 12, 18, 6), enterMv(Red, 3, 6))
}

// TestBlockBeforeHomeColumn: a move that turns into the home column still
// passes the track squares before it, and a block there stops it.
func TestBlockBeforeHomeColumn(t *testing.T) {
	g50 := sqProg(t, Green, 50) // Red's progress 49
	tok := map[Color][]int{Red: {47}, Green: {g50, g50}}
	for _, blocks := range []BlockRule{BlocksStopOpponents, BlocksStopAll} {
		r := withRules(Classic(), func(r *Rules) { r.Blocks = blocks })
		t.Run(blocks.String(), func(t *testing.T) {
			for _, d := range []int{2, 3, 4, 5} { // onto the block, past it to 50 (track), 51 and 52 (home column)
				s := buildPos(t, r, testPos{die: d, tok: tok})
				assertLegal(t, s, passMv(Red, d))
				assertTokenRefused(t, s, 0, "B2")
			}
			s := buildPos(t, r, testPos{die: 1, tok: tok})
			assertLegal(t, s, stepMv(Red, 0, 47, 48, 1))
		})
	}
	// Own block under BlocksStopAll.
	r := withRules(Classic(), func(r *Rules) { r.Blocks = BlocksStopAll })
	s := buildPos(t, r, testPos{die: 5, tok: map[Color][]int{Red: {47, 49, 49}}})
	assertLegal(t, s, stepMv(Red, 1, 49, 54, 5))
	assertTokenRefused(t, s, 0, "B2")
	// In the classic game nothing stops it.
	s = buildPos(t, Classic(), testPos{die: 5, tok: tok})
	assertLegal(t, s, stepMv(Red, 0, 47, 52, 5))
}

func TestBlockOnStartSquare(t *testing.T) {
	g1 := sqProg(t, Green, 1)
	for _, blocks := range []BlockRule{BlocksStopOpponents, BlocksStopAll} {
		r := withRules(Classic(), func(r *Rules) { r.Blocks = blocks })
		t.Run(blocks.String(), func(t *testing.T) {
			// An opponent's block on Red's start square stops Red's entry
			// (ruling Q7); the 6 that cannot be used keeps its bonus (Q1).
			s := buildPos(t, r, testPos{die: 6, tok: map[Color][]int{Green: {g1, g1}}})
			assertLegal(t, s, passMv(Red, 6))
			assertTokenRefused(t, s, 0, "B2")
			n := playPass(t, s)
			assert.Equal(t, Red, n.Turn())
			assert.Equal(t, PhaseRoll, n.Phase())

			// Red's own block there does not stop Red.
			s = buildPos(t, r, testPos{die: 6, tok: map[Color][]int{Red: {0, 0}}})
			assertLegal(t, s, stepMv(Red, 0, 0, 6, 6), enterMv(Red, 2, 6).block())
			n = playToken(t, s, 2)
			assert.Equal(t, []int{0, 0, 0, -1}, progressOf(n, Red))

			// A block just past the start square: entering passes nothing.
			g2 := sqProg(t, Green, 2)
			s = buildPos(t, r, testPos{die: 6, tok: map[Color][]int{Green: {g2, g2}}})
			assertLegal(t, s, enterMv(Red, 0, 6))
		})
	}
}

func TestBlockMovesOneTokenAtATime(t *testing.T) {
	s := buildPos(t, Mongolian(), testPos{die: 6, sixes: 1, tok: map[Color][]int{Red: {10, 10, 56, 56}}})
	assertLegal(t, s, stepMv(Red, 0, 10, 16, 6))
	n := playToken(t, s, 0)
	assert.Equal(t, []int{16, 10, 56, 56}, progressOf(n, Red), "only one token of the block moves")
	assert.Empty(t, blocksOf(n), "the block is broken")

	// A broken block no longer stops an opponent.
	u := n.Setup()
	u.Turn, u.Die, u.Streak = Blue, 4, 0
	u.Tokens[Blue][0] = sqProg(t, Blue, 9)
	b, err := u.State()
	require.NoError(t, err)
	assertLegal(t, b, stepMv(Blue, 0, sqProg(t, Blue, 9), sqProg(t, Blue, 13), 4))
}

func TestFinishedTokenNeverMoves(t *testing.T) {
	for _, f := range []FinishRule{ExactFinish, BounceFinish, AnyRollFinishes} {
		for _, p := range bothPresets {
			r := withRules(p.rules, func(r *Rules) { r.Finish = f })
			for d := 1; d <= 6; d++ {
				s := buildPos(t, r, testPos{die: d, tok: map[Color][]int{Red: {56, 10, 56, 56}}})
				assertLegal(t, s, stepMv(Red, 1, 10, 10+d, d))
				assertTokenRefused(t, s, 0, "B3")
			}
		}
	}
}

// ---------------------------------------------------------------------
// Rulings Q6, Q8, Q9, Q11.

func TestLastTokenHomeNoBonus(t *testing.T) {
	for _, p := range bothPresets {
		t.Run(p.name, func(t *testing.T) {
			s := buildPos(t, p.rules, testPos{die: 6, tok: map[Color][]int{Red: {56, 56, 56, 50}}})
			assertLegal(t, s, stepMv(Red, 3, 50, 56, 6).fin())
			n := playToken(t, s, 3)
			assert.Equal(t, 1, n.Place(Red))
			assert.Equal(t, Green, n.Turn(), "ruling Q6: no bonus roll with nothing left")
			assert.Equal(t, PhaseRoll, n.Phase())
			assert.Zero(t, n.Streak())

			// Not the last token: the 6 earns its bonus roll.
			s = buildPos(t, p.rules, testPos{die: 6, tok: map[Color][]int{Red: {56, 56, 50}}})
			assertLegal(t, s, stepMv(Red, 2, 50, 56, 6).fin(), enterMv(Red, 3, 6))
			n = playToken(t, s, 2)
			assert.Zero(t, n.Place(Red))
			assert.Equal(t, Red, n.Turn())
			assert.Equal(t, 1, n.Streak())
		})
	}
}

func TestHomeColumnShareAndPass(t *testing.T) {
	for _, p := range bothPresets {
		t.Run(p.name, func(t *testing.T) {
			// Share a home square: never a block, even with blocks on.
			s := buildPos(t, p.rules, testPos{die: 2, tok: map[Color][]int{Red: {52, 50}}})
			assertLegal(t, s, stepMv(Red, 0, 52, 54, 2), stepMv(Red, 1, 50, 52, 2))
			n := playToken(t, s, 1)
			assert.Equal(t, yardBut(52, 52), progressOf(n, Red))
			c, k := n.Occupant(HomeSquare(Red, 2))
			assert.Equal(t, Red, c)
			assert.Equal(t, 2, k)
			assert.Empty(t, blocksOf(n))

			// Pass another token in the home column.
			s = buildPos(t, p.rules, testPos{die: 4, tok: map[Color][]int{Red: {51, 53}}})
			assertLegal(t, s, stepMv(Red, 0, 51, 55, 4))
			assertTokenRefused(t, s, 1, "C5")
		})
	}
	// Under BlocksStopAll too: two tokens in the home column are no block.
	r := withRules(Classic(), func(r *Rules) { r.Blocks = BlocksStopAll })
	s := buildPos(t, r, testPos{die: 3, tok: map[Color][]int{Red: {51, 52, 52}}})
	assertLegal(t, s, stepMv(Red, 0, 51, 54, 3), stepMv(Red, 1, 52, 55, 3))
}

func TestOwnLanding(t *testing.T) {
	// Classic default: landing on one's own token is allowed (ruling Q11).
	s := buildPos(t, Classic(), testPos{die: 4, tok: map[Color][]int{Red: {10, 14}}})
	n := playToken(t, s, 0)
	assert.Equal(t, yardBut(14, 14), progressOf(n, Red))

	forbid := withRules(Classic(), func(r *Rules) { r.OwnLanding = OwnLandingForbidden })
	s = buildPos(t, forbid, testPos{die: 4, tok: map[Color][]int{Red: {10, 14}}})
	assertLegal(t, s, stepMv(Red, 1, 14, 18, 4))
	assertTokenRefused(t, s, 0, "Q11")
	assertApplyRefused(t, s, mustTokenMove(t, buildPos(t, Classic(), testPos{die: 4, tok: map[Color][]int{Red: {10, 14}}}), 0), "Q11")

	// Entering onto one's own token.
	s = buildPos(t, forbid, testPos{die: 6, tok: map[Color][]int{Red: {0}}})
	assertLegal(t, s, stepMv(Red, 0, 0, 6, 6))
	assertTokenRefused(t, s, 1, "Q11")

	// In the home column (ruling Q8); passing is still allowed.
	s = buildPos(t, forbid, testPos{die: 2, tok: map[Color][]int{Red: {52, 50}}})
	assertLegal(t, s, stepMv(Red, 0, 52, 54, 2))
	assertTokenRefused(t, s, 1, "Q11")
	s = buildPos(t, forbid, testPos{die: 4, tok: map[Color][]int{Red: {51, 53}}})
	assertLegal(t, s, stepMv(Red, 0, 51, 55, 4))

	// The finish is exempt.
	s = buildPos(t, forbid, testPos{die: 3, tok: map[Color][]int{Red: {56, 53}}})
	assertLegal(t, s, stepMv(Red, 1, 53, 56, 3).fin())

	// Capturing is unaffected.
	s = buildPos(t, forbid, testPos{die: 4, tok: map[Color][]int{Red: {10}, Green: {sqProg(t, Green, 15)}}})
	assertLegal(t, s, stepMv(Red, 0, 10, 14, 4).x(1))
}

func TestAlikeTokensListedOnce(t *testing.T) {
	for _, p := range bothPresets {
		t.Run(p.name, func(t *testing.T) {
			s := buildPos(t, p.rules, testPos{die: 6, tok: map[Color][]int{Red: {10, 20, 10}}})
			assertLegal(t, s, stepMv(Red, 0, 10, 16, 6), stepMv(Red, 1, 20, 26, 6), enterMv(Red, 3, 6))

			// Apply accepts the same move by the other token on the square.
			m2 := mustTokenMove(t, s, 2)
			assert.Equal(t, stepMv(Red, 2, 10, 16, 6), testMoveDesc(m2))
			n := mustApply(t, s, m2)
			assert.Equal(t, []int{10, 20, 16, -1}, progressOf(n, Red))
			n = mustApply(t, s, s.LegalMoves()[0])
			assert.Equal(t, []int{16, 20, 10, -1}, progressOf(n, Red))

			// Four tokens in the yard: one entry listed, any accepted.
			s = buildPos(t, p.rules, testPos{die: 6})
			assertLegal(t, s, enterMv(Red, 0, 6))
			n = mustApply(t, s, mustTokenMove(t, s, 3))
			assert.Equal(t, []int{-1, -1, -1, 0}, progressOf(n, Red))

			// Alike tokens in the home column.
			s = buildPos(t, p.rules, testPos{die: 1, tok: map[Color][]int{Red: {56, 53, 53, 56}}})
			assertLegal(t, s, stepMv(Red, 1, 53, 54, 1))
		})
	}
}

// ---------------------------------------------------------------------
// Rule C1: fewer tokens.

func TestFewerTokens(t *testing.T) {
	r := withRules(Classic(), func(r *Rules) { r.Tokens = 2 })
	s, err := New(r)
	require.NoError(t, err)
	assert.Equal(t, []int{-1, -1}, progressOf(s, Red))
	assert.Equal(t, -1, s.Progress(Red, 2), "no third token")
	_, k := s.Occupant(YardOf(Red))
	assert.Equal(t, 2, k)

	s = buildPos(t, r, testPos{die: 1, tok: map[Color][]int{Red: {56, 55}}})
	assertLegal(t, s, stepMv(Red, 1, 55, 56, 1).fin())
	n := playToken(t, s, 1)
	assert.Equal(t, 1, n.Place(Red), "two tokens home is all of them")
	assert.Equal(t, Green, n.Turn())

	r1 := withRules(Mongolian(), func(r *Rules) { r.Tokens, r.Players = 1, 2 })
	s = buildPos(t, r1, testPos{die: 6})
	assertLegal(t, s, enterMv(Red, 0, 6))
	s = buildPos(t, r1, testPos{turn: Yellow, die: 2, tok: map[Color][]int{Yellow: {54}}})
	n = playToken(t, s, 0)
	assert.Equal(t, PhaseOver, n.Phase())
	assert.Equal(t, []Color{Yellow, Red}, n.Ranking())
}

// ---------------------------------------------------------------------
// Larger boards.

// TestLargeBoard plays on the largest track Validate accepts, where
// progress goes past 127.
func TestLargeBoard(t *testing.T) {
	r := withRules(Classic(), func(r *Rules) {
		r.Board = Board{Arms: 4, Track: 128, StartSpacing: 32, HomeEntry: 127, HomeColumn: 5}
	})
	require.NoError(t, r.Validate())
	s := buildPos(t, r, testPos{die: 3, tok: map[Color][]int{Red: {126}}})
	assertLegal(t, s, stepMv(Red, 0, 126, 129, 3))
	n := playToken(t, s, 0)
	assert.Equal(t, 129, n.Progress(Red, 0))
	assert.Equal(t, HomeSquare(Red, 2), n.Square(Red, 0))

	s = buildPos(t, r, testPos{die: 4, tok: map[Color][]int{Red: {129}}})
	assertLegal(t, s, stepMv(Red, 0, 129, 133, 4).fin())
	n = playToken(t, s, 0)
	assert.Equal(t, 133, n.Progress(Red, 0))
}

func TestSmallBoard(t *testing.T) {
	r := withRules(Classic(), func(r *Rules) {
		r.Board = Board{Arms: 4, Track: 8, StartSpacing: 2, HomeEntry: 6, HomeColumn: 0}
	})
	require.NoError(t, r.Validate())
	require.Equal(t, 7, r.Board.Finish())
	// Green (start square 3) at progress 4 on square 7; Red at 5 (square 6)
	// with a 1 lands on it; with a 2 finishes (HomeColumn 0).
	s := buildPos(t, r, testPos{die: 1, tok: map[Color][]int{Red: {5}, Green: {4}}})
	assertLegal(t, s, stepMv(Red, 0, 5, 6, 1).x(1))
	s = buildPos(t, r, testPos{die: 2, tok: map[Color][]int{Red: {5}, Green: {4}}})
	assertLegal(t, s, stepMv(Red, 0, 5, 7, 2).fin())
	s = buildPos(t, r, testPos{die: 3, tok: map[Color][]int{Red: {5}, Green: {4}}})
	assertLegal(t, s, passMv(Red, 3))
}

// ---------------------------------------------------------------------
// Moves describe themselves.

func TestMoveString(t *testing.T) {
	c := Classic()
	tests := []struct {
		want string
		m    Move
	}{
		{"red 0: yard-0 enter", mustTokenMove(t, buildPos(t, c, testPos{die: 6}), 0)},
		{"red 2: 12-18", mustTokenMove(t, buildPos(t, c, testPos{die: 6, tok: map[Color][]int{Red: {-1, -1, 12}}}), 2)},
		{"red 1: 50-56 finish", mustTokenMove(t, buildPos(t, c, testPos{die: 6, tok: map[Color][]int{Red: {-1, 50}}}), 1)},
		{"green 3: 4-10 x1", mustTokenMove(t, buildPos(t, c, testPos{turn: Green, die: 6,
			tok: map[Color][]int{Green: {-1, -1, -1, 4}, Red: {sqProg(t, Red, 24)}}}), 3)},
		{"blue pass", onlyMove(t, buildPos(t, c, testPos{turn: Blue, die: 2}))},
		{"red pass (forfeit)", onlyMove(t, buildPos(t, c, testPos{die: 6, sixes: 3}))},
		{"red 0: 10-14 block", mustTokenMove(t, buildPos(t, Mongolian(), testPos{die: 4, tok: map[Color][]int{Red: {10, 14}}}), 0)},
		{"red 0: 53-54 bounce", mustTokenMove(t, buildPos(t, withRules(c, func(r *Rules) { r.Finish = BounceFinish }),
			testPos{die: 5, tok: map[Color][]int{Red: {53}}}), 0)},
		{"no move", Move{}},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, tt.m.String())
	}
}

func TestMoveCompare(t *testing.T) {
	s := buildPos(t, Classic(), testPos{die: 6, tok: map[Color][]int{Red: {10, 20}}})
	ms := s.LegalMoves()
	require.Len(t, ms, 3)
	assert.Equal(t, -1, ms[0].Compare(ms[1]))
	assert.Equal(t, 1, ms[2].Compare(ms[1]))
	assert.Equal(t, 0, ms[1].Compare(ms[1]))
	p := onlyMove(t, buildPos(t, Classic(), testPos{die: 6, sixes: 3}))
	assert.Equal(t, -1, p.Compare(ms[0]), "a pass (token -1) sorts first")
	g := mustTokenMove(t, buildPos(t, Classic(), testPos{turn: Green, die: 6}), 0)
	assert.Equal(t, 1, g.Compare(ms[2]), "by colour first")
	assert.Equal(t, 6, ms[0].Die())
}

// TestRulebookMatchesREADME keeps the rulebook in one place: the README's
// rulebook and options table, between their marker comments, must be
// exactly what rulebook.go and the option table write. Run with -update
// to rewrite them after changing the code.
func TestRulebookMatchesREADME(t *testing.T) {
	for _, part := range []struct{ file, marker, want string }{
		{"docs/rulebook.md", "rulebook", rulebookMarkdown()},
		{"docs/options.md", "options", optionsMarkdown()},
	} {
		data, err := os.ReadFile(part.file)
		require.NoError(t, err)
		doc := string(data)
		begin, end := "<!-- "+part.marker+": generated by go test -update -->\n", "<!-- end of "+part.marker+" -->"
		i, j := strings.Index(doc, begin), strings.Index(doc, end)
		require.True(t, i >= 0 && j > i, "%s has no %q section", part.file, part.marker)
		got := doc[i+len(begin) : j]
		if got == "\n"+part.want {
			continue
		}
		if *update {
			doc = doc[:i+len(begin)] + "\n" + part.want + doc[j:]
			require.NoError(t, os.WriteFile(part.file, []byte(doc), 0o644))
			continue
		}
		assert.Failf(t, "generated text out of date", "%s's %s differs from the code's: run go test -run TestRulebookMatchesREADME -update", part.file, part.marker)
	}
	_, ok := RuleTitle("Z99")
	assert.False(t, ok)
}

// TestRuleNumbersCited checks that every rule number the code cites, in
// refusals and errors, is in the rulebook, and that every rule of the
// rulebook is stated in the code or named by an option.
func TestRuleNumbersCited(t *testing.T) {
	letters := map[byte]bool{}
	for _, sec := range rulebook {
		for _, r := range sec.rules {
			letters[r.number[0]] = true
		}
	}
	family := ""
	for l := range letters {
		family += string(l)
	}
	cite := regexp.MustCompile(`"([` + family + `][0-9]+)"`)
	cited := map[string]bool{}
	files, err := filepath.Glob("*.go")
	require.NoError(t, err)
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") || f == "rulebook.go" { // the rulebook names every rule: the code must
			continue
		}
		data, err := os.ReadFile(f)
		require.NoError(t, err)
		for _, m := range cite.FindAllStringSubmatch(string(data), -1) {
			cited[m[1]] = true
			_, ok := RuleTitle(m[1])
			assert.True(t, ok, "%s cites rule %s, which the rulebook does not have", f, m[1])
		}
		comment := regexp.MustCompile(`\b([` + family + `][0-9]{1,2})\b`)
		for _, m := range comment.FindAllStringSubmatch(string(data), -1) {
			cited[m[1]] = true
		}
	}
	for _, sec := range rulebook {
		for _, r := range sec.rules {
			assert.True(t, cited[r.number], "rule %s %s is named nowhere in the code", r.number, r.title)
		}
	}
}

// TestTinyBoard plays on the smallest board Validate accepts, where the
// finish is 2 steps from the start: a die larger than the whole way must
// leave entering as the only move (rule C5), and a 1 or 2 must still move.
func TestTinyBoard(t *testing.T) {
	r := Classic()
	r.Board = Board{Arms: 4, Track: 8, StartSpacing: 2, HomeEntry: 1, HomeColumn: 0}
	require.NoError(t, r.Validate())
	s, err := New(r)
	require.NoError(t, err)
	u := s.Setup()
	u.Tokens[Red] = [4]int{0, 1, -1, 2}
	u.Die, u.Streak = 6, 1
	six, err := u.State()
	require.NoError(t, err)
	moves := six.LegalMoves()
	require.Len(t, moves, 1)
	assert.True(t, moves[0].Enters(), "%v", moves)
	u.Die, u.Streak = 1, 0
	one, err := u.State()
	require.NoError(t, err)
	assert.Len(t, one.LegalMoves(), 2, "0-1 and 1-2 finish") // token 1's 1-2 and token 0's 0-1
	u.Die = 2
	two, err := u.State()
	require.NoError(t, err)
	got := two.LegalMoves()
	require.Len(t, got, 1)
	assert.Equal(t, 2, got[0].To())
	// A random game on it ends.
	d := SeededDice(5)
	for n := 0; s.Phase() != PhaseOver; n++ {
		require.Less(t, n, 10000, "the game does not end:\n%v", s)
		s, err = s.Roll(d.Roll())
		require.NoError(t, err)
		s, err = s.Apply(s.LegalMoves()[0])
		require.NoError(t, err)
	}
}

// mustPreset returns the preset with the given name, or panics.
func mustPreset(name string) Rules {
	r, ok := Preset(name)
	if !ok {
		panic("no preset " + name)
	}
	return r
}

// allYard returns every token in its yard, then changed by f.
func allYard(f func(t *[MaxPlayers][MaxTokens]int)) [MaxPlayers][MaxTokens]int {
	var t [MaxPlayers][MaxTokens]int
	for c := range t {
		for i := range t[c] {
			t[c][i] = -1
		}
	}
	f(&t)
	return t
}

// TestBlocksOnSafeBenchesOnly: under BlocksOnSafe (rule S4) a pair is a
// block on a safe square only: State.Blocks lists red's pair on the bench
// (progress 7, square 8) and not its pair on square 11, and a move that
// lands on a pair off a bench forms no block.
func TestBlocksOnSafeBenchesOnly(t *testing.T) {
	r, _ := Preset("eilemitweile")
	s := buildPos(t, r, testPos{die: 3, tok: map[Color][]int{Red: {7, 7, 10, 10}}})
	var got []string
	for sq, c := range s.Blocks() {
		got = append(got, c.String()+" "+sq.String())
	}
	assert.Equal(t, []string{"red 8"}, got, "Blocks()")
	for _, m := range s.LegalMoves() {
		assert.False(t, m.FormsBlock() && m.To() != 7 && !r.Board.IsSafe(r.Board.Square(Red, m.To())), "%v forms a block off a bench", m)
	}
}

// With two dice the moves of the amounts due are judged where they
// become due and kept in the State (settle): what AppendLegalMoves lists
// from them is what appendDice judges from the position, at every
// position of random games under each two-dice preset and a few
// options beside them (rule T3's two colours each, stars, a sum of both
// dice on one token, tops and bottoms with the sum's entry); every move
// listed applies, and a State built again from its Setup keeps the same;
// the lanes kept in begin (lanesKept) do not change the Key; with no die
// played, the throw began where the tokens stand.
func TestSettledMovesAreJudgedMoves(t *testing.T) {
	var rules []Rules
	for _, name := range Presets() {
		if r, _ := Preset(name); r.TwoDice {
			rules = append(rules, r)
		}
	}
	for _, text := range []string{"uckers{Teams:TwoColorsEach}", "naija{Teams:TwoColorsEach SumMoves:true}",
		"danish{TwoDice:true SixLimit:3}", "parcheesi{DiceUse:LargerDie Players:2}", "naija{SumMoves:true BonusAnyDie:true CaptureRetires:false}",
		"uckers{CaptureBonus:20 HomeBonus:10}"} { // (rule U2 bars no bonus move: splitLanes)
		r, err := ParseRules(text)
		require.NoError(t, err, "%s", text)
		rules = append(rules, r)
	}
	// Under the rules of where the throw began (rules H5, U2), while a
	// roll is due and until a die of the throw is played, it begins, or
	// began, where the tokens stand: beginFree keeps the lanes in begin
	// on that ground.
	beganHere := func(s State) bool { return s.rs.feat&featSplit == 0 || s.diePlayed() || *s.began() == s.tok }
	for _, r := range rules {
		start, err := New(r)
		require.NoError(t, err, "%v", r)
		d, pick := SeededDice(5), rand.NewPCG(6, 7)
		positions := 0
		// The checks run on every position: they test with plain
		// comparisons, as require's calls (each a Helper call and its
		// stack walk, its arguments boxed) make this test 1.5 times slower.
		for range 8 {
			s := start
			for plies := 0; plies < 3000; plies++ {
				if !beganHere(s) {
					t.Fatalf("%v: a roll due, but the next throw begins elsewhere (%v)\n%v", r, s.begin, s)
				}
				if next, err := s.RollDice(d.RollDice()); err == nil {
					s = next
				} else if s.Phase() != PhaseMove {
					break
				}
				var buf [MaxMoves]Move
				got, want := s.LegalMoves(), s.appendDice(buf[:0])
				if !slices.Equal(got, want) {
					t.Fatalf("%v: settled moves %v, judged %v\n%v", r, got, want, s)
				}
				if u, err := s.Setup().State(); err != nil || u != s {
					t.Fatalf("%v: the State from its Setup differs (%v)\n%v\n%v", r, err, s, u)
				}
				if !beganHere(s) {
					t.Fatalf("%v: no die played, but the throw began elsewhere (%v)\n%v", r, s.begin, s)
				}
				for i, l := range s.moves { // settle marks the lanes of moves only (their valid bit): a lane of none stays 0
					if l != 0 && l&(uint32(flagValid)<<(mFlags-laneShift)) == 0 {
						t.Fatalf("%v: token %d's lane %#x is marked but holds no move\n%v", r, i, l, s)
					}
				}
				if u := s; s.lanesKept() {
					u.begin = [MaxPlayers][MaxTokens]uint8{}
					if s.flags&stateLanes != 0 { // where the throw began, which begin keeps again after a move
						u.begin, u.flags = u.tok, u.flags&^stateLanes
					}
					if u.Key() != s.Key() {
						t.Fatalf("%v: the lanes kept in begin change the Key\n%v", r, s)
					}
					// The other amount's lanes are kept as keptBits (a lane may
					// hold its amount above them): byte 3 is a move of both
					// dice's or 0.
					for k := range MaxTokens {
						if s.extra&extraDice != 0 && s.extra>>(settledBit[0][kindBoth]+uint8(k))&1 == 0 && s.begin[k][3] != 0 {
							t.Fatalf("%v: token %d's lane kept in begin %#x holds more than keptBits\n%v", r, k, s.begin[k], s)
						}
					}
				}
				if ds, n := s.dues(); s.due.head != 0 && s.otherOf() != otherDue(ds, n) { // (otherOf lists no amounts where both dice are due)
					t.Fatalf("%v: otherOf %#x, otherDue %#x\n%v", r, s.otherOf(), otherDue(ds, n), s)
				}
				// A head's move settle kept in moves, and where begin keeps
				// them (lanesKept) the other amount's and both dice's, is
				// never one rule U2 bars (applyDice takes them without
				// asking sumBarred).
				for k, l := range s.moves {
					h := s.head()
					if l != 0 && s.sumBarred(Move{h.base() | s.tokenPart(h.c(), k) | uint64(l&^settledLane)<<laneShift}) {
						t.Fatalf("%v: token %d's move of the head kept, but barred by rule U2\n%v", r, k, s)
					}
					if s.extra&extraDice == 0 || !s.lanesKept() {
						continue
					}
					if ds, n := s.dues(); s.extra>>(settledBit[0][kindOther]+uint8(k))&1 != 0 && s.sumBarred(s.otherMove(otherDue(ds, n), k)) {
						t.Fatalf("%v: token %d's move of the other amount kept, but barred by rule U2\n%v", r, k, s)
					}
					if s.extra>>(settledBit[0][kindBoth]+uint8(k))&1 != 0 && s.sumBarred(s.bothMove(s.bothDue(h.c()), k)) {
						t.Fatalf("%v: token %d's move of both dice kept, but barred by rule U2\n%v", r, k, s)
					}
				}
				for _, m := range got {
					if _, err := s.Apply(m); err != nil {
						t.Fatalf("%v: %v listed but refused: %v\n%v", r, m, err, s)
					}
				}
				s, _ = s.Apply(got[uint64(uint32(pick.Uint64()))*uint64(len(got))>>32])
				positions++
			}
		}
		assert.GreaterOrEqual(t, positions, 1000, "%v: only %d positions", r, positions)
	}
}

// playsInOrder reports whether moves, one an amount due in s, are played
// in their order: each listed after those before it (diceMoves), but for
// the amount it plays (a listed move stands for each amount of its
// face) and its token (a token alike, ruling Q9, stands for it).
func playsInOrder(s State, moves []Move) bool {
	for _, m := range moves {
		var buf [MaxMoves]Move
		found := false
		for _, l := range s.diceMoves(buf[:0]) {
			found = found || (l.v^m.v)&^(amountMask<<mAmount|0xf<<mToken) == 0
		}
		if !found || s.turn != m.Color() && s.rs.feat&featShare == 0 {
			return false
		}
		s.applyToken(m)
	}
	return true
}

// Move.order sorts as Move.Compare does.
func TestMoveOrderIsCompare(t *testing.T) {
	src := rand.NewPCG(8, 9)
	// A plain comparison, as require's call would cost more than the
	// check, 100,000 times.
	for range 100000 {
		a, b := Move{src.Uint64() &^ (1 << 63)}, Move{src.Uint64() &^ (1 << 63)}
		if src.Uint64()&1 == 0 { // mostly equal but for a few fields
			b.v = a.v ^ 1<<(src.Uint64()%63)
		}
		if got, want := cmp.Compare(a.order(), b.order()), a.Compare(b); got != want {
			t.Fatalf("%#x against %#x: order %d, Compare %d", a.v, b.v, got, want)
		}
	}
}

// tokenOrder sorts as Move.Compare does the moves sortToken orders: of
// one token from one square (its colour, token and progress from alike),
// of different kinds (see kindHead), so that they differ in the bits
// from the flags on (the amount, or both dice's flag), and where they
// differ nowhere else, tokenOrder must not tie.
func TestTokenOrderIsCompare(t *testing.T) {
	src := rand.NewPCG(10, 11)
	const same = 0xf<<mColor | 0xf<<mToken | 0xff<<mFrom // what one token's moves share
	kinds := [...]uint64{0, 1 << mAmount, uint64(flagBoth) << mFlags, 4 << mAmount, 5 << mAmount}
	// A plain comparison, as require's call would cost more than the
	// check, 100,000 times.
	for range 100000 {
		a := Move{src.Uint64() &^ (1<<63 | amountMask<<mAmount | uint64(flagBoth)<<mFlags)}
		b := Move{a.v&same | src.Uint64()&^(same|1<<63|amountMask<<mAmount|uint64(flagBoth)<<mFlags)}
		if src.Uint64()&1 == 0 { // mostly alike but for the kind and a field or two
			b.v = a.v ^ 1<<(src.Uint64()%63)&^(same|1<<63|amountMask<<mAmount|uint64(flagBoth)<<mFlags)
		}
		i := src.Uint64() % uint64(len(kinds))
		j := (i + 1 + src.Uint64()%uint64(len(kinds)-1)) % uint64(len(kinds))
		a.v, b.v = a.v|kinds[i], b.v|kinds[j]
		if got, want := cmp.Compare(tokenOrder(a), tokenOrder(b)), a.Compare(b); got != want || got == 0 {
			t.Fatalf("%#x against %#x: tokenOrder %d, Compare %d", a.v, b.v, got, want)
		}
	}
}

// untouched (rule W2's count of the dice without a copy) holds where it
// says a move stays legal: at every position of random games of two dice
// under every preset made to throw them (with what TwoDice does not play
// put right, as the two-dice properties draw them), and at every
// position rule W2 looks ahead to from one with more than two amounts
// due (tops and bottoms, rule H2), each move r that untouched keeps
// after move m is judged after m as it was before, and where
// bothPlayed says m plays both amounts due, diceAfter counts both; with
// more than two, where allPlayed says m plays them all, diceAfter counts
// them all and the moves it found are played in their order, and so for
// each move that reordered says plays them all too, played first.
func TestUntouchedMovesStayLegal(t *testing.T) {
	checked, none, all, reordered, useDice, stayed := 0, 0, 0, 0, 0, 0
	// check runs on every position of the games: it tests with plain
	// comparisons, as require's calls (each a Helper call and its stack
	// walk, its arguments boxed) make this test three times slower.
	var check func(name string, s State)
	check = func(name string, s State) {
		n := s.dueCount()
		if n < 2 || s.due.first() >= amountCapture {
			return
		}
		var buf [MaxMoves]Move
		moves := s.diceMoves(buf[:0])
		if n == 2 { // useDice keeps what diceAfter, each move played on a copy, shows rule W2 to keep
			var played [MaxMoves]int
			most, larger := 0, 0
			for k, m := range moves {
				played[k] = s.diceAfter(m)
				most = max(most, played[k])
			}
			if most == 1 && s.rs.rules.DiceUse == LargerDie {
				for _, m := range moves {
					larger = max(larger, m.Count())
				}
			}
			var want []Move
			for k, m := range moves {
				if played[k] == most && m.Count() >= larger {
					want = append(want, m)
				}
			}
			if got := s.useDice(slices.Clone(moves)); !slices.Equal(got, want) {
				t.Fatalf("%s: rule W2 keeps %v of %v, by diceAfter %v\n%v", name, got, moves, want, s)
			}
			useDice++
		}
		var both uint32 // the moves bothPlayed shows to play both amounts due
		if n == 2 {
			both = s.bothPlayed(moves)
		}
		for k, m := range moves {
			if n > 2 { // the position rule W2 looks ahead to (diceAfter)
				var chosen [maxDue]Move
				if ds, _ := s.dues(); s.allPlayed(m, moves, ds[:n], &chosen) {
					if got := s.diceAfter(m); got != n {
						t.Fatalf("%s: %v leaves every amount due playable, says allPlayed, but %d of %d by diceAfter\n%v", name, m, got, n, s)
					}
					all++
					if !playsInOrder(s, chosen[:n]) {
						t.Fatalf("%s: %v found by allPlayed, not played in that order\n%v", name, chosen[:n], s)
					}
					// The moves that the moves found show to play every
					// amount too, each first (reordered): of all moves,
					// not only those after m, as useDice asks; each
					// played first and the rest in their order.
					for also, k := s.reordered(moves, chosen[:n]), 0; also != 0; also, k = also>>1, k+1 {
						if also&1 == 0 {
							continue
						}
						if got := s.diceAfter(moves[k]); got != n {
							t.Fatalf("%s: %v leaves every amount due playable, say the moves %v found after %v, but %d of %d by diceAfter\n%v", name, moves[k], chosen[:n], m, got, n, s)
						}
						j := 1
						for (chosen[j].v^moves[k].v)&^(amountMask<<mAmount) != 0 {
							j++
						}
						seq := append(append([]Move{chosen[j]}, chosen[:j]...), chosen[j+1:n]...)
						if !playsInOrder(s, seq) {
							t.Fatalf("%s: %v, found by allPlayed after %v, not played in the order %v\n%v", name, chosen[:n], m, seq, s)
						}
						reordered++
					}
				}
				after := s
				after.applyToken(m)
				if after.turn == s.turn && after.due.head != 0 {
					check(name, after)
				}
				continue
			}
			for _, o := range moves {
				if !s.untouched(m, o) {
					continue
				}
				after := s
				after.applyToken(m)
				c, j := o.Color(), o.Token()
				for k := range j { // the token the judge judged (ruling Q9)
					if s.tok[c][k] == s.tok[c][j] {
						j = k
						break
					}
				}
				l, why := after.judge(o.due(), j, o.From())
				const judged = amountMask<<(mAmount-laneShift) | 1<<(mMate-laneShift) // what the amount adds
				if why.why != legal || l&^judged != o.lane()&^judged {
					t.Fatalf("%s: %v after %v judged %#x (%v), was %v\n%v", name, o, m, l, why, o, s)
				}
				checked++
			}
			if s.rs.ownFree && s.stillLegal(m) { // every other token's plain move of the colour, or move to its finish, stays legal after m (besideStill)
				for _, o := range moves {
					if (o.v^m.v)&(0xf<<mColor|1<<mMate) != 0 || o.Token() == m.Token() || o.BothDice() || o.flags()&^(flagValid|flagEnter|flagBlock|flagFinish) != 0 {
						continue
					}
					after := s
					after.applyToken(m)
					if _, why := after.judge(o.due(), o.Token(), o.From()); why.why != legal {
						t.Fatalf("%s: %v after %v refused (%v), says stillLegal\n%v", name, o, m, why, s)
					}
					stayed++
				}
			}
			ds, _ := s.dues()
			if other := ds[1-b2i(m.amount() == ds[1].k())]; s.following(m, other) {
				after := s
				after.applyToken(m)
				l, why := after.judge(other.withColor(m.Color(), m.v>>mMate&1 != 0), m.Token(), m.To())
				if want, _ := s.judge(other.withColor(m.Color(), m.v>>mMate&1 != 0), m.Token(), m.To()); why.why != legal || l != want {
					t.Fatalf("%s: after %v its token's move of %d judged %#x (%v), before it %#x\n%v", name, m, other.steps(), l, why, want, s)
				}
				checked++
			}
			if both>>k&1 != 0 {
				if got := s.diceAfter(m); got != 2 {
					t.Fatalf("%s: %v plays both amounts due, says bothPlayed, but %d by diceAfter\n%v", name, m, got, s)
				}
			}
			if s.noneAfter(m, moves) {
				if got := s.diceAfter(m); got != 1 {
					t.Fatalf("%s: %v plays one amount due, says noneAfter, but %d by diceAfter\n%v", name, m, got, s)
				}
				none++
			}
		}
	}
	// Every preset, and two colours each (rule T3), where a throw moves
	// the tokens of both colours (besideStill and besideApart tell them
	// apart by the mate bit).
	for _, name := range append(Presets(), "uckers{Teams:TwoColorsEach}", "parchis{Teams:TwoColorsEach}") {
		r, err := ParseRules(name)
		require.NoError(t, err, "%s", name)
		if !r.TwoDice {
			r.TwoDice = true
			r.SixValue, r.SixValueAlways, r.SixEntry, r.CaptureDuty = 6, false, SixEntersOne, CaptureOptional
			r.TowersTogether, r.RoundAgain, r.Decline, r.FirstEntryAny = false, false, false, false
			if r.Cowries {
				r.Cowries, r.EntryRolls, r.BonusRolls = false, FacesOf(6), FacesOf(6)
			}
			if r.Blocks == BlocksTowers {
				r.Blocks = BlocksStopOpponents
			}
		}
		start, err := New(r)
		require.NoError(t, err, "%s", name)
		d, pick := SeededDice(11), rand.NewPCG(12, 13)
		for range 20 {
			s := start
			for plies := 0; plies < 2000; plies++ {
				if next, err := s.RollDice(d.RollDice()); err == nil {
					s = next
				} else if s.Phase() != PhaseMove {
					break
				}
				check(name, s)
				legal := s.LegalMoves()
				s, _ = s.Apply(legal[uint64(uint32(pick.Uint64()))*uint64(len(legal))>>32])
			}
		}
	}
	assert.GreaterOrEqual(t, checked, 10000, "only %d moves checked", checked)
	assert.GreaterOrEqual(t, none, 1000, "only %d moves checked by noneAfter", none)
	assert.GreaterOrEqual(t, all, 1000, "only %d moves checked by allPlayed", all)
	assert.GreaterOrEqual(t, reordered, 1000, "only %d moves checked by reordered", reordered)
	assert.GreaterOrEqual(t, stayed, 10000, "only %d moves checked by stillLegal", stayed)
	assert.GreaterOrEqual(t, useDice, 10000, "only %d throws checked against diceAfter", useDice)
}

// TestNextDieFindsEveryBonusEarned checks nextDie where the last die due
// is played: it makes the first bonus move the throw earned due (rules
// P8, W4), a capture's before a token home's, at every count of each
// that amounts keeps (0 to 4), and reports none where none was earned
// (its test of earned's bits, which spares bonusNext's call).
func TestNextDieFindsEveryBonusEarned(t *testing.T) {
	r, ok := Preset("parcheesi")
	require.True(t, ok)
	start, err := New(r)
	require.NoError(t, err)
	for captures := range 5 {
		for home := range 5 {
			s := start
			s.due = amounts{head: uint32(dueOf(Color(0), 3, 3)), bonus: uint8(captures + bonusHome*home)} // the last die due, amount 0
			got := s.nextDie(Move{})
			require.Equal(t, captures+home > 0, got, "%d captures' and %d homes' bonus moves earned", captures, home)
			switch {
			case captures > 0:
				require.Equal(t, amountCapture, s.due.first(), "%d, %d", captures, home)
			case home > 0:
				require.Equal(t, amountHome, s.due.first(), "%d, %d", captures, home)
			}
		}
	}
}

// TestApplyRefusesAlteredMoves checks that Apply takes a move only as it
// is listed: at every position of random games of every preset (and of
// rule T3's two colours each), each listed token move with one bit of
// its flags or of its count of captures changed is refused, and the
// State is left as it was, unless the move so changed is listed too, or
// is a listed move of a token alike with its own (ruling Q9). So a move
// built by hand that says more or less than the rules make of it (a
// capture it does not make, a finish it does not reach, a block it does
// not form) is never played, with one die or two, whichever of the
// lanes kept it (applySettled, otherMove, bothMove, settled).
func TestApplyRefusesAlteredMoves(t *testing.T) {
	var rules []Rules
	for _, name := range Presets() {
		r, _ := Preset(name)
		rules = append(rules, r)
	}
	for _, text := range []string{"uckers{Teams:TwoColorsEach}", "parchis{Teams:TwoColorsEach}"} {
		r, err := ParseRules(text)
		require.NoError(t, err, "%s", text)
		rules = append(rules, r)
	}
	for _, r := range rules {
		checked := 0
		playRandom(t, r, 21, 600, func(s State) {
			legal := s.LegalMoves()
			listed := func(m Move) bool { // m, or m by a token alike (ruling Q9)
				for _, l := range legal {
					if l.v&^(0xf<<mToken) == m.v&^(0xf<<mToken) && s.tok[l.Color()][l.Token()] == s.tok[m.Color()][m.Token()] {
						return true
					}
				}
				return false
			}
			for _, m := range legal {
				if m.IsPass() {
					continue
				}
				for b := mFlags; b < mFlags+16; b++ { // the flags, then the count of captures (mCaptures)
					x := Move{m.v ^ 1<<b}
					if listed(x) {
						continue
					}
					before := s
					if _, err := s.Apply(x); err == nil || s != before {
						t.Fatalf("%v: %v (listed %v, bit %d changed) applied (%v)\n%v", r, x, m, b-mFlags, err, s)
					}
					checked++
				}
			}
		})
		require.Positive(t, checked, "%v", r)
	}
}

// playRandom plays plies plies of random games under r, each throw the
// rules' own (a die, two dice, rule W1, or cowries, X1) from SeededDice
// of seed and each move one of the legal moves picked at random, a new
// game where one ends, and calls f at every position with a move due,
// before its move.
func playRandom(t testing.TB, r Rules, seed uint64, plies int, f func(s State)) {
	t.Helper()
	start, err := New(r)
	require.NoError(t, err, "%v", r)
	d, pick := SeededDice(seed), rand.NewPCG(seed+1, seed+2)
	s := start
	for range plies {
		next, err := s.RollOutcome(d.Throw(r))
		if err == nil {
			s = next
		} else if s.Phase() != PhaseMove { // over: the next game
			s = start
			continue
		}
		f(s)
		legal := s.LegalMoves()
		s, err = s.Apply(legal[uint64(uint32(pick.Uint64()))*uint64(len(legal))>>32])
		require.NoError(t, err, "%v", r)
	}
}
