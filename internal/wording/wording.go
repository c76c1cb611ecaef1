// Package wording holds the phrases the referee (cmd/ludo-referee) and
// package dispute share when they explain a position or a move: where a
// token stands, a count with its noun, the dice still to play. One copy,
// so that both say the same thing the same way.
package wording

import (
	"strconv"
	"strings"

	"github.com/ludorules/ludo"
)

// Place names where a token of colour c with progress p stands: "in the
// yard", "square 15", "home square 3" or "the finish".
func Place(b ludo.Board, c ludo.Color, p int) string {
	sq := b.Square(c, p)
	switch sq.Zone() {
	case ludo.YardZone:
		return "in the yard"
	case ludo.TrackZone:
		return "square " + strconv.Itoa(sq.N())
	case ludo.HomeZone:
		return "home square " + strconv.Itoa(sq.N())
	}
	return "the finish"
}

// Plural writes n with its noun: "1 ply", "3 plies".
func Plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}

// OtherDie reports whether the move due in s is a throw's other die, the
// first played (rule W1): a move no roll precedes. Under tops and bottoms
// (rule H2) it is any of the amounts after the first.
func OtherDie(s ludo.State) bool {
	return s.DiePlayed() && !s.IsBonusMove()
}

// Bottoms reports whether the throw being played in s, a double, is
// played as tops and bottoms (rule H2): four amounts.
func Bottoms(s ludo.State) bool {
	return s.Rules().TopsAndBottoms && !s.IsBonusMove() && s.Setup().Bottoms
}

// FacesDue writes the faces of the dice still to play in s (rule W1), as
// "3" or under tops and bottoms (rule H2) "4, 3 and 3".
func FacesDue(s ludo.State) string {
	var fs []string
	for _, f := range s.DiceDue() {
		if f != 0 {
			fs = append(fs, strconv.Itoa(f))
		}
	}
	if len(fs) < 2 {
		return strings.Join(fs, "")
	}
	return strings.Join(fs[:len(fs)-1], ", ") + " and " + fs[len(fs)-1]
}
