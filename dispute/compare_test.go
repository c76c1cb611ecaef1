package dispute_test

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/ludorules/ludo"
	"github.com/ludorules/ludo/dispute"
)

// side is one side of a dispute: the presets that say the same of the
// move.
type side struct {
	verdict string   // "legal", "not legal" or "cannot judge"
	has     string   // in what they say (summary); "" for anything
	names   []string // the presets, by the names Candidates gives them
}

// change is what one option change of the position's own rules says of
// the move: a flip (the answer turned around) or an alteration.
type change struct {
	change  string // as Change.String: "Blocks:NoBlocks"
	verdict string
	has     string
}

// summary is what a verdict says, for the sides to match: its move, then
// each reason as "text (rule)".
func summary(v dispute.Verdict) string {
	var parts []string
	for _, r := range v.Reasons {
		parts = append(parts, r.String())
	}
	return v.Move.String() + " | " + strings.Join(parts, "; ")
}

// disputes are the dispute points of the research notes
// (../shared/research/variants.md §4) that a position shows, each with
// the presets on each side; where only one side has a preset on the
// board, the option change of the position's own rules that plays the
// other. Not here, as no position shows them: 11 (where tokens stand at
// the start of a game: a start, not a move; fit shows StartOut decided
// at the first ply), 16 (the timing of Parcheesi's bonus moves: one
// ruling, W4, and no option plays another) and 25 (where the start
// square sits on the arm: the board's geometry, which a position fixes).
var disputes = []struct {
	point         int
	what          string
	pos, move     string
	sides         []side
	flips, alters []change
}{
	{point: 1, what: "the third 6: void, the last moved token home, or no limit at all",
		pos: "rules classic\nred 10 20\nturn red\ndie 6\nsixes 3", move: "forfeit",
		sides: []side{
			{"legal", "moves made earlier this turn stand (Q2)", []string{"classic", "mongolian", "ludoking"}},
			{"legal", "goes back to its yard, unless it is in its home column or finished (P9)", []string{"parchis1", "nontiarrabbiare", "brasilpuc"}},
			{"not legal", "(C9)", []string{"maedn", "danish", "fia", "cocangua", "chinczyk", "brasil", "petitschevaux"}},
		},
		alters: []change{{"SixPenalty:UndoTurn", "legal", "(Q2)"}}},
	{point: 1, what: "the third 6: may it move a token?",
		pos: "rules classic\nred 10 20\nturn red\ndie 6\nsixes 3", move: "0",
		sides: []side{
			{"legal", "10-16", []string{"danish", "cocangua", "brasil"}},
			{"not legal", "(C9)", []string{"classic", "mongolian", "ludoking", "nontiarrabbiare"}},
		},
		flips: []change{{"SixLimit:0", "legal", ""}}},
	{point: 2, what: "a 6 that cannot be played: is its bonus roll kept?",
		pos: "rules classic\nred 53 finish finish finish\nturn red\ndie 6", move: "pass",
		sides: []side{
			{"legal", "the 6 still earns a bonus roll (Q1)", []string{"classic", "mongolian", "ludoking", "nontiarrabbiare"}},
			{"not legal", "53-53 bounce (C10)", []string{"danish", "fia", "brasil"}},
		},
		alters: []change{{"NoMoveForfeitsBonus:true", "legal", "earns no bonus roll"}}},
	{point: 3, what: "does the entering 6 move the token on too?",
		pos: "rules classic\nturn red\ndie 6", move: "0: yard-5 enter",
		sides: []side{
			{"legal", "enters token 0 and runs on to square 6 (F1)", []string{"fia"}},
			{"legal", "not as asked: with a 6, red token 0 makes yard-0 enter", []string{"classic", "mongolian", "ludoking", "danish", "maedn"}},
		},
		alters: []change{{"SixEntry:SixEntersTwoOrRuns", "legal", "runs on to square 6 (F1)"}}},
	{point: 4, what: "own token on the start square and a 6: enter beside it?",
		pos: "rules classic\nred 0\nturn red\ndie 6", move: "1",
		sides: []side{
			{"legal", "joins its own token on square 1 (no block in these rules) (Q11)", []string{"classic", "ludoking", "danish"}},
			{"legal", "forms a block on square 1 (B1)", []string{"mongolian", "brasil"}},
			{"not legal", "(Q11)", []string{"maedn", "chinczyk", "petitschevaux"}},
		},
		flips: []change{{"ClearStart:true", "not legal", "(M3)"}, {"OwnLanding:OwnLandingForbidden", "not legal", "(Q11)"}}},
	{point: 5, what: "an opponent on your start square when you enter",
		pos: "rules classic\ngreen @1\nturn red\ndie 6", move: "0",
		sides: []side{
			{"legal", "captures 1 green token (C11, Q4)", []string{"classic", "mongolian", "maedn", "cocangua"}},
			{"legal", "captures 1 green token (C11, D4)", []string{"danish", "chinczyk"}},
			{"legal", "0: yard-0 enter | enters", []string{"ludoking"}},
			{"not legal", "which an opponent holds (H4)", []string{"brasil"}},
		}},
	{point: 6, what: "landing on two tokens of one colour: capture both, none, the mover, or refused",
		pos: "rules classic\nred 16 16\ngreen 1\nturn green\ndie 2", move: "0",
		sides: []side{
			{"legal", "captures 2 red tokens (C11, Q3)", []string{"classic", "cocangua"}},
			{"legal", "green 0: 1-3 | moves token 0 from square 15 to square 17 (C8); yellow", []string{"ludoking"}},
			{"legal", "lands on a pair and goes back to its own yard (D3)", []string{"danish"}},
			{"not legal", "cannot land on the block on square 17 (B2)", []string{"mongolian", "parchis1", "nontiarrabbiare", "brasilpuc"}},
			{"not legal", "(R5)", []string{"brasil"}},
		},
		flips: []change{{"MultiCapture:CaptureRefused", "not legal", "(Q3)"}}},
	{point: 6, what: "passing a block",
		pos: "rules mongolian\nred 16 16\ngreen 1\nturn green\ndie 6", move: "0",
		sides: []side{
			{"legal", "to square 21", []string{"classic", "ludoking", "danish", "cocangua", "brasil"}},
			{"not legal", "cannot pass the block on square 17 (B2)", []string{"mongolian", "parchis1", "nontiarrabbiare", "brasilpuc"}},
		},
		flips: []change{{"Blocks:NoBlocks", "legal", ""}}},
	{point: 7, what: "a 6 with a block: must it open the block?",
		pos: "rules mongolian\nred 16 16 30\nturn red\ndie 6", move: "2",
		sides: []side{
			{"legal", "red 2: 30-36", []string{"classic", "mongolian", "ludoking", "nontiarrabbiare"}},
			{"not legal", "must open its block: red 0: 16-22 (P7)", []string{"parchis1", "brasilpuc"}},
		},
		flips: []change{{"BreakOnSix:true", "not legal", "(P7)"}}},
	{point: 8, what: "passing one's own token",
		pos: "rules classic\nred 10 12\nturn red\ndie 4", move: "0",
		sides: []side{
			{"legal", "red 0: 10-14", []string{"classic", "maedn", "chinczyk", "petitschevaux"}},
			{"not legal", "cannot pass the token on 13 (F2)", []string{"fia"}},
		},
		flips: []change{{"Overtake:OvertakeNone", "not legal", "(F2)"}}},
	{point: 8, what: "passing an opponent: free, or a capture",
		pos: "rules classic\nred 10\nblue @12\nturn red\ndie 4", move: "0",
		sides: []side{
			{"legal", "red 0: 10-14 | ", []string{"classic", "fia", "chinczyk"}},
			{"legal", "captures 1 token (C11, S1)", []string{"eilemitweile"}},
		},
		flips: []change{{"Overtake:OvertakeNone", "not legal", "(F2)"}}},
	{point: 9, what: "overshooting the finish: no move, or bounce back",
		pos: "rules classic\nred 54\nturn red\ndie 4", move: "0",
		sides: []side{
			{"legal", "bounces back from the finish by 2 (C5)", []string{"danish", "fia", "brasil", "eilemitweile"}},
			{"not legal", "the finish needs an exact roll (C5)", []string{"classic", "mongolian", "maedn", "chinczyk"}},
		}},
	{point: 10, what: "jumping over a token in the home column",
		pos: "rules classic\nred 52 54\nturn red\ndie 3", move: "0",
		sides: []side{
			{"legal", "red 0: 52-55 | ", []string{"classic", "mongolian", "danish"}},
			{"legal", "comes into the goal squares that count (M1)", []string{"maedn", "chinczyk"}},
			{"not legal", "cannot pass the token on red home 4 (F2)", []string{"fia"}},
		},
		flips: []change{{"HomeJumps:HomeJumpsForbidden", "not legal", "(M6)"}}},
	{point: 12, what: "three tries: also with a token home and none on the track?",
		pos: "rules classic\nred finish\nturn red\ndie 3", move: "pass",
		sides: []side{
			{"legal", "green plays next (C3)", []string{"classic", "mongolian", "fia", "cocangua"}},
			{"legal", "red throws again: none of its tokens can move but by entering (M4)", []string{"maedn", "danish", "chinczyk"}},
		}},
	{point: 13, what: "must a player capture?",
		pos: "rules classic\nred 10 20\ngreen @14\nturn red\ndie 3", move: "1",
		sides: []side{
			{"legal", "red 1: 20-23", []string{"classic", "maedn", "chinczyk"}},
			{"not legal", "red must capture where it can: red 0: 10-13 x1 (M8)", []string{"nontiarrabbiare"}},
		}},
	{point: 14, what: "may a player refuse to move?",
		pos: "rules pachisi\nred 10\nturn red\ndie 6", move: "pass",
		sides: []side{
			{"legal", "pass: red refuses to move (Y7)", []string{"pachisi"}},
			{"not legal", "red must move when a token can: red 0: 10-16 (C10)", []string{"classic", "mongolian", "ludoking"}},
		}},
	{point: 15, what: "only one of two dice can be played: either, or the larger",
		pos: "rules naija\nred 50 finish finish finish\nturn red\ndie 5 4", move: "0 die 4",
		sides: []side{
			{"legal", "with the 4 of 5 and 4 (W1)", []string{"naija", "parcheesi", "parchis"}},
			{"not legal", "it must be the larger where a token can play it: red 0: 50-55 (W2)", []string{"uckers"}},
		}},
	{point: 17, what: "a 6 counts 7 once every token is out",
		pos: "rules classic\nred 10 20 30 40\nturn red\ndie 6", move: "0",
		sides: []side{
			{"legal", "red 0: 10-16", []string{"classic", "maedn", "brasilpuc"}},
			{"legal", "red 0: 10-17", []string{"parchis1", "nontiarrabbiare"}},
		}},
	{point: 18, what: "the third double: which pawn goes home",
		pos: "rules parchis{Players:2}\nred 10 20\nturn red\ndie 6 6\nsixes 3", move: "forfeit",
		sides: []side{
			{"legal", "token 1, the nearest its finish, goes back to its yard from square 21 (H3)", []string{"parcheesi"}},
			{"legal", "the token red moved last this turn goes back to its yard", []string{"parchis"}},
			{"not legal", "(C9)", []string{"naija", "uckers"}},
		}},
	{point: 19, what: "an opponent on a safe square",
		pos: "rules classic\nred 4\ngreen @9\nturn red\ndie 4", move: "0",
		sides: []side{
			{"legal", "captures 1 green token (C11)", []string{"classic", "mongolian", "maedn"}},
			{"legal", "red 0: 4-8 | ", []string{"ludoking"}},
			{"legal", "lands on an opponent on a safe square and goes back to its own yard (D1)", []string{"danish"}},
		}},
	{point: 20, what: "no home column before a capture",
		pos: "rules classic\nred 48\nturn red\ndie 5", move: "0",
		sides: []side{
			{"legal", "turns into its home column (C4)", []string{"classic", "mongolian", "ludoking", "danish"}},
		},
		alters: []change{{"CaptureBeforeHome:true", "legal", "red has captured nothing yet, so its home column is closed (K4)"}}},
	{point: 21, what: "a capturing token goes home: to its yard, or to the finish",
		pos: "rules naija\nred 10 30\ngreen @14\nturn red\ndie 3 4", move: "0 die 3",
		sides: []side{
			{"legal", "having captured, token 0 retires to the finish (N1)", []string{"naija"}},
			{"legal", "red 0: 10-13 x1 | ", []string{"uckers"}},
		}},
	{point: 22, what: "a 1 to enter, and a bonus roll on it",
		pos: "rules classic\nturn red\ndie 1", move: "0",
		sides: []side{
			{"legal", "red rolls again (C9)", []string{"cocangua"}},
			{"legal", "green plays next (C3)", []string{"fia", "brasil"}},
			{"not legal", "only a roll of {6} enters it (C7)", []string{"classic", "ludoking", "maedn"}},
		}},
	{point: 23, what: "landing on a partner's token",
		pos: "rules uckers\nred 10 30\nyellow @14\nturn red\ndie 3 4", move: "0 die 3",
		sides: []side{
			{"legal", "red 0: 10-13 | ", []string{"uckers", "parchis"}},
			{"legal", "captures 1 yellow token (C11)", []string{"naija"}},
		}},
	{point: 24, what: "the first player home: does the game go on?",
		pos: "rules classic\nred 55 finish finish finish\nturn red\ndie 1", move: "0",
		sides: []side{
			{"legal", "red has every token home and takes place 1 (C6); green plays next (C3)", []string{"classic", "mongolian", "danish"}},
		},
		alters: []change{{"End:FirstWinner", "legal", "the game is over: 1. red (Q10)"}}},
	{point: 26, what: "the Wikipedia texts: own tokens stacked, illegal or a block",
		pos: "rules classic\nred 10 13\nturn red\ndie 3", move: "0",
		sides: []side{
			{"legal", "joins its own token on square 14 (no block in these rules) (Q11)", []string{"classic", "ludoking", "danish"}},
			{"legal", "forms a block on square 14 (B1)", []string{"mongolian", "nontiarrabbiare", "brasil"}},
			{"not legal", "cannot end on 14, which its owner already holds (Q11)", []string{"maedn", "fia", "chinczyk"}},
		}},
}

