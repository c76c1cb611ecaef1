package ludo

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// ErrSeedMismatch is matched by the [*ReplayError] of a seeded [Record]
// whose face differs from the roll of [SeededDice] with its seed.
var ErrSeedMismatch = errors.New("ludo: face differs from the seeded dice")

// plyFace says what is wrong with face and second as the throw of a ply
// of a game from s: a face of the rules' throw, or with two dice (rule
// W1) two; or 0 for a move no throw precedes (a bonus move, rule P8, or
// a throw's other die). It returns "" for a throw that may be.
func (s State) plyFace(face, second int) string {
	faces := s.rs.chance.faces
	switch two := s.rs.feat&featTwoDice != 0; {
	case face == 0 && second == 0:
		return ""
	case !two && second != 0:
		return fmt.Sprintf("face %d,%d: the rules throw one die", face, second)
	case two && (!faces.Has(face) || !faces.Has(second)):
		return fmt.Sprintf("face %s: the rules throw two dice, want two faces of %v, as 6,3, or 0 for a move no throw precedes", Outcome{Face: face, Second: second}, faces)
	case !two && !faces.Has(face):
		return fmt.Sprintf("face %d: want one of %v, or 0 for a bonus move", face, faces)
	}
	return ""
}

// Ply is one line of a [Record]: a roll and the move made with it.
type Ply struct {
	Player Color  // who rolled
	Face   int    // the face rolled (1 to 6 for a die), or 0 for a move no roll precedes: a bonus move (rule P8), or the other die of a throw of two (rule W1)
	Second int    // with two dice (rule W1), the second die of the throw the ply rolls; 0 otherwise
	Move   string // the move made, as [ParseMove] reads it, without the colour: "2: 12-18", "pass"
}

// Record is the record of a game: where it started, the seed of its dice
// if they were seeded, the players' names, and each roll with the move
// made. It is text-level data: [Record.Replay] plays it through the rules
// and finds its first illegal ply, if any.
//
// Build one while playing with [NewRecord] and [Record.Add], write it with
// [Record.String] or [Record.WriteTo], and read it with [ParseRecord]:
//
//	rules   classic{Players:2}
//	players red yellow
//	name    red Alice
//	seed    1
//	# ply  player  face  move
//	1      red     6     0: yard-0 enter
//	2      red     1     0: 0-1
//	3      yellow  4     pass
//
// The header is a position as [ParsePosition] reads it, the start
// (usually just the rules line: every token in its yard, the first
// colour to roll), followed by players (the colours that play, as a check),
// name (a colour and its player's name, to the end of the line, or quoted
// as a Go string) and seed lines, all optional. Each later line is a
// ply: its number (from 1, in order), the colour who rolls, the face and
// the move.
type Record struct {
	// Start is the position the game starts from, a game with a roll
	// due: New(rules) for a whole game.
	Start State
	// Seeded reports whether the faces are the rolls of SeededDice(Seed),
	// one a ply from Start on; [Record.Replay] then checks them.
	Seeded bool
	// Seed is the seed of the dice, when Seeded.
	Seed uint64
	// Names holds the players' names by colour; "" for none.
	Names [MaxPlayers]string
	// Plies holds the rolls in order.
	Plies []Ply
}

// NewRecord returns an empty record of a game starting from start.
func NewRecord(start State) *Record { return &Record{Start: start} }

// Add appends the roll and move m: the player is m's colour and the face
// m's die. It returns an error matching [ErrIllegalMove] for the zero Move,
// the only move with no text; it does not check m against the game, which
// [Record.Replay] does. With two dice (rule W1) a move does not say
// whether it is the throw's first: use [Record.AddMove].
func (r *Record) Add(m Move) error {
	if !m.has(flagValid) {
		return &IllegalMoveError{Move: m, Reason: "the zero Move is no move"}
	}
	r.Plies = append(r.Plies, Ply{Player: m.Color(), Face: m.Die(), Move: textOf(m).String()})
	return nil
}

