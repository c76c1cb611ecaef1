package ludo

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// This file holds the text forms a person can write by hand and read
// back: positions ([ParsePosition], [FormatPosition]), rules
// ([ParseRules], the form [Rules.String] prints) and moves ([ParseMove],
// the form [Move.String] prints). The record of a whole game is in
// record.go, the JSON forms in json.go.

// ----- Rules -----

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

// ----- Positions -----

// ParsePosition reads a position written as [FormatPosition] writes it, or
// by hand. The text is a list of lines, each a key and its values;
// '#' starts a comment that runs to the end of the line, blank lines are
// ignored, and the lines may come in any order:
//
//	rules   mongolian{Players:2}   # the rules, as ParseRules reads them
//	red     10 yard home3 finish   # where each token stands, token 0 first
//	yellow  @20 @20                # tokens 0 and 1 on track square 20
//	ranking green                  # players who have finished, first place first
//	turn    red                    # the colour to roll or move
//	die     6                      # the die being played; no die line: a roll is due
//	                               # (two dice, rule W1: die 3 5, and played 5 once the 5 is played)
//	sixes   2                      # bonus-earning rolls this turn, the die included
//	undo    red 4 yard home3 finish  # SixPenalty:UndoTurn: where the turn began; DoublesSplitBlocks: where the throw began
//
// Only the rules line is required. Keys and words may be written in any
// case, and colours by their initials (r, g, y, b).
//
// A colour's line gives its tokens in order of index; tokens it leaves out
// are in the yard, and so are all the tokens of a colour with no line. A
// token stands at one of
//
//   - yard (or -1): in its yard;
//   - a number: its progress, the steps it has come from its start square
//     (0 to 50 are the track on the classic board, 51 to 55 its home column
//     and 56 the finish; see [Board]);
//   - @N: on track square N, numbered from 1 at Red's start square as in
//     [State.String] (a token of the colour must be able to stand there);
//   - homeN: on square N (from 1) of its home column;
//   - finish: at its finish.
//
// Without a turn line the first colour clockwise from Red that has not
// finished is to move, as in [New]. The sixes line may be left out: it is
// then 1 if the die earns a bonus roll and 0 otherwise. The undo line is
// where a colour's tokens stood when the turn began, under
// [UndoTurn]: the forfeit of rule C9 puts them back there; without one
// they stood where they stand now.
//
// The text gives a [Setup] (the undo lines its TurnStart), and the
// position is checked by [Setup.State], so the two accept the same
// positions; the text itself must also give no line for a colour that
// does not play and no more tokens than [Rules.Tokens]. The error is a
// [*ParseError] that says where the problem is and matches [ErrSyntax],
// [ErrInvalidRules] or [ErrInvalidSetup] (for a position Setup.State
// refuses, it wraps the [*SetupError] and points at the word it is
// about). Parsing the text [FormatPosition] writes gives back the same
// State (==).
//
// A line may hold at most 256 words, a colour's line at most [MaxTokens]
// tokens and the ranking at most [MaxPlayers] colours: more are refused
// as the line is read, so that the parse keeps no more than a line at a
// time besides the position's own dozen lines, whatever the length of
// the text.
func ParsePosition(text string) (State, error) {
	return parsePositionFunc(text, nil)
}

// parsePositionFunc is [ParsePosition] for files that hold a position and
// more, such as test scenarios: extra is called, in order, with each line
// whose key is not one of the position's (rules, a colour, turn, die,
// sixes, ranking, undo). An error from extra stops the parse; unless it
// is a [*ParseError] itself, it is returned as one at the line's key,
// matching the error extra returned. With a nil extra such a line is an
// error matching [ErrSyntax].
func parsePositionFunc(text string, extra func(textLine) error) (State, error) {
	lx := &lexer{rest: text}
	s, perr := parsePositionLines(lx.next, 1, extra)
	if perr != nil {
		return State{}, perr
	}
	return s, nil
}

// MustParsePosition is [ParsePosition] for tests and examples with fixed
// text: it panics if the text is not a valid position.
func MustParsePosition(text string) State {
	s, err := ParsePosition(text)
	if err != nil {
		panic(err)
	}
	return s
}

// posSpec is a position as read from text or JSON: the Setup it gives and
// where each value came from (the zero loc where it was not given), so
// that an error of Setup.State can say where.
type posSpec struct {
	u          Setup
	undo       [MaxPlayers][MaxTokens]int    // where the tokens of the colours in lineAt[1] stood when the turn began
	rulesAt    loc                           // the rules
	lineAt     [2][MaxPlayers]loc            // each colour's tokens [0] and undo [1] line
	tokenAt    [2][MaxPlayers][MaxTokens]loc // each token on them
	laterAt    [MaxPlayers][MaxTokens]loc    // each token said to have arrived last
	turnAt     loc
	dieAt      loc
	secondAt   loc // the second die's word (rule W1)
	playedAt   loc
	bottomsAt  loc
	earnedAt   loc
	bonusAt    loc
	sixesAt    loc
	triesAt    loc
	lastAt     loc
	extraAt    loc
	capturedAt loc
	rankAt     []loc
	lastMoved  int // the token of the last line
}

// positionKeys lists the keys of a position's lines.
var positionKeys = "rules, a colour, turn, die, bottoms, played, earned, bonus, sixes, tries, last, extra, captured, ranking, undo, later"

// The messages for more tokens or colours than any rules allow, which
// the text and the JSON of a position give alike.
var (
	tooManyTokens = fmt.Sprintf("more than MaxTokens (%d) tokens for one colour", MaxTokens)
	tooManyRanked = fmt.Sprintf("more than MaxPlayers (%d) colours ranked", MaxPlayers)
)

