package main

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/ludorules/ludo"
)

// This file holds the path a move's token takes on the board, which why
// draws for a refused move: square by square, with what stops it.

// printPath prints the path refused move m would take in s: the squares
// its token would pass and the one it would stop on, with what stands on
// them. It prints nothing for a pass, or a move not of the player to move.
func (r *referee) printPath(s ludo.State, m ludo.Move) {
	if m.IsPass() || m.Color() != s.Turn() || m.Token() < 0 || m.Token() >= s.Rules().Tokens {
		return
	}
	text, _ := route(s, m.Color(), m.Token(), moveCount(s, m))
	fmt.Fprintf(r.out, "  path on the board: %s\n", text)
}

// moveCount returns the count move m would play in s: its own, which with
// two dice may be the other die's or both dice's sum (rules W1, U2), or
// where m gives none the count s has to play.
func moveCount(s ludo.State, m ludo.Move) int {
	if n := m.Count(); n > 0 {
		return n
	}
	return s.Count()
}

// path says where token i of colour c would go in s with the count s has
// to play (the die, a 6 counting 7, or a bonus move), by the board's
// squares, whether or not the rules allow it: "passes 16, 17 (red
// block), 18; would stop on 19". It follows the board: the home column
// after the home entry, or round the track again where the colour has
// not captured (rule K4); the finish, or the bounce back from it; a star
// the token would stop on and the star it would jump on to (rule D2); a
// stable climbed one square a move (rule V2).
func path(s ludo.State, c ludo.Color, i int) string {
	text, _ := route(s, c, i, s.Count())
	return text
}

// pathSquares returns the squares path names for the token of move m, in
// order, for the -svg picture to ring: the squares it would pass and stop
// on (and jump on to from a star). Nothing for a pass, a finished token,
// or a move not of the player to move.
func pathSquares(s ludo.State, m ludo.Move) []ludo.Square {
	if m.IsPass() || m.Color() != s.Turn() || m.Token() < 0 || m.Token() >= s.Rules().Tokens {
		return nil
	}
	_, squares := route(s, m.Color(), m.Token(), moveCount(s, m))
	return squares
}

// route is path, with the squares it names.
func route(s ludo.State, c ludo.Color, i, d int) (string, []ludo.Square) {
	rules := s.Rules()
	b := rules.Board
	fin, he := b.Finish(), b.HomeEntry
	p := s.Progress(c, i)
	round := rules.CaptureBeforeHome && !s.Captured(c) // rule K4
	blocks := map[ludo.Square]bool{}
	for sq := range s.Blocks() {
		blocks[sq] = true
	}
	here := s.Square(c, i)
	// trackAt is the track square at progress r counted from c's start
	// square, round the track as often as it takes.
	trackAt := func(r int) ludo.Square {
		return ludo.TrackSquare(1 + (int(c)*b.StartSpacing+r)%b.Track)
	}
	if p > fin { // going round again (rule K4): on the track past the home entry
		here = trackAt(p - fin + he)
	}
	// label names square sq, with what stands on it but token i itself.
	var squares []ludo.Square
	label := func(sq ludo.Square) string {
		squares = append(squares, sq)
		var name string
		switch sq.Zone() {
		case ludo.TrackZone:
			name = strconv.Itoa(sq.N())
		case ludo.HomeZone:
			name = "home " + strconv.Itoa(sq.N())
		default:
			return "the finish"
		}
		owner, n := s.Occupant(sq)
		if here == sq {
			n--
		}
		switch {
		case n <= 0:
		case blocks[sq]:
			name += fmt.Sprintf(" (%v block)", owner)
		case n == 1:
			name += fmt.Sprintf(" (%v)", owner)
		default:
			name += fmt.Sprintf(" (%d %v)", n, owner)
		}
		return name
	}
	switch {
	case p < 0 && s.IsBonusMove():
		return "none: the token is in the yard (rule P8)", nil
	case p < 0:
		text := "from the yard onto its start square " + label(b.Square(c, 0))
		return text, squares
	case p == fin:
		return "none: the token has finished", nil
	case p > he && p < fin && rules.HomeSteps: // rule V2
		text := fmt.Sprintf("climbs one square a move, a %d to %s", p-he+1, label(b.Square(c, p+1)))
		return text, squares
	case p <= he && p+d > he && rules.HomeSteps && !round:
		if p < he && rules.Finish == ludo.BounceFinish { // rule V2: up to the gate and back by the rest
			var passed []string
			q := p
			for k := 1; k <= d; k++ {
				if k <= he-p {
					q++
				} else {
					q--
				}
				if k < d {
					passed = append(passed, label(b.Square(c, q)))
				}
			}
			stop := "would stop on " + label(b.Square(c, q)) + ", bounced back from its gate"
			if len(passed) == 0 {
				return stop, squares
			}
			return "passes " + strings.Join(passed, ", ") + "; " + stop, squares
		}
		if p < he {
			return fmt.Sprintf("would pass its gate, square %d, by %d", b.Square(c, he).N(), p+d-he), nil
		}
		text := fmt.Sprintf("climbs one square a move, a 1 to %s", label(b.Square(c, p+1)))
		return text, squares
	}
	// at is the square of progress q on the token's way: past the home
	// entry its home column, or the track on where it goes round.
	at := func(q int) ludo.Square {
		switch {
		case p > fin:
			return trackAt(p - fin + he + q - p)
		case q > he && round:
			return trackAt(q)
		}
		return b.Square(c, q)
	}
	onTrack := p > fin || round
	var passed []string
	stop := ""
	for k := 1; k <= d && stop == ""; k++ {
		q := p + k
		switch {
		case onTrack:
		case q > fin: // only a bounce gets here
			q = 2*fin - q
		case q == fin && k < d && rules.Finish == ludo.AnyRollFinishes:
			k = d // a roll that reaches the finish stops there
		case q == fin && k < d && rules.Finish == ludo.ExactFinish:
			stop = fmt.Sprintf("would overshoot the finish by %d", p+d-fin)
			continue
		}
		if k < d {
			passed = append(passed, label(at(q)))
			continue
		}
		sq := at(q)
		stop = "would stop on " + label(sq)
		if p+d > fin && rules.Finish == ludo.BounceFinish && !onTrack {
			stop += ", bounced back"
		}
		if b.Stars != 0 && b.IsStar(sq) { // rule D2
			stop += ", a star, and jump on to " + label(nextStar(b, q, onTrack, at))
		}
	}
	if len(passed) == 0 {
		return stop, squares
	}
	return "passes " + strings.Join(passed, ", ") + "; " + stop, squares
}

// nextStar returns the star a token that stops on the star at progress q
// jumps on to (rule D2): the next star on its way, or its finish from the
// last star before its home entry.
func nextStar(b ludo.Board, q int, onTrack bool, at func(int) ludo.Square) ludo.Square {
	for r := q + 1; r < q+b.Track; r++ {
		if !onTrack && r > b.HomeEntry {
			break
		}
		if sq := at(r); b.IsStar(sq) {
			return sq
		}
	}
	return ludo.FinishOf(0)
}

// ----- words -----
