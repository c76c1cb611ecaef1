package ludo_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ludorules/ludo"
)

func TestRulesJSON(t *testing.T) {
	for _, r := range variants() {
		data, err := json.Marshal(r)
		require.NoError(t, err)
		var back ludo.Rules
		require.NoError(t, json.Unmarshal(data, &back), string(data))
		assert.Equal(t, r, back, string(data))
	}
	r := ludo.Classic()
	r.Players = 2
	data, err := json.Marshal(r)
	require.NoError(t, err)
	assert.JSONEq(t, `{"Preset":"classic","Arms":4,"Track":52,"StartSpacing":13,"HomeEntry":50,"HomeColumn":5,"StartLane":0,
		"Safe":[],"Stars":[],"Players":2,"Teams":"NoTeams","Tokens":4,"StartOut":0,"TwoDice":false,"Cowries":false,"DiceUse":"EitherDie",
		"EntrySum":false,"BonusAnyDie":false,"SumMoves":false,"DoublesSplitBlocks":false,"TopsAndBottoms":false,"EntryRolls":[6],
		"SixEntry":"SixEntersOne","FirstEntryAny":false,"EntryCompulsory":false,"ClearStart":false,"Tries":1,"BonusRolls":[6],
		"SixLimit":3,"SixPenalty":"VoidRoll","NoMoveForfeitsBonus":false,"SixValue":6,"SixValueAlways":false,
		"CaptureBonus":"none","HomeBonus":"none","Blocks":"NoBlocks","BreakOnSix":false,"SquareLimit":0,
		"OwnLanding":"OwnLandingAllowed","MultiCapture":"CaptureAll","SafeSquares":"SafeShare",
		"EntryCapture":"EntryLands","GuardedExits":false,"CaptureDuty":"CaptureOptional","CaptureBeforeHome":false,
		"CaptureRetires":false,"Overtake":"OvertakeAll","HomeJumps":"HomeJumpsAllowed","Finish":"ExactFinish","Goal":"GoalFinish",
		"HomeSteps":false,"FinishTokens":0,"End":"PlayForAllPlaces","TowersTogether":false,"RoundAgain":false,"Decline":false}`, string(data))

	// Left-out options are the preset's; names in any case.
	var got ludo.Rules
	require.NoError(t, json.Unmarshal([]byte(`{"preset":"Mongolian","players":2,"seats":["green","b"],"finish":"bouncefinish","homecolumn":6,"capturebonus":"roll"}`), &got))
	want := ludo.Mongolian()
	want.Players, want.Seats, want.Finish, want.Board.HomeColumn = 2, ludo.ColorsOf(ludo.Green, ludo.Blue), ludo.BounceFinish, 6
	want.CaptureBonus = ludo.BonusRoll
	assert.Equal(t, want, got)
	require.NoError(t, json.Unmarshal([]byte(`{}`), &got))
	assert.Equal(t, ludo.Classic(), got)

	// null is no change; the zero Rules is null; invalid rules do not marshal.
	require.NoError(t, json.Unmarshal([]byte(`null`), &got))
	assert.Equal(t, ludo.Classic(), got)
	data, err = json.Marshal(ludo.Rules{})
	require.NoError(t, err)
	assert.Equal(t, "null", string(data))
	r.Tokens = 9
	_, err = json.Marshal(r)
	assert.ErrorIs(t, err, ludo.ErrInvalidRules)
}

// jsonErrorCase is bad JSON and the error it should give.
type jsonErrorCase struct {
	in, path string
	is       error
	msg      string
}

func checkJSONError(t *testing.T, c jsonErrorCase, err error) {
	t.Helper()
	require.Error(t, err, c.in)
	var pe *ludo.ParseError
	require.ErrorAs(t, err, &pe, c.in)
	assert.Equal(t, c.path, pe.Path, "path of %s: %v", c.in, err)
	assert.ErrorIs(t, err, c.is, c.in)
	assert.Contains(t, err.Error(), c.msg, c.in)
}