// parsePositionLines reads a position from the lines next returns, in
// order. where is the line to blame for a missing rules line. It keeps
// only the position's own lines (at most one for each key and colour)
// and passes each other line to extra as it comes.
func parsePositionLines(next func() (textLine, bool, *ParseError), where int, extra func(textLine) error) (State, *ParseError) {
	var rulesLine, turnLine, dieLine, bottomsLine, playedLine, earnedLine, bonusLine, sixesLine, triesLine, lastLine, extraLine, capturedLine, rankingLine, laterLine *textLine
	var colorLines, undoLines [MaxPlayers]*textLine
	for {
		line, ok, perr := next()
		if perr != nil {
			return State{}, perr
		}
		if !ok {
			break
		}
		l := &line
		keep := func(slot **textLine) {
			kept := line.keep()
			*slot = &kept
		}
		once := func(slot **textLine) *ParseError {
			if *slot != nil {
				return l.at(l.Key).errorf(ErrSyntax, "a second %s line; the first is line %d", strings.ToLower(l.Key.Text), (*slot).N)
			}
			keep(slot)
			return nil
		}
		var err *ParseError
		switch key := strings.ToLower(l.Key.Text); key {
		case "rules":
			err = once(&rulesLine)
		case "turn":
			err = once(&turnLine)
		case "die":
			err = once(&dieLine)
		case "played":
			err = once(&playedLine)
		case "bottoms":
			err = once(&bottomsLine)
		case "earned":
			err = once(&earnedLine)
		case "bonus":
			err = once(&bonusLine)
		case "sixes":
			err = once(&sixesLine)
		case "tries":
			err = once(&triesLine)
		case "last":
			err = once(&lastLine)
		case "extra":
			err = once(&extraLine)
		case "captured":
			err = once(&capturedLine)
		case "later":
			err = once(&laterLine)
		case "ranking":
			if err = once(&rankingLine); err == nil && len(l.Args) > MaxPlayers {
				err = l.at(l.Args[MaxPlayers]).errorf(ErrInvalidSetup, "%s", tooManyRanked)
			}
		case "undo":
			if len(l.Args) == 0 {
				return State{}, l.at(l.Key).errorf(ErrSyntax, "undo needs a colour and where its tokens stood")
			}
			c, ok := ParseColor(l.Args[0].Text)
			if !ok {
				return State{}, l.at(l.Args[0]).errorf(ErrSyntax, "%s is not a colour: want %s", quote(l.Args[0].Text), colorList)
			}
			if undoLines[c] != nil {
				return State{}, l.at(l.Key).errorf(ErrSyntax, "a second undo line for %v; the first is line %d", c, undoLines[c].N)
			}
			if len(l.Args) > 1+MaxTokens {
				return State{}, l.at(l.Args[1+MaxTokens]).errorf(ErrInvalidSetup, "%s", tooManyTokens)
			}
			keep(&undoLines[c])
		default:
			if c, ok := ParseColor(key); ok {
				if colorLines[c] != nil {
					return State{}, l.at(l.Key).errorf(ErrSyntax, "a second %v line; the first is line %d", c, colorLines[c].N)
				}
				if len(l.Args) > MaxTokens {
					return State{}, l.at(l.Args[MaxTokens]).errorf(ErrInvalidSetup, "%s", tooManyTokens)
				}
				keep(&colorLines[c])
				continue
			}
			if extra == nil {
				return State{}, l.at(l.Key).errorf(ErrSyntax, "unknown key %q: want one of %s", l.Key.Text, positionKeys)
			}
			if e := extra(l.keep()); e != nil {
				var pe *ParseError
				if errors.As(e, &pe) {
					return State{}, pe
				}
				return State{}, l.at(l.Key).wrap(e)
			}
		}
		if err != nil {
			return State{}, err
		}
	}
	if rulesLine == nil {
		return State{}, loc{line: where, col: 1}.errorf(ErrSyntax, "no rules line: a position starts from its rules, as \"rules classic\"")
	}
	l := rulesLine
	if len(l.Args) == 0 {
		return State{}, l.at(l.Key).errorf(ErrSyntax, "rules needs a preset and options, as \"rules mongolian{Players:2}\"")
	}
	r, err := parseRules(l.Rest(), l.N, l.Args[0].Col)
	if err != nil {
		return State{}, err
	}
	sp := newPosSpec(r, l.at(l.Key))
	for k, lines := range [2]*[MaxPlayers]*textLine{&colorLines, &undoLines} {
		for c, l := range lines {
			if l == nil {
				continue
			}
			var p []int
			var at []loc
			for _, w := range l.Args[k:] { // an undo line's first word is its colour
				n, err := tokenWord(w.Text, l.at(w), Color(c), r)
				if err != nil {
					return State{}, err
				}
				p, at = append(p, n), append(at, l.at(w))
			}
			if err := sp.setTokens(k, Color(c), l.at(l.Key), p, at); err != nil {
				return State{}, err
			}
		}
	}
	if l := turnLine; l != nil {
		if len(l.Args) != 1 {
			return State{}, l.at(l.Key).errorf(ErrSyntax, "turn takes one colour")
		}
		c, ok := ParseColor(l.Args[0].Text)
		if !ok {
			return State{}, l.at(l.Args[0]).errorf(ErrSyntax, "%s is not a colour: want %s", quote(l.Args[0].Text), colorList)
		}
		sp.u.Turn, sp.turnAt = c, l.at(l.Args[0])
	}
	for _, f := range []struct {
		l  *textLine
		n  *int
		at *loc
	}{{bonusLine, &sp.u.BonusMove, &sp.bonusAt}, {sixesLine, &sp.u.Streak, &sp.sixesAt},
		{triesLine, &sp.u.TriesUsed, &sp.triesAt}, {lastLine, &sp.lastMoved, &sp.lastAt}} {
		l := f.l
		if l == nil {
			continue
		}
		key := strings.ToLower(l.Key.Text)
		if len(l.Args) != 1 {
			return State{}, l.at(l.Key).errorf(ErrSyntax, "%s takes one number", key)
		}
		n, ok := number(l.Args[0].Text)
		if !ok {
			return State{}, l.at(l.Args[0]).errorf(ErrSyntax, "%s: %q is not a number", key, l.Args[0].Text)
		}
		*f.n, *f.at = n, l.at(l.Args[0])
	}
	if l := dieLine; l != nil { // a die, or two (rule W1)
		if len(l.Args) != 1 && len(l.Args) != 2 {
			return State{}, l.at(l.Key).errorf(ErrSyntax, "die takes a face, or the two faces of two dice")
		}
		for k, w := range l.Args {
			n, ok := number(w.Text)
			if !ok {
				return State{}, l.at(w).errorf(ErrSyntax, "die: %q is not a number", w.Text)
			}
			*[2]*int{&sp.u.Die, &sp.u.SecondDie}[k], *[2]*loc{&sp.dieAt, &sp.secondAt}[k] = n, l.at(w)
		}
	}
	if l := bottomsLine; l != nil { // a double played as tops and bottoms (rule H2)
		if len(l.Args) != 0 {
			return State{}, l.at(l.Args[0]).errorf(ErrSyntax, "bottoms takes no value")
		}
		sp.u.Bottoms, sp.bottomsAt = true, l.at(l.Key)
	}
	if l := earnedLine; l != nil { // bonus moves a throw of two dice earned (rules W1, P8)
		if len(l.Args) == 0 || len(l.Args) > 6 {
			return State{}, l.at(l.Key).errorf(ErrSyntax, "earned takes the steps of 1 to 6 bonus moves, as earned 20 10")
		}
		for _, w := range l.Args {
			n, ok := number(w.Text)
			if !ok {
				return State{}, l.at(w).errorf(ErrSyntax, "earned: %q is not a number", w.Text)
			}
			sp.u.Earned = append(sp.u.Earned, n)
		}
		sp.earnedAt = l.at(l.Args[0])
	}
	if l := playedLine; l != nil { // the faces of the dice played: one, or both while bonus moves are earned
		if len(l.Args) == 0 || len(l.Args) > 4 {
			return State{}, l.at(l.Key).errorf(ErrSyntax, "played takes the faces of the dice played: one or two, or up to four of tops and bottoms")
		}
		for _, w := range l.Args {
			f, ok := number(w.Text)
			if !ok {
				return State{}, l.at(w).errorf(ErrSyntax, "played: %q is not a number", w.Text)
			}
			if err := sp.setPlayed(f, l.at(w)); err != nil {
				return State{}, err
			}
		}
	}
	if lastLine != nil {
		if err := sp.setLast(sp.lastMoved, sp.lastAt); err != nil {
			return State{}, err
		}
	}
	if l := extraLine; l != nil {
		if len(l.Args) != 0 {
			return State{}, l.at(l.Args[0]).errorf(ErrSyntax, "extra takes no value")
		}
		sp.u.ExtraRoll, sp.extraAt = true, l.at(l.Key)
	}
	for k, l := range [2]*textLine{rankingLine, capturedLine} {
		if l == nil {
			continue
		}
		for _, w := range l.Args {
			c, ok := ParseColor(w.Text)
			if !ok {
				return State{}, l.at(w).errorf(ErrSyntax, "%s is not a colour: want %s", quote(w.Text), colorList)
			}
			if k == 0 {
				sp.u.Ranking = append(sp.u.Ranking, c)
				sp.rankAt = append(sp.rankAt, l.at(w))
				continue
			}
			if sp.u.Captured.Has(c) {
				return State{}, l.at(w).errorf(ErrSyntax, "%v given twice", c)
			}
			sp.u.Captured |= ColorsOf(c)
			sp.capturedAt = l.at(w)
		}
	}
	if l := laterLine; l != nil {
		if len(l.Args)%2 != 0 {
			return State{}, l.at(l.Key).errorf(ErrSyntax, "later takes pairs of a colour and a token number, as later red 1")
		}
		for k := 0; k < len(l.Args); k += 2 {
			c, ok := ParseColor(l.Args[k].Text)
			if !ok {
				return State{}, l.at(l.Args[k]).errorf(ErrSyntax, "%s is not a colour: want %s", quote(l.Args[k].Text), colorList)
			}
			i, ok := number(l.Args[k+1].Text)
			if !ok {
				return State{}, l.at(l.Args[k+1]).errorf(ErrSyntax, "%s is not a token number", quote(l.Args[k+1].Text))
			}
			if err := sp.setLater(c, []int{i}, []loc{l.at(l.Args[k+1])}); err != nil {
				return State{}, err
			}
		}
	}
	return sp.build()
}

