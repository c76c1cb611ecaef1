package ludo

import (
	"cmp"
	"strconv"
	"strings"
)

// Move is one legal action of the player to move: a token's move, or a
// pass where the rules force one (rule C10: no token can move; rule C9:
// the roll is forfeited). It is a small comparable value that describes
// itself: whose token, from where to where, with which roll, and what the
// move does.
//
// Moves come from [State.LegalMoves] and its twins, [State.TokenMove] or
// [ParseMove]. The zero Move is no move at all: it names no token and no
// colour's pass, and [State.Apply] rejects it.
type Move struct {
	v uint64 // the fields below, packed so that a Move travels in a register
}

// The layout of a Move, field by field: the bit each starts at and its
// width. The fields from mTo on are what the position alone does not
// say, which the State keeps for each token when it judges the amount due
// (a lane, see lane).
const (
	mColor    = 0  // 4 bits: the colour whose token moves (the mover)
	mDie      = 4  // 8 bits: the face the move plays, 0 for a bonus move
	mToken    = 12 // 4 bits: the token's index plus one; 0 for a pass
	mFrom     = 16 // 8 bits: the progress from plus one; 0 for the yard or a pass
	mCount    = 24 // 8 bits: the steps the move counts
	mTo       = 32 // 8 bits: the progress to plus one
	mFlags    = 40 // 12 bits: the flags below
	mCaptures = 52 // 4 bits: the opponent tokens sent to their yards
	mLaneTok  = 56 // 3 bits: in a State's extra lane, the token it is for
	mAmount   = 59 // 3 bits: which of the amounts due it plays (see amounts)
	mMate     = 62 // 1 bit: two colours each (rule T3), a move of the mover's other colour

	laneShift = mTo // a lane is the Move's bits from here
)

// moveFlags are the flags of a Move.
type moveFlags uint16

const (
	flagValid     moveFlags = 1 << iota // set on every move the rules produce
	flagEnter                           // from the yard onto the board (rule C7)
	flagFinish                          // reaches home (rules C5, M1)
	flagBlock                           // ends on its own colour where blocks are played (rule B1)
	flagBounce                          // overshot the finish and counted back (rule C5)
	flagForfeit                         // the pass that forfeits a roll (rule C9)
	flagJump                            // landed on a star and jumped (rule D2)
	flagMoverHome                       // the mover is sent to its yard (rules D1, D3)
	flagPair                            // a second token enters with it (rule F1), or moves with it as a tower (rules R5, Y5)
	flagCircle                          // goes round the track again (rules K4, Y6)
	flagRetire                          // the token captures and leaves the board as finished (rule N1)
	flagBoth                            // the move plays both dice of two, as their sum (rule H1)
)

// newMove returns the move of token i (-1 for a pass) of colour c from
// progress from, counting count steps with die face d (0 for a bonus
// move), going nowhere yet.
func newMove(c Color, i, from, count, d int) Move {
	p := uint64(uint8(from + 1))
	return Move{uint64(c)&0xf<<mColor | uint64(uint8(d))<<mDie | uint64(i+1)&0xf<<mToken |
		p<<mFrom | uint64(uint8(count))<<mCount | p<<mTo | uint64(flagValid)<<mFlags}
}

// passMove returns the pass of colour c on a move of count steps with die
// face d: it names no token, and its progress from and to are -1.
func passMove(c Color, count, d int, forfeit bool) Move {
	return dueOf(c, uint8(d), uint8(count)).pass(forfeit)
}

// lane returns what a legal token move says beyond its colour, die, token,
// start and count: where it goes, its flags and its captures, as a State
// keeps it for the token (bit 8 is the valid flag, so a lane is 0 where
// the token has no legal move).
func (m Move) lane() uint32 { return uint32(m.v >> laneShift) }

// A State keeps a token's second move (rule F1) in a lane of its own, the
// extra lane, which also names the token: laneTokMask is where.
const laneTokMask = uint32(7) << (mLaneTok - laneShift)

