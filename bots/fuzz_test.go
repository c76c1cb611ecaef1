package bots

import (
	"bytes"
	"errors"
	"testing"

	"github.com/ludorules/ludo"
)

// FuzzReadNet: whatever the bytes, ReadNet returns a net or an error
// matching ErrBadNet, never panics; and a net it returns evaluates the
// start of a game under its rules.
func FuzzReadNet(f *testing.F) {
	// Small nets, so that the fuzzer's mutations reach every part of the
	// file (the shipped nets are tens of kilobytes), in both formats.
	cfg := tinyTraining()
	cfg.Hidden = 1
	tr, err := NewTrainer(cfg)
	if err != nil {
		f.Fatal(err)
	}
	n := tr.Net()
	n.Note = "a note"
	var full, compact bytes.Buffer
	n.WriteTo(&full)
	n.WriteCompact(&compact)
	f.Add(full.Bytes())
	f.Add(compact.Bytes())
	f.Add([]byte("ludo-net 1\nrules classic\nshape 1 2 3\nweights int8\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		n, err := ReadNet(bytes.NewReader(data))
		if err != nil {
			if !errors.Is(err, ErrBadNet) {
				t.Fatalf("an error that is not ErrBadNet: %v", err)
			}
			return
		}
		s, err := ludo.New(n.Rules)
		if err != nil {
			t.Fatalf("a net of rules New refuses: %v", err)
		}
		n.Value(s, s.Turn())
	})
}
