package ludo_test

// Uckers' rules of two dice (U1: a 6 on either die throws again, once;
// U2: both dice on one counter add up, as one move) and the preset's
// blobs (U3), on positions built by hand: each test fails where its rule
// is played otherwise.

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ludorules/ludo"
)

// Rule U1: a 6 on either die earns one bonus roll, a double 6 one only;
// no other throw earns one, a double included.
func TestUckersU1SixOnEitherDie(t *testing.T) {
	s := ludo.MustParsePosition("rules uckers\nred 10\nturn red")
	for _, c := range []struct {
		a, b, streak int
	}{{6, 3, 1}, {2, 6, 1}, {6, 6, 1}, {3, 3, 0}, {1, 2, 0}} {
		next, err := s.RollDice(c.a, c.b)
		require.NoError(t, err)
		assert.Equal(t, c.streak, next.Streak(), "%d %d", c.a, c.b)
	}
	// Under W3 alone (BonusAnyDie off) a single 6 earns nothing.
	w3 := ludo.MustParsePosition("rules uckers{BonusAnyDie:false}\nred 10\nturn red")
	next, err := w3.RollDice(6, 3)
	require.NoError(t, err)
	assert.Equal(t, 0, next.Streak())
	// The bonus roll comes once the throw is played: red moves twice and
	// throws again.
	s, err = s.RollDice(6, 3)
	require.NoError(t, err)
	s = tdApply(t, s, "0: 10-19 both die 9")
	assert.Equal(t, ludo.PhaseRoll, s.Phase())
	assert.Equal(t, ludo.Red, s.Turn(), "the 6 earned a throw")
	s, err = s.RollDice(6, 6)
	require.NoError(t, err)
	s = tdApply(t, s, "0: 19-31 both die 12")
	assert.Equal(t, ludo.Red, s.Turn(), "the double 6 earned one throw")
	s, err = s.RollDice(2, 1)
	require.NoError(t, err)
	s = tdApply(t, s, "0: 31-34 both die 3")
	assert.Equal(t, ludo.Green, s.Turn(), "a 2 and a 1 earn nothing")
}

// Rule U2: a counter takes both dice as one move of their sum, landing
// only at its end; it does not take them as two moves.
func TestUckersU2DiceAdded(t *testing.T) {
	// Green stands 3 on from red's counter: the 3 alone hacks it off,
	// the sum (3 and 4) jumps it.
	s := ludo.MustParsePosition("rules uckers\nred 10 30\ngreen 0\nturn red\ndie 3 4")
	require.Equal(t, s.Board().Square(ludo.Red, 13), s.Board().Square(ludo.Green, 0))
	assert.Equal(t, []string{"0: 10-13 x1 die 3", "0: 10-14 die 4", "0: 10-17 both die 7",
		"1: 30-33 die 3", "1: 30-34 die 4", "1: 30-37 both die 7"}, tdMoves(s))
	sum := tdMove(t, s, "0: 10-17 both die 7")
	assert.True(t, sum.BothDice())
	assert.Equal(t, 7, sum.Die())
	assert.Equal(t, 7, sum.Count())
	assert.Equal(t, ludo.BothAction, sum.Action())
	byID, err := s.ActionMove(ludo.BothAction)
	require.NoError(t, err)
	assert.Equal(t, sum, byID)
	after := tdApply(t, s, "0: 10-17 both die 7")
	assert.Equal(t, 0, after.Progress(ludo.Green, 0), "the square between is not landed on")
	assert.Equal(t, ludo.Green, after.Turn(), "the move played both dice")

	// The counter that moved with the 3 does not take the 4: the other
	// counter does (rule U2).
	after = tdApply(t, s, "0: 10-13 x1 die 3")
	assert.Equal(t, []string{"1: 30-34 die 4"}, tdMoves(after))
	m, err := ludo.MustParsePosition("rules naija\nred 13 30\ndie 3 4\nplayed 3").TokenMove(0) // the same move where the dice are not added
	require.NoError(t, err)
	_, err = after.Apply(m)
	tdRefused(t, err, "U2")
	_, err = after.ActionMove(ludo.SecondAction)
	tdRefused(t, err, "U2")
	// Without U2 the counter takes the 4 after the 3.
	w1 := ludo.MustParsePosition("rules uckers{SumMoves:false}\nred 10 30\ngreen 0\nturn red\ndie 3 4")
	assert.Contains(t, tdMoves(tdApply(t, w1, "0: 10-13 x1 die 3")), "0: 13-17 die 4")

	// A counter alike with the one that moved takes the other die.
	pair := ludo.MustParsePosition("rules uckers\nred 10 14\nturn red\ndie 4 2")
	after = tdApply(t, pair, "0: 10-14 block die 4")
	assert.Equal(t, []string{"1: 14-16 die 2"}, tdMoves(after))
	_, err = after.Apply(ludo.MoveWithToken(tdMove(t, after, "1: 14-16 die 2"), 0))
	tdRefused(t, err, "U2")
}