func TestRulesJSONErrors(t *testing.T) {
	syn := ludo.ErrSyntax
	for _, c := range []jsonErrorCase{
		{`{"Players":9}`, "", ludo.ErrInvalidRules, "ludo: invalid rules: Players is 9"},
		{`{"Colour":"red"}`, "", syn, `unknown field "Colour"`},
		{`{"Players":"two"}`, "Players", syn, "want a whole number, not string"},
		{`{"Players":2.5}`, "Players", syn, "want a whole number"},
		{`{"Track":true}`, "Track", syn, "want a whole number, not bool"},
		{`{"Board":{"Track":52}}`, "", syn, `unknown field "Board"`},
		{`{"CaptureBonus":"lots"}`, "CaptureBonus", syn, `"lots" is not a bonus`},
		{`{"Safe":[64]}`, "Safe[0]", syn, "is not an offset"},
		{`{"Preset":"chess"}`, "Preset", syn, `unknown preset "chess"`},
		{`{"Seats":["red","pink"]}`, "Seats[1]", syn, `"pink" is not a colour`},
		{`{"Seats":["red","red"]}`, "Seats[1]", syn, "red given twice"},
		{`{"Seats":"red"}`, "Seats", syn, "want a list, not string"},
		{`{"EntryRolls":[0]}`, "EntryRolls[0]", syn, "0 is not a face 1 to 63"},
		{`{"BonusRolls":[6,6]}`, "BonusRolls[1]", syn, "face 6 given twice"},
		{`{"Blocks":"Sometimes"}`, "Blocks", syn, "not one of NoBlocks, BlocksStopOpponents, BlocksStopAll, BlocksTowers, BlocksOnSafe"},
		{`{"End":3}`, "End", syn, "want a string, not number"},
		{`{"NoMoveForfeitsBonus":"yes"}`, "NoMoveForfeitsBonus", syn, "want true or false"},
		{`[1]`, "", syn, "want an object, not array"},
	} {
		r := ludo.Mongolian()
		err := json.Unmarshal([]byte(c.in), &r)
		checkJSONError(t, c, err)
		assert.Equal(t, ludo.Mongolian(), r, "unchanged after %s", c.in)
	}
	// Called directly, UnmarshalJSON checks the JSON itself.
	r := ludo.Mongolian()
	err := r.UnmarshalJSON([]byte("{\n  \"Players\": 2,,\n}"))
	var pe *ludo.ParseError
	require.ErrorAs(t, err, &pe)
	assert.Equal(t, [2]int{2, 16}, [2]int{pe.Line, pe.Col})
	assert.ErrorIs(t, err, ludo.ErrSyntax)
	assert.Error(t, r.UnmarshalJSON([]byte(`{} {}`)))
	assert.Equal(t, ludo.Mongolian(), r)
}

func TestStateJSON(t *testing.T) {
	s := ludo.MustParsePosition(`rules mongolian{Players:2 SixPenalty:UndoTurn}
red 10 yard home3 finish
yellow @20 @20
die 6
sixes 2
undo red 4 yard home3 finish`)
	data, err := json.Marshal(s)
	require.NoError(t, err)
	assert.Contains(t, string(data), `"Tokens":{"red":[10,-1,53,56],"yellow":[45,45,-1,-1]},"Turn":"red","Die":6,"Sixes":2,"Undo":{"red":[4,-1,53,56]}}`)
	checkPositionRoundTrip(t, s)

	// Left out: the defaults of the text form.
	var got ludo.State
	require.NoError(t, json.Unmarshal([]byte(`{"Rules":{"Preset":"classic"}}`), &got))
	start, _ := ludo.New(ludo.Classic())
	assert.Equal(t, start, got)
	require.NoError(t, json.Unmarshal([]byte(`{"Rules":{"Preset":"mongolian","Players":2},"tokens":{"red":[10,-1,53,56],"yellow":[45,45]},"die":6}`), &got))
	assert.Equal(t, ludo.MustParsePosition("rules mongolian{Players:2}\nred 10 yard home3 finish\nyellow @20 @20\ndie 6"), got)

	data, err = json.Marshal(ludo.State{})
	require.NoError(t, err)
	assert.Equal(t, "null", string(data))
	require.NoError(t, json.Unmarshal([]byte("null"), &got))
	assert.NotEqual(t, ludo.State{}, got, "null leaves the State alone")
}

