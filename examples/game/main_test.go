package main

import (
	"bytes"
	"io"
	"os"
	"testing"
)

// The game plays to its end and prints the ranking the README shows.
func TestGame(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout := os.Stdout
	os.Stdout = w
	main()
	os.Stdout = stdout
	w.Close()
	out, _ := io.ReadAll(r)
	if want := "[red blue green yellow]\n"; !bytes.Equal(out, []byte(want)) {
		t.Errorf("the game printed %q, want %q", out, want)
	}
}
