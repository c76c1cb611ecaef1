package ludo_test

// Properties of Uckers' dice (rules U1, U2 with W1, W2), over random games
// of uckers and of the other presets made to throw two dice with the dice
// added (SumMoves) and, now and then, a bonus roll for a face on either
// die (BonusAnyDie). As in twodice_prop_test.go the moves of a throw are
// found by brute force, with the public API only: each die alone is a
// position with the other marked played, the sum a bonus move of its
// count (which is how rule U2 judges it: landing only at its end, passing
// no block), and rule U2's bar on the token that moved is modelled here,
// not asked of the library: the token's options are die A then die B on
// another token (or on the token A brought out of the yard), B then A
// likewise, or the sum.
//
// Run more cases with go test -run Uckers -rapid.checks=2000.

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"github.com/ludorules/ludo"
)

// ukRulesGen draws rules with the dice added (rule U2): uckers itself,
// for two or four players, or tdRulesGen's two-dice rules with SumMoves
// on and BonusAnyDie and DiceUse drawn, finishing exactly.
var ukRulesGen = rapid.Custom(func(t *rapid.T) ludo.Rules {
	if rapid.Bool().Draw(t, "uckers") {
		r, _ := ludo.Preset("uckers")
		if rapid.IntRange(0, 3).Draw(t, "two") == 0 {
			r.Players = 2
		}
		return r
	}
	r := tdRulesGen.Draw(t, "two")
	r.SumMoves = true
	r.BonusAnyDie = rapid.Bool().Draw(t, "BonusAnyDie")
	r.DiceUse = rapid.SampledFrom([]ludo.DiceUse{ludo.EitherDie, ludo.LargerDie}).Draw(t, "DiceUseU")
	if r.Finish == ludo.BounceFinish {
		// Validate does not count the sum among the steps a move can
		// bounce (RulesMaxSteps), so a sum may bounce back past the home
		// entry, which rule C5 does not play: not drawn here.
		r.Finish = ludo.ExactFinish
	}
	if err := r.Validate(); err != nil {
		t.Fatalf("drawn rules %v refused: %v", r, err)
	}
	return r
})

// ukEarns reports whether a throw of a and b earns a bonus roll: a
// double of a BonusRolls face (rule W3), or under BonusAnyDie such a face
// on either die, once (rule U1).
func ukEarns(r ludo.Rules, a, b int) bool {
	if r.BonusAnyDie {
		return r.BonusRolls.Has(a) || r.BonusRolls.Has(b)
	}
	return a == b && r.BonusRolls.Has(a)
}

// ukOnly returns s, a throw of two just rolled, with die k (0 or 1) the
// only one due, and no token marked as moved (the bar of rule U2 is
// modelled here).
func ukOnly(t *rapid.T, s ludo.State, k int) ludo.State {
	u := s.Setup()
	u.Played = [4]bool{}
	u.Played[1-k] = true
	u.LastMoved = [ludo.MaxTokens]bool{}
	one, err := u.State()
	if err != nil {
		t.Fatalf("die %d alone: %v\n%v", k+1, err, s)
	}
	return one
}

// ukUnbarred returns s, with one die of its throw played, with no token
// marked as moved: the other die's moves as if rule U2 barred none.
func ukUnbarred(t *rapid.T, s ludo.State) ludo.State {
	u := s.Setup()
	u.LastMoved = [ludo.MaxTokens]bool{}
	free, err := u.State()
	if err != nil {
		t.Fatalf("no token moved: %v\n%v", err, s)
	}
	return free
}

// ukBarred reports whether l, a listed move of the die left, is one only
// token b (which moved with the other die and was not brought out by it)
// could make: l's token stands with b, and no other token of b's colour
// stands there (an alike token may make it, ruling Q9).
func ukBarred(s ludo.State, l ludo.Move, b int) bool {
	c := l.Color()
	p := s.Progress(c, b)
	if l.IsPass() || s.Progress(c, l.Token()) != p {
		return false
	}
	for j := range s.Rules().Tokens {
		if j != b && s.Progress(c, j) == p {
			return false
		}
	}
	return true
}

