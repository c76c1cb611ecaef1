// Package ludo knows the rules of Ludo and its relatives exactly: an
// immutable game [State], the legal moves of a position, and the
// transitions [State.Roll] and [State.Apply], under options ([Rules]) that
// cover the rules tables argue about, and presets for the family's
// rulesets ([Preset]: classic Ludo, Mongolian, Ludo King, Mensch ärgere
// Dich nicht, Danish, Parchís with one die, Fia, Cờ cá ngựa, Chińczyk,
// Non t'arrabbiare, Eile mit Weile, Petits chevaux, the two Brazilian
// families, the torre's and the PUC-Rio rules'; and with two dice
// Nigerian Ludo, Parcheesi, Parchís and Uckers). Greece's Griniaris is
// classic Ludo.
//
// A game is a sequence of values. [New] returns the start position for a
// set of [Rules]. The player to move rolls with [State.Roll], giving a die
// face (from [Dice], from a real die, or each of [State.Outcomes] in
// turn for search), or with two dice [State.RollDice] (or either as
// [State.RollOutcome]), then picks one of [State.LegalMoves] and plays it
// with [State.Apply]; with two dice each die is a move of its own, the
// second due without a roll. Where the rules force a pass, the pass is a legal [Move]
// like any other, so no step is ever hidden; where a move earns a bonus
// move (Parchís counts 20 for a capture), the next move is due without a
// roll. Every transition validates its input and returns a new State,
// never changing the one it was called on.
//
// For hot loops, [State.AppendLegalMoves] appends into a caller's buffer;
// it, Roll and Apply allocate nothing. [State.LegalMovesSeq] yields the same
// moves as an iterator.
//
// An illegal move is rejected with an [*IllegalMoveError] whose text names
// the rule it breaks, as numbered in the rulebook (docs/rulebook.md) (for example
// "token 2 cannot pass the block on square 17 (rule B2)"); it matches
// [ErrIllegalMove] with [errors.Is], and [RuleText] quotes the rule. Other
// bad input is rejected with errors matching [ErrBadFace],
// [ErrWrongPhase], [ErrGameOver], [ErrInvalidRules] or [ErrInvalidSetup].
// No input makes the package panic.
//
// Geometry is data ([Board], [Ludo52]); positions can be built by hand
// with [Setup], written and read as text ([FormatPosition],
// [ParsePosition]) or JSON, and drawn by the package
// [github.com/ludorules/ludo/picture]. A whole game is a [Record], which
// [Record.Replay] checks ply by ply, naming the rule an illegal ply
// breaks; the picture package makes a page that steps through one.
// [RuleTitle] names the rules by their rulebook numbers.
//
// For bots and learning code, [State.Play] and [State.AppendSuccessors]
// walk the game tree with the die as a chance node ([State.Outcomes]);
// [Move.Action], [State.ActionMask] and [State.ActionMove] give moves
// dense ids; [State.Observe] fills a fixed-size [Observation] from the
// point of view of the player to move; and [State.Key] hashes a position
// for transposition tables.
package ludo

import (
	"encoding/binary"
	"errors"
	"fmt"
	"iter"
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
	// PhaseMove: the player to move must play one of the legal moves
	// ([State.Apply]), which is a pass where no token can move: with the
	// die they rolled, or a bonus move they earned (rule P8).
	PhaseMove
	// PhaseOver: the game has ended; see [State.Ranking].
	PhaseOver
)

var phaseNames = []string{"roll", "move", "over"}

// String returns "roll", "move" or "over".
func (p Phase) String() string { return enumName(uint8(p), phaseNames...) }

// MarshalText writes the phase's name, as [Phase.String]; a value that is
// not a phase is an error.
func (p Phase) MarshalText() ([]byte, error) {
	if int(p) >= len(phaseNames) {
		return nil, fmt.Errorf("ludo: %v is not a phase", p)
	}
	return []byte(p.String()), nil
}

// UnmarshalText reads a phase's name ("roll", "move" or "over", in any
// case). On error p is left unchanged.
func (p *Phase) UnmarshalText(text []byte) error {
	for v, name := range phaseNames {
		if strings.EqualFold(string(text), name) {
			*p = Phase(v)
			return nil
		}
	}
	return &ParseError{Err: ErrSyntax, Msg: fmt.Sprintf("%s is not a phase: want roll, move or over", quote(string(text)))}
}

