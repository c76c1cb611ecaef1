package ludo_test

// Two dice (rules W1-W3) and Nigerian Ludo's retiring capture (N1) on
// positions built by hand: each test fails where its rule is played
// otherwise. The positions' dice are written "die A B", with "played F"
// once the die F has been played.

import (
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ludorules/ludo"
)

// tdMoves returns the texts of the legal moves of s with their dice, as
// "0: 10-15 die 5".
func tdMoves(s ludo.State) []string {
	var out []string
	for _, m := range s.LegalMoves() {
		out = append(out, tdShort(s, m))
	}
	return out
}

// tdShort returns m's full text without its colour and which amount it
// plays (the die says which here).
func tdShort(s ludo.State, m ludo.Move) string {
	text, _ := m.MarshalText()
	short, _, _ := strings.Cut(strings.TrimPrefix(string(text), s.Turn().String()+" "), " amount ")
	return short
}

// tdMove returns the legal move of s written text (as tdMoves writes it).
func tdMove(t *testing.T, s ludo.State, text string) ludo.Move {
	t.Helper()
	for _, m := range s.LegalMoves() {
		if tdShort(s, m) == text {
			return m
		}
	}
	require.Failf(t, "no such legal move", "no legal move %q in %v\n%v", text, tdMoves(s), s)
	return ludo.Move{}
}

// tdApply applies the legal move written text.
func tdApply(t *testing.T, s ludo.State, text string) ludo.State {
	t.Helper()
	next, err := s.Apply(tdMove(t, s, text))
	require.NoError(t, err)
	return next
}

// tdRefused asserts that err refuses a move naming rule.
func tdRefused(t *testing.T, err error, rule string) {
	t.Helper()
	var ill *ludo.IllegalMoveError
	require.ErrorIs(t, err, ludo.ErrIllegalMove)
	require.True(t, errors.As(err, &ill))
	assert.Equal(t, rule, ill.Rule, "%v", err)
	assert.Contains(t, err.Error(), "(rule "+rule+")")
}

// Rule W1: each die is a move of its own, in either order, on one token
// or two; the second die's move is due without a throw; a die played is
// not played again.
func TestTwoDiceW1EachDieAMove(t *testing.T) {
	s := ludo.MustParsePosition("rules naija\nred 10 30\ndie 5 3")
	assert.Equal(t, []string{"0: 10-13 die 3", "0: 10-15 die 5", "1: 30-33 die 3", "1: 30-35 die 5"}, tdMoves(s))
	a, b := s.Dice()
	assert.Equal(t, [2]int{5, 3}, [2]int{a, b})
	assert.Equal(t, [4]int{5, 3}, s.DiceDue())
	assert.False(t, s.DiePlayed())
	assert.Equal(t, 5, s.Die())
	assert.Contains(t, s.String(), "red to move, dice 5 3\n")

	// The 5 first: the 3 is due, with no throw, for either token.
	after := tdApply(t, s, "0: 10-15 die 5")
	assert.Equal(t, ludo.PhaseMove, after.Phase())
	assert.Equal(t, ludo.Red, after.Turn())
	assert.Equal(t, [4]int{0, 3}, after.DiceDue())
	assert.True(t, after.DiePlayed())
	assert.Equal(t, 3, after.Count())
	assert.Equal(t, []string{"0: 15-18 die 3", "1: 30-33 die 3"}, tdMoves(after))
	assert.Contains(t, after.String(), "red to move, dice 5 3 (5 played)\n")
	_, err := after.RollDice(2, 2)
	assert.ErrorIs(t, err, ludo.ErrWrongPhase, "the other die is due")
	assert.Equal(t, after, ludo.MustParsePosition("rules naija\nred 15 30\ndie 5 3\nplayed 5"), "the text says the same position")

	// The die played is refused: the other token's 5 names rule W1.
	_, err = after.Apply(tdMove(t, s, "1: 30-35 die 5"))
	tdRefused(t, err, "W1")
	// One token takes both dice, each a move; then the turn passes.
	end := tdApply(t, after, "0: 15-18 die 3")
	assert.Equal(t, ludo.PhaseRoll, end.Phase())
	assert.Equal(t, ludo.Green, end.Turn())
	assert.Equal(t, 18, end.Progress(ludo.Red, 0))
	// The other order reaches the same position.
	other := tdApply(t, tdApply(t, s, "0: 10-13 die 3"), "0: 13-18 die 5")
	assert.Equal(t, end, other)

	// Each die's move lands, and captures, on its own: the 3 lands on
	// green's start square (red's 13) and captures there, then the 5
	// goes on from it.
	c := ludo.MustParsePosition("rules naija{CaptureRetires:false}\nred 10 30\ngreen 0\ndie 3 5")
	require.Equal(t, c.Board().Square(ludo.Red, 13), c.Board().Square(ludo.Green, 0))
	m := tdMove(t, c, "0: 10-13 x1 die 3")
	assert.Equal(t, 1, m.NumCaptured())
	c = tdApply(t, c, "0: 10-13 x1 die 3")
	assert.Equal(t, -1, c.Progress(ludo.Green, 0))
	c = tdApply(t, c, "0: 13-18 die 5")
	assert.Equal(t, 18, c.Progress(ludo.Red, 0))
}

