package ludo_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ludorules/ludo"
)

// variants returns valid rule sets that between them use every option.
func variants() []ludo.Rules {
	with := func(r ludo.Rules, f func(*ludo.Rules)) ludo.Rules { f(&r); return r }
	c, m := ludo.Classic(), ludo.Mongolian()
	return []ludo.Rules{
		c,
		m,
		with(c, func(r *ludo.Rules) { r.Players = 2 }),
		with(c, func(r *ludo.Rules) { r.Players = 3 }),
		with(m, func(r *ludo.Rules) { r.Players, r.Seats = 2, ludo.ColorsOf(ludo.Green, ludo.Blue) }),
		with(c, func(r *ludo.Rules) { r.Tokens, r.SixPenalty = 2, ludo.UndoTurn }),
		with(m, func(r *ludo.Rules) { r.SixPenalty, r.SixLimit, r.Players = ludo.UndoTurn, 2, 3 }),
		with(m, func(r *ludo.Rules) { r.Blocks, r.NoMoveForfeitsBonus = ludo.BlocksStopAll, true }),
		with(c, func(r *ludo.Rules) { r.OwnLanding, r.MultiCapture = ludo.OwnLandingForbidden, ludo.CaptureRefused }),
		with(c, func(r *ludo.Rules) { r.Finish, r.End = ludo.BounceFinish, ludo.FirstWinner }),
		with(c, func(r *ludo.Rules) {
			r.Finish, r.EntryRolls, r.BonusRolls, r.SixLimit = ludo.AnyRollFinishes, ludo.FacesOf(1, 6), ludo.FacesOf(1, 6), 0
		}),
		with(c, func(r *ludo.Rules) { r.BonusRolls, r.Tokens = 0, 3 }),
		with(m, func(r *ludo.Rules) {
			r.Board = ludo.Board{Arms: 4, Track: 16, StartSpacing: 4, HomeEntry: 14, HomeColumn: 2}
			r.SixPenalty, r.EntryRolls = ludo.UndoTurn, ludo.FacesOf(5, 6)
		}),
		with(c, func(r *ludo.Rules) {
			r.Board = ludo.Board{Arms: 4, Track: 8, StartSpacing: 2, HomeEntry: 5, HomeColumn: 0}
			r.Tokens, r.Players, r.SixLimit = 1, 2, 5
		}),
		with(c, func(r *ludo.Rules) {
			r.SixPenalty, r.End, r.MultiCapture = ludo.UndoTurn, ludo.FirstWinner, ludo.CaptureRefused
		}),
		with(c, func(r *ludo.Rules) {
			r.Board = ludo.Board{Arms: 4, Track: 60, StartSpacing: 15, HomeEntry: 58, HomeColumn: 6}
			r.Finish, r.SixPenalty = ludo.BounceFinish, ludo.UndoTurn
		}),
	}
}

// gameStates plays a seeded random game under r to its end (or maxPlies)
// and returns every position it passes through, roll and move phases. A
// bonus move (rule P8) is played with no roll.
func gameStates(tb testing.TB, r ludo.Rules, seed uint64, maxPlies int) []ludo.State {
	tb.Helper()
	s, err := ludo.New(r)
	require.NoError(tb, err)
	d := ludo.SeededDice(seed)
	pick := rand.New(rand.NewPCG(seed, 99))
	states := []ludo.State{s}
	var buf []ludo.Move
	for range maxPlies {
		if s.Phase() == ludo.PhaseOver {
			break
		}
		if s.Phase() == ludo.PhaseRoll { // not a bonus move (rule P8) nor a throw's other die (rule W1)
			next, err := s.RollOutcome(d.Throw(r))
			if err != nil {
				tb.Fatalf("%v\n%v", err, s)
			}
			s = next
			states = append(states, s)
		}
		buf = s.AppendLegalMoves(buf[:0])
		next, err := s.Apply(buf[pick.IntN(len(buf))])
		if err != nil {
			tb.Fatalf("%v\n%v", err, s)
		}
		s = next
		states = append(states, s)
	}
	return states
}

// checkPositionRoundTrip asserts that s survives the text and JSON forms.
func checkPositionRoundTrip(t testing.TB, s ludo.State) {
	checkTextRoundTrip(t, s)
	checkJSONRoundTrip(t, s)
}

// checkSetupRoundTrip asserts that s survives Setup: s.Setup().State()
// accepts it and gives it back. It runs on every position of many games,
// so it formats the position's text only on failure, which require's
// message arguments cannot do.
func checkSetupRoundTrip(t testing.TB, s ludo.State) {
	back, err := s.Setup().State()
	if err != nil || back != s {
		t.Fatalf("Setup round trip: %v\n%s", err, ludo.FormatPosition(s))
	}
}

