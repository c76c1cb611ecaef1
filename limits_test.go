package ludo_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ludorules/ludo"
)

// allocated returns the bytes f allocates on the heap (TotalAlloc, which
// counts garbage too).
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// TestAdversarialInputMemory feeds each parser 10 MB built to make it
// hold as much as it can, and bounds what it allocates, garbage included:
// the limits are checked while the input is read, so the parsers refuse
// these inputs having allocated a fraction of them (before the limits,
// 15 to 220 times them, and records of 10 MB were read).
func TestAdversarialInputMemory(t *testing.T) {
	size := 10 << 20
	if testing.Short() {
		size = 1 << 20 // but records of more than MaxRecordBytes
	}
	fill := func(prefix, unit, suffix string) string {
		return prefix + strings.Repeat(unit, (size-len(prefix)-len(suffix))/len(unit)) + suffix
	}
	// plies is a record of one ply more than MaxRecordPlies, and lines
	// more up to limit bytes.
	plies := func(limit int) string {
		b := []byte("rules classic\n")
		for n := 1; n <= ludo.MaxRecordPlies+1; n++ {
			b = append(strconv.AppendInt(b, int64(n), 10), " red 1 pass\n"...)
		}
		more := "1 red 1 pass\n"
		return string(b) + strings.Repeat(more, (limit-len(b))/len(more))
	}
	position := func(s string) error { _, err := ludo.ParsePosition(s); return err }
	record := func(s string) error { _, err := ludo.ParseRecord(s); return err }
	move := func(s string) error {
		_, err := ludo.ParseMove(ludo.MustParsePosition("rules classic\nred 0\ndie 1"), s)
		return err
	}
	// The JSON is made bytes before it is measured.
	state := func(s string) (string, func() error) {
		data := []byte(s)
		return s, func() error { var v ludo.State; return json.Unmarshal(data, &v) }
	}
	rules := func(s string) (string, func() error) {
		data := []byte(s)
		return s, func() error { var v ludo.Rules; return json.Unmarshal(data, &v) }
	}
	recordJSON := func(s string) (string, func() error) {
		data := []byte(s)
		return s, func() error { var v ludo.Record; return json.Unmarshal(data, &v) }
	}
	text := func(f func(string) error, s string) (func() error, int) {
		return func() error { return f(s) }, len(s)
	}
	bin := func(s string, f func() error) (func() error, int) { return f, len(s) }
	ply := `{"Player":"red","Face":1,"Move":"pass"}`
	for _, c := range []struct {
		name string
		make func() (run func() error, n int) // built when run, one at a time
		max  float64                          // bytes allocated per byte of input, or 64 KiB
		msg  string
	}{
		{"position: one line of tokens", func() (func() error, int) {
			return text(position, fill("rules classic\nred ", "0 ", ""))
		}, 0.01, "more than 256 words on one line"},
		{"position: lines of unknown keys", func() (func() error, int) {
			return text(position, fill("rules classic\n", "sky\n", ""))
		}, 0.01, `unknown key "sky"`},
		{"position: a long ranking", func() (func() error, int) {
			return text(position, fill("rules classic\nranking ", "red ", ""))
		}, 0.01, "more than 256 words on one line"},
		{"position: one long word", func() (func() error, int) {
			return text(position, fill("rules classic\nturn ", "x", ""))
		}, 0.01, "is not a colour"},
		{"move: many words", func() (func() error, int) {
			return text(move, fill("0: 0-1 ", "x1 ", ""))
		}, 0.01, "more than 256 words on one line"},
		{"record: 10 MB", func() (func() error, int) {
			return text(record, plies(10<<20))
		}, 0.01, "more than MaxRecordBytes"},
		{"record: 8 MB of plies", func() (func() error, int) {
			return text(record, plies(ludo.MaxRecordBytes))
		}, 3.5, "more than MaxRecordPlies"}, // a Ply holds the second die too (rule W1)
		{"record: a long name", func() (func() error, int) {
			s := fill("rules classic\nname red ", "a ", "")
			return text(record, s[:min(len(s), ludo.MaxRecordBytes)])
		}, 0.01, "more than 256 words on one line"},
		{"state JSON: a colour's tokens", func() (func() error, int) {
			return bin(state(fill(`{"Rules":{},"Tokens":{"red":[`, "0,", `0]}}`)))
		}, 0.01, "Tokens.red[4]"},
		{"state JSON: a long ranking", func() (func() error, int) {
			return bin(state(fill(`{"Rules":{},"Ranking":[`, `"red",`, `"red"]}`)))
		}, 0.01, "more than MaxPlayers"},
		{"rules JSON: a long Seats", func() (func() error, int) {
			return bin(rules(fill(`{"Seats":[`, `"red",`, `"red"]}`)))
		}, 0.01, fmt.Sprintf("Seats[%d]", ludo.MaxPlayers)},
		{"rules JSON: a long EntryRolls", func() (func() error, int) {
			return bin(rules(fill(`{"EntryRolls":[`, `6,`, `6]}`)))
		}, 0.01, "more than 8 faces"},
		{"record JSON: 10 MB", func() (func() error, int) {
			return bin(recordJSON(`{"Start":{"Rules":{}},"Plies":[` + strings.Repeat(ply+",", (10<<20)/len(ply)) + ply + "]}"))
		}, 0.01, "more than MaxRecordBytes"},
		{"record JSON: 8 MB of plies", func() (func() error, int) {
			n := (ludo.MaxRecordBytes - 100) / (len(ply) + 1)
			return bin(recordJSON(`{"Start":{"Rules":{}},"Plies":[` + strings.Repeat(ply+",", n) + ply + "]}"))
		}, 0.01, "more than MaxRecordPlies"},
		{"state JSON: a long key", func() (func() error, int) {
			return bin(state(fill(`{"`, "x", `":1}`)))
		}, 0.01, "unknown field"},
		{"state JSON: a long string", func() (func() error, int) {
			return bin(state(fill(`{"Rules":{},"Turn":"`, "x", `"}`)))
		}, 6, "is not a colour"},
		{"state JSON: a long unknown list", func() (func() error, int) {
			return bin(state(fill(`{"Rules":{},"Foo":[`, "1,", `1]}`)))
		}, 6, `unknown field "Foo"`},
	} {
		run, n := c.make()
		var err error
		alloc := allocated(func() { err = run() })
		ratio := float64(alloc) / float64(n)
		t.Logf("%-32s %8d bytes in, %10d allocated: %.4f a byte", c.name, n, alloc, ratio)
		require.Error(t, err, c.name)
		assert.Contains(t, err.Error(), c.msg, c.name)
		assert.LessOrEqual(t, float64(alloc), max(c.max*float64(n), 64<<10), c.name)
	}
}

