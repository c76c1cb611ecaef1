package ludo_test

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/ludorules/ludo"
)

// The fuzz targets. With go test each runs on testdata/fuzz/FuzzXxx: the
// inputs that once found a bug. To fuzz one:
//
//	go test -run '^$' -fuzz '^FuzzParsePosition$' -fuzztime 90s
//
// where it starts from seeds made in code (fuzzSeeds): positions,
// records and JSON from games under every variant.

// checkParseErr asserts that a parser's error is a located ParseError of
// one of the known kinds.
func checkParseErr(t *testing.T, err error, text bool) {
	t.Helper()
	var pe *ludo.ParseError
	var syn *json.SyntaxError
	if !text && errors.As(err, &syn) {
		return // encoding/json checks the JSON before our decoders see it
	}
	if !errors.As(err, &pe) {
		t.Fatalf("error is not a *ParseError: %T %v", err, err)
	}
	if !errors.Is(err, ludo.ErrSyntax) && !errors.Is(err, ludo.ErrInvalidRules) &&
		!errors.Is(err, ludo.ErrInvalidSetup) && !errors.Is(err, ludo.ErrBadFace) {
		t.Fatalf("error matches no known kind: %v", err)
	}
	if text && (pe.Line < 1 || pe.Col < 1) {
		t.Fatalf("error of a text has no line and column: %v", err)
	}
	if !text && (pe.Line != 0 || pe.Col != 0) && pe.Path != "" {
		t.Fatalf("JSON error with both a path and a line: %v", err)
	}
}

// exercise plays a few plies from s with every face and the first and last
// legal moves, checking that every position reached survives the text
// form.
func exercise(t *testing.T, s ludo.State, depth int) {
	if depth == 0 || s.Phase() == ludo.PhaseOver {
		return
	}
	if s.Phase() == ludo.PhaseRoll {
		// The first and last throws the rules' dice or cowries show, or
		// (at odd depths) two from the middle: a double and faces apart
		// of two dice (rule W1).
		outs := s.Outcomes()
		pick := []ludo.Outcome{outs[0], outs[len(outs)-1]}
		if depth%2 == 1 && len(outs) > 2 {
			pick = []ludo.Outcome{outs[len(outs)/3], outs[2*len(outs)/3]}
		}
		for _, o := range pick {
			rolled, err := s.RollOutcome(o)
			if err != nil {
				t.Fatalf("RollOutcome(%v): %v\n%s", o, err, ludo.FormatPosition(s))
			}
			checkTextRoundTrip(t, rolled)
			exercise(t, rolled, depth-1)
		}
		return
	}
	moves := s.LegalMoves()
	if len(moves) == 0 {
		t.Fatalf("no legal move while a move is due\n%s", ludo.FormatPosition(s))
	}
	for _, m := range []ludo.Move{moves[0], moves[len(moves)-1]} {
		next, err := s.Apply(m)
		if err != nil {
			t.Fatalf("Apply(%v) of a legal move: %v\n%s", m, err, ludo.FormatPosition(s))
		}
		if got, err := ludo.ParseMove(s, m.String()); err != nil || got != m {
			t.Fatalf("ParseMove(%q) = %v, %v", m.String(), got, err)
		}
		checkTextRoundTrip(t, next)
		exercise(t, next, depth-1)
	}
}

// FuzzParsePosition: any text is either a position that round-trips
// through FormatPosition and JSON and can be played on, or a located
// error; never a panic.
func FuzzParsePosition(f *testing.F) {
	fuzzSeeds(f)
	f.Fuzz(func(t *testing.T, text string) {
		s, err := ludo.ParsePosition(text)
		if err != nil {
			checkParseErr(t, err, true)
			if s != (ludo.State{}) {
				t.Fatalf("a failed parse returned a State")
			}
			return
		}
		checkPositionRoundTrip(t, s)
		exercise(t, s, 3)
	})
}