// ukKey is the text of move m of position s for comparing the reference's
// moves with the library's: its words but "both" and "bonus", the token
// the lowest-numbered alike with it (rule U2 may leave the move to a
// higher one), then the die it plays, or "sum" for a move of both dice.
func ukKey(s ludo.State, m ludo.Move, sum bool) string {
	var w []string
	for k, f := range strings.Fields(m.String()) {
		if k == 1 { // the token: the lowest-numbered of those alike (ruling Q9)
			c, p := m.Color(), s.Progress(m.Color(), m.Token())
			for j := range s.Rules().Tokens {
				if s.Progress(c, j) == p {
					f = fmt.Sprintf("%d:", j)
					break
				}
			}
		}
		if f != "both" && f != "bonus" {
			w = append(w, f)
		}
	}
	if sum {
		return strings.Join(w, " ") + " | sum"
	}
	return strings.Join(w, " ") + fmt.Sprintf(" | die %d", m.Die())
}

// ukOption is a first move of a throw found by brute force: its key, the
// die it plays (2 for the sum), the move where it is a die's, and how many
// dice it and the best move after it play.
type ukOption struct {
	key   string
	k     int
	m     ludo.Move
	value int
}

// ukSums returns the keys of the moves of both dice of throw s (rule
// U2): the moves of a bonus move of their sum under the same rules with
// one die and that bonus (judged as a bonus move is: landing only at its
// end, passing no block, bringing no token out).
func ukSums(t *rapid.T, s ludo.State) []string {
	a, b := s.Dice()
	r := s.Rules()
	r.TwoDice, r.SumMoves, r.BonusAnyDie, r.DiceUse = false, false, false, ludo.EitherDie
	r.EntrySum, r.TopsAndBottoms, r.DoublesSplitBlocks = false, false, false
	r.BonusRolls, r.SixLimit, r.SixPenalty = 0, 0, ludo.VoidRoll
	r.CaptureBonus = ludo.BonusMove(a + b)
	if err := r.Validate(); err != nil {
		t.Fatalf("the one-die rules for the sum %d: %v", a+b, err)
	}
	u := s.Setup()
	u.Rules = r
	u.Die, u.SecondDie, u.Played, u.Earned, u.BonusMove = 1, 0, [4]bool{}, nil, a+b
	u.Streak, u.TriesUsed, u.LastMoved, u.ExtraRoll, u.TurnStart = 0, 0, [ludo.MaxTokens]bool{}, false, nil
	one, err := u.State()
	if err != nil {
		t.Fatalf("the sum %d as a bonus move: %v\n%v", a+b, err, s)
	}
	var out []string
	for _, m := range tdTokenMoves(one) {
		out = append(out, ukKey(s, m, true))
	}
	return out
}

// ukValue returns how many dice of throw s (both due) playing m with die
// k, and the other die after it where rule U2 lets a token play it,
// plays: 2 where m ends its colour's game.
func ukValue(t *rapid.T, s ludo.State, k int, m ludo.Move) int {
	after, err := ukOnly(t, s, k).Apply(m)
	if err != nil {
		t.Fatalf("%v with die %d alone: %v\n%v", m, k+1, err, s)
	}
	if tdFinished(after, m.Color()) || after.Phase() == ludo.PhaseOver {
		return 2
	}
	u, v := after.Setup(), s.Setup()
	u.Turn, u.Die, u.SecondDie, u.Streak, u.TurnStart = s.Turn(), v.Die, v.SecondDie, v.Streak, v.TurnStart
	u.TriesUsed = 0
	u.Played, u.BonusMove, u.ExtraRoll, u.Earned = [4]bool{}, 0, false, nil
	u.Played[k] = true
	u.LastMoved = [ludo.MaxTokens]bool{}
	if u.TurnStart == nil && s.Rules().DoublesSplitBlocks { // rule H5: where the throw began
		begin := v.Tokens
		u.TurnStart = &begin
	}
	next, err := u.State()
	if err != nil {
		t.Fatalf("%v, then the other die: %v\n%v", m, err, after)
	}
	for _, l := range tdTokenMoves(next) {
		if m.Enters() || !ukBarred(next, l, m.Token()) {
			return 2
		}
	}
	return 1
}

// ukOptions returns the first moves of throw s (just rolled): every
// token move of either die (a double's first only: its dice are alike),
// and every move of both dice, with their values.
func ukOptions(t *rapid.T, s ludo.State) []ukOption {
	a, b := s.Dice()
	var out []ukOption
	for k := range 2 {
		if k == 1 && a == b {
			break
		}
		for _, m := range tdTokenMoves(ukOnly(t, s, k)) {
			out = append(out, ukOption{ukKey(s, m, false), k, m, ukValue(t, s, k, m)})
		}
	}
	for _, key := range ukSums(t, s) {
		out = append(out, ukOption{key: key, k: 2, value: 2})
	}
	return out
}

