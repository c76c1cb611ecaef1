package ludo_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ludorules/ludo"
)

// This file tests what the options the scenarios cover least do in play:
// SixValue (rule P5), Tries (rule M4), CapturePenalty (rule M8), StartOut
// and FinishTokens (rule K6), Teams (rule T1), goal slots (rule M1) and
// the boards of six arms (rules C1, C3, ruling Q5).

// famPos reads a position written by hand.
func famPos(t *testing.T, text string) ludo.State {
	t.Helper()
	s, err := ludo.ParsePosition(text)
	require.NoError(t, err, text)
	return s
}

// famRoll rolls face in s.
func famRoll(t *testing.T, s ludo.State, face int) ludo.State {
	t.Helper()
	s, err := s.Roll(face)
	require.NoError(t, err)
	return s
}

// famApply plays m in s.
func famApply(t *testing.T, s ludo.State, m ludo.Move) ludo.State {
	t.Helper()
	s, err := s.Apply(m)
	require.NoError(t, err, "%v", m)
	return s
}

// famOnly returns the one legal move of s.
func famOnly(t *testing.T, s ludo.State) ludo.Move {
	t.Helper()
	ms := s.LegalMoves()
	require.Len(t, ms, 1, "%v", ms)
	return ms[0]
}

// famToken returns token i's move in s.
func famToken(t *testing.T, s ludo.State, i int) ludo.Move {
	t.Helper()
	m, err := s.TokenMove(i)
	require.NoError(t, err)
	return m
}

// Rule P5: once none of the player's tokens is in the yard (finished
// tokens count as out), a 6 counts SixValue steps; with one in the yard
// it counts 6; other faces count themselves. The 6 still earns its bonus
// roll and counts towards the six limit.
func TestSixValue(t *testing.T) {
	for _, c := range []struct {
		name, pos string
		face      int
		count     int
		move      string // token 0's move
	}{
		{"no token in the yard", "rules parchis1\nred 10 20 30 40", 6, 7, "red 0: 10-17 die 6 count 7"},
		{"the others finished", "rules parchis1\nred 10 finish finish finish", 6, 7, "red 0: 10-17 die 6 count 7"},
		{"a 7 reaches the meta a 6 would not", "rules parchis1\nred 64 finish finish finish", 6, 7, "red 0: 64-71 finish die 6 count 7"},
		{"one token in the yard", "rules parchis1\nred 10 finish finish yard", 6, 6, "red 0: 10-16 die 6"},
		{"every token in the yard but one", "rules parchis1\nred 10", 6, 6, "red 0: 10-16 die 6"},
		{"a 5 counts 5", "rules parchis1\nred 10 20 30 40", 5, 5, "red 0: 10-15 die 5"},
		{"a 1 counts 1", "rules parchis1\nred 10 20 30 40", 1, 1, "red 0: 10-11 die 1"},
		{"SixValue 10", "rules parchis1{SixValue:10}\nred 10 21 30 40", 6, 10, "red 0: 10-20 die 6 count 10"},
		{"classic: a 6 is 6", "rules classic\nred 10 20 30 40", 6, 6, "red 0: 10-16 die 6"},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := famRoll(t, famPos(t, c.pos), c.face)
			assert.Equal(t, c.face, s.Die())
			assert.Equal(t, c.count, s.Count())
			m := famToken(t, s, 0)
			assert.Equal(t, c.move, famMustText(t, m))
			next := famApply(t, s, m)
			if c.face == 6 && !m.Finishes() {
				assert.Equal(t, ludo.Red, next.Turn(), "the 6 earns a bonus roll")
				assert.Equal(t, 1, next.Streak())
			}
		})
	}
	// The third 6 that counts 7 is forfeited like any.
	s := famRoll(t, famPos(t, "rules parchis1\nred 10 20 30 40\nsixes 2\nlast 0"), 6)
	m := famOnly(t, s)
	assert.True(t, m.Forfeits())
	assert.Equal(t, 7, m.Count())
	assert.Equal(t, -1, famApply(t, s, m).Progress(ludo.Red, 0), "rule P9")
}

