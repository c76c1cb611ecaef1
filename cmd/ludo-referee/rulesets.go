package main

// The commands across rulesets: compare (under which rules is this move
// legal?) and fit (what rules were we playing?), with package dispute.

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/ludorules/ludo"
	"github.com/ludorules/ludo/dispute"
	"github.com/ludorules/ludo/internal/echo"
	"github.com/ludorules/ludo/internal/wording"
)

// width is the width the lists of rulesets and reasons are wrapped to.
const width = 76

// ----- compare -----

func (r *referee) compare(file, text string) (int, error) {
	r.defaultRules = true
	s, err := r.show(file)
	if err != nil {
		return 0, err
	}
	among, err := dispute.Candidates(r.opt.among, s.Rules())
	if err != nil {
		return 0, err
	}
	c, err := dispute.Compare(s, text, among)
	if err != nil {
		return 0, fmt.Errorf("move %s: %w", echo.Quote(text), err)
	}
	fmt.Fprintf(r.out, "%s: is %s legal? Under each ruleset on this board:\n\n", capitalize(due(s)), echo.Quote(text))
	moved := false
	for _, g := range dispute.Groups(c.Verdicts) {
		var names []string
		for _, v := range g.Verdicts {
			names = append(names, v.Label())
			moved = moved || v.Moved
		}
		fmt.Fprintf(r.out, "%s under %s\n", strings.ToUpper(g.Outcome.String()), wrap(strings.Join(names, ", "), "  ", width-len(g.Outcome.String())-7))
		fmt.Fprintf(r.out, "    %s\n", wrap(reasons(g.Outcome, g.Reasons), "    ", width-4))
	}
	if moved {
		fmt.Fprintf(r.out, "* a preset of another board, played with its own options on this one.\n")
	}
	own := c.Own
	head := fmt.Sprintf("Under the position's own rules, %v, %s", s.Rules(), strings.ToUpper(own.Outcome.String()))
	if rule := own.Rule(); rule != "" {
		head += fmt.Sprintf(" (rule %s)", rule)
	}
	listed := slices.ContainsFunc(c.Verdicts, func(v dispute.Verdict) bool { return sameRules(v.Rules, own.Rules) })
	if !listed && own.Outcome == dispute.Legal {
		head += ": " + reasons(own.Outcome, own.Reasons)
	}
	switch {
	case own.Outcome == dispute.Unjudged:
		fmt.Fprintf(r.out, "\n%s\n", wrap(head+": "+reasons(own.Outcome, own.Reasons), "  ", width))
	case len(c.Flips) == 0:
		fmt.Fprintf(r.out, "\n%s\n", wrap(head+"; no single option change turns the answer around.", "  ", width))
	default:
		fmt.Fprintf(r.out, "\n%s\n", wrap(head+"; one option changed turns it around:", "  ", width))
		for _, l := range flipLines(c.Flips, s.Rules()) {
			fmt.Fprintf(r.out, "  %s\n", l)
		}
	}
	if len(c.Alters) > 0 {
		var opts []string
		for _, f := range c.Alters {
			o := f.Change.Option.Name + " (" + f.Change.Option.Rule + ")"
			if !slices.Contains(opts, o) {
				opts = append(opts, o)
			}
		}
		fmt.Fprintf(r.out, "%s\n", wrap("Changing "+orList(opts)+" keeps it legal but alters what it does.", "  ", width))
	}
	if err := r.drawSVG(s); err != nil {
		return 0, err
	}
	if own.Outcome == dispute.Legal {
		return exitOK, nil
	}
	return exitIllegal, nil
}

// sameRules reports whether rules a and b play alike: equal but for the
// name of the preset they start from.
func sameRules(a, b ludo.Rules) bool {
	a.Preset, b.Preset = "", ""
	return a == b
}

// reasons writes what a group of verdicts says: a legal move's reasons
// with their rules' numbers, a refusal with its rule cited, or why the
// rules cannot judge.
func reasons(o dispute.Outcome, rs []dispute.Reason) string {
	if o == dispute.Illegal && len(rs) == 1 && rs[0].Rule != "" {
		return rs[0].Text + " (" + cite(rs[0].Rule) + ")"
	}
	var parts []string
	for _, r := range rs {
		parts = append(parts, r.String())
	}
	return strings.Join(parts, ", ")
}

