package ludo_test

import (
	"errors"
	"fmt"
	"testing"

	"github.com/ludorules/ludo"
)

// Every option reads back every value Values lists, under every preset,
// and the rules text says the same.
func TestOptionTable(t *testing.T) {
	opts := ludo.Options()
	seen := map[string]bool{}
	for _, o := range opts {
		if o.Name == "" || o.Doc == "" || seen[o.Name] {
			t.Fatalf("option %+v: no name, no doc, or twice", o)
		}
		seen[o.Name] = true
		if _, ok := ludo.RuleTitle(o.Rule); !ok {
			t.Errorf("%s cites rule %q, which the rulebook does not have", o.Name, o.Rule)
		}
	}
	for _, name := range ludo.Presets() {
		r, _ := ludo.Preset(name)
		for _, o := range opts {
			vs := o.Values(r)
			if len(vs) == 0 || vs[0] != o.Value(r) {
				t.Fatalf("%s %s: Values %v does not start with its own %s", name, o.Name, vs, o.Value(r))
			}
			for _, v := range vs {
				r2, err := o.With(r, v)
				if err != nil {
					t.Fatalf("%s %s:%s: %v", name, o.Name, v, err)
				}
				if got := o.Value(r2); got != v {
					t.Fatalf("%s %s:%s reads back as %s", name, o.Name, v, got)
				}
				if r2.Validate() != nil {
					continue
				}
				back, err := ludo.ParseRules(r2.String())
				if err != nil || back != r2 {
					t.Fatalf("%s %s:%s: %v does not read back (%v)", name, o.Name, v, r2, err)
				}
			}
		}
	}
	if _, err := opts[0].With(ludo.Classic(), "many"); !errors.Is(err, ludo.ErrSyntax) {
		t.Errorf("Arms:many: %v, want ErrSyntax", err)
	}
}

func ExampleOption() {
	for _, o := range ludo.Options() {
		if o.Name != "SafeSquares" {
			continue
		}
		r := ludo.Classic()
		fmt.Println(o.Name, o.Rule, o.Value(r), o.Values(r))
		r, _ = o.With(r, "SafeExclusive")
		fmt.Println(r)
	}
	// Output:
	// SafeSquares K1 SafeShare [SafeShare SafeMoverHome SafeExclusive]
	// classic{SafeSquares:SafeExclusive}
}