// checkTextRoundTrip asserts that s survives its text form, and returns
// the text.
func checkTextRoundTrip(t testing.TB, s ludo.State) string {
	text := ludo.FormatPosition(s)
	back, err := ludo.ParsePosition(text)
	require.NoError(t, err, "ParsePosition(FormatPosition(s))\n%s\n%v", text, s)
	require.True(t, back == s, "ParsePosition(FormatPosition(s)) != s\n%s\nwant %v\ngot  %v", text, s, back)
	require.Equal(t, text, ludo.FormatPosition(back), "FormatPosition not stable")
	return text
}

// checkJSONRoundTrip asserts that s survives its JSON form.
func checkJSONRoundTrip(t testing.TB, s ludo.State) {
	data, err := json.Marshal(s)
	require.NoError(t, err, "json.Marshal")
	var fromJSON ludo.State
	require.NoError(t, json.Unmarshal(data, &fromJSON), "json.Unmarshal\n%s", data)
	require.True(t, fromJSON == s, "JSON round trip differs\n%s\nwant %v\ngot  %v", data, s, fromJSON)
}

// jsonSample picks the positions of a game whose JSON form is checked,
// where every position's text is. A State's JSON carries its Rules, and
// decoding them makes the JSON round trip cost about fifteen times the
// text's, the same Rules in every position of a game. The position's own
// fields are read into the same checks as the text's (the ones
// Setup.State makes); what the JSON adds is how each field is written
// and read, and which are left out. So the sample is the first position
// with each set of lines in its text (the fields it sets: die, bonus,
// sixes, tries, last, extra, later, captured, ranking, and undo with its
// colours), every game's end, and one position in jsonEvery besides.
type jsonSample struct {
	shapes map[string]bool
	n      int
}

const jsonEvery = 50

// take reports whether to check the JSON of the position whose text
// (FormatPosition) is text; over says the game has ended.
func (j *jsonSample) take(text string, over bool) bool {
	var shape strings.Builder
	for line := range strings.Lines(text) {
		key, rest, _ := strings.Cut(line, " ")
		shape.WriteString(key)
		if key == "undo" {
			colour, _, _ := strings.Cut(strings.TrimLeft(rest, " "), " ")
			shape.WriteString(" " + colour)
		}
		shape.WriteByte(';')
	}
	if j.shapes == nil {
		j.shapes = map[string]bool{}
	}
	novel := !j.shapes[shape.String()]
	j.shapes[shape.String()] = true
	j.n++
	return novel || over || j.n%jsonEvery == 0
}

// Positions of seeded games under rule sets that between them use every
// option survive the text form, and the JSON form on a sample (see
// jsonSample).
func TestPositionRoundTrip(t *testing.T) {
	t.Parallel()
	seeds, plies, every := 2, 2000, 1
	if testing.Short() {
		seeds, plies, every = 1, 300, 4
	}
	n := 0
	for _, r := range variants() {
		var sample jsonSample
		for seed := range uint64(seeds) {
			for k, s := range gameStates(t, r, seed+1, plies) {
				over := s.Phase() == ludo.PhaseOver
				if k%every != 0 && !over {
					continue
				}
				if sample.take(checkTextRoundTrip(t, s), over) {
					checkJSONRoundTrip(t, s)
				}
				n++
			}
		}
	}
	t.Logf("%d positions", n)
}

// The UndoTurn penalty needs to know where the turn began; the text keeps
// it, and a forfeit from a parsed position restores it.
func TestPositionUndoTurn(t *testing.T) {
	s := ludo.MustParsePosition(`
		rules  classic{SixPenalty:UndoTurn}
		red    19 yard
		green  yard
		turn   red
		die    6
		sixes  3
		undo   red 7 yard
		undo   green 19   # captured this turn
	`)
	assert.Equal(t, "rules   classic{SixPenalty:UndoTurn}\n"+
		"red     19 yard yard yard\n"+
		"green   yard yard yard yard\n"+
		"yellow  yard yard yard yard\n"+
		"blue    yard yard yard yard\n"+
		"turn    red\ndie     6\nsixes   3\n"+
		"undo    red 7 yard yard yard\n"+
		"undo    green 19 yard yard yard\n", ludo.FormatPosition(s))
	m, err := ludo.ParseMove(s, "pass")
	require.NoError(t, err)
	require.True(t, m.Forfeits())
	after, err := s.Apply(m)
	require.NoError(t, err)
	assert.Equal(t, 7, after.Progress(ludo.Red, 0))
	assert.Equal(t, 19, after.Progress(ludo.Green, 0))
	assert.Equal(t, ludo.Green, after.Turn())
	checkPositionRoundTrip(t, s)
	checkPositionRoundTrip(t, after)
}

