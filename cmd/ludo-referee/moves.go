package main

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/ludorules/ludo"
	"github.com/ludorules/ludo/dispute"
	"github.com/ludorules/ludo/internal/echo"
	"github.com/ludorules/ludo/internal/wording"
)

// This file holds the moves and why commands: a position's legal moves
// and what each does, and why a move is or is not legal.

// show reads the position of file and prints it, after the dispute it
// states, if any.
func (r *referee) show(file string) (ludo.State, error) {
	s, says, err := r.position(file)
	if err != nil {
		return s, err
	}
	if says != "" {
		fmt.Fprintf(r.out, "The dispute: %s\n\n", says)
	}
	fmt.Fprintf(r.out, "%v\n", s)
	return s, nil
}

// ----- moves -----

func (r *referee) moves(file string) (int, error) {
	s, err := r.show(file)
	if err != nil {
		return 0, err
	}
	r.listMoves(s, due(s)+"; legal moves")
	// Why the other tokens cannot move.
	var notes, refusedBy []string
	legal := s.LegalMoves()
	if !legal[0].Forfeits() {
		rules := s.Rules()
		for _, c := range movedColors(s) {
			name := "" // the turn's colour's tokens go unnamed; rule T3: the other colour's are named
			if c != s.Turn() {
				name = c.String() + " "
			}
			for i := range rules.Tokens {
				if slicesContainsToken(legal, c, i) {
					continue
				}
				head := fmt.Sprintf("%stoken %d %s: ", name, i, where(rules.Board, c, s.Progress(c, i)))
				if j := alike(s, c, i); j >= 0 {
					if slicesContainsToken(legal, c, j) {
						notes = append(notes, head+fmt.Sprintf("alike with %stoken %d, whose move is listed once (%s)", name, j, cite("Q9")))
					} else {
						notes = append(notes, head+fmt.Sprintf("as %stoken %d", name, j))
					}
					continue
				}
				var err error
				if c == s.Turn() {
					_, err = s.TokenMove(i)
				} else { // rule T3: the player's other colour
					_, err = ludo.ParseMove(s, fmt.Sprintf("%v %d", c, i))
				}
				var ill *ludo.IllegalMoveError
				if errors.As(err, &ill) && ill.Rule != "" {
					reason := strings.TrimPrefix(ill.Reason, fmt.Sprintf("token %d ", i))
					notes = append(notes, head+fmt.Sprintf("%s (%s)", reason, cite(ill.Rule)))
					if !slices.Contains(refusedBy, ill.Rule) {
						refusedBy = append(refusedBy, ill.Rule)
					}
				}
			}
		}
	}
	if len(notes) > 0 {
		fmt.Fprintf(r.out, "\nNo move for:\n")
		for _, n := range notes {
			fmt.Fprintf(r.out, "  %s\n", n)
		}
	}
	for _, rule := range refusedBy {
		fmt.Fprintf(r.out, "\n%s:\n", capitalize(cite(rule)))
		r.quote(rule)
	}
	return exitOK, r.drawSVG(s)
}

// listMoves prints the legal moves of s with what each does.
func (r *referee) listMoves(s ludo.State, title string) {
	legal := s.LegalMoves()
	fmt.Fprintf(r.out, "%s (%d):\n", title, len(legal))
	board := s.Rules().Board
	width := 0
	for _, m := range legal {
		width = max(width, len(withSquares(board, m)))
	}
	for _, m := range legal {
		var parts []string
		for _, e := range dispute.Explain(s, m) {
			parts = append(parts, e.String())
		}
		fmt.Fprintf(r.out, "  %-*s  %s\n", width, withSquares(board, m), strings.Join(parts, ", "))
	}
}

func slicesContainsToken(ms []ludo.Move, c ludo.Color, i int) bool {
	for _, m := range ms {
		if m.Color() == c && m.Token() == i {
			return true
		}
	}
	return false
}

// movedColors returns the colours whose tokens the player to move moves:
// the turn's, and under TwoColorsEach (rule T3) the player's other.
func movedColors(s ludo.State) []ludo.Color {
	cs := []ludo.Color{s.Turn()}
	if s.Rules().Teams == ludo.TwoColorsEach {
		for c := range s.Team(s.Turn()).All() {
			if c != s.Turn() {
				cs = append(cs, c)
			}
		}
	}
	return cs
}