// TestDisputes checks compare on each dispute point that a position
// shows: the presets on each side say what the point says they say, and
// the option changes play the side no preset on the board does.
func TestDisputes(t *testing.T) {
	points := map[int]bool{}
	for _, d := range disputes {
		points[d.point] = true
		t.Run(fmt.Sprintf("%d %s", d.point, d.what), func(t *testing.T) {
			pos, err := ludo.ParsePosition(d.pos)
			if err != nil {
				t.Fatal(err)
			}
			among, err := dispute.Candidates("", pos.Rules())
			if err != nil {
				t.Fatal(err)
			}
			c, err := dispute.Compare(pos, d.move, among)
			if err != nil {
				t.Fatal(err)
			}
			byName := map[string]dispute.Verdict{}
			for _, v := range c.Verdicts {
				for _, n := range append([]string{v.Name}, v.Also...) {
					byName[n] = v
				}
			}
			said := map[string]bool{}
			for _, s := range d.sides {
				for _, n := range s.names {
					v, ok := byName[n]
					switch {
					case !ok:
						t.Errorf("%s: no verdict", n)
					case v.Outcome.String() != s.verdict || !strings.Contains(summary(v), s.has):
						t.Errorf("%s says %s: %s\nwant %s: …%s…", n, v.Outcome, summary(v), s.verdict, s.has)
					}
				}
				said[s.verdict+s.has] = true
			}
			for _, want := range d.flips {
				if !hasChange(c.Flips, want) {
					t.Errorf("no flip %s to %s (…%s…) among %v", want.change, want.verdict, want.has, changes(c.Flips))
				}
			}
			for _, want := range d.alters {
				if !hasChange(c.Alters, want) {
					t.Errorf("no alteration %s (…%s…) among %v", want.change, want.has, changes(c.Alters))
				}
			}
			if len(said)+len(d.flips)+len(d.alters) < 2 {
				t.Errorf("a dispute with one side")
			}
		})
	}
	for _, n := range []int{11, 16, 25} {
		points[n] = true
	}
	for n := 1; n <= 26; n++ {
		if !points[n] {
			t.Errorf("dispute point %d neither pinned nor listed as one no position shows", n)
		}
	}
}