// Each place an error quotes its input quotes at most 64 characters of
// it, ending with "…".
func TestErrorsQuoteAtMost64Characters(t *testing.T) {
	long := strings.Repeat("é", 1000)
	digits := strings.Repeat("1", 1000)
	start := ludo.MustParsePosition("rules classic\nred 0")
	rolled := ludo.MustParsePosition("rules classic\nred 0\ndie 1")
	startJSON, err := json.Marshal(start)
	require.NoError(t, err)
	position := func(s string) error { _, err := ludo.ParsePosition(s); return err }
	record := func(s string) error { _, err := ludo.ParseRecord(s); return err }
	move := func(s string) error { _, err := ludo.ParseMove(rolled, s); return err }
	state := func(s string) error { var v ludo.State; return json.Unmarshal([]byte(s), &v) }
	rules := func(s string) error { var v ludo.Rules; return json.Unmarshal([]byte(s), &v) }
	recordJSON := func(s string) error {
		var v ludo.Record
		return json.Unmarshal([]byte(`{"Start":`+string(startJSON)+`,`+s+`}`), &v)
	}
	replay := func(s string) error {
		_, err := ludo.Record{Start: start, Plies: []ludo.Ply{{Player: ludo.Red, Face: 6, Move: s}}}.Replay()
		return err
	}
	for _, c := range []struct {
		parse func(string) error
		in    string
	}{
		{position, "rules classic\n" + long},
		{position, "rules classic\nturn " + long},
		{position, "rules classic\nranking " + long},
		{position, "rules classic\nundo " + long},
		{position, "rules classic\nred " + long},
		{position, "rules classic\nred home" + long},
		{position, "rules classic\nred @" + long},
		{position, "rules classic\ndie " + long},
		{position, "rules " + long},
		{record, "rules classic\nseed " + long},
		{record, "rules classic\nname " + long + " Bob"},
		{record, "rules classic\nname red \"Bob\" " + long},
		{record, "rules classic\nname red \"\\q" + long + "\""},
		{record, "rules classic\nplayers " + long},
		{record, "rules classic\n1" + long + " red 6 0"},
		{record, "rules classic\n1 " + long + " 6 0"},
		{record, "rules classic\n1 red " + long + " 0"},
		{record, "rules classic\n1 red 6 " + long},
		{move, long},
		{move, "0: " + long},
		{move, "0: 0-1 " + long},
		{move, "0: 0-1 x" + long},
		{move, "pass " + long},
		{state, `{"` + long + `":1}`},
		{state, `{"Rules":{},"Turn":"` + long + `"}`},
		{state, `{"Rules":{},"Ranking":["` + long + `"]}`},
		{state, `{"Rules":{},"Tokens":{"` + long + `":[1]}}`},
		{state, `{"Rules":{},"Die":` + digits + `}`},
		{rules, `{"Preset":"` + long + `"}`},
		{recordJSON, `"Names":{"` + long + `":"Bob"}`},
		{recordJSON, `"Seed":` + digits},
		{recordJSON, `"Plies":[{"Player":"` + long + `","Face":1,"Move":"pass"}]`},
		{recordJSON, `"Plies":[{"Player":"red","Face":1,"Move":"` + long + `"}]`},
		{replay, long},
	} {
		err := c.parse(c.in)
		require.Error(t, err, c.in)
		msg := err.Error()
		assert.True(t, utf8.ValidString(msg), msg)
		assert.Contains(t, msg, "…", msg)
		assert.NotContains(t, msg, strings.Repeat("é", 65), msg)
		assert.NotContains(t, msg, strings.Repeat("1", 65), msg)
		// The quote is cut, and the rest of the message is bounded: the
		// longest is the list of the presets after an unknown name.
		assert.Less(t, utf8.RuneCountInString(msg), 100+len(strings.Join(ludo.Presets(), ", ")), msg)
	}
}