// State is a position of a game: the rules, where every token stands, whose
// turn it is, the face thrown and the moves due, the streak of bonus
// rolls this turn, and the players who have finished, in order; and what
// the rules in play remember of the game (who has captured, which token
// moved last, …).
//
// A State is a small value: copy it, compare it with == (two States are
// equal when the rules, the position of every token (by index) and the
// state of the turn are), use it as a map key, and share it between
// goroutines without locks. Methods never change it; transitions return a
// new State. It holds one pointer, to the rules it is played under, which
// are shared and never change (equal Rules give the same pointer, so ==
// works); it holds no slices or maps.
//
// The zero State is not a game: [State.IsValid] reports false, queries
// return the zero values of no game (no players, no moves, every token
// in its yard; [State.Phase] is [PhaseOver], as nothing is due), and
// transitions return an error matching [ErrNoGame].
type State struct {
	tok [MaxPlayers][MaxTokens]uint8 // 0 in the yard, else progress+1
	at  lanes                        // each token's track square, 0 off the track: derived from tok, so that no rule scans the board
	// The legal moves of the amount due, judged once when it becomes due
	// (see startCount): moves[i] is token i's lane (see Move.lane), 0
	// where it has no legal move; extra is a second move of the token it
	// names (rule F1). All 0 while a roll is due, and where the only
	// legal move is a pass. With two dice (rule W1) they keep the moves
	// of every amount due, judged once where the amounts became due
	// (settle): moves the head's, extra marked extraDice and the tokens
	// with a move of another kind.
	moves [MaxTokens]uint32
	extra uint32
	// blocked has a bit for every token that shares its track square with
	// another of its colour, so forms a block (rule B1), bit
	// MaxTokens×c+i for token i of colour c: derived from at, and kept
	// only where blocks are played. later has a bit for every token that
	// arrived on its square after the token it shares it with (rule P4),
	// kept only under EntryCapturesLast.
	blocked, later uint32
	// What a turn keeps, side by side so that the turn's end clears them
	// together.
	due    amounts // the moves due: none while a roll is due
	throw  uint8   // the face thrown, kept through the bonus move it leads to; with two dice (rule W1), the first die's in bits 0-2 and the second's in bits 3-5 (dice); 0 while a roll is due
	flags  uint8   // stateEarns, stateExtraRoll, stateForfeit, and the token moved last (lastMoved)
	streak uint8   // bonus-earning rolls in a row this turn (rule C9)
	tries  uint8   // rolls this turn since the last token move that left no move (rule M4)

	turn     Color
	placed   uint8
	endsAt   uint8  // the ruleset's endsAt, here so that the zero State is over
	captured Colors // the colours that have captured (rule K4)
	places   placing
	rs       *ruleset
	begin    [MaxPlayers][MaxTokens]uint8 // tok when the turn began, kept under UndoTurn (ruling Q2); when the throw began, kept under DoublesSplitBlocks and SumMoves (rules H5, U2), but for the lanes settle judged until a die is played (stateLanes: see began); else with two dice the lanes of the other amount's and both dice's moves that settle judged (lanesKept), and 0 with one die
}

// State flags. Bits 3 to 5 hold the token moved last this turn, plus
// one, 0 for none (rule P9: see lastMoved).
const (
	stateEarns     uint8 = 1 << iota // the throw earns a bonus roll (rules C9, W3), as roll and rollDice found
	stateExtraRoll                   // a bonus roll is owed after the move due (rules K2, K3)
	stateForfeit                     // the roll reached the six limit and is forfeited (rule C9): its only move is the forfeiting pass
	stateLastShift = iota
	stateLast      = 7 << stateLastShift
	stateBottoms   = 1 << 6 // the double thrown is played as tops and bottoms (rule H2): four amounts
	stateLanes     = 1 << 7 // begin keeps the lanes settle judged, under the rules of where the throw began before a die is played, where the throw began is where the tokens stand (lanesKept, began)
)

// lastMoved returns the token moved last this turn, or -1 for none (rule
// P9).
func (s *State) lastMoved() int { return int(s.flags&stateLast>>stateLastShift) - 1 }

// setLastMoved marks token i as the token moved last this turn (rule P9).
func (s *State) setLastMoved(i int) {
	s.flags = s.flags&^stateLast | uint8(i+1)<<stateLastShift&stateLast
}

