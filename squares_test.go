package ludo_test

import (
	"testing"

	"github.com/ludorules/ludo"
	"pgregory.net/rapid"
)

// Setup's check of shared squares (checkSquares) and the landing rule
// (victims) say the same thing: two tokens may stand on one track square
// exactly when one of them could have landed beside the other, capturing
// nothing and not sent home. The exceptions are the squares a landing
// shares after more happened than one landing, which Setup knows of: a
// pair entering together (rule F1), a token entering onto its full start
// square and capturing the opponent that arrived last (rule P4), and
// single tokens left beside tokens that could not be captured while they
// were two or more (rule K5, CaptureNone).
func TestPropSharedSquaresAsLanding(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		r := propRulesGen.Draw(t, "rules")
		b := r.Board
		s0, err := ludo.New(r)
		if err != nil {
			t.Fatal(err)
		}
		var colors []ludo.Color
		for c := range s0.Players().All() {
			colors = append(colors, c)
		}
		ca := rapid.SampledFrom(colors).Draw(t, "a")
		cb := rapid.SampledFrom(colors).Draw(t, "b")
		if ca == cb && r.Tokens < 2 {
			t.Skip("one token a colour")
		}
		// A track square both colours stand on: progress pa for a, pb for b.
		pa := rapid.IntRange(0, b.HomeEntry).Draw(t, "pa")
		sq := b.Square(ca, pa)
		pb, ok := b.Progress(cb, sq)
		if !ok {
			t.Skip("b never stands there")
		}
		ib := 0
		if ca == cb {
			ib = 1
		}
		alone := func(c ludo.Color, i, p int) ludo.Setup {
			u := ludo.Setup{Rules: r, Turn: c}
			for k := range u.Tokens {
				u.Tokens[k] = [ludo.MaxTokens]int{-1, -1, -1, -1}
			}
			u.Tokens[c][i] = p
			return u
		}
		both := alone(ca, 0, pa)
		both.Tokens[cb][ib] = pb
		_, err = both.State()
		setupShares := err == nil

		// The landing of b's token beside a's, and of a's beside b's: a
		// token of colour c, i, landing at progress p (entering where p is
		// 0) on token j of colour on standing there.
		landing := func(on ludo.Color, j, onP int, c ludo.Color, i, p int) bool {
			s, err := alone(on, j, onP).State()
			if err != nil {
				t.Fatalf("%v alone at %d: %v", on, onP, err)
			}
			return ludo.LandingShares(s, c, i, p, sq)
		}
		landingShares := landing(ca, 0, pa, cb, ib, pb) || landing(cb, ib, pb, ca, 0, pa)

		if setupShares == landingShares {
			return
		}
		exception := ca == cb && pa == 0 && pb == 0 && r.SixEntry == ludo.SixEntersTwoOrRuns || // rule F1: a pair enters together
			r.EntryCapture == ludo.EntryCapturesLast && (pa == 0 || pb == 0) || // rule P4
			r.MultiCapture == ludo.CaptureNone && setupShares // rule K5
		if !exception {
			t.Fatalf("%v: %v at %d and %v at %d on square %v: Setup says sharing is %v (%v), the landing rule %v", r, ca, pa, cb, pb, sq, setupShares, err, landingShares)
		}
	})
}