// FuzzParseRecord: any text is either a record that round-trips and
// replays to its end or to a ReplayError, or a located error.
func FuzzParseRecord(f *testing.F) {
	fuzzSeeds(f)
	f.Fuzz(func(t *testing.T, text string) {
		rec, err := ludo.ParseRecord(text)
		if err != nil {
			checkParseErr(t, err, true)
			return
		}
		back, err := ludo.ParseRecord(rec.String())
		if err != nil {
			t.Fatalf("ParseRecord(String()): %v\n%s", err, rec)
		}
		if !reflect.DeepEqual(rec, back) {
			t.Fatalf("record round trip differs\n%s\n%s", rec, back)
		}
		states, err := rec.Replay()
		if err != nil {
			var re *ludo.ReplayError
			if !errors.As(err, &re) {
				t.Fatalf("Replay error is not a *ReplayError: %v", err)
			}
			if re.Ply < 1 || re.Ply > len(rec.Plies) || len(states) != re.Ply {
				t.Fatalf("Replay stopped at ply %d with %d states of %d plies", re.Ply, len(states), len(rec.Plies))
			}
			return
		}
		if len(states) != len(rec.Plies)+1 {
			t.Fatalf("Replay returned %d states for %d plies", len(states), len(rec.Plies))
		}
		checkTextRoundTrip(t, states[len(states)-1])
	})
}

// FuzzRulesJSON: JSON either decodes to valid rules that round-trip, or
// fails leaving the value as it was.
func FuzzRulesJSON(f *testing.F) {
	fuzzSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		before := ludo.Mongolian()
		before.Players = 3
		r := before
		if err := json.Unmarshal(data, &r); err != nil {
			checkParseErr(t, err, false)
			if r != before {
				t.Fatalf("a failed Unmarshal changed the Rules to %v", r)
			}
			return
		}
		if err := r.Validate(); err != nil {
			t.Fatalf("decoded invalid rules: %v", err)
		}
		out, err := json.Marshal(r)
		if err != nil {
			t.Fatal(err)
		}
		var back ludo.Rules
		if err := json.Unmarshal(out, &back); err != nil || back != r {
			t.Fatalf("round trip: %v %v != %v", err, back, r)
		}
		if text, err := ludo.ParseRules(r.String()); err != nil || text != r {
			t.Fatalf("text form: %v %v != %v", err, text, r)
		}
	})
}

// FuzzStateJSON: JSON either decodes to a position that the text form
// agrees with, or fails leaving the value as it was.
func FuzzStateJSON(f *testing.F) {
	fuzzSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		before := ludo.MustParsePosition("rules mongolian\nred 5 5\ndie 3")
		s := before
		if err := json.Unmarshal(data, &s); err != nil {
			checkParseErr(t, err, false)
			if s != before {
				t.Fatalf("a failed Unmarshal changed the State to\n%v", s)
			}
			return
		}
		checkPositionRoundTrip(t, s)
	})
}

// FuzzRecordJSON: JSON either decodes to a record that round-trips, or
// fails leaving the value as it was.
func FuzzRecordJSON(f *testing.F) {
	fuzzSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		start, _ := ludo.New(ludo.Classic())
		before := ludo.Record{Start: start, Seeded: true, Seed: 3, Plies: []ludo.Ply{{Player: ludo.Red, Face: 4, Move: "pass"}}}
		rec := before
		rec.Plies = append([]ludo.Ply(nil), before.Plies...)
		if err := json.Unmarshal(data, &rec); err != nil {
			checkParseErr(t, err, false)
			if !reflect.DeepEqual(rec, before) {
				t.Fatalf("a failed Unmarshal changed the Record to\n%v", rec)
			}
			return
		}
		back, err := ludo.ParseRecord(rec.String())
		if err != nil {
			t.Fatalf("text of a JSON record: %v\n%s", err, rec.String())
		}
		if !reflect.DeepEqual(&rec, back) && !(len(rec.Plies) == 0 && len(back.Plies) == 0) {
			t.Fatalf("JSON record and its text differ\n%#v\n%#v", rec, back)
		}
		if _, err := rec.Replay(); err != nil {
			var re *ludo.ReplayError
			if !errors.As(err, &re) {
				t.Fatalf("Replay error is not a *ReplayError: %v", err)
			}
		}
	})
}

