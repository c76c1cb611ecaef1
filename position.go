package ludo

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// This file holds the text form of a position: [ParsePosition] reads it,
// [FormatPosition] writes it.

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
// and passes each other line to extra as it comes; then it reads them,
// the rules first.
func parsePositionLines(next func() (textLine, bool, *ParseError), where int, extra func(textLine) error) (State, *ParseError) {
	var pl positionLines
	if err := pl.collect(next, extra); err != nil {
		return State{}, err
	}
	sp, err := pl.spec(where)
	if err != nil {
		return State{}, err
	}
	if err := pl.readTurn(sp); err != nil {
		return State{}, err
	}
	if err := pl.readColors(sp); err != nil {
		return State{}, err
	}
	return sp.build()
}

// positionLines are the lines of a position's text, by key: one a key,
// and one a colour of its tokens and of where they stood when the turn
// began (undo).
type positionLines struct {
	rules, turn, die, bottoms, played, earned, bonus, sixes, tries, last, extra, captured, ranking, later *textLine
	colors, undos                                                                                         [MaxPlayers]*textLine
}

// slot returns where the line of key (in lower case) is kept, or nil for
// a colour's line, an undo line or a key that is not a position's.
func (pl *positionLines) slot(key string) **textLine {
	switch key {
	case "rules":
		return &pl.rules
	case "turn":
		return &pl.turn
	case "die":
		return &pl.die
	case "played":
		return &pl.played
	case "bottoms":
		return &pl.bottoms
	case "earned":
		return &pl.earned
	case "bonus":
		return &pl.bonus
	case "sixes":
		return &pl.sixes
	case "tries":
		return &pl.tries
	case "last":
		return &pl.last
	case "extra":
		return &pl.extra
	case "captured":
		return &pl.captured
	case "later":
		return &pl.later
	case "ranking":
		return &pl.ranking
	}
	return nil
}

// collect reads the lines next returns and keeps the position's, each
// once, passing any other to extra (an error without it).
func (pl *positionLines) collect(next func() (textLine, bool, *ParseError), extra func(textLine) error) *ParseError {
	for {
		line, ok, perr := next()
		if perr != nil {
			return perr
		}
		if !ok {
			return nil
		}
		l := &line
		keep := func(slot **textLine) {
			kept := line.keep()
			*slot = &kept
		}
		key := strings.ToLower(l.Key.Text)
		if slot := pl.slot(key); slot != nil {
			if *slot != nil {
				return l.at(l.Key).errorf(ErrSyntax, "a second %s line; the first is line %d", key, (*slot).N)
			}
			if key == "ranking" && len(l.Args) > MaxPlayers {
				return l.at(l.Args[MaxPlayers]).errorf(ErrInvalidSetup, "%s", tooManyRanked)
			}
			keep(slot)
			continue
		}
		if key == "undo" {
			if len(l.Args) == 0 {
				return l.at(l.Key).errorf(ErrSyntax, "undo needs a colour and where its tokens stood")
			}
			c, ok := ParseColor(l.Args[0].Text)
			if !ok {
				return l.at(l.Args[0]).errorf(ErrSyntax, "%s is not a colour: want %s", quote(l.Args[0].Text), colorList)
			}
			if pl.undos[c] != nil {
				return l.at(l.Key).errorf(ErrSyntax, "a second undo line for %v; the first is line %d", c, pl.undos[c].N)
			}
			if len(l.Args) > 1+MaxTokens {
				return l.at(l.Args[1+MaxTokens]).errorf(ErrInvalidSetup, "%s", tooManyTokens)
			}
			keep(&pl.undos[c])
			continue
		}
		if c, ok := ParseColor(key); ok {
			if pl.colors[c] != nil {
				return l.at(l.Key).errorf(ErrSyntax, "a second %v line; the first is line %d", c, pl.colors[c].N)
			}
			if len(l.Args) > MaxTokens {
				return l.at(l.Args[MaxTokens]).errorf(ErrInvalidSetup, "%s", tooManyTokens)
			}
			keep(&pl.colors[c])
			continue
		}
		if extra == nil {
			return l.at(l.Key).errorf(ErrSyntax, "unknown key %q: want one of %s", l.Key.Text, positionKeys)
		}
		if e := extra(l.keep()); e != nil {
			var pe *ParseError
			if errors.As(e, &pe) {
				return pe
			}
			return l.at(l.Key).wrap(e)
		}
	}
}

