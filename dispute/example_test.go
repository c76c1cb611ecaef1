package dispute_test

import (
	"fmt"
	"strings"

	"github.com/ludorules/ludo"
	"github.com/ludorules/ludo/dispute"
)

// Green rolls a 6 two squares behind red's pair: may it pass?
func ExampleCompare() {
	pos := ludo.MustParsePosition(`
rules   mongolian
red     16 16   # a red block on square 17
green   1       # square 15
turn    green
die     6`)
	among, _ := dispute.Candidates("classic,mongolian,ludoking,danish", pos.Rules())
	c, _ := dispute.Compare(pos, "0", among)
	for _, g := range dispute.Groups(c.Verdicts) {
		var names []string
		for _, v := range g.Verdicts {
			names = append(names, v.Label())
		}
		fmt.Printf("%s under %s: %v\n", g.Outcome, strings.Join(names, ", "), g.Reasons[0])
	}
	for _, f := range c.Flips {
		fmt.Printf("under mongolian{%v}: %s (rule %s)\n", f.Change, f.Verdict.Outcome, f.Rule)
	}
	// Output:
	// legal under classic, ludoking, danish: moves token 0 from square 15 to square 21 (C8)
	// not legal under mongolian: token 0 cannot pass the block on square 17 (B2)
	// under mongolian{Blocks:NoBlocks}: legal (rule B1)
	// under mongolian{Blocks:BlocksOnSafe}: legal (rule B1)
}

// A short game written down as classic: a capture earned a bonus roll.
func ExampleFitRecord() {
	rec, err := ludo.ParseRecord(`
rules   classic{Players:2}
red     15
yellow  @19
turn    red
1       red     3     0: 15-18 x1
2       red     2     0: 18-20
3       yellow  6     0: yard-0 enter
4       yellow  3     0: 0-3
5       red     4     0: 20-24`)
	if err != nil {
		panic(err)
	}
	among, _ := dispute.Candidates("classic,mongolian", rec.Start.Rules())
	f := dispute.FitRecord(rec, among, dispute.Limits{})
	for _, v := range f.Verdicts {
		fmt.Printf("%s: %v\n", v.Label(), v.Break)
	}
	for _, fix := range f.Fixes {
		fmt.Println("fits with one change:", fix.Rules)
	}
	// Output:
	// classic: ply 2: it is yellow's turn, not red's (rule C3)
	// mongolian: ply 2: it is yellow's turn, not red's (rule C3)
	// fits with one change: classic{Players:2 CaptureBonus:roll}
	// fits with one change: mongolian{Players:2 CaptureBonus:roll}
}
