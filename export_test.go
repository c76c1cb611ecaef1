package ludo

// What the external tests (package ludo_test) reach of the package's
// internals, which the public API does not offer.

// ParsePositionFunc and TextLine: the position parser's hook for extra
// lines, which the scenario files use.
var ParsePositionFunc = parsePositionFunc

type TextLine = textLine

// RulesMaxSteps returns the most steps a move can count under r, as
// Validate judges a BounceFinish (the properties' propRepair keeps drawn
// rules valid).
func RulesMaxSteps(r Rules) int { return r.maxSteps() }

// MoveWithToken returns move m made by token i instead (ruling Q9: a
// token alike with the one a legal move names makes the same move), for
// the properties. It only relabels the move, as a caller holding a legal
// move of a token would build one for its twin.
func MoveWithToken(m Move, i int) Move {
	return m.withToken(i)
}

// LandingShares reports whether, in position s, token i of colour c
// landing at progress p (entering where p is 0) on track square sq would
// share it with the tokens there, as the landing rule (victims) judges
// it: not refused, capturing nothing and not sent home.
func LandingShares(s State, c Color, i, p int, sq Square) bool {
	f := flagValid
	if p == 0 {
		f |= flagEnter
	}
	m := s.judgedMove(dueOf(c, s.rs.six, uint8(max(p, 1))), i, p, f)
	caught, home, refused := s.victims(m, uint8(sq.N()))
	return refused.why == legal && caught == 0 && !home
}

// RulesSeats returns the colours that play under r (ruling Q5).
func RulesSeats(r Rules) Colors { return r.seats() }

// NextStar returns the star after track square n going round r's board,
// where a token landing on a star jumps to (rule D2); n itself if it is
// the only star.
func NextStar(r Rules, n int) Square { return TrackSquare(int(compile(r).nextStar[n])) }

// ThrowFaces returns the faces one die (or one throw of a lot) of the
// rules' chance model can show.
func ThrowFaces(r Rules) Faces { return r.chance().faces }

// DiceMoves returns the moves of every amount due with two dice, before
// rule W2 chooses among them (rule W1): what the properties try beside
// the legal moves, to see those W2, H5 and M2 leave out refused.
func DiceMoves(s State) []Move {
	var buf [MaxMoves]Move
	return append([]Move(nil), s.diceMoves(buf[:0])...)
}
