package ludo_test

// Properties of two dice (rules W1-W3, N1), over random games of naija
// and of the other presets made to throw two dice (tdRulesGen). They use
// the public API only. The dice a throw can play are counted here by
// brute force (tdMost): each die alone is a position with the other
// marked played (Setup.Played), whose legal moves are that die's moves
// as the one-die stages judge them, so rule W2 is not asked of the
// library but checked against it.
//
// Run more cases with go test -run TwoDice -rapid.checks=2000.

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"github.com/ludorules/ludo"
)

// tdRulesGen draws rules that throw two dice and Validate accepts: naija
// as it is, or any preset with TwoDice and what TwoDice contradicts put
// right (a 6 counts 6 and enters one token, a bonus of steps becomes a
// bonus roll, no duty to capture); with DiceUse, CaptureRetires (not
// under GoalSlots), the bonus doubles, the six limit, the players and
// the tokens now and then drawn.
var tdRulesGen = rapid.Custom(func(t *rapid.T) ludo.Rules {
	r, _ := ludo.Preset(rapid.SampledFrom(ludo.Presets()).Draw(t, "preset"))
	r.TwoDice = true
	r.SixValue, r.SixValueAlways, r.SixEntry, r.CaptureDuty = 6, false, ludo.SixEntersOne, ludo.CaptureOptional
	// The brute force below plays a throw's two dice: not the sum entry
	// (H1), the four amounts of tops and bottoms (H2) or the bonus moves
	// after the dice (W4), which the scenarios pin; nor the dice added on
	// one token (U2) or a bonus roll for a face on either die (U1), which
	// uckers_prop_test.go checks.
	r.EntrySum, r.TopsAndBottoms = false, false
	r.SumMoves, r.BonusAnyDie = false, false
	if r.Cowries { // Pachisi's graces as a six (rules X1, Y2)
		r.Cowries, r.EntryRolls, r.BonusRolls, r.FirstEntryAny = false, ludo.FacesOf(6), ludo.FacesOf(6), false
	}
	// Pachisi's choices are one die's (rules Y5-Y7).
	r.TowersTogether, r.RoundAgain, r.Decline = false, false, false
	if r.Blocks == ludo.BlocksTowers { // a tower moves whole on one die (rule R5)
		r.Blocks = ludo.BlocksStopOpponents
	}
	if r.CaptureBonus.Steps() > 0 {
		r.CaptureBonus = ludo.BonusRoll
	}
	if r.HomeBonus.Steps() > 0 {
		r.HomeBonus = ludo.BonusRoll
	}
	vary := func(name string) bool { return rapid.IntRange(0, 2).Draw(t, "vary"+name) == 0 }
	r.DiceUse = rapid.SampledFrom([]ludo.DiceUse{r.DiceUse, ludo.LargerDie}).Draw(t, "DiceUse")
	if vary("CaptureRetires") && r.Goal != ludo.GoalSlots && r.Board.Stars == 0 && r.Overtake != ludo.OvertakeCaptures {
		r.CaptureRetires = rapid.Bool().Draw(t, "CaptureRetires")
	}
	if vary("BonusRolls") {
		r.BonusRolls = ludo.FacesOf(rapid.SliceOfN(rapid.IntRange(1, 6), 0, 3).Draw(t, "BonusRolls")...)
	}
	if vary("SixLimit") {
		r.SixLimit = rapid.SampledFrom([]int{0, 2, 3}).Draw(t, "SixLimit")
	}
	if vary("Players") {
		r.Players, r.Seats = rapid.IntRange(2, r.Board.Arms).Draw(t, "Players"), 0
		if r.Teams != ludo.NoTeams && r.Players%2 != 0 {
			r.Teams = ludo.NoTeams
		}
	}
	if vary("Tokens") {
		r.Tokens = rapid.IntRange(1, r.Tokens).Draw(t, "Tokens")
		r.StartOut, r.FinishTokens = min(r.StartOut, r.Tokens), min(r.FinishTokens, r.Tokens)
	}
	if err := r.Validate(); err != nil {
		t.Fatalf("drawn two-dice rules %v refused: %v", r, err)
	}
	return r
})

