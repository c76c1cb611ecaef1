package picture

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"
)

// update rewrites golden files instead of comparing with them:
//
//	go test -run TestSVGGolden -update ./picture
var update = flag.Bool("update", false, "rewrite the golden files in testdata/ instead of comparing with them")

// golden compares got with the file testdata/name, or with -update writes
// got there. name may contain slashes ("svg/start.svg"); missing folders
// are made on update.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", filepath.FromSlash(name))
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to write it)", err)
	}
	if !bytes.Equal(got, want) {
		gl, wl := bytes.Split(got, []byte("\n")), bytes.Split(want, []byte("\n"))
		for i := range min(len(gl), len(wl)) {
			if !bytes.Equal(gl[i], wl[i]) {
				t.Fatalf("%s differs from the golden file at line %d:\n got: %s\nwant: %s\n(run go test -update to rewrite it if the change is meant)", path, i+1, gl[i], wl[i])
			}
		}
		t.Fatalf("%s differs from the golden file: %d lines, want %d (run go test -update to rewrite it if the change is meant)", path, len(gl), len(wl))
	}
}
