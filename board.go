package ludo

import (
	"errors"
	"fmt"
	"iter"
	"math/bits"
	"strconv"
	"strings"
)

// Color is a player's colour, which is also their seat on the board. The
// colours sit clockwise in the order Red, Green, Yellow, Blue, then, on a
// board with six arms, Purple and Orange; play passes clockwise (rule C3).
type Color uint8

// The colours, in clockwise order. A board with [Board.Arms] arms seats
// the first Arms of them.
const (
	Red Color = iota
	Green
	Yellow
	Blue
	Purple
	Orange
)

var colorNames = [MaxPlayers]string{"red", "green", "yellow", "blue", "purple", "orange"}

// colorList is the colour names as a list for error messages.
var colorList = "red, green, yellow, blue, purple or orange"

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
	for c, name := range colorNames {
		if strings.EqualFold(s, name) || strings.EqualFold(s, name[:1]) {
			return Color(c), true
		}
	}
	return 0, false
}

// MarshalText writes the colour's name, as [Color.String]; a value that is
// not a colour is an error.
func (c Color) MarshalText() ([]byte, error) {
	if c >= MaxPlayers {
		return nil, fmt.Errorf("ludo: %v is not a colour", c)
	}
	return []byte(c.String()), nil
}

// UnmarshalText reads a colour as [ParseColor] does. On error c is left
// unchanged.
func (c *Color) UnmarshalText(text []byte) error {
	v, ok := ParseColor(string(text))
	if !ok {
		return &ParseError{Err: ErrSyntax, Msg: fmt.Sprintf("%s is not a colour: want %s", quote(string(text)), colorList)}
	}
	*c = v
	return nil
}

// Colors is a set of colours, as a bit set: colour c is in the set when
// bit c is.
type Colors uint8

const allColors Colors = 1<<MaxPlayers - 1

// ColorsOf returns the set of the given colours; values that are not
// colours are left out.
func ColorsOf(cs ...Color) Colors {
	var s Colors
	for _, c := range cs {
		if c < MaxPlayers {
			s |= 1 << c
		}
	}
	return s
}

// Has reports whether c is in the set.
func (s Colors) Has(c Color) bool { return c < MaxPlayers && s&(1<<c) != 0 }

// Len returns the number of colours in the set.
func (s Colors) Len() int { return bits.OnesCount8(uint8(s & allColors)) }

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
func (s Colors) String() string { return setString(s.All(), Color.String) }

// setString writes the items all yields as the text form of a set, as
// "{1 6}".
func setString[T any](all iter.Seq[T], item func(T) string) string {
	var b strings.Builder
	b.WriteByte('{')
	for x := range all {
		if b.Len() > 1 {
			b.WriteByte(' ')
		}
		b.WriteString(item(x))
	}
	b.WriteByte('}')
	return b.String()
}

// Offsets is a set of distances from 0 to 63, as a bit set: offset n is in
// the set when bit n is. A [Board] marks its special track squares with
// offsets from each colour's start square, so that every arm of the board
// is marked alike.
type Offsets uint64

// OffsetsOf returns the set of the given offsets; values outside 0 to 63
// are left out.
func OffsetsOf(ns ...int) Offsets {
	var s Offsets
	for _, n := range ns {
		if n >= 0 && n < 64 {
			s |= 1 << n
		}
	}
	return s
}

// Has reports whether offset n is in the set.
func (s Offsets) Has(n int) bool { return n >= 0 && n < 64 && s&(1<<n) != 0 }

// All yields the offsets in the set, lowest first.
func (s Offsets) All() iter.Seq[int] {
	return func(yield func(int) bool) {
		for x := uint64(s); x != 0; x &= x - 1 {
			if !yield(bits.TrailingZeros64(x)) {
				return
			}
		}
	}
}

// String lists the set, as "{0 8}".
func (s Offsets) String() string { return setString(s.All(), strconv.Itoa) }

