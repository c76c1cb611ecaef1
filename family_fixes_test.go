package ludo_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ludorules/ludo"
)

// This file holds the tests of the bugs the family tests found, each
// with the fix that makes it pass.

// A position in which a colour has captured under CaptureBeforeHome
// (rule K4) is written with its captured line, which reads back.
func TestFixCapturedLineReadsBack(t *testing.T) {
	s, err := ludo.ParsePosition("rules ludoking{CaptureBeforeHome:true Players:2}\nred 53 4\ncaptured red yellow\nturn yellow")
	require.NoError(t, err)
	text := ludo.FormatPosition(s)
	assert.Contains(t, text, "\ncaptured red yellow\n")
	back, err := ludo.ParsePosition(text)
	require.NoError(t, err, text)
	assert.True(t, back == s, text)
}

// A token going round again past its home entry (rule K4) stands at a
// progress past its finish, between its home entry and its start square.
// Setup takes such a position, as play reaches it, and the token is on
// its track square: it can be captured there, and the queries find it.
func TestFixCirclingTokenSetup(t *testing.T) {
	r, err := ludo.ParseRules("ludoking{CaptureBeforeHome:true Players:2}")
	require.NoError(t, err)
	s, err := ludo.ParsePosition("rules " + r.String() + "\nred 49\nyellow 22\ndie 2")
	require.NoError(t, err)
	m := s.LegalMoves()[0]
	require.True(t, m.Circles(), "%v", m)
	s, err = s.Apply(m)
	require.NoError(t, err)
	require.Equal(t, 57, s.Progress(ludo.Red, 0), "square 52, going round again")
	assert.Equal(t, ludo.TrackSquare(52), s.Square(ludo.Red, 0))
	assert.Equal(t, 1, s.On(ludo.TrackSquare(52))[ludo.Red])
	assert.Equal(t, 0, s.On(ludo.FinishOf(ludo.Red))[ludo.Red])

	u := s.Setup()
	back, err := u.State()
	require.NoError(t, err, "the position play reached")
	assert.True(t, back == s)
	checkPositionRoundTrip(t, s)
	text, err := ludo.ParsePosition("rules " + r.String() + "\nred @52\nyellow 22\nturn yellow")
	require.NoError(t, err)
	assert.True(t, text == s)

	// Yellow lands on square 52 and captures it (rule C11).
	s, err = text.Roll(3)
	require.NoError(t, err)
	moves := s.LegalMoves()
	require.Len(t, moves, 1)
	assert.Equal(t, 1, moves[0].Captures(), "%v", moves[0])

	// It may share no square a landing token would capture on; and a
	// token past its home entry in the home column still needs a capture.
	_, err = ludo.ParsePosition("rules ludoking{CaptureBeforeHome:true Players:2 MultiCapture:CaptureAll}\nred @52\nyellow 25")
	var e *ludo.SetupError
	require.ErrorAs(t, err, &e)
	assert.Contains(t, e.Reason, "share square 52")
	_, err = ludo.ParsePosition("rules " + r.String() + "\nred 58")
	require.ErrorAs(t, err, &e)
	assert.Equal(t, "red token 0 has progress 58, want -1 (yard) to 56 (finish), or 57 to 57 going round again past its home entry (rule K4)", e.Reason)
	_, err = ludo.ParsePosition("rules " + r.String() + "\nred home2")
	require.ErrorAs(t, err, &e)
	assert.Contains(t, e.Reason, "has not captured")
	_, err = ludo.ParsePosition("rules " + r.String() + "\nred @52\ncaptured red")
	assert.NoError(t, err, "a token that went round before its colour captured")
}

// Rule M4's count of throws that left no move starts again once a throw
// lets a token in (a token move ends the throws): the positions that
// follow, a six counted or a bonus roll earned by a capture, have no
// tries and read back; Setup refuses tries with a token in play.
func TestFixTriesAfterEntering(t *testing.T) {
	for _, c := range []struct {
		name, pos string
		faces     []int
	}{
		{"a six after a throw that left no move", "rules danish{Players:2}\nred yard", []int{3, 6}},
		{"a capture's bonus roll after a throw that left no move", "rules ludoking{Tries:3 Players:2}\nyellow @3", []int{2, 6, 2}},
	} {
		t.Run(c.name, func(t *testing.T) {
			s, err := ludo.ParsePosition(c.pos)
			require.NoError(t, err)
			for _, f := range c.faces {
				s, err = s.Roll(f)
				require.NoError(t, err)
				s, err = s.Apply(s.LegalMoves()[0])
				require.NoError(t, err)
			}
			u := s.Setup()
			require.Equal(t, 0, u.TriesUsed, "%v", s)
			require.Equal(t, ludo.Red, u.Turn)
			require.Equal(t, ludo.PhaseRoll, s.Phase())
			back, err := u.State()
			require.NoError(t, err, "the position play reached:\n%s", ludo.FormatPosition(s))
			assert.True(t, back == s)
			checkPositionRoundTrip(t, s)
		})
	}
	_, err := ludo.ParsePosition("rules danish{Players:2}\nred 4\ntries 1")
	var e *ludo.SetupError
	require.ErrorAs(t, err, &e)
	assert.Equal(t, "TriesUsed", e.Field)
	assert.Contains(t, e.Reason, "(rule M4)")
}

// Under MultiCapture:CaptureNone (rule K5) a token that landed on a pair
// shares the square with it; when one of the pair moves on, the two lone
// tokens of two colours still share it, and Setup takes that position.
// A third colour landing there captures them both.
func TestFixLoneTokensShareAfterPairBreaks(t *testing.T) {
	s, err := ludo.ParsePosition("rules ludoking{Players:2}\nred 6\nyellow @10 @10 @4\ndie 3")
	require.NoError(t, err)
	m := s.LegalMoves()[0]
	require.Equal(t, 0, m.Captures(), "%v: a pair is not captured (rule K5)", m)
	s, err = s.Apply(m)
	require.NoError(t, err)
	s, err = s.Roll(4)
	require.NoError(t, err)
	s, err = s.Apply(famMustToken(t, s, 0)) // one of the pair moves on
	require.NoError(t, err)
	require.Equal(t, [ludo.MaxPlayers]int{ludo.Red: 1, ludo.Yellow: 1}, s.On(ludo.TrackSquare(10)))

	back, err := s.Setup().State()
	require.NoError(t, err, "the position play reached:\n%s", ludo.FormatPosition(s))
	assert.True(t, back == s)
	checkPositionRoundTrip(t, s)

	// Under CaptureAll singles of two colours never share a square.
	_, err = ludo.ParsePosition("rules ludoking{Players:2 MultiCapture:CaptureAll}\nred 9\nyellow @10")
	var e *ludo.SetupError
	require.ErrorAs(t, err, &e)
	assert.Contains(t, e.Reason, "(rule C11)")
}

// famMustToken returns token i's move in s.
func famMustToken(t *testing.T, s ludo.State, i int) ludo.Move {
	t.Helper()
	m, err := s.TokenMove(i)
	require.NoError(t, err)
	return m
}