// ukCheckFirstMoves checks the first moves of a throw against the brute
// force: the legal moves are the options of the orders that play the
// most dice (rule W2; under LargerDie, where one die only can be played,
// the larger where a token can play it), a die's option that plays fewer
// is refused naming W2, and where none plays a die the pass is the one
// move. It returns the most dice.
func ukCheckFirstMoves(t *rapid.T, s ludo.State, legal []ludo.Move, opts []ukOption) int {
	a, b := s.Dice()
	most, must := 0, -1
	for _, o := range opts {
		most = max(most, o.value)
	}
	if most == 1 && s.Rules().DiceUse == ludo.LargerDie && a != b {
		larger := 0
		if b > a {
			larger = 1
		}
		if slices.ContainsFunc(opts, func(o ukOption) bool { return o.k == larger }) {
			must = larger
		}
	}
	var want, got []string
	for _, o := range opts {
		switch {
		case o.value == most && (must < 0 || o.k == must):
			want = append(want, o.key)
		case o.k < 2 && a != b:
			_, err := s.Apply(o.m)
			tdIllegal(t, fmt.Sprintf("%v, playing %d dice of %d", o.m, o.value, most), err, "W2", s, s)
		}
	}
	for _, m := range legal {
		if !m.IsPass() {
			got = append(got, ukKey(s, m, m.BothDice()))
		}
	}
	slices.Sort(want)
	want = slices.Compact(want)
	slices.Sort(got)
	if !slices.Equal(got, want) {
		t.Fatalf("dice %d %d: legal\n  %q\nwant the first moves of the best orders\n  %q\n%v", a, b, got, want, s)
	}
	if most == 0 && (len(legal) != 1 || !legal[0].IsPass()) {
		t.Fatalf("dice %d %d: no die can be played, but the moves are %v\n%v", a, b, legal, s)
	}
	return most
}

// ukCheckSecond checks the moves of the die left after first, a die's
// move: those of the die as if no token had moved, less the moves only
// first's token could make, unless first brought it out (rule U2); each
// of those made by first's token is refused naming U2.
func ukCheckSecond(t *rapid.T, s ludo.State, first ludo.Move) {
	free := ukUnbarred(t, s)
	var want, got []string
	for _, l := range tdTokenMoves(free) {
		if first.Enters() || !ukBarred(free, l, first.Token()) {
			want = append(want, ukKey(s, l, false))
		}
		if !first.Enters() && s.Progress(l.Color(), l.Token()) == s.Progress(first.Color(), first.Token()) {
			_, err := s.Apply(ludo.MoveWithToken(l, first.Token()))
			tdIllegal(t, fmt.Sprintf("%v by token %d, which moved with the other die (%v)", l, first.Token(), first), err, "U2", s, s)
		}
	}
	legal := s.LegalMoves()
	for _, m := range legal {
		if !m.IsPass() {
			got = append(got, ukKey(s, m, m.BothDice()))
		}
	}
	slices.Sort(want)
	slices.Sort(got)
	if !slices.Equal(got, want) {
		t.Fatalf("after %v: legal %q, want %q\n%v", first, got, want, s)
	}
	if len(want) == 0 && (len(legal) != 1 || !legal[0].IsPass()) {
		t.Fatalf("after %v the die left has no move, but the moves are %v\n%v", first, legal, s)
	}
}

// ukCheckMoves checks that every legal move of s applies, changing
// nothing in s, and that its action id names it (ActionMove).
func ukCheckMoves(t *rapid.T, s ludo.State, moves []ludo.Move) {
	for _, m := range moves {
		in := s
		if _, err := s.Apply(m); err != nil || s != in {
			t.Fatalf("legal %v: %v (the position changed: %v)\n%v", m, err, s != in, in)
		}
		a := m.Action()
		if a < 0 || a >= ludo.NumActions {
			t.Fatalf("legal %v: action %d out of 0 to %d", m, a, ludo.NumActions-1)
		}
		back, err := s.ActionMove(a)
		if err != nil || back != m {
			t.Fatalf("legal %v: action %d gives %v, %v\n%v", m, a, back, err, s)
		}
	}
}