// New returns the start position of a game under r: every token in its
// yard (rule C2) but those StartOut puts on their start squares, and the
// first seated colour clockwise from Red to roll. It returns an error
// matching [ErrInvalidRules] if r is not valid.
func New(r Rules) (State, error) {
	if err := r.Validate(); err != nil {
		return State{}, err
	}
	rs := compile(r)
	s := State{rs: rs, endsAt: rs.endsAt}
	for c := range rs.seats.All() {
		for i := range r.StartOut {
			s.tok[c][i] = 1
		}
	}
	for c := range rs.seats.All() {
		s.turn = c // ruling Q12: the first seated colour
		break
	}
	s.locate()
	if rs.has(featUndo | featSplit) {
		s.begin = s.tok
	}
	return s, nil
}

// IsValid reports whether s is a game, not the zero State. It is named
// as [net/netip.Addr.IsValid] names the same question of a value whose
// zero is not a valid one (time.Time's IsZero asks the opposite of a
// zero that is a valid time).
func (s State) IsValid() bool { return s.rs != nil }

// Rules returns the rules the game is played under.
func (s State) Rules() Rules {
	if s.rs == nil {
		return Rules{}
	}
	return s.rs.rules
}

// Board returns the board the game is played on.
func (s State) Board() Board { return s.Rules().Board }

// Players returns the colours that play.
func (s State) Players() Colors {
	if s.rs == nil {
		return 0
	}
	return s.rs.seats
}

// Phase returns what the position waits for.
func (s State) Phase() Phase {
	switch {
	case s.placed >= s.endsAt: // the zero State (endsAt 0) reads as over
		return PhaseOver
	case s.due.head == 0:
		return PhaseRoll
	}
	return PhaseMove
}

func (s *State) over() bool { return s.placed >= s.endsAt }

// Turn returns the colour to roll or move (under rule T2 a player whose
// tokens have all finished moves a partner's: see [Move.Color]). Once the
// game is over it is the colour that moved last.
func (s State) Turn() Color { return s.turn }

// Die returns the face thrown while a move is due, and 0 otherwise.
// During a bonus move (rule P8) it is the face of the roll that led to
// it, which may still earn a bonus roll. With two dice (rule W1) it is
// the first die's face; see [State.Dice]. Die, Dice and DiceDue are three
// views of one throw, each for the code that needs it: Die the one face
// of a game of one die, Dice both faces of two dice, DiceDue the amounts
// of the throw still to play.
func (s State) Die() int {
	if s.due.head == 0 {
		return 0
	}
	a, _ := s.dice()
	return int(a)
}

// Dice returns the faces of the throw while a move is due: with two dice
// (rule W1) the first die's and the second's, played or not (see
// [State.DiceDue]); with one die, [State.Die] and 0. While no move is
// due both are 0.
func (s State) Dice() (first, second int) {
	if s.due.head == 0 {
		return 0, 0
	}
	a, b := s.dice()
	return int(a), int(b)
}

// DiePlayed reports whether, with two dice (rule W1), a die of the throw
// being played has been played already: the move due then follows no
// roll (the other die, or a bonus move after the dice, rule W4). It is
// false with one die.
func (s State) DiePlayed() bool { return s.rs != nil && s.diePlayed() }

// DiceDue returns, with two dice (rule W1), the faces of the dice still
// to be played, each at its index in the throw: both dice after the
// throw, the first at 0 and the second at 1, and a die played is 0. A
// double played as tops and bottoms (rule H2) is four amounts: the top,
// the bottom (7 minus the top), the other top and the other bottom.
// With one die, or while no die is due, all are 0.
func (s State) DiceDue() [4]int {
	var due [4]int
	if s.due.head == 0 || s.rs.feat&featTwoDice == 0 {
		return due
	}
	if k := s.due.first(); k < len(due) {
		due[k] = int(s.head().face())
	}
	for j, st := range s.due.more {
		if st != 0 {
			due[j+1] = int(st)
		}
	}
	return due
}

// Count returns the steps the move due counts: the die; what a 6 counts
// under [Rules.SixValue]; or the steps of a bonus move (rule P8). With
// two dice (rule W1) it is the first die due's. It is 0 while no move is
// due.
func (s State) Count() int { return int(s.head().steps()) }

