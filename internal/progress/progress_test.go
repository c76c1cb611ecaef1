package progress

import (
	"flag"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

func TestDraw(t *testing.T) {
	var b strings.Builder
	Draw(&b, 5, 10, 0)
	if !strings.Contains(b.String(), "[###############...............] 5/10 games") {
		t.Errorf("Draw wrote %q", b.String())
	}
	b.Reset()
	Draw(&b, 0, 0, 0)
	if !strings.Contains(b.String(), "0/0 games") {
		t.Errorf("Draw of no games wrote %q", b.String())
	}
}

// syncBuilder is a strings.Builder safe for the bar's goroutine.
type syncBuilder struct {
	mu sync.Mutex
	b  strings.Builder
}

func (s *syncBuilder) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func TestBar(t *testing.T) {
	var w syncBuilder
	bar := Start(&w, 7)
	for i := range 8 {
		bar.Set(i)
	}
	bar.Stop()
	if got := w.b.String(); !strings.HasSuffix(got, "7/7 games, 0s elapsed, ETA 0s   \n") {
		t.Errorf("the bar ended with %q", got)
	}
	var none *Bar
	none.Set(3)
	none.Stop()
}

func TestIsTerminal(t *testing.T) {
	f, err := os.Create(filepath.Join(t.TempDir(), "f"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if IsTerminal(f) {
		t.Error("a file is a terminal")
	}
	if dev, err := os.Open(os.DevNull); err == nil {
		defer dev.Close()
		if !IsTerminal(dev) {
			t.Errorf("%s, a character device, is not taken for a terminal", os.DevNull)
		}
	}
}

// TestFlags: the bar is drawn on a terminal or with -progress, never with
// -quiet.
func TestFlags(t *testing.T) {
	var stderr strings.Builder
	for _, c := range []struct {
		tty  bool
		args []string
		bar  bool
	}{
		{false, nil, false},
		{true, nil, true},
		{false, []string{"-progress"}, true},
		{true, []string{"-quiet"}, false},
		{false, []string{"-progress", "-quiet"}, false},
	} {
		fs := flag.NewFlagSet("x", flag.ContinueOnError)
		bar := Flags(fs)
		if err := fs.Parse(c.args); err != nil {
			t.Fatal(err)
		}
		var want io.Writer
		if c.bar {
			want = &stderr
		}
		if got := bar(&stderr, c.tty); got != want {
			t.Errorf("tty %v %q: bar on %v, want %v", c.tty, c.args, got, want)
		}
	}
}