// Rule M4: a player none of whose tokens can move but by entering has
// three throws to roll an entry face; a token in play, or in the goal
// with a face that moves it, leaves one throw; tokens in the goal that no
// face moves leave three.
func TestTries(t *testing.T) {
	for _, c := range []struct {
		name, pos string
		throws    int
	}{
		{"every token in the yard", "rules maedn\nred yard yard yard yard", 3},
		{"tokens in the goal that no face moves", "rules maedn\nred 43 42 yard yard", 3},
		{"a token in the goal a 1 or a 2 moves", "rules maedn\nred 41 yard yard yard", 1},
		{"a token on the track that the die cannot move", "rules maedn\nred 39 43 42 41", 1},
		{"one throw a turn under Tries 1", "rules maedn{Tries:1}\nred yard yard yard yard", 1},
		{"two throws under Tries 2", "rules maedn{Tries:2}\nred yard yard yard yard", 2},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := famPos(t, c.pos)
			for k := 1; k <= c.throws; k++ {
				require.Equal(t, ludo.Red, s.Turn(), "throw %d", k)
				require.Equal(t, ludo.PhaseRoll, s.Phase())
				s = famRoll(t, s, 4)
				m := famOnly(t, s)
				require.True(t, m.IsPass(), "%v", m)
				s = famApply(t, s, m)
			}
			assert.Equal(t, ludo.Green, s.Turn(), "after %d throws the turn passes", c.throws)
			assert.Equal(t, 0, s.Setup().TriesUsed)
		})
	}
	// An entry face on the second throw brings a token in (rule M2), and
	// its bonus roll follows.
	s := famPos(t, "rules maedn\nred yard yard yard yard")
	s = famApply(t, famRoll(t, s, 2), famOnly(t, famRoll(t, s, 2)))
	s = famRoll(t, s, 6)
	m := famOnly(t, s)
	require.True(t, m.Enters())
	s = famApply(t, s, m)
	assert.Equal(t, ludo.Red, s.Turn())
	assert.Equal(t, 1, s.Streak())
}

// Rule M8 under CapturePenalty: a player who makes a move that captures
// nothing while one could capture loses the token that could have (the
// one furthest on, if several could); a capturing move costs nothing.
// CaptureCompulsory allows only the capturing moves; CaptureOptional
// neither forces nor punishes.
func TestCapturePenalty(t *testing.T) {
	// Red's tokens 0 (5) and 1 (10) capture with a 3, on squares 9 and
	// 14; token 2 (20) does not.
	pos := func(duty string) ludo.State {
		return famRoll(t, famPos(t, "rules maedn{CaptureDuty:"+duty+"}\nred 5 10 20 yard\ngreen 38 yard yard yard\nyellow 33 yard yard yard\nblue yard yard yard yard"), 3)
	}
	s := pos("CapturePenalty")
	require.Len(t, s.LegalMoves(), 3)
	next := famApply(t, s, famToken(t, s, 2))
	assert.Equal(t, []int{5, -1, 23, -1}, famProgress(next, ludo.Red), "token 1, the furthest that could capture, goes home")
	assert.Equal(t, 38, next.Progress(ludo.Green, 0))
	assert.Equal(t, 33, next.Progress(ludo.Yellow, 0))

	next = famApply(t, s, famToken(t, s, 0))
	assert.Equal(t, []int{8, 10, 20, -1}, famProgress(next, ludo.Red), "a capture costs nothing")
	assert.Equal(t, -1, next.Progress(ludo.Green, 0))

	next = famApply(t, s, famToken(t, s, 1))
	assert.Equal(t, []int{5, 13, 20, -1}, famProgress(next, ludo.Red))
	assert.Equal(t, -1, next.Progress(ludo.Yellow, 0))

	// One token could capture: it goes home when another moves.
	one := famRoll(t, famPos(t, "rules maedn{CaptureDuty:CapturePenalty}\nred 5 20 yard yard\ngreen 38 yard yard yard\nyellow yard yard yard yard\nblue yard yard yard yard"), 3)
	next = famApply(t, one, famToken(t, one, 1))
	assert.Equal(t, []int{-1, 23, -1, -1}, famProgress(next, ludo.Red))

	s = pos("CaptureCompulsory")
	assert.Len(t, s.LegalMoves(), 2)
	_, err := s.TokenMove(2)
	famAssertRule(t, err, "M8")

	s = pos("CaptureOptional")
	next = famApply(t, s, famToken(t, s, 2))
	assert.Equal(t, []int{5, 10, 23, -1}, famProgress(next, ludo.Red), "no penalty")
}

