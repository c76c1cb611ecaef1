package bots

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ludorules/ludo"
)

func rulesUnderTest() []ludo.Rules {
	two := ludo.Classic()
	two.Players = 2
	three := ludo.Mongolian()
	three.Players = 3
	bounce := ludo.Classic()
	bounce.Finish = ludo.BounceFinish
	bounce.Tokens = 2
	return []ludo.Rules{ludo.Classic(), ludo.Mongolian(), two, three, bounce}
}

// cheap returns every bot with a small budget, so that tests run fast.
func cheap(seed uint64) []Bot {
	return []Bot{
		NewRandom(seed),
		NewHeuristic(),
		NewExpectimax(1),
		NewMonteCarlo(seed, MonteCarloConfig{Playouts: 12, Plies: 4}),
		NewMonteCarlo(seed, MonteCarloConfig{Playouts: 8, Plies: 6, Policy: RandomPlayouts}),
		NewMonteCarlo(seed, MonteCarloConfig{Playouts: 8, Plies: 6, Policy: GreedyPlayouts}),
	}
}

// positions returns positions with a choice of moves from random games.
func positions(t *testing.T, r ludo.Rules, n int) []ludo.State {
	t.Helper()
	var out []ludo.State
	s, err := ludo.New(r)
	require.NoError(t, err)
	d := ludo.SeededDice(5)
	rng := rand.New(rand.NewPCG(5, 5))
	for len(out) < n {
		if s.Phase() == ludo.PhaseOver {
			s, _ = ludo.New(r)
		}
		s, _ = s.Roll(d.Roll())
		moves := s.LegalMoves()
		if len(moves) > 1 {
			out = append(out, s)
		}
		s, _ = s.Apply(moves[rng.IntN(len(moves))])
	}
	return out
}

func TestBotsChooseLegalMovesDeterministically(t *testing.T) {
	for _, r := range rulesUnderTest() {
		for _, s := range positions(t, r, 30) {
			moves := s.LegalMoves()
			a, b := cheap(9), cheap(9)
			for k := range a {
				m := a[k].Choose(s, moves)
				require.Contains(t, moves, m, "%s in\n%v", a[k].Name(), s)
				require.Equal(t, m, b[k].Choose(s, slices.Clone(moves)), "%s is not deterministic", a[k].Name())
			}
		}
	}
}

func TestNames(t *testing.T) {
	for _, name := range Names() {
		b, err := New(name, 1)
		require.NoError(t, err)
		assert.Equal(t, name, b.Name())
	}
	_, err := New("nobody", 1)
	assert.ErrorContains(t, err, "unknown bot")
}

// setup returns a Classic (or Mongolian) position built from u's tokens,
// with red to move die d.
func setup(t *testing.T, r ludo.Rules, tokens map[ludo.Color][4]int, d int) ludo.State {
	t.Helper()
	s, _ := ludo.New(r)
	u := s.Setup()
	for c, tk := range tokens {
		u.Tokens[c] = tk
	}
	for c := range ludo.Color(4) {
		if u.Tokens[c] == [4]int{56, 56, 56, 56} {
			u.Ranking = append(u.Ranking, c)
		}
	}
	u.Die = d
	if d == 6 {
		u.Sixes = 1
	}
	s, err := u.State()
	require.NoError(t, err)
	return s
}

func smart() []Bot {
	return []Bot{NewHeuristic(), NewExpectimax(1), NewExpectimax(2), NewMonteCarlo(1, DefaultMonteCarlo)}
}

func TestBotsCapture(t *testing.T) {
	// Red on square 31 can capture green's token on 34, which is well
	// along its way, or move a token on in its home column.
	s := setup(t, ludo.Classic(), map[ludo.Color][4]int{
		ludo.Red:   {30, 51, -1, -1},
		ludo.Green: {20, -1, -1, -1},
	}, 3)
	want, err := s.TokenMove(0)
	require.NoError(t, err)
	require.Equal(t, 1, want.Captures())
	for _, b := range smart() {
		assert.Equal(t, want, b.Choose(s, s.LegalMoves()), b.Name())
	}
}

func TestBotsEscapeDanger(t *testing.T) {
	// Red's token 0 on square 21 has a green token two squares behind it;
	// token 1 far from anyone. With a 5, token 0 should run.
	s := setup(t, ludo.Classic(), map[ludo.Color][4]int{
		ludo.Red:    {20, 30, -1, -1},
		ludo.Green:  {4, -1, -1, -1}, // square 18
		ludo.Yellow: {56, 56, 56, 56},
	}, 5)
	want, _ := s.TokenMove(0)
	for _, b := range smart() {
		assert.Equal(t, want, b.Choose(s, s.LegalMoves()), b.Name())
	}
}

func TestBotsFormBlocks(t *testing.T) {
	// Mongolian: red's token 1 can join token 0 on square 21 (a block),
	// in front of a green token; or move token 2 on, alone.
	s := setup(t, ludo.Mongolian(), map[ludo.Color][4]int{
		ludo.Red:   {20, 16, 40, -1},
		ludo.Green: {1, -1, -1, -1}, // square 15
	}, 4)
	want, _ := s.TokenMove(1)
	require.True(t, want.FormsBlock())
	for _, b := range smart() {
		assert.Equal(t, want, b.Choose(s, s.LegalMoves()), b.Name())
	}
}

