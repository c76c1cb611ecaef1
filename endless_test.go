package ludo_test

import (
	"strings"
	"testing"

	"github.com/ludorules/ludo"
)

// Games that cannot end (ruling Q13): positions from which no dice and no
// choices end the game, each proved by a search of every position
// reachable from it (propReach), as TestPropGameEnds proves a game that
// runs past its bound endless.

// endlessGoalJam is a position of a Q13 cycle with figures stuck in the
// goal (see endlessCycles).
const endlessGoalJam = `rules   maedn6{Stars:{3} EntryRolls:{1 2 3 4 5} ClearStart:false SixValue:8 CaptureBonus:50 HomeBonus:50 SquareLimit:4 HomeJumps:HomeJumpsForbidden}
red     50 57 finish yard
green   home1 yard yard yard
yellow  home2 59 50 yard
blue    50 finish yard yard
purple  50 home2 yard yard
orange  50 home2 yard yard
turn    green
die     6
sixes   1`

// endlessCycles are positions of Q13's cycles: the ruling's two examples
// and positions reached in random games (by TestPropGameEnds and its
// playouts), with the number of positions reachable from each.
var endlessCycles = []struct {
	name, text string
	positions  int
	example    bool // the rules of one of the ruling's examples
}{
	{
		// The ruling's first example, as the scenario
		// q13-forced-entries-cycle.txt sets it up: each figure on a 50
		// stands on the start field of the colour before.
		name: "bonus move onto a start square",
		text: `rules   maedn6{EntryRolls:{1 2 3 4 5} CaptureBonus:50}
red     yard yard 58 finish
green   50 yard 58 finish
yellow  50 yard 58 finish
blue    50 yard 58 finish
purple  50 yard 58 finish
orange  50 yard 58 finish
turn    red`,
		positions: 18426,
		example:   true,
	},
	{
		// Issue 17: the closed set of 76,770 positions, reached in a
		// random game.
		name: "issue 17",
		text: `rules   maedn6{EntryRolls:{1 2 3 4 5} CaptureBonus:50}
red     yard 58 home1 finish
green   58 50 yard yard
yellow  home2 50 yard yard
blue    home2 yard yard yard
purple  finish home2 50 yard
orange  0 home1 home2 yard
turn    red
sixes   2`,
		positions: 76770,
	},
	{
		// The rules of a game TestPropGameEnds left open at 40,000 checks,
		// with figures stuck in the middle of the goal under
		// HomeJumpsForbidden; a position reached in a random game under
		// them. The figures need a 1 to 4 to move, and every such face
		// must bring a figure in (M2).
		name:      "goal figures under HomeJumpsForbidden",
		text:      endlessGoalJam,
		positions: 18426,
	},
	{
		// The same with jumps in the goal allowed: HomeJumpsForbidden is
		// not what holds the figures.
		name:      "goal figures with jumps allowed",
		text:      strings.Replace(endlessGoalJam, " HomeJumps:HomeJumpsForbidden", "", 1),
		positions: 18426,
	},
	{
		// Found by TestPropGameEnds at 100,000 checks: with a star on
		// every start square, an entering figure jumps on to the next
		// start square (rule D2), where the next colour's entry captures
		// it; one figure goes round, the rest wait in their yards.
		name: "star on the start square",
		text: `rules   maedn6{Safe:{1 2} Stars:{0} Seats:{red green yellow blue purple orange} EntryRolls:{1 2 3 4 5} HomeBonus:2 OwnLanding:OwnLandingAllowed}
green   10 yard yard yard
turn    yellow`,
		positions: 10746,
	},
	{
		// The ruling's second example, as the scenario
		// q13-mongolian-entry-sent-back.txt sets it up.
		name: "entry sent back from a safe start square",
		text: `rules   mongolian{Safe:{0} Players:2 EntryRolls:{1 2 3 4 5 6} EntryCompulsory:true SafeSquares:SafeMoverHome}
red     26
yellow  26
turn    red`,
		positions: 42,
		example:   true,
	},
	{
		// Found by TestPropGameEnds: green's and purple's figures on 51
		// each stand on the other's start square, a seguro where
		// SafeMoverHome sends an entering figure home (rule P4 captures
		// only on a full one).
		name: "entry sent back, parchis6",
		text: `rules   parchis6{StartOut:1 EntryRolls:{1 2 3 4 5 6} SixPenalty:VoidRoll HomeBonus:roll SafeSquares:SafeMoverHome CaptureDuty:CaptureCompulsory Goal:GoalSlots}
red     finish home6 home5 home7
green   51 yard 29 yard
yellow  finish home7 home5 home6
blue    finish home5 home6 home7
purple  97 yard 51 yard
orange  finish home5 home6 home7
ranking orange blue red yellow
turn    purple
die     6
sixes   2`,
		positions: 42,
	},
	{
		// Found by TestPropGameEnds's playouts: red's tokens stand on green's and
		// blue's start squares, blue's on red's.
		name: "entry sent back, ludoking6",
		text: `rules   ludoking6{Seats:{red green yellow blue purple orange} StartOut:1 EntryRolls:{1 2 3 4 5 6} EntryCompulsory:true SixPenalty:LastMovedHome CaptureBonus:2 SafeSquares:SafeMoverHome CaptureDuty:CapturePenalty HomeSteps:true}
red     39 13 yard yard
green   17 yard 17 yard
yellow  finish finish finish finish
blue    yard yard 39 8
purple  finish finish finish finish
orange  finish finish finish finish
ranking purple yellow orange
turn    blue
die     6
sixes   2
last    0`,
		positions: 63,
	},
}