// tokenWord reads where a token of colour c stands under rules r, as its
// progress.
func tokenWord(w string, at loc, c Color, r Rules) (int, *ParseError) {
	b := r.Board
	t := strings.ToLower(w)
	switch {
	case t == "yard":
		return -1, nil
	case t == "finish":
		return b.Finish(), nil
	case strings.HasPrefix(t, "home"):
		n, ok := number(t[4:])
		if !ok {
			return 0, at.errorf(ErrSyntax, "%s is not a home square: want home and a number, as home3", quote(w))
		}
		if n < 1 || n > b.HomeColumn {
			return 0, at.errorf(ErrInvalidSetup, "%v has no %s: its home column has squares home1 to home%d", c, w, b.HomeColumn)
		}
		return b.HomeEntry + n, nil
	case strings.HasPrefix(t, "@"):
		n, ok := number(t[1:])
		if !ok {
			return 0, at.errorf(ErrSyntax, "%s is not a track square: want @ and a number, as @17", quote(w))
		}
		if n < 1 || n > b.Track {
			return 0, at.errorf(ErrInvalidSetup, "there is no track square %d: the track has squares 1 to %d", n, b.Track)
		}
		p, ok := b.Progress(c, TrackSquare(n))
		if !ok && r.CaptureBeforeHome && p > b.HomeEntry {
			return b.roundProgress(p), nil // going round again (rule K4)
		}
		if !ok {
			return 0, at.errorf(ErrInvalidSetup, "a %v token never stands on square %d: %v turns into its home column after square %v", c, n, c, b.Square(c, b.HomeEntry))
		}
		return p, nil
	}
	n, ok := number(t)
	if !ok {
		return 0, at.errorf(ErrSyntax, "%s is not where a token stands: want yard, a progress 0 to %d, homeN, finish or @square", quote(w), b.Finish())
	}
	return n, nil
}

// yardTokens is a colour's tokens all in the yard.
var yardTokens = func() (t [MaxTokens]int) {
	for i := range t {
		t[i] = -1
	}
	return t
}()

// newPosSpec starts a position under valid rules r, given at rulesAt,
// with every token in its yard.
func newPosSpec(r Rules, rulesAt loc) *posSpec {
	start, _ := New(r)
	sp := &posSpec{u: start.Setup(), rulesAt: rulesAt}
	for c := range sp.u.Tokens {
		sp.u.Tokens[c] = yardTokens // StartOut's tokens too: a colour with no line is all in the yard
	}
	return sp
}