func TestEvaluate(t *testing.T) {
	s := setup(t, ludo.Classic(), map[ludo.Color][4]int{
		ludo.Red:   {10, -1, -1, -1},
		ludo.Green: {0, -1, -1, -1},
	}, 3)
	before := Evaluate(s)
	after, err := s.Apply(s.LegalMoves()[0]) // the capture
	require.NoError(t, err)
	sc := Evaluate(after)
	assert.Greater(t, sc[ludo.Red], before[ludo.Red])
	assert.Less(t, sc[ludo.Green], before[ludo.Green])

	// The score is the same for rotated positions, colour for colour.
	for _, p := range positions(t, ludo.Classic(), 20) {
		u := p.Setup()
		v := u
		for c := range ludo.Color(4) {
			v.Tokens[(c+1)%4] = u.Tokens[c]
		}
		v.Turn = (u.Turn + 1) % 4
		v.Ranking = nil
		for _, c := range u.Ranking {
			v.Ranking = append(v.Ranking, (c+1)%4)
		}
		q, err := v.State()
		require.NoError(t, err)
		a, b := Evaluate(p), Evaluate(q)
		for c := range ludo.Color(4) {
			assert.InDelta(t, a[c], b[(c+1)%4], 1e-9)
		}
	}

	// A finished player outscores the rest.
	two := ludo.Classic()
	two.Players = 2
	w := setup(t, two, map[ludo.Color][4]int{ludo.Red: {56, 56, 56, 56}, ludo.Yellow: {50, 50, 50, 50}}, 0)
	sc = Evaluate(w)
	assert.Greater(t, sc[ludo.Red], 0.0)
	assert.InDelta(t, -sc[ludo.Red], sc[ludo.Yellow], 1e-9)
}

// illegal plays a move that is not legal.
type illegal struct{}

func (illegal) Name() string { return "illegal" }
func (illegal) Choose(s ludo.State, moves []ludo.Move) ludo.Move {
	return ludo.Move{}
}

func TestPlay(t *testing.T) {
	r := ludo.Classic()
	r.Players = 2
	s, _ := ludo.New(r)
	end, plies, err := Play(s, [4]Bot{NewHeuristic(), nil, NewRandom(1), nil}, ludo.SeededDice(1))
	require.NoError(t, err)
	assert.Equal(t, ludo.PhaseOver, end.Phase())
	assert.Greater(t, plies, 50)

	_, _, err = Play(s, [4]Bot{illegal{}, nil, illegal{}, nil}, ludo.SeededDice(1))
	assert.ErrorIs(t, err, ludo.ErrIllegalMove)
	assert.ErrorContains(t, err, "illegal playing")
}

func TestGameSeed(t *testing.T) {
	assert.Equal(t, GameSeed(1, 0), GameSeed(1, 0))
	seen := map[uint64]bool{}
	for seed := range uint64(4) {
		for i := range 1000 {
			seen[GameSeed(seed, i)] = true
		}
	}
	assert.Len(t, seen, 4000)
	// Frozen: published results name the seed that produced them.
	assert.Equal(t, uint64(0x5d60b960e0946ba0), GameSeed(1, 0))
}

func TestParallelIsReproducible(t *testing.T) {
	r := ludo.Classic()
	start, _ := ludo.New(r)
	game := func(i int) [2]int {
		gs := GameSeed(7, i)
		var table [4]Bot
		for c := range table {
			table[c] = NewMonteCarlo(GameSeed(gs, c), MonteCarloConfig{Playouts: 4, Plies: 2})
		}
		table[i%4] = NewHeuristic()
		end, plies, err := Play(start, table, ludo.SeededDice(gs))
		require.NoError(t, err)
		w, _ := end.Winner()
		return [2]int{int(w), plies}
	}
	one := Parallel(12, 1, game, nil)
	calls := 0
	three := Parallel(12, 3, game, func(n int) { calls++; require.Equal(t, calls, n) })
	assert.Equal(t, one, three)
	assert.Equal(t, 12, calls)
	assert.Empty(t, Parallel(0, 0, game, nil))
}

// TestHeuristicBeatsRandom is a strength test small enough to run
// always: the measured rate is about 88%, and 200 games put it above 70%
// with overwhelming probability.
func TestHeuristicBeatsRandom(t *testing.T) {
	r := ludo.Classic()
	r.Players = 2
	start, _ := ludo.New(r)
	wins := Parallel(200, 0, func(i int) int {
		gs := GameSeed(3, i)
		var table [4]Bot
		me, other := ludo.Red, ludo.Yellow
		if i%2 == 1 {
			me, other = other, me
		}
		table[me], table[other] = NewHeuristic(), NewRandom(gs)
		end, _, _ := Play(start, table, ludo.SeededDice(gs))
		if end.Place(me) == 1 {
			return 1
		}
		return 0
	}, nil)
	n := 0
	for _, w := range wins {
		n += w
	}
	assert.Greater(t, n, 140, "heuristic won %d of 200 games against random", n)
}