// flipLines writes the flips, one line an option and verdict: "Blocks:
// NoBlocks or BlocksOnSafe  LEGAL (rule B1, blocks)".
func flipLines(fs []dispute.Flip, own ludo.Rules) []string {
	type line struct {
		option, verdict string
		opt             ludo.Option
		values          []string
	}
	var ls []line
	for _, f := range fs {
		verdict := "makes it " + strings.ToUpper(f.Verdict.Outcome.String())
		if f.Verdict.Outcome == dispute.Illegal {
			verdict += ": " + f.Verdict.Reasons[0].Text
		}
		verdict += " (" + cite(f.Rule) + ")"
		k := slices.IndexFunc(ls, func(l line) bool { return l.option == f.Change.Option.Name && l.verdict == verdict })
		if k < 0 {
			ls = append(ls, line{option: f.Change.Option.Name, verdict: verdict, opt: f.Change.Option})
			k = len(ls) - 1
		}
		ls[k].values = append(ls[k].values, f.Change.To)
	}
	var out []string
	for _, l := range ls {
		out = append(out, wrap(l.option+valueList(l.opt, own, l.values)+" "+l.verdict, "    ", width-2))
	}
	return out
}

// ----- fit -----

func (r *referee) fit(file string) (int, error) {
	text, err := r.read(file)
	if err != nil {
		return 0, err
	}
	rec, err := ludo.ParseRecord(text)
	if err != nil {
		return 0, fmt.Errorf("%s: %w", name(file), err)
	}
	table := rec.Start.Rules()
	among, err := dispute.Candidates(r.opt.among, table)
	if err != nil {
		return 0, err
	}
	f := dispute.FitRecord(rec, among, dispute.Limits{})
	fmt.Fprintf(r.out, "%s replayed under each ruleset on its board, with its %d players:\n\n", capitalize(wording.Plural(f.Plies, "ply", "plies")), table.Players)
	var fits, unfit []string
	type broken struct {
		b     dispute.Break
		names []string
	}
	var breaks []broken
	moved := false
	for _, v := range f.Verdicts {
		moved = moved || v.Moved
		switch {
		case v.Unfit != nil:
			unfit = append(unfit, v.Label())
		case v.Break == nil:
			fits = append(fits, v.Label())
		default:
			k := slices.IndexFunc(breaks, func(b broken) bool { return b.b.String() == v.Break.String() })
			if k < 0 {
				breaks = append(breaks, broken{b: *v.Break})
				k = len(breaks) - 1
			}
			breaks[k].names = append(breaks[k].names, v.Label())
		}
	}
	if len(fits) > 0 {
		fmt.Fprintf(r.out, "EVERY PLY LEGAL under %s\n", wrap(strings.Join(fits, ", "), "  ", width-21))
	}
	if len(breaks) > 0 {
		fmt.Fprintf(r.out, "BREAKS under\n")
		slices.SortStableFunc(breaks, func(a, b broken) int { return b.b.Ply - a.b.Ply })
		for _, b := range breaks {
			why := "ply " + strconv.Itoa(b.b.Ply)
			if b.b.Ply == 0 {
				why = "the start"
			}
			why += ": " + b.b.Reason
			if b.b.Rule != "" {
				why += " (" + cite(b.b.Rule) + ")"
			}
			fmt.Fprintf(r.out, "  %s\n      %s\n", wrap(strings.Join(b.names, ", "), "  ", width-2), wrap(why, "      ", width-6))
		}
	}
	if len(unfit) > 0 {
		fmt.Fprintf(r.out, "CANNOT JUDGE (the rules do not fit this board) %s\n", wrap(strings.Join(unfit, ", "), "  ", width-47))
	}
	if moved {
		fmt.Fprintf(r.out, "* a preset of another board, played with its own options on this one.\n")
	}
	switch {
	case len(f.Fixes) > 0:
		n := len(f.Fixes[0].Changes)
		fmt.Fprintf(r.out, "\nNone fits as it is. The smallest sets of changes found, %s each:\n", wording.Plural(n, "change", "changes"))
		for _, l := range fixLines(f.Fixes) {
			fmt.Fprintf(r.out, "  %s\n", l)
		}
	case f.Exhausted:
		fmt.Fprintf(r.out, "\nNone fits as it is, and no set of up to 3 option changes found makes one fit.\n")
	}
	if f.Fits {
		r.printOptions(f)
	}
	fmt.Fprintf(r.out, "(%d rulesets replayed)\n", f.Searched)
	if len(f.Consistent()) > 0 {
		return exitOK, nil
	}
	return exitIllegal, nil
}

