package main

import (
	"bytes"
	"strings"
	"testing"
)

func TestCommandLine(t *testing.T) {
	for _, c := range []struct {
		args   []string
		status int
		err    string
	}{
		{[]string{"7"}, 2, `playout: unexpected argument "7"`},
		{[]string{strings.Repeat("x", 1000)}, 2, `playout: unexpected argument "` + strings.Repeat("x", 64) + `"…` + "\n"},
		{[]string{"-preset", strings.Repeat("x", 1000)}, 1, `playout: unknown preset "` + strings.Repeat("x", 64) + `"… (want`},
		{[]string{"-seed", "2", "extra"}, 2, "usage: playout [flags]"},
		{[]string{"-players", "x"}, 2, `invalid value "x" for flag -players`},
		{[]string{"-preset", "chess"}, 1, `playout: unknown preset "chess"`},
		{[]string{"-players", "5"}, 1, "playout: ludo: invalid rules: Players is 5"},
	} {
		var out, errOut bytes.Buffer
		status := cli(c.args, &out, &errOut)
		if status != c.status || !strings.Contains(errOut.String(), c.err) || out.Len() > 0 {
			t.Errorf("%q: status %d, stderr %q, stdout %q; want status %d and %q", c.args, status, errOut.String(), out.String(), c.status, c.err)
		}
	}
}

func TestGame(t *testing.T) {
	var out, errOut bytes.Buffer
	if status := cli([]string{"-players", "2", "-preset", "mongolian", "-seed", "5"}, &out, &errOut); status != 0 || errOut.Len() > 0 {
		t.Fatalf("status %d, stderr %q", status, errOut.String())
	}
	text := out.String()
	for _, want := range []string{"mongolian{Players:2}, 2 players, seed 5\n", " 177  ", "1. ", "2. "} {
		if !strings.Contains(text, want) {
			t.Errorf("the game lacks %q:\n%s", want, text)
		}
	}
	var quiet bytes.Buffer
	cli([]string{"-players", "2", "-preset", "mongolian", "-seed", "5", "-quiet"}, &quiet, &errOut)
	if q := quiet.String(); strings.Contains(q, " 177  ") || !strings.HasSuffix(text, q[strings.Index(q, "\n\n")+2:]) {
		t.Errorf("-quiet printed:\n%s", q)
	}
}