// fuzzVariants returns the rules the fuzz targets play: variants(), every
// preset, and presets with options changed so that between them they use
// every option of the options table (boards of four and six arms, teams,
// stars, bonus moves, going round, the stable, …).
func fuzzVariants() []ludo.Rules {
	all := variants()
	var two []ludo.Rules // last, so that the seeds' variants keep their numbers
	for _, name := range ludo.Presets() {
		r, _ := ludo.Preset(name)
		if r.TwoDice {
			two = append(two, r)
			continue
		}
		all = append(all, r)
	}
	for _, text := range []string{
		"classic{Teams:Partners CaptureBeforeHome:true Stars:{4 11}}",
		"ludoking6{Teams:Partners Players:6 CaptureBonus:20 HomeBonus:10 MultiCapture:CaptureMover}",
		"danish{CaptureBeforeHome:true Blocks:BlocksStopOpponents SixPenalty:LastMovedHome SixLimit:3}",
		"parchis1{SquareLimit:3 CaptureDuty:CapturePenalty SixEntry:SixEntersTwoOrRuns EntryRolls:{5 6}}",
		"parchis6{Players:4 SafeSquares:SafeMoverHome EntryCapture:EntryCapturesAll Overtake:OvertakeNone}",
		"maedn{HomeJumps:HomeJumpsForbidden CaptureDuty:CaptureCompulsory Blocks:BlocksStopAll OwnLanding:OwnLandingAllowed SquareLimit:2 BreakOnSix:true}",
		"maedn6{Players:3 Tries:2 NoMoveForfeitsBonus:true StartOut:0 Stars:{3}}",
		"fia{Stars:{0 5} SixValue:7 Finish:AnyRollFinishes Overtake:OvertakeNone}",
		"cocangua{CaptureBeforeHome:true SixValue:7 Players:2}",
		"ludoking{FinishTokens:2 End:FirstWinner StartOut:2 SixEntry:SixEntersTwoOrRuns}",
		"classic{Arms:6 Track:38 StartSpacing:6 HomeEntry:30 HomeColumn:6 Players:5 Safe:{0 3} Stars:{2} CaptureBonus:roll HomeBonus:2}",
		"classic{Board:{8 2 1 0} CaptureBeforeHome:true Players:3 Tokens:2 BonusRolls:{1 6} SixLimit:0}",
		"parchis1{GuardedExits:true EntryCapture:EntryCapturesAll StartOut:1 Players:3}", // rule A5 on the Parchís board
		"brasil{Players:2 CaptureDuty:CapturePenalty EntryCapture:EntryCapturesAll SixPenalty:UndoTurn SixLimit:3}",
	} {
		r, err := ludo.ParseRules(text)
		if err != nil {
			panic(fmt.Sprintf("fuzzVariants: %s: %v", text, err))
		}
		all = append(all, r)
	}
	// Last of all, so that the seeds' variants keep their numbers: two
	// colours each (rule T3), the Uckers options on another board (U1,
	// U2) and six cowries (X1).
	for _, text := range []string{"uckers{Teams:TwoColorsEach}", "naija{SumMoves:true BonusAnyDie:true}",
		// Six cowries (rule X1), with Pachisi's graces, blocks and safe squares.
		"parchis1{Cowries:true EntryRolls:{6 10 25} BonusRolls:{6 10 25} CaptureBonus:roll HomeBonus:none SixValue:6 Finish:AnyRollFinishes}",
		"classic{Cowries:true EntryRolls:{2 6} BonusRolls:{10 25} SixLimit:2 SixPenalty:LastMovedHome}"} {
		r, err := ludo.ParseRules(text)
		if err != nil {
			panic(fmt.Sprintf("fuzzVariants: %s: %v", text, err))
		}
		two = append(two, r)
	}
	all = append(all, two...)
	// After them, the Eile mit Weile options on the classic cross (rules
	// S1-S5): capture by passing, blocks on the safe squares only, a 6
	// worth 12 with tokens in the yard, the third 6 sending the exposed
	// tokens home, a bounce that may not pass back out of the home column.
	r, err := ludo.ParseRules("classic{Overtake:OvertakeCaptures Blocks:BlocksOnSafe Safe:{0 8} SixValue:12 SixValueAlways:true SixPenalty:ExposedHome Finish:BounceFinish EntryRolls:{5 6}}")
	if err != nil {
		panic(fmt.Sprintf("fuzzVariants: %v", err))
	}
	all = append(all, r)
	// After it, Pachisi's choices (rules Y5-Y7): a tower moving whole,
	// going round again instead of home, refusing to move.
	for _, text := range []string{"brasil{TowersTogether:true Decline:true Players:3}",
		"classic{HomeEntry:51 RoundAgain:true Decline:true CaptureBonus:roll Blocks:BlocksStopOpponents}"} {
		r, err := ludo.ParseRules(text)
		if err != nil {
			panic(fmt.Sprintf("fuzzVariants: %s: %v", text, err))
		}
		all = append(all, r)
	}
	return all
}