// tdFinished reports whether colour c has no token left to play: it has
// a place, or every token is at its finish.
func tdFinished(s ludo.State, c ludo.Color) bool {
	if s.Place(c) != 0 {
		return true
	}
	for i := range s.Rules().Tokens {
		if s.Progress(c, i) != s.Board().Finish() {
			return false
		}
	}
	return true
}

// tdOnly returns s, a throw of two just rolled, with die k (0 or 1) the
// only one due: the other marked played.
func tdOnly(t *rapid.T, s ludo.State, k int) ludo.State {
	u := s.Setup()
	u.Played = [4]bool{}
	u.Played[1-k] = true
	one, err := u.State()
	if err != nil {
		t.Fatalf("die %d alone: %v\n%v", k+1, err, s)
	}
	return one
}

// tdTokenMoves returns the legal moves of s that move a token.
func tdTokenMoves(s ludo.State) []ludo.Move {
	var out []ludo.Move
	for _, m := range s.LegalMoves() {
		if !m.IsPass() {
			out = append(out, m)
		}
	}
	return out
}

// tdValue returns how many dice of throw s (two due) playing m with die
// k, and the other die after it where it can, plays: 2 where m ends the
// player's game (nothing is left to play the other die with). It plays m
// in tdOnly(s, k), then sets up the tokens it leaves with the other die
// due, the turn as it was.
func tdValue(t *rapid.T, s ludo.State, k int, m ludo.Move) int {
	c := s.Turn()
	after, err := tdOnly(t, s, k).Apply(m)
	if err != nil {
		t.Fatalf("%v with die %d alone: %v\n%v", m, k+1, err, s)
	}
	if tdFinished(after, m.Color()) { // the colour moved: under PartnersPlayOn a finished thrower's partner's (rule T2)
		return 2
	}
	u, v := after.Setup(), s.Setup()
	u.Turn, u.Die, u.SecondDie, u.Streak, u.TurnStart = c, v.Die, v.SecondDie, v.Streak, v.TurnStart
	if r := s.Rules(); v.TurnStart == nil && (r.DoublesSplitBlocks || r.SumMoves) {
		// Where the throw began (rules H5, U2): where the tokens stood
		// before m, which s's Setup leaves out as it is where they stand.
		began := v.Tokens
		u.TurnStart = &began
	}
	u.TriesUsed = 0 // a token has moved (rule M4)
	u.Played, u.BonusMove, u.ExtraRoll = [4]bool{}, 0, false
	u.Played[k] = true
	u.LastMoved = [ludo.MaxTokens]bool{}
	if s.Rules().SixPenalty == ludo.LastMovedHome {
		u.LastMoved[m.Token()] = true
	}
	next, err := u.State()
	if err != nil {
		t.Fatalf("%v, then the other die: %v\n%v", m, err, after)
	}
	if len(tdTokenMoves(next)) > 0 {
		return 2
	}
	return 1
}

// tdOption is a first move of a throw, found by brute force: the die it
// plays, and how many dice it and the best move after it play.
type tdOption struct {
	m     ludo.Move
	k     int
	value int
}

// tdOptions returns every token move of either die of throw s (just
// rolled) with its value; a double's dice are alike, so only the first's.
func tdOptions(t *rapid.T, s ludo.State) []tdOption {
	a, b := s.Dice()
	var out []tdOption
	for k := range 2 {
		if k == 1 && a == b {
			break
		}
		for _, m := range tdTokenMoves(tdOnly(t, s, k)) {
			out = append(out, tdOption{m, k, tdValue(t, s, k, m)})
		}
	}
	return out
}

// tdMost returns the most dice of throw s any order plays (tdOptions),
// and the die the player must play where only one can be: under
// LargerDie the larger where a token can play it, else -1 (either).
func tdMost(opts []tdOption, s ludo.State) (most, must int) {
	a, b := s.Dice()
	most, must = 0, -1
	for _, o := range opts {
		most = max(most, o.value)
	}
	if most == 1 && s.Rules().DiceUse == ludo.LargerDie && a != b {
		larger := 0
		if b > a {
			larger = 1
		}
		for _, o := range opts {
			if o.k == larger {
				must = larger
			}
		}
	}
	return most, must
}