func TestParsePositionForms(t *testing.T) {
	want := ludo.MustParsePosition(`rules mongolian{Players:2}
red 10 yard 53 56
yellow 45 45
turn red
die 6
sixes 1`)
	for _, text := range []string{
		// Squares, home and finish words, initials, case and comments.
		"# a comment\n\nRULES Mongolian { players : 2 }  # two players\n" +
			"R @11 YARD home3 FINISH\n\ny @20 @20 yard -1\n\tturn r\ndie 6",
		// Order does not matter; sixes defaults to 1 for a 6.
		"die 6\nyellow 45 45\nred 10 -1 home3 finish\nrules mongolian{Players:2}\nturn red\r\n",
	} {
		got, err := ludo.ParsePosition(text)
		require.NoError(t, err, text)
		assert.Equal(t, want, got, text)
	}

	// Defaults: no colour lines, no turn: the start position.
	s, err := ludo.ParsePosition("rules classic{Players:3}")
	require.NoError(t, err)
	three := ludo.Classic()
	three.Players = 3
	start, _ := ludo.New(three)
	assert.Equal(t, start, s)

	// Without a turn line, the first colour that has not finished moves.
	s, err = ludo.ParsePosition("rules classic\nred finish finish finish finish\nranking red")
	require.NoError(t, err)
	assert.Equal(t, ludo.Green, s.Turn())

	// A ranking that names all but one: the last takes last place.
	s, err = ludo.ParsePosition("rules classic{Players:2}\nred finish finish finish finish\nranking red")
	require.NoError(t, err)
	assert.Equal(t, ludo.PhaseOver, s.Phase())
	assert.Equal(t, []ludo.Color{ludo.Red, ludo.Yellow}, s.Ranking())
}

func TestFormatPosition(t *testing.T) {
	s, _ := ludo.New(ludo.Mongolian())
	u := s.Setup()
	u.Tokens[ludo.Red] = [4]int{0, 0, 52, 56}
	u.Tokens[ludo.Blue] = [4]int{5, -1, -1, -1}
	u.Turn, u.Die, u.Streak = ludo.Blue, 6, 2
	s, err := u.State()
	require.NoError(t, err)
	assert.Equal(t, `rules   mongolian
red     0 0 home2 finish
green   yard yard yard yard
yellow  yard yard yard yard
blue    5 yard yard yard
turn    blue
die     6
sixes   2
`, ludo.FormatPosition(s))
	text, err := s.MarshalText()
	require.NoError(t, err)
	assert.Equal(t, ludo.FormatPosition(s), string(text))

	var back ludo.State
	require.NoError(t, back.UnmarshalText(text))
	assert.Equal(t, s, back)
	require.NoError(t, back.UnmarshalText(nil))
	assert.Equal(t, ludo.State{}, back, "empty text is the zero State")
	assert.Equal(t, "", ludo.FormatPosition(ludo.State{}))

	before := s
	require.Error(t, s.UnmarshalText([]byte("rules classic\nred 99")))
	assert.Equal(t, before, s, "a failed UnmarshalText leaves the State alone")
}

// parseErrorCase is a bad input and the error it should give.
type parseErrorCase struct {
	text      string
	line, col int
	is        error
	msg       string
}

func checkParseError(t *testing.T, c parseErrorCase, err error) {
	t.Helper()
	require.Error(t, err, c.text)
	var pe *ludo.ParseError
	require.ErrorAs(t, err, &pe, c.text)
	assert.Equal(t, c.line, pe.Line, "line of %q: %v", c.text, err)
	assert.Equal(t, c.col, pe.Col, "column of %q: %v", c.text, err)
	assert.ErrorIs(t, err, c.is, c.text)
	assert.Contains(t, err.Error(), c.msg, c.text)
	for _, other := range []error{ludo.ErrSyntax, ludo.ErrInvalidRules, ludo.ErrInvalidSetup} {
		if other != c.is {
			assert.NotErrorIs(t, err, other, c.text)
		}
	}
}