// famAssertRule asserts that err is an illegal move citing rule.
func famAssertRule(t *testing.T, err error, rule string) {
	t.Helper()
	var e *ludo.IllegalMoveError
	require.ErrorAs(t, err, &e)
	assert.Equal(t, rule, e.Rule, e.Reason)
}

// Rule K6: StartOut tokens of each player begin on the start square;
// with FinishTokens a player finishes with that many tokens home, and
// under FirstWinner the game stops at the first winner.
func TestQuickGames(t *testing.T) {
	r, err := ludo.ParseRules("ludoking{StartOut:2 FinishTokens:2 End:FirstWinner}")
	require.NoError(t, err)
	s, err := ludo.New(r)
	require.NoError(t, err)
	for c := range s.Players().All() {
		assert.Equal(t, []int{0, 0, -1, -1}, famProgress(s, c), "%v", c)
	}
	assert.Equal(t, 2, s.TokensOn(ludo.TrackSquare(14))[ludo.Green])

	// Red's second token home ends the game, with two still out.
	s = famRoll(t, famPos(t, "rules "+r.String()+"\nred finish 55 10 yard\ngreen finish 40"), 1)
	m := famToken(t, s, 1)
	require.True(t, m.Finishes())
	s = famApply(t, s, m)
	assert.Equal(t, ludo.PhaseOver, s.Phase())
	w, ok := s.Winner()
	assert.True(t, ok)
	assert.Equal(t, ludo.Red, w)
	assert.Equal(t, []ludo.Color{ludo.Red}, s.Ranking())
	assert.Equal(t, 0, s.Place(ludo.Green))

	// One token home is not enough.
	s = famRoll(t, famPos(t, "rules "+r.String()+"\nred 50 55 10 yard"), 1)
	s = famApply(t, s, famToken(t, s, 1))
	assert.Equal(t, ludo.PhaseRoll, s.Phase())
	_, ok = s.Winner()
	assert.False(t, ok)

	// Seeded quick games all end at the first winner, with FinishTokens
	// of the winner's tokens home.
	for seed := range uint64(20) {
		end := famPlay(t, r, seed+1, 50000, func(ludo.State) {})
		require.Equal(t, ludo.PhaseOver, end.Phase(), "seed %d", seed+1)
		rank := end.Ranking()
		require.Len(t, rank, 1)
		home := 0
		for i := range 4 {
			if end.Progress(rank[0], i) == 56 {
				home++
			}
		}
		assert.Equal(t, 2, home)
	}

	// FinishTokens equal to Tokens plays for all places.
	all, err := ludo.ParseRules("classic{FinishTokens:4 StartOut:4 Players:2}")
	require.NoError(t, err)
	s, err = ludo.New(all)
	require.NoError(t, err)
	assert.Equal(t, []int{0, 0, 0, 0}, famProgress(s, ludo.Red))
	end := famPlay(t, all, 3, 50000, func(ludo.State) {})
	assert.Len(t, end.Ranking(), 2)
}