// extraLane returns lane l as the extra lane of token i.
func extraLane(l uint32, i int) uint32 {
	return l&^laneTokMask | uint32(i)<<(mLaneTok-laneShift)&laneTokMask
}

// extraToken returns the token extra lane l is for.
func extraToken(l uint32) int { return int(l&laneTokMask) >> (mLaneTok - laneShift) }

// amount returns the index of the amount due the move plays (see
// amounts): 0 where one amount is due at a time, as in every ruleset
// with one die.
func (m Move) amount() int { return int(m.v >> mAmount & amountMask) }

func (m Move) with(f moveFlags) Move    { return Move{m.v | uint64(f)<<mFlags} }
func (m Move) without(f moveFlags) Move { return Move{m.v &^ (uint64(f) << mFlags)} }
func (m Move) has(f moveFlags) bool     { return m.flags()&f != 0 }
func (m Move) flags() moveFlags         { return moveFlags(m.v >> mFlags & 0xfff) }
func (m Move) asSum(f uint8) Move       { return Move{m.v&^(0xff<<mDie) | uint64(f)<<mDie}.with(flagBoth) }
func (m Move) withToken(i int) Move     { return Move{m.v&^(0xf<<mToken) | uint64(i+1)&0xf<<mToken} }
func (m Move) withTo(to int) Move       { return Move{m.v&^(0xff<<mTo) | uint64(uint8(to+1))<<mTo} }
func (m Move) withCaptures(n int) Move {
	return Move{m.v&^(0xf<<mCaptures) | uint64(min(n, 15))<<mCaptures}
}

// IsValid reports whether m is a move the rules produced, not the zero
// Move.
func (m Move) IsValid() bool { return m.has(flagValid) }

// Color returns the colour whose token moves: the player's, or where a
// player whose tokens have all finished plays on for a partner (rule
// T2), the partner's.
func (m Move) Color() Color { return Color(m.v >> mColor & 0xf) }

// Token returns the index (0 to Tokens-1) of the token that moves, or -1
// for a pass and for the zero Move.
func (m Move) Token() int { return int(m.v>>mToken&0xf) - 1 }

// From returns the token's progress before the move, -1 for the yard (see
// [Board] for what progress is). A pass moves no token: its From, like
// its [Move.Token], is -1.
func (m Move) From() int { return int(uint8(m.v>>mFrom)) - 1 }

// To returns the token's progress after the move, -1 for the yard (a
// mover sent home, rules D1 and D3). A pass's To is -1.
func (m Move) To() int { return int(uint8(m.v>>mTo)) - 1 }

// Die returns the die face the move plays, or 0 for a bonus move (rule
// P8), which plays no roll.
func (m Move) Die() int { return int(uint8(m.v >> mDie)) }

// Count returns the number of steps the move counts: the die, what a 6
// counts under [Rules.SixValue], or a bonus move's steps. The steps
// walked may differ: an entering token, a bounce, a star jump.
func (m Move) Count() int { return int(uint8(m.v >> mCount)) }

// IsPass reports whether the move is a pass.
func (m Move) IsPass() bool { return m.IsValid() && m.Token() < 0 }

// IsBonusMove reports whether the move plays a bonus move of steps earned by
// a capture or a token brought home (rule P8), not a roll.
func (m Move) IsBonusMove() bool { return m.IsValid() && m.Die() == 0 }

// Forfeits reports whether the move is the pass that forfeits a roll at
// the six limit (rule C9).
func (m Move) Forfeits() bool { return m.has(flagForfeit) }

// Enters reports whether the move brings the token from its yard onto the
// board (rule C7).
func (m Move) Enters() bool { return m.has(flagEnter) }

// EntersPair reports whether a second token of the yard enters with this
// one onto the start square (rule F1): the lowest-numbered other token in
// the yard.
func (m Move) EntersPair() bool { return m.flags()&(flagPair|flagEnter) == flagPair|flagEnter }