func TestParsePositionErrors(t *testing.T) {
	syn, rules, setup := ludo.ErrSyntax, ludo.ErrInvalidRules, ludo.ErrInvalidSetup
	for _, c := range []parseErrorCase{
		{"", 1, 1, syn, "no rules line"},
		{"# nothing\nred 1", 1, 1, syn, "no rules line"},
		{"rules", 1, 1, syn, "rules needs"},
		{"rules chess", 1, 7, syn, `unknown preset "chess"`},
		{"rules classic{Players:9}", 1, 15, rules, "Players is 9, want 2 to 4 (rule C1)"},
		{"rules classic{Colour:red}", 1, 15, syn, `unknown option "Colour"`},
		{"rules classic{Players:two}", 1, 23, syn, `"two" is not a number`},
		{"rules classic{Players:2 Players:3}", 1, 25, syn, "given twice"},
		{"rules classic{Blocks:Sometimes}", 1, 22, syn, "not one of NoBlocks, BlocksStopOpponents, BlocksStopAll, BlocksTowers, BlocksOnSafe"},
		{"rules classic{Players:2", 1, 24, syn, "not closed"},
		{"rules classic{Players:2} extra", 1, 26, syn, `unexpected "extra"`},
		{"rules mongolian{OwnLanding:OwnLandingForbidden}", 1, 17, rules, "a block forms"},
		// More words than any rules allow are refused as the line is read,
		// at the first word too many; fewer, by the rules.
		{"rules classic\nred" + strings.Repeat(" 0", ludo.MaxTokens) + " x", 2, 5 + 2*ludo.MaxTokens, setup, fmt.Sprintf("more than MaxTokens (%d) tokens for one colour", ludo.MaxTokens)},
		{"rules classic{Tokens:2}\nred 0 0 0", 2, 9, setup, "red has 2 tokens (Rules.Tokens), but its line gives 3"},
		{"rules classic\nundo red" + strings.Repeat(" 0", ludo.MaxTokens) + " x", 2, 10 + 2*ludo.MaxTokens, setup, fmt.Sprintf("more than MaxTokens (%d) tokens for one colour", ludo.MaxTokens)},
		{"rules classic\nranking" + strings.Repeat(" red", ludo.MaxPlayers) + " x", 2, 9 + 4*ludo.MaxPlayers, setup, fmt.Sprintf("more than MaxPlayers (%d) colours ranked", ludo.MaxPlayers)},
		{"rules classic\nred 57", 2, 5, setup, "red token 0 has progress 57, want -1 (yard) to 56 (finish)"},
		{"rules classic\nred yard -2", 2, 10, setup, "progress -2"},
		{"rules classic\nred home6", 2, 5, setup, "red has no home6"},
		{"rules classic\nred home", 2, 5, syn, "not a home square"},
		{"rules classic\nred @53", 2, 5, setup, "there is no track square 53"},
		{"rules classic\nred @52", 2, 5, setup, "a red token never stands on square 52"},
		{"rules classic\nred sky", 2, 5, syn, `"sky" is not where a token stands`},
		{"rules classic\nred 13\ngreen 0", 3, 7, setup, "red token 0 and green token 0 share square 14, but a landing token captures (rule C11)"},
		{"rules classic\ngreen 0\nred 1 13", 2, 7, setup, "red token 1 and green token 0 share square 14"},
		{"rules classic{OwnLanding:OwnLandingForbidden}\nred 5 home2 5", 2, 13, setup, "(ruling Q11)"},
		{"rules classic{Players:2}\ngreen 0", 2, 1, setup, "green does not play: the players are {red yellow}"},
		{"rules classic\nred 1\nred 2", 3, 1, syn, "a second red line; the first is line 2"},
		{"rules classic\nturn blue\nturn red", 3, 1, syn, "a second turn line"},
		{"rules classic\nturn", 2, 1, syn, "turn takes one colour"},
		{"rules classic\nturn pink", 2, 6, syn, `"pink" is not a colour`},
		{"rules classic{Players:2}\nturn green", 2, 6, setup, "the turn is green's, who does not play"},
		{"rules classic\ndie six", 2, 5, syn, `die: "six" is not a number`},
		{"rules classic\ndie 7", 2, 5, setup, "die 7: want one of {1 2 3 4 5 6}"},
		{"rules classic\ndie 6\nsixes 0", 3, 7, setup, "die 6 earns a bonus roll, so sixes counts it"},
		{"rules classic\nsixes 3", 2, 7, setup, "sixes 3 is SixLimit: that roll was forfeited"},
		{"rules classic\ndie 4\nsixes 3", 3, 7, setup, "die 4 does not count"},
		{"rules classic\nsixes 4\ndie 6", 2, 7, setup, "sixes 4: want 0 to 3"},
		{"rules classic{BonusRolls:{}}\nsixes 1\ndie 3", 2, 7, setup, "BonusRolls is empty"},
		{"rules classic\nred finish finish finish finish", 2, 1, setup, "every red token has finished, so the ranking must list red (rule C6)"},
		{"rules classic\nranking red", 2, 9, setup, "the ranking lists red, whose tokens have not all finished"},
		{"rules classic\nred finish finish finish finish\nranking red red", 3, 13, setup, "the ranking lists red twice"},
		{"rules classic{Players:2}\nranking green", 2, 9, setup, "the ranking lists green, who does not play"},
		{"rules classic\nranking pink", 2, 9, syn, `"pink" is not a colour`},
		{"rules classic\nred finish finish finish finish\nranking red\nturn red", 4, 6, setup, "the turn is red's, who has finished (rule C3)"},
		{"rules classic{Players:2}\nred finish finish finish finish\nranking red\ndie 3", 4, 5, setup, "the game is over"},
		{"rules classic{End:FirstWinner}\nred finish finish finish finish\ngreen finish finish finish finish\nranking red green", 4, 13, setup, "FirstWinner"},
		{"rules classic\nundo red 5", 2, 1, setup, "SixPenalty:UndoTurn"},
		{"rules classic{SixPenalty:UndoTurn}\nred 5\nundo red 4", 3, 1, setup, "sixes is 0"},
		{"rules classic{SixPenalty:UndoTurn}\nred 5\ngreen 4\nsixes 1\nundo green 3", 5, 12, setup, "green token 0 moved during red's turn"},
		{"rules classic{SixPenalty:UndoTurn}\ngreen 0\nsixes 1\nundo red 13", 4, 10, setup, "share square 14"},
		{"rules classic{SixPenalty:UndoTurn}\nundo", 2, 1, syn, "undo needs a colour"},
		{"rules classic{SixPenalty:UndoTurn}\nundo red 1\nundo red 2", 3, 1, syn, "a second undo line for red"},
		{"rules classic\nfoo 1", 2, 1, syn, `unknown key "foo"`},
		{"rules classic\nred \"abc", 2, 5, syn, "quoted string not closed"},
		{"rules classic{Players:2 Seats:{red green}}\nyellow 0", 2, 1, setup, "yellow does not play"},
		{"rules classic{Seats:{red green}}", 1, 15, rules, "Seats {red green} holds 2 colours but Players is 4"},
		{"rules classic{Seats:{red pink}}", 1, 21, syn, `"pink" is not a colour`},
		{"rules classic{EntryRolls:{64}}", 1, 26, syn, `"64" is not a face 1 to 63`},
		{"rules classic{EntryRolls:{7}}", 1, 15, rules, "EntryRolls {7} holds a face the throw cannot show: want faces of {1 2 3 4 5 6}"},
		{"rules classic{Board:{52 13 50}}", 1, 21, syn, "is not a board"},
		{"rules classic{NoMoveForfeitsBonus:yes}", 1, 35, syn, `"yes" is not true or false`},
	} {
		_, err := ludo.ParsePosition(c.text)
		checkParseError(t, c, err)
	}
}

