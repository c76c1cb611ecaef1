package bots_test

import (
	"fmt"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/ludorules/ludo/bots"
)

// TestREADMECounts checks the counts the README states about the bots
// against the package: a claim that changes or goes away fails here, so
// the README cannot drift from the code.
func TestREADMECounts(t *testing.T) {
	data, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Join(strings.Fields(string(data)), " ")
	kinds := map[string]bool{} // the bots' types: expectimax1 is expectimax
	depth := map[string]int{}
	for _, name := range bots.Names() {
		b, err := bots.New(name, 1)
		if err != nil {
			t.Fatal(err)
		}
		kinds[fmt.Sprintf("%T", b)] = true
		if e, ok := b.(*bots.Expectimax); ok {
			depth[name] = e.Depth
		}
	}
	words := []string{"zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"}
	for _, c := range []struct{ re, want string }{
		{"has (\\w+) players behind one `Bot` interface", words[len(kinds)]},
		{"`expectimax` \\| searches (\\w+) rolls ahead", words[depth["expectimax"]]},
		{"`expectimax1` (\\w+) roll \\|", words[depth["expectimax1"]]},
		{"`montecarlo` \\| scores each legal move by (\\d+) short playouts", strconv.Itoa(bots.DefaultMonteCarlo.Playouts)},
		{"short playouts \\((\\d+) plies", strconv.Itoa(bots.DefaultMonteCarlo.Plies)},
		{"`bots.DefaultMaxPlies` is ([\\d,]+),", commas(bots.DefaultMaxPlies)},
	} {
		m := regexp.MustCompile(c.re).FindStringSubmatch(text)
		if m == nil {
			t.Errorf("the README no longer says %q; if it is gone on purpose, drop the claim from this test", c.re)
			continue
		}
		if m[1] != c.want {
			t.Errorf("the README says %q, with %q where the code gives %q", m[0], m[1], c.want)
		}
	}
}

// commas writes n with a comma between thousands, as the README does.
func commas(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
