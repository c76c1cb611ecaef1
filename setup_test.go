package ludo_test

import (
	"errors"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ludorules/ludo"
)

// setupCase changes the Setup of the start position under rules r.
type setupCase struct {
	name string
	r    ludo.Rules
	f    func(u *ludo.Setup)
}

func (c setupCase) setup(t *testing.T) ludo.Setup {
	start, err := ludo.New(c.r)
	require.NoError(t, err)
	u := start.Setup()
	c.f(&u)
	return u
}

func rulesWith(r ludo.Rules, f func(*ludo.Rules)) ludo.Rules { f(&r); return r }

// turnStart returns a TurnStart that is u's Tokens with f applied.
func turnStart(u *ludo.Setup, f func(ts *[ludo.MaxPlayers][ludo.MaxTokens]int)) *[ludo.MaxPlayers][ludo.MaxTokens]int {
	ts := u.Tokens
	f(&ts)
	return &ts
}

// Every check of a position is Setup.State's: its error says which field,
// colour and token are at fault, and ParsePosition refuses the same
// position for the same reason.
func TestSetupErrors(t *testing.T) {
	const fin = 56
	classic, undo := ludo.Classic(), rulesWith(ludo.Classic(), func(r *ludo.Rules) { r.SixPenalty = ludo.UndoTurn })
	brasilpuc, _ := ludo.Preset("brasilpuc")
	done := [ludo.MaxTokens]int{fin, fin, fin, fin}
	for _, c := range []struct {
		setupCase
		want ludo.SetupError
	}{
		{setupCase{"progress past the finish", classic, func(u *ludo.Setup) { u.Tokens[ludo.Green][2] = 57 }},
			ludo.SetupError{"Tokens", ludo.Green, 2, "green token 2 has progress 57, want -1 (yard) to 56 (finish)"}},
		{setupCase{"going round again, past the last square before the start", rulesWith(classic, func(r *ludo.Rules) { r.CaptureBeforeHome = true }),
			func(u *ludo.Setup) { u.Tokens[ludo.Red][0] = 58 }},
			ludo.SetupError{"Tokens", ludo.Red, 0, "red token 0 has progress 58, want -1 (yard) to 56 (finish), or 57 to 57 going round again past its home entry (rule K4)"}},
		{setupCase{"going round again onto an opponent's square", rulesWith(classic, func(r *ludo.Rules) { r.CaptureBeforeHome = true }),
			func(u *ludo.Setup) { u.Tokens[ludo.Red][0], u.Tokens[ludo.Blue][1] = 57, 12 }},
			ludo.SetupError{"Tokens", ludo.Blue, 1, "red token 0 and blue token 1 share square 52, but a landing token captures (rule C11)"}},
		{setupCase{"two colours on a square: the later is blamed", classic, func(u *ludo.Setup) { u.Tokens[ludo.Red][1], u.Tokens[ludo.Green][3] = 13, 0 }},
			ludo.SetupError{"Tokens", ludo.Green, 3, "red token 1 and green token 3 share square 14, but a landing token captures (rule C11)"}},
		{setupCase{"own tokens on a square under OwnLandingForbidden", rulesWith(classic, func(r *ludo.Rules) { r.OwnLanding = ludo.OwnLandingForbidden }),
			func(u *ludo.Setup) { u.Tokens[ludo.Red][0], u.Tokens[ludo.Red][2] = 52, 52 }},
			ludo.SetupError{"Tokens", ludo.Red, 2, "red tokens 0 and 2 share red home 2, but OwnLanding is OwnLandingForbidden (ruling Q11)"}},
		{setupCase{"two of a colour on a start square under GuardedExits", brasilpuc,
			func(u *ludo.Setup) { u.Tokens[ludo.Red][1] = 0 }},
			ludo.SetupError{"Tokens", ludo.Red, 1, "red tokens share the start square 1, but GuardedExits keeps blocks off start squares (rule A5)"}},
		{setupCase{"two colours on a start square, neither its owner, under GuardedExits", brasilpuc,
			func(u *ludo.Setup) {
				u.Tokens[ludo.Red][0], u.Tokens[ludo.Green][1], u.Tokens[ludo.Blue][1] = -1, 39, 13
			}},
			ludo.SetupError{"Tokens", ludo.Blue, 1, "two colours share the start square 1, neither of them its owner, but GuardedExits lets another colour share it only with its owner (rule A5)"}},
		{setupCase{"every token finished, not ranked", classic, func(u *ludo.Setup) { u.Tokens[ludo.Yellow] = done }},
			ludo.SetupError{"Tokens", ludo.Yellow, -1, "every yellow token has finished, so the ranking must list yellow (rule C6)"}},
		{setupCase{"ranked, not finished", classic, func(u *ludo.Setup) { u.Ranking = []ludo.Color{ludo.Blue} }},
			ludo.SetupError{"Ranking", ludo.Blue, 0, "the ranking lists blue, whose tokens have not all finished (rule C6)"}},
		{setupCase{"FirstWinner: a ranking of two", rulesWith(classic, func(r *ludo.Rules) { r.End = ludo.FirstWinner }), func(u *ludo.Setup) {
			u.Tokens[ludo.Red], u.Tokens[ludo.Blue] = done, done
			u.Ranking = []ludo.Color{ludo.Blue, ludo.Red}
		}}, ludo.SetupError{"Ranking", ludo.Red, 1, "End is FirstWinner: the game stops at the first winner, so the ranking lists one colour"}},
		{setupCase{"turn of a finished colour", classic, func(u *ludo.Setup) {
			u.Tokens[ludo.Red], u.Ranking = done, []ludo.Color{ludo.Red}
		}}, ludo.SetupError{"Turn", ludo.Red, -1, "the turn is red's, who has finished (rule C3)"}},
		{setupCase{"die at game over", rulesWith(classic, func(r *ludo.Rules) { r.Players = 2 }), func(u *ludo.Setup) {
			u.Tokens[ludo.Red], u.Ranking, u.Die = done, []ludo.Color{ludo.Red}, 4
		}}, ludo.SetupError{"Die", ludo.Red, -1, "the game is over, so no die is being played"}},
		{setupCase{"sixes at game over", rulesWith(classic, func(r *ludo.Rules) { r.Players = 2 }), func(u *ludo.Setup) {
			u.Tokens[ludo.Red], u.Ranking, u.Streak = done, []ludo.Color{ludo.Red}, 1
		}}, ludo.SetupError{"Streak", ludo.Red, -1, "the game is over, so no sixes count"}},
		{setupCase{"die 7", classic, func(u *ludo.Setup) { u.Die = 7 }},
			ludo.SetupError{"Die", ludo.Red, -1, "die 7: want one of {1 2 3 4 5 6} (or 0: a roll is due)"}},
		{setupCase{"sixes past SixLimit", classic, func(u *ludo.Setup) { u.Die, u.Streak = 6, 4 }},
			ludo.SetupError{"Streak", ludo.Red, -1, "sixes 4: want 0 to 3 (rule C9)"}},
		{setupCase{"sixes past 255 without a SixLimit", rulesWith(classic, func(r *ludo.Rules) { r.SixLimit = 0 }), func(u *ludo.Setup) { u.Die, u.Streak = 6, 256 }},
			ludo.SetupError{"Streak", ludo.Red, -1, "sixes 256: want 0 to 255 (rule C9)"}},
		{setupCase{"sixes with no bonus rolls", rulesWith(classic, func(r *ludo.Rules) { r.BonusRolls = 0 }), func(u *ludo.Setup) { u.Die, u.Streak = 3, 1 }},
			ludo.SetupError{"Streak", ludo.Red, -1, "sixes 1, but BonusRolls is empty, so no roll counts (rule C9)"}},
		{setupCase{"a six not counted", classic, func(u *ludo.Setup) { u.Die = 6 }},
			ludo.SetupError{"Streak", ludo.Red, -1, "die 6 earns a bonus roll, so sixes counts it and is at least 1 (rule C9)"}},
		{setupCase{"a roll due at SixLimit", classic, func(u *ludo.Setup) { u.Streak = 3 }},
			ludo.SetupError{"Streak", ludo.Red, -1, "sixes 3 is SixLimit: that roll was forfeited and the turn has passed (rule C9)"}},
		{setupCase{"another face after the forfeit", classic, func(u *ludo.Setup) { u.Die, u.Streak = 2, 3 }},
			ludo.SetupError{"Streak", ludo.Red, -1, "sixes 3 is SixLimit, but die 2 does not count: the roll before it was forfeited and the turn has passed (rule C9)"}},

		// TurnStart.
		{setupCase{"TurnStart without UndoTurn", classic, func(u *ludo.Setup) { u.TurnStart = turnStart(u, func(*[ludo.MaxPlayers][ludo.MaxTokens]int) {}) }},
			ludo.SetupError{"TurnStart", ludo.Red, -1, "where the turn began matters only with SixPenalty:UndoTurn (ruling Q2), and where the throw began only with DoublesSplitBlocks or SumMoves (rules H5, U2)"}},
		{setupCase{"TurnStart past the finish", undo, func(u *ludo.Setup) {
			u.Streak = 1
			u.TurnStart = turnStart(u, func(ts *[ludo.MaxPlayers][ludo.MaxTokens]int) { ts[ludo.Red][1] = 60 })
		}}, ludo.SetupError{"TurnStart", ludo.Red, 1, "when the turn began, red token 1 has progress 60, want -1 (yard) to 56 (finish)"}},
		{setupCase{"TurnStart: two colours on a square, the one that moved blamed", undo, func(u *ludo.Setup) {
			u.Tokens[ludo.Green][0], u.Streak = 0, 1
			u.TurnStart = turnStart(u, func(ts *[ludo.MaxPlayers][ludo.MaxTokens]int) { ts[ludo.Red][0] = 13 })
		}}, ludo.SetupError{"TurnStart", ludo.Red, 0, "when the turn began, green token 0 and red token 0 share square 14, but a landing token captures (rule C11)"}},
		{setupCase{"TurnStart differs with no six rolled", undo, func(u *ludo.Setup) {
			u.Tokens[ludo.Red][0] = 10
			u.TurnStart = turnStart(u, func(ts *[ludo.MaxPlayers][ludo.MaxTokens]int) { ts[ludo.Red][0] = 4 })
		}}, ludo.SetupError{"TurnStart", ludo.Red, -1, "sixes is 0, so no move has been made this turn and red stood where it stands"}},
		{setupCase{"TurnStart: another colour's token moved", undo, func(u *ludo.Setup) {
			u.Tokens[ludo.Red][0], u.Tokens[ludo.Blue][2], u.Streak = 10, 30, 1
			u.TurnStart = turnStart(u, func(ts *[ludo.MaxPlayers][ludo.MaxTokens]int) { ts[ludo.Blue][2] = 29 })
		}}, ludo.SetupError{"TurnStart", ludo.Blue, 2, "blue token 2 moved during red's turn; only a capture sends it back to its yard"}},
		{setupCase{"TurnStart: a colour finished this turn without its place", undo, func(u *ludo.Setup) {
			u.Tokens[ludo.Green][0], u.Streak = 3, 1
			u.TurnStart = turnStart(u, func(ts *[ludo.MaxPlayers][ludo.MaxTokens]int) { ts[ludo.Green] = done })
		}}, ludo.SetupError{"TurnStart", ludo.Green, -1, "green had finished when the turn began if and only if it has finished now"}},
		{setupCase{"TurnStart differs at game over", rulesWith(undo, func(r *ludo.Rules) { r.Players = 2 }), func(u *ludo.Setup) {
			u.Tokens[ludo.Red], u.Ranking = done, []ludo.Color{ludo.Red}
			u.TurnStart = turnStart(u, func(ts *[ludo.MaxPlayers][ludo.MaxTokens]int) { ts[ludo.Yellow][0] = 7 })
		}}, ludo.SetupError{"TurnStart", ludo.Yellow, -1, "the game is over, so no turn is under way and yellow stood where it stands"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			u := c.setup(t)
			s, err := u.State()
			assert.Equal(t, ludo.State{}, s)
			require.ErrorIs(t, err, ludo.ErrInvalidSetup)
			var e *ludo.SetupError
			require.ErrorAs(t, err, &e)
			assert.Equal(t, c.want, *e)
			assert.Equal(t, "ludo: invalid setup: "+c.want.Reason, err.Error())

			text := setupText(u)
			_, perr := ludo.ParsePosition(text)
			var pe *ludo.ParseError
			require.ErrorAs(t, perr, &pe, text)
			assert.Equal(t, c.want.Reason, pe.Msg, text)
			require.ErrorAs(t, perr, &e)
			assert.Equal(t, c.want, *e)
		})
	}
}