// AddMove appends move m made in position s, which has the move due: the
// ply's face is the throw that led to s where m is its first move (with
// two dice, rule W1, both faces), and 0 where no throw precedes m (a
// bonus move, or a throw's other die). It returns the errors of Add.
func (r *Record) AddMove(s State, m Move) error {
	if err := r.Add(m); err != nil {
		return err
	}
	p := &r.Plies[len(r.Plies)-1]
	p.Player = s.Turn() // who throws: a finished partner playing on moves another's tokens (rule T2)
	if a, b := s.Dice(); b != 0 {
		p.Face, p.Second = 0, 0
		if !s.diePlayed() {
			p.Face, p.Second = a, b
		}
		if mt := textOf(m); !m.IsPass() && !m.IsBonusMove() {
			mt.die = m.Die() // which die: two may make the same move (an entry, a finish)
			p.Move = mt.String()
		}
	}
	if s.rs != nil && m.Color() != s.mover() && !m.IsPass() { // rule T3: a move of the player's other colour names it
		p.Move = m.Color().String() + " " + p.Move
	}
	return nil
}

// String returns the record's text, which [ParseRecord] reads back. It
// takes a Record value, so that fmt prints a Record and a *Record alike
// (and a nil *Record as "<nil>"); Add and AddMove, which change the
// record, take a pointer.
func (r Record) String() string {
	var b strings.Builder
	b.Write(r.Start.appendPosition(nil, true))
	if !r.Start.IsValid() {
		return b.String()
	}
	b.WriteString("players ")
	first := true
	for c := range r.Start.Players().All() {
		if !first {
			b.WriteByte(' ')
		}
		first = false
		b.WriteString(c.String())
	}
	b.WriteByte('\n')
	for c, name := range r.Names {
		if name != "" {
			fmt.Fprintf(&b, "name    %-6v %s\n", Color(c), quoteName(name))
		}
	}
	if r.Seeded {
		fmt.Fprintf(&b, "seed    %d\n", r.Seed)
	}
	if len(r.Plies) > 0 {
		b.WriteString("# ply  player  face  move\n")
	}
	for k, p := range r.Plies {
		fmt.Fprintf(&b, "%-6d %-7v %-5v %s\n", k+1, p.Player, Outcome{Face: p.Face, Second: p.Second}, p.Move)
	}
	return b.String()
}

// WriteTo writes the record's text to w: [Record.String]'s.
func (r Record) WriteTo(w io.Writer) (int64, error) {
	n, err := io.WriteString(w, r.String())
	return int64(n), err
}

// quoteName writes a name as it is, or quoted where it would not read
// back so.
func quoteName(name string) string {
	plain := utf8.ValidString(name) && !strings.ContainsAny(name, "#\"") &&
		strings.TrimSpace(name) == name
	for _, c := range name {
		if !unicode.IsPrint(c) {
			plain = false
		}
	}
	if plain {
		return name
	}
	return strconv.Quote(name)
}

// MaxRecordPlies is the most plies [ParseRecord] and [Record.UnmarshalJSON]
// read: a record with more is refused. Games take a few hundred plies;
// the longest seen in the property tests, under rules that undo most
// turns, over ten thousand.
const MaxRecordPlies = 100_000

// MaxRecordBytes is the largest text [ParseRecord] and JSON
// [Record.UnmarshalJSON] read, 8 MiB: larger input is refused before it
// is read. A record of MaxRecordPlies plies takes 2 to 4 MB.
const MaxRecordBytes = 8 << 20

