package echo

import (
	"strings"
	"testing"
)

func TestQuote(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"", `""`},
		{"chess", `"chess"`},
		{"a\"b", `"a\"b"`},
		{strings.Repeat("x", 64), `"` + strings.Repeat("x", 64) + `"`},
		{strings.Repeat("x", 1000), `"` + strings.Repeat("x", 64) + `"…`},
		// A character that would be cut in two is left out whole.
		{strings.Repeat("x", 63) + "é" + strings.Repeat("x", 10), `"` + strings.Repeat("x", 63) + `"…`},
	} {
		if got := Quote(c.in); got != c.want {
			t.Errorf("Quote(%.20q…) = %s, want %s", c.in, got, c.want)
		}
	}
}
