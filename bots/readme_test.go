package bots_test

import (
	"fmt"
	"regexp"
	"testing"

	"github.com/ludorules/ludo/bots"
	"github.com/ludorules/ludo/internal/readme"
)

// TestREADMECounts checks the counts the bots' README (and the
// project's) states about the bots against the package: a claim that
// changes or goes away fails here, so the README cannot drift from the
// code.
func TestREADMECounts(t *testing.T) {
	text := readme.Text(t, "README.md") + " " + readme.Docs(t, "..")
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
		if n, err := readme.Number(m[1]); err != nil {
			t.Error(err)
		} else if n != c.want {
			t.Errorf("the README says %q, where the code gives %d", m[0], c.want)
		}
	}
}