// tdText is a move's full text, which names its die's face but not which
// die of a double it plays.
func tdText(m ludo.Move) string {
	b, _ := m.MarshalText()
	text, _, _ := strings.Cut(string(b), " amount ")
	return text
}

// tdCheckPosition checks what holds of every position: each colour's
// tokens are all somewhere, once; the position survives its text and
// Setup with equal keys, and where json is true its JSON too (slower, so
// checked on a sample).
func tdCheckPosition(t *rapid.T, s ludo.State, json bool) {
	r := s.Rules()
	b := r.Board
	for c := range s.Players().All() {
		n := s.TokensOn(ludo.YardOf(c))[c] + s.TokensOn(ludo.FinishOf(c))[c]
		for k := 1; k <= b.Track; k++ {
			n += s.TokensOn(ludo.TrackSquare(k))[c]
		}
		for k := 1; k <= b.HomeColumn; k++ {
			n += s.TokensOn(ludo.HomeSquare(c, k))[c]
		}
		if n != r.Tokens {
			t.Fatalf("%v has %d tokens on the board's squares, want %d\n%v", c, n, r.Tokens, s)
		}
	}
	if u := s.Setup(); u.ExtraRoll && u.BonusMove == 0 {
		// A bonus roll owed (rules K2, K3) while the throw's other die is
		// due: Setup.State refuses what play reaches (see
		// TestTwoDiceExtraRollRoundTrip), so the forms are checked there.
		return
	}
	text := ludo.FormatPosition(s)
	back, err := ludo.ParsePosition(text)
	if err != nil || back != s || back.Key() != s.Key() {
		t.Fatalf("the text\n%s\nreads back as\n%v, %v; want\n%v", text, back, err, s)
	}
	if json {
		tdCheckJSON(t, s)
	}
	again, err := s.Setup().State()
	if err != nil || again != s || again.Key() != s.Key() {
		t.Fatalf("Setup().State() of\n%v gives\n%v, %v", s, again, err)
	}
}

// tdCheckJSON checks that s survives its JSON form.
func tdCheckJSON(t *rapid.T, s ludo.State) {
	data, err := json.Marshal(s)
	if err != nil {
		t.Fatalf("JSON of\n%v: %v", s, err)
	}
	var fromJSON ludo.State
	if err := json.Unmarshal(data, &fromJSON); err != nil || fromJSON != s || fromJSON.Key() != s.Key() {
		t.Fatalf("the JSON %s reads back as\n%v, %v; want\n%v", data, fromJSON, err, s)
	}
}

// tdIllegal asserts that err refuses a move naming rule (any rule where
// rule is ""), and that the position it was applied to is unchanged.
func tdIllegal(t *rapid.T, what string, err error, rule string, s, before ludo.State) {
	var ill *ludo.IllegalMoveError
	switch {
	case s != before:
		t.Fatalf("%s changed the position\n%v", what, before)
	case !errors.Is(err, ludo.ErrIllegalMove) || !errors.As(err, &ill):
		t.Fatalf("%s: %v, want an illegal move\n%v", what, err, s)
	case rule != "" && ill.Rule != rule:
		t.Fatalf("%s: %v, want rule %s named\n%v", what, err, rule, s)
	}
}

// tdCheckRolls asserts that a position with a roll due refuses throws
// that do not fit two dice, changing nothing.
func tdCheckRolls(t *rapid.T, s ludo.State) {
	before := s
	for _, f := range []int{1, 6} {
		if _, err := s.Roll(f); !errors.Is(err, ludo.ErrBadFace) || !strings.Contains(err.Error(), "W1") {
			t.Fatalf("Roll(%d) under two dice: %v, want ErrBadFace naming rule W1", f, err)
		}
	}
	for _, th := range [][2]int{{0, 3}, {7, 3}, {3, 0}, {3, 7}, {0, 0}, {-1, 6}} {
		if _, err := s.RollDice(th[0], th[1]); !errors.Is(err, ludo.ErrBadFace) {
			t.Fatalf("RollDice(%d, %d): %v, want ErrBadFace", th[0], th[1], err)
		}
		if _, err := s.RollOutcome(ludo.Outcome{Face: th[0], Second: th[1]}); th[1] != 0 && !errors.Is(err, ludo.ErrBadFace) {
			t.Fatalf("RollOutcome(%d,%d): %v, want ErrBadFace", th[0], th[1], err)
		}
	}
	if s != before {
		t.Fatalf("refused throws changed the position\n%v", before)
	}
}