// Rule T1: partners alternate round the seats; they never capture each
// other and a partner's block does not stop them; a colour all home
// takes no more turns; the team whose colours have all finished takes
// first place, the other second, and the game is over.
func TestTeams(t *testing.T) {
	r, err := ludo.ParseRules("classic{Teams:Partners}")
	require.NoError(t, err)
	s, err := ludo.New(r)
	require.NoError(t, err)
	assert.Equal(t, ludo.ColorsOf(ludo.Red, ludo.Yellow), s.Team(ludo.Red))
	assert.Equal(t, ludo.ColorsOf(ludo.Red, ludo.Yellow), s.Team(ludo.Yellow))
	assert.Equal(t, ludo.ColorsOf(ludo.Green, ludo.Blue), s.Team(ludo.Green))
	six, err := ludo.New(func() ludo.Rules {
		r, _ := ludo.ParseRules("ludoking6{Teams:Partners}")
		return r
	}())
	require.NoError(t, err)
	assert.Equal(t, ludo.ColorsOf(ludo.Red, ludo.Yellow, ludo.Purple), six.Team(ludo.Purple))
	assert.Equal(t, ludo.ColorsOf(ludo.Green, ludo.Blue, ludo.Orange), six.Team(ludo.Green))
	sixFour, err := ludo.ParseRules("ludoking6{Teams:Partners Players:4}")
	require.NoError(t, err)
	s4, err := ludo.New(sixFour)
	require.NoError(t, err)
	assert.Equal(t, ludo.ColorsOf(ludo.Red, ludo.Blue), s4.Team(ludo.Red), "seats red, green, blue, purple: every other one")

	// Red lands on its partner yellow on square 13 and shares it; on an
	// opponent, green, it captures.
	s = famRoll(t, famPos(t, "rules "+r.String()+"\nred 9\nyellow 38"), 3)
	m := famOnly(t, s)
	assert.Equal(t, 0, m.NumCaptured())
	next := famApply(t, s, m)
	assert.Equal(t, [ludo.MaxPlayers]int{ludo.Red: 1, ludo.Yellow: 1}, next.TokensOn(ludo.TrackSquare(13)))
	s = famRoll(t, famPos(t, "rules "+r.String()+"\nred 9\nblue 25"), 3)
	assert.Equal(t, 1, famOnly(t, s).NumCaptured())

	// A partner's block does not stop red; an opponent's does (rule B2).
	blocks, err := ludo.ParseRules("mongolian{Teams:Partners}")
	require.NoError(t, err)
	s = famRoll(t, famPos(t, "rules "+blocks.String()+"\nred 9 20\nyellow 37 37"), 4) // yellow's block on square 12
	m = famToken(t, s, 0)
	assert.Equal(t, 13, m.To(), "red passes its partner's block")
	s = famRoll(t, famPos(t, "rules "+blocks.String()+"\nred 9 20\ngreen 50 50"), 4) // green's block on square 12
	_, err = s.TokenMove(0)
	famAssertRule(t, err, "B2")

	// Red is all home: its turn is skipped, and the game goes on.
	s = famPos(t, "rules "+r.String()+"\nred finish finish finish finish\nyellow 55 finish finish finish\nturn blue")
	assert.Equal(t, 0, s.Place(ludo.Red))
	s = famApply(t, famRoll(t, s, 3), famOnly(t, famRoll(t, s, 3)))
	assert.Equal(t, ludo.Green, s.Turn(), "after blue comes red, who is all home: green")
	// Yellow's last token home: red and yellow first, green and blue
	// second, and the game is over.
	s = famPos(t, "rules "+r.String()+"\nred finish finish finish finish\nyellow 55 finish finish finish\ngreen 10\nturn yellow")
	s = famRoll(t, s, 1)
	s = famApply(t, s, famOnly(t, s))
	assert.Equal(t, ludo.PhaseOver, s.Phase())
	assert.Equal(t, 1, s.Place(ludo.Red))
	assert.Equal(t, 1, s.Place(ludo.Yellow))
	assert.Equal(t, 2, s.Place(ludo.Green))
	assert.Equal(t, 2, s.Place(ludo.Blue))
	assert.Equal(t, []ludo.Color{ludo.Red, ludo.Yellow, ludo.Green, ludo.Blue}, s.Ranking())
	w, _ := s.Winner()
	assert.Equal(t, ludo.Red, w)

	// Seeded team games end when a team is home: every colour placed,
	// the winners' tokens all finished.
	for seed := range uint64(10) {
		end := famPlay(t, r, seed+1, 50000, func(ludo.State) {})
		require.Equal(t, ludo.PhaseOver, end.Phase())
		rank := end.Ranking()
		require.Len(t, rank, 4)
		win := end.Team(rank[0])
		assert.Equal(t, win, ludo.ColorsOf(rank[0], rank[1]))
		for c := range win.All() {
			assert.Equal(t, 1, end.Place(c))
			assert.Equal(t, []int{56, 56, 56, 56}, famProgress(end, c))
		}
	}
}