// Under UndoTurn, TurnStart gives where the turn began: the forfeit of
// rule C9 goes back there, State.Setup gives it back, and the text and
// JSON forms carry it.
func TestSetupTurnStart(t *testing.T) {
	r := rulesWith(ludo.Classic(), func(r *ludo.Rules) { r.SixPenalty, r.Players = ludo.UndoTurn, 2 })
	start, err := ludo.New(r)
	require.NoError(t, err)
	u := start.Setup()
	// Red's turn: a 6 entered token 0, a 6 moved it on to square 7,
	// capturing yellow's token 0 there, and the third 6 is to forfeit.
	u.Tokens[ludo.Red][0] = 6
	u.Tokens[ludo.Yellow][1] = 20
	u.Die, u.Streak = 6, 3
	ts := u.Tokens
	ts[ludo.Red][0] = -1
	ts[ludo.Yellow][0] = 32 // square 7
	u.TurnStart = &ts
	s, err := u.State()
	require.NoError(t, err)
	assert.Equal(t, u, s.Setup())
	back, err := s.Setup().State()
	require.NoError(t, err)
	assert.True(t, back == s)
	checkPositionRoundTrip(t, s)
	assert.Contains(t, ludo.FormatPosition(s), "undo    red yard yard yard yard\nundo    yellow 32 20 yard yard\n")

	// The forfeit puts the tokens back where the turn began.
	forfeit := s.LegalMoves()
	require.Len(t, forfeit, 1)
	next, err := s.Apply(forfeit[0])
	require.NoError(t, err)
	got := next.Setup()
	assert.Equal(t, ts, got.Tokens)
	assert.Nil(t, got.TurnStart, "a new turn begins where it stands")

	// A TurnStart equal to Tokens is the same as none.
	same := u
	same.TurnStart = &same.Tokens
	s2, err := same.State()
	require.NoError(t, err)
	u.TurnStart = nil
	s3, err := u.State()
	require.NoError(t, err)
	assert.True(t, s2 == s3)
	assert.Nil(t, s2.Setup().TurnStart)
	assert.False(t, s2 == s, "the hidden turn start counts in ==")
}

