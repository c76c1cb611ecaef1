package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ludorules/ludo"
	"github.com/ludorules/ludo/internal/seeded"
)

func TestRun(t *testing.T) {
	out := filepath.Join(t.TempDir(), "game.html")
	if err := run(io.Discard, 2, "mongolian", 5, out); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	page := string(b)
	for _, want := range []string{"<!DOCTYPE html>", "Ludo replay: mongolian{Players:2}, 2 players, seed 5", `data-plies="177"`, "</html>"} {
		if !strings.Contains(page, want) {
			t.Errorf("the page lacks %q", want)
		}
	}
	if err := run(io.Discard, 2, "nonesuch", 5, out); err == nil {
		t.Error("unknown preset: no error")
	}
	if err := run(io.Discard, 5, "classic", 5, out); err == nil {
		t.Error("5 players: no error")
	}
	if err := run(io.Discard, 2, "classic", 5, filepath.Join(t.TempDir(), "no", "such", "dir.html")); err == nil {
		t.Error("unwritable file: no error")
	}
}

func TestCommandLine(t *testing.T) {
	for _, c := range []struct {
		args   []string
		status int
		err    string
	}{
		{[]string{"game.html"}, 2, `replay-html: unexpected argument "game.html": give the file with -o`},
		{[]string{strings.Repeat("x", 1000)}, 2, `replay-html: unexpected argument "` + strings.Repeat("x", 64) + `"…: give the file with -o`},
		{[]string{"-seed", "2", "x", "y"}, 2, "usage: replay-html [flags]"},
		{[]string{"-seed", "x"}, 2, `invalid value "x" for flag -seed`},
		{[]string{"-players", "5"}, 1, "replay-html: ludo: invalid rules: Players is 5"},
	} {
		var out, errOut bytes.Buffer
		status := cli(c.args, &out, &errOut)
		if status != c.status || !strings.Contains(errOut.String(), c.err) || out.Len() > 0 {
			t.Errorf("%q: status %d, stderr %q, %d bytes out; want status %d and %q", c.args, status, errOut.String(), out.Len(), c.status, c.err)
		}
	}
	var out, errOut bytes.Buffer
	if status := cli([]string{"-players", "2", "-seed", "5"}, &out, &errOut); status != 0 || errOut.Len() > 0 || !strings.Contains(out.String(), `data-plies="177"`) {
		t.Errorf("status %d, stderr %q, %d bytes out", status, errOut.String(), out.Len())
	}
}

// TestEveryPreset writes the page of a seeded game of every preset, with
// its players: the page holds every ply, bonus moves (rule P8) and the
// moves of a throw's other die (rule W1) included, and draws two dice
// where the rules throw two.
func TestEveryPreset(t *testing.T) {
	for _, name := range ludo.Presets() {
		r, _ := ludo.Preset(name)
		frames, _, err := seeded.Play(r, 3, seeded.MaxPlies)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		bonus, other := 0, 0
		for _, f := range frames {
			switch {
			case f.Roll == 0 && f.Before.IsBonusMove():
				bonus++
			case f.Roll == 0: // a throw's other die (rule W1)
				other++
			}
		}
		if r.CaptureBonus.Steps() > 0 && bonus == 0 {
			t.Errorf("%s: the game has no bonus move", name)
		}
		if r.TwoDice != (other > 0) {
			t.Errorf("%s: %d moves of a throw's other die", name, other)
		}
		var out, errOut bytes.Buffer
		if status := cli([]string{"-preset", name, "-seed", "3"}, &out, &errOut); status != 0 || errOut.Len() > 0 {
			t.Fatalf("%s: status %d, stderr %q", name, status, errOut.String())
		}
		for _, want := range []string{fmt.Sprintf("Ludo replay: %v, %d players, seed 3", r, r.Players), fmt.Sprintf(`data-plies="%d"`, len(frames))} {
			if !strings.Contains(out.String(), want) {
				t.Errorf("%s: the page lacks %q", name, want)
			}
		}
		if r.TwoDice != strings.Contains(out.String(), "function drawDie2(") {
			t.Errorf("%s: the page's script draws two dice: %v", name, !r.TwoDice)
		}
	}
}