// Rule W1: a throw is two faces, each 1 to 6; Roll is one die's.
func TestTwoDiceW1Throws(t *testing.T) {
	s, err := ludo.New(MustRules(t, "naija"))
	require.NoError(t, err)
	_, err = s.Roll(6)
	assert.ErrorIs(t, err, ludo.ErrBadFace)
	assert.Contains(t, err.Error(), "rule W1")
	for _, th := range [][2]int{{0, 1}, {1, 7}, {7, 7}} {
		_, err = s.RollDice(th[0], th[1])
		assert.ErrorIs(t, err, ludo.ErrBadFace, "%v", th)
	}
	rolled, err := s.RollDice(4, 2)
	require.NoError(t, err)
	a, b := rolled.Dice()
	assert.Equal(t, [2]int{4, 2}, [2]int{a, b}, "the dice in the order thrown")

	one, _ := ludo.New(ludo.Classic())
	_, err = one.RollDice(4, 2)
	assert.ErrorIs(t, err, ludo.ErrBadFace)
	a, b = tdRoll(t, one, 4).Dice()
	assert.Equal(t, [2]int{4, 0}, [2]int{a, b})
}

func tdRoll(t *testing.T, s ludo.State, face int) ludo.State {
	t.Helper()
	r, err := s.Roll(face)
	require.NoError(t, err)
	return r
}

// MustRules parses rules text.
func MustRules(t *testing.T, text string) ludo.Rules {
	t.Helper()
	r, err := ludo.ParseRules(text)
	require.NoError(t, err)
	return r
}

// Rule W2, the classic example: the 6 would bring red's token home and
// leave the 2 with nothing to play (the others are in the yard, and only a
// 6 enters), while the 2 first, then the 6 to enter, plays both. So the
// finish is refused, naming W2, and the moves of both orders are listed.
func TestTwoDiceW2PlayBoth(t *testing.T) {
	for _, use := range []string{"EitherDie", "LargerDie"} {
		s := ludo.MustParsePosition("rules naija{DiceUse:" + use + "}\nred 50\ndie 6 2")
		assert.Equal(t, []string{"0: 50-52 die 2", "1: yard-0 enter die 6"}, tdMoves(s), use)
		_, err := ludo.ParseMove(s, "0: 50-56 finish")
		tdRefused(t, err, "W2")
		tm, err := s.TokenMove(0) // token 0's first legal move: the 2
		require.NoError(t, err)
		assert.Equal(t, 2, tm.Die())

		// Build the stranding move where it is legal (the 2 already
		// played, so it strands nothing), then offer it with both due.
		alone := ludo.MustParsePosition("rules naija{DiceUse:" + use + "}\nred 50\ndie 6 2\nplayed 2")
		finish := tdMove(t, alone, "0: 50-56 finish die 6")
		_, err = s.Apply(finish)
		tdRefused(t, err, "W2")

		both := tdApply(t, tdApply(t, s, "0: 50-52 die 2"), "1: yard-0 enter die 6")
		assert.Equal(t, ludo.Green, both.Turn())
	}
}

