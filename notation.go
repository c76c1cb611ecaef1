package ludo

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// This file holds the text form of rules ([ParseRules], the form
// [Rules.String] prints). The other text forms a person can write by hand
// and read back: positions in position.go ([ParsePosition],
// [FormatPosition]), moves in movetext.go ([ParseMove], the form
// [Move.String] prints), the record of a whole game in record.go; the
// lexer and the errors they share in parse.go, the JSON forms in json.go.

// ParseRules reads rules in the form [Rules.String] prints: a preset name
// ("classic" or "mongolian"), optionally followed by the options that
// differ from it in braces, as "mongolian{Players:2 Finish:BounceFinish}".
//
// Option names are the fields of [Rules] and values are written as
// Rules.String writes them: numbers, true or false, the names of the
// constants (as BounceFinish), sets in braces (Seats:{red yellow},
// EntryRolls:{1 6}; {} is the empty set) and Board:{Track StartSpacing
// HomeEntry HomeColumn} (the classic board is {52 13 50 5}). Names and
// values may be written in any case, and spaces may stand around the
// braces and colons. An option may be given once.
//
// The rules are validated: the error for rules [Rules.Validate] rejects
// matches [ErrInvalidRules], and for malformed text [ErrSyntax]; either way
// it is a [*ParseError] that says where.
func ParseRules(text string) (Rules, error) {
	r, err := parseRulesLine(text)
	if err != nil {
		return Rules{}, err
	}
	return r, nil
}

// parseRulesLine is ParseRules: rules text is one line with no comment.
func parseRulesLine(text string) (Rules, *ParseError) {
	if i := strings.IndexAny(text, "\n#"); i >= 0 {
		return Rules{}, loc{line: 1, col: utf8.RuneCountInString(text[:i]) + 1}.errorf(ErrSyntax, "rules text is one line with no comment")
	}
	return parseRules(text, 1, 1)
}

// rulesOption is one option of the rules text, with where it was written.
type rulesOption struct {
	name string // the option's name, as the option table spells it
	at   loc
}

// parseRules reads rules text that starts at the given line and column:
// a preset's name and, in braces, the options that differ from it, each
// Name:value with the names and values of the option table.
func parseRules(text string, line, col int) (Rules, *ParseError) {
	c := &cursor{s: text, line: line, col: col}
	c.skipSpace()
	start := c.at()
	name := c.word("{}:")
	presetList := strings.Join(Presets(), ", ")
	if name == "" {
		return Rules{}, start.errorf(ErrSyntax, "no rules: want a preset (%s) and the options that differ from it, as mongolian{Players:2}", presetList)
	}
	r, ok := Preset(name)
	if !ok {
		return Rules{}, start.errorf(ErrSyntax, "unknown preset %s: want one of %s", quote(name), presetList)
	}
	var given []rulesOption
	c.skipSpace()
	if !c.done() && c.peek() == '{' {
		c.next()
		for {
			c.skipSpace()
			if c.done() {
				return Rules{}, c.at().errorf(ErrSyntax, "options not closed with '}'")
			}
			if c.peek() == '}' {
				c.next()
				break
			}
			at := c.at()
			key := c.word("{}:")
			opt, ok := optionByName(key)
			if strings.EqualFold(key, "Board") {
				opt, ok = &boardOption, true // the shorthand for the four numbers
			}
			if !ok {
				if key == "" {
					return Rules{}, at.errorf(ErrSyntax, "want an option name before %q", c.peek())
				}
				return Rules{}, at.errorf(ErrSyntax, "%s", unknownName("option", key, optionNames()))
			}
			for _, g := range given {
				if g.name == opt.name {
					return Rules{}, at.errorf(ErrSyntax, "option %s given twice", opt.name)
				}
			}
			given = append(given, rulesOption{opt.name, at})
			c.skipSpace()
			if c.done() || c.peek() != ':' {
				return Rules{}, c.at().errorf(ErrSyntax, "want ':' and a value after %s", opt.name)
			}
			c.next()
			c.skipSpace()
			vat := c.at()
			var value string
			if !c.done() && c.peek() == '{' {
				startByte := c.i
				for !c.done() && c.peek() != '}' {
					c.next()
				}
				if c.done() {
					return Rules{}, vat.errorf(ErrSyntax, "%s value not closed with '}'", opt.name)
				}
				c.next()
				value = c.s[startByte:c.i]
			} else {
				value = c.word("{}:")
			}
			if value == "" {
				return Rules{}, vat.errorf(ErrSyntax, "want a value for %s", opt.name)
			}
			v, msg := opt.parse(value)
			if opt == &boardOption {
				v, msg = parseBoardShorthand(value)
			}
			if msg != "" {
				return Rules{}, vat.errorf(ErrSyntax, "%s: %s", opt.name, msg)
			}
			opt.set(&r, v)
		}
	}
	c.skipSpace()
	if !c.done() {
		return Rules{}, c.at().errorf(ErrSyntax, "unexpected %s after the rules", quote(c.s[c.i:]))
	}
	if err := r.Validate(); err != nil {
		// Point at the last option the complaint names, or at the preset.
		at := start
		for _, g := range given {
			if strings.Contains(strings.ToLower(err.Error()), strings.ToLower(g.name)+" ") {
				at = g.at
			}
		}
		return Rules{}, at.wrap(err)
	}
	return r, nil
}

