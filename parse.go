package ludo

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// This file holds what every text form is read with: the parse errors,
// the lexer that splits a position or record into lines of words, and the
// cursor that reads the rules' text form.

// ErrSyntax is matched by the error for text that is malformed: an unknown
// key, option or word, a missing or extra value, a number that is not one.
// Text that is well formed but describes rules or a position that cannot
// be is rejected with an error matching [ErrInvalidRules] or
// [ErrInvalidSetup] instead.
var ErrSyntax = errors.New("ludo: syntax error")

// ParseError is the error of the text and JSON parsers: what is wrong and
// where. It matches (with [errors.Is]) [ErrSyntax] for malformed text,
// [ErrInvalidRules] for rules that [Rules.Validate] rejects,
// [ErrInvalidSetup] for a position that cannot occur, and [ErrBadFace] for
// a die face out of range.
//
// A message quotes at most 64 characters of a word or value it is about,
// ending the excerpt with "…".
type ParseError struct {
	// Line and Col are where the problem is in a text, from 1; Col
	// counts characters (runes), a tab being one. For JSON they are 0,
	// except for JSON that is malformed, where they say where the
	// mistake is (and Path is empty).
	Line, Col int
	// Path is where the problem is in JSON, as "Tokens.red[2]"; empty
	// for a text, and for a problem with a JSON value as a whole.
	Path string
	// Msg says what is wrong.
	Msg string
	// Err is the error it matches: ErrSyntax, or an error matching
	// ErrInvalidRules, ErrInvalidSetup (a [*SetupError] where
	// [Setup.State] refused the position) or ErrBadFace.
	Err error
}

// Error returns where and what, as "ludo: line 3, column 9: invalid
// setup: red token 2 has progress 70, want -1 (yard) to 56 (finish)" or
// "ludo: Tokens.red[2]: invalid setup: …".
func (e *ParseError) Error() string {
	if e == nil {
		return "ludo: <nil ParseError>"
	}
	var b strings.Builder
	b.WriteString("ludo: ")
	if e.Line > 0 {
		b.WriteString("line ")
		b.WriteString(strconv.Itoa(e.Line))
		if e.Col > 0 {
			b.WriteString(", column ")
			b.WriteString(strconv.Itoa(e.Col))
		}
		b.WriteString(": ")
	}
	if e.Path != "" {
		b.WriteString(e.Path)
		b.WriteString(": ")
	}
	switch {
	case errors.Is(e.Err, ErrInvalidSetup):
		b.WriteString("invalid setup: ")
	case errors.Is(e.Err, ErrInvalidRules):
		b.WriteString("invalid rules: ")
	}
	b.WriteString(e.Msg)
	return b.String()
}

// Unwrap returns Err (nil for a nil *ParseError).
func (e *ParseError) Unwrap() error {
	if e == nil {
		return nil
	}
	return e.Err
}

// maxEcho is the most characters of its input an error message quotes.
const maxEcho = 64

// excerpt returns s, or its first maxEcho characters and "…" if it is
// longer: what an error message may echo of its input.
func excerpt(s string) string {
	n := 0
	for i := range s {
		if n == maxEcho {
			return s[:i] + "…"
		}
		n++
	}
	return s
}

// echo is a string of input in an error message: formatted with %q it is
// quoted as an [excerpt]; with any other verb, as a string is.
type echo string

// Format implements [fmt.Formatter].
func (s echo) Format(f fmt.State, verb rune) {
	if verb == 'q' {
		io.WriteString(f, strconv.Quote(excerpt(string(s))))
		return
	}
	fmt.Fprintf(f, fmt.FormatString(f, verb), string(s))
}

// loc is where a value came from: a line and column of a text, or the
// path of a JSON field.
type loc struct {
	line, col int
	path      string
}

// errorf returns the error at l of the given kind. A string argument
// formatted with %q is input echoed: it is quoted as an excerpt of at
// most maxEcho characters.
func (l loc) errorf(kind error, format string, a ...any) *ParseError {
	for i, v := range a {
		if s, ok := v.(string); ok {
			a[i] = echo(s)
		}
	}
	return &ParseError{Line: l.line, Col: l.col, Path: l.path, Msg: fmt.Sprintf(format, a...), Err: kind}
}

// wrap turns an error of Rules.Validate or Setup.State into a ParseError
// at l, keeping the error to match.
func (l loc) wrap(err error) *ParseError {
	msg := err.Error()
	for _, prefix := range []string{ErrInvalidRules.Error() + ": ", ErrInvalidSetup.Error() + ": ", "ludo: "} {
		if m, ok := strings.CutPrefix(msg, prefix); ok {
			msg = m
			break
		}
	}
	pe := l.errorf(err, "%s", msg)
	return pe
}

// textWord is a word of a textLine: a run of characters up to a space, a
// tab or a '#' (a word that starts with '"' runs to the closing quote, as
// a Go string literal, and may hold those).
type textWord struct {
	Text string // the word as written
	Col  int    // the column it starts in, from 1, in characters
	off  int    // the byte offset in the line
}

// textLine is a line of a text: its number, its first word (the key) and
// the words after it. A position's lines whose key is not one of its own
// go to the caller of parsePositionFunc (the scenario tests), or are an
// error.
type textLine struct {
	N    int        // the line number, from 1
	Key  textWord   // the first word
	Args []textWord // the words after it
	text string     // the line, comment removed
}

// Rest returns the line after its key, with the comment and the spaces
// around removed.
func (l textLine) Rest() string {
	if len(l.Args) == 0 {
		return ""
	}
	return strings.TrimRight(l.text[l.Args[0].off:], " \t\r")
}

