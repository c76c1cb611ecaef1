package main

import (
	"fmt"
	"strings"

	"github.com/ludorules/ludo"
	"github.com/ludorules/ludo/internal/wording"
)

// This file holds how the referee writes things: the amounts due, places
// and squares, plurals, the rules it cites and quotes.

// due says what the move due in s plays: "red rolled 3", "red rolled 6,
// which counts 7 (rule P5, a 6 counts 7)", "red has a bonus move of 20
// (rule P8, counting 20 and 10)"; with two dice "red rolled 6 and 3, a
// move for each (rule W1)" or "red rolled 6 and 3 and played the 3: the
// 6 is due (rule W1)".
func due(s ludo.State) string {
	a, b := s.Dice()
	switch {
	case s.IsBonusMove() && s.Rules().TwoDice:
		return fmt.Sprintf("%v has a bonus move of %d, after the dice (%s; %s)", s.Turn(), s.Count(), cite("P8"), cite("W4"))
	case s.IsBonusMove():
		return fmt.Sprintf("%v has a bonus move of %d (%s)", s.Turn(), s.Count(), cite("P8"))
	case wording.Bottoms(s) && wording.OtherDie(s):
		return fmt.Sprintf("%v rolled a double %d, played as tops and bottoms: %s still due (%s)", s.Turn(), a, wording.FacesDue(s), cite("H2"))
	case wording.Bottoms(s):
		return fmt.Sprintf("%v rolled a double %d with every token out, four moves: tops and bottoms %d, %d, %d and %d (%s)", s.Turn(), a, a, 7-a, a, 7-a, cite("H2"))
	case wording.OtherDie(s):
		played := a
		if s.DiceDue()[0] != 0 {
			played = b
		}
		return fmt.Sprintf("%v rolled %d and %d and played the %d: the %d is due (%s)", s.Turn(), a, b, played, a+b-played, cite("W1"))
	case b != 0:
		return fmt.Sprintf("%v rolled %d and %d, a move for each (%s)", s.Turn(), a, b, cite("W1"))
	case s.Count() != s.Die():
		return fmt.Sprintf("%v rolled %d, which counts %d (%s)", s.Turn(), s.Die(), s.Count(), cite("P5"))
	}
	return fmt.Sprintf("%v rolled %d", s.Turn(), s.Die())
}

// where says where a token of colour c with progress p stands: "on
// square 15", "in the yard", "on home square 3", "at the finish".
func where(b ludo.Board, c ludo.Color, p int) string {
	switch at := wording.Place(b, c, p); at {
	case "in the yard":
		return at
	case "the finish":
		return "at " + at
	default:
		return "on " + at
	}
}

// cite names a rule (or rules, "C11, Q4") with its heading: "rule B2,
// blocks stop opponents".
func cite(rules string) string {
	var parts []string
	for _, r := range strings.Split(rules, ", ") {
		kind := "rule"
		if strings.HasPrefix(r, "Q") {
			kind = "ruling"
		}
		if t, ok := ludo.RuleTitle(r); ok {
			parts = append(parts, kind+" "+r+", "+strings.ToLower(t[:1])+t[1:])
		} else {
			parts = append(parts, kind+" "+r)
		}
	}
	return strings.Join(parts, "; ")
}

// quote prints the text of rule n of the rulebook (ludo.RuleText, plain
// text), in quotes, wrapped and indented under the line that cites it.
func (r *referee) quote(n string) {
	for _, line := range quoteRule(n) {
		fmt.Fprintf(r.out, "    %s\n", line)
	}
}

// quoteWidth is the width the quoted rule text is wrapped to, its indent
// not counted.
const quoteWidth = 72

// quoteRule returns the lines of the quote of rule n: its text in
// quotes, wrapped; none for a number the rulebook does not have.
func quoteRule(n string) []string {
	text, ok := ludo.RuleText(n)
	if !ok {
		return nil
	}
	var lines []string
	line := ""
	for _, w := range strings.Fields(`"` + text + `"`) {
		switch {
		case line == "":
			line = w
		case len([]rune(line))+1+len([]rune(w)) > quoteWidth:
			lines = append(lines, line)
			line = " " + w
		default:
			line += " " + w
		}
	}
	return append(lines, line)
}

// capitalize returns s with its first letter in upper case.
func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// ----- pictures -----