// tdGame plays a random game of two dice, checking every throw and every
// position, and returns its record and final position.
type tdGame struct {
	start, end ludo.State
	rec        *ludo.Record
	throws     int
	ambiguous  bool // a ply's move text names a move of either die (see TestTwoDiceRecordNamesTheDie)
}

// tdStart draws the start of a random game of r: the start position, or
// tokens scattered from it (tdScatter, from a drawn seed), and how many
// plies to play, up to 300 (short, with -short).
func tdStart(t *rapid.T, r ludo.Rules, short int) (s ludo.State, plies int) {
	s, err := ludo.New(r)
	if err != nil {
		t.Fatal(err)
	}
	if rapid.Bool().Draw(t, "scattered") {
		s = tdScatter(s, rapid.Uint64().Draw(t, "scatter seed"))
	}
	most := 300
	if testing.Short() {
		most = short
	}
	return s, 1 + propUniform(t, most, "plies")
}

func tdPlay(t *rapid.T, r ludo.Rules) tdGame {
	s, plies := tdStart(t, r, 120)
	d := propDraws{t}
	g := tdGame{start: s, rec: ludo.NewRecord(s)}
	var others []ludo.Move // moves of other colours, to be refused (rule C3, or T2)
	for ply := 0; ply < plies && s.Phase() != ludo.PhaseOver; {
		tdCheckPosition(t, s, g.throws%16 == 0)
		tdCheckRolls(t, s)
		o := propThrow(d, r)
		d.logf("%v throws %v", s.Turn(), o)
		before := s
		rolled, err := s.RollOutcome(o)
		if err != nil || s != before {
			t.Fatalf("RollOutcome(%v): %v\n%v", o, err, before)
		}
		g.throws++
		c := rolled.Turn()
		if a, b := rolled.Dice(); a != o.Face || b != o.Second || rolled.Die() != a {
			t.Fatalf("threw %v, the position says %d %d", o, a, b)
		}
		if due := rolled.DiceDue(); due[0] == 0 || due[1] == 0 || rolled.DiePlayed() {
			t.Fatalf("threw %v: dice due %v, want both", o, due)
		}
		if _, err := rolled.RollDice(3, 4); !errors.Is(err, ludo.ErrWrongPhase) {
			t.Fatalf("RollDice while the dice are due: %v, want ErrWrongPhase", err)
		}
		legal := rolled.LegalMoves()
		forfeit := len(legal) == 1 && legal[0].Forfeits()
		most, must := 0, -1
		if !forfeit {
			opts := tdOptions(t, rolled)
			most, must = tdMost(opts, rolled)
			tdCheckFirstMoves(t, rolled, legal, opts, most, must)
		}
		// Moves of another throw of the same dice position: accepted only
		// where legal, else refused; one that names a die face not thrown
		// names rule W1.
		x, y := d.intN(6, "other die")+1, d.intN(6, "other second die")+1
		if other, err := before.RollDice(x, y); err == nil && !forfeit {
			for _, m := range other.LegalMoves() {
				if m.IsPass() {
					continue
				}
				a, b := rolled.Dice()
				face := a
				if m.Action() >= ludo.SecondAction {
					face = b
				}
				_, err := rolled.Apply(m)
				if m.Die() != face {
					tdIllegal(t, fmt.Sprintf("%v of a throw of %d %d, played on %v", m, x, y, o), err, "W1", rolled, rolled)
				} else if err == nil && !slices.ContainsFunc(legal, func(l ludo.Move) bool { return tdText(l) == tdText(m) }) {
					t.Fatalf("%v of a throw of %d %d applies to a throw of %v, which lists %v", m, x, y, o, legal)
				}
			}
		}
		// The colour moved: the thrower's, or under PartnersPlayOn, once
		// the thrower has finished, the partner's (rule T2), where a move of
		// another colour names T2 rather than C3.
		mover, rule := legal[0].Color(), "C3"
		if mover != c {
			rule = "T2"
		}
		for _, m := range others {
			if m.Color() != mover {
				_, err := rolled.Apply(m)
				tdIllegal(t, fmt.Sprintf("%v on %v's turn, moving %v", m, c, mover), err, rule, rolled, rolled)
			}
		}

		// Play the throw's moves: each die's, or the pass.
		cur, made, first, finished := rolled, 0, ludo.Move{}, false
		var firstLegal []ludo.Move
		for cur.Phase() == ludo.PhaseMove {
			if played := cur.DiePlayed(); played || g.throws%4 == 0 { // a die played: the new positions of W1
				tdCheckPosition(t, cur, played && g.throws%4 == 0)
			}
			moves := cur.LegalMoves()
			for _, m := range moves {
				in := cur
				if _, err := cur.Apply(m); err != nil || cur != in {
					t.Fatalf("legal %v: %v (the position changed: %v)\n%v", m, err, cur != in, in)
				}
			}
			if made == 1 { // the first die is played: its moves are refused (rule W1)
				for _, m := range firstLegal {
					if m.IsPass() || m.Action() >= ludo.SecondAction != (first.Action() >= ludo.SecondAction) {
						continue
					}
					_, err := cur.Apply(m)
					tdIllegal(t, fmt.Sprintf("%v after %v played its die", m, first), err, "W1", cur, cur)
				}
			}
			m := moves[d.intN(len(moves), "move")]
			for _, l := range moves {
				g.ambiguous = g.ambiguous || l.String() == m.String() && l.Die() != m.Die()
			}
			d.logf("%v", m)
			if err := g.rec.AddMove(cur, m); err != nil {
				t.Fatal(err)
			}
			next, err := cur.Apply(m)
			if err != nil {
				t.Fatalf("%v: %v", m, err)
			}
			tdCheckFinishedStay(t, cur, next)
			if !m.IsPass() {
				if made == 0 {
					first, firstLegal = m, moves
				}
				made++
				others = append(others[max(0, len(others)-7):], m)
			}
			cur = next
			ply++
			if next.Turn() != c || next.Phase() != ludo.PhaseMove {
				break
			}
		}
		finished = made > 0 && tdFinished(cur, first.Color())
		played := made
		if finished {
			played = 2
		}
		if !forfeit && played != most {
			t.Fatalf("threw %v: %v made %d token moves (finished %v), but an order plays %d dice\n%v", o, c, made, finished, most, rolled)
		}
		if must >= 0 && made > 0 {
			a, b := rolled.Dice()
			if want := [2]int{a, b}[must]; first.Die() != want {
				t.Fatalf("threw %v under LargerDie: %v played the %d, but a token can play the larger %d\n%v", o, first, first.Die(), want, rolled)
			}
		}
		s = cur
	}
	g.end = s
	tdCheckPosition(t, s, true)
	return g
}

