package ludo

import (
	"encoding/json"
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Tests of Pachisi's choices (rules Y5, Y6, Y7): the moves they add beside
// the tokens' own, what playing them does, and why the rules refuse them.

// choiceStrings returns the legal moves of s as Move.String writes them.
func choiceStrings(s State) []string {
	var out []string
	for _, m := range s.LegalMoves() {
		out = append(out, m.String())
	}
	return out
}

// requireRule asserts that err is an IllegalMoveError citing rule.
func requireRule(t *testing.T, err error, rule string) {
	t.Helper()
	var e *IllegalMoveError
	require.True(t, errors.As(err, &e), "%v is no IllegalMoveError", err)
	assert.Equal(t, rule, e.Rule, "%v", err)
}

// requireSameState asserts that s survives the text and JSON forms and
// is == to itself rebuilt from its position: the choices' mark (extra)
// is derived, as the lanes are.
func requireSameState(t *testing.T, s State) {
	t.Helper()
	back, err := ParsePosition(FormatPosition(s))
	require.NoError(t, err)
	require.Equal(t, s, back, FormatPosition(s))
	data, err := json.Marshal(s)
	require.NoError(t, err)
	var fromJSON State
	require.NoError(t, json.Unmarshal(data, &fromJSON))
	require.Equal(t, s, fromJSON, "%s", data)
	u, err := s.Setup().State()
	require.NoError(t, err)
	require.Equal(t, s, u)
}

func TestTowersTogether(t *testing.T) {
	s := MustParsePosition("rules brasil{TowersTogether:true}\nred 10 10\ngreen 2\nturn red\ndie 5")
	require.Equal(t, []string{"red 0: 10-15 x1", "red 0: 10-15 pair x1"}, choiceStrings(s))
	requireSameState(t, s)

	// Rule Y5: the tower moves whole and captures the lone piece.
	var whole Move
	for _, m := range s.LegalMoves() {
		if m.MovesTower() {
			whole = m
		}
	}
	got, err := s.Apply(whole)
	require.NoError(t, err)
	assert.Equal(t, 15, got.Progress(Red, 0))
	assert.Equal(t, 15, got.Progress(Red, 1))
	assert.Equal(t, -1, got.Progress(Green, 0))
	// The same move named by the tower's other piece (ruling Q9).
	alike, err := s.Apply(whole.withToken(1))
	require.NoError(t, err)
	assert.Equal(t, got, alike)
	// Its action id is the third block's; TokenMove gives the piece's own.
	assert.Equal(t, BothAction, whole.Action())
	am, err := s.ActionMove(BothAction)
	require.NoError(t, err)
	assert.Equal(t, whole, am)
	tm, err := s.TokenMove(0)
	require.NoError(t, err)
	assert.False(t, tm.MovesTower())
	pm, err := ParseMove(s, "0: 10-15 pair x1")
	require.NoError(t, err)
	assert.Equal(t, whole, pm)

	// Brasil plays the torre as before: whole only onto a tower (rule R5).
	plain := MustParsePosition("rules brasil\nred 10 10\ngreen 2\nturn red\ndie 5")
	require.Equal(t, []string{"red 0: 10-15 x1"}, choiceStrings(plain))
	_, err = plain.Apply(Move{whole.v})
	require.Error(t, err)
	_, err = plain.ActionMove(BothAction)
	require.Error(t, err)

	// Up the home column together, both home on the exact count.
	home := MustParsePosition("rules brasil{TowersTogether:true}\nred 50 50 finish finish\nturn red\ndie 6")
	assert.Equal(t, []string{"red 0: 50-56 finish", "red 0: 50-56 pair finish"}, choiceStrings(home))
	m, err := ParseMove(home, "0: 50-56 pair finish")
	require.NoError(t, err)
	after, err := home.Apply(m)
	require.NoError(t, err)
	assert.Equal(t, 56, after.Progress(Red, 0))
	assert.Equal(t, 56, after.Progress(Red, 1))

	// Never three on a square (P2), nor onto a safe square an opponent
	// holds (H4), nor a tower that is none (Y5).
	own := MustParsePosition("rules brasil{TowersTogether:true}\nred 10 10 12\nturn red\ndie 2")
	assert.Equal(t, []string{"red 0: 10-12 block", "red 2: 12-14"}, choiceStrings(own))
	_, err = ParseMove(own, "0: 10-12 pair")
	requireRule(t, err, "P2")
	safe := MustParsePosition("rules brasil{TowersTogether:true}\nred 10 10\ngreen 0\nturn red\ndie 3") // green's exit, square 14
	assert.Equal(t, []string{"red pass"}, choiceStrings(safe), "the piece alone may not land there either")
	_, err = ParseMove(safe, "0: 10-13 pair x1")
	requireRule(t, err, "H4")
	lone := MustParsePosition("rules brasil{TowersTogether:true}\nred 10\nturn red\ndie 3")
	_, err = ParseMove(lone, "0: 10-13 pair")
	requireRule(t, err, "Y5")
	_, err = lone.ActionMove(BothAction)
	requireRule(t, err, "Y5")
}

func TestTowersTogetherOntoATower(t *testing.T) {
	// Onto an opponent's tower the tower's move is the piece's own (rule
	// R5), listed once, as brasil lists it.
	s := MustParsePosition("rules brasil{TowersTogether:true}\nred 10 10\ngreen 1 1\nturn red\ndie 4")
	assert.Equal(t, []string{"red 0: 10-14 pair x2"}, choiceStrings(s))
	assert.Equal(t, 0, s.LegalMoves()[0].Action())
}

// roundRules is classic on a board whose home entry is the square before
// the start square (rule Y6), with RoundAgain.
const roundRules = "rules classic{HomeEntry:51 RoundAgain:true}\n"

func TestRoundAgain(t *testing.T) {
	s := MustParsePosition(roundRules + "red 49 20\ngreen @4\nturn red\ndie 6")
	require.Equal(t, []string{"red 0: 49-3 circle x1", "red 0: 49-55", "red 1: 20-26", "red 2: yard-0 enter"}, choiceStrings(s))
	requireSameState(t, s)
	round := s.LegalMoves()[0]
	assert.True(t, round.Circles())
	got, err := s.Apply(round)
	require.NoError(t, err)
	assert.Equal(t, 3, got.Progress(Red, 0), "a whole lap more to go, on square 4")
	assert.Equal(t, -1, got.Progress(Green, 0), "captured on the square it lands on")
	assert.Equal(t, Red, got.Turn())
	requireSameState(t, got)

	// TokenMove gives the home move; the action of the second block and
	// the text with its marker give the round.
	tm, err := s.TokenMove(0)
	require.NoError(t, err)
	assert.Equal(t, 55, tm.To())
	assert.Equal(t, SecondAction, round.Action())
	am, err := s.ActionMove(SecondAction)
	require.NoError(t, err)
	assert.Equal(t, round, am)
	pm, err := ParseMove(s, "0: 49-3 circle x1")
	require.NoError(t, err)
	assert.Equal(t, round, pm)
	mask := s.ActionMask()
	assert.True(t, mask[0] && mask[SecondAction] && mask[1] && mask[2])

	// Without the option, no round.
	plain := MustParsePosition("rules classic{HomeEntry:51}\nred 49 20\ngreen @4\nturn red\ndie 6")
	assert.NotContains(t, choiceStrings(plain), "red 0: 49-3 circle x1")
	_, err = plain.Apply(round)
	require.Error(t, err)

	// A token that does not pass its home entry has no round (Y6).
	_, err = ParseMove(s, "1: 20-0 circle")
	requireRule(t, err, "Y6")
	_, err = s.ActionMove(SecondAction + 1)
	requireRule(t, err, "Y6")
}

func TestRoundAgainPastARefusedHomeMove(t *testing.T) {
	// The exact finish refuses the home move (C5), not the round.
	s := MustParsePosition("rules classic{HomeEntry:51 HomeColumn:2 RoundAgain:true}\nred 50\nturn red\ndie 6")
	assert.Equal(t, []string{"red 0: 50-4 circle", "red 1: yard-0 enter"}, choiceStrings(s))
	tm, err := s.TokenMove(0)
	require.NoError(t, err)
	assert.True(t, tm.Circles(), "the token's first legal move is its round")
	requireSameState(t, s)

	// Only the round is left: it is the move, and no pass is.
	only := MustParsePosition("rules classic{HomeEntry:51 HomeColumn:2 RoundAgain:true}\nred 50 finish finish finish\nturn red\ndie 5")
	assert.Equal(t, []string{"red 0: 50-3 circle"}, choiceStrings(only))
	_, err = only.Apply(only.LegalMoves()[0].due().pass(false))
	requireRule(t, err, "C10")
}

func TestRoundAgainPath(t *testing.T) {
	// The round passes the squares past the start square: a block there
	// stops it (B2), not the home move.
	s := MustParsePosition("rules classic{HomeEntry:51 RoundAgain:true Blocks:BlocksStopOpponents}\nred 49\ngreen @2 @2\nturn red\ndie 6")
	assert.Equal(t, []string{"red 0: 49-55", "red 1: yard-0 enter"}, choiceStrings(s))
	_, err := ParseMove(s, "0: 49-3 circle")
	requireRule(t, err, "B2")
	// And the square before the start square, its home entry, too.
	s = MustParsePosition("rules classic{HomeEntry:51 RoundAgain:true Blocks:BlocksStopOpponents}\nred 47\ngreen @52 @52\nturn red\ndie 6")
	assert.NotContains(t, choiceStrings(s), "red 0: 47-1 circle")
}

func TestRoundAgainUnderCaptureDuty(t *testing.T) {
	// The filters choose among the rounds too: where only the round
	// captures, it must be played (M8).
	s := MustParsePosition("rules classic{HomeEntry:51 RoundAgain:true CaptureDuty:CaptureCompulsory}\nred 49 20\ngreen @4\nturn red\ndie 6")
	assert.Equal(t, []string{"red 0: 49-3 circle x1"}, choiceStrings(s))
	_, err := s.Apply(Move{s.LegalMoves()[0].v}.withTo(55).without(flagCircle).withCaptures(0))
	requireRule(t, err, "M8")
	requireSameState(t, s)
}

func TestDecline(t *testing.T) {
	s := MustParsePosition("rules classic{Decline:true}\nred 10\nturn red\ndie 3")
	require.Equal(t, []string{"red pass", "red 0: 10-13"}, choiceStrings(s))
	requireSameState(t, s)
	got, err := s.Apply(s.LegalMoves()[0])
	require.NoError(t, err)
	assert.Equal(t, Green, got.Turn(), "the turn passes")
	assert.Equal(t, 10, got.Progress(Red, 0))
	pm, err := ParseMove(s, "pass")
	require.NoError(t, err)
	assert.True(t, pm.IsPass())
	am, err := s.ActionMove(PassAction)
	require.NoError(t, err)
	assert.True(t, am.IsPass())

	// A 6 refused still earns its bonus roll (Q1), unless
	// NoMoveForfeitsBonus.
	six := MustParsePosition("rules classic{Decline:true}\nred 10\nturn red\ndie 6")
	got, err = six.Apply(six.LegalMoves()[0])
	require.NoError(t, err)
	assert.Equal(t, Red, got.Turn())
	assert.Equal(t, PhaseRoll, got.Phase())
	void := MustParsePosition("rules classic{Decline:true NoMoveForfeitsBonus:true}\nred 10\nturn red\ndie 6")
	got, err = void.Apply(void.LegalMoves()[0])
	require.NoError(t, err)
	assert.Equal(t, Green, got.Turn())

	// Not before a token of the colour has entered (Y7), and a finished
	// one has.
	yard := MustParsePosition("rules classic{Decline:true}\nturn red\ndie 6")
	assert.Equal(t, []string{"red 0: yard-0 enter"}, choiceStrings(yard))
	_, err = yard.Apply(yard.LegalMoves()[0].due().pass(false))
	requireRule(t, err, "Y7")
	home := MustParsePosition("rules classic{Decline:true}\nred finish\nturn red\ndie 6")
	assert.Equal(t, []string{"red pass", "red 1: yard-0 enter"}, choiceStrings(home))

	// Not beside the forfeit of the third 6 (C9).
	third := MustParsePosition("rules classic{Decline:true}\nred 10\nturn red\ndie 6\nsixes 3")
	assert.Equal(t, []string{"red pass (forfeit)"}, choiceStrings(third))
	_, err = third.Apply(third.LegalMoves()[0].due().pass(false))
	requireRule(t, err, "C9")

	// Without the option the pass is refused while a token can move.
	plain := MustParsePosition("rules classic\nred 10\nturn red\ndie 3")
	_, err = plain.Apply(s.LegalMoves()[0])
	requireRule(t, err, "C10")
}

func TestDeclineBonusMove(t *testing.T) {
	// A bonus move refused is lost (P8): the turn passes.
	s := MustParsePosition("rules classic{Decline:true CaptureBonus:20}\nred 10 30\ngreen @14\nturn red\ndie 3")
	m, err := ParseMove(s, "0: 10-13 x1")
	require.NoError(t, err)
	bonus, err := s.Apply(m)
	require.NoError(t, err)
	require.True(t, bonus.IsBonusMove())
	require.Equal(t, "red pass bonus", bonus.LegalMoves()[0].String())
	got, err := bonus.Apply(bonus.LegalMoves()[0])
	require.NoError(t, err)
	assert.Equal(t, Green, got.Turn())
	assert.Equal(t, 30, got.Progress(Red, 1))
}

func TestChoicesKeepTheCommonPath(t *testing.T) {
	// The choices' options and FirstEntryAny (rule Y2, judged with them)
	// are the only ones of featChoices, which no preset but pachisi sets;
	// SumMoves and EntrySum share featSums.
	for _, name := range Presets() {
		r, _ := Preset(name)
		choices := r.TowersTogether || r.RoundAgain || r.Decline || r.FirstEntryAny
		assert.Equal(t, choices, compile(r).feat&featChoices != 0, name)
		assert.Equal(t, name == "pachisi", choices, name)
		assert.Equal(t, r.SumMoves || r.EntrySum, compile(r).feat&featSums != 0, name)
	}
	for _, f := range []func(*Rules){
		func(r *Rules) { r.Decline = true },
		func(r *Rules) { r.RoundAgain, r.Board.HomeEntry = true, 51 },
		func(r *Rules) { r.TowersTogether, r.Blocks, r.SquareLimit = true, BlocksTowers, 2 },
		func(r *Rules) { r.FirstEntryAny = true },
	} {
		r := Classic()
		f(&r)
		require.NoError(t, r.Validate())
		assert.NotZero(t, compile(r).feat&featChoices, r.String())
	}
}

func TestChoicesAllocateNothing(t *testing.T) {
	// The choices are listed and played on the stack, as every move is.
	for _, text := range []string{"brasil{TowersTogether:true Decline:true}", "classic{HomeEntry:51 RoundAgain:true Decline:true}"} {
		r, err := ParseRules(text)
		require.NoError(t, err)
		start, err := New(r)
		require.NoError(t, err)
		d, pick := SeededDice(1), rand.NewPCG(2, 3)
		var buf [MaxMoves]Move
		plies := 0
		allocs := testing.AllocsPerRun(20, func() {
			_, n, _ := playout(start, d, pick, buf[:0])
			plies += n
		})
		assert.Zero(t, allocs, text)
		assert.Positive(t, plies, text)
	}
}