// A line may hold 256 words: a line of more is refused at its 257th, as
// it is read.
func TestLineWordLimit(t *testing.T) {
	words := func(n int) string { return strings.TrimSpace(strings.Repeat("w ", n)) }
	seen := 0
	_, err := ludo.ParsePositionFunc("rules classic\nsays "+words(255), func(l ludo.TextLine) error {
		seen = len(l.Args)
		return nil
	})
	require.NoError(t, err)
	assert.Equal(t, 255, seen)
	_, err = ludo.ParsePositionFunc("rules classic\nsays "+words(256), func(ludo.TextLine) error { return nil })
	checkParseError(t, parseErrorCase{"257 words", 2, 6 + 2*255, ludo.ErrSyntax, "more than 256 words on one line"}, err)
	_, err = ludo.ParseRecord("rules classic\nname red " + words(255))
	checkParseError(t, parseErrorCase{"257 words", 2, 10 + 2*254, ludo.ErrSyntax, "more than 256 words on one line"}, err)
	_, err = ludo.ParseMove(ludo.MustParsePosition("rules classic\nred 0\ndie 1"), "0: 0-1 "+words(255))
	checkParseError(t, parseErrorCase{"257 words", 1, 8 + 2*254, ludo.ErrSyntax, "more than 256 words on one line"}, err)
}

