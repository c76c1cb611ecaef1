package ludo

import (
	"cmp"
	"strconv"
	"strings"
)

// Move is one legal action of the player to move: a token's move by the
// die, or a pass where the rules force one (ruling C10: no token can move;
// rule C9: the roll is forfeited). It is a small comparable value that
// describes itself: whose token, from where to where, and what the move
// does.
//
// Moves come from [State.LegalMoves] and its twins, or [State.TokenMove].
// The zero Move is no move at all; [State.Apply] rejects it.
type Move struct {
	// v packs the move into one word, so that it travels in a register:
	// byte 0 the colour, 1 the token (-1 for a pass), 2 the progress from
	// plus one (0 for the yard), 3 the die, 4 the progress to plus one, 5
	// the flags in its bits 0 to 4 and the number of captures (at most 4)
	// in bits 5 to 7, 6 the forfeit flag. Bytes 4 and 5 are what the
	// position alone does not say, which the State keeps (Move.judged).
	v uint64
}

// moveFlags are the flags of a Move, from its byte 5 on.
type moveFlags uint16

// moveOwner masks the bytes of a Move that say whose move it is: the
// colour, the die and the flag set on every move.
const moveOwner = 0xff | 0xff<<24 | uint64(flagValid)<<40

const (
	flagValid   moveFlags = 1 << 0 // set on every move the rules produce
	flagEnter   moveFlags = 1 << 1
	flagFinish  moveFlags = 1 << 2
	flagBlock   moveFlags = 1 << 3
	flagBounce  moveFlags = 1 << 4
	flagForfeit moveFlags = 1 << 8 // bits 5 to 7 are the captures
)

// newMove returns the move of token i (-1 for a pass) of colour c from
// progress from with die face d, going nowhere yet.
func newMove(c Color, i, from, d int) Move {
	p := uint64(uint8(from + 1))
	return Move{uint64(c) | uint64(uint8(i))<<8 | p*(1<<16|1<<32) | uint64(d)<<24 | uint64(flagValid)<<40}
}

// passMove returns the pass of colour c on die face d.
func passMove(c Color, d int, forfeit bool) Move {
	m := newMove(c, -1, 0, d)
	if forfeit {
		m = m.with(flagForfeit)
	}
	return m
}

// judged returns what a legal token move m says beyond its colour,
// token, start and die, for a lane of [State] moves: its bytes 4 and 5,
// where it goes, its flags and its captures (the valid flag in bit 8).
func (m Move) judged() uint64 { return m.v >> 32 & 0xffff }

// judgedMove is judged undone: the move of token i of colour c from
// progress from with die d that lane describes.
func judgedMove(c Color, i, from, d int, lane uint64) Move {
	return Move{uint64(c) | uint64(i)<<8 | uint64(uint8(from+1))<<16 | uint64(d)<<24 | lane<<32}
}

func (m Move) with(f moveFlags) Move   { return Move{m.v | uint64(f)<<40} }
func (m Move) has(f moveFlags) bool    { return m.flags()&f != 0 }
func (m Move) flags() moveFlags        { return moveFlags(m.v >> 40) }
func (m Move) withTo(to int) Move      { return Move{m.v&^(0xff<<32) | uint64(uint8(to+1))<<32} }
func (m Move) withCaptures(n int) Move { return Move{m.v&^(7<<45) | uint64(n&7)<<45} }

// Color returns the colour of the player who makes the move.
func (m Move) Color() Color { return Color(m.v) }

// Token returns the index (0 to Tokens-1) of the token that moves, or -1
// for a pass.
func (m Move) Token() int { return int(int8(m.v >> 8)) }

// From returns the token's progress before the move, -1 for the yard (see
// [Board] for what progress is); 0 for a pass.
func (m Move) From() int { return int(uint8(m.v>>16)) - 1 }

// To returns the token's progress after the move; 0 for a pass.
func (m Move) To() int { return int(uint8(m.v>>32)) - 1 }

// Die returns the die face the move plays.
func (m Move) Die() int { return int(uint8(m.v >> 24)) }

// IsPass reports whether the move is a pass.
func (m Move) IsPass() bool { return m.Token() < 0 }

// Forfeits reports whether the move is the pass that forfeits a roll at
// the six limit (rule C9).
func (m Move) Forfeits() bool { return m.has(flagForfeit) }

// Enters reports whether the move brings the token from its yard onto its
// start square (rule C7).
func (m Move) Enters() bool { return m.has(flagEnter) }

// Captures returns the number of opponent tokens the move sends to their
// yards (rule C11).
func (m Move) Captures() int { return int(m.v >> 45 & 7) }

// Finishes reports whether the move brings the token to the finish.
func (m Move) Finishes() bool { return m.has(flagFinish) }

// FormsBlock reports whether the move ends on a track square the mover
// already holds, where blocks are on: the square is then a block (rule
// B1).
func (m Move) FormsBlock() bool { return m.has(flagBlock) }

// Bounces reports whether the move overshot the finish and counted back
// ([BounceFinish]).
func (m Move) Bounces() bool { return m.has(flagBounce) }

// String describes the move in progress terms, as "red 2: 12-18",
// "red 0: yard-0 enter", "red 1: 50-56 finish", "green 3: 4-10 x1"
// (one capture) or "blue pass".
func (m Move) String() string {
	if !m.has(flagValid) {
		return "no move"
	}
	if m.IsPass() {
		if m.Forfeits() {
			return m.Color().String() + " pass (forfeit)"
		}
		return m.Color().String() + " pass"
	}
	var b strings.Builder
	b.WriteString(m.Color().String())
	b.WriteByte(' ')
	b.WriteString(strconv.Itoa(m.Token()))
	b.WriteString(": ")
	b.WriteString(progressString(m.From()))
	b.WriteByte('-')
	b.WriteString(progressString(m.To()))
	switch {
	case m.Enters():
		b.WriteString(" enter")
	case m.Finishes():
		b.WriteString(" finish")
	}
	if m.Bounces() {
		b.WriteString(" bounce")
	}
	if n := m.Captures(); n > 0 {
		b.WriteString(" x")
		b.WriteString(strconv.Itoa(n))
	}
	if m.FormsBlock() {
		b.WriteString(" block")
	}
	return b.String()
}

func progressString(p int) string {
	if p < 0 {
		return "yard"
	}
	return strconv.Itoa(p)
}

// Compare orders moves canonically, returning -1, 0 or +1: by colour,
// then by token index (a pass, index -1, first), then by progress from and
// to, then by die face. [State.LegalMoves] lists moves in this order.
func (m Move) Compare(o Move) int {
	return cmp.Or(
		cmp.Compare(m.Color(), o.Color()),
		cmp.Compare(m.Token(), o.Token()),
		cmp.Compare(m.From(), o.From()),
		cmp.Compare(m.To(), o.To()),
		cmp.Compare(m.Die(), o.Die()),
	)
}
