package bots

import (
	"flag"
	"fmt"
	"io/fs"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ludorules/ludo"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/ instead of comparing with them")

// TestShippedNets: every preset has a shipped net trained under it,
// Classic one trained against random players too, the nets together stay
// under a megabyte, each says how it was made, and the nets give the
// values testdata/nets.golden holds for a few positions (rewritten with
// -update when the nets are retrained).
func TestShippedNets(t *testing.T) {
	total := 0
	names, err := fs.Glob(netFiles, "nets/*.net")
	require.NoError(t, err)
	more, err := fs.Glob(netFiles, "nets/vs-random/*.net")
	require.NoError(t, err)
	names = append(names, more...)
	for _, name := range names {
		b, err := netFiles.ReadFile(name)
		require.NoError(t, err)
		total += len(b)
	}
	assert.Less(t, total, 1<<20, "the shipped nets take %d bytes", total)
	for _, name := range ludo.Presets() {
		r, _ := ludo.Preset(name)
		n := NetFor(r)
		if assert.NotNil(t, n, name) {
			assert.Equal(t, name, n.Rules.Preset)
			assert.True(t, n.Fits(r))
			assert.Contains(t, n.Note, "go run ./cmd/ludo-train ", name)
			assert.Contains(t, n.Note, "-seed ", name)
		}
	}
	vs := NetVsRandom(ludo.Classic())
	if assert.NotNil(t, vs) {
		assert.Contains(t, vs.Note, "go run ./cmd/ludo-train ")
		assert.Contains(t, vs.Note, "-opponents random ")
		assert.Contains(t, vs.Note, "-seed ")
	}
	var got strings.Builder
	for _, n := range append(Nets(), shippedVsRandom()...) {
		for _, s := range goldenPositions(t, n.Rules) {
			v := n.Value(s, s.Turn())
			fmt.Fprintf(&got, "%v | %s |", n.Rules, strings.ReplaceAll(ludo.FormatPosition(s), "\n", "; "))
			for c := range s.Players().All() {
				fmt.Fprintf(&got, " %v %.6f", c, v[c])
			}
			fmt.Fprintln(&got)
		}
	}
	const path = "testdata/nets.golden"
	if *update {
		require.NoError(t, os.MkdirAll("testdata", 0o755))
		require.NoError(t, os.WriteFile(path, []byte(got.String()), 0o644))
	}
	want, err := os.ReadFile(path)
	require.NoError(t, err, "run go test ./bots -run TestShippedNets -update to write it")
	// Compare within a millionth, the last digit printed.
	gl, wl := strings.Split(got.String(), "\n"), strings.Split(string(want), "\n")
	require.Equal(t, len(wl), len(gl), "the golden file has other positions")
	for i := range wl {
		assert.True(t, sameLine(gl[i], wl[i]), "line %d:\n got %s\nwant %s", i+1, gl[i], wl[i])
	}
}

// sameLine compares two golden lines, the numbers within 2e-6.
func sameLine(a, b string) bool {
	fa, fb := strings.Fields(a), strings.Fields(b)
	if len(fa) != len(fb) {
		return false
	}
	for i := range fa {
		if fa[i] == fb[i] {
			continue
		}
		x, err1 := strconv.ParseFloat(fa[i], 64)
		y, err2 := strconv.ParseFloat(fb[i], 64)
		if err1 != nil || err2 != nil || x-y > 2e-6 || y-x > 2e-6 {
			return false
		}
	}
	return true
}

// goldenPositions returns the start of a game under r and two positions
// of a seeded random game, each with a roll due.
func goldenPositions(t *testing.T, r ludo.Rules) []ludo.State {
	s, err := ludo.New(r)
	require.NoError(t, err)
	out := []ludo.State{s}
	d := ludo.SeededDice(3)
	for ply := 1; ply <= 60 && s.Phase() != ludo.PhaseOver; ply++ {
		if s.Phase() == ludo.PhaseRoll {
			s, _ = s.RollOutcome(d.Throw(r))
		}
		moves := s.LegalMoves()
		s, _ = s.Apply(moves[ply%len(moves)])
		if (ply == 30 || ply == 60) && s.Phase() == ludo.PhaseRoll {
			out = append(out, s)
		}
	}
	return out
}

