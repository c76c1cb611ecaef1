package ludo

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// This file holds the option table: one row for each option of [Rules]
// (its name, rule, range or names, and how to read and write its value),
// which Rules.String, ParseRules, the JSON forms, Rules.Validate and the
// README's options table all read; and [Option], which opens it to
// programs that search over the options, as package dispute does: which
// rules fit a game record, which single change of the rules would make a
// move legal.

// optKind is how an option's value is written.
type optKind uint8

const (
	kindInt     optKind = iota // a number in its range
	kindBool                   // true or false
	kindFaces                  // a set of faces of the throw, {1 6}
	kindColors                 // a set of colours, {red yellow}
	kindOffsets                // a set of offsets, {0 8}
	kindEnum                   // one of names
	kindBonus                  // none, roll or a number of steps
)

// option is one option of Rules: its name (as Rules.String, the text
// form and JSON spell it), the rule it belongs to, what it does in a few
// words (the options table of docs/options.md), its kind and range, and its field,
// read and written as a number. Every form of Rules goes through this
// table: String, ParseRules, JSON, Key, Validate and docs/options.md.
type option struct {
	name, rule, doc string
	kind            optKind
	rng             func(r *Rules) (lo, hi int) // kindInt: the values allowed, which may depend on other options
	off             bool                        // kindInt: 0 is allowed too, and turns the option off
	names           []string                    // kindEnum: the value names, in order
	later           bool                        // added after State.Key was frozen: hashed only where not 0, so that older rules keep their keys
	get             func(r *Rules) uint64
	set             func(r *Rules, v uint64)
}

// span returns the range of values lo to hi, whatever the other options.
func span(lo, hi int) func(*Rules) (int, int) { return func(*Rules) (int, int) { return lo, hi } }

func intOpt(name, rule, doc string, rng func(r *Rules) (lo, hi int), f func(r *Rules) *int) option {
	return option{name: name, rule: rule, doc: doc, kind: kindInt, rng: rng,
		get: func(r *Rules) uint64 { return uint64(*f(r)) }, set: func(r *Rules, v uint64) { *f(r) = int(v) }}
}

// later returns o marked as added after State.Key was frozen (see
// rulesKey).
func later(o option) option { o.later = true; return o }

// orOff returns o with 0 allowed as well as its range, for off.
func orOff(o option) option { o.off = true; return o }

// listLimit returns the most values a list option's JSON list can hold,
// and what the error for more says and matches: the JSON form refuses a
// longer list before decoding it.
func (o *option) listLimit() (most int, msg string, kind error) {
	switch o.kind {
	case kindColors:
		return MaxPlayers, fmt.Sprintf("more than MaxPlayers (%d) colours", MaxPlayers), ErrInvalidRules
	case kindFaces:
		return maxFaces, fmt.Sprintf("more than %d faces", maxFaces), ErrSyntax
	case kindOffsets:
		return 64, "more than 64 offsets", ErrSyntax
	}
	return 0, "", nil
}

func boolOpt(name, rule, doc string, f func(r *Rules) *bool) option {
	return option{name: name, rule: rule, doc: doc, kind: kindBool,
		get: func(r *Rules) uint64 { return uint64(b2u(*f(r))) }, set: func(r *Rules, v uint64) { *f(r) = v != 0 }}
}

func setOpt[T ~uint8 | ~uint64](name, rule, doc string, kind optKind, f func(r *Rules) *T) option {
	return option{name: name, rule: rule, doc: doc, kind: kind,
		get: func(r *Rules) uint64 { return uint64(*f(r)) }, set: func(r *Rules, v uint64) { *f(r) = T(v) }}
}

func enumOpt[E ~uint8](name, rule, doc string, names []string, f func(r *Rules) *E) option {
	o := setOpt(name, rule, doc, kindEnum, f)
	o.names = names
	return o
}