// fuzzState plays n plies of a seeded random game under variant v and,
// unless the game is over, rolls face to reach a position with a move
// due. It also returns the position before that roll.
func fuzzState(v uint8, seed uint64, n uint16, face uint8) (before, s ludo.State) {
	all := fuzzVariants()
	r := all[int(v)%len(all)]
	s, _ = ludo.New(r)
	d := ludo.SeededDice(seed)
	pick := rand.New(rand.NewPCG(seed, 3))
	var buf []ludo.Move
	for range int(n) % 300 {
		if s.Phase() == ludo.PhaseOver {
			break
		}
		if r.Cowries {
			s, _ = s.RollOutcome(d.Throw(r))
		} else if !r.TwoDice {
			s, _ = s.Roll(d.Roll())
		} else if s.Phase() == ludo.PhaseRoll { // else the throw's other die is due (rule W1)
			s, _ = s.RollDice(d.RollDice())
		}
		buf = s.AppendLegalMoves(buf[:0])
		s, _ = s.Apply(buf[pick.IntN(len(buf))])
	}
	before = s
	if s.Phase() == ludo.PhaseRoll {
		if r.Cowries {
			outs := s.Outcomes()
			s, _ = s.Roll(outs[int(face)%len(outs)].Face)
		} else if !r.TwoDice {
			s, _ = s.Roll(int(face)%6 + 1)
		} else {
			s, _ = s.RollDice(int(face)%6+1, int(face)/6%6+1)
		}
	}
	return before, s
}

// fuzzGame plays a seeded random game from start for up to maxPlies
// moves (rolling where a roll is due: a bonus move, rule P8, is due
// without one) and returns its record and every position after a move.
func fuzzGame(tb testing.TB, start ludo.State, seed uint64, maxPlies int) (*ludo.Record, []ludo.State) {
	tb.Helper()
	rec := ludo.NewRecord(start)
	rec.Seeded, rec.Seed = true, seed
	d := ludo.SeededDice(seed)
	pick := rand.New(rand.NewPCG(seed, 7))
	s := start
	states := []ludo.State{s}
	for range maxPlies {
		if s.Phase() == ludo.PhaseOver {
			break
		}
		var err error
		if s.Phase() == ludo.PhaseRoll {
			if s, err = s.RollOutcome(d.Throw(s.Rules())); err != nil {
				tb.Fatal(err)
			}
			states = append(states, s)
		}
		moves := s.LegalMoves()
		m := moves[pick.IntN(len(moves))]
		if err := rec.AddMove(s, m); err != nil { // the throw's faces, or 0 for a move no throw precedes (rules P8, W1)
			tb.Fatal(err)
		}
		if s, err = s.Apply(m); err != nil {
			tb.Fatal(err)
		}
		states = append(states, s)
	}
	return rec, states
}

// sumBarred reports whether token move m is one rule U2 bars although an
// alike token's move is listed: under SumMoves, with one die of the throw
// played, the token that played it (not where the throw began, and not
// just brought out) takes no move of the other die, so it is no twin of
// the alike token that may (ruling Q9 does not cover it).
func sumBarred(s ludo.State, m ludo.Move) bool {
	if !s.Rules().SumMoves || m.IsPass() || m.BothDice() || m.IsBonusMove() || !s.DiePlayed() {
		return false
	}
	u := s.Setup()
	return u.TurnStart != nil && u.TurnStart[m.Color()][m.Token()] != m.From() && m.From() != 0
}

