package bots_test

import (
	"fmt"
	"os"
	"regexp"
	"slices"
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
	for _, c := range []struct {
		re   string // the claim, its group the count: in words or digits
		want int
	}{
		{"has (\\w+) players behind one `Bot` interface", len(kinds)},
		{"`expectimax` \\| searches (\\w+) rolls ahead", depth["expectimax"]},
		{"`expectimax1` (\\w+) roll \\|", depth["expectimax1"]},
		{"`montecarlo` \\| scores each legal move by (\\d+) short playouts", bots.DefaultMonteCarlo.Playouts},
		{"short playouts \\((\\d+) plies", bots.DefaultMonteCarlo.Plies},
		{"`bots.DefaultMaxPlies` is ([\\d,]+),", bots.DefaultMaxPlies},
	} {
		m := regexp.MustCompile(c.re).FindStringSubmatch(text)
		if m == nil {
			t.Errorf("the README no longer says %q; if it is gone on purpose, drop the claim from this test", c.re)
			continue
		}
		n, err := strconv.Atoi(strings.ReplaceAll(m[1], ",", ""))
		if err != nil {
			n = slices.Index([]string{"zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"}, m[1])
		}
		if n != c.want {
			t.Errorf("the README says %q, where the code gives %d", m[0], c.want)
		}
	}
}