// Board is the geometry of a board, as data: a ring of track squares
// shared by all, a start square for each colour, and a home column of each
// colour's own squares ending at its finish; and the track squares that
// are special, marked the same way on every arm.
//
// A token's progress is the number of steps it has taken from its start
// square: 0 on the start square, up to HomeEntry on the track, then
// HomeEntry+1 to HomeEntry+HomeColumn in its home column, and
// [Board.Finish] at the finish (rules C3, C4); a token going round again
// under [Rules.CaptureBeforeHome] is past the finish (rule K4, see
// [Board.Square]). On a board with a start lane (rule Y1, Pachisi's
// cross) progress 0 to StartLane-1 are the lane, and the track begins at
// progress StartLane.
//
// Track squares are numbered 1 to Track clockwise, Red's start square
// being 1; colour c starts on square 1 + c×StartSpacing (with a start
// lane, that is the square the lane leads to).
type Board struct {
	// Arms is the number of colours the board seats, 2 to [MaxPlayers]:
	// 4 on the usual cross, 6 on a six-player board.
	Arms int
	// Track is the number of squares on the shared track, at most 250.
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
	// StartLane is the number of squares a token walks from its yard
	// before it reaches the track, 0 on most boards (rule Y1). On
	// Pachisi's cross a piece leaves the Charkoni down its own arm's
	// centre column, the column it comes home up: the lane is the home
	// column's squares walked the other way, so StartLane is at most
	// HomeColumn, and lane square p (progress p) is home square
	// HomeColumn-p. No other colour enters it. The track begins at
	// progress StartLane on the colour's start square, and HomeEntry may
	// be StartLane+Track, the start square visited again.
	StartLane int
	// Safe marks the safe squares (rules K1, D1, P1) by their offsets from
	// every start square: {0 8} is each start square and the square eight
	// on.
	Safe Offsets
	// Stars marks the star squares (rule D2) by their offsets from every
	// start square: a token that ends its move on a star jumps on to the
	// next star.
	Stars Offsets
}

// Ludo52 returns the board of classic Ludo: a cross of 15×15 squares whose
// track has 52 squares, start squares 13 apart, and home columns of five
// squares before the finish. A token turns into its home column from the
// track square two before its own start square (progress 50: square 51
// for Red), so the finish is 56 steps from its start square. No square
// is marked.
func Ludo52() Board {
	return Board{Arms: 4, Track: 52, StartSpacing: 13, HomeEntry: 50, HomeColumn: 5}
}

// Finish returns the progress of a token at the finish.
func (b Board) Finish() int { return b.HomeEntry + b.HomeColumn + 1 }

// StartSquare returns the number of colour c's start square, or 0 for a
// colour the board does not seat (see Arms).
func (b Board) StartSquare(c Color) int {
	if int(c) >= b.Arms {
		return 0
	}
	return 1 + int(c)*b.StartSpacing
}

// valid reports whether the board's numbers can be used to place squares
// (Validate says what is wrong with them).
func (b Board) valid() bool {
	return b.Arms >= 2 && b.Arms <= MaxPlayers && b.Track >= 2*b.Arms && b.Track <= 250 &&
		b.StartSpacing >= 1 && b.StartSpacing*b.Arms <= b.Track &&
		b.HomeEntry >= 1 && b.HomeEntry <= b.lastEntry() && b.HomeColumn >= 0 && b.Finish() <= 250 &&
		b.StartLane >= 0 && b.StartLane <= b.HomeColumn && b.Track+b.Arms*b.StartLane <= 250
}

// lastEntry returns the highest HomeEntry the board can have: the square
// before the start square, or with a start lane the start square visited
// again (rule Y1).
func (b Board) lastEntry() int {
	if b.StartLane > 0 {
		return b.StartLane + b.Track
	}
	return b.Track - 1
}