// setTokens sets where colour c's tokens stand (k 0) or stood when the
// turn began (k 1), given on the line (JSON: field) at line, token i at
// at[i]; tokens left out are in the yard.
func (sp *posSpec) setTokens(k int, c Color, line loc, p []int, at []loc) *ParseError {
	r := sp.u.Rules
	switch {
	case !r.seats().Has(c):
		return line.errorf(ErrInvalidSetup, "%v does not play: the players are %v", c, r.seats())
	case len(p) > r.Tokens:
		return at[r.Tokens].errorf(ErrInvalidSetup, "%v has %d tokens (Rules.Tokens), but %s gives %d", c, r.Tokens, [2]string{"its line", "its undo line"}[k], len(p))
	}
	dst := [2]*[MaxTokens]int{&sp.u.Tokens[c], &sp.undo[c]}[k]
	*dst = yardTokens
	copy(dst[:], p)
	copy(sp.tokenAt[k][c][:], at)
	sp.lineAt[k][c] = line
	return nil
}

// setPlayed marks the die of face f, given at at, as the one of two
// played (rule W1), once the dice are set.
func (sp *posSpec) setPlayed(f int, at loc) *ParseError {
	u := &sp.u
	faces := [4]int{u.Die, u.SecondDie}
	if u.Bottoms {
		faces = [4]int{u.Die, 7 - u.Die, u.Die, 7 - u.Die}
	}
	for k, g := range faces {
		if g == f && f != 0 && u.SecondDie != 0 && !u.Played[k] {
			u.Played[k], sp.playedAt = true, at
			return nil
		}
	}
	return at.errorf(ErrInvalidSetup, "played %d: the dice played are of the throw, %d and %d, once each (rules W1, H2)", f, u.Die, u.SecondDie)
}

// setLast marks token i, given at at, as the one moved last (rule P9).
func (sp *posSpec) setLast(i int, at loc) *ParseError {
	if i < 0 || i >= MaxTokens {
		return at.errorf(ErrInvalidSetup, "there is no token %d", i)
	}
	sp.u.LastMoved[i], sp.lastAt = true, at
	return nil
}

// setLater marks colour c's tokens i (given at at[k]) as having arrived
// last on their squares (rule P4).
func (sp *posSpec) setLater(c Color, is []int, at []loc) *ParseError {
	for k, i := range is {
		if i < 0 || i >= MaxTokens {
			return at[k].errorf(ErrInvalidSetup, "%v has no token %d", c, i)
		}
		if sp.u.Later[c][i] {
			return at[k].errorf(ErrSyntax, "%v token %d given twice", c, i)
		}
		sp.u.Later[c][i] = true
		sp.laterAt[c][i] = at[k]
	}
	return nil
}

// build fills in what was left out (the turn: the first colour clockwise
// from Red still playing; the sixes: 1 for a bonus-earning die; where the
// turn began: where the tokens stand) and checks the position with
// Setup.State, placing its error where the value at fault was given.
func (sp *posSpec) build() (State, *ParseError) {
	u := &sp.u
	for c, at := range sp.lineAt[1] {
		if at != (loc{}) {
			if u.TurnStart == nil {
				ts := u.Tokens
				u.TurnStart = &ts
			}
			u.TurnStart[c] = sp.undo[c]
		}
	}
	if sp.turnAt == (loc{}) {
		n := len(u.Ranking)
		over := n > 0 && (u.Rules.End == FirstWinner || n >= u.Rules.Players-1)
		for c := range u.Rules.seats().All() {
			if over || !slices.Contains(u.Ranking, c) {
				u.Turn = c
				break
			}
		}
	}
	if second := u.SecondDie; sp.sixesAt == (loc{}) && u.Die > 0 && u.Die <= MaxFace && second >= 0 && second <= MaxFace &&
		earnsThrow(u.Rules.BonusRolls, u.Rules.BonusAnyDie, uint8(u.Die), uint8(second)) && (u.Rules.TwoDice || second == 0) {
		u.Streak = 1 // the throw earns a bonus roll (rules C9, W3, U1)
	}
	s, err := u.State()
	if err == nil {
		return s, nil
	}
	// At the token's word, else its colour's line (a colour with no undo
	// line: the first undo line), else the field's line, else the rules.
	var e *SetupError
	if !errors.As(err, &e) {
		return State{}, sp.rulesAt.wrap(err)
	}
	var at loc
	switch e.Field {
	case "Tokens", "TurnStart":
		k := 0
		if e.Field == "TurnStart" {
			k = 1
		}
		if e.Token >= 0 {
			at = sp.tokenAt[k][e.Color][e.Token]
		}
		at = cmp.Or(at, sp.lineAt[k][e.Color], cmp.Or(sp.lineAt[k][:]...))
	case "Ranking":
		if e.Token >= 0 && e.Token < len(sp.rankAt) {
			at = sp.rankAt[e.Token]
		} else if len(sp.rankAt) > 0 {
			at = sp.rankAt[0] // about the ranking as a whole (both teams finished, rule T1)
		}
	case "Turn":
		at = sp.turnAt
	case "Die":
		at = sp.dieAt
	case "SecondDie":
		at = cmp.Or(sp.secondAt, sp.dieAt)
	case "Played":
		at = cmp.Or(sp.playedAt, sp.dieAt)
	case "Earned":
		at = cmp.Or(sp.earnedAt, sp.dieAt)
	case "Bottoms":
		at = cmp.Or(sp.bottomsAt, sp.dieAt)
	case "BonusMove":
		at = cmp.Or(sp.bonusAt, sp.dieAt)
	case "Streak":
		at = cmp.Or(sp.sixesAt, sp.dieAt)
	case "TriesUsed":
		at = sp.triesAt
	case "LastMoved":
		at = sp.lastAt
	case "ExtraRoll":
		at = sp.extraAt
	case "Captured":
		at = sp.capturedAt
	case "Later":
		if e.Token >= 0 {
			at = sp.laterAt[e.Color][e.Token]
		}
	}
	return State{}, cmp.Or(at, sp.rulesAt).wrap(err)
}

// FormatPosition writes s as text that [ParsePosition] reads back to s:
// the rules, a line for each colour that plays with where each of its
// tokens stands, the ranking if anyone has finished, the turn, the die if
// a move is due, the sixes if any, and under [UndoTurn] where the tokens
// stood when the turn began if that differs. The zero State is the empty
// text.
//
//	rules   mongolian{Players:2}
//	red     10 yard home3 finish
//	yellow  45 45 yard yard
//	turn    red
//	die     6
//	sixes   1
//
// Tokens on the track are written as their progress, in the home column
// as homeN; words and squares (@N) are for people writing by hand.
func FormatPosition(s State) string {
	b, _ := s.AppendText(nil)
	return string(b)
}