// ParseRecord reads a record in the form [Record.String] writes (see
// [Record]). It checks the text, the start position and each ply's form,
// but not whether the moves are legal: that is [Record.Replay]'s work. The
// error is a [*ParseError] saying where the problem is.
//
// The text may be at most [MaxRecordBytes] long and hold at most
// [MaxRecordPlies] plies; a line may hold at most 256 words. The parse
// takes memory in proportion to the plies it has read.
func ParseRecord(text string) (*Record, error) {
	if len(text) > MaxRecordBytes {
		return nil, loc{line: 1, col: 1}.errorf(ErrSyntax, "the record is %d bytes, more than MaxRecordBytes (%d)", len(text), MaxRecordBytes)
	}
	lx := &lexer{rest: text}
	var first textLine // the first ply's line, which ends the header
	var hasPlies bool
	var dieLine *textLine
	header := func() (textLine, bool, *ParseError) {
		if hasPlies {
			return textLine{}, false, nil
		}
		l, ok, err := lx.next()
		switch {
		case ok && isPlyLine(l):
			first, hasPlies = l, true
			return textLine{}, false, nil
		case ok && strings.EqualFold(l.Key.Text, "die"):
			dieLine = &textLine{N: l.N, Key: l.Key}
		}
		return l, ok, err
	}
	rec := &Record{}
	var playersLine, seedLine *textLine
	var nameLines [MaxPlayers]*textLine
	extra := func(l textLine) error {
		key := strings.ToLower(l.Key.Text)
		switch key {
		case "players":
			if playersLine != nil {
				return l.at(l.Key).errorf(ErrSyntax, "a second players line; the first is line %d", playersLine.N)
			}
			playersLine = &l
		case "seed":
			if seedLine != nil {
				return l.at(l.Key).errorf(ErrSyntax, "a second seed line; the first is line %d", seedLine.N)
			}
			seedLine = &l
			if len(l.Args) != 1 {
				return l.at(l.Key).errorf(ErrSyntax, "seed takes one number")
			}
			w := l.Args[0]
			seed, err := strconv.ParseUint(w.Text, 10, 64)
			if err != nil || w.Text[0] == '+' {
				return l.at(w).errorf(ErrSyntax, "seed %q is not a number 0 to %d", w.Text, uint64(1<<64-1))
			}
			rec.Seeded, rec.Seed = true, seed
		case "name":
			if len(l.Args) < 2 {
				return l.at(l.Key).errorf(ErrSyntax, "name takes a colour and a name, as \"name red Alice\"")
			}
			c, ok := ParseColor(l.Args[0].Text)
			if !ok {
				return l.at(l.Args[0]).errorf(ErrSyntax, "%q is not a colour: want %s", l.Args[0].Text, colorList)
			}
			if nameLines[c] != nil {
				return l.at(l.Key).errorf(ErrSyntax, "a second name for %v; the first is on line %d", c, nameLines[c].N)
			}
			nameLines[c] = &l
			name := strings.TrimRight(l.text[l.Args[1].off:], " \t\r")
			if strings.HasPrefix(name, "\"") {
				if len(l.Args) > 2 {
					return l.at(l.Args[2]).errorf(ErrSyntax, "unexpected %q after the quoted name", l.Args[2].Text)
				}
				var err error
				if name, err = strconv.Unquote(name); err != nil {
					return l.at(l.Args[1]).errorf(ErrSyntax, "%s is not a quoted string", excerpt(l.Args[1].Text))
				}
			}
			rec.Names[c] = name
		default:
			return l.at(l.Key).errorf(ErrSyntax, "unknown key %q: want one of %s, players, name, seed, or a ply (a line that starts with its number)", l.Key.Text, positionKeys)
		}
		return nil
	}
	start, perr := parsePositionLines(header, 1, extra)
	if perr != nil {
		return nil, perr
	}
	if dieLine != nil && start.Phase() == PhaseMove {
		return nil, dieLine.at(dieLine.Key).errorf(ErrInvalidSetup, "a record starts with a roll due: give the die as the first ply's face")
	}
	rec.Start = start
	seats := start.Players()
	if l := playersLine; l != nil {
		var given Colors
		for _, w := range l.Args {
			c, ok := ParseColor(w.Text)
			if !ok {
				return nil, l.at(w).errorf(ErrSyntax, "%q is not a colour: want %s", w.Text, colorList)
			}
			if given.Has(c) {
				return nil, l.at(w).errorf(ErrInvalidSetup, "players lists %v twice", c)
			}
			given |= ColorsOf(c)
		}
		if given != seats {
			return nil, l.at(l.Key).errorf(ErrInvalidSetup, "players lists %v, but the rules seat %v", given, seats)
		}
	}
	for c, l := range nameLines {
		if l != nil && !seats.Has(Color(c)) {
			return nil, l.at(l.Args[0]).errorf(ErrInvalidSetup, "%v does not play: the players are %v", Color(c), seats)
		}
	}
	for l, ok := first, hasPlies; ok; {
		if !isPlyLine(l) {
			return nil, l.at(l.Key).errorf(ErrSyntax, "a header line after the plies; the header comes first")
		}
		if len(rec.Plies) == MaxRecordPlies {
			return nil, l.at(l.Key).errorf(ErrSyntax, "more than MaxRecordPlies (%d) plies", MaxRecordPlies)
		}
		p, perr := parsePly(l, len(rec.Plies)+1, start)
		if perr != nil {
			return nil, perr
		}
		rec.Plies = append(rec.Plies, p)
		if l, ok, perr = lx.next(); perr != nil {
			return nil, perr
		}
	}
	return rec, nil
}