// s.Setup().State() == s for every position of play, UndoTurn and game
// over included, and ParsePosition reads the same position from its text.
func TestSetupRoundTripEveryState(t *testing.T) {
	t.Parallel()
	seen := false
	for k, r := range variants() {
		plies := 400
		if testing.Short() {
			plies = 100
		}
		for _, s := range gameStates(t, r, uint64(k+7), plies) {
			checkSetupRoundTrip(t, s)
			u := s.Setup()
			seen = seen || u.TurnStart != nil
			text := setupText(u)
			back, err := ludo.ParsePosition(text)
			require.NoError(t, err, "text of\n%v\n%s", s, text)
			require.True(t, back == s, "text of\n%v\n%s\nreads back as\n%v", s, text, back)
		}
	}
	assert.True(t, seen, "no game went through a turn with moves to undo")
}

// The error of a position ParsePosition refuses points at the word it is
// about: the token's word on its colour's line or undo line, else the
// line.
func TestParsePositionSetupErrorPlace(t *testing.T) {
	setup := ludo.ErrInvalidSetup
	for _, c := range []parseErrorCase{
		{"rules classic{SixPenalty:UndoTurn}\nred 5\nsixes 1\nundo red 4 yard 60", 4, 17, setup, "when the turn began, red token 2 has progress 60"},
		{"rules classic{SixPenalty:UndoTurn}\nred 5 6\ngreen 4\nsixes 1\nundo green", 5, 1, setup, "green token 0 moved during red's turn"},
		{"rules classic{SixPenalty:UndoTurn}\nred 5\nsixes 1\nundo green 44", 4, 12, setup, "when the turn began, red token 0 and green token 0 share square 6"},
		{"rules classic\nundo green 4", 2, 1, setup, "only with SixPenalty:UndoTurn"},
		{"rules classic\nred finish finish finish finish", 2, 1, setup, "every red token has finished"},
		{"rules classic\ndie 6\nsixes 0", 3, 7, setup, "die 6 earns a bonus roll"},
		{"rules classic\ndie 4\nsixes 3", 3, 7, setup, "die 4 does not count"},
		{"rules classic\nsixes 3", 2, 7, setup, "SixLimit"},
		{"rules classic{BonusRolls:{}}\nturn green\nsixes 1", 3, 7, setup, "BonusRolls is empty"},
		{"rules classic{Players:2}\nred finish finish finish finish\nranking red", 0, 0, nil, ""},
	} {
		_, err := ludo.ParsePosition(c.text)
		if c.is == nil {
			assert.NoError(t, err, c.text)
			continue
		}
		checkParseError(t, c, err)
		var e *ludo.SetupError
		assert.True(t, errors.As(err, &e), c.text)
	}
}