// FuzzApply: moves from anywhere (TokenMove with any index, ParseMove with
// any text, the legal moves of other positions and of other faces) are
// applied to a position. Apply must accept exactly the legal moves (and
// their alike-token twins), refuse the rest with an IllegalMoveError
// naming what is wrong, and never change the position it was called on.
func FuzzApply(f *testing.F) {
	fuzzSeeds(f)
	f.Fuzz(func(t *testing.T, v uint8, seed uint64, n uint16, face uint8, token int8, text string, v2 uint8, seed2 uint64, n2 uint16) {
		before, s := fuzzState(v, seed, n, face)
		if s.Phase() != ludo.PhaseMove {
			return
		}
		legal := s.LegalMoves()
		var cands []ludo.Move
		if m, err := s.TokenMove(int(token)); err == nil {
			cands = append(cands, m)
		} else if !errors.Is(err, ludo.ErrIllegalMove) {
			t.Fatalf("TokenMove(%d): %v", token, err)
		}
		if m, err := ludo.ParseMove(s, text); err == nil {
			cands = append(cands, m)
		} else {
			var pe *ludo.ParseError
			if !errors.Is(err, ludo.ErrIllegalMove) && !errors.As(err, &pe) {
				t.Fatalf("ParseMove(%q): unexpected error %v", text, err)
			}
		}
		_, other := fuzzState(v2, seed2, n2, face+1)
		cands = append(cands, other.LegalMoves()...)
		for _, o := range before.Outcomes() {
			if rolled, err := before.RollOutcome(o); err == nil {
				cands = append(cands, rolled.LegalMoves()...)
			}
		}
		cands = append(cands, ludo.Move{})
		saved := s
		for _, m := range cands {
			isLegal := false
			for _, l := range legal {
				// The move, or its twin by an alike token (ruling Q9): the
				// same move but for its token, not a move of another throw
				// that reads the same (a tops-and-bottoms amount, rule H2).
				if l == m || (m.Token() >= 0 && m.Token() < s.Rules().Tokens && ludo.MoveWithToken(l, m.Token()) == m && s.Progress(m.Color(), m.Token()) == m.From() && !sumBarred(s, m)) {
					isLegal = true
				}
			}
			next, err := s.Apply(m)
			if s != saved {
				t.Fatalf("Apply changed the position")
			}
			if isLegal != (err == nil) {
				t.Fatalf("Apply(%v): legal %v, error %v\nlegal moves %v\n%s", m, isLegal, err, legal, ludo.FormatPosition(s))
			}
			if err != nil {
				var ill *ludo.IllegalMoveError
				if !errors.As(err, &ill) || ill.Reason == "" {
					t.Fatalf("Apply(%v): %v is not an IllegalMoveError", m, err)
				}
				continue
			}
			if got, err := ludo.ParseMove(s, m.String()); err != nil || got != m {
				t.Fatalf("ParseMove(%q) = %v, %v", m.String(), got, err)
			}
			checkTextRoundTrip(t, next)
		}
	})
}

// setupText writes u as position text field by field, raw progress
// numbers and all, whether or not Setup accepts it.
func setupText(u ludo.Setup) string {
	var b strings.Builder
	fmt.Fprintf(&b, "rules %v\n", u.Rules)
	start, _ := ludo.New(u.Rules)
	for c := range start.Players().All() {
		fmt.Fprintf(&b, "%v", c)
		for i := range u.Rules.Tokens {
			fmt.Fprintf(&b, " %d", u.Tokens[c][i])
		}
		b.WriteByte('\n')
	}
	if len(u.Ranking) > 0 {
		b.WriteString("ranking")
		for _, c := range u.Ranking {
			fmt.Fprintf(&b, " %v", c)
		}
		b.WriteByte('\n')
	}
	fmt.Fprintf(&b, "turn %v\ndie %d\nsixes %d\n", u.Turn, u.Die, u.Streak)
	if u.BonusMove != 0 {
		fmt.Fprintf(&b, "bonus %d\n", u.BonusMove)
	}
	if u.TriesUsed != 0 {
		fmt.Fprintf(&b, "tries %d\n", u.TriesUsed)
	}
	for i, l := range u.LastMoved {
		if l {
			fmt.Fprintf(&b, "last %d\n", i)
		}
	}
	if u.ExtraRoll {
		b.WriteString("extra\n")
	}
	if u.Captured != 0 {
		b.WriteString("captured")
		for c := range u.Captured.All() {
			fmt.Fprintf(&b, " %v", c)
		}
		b.WriteByte('\n')
	}
	var later []string
	for c := range ludo.Color(ludo.MaxPlayers) {
		for i, l := range u.Later[c] {
			if l {
				later = append(later, fmt.Sprintf("%v %d", c, i))
			}
		}
	}
	if len(later) > 0 {
		fmt.Fprintf(&b, "later %s\n", strings.Join(later, " "))
	}
	for c := range start.Players().All() {
		if u.TurnStart != nil {
			fmt.Fprintf(&b, "undo %v", c)
			for i := range u.Rules.Tokens {
				fmt.Fprintf(&b, " %d", u.TurnStart[c][i])
			}
			b.WriteByte('\n')
		}
	}
	return b.String()
}

