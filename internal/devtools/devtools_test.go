package devtools

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestFindNone: with no browser on the PATH, Find says which it looked for.
func TestFindNone(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	if _, err := Find(); err == nil || !strings.Contains(err.Error(), "chromium") {
		t.Fatalf("Find with an empty PATH: %v, want an error naming chromium", err)
	}
}

// TestStartFails: a browser that cannot start gives an error and leaves
// no profile folder behind.
func TestStartFails(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	if _, err := Start(filepath.Join(tmp, "no-such-chromium"), "devtools-test-", io.Discard); err == nil {
		t.Fatal("Start of a missing program: no error")
	}
	left, err := os.ReadDir(tmp)
	if err != nil {
		t.Fatal(err)
	}
	if len(left) != 0 {
		t.Fatalf("left behind: %v", left)
	}
}

// Starting and stopping a real Chromium is left to .ci/run: the browser
// check (internal/replaycheck) and the server's browser test start one
// each, and the library's tests start no browser.
