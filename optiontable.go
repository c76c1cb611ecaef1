package ludo

import (
	"fmt"
	"slices"
)

// This file opens the option table (variants.go) to programs that search
// over the options, as package dispute does: which rules fit a game
// record, which single change of the rules would make a move legal.

// Option is one option of [Rules]: a row of the options table that
// [Rules.String], [ParseRules], JSON, [Rules.Validate] and the README's
// options table all read. Get them from [Options]; the zero Option is
// none, and its methods panic.
type Option struct {
	Name string // the option's name as the text form spells it: "SafeSquares"
	Rule string // the rule it belongs to, as the rulebook numbers it: "K1"
	Doc  string // what it says, in a few words, as the README's options table
	o    *option
}

// Options returns every option of Rules but Preset, in the order Rules
// declares them (the order of [Rules.String] and of the README's table).
func Options() []Option {
	out := make([]Option, len(options))
	for i := range options {
		o := &options[i]
		out[i] = Option{Name: o.name, Rule: o.rule, Doc: o.doc, o: o}
	}
	return out
}

// Value returns the option's value in r as the text form writes it:
// "SafeShare", "true", "3", "{1 6}", "roll".
func (o Option) Value(r Rules) string { return o.o.format(o.o.get(&r)) }

// With returns r with the option set to value, written as the text form
// writes it (names in any case). It does not validate the result, which
// may contradict the other options: [Rules.Validate] says. A value the
// option cannot hold is refused with an error matching [ErrSyntax].
func (o Option) With(r Rules, value string) (Rules, error) {
	v, msg := o.o.parse(value)
	if msg != "" {
		return r, fmt.Errorf("%w: %s: %s", ErrSyntax, o.Name, msg)
	}
	o.o.set(&r, v)
	return r, nil
}

// maxTried is the most numbers of an option's range that [Option.Values]
// lists, beside the presets' values.
const maxTried = 16

// Values returns the values worth trying for the option where r holds the
// others, as [Option.Value] writes them, r's own first: for a search over
// the options, which cannot try them all. They are
//
//   - every name of an enumeration, and false and true;
//   - the numbers of the option's range (0 first where 0 turns it off),
//     but of a range longer than 16 only its first 16 (SixLimit 0 to 15;
//     SixValue 6 to 20 in full);
//   - none, roll and bonus moves of 2 to 15 steps;
//   - every set of the faces the rules' throw shows;
//   - for a set of colours or of offsets, r's own with one member added
//     or taken away;
//
// and besides them every value a preset gives the option that is in its
// range here. Values need not be valid with the rest of r: a search
// skips those [Rules.Validate] refuses.
func (o Option) Values(r Rules) []string {
	op := o.o
	var vs []uint64
	add := func(v uint64) {
		if !slices.Contains(vs, v) {
			vs = append(vs, v)
		}
	}
	own := op.get(&r)
	add(own)
	inRange := func(v uint64) bool { return true }
	switch op.kind {
	case kindBool:
		add(0)
		add(1)
	case kindEnum:
		for v := range op.names {
			add(uint64(v))
		}
	case kindInt:
		lo, hi := op.rng(&r)
		inRange = func(v uint64) bool { return int(v) >= lo && int(v) <= hi || op.off && v == 0 }
		if op.off {
			add(0)
		}
		for n := lo; n <= hi && n < lo+maxTried; n++ {
			add(uint64(n))
		}
	case kindBonus:
		inRange = func(v uint64) bool { return Bonus(v).valid() }
		for v := range uint64(maxTried) {
			add(v) // none, roll, then 2 to 15 steps
		}
	case kindFaces:
		faces := uint64(r.chance().faces)
		inRange = func(v uint64) bool { return v&^faces == 0 }
		for sub := uint64(0); ; sub = (sub - faces) & faces { // every subset, in increasing order
			add(sub)
			if sub == faces {
				break
			}
		}
	case kindColors, kindOffsets:
		n := r.Board.Arms
		if op.kind == kindOffsets {
			n = min(r.Board.StartSpacing, 64)
		}
		inRange = func(v uint64) bool { return n == 64 || v>>n == 0 }
		for k := range n {
			add(own ^ 1<<k)
		}
	}
	for _, p := range presets {
		if v := op.get(&p.rules); inRange(v) {
			add(v)
		}
	}
	out := make([]string, len(vs))
	for i, v := range vs {
		out[i] = op.format(v)
	}
	return out
}