// fixLines writes the fixes, those that change the same options of the
// same ruleset on one line: "ludoking{Finish:BounceFinish or AnyRollFinishes}".
func fixLines(fixes []dispute.Fix) []string {
	type line struct {
		from   string
		names  []string
		values [][]string
	}
	var ls []line
	for _, x := range fixes {
		var names []string
		for _, c := range x.Changes {
			names = append(names, c.Option.Name)
		}
		k := slices.IndexFunc(ls, func(l line) bool { return l.from == x.From.Label() && slices.Equal(l.names, names) })
		if k < 0 {
			ls = append(ls, line{from: x.From.Label(), names: names, values: make([][]string, len(names))})
			k = len(ls) - 1
		}
		for i, c := range x.Changes {
			if !slices.Contains(ls[k].values[i], c.To) {
				ls[k].values[i] = append(ls[k].values[i], c.To)
			}
		}
	}
	var out []string
	for _, l := range ls {
		var parts []string
		for i, name := range l.names {
			parts = append(parts, name+":"+compact(l.values[i], " or "))
		}
		out = append(out, wrap(l.from+"{"+strings.Join(parts, " ")+"}", "    ", width-2))
	}
	return out
}

// printOptions says what the record decides of each option.
func (r *referee) printOptions(f dispute.Fit) {
	fmt.Fprintf(r.out, "\n%s\n", wrap(fmt.Sprintf("What the record says of each option, the others as under %s:", f.Reference.Rules), "  ", width))
	var decided, narrowed, undecided []string
	for _, o := range f.Options {
		switch {
		case o.Undecided():
			undecided = append(undecided, o.Option.Name)
		case o.Decided() && len(o.Open) == 0:
			decided = append(decided, decidedLine(o))
		case o.Decided():
			narrowed = append(narrowed, decidedLine(o))
		}
	}
	if len(decided) > 0 {
		fmt.Fprintf(r.out, "  decided (no other value fits; where the others break):\n")
		for _, l := range decided {
			fmt.Fprintf(r.out, "    %s\n", l)
		}
	}
	if len(narrowed) > 0 {
		fmt.Fprintf(r.out, "  narrowed (these values fit; where the others break):\n")
		for _, l := range narrowed {
			fmt.Fprintf(r.out, "    %s\n", l)
		}
	}
	if len(undecided) > 0 {
		fmt.Fprintf(r.out, "  undecided (every value tried fits): %s\n", wrap(strings.Join(undecided, ", "), "    ", width-38))
	}
}

// decidedLine writes what a record decides of an option: "SixLimit 3,
// 0, 4-15: 2 breaks at ply 16 (rule C9)".
func decidedLine(o dispute.OptionFit) string {
	fits := compact(append([]string{o.Value}, o.Open...), ", ")
	if len(fits) > 30 {
		fits = o.Value + " and " + wording.Plural(len(o.Open), "other", "others")
	}
	var why string
	switch len(o.Ruled) {
	case 1:
		why = o.Ruled[0].Value + " breaks " + atPly(o.Ruled[0].Break)
	case 2:
		why = o.Ruled[0].Value + " " + atPly(o.Ruled[0].Break) + " and " + o.Ruled[1].Value + " " + atPly(o.Ruled[1].Break) + " break"
	default:
		last := slices.MaxFunc(o.Ruled, func(a, b dispute.Ruled) int { return a.Break.Ply - b.Break.Ply })
		why = fmt.Sprintf("%d other values break, the last (%s) %s", len(o.Ruled), last.Value, atPly(last.Break))
	}
	return wrap(o.Option.Name+" "+fits+": "+why, "      ", width-4)
}