// TestNetsKnowWhoIsWinning: every shipped net gives a colour about to
// win (three tokens home, the last one step from it, every opponent in
// its yard) a chance above 0.9, and the same colour the other way round
// a chance below 0.1; and at the start, the chances it gives the seats
// add up to about 1.
func TestNetsKnowWhoIsWinning(t *testing.T) {
	for _, n := range Nets() {
		if n.Rules.Teams != ludo.NoTeams || n.Rules.Goal != ludo.GoalFinish || n.Rules.Board.StartLane > 0 {
			continue // a side wins together; a goal of slots; a start lane
		}
		r := n.Rules
		s, err := ludo.New(r)
		require.NoError(t, err)
		fin := r.Board.Finish()
		seated := slices.Collect(s.Players().All())
		first, second := seated[0], seated[1]
		for _, who := range []ludo.Color{first, second} {
			u := s.Setup()
			u.Die = 0
			for c := range s.Players().All() {
				for i := range ludo.MaxTokens {
					u.Tokens[c][i] = -1
					if c == who && i < r.Tokens {
						u.Tokens[c][i] = fin
						if i == 0 {
							u.Tokens[c][i] = fin - 1
						}
					}
				}
			}
			u.Turn = who
			p, err := u.State()
			require.NoError(t, err, "%v", r)
			v := n.Value(p, who)
			if who == first {
				assert.Greater(t, v[first], 0.9, "%v: %v is about to win", r, first)
			} else {
				assert.Less(t, v[first], 0.1, "%v: %v is about to win", r, second)
			}
		}
		v := n.Value(s, s.Turn())
		sum := 0.0
		for _, x := range v {
			sum += x
		}
		assert.InDelta(t, 1, sum, 0.25, "%v: the chances at the start", r)
	}
}

// TestNetSeesRotationsAlike: a position and its rotation round the board
// (every colour one seat on) have the same values, turned.
func TestNetSeesRotationsAlike(t *testing.T) {
	r := ludo.Classic()
	n := NetFor(r)
	require.NotNil(t, n)
	for _, s := range goldenPositions(t, r)[1:] {
		u := s.Setup()
		var rot ludo.Setup = u
		for c := range ludo.Color(4) {
			rot.Tokens[(c+1)%4] = u.Tokens[c]
		}
		rot.Turn = (u.Turn + 1) % 4
		rot.Ranking = nil
		for _, c := range u.Ranking {
			rot.Ranking = append(rot.Ranking, (c+1)%4)
		}
		q, err := rot.State()
		require.NoError(t, err)
		a, b := n.Value(s, ludo.Red), n.Value(q, ludo.Green)
		for c := range ludo.Color(4) {
			assert.InDelta(t, a[c], b[(c+1)%4], 1e-6)
		}
	}
}

// TestLearnedDepths: at depth 0 the bot plays the move whose afterstate
// the net scores best; a search that passes its budget is given up down
// to that; and a search of one throw is what Choose plays at depth 1.
func TestLearnedDepths(t *testing.T) {
	r := ludo.Classic()
	n := NetFor(r)
	require.NotNil(t, n)
	for _, s := range positions(t, r, 20) {
		moves := s.LegalMoves()
		zero := NewLearned(n, 0).Choose(s, moves)
		var sc netScratch
		var vals []float64
		for _, m := range moves {
			next, _ := s.Apply(m)
			vals = append(vals, n.after(next, s.Turn(), &sc))
		}
		assert.Equal(t, moves[slices.Index(vals, slices.Max(vals))], zero)
		cut := NewLearned(n, 2)
		cut.Budget = 1
		assert.Equal(t, zero, cut.Choose(s, moves), "a search past its budget plays depth 0")
		cut.Budget = 0
		two, ok := cut.search(n, s, moves, 2)
		require.True(t, ok)
		assert.Equal(t, moves[two], cut.Choose(s, moves), "no budget: depth 2")
		assert.Equal(t, "learned", cut.Name())
		one := NewLearned(n, 1)
		best, ok := one.search(n, s, moves, 1)
		require.True(t, ok)
		assert.Equal(t, moves[best], one.Choose(s, moves))
	}
}

