package dispute

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/ludorules/ludo"
)

// tableOptions are the options the table fixes rather than the rules: the
// board's geometry and who plays. A position or a record gives them, and
// every ruleset is judged with them (OnTable); the searches never change
// them. The safe squares and the stars (Safe, Stars) are rules, each
// ruleset's own.
var tableOptions = []string{"Arms", "Track", "StartSpacing", "HomeEntry", "HomeColumn", "StartLane", "Players", "Seats", "Tokens"}

// geometry is the part of tableOptions that is the board's.
var geometry = tableOptions[:6]

// option returns the option of the table named name.
func option(name string) ludo.Option {
	for _, o := range ludo.Options() {
		if o.Name == name {
			return o
		}
	}
	panic("dispute: no option " + name)
}

// isTable reports whether option o is one the table fixes.
func isTable(o ludo.Option) bool { return slices.Contains(tableOptions, o.Name) }

// copyOptions returns r with the options named taken from t.
func copyOptions(r, t ludo.Rules, names []string) ludo.Rules {
	for _, name := range names {
		o := option(name)
		r, _ = o.With(r, o.Value(t)) // a value of the option itself: it reads back
	}
	return r
}

// OnTable returns rules r played at the table of rules t: on t's board
// (its arms, track, start squares, home columns and start lanes; r keeps
// its own safe squares and stars) with t's players, seats and tokens. The
// result may not be valid: r's options may not fit t's board (safe
// squares past its start spacing, a goal too short for its tokens), which
// [ludo.Rules.Validate] says.
func OnTable(r, t ludo.Rules) ludo.Rules { return copyOptions(r, t, tableOptions) }

// Candidate is a ruleset to judge a position or a record by, on its
// table.
type Candidate struct {
	// Name is how the ruleset was asked for: a preset's name, or rules as
	// text ("ludoking{SafeSquares:SafeExclusive}").
	Name string
	// Also lists the other names asked for that give the same rules at
	// this table (ludoking6 beside ludoking: their boards differ only in
	// their arms, which the table replaces).
	Also []string
	// Rules are the rules played at the table ([OnTable]).
	Rules ludo.Rules
	// Moved reports that the rules come from another board, whose
	// geometry the table's replaced: maedn's rules on the classic board.
	Moved bool
	// Unfit, where not nil, says why the rules cannot be played at this
	// table: [ludo.Rules.Validate]'s error, matching
	// [ludo.ErrInvalidRules].
	Unfit error
}

// Label names the candidate: its name and the others that give the same
// rules, and a * where its rules come from another board.
func (c Candidate) Label() string {
	names := append([]string{c.Name}, c.Also...)
	if c.Moved {
		for k := range names {
			names[k] += "*"
		}
	}
	return strings.Join(names, " = ")
}

// ErrAmong is matched by the error of [Candidates] for an among list it
// cannot read.
var ErrAmong = errors.New("dispute: bad rules list")

// Candidates returns the rulesets among names, played at the table of
// rules t: each item of the comma-separated list is a preset's name (in
// any case) or rules as text ([ludo.ParseRules]: "ludoking{MultiCapture:CaptureAll}").
// The empty list is every preset ([ludo.Presets]). Items that give the
// same rules at the table are one Candidate, the later names in its
// Also. A candidate whose rules do not fit the table is kept, with its
// Unfit.
func Candidates(among string, t ludo.Rules) ([]Candidate, error) {
	items := splitAmong(among)
	if strings.TrimSpace(among) == "" {
		items = ludo.Presets()
	}
	var out []Candidate
	index := map[ludo.Rules]int{}
	for _, item := range items {
		if item == "" {
			return nil, fmt.Errorf("%w: an empty item in %q", ErrAmong, among)
		}
		r, ok := ludo.Preset(item)
		if ok {
			item = r.Preset
		} else {
			var err error
			if r, err = ludo.ParseRules(item); err != nil {
				return nil, fmt.Errorf("%w: %q is neither a preset (%s) nor rules: %w", ErrAmong, item, strings.Join(ludo.Presets(), ", "), err)
			}
		}
		c := Candidate{Name: item, Rules: OnTable(r, t)}
		c.Moved = copyOptions(r, t, geometry) != r
		c.Unfit = c.Rules.Validate()
		k := key(c.Rules)
		if i, ok := index[k]; ok {
			out[i].Also = append(out[i].Also, item)
			continue
		}
		index[k] = len(out)
		out = append(out, c)
	}
	return out, nil
}

// splitAmong splits a list of rulesets at the commas outside braces.
func splitAmong(s string) []string {
	var items []string
	depth, from := 0, 0
	for i, c := range s {
		switch c {
		case '{':
			depth++
		case '}':
			depth--
		case ',':
			if depth == 0 {
				items = append(items, strings.TrimSpace(s[from:i]))
				from = i + 1
			}
		}
	}
	return append(items, strings.TrimSpace(s[from:]))
}

// key returns r without its preset's name: two rulesets that play alike
// have the same key.
func key(r ludo.Rules) ludo.Rules {
	r.Preset = ""
	return r
}

// Change is one option of a ruleset set to another value.
type Change struct {
	Option   ludo.Option
	From, To string // the values, as the text form writes them
}

// String writes the change as the rules text does: "SafeSquares:SafeExclusive".
func (c Change) String() string { return c.Option.Name + ":" + c.To }

// neighbour is a ruleset one change away from another.
type neighbour struct {
	change Change
	rules  ludo.Rules
}

// neighbours returns the valid rulesets one option change away from r:
// each option but the table's, set to each value [ludo.Option.Values]
// lists but its own, skipping the options in skip and the rules
// Validate refuses.
func neighbours(r ludo.Rules, skip func(ludo.Option) bool) []neighbour {
	var out []neighbour
	for _, o := range ludo.Options() {
		if isTable(o) || skip != nil && skip(o) {
			continue
		}
		vs := o.Values(r)
		for _, v := range vs[1:] {
			n, err := o.With(r, v)
			if err != nil || n.Validate() != nil {
				continue
			}
			out = append(out, neighbour{Change{o, vs[0], v}, n})
		}
	}
	return out
}
