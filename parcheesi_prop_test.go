package ludo_test

import (
	"encoding/json"
	"errors"
	"slices"
	"testing"

	"pgregory.net/rapid"

	"github.com/ludorules/ludo"
)

// The rules two dice play beside W1 and W2, which the brute force of
// twodice_prop_test.go leaves out: the sum's entry (H1), tops and bottoms
// (H2), the third double's penalty (H3), safe squares no two colours
// share (H4), blocks a double does not move on (H5), the bonus moves after
// the dice (W4), and partners who play on (T2). Over random games of
// parcheesi and of rules that mix these in, every position holds:
//
//   - every listed move applies, and its action id names it; every move of an amount due that the
//     list leaves out (rules W2, H5, M2 on the sum) is refused, with a rule;
//     Apply changes neither its input nor, refusing, anything;
//   - no two colours share a safe square under SafeExclusive (rule H4), and
//     no square holds more than SquareLimit tokens (rule P2);
//   - a token at its finish never moves (rule B3);
//   - the position reads back the same from its text, its JSON and its
//     Setup;
//   - the game's record, written with AddMove, replays to the same end.
func TestPropParcheesiRules(t *testing.T) {
	t.Parallel()
	variants := []string{
		"parcheesi",
		"parcheesi{Players:2}",
		"parcheesi{Teams:PartnersPlayOn}",
		"parcheesi{DiceUse:LargerDie SixLimit:0}",
		"naija{EntryRolls:{5} EntrySum:true TopsAndBottoms:true}",
		"mongolian{TwoDice:true TopsAndBottoms:true DoublesSplitBlocks:true CaptureBonus:10 HomeBonus:5}",
		"uckers{Teams:TwoColorsEach}",
		"parcheesi{Teams:TwoColorsEach}",
		"naija{Teams:TwoColorsEach SumMoves:true CaptureRetires:false}",
	}
	rapid.Check(t, func(t *rapid.T) {
		r, err := ludo.ParseRules(rapid.SampledFrom(variants).Draw(t, "rules"))
		if err != nil {
			t.Fatal(err)
		}
		d := propDraws{t}
		s, err := ludo.New(r)
		if err != nil {
			t.Fatal(err)
		}
		rec, end := ludo.NewRecord(s), s // end: the position after the last move recorded
		plies := 1 + propUniform(t, 400, "plies")
		for n := 0; n < plies && s.Phase() != ludo.PhaseOver; n++ {
			if s.Phase() == ludo.PhaseRoll {
				o := propThrow(d, r)
				d.logf("%v throws %v", s.Turn(), o)
				if s, err = s.RollOutcome(o); err != nil {
					t.Fatal(err)
				}
				continue
			}
			ppCheck(t, s, n%8 == 0)
			legal := s.LegalMoves()
			m := legal[d.intN(len(legal), "move")]
			d.logf("%v", m)
			if err := rec.AddMove(s, m); err != nil {
				t.Fatal(err)
			}
			next, err := s.Apply(m)
			if err != nil {
				t.Fatalf("legal %v refused: %v", m, err)
			}
			ppCheckBonus(t, s, next, m)
			s, end = next, next
		}
		states, err := rec.Replay()
		if err != nil || states[len(states)-1] != end {
			t.Fatalf("the record replays otherwise: %v\n%v", err, rec)
		}
	})
}