// TestLearnedAtRandom: expecting the others to move at random, the
// search of one throw scores each move by the mean, over the next throw,
// of the mean of the thrower's legal moves (move after move to its turn's
// end), of the net read from the bot's seat, and plays the best; it
// differs from the best replies somewhere, and says so in its name.
func TestLearnedAtRandom(t *testing.T) {
	r := ludo.Classic()
	n := NetFor(r)
	require.NotNil(t, n)
	// mean is what a random player's turn from s, who to move, is worth
	// to me, computed here move by move with the package's public API.
	var mean func(s ludo.State, who, me ludo.Color) float64
	mean = func(s ludo.State, who, me ludo.Color) float64 {
		moves := s.LegalMoves()
		sum := 0.0
		for _, m := range moves {
			next, err := s.Apply(m)
			require.NoError(t, err)
			switch w, over := next.Winner(); {
			case over && w == me:
				sum++
			case over:
			case next.Phase() == ludo.PhaseMove && next.Turn() == who:
				sum += mean(next, who, me)
			default:
				sum += n.Value(next, me)[me]
			}
		}
		return sum / float64(len(moves))
	}
	checked, differ := 0, 0
	for _, s := range positions(t, r, 60) {
		me, moves := s.Turn(), s.LegalMoves()
		want := make([]float64, len(moves))
		ok := true
		for i, m := range moves {
			next, _ := s.Apply(m)
			if next.Phase() != ludo.PhaseRoll || next.Turn() == me { // a bonus move or roll (rules P8, C9) or the game's end: not this test's
				ok = false
				break
			}
			for _, o := range next.Outcomes() {
				rolled, err := next.RollOutcome(o)
				require.NoError(t, err)
				want[i] += o.Prob * mean(rolled, rolled.Turn(), me)
			}
		}
		if !ok {
			continue
		}
		l := NewLearned(n, 1)
		l.Others, l.Budget = AtRandom, 0
		assert.Equal(t, "learned1-vs-random", l.Name())
		got := l.Choose(s, moves)
		for i, m := range moves {
			next, _ := s.Apply(m)
			assert.InDelta(t, want[i], l.value(n, next, me, 1)[me], 1e-9, "%v\n%v", m, s)
		}
		assert.Equal(t, moves[slices.Index(want, slices.Max(want))], got, "%v", s)
		if got != NewLearned(n, 1).Choose(s, moves) {
			differ++
		}
		checked++
	}
	require.GreaterOrEqual(t, checked, 20)
	assert.Positive(t, differ, "the random players' mean chose as the best replies in every position")
}

// TestLearnedWithoutANet: rules no shipped net fits are played as
// expectimax plays them at one roll.
func TestLearnedWithoutANet(t *testing.T) {
	r := ludo.Classic()
	r.CaptureBeforeHome = true // rule K4 adds a lap to the encoding: no classic net fits
	require.Nil(t, NetFor(r))
	for _, s := range positions(t, r, 10) {
		moves := s.LegalMoves()
		assert.Equal(t, NewExpectimax(1).Choose(s, moves), NewLearned(nil, 1).Choose(s, moves))
	}
}