// tdScatter returns a position of start's rules with the tokens put at
// random, many near their finish, where a throw's dice often cannot both
// be played (rule W2); or start where Setup refuses the one drawn.
func tdScatter(start ludo.State, seed uint64) ludo.State {
	rng := rand.New(rand.NewPCG(seed, 5))
	u := start.Setup()
	fin := start.Board().Finish()
	for c := range start.Players().All() {
		for i := range start.Rules().Tokens {
			switch rng.IntN(4) {
			case 0:
				u.Tokens[c][i] = -1
			case 1:
				u.Tokens[c][i] = rng.IntN(fin)
			default:
				u.Tokens[c][i] = max(0, fin-1-rng.IntN(12))
			}
		}
	}
	if s, err := u.State(); err == nil && s.Phase() == ludo.PhaseRoll {
		return s
	}
	return start
}

// tdCheckFirstMoves checks the first moves of a throw against the brute
// force: the legal token moves are exactly the first moves of the orders
// that play the most dice (rule W2; under LargerDie, where one die can be
// played, the larger where it can be); a move that plays fewer is
// refused naming rule W2; where none plays a die the only move is the
// pass.
func tdCheckFirstMoves(t *rapid.T, s ludo.State, legal []ludo.Move, opts []tdOption, most, must int) {
	a, b := s.Dice()
	var want, got []string
	for _, o := range opts {
		if o.value == most && (must < 0 || o.k == must) {
			want = append(want, tdText(o.m))
		} else if a != b { // a double's second die, played first, is no move the list names
			_, err := s.Apply(o.m)
			tdIllegal(t, fmt.Sprintf("%v, playing %d dice of %d", o.m, o.value, most), err, "W2", s, s)
		}
	}
	for _, m := range legal {
		if !m.IsPass() {
			got = append(got, tdText(m))
		}
	}
	slices.Sort(want)
	want = slices.Compact(want)
	slices.Sort(got)
	if !slices.Equal(got, want) {
		t.Fatalf("dice %d %d: legal %v, want the first moves of the best orders %v\n%v", a, b, got, want, s)
	}
	if most == 0 && (len(legal) != 1 || !legal[0].IsPass()) {
		t.Fatalf("dice %d %d: no die can be played, but the moves are %v\n%v", a, b, legal, s)
	}
}