// ppCheckBonus checks that move m, played from s to s2 under two dice,
// keeps the count of the bonus moves due (rule W4): a move that captures,
// or else brings a token home, where the rules give a bonus move of steps
// for it, adds one; a bonus move played takes one; a die passed keeps
// them, so that once the dice are played they are the moves due. Only
// the pass of a bonus move that no token can make loses them (rule P8),
// and the end of the mover's tokens (ruling Q6) or of the game.
func ppCheckBonus(t *rapid.T, s, s2 ludo.State, m ludo.Move) {
	r := s.Rules()
	c := s.Turn()
	switch {
	case m.Forfeits(), m.IsPass() && m.IsBonusMove(), s2.Phase() == ludo.PhaseOver:
		return
	case !m.IsPass() && !propAllFinished(s, m.Color()) && propAllFinished(s2, m.Color()):
		return // rules Q6, T3: the turn ends, or the other colour plays on
	}
	want := len(s.Setup().Earned)
	if m.IsBonusMove() {
		want--
	}
	switch {
	case m.IsPass():
	case m.Captures():
		want += min(r.CaptureBonus.Steps(), 1)
	case m.Finishes():
		want += min(r.HomeBonus.Steps(), 1)
	}
	got := 0
	if s2.Turn() == c && s2.Phase() == ludo.PhaseMove {
		got = len(s2.Setup().Earned)
		if got > 0 && s2.DiceDue() == [4]int{} && !s2.IsBonusMove() {
			t.Fatalf("after %v the dice are played and %d bonus moves are earned, but none is due\n%v", m, got, s2)
		}
	}
	if got != want {
		t.Fatalf("after %v %d bonus moves are due, want %d: %d before, the move's and those it earned (rule W4)\n%v\nthen\n%v", m, got, want, len(s.Setup().Earned), s, s2)
	}
}

// ppCheck checks position s, with a move due, as TestPropParcheesiRules
// says; the JSON round trip where json is true (it is slower).
func ppCheck(t *rapid.T, s ludo.State, withJSON bool) {
	before := s
	legal := s.LegalMoves()
	for _, m := range legal {
		if _, err := s.Apply(m); err != nil {
			t.Fatalf("legal %v refused: %v\n%v", m, err, s)
		}
		if got, err := s.ActionMove(m.Action()); err != nil || got != m {
			t.Fatalf("ActionMove(%d) of legal %v = %v, %v\n%v", m.Action(), m, got, err, s)
		}
		if !m.IsPass() && s.Progress(m.Color(), m.Token()) == s.Board().Finish() {
			t.Fatalf("%v moves a finished token (rule B3)\n%v", m, s)
		}
	}
	if s.Rules().TwoDice {
		for _, m := range ludo.DiceMoves(s) {
			if slices.Contains(legal, m) {
				continue
			}
			_, err := s.Apply(m)
			var ill *ludo.IllegalMoveError
			if err == nil || !errors.As(err, &ill) || ill.Rule == "" {
				t.Fatalf("%v, left out of %v, gives %v, want a refusal naming its rule\n%v", m, legal, err, s)
			}
		}
	}
	if s != before {
		t.Fatalf("Apply changed its input")
	}
	// Squares: H4 and P2.
	r := s.Rules()
	for n := 1; n <= r.Board.Track; n++ {
		sq := ludo.TrackSquare(n)
		on := s.TokensOn(sq)
		colours, total := 0, 0
		for _, k := range on {
			colours += min(k, 1)
			total += k
		}
		if r.SafeSquares == ludo.SafeExclusive && r.Board.IsSafe(sq) && colours > 1 && r.Teams == ludo.NoTeams {
			t.Fatalf("square %d is safe and holds %v: two colours (rule H4)\n%v", n, on, s)
		}
		if r.SquareLimit != 0 && total > r.SquareLimit {
			t.Fatalf("square %d holds %d tokens, more than %d (rule P2)\n%v", n, total, r.SquareLimit, s)
		}
	}
	back, err := ludo.ParsePosition(ludo.FormatPosition(s))
	if err != nil || back != s {
		t.Fatalf("the text reads back otherwise: %v\n%s", err, ludo.FormatPosition(s))
	}
	if u, err := s.Setup().State(); err != nil || u != s {
		t.Fatalf("the Setup reads back otherwise: %v\n%v", err, s)
	}
	if withJSON {
		data, err := json.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		var j ludo.State
		if err := json.Unmarshal(data, &j); err != nil || j != s {
			t.Fatalf("the JSON reads back otherwise: %v\n%s", err, data)
		}
	}
}