// AppendText implements [encoding.TextAppender]: it appends the text of
// [FormatPosition] (nothing for the zero State).
func (s State) AppendText(b []byte) ([]byte, error) {
	return s.appendPosition(b, false), nil
}

// MarshalText implements [encoding.TextMarshaler]: the text of
// [FormatPosition].
func (s State) MarshalText() ([]byte, error) { return s.AppendText(nil) }

// UnmarshalText implements [encoding.TextUnmarshaler] with
// [ParsePosition]; empty text is the zero State. On error s is left
// unchanged.
func (s *State) UnmarshalText(text []byte) error {
	if len(text) == 0 {
		*s = State{}
		return nil
	}
	v, err := ParsePosition(string(text))
	if err != nil {
		return err
	}
	*s = v
	return nil
}

// appendPosition appends the position's text. Brief leaves out what
// ParsePosition assumes when a line is missing: colours all in the yard,
// the default turn.
func (s State) appendPosition(b []byte, brief bool) []byte {
	if !s.IsValid() {
		return b
	}
	key := func(k string) { // the key, then spaces to column 9, at least one
		b = append(b, k...)
		for n := len(k); n < 8 || n == len(k); n++ {
			b = append(b, ' ')
		}
	}
	number := func(k string, n int) {
		key(k)
		b = strconv.AppendInt(b, int64(n), 10)
		b = append(b, '\n')
	}
	u := s.Setup()
	n := int(s.rs.tokens)
	tokens := func(c Color, tok *[MaxTokens]int) {
		for i := range n {
			if i > 0 {
				b = append(b, ' ')
			}
			b = s.appendTokenWord(b, c, tok[i])
		}
		b = append(b, '\n')
	}
	colours := func(k string, cs []Color) {
		key(k)
		for i, c := range cs {
			if i > 0 {
				b = append(b, ' ')
			}
			b = append(b, c.String()...)
		}
		b = append(b, '\n')
	}
	key("rules")
	b = append(b, s.Rules().String()...)
	b = append(b, '\n')
	for c := range s.Players().All() {
		inYard := true
		for _, p := range u.Tokens[c][:n] {
			inYard = inYard && p == -1
		}
		if brief && inYard { // a colour with no line is all in the yard, under StartOut too
			continue
		}
		key(c.String())
		tokens(c, &u.Tokens[c])
	}
	if len(u.Ranking) > 0 {
		colours("ranking", u.Ranking)
	}
	if u.Captured != 0 {
		var cs []Color
		for c := range u.Captured.All() {
			cs = append(cs, c)
		}
		colours("captured", cs)
	}
	if !brief || s.turn != s.defaultTurn() {
		key("turn")
		b = append(b, s.turn.String()...)
		b = append(b, '\n')
	}
	if u.SecondDie != 0 { // two dice (rule W1)
		key("die")
		b = strconv.AppendInt(b, int64(u.Die), 10)
		b = append(b, ' ')
		b = strconv.AppendInt(b, int64(u.SecondDie), 10)
		b = append(b, '\n')
		if u.Bottoms {
			key("bottoms")
			b = append(b[:len(b)-1], '\n') // the key alone, without its padding
		}
		if faces := s.amountFaces(); u.Played != [4]bool{} {
			key("played")
			first := true
			for k, p := range u.Played {
				if p {
					if !first {
						b = append(b, ' ')
					}
					first = false
					b = strconv.AppendInt(b, int64(faces[k]), 10)
				}
			}
			b = append(b, '\n')
		}
		if len(u.Earned) > 0 {
			key("earned")
			for k, n := range u.Earned {
				if k > 0 {
					b = append(b, ' ')
				}
				b = strconv.AppendInt(b, int64(n), 10)
			}
			b = append(b, '\n')
		}
	} else if u.Die != 0 {
		number("die", u.Die)
	}
	if u.BonusMove != 0 {
		number("bonus", u.BonusMove)
	}
	if u.Streak != 0 {
		number("sixes", u.Streak)
	}
	if u.TriesUsed != 0 {
		number("tries", u.TriesUsed)
	}
	for i, l := range u.LastMoved {
		if l {
			number("last", i)
		}
	}
	if u.ExtraRoll {
		key("extra")
		b = append(b[:len(b)-3], '\n') // the key alone, without its padding
	}
	for c := range s.Players().All() {
		if u.TurnStart != nil && u.TurnStart[c] != u.Tokens[c] {
			key("undo")
			b = append(b, c.String()...)
			b = append(b, ' ')
			tokens(c, &u.TurnStart[c])
		}
	}
	if s.later != 0 {
		key("later")
		first := true
		for c := range s.Players().All() {
			for i, l := range u.Later[c] {
				if l {
					if !first {
						b = append(b, ' ')
					}
					first = false
					b = append(b, c.String()...)
					b = append(b, ' ')
					b = strconv.AppendInt(b, int64(i), 10)
				}
			}
		}
		b = append(b, '\n')
	}
	return b
}

// defaultTurn is the turn ParsePosition assumes without a turn line.
func (s State) defaultTurn() Color {
	over := s.Phase() == PhaseOver
	for c := range s.Players().All() {
		if over || s.places.of(c) == 0 { // as build reads it: finished but unplaced, a partner (rule T1) is still a default
			return c
		}
	}
	return 0
}

// appendTokenWord appends where colour c's token with progress p stands:
// yard, a progress on the track, homeN, finish, or past its home entry
// going round again (rule K4) its track square, as @52.
func (s State) appendTokenWord(b []byte, c Color, p int) []byte {
	switch fin, he := int(s.rs.finish), int(s.rs.homeEntry); {
	case p < 0:
		return append(b, "yard"...)
	case p == fin:
		return append(b, "finish"...)
	case p > fin:
		return strconv.AppendInt(append(b, '@'), int64(s.trackSquare(c, p)), 10)
	case p > he:
		return strconv.AppendInt(append(b, "home"...), int64(p-he), 10)
	}
	return strconv.AppendInt(b, int64(p), 10)
}

// ----- Moves -----

