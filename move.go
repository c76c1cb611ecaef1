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
	color    Color
	token    int8 // -1 for a pass
	from, to int8 // progress: -1 yard
	die      uint8
	flags    moveFlags
	captures uint8
}

type moveFlags uint8

const (
	flagValid moveFlags = 1 << iota // set on every move the rules produce
	flagEnter
	flagFinish
	flagBlock
	flagBounce
	flagForfeit
)

// passMove returns the pass of colour c on die face d.
func passMove(c Color, d int, forfeit bool) Move {
	m := Move{color: c, token: -1, die: uint8(d), flags: flagValid}
	if forfeit {
		m.flags |= flagForfeit
	}
	return m
}

// Color returns the colour of the player who makes the move.
func (m Move) Color() Color { return m.color }

// Token returns the index (0 to Tokens-1) of the token that moves, or -1
// for a pass.
func (m Move) Token() int { return int(m.token) }

// From returns the token's progress before the move, -1 for the yard (see
// [Board] for what progress is); 0 for a pass.
func (m Move) From() int { return int(m.from) }

// To returns the token's progress after the move; 0 for a pass.
func (m Move) To() int { return int(m.to) }

// Die returns the die face the move plays.
func (m Move) Die() int { return int(m.die) }

// IsPass reports whether the move is a pass.
func (m Move) IsPass() bool { return m.token < 0 }

// Forfeits reports whether the move is the pass that forfeits a roll at
// the six limit (rule C9).
func (m Move) Forfeits() bool { return m.flags&flagForfeit != 0 }

// Enters reports whether the move brings the token from its yard onto its
// start square (rule C7).
func (m Move) Enters() bool { return m.flags&flagEnter != 0 }

// Captures returns the number of opponent tokens the move sends to their
// yards (rule C11).
func (m Move) Captures() int { return int(m.captures) }

// Finishes reports whether the move brings the token to the finish.
func (m Move) Finishes() bool { return m.flags&flagFinish != 0 }

// FormsBlock reports whether the move ends on a track square the mover
// already holds, where blocks are on: the square is then a block (rule
// B1).
func (m Move) FormsBlock() bool { return m.flags&flagBlock != 0 }

// Bounces reports whether the move overshot the finish and counted back
// ([BounceFinish]).
func (m Move) Bounces() bool { return m.flags&flagBounce != 0 }

// String describes the move in progress terms, as "red 2: 12-18",
// "red 0: yard-0 enter", "red 1: 50-56 finish", "green 3: 4-10 x1"
// (one capture) or "blue pass".
func (m Move) String() string {
	if m.flags&flagValid == 0 {
		return "no move"
	}
	if m.IsPass() {
		if m.Forfeits() {
			return m.color.String() + " pass (forfeit)"
		}
		return m.color.String() + " pass"
	}
	var b strings.Builder
	b.WriteString(m.color.String())
	b.WriteByte(' ')
	b.WriteString(strconv.Itoa(int(m.token)))
	b.WriteString(": ")
	b.WriteString(progressString(int(m.from)))
	b.WriteByte('-')
	b.WriteString(progressString(int(m.to)))
	switch {
	case m.Enters():
		b.WriteString(" enter")
	case m.Finishes():
		b.WriteString(" finish")
	}
	if m.Bounces() {
		b.WriteString(" bounce")
	}
	if m.captures > 0 {
		b.WriteString(" x")
		b.WriteString(strconv.Itoa(int(m.captures)))
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
		cmp.Compare(m.color, o.color),
		cmp.Compare(m.token, o.token),
		cmp.Compare(m.from, o.from),
		cmp.Compare(m.to, o.to),
		cmp.Compare(m.die, o.die),
	)
}