func TestParseRules(t *testing.T) {
	for _, r := range variants() {
		got, err := ludo.ParseRules(r.String())
		require.NoError(t, err, r.String())
		assert.Equal(t, r, got, r.String())

		text, err := r.MarshalText()
		require.NoError(t, err)
		var back ludo.Rules
		require.NoError(t, back.UnmarshalText(text))
		assert.Equal(t, r, back)
	}
	// Spelling that String does not use.
	r, err := ludo.ParseRules(" classic { blocks : blocksstopopponents  players:2 seats:{r y} }")
	require.NoError(t, err)
	want := ludo.Mongolian()
	want.Preset, want.Players, want.Seats = "classic", 2, ludo.ColorsOf(ludo.Red, ludo.Yellow)
	assert.Equal(t, want, r)
	r, err = ludo.ParseRules("mongolian{}")
	require.NoError(t, err)
	assert.Equal(t, ludo.Mongolian(), r)

	for _, c := range []parseErrorCase{
		{"", 1, 1, ludo.ErrSyntax, "no rules"},
		{"classic\nmongolian", 1, 8, ludo.ErrSyntax, "one line"},
		{"classic{Tokens:0}", 1, 9, ludo.ErrInvalidRules, "Tokens is 0"},
		{"classic{SixValueAlways:true}", 1, 9, ludo.ErrInvalidRules, "SixValueAlways makes a 6 count SixValue"},
		{"classic{:2}", 1, 9, ludo.ErrSyntax, "want an option name"},
		{"classic{Players 2}", 1, 17, ludo.ErrSyntax, "want ':'"},
		{"classic{Players:}", 1, 17, ludo.ErrSyntax, "want a value"},
		{"classic{Board:{52 13 50 5}", 1, 27, ludo.ErrSyntax, "not closed"},
		{"classic{Seats:{red", 1, 15, ludo.ErrSyntax, "not closed"},
	} {
		_, err := ludo.ParseRules(c.text)
		checkParseError(t, c, err)
	}

	// The zero Rules is the empty text; other invalid rules do not marshal.
	text, err := ludo.Rules{}.MarshalText()
	require.NoError(t, err)
	assert.Empty(t, text)
	bad := ludo.Classic()
	bad.Players = 7
	_, err = bad.MarshalText()
	assert.ErrorIs(t, err, ludo.ErrInvalidRules)
	before := ludo.Classic()
	r = before
	assert.Error(t, r.UnmarshalText([]byte("classic{Players:7}")))
	assert.Equal(t, before, r)
}

func TestParseMove(t *testing.T) {
	n := 0
	for _, r := range variants() {
		for _, s := range gameStates(t, r, 5, 400) {
			if s.Phase() != ludo.PhaseMove {
				_, err := ludo.ParseMove(s, "0")
				assert.Error(t, err)
				continue
			}
			for _, m := range s.LegalMoves() {
				n++
				got, err := ludo.ParseMove(s, m.String())
				require.NoError(t, err, "%v\n%v", m, s)
				assert.Equal(t, m, got)
				short := "pass"
				if !m.IsPass() {
					short = fmt.Sprint(m.Token())
				}
				got, err = ludo.ParseMove(s, short)
				require.NoError(t, err, short)
				assert.Equal(t, m, got, short)
			}
		}
	}
	t.Logf("%d moves", n)
}

