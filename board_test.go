package ludo

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

var testBoards = []struct {
	name string
	b    Board
}{
	{"ludo52", Ludo52()},
	{"small", Board{Arms: 4, Track: 20, StartSpacing: 5, HomeEntry: 15, HomeColumn: 3}},
	{"tight", Board{Arms: 4, Track: 8, StartSpacing: 2, HomeEntry: 7, HomeColumn: 0}},
	{"uneven", Board{Arms: 4, Track: 30, StartSpacing: 6, HomeEntry: 24, HomeColumn: 6}},
}

func TestLudo52(t *testing.T) {
	b := Ludo52()
	assert.Equal(t, Board{Arms: 4, Track: 52, StartSpacing: 13, HomeEntry: 50, HomeColumn: 5}, b)
	assert.Equal(t, 56, b.Finish())
	for c, want := range map[Color]int{Red: 1, Green: 14, Yellow: 27, Blue: 40} {
		assert.Equal(t, want, b.StartSquare(c))
		assert.Equal(t, TrackSquare(want), b.Square(c, 0), "rule C3: %v enters on its start square", c)
	}
	// Rule C4: the last track square is the one just before the start
	// square; then the home column, then the finish.
	for c, last := range map[Color]int{Red: 51, Green: 12, Yellow: 25, Blue: 38} {
		assert.Equal(t, TrackSquare(last), b.Square(c, 50), "%v", c)
		assert.Equal(t, HomeSquare(c, 1), b.Square(c, 51), "%v", c)
		assert.Equal(t, HomeSquare(c, 5), b.Square(c, 55), "%v", c)
		assert.Equal(t, FinishOf(c), b.Square(c, 56), "%v", c)
	}
}

func TestBoardSquareProgressRoundTrip(t *testing.T) {
	for _, tb := range testBoards {
		b := tb.b
		for c := Red; c <= Blue; c++ {
			seen := map[Square]bool{}
			for p := -1; p <= b.Finish(); p++ {
				sq := b.Square(c, p)
				assert.False(t, seen[sq], "%s: %v progress %d repeats %v", tb.name, c, p, sq)
				seen[sq] = true
				got, ok := b.Progress(c, sq)
				assert.True(t, ok, "%s: %v on %v", tb.name, c, sq)
				assert.Equal(t, p, got, "%s: %v on %v", tb.name, c, sq)
				switch {
				case p < 0:
					assert.Equal(t, YardOf(c), sq)
				case p <= b.HomeEntry:
					assert.Equal(t, TrackZone, sq.Zone())
					assert.Equal(t, 1+(int(c)*b.StartSpacing+p)%b.Track, sq.N(), "%s: %v progress %d", tb.name, c, p)
				case p < b.Finish():
					assert.Equal(t, HomeSquare(c, p-b.HomeEntry), sq)
				default:
					assert.Equal(t, FinishOf(c), sq)
				}
			}
		}
	}
}

// TestBoardClockwise: each step on the track is to the next square number,
// 1 after the last.
func TestBoardClockwise(t *testing.T) {
	for _, tb := range testBoards {
		b := tb.b
		for c := Red; c <= Blue; c++ {
			for p := 0; p < b.HomeEntry; p++ {
				assert.Equal(t, b.Square(c, p).N()%b.Track+1, b.Square(c, p+1).N(), "%s: %v %d", tb.name, c, p)
			}
		}
	}
}

func TestBoardTrackSquares(t *testing.T) {
	for _, tb := range testBoards {
		b := tb.b
		for c := Red; c <= Blue; c++ {
			unvisited := 0
			for n := 1; n <= b.Track; n++ {
				p, ok := b.Progress(c, TrackSquare(n))
				if !ok {
					unvisited++
					// The squares a colour never visits lie between its home
					// entry and its start square.
					assert.Greater(t, p, b.HomeEntry, "%s: %v square %d", tb.name, c, n)
					continue
				}
				assert.Equal(t, TrackSquare(n), b.Square(c, p))
			}
			assert.Equal(t, b.Track-1-b.HomeEntry, unvisited, "%s: %v", tb.name, c)
		}
	}
	b := Ludo52()
	_, ok := b.Progress(Red, TrackSquare(52))
	assert.False(t, ok, "Red turns off before square 52")
	_, ok = b.Progress(Green, TrackSquare(13))
	assert.False(t, ok, "Green turns off before square 13")
}