// A token going round again past its home entry (rule K4) stands on a
// track square: its progress is past the finish, and Square, On and At
// find it on the track.
func TestSquareGoingRoundAgain(t *testing.T) {
	s := ludo.MustParsePosition("rules ludoking{CaptureBeforeHome:true}\nred @52 yard 48\nblue @52 12\n")
	assert.Equal(t, 57, s.Progress(ludo.Red, 0))
	assert.Equal(t, ludo.TrackSquare(52), s.Square(ludo.Red, 0))
	assert.Equal(t, ludo.TrackSquare(49), s.Square(ludo.Red, 2))
	assert.Equal(t, [ludo.MaxPlayers]int{ludo.Red: 1, ludo.Blue: 2}, s.TokensOn(ludo.TrackSquare(52)))
	c, n := s.Occupant(ludo.TrackSquare(52))
	assert.Equal(t, ludo.Red, c)
	assert.Equal(t, 1, n)
	assert.Equal(t, "rules   ludoking{CaptureBeforeHome:true}\nred     @52 yard 48 yard\ngreen   yard yard yard yard\nyellow  yard yard yard yard\nblue    12 12 yard yard\nturn    red\n", ludo.FormatPosition(s))
}

// A token going round again under CaptureBeforeHome (rule K4) stands on a
// track square, at a progress past its finish: State.Square names that
// square, State.On counts it there (so State.String draws it), and the position
// survives Setup, its text and JSON. They once put it at the finish (or
// nowhere), and Setup.State refused its progress.
func TestSetupGoingRoundAgain(t *testing.T) {
	r := ludo.Classic()
	r.CaptureBeforeHome = true
	b := r.Board
	circling := 0
	for seed := uint64(1); seed <= 2; seed++ {
		for _, s := range gameStates(t, r, seed, 1000) {
			back, err := s.Setup().State()
			require.NoError(t, err, "%v", ludo.FormatPosition(s))
			require.True(t, back == s, "Setup round trip of\n%v", ludo.FormatPosition(s))
			round := false
			for c := range s.Players().All() {
				for i := range r.Tokens {
					p := s.Progress(c, i)
					if p <= b.Finish() {
						continue
					}
					circling++
					round = true
					sq := s.Square(c, i)
					require.Equal(t, ludo.TrackZone, sq.Zone(), "%v token %d at progress %d", c, i, p)
					off, ok := b.Progress(c, sq)
					assert.False(t, ok, "%v: square %v is one the colour passes on its first lap", c, sq)
					assert.Equal(t, p-b.Finish()+b.HomeEntry, off, "%v token %d at progress %d stands on %v", c, i, p, sq)
					assert.GreaterOrEqual(t, s.TokensOn(sq)[c], 1, "On(%v) misses %v token %d", sq, c, i)
					assert.Contains(t, ludo.FormatPosition(s), fmt.Sprintf(" @%d", sq.N()))
				}
			}
			if round {
				checkPositionRoundTrip(t, s)
			}
		}
	}
	assert.Positive(t, circling, "no token went round again")
}