func TestParseMoveErrors(t *testing.T) {
	s := ludo.MustParsePosition(`
		rules  mongolian
		red    10 yard 53 finish
		green  0 0      # a block on square 14
		turn   red
		die    5
	`)
	for _, c := range []struct{ text, rule, msg string }{
		{"0", "B2", "token 0 cannot pass the block on square 14"},
		{"1", "C7", "token 1 is in the yard, and only a roll of {6} enters it"},
		{"2", "C5", "token 2 would overshoot the finish by 2"},
		{"3", "B3", "token 3 has finished and never moves again"},
		{"green 0", "C3", "it is red's turn, not green's"},
		{"forfeit", "C9", "has not reached the six limit"},
		{"7", "", "red has no token 7"},
		{"0: 9-14", "", "red token 0 is at 10, not 9"},
	} {
		_, err := ludo.ParseMove(s, c.text)
		var ill *ludo.IllegalMoveError
		require.ErrorAs(t, err, &ill, c.text)
		assert.Equal(t, c.rule, ill.Rule, c.text)
		assert.Contains(t, err.Error(), c.msg, c.text)
		assert.ErrorIs(t, err, ludo.ErrIllegalMove)
	}
	m, err := ludo.ParseMove(s, "pass")
	require.NoError(t, err, "nothing can move: the pass is legal")
	assert.True(t, m.IsPass())

	s = ludo.MustParsePosition("rules classic\nred 10 yard\ngreen 3\ndie 6")
	for _, c := range []struct{ text, msg string }{
		{"0: 10-16", "with a 6, red token 0 makes 10-16 x1, not 10-16"},
		{"0: 10-17 x1", "makes 10-16 x1, not 10-17 x1"},
		{"1: yard-0", "makes yard-0 enter, not yard-0"},
		{"pass", "red must move when a token can"},
	} {
		_, err := ludo.ParseMove(s, c.text)
		assert.ErrorIs(t, err, ludo.ErrIllegalMove, c.text)
		assert.ErrorContains(t, err, c.msg, c.text)
	}
	for _, text := range []string{"0: 10-16 x1", "red 0: 10-16 x1", "0:10-16 X1", "0", "r 0"} {
		m, err := ludo.ParseMove(s, text)
		require.NoError(t, err, text)
		assert.Equal(t, "red 0: 10-16 x1", m.String())
	}

	// With two dice, a move written from-to that one die would make but
	// a rule refuses cites that rule, whether or not the text names the
	// die: the 4 lands on green's blob (rule B2), though the 3 moves.
	s = ludo.MustParsePosition("rules uckers\nred 12\ngreen @17 @17\nturn red\ndie 3 4")
	for _, text := range []string{"0: 12-16", "0: 12-16 die 4"} {
		_, err := ludo.ParseMove(s, text)
		var ill *ludo.IllegalMoveError
		require.ErrorAs(t, err, &ill, text)
		assert.Equal(t, "B2", ill.Rule, text)
		assert.ErrorContains(t, err, "cannot land on the block on square 17", text)
	}
	_, err = ludo.ParseMove(s, "0: 12-14")
	assert.ErrorContains(t, err, "red token 0 makes with the 3 12-15, not 12-14", "a move no die makes says what each makes")

	for _, c := range []parseErrorCase{
		{"", 1, 1, ludo.ErrSyntax, "no move"},
		{"red", 1, 1, ludo.ErrSyntax, "no move after the colour"},
		{"jump", 1, 1, ludo.ErrSyntax, `"jump" is not a move`},
		{"-1", 1, 1, ludo.ErrSyntax, "not a move"},
		{"0: 10", 1, 4, ludo.ErrSyntax, "not from-to"},
		{"0:", 1, 1, ludo.ErrSyntax, "want from-to"},
		{"0: 10-16 x1 x1", 1, 13, ludo.ErrSyntax, "captures given twice"},
		{"0: 10-16 enter enter", 1, 16, ludo.ErrSyntax, "given twice"},
		{"0: 10-16 fly", 1, 10, ludo.ErrSyntax, `"fly" is not a word of a move`},
		{"0 1", 1, 3, ludo.ErrSyntax, `unexpected "1"`},
		{"0 # comment", 1, 3, ludo.ErrSyntax, "no comment"},
		{"pass now", 1, 6, ludo.ErrSyntax, `unexpected "now"`},
	} {
		_, err := ludo.ParseMove(s, c.text)
		checkParseError(t, c, err)
	}

	roll, _ := ludo.New(ludo.Classic())
	_, err = ludo.ParseMove(roll, "pass")
	assert.ErrorIs(t, err, ludo.ErrWrongPhase)
	_, err = ludo.ParseMove(ludo.State{}, "pass")
	assert.ErrorIs(t, err, ludo.ErrNoGame)
	over := ludo.MustParsePosition("rules classic{Players:2}\nred finish finish finish finish\nranking red")
	_, err = ludo.ParseMove(over, "pass")
	assert.ErrorIs(t, err, ludo.ErrGameOver)
}