// tdCheckFinishedStay asserts that a move leaves every finished token
// where it is (rule B3), and never lowers a colour's finished count.
func tdCheckFinishedStay(t *rapid.T, s, next ludo.State) {
	fin := s.Board().Finish()
	for c := range s.Players().All() {
		for i := range s.Rules().Tokens {
			if s.Progress(c, i) == fin && next.Progress(c, i) != fin {
				t.Fatalf("%v token %d left the finish for %d\n%v\nthen\n%v", c, i, next.Progress(c, i), s, next)
			}
		}
	}
}

// Random games of two dice: every throw's dice are all played where an
// order plays them, or the moves show they cannot be (rule W2; the larger
// under LargerDie); every legal move applies and no transition changes its
// input; illegal throws and moves are refused with the right sentinel and
// rule; every position survives its text, JSON and Setup; and the game's
// record, made with AddMove, replays to its end through its text and
// JSON.
func TestPropTwoDiceGames(t *testing.T) {
	t.Parallel()
	rapid.Check(t, func(t *rapid.T) {
		r := tdRulesGen.Draw(t, "rules")
		g := tdPlay(t, r)
		tdCheckRecord(t, g)
	})
}

// naija itself, the preset as it is, gets its own share of games.
func TestPropTwoDiceNaija(t *testing.T) {
	t.Parallel()
	naija, _ := ludo.Preset("naija")
	rapid.Check(t, func(t *rapid.T) {
		r := naija
		if rapid.Bool().Draw(t, "two") {
			r.Players = 2
		}
		tdCheckRecord(t, tdPlay(t, r))
	})
}

// tdCheckRecord replays g's record, and its text and JSON read back, to
// g's final position.
func tdCheckRecord(t *rapid.T, g tdGame) {
	check := func(how string, rec *ludo.Record) {
		if g.ambiguous {
			return // the record cannot say which die: TestTwoDiceRecordNamesTheDie
		}
		states, err := rec.Replay()
		if err != nil {
			t.Fatalf("the record (%s) does not replay: %v\n%s", how, err, g.rec)
		}
		if last := states[len(states)-1]; last != g.end {
			t.Fatalf("the record (%s) replays to\n%v\nnot\n%v", how, last, g.end)
		}
	}
	check("as made", g.rec)
	text := g.rec.String()
	back, err := ludo.ParseRecord(text)
	if err != nil {
		t.Fatalf("the record's text does not read back: %v\n%s", err, text)
	}
	if back.String() != text || !slices.Equal(back.Plies, g.rec.Plies) {
		t.Fatalf("the record's text reads back otherwise:\n%s\nthen\n%s", text, back)
	}
	check("text", back)
	data, err := json.Marshal(g.rec)
	if err != nil {
		t.Fatal(err)
	}
	var fromJSON ludo.Record
	if err := json.Unmarshal(data, &fromJSON); err != nil || !slices.Equal(fromJSON.Plies, g.rec.Plies) || fromJSON.Start != g.start {
		t.Fatalf("the record's JSON reads back otherwise: %v\n%s", err, data)
	}
	check("JSON", &fromJSON)
}

