package dispute

import (
	"fmt"
	"testing"

	"github.com/ludorules/ludo"
)

func TestTry(t *testing.T) {
	pos := ludo.MustParsePosition("rules mongolian\nred 16 16\ngreen 1\nturn green\ndie 6\n")
	cs, err := Candidates("", pos.Rules())
	if err != nil {
		t.Fatal(err)
	}
	c, err := Compare(pos, "0", cs)
	if err != nil {
		t.Fatal(err)
	}
	fmt.Println("own:", c.Own.Outcome, c.Own.Reasons)
	for _, g := range Groups(c.Verdicts) {
		var names []string
		for _, v := range g.Verdicts {
			names = append(names, v.Label())
		}
		fmt.Println(g.Outcome, names)
		for _, r := range g.Reasons {
			fmt.Println("   ", r)
		}
	}
	for _, f := range c.Flips {
		fmt.Println("flip", f.Change, f.Verdict.Outcome, f.Rule)
	}
	for _, f := range c.Alters {
		fmt.Println("alter", f.Change, f.Verdict.Reasons)
	}
}
