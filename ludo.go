// Package ludo knows the rules of Ludo and its relatives exactly: an
// immutable game [State], the legal moves of a position, and the
// transitions [State.Roll] and [State.Apply], under options ([Rules]) that
// cover the rules tables argue about.
//
// A game is a sequence of values. [New] returns the start position for a
// set of [Rules] (start from [Classic] or [Mongolian]). The player to move
// rolls with [State.Roll], giving a die face (from [Dice], from a real
// die, or each of [Outcomes] in turn for search), then picks one of
// [State.LegalMoves] and plays it with [State.Apply]. Where the rules
// force a pass, the pass is a legal [Move] like any other, so no step is
// ever hidden. Every transition validates its input and returns a new
// State, never changing the one it was called on.
//
// For hot loops, [State.AppendLegalMoves] appends into a caller's buffer;
// it, Roll and Apply allocate nothing. [State.LegalMovesSeq] yields the same
// moves as an iterator.
//
// An illegal move is rejected with an [*IllegalMoveError] whose text names
// the rule it breaks, as numbered in the README's rulebook (for example
// "token 2 cannot pass the block on square 17 (rule B2)"); it matches
// [ErrIllegalMove] with [errors.Is]. Other bad input is rejected with
// errors matching [ErrBadFace], [ErrWrongPhase], [ErrGameOver],
// [ErrInvalidRules] or [ErrInvalidSetup]. No input makes the package panic.
//
// Geometry is data ([Board], [Ludo52]); positions can be built by hand
// with [Setup], written and read as text ([FormatPosition],
// [ParsePosition]) or JSON, and drawn ([State.WriteSVG]). A whole game is
// a [Record], which [Record.Replay] checks ply by ply, naming the rule an
// illegal ply breaks; [WriteReplayHTML] makes a page that steps through
// one. [RuleTitle] names the rules by their rulebook numbers.
//
// For bots and learning code, [State.Play] and [State.AppendSuccessors]
// walk the game tree with the die as a chance node ([Outcomes]);
// [Move.Action], [State.ActionMask] and [State.ActionMove] give moves
// dense ids; [State.Observe] fills a fixed-size [Observation] from the
// point of view of the player to move; and [State.Key] hashes a position
// for transposition tables.
package ludo

import (
	"errors"
	"fmt"
	"iter"
	"math/bits"
	"slices"
	"strings"
)

// Errors for transitions called at the wrong time.
var (
	// ErrWrongPhase is matched by the error of a roll while a move is due,
	// or of a move while a roll is due.
	ErrWrongPhase = errors.New("ludo: wrong phase")
	// ErrGameOver is matched by the error of a roll or move after the game
	// has ended.
	ErrGameOver = errors.New("ludo: game is over")
	// ErrNoGame is matched by the error of a transition on the zero State.
	ErrNoGame = errors.New("ludo: zero State is not a game")
)

// Phase is what a position waits for.
type Phase uint8

// The phases of a game.
const (
	// PhaseRoll: the player to move must roll ([State.Roll]).
	PhaseRoll Phase = iota
	// PhaseMove: the die is cast; the player to move must play one of the
	// legal moves ([State.Apply]), which is a pass where no token can move.
	PhaseMove
	// PhaseOver: the game has ended; see [State.Ranking].
	PhaseOver
)

// String returns "roll", "move" or "over".
func (p Phase) String() string { return enumName(uint8(p), "roll", "move", "over") }

// State is a position of a game: the rules, where every token stands, whose
// turn it is, the die being played and the sixes rolled this turn, and the
// players who have finished, in order.
//
// A State is a small value with no pointers, slices or maps inside: copy
// it freely, compare it with == (two States are equal when the rules, the
// position of every token (by index), the turn, the die and the six count
// are), use it as a map key, and share it between goroutines without
// locks. Methods never change it; transitions return a new State.
//
// The zero State is not a game: [State.IsValid] reports false, queries
// return zero values, and transitions return an error matching
// [ErrNoGame].
type State struct {
	// The fields are laid out for the copies: Go copies a State 16 bytes
	// at a time, and a copy of 16 bytes just written in smaller pieces
	// waits for those writes to reach the cache. So what a roll or a move
	// writes shares as few 16-byte blocks as can be: the tokens, their
	// squares, and one block for the rest of the turn.
	tok [MaxPlayers][MaxTokens]uint8 // 0 in the yard, else progress+1
	at  lanes                        // each token's track square, 0 off the track: derived from tok, kept so that no rule scans the board
	// The legal token moves of the die being played, judged once when it
	// is rolled (see roll): 16 bits for token i at bit 16i, 0 where token
	// i does not move, else what [Move.judged] keeps. 0 while a roll is
	// due, and where the only legal move is a pass.
	moves  uint64
	turn   Color
	die    uint8 // 0 while a roll is due
	sixes  uint8
	placed uint8
	// The tokens that share their track square with another of their
	// colour, so form blocks (rule B1), bit 4c+i for token i of colour c:
	// derived from at, and kept only where blocks are played, so that no
	// move has to look for them.
	blocked uint16
	begin   [MaxPlayers][MaxTokens]uint8 // tok when the turn began; kept only under UndoTurn
	cfg     config
	places  [MaxPlayers]uint8 // 1 for first place, 0 while playing
}

