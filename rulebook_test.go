package ludo

import (
	"fmt"
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
		if s, ok := f("Z9"); ok || s != "" {
			t.Errorf("a rule the rulebook lacks: %q, %v", s, ok)
		}
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