// moveText is a move as written, before it is resolved against a
// position.
type moveText struct {
	hasColor bool
	color    Color
	pass     bool
	forfeit  bool // "forfeit" or "pass (forfeit)"
	token    int

	detail   bool // the from-to part and flags were given
	from, to int
	flags    moveFlags // the words of moveWords given
	captures int
	bonus    bool // the word bonus: a bonus move (rule P8)
	die      int  // die N, for the full form Move.MarshalText writes; 0 if not given
	count    int  // count N, likewise
	amount   int  // amount N, likewise: which amount due it plays, from 1 (rule W1)
}

// ParseMove reads a move of position s, which must have a move due, and
// returns it ready for [State.Apply]: the move of the token it names (as
// [State.TokenMove] makes it), or the position's pass. The text is the
// form [Move.String] prints, or its short forms:
//
//	2                   token 2 moves by the die
//	red 2               the same, saying whose move it is
//	2: 12-18 x1         token 2 moves from progress 12 to 18, capturing one token
//	0: yard-0 enter     token 0 enters
//	pass                the pass the position forces (rule C10, or the forfeit of rule C9)
//	pass (forfeit)      the forfeit of the third six (rule C9); also "forfeit"
//	pass bonus          the pass of a bonus move no token can make (rule P8)
//	3: 50-2 circle      token 3 goes round again instead of home (rule Y6)
//	1: 10-14 pair       token 1's tower moves whole (rules R5, Y5)
//
// After the token, the from-to part and the words enter, finish, bounce,
// xN (captures) and block, if given, must describe the move exactly: they
// are checks, for records written by hand.
//
// A move the rules forbid is refused with the [*IllegalMoveError] that
// [State.TokenMove] or [State.Apply] gives, naming the rule; a move that
// does not fit the description with one whose Rule is empty; text that is
// not a move with a [*ParseError] matching [ErrSyntax]; and a position
// with no move due with an error matching [ErrWrongPhase], [ErrGameOver]
// or [ErrNoGame].
func ParseMove(s State, text string) (Move, error) {
	mt, err := parseMoveText(text, 1, 1)
	if err != nil {
		return Move{}, err
	}
	return mt.resolve(s)
}

// parseMoveText reads move text that starts at the given line and column.
func parseMoveText(text string, line, col int) (moveText, *ParseError) {
	var mt moveText
	if i := strings.IndexAny(text, "\n#"); i >= 0 {
		return mt, loc{line: line, col: col + utf8.RuneCountInString(text[:i])}.errorf(ErrSyntax, "a move is one line with no comment")
	}
	l, _, perr := lexLine(text, line, nil)
	if perr != nil {
		perr.Col += col - 1
		return mt, perr
	}
	words := append([]textWord{l.Key}, l.Args...)
	at := func(w textWord) loc { return loc{line: line, col: col + w.Col - 1} }
	if words[0].Text == "" {
		return mt, loc{line: line, col: col}.errorf(ErrSyntax, "no move: want a token number or pass")
	}
	if c, ok := ParseColor(words[0].Text); ok {
		mt.hasColor, mt.color = true, c
		words = words[1:]
		if len(words) == 0 {
			return mt, at(l.Key).errorf(ErrSyntax, "no move after the colour: want a token number or pass")
		}
	}
	w := words[0]
	words = words[1:]
	switch t := strings.ToLower(w.Text); {
	case t == "pass" || t == "forfeit":
		mt.pass, mt.forfeit = true, t == "forfeit"
		if t == "pass" && len(words) > 0 && strings.EqualFold(words[0].Text, "(forfeit)") {
			mt.forfeit = true
			words = words[1:]
		}
		for len(words) > 0 {
			f := words[0]
			if err := mt.extraWord(f, &words, at); err != nil {
				return mt, err
			}
			if len(words) > 0 && words[0] == f {
				break
			}
		}
	default:
		num, rest, colon := strings.Cut(w.Text, ":")
		n, ok := number(num)
		if !ok || n < 0 {
			return mt, at(w).errorf(ErrSyntax, "%s is not a move: want a token number, as 2 or 2: 12-18, or pass", quote(w.Text))
		}
		mt.token = n
		if !colon {
			for len(words) > 0 { // a bonus move's short form, "1 bonus"
				f := words[0]
				if err := mt.extraWord(f, &words, at); err != nil {
					return mt, err
				}
				if len(words) > 0 && words[0] == f {
					break
				}
			}
			break
		}
		mt.detail = true
		fromTo := textWord{Text: rest, Col: w.Col + utf8.RuneCountInString(num) + 1}
		if rest == "" {
			if len(words) == 0 {
				return mt, at(w).errorf(ErrSyntax, "want from-to after %q, as 12-18", w.Text)
			}
			fromTo, words = words[0], words[1:]
		}
		from, to, ok := strings.Cut(fromTo.Text, "-")
		var okFrom, okTo bool
		if strings.EqualFold(from, "yard") {
			mt.from, okFrom = -1, true
		} else {
			mt.from, okFrom = number(from)
			okFrom = okFrom && mt.from >= 0
		}
		if strings.EqualFold(to, "yard") {
			mt.to, okTo = -1, true
		} else {
			mt.to, okTo = number(to)
			okTo = okTo && mt.to >= 0
		}
		if !ok || !okFrom || !okTo {
			return mt, at(fromTo).errorf(ErrSyntax, "%s is not from-to: want two progresses, as 12-18 or yard-0", quote(fromTo.Text))
		}
		for len(words) > 0 {
			f := words[0]
			if err := mt.extraWord(f, &words, at); err != nil {
				return mt, err
			}
			if len(words) == 0 || words[0] != f {
				continue
			}
			t := strings.ToLower(f.Text)
			words = words[1:]
			switch {
			case strings.HasPrefix(t, "x"):
				n, ok := number(t[1:])
				if !ok || n < 1 || n > MaxPlayers*MaxTokens {
					return mt, at(f).errorf(ErrSyntax, "%s is not a number of captures, as x1", quote(f.Text))
				}
				if mt.captures != 0 {
					return mt, at(f).errorf(ErrSyntax, "captures given twice")
				}
				mt.captures = n
				continue
			}
			var flag moveFlags
			for _, w := range moveWords {
				if t == w.word {
					flag = w.flag
				}
			}
			if flag == 0 {
				return mt, at(f).errorf(ErrSyntax, "%s is not a word of a move: want %s, xN, bonus, die N or count N", quote(f.Text), moveWordList())
			}
			if mt.flags&flag != 0 {
				return mt, at(f).errorf(ErrSyntax, "%s given twice", quote(f.Text))
			}
			mt.flags |= flag
		}
	}
	if len(words) > 0 {
		return mt, at(words[0]).errorf(ErrSyntax, "unexpected %q after the move", words[0].Text)
	}
	return mt, nil
}

