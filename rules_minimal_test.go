package ludo

// Rules tested from the smallest positions that show them: each a bug
// the properties found (properties_test.go, properties_ref_test.go),
// with the move the rulebook gives there.

import (
	"testing"
)

// regressPosition parses a position or fails the test.
func regressPosition(t *testing.T, text string) State {
	t.Helper()
	s, err := ParsePosition(text)
	if err != nil {
		t.Fatalf("ParsePosition: %v\n%s", err, text)
	}
	return s
}

// regressApply plays the legal move whose text is want, failing the test
// if there is none, and checks that the position it leads to survives
// Setup.
func regressApply(t *testing.T, s State, want string) State {
	t.Helper()
	for _, m := range s.LegalMoves() {
		if m.String() == want {
			s2, err := s.Apply(m)
			if err != nil {
				t.Fatalf("Apply(%v): %v", m, err)
			}
			if back, err := s2.Setup().State(); err != nil || back != s2 {
				t.Fatalf("after %v the position does not survive Setup: %v\n%v", m, err, s2)
			}
			return s2
		}
	}
	t.Fatalf("no legal move %q among %v\n%v", want, s.LegalMoves(), s)
	return State{}
}

// Rule D2: a star jump leaves the star landed on, so the move forms no
// block there; a jump whose finish is held under GoalSlots is not made
// (rule M1); a colour that has not captured goes on round (rule K4); and
// what the token captured on the star it landed on is captured there.
func TestFixStarJumps(t *testing.T) {
	s := regressPosition(t, "rules classic{Stars:{4 11} Blocks:BlocksStopOpponents Players:2}\nred 3 4\ndie 1")
	s2 := regressApply(t, s, "red 0: 3-11 jump")
	if s2.Progress(Red, 0) != 11 {
		t.Errorf("after the jump red 0 is at %d, want 11", s2.Progress(Red, 0))
	}
	s = regressPosition(t, "rules classic{Stars:{4 11} Goal:GoalSlots Players:2}\nred finish 49\ndie 1")
	regressApply(t, s, "red 1: 49-50")
	s = regressPosition(t, "rules classic{Stars:{4 11} CaptureBeforeHome:true Players:2}\nred 49\ndie 1")
	regressApply(t, s, "red 0: 49-4 circle jump")
	s = regressPosition(t, "rules classic{Stars:{0} Players:2}\nyellow @1\nturn red\ndie 6")
	s2 = regressApply(t, s, "red 0: yard-13 enter jump x1")
	if s2.Progress(Yellow, 0) != -1 {
		t.Errorf("the yellow token on the star red entered onto is at %d, want captured", s2.Progress(Yellow, 0))
	}
}

// Rule F1: a pair needs room for both tokens (rule P2); the pair lands on
// its start square, whatever a star there does to the mover (rule D2),
// and the second token stays there; a pair sent home goes home together;
// any token in the yard may make the pair's move (ruling Q9).
func TestFixPairEntry(t *testing.T) {
	s := regressPosition(t, "rules fia{Safe:{0} SquareLimit:2}\ngreen @1\ndie 6")
	for _, m := range s.LegalMoves() {
		if m.EntersPair() {
			t.Errorf("%v: three tokens on a square that holds two", m)
		}
	}
	s = regressPosition(t, "rules classic{Stars:{0} SixEntry:SixEntersTwoOrRuns}\ndie 6\nsixes 1")
	s2 := regressApply(t, s, "red 0: yard-13 enter pair jump")
	if s2.Progress(Red, 1) != 0 {
		t.Errorf("the second token of the pair is at %d, want the start square", s2.Progress(Red, 1))
	}
	s = regressPosition(t, "rules classic{Safe:{0} SafeSquares:SafeMoverHome SixEntry:SixEntersTwoOrRuns Players:2}\nyellow @1\ndie 6\nsixes 1")
	s2 = regressApply(t, s, "red 0: yard-yard enter pair home")
	if n := s2.TokensOn(YardOf(Red))[Red]; n != 4 {
		t.Errorf("%d red tokens in the yard after the pair was sent home, want 4", n)
	}
	s = regressPosition(t, "rules fia\ndie 6")
	m, err := s.TokenMove(3)
	if err != nil || !m.EntersPair() {
		t.Fatalf("TokenMove(3) = %v, %v, want a pair", m, err)
	}
	s2, err = s.Apply(m)
	if n := s2.TokensOn(YardOf(Red))[Red]; err != nil || n != 2 {
		t.Errorf("the pair made by token 3 left %d tokens in the yard (%v), want 2", n, err)
	}
}