// The third six: "pass" and "pass (forfeit)" both name the forfeit.
func TestParseMoveForfeit(t *testing.T) {
	s := ludo.MustParsePosition("rules classic\nred 10\ndie 6\nsixes 3")
	for _, text := range []string{"pass", "forfeit", "pass (forfeit)", "red pass (forfeit)"} {
		m, err := ludo.ParseMove(s, text)
		require.NoError(t, err, text)
		assert.True(t, m.Forfeits(), text)
	}
	_, err := ludo.ParseMove(s, "0")
	var ill *ludo.IllegalMoveError
	require.ErrorAs(t, err, &ill)
	assert.Equal(t, "C9", ill.Rule)
}

func TestParsePositionFunc(t *testing.T) {
	text := `# scenario: red cannot pass the block
rules  mongolian
red    10
green  0 0
die    5
expect pass        # the legal moves
perft  1 6
`
	var got []string
	s, err := ludo.ParsePositionFunc(text, func(l ludo.TextLine) error {
		words := []string{}
		for _, w := range l.Args {
			words = append(words, fmt.Sprintf("%s@%d", w.Text, w.Col))
		}
		got = append(got, fmt.Sprintf("%d %s %s [%s]", l.N, l.Key.Text, strings.Join(words, " "), l.Rest()))
		return nil
	})
	require.NoError(t, err)
	assert.Equal(t, []string{"6 expect pass@8 [pass]", "7 perft 1@8 6@10 [1 6]"}, got)
	assert.Equal(t, "[red pass]", fmt.Sprint(s.LegalMoves()))

	// An error from extra comes back as a ParseError at the key, matching
	// what extra returned.
	errMine := errors.New("bad expectation")
	_, err = ludo.ParsePositionFunc(text, func(l ludo.TextLine) error {
		if l.Key.Text == "perft" {
			return errMine
		}
		return nil
	})
	checkParseError(t, parseErrorCase{text, 7, 1, errMine, "bad expectation"}, err)
	// A ParseError from extra comes back as it is.
	_, err = ludo.ParsePositionFunc(text, func(l ludo.TextLine) error {
		return &ludo.ParseError{Line: l.N, Col: l.Args[0].Col, Msg: "no", Err: ludo.ErrSyntax}
	})
	checkParseError(t, parseErrorCase{text, 6, 8, ludo.ErrSyntax, "no"}, err)
	// Without extra, unknown keys are errors.
	_, err = ludo.ParsePosition(text)
	checkParseError(t, parseErrorCase{text, 6, 1, ludo.ErrSyntax, `unknown key "expect"`}, err)
}

func TestMustParsePosition(t *testing.T) {
	assert.Panics(t, func() { ludo.MustParsePosition("rules nothing") })
}

func TestParseErrorText(t *testing.T) {
	_, err := ludo.ParsePosition("rules classic\nred 57")
	assert.EqualError(t, err, "ludo: line 2, column 5: invalid setup: red token 0 has progress 57, want -1 (yard) to 56 (finish)")
	_, err = ludo.ParsePosition("rules classic{Players:1}")
	assert.EqualError(t, err, "ludo: line 1, column 15: invalid rules: Players is 1, want 2 to 4 (rule C1)")
	_, err = ludo.ParsePosition("rules classic\nsky")
	assert.EqualError(t, err, `ludo: line 2, column 1: unknown key "sky": want one of rules, a colour, turn, die, bottoms, played, earned, bonus, sixes, tries, last, extra, captured, ranking, undo, later`)
}

// With SixLimit 0 (no limit) the sixes count stops at 255 rather than
// wrap to 0, so a turn of 256 sixes still reads back (the position fuzzer
// found the wrap).
func TestSixesCountSaturates(t *testing.T) {
	s := ludo.MustParsePosition("rules classic{SixLimit:0}\nred 3\nsixes 255")
	rolled, err := s.Roll(6)
	require.NoError(t, err)
	assert.Equal(t, 255, rolled.Streak())
	checkTextRoundTrip(t, rolled)
}