// boardOption is the rules text's shorthand Board:{Track StartSpacing
// HomeEntry HomeColumn}, which sets those four options at once (the board
// keeps its arms, safe squares and stars). [Rules.String] writes the
// options one by one.
var boardOption = option{name: "Board", kind: kindInt,
	get: func(r *Rules) uint64 { return 0 },
	set: func(r *Rules, v uint64) {
		b := &r.Board
		b.Track, b.StartSpacing, b.HomeEntry, b.HomeColumn = int(v&0xffff), int(v>>16&0xffff), int(v>>32&0xffff), int(v>>48&0xffff)
	},
}

// parseBoardShorthand reads the value of Board:{52 13 50 5}, packed for
// boardOption.set.
func parseBoardShorthand(v string) (uint64, string) {
	f, ok := braced(v)
	if !ok || len(f) != 4 {
		return 0, fmt.Sprintf("%s is not a board: want {Track StartSpacing HomeEntry HomeColumn}, as {52 13 50 5}", quote(v))
	}
	var packed uint64
	for i, w := range f {
		n, ok := number(w)
		if !ok || n < 0 || n > 0xffff {
			return 0, fmt.Sprintf("%s is not a number", quote(w))
		}
		packed |= uint64(n) << (16 * i)
	}
	return packed, ""
}

// optionNames returns the names of the options, in table order.
func optionNames() []string {
	names := make([]string, len(options))
	for i := range options {
		names[i] = options[i].name
	}
	return names
}

// braced splits "{a b c}" into its words.
func braced(v string) ([]string, bool) {
	inner, ok := strings.CutPrefix(v, "{")
	if !ok {
		return nil, false
	}
	inner, ok = strings.CutSuffix(inner, "}")
	if !ok {
		return nil, false
	}
	return strings.Fields(inner), true
}

// AppendText implements [encoding.TextAppender]: it appends the form
// [Rules.String] prints, which [ParseRules] reads. The zero Rules appends
// nothing; other rules that are not valid are an error matching
// [ErrInvalidRules], as they could not be read back.
func (r Rules) AppendText(b []byte) ([]byte, error) {
	if r == (Rules{}) {
		return b, nil
	}
	if err := r.Validate(); err != nil {
		return b, err
	}
	return append(b, r.String()...), nil
}

// MarshalText implements [encoding.TextMarshaler]; see [Rules.AppendText].
func (r Rules) MarshalText() ([]byte, error) { return r.AppendText(nil) }

// UnmarshalText implements [encoding.TextUnmarshaler] with [ParseRules];
// empty text is the zero Rules. On error r is left unchanged.
func (r *Rules) UnmarshalText(text []byte) error {
	if len(text) == 0 {
		*r = Rules{}
		return nil
	}
	v, err := ParseRules(string(text))
	if err != nil {
		return err
	}
	*r = v
	return nil
}