func hasChange(fs []dispute.Flip, want change) bool {
	return slices.ContainsFunc(fs, func(f dispute.Flip) bool {
		return f.Change.String() == want.change && f.Verdict.Outcome.String() == want.verdict &&
			strings.Contains(summary(f.Verdict), want.has)
	})
}

func changes(fs []dispute.Flip) []string {
	var out []string
	for _, f := range fs {
		out = append(out, f.Change.String())
	}
	return out
}

// TestCompareOwn checks the position's own verdict, the flips' rules and
// the errors of Compare.
func TestCompareOwn(t *testing.T) {
	pos := ludo.MustParsePosition("rules mongolian\nred 16 16\ngreen 1\nturn green\ndie 6")
	c, err := dispute.Compare(pos, "0", nil)
	if err != nil {
		t.Fatal(err)
	}
	if c.Own.Outcome != dispute.Illegal || c.Own.Rule() != "B2" || c.Own.Rules != pos.Rules() {
		t.Errorf("own verdict %v %q under %v", c.Own.Outcome, c.Own.Rule(), c.Own.Rules)
	}
	var flips []string
	for _, f := range c.Flips {
		flips = append(flips, f.Change.String()+" "+f.Rule)
		if f.Verdict.Outcome != dispute.Legal {
			t.Errorf("%v: %v", f.Change, f.Verdict.Outcome)
		}
	}
	if want := []string{"Blocks:NoBlocks B1", "Blocks:BlocksOnSafe B1"}; !slices.Equal(flips, want) {
		t.Errorf("flips %v, want %v", flips, want)
	}
	if _, err := dispute.Compare(pos, "0: 1", nil); !errors.Is(err, ludo.ErrSyntax) {
		t.Errorf("a move that is no move: %v", err)
	}
	start, _ := ludo.New(ludo.Classic())
	if _, err := dispute.Compare(start, "0", nil); !errors.Is(err, dispute.ErrNoMoveDue) {
		t.Errorf("a roll due: %v", err)
	}
}