// MovesTower reports whether the move is a tower moving whole (rule R5):
// the other token of the mover's colour on its square moves with it, and
// the two land on an opponent's tower, which they capture; or, under
// [Rules.TowersTogether] (rule Y5), anywhere the token alone could go.
func (m Move) MovesTower() bool { return m.flags()&(flagPair|flagEnter) == flagPair }

// Captures reports whether the move sends opponent tokens to their yards
// (rule C11); [Move.NumCaptured] says how many.
func (m Move) Captures() bool { return m.v&(0xf<<mCaptures) != 0 }

// NumCaptured returns the number of opponent tokens the move sends to
// their yards (rule C11): two where a tower takes a tower (R5), and with
// those passed on the way under OvertakeCaptures (S1).
func (m Move) NumCaptured() int { return int(m.v >> mCaptures & 0xf) }

// Finishes reports whether the move brings the token home: to the finish,
// or under [GoalSlots] into the goal (rules C5, M1).
func (m Move) Finishes() bool { return m.has(flagFinish) }

// FormsBlock reports whether the move ends on a track square the mover
// already holds, where blocks are on: the square is then a block (rule
// B1).
func (m Move) FormsBlock() bool { return m.has(flagBlock) }

// Bounces reports whether the move overshot the finish and counted back
// ([BounceFinish]).
func (m Move) Bounces() bool { return m.has(flagBounce) }

// Jumps reports whether the token landed on a star and jumped on to the
// next (rule D2).
func (m Move) Jumps() bool { return m.has(flagJump) }

// Circles reports whether the token went on round the track instead of
// into its home column: its colour not having captured yet (rule K4),
// or by its player's choice (rule Y6), which takes it to the same track
// square with one lap more to go: its [Move.To] is then below its
// [Move.From].
func (m Move) Circles() bool { return m.has(flagCircle) }

// Retires reports whether the token, having captured on the square it
// lands on ([Move.To]), leaves the board as finished (rule N1): the move
// [Move.Finishes] too.
func (m Move) Retires() bool { return m.has(flagRetire) }

// BothDice reports whether the move plays both dice of a throw of two, as
// their sum: an entry on dice that sum to an entry face (rule H1). Its
// [Move.Die] and [Move.Count] are the sum.
func (m Move) BothDice() bool { return m.has(flagBoth) }

// SendsMoverHome reports whether the move ends with the moving token sent
// to its own yard, for landing on a safe opponent or a pair (rules D1,
// D3).
func (m Move) SendsMoverHome() bool { return m.has(flagMoverHome) }

// String describes the move in progress terms, as "red 2: 12-18",
// "red 0: yard-0 enter", "red 1: 50-56 finish", "green 3: 4-10 x1"
// (one capture), "red 0: 10-30 bonus" (a bonus move of 20, rule P8),
// "blue pass" or "blue pass bonus" (a bonus move no token can make). It
// is the move's text form: [Move.MarshalText] writes it and
// [Move.UnmarshalText] reads it back.
func (m Move) String() string {
	return string(m.appendText(nil))
}

func (m Move) appendText(b []byte) []byte {
	if !m.IsValid() {
		return append(b, "no move"...)
	}
	b = append(b, m.Color().String()...)
	if m.IsPass() {
		b = append(b, " pass"...)
		if m.Forfeits() {
			b = append(b, " (forfeit)"...)
		}
		if m.IsBonusMove() {
			b = append(b, " bonus"...) // a bonus move no token can make (rule P8)
		}
		return b
	}
	b = append(b, ' ')
	b = strconv.AppendInt(b, int64(m.Token()), 10)
	b = append(b, ": "...)
	b = appendProgress(b, m.From())
	b = append(b, '-')
	b = appendProgress(b, m.To())
	for _, w := range moveWords {
		if m.has(w.flag) {
			b = append(b, ' ')
			b = append(b, w.word...)
		}
	}
	if n := m.NumCaptured(); n > 0 {
		b = append(b, " x"...)
		b = strconv.AppendInt(b, int64(n), 10)
	}
	if m.IsBonusMove() {
		b = append(b, " bonus"...)
	}
	return b
}