// ukPlay plays a random game of r, checking every throw against the
// brute force and rule U1's bonus rolls.
func ukPlay(t *rapid.T, r ludo.Rules) {
	s, plies := tdStart(t, r, 100)
	d := propDraws{t}
	for ply := 0; ply < plies && s.Phase() != ludo.PhaseOver; {
		o := propThrow(d, r)
		d.logf("%v throws %v", s.Turn(), o)
		rolled, err := s.RollOutcome(o)
		if err != nil {
			t.Fatalf("RollOutcome(%v): %v\n%v", o, err, s)
		}
		c, a, b := rolled.Turn(), o.Face, o.Second
		// Rule U1 (W3 without BonusAnyDie): the throw adds to Streak where
		// it earns a bonus roll, and SixLimit forfeits the one that
		// reaches it.
		earns := ukEarns(r, a, b)
		if want := s.Streak() + b2iU(earns); rolled.Streak() != min(want, 255) {
			t.Fatalf("threw %d %d (earns %v): streak %d, want %d\n%v", a, b, earns, rolled.Streak(), want, s)
		}
		legal := rolled.LegalMoves()
		forfeit := len(legal) == 1 && legal[0].Forfeits()
		if want := earns && r.SixLimit > 0 && rolled.Streak() == r.SixLimit; forfeit != want {
			t.Fatalf("threw %d %d, streak %d of limit %d: forfeit %v, want %v\n%v", a, b, rolled.Streak(), r.SixLimit, forfeit, want, rolled)
		}
		best := 0
		if !forfeit {
			best = ukCheckFirstMoves(t, rolled, legal, ukOptions(t, rolled))
		}

		// Play the throw: a die's move and the other's, the sum, or a pass.
		cur, made, played, first := rolled, 0, 0, ludo.Move{}
		for cur.Phase() == ludo.PhaseMove && cur.Turn() == c {
			moves := cur.LegalMoves()
			ukCheckMoves(t, cur, moves)
			if made == 1 && !first.BothDice() {
				ukCheckSecond(t, cur, first)
			}
			m := moves[d.intN(len(moves), "move")]
			d.logf("%v", m)
			next, err := cur.Apply(m)
			if err != nil {
				t.Fatalf("%v: %v", m, err)
			}
			if !m.IsPass() {
				if made == 0 {
					first = m
				}
				made++
				played += 1 + b2iU(m.BothDice())
			}
			cur = next
			ply++
		}
		done := made > 0 && tdFinished(cur, first.Color())
		if done {
			played = 2
		}
		if !forfeit && played != best {
			t.Fatalf("threw %d %d: %v played %d dice (%d moves, first %v), but an order plays %d\n%v", a, b, c, played, made, first, best, rolled)
		}
		// Rule U1: a throw that earns a bonus roll is followed by the
		// thrower's; one that does not passes the turn (where no other
		// bonus roll is to be had).
		switch {
		case forfeit || done || cur.Phase() == ludo.PhaseOver || tdFinished(cur, c):
		case earns && !(made == 0 && r.NoMoveForfeitsBonus):
			if cur.Turn() != c || cur.Phase() != ludo.PhaseRoll || cur.Streak() != rolled.Streak() {
				t.Fatalf("threw %d %d, which earns a roll: then %v to %v, streak %d\n%v", a, b, cur.Turn(), cur.Phase(), cur.Streak(), rolled)
			}
		case !earns && r.CaptureBonus != ludo.BonusRoll && r.HomeBonus != ludo.BonusRoll && r.Tries == 1: // no capture's or home's roll (K2, K3), no throws again (M4)
			if cur.Turn() == c {
				t.Fatalf("threw %d %d, which earns nothing, and %v throws again\n%v", a, b, c, rolled)
			}
		}
		s = cur
	}
}

func b2iU(b bool) int {
	if b {
		return 1
	}
	return 0
}

// Random games with the dice added (rule U2): the legal moves of every
// throw are the first moves of the orders that play the most dice, the
// sum counting both; the die left after a token's move is refused to it
// (rule U2) unless that move brought it out; every legal move applies and
// its action id names it; bonus rolls follow rule U1.
func TestPropUckersDice(t *testing.T) {
	t.Parallel()
	rapid.Check(t, func(t *rapid.T) {
		ukPlay(t, ukRulesGen.Draw(t, "rules"))
	})
}
