package ludo

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"pgregory.net/rapid"
)

// jsonDraw writes a random JSON value to b, with keys from a few that
// fold alike, some written with escapes, and strings holding what a
// scanner could mistake for structure. It reports whether an object in it
// has two keys that encoding/json would match to the same field.
func jsonDraw(t *rapid.T, b *strings.Builder, depth int) (dup bool) {
	kinds := 9 // lists and objects likelier than the rest
	if depth == 0 {
		kinds = 4
	}
	switch rapid.IntRange(0, kinds-1).Draw(t, "kind") {
	case 0:
		b.WriteString(rapid.SampledFrom([]string{"0", "-1.5e+3", "true", "false", "null", "12345678901234567890"}).Draw(t, "literal"))
	case 1, 2:
		s := rapid.SampledFrom([]string{"", "a", `\"`, `\\`, "]}", "{[", ",:", "é", `\u0041`, `\"}\\`}).Draw(t, "string")
		b.WriteString(`"` + s + `"`)
	case 3:
		b.WriteString(rapid.SampledFrom([]string{"{}", "[]", " { } ", "[ ]"}).Draw(t, "empty"))
	case 4, 5:
		b.WriteByte('[')
		for k := range rapid.IntRange(0, 4).Draw(t, "len") {
			if k > 0 {
				b.WriteString(rapid.SampledFrom([]string{",", " , ", ",\n"}).Draw(t, "comma"))
			}
			dup = jsonDraw(t, b, depth-1) || dup
		}
		b.WriteByte(']')
	case 6, 7, 8:
		b.WriteByte('{')
		var keys []string
		for k := range rapid.IntRange(0, 4).Draw(t, "len") {
			if k > 0 {
				b.WriteByte(',')
			}
			key := rapid.SampledFrom([]string{"a", "A", "b", "é", "É", "s", "ſ", "ab\\", `a"`}).Draw(t, "key")
			for _, other := range keys {
				dup = dup || strings.EqualFold(other, key)
			}
			keys = append(keys, key)
			if rapid.Bool().Draw(t, "escape") {
				r, _ := utf8.DecodeRuneInString(key)
				b.WriteString(fmt.Sprintf(`"\u%04x%s"`, r, jsonEscape(key[utf8.RuneLen(r):])))
			} else {
				b.WriteString(`"` + jsonEscape(key) + `"`)
			}
			b.WriteString(rapid.SampledFrom([]string{":", " : ", ":\t"}).Draw(t, "colon"))
			dup = jsonDraw(t, b, depth-1) || dup
		}
		b.WriteByte('}')
	}
	return dup
}

func jsonEscape(s string) string {
	q, _ := json.Marshal(s)
	return string(q[1 : len(q)-1])
}

// checkJSON accepts any valid JSON whose objects have no key twice and
// whose lists are not under the keys it bounds, and refuses one that has a
// key twice: it follows the structure whatever the strings hold.
func TestCheckJSONFindsDuplicateKeys(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		var b strings.Builder
		dup := jsonDraw(t, &b, 4)
		data := []byte(b.String())
		if !json.Valid(data) {
			t.Fatalf("drew invalid JSON %s", data)
		}
		err := checkJSON(data, "")
		switch {
		case dup && (err == nil || !strings.Contains(err.Msg, "given twice")):
			t.Fatalf("%s: a key given twice, and checkJSON says %v", data, err)
		case !dup && err != nil:
			t.Fatalf("%s: checkJSON says %v", data, err)
		}
	})
}

// The path of a checkJSON error is the path of the object or list at
// fault, under the path it is given.
func TestCheckJSONPath(t *testing.T) {
	for _, c := range []struct{ in, path string }{
		{`{"a":{"b":[{}, {"c":1,"c":2}]}}`, "Start.a.b[1]"},
		{`{"Tokens":{"red":[0,0,0,0` + strings.Repeat(",0", MaxTokens-4) + `,0]}}`, "Start.Tokens.red[" + strconv.Itoa(MaxTokens) + "]"},
		{`[{"x":0,"x":0}]`, "Start[0]"},
		{`{"a":0,"A":0}`, "Start"},
	} {
		err := checkJSON([]byte(c.in), "Start.")
		if err == nil || err.Path != c.path {
			t.Errorf("checkJSON(%s) = %v, want an error at %s", c.in, err, c.path)
		}
	}
}