// spec reads the rules line (where is the line to blame for none) and
// the colours' token lines and undo lines.
func (pl *positionLines) spec(where int) (*posSpec, *ParseError) {
	if pl.rules == nil {
		return nil, loc{line: where, col: 1}.errorf(ErrSyntax, "no rules line: a position starts from its rules, as \"rules classic\"")
	}
	l := pl.rules
	if len(l.Args) == 0 {
		return nil, l.at(l.Key).errorf(ErrSyntax, "rules needs a preset and options, as \"rules mongolian{Players:2}\"")
	}
	r, err := parseRules(l.Rest(), l.N, l.Args[0].Col)
	if err != nil {
		return nil, err
	}
	sp := newPosSpec(r, l.at(l.Key))
	for k, lines := range [2]*[MaxPlayers]*textLine{&pl.colors, &pl.undos} {
		for c, l := range lines {
			if l == nil {
				continue
			}
			var p []int
			var at []loc
			for _, w := range l.Args[k:] { // an undo line's first word is its colour
				n, err := tokenWord(w.Text, l.at(w), Color(c), r)
				if err != nil {
					return nil, err
				}
				p, at = append(p, n), append(at, l.at(w))
			}
			if err := sp.setTokens(k, Color(c), l.at(l.Key), p, at); err != nil {
				return nil, err
			}
		}
	}
	return sp, nil
}

// readTurn reads the lines of the turn into sp: whose turn, the bonus
// move, sixes, tries and the token moved last, the die or dice, tops and
// bottoms, the bonus moves earned, the dice played, and a bonus roll
// owed.
func (pl *positionLines) readTurn(sp *posSpec) *ParseError {
	if l := pl.turn; l != nil {
		if len(l.Args) != 1 {
			return l.at(l.Key).errorf(ErrSyntax, "turn takes one colour")
		}
		c, ok := ParseColor(l.Args[0].Text)
		if !ok {
			return l.at(l.Args[0]).errorf(ErrSyntax, "%s is not a colour: want %s", quote(l.Args[0].Text), colorList)
		}
		sp.u.Turn, sp.turnAt = c, l.at(l.Args[0])
	}
	for _, f := range []struct {
		l  *textLine
		n  *int
		at *loc
	}{{pl.bonus, &sp.u.BonusMove, &sp.bonusAt}, {pl.sixes, &sp.u.Streak, &sp.sixesAt},
		{pl.tries, &sp.u.TriesUsed, &sp.triesAt}, {pl.last, &sp.lastMoved, &sp.lastAt}} {
		l := f.l
		if l == nil {
			continue
		}
		key := strings.ToLower(l.Key.Text)
		if len(l.Args) != 1 {
			return l.at(l.Key).errorf(ErrSyntax, "%s takes one number", key)
		}
		n, ok := number(l.Args[0].Text)
		if !ok {
			return l.at(l.Args[0]).errorf(ErrSyntax, "%s: %q is not a number", key, l.Args[0].Text)
		}
		*f.n, *f.at = n, l.at(l.Args[0])
	}
	if l := pl.die; l != nil { // a die, or two (rule W1)
		if len(l.Args) != 1 && len(l.Args) != 2 {
			return l.at(l.Key).errorf(ErrSyntax, "die takes a face, or the two faces of two dice")
		}
		for k, w := range l.Args {
			n, ok := number(w.Text)
			if !ok {
				return l.at(w).errorf(ErrSyntax, "die: %q is not a number", w.Text)
			}
			*[2]*int{&sp.u.Die, &sp.u.SecondDie}[k], *[2]*loc{&sp.dieAt, &sp.secondAt}[k] = n, l.at(w)
		}
	}
	if l := pl.bottoms; l != nil { // a double played as tops and bottoms (rule H2)
		if len(l.Args) != 0 {
			return l.at(l.Args[0]).errorf(ErrSyntax, "bottoms takes no value")
		}
		sp.u.Bottoms, sp.bottomsAt = true, l.at(l.Key)
	}
	if l := pl.earned; l != nil { // bonus moves a throw of two dice earned (rules W1, P8)
		if len(l.Args) == 0 || len(l.Args) > 6 {
			return l.at(l.Key).errorf(ErrSyntax, "earned takes the steps of 1 to 6 bonus moves, as earned 20 10")
		}
		for _, w := range l.Args {
			n, ok := number(w.Text)
			if !ok {
				return l.at(w).errorf(ErrSyntax, "earned: %q is not a number", w.Text)
			}
			sp.u.Earned = append(sp.u.Earned, n)
		}
		sp.earnedAt = l.at(l.Args[0])
	}
	if l := pl.played; l != nil { // the faces of the dice played: one, or both while bonus moves are earned
		if len(l.Args) == 0 || len(l.Args) > 4 {
			return l.at(l.Key).errorf(ErrSyntax, "played takes the faces of the dice played: one or two, or up to four of tops and bottoms")
		}
		for _, w := range l.Args {
			f, ok := number(w.Text)
			if !ok {
				return l.at(w).errorf(ErrSyntax, "played: %q is not a number", w.Text)
			}
			if err := sp.setPlayed(f, l.at(w)); err != nil {
				return err
			}
		}
	}
	if pl.last != nil {
		if err := sp.setLast(sp.lastMoved, sp.lastAt); err != nil {
			return err
		}
	}
	if l := pl.extra; l != nil {
		if len(l.Args) != 0 {
			return l.at(l.Args[0]).errorf(ErrSyntax, "extra takes no value")
		}
		sp.u.ExtraRoll, sp.extraAt = true, l.at(l.Key)
	}
	return nil
}