// options lists every option of Rules but Preset, in the order Rules
// declares them (the order of Rules.String, JSON and the table of docs/options.md).
var options = []option{
	intOpt("Arms", "C3", "colours the board seats", span(2, MaxPlayers), func(r *Rules) *int { return &r.Board.Arms }),
	intOpt("Track", "C3", "squares of the shared track", span(4, 250), func(r *Rules) *int { return &r.Board.Track }),
	intOpt("StartSpacing", "C3", "squares from one start square to the next",
		func(r *Rules) (int, int) { return 1, r.Board.Track / max(r.Board.Arms, 1) }, func(r *Rules) *int { return &r.Board.StartSpacing }),
	intOpt("HomeEntry", "C4", "progress of the last track square before the home column",
		func(r *Rules) (int, int) { return 1, r.Board.lastEntry() }, func(r *Rules) *int { return &r.Board.HomeEntry }),
	intOpt("HomeColumn", "C4", "squares of a home column, the finish not counted",
		func(r *Rules) (int, int) { return 0, 249 - r.Board.HomeEntry }, func(r *Rules) *int { return &r.Board.HomeColumn }),
	later(intOpt("StartLane", "Y1", "squares from the yard down the home column to the start square",
		func(r *Rules) (int, int) { return 0, r.Board.HomeColumn }, func(r *Rules) *int { return &r.Board.StartLane })),
	setOpt("Safe", "K1", "safe squares, as offsets from every start square", kindOffsets, func(r *Rules) *Offsets { return &r.Board.Safe }),
	setOpt("Stars", "D2", "stars, as offsets from every start square", kindOffsets, func(r *Rules) *Offsets { return &r.Board.Stars }),
	intOpt("Players", "C1", "players, 2 to Arms", func(r *Rules) (int, int) { return 2, r.Board.Arms }, func(r *Rules) *int { return &r.Players }),
	setOpt("Seats", "Q5", "colours that play; {} = spread evenly", kindColors, func(r *Rules) *Colors { return &r.Seats }),
	enumOpt("Teams", "T1", "partnerships", teamNames, func(r *Rules) *TeamRule { return &r.Teams }),
	intOpt("Tokens", "C1", "tokens per player", span(1, MaxTokens), func(r *Rules) *int { return &r.Tokens }),
	intOpt("StartOut", "K6", "tokens that start on the start square", func(r *Rules) (int, int) { return 0, r.Tokens }, func(r *Rules) *int { return &r.StartOut }),
	later(boolOpt("TwoDice", "W1", "a throw is two dice, each die a move", func(r *Rules) *bool { return &r.TwoDice })),
	later(boolOpt("Cowries", "X1", "a throw is six cowries: 2 to 6, 10 or 25", func(r *Rules) *bool { return &r.Cowries })),
	later(enumOpt("DiceUse", "W2", "which die is played where only one can be", diceUseNames, func(r *Rules) *DiceUse { return &r.DiceUse })),
	later(boolOpt("EntrySum", "H1", "two dice that sum to an entry face enter a token", func(r *Rules) *bool { return &r.EntrySum })),
	later(boolOpt("BonusAnyDie", "U1", "a bonus face on either die earns one bonus roll", func(r *Rules) *bool { return &r.BonusAnyDie })),
	later(boolOpt("SumMoves", "U2", "a token takes both dice as one move of their sum", func(r *Rules) *bool { return &r.SumMoves })),
	later(boolOpt("DoublesSplitBlocks", "H5", "a double may not move a block's two tokens on together", func(r *Rules) *bool { return &r.DoublesSplitBlocks })),
	later(boolOpt("TopsAndBottoms", "H2", "a double with every token out moves the tops and the bottoms", func(r *Rules) *bool { return &r.TopsAndBottoms })),
	setOpt("EntryRolls", "C7", "faces that enter a token", kindFaces, func(r *Rules) *Faces { return &r.EntryRolls }),
	enumOpt("SixEntry", "F1", "what an entering 6 does", sixEntryNames, func(r *Rules) *SixEntry { return &r.SixEntry }),
	later(boolOpt("FirstEntryAny", "Y2", "with every token in the yard, any throw enters one", func(r *Rules) *bool { return &r.FirstEntryAny })),
	boolOpt("EntryCompulsory", "M2", "an entry roll must enter a token if one can", func(r *Rules) *bool { return &r.EntryCompulsory }),
	boolOpt("ClearStart", "M3", "a token must leave the start square while others wait", func(r *Rules) *bool { return &r.ClearStart }),
	intOpt("Tries", "M4", "rolls a turn while nothing can move but by entering", span(1, 3), func(r *Rules) *int { return &r.Tries }),
	setOpt("BonusRolls", "C9", "faces that earn another roll", kindFaces, func(r *Rules) *Faces { return &r.BonusRolls }),
	intOpt("SixLimit", "C9", "bonus rolls in a row at which the last is forfeited; 0 = none", span(0, 255), func(r *Rules) *int { return &r.SixLimit }),
	enumOpt("SixPenalty", "Q2", "what the forfeited roll does", sixPenaltyNames, func(r *Rules) *SixPenalty { return &r.SixPenalty }),
	boolOpt("NoMoveForfeitsBonus", "Q1", "an unusable bonus roll ends the turn", func(r *Rules) *bool { return &r.NoMoveForfeitsBonus }),
	intOpt("SixValue", "P5", "steps a 6 counts once no token is in the yard", func(r *Rules) (int, int) { return r.chance().six(), 20 }, func(r *Rules) *int { return &r.SixValue }),
	later(boolOpt("SixValueAlways", "S2", "a 6 counts SixValue with tokens in the yard too", func(r *Rules) *bool { return &r.SixValueAlways })),
	setOpt("CaptureBonus", "K2", "what a capture earns: none, roll or steps", kindBonus, func(r *Rules) *Bonus { return &r.CaptureBonus }),
	setOpt("HomeBonus", "K3", "what bringing a token home earns", kindBonus, func(r *Rules) *Bonus { return &r.HomeBonus }),
	enumOpt("Blocks", "B1", "what two tokens of a colour on a square do", blockNames, func(r *Rules) *BlockRule { return &r.Blocks }),
	boolOpt("BreakOnSix", "P7", "a 6 must open a block if it can", func(r *Rules) *bool { return &r.BreakOnSix }),
	orOff(intOpt("SquareLimit", "P2", "most tokens on a track square; 0 = no limit", span(2, MaxTokens*MaxPlayers), func(r *Rules) *int { return &r.SquareLimit })),
	enumOpt("OwnLanding", "Q11", "may a token end on its own colour", ownLandingNames, func(r *Rules) *OwnLanding { return &r.OwnLanding }),
	enumOpt("MultiCapture", "Q3", "landing on two or more opponents", multiCaptureNames, func(r *Rules) *MultiCapture { return &r.MultiCapture }),
	enumOpt("SafeSquares", "K1", "landing on an opponent on a safe square", safeNames, func(r *Rules) *SafeRule { return &r.SafeSquares }),
	enumOpt("EntryCapture", "Q4", "entering onto opponents on a safe start square", entryCaptureNames, func(r *Rules) *EntryCapture { return &r.EntryCapture }),
	later(boolOpt("GuardedExits", "A5", "no block on a start square, and two colours there only with its owner", func(r *Rules) *bool { return &r.GuardedExits })),
	enumOpt("CaptureDuty", "M8", "must a player capture", captureDutyNames, func(r *Rules) *CaptureDuty { return &r.CaptureDuty }),
	boolOpt("CaptureBeforeHome", "K4", "a colour goes home only after it has captured", func(r *Rules) *bool { return &r.CaptureBeforeHome }),
	later(boolOpt("CaptureRetires", "N1", "a token that captures leaves the board as finished", func(r *Rules) *bool { return &r.CaptureRetires })),
	enumOpt("Overtake", "F2", "which tokens a token may pass, on the track and in its home column", overtakeNames, func(r *Rules) *Overtake { return &r.Overtake }),
	enumOpt("HomeJumps", "Q8", "may tokens pass each other in the home column", homeJumpsNames, func(r *Rules) *HomeJumps { return &r.HomeJumps }),
	enumOpt("Finish", "C5", "which rolls reach the finish", finishNames, func(r *Rules) *FinishRule { return &r.Finish }),
	enumOpt("Goal", "M1", "how the home column and finish hold tokens", goalNames, func(r *Rules) *GoalRule { return &r.Goal }),
	boolOpt("HomeSteps", "V2", "home column one square a move, on its number", func(r *Rules) *bool { return &r.HomeSteps }),
	intOpt("FinishTokens", "K6", "tokens home to finish; 0 = all", span(0, MaxTokens), func(r *Rules) *int { return &r.FinishTokens }),
	enumOpt("End", "Q10", "when the game stops", endNames, func(r *Rules) *EndRule { return &r.End }),
	later(boolOpt("TowersTogether", "Y5", "a tower's two tokens may move together anywhere", func(r *Rules) *bool { return &r.TowersTogether })),
	later(boolOpt("RoundAgain", "Y6", "a token may go round again instead of into its home column", func(r *Rules) *bool { return &r.RoundAgain })),
	later(boolOpt("Decline", "Y7", "a player with a token out may refuse to move", func(r *Rules) *bool { return &r.Decline })),
}