// moveWords are the words a move's text gives its flags, in order.
var moveWords = [...]struct {
	flag moveFlags
	word string
}{
	{flagEnter, "enter"}, {flagPair, "pair"}, {flagCircle, "circle"}, {flagJump, "jump"},
	{flagFinish, "finish"}, {flagBounce, "bounce"}, {flagBlock, "block"},
	{flagMoverHome, "home"}, {flagRetire, "retire"}, {flagBoth, "both"},
}

func appendProgress(b []byte, p int) []byte {
	if p < 0 {
		return append(b, "yard"...)
	}
	return strconv.AppendInt(b, int64(p), 10)
}

func progressString(p int) string { return string(appendProgress(nil, p)) }

// Compare orders moves canonically, returning -1, 0 or +1: by colour,
// then by token index (a pass, index -1, first), then by progress from and
// to, then by the flags, then by count and die face.
// [State.LegalMoves] lists moves in this order.
func (m Move) Compare(o Move) int {
	return cmp.Or(
		cmp.Compare(m.Color(), o.Color()),
		cmp.Compare(m.Token(), o.Token()),
		cmp.Compare(m.From(), o.From()),
		cmp.Compare(m.To(), o.To()),
		cmp.Compare(m.v>>mFlags, o.v>>mFlags),
		cmp.Compare(m.Count(), o.Count()),
		cmp.Compare(m.Die(), o.Die()),
	)
}

// order returns a key whose order is Compare's: the fields Compare
// compares, most significant first, each as the Move keeps it (a token,
// a progress, plus one).
func (m Move) order() uint64 {
	v := m.v
	return v&0xf<<60 | v>>mToken&0xf<<56 | v>>mFrom&0xff<<48 | v>>mTo&0xff<<40 | v>>mFlags<<16 | v>>mCount&0xff<<8 | v>>mDie&0xff
}

// MarshalText writes the move's full text: [Move.String]'s, then its die
// and, where it differs from the die or for a bonus move, its count:
// "red 2: 12-18 die 6", "red 0: 10-30 bonus count 20", "blue pass die 3";
// with two dice (rule W1), where the move plays an amount other than the
// first, which, from 1: "red 0: 0-2 die 2 amount 2".
// [Move.UnmarshalText] reads it back to the same Move. The zero Move is
// the empty text. So a Move, and a slice of moves, marshal to JSON as
// strings.
func (m Move) MarshalText() ([]byte, error) {
	if !m.IsValid() {
		return nil, nil
	}
	b := m.appendText(nil)
	if d := m.Die(); d != 0 {
		b = append(b, " die "...)
		b = strconv.AppendInt(b, int64(d), 10)
	}
	if m.Count() != m.Die() {
		b = append(b, " count "...)
		b = strconv.AppendInt(b, int64(m.Count()), 10)
	}
	if k := m.amount(); k != 0 { // which amount due: two dice (rule W1)
		b = append(b, " amount "...)
		b = strconv.AppendInt(b, int64(k+1), 10)
	}
	return b, nil
}

// UnmarshalText reads a move's full text as [Move.MarshalText] writes it;
// the empty text is the zero Move. It reads a move without a position, so
// it checks only the text: [State.Apply] checks the move. The error is a
// [*ParseError] matching [ErrSyntax]; on error m is left unchanged.
func (m *Move) UnmarshalText(text []byte) error {
	if len(strings.TrimSpace(string(text))) == 0 {
		*m = Move{}
		return nil
	}
	v, err := parseStandaloneMove(string(text))
	if err != nil {
		return err
	}
	*m = v
	return nil
}
