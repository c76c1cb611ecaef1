package ludo

import (
	"cmp"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// This file holds the text form of a move: [ParseMove] reads it, and
// [Move.String] writes it (with moveText's String).

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
	mt.captures = m.NumCaptured()
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
