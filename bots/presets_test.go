package bots

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ludorules/ludo"
)

// TestEveryPresetPlaysToTheEnd plays one seeded game of every preset, on
// six arms with six players, with every kind of bot at the table: each
// ends, every bot choosing legal moves, bonus moves (rule P8) included.
func TestEveryPresetPlaysToTheEnd(t *testing.T) {
	for k, name := range ludo.Presets() {
		t.Run(name, func(t *testing.T) {
			r, _ := ludo.Preset(name)
			s, err := ludo.New(r)
			require.NoError(t, err)
			seed := GameSeed(11, k)
			lineup := []Bot{
				NewHeuristic(),
				NewExpectimax(1),
				NewMonteCarlo(seed, MonteCarloConfig{Playouts: 8, Plies: 4}),
				NewRandom(seed),
				NewMonteCarlo(seed, MonteCarloConfig{Playouts: 6, Plies: 4, Policy: GreedyPlayouts}),
				NewRandom(seed + 1),
			}
			end, plies, err := Play(s, table(s, lineup[:r.Players]...), ludo.SeededDice(seed), DefaultMaxPlies)
			require.NoError(t, err)
			assert.Equal(t, ludo.PhaseOver, end.Phase())
			assert.Greater(t, plies, 20)
		})
	}
}

// TestPlayBonusMoves: Play plays a bonus move (rule P8) with no roll, so
// a game played from a position with one due plays it first.
func TestPlayBonusMoves(t *testing.T) {
	s := ludo.MustParsePosition("rules parchis1\nred 51 20 finish finish\ngreen @24\nturn red\ndie 3\n")
	capture, err := s.TokenMove(1)
	require.NoError(t, err)
	require.Equal(t, 1, capture.Captures())
	s, err = s.Apply(capture)
	require.NoError(t, err)
	require.True(t, s.IsBonusMove())
	bots := table(s, NewHeuristic(), NewRandom(1), NewRandom(2), NewRandom(3))
	one, plies, err := Play(s, bots, ludo.SeededDice(3), 1)
	require.ErrorIs(t, err, ErrPlyLimit)
	assert.Equal(t, 1, plies)
	assert.Equal(t, ludo.Board(s.Board()).Finish(), one.Progress(ludo.Red, 0), "the bonus of 20 finishes token 0")
	assert.True(t, one.IsBonusMove(), "and earns a bonus of 10")
	assert.Equal(t, 10, one.Count())
	end, _, err := Play(s, table(s, NewHeuristic(), NewRandom(1), NewRandom(2), NewRandom(3)), ludo.SeededDice(3), DefaultMaxPlies)
	require.NoError(t, err)
	assert.Equal(t, ludo.PhaseOver, end.Phase())
}

// TestBotsTakeTheBonusMove: a capture that earns a bonus move of 20
// (rule P8), which brings a token home, is every bot's choice; and with
// the bonus due, they bring the token home. A search that rolls where a
// bonus move is due scores the capture as nothing.
func TestBotsTakeTheBonusMove(t *testing.T) {
	s := ludo.MustParsePosition("rules parchis1\nred 51 20 finish finish\ngreen @24\nturn red\ndie 3\n")
	capture, err := s.TokenMove(1)
	require.NoError(t, err)
	require.Equal(t, 1, capture.Captures())
	next, err := s.Apply(capture)
	require.NoError(t, err)
	require.True(t, next.IsBonusMove())
	home, err := next.TokenMove(0)
	require.NoError(t, err)
	require.True(t, home.Finishes())
	for _, b := range smart() {
		assert.Equal(t, capture, b.Choose(s, s.LegalMoves()), b.Name())
		assert.Equal(t, home, b.Choose(next, next.LegalMoves()), b.Name())
	}
	e := NewExpectimax(1)
	e.rules = next.Rules()
	v := e.value(next, 1)
	assert.Greater(t, v[ludo.Red], Evaluate(next)[ludo.Red]-20, "the bonus position is searched, not scored 0")
}

// risk returns the risk the evaluation sees for colour c's token i in
// position text.
func risk(t *testing.T, text string, c ludo.Color, i int) float64 {
	t.Helper()
	s, err := ludo.ParsePosition(text)
	require.NoError(t, err)
	r := s.Rules()
	v := newView(s, &r)
	require.GreaterOrEqual(t, v.sq[c][i], 0, "the token is on the track")
	return v.risk(c, v.sq[c][i], 1)
}