// IsBonusMove reports whether the move due is a bonus move earned by a
// capture or a token brought home (rule P8), not a roll's.
func (s State) IsBonusMove() bool { return s.due.head != 0 && s.head().face() == 0 }

// Streak returns the number of bonus-earning rolls (sixes, by default;
// see [Rules.BonusRolls]) the player to move has rolled in a row this
// turn, the count [Rules.SixLimit] limits (rule C9). A roll that earns a
// bonus roll adds to it; a roll that earns none leaves it as it was,
// since the turn ends with that roll's moves (a bonus move it leads to,
// rule P8, included); a bonus roll earned otherwise (rules K2, K3) starts
// it again from 0. Without a SixLimit the count stops at 255.
func (s State) Streak() int { return int(s.streak) }

// Progress returns how far token i of colour c has come from its start
// square (see [Board]): -1 in the yard, the board's Finish at the finish.
// It returns -1 for a colour or token that is not in the game.
func (s State) Progress(c Color, i int) int {
	if !s.hasToken(c, i) {
		return -1
	}
	return int(s.tok[c][i]) - 1
}

// Square returns where token i of colour c stands: for a token going
// round again past its home entry (rule K4), the track square.
func (s State) Square(c Color, i int) Square {
	if s.rs == nil {
		return YardOf(c)
	}
	return s.squareOf(c, s.Progress(c, i))
}

func (s *State) hasToken(c Color, i int) bool {
	return s.rs != nil && s.rs.seats.Has(c) && i >= 0 && i < int(s.rs.tokens)
}

// TokensOn returns how many tokens of each colour stand on square sq. On
// a safe square, or where partners or pairs share a square, there may be
// tokens of several colours; elsewhere of one at most.
func (s State) TokensOn(sq Square) [MaxPlayers]int {
	var n [MaxPlayers]int
	if s.rs == nil {
		return n
	}
	for c := range s.rs.seats.All() {
		for i := range int(s.rs.tokens) {
			if s.squareOf(c, int(s.tok[c][i])-1) == sq {
				n[c]++
			}
		}
	}
	return n
}

// Occupant returns the colour and number of the tokens on square sq, or
// a count of 0 if it is empty. Where tokens of several colours share the
// square (see [State.TokensOn]) it returns the first of them clockwise
// from Red.
func (s State) Occupant(sq Square) (Color, int) {
	for c, n := range s.TokensOn(sq) {
		if n > 0 {
			return Color(c), n
		}
	}
	return 0, 0
}

// Blocks yields each track square that holds a block, with its colour, in
// order of square number. Where [Rules.Blocks] is [NoBlocks] there are none
// (rule B1); under [BlocksOnSafe] they stand on safe squares only (rule S4).
func (s State) Blocks() iter.Seq2[Square, Color] {
	return func(yield func(Square, Color) bool) {
		if s.rs == nil || s.rs.rules.Blocks == NoBlocks {
			return
		}
		for n := 1; n <= int(s.rs.track); n++ {
			sq := TrackSquare(n)
			if s.rs.rules.Blocks == BlocksOnSafe && !s.rs.rules.Board.IsSafe(sq) {
				continue // rule S4: a block stands on a safe square only
			}
			for c, k := range s.TokensOn(sq) {
				if k >= 2 && !yield(sq, Color(c)) {
					return
				}
			}
		}
	}
}

// Captured reports whether colour c has captured a token in this game,
// which under [Rules.CaptureBeforeHome] opens its home column (rule K4).
func (s State) Captured(c Color) bool { return s.captured.Has(c) }

// Place returns colour c's finishing place (1 for the winner), or 0 while
// c is still playing. With partners ([Partners]) both colours of a team
// have the team's place.
func (s State) Place(c Color) int {
	if c >= MaxPlayers {
		return 0
	}
	return s.places.of(c)
}

// Winner returns the colour in first place (with partners, the first
// colour clockwise from Red of the winning team), and false while nobody
// has finished.
func (s State) Winner() (Color, bool) {
	for c := range s.Players().All() {
		if s.places.of(c) == 1 {
			return c, true
		}
	}
	return 0, false
}