// Under UndoTurn a State keeps, unseen, where the tokens stood when the
// turn began. At game over that is the final position, after play and
// from Setup alike, so a finished game equals its own Setup (==)
// (FuzzSetupAgreement found them apart).
func TestUndoTurnGameOver(t *testing.T) {
	r := ludo.Classic()
	r.SixPenalty, r.Players = ludo.UndoTurn, 2
	states := gameStates(t, r, 1, 5000)
	over := states[len(states)-1]
	require.Equal(t, ludo.PhaseOver, over.Phase())
	assert.Nil(t, over.Setup().TurnStart)
	assert.NotContains(t, ludo.FormatPosition(over), "undo")
	checkPositionRoundTrip(t, over)
	again, err := over.Setup().State()
	require.NoError(t, err)
	assert.True(t, again == over)
}

// Every preset's positions survive the text form, the full one and the
// brief one of a record's header, in which a colour all in its yard has
// no line (under StartOut too, rule M5).
func TestPresetPositionRoundTrip(t *testing.T) {
	t.Parallel()
	plies := 2000
	if testing.Short() {
		plies = 400
	}
	for _, name := range ludo.Presets() {
		r, _ := ludo.Preset(name)
		s, err := ludo.New(r)
		require.NoError(t, err)
		d := ludo.SeededDice(1)
		pick := rand.New(rand.NewPCG(1, 99))
		for k := 0; k < plies && s.Phase() != ludo.PhaseOver; k++ {
			checkTextRoundTrip(t, s)
			if s.Phase() == ludo.PhaseRoll {
				if k%7 == 0 {
					var b strings.Builder
					_, err := ludo.NewRecord(s).WriteTo(&b)
					require.NoError(t, err)
					rec, err := ludo.ParseRecord(b.String())
					require.NoError(t, err, "%s:\n%s", name, b.String())
					require.Equal(t, s, rec.Start, "%s: the record's header reads back otherwise:\n%s", name, b.String())
				}
				s, err = s.RollOutcome(d.Throw(r))
				require.NoError(t, err, "%s", name)
				continue
			}
			moves := s.LegalMoves() // a roll's move or a bonus move (rule P8)
			s, err = s.Apply(moves[pick.IntN(len(moves))])
			require.NoError(t, err, "%s", name)
		}
	}
}

// The captured line (rule K4) is written with its key apart from its
// colours, as every line is, and read back.
func TestFormatPositionCaptured(t *testing.T) {
	s := ludo.MustParsePosition("rules ludoking{CaptureBeforeHome:true}\nred 10\ncaptured red yellow\n")
	text := ludo.FormatPosition(s)
	assert.Contains(t, text, "\ncaptured red yellow\n")
	back, err := ludo.ParsePosition(text)
	require.NoError(t, err, text)
	assert.True(t, back == s, text)
}

// A colour with no line has every token in its yard, as the text and the
// JSON forms say, even where StartOut starts tokens on the start square
// (rule K6).
func TestParsePositionLeftOutUnderStartOut(t *testing.T) {
	s := ludo.MustParsePosition("rules ludoking{StartOut:1}\nred 10\ndie 3\n")
	for c := range s.Players().All() {
		for i := range 4 {
			want := -1
			if c == ludo.Red && i == 0 {
				want = 10
			}
			assert.Equal(t, want, s.Progress(c, i), "%v token %d", c, i)
		}
	}
	rules, err := json.Marshal(s.Rules())
	require.NoError(t, err)
	var j ludo.State
	require.NoError(t, json.Unmarshal([]byte(`{"Rules":`+string(rules)+`,"Tokens":{"red":[10]},"Turn":"red","Die":3}`), &j))
	assert.True(t, j == s, "JSON:\n%v", ludo.FormatPosition(j))
}

// Every key of the position text is followed by a space, "captured" too
// (eight letters, the width keys are padded to): FormatPosition once
// wrote "capturedred", which ParsePosition refuses as an unknown key.
func TestFormatPositionCapturedKeySpace(t *testing.T) {
	r := ludo.Classic()
	r.CaptureBeforeHome = true
	s, err := ludo.New(r)
	require.NoError(t, err)
	u := s.Setup()
	u.Captured = ludo.ColorsOf(ludo.Red, ludo.Blue)
	s, err = u.State()
	require.NoError(t, err)
	assert.Contains(t, ludo.FormatPosition(s), "\ncaptured red blue\n")
	checkPositionRoundTrip(t, s)
}

// A colour whose tokens have all finished while its partner plays on
// (rule T1) is not placed; the turn the brief text leaves out is the one
// the reader assumes, so that the position reads back. The writer once
// left out a turn the reader took for the finished colour's.
func TestFormatPositionFinishedPartner(t *testing.T) {
	for _, turn := range []string{"green", "yellow"} {
		s := ludo.MustParsePosition("rules pachisi\nred finish finish finish finish\ngreen 20\nyellow 30\nblue 40\nturn " + turn + "\n")
		text := ludo.FormatPosition(s)
		back, err := ludo.ParsePosition(text)
		require.NoError(t, err, text)
		assert.Equal(t, s, back, text)
		assert.Contains(t, text, "turn    "+turn, "the turn is written: the reader's default is red, who has finished")
	}
}
