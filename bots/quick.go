package bots

import "github.com/ludorules/ludo"

// quick is the fast rule-based policy of the Monte Carlo bot's playouts,
// a few times cheaper than [Heuristic]: it ranks each move by fixed
// priorities and plays the best, the first in canonical order on a tie.
// In order: capture (100 per token captured), finish (60), reach the home
// column (50), enter (40), move a threatened token to a square no
// opponent threatens (30), and avoid landing where one does (-30); then
// advance the leader (progress/100). A square is threatened if an
// opponent's token on the track stands 1 to 6 squares behind it and can
// still reach it, or it is an opponent's start square and that opponent
// has a token in its yard.
func quick(s ludo.State, moves []ludo.Move, r *ludo.Rules) int {
	if len(moves) == 1 {
		return 0
	}
	me := s.Turn()
	b := r.Board
	he := b.HomeEntry
	// The threatened squares, as a bit set of track square indexes.
	var threat [2]uint64
	mark := func(x int) { threat[x>>6] |= 1 << (x & 63) }
	for o := range s.Players().All() {
		if o == me || s.Place(o) != 0 {
			continue
		}
		for i := range r.Tokens {
			p := s.Progress(o, i)
			switch {
			case p < 0:
				mark(b.StartSquare(o) - 1)
			case p < he:
				for d := 1; d <= 6 && p+d <= he; d++ {
					mark(b.Square(o, p+d).N() - 1)
				}
			}
		}
	}
	threatened := func(p int) bool {
		if p < 0 || p > he {
			return false
		}
		x := b.Square(me, p).N() - 1
		return threat[x>>6]&(1<<(x&63)) != 0
	}
	best, bestV := 0, -1e9
	for i, m := range moves {
		if m.IsPass() {
			continue
		}
		v := float64(m.To()) / 100
		switch {
		case m.Captures() > 0:
			v += 100 * float64(m.Captures())
		case m.Finishes():
			v += 60
		case m.To() > he && m.From() <= he:
			v += 50
		case m.Enters():
			v += 40
		}
		if threatened(m.From()) && !threatened(m.To()) {
			v += 30
		}
		if threatened(m.To()) && !m.FormsBlock() {
			v -= 30
		}
		if v > bestV {
			best, bestV = i, v
		}
	}
	return best
}