func TestBoardProgressRejects(t *testing.T) {
	b := Ludo52()
	for _, tt := range []struct {
		c  Color
		sq Square
	}{
		{Red, TrackSquare(0)},
		{Red, TrackSquare(53)},
		{Red, YardOf(Green)},
		{Red, FinishOf(Blue)},
		{Red, HomeSquare(Green, 1)},
		{Red, HomeSquare(Red, 0)},
		{Red, HomeSquare(Red, 6)},
		{Blue, HomeSquare(Yellow, 5)},
		{Blue, Square{}}, // the zero Square is Red's yard
	} {
		_, ok := b.Progress(tt.c, tt.sq)
		assert.False(t, ok, "%v on %v", tt.c, tt.sq)
	}
	p, ok := b.Progress(Red, Square{})
	assert.True(t, ok)
	assert.Equal(t, -1, p)
}

func TestBoardSquareOutOfRange(t *testing.T) {
	b := Ludo52()
	for c := Red; c <= Blue; c++ {
		assert.Equal(t, YardOf(c), b.Square(c, -1))
		assert.Equal(t, YardOf(c), b.Square(c, -7))
		// Past the finish: going round again (rule K4), from the square
		// after the home entry to the one before the start square.
		assert.Equal(t, TrackSquare(1+(int(c)*13+51)%52), b.Square(c, 57))
		assert.Equal(t, FinishOf(c), b.Square(c, 58))
		assert.Equal(t, FinishOf(c), b.Square(c, 200))
	}
}

func TestSquareAccessorsAndStrings(t *testing.T) {
	for _, tt := range []struct {
		sq    Square
		zone  Zone
		color Color
		n     int
		str   string
	}{
		{TrackSquare(17), TrackZone, Red, 17, "17"},
		{TrackSquare(1), TrackZone, Red, 1, "1"},
		{TrackSquare(52), TrackZone, Red, 52, "52"},
		{HomeSquare(Red, 3), HomeZone, Red, 3, "red home 3"},
		{HomeSquare(Blue, 5), HomeZone, Blue, 5, "blue home 5"},
		{YardOf(Red), YardZone, Red, 0, "red yard"},
		{YardOf(Yellow), YardZone, Yellow, 0, "yellow yard"},
		{FinishOf(Green), FinishZone, Green, 0, "green finish"},
		{FinishOf(Blue), FinishZone, Blue, 0, "blue finish"},
	} {
		assert.Equal(t, tt.zone, tt.sq.Zone(), tt.str)
		assert.Equal(t, tt.color, tt.sq.Color(), tt.str)
		assert.Equal(t, tt.n, tt.sq.N(), tt.str)
		assert.Equal(t, tt.str, tt.sq.String())
	}
	// Squares are comparable values.
	assert.True(t, TrackSquare(5) == Ludo52().Square(Red, 4))
	assert.True(t, HomeSquare(Green, 2) == Ludo52().Square(Green, 52))
	assert.False(t, HomeSquare(Green, 2) == HomeSquare(Yellow, 2))
	assert.False(t, YardOf(Red) == FinishOf(Red))
}

func TestStateSquareAndAt(t *testing.T) {
	g15 := sqProg(t, Green, 15)
	s := buildPos(t, Classic(), testPos{tok: map[Color][]int{Red: {10, 10, 52, 56}, Green: {g15}}})
	assert.Equal(t, TrackSquare(11), s.Square(Red, 0))
	assert.Equal(t, HomeSquare(Red, 2), s.Square(Red, 2))
	assert.Equal(t, FinishOf(Red), s.Square(Red, 3))
	assert.Equal(t, TrackSquare(15), s.Square(Green, 0))
	assert.Equal(t, YardOf(Green), s.Square(Green, 1))
	for _, tt := range []struct {
		sq Square
		c  Color
		n  int
	}{
		{TrackSquare(11), Red, 2},
		{TrackSquare(15), Green, 1},
		{TrackSquare(16), Red, 0},
		{HomeSquare(Red, 2), Red, 1},
		{HomeSquare(Green, 2), Red, 0},
		{FinishOf(Red), Red, 1},
		{YardOf(Red), Red, 0},
		{YardOf(Green), Green, 3},
		{YardOf(Blue), Blue, 4},
	} {
		c, n := s.Occupant(tt.sq)
		assert.Equal(t, tt.n, n, "%v", tt.sq)
		if tt.n > 0 {
			assert.Equal(t, tt.c, c, "%v", tt.sq)
		}
	}
}
