package bots

import (
	"math"
	"slices"
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
	require.Equal(t, 1, capture.NumCaptured())
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
	require.Equal(t, 1, capture.NumCaptured())
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
		// Two dice (rule W1): a 3 on either die, or 1 and 2; or after 6 and
		// 6 (rule W3) a 3 of the next throw.
		{"naija, 3 behind on either die or both (W1)", "rules naija\nred 9\ngreen @7\nturn yellow\ndie 1 1", 13.0/36 + 13.0/1296},
		{"naija, 9 behind on both dice, or 6 and 6 then 3 or 9 (W1, W3)", "rules naija\nred 9\ngreen @1\nturn yellow\ndie 1 1", 4.0/36 + 15.0/1296},
		{"naija, 13 behind only after 6 and 6, then 1 or 7 (W3)", "rules naija\nred 9\ngreen @49\nturn yellow\ndie 1 1", 15.0 / 1296},
		{"naija, green enters with a 6 on either die", "rules naija\nred 13\ngreen yard\nturn yellow\ndie 1 1", 11.0 / 36},
		// Parcheesi: green enters with a 5 on a die or the dice summing to
		// 5 (rule H1: 11 throws and 1-4, 4-1, 2-3, 3-2), capturing on its
		// start square (H4's exception, D4).
		{"parcheesi, green enters with a 5 or the sum 5 (H1)", "rules parcheesi\nred 17\ngreen yard\nturn yellow\ndie 1 1", 15.0 / 36},
		// 7 behind with every green token out: the six throws summing to
		// 7, and every double, as tops and bottoms (rule H2) a top and a
		// bottom make 7.
		{"parcheesi, 7 behind: any double as tops and bottoms (H2)", "rules parcheesi\nred 9\ngreen @3 home1 home2 home3\nturn yellow\ndie 1 1", 12.0 / 36},
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

// TestBotsPlayBothDice: with two dice (rule W1) red's token 0 captures,
// and retires (rule N1), with 3 and 4 together, in either order; token 1,
// the leader, would gain as much with either die alone. Every bot moves
// token 0 first and captures with the other die: a bot that scored the
// position after the first die, before the other is played, sees no
// capture.
func TestBotsPlayBothDice(t *testing.T) {
	s := ludo.MustParsePosition("rules naija\nred 20 36\ngreen @28\nturn red\ndie 3 4\n")
	bots := append(smart(), NewMonteCarlo(1, MonteCarloConfig{Playouts: 40, Plies: 2, Policy: GreedyPlayouts}))
	for _, b := range bots {
		first := b.Choose(s, s.LegalMoves())
		require.Equal(t, 0, first.Token(), "%s plays %v", b.Name(), first)
		next, err := s.Apply(first)
		require.NoError(t, err)
		require.Equal(t, ludo.PhaseMove, next.Phase(), "the other die is due, with no roll")
		second := b.Choose(next, next.LegalMoves())
		assert.Equal(t, 1, second.NumCaptured(), "%s plays %v", b.Name(), second)
		assert.True(t, second.Retires(), "%s plays %v", b.Name(), second)
	}
}

// TestExpectimaxPlaysTheOtherDie: a position with a throw's other die due
// (rule W1) is a decision node of the same player, searched before the
// horizon: at depth 0 its value is that of the best move of the other
// die, not its evaluation.
func TestExpectimaxPlaysTheOtherDie(t *testing.T) {
	s := ludo.MustParsePosition("rules naija\nred 23 36\ngreen @28\nturn red\ndie 3 4\nplayed 3\n")
	require.Equal(t, [4]int{0, 4}, s.DiceDue())
	want := math.Inf(-1)
	for _, c := range s.AppendSuccessors(nil) {
		require.Equal(t, ludo.PhaseRoll, c.State.Phase())
		want = max(want, Evaluate(c.State)[ludo.Red])
	}
	e := NewExpectimax(1)
	e.rules = s.Rules()
	v := e.value(s, 0)
	assert.InDelta(t, want, v[ludo.Red], 1e-9)
	assert.Greater(t, v[ludo.Red], Evaluate(s)[ludo.Red]+20, "the capture with the 4 is seen")
	// At depth 1 the roll searched is the next player's, after red's 4.
	one := e.value(s, 1)
	assert.NotEqual(t, v, one)
}

// TestEvaluateOtherDieDue: the other die of a throw of two, due once one
// is played (rule W1), counts its steps for the mover, as a bonus move
// does; a throw with both dice due counts nothing, as one die's does.
func TestEvaluateOtherDieDue(t *testing.T) {
	played := ludo.MustParsePosition("rules naija\nred 10 30\ngreen @40\ndie 3 4\nplayed 3\n")
	both := ludo.MustParsePosition("rules naija\nred 10 30\ngreen @40\ndie 3 4\n")
	u := played.Setup()
	u.Die, u.SecondDie, u.Played = 0, 0, [4]bool{}
	roll, err := u.State()
	require.NoError(t, err)
	require.Equal(t, ludo.PhaseRoll, roll.Phase())
	assert.InDelta(t, 4, Evaluate(played)[ludo.Red]-Evaluate(roll)[ludo.Red], 1e-9)
	assert.InDelta(t, 0, Evaluate(both)[ludo.Red]-Evaluate(roll)[ludo.Red], 1e-9)
}

// TestQuickTwoDiceThreats: with two dice (rule W1) an opponent threatens
// a square 7 to 12 squares on by both dice: the quick policy moves red's
// token 1, not token 0 from 5 squares ahead of green to 8 or 9 ahead,
// which one die would not reach.
func TestQuickTwoDiceThreats(t *testing.T) {
	s := ludo.MustParsePosition("rules naija\nred 20 40\ngreen @16\nturn red\ndie 3 4\n")
	r := s.Rules()
	moves := s.LegalMoves()
	assert.Equal(t, 1, moves[quick(s, moves, &r)].Token())
	one := ludo.MustParsePosition("rules classic\nred 20 40\ngreen @16\nturn red\ndie 3\n")
	r = one.Rules()
	moves = one.LegalMoves()
	assert.Equal(t, 0, moves[quick(one, moves, &r)].Token(), "one die does not reach 8 squares on")
}

// TestEvaluateEarnedAfterTheDice: with two dice a bonus move earned while
// a die is still due comes after the dice (rule W4), and counts for the
// mover as the bonus move due does: 20 more with the capture's earned,
// 10 more with a token home's after it.
func TestEvaluateEarnedAfterTheDice(t *testing.T) {
	earned := ludo.MustParsePosition("rules parcheesi{Players:2}\nred 13 30 -1 -1\nturn red\ndie 3 6\nplayed 3\nearned 20\n")
	none := ludo.MustParsePosition("rules parcheesi{Players:2}\nred 13 30 -1 -1\nturn red\ndie 3 6\nplayed 3\n")
	assert.InDelta(t, 20, Evaluate(earned)[ludo.Red]-Evaluate(none)[ludo.Red], 1e-9)
	two := ludo.MustParsePosition("rules parcheesi{Players:2}\nred 13 30 -1 -1\nturn red\ndie 3 6\nplayed 3 6\nearned 20 10\n")
	one := ludo.MustParsePosition("rules parcheesi{Players:2}\nred 13 30 -1 -1\nturn red\ndie 3 6\nplayed 3 6\nearned 20\n")
	require.True(t, two.IsBonusMove())
	assert.InDelta(t, 10, Evaluate(two)[ludo.Red]-Evaluate(one)[ludo.Red], 1e-9)
	// Tops and bottoms (rule H2): the amounts left count, 4 and 3 of
	// 4, 3, 4, 3 with a top and a bottom played.
	left := ludo.MustParsePosition("rules parcheesi{Players:2}\nred 14 33 40 50\nturn red\ndie 4 4\nbottoms\nplayed 4 3\n")
	require.Equal(t, [4]int{0, 0, 4, 3}, left.DiceDue())
	u := left.Setup()
	u.Played = [4]bool{true, true, true, false}
	last, err := u.State()
	require.NoError(t, err)
	assert.InDelta(t, 4, Evaluate(left)[ludo.Red]-Evaluate(last)[ludo.Red], 1e-9)
}

// TestHeuristicBeatsRandomParcheesi: under Parcheesi's rules (two dice,
// tops and bottoms, bonus moves after the dice, blockades) the heuristic
// beats a random player nearly always (199 of 200 measured): a bot that
// misread the amounts due or the bonus moves would not.
func TestHeuristicBeatsRandomParcheesi(t *testing.T) {
	r, _ := ludo.Preset("parcheesi")
	r.Players = 2
	start, _ := ludo.New(r)
	n := heuristicWins(t, start, 5, 60)
	assert.GreaterOrEqual(t, n, 54, "heuristic won %d of 60 games against random", n)
}

// TestHeuristicBeatsRandomPachisi: under pachisi, where a player may
// refuse any move (rule Y7), the heuristic bot still plays its pieces
// home: scored one move ahead a refusal risks nothing, and the bot once
// refused every move that left a piece in reach, winning 1 game in 60
// (now about all of them: 400 of 400 in a tournament).
func TestHeuristicBeatsRandomPachisi(t *testing.T) {
	r, _ := ludo.Preset("pachisi")
	r.Players = 2
	start, _ := ludo.New(r)
	n := heuristicWins(t, start, 7, 60)
	assert.GreaterOrEqual(t, n, 54, "heuristic won %d of 60 games against random", n)
}

// recorder is a bot that notes the moves it chose of the mover's other
// colour (rule T3).
type recorder struct {
	Bot
	choices, mate int
}

func (b *recorder) Choose(s ludo.State, moves []ludo.Move) ludo.Move {
	m := b.Bot.Choose(s, moves)
	b.choices++
	if m.Color() != s.Turn() {
		b.mate++
	}
	return m
}

// TestTwoColorsEachPlaysToTheEnd: under Teams:TwoColorsEach (rule T3)
// every bot of the registry plays whole games running Red and Yellow as
// one player, choosing among the moves of both colours (some of its
// choices are of the turn's other colour), and its side or the other
// wins. Expectimax plays with a budget of 2,000 positions, some of its
// searches of two rolls finishing; with -short the heuristic bot plays
// the first 150 plies, as a search of one roll takes tens of milliseconds
// a move under T3.
func TestTwoColorsEachPlaysToTheEnd(t *testing.T) {
	r, err := ludo.ParseRules("uckers{Teams:TwoColorsEach}")
	require.NoError(t, err)
	s, err := ludo.New(r)
	require.NoError(t, err)
	for k, name := range Names() {
		t.Run(name, func(t *testing.T) {
			seed := GameSeed(13, k)
			b, err := New(name, seed)
			require.NoError(t, err)
			switch e := b.(type) {
			case *Expectimax:
				e.Budget = 2000
			case *MonteCarlo:
				e.cfg.Playouts, e.cfg.Plies = 24, 6
			}
			rec := &recorder{Bot: b}
			var tab [ludo.MaxPlayers]Bot
			tab[ludo.Red], tab[ludo.Yellow] = rec, rec
			tab[ludo.Green], tab[ludo.Blue] = NewHeuristic(), NewHeuristic()
			dice := ludo.SeededDice(seed)
			start := s
			if testing.Short() {
				h := NewHeuristic()
				start, _, err = Play(s, [ludo.MaxPlayers]Bot{h, h, h, h}, dice, 150)
				require.ErrorIs(t, err, ErrPlyLimit)
			}
			end, plies, err := Play(start, tab, dice, DefaultMaxPlies)
			require.NoError(t, err)
			t.Logf("%d plies, %d choices, %d of the other colour", plies, rec.choices, rec.mate)
			assert.Equal(t, ludo.PhaseOver, end.Phase())
			assert.Greater(t, plies, 40)
			w, ok := end.Winner()
			require.True(t, ok)
			assert.Contains(t, [][]ludo.Color{{ludo.Red, ludo.Yellow}, {ludo.Green, ludo.Blue}}, slices.Collect(end.Team(w).All()))
			assert.Greater(t, rec.mate, 0, "moves of the turn's other colour chosen")
			assert.Less(t, rec.mate, rec.choices, "and of the turn's colour")
		})
	}
}

// TestExpectimaxBudget: a search of two rolls that passes the budget is
// given up for one roll, which chooses as expectimax1 does; within it,
// the choice is the search of two rolls'. Under TwoColorsEach (rule T3)
// with both colours out a search of two rolls scores hundreds of
// thousands of positions.
func TestExpectimaxBudget(t *testing.T) {
	s := ludo.MustParsePosition("rules uckers{Teams:TwoColorsEach}\nred 5 12 20 yard\ngreen @30 @33\nyellow @36 @39\nblue @44 @48\ndie 4 2")
	moves := s.LegalMoves()
	require.Greater(t, len(moves), 12, "moves of both colours")
	one := NewExpectimax(1)
	want := one.Choose(s, moves)
	one.Choose(s, moves)
	e := NewExpectimax(2)
	e.Budget = 5000
	assert.Equal(t, want, e.Choose(s, moves), "given up for one roll")
	assert.Equal(t, one.nodes, e.nodes, "the last search was of one roll")
	assert.False(t, e.over)

	small := ludo.MustParsePosition("rules classic\nred 5 12\ngreen @20\ndie 4")
	full := NewExpectimax(2)
	full.Budget = 0
	one.Choose(small, small.LegalMoves())
	assert.Equal(t, full.Choose(small, small.LegalMoves()), e.Choose(small, small.LegalMoves()), "within the budget the same search")
	assert.Equal(t, full.nodes, e.nodes, "of two rolls")
	assert.Greater(t, e.nodes, one.nodes, "more than one roll's")
}

// TestRiskTwoColorsEach: under TwoColorsEach (rule T3) the player to move
// moves both its colours, so a threat to its other colour's token from
// an opponent who throws after it is weighed as Later, as one to the
// turn's colour; in partnerships (uckers) that token waits for its own
// turn, after the opponent's.
func TestRiskTwoColorsEach(t *testing.T) {
	at := func(text string) float64 {
		s := ludo.MustParsePosition(text)
		r := s.Rules()
		v := newView(s, &r)
		return v.risk(ludo.Yellow, v.sq[ludo.Yellow][0], 0.5)
	}
	// Green on square 17 is three squares behind yellow on 20.
	t3 := at("rules uckers{Teams:TwoColorsEach}\nyellow @20\ngreen @17\nturn red")
	partners := at("rules uckers\nyellow @20\ngreen @17\nturn red")
	assert.Greater(t, partners, 0.0)
	assert.InDelta(t, partners/2, t3, 1e-9, "Later weighs the threat the mover can answer now")
}
