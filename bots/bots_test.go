package bots

import (
	"math/rand/v2"
	"slices"
	"strings"
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
	out := []ludo.Rules{two, three, bounce}
	for _, name := range ludo.Presets() {
		r, _ := ludo.Preset(name)
		out = append(out, r)
	}
	partners := ludo.Classic()
	partners.Teams = ludo.Partners
	round := ludo.Mongolian()
	round.CaptureBeforeHome = true
	return append(out, partners, round)
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
		NewLearned(nil, 0),
		&Learned{Depth: 2, Budget: 300},
	}
}

// positions returns positions with a choice of moves from random games,
// bonus moves (rule P8) included.
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
		if s.Phase() == ludo.PhaseRoll {
			s, err = s.RollOutcome(d.Throw(r))
			require.NoError(t, err)
		}
		moves := s.LegalMoves()
		if len(moves) > 1 {
			out = append(out, s)
		}
		s, _ = s.Apply(moves[rng.IntN(len(moves))])
	}
	return out
}

func TestBotsChooseLegalMovesDeterministically(t *testing.T) {
	n := 30
	if testing.Short() {
		n = 10
	}
	for _, r := range rulesUnderTest() {
		for _, s := range positions(t, r, n) {
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
	assert.ErrorIs(t, err, ErrUnknownBot)
	assert.EqualError(t, err, `bots: unknown bot "nobody" (want one of expectimax, expectimax1, heuristic, learned, learned1, montecarlo, random)`)
	// A long name is quoted in part, as package ludo quotes its input.
	_, err = New(strings.Repeat("x", 1000), 1)
	assert.ErrorIs(t, err, ErrUnknownBot)
	assert.EqualError(t, err, `bots: unknown bot "`+strings.Repeat("x", 64)+`"… (want one of expectimax, expectimax1, heuristic, learned, learned1, montecarlo, random)`)
}

// TestLookupIn: bots of one's own beside the shipped ones, by name in any
// case; an unknown name's error lists both.
func TestLookupIn(t *testing.T) {
	mine := map[string]Factory{"Mine": func(seed uint64) Bot { return NewRandom(seed) }}
	f, err := LookupIn(mine, "mine")
	require.NoError(t, err)
	assert.Equal(t, "random", f(1).Name())
	f, err = LookupIn(mine, "Heuristic")
	require.NoError(t, err)
	assert.Equal(t, "heuristic", f(1).Name())
	_, err = LookupIn(mine, "nobody")
	assert.ErrorIs(t, err, ErrUnknownBot)
	assert.EqualError(t, err, `bots: unknown bot "nobody" (want one of expectimax, expectimax1, heuristic, learned, learned1, Mine, montecarlo, random)`)
	// A name of one's own comes before a shipped one.
	own := map[string]Factory{"random": func(uint64) Bot { return NewHeuristic() }}
	f, err = LookupIn(own, "random")
	require.NoError(t, err)
	assert.Equal(t, "heuristic", f(1).Name())
	_, err = LookupIn(own, "x")
	assert.EqualError(t, err, `bots: unknown bot "x" (want one of expectimax, expectimax1, heuristic, learned, learned1, montecarlo, random)`)
}

// setup returns a Classic (or Mongolian) position with red to move die
// d: tokens gives the progress of some colours' first tokens (the rest
// stand in their yards), and a colour whose tokens have all finished
// takes the next place.
func setup(t *testing.T, r ludo.Rules, tokens map[ludo.Color][]int, d int) ludo.State {
	t.Helper()
	s, err := ludo.New(r)
	require.NoError(t, err)
	u := s.Setup()
	for c := range s.Players().All() {
		finished := true
		for i := range ludo.MaxTokens {
			u.Tokens[c][i] = -1
			if i < len(tokens[c]) {
				u.Tokens[c][i] = tokens[c][i]
			}
			if i < r.Tokens && u.Tokens[c][i] != r.Board.Finish() {
				finished = false
			}
		}
		if finished {
			u.Ranking = append(u.Ranking, c)
		}
	}
	u.Die = d
	if d == 6 {
		u.Streak = 1
	}
	s, err = u.State()
	require.NoError(t, err)
	return s
}

func smart() []Bot {
	return []Bot{NewHeuristic(), NewExpectimax(1), NewExpectimax(2), NewMonteCarlo(1, DefaultMonteCarlo)}
}

func TestBotsCapture(t *testing.T) {
	// Red on square 31 can capture green's token on 34, which is well
	// along its way, or move a token on in its home column.
	s := setup(t, ludo.Classic(), map[ludo.Color][]int{
		ludo.Red:   {30, 51, -1, -1},
		ludo.Green: {20, -1, -1, -1},
	}, 3)
	want, err := s.TokenMove(0)
	require.NoError(t, err)
	require.Equal(t, 1, want.NumCaptured())
	for _, b := range smart() {
		assert.Equal(t, want, b.Choose(s, s.LegalMoves()), b.Name())
	}
}

func TestBotsEscapeDanger(t *testing.T) {
	// Red's token 0 on square 21 has a green token two squares behind it;
	// token 1 far from anyone. With a 5, token 0 should run.
	s := setup(t, ludo.Classic(), map[ludo.Color][]int{
		ludo.Red:    {20, 30, -1, -1},
		ludo.Green:  {4, -1, -1, -1},  // square 18
		ludo.Yellow: {56, 56, 56, 56}, // finished
	}, 5)
	want, _ := s.TokenMove(0)
	for _, b := range smart() {
		assert.Equal(t, want, b.Choose(s, s.LegalMoves()), b.Name())
	}
}

func TestBotsFormBlocks(t *testing.T) {
	// Mongolian: red's token 1 can join token 0 on square 21 (a block),
	// in front of a green token; or move token 2 on, alone.
	s := setup(t, ludo.Mongolian(), map[ludo.Color][]int{
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
	s := setup(t, ludo.Classic(), map[ludo.Color][]int{
		ludo.Red:   {10, -1, -1, -1},
		ludo.Green: {0, -1, -1, -1},
	}, 3)
	before := Evaluate(s)
	after, err := s.Apply(s.LegalMoves()[0]) // the capture
	require.NoError(t, err)
	sc := Evaluate(after)
	assert.Greater(t, sc[ludo.Red], before[ludo.Red])
	assert.Less(t, sc[ludo.Green], before[ludo.Green])

	// The score is the same for rotated positions, colour for colour: each
	// seat's tokens move to the next seat clockwise.
	for _, p := range positions(t, ludo.Classic(), 20) {
		var seats []ludo.Color
		for c := range p.Players().All() {
			seats = append(seats, c)
		}
		next := map[ludo.Color]ludo.Color{}
		for k, c := range seats {
			next[c] = seats[(k+1)%len(seats)]
		}
		u := p.Setup()
		v := u
		for _, c := range seats {
			v.Tokens[next[c]] = u.Tokens[c]
		}
		v.Turn = next[u.Turn]
		v.Ranking = nil
		for _, c := range u.Ranking {
			v.Ranking = append(v.Ranking, next[c])
		}
		q, err := v.State()
		require.NoError(t, err)
		a, b := Evaluate(p), Evaluate(q)
		for _, c := range seats {
			assert.InDelta(t, a[c], b[next[c]], 1e-9)
		}
	}

	// A finished player outscores the rest.
	two := ludo.Classic()
	two.Players = 2
	fin := two.Board.Finish()
	w := setup(t, two, map[ludo.Color][]int{ludo.Red: {fin, fin, fin, fin}, ludo.Yellow: {50, 50, 50, 50}}, 0)
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

// table returns a table of bots: bots[k] plays the k-th seated colour of
// s.
func table(s ludo.State, bs ...Bot) [ludo.MaxPlayers]Bot {
	var t [ludo.MaxPlayers]Bot
	k := 0
	for c := range s.Players().All() {
		t[c] = bs[k]
		k++
	}
	return t
}

func TestPlay(t *testing.T) {
	r := ludo.Classic()
	r.Players = 2
	s, _ := ludo.New(r)
	end, plies, err := Play(s, table(s, NewHeuristic(), NewRandom(1)), ludo.SeededDice(1), DefaultMaxPlies)
	require.NoError(t, err)
	assert.Equal(t, ludo.PhaseOver, end.Phase())
	assert.Greater(t, plies, 50)

	_, _, err = Play(s, table(s, illegal{}, illegal{}), ludo.SeededDice(1), DefaultMaxPlies)
	assert.ErrorIs(t, err, ludo.ErrIllegalMove)
	assert.ErrorContains(t, err, "illegal playing")

	// A position with the die cast: its die is the first ply's.
	rolled, err := s.Roll(6)
	require.NoError(t, err)
	end, plies, err = Play(rolled, table(s, NewHeuristic(), NewRandom(1)), ludo.SeededDice(1), DefaultMaxPlies)
	require.NoError(t, err)
	assert.Equal(t, ludo.PhaseOver, end.Phase())
	assert.Greater(t, plies, 50)

	// Bad input is an error, not a panic.
	_, _, err = Play(s, table(s, NewHeuristic(), nil), ludo.SeededDice(1), DefaultMaxPlies)
	assert.ErrorContains(t, err, "no bot plays yellow")
	_, _, err = Play(ludo.State{}, table(s, NewHeuristic(), NewRandom(1)), ludo.SeededDice(1), DefaultMaxPlies)
	assert.ErrorIs(t, err, ludo.ErrNoGame)
	_, _, err = Play(s, table(s, NewHeuristic(), NewRandom(1)), ludo.SeededDice(1), 0)
	assert.ErrorContains(t, err, "ply limit 0, want at least 1")
}

// TestPlayStopsAtThePlyLimit plays the same game with a limit below its
// length, at it, and above it.
func TestPlayStopsAtThePlyLimit(t *testing.T) {
	s, _ := ludo.New(ludo.Classic())
	bots := func() [ludo.MaxPlayers]Bot {
		return table(s, NewRandom(1), NewRandom(2), NewRandom(3), NewRandom(4))
	}
	whole, n, err := Play(s, bots(), ludo.SeededDice(7), DefaultMaxPlies)
	require.NoError(t, err)
	require.Equal(t, ludo.PhaseOver, whole.Phase())

	// The same game with a limit of 100 plies, then on from where it
	// stopped with the same bots and dice: the same game, in two parts.
	players, dice := bots(), ludo.SeededDice(7)
	part, plies, err := Play(s, players, dice, 100)
	require.ErrorIs(t, err, ErrPlyLimit)
	assert.ErrorContains(t, err, "the game is unfinished after 100 plies")
	assert.Equal(t, 100, plies)
	assert.Equal(t, ludo.PhaseRoll, part.Phase(), "stopped with a roll due")
	rest, more, err := Play(part, players, dice, DefaultMaxPlies)
	require.NoError(t, err)
	assert.Equal(t, whole, rest)
	assert.Equal(t, n, 100+more)

	exact, plies, err := Play(s, bots(), ludo.SeededDice(7), n)
	require.NoError(t, err, "a game that ends on its last allowed ply is finished")
	assert.Equal(t, n, plies)
	assert.Equal(t, whole, exact)
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
		var players [ludo.MaxPlayers]Bot
		k := 0
		for c := range start.Players().All() {
			players[c] = NewMonteCarlo(GameSeed(gs, k), MonteCarloConfig{Playouts: 4, Plies: 2})
			if k == i%r.Players {
				players[c] = NewHeuristic()
			}
			k++
		}
		end, plies, err := Play(start, players, ludo.SeededDice(gs), DefaultMaxPlies)
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
	n := heuristicWins(t, start, 3, 200)
	assert.Greater(t, n, 140, "heuristic won %d of 200 games against random", n)
}

// heuristicWins plays that many two-player games from start, seeded from
// seed, the heuristic against a random player, each seat in turn (Red,
// then Yellow), and returns how many the heuristic won.
func heuristicWins(t *testing.T, start ludo.State, seed uint64, games int) int {
	wins := Parallel(games, 0, func(i int) int {
		gs := GameSeed(seed, i)
		players := table(start, NewHeuristic(), NewRandom(gs))
		me := ludo.Red
		if i%2 == 1 {
			players = table(start, NewRandom(gs), NewHeuristic())
			me = ludo.Yellow
		}
		end, _, err := Play(start, players, ludo.SeededDice(gs), DefaultMaxPlies)
		require.NoError(t, err)
		if end.Place(me) == 1 {
			return 1
		}
		return 0
	}, nil)
	n := 0
	for _, w := range wins {
		n += w
	}
	return n
}

// TestParallelEach: the results come in order of i, across chunks,
// whatever the number of workers, and done counts every game.
func TestParallelEach(t *testing.T) {
	n := 2*eachChunk + 5
	play := func(i int) uint64 { return GameSeed(1, i) }
	want := Parallel(n, 2, play, nil)
	for _, workers := range []int{1, 3} {
		var got []uint64
		var next, finished int
		ParallelEach(n, workers, play, func(i int, r uint64) {
			require.Equal(t, next, i)
			next++
			got = append(got, r)
		}, func(f int) {
			require.Equal(t, finished+1, f)
			finished = f
		})
		assert.Equal(t, want, got)
		assert.Equal(t, n, finished)
	}
	ParallelEach(-1, 0, play, func(int, uint64) { t.Error("a result of no games") }, nil)
	assert.Empty(t, Parallel(-1, 0, play, nil))
}

// watching is a random player that counts the moves it is told of.
type watching struct {
	*Random
	told  int
	plies []ludo.State
}

func (w *watching) Watch(s ludo.State, moves []ludo.Move, m ludo.Move) {
	if !slices.Contains(moves, m) {
		panic("told of a move that is not legal")
	}
	w.told++
	w.plies = append(w.plies, s)
}

// TestPlayTellsWatchers: Play tells a Watcher of every move of the game,
// the forced ones too, before it is played, and once however many seats
// it holds.
func TestPlayTellsWatchers(t *testing.T) {
	s, _ := ludo.New(ludo.Classic())
	w, both := &watching{Random: NewRandom(1)}, &watching{Random: NewRandom(2)}
	_, plies, err := Play(s, table(s, w, both, NewRandom(3), both), ludo.SeededDice(4), DefaultMaxPlies)
	require.NoError(t, err)
	assert.Equal(t, plies, w.told)
	assert.Equal(t, plies, both.told)
	assert.Equal(t, w.plies, both.plies)
	for _, p := range w.plies {
		assert.Equal(t, ludo.PhaseMove, p.Phase())
	}
}
