package ludo

import (
	"encoding/json"
	"errors"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// This file tests the option table (options in variants.go) that drives
// Rules.String, ParseRules, the JSON form and Validate: every option's
// valid values survive the text and JSON forms, values out of range are
// refused naming the option, every contradiction between options that
// Rules.problem lists is refused (and a close variant accepted), and the
// presets are what Presets lists.

// tabValid lists, for every option, the values in text form that must be
// valid on some board: every name of an enum, both ends of a number's
// range, a set empty and full (where that is valid), a bonus none, roll
// and both ends of its steps.
var tabValid = map[string][]string{
	"Arms":                {"2", "6"},
	"Track":               {"4", "250"},
	"StartSpacing":        {"1", "13"},
	"HomeEntry":           {"1", "51"},
	"HomeColumn":          {"0", "199"},
	"StartLane":           {"0", "3", "7"},
	"Safe":                {"{}", "{0 1 2 3 4 5 6 7 8 9 10 11 12}"},
	"Stars":               {"{}", "{0 1 2 3 4 5 6 7 8 9 10 11 12}"},
	"Players":             {"2", "4", "6"},
	"Seats":               {"{}", "{red green yellow blue}", "{red green yellow blue purple orange}", "{green blue}"},
	"Teams":               {"NoTeams", "Partners", "PartnersPlayOn"},
	"Tokens":              {"1", "4"},
	"StartOut":            {"0", "4"},
	"TwoDice":             {"false", "true"},
	"Cowries":             {"false", "true"},
	"DiceUse":             {"EitherDie", "LargerDie"},
	"EntrySum":            {"false", "true"},
	"BonusAnyDie":         {"false", "true"},
	"SumMoves":            {"false", "true"},
	"DoublesSplitBlocks":  {"false", "true"},
	"TopsAndBottoms":      {"false", "true"},
	"EntryRolls":          {"{1}", "{1 2 3 4 5 6}"},
	"SixEntry":            {"SixEntersOne", "SixEntersTwoOrRuns"},
	"EntryCompulsory":     {"false", "true"},
	"ClearStart":          {"false", "true"},
	"Tries":               {"1", "3"},
	"BonusRolls":          {"{}", "{1 2 3 4 5 6}"},
	"SixLimit":            {"0", "2", "255"},
	"SixPenalty":          {"VoidRoll", "UndoTurn", "LastMovedHome", "NearestHome", "ExposedHome"},
	"NoMoveForfeitsBonus": {"false", "true"},
	"SixValue":            {"6", "20"},
	"SixValueAlways":      {"false", "true"},
	"CaptureBonus":        {"none", "roll", "2", "50"},
	"HomeBonus":           {"none", "roll", "2", "50"},
	"Blocks":              {"NoBlocks", "BlocksStopOpponents", "BlocksStopAll", "BlocksTowers", "BlocksOnSafe"},
	"BreakOnSix":          {"false", "true"},
	"SquareLimit":         {"0", "2", "24"},
	"OwnLanding":          {"OwnLandingAllowed", "OwnLandingForbidden"},
	"MultiCapture":        {"CaptureAll", "CaptureRefused", "CaptureNone", "CaptureMover"},
	"SafeSquares":         {"SafeShare", "SafeMoverHome", "SafeExclusive"},
	"EntryCapture":        {"EntryLands", "EntryCapturesAll", "EntryCapturesLast"},
	"GuardedExits":        {"false", "true"},
	"FirstEntryAny":       {"false", "true"},
	"CaptureDuty":         {"CaptureOptional", "CaptureCompulsory", "CapturePenalty"},
	"CaptureBeforeHome":   {"false", "true"},
	"CaptureRetires":      {"false", "true"},
	"Overtake":            {"OvertakeAll", "OvertakeOpponents", "OvertakeNone", "OvertakeCaptures"},
	"HomeJumps":           {"HomeJumpsAllowed", "HomeJumpsForbidden"},
	"Finish":              {"ExactFinish", "BounceFinish", "AnyRollFinishes"},
	"Goal":                {"GoalFinish", "GoalSlots"},
	"HomeSteps":           {"false", "true"},
	"FinishTokens":        {"0", "1", "4"},
	"End":                 {"PlayForAllPlaces", "FirstWinner"},
	"TowersTogether":      {"false", "true"},
	"RoundAgain":          {"false", "true"},
	"Decline":             {"false", "true"},
}

// tabBases are the rules a value is tried on, in order, until one takes
// it: every preset, and with two players, a small board of two arms, and
// Classic stopping at the first winner.
func tabBases() []Rules {
	var bases []Rules
	for _, p := range presets {
		bases = append(bases, p.rules)
		two := p.rules
		two.Players = 2
		bases = append(bases, two)
	}
	small := Classic()
	small.Board = Board{Arms: 2, Track: 8, StartSpacing: 2, HomeEntry: 3, HomeColumn: 1}
	small.Players = 2
	quick := Classic()
	quick.End = FirstWinner
	round := Classic() // a home entry just before the start square (rule Y6)
	round.Board = Board{Arms: 4, Track: 52, StartSpacing: 13, HomeEntry: 51, HomeColumn: 5}
	return append(bases, small, quick, round)
}

// tabRulesJSON writes r as JSON field by field from the option table,
// without validating it, so that rules Validate refuses can be given to
// UnmarshalJSON.
func tabRulesJSON(r Rules) []byte {
	b := []byte(`{"Preset":`)
	b = append(b, '"')
	b = append(b, r.Preset...)
	b = append(b, '"')
	for i := range options {
		o := &options[i]
		b = append(b, `,"`+o.name+`":`...)
		b = o.appendJSON(b, o.get(&r))
	}
	return append(b, '}')
}

// tabRoundTrip asserts that valid rules r survive Rules.String read by
// ParseRules, MarshalJSON read by UnmarshalJSON, and the text form as a
// JSON string.
func tabRoundTrip(t *testing.T, r Rules) {
	t.Helper()
	text := r.String()
	back, err := ParseRules(text)
	require.NoError(t, err, text)
	require.Equal(t, r, back, text)
	data, err := json.Marshal(r)
	require.NoError(t, err, text)
	var fromJSON Rules
	require.NoError(t, json.Unmarshal(data, &fromJSON), "%s", data)
	require.Equal(t, r, fromJSON, "%s", data)
	quoted, err := json.Marshal(text)
	require.NoError(t, err)
	var fromString Rules
	require.NoError(t, json.Unmarshal(quoted, &fromString), "%s", quoted)
	require.Equal(t, r, fromString, "%s", quoted)
	marshalled, err := r.MarshalText()
	require.NoError(t, err)
	require.Equal(t, text, string(marshalled))
}

// Every option has its values listed in tabValid, and each value takes
// on some base: it validates, plays (New), and survives the text and JSON
// forms; the text names the option and the value where it differs from
// the preset.
func TestOptionTableValuesRoundTrip(t *testing.T) {
	var names []string
	for i := range options {
		names = append(names, options[i].name)
	}
	var listed []string
	for name := range tabValid {
		listed = append(listed, name)
	}
	require.ElementsMatch(t, names, listed, "tabValid lists every option of the table, and no other")

	bases := tabBases()
	for i := range options {
		o := &options[i]
		for _, text := range tabValid[o.name] {
			v, msg := o.parse(text)
			require.Empty(t, msg, "%s:%s", o.name, text)
			require.Equal(t, text, o.format(v), "%s:%s is written as it is read", o.name, text)
			found := false
			for _, base := range bases {
				r := base
				o.set(&r, v)
				if o.name == "Seats" && v != 0 {
					r.Players = Colors(v).Len()
				}
				if r.Validate() != nil {
					continue
				}
				found = true
				t.Run(o.name+":"+text, func(t *testing.T) {
					require.Equal(t, v, o.get(&r))
					_, err := New(r)
					require.NoError(t, err)
					tabRoundTrip(t, r)
					p, _ := Preset(r.Preset)
					if o.get(&p) != v {
						assert.Contains(t, r.String(), o.name+":"+text, "the text names the option that differs")
					}
					// And as the only change, read from text and JSON alone.
					one, err := ParseRules(r.Preset + "{" + o.name + ":" + text + "}")
					if o.name == "Seats" && v != 0 {
						one, err = ParseRules(r.Preset + "{Players:" + tabItoa(r.Players) + " Seats:" + text + "}")
					}
					if err == nil {
						assert.Equal(t, v, o.get(&one))
					}
				})
				break
			}
			assert.True(t, found, "%s:%s is valid on no base", o.name, text)
		}
	}
}

func tabItoa(n int) string { return strconv.Itoa(n) }

// tabOutOfRange lists, for every option whose value can be out of range,
// values past its ends on the classic board (raw numbers as the field
// holds them; -1 is a negative int).
var tabOutOfRange = map[string][]int{
	"Arms":         {1, 7},
	"Track":        {3, 251},
	"StartSpacing": {0, 14},
	"HomeEntry":    {0, 52},
	"HomeColumn":   {-1, 200},
	"StartLane":    {-1, 6},
	"Safe":         {1 << 13, 1 << 62},
	"Stars":        {1 << 13},
	"Players":      {1, 5},
	"Seats":        {1 << Purple, 1 << Orange},
	"Teams":        {3},
	"Tokens":       {0, 5},
	"StartOut":     {-1, 5},
	"DiceUse":      {2},
	"EntryRolls":   {1 | 1<<6, 1 << 7},
	"SixEntry":     {2},
	"Tries":        {0, 4},
	"BonusRolls":   {1, 1 << 7},
	"SixLimit":     {-1, 256},
	"SixPenalty":   {5},
	"SixValue":     {5, 21},
	"CaptureBonus": {51, 255},
	"HomeBonus":    {51},
	"Blocks":       {5},
	"SquareLimit":  {-1, 1, 25},
	"OwnLanding":   {2},
	"MultiCapture": {4},
	"SafeSquares":  {3},
	"EntryCapture": {3},
	"CaptureDuty":  {3},
	"Overtake":     {4},
	"HomeJumps":    {2},
	"Finish":       {3},
	"Goal":         {2},
	"FinishTokens": {-1, 5},
	"End":          {2},
}

// A value out of an option's range is refused by Validate (and so New)
// with an error matching ErrInvalidRules that names the option; numbers
// are refused alike in the text and JSON forms.
func TestOptionTableOutOfRange(t *testing.T) {
	for i := range options {
		o := &options[i]
		values, ok := tabOutOfRange[o.name]
		if o.kind == kindBool {
			assert.False(t, ok, "%s is true or false: no value is out of range", o.name)
			continue
		}
		require.True(t, ok, "tabOutOfRange lists %s", o.name)
		for _, n := range values {
			r := Classic()
			o.set(&r, uint64(n))
			if o.kind == kindInt {
				require.Equal(t, n, int(o.get(&r)), "%s holds %d", o.name, n)
			}
			err := r.Validate()
			require.ErrorIs(t, err, ErrInvalidRules, "%s = %d", o.name, n)
			assert.Contains(t, err.Error(), o.name, "the error names the option")
			_, err = New(r)
			assert.ErrorIs(t, err, ErrInvalidRules)
			_, err = r.MarshalJSON()
			assert.ErrorIs(t, err, ErrInvalidRules, "invalid rules do not marshal")
			_, err = r.MarshalText()
			assert.ErrorIs(t, err, ErrInvalidRules, "invalid rules do not marshal")
			if o.kind != kindInt || n < 0 {
				continue
			}
			text := "classic{" + o.name + ":" + tabItoa(n) + "}"
			_, err = ParseRules(text)
			require.ErrorIs(t, err, ErrInvalidRules, text)
			assert.Contains(t, err.Error(), o.name, text)
			var got Rules
			err = json.Unmarshal(tabRulesJSON(r), &got)
			require.ErrorIs(t, err, ErrInvalidRules, text)
			assert.Contains(t, err.Error(), o.name, text)
			assert.Equal(t, Rules{}, got, "refused JSON leaves the rules as they were")
		}
	}
}

// tabConflict is a contradiction between options: rules that Validate
// refuses, with a word of its message, and a close variant it accepts.
type tabConflict struct {
	name     string
	base     string // a preset
	refused  func(r *Rules)
	accepted func(r *Rules)
	msg      string
}

var tabConflicts = []tabConflict{
	{"not a preset", "classic", func(r *Rules) { r.Preset = "ludo" }, func(r *Rules) { r.Preset = "mongolian" }, "is not a preset"},
	{"going round again past a progress of 254", "ludoking",
		func(r *Rules) {
			r.CaptureBeforeHome = true
			r.Board = Board{Arms: 4, Track: 250, StartSpacing: 60, HomeEntry: 200, HomeColumn: 5}
		},
		func(r *Rules) {
			r.CaptureBeforeHome = true
			r.Board = Board{Arms: 4, Track: 240, StartSpacing: 60, HomeEntry: 200, HomeColumn: 5}
		},
		"want Track + HomeColumn at most 254"},
	{"track shorter than two squares an arm", "classic",
		func(r *Rules) { r.Board = Board{Arms: 6, Track: 11, StartSpacing: 1, HomeEntry: 10, HomeColumn: 5} },
		func(r *Rules) { r.Board = Board{Arms: 6, Track: 12, StartSpacing: 1, HomeEntry: 10, HomeColumn: 5} },
		"two squares an arm"},
	{"Seats not Players colours", "classic",
		func(r *Rules) { r.Seats = ColorsOf(Red, Green) },
		func(r *Rules) { r.Seats, r.Players = ColorsOf(Red, Green), 2 },
		"colours but Players is"},
	{"no entry roll", "classic", func(r *Rules) { r.EntryRolls = 0 }, func(r *Rules) { r.EntryRolls = FacesOf(1) }, "no token could ever enter"},
	{"SixLimit 1", "classic", func(r *Rules) { r.SixLimit = 1 }, func(r *Rules) { r.SixLimit = 2 }, "every bonus-earning roll would be forfeited"},
	{"every face earns a bonus roll under UndoTurn", "classic",
		func(r *Rules) { r.BonusRolls, r.SixPenalty = FacesOf(1, 2, 3, 4, 5, 6), UndoTurn },
		func(r *Rules) { r.BonusRolls, r.SixPenalty = FacesOf(1, 2, 3, 4, 5, 6), VoidRoll },
		"the game could never end"},
	{"every face earns a bonus roll under UndoTurn with no limit", "classic",
		func(r *Rules) { r.BonusRolls, r.SixPenalty, r.SixLimit = FacesOf(1, 2, 3, 4, 5, 6), UndoTurn, 255 },
		func(r *Rules) { r.BonusRolls, r.SixPenalty, r.SixLimit = FacesOf(1, 2, 3, 4, 5, 6), UndoTurn, 0 },
		"the game could never end"},
	{"partners with an odd number of players", "ludoking6",
		func(r *Rules) { r.Teams, r.Players = Partners, 5 },
		func(r *Rules) { r.Teams, r.Players = Partners, 4 },
		"partners need an even number"},
	{"blocks where a token may not land on its own", "mongolian",
		func(r *Rules) { r.OwnLanding = OwnLandingForbidden },
		func(r *Rules) { r.OwnLanding, r.Blocks = OwnLandingForbidden, NoBlocks },
		"a block forms when a token lands on its own colour"},
	{"towers of more than two", "brasil",
		func(r *Rules) { r.SquareLimit = 0 },
		func(r *Rules) { r.SquareLimit, r.Blocks = 0, BlocksStopOpponents },
		"a tower is two tokens"},
	{"towers with two dice", "brasil",
		func(r *Rules) { r.TwoDice, r.SixLimit = true, 0 },
		func(r *Rules) { r.TwoDice, r.Blocks = true, BlocksStopOpponents },
		"a tower moves whole on one die"},
	{"towers with partners who play on", "brasil",
		func(r *Rules) { r.Teams = PartnersPlayOn },
		func(r *Rules) { r.Teams = Partners },
		"whose tower a player who plays on moves"},
	{"the first entry on any throw with two dice", "pachisi",
		func(r *Rules) {
			r.Cowries, r.TwoDice, r.EntryRolls, r.BonusRolls = false, true, FacesOf(5), FacesOf(6)
			r.Blocks, r.SquareLimit = BlocksStopOpponents, 0
		},
		func(r *Rules) {
			r.Cowries, r.TwoDice, r.EntryRolls, r.BonusRolls, r.FirstEntryAny = false, true, FacesOf(5), FacesOf(6), false
			r.Blocks, r.SquareLimit = BlocksStopOpponents, 0
			r.TowersTogether, r.RoundAgain, r.Decline = false, false, false // (rules Y5-Y7 are not played with two dice)
		},
		"which die or sum brings the first token in"},
	{"start lanes longer than the board", "pachisi",
		func(r *Rules) { r.Board.Track = 250 },
		func(r *Rules) { r.Board.Track, r.Board.HomeEntry = 222, 229 }, // (RoundAgain: the start square again, rule Y6)
		"are more than 250 squares"},
	{"a start lane with laps, exits or the exposed home", "pachisi",
		func(r *Rules) { r.SixPenalty, r.SixLimit = ExposedHome, 3 },
		func(r *Rules) { r.SixPenalty, r.SixLimit = LastMovedHome, 3 },
		"no source says where a lap begins"},
	{"towers on a board with stars", "brasil",
		func(r *Rules) { r.Board.Stars = OffsetsOf(4) },
		func(r *Rules) { r.Board.Stars, r.Blocks = OffsetsOf(4), BlocksStopOpponents },
		"no source says where a tower jumps"},
	{"towers with P4's room on the start square", "brasil",
		func(r *Rules) { r.EntryCapture = EntryCapturesLast },
		func(r *Rules) { r.EntryCapture, r.Blocks = EntryCapturesLast, BlocksStopAll },
		"rule P4 would capture one token of a tower"},
	{"BreakOnSix without blocks", "parchis1",
		func(r *Rules) { r.Blocks = NoBlocks },
		func(r *Rules) { r.Blocks = BlocksStopOpponents },
		"there is no block to open"},
	{"SquareLimit below StartOut", "parchis1",
		func(r *Rules) { r.StartOut = 3 },
		func(r *Rules) { r.StartOut = 2 },
		"is less than StartOut"},
	{"StartOut sharing a square where own landing is forbidden", "maedn",
		func(r *Rules) { r.StartOut = 2 },
		func(r *Rules) { r.StartOut = 2; r.OwnLanding = OwnLandingAllowed },
		"could not share the start square"},
	{"EntryCapturesLast without SquareLimit", "parchis1",
		func(r *Rules) { r.SquareLimit = 0 },
		func(r *Rules) { r.SquareLimit = 3 },
		"which needs SquareLimit"},
	{"SixEntersTwoOrRuns where 6 does not enter", "fia",
		func(r *Rules) { r.EntryRolls = FacesOf(1) },
		func(r *Rules) { r.EntryRolls = FacesOf(6) },
		"6 does not enter a token"},
	{"SixEntersTwoOrRuns with HomeEntry below 5", "fia",
		func(r *Rules) { r.Board.HomeEntry = 4 },
		func(r *Rules) { r.Board.HomeEntry = 5 },
		"HomeEntry is below 5"},
	{"goal slots too few for the tokens", "maedn",
		func(r *Rules) { r.Board.HomeColumn = 2 },
		func(r *Rules) { r.Board.HomeColumn, r.Tokens = 2, 3 },
		"do not fit the"},
	{"goal slots with a bounce", "maedn",
		func(r *Rules) { r.Finish = BounceFinish },
		func(r *Rules) { r.Finish = AnyRollFinishes },
		"but Finish is BounceFinish"},
	{"home steps with any roll finishing", "cocangua",
		func(r *Rules) { r.Finish = AnyRollFinishes },
		func(r *Rules) { r.Finish = BounceFinish },
		"so Finish must be ExactFinish or BounceFinish"},
	{"home steps bouncing at the gate while going round", "cocangua",
		func(r *Rules) { r.Finish, r.CaptureBeforeHome = BounceFinish, true },
		func(r *Rules) { r.Finish, r.CaptureBeforeHome = ExactFinish, true },
		"no source says whether a token going round bounces at its gate"},
	{"home steps bouncing at the gate back past the start", "cocangua",
		func(r *Rules) { r.Finish, r.Board.HomeEntry = BounceFinish, 4 },
		func(r *Rules) { r.Finish, r.Board.HomeEntry = BounceFinish, 5 },
		"could bounce back past the start square"},
	{"FinishTokens past Tokens", "classic",
		func(r *Rules) { r.Tokens, r.FinishTokens = 2, 3 },
		func(r *Rules) { r.Tokens, r.FinishTokens = 3, 3 },
		"but each player has"},
	{"FinishTokens short of all without FirstWinner", "classic",
		func(r *Rules) { r.FinishTokens = 2 },
		func(r *Rules) { r.FinishTokens, r.End = 2, FirstWinner },
		"so End must be FirstWinner"},
	{"FinishTokens short of all with goal slots", "maedn",
		func(r *Rules) { r.FinishTokens, r.End = 2, FirstWinner },
		func(r *Rules) { r.FinishTokens, r.End = 4, FirstWinner },
		"needs Goal GoalFinish"},
	{"DiceUse with one die", "classic",
		func(r *Rules) { r.DiceUse = LargerDie },
		func(r *Rules) { r.DiceUse, r.TwoDice = LargerDie, true },
		"with one die there is no other to play"},
	{"two dice with a 6 that counts more", "naija",
		func(r *Rules) { r.SixValue = 20 },
		func(r *Rules) { r.SixValue, r.TwoDice = 20, false },
		"each die counts its face"},
	{"two dice with a 6 that enters two", "naija",
		func(r *Rules) { r.SixEntry = SixEntersTwoOrRuns },
		func(r *Rules) { r.SixEntry, r.TwoDice = SixEntersTwoOrRuns, false },
		"a die's 6 enters one token"},
	{"cowries and two dice", "naija",
		func(r *Rules) { r.Cowries = true },
		func(r *Rules) { r.Cowries, r.TwoDice = true, false },
		"one lot of cowries or dice, not both"},
	{"the sum of two dice with one die", "classic",
		func(r *Rules) { r.EntrySum = true },
		func(r *Rules) { r.EntrySum, r.TwoDice = true, true },
		"it is the sum of two dice that enters"},
	{"two colours each with one die", "uckers",
		func(r *Rules) {
			r.Teams, r.TwoDice, r.BonusAnyDie, r.SumMoves, r.DiceUse = TwoColorsEach, false, false, false, EitherDie
		},
		func(r *Rules) { r.Teams = TwoColorsEach },
		"two players each run two colours with two dice"},
	{"two colours each on six arms", "parchis6d",
		func(r *Rules) { r.Teams = TwoColorsEach },
		func(r *Rules) { r.Teams, r.Players = TwoColorsEach, 4 },
		"four colours in all"},
	{"a bonus face on either die with one die", "classic",
		func(r *Rules) { r.BonusAnyDie = true },
		func(r *Rules) { r.BonusAnyDie, r.TwoDice = true, true },
		"it is about the faces of either die"},
	{"the sum of two dice as one move with one die", "classic",
		func(r *Rules) { r.SumMoves = true },
		func(r *Rules) { r.SumMoves, r.TwoDice = true, true },
		"it is the sum of two dice that a token moves"},
	{"the sum of two dice as one move with tops and bottoms", "parcheesi",
		func(r *Rules) { r.SumMoves = true },
		func(r *Rules) { r.SumMoves, r.TopsAndBottoms = true, false },
		"no source says which of them add up"},
	{"tops and bottoms with one die", "classic",
		func(r *Rules) { r.TopsAndBottoms = true },
		func(r *Rules) { r.TopsAndBottoms, r.TwoDice = true, true },
		"the bottoms are the faces under a double"},
	{"tops and bottoms with the mover sent home", "naija",
		func(r *Rules) { r.TopsAndBottoms, r.MultiCapture = true, CaptureMover },
		func(r *Rules) { r.TopsAndBottoms = true },
		"could send a token home during it"},
	{"a double splitting blocks without blocks", "naija",
		func(r *Rules) { r.DoublesSplitBlocks = true },
		func(r *Rules) { r.DoublesSplitBlocks, r.Blocks = true, BlocksStopAll },
		"it keeps a double from moving a block on whole"},
	{"a double splitting blocks with the turn undone", "parcheesi",
		func(r *Rules) { r.SixPenalty = UndoTurn },
		func(r *Rules) { r.SixPenalty = LastMovedHome },
		"the State keeps where one throw began"},
	{"guarded exits with no square limit", "brasilpuc",
		func(r *Rules) { r.SquareLimit = 0 },
		func(r *Rules) { r.SquareLimit = 3 },
		"it says who may share a start square"},
	{"guarded exits with unsafe start squares", "brasilpuc",
		func(r *Rules) { r.Board.Safe = OffsetsOf(9) },
		func(r *Rules) { r.Board.Safe, r.GuardedExits = OffsetsOf(9), false },
		"it says who may share a start square"},
	{"guarded exits with two tokens out", "brasilpuc",
		func(r *Rules) { r.StartOut = 2 },
		func(r *Rules) { r.StartOut = 0 },
		"StartOut may be at most 1"},
	{"guarded exits with a 6 entering two", "brasilpuc",
		func(r *Rules) { r.SixEntry, r.EntryRolls = SixEntersTwoOrRuns, FacesOf(5, 6) },
		func(r *Rules) { r.EntryRolls = FacesOf(5, 6) },
		"SixEntry not SixEntersTwoOrRuns"},
	{"two dice with a duty to capture", "naija",
		func(r *Rules) { r.CaptureDuty = CaptureCompulsory },
		func(r *Rules) { r.CaptureDuty, r.TwoDice = CaptureCompulsory, false },
		"a duty to capture over both dice is not played yet"},
	{"a retiring capture on a board with stars", "danish",
		func(r *Rules) { r.CaptureRetires = true },
		func(r *Rules) { r.CaptureRetires, r.Board.Stars = true, 0 },
		"no source says whether a capturer on a star retires"},
	{"a retiring capture with goal slots", "maedn",
		func(r *Rules) { r.CaptureRetires = true },
		func(r *Rules) { r.CaptureRetires, r.Goal, r.HomeSteps = true, GoalFinish, false },
		"under GoalSlots the finish holds one token"},
	{"SixValueAlways with a 6 that counts 6", "eilemitweile",
		func(r *Rules) { r.SixValue = 6 },
		func(r *Rules) { r.SixValue = 7 },
		"SixValueAlways makes a 6 count SixValue"},
	{"capture by passing with a retiring capture", "eilemitweile",
		func(r *Rules) { r.CaptureRetires = true },
		func(r *Rules) { r.CaptureRetires, r.Overtake = true, OvertakeAll },
		"no source says what a token that captures by passing does there"},
	{"steps with a throw that has no 1", "petitschevaux",
		func(r *Rules) { r.Cowries = true },
		func(r *Rules) { r.Cowries, r.HomeSteps, r.Finish = true, false, ExactFinish },
		"HomeSteps climbs square k on a face of k"},
	{"capture by passing up a staircase of steps", "eilemitweile",
		func(r *Rules) { r.HomeSteps, r.Board.HomeColumn = true, 5 },
		func(r *Rules) { r.HomeSteps, r.Board.HomeColumn, r.Overtake = true, 5, OvertakeAll },
		"no source says what a token that captures by passing does there"},
	{"capture by passing with a landing that sends the mover home", "eilemitweile",
		func(r *Rules) { r.SafeSquares = SafeMoverHome },
		func(r *Rules) { r.SafeSquares = SafeExclusive },
		"no source says whether what it passed stays captured"},
	{"towers together without towers", "classic",
		func(r *Rules) { r.TowersTogether = true },
		func(r *Rules) { r.TowersTogether, r.Blocks, r.SquareLimit = true, BlocksTowers, 2 },
		"it moves a tower's two tokens together"},
	{"towers together with goal slots", "brasil",
		func(r *Rules) { r.TowersTogether, r.Goal, r.Finish = true, GoalSlots, ExactFinish },
		func(r *Rules) { r.Goal, r.Finish = GoalSlots, ExactFinish },
		"no source says where a tower moving whole goes there"},
	{"round again where the home entry is not before the start square", "classic",
		func(r *Rules) { r.RoundAgain = true },
		func(r *Rules) { r.RoundAgain, r.Board.HomeEntry = true, 51 },
		"the square before the start square"},
	{"round again with capture before home", "classic",
		func(r *Rules) { r.RoundAgain, r.Board.HomeEntry, r.CaptureBeforeHome = true, 51, true },
		func(r *Rules) { r.RoundAgain, r.Board.HomeEntry = true, 51 },
		"how a token that chose to go round again goes on there"},
	{"declining with a 6 that enters two", "classic",
		func(r *Rules) { r.Decline, r.SixEntry = true, SixEntersTwoOrRuns },
		func(r *Rules) { r.Decline = true },
		"the State keeps no room for a second entry move beside them"},
}

// Every contradiction Rules.problem lists is refused by Validate, New,
// ParseRules and the JSON decoder, with an error matching
// ErrInvalidRules; the close variant is accepted. And every case of
// Rules.problem's list of contradictions is one of these.
func TestOptionConflicts(t *testing.T) {
	for _, c := range tabConflicts {
		t.Run(c.name, func(t *testing.T) {
			base, ok := Preset(c.base)
			require.True(t, ok)
			bad, good := base, base
			c.refused(&bad)
			c.accepted(&good)
			err := bad.Validate()
			require.ErrorIs(t, err, ErrInvalidRules)
			assert.Contains(t, err.Error(), c.msg)
			_, err = New(bad)
			assert.ErrorIs(t, err, ErrInvalidRules)
			if bad.Preset == c.base {
				_, err = ParseRules(bad.String())
				require.ErrorIs(t, err, ErrInvalidRules, bad.String())
				assert.Contains(t, err.Error(), c.msg)
				var got Rules
				err = json.Unmarshal(tabRulesJSON(bad), &got)
				require.ErrorIs(t, err, ErrInvalidRules)
				assert.Contains(t, err.Error(), c.msg)
			}

			require.NoError(t, good.Validate(), good.String())
			_, err = New(good)
			require.NoError(t, err)
			tabRoundTrip(t, good)
		})
	}

	// Every case of the switches of contradictions that problem asks
	// (validate.go: shapeProblem, homeProblem, diceProblem,
	// choicesProblem) has a conflict above whose message holds the
	// longest piece of its text.
	src, err := os.ReadFile("validate.go")
	require.NoError(t, err)
	var cases [][]string
	for _, fn := range []string{"shapeProblem", "homeProblem", "diceProblem", "choicesProblem"} {
		body := string(src)
		start := strings.Index(body, "func (r Rules) "+fn+"(")
		require.Positive(t, start, fn)
		body = body[start:]
		body = body[:strings.Index(body, "\n}\n")]
		sw := strings.LastIndex(body, "\tswitch {")
		require.Positive(t, sw, fn)
		found := regexp.MustCompile(`(?m)^\tcase [^\n]*\n\t\treturn (?:fmt\.Sprintf\()?"((?:[^"\\]|\\.)*)"`).FindAllStringSubmatch(body[sw:], -1)
		require.Len(t, found, strings.Count(body[sw:], "\n\tcase "), "every case of %s's switch returns a message this test reads", fn)
		cases = append(cases, found...)
	}
	require.GreaterOrEqual(t, len(cases), 20, "the contradictions of Rules.problem")
	var msgs []string
	for _, c := range tabConflicts {
		bad, _ := Preset(c.base)
		c.refused(&bad)
		msgs = append(msgs, bad.Validate().Error())
	}
	verb := regexp.MustCompile(`%[-+# 0-9.]*[a-zA-Z]`)
	for _, m := range cases {
		pieces := verb.Split(strings.ReplaceAll(m[1], `\"`, `"`), -1)
		longest := slices.MaxFunc(pieces, func(a, b string) int { return len(a) - len(b) })
		assert.True(t, slices.ContainsFunc(msgs, func(msg string) bool { return strings.Contains(msg, longest) }),
			"no conflict test gives the message of %q", m[1])
	}
}

// Presets lists names that Preset resolves, in any case; each preset
// validates, plays, is named by its own Preset field, and its text is its
// bare name; Classic and Mongolian are two of them.
func TestPresetsList(t *testing.T) {
	names := Presets()
	require.Len(t, names, len(presets))
	assert.Equal(t, []string{"classic", "mongolian", "ludoking", "ludoking6", "maedn", "maedn6", "danish",
		"parchis1", "parchis6", "fia", "cocangua", "naija", "parcheesi", "parchis", "parchis6d", "uckers", "chinczyk", "nontiarrabbiare", "brasilpuc", "brasil", "eilemitweile", "petitschevaux", "pachisi"}, names)
	seen := map[string]bool{}
	var values []Rules
	for _, name := range names {
		assert.False(t, seen[name], "%s listed twice", name)
		seen[name] = true
		r, ok := Preset(name)
		require.True(t, ok, name)
		assert.Equal(t, name, r.Preset)
		require.NoError(t, r.Validate(), name)
		assert.Equal(t, name, r.String())
		text, err := r.MarshalText()
		require.NoError(t, err)
		assert.Equal(t, name, string(text))
		upper, ok := Preset(strings.ToUpper(name))
		assert.True(t, ok)
		assert.Equal(t, r, upper)
		fromText, err := ParseRules(strings.ToUpper(name))
		require.NoError(t, err)
		assert.Equal(t, r, fromText)
		tabRoundTrip(t, r)
		s, err := New(r)
		require.NoError(t, err)
		assert.Equal(t, r.Players, s.Players().Len())
		assert.NotContains(t, values, r, "%s is the same rules as another preset", name)
		values = append(values, r)
	}
	assert.Equal(t, Classic(), values[0])
	assert.Equal(t, Mongolian(), values[1])
	for _, six := range []string{"ludoking6", "maedn6", "parchis6", "parchis6d"} {
		r, _ := Preset(six)
		four, _ := Preset(map[string]string{"ludoking6": "ludoking", "maedn6": "maedn", "parchis6": "parchis1", "parchis6d": "parchis"}[six])
		assert.Equal(t, 6, r.Board.Arms, six)
		assert.Equal(t, 6, r.Players, six)
		// The same arm six times: the home entry is as far before the
		// start square as on four arms.
		assert.Equal(t, r.Board.Track-four.Board.Track, r.Board.HomeEntry-four.Board.HomeEntry, six)
		r.Preset, r.Board.Arms, r.Board.Track, r.Board.HomeEntry, r.Players = four.Preset, four.Board.Arms, four.Board.Track, four.Board.HomeEntry, four.Players
		assert.Equal(t, four, r, "%s is its four-arm preset on six arms", six)
	}
	// "parchis" is the two-dice game (rules E1-E5); the one-die game is
	// parchis1, with the same board.
	two, ok := Preset("parchis")
	require.True(t, ok)
	one, _ := Preset("parchis1")
	assert.True(t, two.TwoDice, "parchis throws two dice (rule W1)")
	assert.Equal(t, one.Board, two.Board)
	_, ok = Preset("parchis2")
	assert.False(t, ok)
	err := Rules{Preset: "Classic "}.Validate()
	assert.True(t, errors.Is(err, ErrInvalidRules))
}