// JSON input is checked by the same code as text: the same mistakes give
// the same messages.
func TestStateJSONErrorsMatchText(t *testing.T) {
	for _, c := range []struct {
		text string
		json string
		path string
	}{
		{"rules classic\nred 57", `{"Rules":{},"Tokens":{"red":[57]}}`, "Tokens.red[0]"},
		{"rules classic\nred 0 0 0 0 0", `{"Rules":{},"Tokens":{"red":[0,0,0,0,0]}}`, "Tokens.red[4]"},
		{"rules classic\nred 13\ngreen 0", `{"Rules":{},"Tokens":{"red":[13],"green":[0]}}`, "Tokens.green[0]"},
		{"rules classic{Players:2}\ngreen 0", `{"Rules":{"Players":2},"Tokens":{"green":[0]}}`, "Tokens.green"},
		{"rules classic{Players:2}\nturn green", `{"Rules":{"Players":2},"Turn":"green"}`, "Turn"},
		{"rules classic\ndie 7", `{"Rules":{},"Die":7}`, "Die"},
		{"rules classic\ndie 6\nsixes 0", `{"Rules":{},"Die":6,"Sixes":0}`, "Sixes"},
		{"rules classic\nsixes 3", `{"Rules":{},"Sixes":3}`, "Sixes"},
		{"rules classic\nred finish finish finish finish", `{"Rules":{},"Tokens":{"red":[56,56,56,56]}}`, "Tokens.red"},
		{"rules classic\nranking red", `{"Rules":{},"Ranking":["red"]}`, "Ranking[0]"},
		{"rules classic\nundo red 5", `{"Rules":{},"Undo":{"red":[5]}}`, "Undo.red"},
		{"rules classic{Players:9}", `{"Rules":{"Players":9}}`, "Rules"},
		{"rules classic\nranking" + strings.Repeat(" red", ludo.MaxPlayers+1), `{"Rules":{},"Ranking":["red"` + strings.Repeat(`,"red"`, ludo.MaxPlayers) + `]}`, fmt.Sprintf("Ranking[%d]", ludo.MaxPlayers)},
		{"rules classic\nundo red" + strings.Repeat(" 0", ludo.MaxTokens+1), `{"Rules":{},"Undo":{"red":[0` + strings.Repeat(",0", ludo.MaxTokens) + `]}}`, fmt.Sprintf("Undo.red[%d]", ludo.MaxTokens)},
	} {
		_, textErr := ludo.ParsePosition(c.text)
		var fromText *ludo.ParseError
		require.ErrorAs(t, textErr, &fromText, c.text)

		before := ludo.MustParsePosition("rules mongolian\nred 5")
		s := before
		jsonErr := json.Unmarshal([]byte(c.json), &s)
		var fromJSON *ludo.ParseError
		require.ErrorAs(t, jsonErr, &fromJSON, c.json)
		assert.Equal(t, fromText.Msg, fromJSON.Msg, c.json)
		assert.Equal(t, c.path, fromJSON.Path, c.json)
		assert.Equal(t, fromText.Err, fromJSON.Err, c.json)
		assert.Equal(t, before, s, "unchanged after %s", c.json)
	}
	for _, c := range []jsonErrorCase{
		{`{}`, "Rules", ludo.ErrSyntax, "no rules"},
		{`{"Rules":null}`, "Rules", ludo.ErrSyntax, "no rules"},
		{`{"Rules":{},"Tokens":{"pink":[1]}}`, "Tokens", ludo.ErrSyntax, `"pink" is not a colour`},
		{`{"Rules":{},"Tokens":{"red":[1],"r":[2]}}`, "Tokens", ludo.ErrSyntax, "red given twice"},
		{`{"Rules":{},"Tokens":{"red":[1.5]}}`, "Tokens", ludo.ErrSyntax, "want a whole number"},
		{`{"Rules":{},"Tokens":[]}`, "Tokens", ludo.ErrSyntax, "want an object, not array"},
		{`{"Rules":{},"Turn":"pink"}`, "Turn", ludo.ErrSyntax, `"pink" is not a colour`},
		{`{"Rules":{},"Ranking":["pink"]}`, "Ranking[0]", ludo.ErrSyntax, `"pink" is not a colour`},
		{`{"Rules":{"Foo":1}}`, "Rules", ludo.ErrSyntax, `unknown field "Foo"`},
		{`{"Rules":{"Track":"x"}}`, "Rules.Track", ludo.ErrSyntax, "want a whole number"},
		{`{"Rules":{},"Phase":"roll"}`, "", ludo.ErrSyntax, `unknown field "Phase"`},
	} {
		var s ludo.State
		checkJSONError(t, c, json.Unmarshal([]byte(c.in), &s))
		assert.Equal(t, ludo.State{}, s)
	}
}