// readColors reads the lines that list colours into sp: the ranking, the
// colours that have captured (rule K4), and the tokens that arrived last
// on a shared square (rule P4).
func (pl *positionLines) readColors(sp *posSpec) *ParseError {
	for k, l := range [2]*textLine{pl.ranking, pl.captured} {
		if l == nil {
			continue
		}
		for _, w := range l.Args {
			c, ok := ParseColor(w.Text)
			if !ok {
				return l.at(w).errorf(ErrSyntax, "%s is not a colour: want %s", quote(w.Text), colorList)
			}
			if k == 0 {
				sp.u.Ranking = append(sp.u.Ranking, c)
				sp.rankAt = append(sp.rankAt, l.at(w))
				continue
			}
			if sp.u.Captured.Has(c) {
				return l.at(w).errorf(ErrSyntax, "%v given twice", c)
			}
			sp.u.Captured |= ColorsOf(c)
			sp.capturedAt = l.at(w)
		}
	}
	if l := pl.later; l != nil {
		if len(l.Args)%2 != 0 {
			return l.at(l.Key).errorf(ErrSyntax, "later takes pairs of a colour and a token number, as later red 1")
		}
		for k := 0; k < len(l.Args); k += 2 {
			c, ok := ParseColor(l.Args[k].Text)
			if !ok {
				return l.at(l.Args[k]).errorf(ErrSyntax, "%s is not a colour: want %s", quote(l.Args[k].Text), colorList)
			}
			i, ok := number(l.Args[k+1].Text)
			if !ok {
				return l.at(l.Args[k+1]).errorf(ErrSyntax, "%s is not a token number", quote(l.Args[k+1].Text))
			}
			if err := sp.setLater(c, []int{i}, []loc{l.at(l.Args[k+1])}); err != nil {
				return err
			}
		}
	}
	return nil
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