// checkSetupAgreement builds a Setup from the bytes of data under variant
// v and asserts that ParsePosition agrees with Setup.State on its text:
// both refuse it, with the same reason, or both accept it and give the
// same State.
func checkSetupAgreement(t *testing.T, v uint8, data []byte) {
	all := fuzzVariants()
	r := all[int(v)%len(all)]
	next := func() int {
		if len(data) == 0 {
			return 0
		}
		b := data[0]
		data = data[1:]
		return int(b)
	}
	start, _ := ludo.New(r)
	u := start.Setup()
	fin := r.Board.Finish()
	most := fin + r.Board.Track - r.Board.HomeEntry // past a token going round (rule K4)
	for c := range start.Players().All() {
		for i := range r.Tokens {
			switch k := next(); {
			case k < 64:
				u.Tokens[c][i] = -1
			case k < 112:
				u.Tokens[c][i] = fin
			default:
				u.Tokens[c][i] = k%(most+2) - 1 // now and then past the finish
			}
		}
	}
	for k := next() % 5; k > 0; k-- {
		u.Ranking = append(u.Ranking, ludo.Color(next()%ludo.MaxPlayers))
	}
	u.Turn = ludo.Color(next() % ludo.MaxPlayers)
	u.Die = next() % 8
	if u.Streak = next() % 5; u.Streak == 4 {
		u.Streak = 255
	}
	// The rest of the turn and what the game remembers, now and then.
	if k := next(); k%3 == 0 {
		u.BonusMove = []int{0, 2, 10, 20, r.CaptureBonus.Steps(), r.HomeBonus.Steps()}[k/3%6]
	}
	u.TriesUsed = next() % 4
	if k := next(); k < 4*ludo.MaxTokens {
		u.LastMoved[k%ludo.MaxTokens] = true
	}
	u.ExtraRoll = next()%5 == 0
	if k := next(); k%4 == 0 {
		u.Captured = ludo.Colors(k >> 2)
	}
	if k := next(); k%3 == 0 {
		u.Later[ludo.Color(k/3%ludo.MaxPlayers)][k/18%ludo.MaxTokens] = true
	}
	// Now and then where the turn began: some tokens of some colours
	// elsewhere, mostly of the colour to move.
	if k := next(); k%4 == 0 && (r.SixPenalty == ludo.UndoTurn || k%32 == 0) {
		ts := u.Tokens
		for c := range start.Players().All() {
			if c == u.Turn || k&(16<<c) != 0 {
				for i := range r.Tokens {
					if b := next(); b >= 128 {
						ts[c][i] = b%(fin+2) - 1
					}
				}
			}
		}
		u.TurnStart = &ts
	}
	want, setupErr := u.State()
	text := setupText(u)
	got, err := ludo.ParsePosition(text)
	switch {
	case setupErr != nil && err == nil:
		t.Fatalf("Setup refuses (%v) but ParsePosition accepts\n%s", setupErr, text)
	case setupErr != nil:
		var pe *ludo.ParseError
		if !errors.As(err, &pe) || !errors.Is(err, ludo.ErrInvalidSetup) || pe.Msg != setupErr.(*ludo.SetupError).Reason {
			t.Fatalf("Setup refuses (%v) but ParsePosition says %v\n%s", setupErr, err, text)
		}
	case err != nil:
		t.Fatalf("Setup accepts but ParsePosition refuses: %v\n%s", err, text)
	case got != want:
		t.Fatalf("ParsePosition and Setup differ\n%s\nwant %v\ngot  %v", text, want, got)
	default:
		checkPositionRoundTrip(t, got)
	}
}