// config is a validated Rules, packed small for a State to carry (14
// bytes, so that a State is 80: a multiple of the 16 bytes Go copies at a
// time, which keeps every State of a slice aligned to them).
type config struct {
	track, spacing, homeEntry, finish uint8
	tokens                            uint8
	seats, givenSeats                 Colors
	entry, bonus                      Faces
	sixLimit                          uint8
	blocks                            BlockRule
	finishRule                        FinishRule
	opts                              options // the options with two values
	endsAt                            uint8   // the number of places at which the game ends (ruling Q10): 1 under FirstWinner, else players
}

// options are the Rules options that have two values, one bit each, set
// for the value that is not the zero one.
type options uint8

const (
	optUndoTurn            options = 1 << iota // SixPenalty: UndoTurn
	optNoMoveForfeitsBonus                     // NoMoveForfeitsBonus
	optOwnLandingForbidden                     // OwnLanding: OwnLandingForbidden
	optCaptureRefused                          // MultiCapture: CaptureRefused
	optFirstWinner                             // End: FirstWinner
)

func pack(r Rules) config {
	c := config{
		track: uint8(r.Board.Track), spacing: uint8(r.Board.StartSpacing),
		homeEntry: uint8(r.Board.HomeEntry), finish: uint8(r.Board.Finish()),
		tokens: uint8(r.Tokens),
		seats:  r.seats(), givenSeats: r.Seats,
		entry: r.EntryRolls, bonus: r.BonusRolls,
		sixLimit: uint8(r.SixLimit), blocks: r.Blocks, finishRule: r.Finish,
		endsAt: uint8(r.Players),
	}
	set := func(o options, on bool) {
		if on {
			c.opts |= o
		}
	}
	set(optUndoTurn, r.SixPenalty == UndoTurn)
	set(optNoMoveForfeitsBonus, r.NoMoveForfeitsBonus)
	set(optOwnLandingForbidden, r.OwnLanding == OwnLandingForbidden)
	set(optCaptureRefused, r.MultiCapture == CaptureRefused)
	set(optFirstWinner, r.End == FirstWinner)
	if r.End == FirstWinner {
		c.endsAt = 1
	}
	return c
}

func (c *config) has(o options) bool { return c.opts&o != 0 }

// players returns the number of players, the seats taken.
func (c *config) players() uint8 { return uint8(bits.OnesCount8(uint8(c.seats))) }

func (c *config) homeColumn() uint8 { return c.finish - c.homeEntry - 1 }

func (c *config) penalty() SixPenalty {
	if c.has(optUndoTurn) {
		return UndoTurn
	}
	return VoidRoll
}

func (c *config) ownLanding() OwnLanding {
	if c.has(optOwnLandingForbidden) {
		return OwnLandingForbidden
	}
	return OwnLandingAllowed
}

func (c *config) multiCapture() MultiCapture {
	if c.has(optCaptureRefused) {
		return CaptureRefused
	}
	return CaptureAll
}

func (c *config) end() EndRule {
	if c.has(optFirstWinner) {
		return FirstWinner
	}
	return PlayForAllPlaces
}

// New returns the start position of a game under r: every token in its
// yard (rule C2), and the first seated colour clockwise from Red to roll.
// It returns an error matching [ErrInvalidRules] if r is not valid.
func New(r Rules) (State, error) {
	if err := r.Validate(); err != nil {
		return State{}, err
	}
	s := State{cfg: pack(r)}
	for c := range s.cfg.seats.All() {
		s.turn = c
		break
	}
	return s, nil
}

// IsValid reports whether s is a game, not the zero State.
func (s State) IsValid() bool { return s.cfg.seats != 0 }