// TestCandidates checks the among list: presets and rules as text, the
// ones alike at the table merged, and the ones that do not fit kept.
func TestCandidates(t *testing.T) {
	table := ludo.Classic()
	cs, err := dispute.Candidates("classic, ludoking,ludoking6, maedn, pachisi, classic{Blocks:BlocksStopOpponents}, mongolian", table)
	if err != nil {
		t.Fatal(err)
	}
	var labels []string
	for _, c := range cs {
		labels = append(labels, c.Label())
	}
	want := []string{"classic", "ludoking = ludoking6", "maedn*", "pachisi*", "classic{Blocks:BlocksStopOpponents} = mongolian"}
	if !slices.Equal(labels, want) {
		t.Errorf("labels %q, want %q", labels, want)
	}
	if cs[3].Unfit == nil || !errors.Is(cs[3].Unfit, ludo.ErrInvalidRules) {
		t.Errorf("pachisi on the classic board: %v", cs[3].Unfit)
	}
	if b := cs[2].Rules.Board; b.Track != 52 || cs[2].Rules.Goal != ludo.GoalSlots {
		t.Errorf("maedn at the classic table: %v", cs[2].Rules)
	}
	for _, bad := range []string{"classic,,maedn", "nosuch", "classic{Blocks:Nope}"} {
		if _, err := dispute.Candidates(bad, table); !errors.Is(err, dispute.ErrAmong) {
			t.Errorf("%q: %v", bad, err)
		}
	}
	all, _ := dispute.Candidates("", table)
	n := 0
	for _, c := range all {
		n += 1 + len(c.Also)
	}
	if n != len(ludo.Presets()) {
		t.Errorf("the empty list names %d presets, want %d", n, len(ludo.Presets()))
	}
}

// TestFitNoGame: a record with no game breaks every ruleset at its
// start, and no search finds a fix.
func TestFitNoGame(t *testing.T) {
	among, _ := dispute.Candidates("classic", ludo.Classic())
	for _, rec := range []*ludo.Record{nil, {}} {
		f := dispute.FitRecord(rec, among, dispute.Limits{MaxChanges: 1})
		if len(f.Consistent()) != 0 || f.Fits || len(f.Fixes) != 0 || f.Verdicts[0].Break == nil || f.Verdicts[0].Break.Ply != 0 {
			t.Errorf("%v: %+v", rec, f)
		}
	}
}