// Rule M1: under GoalSlots a player is done when their tokens fill the
// last goal squares, as many as they have tokens: all four of the
// Mensch ärgere Dich nicht goal with four, the last two with two; on the
// Cờ cá ngựa stable of six, squares 3 to 6. A move into those squares
// Finishes; one short of them does not.
func TestGoalSlots(t *testing.T) {
	for _, c := range []struct {
		name, pos string
		face      int
		token     int
		finishes  bool
		done      bool
	}{
		{"maedn: the fourth slot filled", "rules maedn{Players:2}\nred 42 43 41 39", 1, 3, true, true},
		{"maedn: into the goal, not yet done", "rules maedn{Players:2}\nred 43 42 36 yard", 4, 2, true, false},
		{"maedn with two tokens: the last two slots", "rules maedn{Players:2 Tokens:2}\nred 41 43", 1, 0, true, true},
		{"maedn with two tokens: a slot short of them", "rules maedn{Players:2 Tokens:2}\nred 39 43", 2, 0, false, false},
		{"cocangua: stable square 3 counts", "rules cocangua{Players:2}\nred 52 54 55 56", 3, 0, true, true},
		{"cocangua: stable square 2 does not", "rules cocangua{Players:2}\nred 51 54 55 56", 2, 0, false, false},
		{"cocangua: from the gate to square 1", "rules cocangua{Players:2}\nred 50 54 55 56", 1, 0, false, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := famRoll(t, famPos(t, c.pos), c.face)
			m := famToken(t, s, c.token)
			assert.Equal(t, c.finishes, m.Finishes(), "%v", m)
			next := famApply(t, s, m)
			assert.Equal(t, c.done, next.Place(ludo.Red) == 1)
			if c.done {
				assert.Equal(t, ludo.PhaseOver, next.Phase(), "two players: one left")
			}
		})
	}
	// A goal square holds one token (rule M1), and a roll past the last
	// is no move.
	s := famRoll(t, famPos(t, "rules maedn\nred 40 42 yard yard"), 2)
	_, err := s.TokenMove(0)
	famAssertRule(t, err, "M1")
	_, err = s.TokenMove(1)
	famAssertRule(t, err, "C5")
}

// Rules C1, C3 and ruling Q5 on boards of six arms: the default seats
// spread the players round the board (two sit opposite), the first seated
// colour rolls first, turns pass clockwise skipping unseated colours, and
// each colour enters on its own arm.
func TestSixArmBoards(t *testing.T) {
	seats := map[int]ludo.Colors{
		2: ludo.ColorsOf(ludo.Red, ludo.Blue),
		3: ludo.ColorsOf(ludo.Red, ludo.Yellow, ludo.Purple),
		4: ludo.ColorsOf(ludo.Red, ludo.Green, ludo.Blue, ludo.Purple),
		5: ludo.ColorsOf(ludo.Red, ludo.Green, ludo.Yellow, ludo.Blue, ludo.Purple),
		6: ludo.ColorsOf(ludo.Red, ludo.Green, ludo.Yellow, ludo.Blue, ludo.Purple, ludo.Orange),
	}
	for _, preset := range []string{"ludoking6", "maedn6", "parchis6"} {
		base, ok := ludo.Preset(preset)
		require.True(t, ok)
		b := base.Board
		for n := 2; n <= 6; n++ {
			r := base
			r.Players = n
			s, err := ludo.New(r)
			require.NoError(t, err, "%s %d", preset, n)
			assert.Equal(t, seats[n], s.Players(), "%s with %d players", preset, n)
			assert.Equal(t, ludo.Red, s.Turn())
			// Every player in turn throws a 2, which earns no bonus roll.
			var order []ludo.Color
			for range 2 * n {
				order = append(order, s.Turn())
				s = famRoll(t, s, 2) // no entry: a pass, or the token that starts out moves
				s = famApply(t, s, s.LegalMoves()[0])
			}
			var want []ludo.Color
			for range 2 {
				for c := range seats[n].All() {
					want = append(want, c)
				}
			}
			assert.Equal(t, want, order, "%s with %d players", preset, n)
		}
		// Each colour enters on its own start square, 1 + c×StartSpacing.
		for c := range ludo.Color(6) {
			u := func() ludo.Setup { s, _ := ludo.New(base); return s.Setup() }()
			u.Turn = c
			for f := 6; f >= 1 && u.Die == 0; f-- {
				if base.EntryRolls.Has(f) {
					u.Die = f
				}
			}
			u.Streak = 0
			if base.BonusRolls.Has(u.Die) {
				u.Streak = 1
			}
			for i := range u.Tokens[c] {
				u.Tokens[c][i] = -1
			}
			s, err := u.State()
			require.NoError(t, err, "%s %v", preset, c)
			var enter ludo.Move
			for _, m := range s.LegalMoves() {
				if m.Enters() {
					enter = m
				}
			}
			require.True(t, enter.Enters(), "%s %v: %v", preset, c, s.LegalMoves())
			next := famApply(t, s, enter)
			assert.Equal(t, ludo.TrackSquare(1+int(c)*b.StartSpacing), next.Square(c, enter.Token()), "%s %v", preset, c)
		}
	}
}