// Rule V2: the stable is climbed on the roll that names the square,
// whatever a 6 counts (rule P5), and only once the home column is open
// (rule K4).
func TestFixHomeSteps(t *testing.T) {
	s := regressPosition(t, "rules cocangua{SixValue:7 Goal:GoalSlots}\nred 55 54 53 52\ndie 6\nsixes 1")
	regressApply(t, s, "red 0: 55-56")
	s = regressPosition(t, "rules cocangua{CaptureBeforeHome:true}\nred 46\ndie 5")
	regressApply(t, s, "red 0: 46-57 circle")
}

// Rule K4: a token going round stands on a track square, which Square and
// On say and Setup takes; past its home entry on a small board it goes on
// round lap after lap until its colour has captured.
func TestFixGoingRound(t *testing.T) {
	s := regressPosition(t, "rules classic{CaptureBeforeHome:true Players:2}\nred 49\ndie 2")
	s2 := regressApply(t, s, "red 0: 49-57 circle")
	if sq := s2.Square(Red, 0); sq != TrackSquare(52) {
		t.Errorf("Square of the token going round = %v, want 52", sq)
	}
	if n := s2.TokensOn(TrackSquare(52))[Red]; n != 1 {
		t.Errorf("On(52) counts %d red tokens, want 1", n)
	}
	s = regressPosition(t, "rules classic{Board:{8 2 1 0} CaptureBeforeHome:true Players:2 Tokens:1}\nred @8\ndie 5")
	regressApply(t, s, "red 0: 8-5 circle")
}

// Rule K4: a token going round whose colour has since captured walks on
// past its start square into its home column, where that column's
// progress is beyond the track's length: the path it passes is checked
// square by square (the old walk never ended here), and a token on the way
// stops it under OvertakeNone.
func TestFixGoingRoundIntoHome(t *testing.T) {
	const rules = "rules classic{Board:{8 2 6 5} CaptureBeforeHome:true Players:2 Tokens:1 CaptureBonus:10 Overtake:OvertakeNone}\n"
	s := regressPosition(t, rules+"red @8\ncaptured red\ndie 3\nbonus 10")
	if got := s.Progress(Red, 0); got != 13 {
		t.Fatalf("the token stands at progress %d, want 13 (going round)", got)
	}
	regressApply(t, s, "red 0: 13-9 bonus")
	s = regressPosition(t, rules+"red @8\nyellow @3\ncaptured red\ndie 3\nbonus 10")
	if m, err := s.TokenMove(0); err == nil {
		t.Errorf("TokenMove(0) = %v past yellow on square 3, want a refusal (rule F2)", m)
	}
}

// Positions the rules reach must survive Setup and the text form: tries
// end with a move (rule M4); a turn whose capture earned a roll has moves
// with sixes at 0 (rule K2); a single token may share a square with one
// that stayed when a pair broke up (rule K5); a third token on a shared
// square leaves none marked as arrived last (rule P4); and the text's
// captured line.
func TestFixReachedPositionsSurvive(t *testing.T) {
	roundTrip := func(s State) {
		t.Helper()
		if back, err := s.Setup().State(); err != nil || back != s {
			t.Errorf("Setup round trip: %v\n%v", err, s)
		}
		if back, err := ParsePosition(FormatPosition(s)); err != nil || back != s {
			t.Errorf("text round trip: %v\n%s", err, FormatPosition(s))
		}
	}
	s := regressPosition(t, "rules danish{Players:2}")
	s, _ = s.Roll(3)
	s = regressApply(t, s, "red pass")
	s, _ = s.Roll(6)
	s = regressApply(t, s, "red 0: yard-0 enter")
	roundTrip(s)

	s = regressPosition(t, "rules ludoking{SixPenalty:UndoTurn Players:2}\nred 9\nyellow @13\ndie 3")
	roundTrip(regressApply(t, s, "red 0: 9-12 x1"))

	if _, err := ParsePosition("rules ludoking\nred 19\nyellow @20"); err != nil {
		t.Errorf("a red and a yellow token left sharing square 20 after a pair broke up: %v", err)
	}

	s = regressPosition(t, "rules parchis1{SquareLimit:3}\nred 4\ngreen @8\nyellow @8\nlater green 0\ndie 3")
	roundTrip(regressApply(t, s, "red 0: 4-7"))

	roundTrip(regressPosition(t, "rules classic{CaptureBeforeHome:true}\nred 10\ncaptured red"))
}