// Square returns where a token of colour c with the given progress stands.
// A progress below 0 is the yard. A progress past the finish is a token
// going round the track again (rule K4): Finish+k stands k squares past
// its home entry square, up to the square before its start square; beyond
// that it is the finish. On a board that is not valid every token is in
// its yard. For a colour the board does not seat (see Arms), or a colour
// that is none, it returns the invalid Square.
func (b Board) Square(c Color, progress int) Square {
	switch {
	case int(c) >= b.Arms && b.valid():
		return Square{zone: noZone}
	case progress < 0 || !b.valid():
		return YardOf(c)
	case progress < b.StartLane: // rule Y1: down the home column's squares
		return Square{zone: HomeZone, color: c, n: uint8(b.HomeColumn - progress)}
	case progress > b.Finish() && b.lapProgress(progress) < b.Track: // rule K4
		progress = b.lapProgress(progress)
		fallthrough
	case progress <= b.HomeEntry:
		return Square{zone: TrackZone, n: uint8(1 + (int(c)*b.StartSpacing+progress-b.StartLane)%b.Track)}
	case progress < b.Finish():
		return Square{zone: HomeZone, color: c, n: uint8(progress - b.HomeEntry)}
	}
	return Square{zone: FinishZone, color: c}
}

// lapProgress returns the progress on its lap of a token at progress p
// past the finish, going round the track again (rule K4): Finish+k stands
// k squares past its home entry.
func (b Board) lapProgress(p int) int { return p - b.Finish() + b.HomeEntry }

// roundProgress is lapProgress undone: the progress of a token going round
// again that stands lap squares on from its start square, past its home
// entry (rule K4).
func (b Board) roundProgress(lap int) int { return b.Finish() + lap - b.HomeEntry }