// BenchmarkLearnedMove times the learned bots' moves under Classic, four
// players, over positions with a choice from seeded games between
// learned0 players, and reports the median move as well as the mean.
func BenchmarkLearnedMove(b *testing.B) {
	r := ludo.Classic()
	var ps []ludo.State
	s, _ := ludo.New(r)
	d := ludo.SeededDice(8)
	greedy := NewLearned(nil, 0)
	for len(ps) < 500 {
		if s.Phase() == ludo.PhaseOver {
			s, _ = ludo.New(r)
		}
		if s.Phase() == ludo.PhaseRoll {
			s, _ = s.RollOutcome(d.Throw(r))
		}
		moves := s.LegalMoves()
		m := moves[0]
		if len(moves) > 1 {
			ps = append(ps, s)
			m = greedy.Choose(s, moves)
		}
		s, _ = s.Apply(m)
	}
	for _, depth := range []int{0, 1, 2} {
		for _, judged := range []bool{false, true} {
			name := fmt.Sprint("depth", depth)
			if judged { // the others judged to move at random (AsObserved)
				name += "-vs-random"
			}
			b.Run(name, func(b *testing.B) {
				l := NewLearned(nil, depth)
				if judged {
					l.netOf(r)
					for c := range l.play.evidence {
						l.play.evidence[c] = seenOdds
					}
				}
				times := make([]time.Duration, 0, b.N)
				b.ResetTimer()
				for i := range b.N {
					s := ps[i%len(ps)]
					start := time.Now()
					l.Choose(s, s.LegalMoves())
					times = append(times, time.Since(start))
				}
				slices.Sort(times)
				b.ReportMetric(float64(times[len(times)/2].Nanoseconds()), "ns/median-move")
			})
		}
	}
	// Weighing another player's move (AsObserved), as Play tells it.
	b.Run("watch", func(b *testing.B) {
		l := NewLearned(nil, 2)
		var buf [ludo.MaxMoves]ludo.Move
		b.ResetTimer()
		for i := range b.N {
			s := ps[i%len(ps)]
			moves := s.AppendLegalMoves(buf[:0])
			l.Watch(s, moves, moves[i%len(moves)])
		}
	})
}

// TestNetsAtMoreSeats: a net trained at fewer players than the game
// seats (the six-arm boards', trained head to head) gives each colour its
// own view's chance, whoever looks: it never learned how a colour sees
// the colours beside it, and the search compares those chances.
func TestNetsAtMoreSeats(t *testing.T) {
	for _, name := range []string{"ludoking6", "maedn6", "parchis6", "parchis6d"} {
		r, ok := ludo.Preset(name)
		require.True(t, ok, name)
		n := NetFor(r)
		require.NotNil(t, n, name)
		require.Less(t, n.Rules.Players, r.Players, "%s: the net is trained head to head", name)
		for _, s := range goldenPositions(t, r) {
			first := n.Value(s, s.Turn())
			for c := range s.Players().All() {
				assert.Equal(t, first, n.Value(s, c), "%s: as %v sees it", name, c)
				var sc netScratch
				assert.InDelta(t, n.mine(s, c, &sc), first[c], 1e-12, "%s: %v's own view", name, c)
			}
		}
	}
}

// observed is a Learned that records how each of its moves' searches
// expected the others to move.
type observed struct {
	*Learned
	modes []Others
}

func (o *observed) Choose(s ludo.State, moves []ludo.Move) ludo.Move {
	m := o.Learned.Choose(s, moves)
	o.modes = append(o.modes, o.mode)
	return m
}