// Rules returns the rules the game is played under.
func (s State) Rules() Rules {
	c := s.cfg
	if !s.IsValid() {
		return Rules{}
	}
	return Rules{
		Board:               Board{Track: int(c.track), StartSpacing: int(c.spacing), HomeEntry: int(c.homeEntry), HomeColumn: int(c.homeColumn())},
		Players:             int(c.players()),
		Seats:               c.givenSeats,
		Tokens:              int(c.tokens),
		EntryRolls:          c.entry,
		BonusRolls:          c.bonus,
		SixLimit:            int(c.sixLimit),
		SixPenalty:          c.penalty(),
		NoMoveForfeitsBonus: c.has(optNoMoveForfeitsBonus),
		Blocks:              c.blocks,
		OwnLanding:          c.ownLanding(),
		MultiCapture:        c.multiCapture(),
		Finish:              c.finishRule,
		End:                 c.end(),
	}
}

func (s State) board() Board {
	return Board{Track: int(s.cfg.track), StartSpacing: int(s.cfg.spacing), HomeEntry: int(s.cfg.homeEntry), HomeColumn: int(s.cfg.homeColumn())}
}

// Players returns the colours that play.
func (s State) Players() Colors { return s.cfg.seats }

// Phase returns what the position waits for.
func (s State) Phase() Phase {
	switch {
	case s.placed >= s.cfg.endsAt: // the test of over(); the zero State (endsAt 0) reads as over
		return PhaseOver
	case s.die == 0:
		return PhaseRoll
	}
	return PhaseMove
}

func (s *State) over() bool { return s.placed >= s.cfg.endsAt }

// Turn returns the colour to roll or move. Once the game is over it is the
// colour that moved last.
func (s State) Turn() Color { return s.turn }

// Die returns the face being played while a move is due, and 0 otherwise.
func (s State) Die() int { return int(s.die) }

// Sixes returns the number of consecutive bonus-earning rolls (sixes, by
// default) the player to move has rolled this turn, counting the die being
// played (rule C9). Without a [Rules.SixLimit] the count stops at 255.
func (s State) Sixes() int { return int(s.sixes) }

// Progress returns how far token i of colour c has come from its start
// square (see [Board]): -1 in the yard, the board's Finish at the finish.
// It returns -1 for a colour or token that is not in the game.
func (s State) Progress(c Color, i int) int {
	if !s.hasToken(c, i) {
		return -1
	}
	return int(s.tok[c][i]) - 1
}

// Square returns where token i of colour c stands.
func (s State) Square(c Color, i int) Square {
	return s.board().Square(c, s.Progress(c, i))
}

func (s *State) hasToken(c Color, i int) bool {
	return s.cfg.seats.Has(c) && i >= 0 && i < int(s.cfg.tokens)
}

// At returns the colour and number of the tokens on square sq, or a count
// of 0 if it is empty. In every rule set so far a square holds tokens of
// one colour only (a landing token captures, rule C11).
func (s State) At(sq Square) (Color, int) {
	b := s.board()
	for c := range s.cfg.seats.All() {
		p, ok := b.Progress(c, sq)
		if !ok {
			continue
		}
		n := 0
		for i := range int(s.cfg.tokens) {
			if int(s.tok[c][i])-1 == p {
				n++
			}
		}
		if n > 0 {
			return c, n
		}
	}
	return 0, 0
}

// Blocks yields each track square that holds a block, with its colour, in
// order of square number. Where [Rules.Blocks] is [NoBlocks] there are none
// (rule B1).
func (s State) Blocks() iter.Seq2[Square, Color] {
	return func(yield func(Square, Color) bool) {
		if s.cfg.blocks == NoBlocks {
			return
		}
		for n := 1; n <= int(s.cfg.track); n++ {
			sq := TrackSquare(n)
			if c, k := s.At(sq); k >= 2 && !yield(sq, c) {
				return
			}
		}
	}
}

// Place returns colour c's finishing place (1 for the winner), or 0 while
// c is still playing.
func (s State) Place(c Color) int {
	if c >= MaxPlayers {
		return 0
	}
	return int(s.places[c])
}

// Winner returns the colour in first place, and false while nobody has
// finished.
func (s State) Winner() (Color, bool) {
	for c := range s.cfg.seats.All() {
		if s.places[c] == 1 {
			return c, true
		}
	}
	return 0, false
}