// seatsOption is the index of Seats in options.
var seatsOption = func() int {
	for i, o := range options {
		if o.name == "Seats" {
			return i
		}
	}
	panic("no Seats option")
}()

// optionByName returns the option with the given name, in any case.
func optionByName(name string) (*option, bool) {
	for i := range options {
		if strings.EqualFold(options[i].name, name) {
			return &options[i], true
		}
	}
	return nil, false
}

// format writes value v of the option as the text form spells it.
func (o *option) format(v uint64) string {
	switch o.kind {
	case kindBool:
		return strconv.FormatBool(v != 0)
	case kindFaces:
		return Faces(v).String()
	case kindColors:
		return Colors(v).String()
	case kindOffsets:
		return Offsets(v).String()
	case kindEnum:
		return enumName(uint8(v), o.names...)
	case kindBonus:
		return Bonus(v).String()
	}
	return strconv.FormatInt(int64(int(v)), 10)
}

// parse reads a value of the option as format writes it (names in any
// case), or says what is wrong.
func (o *option) parse(s string) (uint64, string) {
	set := func(max int, item func(w string) (int, bool), what string) (uint64, string) {
		words, ok := braced(s)
		if !ok {
			return 0, fmt.Sprintf("%s is not a set: want %s in braces, as %s", quote(s), what, o.format(o.example()))
		}
		var v uint64
		for _, w := range words {
			n, ok := item(w)
			if !ok || n < 0 || n > max {
				return 0, fmt.Sprintf("%s is not %s", quote(w), what)
			}
			if v&(1<<n) != 0 {
				return 0, fmt.Sprintf("%s given twice", w)
			}
			v |= 1 << n
		}
		return v, ""
	}
	switch o.kind {
	case kindBool:
		switch strings.ToLower(s) {
		case "true":
			return 1, ""
		case "false":
			return 0, ""
		}
		return 0, fmt.Sprintf("%s is not true or false", quote(s))
	case kindFaces:
		v, msg := set(MaxFace, number, fmt.Sprintf("a face 1 to %d", MaxFace))
		if v&1 != 0 {
			return 0, fmt.Sprintf("0 is not a face 1 to %d", MaxFace)
		}
		return v, msg
	case kindColors:
		return set(MaxPlayers-1, func(w string) (int, bool) { c, ok := ParseColor(w); return int(c), ok }, "a colour: "+colorList)
	case kindOffsets:
		return set(63, number, "an offset 0 to 63")
	case kindEnum:
		for v, name := range o.names {
			if strings.EqualFold(s, name) {
				return uint64(v), ""
			}
		}
		return 0, fmt.Sprintf("%s is not one of %s", quote(s), strings.Join(o.names, ", "))
	case kindBonus:
		b, ok := parseBonus(s)
		if !ok {
			return 0, fmt.Sprintf("%s is not a bonus: want none, roll or a number of steps 2 to %d", quote(s), maxBonusSteps)
		}
		return uint64(b), ""
	}
	n, ok := number(s)
	if !ok {
		return 0, fmt.Sprintf("%s is not a number", quote(s))
	}
	return uint64(n), ""
}