// TestLearnedAsObserved: a Learned told of the game's moves judges three
// random players random within the game and then plays as the net
// trained against them does, expecting them to move at random; it never
// judges three heuristic players or three learned players so; it weighs
// only the others' moves; and with nothing watched, with a net of its
// own, or at rules no net was trained against random players for, it
// plays its best replies.
func TestLearnedAsObserved(t *testing.T) {
	r := ludo.Classic()
	vs := NetVsRandom(r)
	require.NotNil(t, vs)
	require.Equal(t, AsObserved, NewLearned(nil, 2).Others)
	assert.Equal(t, "learned", NewLearned(nil, 2).Name())
	assert.Equal(t, "learned1-max-n", (&Learned{Depth: 1, Others: BestReplies}).Name())

	// Nothing watched: the best replies' choice. Judged random: the
	// choice of the net trained against random players, expecting it.
	for _, s := range positions(t, r, 40) {
		moves := s.LegalMoves()
		fresh := NewLearned(nil, 1)
		replies := NewLearned(nil, 1)
		replies.Others = BestReplies
		assert.Equal(t, replies.Choose(s, moves), fresh.Choose(s, moves))

		judged := NewLearned(nil, 1)
		judged.netOf(r)
		for c := range judged.play.evidence {
			judged.play.evidence[c] = seenOdds
		}
		against := NewLearned(vs, 1)
		against.Others = AtRandom
		assert.Equal(t, against.Choose(s, moves), judged.Choose(s, moves))
		assert.Equal(t, AtRandom, judged.mode)
	}

	seat := func(s ludo.State, others func(i int) Bot) (*observed, [ludo.MaxPlayers]Bot) {
		me := &observed{Learned: NewLearned(nil, 0)}
		players := table(s, me, others(1), others(2), others(3))
		return me, players
	}
	s, _ := ludo.New(r)
	for g := range 4 {
		me, players := seat(s, func(i int) Bot { return NewRandom(uint64(10*g + i)) })
		_, _, err := Play(s, players, ludo.SeededDice(uint64(g)), DefaultMaxPlies)
		require.NoError(t, err)
		assert.Zero(t, me.play.evidence[ludo.Red], "its own moves weighed")
		first := slices.Index(me.modes, AtRandom)
		assert.Positive(t, first, "game %d: three random players never judged random", g)
		assert.Less(t, first, len(me.modes)/2, "game %d: three random players judged random only at move %d of %d", g, first, len(me.modes))
		assert.Equal(t, AtRandom, me.modes[len(me.modes)-1])

		for _, kind := range []string{"heuristic", "learned1"} {
			me, players = seat(s, func(i int) Bot { b, _ := New(kind, uint64(i)); return b })
			_, _, err = Play(s, players, ludo.SeededDice(uint64(g)), DefaultMaxPlies)
			require.NoError(t, err)
			assert.NotContains(t, me.modes, AtRandom, "game %d: three %s players judged random", g, kind)
			assert.Negative(t, me.play.evidence[ludo.Green]+me.play.evidence[ludo.Yellow]+me.play.evidence[ludo.Blue])
		}
	}

	// Bad input weighs nothing and does not panic: no game, no moves, a
	// move that is not among them.
	l := NewLearned(nil, 2)
	rolled := positions(t, r, 1)[0]
	moves := rolled.LegalMoves()
	require.Greater(t, len(moves), 1)
	l.Watch(ludo.State{}, nil, ludo.Move{})
	l.Watch(rolled, nil, moves[0])
	l.Watch(rolled, moves[:1], moves[0])
	l.Watch(rolled, moves, ludo.Move{})
	assert.Equal(t, [ludo.MaxPlayers]float64{}, l.play.evidence)

	// A net of its own, or rules with no net trained against random
	// players (Classic for two): nothing weighed, its best replies.
	two := r
	two.Players = 2
	for _, tc := range []struct {
		l *Learned
		r ludo.Rules
	}{{NewLearned(NetFor(r), 0), r}, {NewLearned(nil, 0), two}} {
		s, _ := ludo.New(tc.r)
		me := &observed{Learned: tc.l}
		_, _, err := Play(s, table(s, me, NewRandom(1), NewRandom(2), NewRandom(3)), ludo.SeededDice(1), DefaultMaxPlies)
		require.NoError(t, err)
		assert.Equal(t, [ludo.MaxPlayers]float64{}, me.play.evidence, "%v", tc.r)
		assert.NotContains(t, me.modes, AtRandom)
	}
}