func isPlyLine(l textLine) bool {
	c := l.Key.Text[0]
	return c >= '0' && c <= '9'
}

// parsePly reads ply line l, which should be ply number want.
func parsePly(l textLine, want int, start State) (Ply, *ParseError) {
	seats := start.Players()
	var p Ply
	if n, ok := number(l.Key.Text); !ok || n != want {
		return p, l.at(l.Key).errorf(ErrSyntax, "ply %q, want %d: plies are numbered from 1, in order", l.Key.Text, want)
	}
	if len(l.Args) < 3 {
		return p, l.at(l.Key).errorf(ErrSyntax, "a ply is its number, the colour, the face and the move, as \"%d red 6 0: yard-0 enter\"", want)
	}
	c, ok := ParseColor(l.Args[0].Text)
	if !ok {
		return p, l.at(l.Args[0]).errorf(ErrSyntax, "%q is not a colour: want %s", l.Args[0].Text, colorList)
	}
	if !seats.Has(c) {
		return p, l.at(l.Args[0]).errorf(ErrInvalidSetup, "%v does not play: the players are %v", c, seats)
	}
	faceWord, secondWord, two := strings.Cut(l.Args[1].Text, ",") // two dice: 6,3 (rule W1)
	face, ok := number(faceWord)
	second := 0
	if ok && two {
		second, ok = number(secondWord)
		ok = ok && second != 0
	}
	if !ok {
		return p, l.at(l.Args[1]).errorf(ErrSyntax, "face %q is not a number, nor two (as 6,3)", l.Args[1].Text)
	}
	if err := start.plyFace(face, second); err != "" {
		return p, l.at(l.Args[1]).errorf(ErrBadFace, "%s", err)
	}
	w := l.Args[2]
	mt, perr := parseMoveText(strings.TrimRight(l.text[w.off:], " \t\r"), l.N, w.Col)
	if perr != nil {
		return p, perr
	}
	move, ok := start.plyMove(c, mt)
	if !ok {
		return p, l.at(w).errorf(ErrSyntax, "the move is %v's, but the ply is %v's", mt.color, c)
	}
	return Ply{Player: c, Face: face, Second: second, Move: move}, nil
}

// plyMove returns the text of move mt in a ply of colour c's player: the
// move's own, naming its colour where it is the player's other one (rule
// T3); false where it names a colour the player does not move.
func (start State) plyMove(c Color, mt moveText) (string, bool) {
	switch {
	case !mt.hasColor || mt.color == c:
		return mt.String(), true
	case start.rs != nil && start.rs.has(featShare) && start.rs.mates[c].Has(mt.color):
		return mt.color.String() + " " + mt.String(), true
	}
	return "", false
}

// ReplayError is the error of [Record.Replay]: the ply that cannot be
// played and why.
type ReplayError struct {
	Ply    int    // the ply's number, from 1; 0 for the record's start
	Player Color  // who rolled
	Face   int    // the face rolled
	Second int    // the second die's, with two dice (rule W1)
	Move   string // the move's text
	// Err is why: an [*IllegalMoveError] naming the rule the move breaks,
	// or an error matching ErrSeedMismatch, ErrBadFace, ErrGameOver,
	// ErrWrongPhase, ErrNoGame or ErrSyntax.
	Err error
}