// extraWord reads the word *words starts with if it is bonus, die N or
// count N, and takes it (and its number) off; other words it leaves.
func (mt *moveText) extraWord(f textWord, words *[]textWord, at func(textWord) loc) *ParseError {
	t := strings.ToLower(f.Text)
	switch t {
	case "bonus":
		if mt.bonus {
			return at(f).errorf(ErrSyntax, "%s given twice", quote(f.Text))
		}
		mt.bonus, *words = true, (*words)[1:]
	case "die", "count", "amount":
		dst, hi := &mt.die, MaxFace
		switch t {
		case "count":
			dst, hi = &mt.count, 255
		case "amount":
			dst, hi = &mt.amount, amountMask+1
		}
		if len(*words) < 2 {
			return at(f).errorf(ErrSyntax, "want a number after %s", t)
		}
		w := (*words)[1]
		n, ok := number(w.Text)
		if !ok || n < 1 || n > hi {
			return at(w).errorf(ErrSyntax, "%s is not a %s 1 to %d", quote(w.Text), t, hi)
		}
		if *dst != 0 {
			return at(f).errorf(ErrSyntax, "%s given twice", t)
		}
		*dst, *words = n, (*words)[2:]
	}
	return nil
}

// moveWordList lists the flag words of a move for error messages.
func moveWordList() string {
	var b strings.Builder
	for i, w := range moveWords {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(w.word)
	}
	return b.String()
}

// String writes the move text in canonical form, without the colour.
func (mt moveText) String() string {
	switch {
	case mt.pass && mt.forfeit:
		return "pass (forfeit)"
	case mt.pass && mt.bonus:
		return "pass bonus"
	case mt.pass:
		return "pass"
	case !mt.detail:
		s := strconv.Itoa(mt.token)
		if mt.bonus {
			s += " bonus"
		}
		return s
	}
	s := strconv.Itoa(mt.token) + ": " + mt.describe()
	if mt.die != 0 {
		s += " die " + strconv.Itoa(mt.die)
	}
	return s
}

// describe writes the from-to part, the flags and the captures, as
// Move.String does.
func (mt moveText) describe() string {
	face := 1
	if mt.bonus {
		face = 0
	}
	m := newMove(Red, 0, mt.from, 0, face).withTo(mt.to).with(mt.flags).withCaptures(mt.captures)
	b := m.appendText(nil)
	_, rest, _ := strings.Cut(string(b), ": ")
	return rest
}

// textOf returns the move text of m, the form Move.String prints without
// the colour, which resolves to m in the position it was made in.
func textOf(m Move) moveText {
	mt := moveText{hasColor: true, color: m.Color()}
	if m.IsPass() {
		mt.pass, mt.forfeit, mt.bonus = true, m.Forfeits(), m.IsBonusMove()
		return mt
	}
	mt.token, mt.detail = m.Token(), true
	mt.from, mt.to = m.From(), m.To()
	mt.flags = m.flags() &^ flagValid
	mt.captures = m.Captures()
	mt.bonus = m.IsBonusMove()
	return mt
}

// resolve finds the move the text describes in position s. Where the text
// says whose move it is, its die or its count, and they are not the move
// due's, the move as written is the engine's to refuse (rules C3, C8,
// P8).
func (mt moveText) resolve(s State) (Move, error) {
	if err := s.moveDue(); err != nil {
		return Move{}, err
	}
	if s.rs.feat&featTwoDice != 0 {
		return mt.resolveDice(s)
	}
	if mt.amount > 1 {
		return Move{}, s.illegal(newMove(s.head().c(), mt.token, -1, 0, 0), "W1", "the rules throw one die: there is no amount %d", mt.amount)
	}
	d := s.head()
	c, n, f := d.c(), int(d.steps()), int(d.face())
	if mt.hasColor {
		c = mt.color
	}
	if mt.die != 0 {
		f = mt.die
	} else if mt.bonus {
		f = 0
	}
	n = cmp.Or(mt.count, n)
	if c != d.c() || f != int(d.face()) || n != int(d.steps()) {
		m := passMove(c, n, f, mt.forfeit)
		if !mt.pass {
			m = newMove(c, mt.token, s.Progress(c, mt.token), n, f)
		}
		_, err := s.Apply(m)
		return Move{}, err
	}
	if mt.pass {
		var buf [MaxMoves]Move
		ms := s.AppendLegalMoves(buf[:0])
		if len(ms) == 1 && ms[0].IsPass() && (!mt.forfeit || ms[0].Forfeits()) {
			return ms[0], nil
		}
		// The rules refuse the pass; Apply says which rule (C9 or C10).
		want := d.pass(mt.forfeit)
		if _, err := s.Apply(want); err != nil {
			return Move{}, err
		}
		return want, nil
	}
	// The token must be where the text says before anything else.
	if from := s.Progress(c, mt.token); mt.detail && s.hasToken(c, mt.token) && from != mt.from {
		m := newMove(c, mt.token, from, n, f)
		return Move{}, &IllegalMoveError{Move: m, Reason: fmt.Sprintf("%v token %d is at %s, not %s", c, mt.token, progressString(from), progressString(mt.from))}
	}
	m, err := s.TokenMove(mt.token)
	if err != nil || !mt.detail {
		return m, err
	}
	// The word bonus may be left out: the position says whether the move
	// due is a bonus move, and a move text need not repeat it.
	want := mt
	want.bonus = m.IsBonusMove()
	if got := textOf(m); got.describe() != want.describe() {
		// A token with a second move (rule F1) may be the one meant.
		if alt, ok := s.decideExtra(d, mt.token); ok && textOf(alt).describe() == want.describe() {
			return alt, nil
		}
		// Or its move round again, or its tower's (rules Y5, Y6): Apply
		// says why one the position does not list is refused.
		if s.rs.feat&featChoices != 0 && mt.flags&(flagPair|flagCircle) != 0 {
			if alt, ok := s.choiceOf(d, mt.token, func(a Move) bool { return textOf(a).describe() == want.describe() }); ok {
				return alt, nil
			}
			alt := newMove(c, mt.token, mt.from, n, f).withTo(mt.to).with(mt.flags).withCaptures(mt.captures)
			if _, err := s.Apply(alt); err != nil {
				return Move{}, err
			}
		}
		return Move{}, &IllegalMoveError{Move: m, Reason: fmt.Sprintf("with a %d, %v token %d makes %s, not %s", n, c, mt.token, got.describe(), want.describe())}
	}
	return m, nil
}

