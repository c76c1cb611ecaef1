package ludo_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/ludorules/ludo"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Values outside what they can be say so when printed, rather than print
// as a valid value.
func TestInvalidValuesSayTheyAreInvalid(t *testing.T) {
	for _, sq := range []ludo.Square{
		ludo.TrackSquare(-3), ludo.TrackSquare(0), ludo.TrackSquare(9999), ludo.TrackSquare(256),
		ludo.HomeSquare(ludo.Red, 0), ludo.HomeSquare(ludo.Color(9), 3), ludo.YardOf(ludo.Color(9)), ludo.FinishOf(ludo.Color(6)),
		ludo.Ludo52().Square(ludo.Color(9), 3), ludo.Ludo52().Square(ludo.Purple, 3), ludo.Board{}.Square(ludo.Color(200), 0),
	} {
		assert.False(t, sq.IsValid(), "%#v", sq)
		assert.Equal(t, "invalid square", sq.String())
		_, err := sq.MarshalText()
		assert.Error(t, err)
		_, ok := ludo.Ludo52().Progress(ludo.Red, sq)
		assert.False(t, ok)
	}
	for _, sq := range []ludo.Square{ludo.TrackSquare(1), ludo.TrackSquare(255), ludo.HomeSquare(ludo.Orange, 5), ludo.YardOf(ludo.Red), ludo.FinishOf(ludo.Orange), ludo.Ludo52().Square(ludo.Blue, 3), {}} {
		assert.True(t, sq.IsValid(), "%v", sq)
	}
	assert.Equal(t, 0, ludo.Ludo52().StartSquare(ludo.Color(9)), "a colour the board does not seat has no start square")
	assert.Equal(t, 0, ludo.Ludo52().StartSquare(ludo.Purple))
	assert.Equal(t, 40, ludo.Ludo52().StartSquare(ludo.Blue))
	assert.Equal(t, "color(9)", ludo.Color(9).String())
}

// fmt prints a nil *Record as "<nil>", and a Record value as its text,
// as it prints a *Record.
func TestNilRecord(t *testing.T) {
	var rec *ludo.Record
	assert.Equal(t, "<nil>", fmt.Sprint(rec))
	// A Record value prints its text, as a *Record does.
	start, err := ludo.New(ludo.Classic())
	require.NoError(t, err)
	p := ludo.NewRecord(start)
	assert.Equal(t, p.String(), fmt.Sprint(*p))
	assert.Equal(t, p.String(), fmt.Sprint(p))
	assert.Contains(t, fmt.Sprint(*p), "rules   classic")
}

// Rules without a preset's options get an error that says what to do;
// the text and JSON forms, which fill the preset in, agree with
// ludo.Preset.
func TestRulesWithOnlyAPreset(t *testing.T) {
	_, err := ludo.New(ludo.Rules{Preset: "classic"})
	require.ErrorIs(t, err, ludo.ErrInvalidRules)
	assert.Contains(t, err.Error(), `start from ludo.Preset("classic")`)
	want, _ := ludo.Preset("mongolian")
	want.Players = 2
	var fromJSON ludo.Rules
	require.NoError(t, json.Unmarshal([]byte(`{"Preset":"mongolian","Players":2}`), &fromJSON))
	fromText, err := ludo.ParseRules("mongolian{Players:2}")
	require.NoError(t, err)
	assert.Equal(t, want, fromJSON)
	assert.Equal(t, want, fromText)
}

// A State's and a Record's JSON take their rules in the text form too, as
// Rules' JSON does; an error in them is placed at the field.
func TestRulesTextInStateAndRecordJSON(t *testing.T) {
	var s ludo.State
	require.NoError(t, json.Unmarshal([]byte(`{"Rules":"mongolian{Players:2}"}`), &s))
	want, _ := ludo.ParseRules("mongolian{Players:2}")
	assert.Equal(t, want, s.Rules())
	var rec ludo.Record
	require.NoError(t, json.Unmarshal([]byte(`{"Start":{"Rules":"maedn"},"Plies":[]}`), &rec))
	assert.Equal(t, "maedn", rec.Start.Rules().Preset)

	err := json.Unmarshal([]byte(`{"Rules":"mongolian{Players:9}"}`), &s)
	require.ErrorIs(t, err, ludo.ErrInvalidRules)
	var pe *ludo.ParseError
	require.ErrorAs(t, err, &pe)
	assert.Equal(t, "Rules", pe.Path)
	err = json.Unmarshal([]byte(`{"Rules":"mongolian{Players:2}\n# x"}`), &s)
	assert.ErrorIs(t, err, ludo.ErrSyntax, "rules text is one line, in JSON too")
}

// An unknown option or field names the one it is nearest to, if any,
// rather than listing every option.
func TestUnknownNamesNameTheNearest(t *testing.T) {
	_, err := ludo.ParseRules("classic{SixLimt:2}")
	require.ErrorIs(t, err, ludo.ErrSyntax)
	assert.Contains(t, err.Error(), `unknown option "SixLimt": did you mean SixLimit?`)
	_, err = ludo.ParseRules("classic{Zzz:2}")
	require.ErrorIs(t, err, ludo.ErrSyntax)
	assert.NotContains(t, err.Error(), "did you mean")
	assert.Less(t, len(err.Error()), 100, err.Error())

	var r ludo.Rules
	err = json.Unmarshal([]byte(`{"preset":"classic","Tokns":2}`), &r)
	require.ErrorIs(t, err, ludo.ErrSyntax)
	assert.Contains(t, err.Error(), `unknown field "Tokns": did you mean Tokens?`)
	assert.Less(t, len(err.Error()), 100, err.Error())

	var s ludo.State
	err = json.Unmarshal([]byte(`{"Rules":"classic","Turnn":"red"}`), &s)
	require.ErrorIs(t, err, ludo.ErrSyntax)
	assert.Contains(t, err.Error(), `unknown field "Turnn": did you mean Turn?`)
	long := strings.Repeat("x", 1000)
	_, err = ludo.ParseRules("classic{" + long + ":1}")
	require.Error(t, err)
	assert.Less(t, len(err.Error()), 200, "a long name is quoted short")
}

// A player's name that is not valid UTF-8 is kept exactly by the text
// form, and refused by JSON, which would change it; JSON input that is not
// UTF-8 is refused rather than read changed.
func TestNamesNotUTF8(t *testing.T) {
	start, err := ludo.New(ludo.Classic())
	require.NoError(t, err)
	rec := ludo.NewRecord(start)
	rec.Names[ludo.Red] = "Ann\xff"
	back, err := ludo.ParseRecord(rec.String())
	require.NoError(t, err)
	assert.Equal(t, "Ann\xff", back.Names[ludo.Red], "the text keeps the name byte for byte")
	_, err = json.Marshal(rec)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "not valid UTF-8")

	var r ludo.Record
	err = json.Unmarshal([]byte("{\"Start\":{\"Rules\":\"classic\"},\"Names\":{\"red\":\"Ann\xff\"},\"Plies\":[]}"), &r)
	require.ErrorIs(t, err, ludo.ErrSyntax)
	assert.True(t, errors.Is(err, ludo.ErrSyntax))
	assert.Equal(t, ludo.Record{}, r, "a refused record is left as it was")
}

// The zero State is over, as its doc says: nothing is due.
func TestZeroStatePhase(t *testing.T) {
	var s ludo.State
	assert.Equal(t, ludo.PhaseOver, s.Phase())
	assert.False(t, s.IsValid())
	assert.Equal(t, ludo.Colors(0), s.Players())
}