// Error says which ply failed and why, as "ludo: ply 37 (green rolls 6,
// plays 2: 12-18): token 2 cannot pass the block on square 17 (rule
// B2)". It quotes at most 64 characters of the move. A ReplayError
// with no Err (as the zero one) says "no reason given".
func (e *ReplayError) Error() string {
	if e == nil {
		return "ludo: <nil ReplayError>"
	}
	why := "no reason given"
	if e.Err != nil {
		why = e.Err.Error()
	}
	var ill *IllegalMoveError
	if errors.As(e.Err, &ill) {
		why = ill.Reason
		if ill.Rule != "" {
			why += " (rule " + ill.Rule + ")"
		}
	} else {
		why = strings.TrimPrefix(why, "ludo: ")
	}
	if e.Ply == 0 {
		return "ludo: the record's start: " + why
	}
	return fmt.Sprintf("ludo: ply %d (%v rolls %v, plays %s): %s", e.Ply, e.Player, Outcome{Face: e.Face, Second: e.Second}, excerpt(e.Move), why)
}

// Unwrap returns Err (nil for a nil *ReplayError).
func (e *ReplayError) Unwrap() error {
	if e == nil {
		return nil
	}
	return e.Err
}

// Replay plays the record through the rules: each ply's face is rolled
// and its move applied. It returns the positions of the game, Start first
// and then the position after each ply, and nil; or, at the first ply that
// cannot be played, the positions up to it and a [*ReplayError] that says
// which ply and why, naming the rule an illegal move breaks. For a seeded
// record it checks each face against [SeededDice], which rolls once per
// ply.
func (r Record) Replay() ([]State, error) {
	s := r.Start
	states := []State{s}
	switch {
	case !s.IsValid():
		return states, &ReplayError{Err: ErrNoGame}
	case s.Phase() == PhaseMove:
		return states, &ReplayError{Err: fmt.Errorf("%w: a record starts with a roll due, but %v has a %d to play", ErrWrongPhase, s.turn, s.Count())}
	}
	var dice Dice
	if r.Seeded {
		dice = SeededDice(r.Seed)
	}
	for k, p := range r.Plies {
		fail := func(err error) ([]State, error) {
			return states, &ReplayError{Ply: k + 1, Player: p.Player, Face: p.Face, Second: p.Second, Move: p.Move, Err: err}
		}
		if s.Phase() == PhaseOver {
			return fail(fmt.Errorf("%w: %v", ErrGameOver, s.Ranking()))
		}
		mt, perr := parseMoveText(p.Move, 1, 1)
		if perr != nil {
			return fail(perr)
		}
		mate := mt.hasColor && mt.color != p.Player && s.rs.has(featShare) && s.rs.mates[p.Player].Has(mt.color) // rule T3
		if mt.hasColor && mt.color != p.Player && !mate {
			return fail(&ParseError{Line: 1, Col: 1, Msg: fmt.Sprintf("the move is %v's, but the ply is %v's", mt.color, p.Player), Err: ErrSyntax})
		}
		if !mate {
			mt.hasColor, mt.color = true, p.Player
		}
		if r.Seeded && p.Face != 0 {
			if o := dice.Throw(s.Rules()); o.Face != p.Face || o.Second != p.Second {
				return fail(fmt.Errorf("%w: seed %d rolls %v here, not %v", ErrSeedMismatch, r.Seed, Outcome{Face: o.Face, Second: o.Second}, Outcome{Face: p.Face, Second: p.Second}))
			}
		}
		rolled, err := s.plyRoll(p.Face, p.Second)
		if err == nil && p.Player == rolled.turn && mt.color == p.Player && !mate {
			mt.color = rolled.mover() // rule T2: a finished player plays on with a partner's tokens
		}
		if err != nil {
			return fail(err)
		}
		m, err := mt.resolve(rolled)
		if err != nil {
			return fail(err)
		}
		if s, err = rolled.Apply(m); err != nil {
			return fail(err)
		}
		states = append(states, s)
	}
	return states, nil
}