// alike returns the lowest-numbered token of colour c that stands where
// its token i does, if lower than i, or -1 (ruling Q9).
func alike(s ludo.State, c ludo.Color, i int) int {
	for j := range i {
		if s.Progress(c, j) == s.Progress(c, i) {
			return j
		}
	}
	return -1
}

// ----- why -----

func (r *referee) why(file, text string) (int, error) {
	s, err := r.show(file)
	if err != nil {
		return 0, err
	}
	m, err := dispute.ParseMove(s, text) // a bare token number is its bonus move (rule P8)
	var ill *ludo.IllegalMoveError
	var perr *ludo.ParseError
	switch {
	case errors.As(err, &perr):
		return 0, fmt.Errorf("move %s: %w", echo.Quote(text), err)
	case errors.As(err, &ill):
		fmt.Fprintf(r.out, "NOT LEGAL: %s\n", describeAttempt(s, ill.Move, text))
		if ill.Rule != "" {
			fmt.Fprintf(r.out, "  %s: %s\n", cite(ill.Rule), ill.Reason)
			r.quote(ill.Rule)
		} else {
			fmt.Fprintf(r.out, "  %s\n", ill.Reason)
		}
		if !strings.Contains(text, "pass") && !strings.Contains(text, "forfeit") {
			r.printPath(s, ill.Move)
		}
		r.listMoves(s, "\nLegal moves")
		return exitIllegal, r.drawSVG(s, ill.Move)
	case err != nil:
		return 0, err
	}
	fmt.Fprintf(r.out, "LEGAL: %s\n", withSquares(s.Rules().Board, m))
	for _, e := range dispute.Explain(s, m) {
		if e.Rule != "" {
			fmt.Fprintf(r.out, "  %s: %s\n", cite(e.Rule), e.Text)
		} else {
			fmt.Fprintf(r.out, "  %s\n", e.Text)
		}
	}
	if next, err := s.Apply(m); err == nil {
		fmt.Fprintf(r.out, "\nThe position after it:\n%v", next)
	}
	return exitOK, r.drawSVG(s)
}

// describeAttempt names a refused move: the text given, and the token's
// place.
func describeAttempt(s ludo.State, m ludo.Move, text string) string {
	c := m.Color()
	if !m.IsValid() {
		c = s.Turn()
	}
	if w := strings.Fields(text); len(w) > 1 {
		if cc, ok := ludo.ParseColor(w[0]); ok && cc == c {
			text = strings.Join(w[1:], " ")
		}
	}
	count := fmt.Sprintf("die %d", s.Die())
	switch a, b := s.Dice(); {
	case s.IsBonusMove():
		count = fmt.Sprintf("bonus move of %d", s.Count())
	case wording.Bottoms(s):
		count = fmt.Sprintf("dice %d %d as tops and bottoms, %s due", a, b, wording.FacesDue(s))
	case wording.OtherDie(s):
		count = fmt.Sprintf("dice %d %d, the %d due", a, b, s.Count())
	case b != 0:
		count = fmt.Sprintf("dice %d %d", a, b)
	}
	if m.IsPass() || strings.Contains(text, "pass") || strings.Contains(text, "forfeit") {
		return fmt.Sprintf("%v %s, %s", c, text, count)
	}
	if i := m.Token(); i < s.Rules().Tokens && s.Players().Has(c) {
		return fmt.Sprintf("%v %s (token %d %s, %s)", c, text, i, where(s.Rules().Board, c, s.Progress(c, i)), count)
	}
	return fmt.Sprintf("%v %s, %s", c, text, count)
}

// ----- squares -----

// withSquares writes move m as Move.String does, in progress, with the
// board's squares beside it: "red 2: 12-18 (squares 13-19)".
func withSquares(b ludo.Board, m ludo.Move) string {
	if m.IsPass() {
		return m.String()
	}
	from, to := b.Square(m.Color(), m.From()), b.Square(m.Color(), m.To())
	if from.Zone() == ludo.TrackZone && to.Zone() == ludo.TrackZone {
		return fmt.Sprintf("%v (squares %d-%d)", m, from.N(), to.N())
	}
	return fmt.Sprintf("%v (%s to %s)", m, squareName(from), squareName(to))
}

// squareName names a square: "square 17", "home 3", "the yard", "the
// finish".
func squareName(sq ludo.Square) string {
	switch sq.Zone() {
	case ludo.TrackZone:
		return "square " + strconv.Itoa(sq.N())
	case ludo.HomeZone:
		return "home " + strconv.Itoa(sq.N())
	case ludo.YardZone:
		return "the yard"
	}
	return "the finish"
}