func (l textLine) at(w textWord) loc { return loc{line: l.N, col: w.Col} }

// maxLineWords is the most words a line of a position, a record or a
// move may hold. A longer line is refused while it is read, so that the
// memory a parse takes is bounded by the longest line a position or a
// record can need, not by the input.
const maxLineWords = 256

// lexer reads a text a line at a time.
type lexer struct {
	rest  string
	n     int  // the number of the last line read
	done  bool // no text left
	words []textWord
}

// next returns the next line that has words, skipping comments and blank
// lines, or false at the end of the text. The line's Args share a buffer
// with the lines that follow: a caller that keeps the line past the next
// call keeps its keep().
func (lx *lexer) next() (textLine, bool, *ParseError) {
	for !lx.done {
		raw, rest, found := strings.Cut(lx.rest, "\n")
		lx.rest, lx.done = rest, !found
		lx.n++
		l, words, err := lexLine(raw, lx.n, lx.words[:0])
		lx.words = words
		if err != nil {
			return textLine{}, false, err
		}
		if len(words) > 0 {
			return l, true, nil
		}
	}
	return textLine{}, false, nil
}

// keep returns l with its own copy of its words.
func (l textLine) keep() textLine {
	l.Args = slices.Clone(l.Args)
	return l
}

// lexLine splits line n, raw, into words, appending them to words (which
// it returns for reuse); the Line's Key and Args are the words.
func lexLine(raw string, n int, words []textWord) (textLine, []textWord, *ParseError) {
	l := textLine{N: n}
	col, i := 1, 0
	next := func() { // one rune on
		_, w := utf8.DecodeRuneInString(raw[i:])
		i += w
		col++
	}
scan:
	for i < len(raw) {
		switch raw[i] {
		case ' ', '\t', '\r':
			next()
		case '#':
			raw = raw[:i]
			break scan
		default:
			w := textWord{Col: col, off: i}
			if len(words) == maxLineWords {
				return l, words, loc{line: n, col: w.Col}.errorf(ErrSyntax, "more than %d words on one line", maxLineWords)
			}
			if raw[i] == '"' {
				next()
				for {
					if i >= len(raw) {
						return l, words, loc{line: n, col: w.Col}.errorf(ErrSyntax, "quoted string not closed")
					}
					c := raw[i]
					next()
					if c == '"' {
						break
					}
					if c == '\\' && i < len(raw) {
						next()
					}
				}
			}
			for i < len(raw) && raw[i] != ' ' && raw[i] != '\t' && raw[i] != '\r' && raw[i] != '#' {
				next()
			}
			w.Text = raw[w.off:i]
			words = append(words, w)
		}
	}
	l.text = raw
	if len(words) > 0 {
		l.Key, l.Args = words[0], words[1:]
	}
	return l, words, nil
}

// number reads a decimal integer with an optional minus sign, rejecting
// anything else that strconv.Atoi would accept.
func number(s string) (int, bool) {
	digits := strings.TrimPrefix(s, "-")
	if digits == "" || len(digits) > 9 {
		return 0, false
	}
	for _, c := range []byte(digits) {
		if c < '0' || c > '9' {
			return 0, false
		}
	}
	n, err := strconv.Atoi(s)
	return n, err == nil
}

// cursor walks a line of text, counting columns.
type cursor struct {
	s         string
	i         int
	line, col int
}

func (c *cursor) at() loc    { return loc{line: c.line, col: c.col} }
func (c *cursor) done() bool { return c.i >= len(c.s) }
func (c *cursor) peek() byte { return c.s[c.i] }
func (c *cursor) isSpace() bool {
	return !c.done() && (c.s[c.i] == ' ' || c.s[c.i] == '\t' || c.s[c.i] == '\r')
}

func (c *cursor) next() {
	_, w := utf8.DecodeRuneInString(c.s[c.i:])
	c.i += w
	c.col++
}

func (c *cursor) skipSpace() {
	for c.isSpace() {
		c.next()
	}
}

// word reads up to a space or one of the stop bytes.
func (c *cursor) word(stop string) string {
	start := c.i
	for !c.done() && !c.isSpace() && strings.IndexByte(stop, c.peek()) < 0 {
		c.next()
	}
	return c.s[start:c.i]
}

// unknownName returns the message for a name that is none of names: the
// name, quoted, and the nearest of names where one is near enough to be
// a slip of the keyboard, rather than every name.
func unknownName(what, name string, names []string) string {
	msg := fmt.Sprintf("unknown %s %s", what, quote(name))
	if near := nearest(name, names); near != "" {
		msg += ": did you mean " + near + "?"
	}
	return msg
}

// nearest returns the name of names nearest to s, in any case, where it
// is at most a third of s's length (and at least 2) edits away; else "".
func nearest(s string, names []string) string {
	if len(s) > 4*maxEcho {
		return ""
	}
	best, most := "", max(2, len(s)/3)
	for _, n := range names {
		if d := editDistance(strings.ToLower(s), strings.ToLower(n)); d <= most {
			best, most = n, d-1
		}
	}
	return best
}

// editDistance returns the number of single-byte insertions, deletions
// and substitutions that make a into b (Levenshtein's distance).
func editDistance(a, b string) int {
	row := make([]int, len(b)+1)
	for j := range row {
		row[j] = j
	}
	for i := 1; i <= len(a); i++ {
		diag := row[0]
		row[0] = i
		for j := 1; j <= len(b); j++ {
			up := row[j]
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			row[j] = min(row[j]+1, row[j-1]+1, diag+cost)
			diag = up
		}
	}
	return row[len(b)]
}
