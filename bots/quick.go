package bots

import "github.com/ludorules/ludo"

// quick is the fast rule-based policy of the Monte Carlo bot's playouts,
// a few times cheaper than [Heuristic]: it ranks each move by fixed
// priorities and plays the best, the first in canonical order on a tie.
// In order: capture (100 per token captured), finish (60), reach the home
// column (50), enter (40), move a threatened token to a square no
// opponent threatens (30), and avoid landing where one does (-30); then
// advance the leader (progress/100). A square is threatened if an
// opponent's token on the track stands 1 to 6 squares behind it (1 to 12
// with two dice, rule W1) and can
// still reach it, or it is an opponent's start square where entering
// captures (see [Weights]) and that opponent has a token in its yard; a
// safe square (rules K1, D1, P1) is not, and partners (rule T1) threaten
// nobody.
func quick(s ludo.State, moves []ludo.Move, r *ludo.Rules) int {
	if len(moves) == 1 {
		return 0
	}
	me := s.Turn()
	b := &r.Board
	he, fin := b.HomeEntry, b.Finish()
	team := ludo.ColorsOf(me)
	if r.Teams != ludo.NoTeams {
		team = s.Team(me)
	}
	// The threatened squares, as bit sets of track square indexes (a
	// track has at most 250 squares): by tokens on the track, and by
	// entering.
	far := 6
	switch {
	case r.TwoDice && r.TopsAndBottoms: // rule H2: a double's four amounts, 14 at most
		far = 14
	case r.TwoDice: // rule W1: one die or both
		far = 12
	}
	var threat, entry [4]uint64
	mark := func(set *[4]uint64, x int) { set[x>>6] |= 1 << (x & 63) }
	for o := range s.Players().All() {
		if team.Has(o) || s.Place(o) != 0 {
			continue
		}
		round := r.CaptureBeforeHome && !s.Captured(o) // rule K4: o goes round again
		for i := range r.Tokens {
			p := s.Progress(o, i)
			if p < 0 {
				x := trackIndex(b, o, 0)
				if r.EntryCapture != ludo.EntryLands || b.Safe == 0 || !b.IsSafe(ludo.TrackSquare(x+1)) {
					mark(&entry, x)
				}
				continue
			}
			x := trackIndex(b, o, p)
			if x < 0 {
				continue
			}
			for d := 1; d <= far && (p > he || p+d <= he || round); d++ {
				mark(&threat, (x+d)%b.Track)
			}
		}
	}
	threatened := func(c ludo.Color, p int) bool {
		x := trackIndex(b, c, p)
		switch {
		case x < 0:
			return false
		case entry[x>>6]&(1<<(x&63)) != 0:
			return true
		case b.Safe != 0 && b.IsSafe(ludo.TrackSquare(x+1)):
			return false
		}
		return threat[x>>6]&(1<<(x&63)) != 0
	}
	best, bestV := 0, -1e9
	for i, m := range moves {
		if m.IsPass() {
			continue
		}
		v := float64(m.To()) / 100
		switch {
		case m.Captures():
			v += 100 * float64(m.NumCaptured())
		case m.Finishes():
			v += 60
		case m.To() > he && m.To() <= fin && m.From() <= he:
			v += 50
		case m.Enters():
			v += 40
		}
		c := m.Color() // the mover's, or under rule T3 its other colour's
		if threatened(c, m.From()) && !threatened(c, m.To()) {
			v += 30
		}
		if threatened(c, m.To()) && !m.FormsBlock() {
			v -= 30
		}
		if v > bestV {
			best, bestV = i, v
		}
	}
	return best
}