// The reason rule W2 gives for the classic example (TestTwoDiceW2PlayBoth)
// is that the move strands the other die, under LargerDie too. FAILS
// under LargerDie: the error says "only one die can be played, and it
// must be the larger", though both can be (50-52, then the 6 enters).
func TestTwoDiceW2Reason(t *testing.T) {
	for _, use := range []string{"EitherDie", "LargerDie"} {
		s := ludo.MustParsePosition("rules naija{DiceUse:" + use + "}\nred 50\ndie 6 2")
		alone := ludo.MustParsePosition("rules naija{DiceUse:" + use + "}\nred 50\ndie 6 2\nplayed 2")
		_, err := s.Apply(tdMove(t, alone, "0: 50-56 finish die 6"))
		tdRefused(t, err, "W2")
		assert.Contains(t, err.Error(), "leaves the other die unplayable", use)
		assert.NotContains(t, err.Error(), "only one die can be played", use)
	}
}

// Rule W2 where only one die can be played: red's token on 51 (the
// finish is 56, and the others are in the yard) can play the 5 to the
// finish or the 4 to 55, not both. With EitherDie the player chooses;
// with LargerDie the 5 must be played, and the 4 is refused naming W2.
// Where a token cannot play the larger, the smaller is played under
// either.
func TestTwoDiceW2OneDie(t *testing.T) {
	either := ludo.MustParsePosition("rules naija\nred 51\ndie 4 5")
	assert.Equal(t, []string{"0: 51-55 die 4", "0: 51-56 finish die 5"}, tdMoves(either))
	after := tdApply(t, either, "0: 51-55 die 4")
	assert.Equal(t, []string{"pass die 5"}, tdMoves(after), "the 5 cannot be played: the pass shows it")
	assert.Equal(t, ludo.Green, tdApply(t, after, "pass die 5").Turn())

	larger := ludo.MustParsePosition("rules naija{DiceUse:LargerDie}\nred 51\ndie 4 5")
	assert.Equal(t, []string{"0: 51-56 finish die 5"}, tdMoves(larger))
	_, err := larger.Apply(tdMove(t, either, "0: 51-55 die 4"))
	tdRefused(t, err, "W2")
	assert.Contains(t, err.Error(), "larger")

	for _, rules := range []string{"naija", "naija{DiceUse:LargerDie}"} {
		s := ludo.MustParsePosition("rules " + rules + "\nred 53\ndie 5 2")
		assert.Equal(t, []string{"0: 53-55 die 2"}, tdMoves(s), "%s: no token can play the 5", rules)
	}
	// Neither die: the pass, and the turn passes.
	none := ludo.MustParsePosition("rules naija\nred 55\ndie 3 4")
	assert.Equal(t, []string{"pass die 3"}, tdMoves(none))
	assert.Equal(t, ludo.Green, tdApply(t, none, "pass die 3").Turn())
}

// Rule W3: in naija a double 6 earns a roll, a double 5 does not, nor a
// 6 with another face; a double adds to the streak. With BonusRolls {5}
// it is the double 5 that earns one.
func TestTwoDiceW3Doubles(t *testing.T) {
	six := ludo.MustParsePosition("rules naija\nred 10 20\ndie 6 6\nsixes 1")
	assert.Equal(t, 1, six.Streak())
	end := tdApply(t, tdApply(t, six, "0: 10-16 die 6"), "0: 16-22 die 6")
	assert.Equal(t, ludo.PhaseRoll, end.Phase())
	assert.Equal(t, ludo.Red, end.Turn(), "a double 6 throws again")
	again, err := end.RollDice(6, 6)
	require.NoError(t, err)
	assert.Equal(t, 2, again.Streak(), "a second double 6 in a row")
	mixed, err := end.RollDice(6, 5)
	require.NoError(t, err)
	assert.Equal(t, 1, mixed.Streak(), "a 6 with a 5 earns nothing and leaves the streak")
	mixed = tdApply(t, tdApply(t, mixed, "0: 22-28 die 6"), "0: 28-33 die 5")
	assert.Equal(t, ludo.Green, mixed.Turn())
	assert.Equal(t, 0, mixed.Streak())

	five := ludo.MustParsePosition("rules naija\nred 10 20\ndie 5 5")
	assert.Equal(t, 0, five.Streak())
	end = tdApply(t, tdApply(t, five, "0: 10-15 die 5"), "0: 15-20 die 5")
	assert.Equal(t, ludo.Green, end.Turn(), "a double 5 does not throw again")

	fives := ludo.MustParsePosition("rules naija{BonusRolls:{5}}\nred 10 20\ndie 5 5\nsixes 1")
	end = tdApply(t, tdApply(t, fives, "0: 10-15 die 5"), "0: 15-20 die 5")
	assert.Equal(t, ludo.Red, end.Turn(), "with BonusRolls {5} a double 5 throws again")
	s, _ := ludo.New(MustRules(t, "naija{BonusRolls:{5}}"))
	rolled, err := s.RollDice(6, 6)
	require.NoError(t, err)
	assert.Equal(t, 0, rolled.Streak(), "and a double 6 earns nothing")

	// A double a bonus-earning face's that reaches SixLimit forfeits the
	// throw (rule C9): its one move is the forfeiting pass.
	limit := ludo.MustParsePosition("rules naija{SixLimit:2}\nred 10\nsixes 1")
	rolled, err = limit.RollDice(6, 6)
	require.NoError(t, err)
	moves := rolled.LegalMoves()
	require.Len(t, moves, 1)
	assert.True(t, moves[0].Forfeits())
	assert.Equal(t, ludo.Green, tdApply(t, rolled, "pass (forfeit) die 6").Turn())
}

