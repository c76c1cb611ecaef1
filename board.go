package ludo

import (
	"fmt"
	"iter"
	"math/bits"
	"strconv"
	"strings"
)

// Color is a player's colour, which is also their seat on the board. The
// colours sit clockwise in the order Red, Green, Yellow, Blue, and play
// passes clockwise (rule C3).
type Color uint8

// The four colours, in clockwise order.
const (
	Red Color = iota
	Green
	Yellow
	Blue
)

var colorNames = [MaxPlayers]string{"red", "green", "yellow", "blue"}

// String returns the colour's name in lower case, as "red".
func (c Color) String() string {
	if c < MaxPlayers {
		return colorNames[c]
	}
	return "color(" + strconv.Itoa(int(c)) + ")"
}

// ParseColor returns the colour named s ("red", or its initial "r"), in
// any case.
func ParseColor(s string) (Color, bool) {
	s = strings.ToLower(s)
	for c, name := range colorNames {
		if s == name || s == name[:1] {
			return Color(c), true
		}
	}
	return 0, false
}

// Colors is a set of colours, as a bit set: colour c is in the set when
// bit c is.
type Colors uint8

const allColors Colors = 1<<MaxPlayers - 1

// ColorsOf returns the set of the given colours.
func ColorsOf(cs ...Color) Colors {
	var s Colors
	for _, c := range cs {
		s |= 1 << c
	}
	return s
}

// Has reports whether c is in the set.
func (s Colors) Has(c Color) bool { return c < MaxPlayers && s&(1<<c) != 0 }

// Len returns the number of colours in the set.
func (s Colors) Len() int { return bits.OnesCount8(uint8(s)) }

// All yields the colours in the set in clockwise order from Red.
func (s Colors) All() iter.Seq[Color] {
	return func(yield func(Color) bool) {
		for c := Color(0); c < MaxPlayers; c++ {
			if s.Has(c) && !yield(c) {
				return
			}
		}
	}
}

// String lists the set, as "{red yellow}".
func (s Colors) String() string {
	var b strings.Builder
	b.WriteByte('{')
	for c := range s.All() {
		if b.Len() > 1 {
			b.WriteByte(' ')
		}
		b.WriteString(c.String())
	}
	b.WriteByte('}')
	return b.String()
}

// Board is the geometry of a board, as data: a ring of track squares
// shared by all, a start square for each colour, and a home column of each
// colour's own squares ending at its finish.
//
// A token's progress is the number of steps it has taken from its start
// square: 0 on the start square, up to HomeEntry on the track, then
// HomeEntry+1 to HomeEntry+HomeColumn in its home column, and
// [Board.Finish] at the finish (rules C3, C4).
//
// Track squares are numbered 1 to Track clockwise, Red's start square
// being 1; colour c starts on square 1 + c×StartSpacing.
type Board struct {
	// Track is the number of squares on the shared track, at most 128.
	Track int
	// StartSpacing is the number of squares from one colour's start square
	// to the next colour's, clockwise.
	StartSpacing int
	// HomeEntry is the progress of the last track square a token visits
	// before it turns into its home column; less than Track.
	HomeEntry int
	// HomeColumn is the number of squares in a home column, the finish
	// not counted.
	HomeColumn int
}

// Ludo52 returns the board of classic Ludo: a cross of 15×15 squares whose
// track has 52 squares, start squares 13 apart, and home columns of five
// squares before the finish. A token turns into its home column from the
// track square two before its own start square (progress 50: square 51
// for Red), so the finish is 56 steps from its start square.
func Ludo52() Board {
	return Board{Track: 52, StartSpacing: 13, HomeEntry: 50, HomeColumn: 5}
}

// Finish returns the progress of a token at the finish.
func (b Board) Finish() int { return b.HomeEntry + b.HomeColumn + 1 }

// StartSquare returns the number of colour c's start square.
func (b Board) StartSquare(c Color) int { return 1 + int(c)*b.StartSpacing }