// Throws that do not fit the rules' dice are refused, changing nothing:
// two faces where the rules throw one die, one where they throw two, a
// face out of range, a throw while a move is due.
func TestPropTwoDiceIllegalThrows(t *testing.T) {
	t.Parallel()
	rapid.Check(t, func(t *rapid.T) {
		one, _ := ludo.Preset(rapid.SampledFrom(ludo.Presets()).Draw(t, "preset"))
		one.TwoDice, one.DiceUse = false, ludo.EitherDie
		one.EntrySum, one.TopsAndBottoms, one.DoublesSplitBlocks = false, false, false
		one.BonusAnyDie, one.SumMoves = false, false
		s, err := ludo.New(one)
		if err != nil {
			t.Fatal(err)
		}
		a, b := rapid.IntRange(-1, 8).Draw(t, "a"), rapid.IntRange(-1, 8).Draw(t, "b")
		before := s
		if _, err := s.RollDice(a, b); !errors.Is(err, ludo.ErrBadFace) || s != before {
			t.Fatalf("RollDice(%d, %d) under one die: %v, want ErrBadFace", a, b, err)
		}
		if _, err := s.RollOutcome(ludo.Outcome{Face: a, Second: b}); b != 0 && !errors.Is(err, ludo.ErrBadFace) {
			t.Fatalf("RollOutcome(%d,%d) under one die: %v, want ErrBadFace", a, b, err)
		}
		var p ludo.Playout
		p.Reset(s)
		if err := p.RollDice(a, b); !errors.Is(err, ludo.ErrBadFace) || p.State() != before {
			t.Fatalf("Playout.RollDice(%d, %d) under one die: %v, want ErrBadFace", a, b, err)
		}

		two := tdRulesGen.Draw(t, "rules")
		s, _ = ludo.New(two)
		before = s
		rolled, err := s.RollDice(a, b)
		inRange := a >= 1 && a <= 6 && b >= 1 && b <= 6
		switch {
		case inRange && err != nil:
			t.Fatalf("RollDice(%d, %d): %v", a, b, err)
		case !inRange && (!errors.Is(err, ludo.ErrBadFace) || rolled != before):
			t.Fatalf("RollDice(%d, %d): %v, want ErrBadFace and no change", a, b, err)
		}
		p.Reset(s)
		if perr := p.RollDice(a, b); (perr == nil) != (err == nil) || p.State() != rolled && err == nil {
			t.Fatalf("Playout.RollDice(%d, %d): %v, State.RollDice: %v", a, b, perr, err)
		}
		if _, err := s.Roll(a); !errors.Is(err, ludo.ErrBadFace) {
			t.Fatalf("Roll(%d) under two dice: %v, want ErrBadFace", a, err)
		}
		if err := p.Roll(a); !errors.Is(err, ludo.ErrBadFace) && !errors.Is(err, ludo.ErrWrongPhase) {
			t.Fatalf("Playout.Roll(%d) under two dice: %v", a, err)
		}
		if inRange {
			if _, err := rolled.RollDice(a, b); !errors.Is(err, ludo.ErrWrongPhase) {
				t.Fatalf("RollDice with the dice due: %v, want ErrWrongPhase", err)
			}
		}
	})
}

// A throw's probability from Dice.Throw is the probability State.Outcomes
// gives its pair, and the dice consume the randomness of Dice.RollDice.
func TestTwoDiceThrowMatchesOutcomes(t *testing.T) {
	naija, _ := ludo.Preset("naija")
	s, _ := ludo.New(naija)
	prob := map[[2]int]float64{}
	for _, o := range s.Outcomes() {
		prob[[2]int{o.Face, o.Second}] = o.Prob
	}
	d1, d2 := ludo.SeededDice(9), ludo.SeededDice(9)
	for range 1000 {
		o := d1.Throw(naija)
		a, b := d2.RollDice()
		if o.Face != a || o.Second != b {
			t.Fatalf("Throw %v, RollDice %d %d", o, a, b)
		}
		if p := prob[[2]int{min(a, b), max(a, b)}]; o.Prob != p {
			t.Fatalf("Throw %v has probability %v, Outcomes %v", o, o.Prob, p)
		}
	}
}