// Rule N1: a token that captures leaves the board as finished: it counts
// towards finishing, and a retiring capture of a player's last token
// ranks them.
func TestTwoDiceN1CaptureRetires(t *testing.T) {
	s := ludo.MustParsePosition("rules naija\nred 10 30\ngreen 0\ndie 3 4")
	m := tdMove(t, s, "0: 10-13 finish retire x1 die 3")
	assert.True(t, m.Retires())
	assert.True(t, m.Finishes(), "a retiring move finishes its token")
	assert.Equal(t, 1, m.NumCaptured())
	assert.Equal(t, 13, m.To(), "To is where it captured")
	assert.Contains(t, m.String(), "retire")
	after := tdApply(t, s, "0: 10-13 finish retire x1 die 3")
	assert.Equal(t, after.Board().Finish(), after.Progress(ludo.Red, 0), "the capturer is finished")
	assert.Equal(t, 1, after.TokensOn(ludo.FinishOf(ludo.Red))[ludo.Red])
	assert.Equal(t, -1, after.Progress(ludo.Green, 0), "the captured token goes to its yard")
	assert.Equal(t, []string{"1: 30-34 die 4"}, tdMoves(after), "the other die is played by another token")
	checkPositionRoundTrip(t, after)

	// Without N1 the capturer stays where it captured.
	plain := ludo.MustParsePosition("rules naija{CaptureRetires:false}\nred 10 30\ngreen 0\ndie 3 4")
	assert.Equal(t, 13, tdApply(t, plain, "0: 10-13 x1 die 3").Progress(ludo.Red, 0))

	// The last token: the retiring capture finishes red, who is ranked
	// first (and needs the 4 no more: nothing is left to play it).
	last := ludo.MustParsePosition("rules naija\nred finish finish finish 10\ngreen 0 20\ndie 3 4")
	assert.Contains(t, tdMoves(last), "3: 10-13 finish retire x1 die 3")
	won := tdApply(t, last, "3: 10-13 finish retire x1 die 3")
	assert.Equal(t, 1, won.Place(ludo.Red))
	assert.Equal(t, []ludo.Color{ludo.Red}, won.Ranking())
	assert.Equal(t, ludo.PhaseRoll, won.Phase())
	assert.Equal(t, ludo.Green, won.Turn())
	// Two players: the game is over.
	duel := ludo.MustParsePosition("rules naija{Players:2}\nred finish finish finish 10\nyellow 20\ndie 3 4")
	b := duel.Board()
	var y int
	for y = 0; b.Square(ludo.Yellow, y) != b.Square(ludo.Red, 13); y++ {
	}
	duel = ludo.MustParsePosition("rules naija{Players:2}\nred finish finish finish 10\nyellow " + itoa(y) + "\ndie 3 4")
	over := tdApply(t, duel, "3: 10-13 finish retire x1 die 3")
	assert.Equal(t, ludo.PhaseOver, over.Phase())
	assert.Equal(t, []ludo.Color{ludo.Red, ludo.Yellow}, over.Ranking())
}

func itoa(n int) string {
	b, _ := json.Marshal(n)
	return string(b)
}