// resolveDice is resolve with two dice (rule W1): the text names a token
// and, in its detail or its die, which die it plays. Of the legal moves,
// it resolves to the one of the token (or of a token alike with it) that
// the text describes; else Apply says why the move is refused.
func (mt moveText) resolveDice(s State) (Move, error) {
	c := s.head().c()
	var buf [MaxMoves]Move
	legal := s.appendDice(buf[:0])
	if mt.hasColor && mt.color != c && s.movesColor(c, mt.color) {
		c = mt.color // rule T3: the mover's other colour
	}
	switch {
	case mt.hasColor && mt.color != c:
		return Move{}, s.notMover(newMove(mt.color, mt.token, -1, 0, 0), c)
	case mt.pass:
		if legal[0].IsPass() && (!mt.forfeit || legal[0].Forfeits()) {
			return legal[0], nil
		}
		want := s.head().pass(mt.forfeit)
		_, err := s.Apply(want)
		return Move{}, err
	case !s.hasToken(c, mt.token):
		return Move{}, refusal{why: refWrongTokens}.err(newMove(c, mt.token, -1, 0, 0), &s)
	}
	if from := s.Progress(c, mt.token); mt.detail && from != mt.from {
		return Move{}, &IllegalMoveError{Move: newMove(c, mt.token, from, 0, 0), Reason: fmt.Sprintf("%v token %d is at %s, not %s", c, mt.token, progressString(from), progressString(mt.from))}
	}
	if s.forfeit() {
		return Move{}, s.forfeitError(newMove(c, mt.token, s.Progress(c, mt.token), 0, 0))
	}
	fits := func(m Move) bool {
		return (mt.die == 0 || m.Die() == mt.die) && (mt.count == 0 || m.Count() == mt.count) &&
			(!mt.detail || textOf(m).describe() == mt.describe())
	}
	for _, l := range legal {
		if !l.IsPass() && l.Color() == c && s.tok[c][l.Token()] == s.tok[c][mt.token] && fits(l) {
			if m := l.withToken(mt.token); s.rs.rules.SumMoves && s.sumBarred(m) {
				return Move{}, s.diceError(m, legal) // rule U2: the alike token that played the other die
			}
			return l.withToken(mt.token), nil
		}
	}
	// No legal move fits: the token's move with each die due says why: a
	// rule of movement refuses it, or it is legal alone and rule W2 or H5
	// refuses it, or it goes elsewhere.
	if a, b := s.dice(); mt.flags&flagBoth != 0 || mt.bonus && s.due.first() < amountCapture {
		m := newMove(c, mt.token, s.Progress(c, mt.token), int(a+b), int(a+b)).with(flagBoth)
		if mt.bonus {
			m = newMove(c, mt.token, s.Progress(c, mt.token), cmp.Or(mt.count, 1), 0)
		}
		return Move{}, s.diceError(m, legal)
	}
	ds, n := s.dues()
	var makes []string
	var refused error
	for _, d := range ds[:n] {
		if mt.die != 0 && int(d.face()) != mt.die {
			continue
		}
		d = d.withColor(c, c != d.c()) // rule T3: the mover's other colour's
		t := s.countOf(d)
		m, err := t.decide(d, mt.token)
		switch {
		case err != nil:
			if ie := (*IllegalMoveError)(nil); mt.detail && errors.As(err, &ie) && fits(ie.Move) {
				return Move{}, err // the die that would make the move, and the rule that refuses it
			}
			refused = cmp.Or(refused, err)
		case fits(m):
			return Move{}, s.diceError(m, legal)
		default:
			makes = append(makes, fmt.Sprintf("with the %d %s", d.face(), textOf(m).describe()))
		}
	}
	if len(makes) == 0 && refused != nil {
		return Move{}, refused
	}
	if len(makes) == 0 {
		var due []string
		for _, d := range ds[:n] {
			due = append(due, strconv.Itoa(int(d.face())))
		}
		return Move{}, s.illegal(newMove(c, mt.token, s.Progress(c, mt.token), mt.count, mt.die), "W1", "the move plays a %d, but the dice due show %s", mt.die, strings.Join(due, " and "))
	}
	return Move{}, &IllegalMoveError{Move: newMove(c, mt.token, s.Progress(c, mt.token), 0, 0), Reason: fmt.Sprintf("%v token %d makes %s, not %s", c, mt.token, strings.Join(makes, " or "), mt.describe())}
}

// ParseStandaloneMove is [Move.UnmarshalText]'s reading: a move's full
// text, with its colour, die and count, read without a position.
func parseStandaloneMove(text string) (Move, *ParseError) {
	mt, err := parseMoveText(text, 1, 1)
	if err != nil {
		return Move{}, err
	}
	at := loc{line: 1, col: 1}
	switch {
	case !mt.hasColor:
		return Move{}, at.errorf(ErrSyntax, "a move read on its own starts with its colour, as red 2: 12-18 die 6")
	case !mt.pass && !mt.detail:
		return Move{}, at.errorf(ErrSyntax, "a move read on its own gives from-to, as red 2: 12-18 die 6")
	case !mt.bonus && mt.die == 0:
		return Move{}, at.errorf(ErrSyntax, "a move read on its own gives its die, as red 2: 12-18 die 6")
	case mt.bonus && mt.count == 0:
		return Move{}, at.errorf(ErrSyntax, "a bonus move read on its own gives its count, as red 2: 12-32 bonus count 20")
	}
	count := cmp.Or(mt.count, mt.die)
	amount := uint64(max(mt.amount-1, 0)) << mAmount
	if mt.pass {
		return Move{passMove(mt.color, count, mt.die, mt.forfeit).v | amount}, nil
	}
	if mt.token >= MaxTokens || mt.from < -1 || mt.from > 254 || mt.to > 254 {
		return Move{}, at.errorf(ErrSyntax, "token %d from %d to %d is not a move of any board", mt.token, mt.from, mt.to)
	}
	return Move{newMove(mt.color, mt.token, mt.from, count, mt.die).withTo(mt.to).with(mt.flags).withCaptures(mt.captures).v | amount}, nil
}