// The legal moves come in canonical order where a 6 that enters has two
// moves and the entry jumps on from a star past the run's square (rules
// F1, D2).
func TestFixCanonicalOrder(t *testing.T) {
	s := regressPosition(t, "rules classic{Stars:{0} SixEntry:SixEntersTwoOrRuns}\nred 30 31 32\ndie 6\nsixes 1")
	ms := s.LegalMoves()
	for k := 1; k < len(ms); k++ {
		if ms[k-1].Compare(ms[k]) >= 0 {
			t.Errorf("legal moves not in canonical order: %v", ms)
		}
	}
}

// Rule M8 with CapturePenalty: the token that could have captured goes
// home after the move, so a pair entered by the move is the two tokens
// that were in the yard.
func TestFixCapturePenaltyAfterMove(t *testing.T) {
	s := regressPosition(t, "rules fia{CaptureDuty:CapturePenalty Players:2}\nred yard 7\nyellow @14\ndie 6\nsixes 1")
	s2 := regressApply(t, s, "red 0: yard-0 enter pair")
	if got := [3]int{s2.Progress(Red, 0), s2.Progress(Red, 1), s2.Progress(Red, 2)}; got != [3]int{0, -1, 0} {
		t.Errorf("red tokens 0 to 2 at %v, want [0 -1 0]", got)
	}
}

// Rule K4 with C6: a token going round that reaches its finish on a later
// lap finishes, and its colour takes its place.
func TestFixFinishFromGoingRound(t *testing.T) {
	s := regressPosition(t, "rules classic{Board:{8 2 1 0} CaptureBeforeHome:true Players:2 Tokens:1}\nred @8\ncaptured red\ndie 3")
	if s2 := regressApply(t, s, "red 0: 8-2 finish"); s2.Place(Red) != 1 {
		t.Errorf("red finished its only token but has place %d", s2.Place(Red))
	}
}

// Rule P4: a token entering onto its full start square captures one
// opponent to make room and shares the square with the one left, where
// the start square is not safe too; Setup takes the position.
func TestFixEntryCapturesLastShares(t *testing.T) {
	s := regressPosition(t, "rules fia{SquareLimit:2 EntryCapture:EntryCapturesLast Blocks:BlocksStopOpponents OwnLanding:OwnLandingAllowed}\nblue @11 @11\nturn green\ndie 1")
	regressApply(t, s, "green 0: yard-0 enter x1")
}

// Rule K4: a token going round stands at a progress past its finish,
// which a position holds up to 254; Validate refuses a board where it
// would stand further on (found by TestPropMatchesReference at 2,000
// checks: on a track of 250 it went round to the finish instead).
func TestFixGoingRoundFits(t *testing.T) {
	r := Classic()
	r.Board = Board{Arms: 4, Track: 250, StartSpacing: 62, HomeEntry: 240, HomeColumn: 9}
	r.CaptureBeforeHome = true
	if err := r.Validate(); err == nil {
		t.Errorf("Validate accepts %v, where a token going round stands at progress 259", r)
	}
	r.CaptureBeforeHome = false
	if err := r.Validate(); err != nil {
		t.Errorf("Validate(%v): %v", r, err)
	}
}

// Rule M8: the token that could have captured is the one furthest on
// before the move. Here the run of rule F1 takes red 1 past red 0, and
// red 1 could have captured too (the pair entering onto yellow), but red
// 0 was further on: red 0 goes home.
func TestFixCapturePenaltyFurthestBefore(t *testing.T) {
	s := regressPosition(t, "rules classic{SixEntry:SixEntersTwoOrRuns CaptureDuty:CapturePenalty}\nred 2\nyellow @1\ngreen @9\ndie 6")
	s2 := regressApply(t, s, "red 1: yard-5 enter")
	if p := s2.Progress(Red, 0); p != -1 {
		t.Errorf("red 0, which could have captured, is at %d, want the yard", p)
	}
	if p := s2.Progress(Red, 1); p != 5 {
		t.Errorf("red 1 is at %d, want 5", p)
	}
}