// Progress returns the progress a token of colour c has on square sq, and
// false if a token of that colour never stands there: another colour's
// yard, home column or finish, the track squares between c's home entry
// and its start square, or any square of a board that is not valid. With
// a start lane (rule Y1) a token passes its start square twice and its
// home column's squares on the way out too: Progress gives the start
// square's first visit and a home square's way up.
func (b Board) Progress(c Color, sq Square) (int, bool) {
	if !b.valid() {
		return 0, false
	}
	switch sq.zone {
	case TrackZone:
		if sq.n < 1 || int(sq.n) > b.Track {
			return 0, false
		}
		p := (int(sq.n)-b.StartSquare(c)+MaxPlayers*b.Track)%b.Track + b.StartLane
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

// offset returns how far track square n lies past the start square before
// it: the offset by which [Board.Safe] and [Board.Stars] mark it.
func (b Board) offset(n int) int { return (n - 1) % b.StartSpacing }

// IsSafe reports whether track square sq is a safe square (rules K1, D1,
// P1).
func (b Board) IsSafe(sq Square) bool {
	return sq.zone == TrackZone && b.valid() && int(sq.n) >= 1 && int(sq.n) <= b.Track && b.Safe.Has(b.offset(int(sq.n)))
}

// IsStar reports whether track square sq is a star (rule D2).
func (b Board) IsStar(sq Square) bool {
	return sq.zone == TrackZone && b.valid() && int(sq.n) >= 1 && int(sq.n) <= b.Track && b.Stars.Has(b.offset(int(sq.n)))
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

// noZone is the zone of the invalid Square, which is no place.
const noZone Zone = 0xff

// String returns the zone's name, as "track".
func (z Zone) String() string {
	return enumName(uint8(z), "yard", "track", "home", "finish")
}

// Square is a place on the board: a numbered track square, a square of a
// colour's home column, or a colour's yard or finish. It is comparable;
// build one with [TrackSquare], [HomeSquare], [YardOf] or [FinishOf], or
// get one from [Board.Square]. The zero Square is Red's yard. Asked for a
// place no board has (track square 0, a colour that is none), they return
// the invalid Square, which [Square.IsValid] reports and which prints as
// "invalid square".
type Square struct {
	zone  Zone
	color Color
	n     uint8
}

// maxSquare is the highest number a track or home square can have.
const maxSquare = 255

// TrackSquare returns track square n, numbered from 1 at Red's start; the
// invalid Square for n outside 1 to 255.
func TrackSquare(n int) Square {
	if n < 1 || n > maxSquare {
		return Square{zone: noZone}
	}
	return Square{zone: TrackZone, n: uint8(n)}
}

// HomeSquare returns square n (from 1) of colour c's home column; the
// invalid Square for n outside 1 to 255 or a colour that is none.
func HomeSquare(c Color, n int) Square {
	if n < 1 || n > maxSquare || c >= MaxPlayers {
		return Square{zone: noZone}
	}
	return Square{zone: HomeZone, color: c, n: uint8(n)}
}

// YardOf returns colour c's yard; the invalid Square for a colour that is
// none.
func YardOf(c Color) Square { return colorSquare(YardZone, c) }

// FinishOf returns colour c's finish; the invalid Square for a colour that
// is none.
func FinishOf(c Color) Square { return colorSquare(FinishZone, c) }

func colorSquare(z Zone, c Color) Square {
	if c >= MaxPlayers {
		return Square{zone: noZone}
	}
	return Square{zone: z, color: c}
}

// IsValid reports whether sq is a place: not the invalid Square.
func (sq Square) IsValid() bool { return sq.zone <= FinishZone }

// MarshalText writes the square as [Square.String] names it; the invalid
// Square is an error.
func (sq Square) MarshalText() ([]byte, error) {
	if !sq.IsValid() {
		return nil, errors.New("ludo: the invalid Square has no text")
	}
	return []byte(sq.String()), nil
}

// UnmarshalText reads a square as [Square.String] names it: "17", "red
// home 3", "red yard" or "red finish". On error sq is left unchanged.
func (sq *Square) UnmarshalText(text []byte) error {
	v, ok := parseSquare(string(text))
	if !ok {
		return &ParseError{Err: ErrSyntax, Msg: fmt.Sprintf("%s is not a square: want a track number, as 17, or a colour's yard, home N or finish, as red home 3", quote(string(text)))}
	}
	*sq = v
	return nil
}

func parseSquare(s string) (Square, bool) {
	f := strings.Fields(s)
	switch {
	case len(f) == 1:
		n, ok := number(f[0])
		return TrackSquare(n), ok && n >= 1 && n <= maxSquare
	case len(f) < 2:
		return Square{}, false
	}
	c, ok := ParseColor(f[0])
	if !ok {
		return Square{}, false
	}
	switch zone := strings.ToLower(f[1]); {
	case zone == "yard" && len(f) == 2:
		return YardOf(c), true
	case zone == "finish" && len(f) == 2:
		return FinishOf(c), true
	case zone == "home" && len(f) == 3:
		n, ok := number(f[2])
		return HomeSquare(c, n), ok && n >= 1 && n <= maxSquare
	}
	return Square{}, false
}

// Zone returns the zone the square lies in.
func (sq Square) Zone() Zone { return sq.zone }

// Color returns the colour whose yard, home column or finish the square
// is; for a track square it is Red and means nothing.
func (sq Square) Color() Color { return sq.color }

// N returns the square's number: on the track from 1 at Red's start, in a
// home column from 1 at its foot; 0 for a yard or finish.
func (sq Square) N() int { return int(sq.n) }

// String names the square, as "17", "red home 3", "red yard" or
// "red finish"; "invalid square" for the invalid Square.
func (sq Square) String() string {
	switch sq.zone {
	case noZone:
		return "invalid square"
	case TrackZone:
		return strconv.Itoa(int(sq.n))
	case HomeZone:
		return sq.color.String() + " home " + strconv.Itoa(int(sq.n))
	}
	return sq.color.String() + " " + sq.zone.String()
}