func TestRecordJSON(t *testing.T) {
	start := ludo.MustParsePosition("rules mongolian{Players:2 Seats:{red green}}\nred 10\ngreen 0 0 5")
	rec := ludo.NewRecord(start)
	rec.Names[ludo.Green] = "Bob"
	rec.Plies = []ludo.Ply{{Player: ludo.Red, Face: 2, Move: "0: 10-12"}, {Player: ludo.Green, Face: 3, Move: "2"}}
	data, err := json.Marshal(rec)
	require.NoError(t, err)
	assert.True(t, strings.HasSuffix(string(data), `"Names":{"green":"Bob"},"Plies":[{"Player":"red","Face":2,"Move":"0: 10-12"},{"Player":"green","Face":3,"Move":"2"}]}`), string(data))
	checkRecordRoundTrip(t, rec)

	startJSON, _ := json.Marshal(start)
	for _, c := range []jsonErrorCase{
		{`{"Plies":[]}`, "Start", ludo.ErrSyntax, "no start position"},
		{`{"Start":{"Rules":{},"Die":3}}`, "Start.Die", ludo.ErrInvalidSetup, "a record starts with a roll due"},
		{`{"Start":{"Rules":{},"Tokens":{"red":[99]}}}`, "Start.Tokens.red[0]", ludo.ErrInvalidSetup, "progress 99"},
		{`{"Start":{"Rules":{"Players":9}}}`, "Start.Rules", ludo.ErrInvalidRules, "Players is 9"},
		{`{"Start":` + string(startJSON) + `,"Names":{"blue":"Eve"}}`, "Names.blue", ludo.ErrInvalidSetup, "blue does not play"},
		{`{"Start":` + string(startJSON) + `,"Names":{"pink":"Eve"}}`, "Names", ludo.ErrSyntax, `"pink" is not a colour`},
		{`{"Start":` + string(startJSON) + `,"Names":{"red":"Al","R":"Bo"}}`, "Names", ludo.ErrSyntax, "red given twice"},
		{`{"Start":` + string(startJSON) + `,"Names":["Al"]}`, "Names", ludo.ErrSyntax, "want an object, not array"},
		{`{"Start":` + string(startJSON) + `,"Plies":[{"Player":"pink","Face":1,"Move":"pass"}]}`, "Plies[0].Player", ludo.ErrSyntax, "not a colour"},
		{`{"Start":` + string(startJSON) + `,"Plies":[{"Player":"blue","Face":1,"Move":"pass"}]}`, "Plies[0].Player", ludo.ErrInvalidSetup, "blue does not play"},
		{`{"Start":` + string(startJSON) + `,"Plies":[{"Player":"red","Face":7,"Move":"pass"}]}`, "Plies[0].Face", ludo.ErrBadFace, "face 7"},
		{`{"Start":` + string(startJSON) + `,"Plies":[{"Player":"red","Face":1,"Move":"jump"}]}`, "Plies[0].Move", ludo.ErrSyntax, `"jump" is not a move`},
		{`{"Start":` + string(startJSON) + `,"Plies":[{"Player":"red","Face":1,"Move":"green 1"}]}`, "Plies[0].Move", ludo.ErrSyntax, "the move is green's"},
		{`{"Start":` + string(startJSON) + `,"Seed":-1}`, "Seed", ludo.ErrSyntax, "want a whole number 0 or more"},
		{`{"Start":` + string(startJSON) + `,"Moves":[]}`, "", ludo.ErrSyntax, `unknown field "Moves"`},
	} {
		got := *rec
		checkJSONError(t, c, json.Unmarshal([]byte(c.in), &got))
		assert.Equal(t, *rec, got, "unchanged after %s", c.in)
	}
	got := *rec
	require.NoError(t, json.Unmarshal([]byte("null"), &got))
	assert.Equal(t, *rec, got)

	// Names are by colour, named as Tokens are: initials too, any case;
	// an empty name is none.
	require.NoError(t, json.Unmarshal([]byte(`{"Start":`+string(startJSON)+`,"Names":{"R":"Al","blue":""}}`), &got))
	assert.Equal(t, [ludo.MaxPlayers]string{ludo.Red: "Al"}, got.Names)
}

