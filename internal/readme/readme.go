// Package readme reads the project's README for the tests that check its
// claims against the code (the root package's, the bots' and the
// simulate example's readme_test.go), so that they read it alike.
package readme

import (
	"fmt"
	"os"
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
