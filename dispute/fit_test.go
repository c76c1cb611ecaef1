package dispute_test

import (
	"errors"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/ludorules/ludo"
	"github.com/ludorules/ludo/dispute"
)

// randomRules draws rules from the option table: a preset, its players,
// and a few options each set to a value [ludo.Option.Values] lists,
// keeping each change Validate accepts.
func randomRules(rng *rand.Rand) ludo.Rules {
	names := ludo.Presets()
	r, _ := ludo.Preset(names[rng.IntN(len(names))])
	opts := ludo.Options()
	for range 2 + rng.IntN(5) {
		o := opts[rng.IntN(len(opts))]
		switch o.Name {
		case "Arms", "Track", "StartSpacing", "HomeEntry", "HomeColumn", "StartLane", "Seats":
			continue // the board stays the preset's: a table people play on
		}
		vs := o.Values(r)
		if next, err := o.With(r, vs[rng.IntN(len(vs))]); err == nil && next.Validate() == nil {
			r = next
		}
	}
	return r
}

// randomGame plays up to plies plies of random legal moves under r, the
// dice seeded with seed, and returns the record.
func randomGame(tb testing.TB, r ludo.Rules, seed uint64, plies int) *ludo.Record {
	tb.Helper()
	s, err := ludo.New(r)
	if err != nil {
		tb.Fatal(err)
	}
	rec := ludo.NewRecord(s)
	d := ludo.SeededDice(seed)
	pick := rand.New(rand.NewPCG(seed, 7))
	for range plies {
		if s.Phase() == ludo.PhaseOver {
			break
		}
		if s.Phase() == ludo.PhaseRoll {
			if s, err = s.RollOutcome(d.Throw(r)); err != nil {
				tb.Fatal(err)
			}
		}
		moves := s.LegalMoves()
		m := moves[pick.IntN(len(moves))]
		if err := rec.AddMove(s, m); err != nil {
			tb.Fatal(err)
		}
		if s, err = s.Apply(m); err != nil {
			tb.Fatal(err)
		}
	}
	return rec
}

// replayUnder replays rec from the start of rules r with ludo's own
// Replay, and returns the ply that breaks (0 for none) and its error.
func replayUnder(rec *ludo.Record, r ludo.Rules) (int, error) {
	s, err := ludo.New(r)
	if err != nil {
		return 0, err
	}
	cp := *rec
	cp.Start = s
	_, err = cp.Replay()
	var re *ludo.ReplayError
	if errors.As(err, &re) {
		return re.Ply, err
	}
	return 0, err
}

// TestFitRandomGames plays games under random rules drawn from the option
// table and fits each record among every preset and the rules it was
// played under: those rules are always consistent; every option reported
// decided is decided by a ply (a value ruled out, the first to break and
// the last, breaks the record at the ply reported, under ludo's own
// Replay); and every value reported open, an undecided option's above
// all, keeps every ply legal. With -short, 20 games
// (6 under the race detector).
func TestFitRandomGames(t *testing.T) {
	games := 200
	switch {
	case testing.Short() && race:
		games = 6
	case testing.Short():
		games = 20
	}
	rng := rand.New(rand.NewPCG(29, 1))
	decided, undecided := 0, 0
	for g := range games {
		r := randomRules(rng)
		rec := randomGame(t, r, uint64(g), 80)
		among, err := dispute.Candidates("", r)
		if err != nil {
			t.Fatal(err)
		}
		among = append(among, dispute.Candidate{Name: "played", Rules: r})
		f := dispute.FitRecord(rec, among, dispute.Limits{})
		ok := false
		for _, c := range f.Consistent() {
			ok = ok || c.Rules == r
		}
		if !ok || !f.Fits || f.Reference.Rules != r {
			t.Fatalf("game %d under %v (%d plies): the rules it was played under are not among the consistent ones %v (reference %v)", g, r, len(rec.Plies), f.Consistent(), f.Reference.Rules)
		}
		for _, o := range f.Options {
			// Each value ruled out with the first break and the last: the
			// option was decided by that ply, and the plies reported are
			// ludo's own.
			var check []dispute.Ruled
			if len(o.Ruled) > 0 {
				check = append(check,
					slices.MinFunc(o.Ruled, func(a, b dispute.Ruled) int { return a.Break.Ply - b.Break.Ply }),
					slices.MaxFunc(o.Ruled, func(a, b dispute.Ruled) int { return a.Break.Ply - b.Break.Ply }))
			}
			for _, ru := range check {
				alt, err := o.Option.With(r, ru.Value)
				if err != nil || alt.Validate() != nil {
					t.Fatalf("game %d: %s:%s reported ruled out is not valid rules: %v", g, o.Option.Name, ru.Value, err)
				}
				ply, err := replayUnder(rec, alt)
				if err == nil || ply != ru.Break.Ply {
					t.Fatalf("game %d under %v: %s:%s reported to break at ply %d, but ludo's Replay says ply %d: %v", g, r, o.Option.Name, ru.Value, ru.Break.Ply, ply, err)
				}
			}
			for _, v := range o.Open {
				alt, err := o.Option.With(r, v)
				if err != nil || alt.Validate() != nil {
					t.Fatalf("game %d: %s:%s reported open is not valid rules: %v", g, o.Option.Name, v, err)
				}
				if ply, err := replayUnder(rec, alt); err != nil {
					t.Fatalf("game %d under %v: %s:%s reported to keep every ply legal, but ply %d breaks: %v", g, r, o.Option.Name, v, ply, err)
				}
			}
			if o.Decided() {
				decided++
			}
			if o.Undecided() {
				undecided++
			}
		}
	}
	t.Logf("%d games: %d options decided, %d undecided", games, decided, undecided)
	if decided == 0 || undecided == 0 {
		t.Errorf("every option decided or none: %d decided, %d undecided", decided, undecided)
	}
}