// Ranking returns the colours that have a place, first place first. Once
// the game is over under [PlayForAllPlaces] it lists every player once.
func (s State) Ranking() []Color {
	r := make([]Color, s.placed)
	for c := range s.cfg.seats.All() {
		if p := s.places[c]; p > 0 {
			r[p-1] = c
		}
	}
	return r
}

// String draws the position as text: a header with the phase, a line for
// the track (groups of squares, each starting at a colour's start square
// and headed by its number) and a line per player with its yard, home
// column and finish. A token is the colour's initial: lower case for one,
// upper case for two or more on one square.
func (s State) String() string {
	if !s.IsValid() {
		return "ludo.State{}"
	}
	var b strings.Builder
	b.WriteString(s.Rules().String())
	switch s.Phase() {
	case PhaseOver:
		b.WriteString(": game over\n")
	case PhaseRoll:
		fmt.Fprintf(&b, ": %v to roll", s.turn)
	case PhaseMove:
		fmt.Fprintf(&b, ": %v to move, die %d", s.turn, s.die)
	}
	if s.Phase() != PhaseOver {
		if s.sixes > 0 {
			fmt.Fprintf(&b, ", sixes %d", s.sixes)
		}
		b.WriteByte('\n')
	}
	board := s.board()
	mark := func(c Color, n int) byte {
		switch {
		case n == 0:
			return '.'
		case n == 1:
			return colorNames[c][0]
		}
		return colorNames[c][0] - 'a' + 'A'
	}
	for n := 1; n <= board.Track; n++ {
		if (n-1)%board.StartSpacing == 0 && (n-1)/board.StartSpacing < MaxPlayers {
			if n > 1 {
				b.WriteByte(' ')
			}
			fmt.Fprintf(&b, "%d:", n)
		}
		b.WriteByte(mark(s.At(TrackSquare(n))))
	}
	b.WriteByte('\n')
	for c := range s.cfg.seats.All() {
		_, yard := s.At(YardOf(c))
		_, fin := s.At(FinishOf(c))
		fmt.Fprintf(&b, "%-6s yard %d  home ", c, yard)
		for n := 1; n <= board.HomeColumn; n++ {
			b.WriteByte(mark(s.At(HomeSquare(c, n))))
		}
		fmt.Fprintf(&b, "  finish %d", fin)
		if p := s.places[c]; p > 0 {
			fmt.Fprintf(&b, "  place %d", p)
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// ErrInvalidSetup is matched by the error of [Setup.State] for a position
// that cannot occur under its rules.
var ErrInvalidSetup = errors.New("ludo: invalid setup")

// SetupError is the error of [Setup.State] for a position that cannot
// occur: the field of the [Setup] at fault, the colour and token it is
// about, and why. It matches [ErrInvalidSetup]. The text and JSON parsers
// turn it into a [*ParseError] at the word or field it is about.
type SetupError struct {
	// Field is the field at fault: "Tokens", "TurnStart", "Ranking",
	// "Turn", "Die" or "Sixes".
	Field string
	// Color is the colour of the token at fault (Tokens, TurnStart), the
	// colour listed (Ranking), or the colour to move (Turn, Die, Sixes).
	Color Color
	// Token is the token's index in Tokens[Color] or TurnStart[Color],
	// or the index in Ranking; -1 when the problem is not one token's (a
	// colour's tokens as a whole, Turn, Die, Sixes).
	Token int
	// Reason says what is wrong, naming the rule where there is one, as
	// "red token 0 has progress 57, want -1 (yard) to 56 (finish)".
	Reason string
}

// Error returns "ludo: invalid setup: " and the reason.
func (e *SetupError) Error() string { return ErrInvalidSetup.Error() + ": " + e.Reason }

// Unwrap returns [ErrInvalidSetup].
func (e *SetupError) Unwrap() error { return ErrInvalidSetup }

// Setup is a position written out field by field, for building a State by
// hand (a puzzle, a disputed position, a test) and for reading one back.
// Get one from [State.Setup] (from [New] for an empty board), change it,
// and turn it into a State with [Setup.State], which checks it.
//
// Setup.State is where every position is checked: [ParsePosition] and
// the JSON decoder build a Setup and call it, and accept exactly the
// positions it accepts.
type Setup struct {
	Rules Rules
	// Turn is the colour to roll or move.
	Turn Color
	// Die is the face being played, or 0 when a roll is due.
	Die int
	// Sixes is the number of consecutive bonus-earning rolls this turn,
	// counting Die (see [State.Sixes]).
	Sixes int
	// Tokens holds each token's progress (see [Board]), -1 for the yard.
	// Tokens of colours that do not play, and tokens past Rules.Tokens,
	// must be in the yard.
	Tokens [MaxPlayers][MaxTokens]int
	// TurnStart, under [UndoTurn] only, is where the tokens stood when the
	// turn began, which the forfeit of rule C9 puts them back to (ruling
	// Q2), in the form of Tokens. Nil means where they stand now.
	TurnStart *[MaxPlayers][MaxTokens]int
	// Ranking lists the players who have finished, first place first.
	Ranking []Color
}

// Setup returns the position written out; [Setup.State] turns it back
// into s. TurnStart is set only where it differs from Tokens.
func (s State) Setup() Setup {
	u := Setup{Rules: s.Rules(), Turn: s.turn, Die: int(s.die), Sixes: int(s.sixes), Ranking: s.Ranking()}
	unpack := func(dst *[MaxPlayers][MaxTokens]int, src *[MaxPlayers][MaxTokens]uint8) {
		for c := range MaxPlayers {
			for i := range MaxTokens {
				dst[c][i] = int(src[c][i]) - 1
			}
		}
	}
	unpack(&u.Tokens, &s.tok)
	if s.cfg.has(optUndoTurn) && s.begin != s.tok {
		u.TurnStart = new([MaxPlayers][MaxTokens]int)
		unpack(u.TurnStart, &s.begin)
	}
	return u
}

// State checks the position and returns it as a State. The error is a
// [*SetupError] saying what is wrong, or for invalid rules an error
// matching [ErrInvalidRules].
func (u Setup) State() (State, error) {
	s, err := New(u.Rules)
	if err != nil {
		return State{}, err
	}
	if e := u.check(&s); e != nil {
		return State{}, e
	}
	return s, nil
}

// check checks the position and fills s, the start position of its rules.
func (u *Setup) check(s *State) *SetupError {
	bad := func(field string, c Color, i int, format string, a ...any) *SetupError {
		return &SetupError{Field: field, Color: c, Token: i, Reason: fmt.Sprintf(format, a...)}
	}
	seats, fin := s.cfg.seats, int(s.cfg.finish)
	begin := &u.Tokens
	if u.TurnStart != nil {
		if !s.cfg.has(optUndoTurn) {
			return bad("TurnStart", Red, -1, "where the turn began matters only with SixPenalty:UndoTurn (ruling Q2)")
		}
		begin = u.TurnStart
	}
	// Tokens, then TurnStart: in the game, on the board, no two colours on
	// a square (rule C11), no colour twice where OwnLanding forbids it
	// (ruling Q11).
	for _, field := range []string{"Tokens", "TurnStart"} {
		tok, pre := &u.Tokens, ""
		if field == "TurnStart" {
			tok, pre = begin, "when the turn began, "
		}
		type holder struct {
			c Color
			i int
		}
		held := map[Square]holder{}
		for c := range Color(MaxPlayers) {
			for i, p := range tok[c] {
				switch {
				case !s.hasToken(c, i) && p != -1:
					return bad(field, c, i, "%s%v token %d is not in the game (the players are %v, with %d tokens each) but has progress %d, want -1", pre, c, i, seats, s.cfg.tokens, p)
				case p < -1 || p > fin:
					return bad(field, c, i, "%s%v token %d has progress %d, want -1 (yard) to %d (finish)", pre, c, i, p, fin)
				case p == -1 || p == fin:
					continue
				}
				sq, b := s.board().Square(c, p), holder{c, i}
				o, ok := held[sq]
				if !ok {
					held[sq] = b
					continue
				}
				if field == "TurnStart" && p == u.Tokens[c][i] {
					o, b = b, o // blame the token that moved this turn
				}
				switch {
				case o.c != b.c:
					return bad(field, b.c, b.i, "%s%v token %d and %v token %d share square %v, but a landing token captures (rule C11)", pre, o.c, o.i, b.c, b.i, sq)
				case s.cfg.has(optOwnLandingForbidden):
					return bad(field, b.c, b.i, "%s%v tokens %d and %d share %v, but OwnLanding is %v (ruling Q11)", pre, b.c, o.i, b.i, sq, OwnLandingForbidden)
				}
			}
		}
	}
	for c := range MaxPlayers {
		for i := range MaxTokens {
			s.tok[c][i] = uint8(u.Tokens[c][i] + 1)
			if s.cfg.has(optUndoTurn) {
				s.begin[c][i] = uint8(begin[c][i] + 1)
			}
		}
	}
	// Ranking (rule C6, ruling Q10).
	for k, c := range u.Ranking {
		switch {
		case k > 0 && s.cfg.has(optFirstWinner):
			return bad("Ranking", c, k, "End is FirstWinner: the game stops at the first winner, so the ranking lists one colour")
		case !seats.Has(c):
			return bad("Ranking", c, k, "the ranking lists %v, who does not play", c)
		case s.places[c] != 0:
			return bad("Ranking", c, k, "the ranking lists %v twice", c)
		case !s.allFinished(c) && k < int(s.cfg.players())-1:
			return bad("Ranking", c, k, "the ranking lists %v, whose tokens have not all finished (rule C6)", c)
		}
		s.placed++
		s.places[c] = s.placed
	}
	for c := range seats.All() {
		if s.places[c] == 0 && s.allFinished(c) {
			return bad("Tokens", c, -1, "every %v token has finished, so the ranking must list %v (rule C6)", c, c)
		}
	}
	if !s.cfg.has(optFirstWinner) && s.placed == s.cfg.players()-1 {
		s.rankLast() // ruling Q10
	}
	// Turn, die and sixes (rules C3, C9).
	over, limit, bonus := s.over(), int(s.cfg.sixLimit), s.cfg.bonus
	maxSixes := limit
	if limit == 0 {
		maxSixes = 255
	}
	t := u.Turn
	switch {
	case !seats.Has(t):
		return bad("Turn", t, -1, "the turn is %v's, who does not play", t)
	case over && u.Die != 0:
		return bad("Die", t, -1, "the game is over, so no die is being played")
	case over && u.Sixes != 0:
		return bad("Sixes", t, -1, "the game is over, so no sixes count")
	case over: // nothing is under way
	case s.places[t] != 0:
		return bad("Turn", t, -1, "the turn is %v's, who has finished (rule C3)", t)
	case u.Die < 0 || u.Die > 6:
		return bad("Die", t, -1, "die %d: want 1 to 6 (or 0: a roll is due)", u.Die)
	case u.Sixes < 0 || u.Sixes > maxSixes:
		return bad("Sixes", t, -1, "sixes %d: want 0 to %d (rule C9)", u.Sixes, maxSixes)
	case bonus == 0 && u.Sixes > 0:
		return bad("Sixes", t, -1, "sixes %d, but BonusRolls is empty, so no roll counts (rule C9)", u.Sixes)
	case bonus.Has(u.Die) && u.Sixes == 0:
		return bad("Sixes", t, -1, "die %d earns a bonus roll, so sixes counts it and is at least 1 (rule C9)", u.Die)
	case limit > 0 && u.Sixes == limit && u.Die == 0:
		return bad("Sixes", t, -1, "sixes %d is SixLimit: that roll was forfeited and the turn has passed (rule C9)", u.Sixes)
	case limit > 0 && u.Sixes == limit && !bonus.Has(u.Die):
		return bad("Sixes", t, -1, "sixes %d is SixLimit, but die %d does not count: the roll before it was forfeited and the turn has passed (rule C9)", u.Sixes, u.Die)
	}
	// Where the turn began (ruling Q2): the turn's moves and captures lead
	// from there to here.
	for c := range seats.All() {
		switch {
		case begin[c] == u.Tokens[c]:
			continue
		case over:
			return bad("TurnStart", c, -1, "the game is over, so no turn is under way and %v stood where it stands", c)
		case u.Sixes == 0:
			return bad("TurnStart", c, -1, "sixes is 0, so no move has been made this turn and %v stood where it stands", c)
		case slices.Equal(begin[c][:s.cfg.tokens], slices.Repeat([]int{fin}, int(s.cfg.tokens))) != (s.places[c] != 0):
			return bad("TurnStart", c, -1, "%v had finished when the turn began if and only if it has finished now", c)
		case c == t:
			continue
		}
		for i, p := range u.Tokens[c] {
			if p != begin[c][i] && p != -1 {
				return bad("TurnStart", c, i, "%v token %d moved during %v's turn; only a capture sends it back to its yard", c, i, t)
			}
		}
	}
	s.turn, s.sixes = t, uint8(u.Sixes)
	s.locate()
	if u.Die != 0 {
		// Roll the die again, to judge the moves, from the six count it
		// had before it: one less if it earns a bonus roll, which the
		// checks above make at least 1 then.
		s.sixes -= uint8(s.cfg.bonus>>u.Die) & 1
		_ = s.roll(u.Die) // accepted: the game, the turn and the die are checked above
	}
	return nil
}
