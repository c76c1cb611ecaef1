package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestRun(t *testing.T) {
	out := filepath.Join(t.TempDir(), "game.html")
	if err := run(2, "mongolian", 5, out); err != nil {
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
	if err := run(2, "nonesuch", 5, out); err == nil {
		t.Error("unknown preset: no error")
	}
	if err := run(5, "classic", 5, out); err == nil {
		t.Error("5 players: no error")
	}
	if err := run(2, "classic", 5, filepath.Join(t.TempDir(), "no", "such", "dir.html")); err == nil {
		t.Error("unwritable file: no error")
	}
}