// A record may have MaxRecordPlies plies and MaxRecordBytes bytes, as text
// and as JSON; one ply or one byte more is refused.
func TestRecordLimits(t *testing.T) {
	t.Parallel()
	start := ludo.MustParsePosition("rules classic")
	rec := ludo.NewRecord(start)
	for range ludo.MaxRecordPlies {
		rec.Plies = append(rec.Plies, ludo.Ply{Player: ludo.Red, Face: 1, Move: "pass"})
	}
	// The four parts in parallel: each parses megabytes.
	t.Run("text plies", func(t *testing.T) {
		t.Parallel()
		text := rec.String()
		back, err := ludo.ParseRecord(text)
		require.NoError(t, err)
		assert.Len(t, back.Plies, ludo.MaxRecordPlies)
		// One more ply.
		text += fmt.Sprintf("%d red 1 pass\n", ludo.MaxRecordPlies+1)
		_, err = ludo.ParseRecord(text)
		line := strings.Count(text, "\n") // the last ply's
		checkParseError(t, parseErrorCase{"a ply too many", line, 1, ludo.ErrSyntax, fmt.Sprintf("more than MaxRecordPlies (%d) plies", ludo.MaxRecordPlies)}, err)
	})
	t.Run("JSON plies", func(t *testing.T) {
		t.Parallel()
		data, err := json.Marshal(rec)
		require.NoError(t, err)
		var got ludo.Record
		require.NoError(t, json.Unmarshal(data, &got))
		assert.Len(t, got.Plies, ludo.MaxRecordPlies)
		// One more ply.
		more := strings.Replace(string(data), `"Plies":[`, `"Plies":[{"Player":"red","Face":1,"Move":"pass"},`, 1)
		checkJSONError(t, jsonErrorCase{"a ply too many", fmt.Sprintf("Plies[%d]", ludo.MaxRecordPlies), ludo.ErrSyntax, "more than MaxRecordPlies"}, json.Unmarshal([]byte(more), &got))
	})
	t.Run("text bytes", func(t *testing.T) {
		t.Parallel()
		// Bytes up to MaxRecordBytes, and one more.
		short := "rules classic\n1 red 6 0\n#"
		padded := short + strings.Repeat(" ", ludo.MaxRecordBytes-len(short))
		_, err := ludo.ParseRecord(padded)
		require.NoError(t, err)
		_, err = ludo.ParseRecord(padded + " ")
		checkParseError(t, parseErrorCase{"a byte too many", 1, 1, ludo.ErrSyntax, fmt.Sprintf("the record is %d bytes, more than MaxRecordBytes (%d)", ludo.MaxRecordBytes+1, ludo.MaxRecordBytes)}, err)
	})
	t.Run("JSON bytes", func(t *testing.T) {
		t.Parallel()
		// Space around the JSON value is not the record's.
		short := `{"Start":{"Rules":{}}}`
		padded := short[:len(short)-1] + strings.Repeat(" ", ludo.MaxRecordBytes-len(short)) + "}"
		var got ludo.Record
		require.NoError(t, json.Unmarshal([]byte(" "+padded+" "), &got))
		err := json.Unmarshal([]byte(padded[:len(padded)-1]+" }"), &got)
		checkJSONError(t, jsonErrorCase{"a byte too many", "", ludo.ErrSyntax, "more than MaxRecordBytes"}, err)
	})
}