// Ranking returns the colours that have a place, first place first (with
// partners, a team's colours together, clockwise from Red). Once the game
// is over under [PlayForAllPlaces] it lists every player once.
func (s State) Ranking() []Color {
	r := make([]Color, 0, s.placed)
	for p := uint8(1); int(p) <= MaxPlayers; p++ {
		for c := range s.Players().All() {
			if s.places.of(c) == int(p) {
				r = append(r, c)
			}
		}
	}
	return r
}

// Team returns the colours on colour c's side: its partners and itself
// under [Partners], else c alone (rule T1).
func (s State) Team(c Color) Colors {
	if s.rs == nil || c >= MaxPlayers {
		return 0
	}
	return s.rs.mates[c]
}

// String draws the position as text: a header with the phase, a line for
// the track (groups of squares, each starting at a colour's start square
// and headed by its number) and a line per player with its yard, home
// column and finish. A token is the colour's initial: lower case for one,
// upper case for two or more on one square; '+' marks a square that
// tokens of several colours share.
func (s State) String() string {
	if s.rs == nil {
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
		if s.IsBonusMove() {
			fmt.Fprintf(&b, ": %v to move, bonus %d", s.turn, s.Count())
		} else if a, b2 := s.Dice(); b2 != 0 {
			fmt.Fprintf(&b, ": %v to move, dice %d %d", s.turn, a, b2)
			faces, due := s.amountFaces(), s.DiceDue()
			if s.flags&stateBottoms != 0 {
				b.WriteString(" (tops and bottoms)")
			}
			var played []int
			for k, f := range faces {
				if f != 0 && due[k] == 0 {
					played = append(played, f)
				}
			}
			if len(played) > 0 {
				fmt.Fprintf(&b, " (%s played)", strings.Trim(fmt.Sprint(played), "[]"))
			}
		} else {
			fmt.Fprintf(&b, ": %v to move, die %d", s.turn, s.Die())
			if s.Count() != s.Die() {
				fmt.Fprintf(&b, " (counts %d)", s.Count())
			}
		}
	}
	if s.Phase() != PhaseOver {
		if s.streak > 0 && s.rs.feat&featTwoDice != 0 && !s.rs.rules.BonusAnyDie {
			fmt.Fprintf(&b, ", doubles %d", s.streak) // rule W3
		} else if s.streak > 0 {
			fmt.Fprintf(&b, ", sixes %d", s.streak)
		}
		b.WriteByte('\n')
	}
	board := s.rs.rules.Board
	mark := func(on [MaxPlayers]int) byte {
		colours, c, n := 0, 0, 0
		for k, m := range on {
			if m > 0 {
				colours, c, n = colours+1, k, m
			}
		}
		switch {
		case colours == 0:
			return '.'
		case colours > 1:
			return '+'
		case n == 1:
			return colorNames[c][0]
		}
		return colorNames[c][0] - 'a' + 'A'
	}
	for n := 1; n <= board.Track; n++ {
		if (n-1)%board.StartSpacing == 0 && (n-1)/board.StartSpacing < board.Arms {
			if n > 1 {
				b.WriteByte(' ')
			}
			fmt.Fprintf(&b, "%d:", n)
		}
		b.WriteByte(mark(s.TokensOn(TrackSquare(n))))
	}
	b.WriteByte('\n')
	for c := range s.rs.seats.All() {
		yard := s.TokensOn(YardOf(c))[c]
		fin := s.TokensOn(FinishOf(c))[c]
		fmt.Fprintf(&b, "%-6s yard %d  home ", c, yard)
		for n := 1; n <= board.HomeColumn; n++ {
			b.WriteByte(mark(s.TokensOn(HomeSquare(c, n))))
		}
		fmt.Fprintf(&b, "  finish %d", fin)
		if p := s.places.of(c); p > 0 {
			fmt.Fprintf(&b, "  place %d", p)
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// placing holds the players' places (rule C6): colour c's place in bits
// 4c to 4c+3 (0 while it plays), and the colours that have one in bits 24
// to 29.
type placing uint32

// of returns colour c's place, 0 for none.
func (p placing) of(c Color) int { return int(p >> (4 * (c % MaxPlayers)) & 15) }

// done returns the colours that have a place.
func (p placing) done() Colors { return Colors(p >> 24) }

// give gives colour c place n.
func (p *placing) give(c Color, n int) {
	c %= MaxPlayers
	*p = *p&^(15<<(4*c)) | placing(n)<<(4*c) | 1<<(24+c)
}

// ---------------------------------------------------------------------
// lanes

// lanes holds one byte for each token, colour by colour (token i of colour
// c in byte MaxTokens×c+i), read as little-endian words (word) so that a
// question about every token on the board is a few word operations, and
// written a byte at a time.
type lanes [8 * laneWords]uint8

// laneWords is the number of words lanes takes.
const laneWords = (MaxPlayers*MaxTokens + 7) / 8

const (
	ones = 0x0101010101010101
	high = 0x8080808080808080
)

// word returns word w of l: the bytes of tokens 8w to 8w+7, the first
// lowest.
func (l *lanes) word(w int) uint64 { return binary.LittleEndian.Uint64(l[8*w:]) }

// set sets the byte of token i of colour c to v.
func (l *lanes) set(c Color, i int, v uint8) {
	l[int(c)*MaxTokens+i%MaxTokens] = v
}

// byteOf returns token i of colour c's byte: its track square.
func (l *lanes) byteOf(c Color, i int) uint8 {
	return l[int(c)*MaxTokens+i%MaxTokens]
}

// joins reports whether a token of colour c other than token i has byte
// v: a word of the colour's MaxTokens bytes, where match reads every
// colour's.
func (l *lanes) joins(c Color, i int, v uint8) bool {
	return bytesEqual(binary.LittleEndian.Uint32(l[int(c)*MaxTokens:]), v)&^(0x80<<(8*(uint(i)%MaxTokens))) != 0 // (bounds checked, not a modulo of c: fewer instructions)
}

// bytesEqual returns the high bit of every byte of w, a colour's tokens'
// bytes (tokenBytes), that equals v.
func bytesEqual(w uint32, v uint8) uint32 { return zeroBytes(w ^ uint32(v)*0x01010101) }

// match returns the tokens whose byte equals v, as a token set (see
// tokenBit).
func (l *lanes) match(v uint8) uint32 {
	b := uint64(v) * ones
	return uint32(gather(zeroBytes(l.word(0)^b))) | uint32(gather(zeroBytes(l.word(1)^b)))<<8 | uint32(gather(zeroBytes(l.word(2)^b)))<<16
}

// match and has are written out for three words.
var _ = [1]struct{}{}[laneWords-3]

// has reports whether any byte equals v.
func (l *lanes) has(v uint8) bool {
	b := uint64(v) * ones // the words at constant offsets, which Go counts cheaper for inlining than word
	x, y, z := binary.LittleEndian.Uint64(l[0:])^b, binary.LittleEndian.Uint64(l[8:])^b, binary.LittleEndian.Uint64(l[16:])^b
	return ((x-ones)&^x|(y-ones)&^y|(z-ones)&^z)&high != 0
}

// gather packs the high bits of the 8 bytes of x into a byte, byte j's
// as bit j.
func gather(x uint64) uint8 { return uint8(x & high * 0x0002040810204081 >> 56) }

// zeroBytes returns the high bit of every zero byte of x, exactly.
func zeroBytes[T uint32 | uint64](x T) T {
	l7 := ^T(0) / 0xff * 0x7f // 0x7f in every byte
	return ^((x&l7 + l7) | x | l7)
}

// tokenBit returns the bit of token i of colour c in a token set: a
// uint32 with bit MaxTokens×c+i for token i of colour c (blocked, later,
// what match finds on a square).
func tokenBit(c Color, i int) uint32 { return 1 << ((uint(c)*MaxTokens + uint(i)%MaxTokens) % 32) }

// colorBits returns the bits of colour c's tokens in a token set.
func colorBits(c Color) uint32 { return (1<<MaxTokens - 1) << (uint(c) * MaxTokens % 32) }

// Roll itself and the rest of the rules are in the files rules.go maps.

// locate sets the track square of every token from its progress, and the
// blocks.
func (s *State) locate() {
	s.at = lanes{}
	rs := s.rs
	for c := range rs.seats.All() {
		for i := range int(rs.tokens) {
			if p := int(s.tok[c][i]) - 1; rs.onTrack(p) {
				s.at.set(c, i, s.trackSquare(c, p)) // past the finish: going round again (rule K4)
			}
		}
	}
	s.findBlocks(1<<laneWords - 1)
}