// example returns a value of a set option for its error messages.
func (o *option) example() uint64 {
	switch o.kind {
	case kindFaces:
		return uint64(FacesOf(1, 6))
	case kindColors:
		return uint64(ColorsOf(Red, Yellow))
	}
	return uint64(OffsetsOf(0, 8))
}

// String names the preset the rules start from and lists the options that
// differ from it, as "mongolian{Players:2}". Rules whose Preset is not a
// preset's name are written against the zero Rules.
func (r Rules) String() string {
	base, _ := Preset(r.Preset)
	name := r.Preset
	if name == "" {
		name = "?"
	}
	var diff []string
	for i := range options {
		o := &options[i]
		if v := o.get(&r); v != o.get(&base) {
			diff = append(diff, o.name+":"+o.format(v))
		}
	}
	if len(diff) == 0 {
		return name
	}
	return name + "{" + strings.Join(diff, " ") + "}"
}

// optionsMarkdown writes the options table of docs/options.md: every option with
// its rule, what it does, and its value in each preset (the presets on a
// board of six arms differ from theirs only in Arms, Track, HomeEntry and
// Players, so they have no column).
func optionsMarkdown() string {
	var cols []preset
	for _, p := range presets {
		if p.rules.Board.Arms == Ludo52().Arms {
			cols = append(cols, p)
		}
	}
	var b strings.Builder
	b.WriteString("| option | rule | what it says |")
	for _, p := range cols {
		b.WriteString(" " + p.name + " |")
	}
	b.WriteString("\n|---|---|---|")
	for range cols {
		b.WriteString("---|")
	}
	b.WriteString("\n")
	for i := range options {
		o := &options[i]
		b.WriteString("| `" + o.name + "` | " + o.rule + " | " + o.doc + " |")
		for _, p := range cols {
			b.WriteString(" " + strings.ReplaceAll(o.format(o.get(&p.rules)), "|", "\\|") + " |")
		}
		b.WriteString("\n")
	}
	return b.String()
}

// Option is one option of [Rules]: a row of the options table that
// [Rules.String], [ParseRules], JSON, [Rules.Validate] and the README's
// options table all read. Get them from [Options]; the zero Option is
// none, and its methods panic.
type Option struct {
	Name string // the option's name as the text form spells it: "SafeSquares"
	Rule string // the rule it belongs to, as the rulebook numbers it: "K1"
	Doc  string // what it says, in a few words, as the options table of docs/options.md
	o    *option
}

// Options returns every option of Rules but Preset, in the order Rules
// declares them (the order of [Rules.String] and of the table of docs/options.md).
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