// A legal move's full text reads back as the same move, which the
// position accepts: Move.MarshalText promises it. A move of the second
// die of two (rule W1) reads back as the first die's. FAILS: the text
// does not say which die of the throw the move plays (its action,
// SecondAction+token, is lost).
func TestTwoDiceMoveTextRoundTrip(t *testing.T) {
	s := ludo.MustParsePosition("rules naija\nred 0\ndie 6 2")
	for _, m := range s.LegalMoves() {
		text, err := m.MarshalText()
		require.NoError(t, err)
		var back ludo.Move
		require.NoError(t, back.UnmarshalText(text))
		assert.Equal(t, m, back, "%s", text)
		assert.Equal(t, m.Action(), back.Action(), "%s", text)
		_, err = s.Apply(back)
		assert.NoError(t, err, "%s", text)
	}
}

// A position play reaches survives its text and Setup. FAILS: with two
// dice and a bonus roll for bringing a token home (rule K3), the first
// die's move home owes the bonus roll while the other die is due;
// FormatPosition writes "extra", and Setup.State refuses it ("a bonus
// roll owed after a bonus move needs a bonus move due").
func TestTwoDiceExtraRollRoundTrip(t *testing.T) {
	s := ludo.MustParsePosition("rules classic{TwoDice:true HomeBonus:roll}\nred 54 10\ndie 2 4")
	after := tdApply(t, s, "0: 54-56 finish die 2")
	require.Equal(t, ludo.PhaseMove, after.Phase())
	back, err := after.Setup().State()
	assert.NoError(t, err)
	assert.Equal(t, after, back)
	text := ludo.FormatPosition(after)
	parsed, err := ludo.ParsePosition(text)
	assert.NoError(t, err, text)
	assert.Equal(t, after, parsed, text)
	end := tdApply(t, after, "1: 10-14 die 4")
	assert.Equal(t, ludo.Red, end.Turn(), "the bonus roll, after the dice")
}

// A record made with AddMove replays to its game. FAILS: where both dice
// make the same move (here each enters, EntryRolls {1 6}), the ply's text
// "1: yard-0 enter" does not say which die; Replay plays the first die's
// (the 1), and the next ply, the 1 for token 0, is refused.
func TestTwoDiceRecordNamesTheDie(t *testing.T) {
	start := ludo.MustParsePosition("rules classic{TwoDice:true EntryRolls:{1 6}}\nred 10")
	rec := ludo.NewRecord(start)
	s, err := start.RollDice(1, 6)
	require.NoError(t, err)
	for _, text := range []string{"1: yard-0 enter die 6", "0: 10-11 die 1"} {
		m := tdMove(t, s, text)
		require.NoError(t, rec.AddMove(s, m))
		s, err = s.Apply(m)
		require.NoError(t, err)
	}
	states, err := rec.Replay()
	require.NoError(t, err, "%s", rec)
	assert.Equal(t, s, states[len(states)-1])
}

// The ply faces of a record with two dice: "6,3" for a throw, 0 for the
// move of its other die; the text and JSON read back.
func TestTwoDiceRecordFaces(t *testing.T) {
	start := ludo.MustParsePosition("rules naija\nred 10 20")
	rec := ludo.NewRecord(start)
	s, err := start.RollDice(6, 3)
	require.NoError(t, err)
	for _, text := range []string{"0: 10-16 die 6", "1: 20-23 die 3"} {
		m := tdMove(t, s, text)
		require.NoError(t, rec.AddMove(s, m))
		s = tdApply(t, s, text)
	}
	require.Len(t, rec.Plies, 2)
	assert.Equal(t, [2]int{6, 3}, [2]int{rec.Plies[0].Face, rec.Plies[0].Second})
	assert.Equal(t, [2]int{0, 0}, [2]int{rec.Plies[1].Face, rec.Plies[1].Second})
	assert.Contains(t, rec.String(), "6,3")
	back, err := ludo.ParseRecord(rec.String())
	require.NoError(t, err)
	assert.True(t, slices.Equal(rec.Plies, back.Plies), "%s", rec)
	states, err := back.Replay()
	require.NoError(t, err)
	assert.Equal(t, s, states[len(states)-1])
	data, err := json.Marshal(rec)
	require.NoError(t, err)
	var fromJSON ludo.Record
	require.NoError(t, json.Unmarshal(data, &fromJSON))
	assert.True(t, slices.Equal(rec.Plies, fromJSON.Plies), "%s", data)
}