// The lists of the JSON forms hold at most as many values as a game can
// give them, whatever the case of their keys: a longer one is refused
// before it is decoded, at its first value too many.
func TestJSONListLimits(t *testing.T) {
	list := func(v string, n int) string { return "[" + strings.TrimSuffix(strings.Repeat(v+",", n), ",") + "]" }
	tokens := fmt.Sprintf("more than MaxTokens (%d) tokens for one colour", ludo.MaxTokens)
	ranked := fmt.Sprintf("more than MaxPlayers (%d) colours ranked", ludo.MaxPlayers)
	const faces = 8 // the most faces one die shows, whatever a throw of two dice gives (rule W1)
	for _, c := range []struct {
		value func(string) error
		in    func(n int) string
		max   int
		path  string
		is    error
		msg   string
	}{
		{stateValue, func(n int) string { return `{"Rules":{},"Tokens":{"red":` + list("0", n) + `}}` }, ludo.MaxTokens, "Tokens.red", ludo.ErrInvalidSetup, tokens},
		{stateValue, func(n int) string { return `{"Rules":{},"tokens":{"pink":` + list("0", n) + `}}` }, ludo.MaxTokens, "tokens.pink", ludo.ErrInvalidSetup, tokens},
		{stateValue, func(n int) string { return `{"Rules":{},"UNDO":{"red":` + list("0", n) + `}}` }, ludo.MaxTokens, "UNDO.red", ludo.ErrInvalidSetup, tokens},
		{stateValue, func(n int) string { return `{"Rules":{},"Ranking":` + list(`"red"`, n) + `}` }, ludo.MaxPlayers, "Ranking", ludo.ErrInvalidSetup, ranked},
		{stateValue, func(n int) string { return `{"Rules":{"Seats":` + list(`"red"`, n) + `}}` }, ludo.MaxPlayers, "Rules.Seats", ludo.ErrInvalidRules, "colours"},
		{rulesValue, func(n int) string { return `{"Seats":` + list(`"red"`, n) + `}` }, ludo.MaxPlayers, "Seats", ludo.ErrInvalidRules, "colours"},
		{rulesValue, func(n int) string { return `{"EntryRolls":` + list("6", n) + `}` }, faces, "EntryRolls", ludo.ErrSyntax, "more than 8 faces"},
		{rulesValue, func(n int) string { return `{"bonusRolls":` + list("6", n) + `}` }, faces, "bonusRolls", ludo.ErrSyntax, "more than 8 faces"},
	} {
		// At the limit, any error is another one.
		if err := c.value(c.in(c.max)); err != nil {
			assert.NotContains(t, err.Error(), "more than", c.in(c.max))
		}
		in := c.in(c.max + 1)
		checkJSONError(t, jsonErrorCase{in, fmt.Sprintf("%s[%d]", c.path, c.max), c.is, c.msg}, c.value(in))
	}
	// The text refuses the same as the JSON, with the same message.
	_, err := ludo.ParsePosition("rules classic\nranking" + strings.Repeat(" red", ludo.MaxPlayers+1))
	assert.ErrorContains(t, err, ranked)

	// An object has at most 64 keys, and none longer than 64 bytes: no
	// field or colour is named so.
	var keys []string
	for k := range 65 {
		keys = append(keys, fmt.Sprintf(`"k%d":[0]`, k))
	}
	in := `{"Rules":{},"Tokens":{` + strings.Join(keys, ",") + `}}`
	checkJSONError(t, jsonErrorCase{in, "Tokens", ludo.ErrSyntax, "more than 64 keys in one object"}, stateValue(in))
	in = `{"Rules":{},"Tokens":{` + strings.Join(keys[:64], ",") + `}}`
	checkJSONError(t, jsonErrorCase{in, "Tokens", ludo.ErrSyntax, `"k0" is not a colour`}, stateValue(in))
	in = `{"Rules":{"` + strings.Repeat("k", 65) + `":1}}`
	checkJSONError(t, jsonErrorCase{in, "Rules", ludo.ErrSyntax, "unknown field"}, stateValue(in))
}

func stateValue(s string) error { var v ludo.State; return json.Unmarshal([]byte(s), &v) }
func rulesValue(s string) error { var v ludo.Rules; return json.Unmarshal([]byte(s), &v) }

// The zero values of the exported types of dice.go, record.go and the
// parsers do not panic, and the nil error pointers say what they are.
func TestZeroValues(t *testing.T) {
	var d ludo.Dice
	s, err := ludo.New(ludo.Classic())
	require.NoError(t, err)
	_, err = s.Roll(d.Roll())
	assert.NoError(t, err, "the zero Dice rolls a fair face")
	_, err = s.Roll(0)
	assert.ErrorIs(t, err, ludo.ErrBadFace, "State.Roll refuses a 0")

	re := &ludo.ReplayError{}
	assert.Equal(t, "ludo: the record's start: no reason given", re.Error())
	assert.Nil(t, re.Unwrap())
	assert.False(t, errors.Is(re, ludo.ErrSyntax))
	var nilReplay *ludo.ReplayError
	assert.Equal(t, "ludo: <nil ReplayError>", nilReplay.Error())
	assert.Nil(t, nilReplay.Unwrap())
	assert.Equal(t, "ludo: ply 2 (green rolls 3, plays ): no reason given", (&ludo.ReplayError{Ply: 2, Player: ludo.Green, Face: 3}).Error())
	var nilParse *ludo.ParseError
	assert.Equal(t, "ludo: <nil ParseError>", nilParse.Error())
	assert.Nil(t, nilParse.Unwrap())
	assert.Equal(t, "ludo: ", (&ludo.ParseError{}).Error())

	var rec ludo.Record
	assert.Equal(t, "", rec.String())
	var b strings.Builder
	_, err = rec.WriteTo(&b)
	assert.NoError(t, err)
	_, err = rec.Replay()
	assert.ErrorIs(t, err, ludo.ErrNoGame)
	_, err = json.Marshal(rec)
	assert.NoError(t, err)
	assert.Error(t, (&ludo.Record{}).Add(ludo.Move{}))
	assert.Equal(t, "", ludo.TextLine{}.Rest())
	assert.Equal(t, "{}", ludo.Faces(0).String())
	assert.Equal(t, 0, ludo.Faces(0).Len())
}