// TestRiskOnEveryGeometry: the evaluation's risk of capture follows the
// rules: safe squares, stars, pairs, blocks, partners, the start square,
// a 6 that counts 7, and pieces that may not be passed.
func TestRiskOnEveryGeometry(t *testing.T) {
	for _, c := range []struct {
		name     string
		position string
		want     float64
	}{
		// Green on square 6 is three squares behind red on 10.
		{"classic", "rules classic\nred 9\ngreen @7\nturn yellow\ndie 1", 1.0 / 6},
		{"classic, 7 to 12 behind", "rules classic\nred 9\ngreen @1\nturn yellow\ndie 1", 1.0 / 36},
		{"classic, a partner behind", "rules classic{Teams:Partners}\nred 9\nyellow @7\nturn green\ndie 1", 0},
		{"classic, an opponent of partners behind", "rules classic{Teams:Partners}\nred 9\ngreen @7\nturn blue\ndie 1", 1.0 / 6},
		{"ludoking, a star is safe (K1)", "rules ludoking\nred 8\ngreen @6\nturn yellow\ndie 1", 0},
		{"ludoking, beside the star", "rules ludoking\nred 9\ngreen @7\nturn yellow\ndie 1", 1.0 / 6},
		{"ludoking, a pair cannot be captured (K5)", "rules ludoking\nred 9 9\ngreen @7\nturn yellow\ndie 1", 0},
		{"classic, a pair can", "rules classic\nred 9 9\ngreen @7\nturn yellow\ndie 1", 1.0 / 6},
		{"ludoking, green's start square is safe and green enters there sharing (K1)", "rules ludoking\nred 13\ngreen yard\nturn yellow\ndie 1", 0},
		{"classic, green enters onto its start square and captures (Q4)", "rules classic\nred 13\ngreen yard\nturn yellow\ndie 1", 1.0 / 6},
		{"danish, entering captures on the start globe (D4), in three throws (M4)", "rules danish\nred 13\ngreen yard\nturn yellow\ndie 1", 1 - 125.0/216},
		{"danish, one throw with a token on the track", "rules danish\nred 13\ngreen @40\nturn yellow\ndie 1", 1.0 / 6},
		{"danish, a globe is safe (D1)", "rules danish\nred 8\ngreen @6\nturn yellow\ndie 1", 0},
		{"danish, a star is reached from behind the star before (D2)", "rules danish\nred 11\ngreen @2\nturn yellow\ndie 1", 1.0/6 + 1.0/36},
		{"danish, a pair sends the attacker home (D3)", "rules danish\nred 11 11\ngreen @2\nturn yellow\ndie 1", 0},
		{"mongolian, a red block stops green (B2)", "rules mongolian\nred 9 7 7\ngreen @6\nturn blue\ndie 1", 0},
		{"mongolian, a green block does not stop green", "rules mongolian\nred 9\ngreen @7 @8 @8\nturn blue\ndie 1", 3.0 / 6},
		{"fia, green may not pass its own (F2)", "rules fia\nred 9\ngreen @7 @8\nturn yellow\ndie 1", 1.0 / 6},
		{"fia, entry on 1 and 6 (F1)", "rules fia\nred 10\ngreen yard\nturn yellow\ndie 1", 2.0 / 6},
		{"parchis1, a seguro (P1)", "rules parchis1\nred 7\ngreen @5\nturn yellow\ndie 1", 0},
		{"parchis1, a 6 counts 7 once all are out (P5)", "rules parchis1\nred 9\ngreen @3 @60 @61 @62\nturn yellow\ndie 1", 1.0 / 6},
		{"parchis1, six squares behind with all out: no face (P5)", "rules parchis1\nred 9\ngreen @4 @60 @61 @62\nturn yellow\ndie 1", 0},
		{"parchis1, six squares behind with one at home", "rules parchis1\nred 9\ngreen @4 @60 @61\nturn yellow\ndie 1", 1.0 / 6},
		{"parchis1, one opponent on green's exit is shared (P4)", "rules parchis1\nred 17\ngreen yard\nturn yellow\ndie 1", 0},
		{"parchis1, a full exit is entered (P4)", "rules parchis1\nred 17\nblue @18\ngreen yard\nturn yellow\ndie 1", 1.0 / 6},
		{"cocangua, entry on 1 and 6 (V1)", "rules cocangua\nred 13\ngreen yard\nturn yellow\ndie 1", 2.0 / 6},
		{"cocangua, 1 and 1 (V1)", "rules cocangua\nred 9\ngreen @8\nturn yellow\ndie 1", 1.0/6 + 1.0/36},
	} {
		t.Run(c.name, func(t *testing.T) {
			assert.InDelta(t, c.want, risk(t, c.position, ludo.Red, 0), 1e-9)
		})
	}
}

// TestEvaluateGoingRound: a token going round again (rule K4) is worth a
// lap less than where it stands, not a finished token; so a bot moves
// another token rather than send it round.
func TestEvaluateGoingRound(t *testing.T) {
	s := ludo.MustParsePosition("rules ludoking{CaptureBeforeHome:true}\nred 49 10\ngreen @40\ndie 2\n")
	round, err := s.TokenMove(0)
	require.NoError(t, err)
	require.True(t, round.Circles())
	next, err := s.Apply(round)
	require.NoError(t, err)
	assert.Less(t, Evaluate(next)[ludo.Red], Evaluate(s)[ludo.Red])
	other, err := s.TokenMove(1)
	require.NoError(t, err)
	for _, b := range smart() {
		assert.Equal(t, other, b.Choose(s, s.LegalMoves()), b.Name())
	}
	// Once red has captured, the home column is open: token 0 goes in.
	u := s.Setup()
	u.Captured = ludo.ColorsOf(ludo.Red)
	open, err := u.State()
	require.NoError(t, err)
	in, err := open.TokenMove(0)
	require.NoError(t, err)
	require.False(t, in.Circles())
	for _, b := range smart() {
		assert.Equal(t, in, b.Choose(open, open.LegalMoves()), b.Name())
	}
}

// TestEvaluateBonusMoveDue: a bonus move due counts its steps for the
// player who makes it.
func TestEvaluateBonusMoveDue(t *testing.T) {
	with := ludo.MustParsePosition("rules parchis1\nred 10 20\ngreen @30\ndie 3\nbonus 20\n")
	u := with.Setup()
	u.BonusMove = 0
	without, err := u.State()
	require.NoError(t, err)
	assert.InDelta(t, 20, Evaluate(with)[ludo.Red]-Evaluate(without)[ludo.Red], 1e-9)
}