// Rule U2: a counter brought out with a die's 6 moves on with the other
// die (with no other counter out it must, rule W2).
func TestUckersU2OutPieceMovesOn(t *testing.T) {
	s := ludo.MustParsePosition("rules uckers\nturn red\ndie 6 4\nsixes 1")
	assert.Equal(t, []string{"0: yard-0 enter die 6"}, tdMoves(s))
	s = tdApply(t, s, "0: yard-0 enter die 6")
	assert.Equal(t, []string{"0: 0-4 die 4"}, tdMoves(s))
	// The sum never brings a counter out: a 2 and a 4 make no 6.
	s = ludo.MustParsePosition("rules uckers\nturn red\ndie 2 4")
	assert.True(t, s.LegalMoves()[0].IsPass())
	_, err := s.ActionMove(ludo.BothAction)
	tdRefused(t, err, "U2")
}

// Rules U2 and W2: the sum reaches home only exactly; where neither the
// sum nor both dice apart can be played, the higher die is (LargerDie).
func TestUckersU2HomeAndLargerDie(t *testing.T) {
	// 49 to the finish at 56 is 7: the 3 and the 4 together.
	s := ludo.MustParsePosition("rules uckers\nred 49\nturn red\ndie 3 4")
	assert.Contains(t, tdMoves(s), "0: 49-56 finish both die 7")
	// Green's blob stands 6 on (green 3 is red 16): the 5 and the 2 can
	// each be played, but not both, nor their sum, so only the higher is.
	s = ludo.MustParsePosition("rules uckers\nred 10\ngreen 3 3\nturn red\ndie 5 2")
	require.Equal(t, s.Board().Square(ludo.Red, 16), s.Board().Square(ludo.Green, 3))
	assert.Equal(t, []string{"0: 10-15 die 5"}, tdMoves(s))
	_, err := s.Apply(tdMove(t, ludo.MustParsePosition("rules uckers{DiceUse:EitherDie}\nred 10\ngreen 3 3\nturn red\ndie 5 2"), "0: 10-12 die 2"))
	tdRefused(t, err, "W2")
}

// Rule U3: a blob of two counters stops opponents, who neither pass it
// nor land on it, with a die or with the sum; a partner passes it.
func TestUckersU3Blobs(t *testing.T) {
	// Red's blob at 20 is green's 7 and yellow's 46.
	s := ludo.MustParsePosition("rules uckers\nred 20 20\ngreen 3\nturn green\ndie 2 5")
	require.Equal(t, s.Board().Square(ludo.Red, 20), s.Board().Square(ludo.Green, 7))
	assert.Equal(t, []string{"0: 3-5 die 2"}, tdMoves(s), "the 5 passes the blob, the sum lands on it")
	s = ludo.MustParsePosition("rules uckers\nred 20 20\nyellow 44\nturn yellow\ndie 1 3")
	require.Equal(t, s.Board().Square(ludo.Red, 20), s.Board().Square(ludo.Yellow, 46))
	// A lone counter must take the full value (U2 with W2: apart, its dice
	// would play one die only), past its partner's blob.
	assert.Equal(t, []string{"0: 44-48 both die 4"}, tdMoves(s), "red's partner passes the blob")
	// A blob moves on whole with a double, a die for each counter.
	s = ludo.MustParsePosition("rules uckers\nred 20 20\nturn red\ndie 1 1")
	s = tdApply(t, s, "0: 20-21 die 1")
	s = tdApply(t, s, "1: 20-21 block die 1")
	assert.Equal(t, [2]int{21, 21}, [2]int{s.Progress(ludo.Red, 0), s.Progress(ludo.Red, 1)})
}

