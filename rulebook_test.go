package ludo

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestRuleTextPlain: RuleText is the rule for people to read, with no
// Markdown; RuleMarkdown is the README's text. The rulebook's only
// Markdown is code spans (option names and values in backquotes), so
// plain text is the Markdown without its backquotes: a text with any
// other Markdown would need more than that.
func TestRuleTextPlain(t *testing.T) {
	for _, sec := range rulebook {
		for _, r := range sec.rules {
			n := r.number
			md, ok := RuleMarkdown(n)
			if !ok || md != r.text {
				t.Errorf("RuleMarkdown(%q) = %q, %v; want the rulebook's text", n, md, ok)
			}
			text, ok := RuleText(n)
			if !ok || strings.Contains(text, "`") {
				t.Errorf("RuleText(%q) = %q, %v; want plain text", n, text, ok)
			}
			spans := strings.Split(md, "`")
			if len(spans)%2 == 0 {
				t.Errorf("rule %s: a code span is not closed: %q", n, md)
			}
			for k := 0; k < len(spans); k += 2 { // outside the code spans
				if i := strings.IndexAny(spans[k], "*_[]<>#|\\"); i >= 0 {
					t.Errorf("rule %s: Markdown other than code spans (%q) in %q", n, spans[k][i], md)
				}
			}
			if strings.Join(spans, "") != text {
				t.Errorf("rule %s: RuleText\n%q\nis not RuleMarkdown's code spans unwrapped\n%q", n, text, md)
			}
			if title, _ := RuleTitle(n); strings.ContainsAny(title, "`*_[]<>#|\\") {
				t.Errorf("rule %s: Markdown in the title %q", n, title)
			}
		}
	}
	for _, f := range []func(string) (string, bool){RuleTitle, RuleText, RuleMarkdown} {
		if s, ok := f("Z99"); ok || s != "" {
			t.Errorf("a rule the rulebook lacks: %q, %v", s, ok)
		}
	}
}

// TestRulebookCrossReferences: every rule number a rule's text or a
// section's introduction cites, as "(C11, Q3)" or "rule W2", is in the
// rulebook, so a renumbered or mistyped reference cannot stand. The
// labels of the 2019 English Wikipedia's variations, as "W-LUDO-2019
// (V11)", are the research notes', not rule numbers.
func TestRulebookCrossReferences(t *testing.T) {
	wiki := regexp.MustCompile(`W-LUDO-\d+ \([A-Z]\d+\)`)
	number := regexp.MustCompile(`\b[A-Z][0-9]+\b`)
	cites := 0
	check := func(where, text string) {
		for _, n := range number.FindAllString(wiki.ReplaceAllString(text, ""), -1) {
			cites++
			if _, ok := RuleTitle(n); !ok {
				t.Errorf("%s cites %s, which the rulebook does not have", where, n)
			}
		}
	}
	for _, sec := range rulebook {
		check("the section "+sec.heading, sec.intro)
		for _, r := range sec.rules {
			check("rule "+r.number, r.text)
		}
	}
	if cites < 100 {
		t.Errorf("the rulebook cites %d rule numbers: the pattern finds too few", cites)
	}
	if got := number.FindAllString(wiki.ReplaceAllString("(C11, Q3); rule W2 and W-LUDO-2019 (V11), not X0Y", ""), -1); !slices.Equal(got, []string{"C11", "Q3", "W2"}) {
		t.Errorf("the pattern finds %q", got)
	}
}

func ExampleRuleText() {
	text, _ := RuleText("V1")
	fmt.Println(text)
	md, _ := RuleMarkdown("V1")
	fmt.Println(md)
	// Output:
	// A 1 or a 6 brings a horse out and earns another roll (EntryRolls:{1 6}, BonusRolls:{1 6}).
	// A 1 or a 6 brings a horse out and earns another roll (`EntryRolls:{1 6}`, `BonusRolls:{1 6}`).
}