// atPly writes where a record breaks: "at ply 17 (rule C9)".
func atPly(b dispute.Break) string {
	s := "at ply " + strconv.Itoa(b.Ply)
	if b.Ply == 0 {
		s = "at the start"
	}
	if b.Rule != "" {
		s += " (rule " + b.Rule + ")"
	}
	return s
}

// ----- words -----

// valueList writes values of option o, tried from rules r, to follow
// the option's name: ":0, 2 or 4-15" (numbers that follow each other as
// a range), and many sets by what they share: " as any of the 32 sets
// without 6".
func valueList(o ludo.Option, r ludo.Rules, vs []string) string {
	if len(vs) <= 3 || !strings.HasPrefix(vs[0], "{") {
		return ":" + orList(strings.Split(compact(vs, "\x00"), "\x00"))
	}
	members := func(v string) []string { return strings.Fields(strings.Trim(v, "{}")) }
	var universe []string
	for _, v := range o.Values(r) {
		for _, m := range members(v) {
			if !slices.Contains(universe, m) {
				universe = append(universe, m)
			}
		}
	}
	var with, without []string
	for _, m := range universe {
		in := 0
		for _, v := range vs {
			if slices.Contains(members(v), m) {
				in++
			}
		}
		switch in {
		case len(vs):
			with = append(with, m)
		case 0:
			without = append(without, m)
		}
	}
	text := fmt.Sprintf(" as any of the %d sets", len(vs))
	if len(with) > 0 {
		text += " with " + orList(with)
	}
	if len(with) > 0 && len(without) > 0 {
		text += " and"
	}
	if len(without) > 0 {
		text += " without " + orList(without)
	}
	if len(with)+len(without) == 0 {
		text += " " + vs[0] + ", " + vs[1] + ", …"
	}
	return text
}

// withRules returns the lines of a position with a rules line where it
// has none: the classic board, with the colours it gives lines to (or
// red and yellow) playing.
func withRules(lines []string) []string {
	var seats ludo.Colors
	for _, l := range lines {
		body, _, _ := strings.Cut(l, "#")
		w := strings.Fields(body)
		if len(w) == 0 {
			continue
		}
		if strings.EqualFold(w[0], "rules") {
			return lines
		}
		if c, ok := ludo.ParseColor(w[0]); ok {
			seats |= ludo.ColorsOf(c)
		}
		if strings.EqualFold(w[0], "turn") && len(w) > 1 {
			if c, ok := ludo.ParseColor(w[1]); ok {
				seats |= ludo.ColorsOf(c)
			}
		}
	}
	r := ludo.Classic()
	r.Players = max(seats.Len(), 2)
	if s, err := ludo.New(r); err == nil && seats.Len() >= 2 && s.Players() != seats {
		r.Seats = seats
	}
	return append(lines, "rules "+r.String())
}

// compact joins values, numbers that follow each other as a range:
// "0, 4-15".
func compact(vs []string, sep string) string {
	var out []string
	for i := 0; i < len(vs); i++ {
		n, err := strconv.Atoi(vs[i])
		j := i
		for err == nil && j+1 < len(vs) {
			m, err2 := strconv.Atoi(vs[j+1])
			if err2 != nil || m != n+(j+1-i) {
				break
			}
			j++
		}
		if j >= i+2 {
			out = append(out, vs[i]+"-"+vs[j])
			i = j
			continue
		}
		out = append(out, vs[i])
	}
	return strings.Join(out, sep)
}

// orList joins words as "a, b or c".
func orList(ws []string) string {
	if len(ws) < 2 {
		return strings.Join(ws, "")
	}
	return strings.Join(ws[:len(ws)-1], ", ") + " or " + ws[len(ws)-1]
}

// wrap wraps text at spaces to lines of at most n characters, the lines
// after the first indented by indent.
func wrap(text, indent string, n int) string {
	var b strings.Builder
	line := 0
	for i, w := range strings.Fields(text) {
		if i > 0 && line+1+len([]rune(w)) > n {
			b.WriteString("\n" + indent)
			line = 0
			n = width - len(indent)
		} else if i > 0 {
			b.WriteByte(' ')
			line++
		}
		b.WriteString(w)
		line += len([]rune(w))
	}
	return b.String()
}