// As the text refuses a second line for a key, the JSON decoders refuse a
// key given twice in an object, in any case and however escaped (as
// encoding/json matches keys to fields), at any depth, rules included.
func TestJSONDuplicateKeys(t *testing.T) {
	start, err := json.Marshal(ludo.MustParsePosition("rules classic\nred 0"))
	require.NoError(t, err)
	syn := ludo.ErrSyntax
	for _, c := range []struct {
		value func(string) error
		c     jsonErrorCase
	}{
		{rulesValue, jsonErrorCase{`{"Players":2,"Players":3}`, "", syn, `key "Players" given twice`}},
		{rulesValue, jsonErrorCase{`{"Players":2,"players":2}`, "", syn, `key "players" given twice`}},
		{rulesValue, jsonErrorCase{`{"Board":{"Track":52,"TRACK":52}}`, "Board", syn, `key "TRACK" given twice`}},
		{stateValue, jsonErrorCase{`{"Rules":{},"Turn":"red","Tu\u0072n":"red"}`, "", syn, `key "Turn" given twice`}},
		{stateValue, jsonErrorCase{`{"Rules":{"Players":2,"Players":2}}`, "Rules", syn, `key "Players" given twice`}},
		{stateValue, jsonErrorCase{`{"Rules":{},"Tokens":{"red":[1],"red":[2]}}`, "Tokens", syn, `key "red" given twice`}},
		{stateValue, jsonErrorCase{`{"Rules":{},"Rules":{}}`, "", syn, `key "Rules" given twice`}},
		{recordValue, jsonErrorCase{`{"Start":` + string(start) + `,"Names":{"red":"A","red":"B"}}`, "Names", syn, `key "red" given twice`}},
		{recordValue, jsonErrorCase{`{"Start":` + string(start) + `,"Plies":[{"Player":"red","Face":6,"Face":5,"Move":"0"}]}`, "Plies[0]", syn, `key "Face" given twice`}},
		{recordValue, jsonErrorCase{`{"Start":{"Rules":{},"Die":1,"Die":2}}`, "Start", syn, `key "Die" given twice`}},
	} {
		checkJSONError(t, c.c, c.value(c.c.in))
	}
	// Inside a value of the caller's, the decoders see only their own
	// value: the path starts there.
	var v struct{ S ludo.State }
	checkJSONError(t, jsonErrorCase{"nested", "", syn, `key "Turn" given twice`},
		json.Unmarshal([]byte(`{"S":{"Rules":{},"Turn":"red","Turn":"red"}}`), &v))
	// Keys that differ are not the same key, however alike.
	require.NoError(t, stateValue(`{"Rules":{"Players":2},"Tokens":{"red":[1]},"Turn":"red","Ranking":[]}`))
}

func recordValue(s string) error { var v ludo.Record; return json.Unmarshal([]byte(s), &v) }

// Malformed JSON given to the decoders' UnmarshalJSON is a *ParseError
// matching ErrSyntax with the line and column of the mistake, as the docs
// say; through json.Unmarshal, encoding/json finds it first and returns
// its own *json.SyntaxError.
func TestJSONSyntaxErrors(t *testing.T) {
	for _, c := range []struct {
		in        string
		line, col int
	}{
		{"{\n  \"Rules\": {},,\n}", 2, 15},
		{`{"Rules":{}} {}`, 1, 14},
		{`{"Rules":{}`, 1, 12},
		{"", 1, 1},
		{`{"Rules":{},"Turn":"red}`, 1, 25},
		{`[1,2`, 1, 5},
	} {
		for _, value := range []json.Unmarshaler{&ludo.State{}, &ludo.Record{}, &ludo.Rules{}} {
			err := value.UnmarshalJSON([]byte(c.in))
			var pe *ludo.ParseError
			require.ErrorAs(t, err, &pe, "%T %q", value, c.in)
			assert.ErrorIs(t, err, ludo.ErrSyntax, c.in)
			assert.Equal(t, [2]int{c.line, c.col}, [2]int{pe.Line, pe.Col}, "%T %q: %v", value, c.in, err)
			assert.Equal(t, "", pe.Path, c.in)
			assert.Contains(t, err.Error(), "not JSON: ", c.in)

			var syn *json.SyntaxError
			assert.ErrorAs(t, json.Unmarshal([]byte(c.in), value), &syn, c.in)
		}
	}
}

// Rule T3: a record's ply that moves the player's other colour reads back
// from JSON as from text.
func TestRecordJSONTwoColoursEach(t *testing.T) {
	start := ludo.MustParsePosition("rules uckers{Teams:TwoColorsEach}\nred 10\nyellow 20\n")
	s, err := start.RollDice(2, 3)
	require.NoError(t, err)
	m, err := ludo.ParseMove(s, "yellow 0: 20-22")
	require.NoError(t, err)
	rec := ludo.NewRecord(start)
	require.NoError(t, rec.AddMove(s, m))
	data, err := json.Marshal(rec)
	require.NoError(t, err)
	var back ludo.Record
	require.NoError(t, json.Unmarshal(data, &back))
	require.Equal(t, rec.Plies, back.Plies)
	_, err = back.Replay()
	require.NoError(t, err)
	fromText, err := ludo.ParseRecord(rec.String())
	require.NoError(t, err)
	require.Equal(t, rec.Plies, fromText.Plies)
}
