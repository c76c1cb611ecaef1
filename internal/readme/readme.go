// Package readme reads the project's README and the pages of docs/ for
// the tests that check their claims against the code (the root package's,
// the bots' and ludo-simulate's readme_test.go), so that they read
// them alike.
package readme

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// Text returns the README at path with every run of white space made one
// space, so that a claim broken over lines reads as one; it fails the
// test if the file cannot be read.
func Text(t testing.TB, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return strings.Join(strings.Fields(string(data)), " ")
}

// Docs returns the README of the module at root and every page of its
// docs/ folder, in that order, as one text read as [Text] reads a file:
// where a claim lives among them does not matter to the tests.
func Docs(t testing.TB, root string) string {
	t.Helper()
	pages, err := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(pages)
	texts := []string{Text(t, filepath.Join(root, "README.md"))}
	for _, p := range pages {
		texts = append(texts, Text(t, p))
	}
	return strings.Join(texts, " ")
}

// words are the numbers the README writes in words.
var words = []string{"zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty"}

// Word writes n as the README does in prose: in words up to twenty, in
// digits above.
func Word(n int) string {
	if n >= 0 && n < len(words) {
		return words[n]
	}
	return strconv.Itoa(n)
}

// Commas writes n with a comma between thousands, as 100,000.
func Commas(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// Number reads a count as the README writes it: in words up to twenty
// (either case), or in digits with or without commas between thousands.
func Number(s string) (int, error) {
	if i := slices.Index(words, strings.ToLower(s)); i >= 0 {
		return i, nil
	}
	n, err := strconv.Atoi(strings.ReplaceAll(s, ",", ""))
	if err != nil {
		return 0, fmt.Errorf("the README writes %q where a number belongs", s)
	}
	return n, nil
}