// TestEndlessCycles proves each of endlessCycles endless: the positions
// reachable from it form a closed set with none over, in which every move
// due is the only legal one (no choice either); that Q13 covers its rules
// (propCycles), so that TestPropGameEnds accepts it (propUnended); and
// that the ruling gives the rules of its examples.
func TestEndlessCycles(t *testing.T) {
	for _, c := range endlessCycles {
		t.Run(strings.ReplaceAll(c.name, " ", "_"), func(t *testing.T) {
			s, err := ludo.ParsePosition(c.text)
			if err != nil {
				t.Fatal(err)
			}
			seen, closed := propReach(s, propLoopLimit)
			if !closed || len(seen) != c.positions {
				t.Fatalf("closed %v after %d positions, want a closed set of %d", closed, len(seen), c.positions)
			}
			for x := range seen {
				if ms := x.LegalMoves(); x.Phase() == ludo.PhaseMove && len(ms) != 1 {
					t.Fatalf("a choice of %v in\n%v", ms, x)
				}
			}
			if !propCycles(s.Rules()) {
				t.Errorf("propCycles(%v) is false: ruling Q13 does not cover these rules", s.Rules())
			}
			if msg := propUnended(s); msg != "" {
				t.Errorf("TestPropGameEnds would refuse it: %s", msg)
			}
			if text, _ := ludo.RuleMarkdown("Q13"); c.example && !strings.Contains(text, "`"+s.Rules().String()+"`") {
				t.Errorf("ruling Q13 does not give its example %v", s.Rules())
			}
		})
	}
}

// TestPropUnended checks TestPropGameEnds's verdict on games that run past
// its bound beyond Q13's cycles: a game that can still end is a failure,
// unless under a capture duty players who capture first end it
// (propDutySlow), as they end issue 17's second rule set; and the presets
// play neither a cycle nor slow rules.
func TestPropUnended(t *testing.T) {
	s := ludo.MustParsePosition("rules classic{Players:2}\nred finish finish finish 55\nyellow finish finish finish 55\n")
	if msg := propUnended(s); !strings.Contains(msg, "over is reachable") {
		t.Errorf("propUnended of a game one step from its end = %q, want a failure", msg)
	}
	for _, name := range ludo.Presets() {
		r, _ := ludo.Preset(name)
		if propCycles(r) || propSlow(r) {
			t.Errorf("%s: propCycles %v, propSlow %v, want neither", name, propCycles(r), propSlow(r))
		}
	}
	for _, c := range []struct {
		rules string
		slow  bool
	}{
		{"maedn6{EntryRolls:{1 2 3 4 5 6} BonusRolls:{1} CaptureDuty:CapturePenalty}", true},
		{"maedn6{EntryRolls:{1 2 3 4 5 6} CaptureDuty:CaptureCompulsory}", true},
		{"maedn6{EntryRolls:{1 2 3 4 5 6} BonusRolls:{1}}", false}, // no duty: random players end it
	} {
		r, err := ludo.ParseRules(c.rules)
		if err != nil {
			t.Fatal(err)
		}
		s, err := ludo.New(r)
		if err != nil {
			t.Fatal(err)
		}
		if propDutySlow(s) != c.slow || propCycles(r) {
			t.Errorf("%v: propDutySlow %v, propCycles %v, want %v and false", r, propDutySlow(s), propCycles(r), c.slow)
		}
	}
}

// TestPropPlayOn checks that TestPropGameEnds plays a game on past
// propLoopPlies with random choices (propPlayOn), which end a game that a
// player keeping to one policy cycles in for ever: here, under Fia's
// rules with bonus rolls on 2 to 5 and 20 steps for a capture, blue's
// pieces wait behind the gate (rule V2), and players who capture first
// and move their furthest piece repeat the same captures.
func TestPropPlayOn(t *testing.T) {
	s := ludo.MustParsePosition(`rules   fia{BonusRolls:{2 3 4 5} CaptureBonus:20 SafeSquares:SafeMoverHome Finish:ExactFinish HomeSteps:true}
red     yard yard yard yard
green   yard 38 yard yard
yellow  38 20 yard yard
blue    39 38 37 0
turn    blue
die     6
bonus   20
sixes   7`)
	g := &propGame{rules: s.Rules(), states: []ludo.State{s}}
	p := &propPlayer{rnd: propSeeded(1, 2), policy: 1}
	if err := g.play(p, 20_000); err != nil || g.last().Phase() == ludo.PhaseOver {
		t.Fatalf("players who capture first: %v, over after %d plies; want them cycling", err, len(g.states)-1)
	}
	if err := propPlayOn(g, p, 20_000); err != nil || g.last().Phase() != ludo.PhaseOver {
		t.Errorf("played on with random choices: %v, not over after %d plies\n%v", err, len(g.states)-1, g.last())
	}
}