func (b Board) validate() error {
	switch {
	case b.Track < 2*MaxPlayers || b.Track > 128:
		return fmt.Errorf("board Track is %d, want %d to 128", b.Track, 2*MaxPlayers)
	case b.StartSpacing < 1 || b.StartSpacing*MaxPlayers > b.Track:
		return fmt.Errorf("board StartSpacing is %d, want 1 to Track/%d", b.StartSpacing, MaxPlayers)
	case b.HomeEntry < 1 || b.HomeEntry >= b.Track:
		return fmt.Errorf("board HomeEntry is %d, want 1 to Track-1", b.HomeEntry)
	case b.HomeColumn < 0 || b.Finish() > 200:
		return fmt.Errorf("board HomeColumn is %d, want 0 to %d", b.HomeColumn, 200-1-b.HomeEntry)
	}
	return nil
}

// Square returns where a token of colour c with the given progress stands.
// A progress below 0 is the yard, and above the finish the finish.
func (b Board) Square(c Color, progress int) Square {
	switch {
	case progress < 0:
		return Square{zone: YardZone, color: c}
	case progress <= b.HomeEntry:
		return Square{zone: TrackZone, n: uint8(1 + (int(c)*b.StartSpacing+progress)%b.Track)}
	case progress < b.Finish():
		return Square{zone: HomeZone, color: c, n: uint8(progress - b.HomeEntry)}
	}
	return Square{zone: FinishZone, color: c}
}

// Progress returns the progress a token of colour c has on square sq, and
// false if a token of that colour never stands there: another colour's
// yard, home column or finish, or the track squares between c's home entry
// and its start square.
func (b Board) Progress(c Color, sq Square) (int, bool) {
	switch sq.zone {
	case TrackZone:
		if sq.n < 1 || int(sq.n) > b.Track {
			return 0, false
		}
		p := (int(sq.n) - b.StartSquare(c) + b.Track) % b.Track
		return p, p <= b.HomeEntry
	case YardZone:
		return -1, sq.color == c
	case HomeZone:
		return b.HomeEntry + int(sq.n), sq.color == c && sq.n >= 1 && int(sq.n) <= b.HomeColumn
	case FinishZone:
		return b.Finish(), sq.color == c
	}
	return 0, false
}

// Zone is the part of the board a [Square] lies in.
type Zone uint8

// The zones of a board.
const (
	YardZone   Zone = iota // a colour's yard, where tokens wait to enter
	TrackZone              // the shared track
	HomeZone               // a colour's home column
	FinishZone             // a colour's finish
)

// String returns the zone's name, as "track".
func (z Zone) String() string {
	return enumName(uint8(z), "yard", "track", "home", "finish")
}

// Square is a place on the board: a numbered track square, a square of a
// colour's home column, or a colour's yard or finish. It is comparable;
// build one with [TrackSquare], [HomeSquare], [YardOf] or [FinishOf], or
// get one from [Board.Square].
type Square struct {
	zone  Zone
	color Color
	n     uint8
}

// TrackSquare returns track square n, numbered from 1 at Red's start.
func TrackSquare(n int) Square { return Square{zone: TrackZone, n: uint8(n)} }

// HomeSquare returns square n (from 1) of colour c's home column.
func HomeSquare(c Color, n int) Square { return Square{zone: HomeZone, color: c, n: uint8(n)} }

// YardOf returns colour c's yard.
func YardOf(c Color) Square { return Square{zone: YardZone, color: c} }

// FinishOf returns colour c's finish.
func FinishOf(c Color) Square { return Square{zone: FinishZone, color: c} }

// Zone returns the zone the square lies in.
func (sq Square) Zone() Zone { return sq.zone }

// Color returns the colour whose yard, home column or finish the square
// is; for a track square it is Red and means nothing.
func (sq Square) Color() Color { return sq.color }

// N returns the square's number: on the track from 1 at Red's start, in a
// home column from 1 at its foot; 0 for a yard or finish.
func (sq Square) N() int { return int(sq.n) }

// String names the square, as "17", "red home 3", "red yard" or
// "red finish".
func (sq Square) String() string {
	switch sq.zone {
	case TrackZone:
		return strconv.Itoa(int(sq.n))
	case HomeZone:
		return sq.color.String() + " home " + strconv.Itoa(int(sq.n))
	}
	return sq.color.String() + " " + sq.zone.String()
}