// Rule T3: under TwoColorsEach a throw moves the tokens of both of the
// player's colours; an opponent's are refused; the other colour's moves
// have action ids of their own.
func TestUckersT3TwoColoursEach(t *testing.T) {
	s := ludo.MustParsePosition("rules uckers{Teams:TwoColorsEach}\nred 10\ngreen 30\nyellow 20\nturn red\ndie 3 1")
	var texts []string
	for _, m := range s.LegalMoves() {
		texts = append(texts, m.String())
	}
	assert.Equal(t, []string{"red 0: 10-11", "red 0: 10-13", "red 0: 10-14 both", "yellow 0: 20-21", "yellow 0: 20-23", "yellow 0: 20-24 both"}, texts)
	// The 3 on red, the 1 on yellow: one throw, both colours.
	s = tdApply(t, s, "0: 10-13 die 3")
	assert.Equal(t, ludo.Red, s.Turn())
	var yellow ludo.Move
	for _, m := range s.LegalMoves() {
		if m.Color() == ludo.Yellow {
			yellow = m
		}
	}
	require.True(t, yellow.IsValid(), "yellow may take the other die: %v", s.LegalMoves())
	assert.Equal(t, ludo.MateAction+ludo.MaxTokens+0, yellow.Action(), "the second die's block of the other colour")
	byID, err := s.ActionMove(yellow.Action())
	require.NoError(t, err)
	assert.Equal(t, yellow, byID)
	next, err := s.Apply(yellow)
	require.NoError(t, err)
	assert.Equal(t, [2]int{13, 21}, [2]int{next.Progress(ludo.Red, 0), next.Progress(ludo.Yellow, 0)})
	assert.Equal(t, ludo.Green, next.Turn())
	// Green's token is the opponent's: refused naming T3.
	s = ludo.MustParsePosition("rules uckers{Teams:TwoColorsEach}\nred 10\ngreen 30\nyellow 20\nturn red\ndie 3 1")
	g := ludo.MustParsePosition("rules naija\nred 10\ngreen 30\nyellow 20\nturn green\ndie 3 1")
	_, err = s.Apply(g.LegalMoves()[0])
	tdRefused(t, err, "T3")
	// The text names the colour: yellow's move parses, green's is refused.
	m, err := ludo.ParseMove(s, "yellow 0: 20-23")
	require.NoError(t, err)
	assert.Equal(t, ludo.Yellow, m.Color())
	_, err = ludo.ParseMove(s, "green 0: 30-33")
	require.Error(t, err)
	// Under PartnersPlayOn (T2) yellow's tokens are not red's to move.
	p := ludo.MustParsePosition("rules uckers\nred 10\ngreen 30\nyellow 20\nturn red\ndie 3 1")
	_, err = p.Apply(m)
	tdRefused(t, err, "C3")
}

// Rule T3: where one colour's last token comes home with a die still
// due, the player's other colour plays it.
func TestUckersT3OtherColourPlaysOn(t *testing.T) {
	s := ludo.MustParsePosition("rules uckers{Teams:TwoColorsEach}\nred 53 finish finish finish\ngreen 30\nyellow 20\nturn red\ndie 3 2")
	s = tdApply(t, s, "0: 53-56 finish die 3")
	assert.Equal(t, ludo.Red, s.Turn(), "the 2 is still due")
	require.Equal(t, ludo.PhaseMove, s.Phase())
	moves := s.LegalMoves()
	require.Len(t, moves, 1)
	assert.Equal(t, "yellow 0: 20-22", moves[0].String())
	// Without T3 red's game ends there and the turn passes (ruling Q6).
	p := ludo.MustParsePosition("rules uckers\nred 53 finish finish finish\ngreen 30\nyellow 20\nturn red\ndie 3 2")
	p = tdApply(t, p, "0: 53-56 finish die 3")
	assert.Equal(t, ludo.Green, p.Turn())
}