// FuzzSetupAgreement: positions built field by field (any progress, any
// ranking, turn, die, sixes and turn start) are accepted by ParsePosition
// exactly when Setup accepts them.
func FuzzSetupAgreement(f *testing.F) {
	fuzzSeeds(f)
	f.Fuzz(checkSetupAgreement)
}

func TestSetupAgreement(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(1, 2))
	n := 3000
	if testing.Short() {
		n = 300
	}
	for range n {
		data := make([]byte, 48)
		for i := range data {
			data[i] = byte(rng.Uint32())
		}
		checkSetupAgreement(t, uint8(rng.Uint32()), data)
	}
}

// fuzzSeeds adds the seeds of fuzz target f where it is being fuzzed
// (-test.fuzz): positions, records and JSON from games under every
// variant, the hand-written examples and the error cases of the tests
// (fuzzCorpus). A plain go test runs only testdata/fuzz, which keeps the
// inputs that found a bug.
func fuzzSeeds(f *testing.F) {
	if fl := flag.Lookup("test.fuzz"); fl == nil || fl.Value.String() == "" {
		return
	}
	for _, vals := range fuzzCorpus(f)[f.Name()] {
		f.Add(vals...)
	}
}

// fuzzCorpus returns the seed values of each fuzz target, by its name.
func fuzzCorpus(t testing.TB) map[string][][]any {
	one := func(vs ...any) []any { return vs }

	var positions, records, statesJSON, rulesJSON, recordsJSON [][]any
	for k, r := range fuzzVariants() {
		first, err := ludo.New(r)
		if err != nil {
			t.Fatal(err)
		}
		_, states := fuzzGame(t, first, uint64(k+1), 2000)
		for _, j := range []int{0, 1, 2, len(states) / 3, len(states) / 2, len(states) - 2, len(states) - 1} {
			s := states[max(j, 0)]
			positions = append(positions, one(ludo.FormatPosition(s)))
			data, _ := json.Marshal(s)
			statesJSON = append(statesJSON, one(data))
		}
		data, _ := json.Marshal(r)
		rulesJSON = append(rulesJSON, one(data), one([]byte(r.String())))
		start := states[len(states)/3]
		for k := len(states) / 3; start.Phase() == ludo.PhaseMove && k+1 < len(states); k++ {
			start = states[k+1] // a record starts where a roll is due
		}
		rec, _ := fuzzGame(t, start, uint64(k), 12)
		if k%4 == 0 {
			rec.Names[start.Turn()] = "Ann #" + strconv.Itoa(k)
		}
		records = append(records, one(rec.String()))
		data, _ = json.Marshal(rec)
		recordsJSON = append(recordsJSON, one(data))
	}
	for _, text := range []string{
		"# a comment\n\nRULES Mongolian { players : 2 }  # two players\nR @11 YARD home3 FINISH\n\ny @20 @20 yard -1\n\tturn r\ndie 6",
		"rules classic{SixPenalty:UndoTurn}\nred 19 yard\ngreen yard\ndie 6\nsixes 3\nundo red 7 yard\nundo green 19",
		"rules classic\nred 0 0 0 0 0", "rules classic\nred 13\ngreen 0", "rules classic{Players:9}",
		"rules classic\nred \"abc", "rules classic{Board:{8 2 5 0} Tokens:1 Players:2}\nred 5\nyellow finish\nranking yellow",
		"rules classic{End:FirstWinner}\nred finish finish finish finish\nranking red",
		"rules classic{SixLimit:0}\nred 3\ndie 6\nsixes 255",
		// The keys of the family engine's state: a bonus move, tries, the
		// token moved last, a roll owed, who has captured, who arrived last.
		"rules parchis1{Players:2}\nred 10 20\nyellow @22\ndie 6\nsixes 1\nbonus 20\nlast 1",
		"rules parchis1\nred 7 7\ngreen @8\nlater green 0\ndie 5",
		"rules maedn{Players:2}\nred yard yard yard yard\nyellow 0\ndie 2\ntries 2",
		"rules danish\nred home2\ndie 3\ntries 1",
		"rules ludoking\nred 12\ndie 6\nsixes 1\nextra",
		"rules ludoking{HomeBonus:10 CaptureBonus:roll}\nred finish 20\ndie 3\nbonus 10\nextra",
		"rules classic{CaptureBeforeHome:true}\nred @52 home2\ngreen 3\ncaptured red green\nturn green",
		"rules classic{CaptureBeforeHome:true Players:2}\nred @51\nyellow 5",
		"rules ludoking6{Teams:Partners}\nred finish finish finish finish\nyellow finish finish finish finish\npurple finish finish finish finish\nranking red yellow purple green blue orange",
		"rules fia\nred 0 0 yard yard\ndie 6\nsixes 1",
		"rules cocangua\nred 50 home1 home3\ndie 2",
		"rules danish\nred 3\ngreen @5 @5\ndie 1",
		"rules parchis6\nred 16\npurple @69 @69\ndie 3",
		"rules maedn6{Players:6}\norange 0 5\nturn orange\ndie 5",
	} {
		positions = append(positions, one(text))
	}
	for _, text := range []string{
		"rules mongolian{Players:2 Seats:{red green}}\nred 10\ngreen 0 0 5\nname red Alice\nname green \" Bob \\\"#2\\\"\"\n1 red 2 0\n2 green 3 green 2\n3 red 5 0\n",
		"rules classic\nseed 1\n1 red 5 pass",
		"rules classic{Players:2}\nred finish finish finish 55\n1 red 1 3\n2 yellow 1 pass",
		"rules classic\n1 red 6 0: yard-0 enter\n2 red 6 0\n3 red 6 pass (forfeit)\n4 green 1 pass",
	} {
		records = append(records, one(text))
	}
	for _, text := range []string{`{"preset":"Mongolian","players":2,"seats":["green","b"],"finish":"bouncefinish","board":{"HomeColumn":6}}`, `{}`, `null`, `{"Players":9}`, `{"Board":{"Track":true}}`} {
		rulesJSON = append(rulesJSON, one([]byte(text)))
	}
	for _, text := range []string{`{"Rules":{"Preset":"classic"}}`, `{"Rules":{},"Tokens":{"red":[13],"green":[0]}}`, `{"Rules":{},"Tokens":{"red":[56,56,56,56]},"Ranking":["red"],"Turn":"blue","Die":6,"Sixes":2}`, `{"Rules":{"SixPenalty":"UndoTurn"},"Tokens":{"red":[10]},"Sixes":1,"Undo":{"red":[4]}}`} {
		statesJSON = append(statesJSON, one([]byte(text)))
	}
	recordsJSON = append(recordsJSON, one([]byte(`{"Start":{"Rules":{}},"Seed":1,"Plies":[{"Player":"red","Face":6,"Move":"0"}]}`)))

	var applies [][]any
	for k := range 2 * len(fuzzVariants()) {
		texts := []string{"0", "1: yard-0 enter", "pass", "pass (forfeit)", "red 2", "green 0", "3: 10-16 x1", "9",
			"0: yard-0 enter pair", "1: yard-5 enter", "2: 49-57 circle", "0: 3-11 jump", "0: 10-30 bonus", "purple 1", "2: 4-yard home"}
		applies = append(applies, one(uint8(k), uint64(k+1), uint16(k*13), uint8(k), int8(k%5-1), texts[k%len(texts)], uint8(k+3), uint64(k*7), uint16(k*29)))
	}

	var setups [][]any
	rng := rand.New(rand.NewPCG(3, 4))
	for k := range 2 * len(fuzzVariants()) {
		data := make([]byte, 48)
		for i := range data {
			data[i] = byte(rng.Uint32())
		}
		setups = append(setups, one(uint8(k), data))
	}
	return map[string][][]any{
		"FuzzParsePosition": positions, "FuzzParseRecord": records, "FuzzRulesJSON": rulesJSON,
		"FuzzStateJSON": statesJSON, "FuzzRecordJSON": recordsJSON, "FuzzApply": applies, "FuzzSetupAgreement": setups,
	}
}
