package ludo_test

// The Playout's property, beside the others (properties_test.go) in
// package ludo_test, whose games and candidate moves it draws.

import (
	"errors"
	"testing"

	"pgregory.net/rapid"

	"github.com/ludorules/ludo"
)

// A Playout and a State agree on every sequence of rolls and moves, legal
// or not: the same errors, and the same position after each step, which
// an error leaves as it was.
func TestPropPlayoutMatchesState(t *testing.T) {
	t.Parallel()
	rapid.Check(t, func(t *rapid.T) {
		g := propDrawGame(t)
		s := rapid.SampledFrom(g.states).Draw(t, "start")
		var p ludo.Playout
		p.Reset(s)
		for step := range rapid.IntRange(1, 60).Draw(t, "steps") {
			if rapid.IntRange(0, 2).Draw(t, "kind") == 0 {
				face := rapid.IntRange(-1, ludo.MaxFace+1).Draw(t, "face")
				next, err := s.Roll(face)
				perr := p.Roll(face)
				propSameStep(t, step, "Roll", face, err, perr, next, s, &p)
				if err == nil {
					s = next
				}
				continue
			}
			moves := append(s.LegalMoves(), propCandidates(g, s)...)
			m := rapid.SampledFrom(moves).Draw(t, "move")
			next, err := s.Apply(m)
			perr := p.Apply(m)
			propSameStep(t, step, "Apply", m, err, perr, next, s, &p)
			if err == nil {
				s = next
			}
		}
	})
}

// propSameStep fails t unless a step of the State API (err, giving next
// from s) and of Playout p (perr) agree.
func propSameStep(t *rapid.T, step int, what string, arg any, err, perr error, next, s ludo.State, p *ludo.Playout) {
	t.Helper()
	want := next
	if err != nil {
		want = s
	}
	switch {
	case (err == nil) != (perr == nil) || err != nil && err.Error() != perr.Error():
		t.Fatalf("step %d, %s(%v): the State says %v, the Playout %v\n%v", step, what, arg, err, perr, s)
	case err != nil && !errors.Is(perr, errors.Unwrap(err)) && errors.Unwrap(err) != nil:
		t.Fatalf("step %d, %s(%v): the Playout's error %v does not match %v", step, what, arg, perr, errors.Unwrap(err))
	case p.State() != want:
		t.Fatalf("step %d, %s(%v) (error %v): the Playout holds\n%v\nthe State gives\n%v", step, what, arg, err, p.State(), want)
	case p.Phase() != want.Phase():
		t.Fatalf("step %d: the Playout's phase is %v, the State's %v", step, p.Phase(), want.Phase())
	}
	if got, wantMoves := p.AppendLegalMoves(nil), want.LegalMoves(); len(got) != len(wantMoves) || (len(got) > 0 && got[0] != wantMoves[0]) {
		t.Fatalf("step %d: the Playout lists %v, the State %v", step, got, wantMoves)
	}
}

// A Playout and a State agree on every sequence of throws and moves under
// two dice too (rules W1-W4, H1-H5, E1-E5, U1-U2, T2-T3): the presets
// that throw two dice and a few option sets, throws of faces in and out
// of range, the legal moves and moves of earlier positions (legal there,
// mostly refused here), with the same errors and positions.
func TestPropPlayoutMatchesStateTwoDice(t *testing.T) {
	t.Parallel()
	var rules []string
	for _, name := range ludo.Presets() {
		if r, _ := ludo.Preset(name); r.TwoDice {
			rules = append(rules, name)
		}
	}
	rules = append(rules, "uckers{Teams:TwoColorsEach}", "parcheesi{Teams:TwoColorsEach}", "naija{SumMoves:true BonusAnyDie:true EntrySum:true EntryRolls:{5 6}}")
	rapid.Check(t, func(t *rapid.T) {
		r, err := ludo.ParseRules(rapid.SampledFrom(rules).Draw(t, "rules"))
		if err != nil {
			t.Fatal(err)
		}
		s, err := ludo.New(r)
		if err != nil {
			t.Fatal(err)
		}
		dice := propDraws{t}
		// Play into the game a while, keeping moves to try again later.
		var seen []ludo.Move
		for range propUniform(t, 201, "warm") {
			if s.Phase() == ludo.PhaseOver {
				break
			}
			if s.Phase() == ludo.PhaseRoll {
				s, _ = s.RollOutcome(propThrow(dice, r))
				continue
			}
			moves := s.LegalMoves()
			m := moves[dice.intN(len(moves), "move")]
			seen = append(seen, moves...)
			s, _ = s.Apply(m)
		}
		var p ludo.Playout
		p.Reset(s)
		for step := range rapid.IntRange(1, 40).Draw(t, "steps") {
			if rapid.IntRange(0, 2).Draw(t, "kind") == 0 {
				a, b := rapid.IntRange(-1, 8).Draw(t, "a"), rapid.IntRange(-1, 8).Draw(t, "b")
				next, err := s.RollDice(a, b)
				perr := p.RollDice(a, b)
				propSameStep(t, step, "RollDice", [2]int{a, b}, err, perr, next, s, &p)
				if err == nil {
					s = next
				}
				continue
			}
			moves := append(append(s.LegalMoves(), seen...), ludo.Move{}) // the zero Move too, refused
			m := rapid.SampledFrom(moves).Draw(t, "move")
			next, err := s.Apply(m)
			perr := p.Apply(m)
			propSameStep(t, step, "Apply", m, err, perr, next, s, &p)
			if err == nil {
				s = next
				seen = append(seen, m)
			}
		}
	})
}
