package ludo_test

// Property-based tests (pgregory.net/rapid). Each property draws a valid
// Rules value (propRulesGen), plays a random game under it and cuts it at a
// random ply (propDrawGame), and checks what must hold in the positions
// reached. The playout's dice and choices are rapid's draws (propDraws),
// so that rapid shrinks a failure to the rules, rolls and moves that
// matter, and prints that game's plies, then the position (State.String).
// TestMachine drives a game with t.Repeat; FuzzLegalMovesApply is a
// property reused as a fuzz target.
//
// The tests run with a fixed seed (propSeed, TestMain), so that CI never
// fails at random. Hunt with fresh seeds and more cases:
//
//	go test -run 'Prop|Machine' -rapid.seed=0 -rapid.checks=10000 .
//
// The properties and the reference they compare with
// (properties_ref_test.go) are in package ludo_test, so that the compiler
// keeps them to the public API; export_test.go lends them the two
// internals they need. The package is dot-imported: the properties speak
// the rulebook's words (Rules, State, Red) as the package does.

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"math"
	"math/bits"
	"math/rand/v2"
	"os"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"pgregory.net/rapid"

	"github.com/ludorules/ludo"
)

// propSeed is the seed rapid starts from unless -rapid.seed is given
// (TestMain): `go test ./...`, the README's command and CI check the same
// cases every run, and never fail at random. -rapid.seed=0 draws a fresh
// seed, as rapid does by default, for a hunt.
const propSeed = 1204

// TestMain sets rapid's seed to propSeed where the command line gives
// none.
func TestMain(m *testing.M) {
	flag.Parse()
	given := false
	flag.Visit(func(f *flag.Flag) { given = given || f.Name == "rapid.seed" })
	if !given {
		if err := flag.Set("rapid.seed", strconv.Itoa(propSeed)); err != nil {
			panic(err)
		}
	}
	os.Exit(m.Run())
}

// ---------------------------------------------------------------------------
// Generators

// propFacesGen draws a set of die faces; nonEmpty excludes the empty set.
func propFacesGen(nonEmpty bool) *rapid.Generator[ludo.Faces] {
	lo := uint8(0)
	if nonEmpty {
		lo = 1
	}
	return rapid.Map(rapid.Uint8Range(lo, 63), func(b uint8) ludo.Faces { return ludo.Faces(b) << 1 })
}

// propRulesGen draws valid Rules: a preset of one die (propPresets) with options
// varied, each now and then, over the whole option table (variants.go's
// options; the README's options table): boards of four and six arms (and
// now and then two, three or five) with their safe squares and stars,
// players, seats and teams, entry, bonus rolls and moves, the six limit
// and its penalties, blocks, capture rules, overtaking, the finish and
// the goal, and the end. What Validate refuses is repaired (a drawn
// option put back as the preset has it, or a dependent option changed) or
// drawn again; so are rules under which no game can end (propEndless).
var propRulesGen = rapid.Custom(func(t *rapid.T) ludo.Rules {
	for try := 0; ; try++ {
		r := propDrawRules(t, try)
		if r.Validate() == nil && !propEndless(r) {
			return r
		}
		if try == 20 {
			// Too many draws refused: the preset as it is (rapid shrinks
			// towards this too).
			r, _ = ludo.Preset(rapid.SampledFrom(propPresets()).Draw(t, "fallback"))
			return r
		}
	}
})

// propPresets lists the presets the properties draw from: those that
// throw one die, as the reference (properties_ref_test.go) plays. The
// two-dice rulesets (rule W1) have their own properties
// (twodice_prop_test.go).
func propPresets() []string {
	var names []string
	for _, name := range ludo.Presets() {
		if r, _ := ludo.Preset(name); !r.TwoDice {
			names = append(names, name)
		}
	}
	return names
}

// propBoards are geometries to draw besides the presets': four and six
// arms, from a track shorter than a die to one whose finish needs more
// than 7 bits; and two, three and five arms.
var propBoards = []ludo.Board{
	ludo.Ludo52(),
	{Arms: 4, Track: 40, StartSpacing: 10, HomeEntry: 39, HomeColumn: 4},
	{Arms: 4, Track: 68, StartSpacing: 17, HomeEntry: 63, HomeColumn: 7},
	{Arms: 4, Track: 20, StartSpacing: 5, HomeEntry: 18, HomeColumn: 5},
	{Arms: 4, Track: 8, StartSpacing: 2, HomeEntry: 1, HomeColumn: 0},
	{Arms: 4, Track: 128, StartSpacing: 32, HomeEntry: 126, HomeColumn: 9},
	{Arms: 4, Track: 250, StartSpacing: 62, HomeEntry: 240, HomeColumn: 9},
	{Arms: 6, Track: 78, StartSpacing: 13, HomeEntry: 76, HomeColumn: 5},
	{Arms: 6, Track: 60, StartSpacing: 10, HomeEntry: 59, HomeColumn: 3},
	{Arms: 6, Track: 102, StartSpacing: 17, HomeEntry: 97, HomeColumn: 7},
	{Arms: 6, Track: 12, StartSpacing: 2, HomeEntry: 11, HomeColumn: 1},
	{Arms: 6, Track: 38, StartSpacing: 6, HomeEntry: 30, HomeColumn: 6},
	{Arms: 2, Track: 24, StartSpacing: 12, HomeEntry: 22, HomeColumn: 4},
	{Arms: 3, Track: 39, StartSpacing: 13, HomeEntry: 37, HomeColumn: 5},
	{Arms: 5, Track: 50, StartSpacing: 10, HomeEntry: 48, HomeColumn: 5},
}

// propDrawBoard draws a geometry: the preset's, one of propBoards, or one
// made up (four or six arms, mostly), with safe squares and stars the
// preset's or drawn.
func propDrawBoard(t *rapid.T, b ludo.Board) ludo.Board {
	switch rapid.IntRange(0, 5).Draw(t, "boardKind") {
	case 0, 1, 2: // the preset's
	case 3, 4:
		b = rapid.SampledFrom(propBoards).Draw(t, "board")
	default:
		arms := rapid.SampledFrom([]int{4, 6, 4, 6, 2, 3, 5}).Draw(t, "arms")
		spacing := rapid.IntRange(2, 20).Draw(t, "spacing")
		track := min(arms*spacing+rapid.IntRange(0, 3).Draw(t, "trackExtra"), 250)
		he := track - 1 - rapid.IntRange(0, 3).Draw(t, "homeEntryShort")
		if rapid.IntRange(0, 4).Draw(t, "oddHomeEntry") == 0 {
			he = rapid.IntRange(1, track-1).Draw(t, "homeEntry")
		}
		b = ludo.Board{Arms: arms, Track: track, StartSpacing: spacing, HomeEntry: max(he, 1),
			HomeColumn: rapid.IntRange(0, 8).Draw(t, "homeColumn")}
		b.Safe, b.Stars = 0, 0
	}
	if b.StartLane == 0 && b.HomeColumn > 0 && b.Track+b.Arms <= 250 && rapid.IntRange(0, 5).Draw(t, "drawLane") == 0 {
		// Rule Y1: a start lane down the home column's squares, the home
		// entry anywhere up to the start square visited again.
		b.StartLane = rapid.IntRange(1, min(b.HomeColumn, (250-b.Track)/b.Arms)).Draw(t, "lane")
		b.HomeEntry = max(1, b.StartLane+b.Track-rapid.IntRange(0, 3).Draw(t, "laneEntryShort"))
		if b.Finish() > 250 || b.StartLane < 1 {
			b.StartLane, b.HomeEntry = 0, min(b.HomeEntry, b.Track-1)
		}
	}
	mask := uint64(1)<<b.StartSpacing - 1
	if rapid.IntRange(0, 3).Draw(t, "drawSafe") == 0 {
		b.Safe = ludo.Offsets(rapid.Uint64().Draw(t, "safe") & mask & rapid.Uint64().Draw(t, "safeThin"))
	}
	if rapid.IntRange(0, 3).Draw(t, "drawStars") == 0 {
		b.Stars = ludo.Offsets(rapid.Uint64().Draw(t, "stars") & mask & rapid.Uint64().Draw(t, "starsThin"))
	}
	b.Safe &= ludo.Offsets(mask)
	b.Stars &= ludo.Offsets(mask)
	return b
}

// propDrawRules draws one candidate: a preset, then each option varied
// with a chance of about one in four, then repairs of what Validate would
// refuse.
func propDrawRules(t *rapid.T, try int) ludo.Rules {
	r, _ := ludo.Preset(rapid.SampledFrom(propPresets()).Draw(t, "preset"))
	vary := func(name string) bool { return rapid.IntRange(0, 3).Draw(t, "vary"+name) == 0 }
	if vary("Board") {
		r.Board = propDrawBoard(t, r.Board)
	}
	b := r.Board
	if vary("Players") || r.Players > b.Arms {
		r.Players = rapid.IntRange(2, b.Arms).Draw(t, "Players")
	}
	r.Seats = 0
	if vary("Seats") {
		all := []ludo.Color{ludo.Red, ludo.Green, ludo.Yellow, ludo.Blue, ludo.Purple, ludo.Orange}[:b.Arms]
		perm := rapid.Permutation(all).Draw(t, "seatPerm")
		r.Seats = ludo.ColorsOf(perm[:r.Players]...)
	}
	if vary("Teams") {
		r.Teams = rapid.SampledFrom([]ludo.TeamRule{ludo.NoTeams, ludo.Partners}).Draw(t, "Teams")
	}
	if vary("Tokens") {
		r.Tokens = rapid.IntRange(1, ludo.MaxTokens).Draw(t, "Tokens")
	}
	if vary("StartOut") {
		r.StartOut = rapid.IntRange(0, r.Tokens).Draw(t, "StartOut")
	}
	if vary("EntryRolls") {
		r.EntryRolls = propFacesGen(true).Draw(t, "EntryRolls")
	}
	if vary("SixEntry") {
		r.SixEntry = rapid.SampledFrom([]ludo.SixEntry{ludo.SixEntersOne, ludo.SixEntersTwoOrRuns}).Draw(t, "SixEntry")
	}
	if vary("EntryCompulsory") {
		r.EntryCompulsory = rapid.Bool().Draw(t, "EntryCompulsory")
	}
	if vary("ClearStart") {
		r.ClearStart = rapid.Bool().Draw(t, "ClearStart")
	}
	if vary("Tries") {
		r.Tries = rapid.IntRange(1, 3).Draw(t, "Tries")
	}
	if vary("BonusRolls") {
		r.BonusRolls = propFacesGen(false).Draw(t, "BonusRolls")
	}
	if vary("SixLimit") {
		r.SixLimit = rapid.SampledFrom([]int{0, 2, 3, 4}).Draw(t, "SixLimit")
	}
	if vary("SixPenalty") {
		r.SixPenalty = rapid.SampledFrom([]ludo.SixPenalty{ludo.VoidRoll, ludo.UndoTurn, ludo.LastMovedHome, ludo.ExposedHome}).Draw(t, "SixPenalty")
	}
	if vary("NoMoveForfeitsBonus") {
		r.NoMoveForfeitsBonus = rapid.Bool().Draw(t, "NoMoveForfeitsBonus")
	}
	if rapid.IntRange(0, 7).Draw(t, "varyCowries") == 0 {
		r.Cowries = true
	}
	if vary("SixValue") {
		r.SixValue = rapid.SampledFrom([]int{6, 7, 8, 12}).Draw(t, "SixValue")
	}
	if vary("SixValueAlways") {
		r.SixValueAlways = rapid.Bool().Draw(t, "SixValueAlways")
	}
	bonus := rapid.SampledFrom([]ludo.Bonus{ludo.NoBonus, ludo.BonusRoll, ludo.BonusMove(2), ludo.BonusMove(10), ludo.BonusMove(20), ludo.BonusMove(50)})
	if vary("CaptureBonus") {
		r.CaptureBonus = bonus.Draw(t, "CaptureBonus")
	}
	if vary("HomeBonus") {
		r.HomeBonus = bonus.Draw(t, "HomeBonus")
	}
	if vary("Blocks") {
		r.Blocks = rapid.SampledFrom([]ludo.BlockRule{ludo.NoBlocks, ludo.BlocksStopOpponents, ludo.BlocksStopAll, ludo.BlocksTowers, ludo.BlocksOnSafe}).Draw(t, "Blocks")
	}
	if vary("BreakOnSix") {
		r.BreakOnSix = rapid.Bool().Draw(t, "BreakOnSix")
	}
	if vary("SquareLimit") {
		r.SquareLimit = rapid.SampledFrom([]int{0, 2, 3, 4}).Draw(t, "SquareLimit")
	}
	if vary("OwnLanding") {
		r.OwnLanding = rapid.SampledFrom([]ludo.OwnLanding{ludo.OwnLandingAllowed, ludo.OwnLandingForbidden}).Draw(t, "OwnLanding")
	}
	if vary("MultiCapture") {
		r.MultiCapture = rapid.SampledFrom([]ludo.MultiCapture{ludo.CaptureAll, ludo.CaptureRefused, ludo.CaptureNone, ludo.CaptureMover}).Draw(t, "MultiCapture")
	}
	if vary("SafeSquares") {
		r.SafeSquares = rapid.SampledFrom([]ludo.SafeRule{ludo.SafeShare, ludo.SafeMoverHome, ludo.SafeExclusive}).Draw(t, "SafeSquares")
	}
	if vary("EntryCapture") {
		r.EntryCapture = rapid.SampledFrom([]ludo.EntryCapture{ludo.EntryLands, ludo.EntryCapturesAll, ludo.EntryCapturesLast}).Draw(t, "EntryCapture")
	}
	if vary("GuardedExits") {
		r.GuardedExits = rapid.Bool().Draw(t, "GuardedExits")
	}
	if vary("CaptureDuty") {
		r.CaptureDuty = rapid.SampledFrom([]ludo.CaptureDuty{ludo.CaptureOptional, ludo.CaptureCompulsory, ludo.CapturePenalty}).Draw(t, "CaptureDuty")
	}
	if vary("CaptureBeforeHome") {
		r.CaptureBeforeHome = rapid.Bool().Draw(t, "CaptureBeforeHome")
	}
	if vary("Overtake") {
		r.Overtake = rapid.SampledFrom([]ludo.Overtake{ludo.OvertakeAll, ludo.OvertakeOpponents, ludo.OvertakeNone, ludo.OvertakeCaptures}).Draw(t, "Overtake")
	}
	if vary("HomeJumps") {
		r.HomeJumps = rapid.SampledFrom([]ludo.HomeJumps{ludo.HomeJumpsAllowed, ludo.HomeJumpsForbidden}).Draw(t, "HomeJumps")
	}
	if vary("Finish") {
		r.Finish = rapid.SampledFrom([]ludo.FinishRule{ludo.ExactFinish, ludo.BounceFinish, ludo.AnyRollFinishes}).Draw(t, "Finish")
	}
	if vary("Goal") {
		r.Goal = rapid.SampledFrom([]ludo.GoalRule{ludo.GoalFinish, ludo.GoalSlots}).Draw(t, "Goal")
	}
	if vary("HomeSteps") {
		r.HomeSteps = rapid.Bool().Draw(t, "HomeSteps")
	}
	if vary("End") {
		r.End = rapid.SampledFrom([]ludo.EndRule{ludo.PlayForAllPlaces, ludo.FirstWinner}).Draw(t, "End")
	}
	if vary("FinishTokens") {
		r.FinishTokens = rapid.IntRange(0, r.Tokens).Draw(t, "FinishTokens")
	}
	if vary("TowersTogether") {
		r.TowersTogether = rapid.Bool().Draw(t, "TowersTogether")
		if r.TowersTogether && rapid.Bool().Draw(t, "towers") {
			r.Blocks, r.SquareLimit = ludo.BlocksTowers, 2
		}
	}
	if vary("RoundAgain") {
		r.RoundAgain = rapid.Bool().Draw(t, "RoundAgain")
	}
	if vary("Decline") {
		r.Decline = rapid.Bool().Draw(t, "Decline")
	}
	propRepair(&r, try)
	return r
}

// propRepair changes drawn rules that Validate would refuse into rules it
// accepts, where one option can be put right (which one depends on try,
// so that a second draw repairs the other way).
func propRepair(r *ludo.Rules, try int) {
	b := &r.Board
	if r.Seats != 0 && r.Seats.Len() != r.Players {
		r.Seats = 0
	}
	if r.Teams == ludo.Partners && r.Players%2 != 0 {
		r.Teams = ludo.NoTeams
	}
	r.StartOut = min(r.StartOut, r.Tokens)
	r.FinishTokens = min(r.FinishTokens, r.Tokens)
	if r.Cowries {
		// Rule X1: the faces the options name are counts of the cowries,
		// the graces where none is left. No count is 1, so a token one
		// short of the finish could wait there for ever under an exact or
		// bouncing finish, and a goal slot or a step of rule V2 one on be
		// out of reach (Q13): the drawn games finish on any count.
		faces := ludo.ThrowFaces(*r)
		if r.EntryRolls &= faces; r.EntryRolls == 0 {
			r.EntryRolls = ludo.FacesOf(6, 10, 25)
		}
		r.BonusRolls &= faces
		r.Goal, r.HomeSteps = ludo.GoalFinish, false // goal slots and steps jam as well (M1, V2)
		// A bounce counts a token one short back first (Y9), where it
		// has room: no rule keeps its own tokens apart in the home column
		// (Q11, M6, F2), which could jam it as an exact finish does.
		room := r.OwnLanding == ludo.OwnLandingAllowed && r.HomeJumps == ludo.HomeJumpsAllowed && r.Overtake == ludo.OvertakeAll
		if r.Finish != ludo.BounceFinish || b.HomeColumn < 1 || !room {
			r.Finish = ludo.AnyRollFinishes
		}
	}
	if b.StartLane > 0 { // rule Y1: not played with laps, guarded exits or the exposed home
		r.CaptureBeforeHome, r.GuardedExits = false, false
		if r.SixPenalty == ludo.ExposedHome {
			r.SixPenalty = ludo.VoidRoll
		}
	}
	if r.Blocks == ludo.NoBlocks {
		r.BreakOnSix = false
	}
	if r.Blocks != ludo.NoBlocks && r.OwnLanding == ludo.OwnLandingForbidden {
		if try%2 == 0 {
			r.OwnLanding = ludo.OwnLandingAllowed
		} else {
			r.Blocks, r.BreakOnSix = ludo.NoBlocks, false
		}
	}
	if r.StartOut > 1 && r.OwnLanding == ludo.OwnLandingForbidden {
		r.StartOut = 1
	}
	if r.SquareLimit != 0 && r.SquareLimit < r.StartOut {
		r.SquareLimit = r.StartOut
	}
	if r.EntryCapture == ludo.EntryCapturesLast && r.SquareLimit == 0 {
		r.SquareLimit = 2 + try%3
		r.StartOut = min(r.StartOut, r.SquareLimit)
	}
	if r.SixEntry == ludo.SixEntersTwoOrRuns && (!r.EntryRolls.Has(6) || b.HomeEntry < 5) {
		if try%2 == 0 && b.HomeEntry >= 5 {
			r.EntryRolls |= ludo.FacesOf(6)
		} else {
			r.SixEntry = ludo.SixEntersOne
		}
	}
	if r.Goal == ludo.GoalSlots {
		if r.Tokens > b.HomeColumn+1 {
			r.Tokens = b.HomeColumn + 1
			r.StartOut = min(r.StartOut, r.Tokens)
			r.FinishTokens = min(r.FinishTokens, r.Tokens)
		}
		if r.Finish == ludo.BounceFinish && !r.HomeSteps {
			r.Finish = ludo.ExactFinish
		}
		if r.FinishTokens != 0 && r.FinishTokens < r.Tokens {
			r.FinishTokens = 0
		}
	}
	if r.HomeSteps {
		if r.Finish == ludo.AnyRollFinishes || r.Finish == ludo.BounceFinish && (r.CaptureBeforeHome || ludo.RulesMaxSteps(*r)-1 > b.HomeEntry) {
			r.Finish = ludo.ExactFinish
		}
	}
	if r.FinishTokens != 0 && r.FinishTokens < r.Tokens {
		r.End = ludo.FirstWinner
	}
	// A bounce that would count back past the home entry is refused (rule
	// C5): kept now and then, so that the refusal is drawn.
	if r.Finish == ludo.BounceFinish && !r.HomeSteps && ludo.RulesMaxSteps(*r)-1 > b.HomeColumn+1 && try%3 != 2 && !r.Cowries {
		r.Finish = ludo.ExactFinish
		if try%2 == 1 {
			r.Finish = ludo.AnyRollFinishes
		}
	}
	if r.SixLimit == 1 {
		r.SixLimit = 2
	}
	if r.SafeSquares == ludo.SafeExclusive && r.SixEntry == ludo.SixEntersTwoOrRuns && r.EntryCapture == ludo.EntryCapturesLast {
		// The engine tries F1's pair only where one token may enter, so
		// a pair making room by rule P4 where H4 keeps one out is not
		// played: a question no preset asks, left out here.
		r.EntryCapture = ludo.EntryLands
	}
	if r.Blocks == ludo.BlocksTowers { // rules R3 to R5: a tower is two, on one die, with no partners, stars, retiring or opening
		if try%2 == 0 && r.OwnLanding == ludo.OwnLandingAllowed {
			r.SquareLimit, r.StartOut, r.Teams = 2, min(r.StartOut, 2), ludo.NoTeams
			b.Stars, r.CaptureRetires, r.BreakOnSix = 0, false, false
			if r.EntryCapture == ludo.EntryCapturesLast {
				r.EntryCapture = ludo.EntryLands
			}
		} else {
			r.Blocks = ludo.BlocksStopOpponents
		}
	}
	if r.GuardedExits && (r.SquareLimit == 0 || !b.Safe.Has(0) || r.StartOut > 1 || r.SixEntry == ludo.SixEntersTwoOrRuns) {
		r.GuardedExits = false // rule A5
	}
	if r.SixValueAlways && r.SixValue == 6 {
		r.SixValueAlways = false
	}
	if r.Overtake == ludo.OvertakeCaptures && (r.CaptureRetires || b.Stars != 0 || r.SixEntry == ludo.SixEntersTwoOrRuns || r.CaptureBeforeHome || r.HomeSteps ||
		r.SafeSquares == ludo.SafeMoverHome && b.Safe != 0 || r.MultiCapture == ludo.CaptureMover) {
		r.Overtake = ludo.OvertakeAll
	}
	// Rules Y5 to Y7: the choices, each where it makes sense.
	if r.TowersTogether && (r.Blocks != ludo.BlocksTowers || r.Goal == ludo.GoalSlots || r.Overtake == ludo.OvertakeCaptures ||
		r.SafeSquares == ludo.SafeMoverHome && b.Safe != 0 || r.MultiCapture == ludo.CaptureMover) {
		r.TowersTogether = false
	}
	lastEntry := b.Track - 1 // the square before the start square, or with a start lane the start square again (rule Y1)
	if b.StartLane > 0 {
		lastEntry = b.StartLane + b.Track
	}
	if r.RoundAgain && b.HomeEntry != lastEntry && try%2 == 0 && lastEntry+b.HomeColumn <= 249 {
		b.HomeEntry = lastEntry
	}
	if r.RoundAgain && (b.HomeEntry != lastEntry || r.CaptureBeforeHome || r.HomeSteps || r.Overtake == ludo.OvertakeCaptures || b.Stars != 0) {
		r.RoundAgain = false
	}
	if r.TwoDice || r.SixEntry == ludo.SixEntersTwoOrRuns || r.CaptureDuty == ludo.CapturePenalty {
		r.TowersTogether, r.RoundAgain, r.Decline = false, false, false
	}
}

// propEndless reports whether no game under r can end, so that
// propRulesGen leaves r out: every roll earns a bonus while the bonus
// rolls are capped with a penalty that undoes the turn (every turn then
// ends with its moves undone; Validate refuses these rules too, see
// TestPropValidateRejectsEndlessRules); or a colour must capture before
// it goes home (rule K4) where nobody can ever be captured: every track
// square is safe and entering captures nobody; or where every face earns
// a bonus roll with no SixLimit, so that the first player plays alone, and
// nobody is on the board for it to capture (StartOut puts none there, or
// on safe start squares).
func propEndless(r ludo.Rules) bool {
	b := r.Board
	allSafe := b.Safe == ludo.Offsets(uint64(1)<<b.StartSpacing-1)
	allBonus := r.BonusRolls == ludo.FacesOf(1, 2, 3, 4, 5, 6)
	alone := allBonus && r.SixLimit == 0 && !r.NoMoveForfeitsBonus && (r.StartOut == 0 || b.Safe.Has(0))
	return allBonus && r.SixLimit > 0 && r.SixPenalty == ludo.UndoTurn ||
		r.CaptureBeforeHome && (allSafe && r.EntryCapture == ludo.EntryLands || alone)
}

// propSlow reports whether random games under r may run past
// propEndPlies: a penalty that sends tokens back at the six limit
// (UndoTurn, LastMovedHome) where a tenth of turns or more reach it, on a
// track of 52 squares; on a longer track the penalty costs a token more
// progress, so the share that makes a game slow shrinks with it (a track
// of 250 with the limit at two sixes is slow). Such a game can end, but a
// random player may take millions of transitions to end it;
// TestPropGameEnds leaves these rules out.
func propSlow(r ludo.Rules) bool {
	if r.SixLimit == 0 || r.SixPenalty == ludo.VoidRoll {
		return false
	}
	p := float64(bits.OnesCount8(uint8(r.BonusRolls))) / 6
	if r.TwoDice {
		p /= 6 // a double of a bonus face (rule W3)
	}
	share := math.Pow(p, float64(r.SixLimit))
	return share*float64(r.Board.Track)/52 >= 0.1
}

// propDutySlow reports whether a game under a capture duty (rule M8) that
// has not ended at s is slow for random players rather than stuck:
// players who capture first and move their furthest token end it from s
// (propWitness). Where most faces bring a token in, a token sent back
// comes straight in again and the track stays crowded, so that a token
// seldom gets through: under maedn6{EntryRolls:{1 2 3 4 5 6}
// BonusRolls:{1} CaptureDuty:CapturePenalty}, 20 games of 300,000 plies by
// players who pick their moves at random offered a capture on 910,184 of
// 3,000,000 moves, passed 445,690 up (each time losing the token that
// could have made it) and brought 2 tokens home, while players who take
// every capture end it in 13,098 plies (the median); under
// maedn6{EntryRolls:{1 2 3 4 5 6} CaptureDuty:CaptureCompulsory}, 8 random
// players' games took from 256,336 plies to more than 1,000,000, and
// those of players who capture and move their furthest token from 14,988
// to 23,744. On maedn6, compulsory entry and ClearStart keep a colour's
// tokens on the squares after its start square while one waits in the
// yard, and a token runs past five such crowds; under the same options,
// games on the classic, maedn, ludoking6 and parchis6 boards took at most
// 56,298 plies (4 to 20 games each). How slow depends on the board, the
// entry faces and the dice (loaded dice whose bonus faces enter are
// slower), so the witness, not a bound on the options, tells these games
// apart.
func propDutySlow(s ludo.State) bool {
	return s.Rules().CaptureDuty != ludo.CaptureOptional && propWitness(s) >= 0
}

// propGame is a playout: the rules, the positions it went through (the last
// being the position reached) and every legal move seen on the way, a pool
// of moves that are mostly illegal in any other position.
type propGame struct {
	rules  ludo.Rules
	states []ludo.State
	pool   []ludo.Move
	// watch, where set, is called with each position play reaches from
	// index watchFrom of states on, as it is reached: a property that
	// fails there stops the game, so that a failure's log ends at the
	// ply that shows it (propForPositions).
	watch     func(ludo.State)
	watchFrom int
}

func (g *propGame) last() ludo.State { return g.states[len(g.states)-1] }

// propRand is where a playout's dice and choices come from: rapid's
// draws (propDraws), so that a failure shrinks to a game of the few rolls
// and moves that matter, or a PCG (propPCG) where a game is played on
// further than a failure could be shrunk (propPlayOn) or no rapid.T is at
// hand.
type propRand interface {
	// intN returns a number in [0, n): what names it in rapid's log.
	intN(n int, what string) int
	// logf writes a line of the game to rapid's log, which shows the
	// lines of the failing game only: the plies of a shrunk failure.
	logf(format string, args ...any)
}

// propDraws draws from rapid: each number is a draw of t's.
type propDraws struct{ t *rapid.T }

// propIndexGens are rapid.IntRange(0, n-1) for n from 1, made once, as a
// playout draws millions of numbers; String is called so that the
// parallel tests only read them.
var propIndexGens = func() (gs [64]*rapid.Generator[int]) {
	for n := range gs {
		gs[n] = rapid.IntRange(0, n)
		_ = gs[n].String()
	}
	return gs
}()

func (d propDraws) intN(n int, what string) int {
	switch {
	case n <= 1: // no choice: no draw, so that a shrunk game logs only choices
		return 0
	case n <= len(propIndexGens):
		return propIndexGens[n-1].Draw(d.t, what)
	}
	return rapid.IntRange(0, n-1).Draw(d.t, what)
}

func (d propDraws) logf(format string, args ...any) { d.t.Logf(format, args...) }

// propUniform draws a number in [0, n) about as often as any other: rapid
// favours small numbers, which for a cut of a game would favour the
// opening. It draws base-16 digits, each about uniform, and shrinks to 0.
func propUniform(t *rapid.T, n int, what string) int {
	v, span := 0, 1
	for span < n {
		v, span = v*16+propIndexGens[15].Draw(t, what), span*16
	}
	return v % n
}

// propPCG is a PCG's numbers.
type propPCG struct{ *rand.Rand }

func (p propPCG) intN(n int, _ string) int { return p.IntN(n) }

func (p propPCG) logf(string, ...any) {}

// propSeeded returns a PCG seeded with seed and stream.
func propSeeded(seed, stream uint64) propPCG { return propPCG{rand.New(rand.NewPCG(seed, stream))} }

// propPlayer picks dice and moves for a playout.
type propPlayer struct {
	rnd    propRand
	policy int  // 0: uniform; 1: captures, finishes and blocks first, then the furthest move; 2: the rearmost token first; 3: any of these, by chance
	loaded bool // a third of the rolls come from the bonus faces
}

// face draws a face of r's throw, the highest for the draw 0: rapid
// shrinks draws towards 0, and the high faces enter tokens and earn
// bonus rolls, so that a shrunk game gets going in few plies.
func (p *propPlayer) face(r ludo.Rules) int {
	faces := ludo.ThrowFaces(r)
	if p.loaded && r.BonusRolls != 0 && p.rnd.intN(3, "bonus face") == 0 {
		faces = r.BonusRolls
	}
	return propFaceAt(faces, faces.Len()-1-p.rnd.intN(faces.Len(), "face"))
}

// propThrow throws the dice of r from d: each die's faces alike
// (propFaceAt), one die or two (rule W1).
func propThrow(d propRand, r ludo.Rules) ludo.Outcome {
	faces := ludo.ThrowFaces(r)
	last := faces.Len() - 1 // the highest face for the draw 0, as propPlayer.face
	o := ludo.Outcome{Face: propFaceAt(faces, last-d.intN(faces.Len(), "die"))}
	if r.TwoDice {
		o.Second = propFaceAt(faces, last-d.intN(faces.Len(), "second die"))
	}
	return o
}

// propFaceAt returns the k-th face of faces, the lowest first: a face
// drawn alike from every face the rules' throw can show, a 25 of six
// cowries as often as their 3 (rule X1), so that the rare counts are
// played.
func propFaceAt(faces ludo.Faces, k int) int {
	for f := range faces.All() {
		if k == 0 {
			return f
		}
		k--
	}
	panic("propFaceAt: no such face")
}

// propFaceGen draws a face the throw of r can show (propFaceAt).
func propFaceGen(r ludo.Rules) *rapid.Generator[int] {
	faces := ludo.ThrowFaces(r)
	return rapid.Map(rapid.IntRange(0, faces.Len()-1), func(k int) int { return propFaceAt(faces, k) })
}

func (p *propPlayer) pick(ms []ludo.Move) ludo.Move {
	policy := p.policy
	if policy == 3 {
		policy = p.rnd.intN(3, "policy")
	}
	score := func(m ludo.Move) int {
		switch policy {
		case 1:
			return 1000*m.NumCaptured() + 500*propB2i(m.Finishes()) + 200*propB2i(m.FormsBlock()) + m.To()
		case 2:
			return -m.From()
		}
		return 0
	}
	if policy == 0 {
		return ms[p.rnd.intN(len(ms), "move")]
	}
	best := ms[0]
	for _, m := range ms[1:] {
		if score(m) > score(best) {
			best = m
		}
	}
	return best
}

func propB2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// play plays up to plies transitions (a roll or a move each) from s,
// stopping early when the game ends, and returns the error of the first
// transition that fails (a legal roll or move must never fail).
func (g *propGame) play(p *propPlayer, plies int) error {
	s := g.last()
	var buf []ludo.Move
	for i := range plies {
		if i == propPatience && p.policy == 2 {
			p.policy = 1 // see propPatience
		}
		var err error
		switch s.Phase() {
		case ludo.PhaseOver:
			return nil
		case ludo.PhaseRoll:
			f := p.face(g.rules)
			p.rnd.logf("ply %d: %v rolls %d", len(g.states), s.Turn(), f)
			if s, err = s.Roll(f); err != nil {
				return fmt.Errorf("Roll(%d) of\n%v: %w", f, g.last(), err)
			}
		case ludo.PhaseMove:
			buf = s.AppendLegalMoves(buf[:0])
			if len(buf) == 0 {
				return fmt.Errorf("no legal move in\n%v", s)
			}
			g.pool = append(g.pool, buf...)
			m := p.pick(buf)
			p.rnd.logf("ply %d: %v", len(g.states), m)
			if s, err = s.Apply(m); err != nil {
				return fmt.Errorf("Apply(%v) of\n%v: %w", m, g.last(), err)
			}
		}
		g.states = append(g.states, s)
		if g.watch != nil && len(g.states)-1 >= g.watchFrom {
			g.watch(s)
		}
	}
	return nil
}

// propDrawGame draws rules and plays a random game under them for a
// number of transitions drawn up to propCutPlies (or to its end, if that
// comes first): the position reached is the last of states, and pool
// holds the legal moves of the game so far.
func propDrawGame(t *rapid.T) *propGame { return propDrawGameWatch(t, nil) }

// propDrawGameWatch is propDrawGame calling watch, where it is not nil,
// with each position of the last propWindow before the cut as play
// reaches it; where the game ends before the cut, with the positions of
// its last propWindow (propTail) not watched yet, once it has.
func propDrawGameWatch(t *rapid.T, watch func(ludo.State)) *propGame {
	r := propRulesGen.Draw(t, "rules")
	p := propDrawPlayer(t)
	// Drawn numbers favour the small, which would favour the opening: most
	// cuts are uniform instead (propUniform).
	var k int
	if rapid.IntRange(0, 3).Draw(t, "cutKind") == 0 {
		k = rapid.IntRange(0, propCutPlies).Draw(t, "ply")
	} else {
		k = propUniform(t, propCutPlies+1, "ply")
	}
	g := &propGame{rules: r, states: []ludo.State{propMustNew(t, r)}, watch: watch, watchFrom: max(0, k+1-propWindow)}
	if watch != nil && g.watchFrom == 0 {
		watch(g.states[0])
	}
	if err := g.play(p, k); err != nil {
		t.Fatalf("rules %v: %v", r, err)
	}
	if watch != nil {
		for i := max(0, len(g.states)-propWindow); i < min(g.watchFrom, len(g.states)); i++ {
			watch(g.states[i]) // the game ended before the cut: its end
		}
		g.watch = nil
	}
	return g
}

// propWindow is how many positions before the cut the properties that
// check every position of a drawn game look at (propForPositions,
// TestPropConservation, TestPropSetupRoundTrip): the cut is drawn over
// the whole game, so the windows cover all of it between them.
const propWindow = 200

// propTail returns the last propWindow states of a game.
func propTail(g *propGame) []ludo.State {
	return g.states[max(0, len(g.states)-propWindow):]
}

// propDrawMoveGame is propDrawGame, then (if a roll is due) a roll of a drawn
// face, so that the position reached waits for a move unless the game is
// over.
func propDrawMoveGame(t *rapid.T) *propGame { return propDrawMoveGameWatch(t, nil) }

// propDrawMoveGameWatch is propDrawMoveGame with propDrawGameWatch's
// watch, which sees the position the roll reaches too.
func propDrawMoveGameWatch(t *rapid.T, watch func(ludo.State)) *propGame {
	g := propDrawGameWatch(t, watch)
	if s := g.last(); s.Phase() == ludo.PhaseRoll {
		f := propFaceGen(g.rules).Draw(t, "face")
		s2, err := s.Roll(f)
		if err != nil {
			t.Fatalf("Roll(%d) of\n%v: %v", f, s, err)
		}
		g.states = append(g.states, s2)
		if watch != nil {
			watch(s2)
		}
	}
	return g
}

// propEndPlies bounds a game (TestPropGameEnds). Measured with
// TestPropMeasureGames on 20,000 drawn games (every option): the median
// took 894 transitions, 90% ended within 2,466, 99% within 10,840 and
// 99.9% within 19,696; 540 were under slow rules (propSlow), 2 reached a
// stalemate (propDead), and 5 did not end within a million, all under
// CaptureBeforeHome with a colour that never captured (every face a
// bonus, so that one player plays alone, or a board of eight squares).
// The bound is fifty times the 99.9th percentile.
const propEndPlies = 1_000_000

// propLoopPlies is where TestPropGameEnds first judges a game that has not
// ended (propUnended), so that games the rules let go on for ever, or for
// long, cost no more: two and a half times the 99.9th percentile of
// drawn games' lengths (19,696, see propEndPlies). A game it plays on
// from there is played by players who choose their moves at random
// (propPlayOn): under fia{BonusRolls:{2 3 4 5} CaptureBonus:20
// SafeSquares:SafeMoverHome Finish:ExactFinish HomeSteps:true}, from a
// position TestPropGameEnds reached, 8 games of players who capture first
// and move their furthest token (or move their rearmost, then that)
// cycled for 200,000 plies, while 4 of players who choose at random ended
// within 1,835.
const propLoopPlies = 50_000

// propCutPlies bounds where propDrawGame cuts a game: above the 90th
// percentile of drawn games' lengths (2,466, see propEndPlies), so that
// most cuts fall anywhere in a game and some at its end.
const propCutPlies = 3000

// propPatience is how many transitions a player who always moves the
// rearmost token keeps to that policy before it turns to the furthest move:
// under some rules (entry on any face, bonus on most) its captures send
// tokens back as fast as they come on, and the game would never end.
const propPatience = 10_000

// propForPositions draws a game with propDrawMoveGame and calls f with each
// position of the last propWindow before the cut (or of the game's end,
// where it ends before), as the game reaches it: a failure stops the
// game there.
func propForPositions(t *rapid.T, f func(s ludo.State)) {
	propDrawMoveGameWatch(t, f)
}

// ---------------------------------------------------------------------------
// Helpers

// propCheckConservation checks that every seated colour has exactly Tokens
// tokens on the board (yard, track, home column and finish, counted with
// On square by square), that nothing else is, and that each token's
// Square is where its progress puts it (rules C2, C3, C4, K4).
func propCheckConservation(t *rapid.T, s ludo.State) {
	t.Helper()
	r := s.Rules()
	b := r.Board
	v := newRbView(s)
	var count [ludo.MaxPlayers]int
	tokens := s.Setup().Tokens
	for c := range ludo.Color(ludo.MaxPlayers) {
		if !s.Players().Has(c) {
			for i := range ludo.MaxTokens {
				if tokens[c][i] != -1 || s.Progress(c, i) != -1 {
					t.Fatalf("%v does not play but its token %d has progress %d\n%v", c, i, tokens[c][i], s)
				}
			}
			continue
		}
		for i := r.Tokens; i < ludo.MaxTokens; i++ {
			if tokens[c][i] != -1 || s.Progress(c, i) != -1 {
				t.Fatalf("%v token %d is past Tokens=%d but has progress %d\n%v", c, i, r.Tokens, tokens[c][i], s)
			}
		}
		squares := []ludo.Square{ludo.YardOf(c), ludo.FinishOf(c)}
		for n := 1; n <= b.HomeColumn; n++ {
			squares = append(squares, ludo.HomeSquare(c, n))
		}
		for _, sq := range squares {
			for o, k := range s.TokensOn(sq) {
				if k > 0 && ludo.Color(o) != c {
					t.Fatalf("On(%v) counts %d %v tokens\n%v", sq, k, ludo.Color(o), s)
				}
			}
			count[c] += s.TokensOn(sq)[c]
		}
	}
	for n := 1; n <= b.Track; n++ {
		for o, k := range s.TokensOn(ludo.TrackSquare(n)) {
			count[o] += k
		}
	}
	for c := range s.Players().All() {
		if count[c] != r.Tokens {
			t.Fatalf("%v has %d tokens on the board, want %d\n%v", c, count[c], r.Tokens, s)
		}
		for i := range r.Tokens {
			p := s.Progress(c, i)
			circling := r.CaptureBeforeHome && p > b.Finish() && p-b.Finish()+b.HomeEntry < b.Track
			if p < -1 || p > b.Finish() && !circling {
				t.Fatalf("%v token %d has progress %d\n%v", c, i, p, s)
			}
			want := b.Square(c, p)
			if sq := v.trackSquare(c, p); sq != 0 && p >= b.StartLane { // (a start lane's square is its home column's, rule Y1)
				want = ludo.TrackSquare(sq)
			}
			if got := s.Square(c, i); got != want {
				t.Fatalf("Square(%v, %d) = %v, want %v (progress %d)\n%v", c, i, got, want, p, s)
			}
		}
	}
}

// propCheckSquares checks what squares hold: no track square more than
// SquareLimit tokens (rule P2), no goal square more than one under
// GoalSlots (rule M1), no colour twice on a square under
// OwnLandingForbidden but a pair just entered (ruling Q11, rule F1), a
// block wherever a colour has two tokens on a track square and blocks are
// played (rule B1), and the marks of rule P4 only on squares two tokens
// share.
func propCheckSquares(t *rapid.T, s ludo.State) {
	t.Helper()
	r := s.Rules()
	b := r.Board
	v := newRbView(s)
	blocks := map[ludo.Square]ludo.Colors{}
	for sq, c := range s.Blocks() {
		blocks[sq] |= ludo.ColorsOf(c)
	}
	for n := 1; n <= b.Track; n++ {
		on := v.on(n, rbTok{c: ludo.MaxPlayers})
		if r.SquareLimit > 0 && len(on) > r.SquareLimit {
			t.Fatalf("square %d holds %d tokens, SquareLimit is %d\n%v", n, len(on), r.SquareLimit, s)
		}
		var want ludo.Colors
		for c, ts := range byColor(on) {
			if len(ts) >= 2 && r.Blocks != ludo.NoBlocks && (r.Blocks != ludo.BlocksOnSafe || b.IsSafe(ludo.TrackSquare(n))) { // rules B1, S4
				want |= ludo.ColorsOf(c)
			}
			start := r.SixEntry == ludo.SixEntersTwoOrRuns && len(ts) == 2 && v.prog[c][ts[0].i] == 0
			if len(ts) >= 2 && r.OwnLanding == ludo.OwnLandingForbidden && !start {
				t.Fatalf("%d %v tokens share square %d under OwnLandingForbidden\n%v", len(ts), c, n, s)
			}
		}
		if blocks[ludo.TrackSquare(n)] != want {
			t.Fatalf("Blocks() gives %v on square %d, want %v\n%v", blocks[ludo.TrackSquare(n)], n, want, s)
		}
		for _, o := range on {
			if v.later[o.c][o.i] && len(on) != 2 {
				t.Fatalf("%v token %d is marked as arrived last on square %d, which holds %d tokens\n%v", o.c, o.i, n, len(on), s)
			}
		}
	}
	for c := range s.Players().All() {
		for p := b.HomeEntry + 1; p <= b.Finish(); p++ {
			k := 0
			for i := range r.Tokens {
				if v.prog[c][i] == p {
					k++
				}
			}
			switch {
			case k > 1 && r.Goal == ludo.GoalSlots:
				t.Fatalf("%d %v tokens on goal square %v under GoalSlots\n%v", k, c, b.Square(c, p), s)
			case k > 1 && r.OwnLanding == ludo.OwnLandingForbidden && p < b.Finish():
				t.Fatalf("%d %v tokens on %v under OwnLandingForbidden\n%v", k, c, b.Square(c, p), s)
			}
		}
	}
}

// propCheckPaths checks every legal move's path, walked as the rulebook
// counts it: no token passes a block that stops it or lands on one (rule
// B2), but a tower is passed, and a tower moving whole lands on one (rules
// R4, R5); and a finished token never moves (rule B3).
func propCheckPaths(t *rapid.T, s ludo.State) {
	t.Helper()
	v := newRbView(s)
	r := v.r
	for _, m := range s.LegalMoves() {
		if m.IsPass() {
			continue
		}
		tok := rbTok{m.Color(), m.Token()}
		if m.From() == v.fin {
			t.Fatalf("a finished token moves: %v\n%v", m, s)
		}
		var path []int
		switch {
		case m.From() < 0 && r.SixEntry == ludo.SixEntersTwoOrRuns && isRun(v, m):
			path = []int{1, 2, 3, 4, 5} // as a move from the start square (rule F1), a star there jumping on (rule D2)
		case m.From() < 0:
			path = []int{0}
		case r.HomeSteps && m.From() >= v.he && m.From() < v.fin && v.open(tok.c):
			path = []int{m.From() + 1}
		case r.HomeSteps && m.Bounces(): // rule V2: up to the gate and back
			path = v.gateWalk(m.From(), m.Count())
		case r.RoundAgain && m.Circles(): // rule Y6: round again, on from the start square
			for p := m.From() + 1; p <= v.he; p++ {
				path = append(path, p)
			}
			for p := v.he - v.b.Track + 1; p <= m.To(); p++ { // (with a start lane, past the start square: rule Y1)
				path = append(path, p)
			}
		default:
			path, _, _, _ = v.walk(tok.c, m.From(), m.Count())
		}
		stopped := func(p int) (ludo.Color, bool) {
			sq := v.trackSquare(tok.c, p)
			if sq == 0 {
				return 0, false
			}
			for o, ts := range byColor(v.on(sq, tok)) {
				if v.stops(ts, o, tok.c) && (o != tok.c || r.Blocks == ludo.BlocksStopAll) &&
					(r.Blocks != ludo.BlocksOnSafe || v.b.IsSafe(ludo.TrackSquare(sq))) { // rule S4: a block on a safe square only
					return o, true
				}
			}
			return 0, false
		}
		for k, p := range path {
			o, ok := stopped(p)
			switch {
			case !ok:
			case k < len(path)-1 && r.Blocks == ludo.BlocksTowers: // rule R4: a tower is passed
			case k < len(path)-1:
				t.Fatalf("%v passes the %v block at progress %d\n%v", m, o, p, s)
			case m.MovesTower(): // rule R5: a tower lands on a tower, and captures its two and those it passed (rule S1)
				if passed := len(v.overtaken(tok, path[:k])); !v.whole(tok) || m.NumCaptured() != 2+passed {
					t.Fatalf("%v moves a tower onto the %v tower at progress %d, but not from a tower moving whole or capturing two and the %d it passed\n%v", m, o, p, passed, s)
				}
			case m.Enters() && p == 0 && r.EntryCapture == ludo.EntryCapturesLast:
				// Rule P4: an enemy pair on the exit does not stop entry.
			case r.Blocks == ludo.BlocksOnSafe:
				// Rule S4: a bench's block stops passing, not landing.
			case o != tok.c && !v.partners(o, tok.c) && (m.Enters() || !m.Jumps()):
				t.Fatalf("%v lands on the %v block at progress %d\n%v", m, o, p, s)
			}
		}
	}
}

// isRun reports whether m is the 6 that enters a token and runs it on to
// progress 5 (rule F1), as the reference has it: where progress 5 is a
// star, its move ends further on (rule D2).
func isRun(v *rbView, m ludo.Move) bool {
	rm, ok := v.matching(m)
	return ok && rm.run
}

// propCheckPhase checks the invariants of the phase, the die, the six count,
// the turn and the ranking.
func propCheckPhase(t *rapid.T, s ludo.State) {
	t.Helper()
	r := s.Rules()
	v := newRbView(s)
	u := s.Setup()
	rank := s.Ranking()
	seen := ludo.Colors(0)
	for k, c := range rank {
		if !s.Players().Has(c) || seen.Has(c) || s.Place(c) == 0 {
			t.Fatalf("bad ranking %v (place of %v is %d)\n%v", rank, c, s.Place(c), s)
		}
		if r.Teams == ludo.NoTeams && s.Place(c) != k+1 {
			t.Fatalf("ranking %v gives %v place %d\n%v", rank, c, s.Place(c), s)
		}
		seen |= ludo.ColorsOf(c)
		last := r.End == ludo.PlayForAllPlaces && r.Teams == ludo.NoTeams && k == r.Players-1
		if !last && r.Teams == ludo.NoTeams && !rbFinished(v, &u, c) {
			t.Fatalf("%v is ranked %d but has not finished\n%v", c, k+1, s)
		}
	}
	for c := range s.Players().All() {
		if !seen.Has(c) && (s.Place(c) != 0 || r.Teams == ludo.NoTeams && rbFinished(v, &u, c)) {
			t.Fatalf("%v is unranked but has place %d or has finished\n%v", c, s.Place(c), s)
		}
	}
	if w, ok := s.Winner(); ok != (len(rank) > 0) || (ok && w != rank[0]) {
		t.Fatalf("Winner() = %v, %v with ranking %v\n%v", w, ok, rank, s)
	}
	switch s.Phase() {
	case ludo.PhaseOver:
		want := 1
		if r.End == ludo.PlayForAllPlaces || r.Teams == ludo.Partners {
			want = r.Players
		}
		if len(rank) != want {
			t.Fatalf("game over with ranking %v, want %d players\n%v", rank, want, s)
		}
		if s.Die() != 0 || s.Streak() != 0 || s.Count() != 0 {
			t.Fatalf("game over with die %d, count %d and sixes %d", s.Die(), s.Count(), s.Streak())
		}
		return
	case ludo.PhaseRoll:
		if s.Die() != 0 || s.Count() != 0 || s.IsBonusMove() {
			t.Fatalf("roll due with die %d, count %d\n%v", s.Die(), s.Count(), s)
		}
		if r.SixLimit > 0 && s.Streak() >= r.SixLimit {
			t.Fatalf("roll due with sixes %d at the limit %d\n%v", s.Streak(), r.SixLimit, s)
		}
	case ludo.PhaseMove:
		if !ludo.ThrowFaces(r).Has(s.Die()) {
			t.Fatalf("move due with die %d\n%v", s.Die(), s)
		}
		if s.IsBonusMove() && s.Count() != r.CaptureBonus.Steps() && s.Count() != r.HomeBonus.Steps() {
			t.Fatalf("bonus move of %d under CaptureBonus %v, HomeBonus %v\n%v", s.Count(), r.CaptureBonus, r.HomeBonus, s)
		}
		if r.BonusRolls.Has(s.Die()) && s.Streak() < 1 {
			t.Fatalf("die %d earns a bonus but sixes is %d\n%v", s.Die(), s.Streak(), s)
		}
		if r.SixLimit > 0 && s.Streak() > r.SixLimit {
			t.Fatalf("sixes %d above the limit %d\n%v", s.Streak(), r.SixLimit, s)
		}
	}
	if r.BonusRolls == 0 && s.Streak() != 0 {
		t.Fatalf("no bonus faces but sixes is %d\n%v", s.Streak(), s)
	}
	if !s.Players().Has(s.Turn()) || s.Place(s.Turn()) != 0 || rbFinished(v, &u, s.Turn()) {
		t.Fatalf("turn of %v, who does not play or has finished\n%v", s.Turn(), s)
	}
	if len(rank) >= r.Players || (r.End == ludo.FirstWinner && len(rank) > 0) || r.Teams == ludo.Partners && len(rank) > 0 {
		t.Fatalf("game not over with ranking %v\n%v", rank, s)
	}
}

// propCheckPosition checks every invariant of a position.
func propCheckPosition(t *rapid.T, s ludo.State) {
	t.Helper()
	propCheckConservation(t, s)
	propCheckSquares(t, s)
	propCheckPhase(t, s)
}

// propAccepted returns the moves Apply must accept in s: the legal moves, and
// every token's own move where TokenMove allows it (ruling Q9 lists alike
// tokens once, but Apply takes the move of any of them), a second move of
// a 6 that enters (rule F1) included.
func propAccepted(s ludo.State) []ludo.Move {
	ms := s.LegalMoves()
	for i := range s.Rules().Tokens {
		if m, err := s.TokenMove(i); err == nil && !slices.Contains(ms, m) {
			ms = append(ms, m)
		}
	}
	for _, m := range s.LegalMoves() {
		for i := range s.Rules().Tokens {
			if m.Token() >= 0 && s.Progress(m.Color(), i) == m.From() && !slices.Contains(ms, ludo.MoveWithToken(m, i)) {
				ms = append(ms, ludo.MoveWithToken(m, i))
			}
		}
	}
	return ms
}

// propCandidates returns moves to try in s: moves seen anywhere in the game,
// TokenMove of every index (in and out of range), passes and forfeiting
// passes of every colour and face, and the zero Move.
func propCandidates(g *propGame, s ludo.State) []ludo.Move {
	ms := slices.Clone(g.pool)
	for _, i := range []int{-129, -2, -1, 0, 1, 2, 3, 4, 5, 127, 128, 255, 256} {
		if m, err := s.TokenMove(i); err == nil {
			ms = append(ms, m)
		}
	}
	return append(append(ms, propAllPasses...), ludo.Move{})
}

// propWrongPhaseErr is the error a transition of the wrong kind gets in s: a roll
// while a move is due or a move while a roll is due, or after the game.
func propWrongPhaseErr(s ludo.State) error {
	if s.Phase() == ludo.PhaseOver {
		return ludo.ErrGameOver
	}
	return ludo.ErrWrongPhase
}

func propForfeiting(s ludo.State) bool {
	r := s.Rules()
	return s.Phase() == ludo.PhaseMove && r.SixLimit > 0 && s.Streak() >= r.SixLimit && !s.IsBonusMove()
}

// propMoveKey is what a Move says of itself through its accessors, for
// comparing moves without relying on how they are stored.
type propMoveKey struct {
	color                                      ludo.Color
	token, from, to, die, count, captures      int
	pass, forfeits, enters, finishes, forms    bool
	bounces, jumps, circles, home, pair, bonus bool
	tower                                      bool
}

func propKeyOf(m ludo.Move) propMoveKey {
	return propMoveKey{m.Color(), m.Token(), m.From(), m.To(), m.Die(), m.Count(), m.NumCaptured(),
		m.IsPass(), m.Forfeits(), m.Enters(), m.Finishes(), m.FormsBlock(),
		m.Bounces(), m.Jumps(), m.Circles(), m.SendsMoverHome(), m.EntersPair(), m.IsBonusMove(), m.MovesTower()}
}

func propKeysOf(ms []ludo.Move) []propMoveKey {
	ks := make([]propMoveKey, len(ms))
	for i, m := range ms {
		ks[i] = propKeyOf(m)
	}
	return ks
}

// propAllFinished reports whether colour c is done (rules C6, M1, K6).
func propAllFinished(s ludo.State, c ludo.Color) bool {
	u := s.Setup()
	return rbFinished(newRbView(s), &u, c)
}

// propAllPasses holds every pass and forfeiting pass of every colour and die
// face, taken from positions built with Setup, where the rules force them.
var propAllPasses = func() []ludo.Move {
	var ms []ludo.Move
	for c := range ludo.Color(ludo.MaxPlayers) {
		for d := 1; d <= 6; d++ {
			for _, forfeit := range []bool{false, true} {
				r := ludo.Classic()
				if c >= 4 {
					r.Board.Arms, r.Board.Track, r.Players = 6, 78, 6
				}
				u := ludo.Setup{Turn: c, Die: d}
				if forfeit {
					r.BonusRolls, r.SixLimit, u.Streak = ludo.FacesOf(d), 2, 2
				} else {
					r.BonusRolls, r.EntryRolls = 0, ludo.FacesOf(1+d%6)
				}
				for i := range u.Tokens {
					for j := range u.Tokens[i] {
						u.Tokens[i][j] = -1
					}
				}
				u.Rules = r
				s, err := u.State()
				if err != nil {
					panic(err)
				}
				ms = append(ms, s.LegalMoves()...)
			}
		}
	}
	for _, m := range ms {
		if !m.IsPass() || len(ms) != 2*6*ludo.MaxPlayers {
			panic(fmt.Sprintf("not a pass: %v", m))
		}
	}
	return ms
}()

// ---------------------------------------------------------------------------
// Properties

func TestPropRulesValid(t *testing.T) {
	t.Parallel()
	rapid.Check(t, func(t *rapid.T) {
		r := propRulesGen.Draw(t, "rules")
		if err := r.Validate(); err != nil {
			t.Fatalf("Validate(%v): %v", r, err)
		}
		s := propMustNew(t, r)
		if s.Rules() != r {
			t.Fatalf("New(r).Rules() = %#v, want %#v", s.Rules(), r)
		}
		if s.Phase() != ludo.PhaseRoll || s.Players().Len() != r.Players {
			t.Fatalf("start position: phase %v, players %v\n%v", s.Phase(), s.Players(), s)
		}
		if r.Seats != 0 && s.Players() != r.Seats {
			t.Fatalf("Players() = %v, want Seats %v", s.Players(), r.Seats)
		}
		first := true
		for c := range s.Players().All() {
			// Rules C2, K6, M5: the yard, but StartOut on the start square.
			if n := s.TokensOn(ludo.YardOf(c))[c]; n != r.Tokens-r.StartOut {
				t.Fatalf("%v has %d tokens in the yard at the start, want %d", c, n, r.Tokens-r.StartOut)
			}
			if n := s.TokensOn(r.Board.Square(c, 0))[c]; n != r.StartOut {
				t.Fatalf("%v has %d tokens on its start square at the start, want %d", c, n, r.StartOut)
			}
			if first && s.Turn() != c { // ruling Q12
				t.Fatalf("first to roll is %v, want %v (the first seat clockwise from red)", s.Turn(), c)
			}
			first = false
		}
	})
}

func TestPropConservation(t *testing.T) {
	t.Parallel()
	rapid.Check(t, func(t *rapid.T) {
		for _, s := range propTail(propDrawGame(t)) {
			propCheckPosition(t, s)
		}
	})
}

func propLegalMovesApply(t *rapid.T) {
	propForPositions(t, func(s ludo.State) { propCheckLegalMovesApply(t, s) })
}

func propCheckLegalMovesApply(t *rapid.T, s ludo.State) {
	ms := s.LegalMoves()
	if s.Phase() == ludo.PhaseMove && len(ms) == 0 {
		t.Fatalf("no legal moves while a move is due\n%v", s)
	}
	if s.Phase() != ludo.PhaseMove && len(ms) != 0 {
		t.Fatalf("legal moves %v in phase %v\n%v", ms, s.Phase(), s)
	}
	propCheckPaths(t, s)
	for _, m := range ms {
		before := s
		s2, err := s.Apply(m)
		if err != nil {
			t.Fatalf("legal move %v rejected: %v\n%v", m, err, s)
		}
		if s != before {
			t.Fatalf("Apply(%v) changed its receiver", m)
		}
		propCheckPosition(t, s2)
	}
}

func TestPropLegalMovesApply(t *testing.T) {
	t.Parallel()
	rapid.Check(t, propLegalMovesApply)
}

// FuzzLegalMovesApply reuses the property as a fuzz target:
// go test -fuzz=FuzzLegalMovesApply.
func FuzzLegalMovesApply(f *testing.F) {
	f.Add([]byte{})
	f.Add([]byte{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15})
	f.Fuzz(rapid.MakeFuzz(propLegalMovesApply))
}

// propCheckReference compares the legal moves and every token's TokenMove
// with the reference (properties_ref_test.go), the rulebook restated.
func propCheckReference(t *rapid.T, s ludo.State) {
	if s.Phase() != ludo.PhaseMove {
		return
	}
	v := newRbView(s)
	var want []propMoveKey
	for _, m := range v.legal() {
		want = append(want, m.key())
	}
	if got := propKeysOf(s.LegalMoves()); !slices.Equal(got, want) {
		back, err := ludo.ParsePosition(ludo.FormatPosition(s))
		dump := func(s ludo.State) string {
			return fmt.Sprintf("%#v", s) // the engine's fields
		}
		t.Fatalf("LegalMoves() =\n%v\nwant\n%v\n%v%s\nDEBUG %s\nDEBUG %s %v", got, want, s, ludo.FormatPosition(s), dump(s), dump(back), err)
	}
	for i := -1; i <= s.Rules().Tokens; i++ {
		want, ok := v.tokenMove(i)
		m, err := s.TokenMove(i)
		switch {
		case ok && err != nil:
			t.Fatalf("TokenMove(%d) refused (%v), want %+v\n%v", i, err, want.key(), s)
		case !ok && err == nil:
			t.Fatalf("TokenMove(%d) = %v, want it refused\n%v", i, m, s)
		case err != nil && !errors.Is(err, ludo.ErrIllegalMove):
			t.Fatalf("TokenMove(%d) error %v does not match ErrIllegalMove", i, err)
		case err == nil && propKeyOf(m) != want.key():
			t.Fatalf("TokenMove(%d) = %v %+v, want %+v\n%v", i, m, propKeyOf(m), want.key(), s)
		}
	}
}

// TestPropMatchesReference compares every position's legal moves and
// TokenMoves with the reference's.
func TestPropMatchesReference(t *testing.T) {
	t.Parallel()
	rapid.Check(t, func(t *rapid.T) {
		propForPositions(t, func(s ludo.State) { propCheckReference(t, s) })
	})
}

// propCheckTransition compares the position a roll or a move leads to with
// the reference's.
func propCheckTransition(t *rapid.T, s, s2 ludo.State, face int, m ludo.Move) {
	t.Helper()
	if face != 0 {
		u, count := rbRoll(s, face)
		if got := s2.Setup(); !rbSame(got, []ludo.Setup{u}) || s2.Count() != count || s2.IsBonusMove() {
			t.Fatalf("Roll(%d) of\n%v\ngave\n%s(count %d), want\n%s(count %d)", face, s, rbSetupString(got), s2.Count(), rbSetupString(u), count)
		}
		return
	}
	want, err := rbApply(s, m)
	if err != nil {
		t.Fatalf("Apply(%v): %v\n%v", m, err, s)
	}
	if got := s2.Setup(); !rbSame(got, want) {
		var b strings.Builder
		for _, w := range want {
			b.WriteString(rbSetupString(w))
		}
		t.Fatalf("Apply(%v) of\n%v\ngave\n%s\nwant\n%s%v", m, s, rbSetupString(got), b.String(), s2)
	}
}

// TestPropMatchesReferenceTransitions plays random games and compares
// every roll and every move, step by step, with the reference: what a
// move does to the tokens, then places, bonus rolls and moves, the third
// six's penalties, tries and the next turn; and every other legal move of
// the position reached.
func TestPropMatchesReferenceTransitions(t *testing.T) {
	t.Parallel()
	rapid.Check(t, func(t *rapid.T) {
		g := propDrawMoveGame(t)
		states := propTail(g)
		for k := 1; k < len(states); k++ {
			s, s2 := states[k-1], states[k]
			if s.Phase() == ludo.PhaseRoll {
				propCheckTransition(t, s, s2, s2.Die(), ludo.Move{})
				continue
			}
			m, ok := propMovePlayed(s, s2)
			if !ok {
				t.Fatalf("no legal move leads from\n%v\nto\n%v", s, s2)
			}
			propCheckTransition(t, s, s2, 0, m)
		}
		s := g.last()
		for _, m := range propAccepted(s) {
			s2, err := s.Apply(m)
			if err != nil {
				t.Fatalf("Apply(%v): %v\n%v", m, err, s)
			}
			propCheckTransition(t, s, s2, 0, m)
		}
	})
}

// propMovePlayed returns the legal move that leads from s to s2.
func propMovePlayed(s, s2 ludo.State) (ludo.Move, bool) {
	for _, m := range propAccepted(s) {
		if res, err := s.Apply(m); err == nil && res == s2 {
			return m, true
		}
	}
	return ludo.Move{}, false
}

// TestPropLegalMovesAreTokenMoves holds Roll's judgement of every token
// (kept in the State, unpacked by AppendLegalMoves) to TokenMove, the
// rule: the legal moves are exactly the TokenMove of each token not alike
// with a lower-numbered one (ruling Q9), in token order, with a second
// move of a 6 that enters after it (rule F1), or the one pass where there
// is none; and Apply accepts each alike token's move too.
func TestPropLegalMovesAreTokenMoves(t *testing.T) {
	t.Parallel()
	rapid.Check(t, func(t *rapid.T) {
		propForPositions(t, func(s ludo.State) {
			if s.Phase() != ludo.PhaseMove {
				return
			}
			c, r := s.Turn(), s.Rules()
			legal := s.LegalMoves()
			var want []ludo.Move
			for i := range r.Tokens {
				alike := false
				for j := range i {
					alike = alike || s.Progress(c, j) == s.Progress(c, i)
				}
				m, err := s.TokenMove(i)
				switch {
				case err != nil:
				case alike:
					if _, err := s.Apply(m); err != nil {
						t.Fatalf("Apply(%v) of an alike token: %v\n%v", m, err, s)
					}
				default:
					want = append(want, m)
				}
				if err == nil && !alike {
					for _, l := range legal { // rule F1: the second move; rules Y5, Y6: the choices
						if l.Token() == i && l != m && (l.From() < 0 || r.TowersTogether || r.RoundAgain) {
							want = append(want, l)
						}
					}
				}
			}
			if len(want) > 0 && legal[0].IsPass() && r.Decline { // rule Y7, beside the token moves
				want = append(want, legal[0])
			}
			if len(want) == 0 {
				want = append(want, s.LegalMoves()[0]) // the pass, checked by TestPropMatchesReference
			}
			slices.SortFunc(want, ludo.Move.Compare)
			if !slices.Equal(legal, want) {
				t.Fatalf("LegalMoves() = %v, want the TokenMoves %v\n%v", legal, want, s)
			}
		})
	})
}

func TestPropIllegalMovesRejected(t *testing.T) {
	t.Parallel()
	rapid.Check(t, func(t *rapid.T) {
		g := propDrawMoveGame(t)
		// Try the position reached, and a random earlier one (often a
		// position waiting for a roll).
		k := rapid.IntRange(0, len(g.states)-1).Draw(t, "earlier")
		for _, s := range []ludo.State{g.last(), g.states[k]} {
			ok := propAccepted(s)
			var want error
			if s.Phase() != ludo.PhaseMove {
				want = propWrongPhaseErr(s)
			}
			for _, i := range []int{-129, -2, -1, 0, 1, 2, 3, 4, 5, 127, 128, 255, 256} {
				before := s
				m, err := s.TokenMove(i)
				if s != before {
					t.Fatalf("TokenMove(%d) changed its receiver", i)
				}
				switch {
				case want != nil && !errors.Is(err, want):
					t.Fatalf("TokenMove(%d) in phase %v: error %v, want %v\n%v", i, s.Phase(), err, want, s)
				case err != nil && want == nil && !errors.Is(err, ludo.ErrIllegalMove):
					t.Fatalf("TokenMove(%d): error %v does not match ErrIllegalMove\n%v", i, err, s)
				case err == nil && (i < 0 || i >= s.Rules().Tokens):
					t.Fatalf("TokenMove(%d) = %v, but there is no token %d\n%v", i, m, i, s)
				case err != nil && m != (ludo.Move{}):
					t.Fatalf("TokenMove(%d) returned %v with error %v", i, m, err)
				}
			}
			for _, m := range propCandidates(g, s) {
				before := s
				s2, err := s.Apply(m)
				if s != before {
					t.Fatalf("Apply(%v) changed its receiver", m)
				}
				if slices.Contains(ok, m) {
					if err != nil {
						t.Fatalf("Apply(%v) of a legal move: %v\n%v", m, err, s)
					}
					continue
				}
				switch {
				case err == nil:
					t.Fatalf("Apply(%v) accepted a move that is not legal (legal: %v)\n%v\nresult:\n%v", m, ok, s, s2)
				case want != nil && !errors.Is(err, want):
					t.Fatalf("Apply(%v) in phase %v: error %v, want %v", m, s.Phase(), err, want)
				case want == nil && !errors.Is(err, ludo.ErrIllegalMove):
					t.Fatalf("Apply(%v): error %v does not match ErrIllegalMove\n%v", m, err, s)
				case s2 != s:
					t.Fatalf("Apply(%v) failed (%v) but returned a different State\n%v", m, err, s2)
				}
				var ime *ludo.IllegalMoveError
				if errors.As(err, &ime) && ime.Move != m {
					t.Fatalf("IllegalMoveError.Move = %v, want %v", ime.Move, m)
				}
			}
		}
	})
}

func TestPropTransitionsKeepInput(t *testing.T) {
	t.Parallel()
	rapid.Check(t, func(t *rapid.T) {
		g := propDrawGame(t)
		s := g.last()
		face := rapid.IntRange(-2, 9).Draw(t, "face")
		before := s
		s2, err := s.Roll(face)
		if s != before {
			t.Fatalf("Roll(%d) changed its receiver", face)
		}
		if err != nil && s2 != s {
			t.Fatalf("Roll(%d) failed (%v) but returned a different State", face, err)
		}
		if err == nil {
			s = s2
		}
		for _, m := range propAccepted(s) {
			before := s
			if _, err := s.Apply(m); err != nil {
				t.Fatalf("Apply(%v): %v\n%v", m, err, s)
			}
			_ = s.LegalMoves()
			_, _ = s.TokenMove(0)
			_ = s.String()
			_ = s.Setup()
			_ = ludo.FormatPosition(s)
			if s != before {
				t.Fatalf("Apply(%v) or a query changed its receiver", m)
			}
		}
	})
}

func TestPropLegalMovesForms(t *testing.T) {
	t.Parallel()
	rapid.Check(t, func(t *rapid.T) {
		propForPositions(t, func(s ludo.State) {
			a := s.AppendLegalMoves(nil)
			b := s.LegalMoves()
			var c []ludo.Move
			for m := range s.LegalMovesSeq() {
				c = append(c, m)
			}
			prefix := []ludo.Move{propAllPasses[len(propAllPasses)-1]}
			d := s.AppendLegalMoves(prefix)
			if !slices.Equal(a, b) || !slices.Equal(a, c) || !slices.Equal(d[:1], prefix) || !slices.Equal(d[1:], a) {
				t.Fatalf("AppendLegalMoves %v, LegalMoves %v, LegalMovesSeq %v, Append after a prefix %v\n%v", a, b, c, d, s)
			}
			for range s.LegalMovesSeq() {
				break // an early stop must not panic
			}
			for k := 1; k < len(a); k++ {
				if a[k-1].Compare(a[k]) >= 0 {
					t.Fatalf("legal moves not in strictly increasing Compare order: %v\n%v", a, s)
				}
			}
			for _, m := range a {
				if m.Compare(m) != 0 {
					t.Fatalf("%v.Compare(itself) != 0", m)
				}
				if m.Color() != s.Turn() || m.Count() != s.Count() || m.IsBonusMove() != s.IsBonusMove() || !m.IsBonusMove() && m.Die() != s.Die() {
					t.Fatalf("legal move %v is not %v's with die %d, count %d\n%v", m, s.Turn(), s.Die(), s.Count(), s)
				}
			}
			passes := 0
			for _, m := range a {
				if m.IsPass() {
					passes++
				}
			}
			if passes > 1 || passes > 0 && len(a) != 1 && !(s.Rules().Decline && a[0].IsPass() && !a[0].Forfeits()) { // rule Y7: refusing to move, first
				t.Fatalf("a pass among other legal moves: %v\n%v", a, s)
			}
		})
	})
}

// TestPropCaptures checks that a move sends to their yards exactly the
// opponent tokens it says it captures, and moves no other token but the
// mover, the token a pair entry brings in with it (rule F1), the other
// token of a tower moving whole (rule R5) and, under
// CapturePenalty, the mover's colour's token that could have captured
// (rule M8).
func TestPropCaptures(t *testing.T) {
	t.Parallel()
	rapid.Check(t, func(t *rapid.T) {
		propForPositions(t, func(s ludo.State) {
			r := s.Rules()
			c := s.Turn()
			for _, m := range s.LegalMoves() {
				s2, err := s.Apply(m)
				if err != nil {
					t.Fatalf("Apply(%v): %v\n%v", m, err, s)
				}
				if m.Forfeits() {
					continue // the penalty of the third six: TestPropSixPenalty
				}
				sent, moved, mates := 0, 0, 0
				for o := range s.Players().All() {
					for j := range r.Tokens {
						p, p2 := s.Progress(o, j), s2.Progress(o, j)
						switch {
						case p == p2:
						case o != c && p2 == -1:
							sent++
						case o == c && j == m.Token():
							if p2 != m.To() {
								t.Fatalf("%v: token at %d after the move\n%v", m, p2, s)
							}
						case o == c && m.EntersPair() && p == -1 && p2 == 0:
						case o == c && m.MovesTower() && p == m.From() && p2 == m.To(): // rule R5: the tower's other token
							mates++
						case o == c && r.CaptureDuty == ludo.CapturePenalty && !m.Captures() && p2 == -1:
						default:
							moved++
							t.Fatalf("%v: %v token %d moved from %d to %d\n%v", m, o, j, p, p2, s)
						}
					}
				}
				if sent != m.NumCaptured() {
					t.Fatalf("%v: %d opponent tokens went to their yards, want Captures() = %d\n%v", m, sent, m.NumCaptured(), s)
				}
				if m.MovesTower() && mates != 1 { // rules R5, Y5: a tower moves whole, both its tokens or none
					t.Fatalf("%v moves a tower, but %d other tokens came with it\n%v", m, mates, s)
				}
			}
		})
	})
}

// TestPropSixPenalty checks the forfeit at the six limit (rule C9, ruling
// Q2, rule P9): under VoidRoll no token moves, under UndoTurn every token
// goes back to where it stood when the turn began, captured opponents
// included, under LastMovedHome the token moved last this turn goes
// to its yard unless it is in its home column or finished, and under
// ExposedHome every token on the track off a safe square does (rule S3).
func TestPropSixPenalty(t *testing.T) {
	t.Parallel()
	rapid.Check(t, func(t *rapid.T) {
		g := propDrawGame(t)
		states := g.states[max(0, len(g.states)-10*propWindow):]
		var start ludo.State // the position the current turn began in
		var last = -1        // the token moved last this turn
		for k, s := range states {
			if k == 0 && len(states) == len(g.states) || k > 0 && states[k-1].Turn() != s.Turn() {
				start, last = s, -1 // a turn begins
			}
			if k > 0 && states[k-1].Phase() == ludo.PhaseMove && states[k-1].Turn() == s.Turn() {
				if m, ok := propMovePlayed(states[k-1], s); ok && !m.IsPass() {
					last = m.Token()
				}
			}
			if !propForfeiting(s) || k+1 == len(states) || start == (ludo.State{}) {
				continue
			}
			s2 := states[k+1]
			r := s.Rules()
			want := s.Setup().Tokens
			switch r.SixPenalty {
			case ludo.UndoTurn:
				want = start.Setup().Tokens
			case ludo.LastMovedHome:
				b := r.Board
				if p := s.Progress(s.Turn(), max(last, 0)); last >= 0 && p >= 0 && (p <= b.HomeEntry || p > b.Finish()) {
					want[s.Turn()][last] = -1
				}
			case ludo.ExposedHome: // rule S3: every token on the track off a safe square
				b := r.Board
				for i := range r.Tokens {
					if p := s.Progress(s.Turn(), i); p >= 0 && (p <= b.HomeEntry || p > b.Finish()) && !b.IsSafe(b.Square(s.Turn(), p)) {
						want[s.Turn()][i] = -1
					}
				}
			}
			if s2.Setup().Tokens != want {
				t.Fatalf("forfeit under %v of\n%v\nleft\n%v\nwant the tokens %v", r.SixPenalty, s, s2, want)
			}
		}
	})
}

func TestPropRollFaces(t *testing.T) {
	t.Parallel()
	rapid.Check(t, func(t *rapid.T) {
		g := propDrawGame(t)
		s := g.last()
		face := rapid.OneOf(
			rapid.IntRange(-10, 30),
			rapid.SampledFrom([]int{0, 7, -1 << 63, 1<<63 - 1, 256 + 6, -250}),
		).Draw(t, "face")
		before := s
		s2, err := s.Roll(face)
		if s != before {
			t.Fatalf("Roll changed its receiver")
		}
		switch {
		case s.Phase() != ludo.PhaseRoll:
			if !errors.Is(err, propWrongPhaseErr(s)) || s2 != s {
				t.Fatalf("Roll(%d) in phase %v: %v", face, s.Phase(), err)
			}
		case !ludo.ThrowFaces(s.Rules()).Has(face):
			if !errors.Is(err, ludo.ErrBadFace) || s2 != s {
				t.Fatalf("Roll(%d): error %v, want ErrBadFace and no change", face, err)
			}
		case err != nil:
			t.Fatalf("Roll(%d): %v\n%v", face, err, s)
		default:
			propCheckTransition(t, s, s2, face, ludo.Move{})
		}
	})
}

// propPlayToEnd plays a random game from the start to its end, failing after
// limit transitions.
func propPlayToEnd(t *rapid.T, limit int) *propGame {
	g, _ := propPlay(t, limit)
	return g
}

// propPlay draws rules and a player and plays a game from the start to
// its end, failing after limit transitions.
func propPlay(t *rapid.T, limit int) (*propGame, *propPlayer) {
	r := propRulesGen.Draw(t, "rules")
	s := propMustNew(t, r)
	p := propDrawPlayer(t)
	g := &propGame{rules: r, states: []ludo.State{s}}
	if err := g.play(p, limit); err != nil {
		t.Fatalf("rules %v: %v", r, err)
	}
	return g, p
}

// propRolled returns position s with colour c to move having rolled
// face f at the start of its turn: no bonus, throws, sixes but this one,
// or moves earlier in the turn.
func propRolled(s ludo.State, c ludo.Color, f int) (ludo.State, error) {
	u := s.Setup()
	u.Turn, u.Die, u.BonusMove, u.Streak, u.TriesUsed, u.LastMoved, u.ExtraRoll, u.TurnStart = c, f, 0, 0, 0, [ludo.MaxTokens]bool{}, false, nil
	if u.Rules.BonusRolls.Has(f) {
		u.Streak = 1
	}
	return u.State()
}

// propDead reports whether no token can ever move again in s: for every
// player still playing and every face, the one legal move is a pass. Rules
// that Validate accepts can reach such a stalemate, where barriers that
// stop everyone (BlocksStopAll, OvertakeNone) fill a small board; the
// game then never ends.
func propDead(s ludo.State) bool {
	for c := range s.Players().All() {
		if s.Place(c) != 0 || propAllFinished(s, c) {
			continue
		}
		for f := 1; f <= 6; f++ {
			t, err := propRolled(s, c, f)
			if err != nil {
				return false
			}
			if ms := t.LegalMoves(); len(ms) != 1 || !ms[0].IsPass() {
				return false
			}
		}
	}
	return true
}

// propFrozen reports whether s holds a block that can never open: one of
// a colour that is done but still seated, as with partners (rule T1) a
// colour done before its partner takes no more turns, so the tokens it
// did not need (FinishTokens below Tokens, rule K6) stay where they are.
// No token may land on a block (rule B2), so it is never captured either;
// where others must pass it, the game never ends.
func propFrozen(s ludo.State) bool {
	for _, c := range s.Blocks() {
		if s.Place(c) == 0 && propAllFinished(s, c) {
			return true
		}
	}
	return false
}

// propForever reports whether the player to move in s keeps the turn for
// ever without moving: every face earns a bonus roll, with no SixLimit,
// a pass keeps the bonus roll (ruling Q1), and no face moves any of its
// tokens, as where an opponent's block that only its owner could open
// bars the way (rule B2). The others never roll again.
func propForever(s ludo.State) bool {
	r := s.Rules()
	if r.BonusRolls != ludo.FacesOf(1, 2, 3, 4, 5, 6) || r.SixLimit != 0 || r.NoMoveForfeitsBonus || s.Phase() != ludo.PhaseRoll {
		return false
	}
	for f := 1; f <= 6; f++ {
		t, err := propRolled(s, s.Turn(), f)
		if err != nil {
			return false
		}
		if ms := t.LegalMoves(); len(ms) != 1 || !ms[0].IsPass() {
			return false
		}
	}
	return true
}

// propReach searches every position reachable from s, under every face
// of every roll and every legal move of every move due, for one where the
// game is over, and visits at most limit positions. It returns the
// positions it visited, and whether the search closed without finding
// one: then no dice and no choices can ever end the game from s, which
// proves it endless (no sample of games can).
func propReach(s ludo.State, limit int) (map[ludo.State]bool, bool) {
	seen := map[ludo.State]bool{s: true}
	todo := []ludo.State{s}
	var next []ludo.Successor
	for len(todo) > 0 {
		x := todo[len(todo)-1]
		todo = todo[:len(todo)-1]
		next = next[:0]
		switch x.Phase() {
		case ludo.PhaseOver:
			return seen, false
		case ludo.PhaseRoll:
			for f := range ludo.ThrowFaces(x.Rules()).All() {
				y, err := x.Roll(f)
				if err != nil {
					return seen, false // the playout reports it
				}
				next = append(next, ludo.Successor{State: y})
			}
		default:
			next = x.AppendSuccessors(next)
		}
		for _, y := range next {
			if !seen[y.State] {
				if len(seen) == limit {
					return seen, false
				}
				seen[y.State] = true
				todo = append(todo, y.State)
			}
		}
	}
	return seen, true
}

// propDrawPlayer draws a player, whose dice and choices are drawn too
// (propDraws).
func propDrawPlayer(t *rapid.T) *propPlayer {
	return &propPlayer{
		rnd:    propDraws{t},
		policy: rapid.IntRange(0, 3).Draw(t, "policy"),
		loaded: rapid.Bool().Draw(t, "loaded"),
	}
}

// TestPropGameEnds plays drawn games to their end and checks the end. A
// game not over after propLoopPlies is judged by propUnended there, and
// if that does not let it go, played on to propEndPlies and judged again:
// one that has not ended then fails.
func TestPropGameEnds(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		g, p := propPlay(t, propLoopPlies)
		s := g.last()
		if s.Phase() != ludo.PhaseOver {
			if propUnended(s) == "" {
				return
			}
			p.rnd = propSeeded(rapid.Uint64().Draw(t, "seed"), 11) // past what a failure shrinks
			if err := propPlayOn(g, p, propEndPlies-propLoopPlies); err != nil {
				t.Fatalf("rules %v: %v", g.rules, err)
			}
			s = g.last()
		}
		if s.Phase() != ludo.PhaseOver {
			if msg := propUnended(s); msg != "" {
				if n := propWitness(s); n >= 0 {
					msg += fmt.Sprintf("; players who capture first and move their furthest token end it from there in %d plies, so the rules are slow for random players (see propSlow, propDutySlow)", n)
				}
				t.Fatalf("rules %v: no end after %d plies: %s\n%v\n%s", g.rules, propEndPlies, msg, s, ludo.FormatPosition(s))
			}
			return
		}
		propCheckPosition(t, s)
		w, ok := s.Winner()
		if !ok || w != s.Ranking()[0] || !propAllFinished(s, w) {
			t.Fatalf("winner %v, %v; ranking %v\n%v", w, ok, s.Ranking(), s)
		}
		if _, err := s.Roll(6); !errors.Is(err, ludo.ErrGameOver) {
			t.Fatalf("Roll after the game: %v", err)
		}
	})
}

// propPlayOn plays game g on for up to plies transitions, keeping only
// the position reached, with the players choosing their moves at random
// from now on: a player who keeps to one policy can cycle through the
// same choices for ever where random choices end the game (see
// propLoopPlies).
func propPlayOn(g *propGame, p *propPlayer, plies int) error {
	g.states, g.pool = g.states[len(g.states)-1:], nil
	p.policy = 0
	return g.play(p, plies)
}

// propLoopLimit bounds the search of propUnended: the closed sets that
// ruling Q13's cycles of forced moves reach hold up to 76,770 positions.
const propLoopLimit = 200_000

// propUnended judges a game that has run past a bound (propLoopPlies,
// propEndPlies) without ending, by the position s it reached: it returns
// "" where the rules allow that, else what is wrong. They allow it under
// slow rules (propSlow); in a stalemate (propDead, propFrozen,
// propForever); where no token passes another (OvertakeNone) or a colour
// has yet to capture (rule K4); where ruling Q13 covers the rules
// (propCycles) and a search of every position reachable from s proves
// that none is over (propReach); and under a capture duty that players
// who capture first end (propDutySlow).
func propUnended(s ludo.State) string {
	r := s.Rules()
	switch {
	case propSlow(r):
		return "" // see propSlow
	case propDead(s) || propFrozen(s) || propForever(s):
		return "" // a stalemate the rules allow: see propDead, propFrozen, propForever
	case r.Overtake == ludo.OvertakeNone:
		// No token passes another (rule F2), so the order of the tokens
		// round the track never changes: where each must pass another to
		// reach its home column they jam for ever, though some may still
		// step into the gaps between them.
		return ""
	case r.CaptureBeforeHome:
		for c := range s.Players().All() {
			if s.Place(c) == 0 && !s.Captured(c) {
				return "" // its home column is closed until it captures (rule K4), which random play may not bring about
			}
		}
	}
	seen, closed := propReach(s, propLoopLimit)
	n := len(seen)
	if !closed && propDutySlow(s) {
		return "" // see propDutySlow
	}
	switch {
	case closed && propCycles(r):
		return "" // ruling Q13, proved
	case closed:
		return fmt.Sprintf("no dice and no moves can ever end it: the %d positions reachable form a closed set, none over, under rules that no ruling covers (refuse them in Validate, or rule on them)", n)
	case n < propLoopLimit:
		return fmt.Sprintf("yet a position that is over is reachable (found within %d positions)", n)
	}
	return fmt.Sprintf("and the search of the positions reachable stopped at %d without a proof that it cannot end", n)
}

// propWitness plays on from s with players who capture first and move
// their furthest token (propPlayer's policy 1), for up to propEndPlies
// transitions, and returns how many it took them to end the game, or -1.
// A game they end is slow for random players, not endless.
func propWitness(s ludo.State) int {
	g := &propGame{rules: s.Rules(), states: []ludo.State{s}}
	p := &propPlayer{rnd: propSeeded(1, 2), policy: 1}
	if err := g.play(p, propEndPlies); err != nil || g.last().Phase() != ludo.PhaseOver {
		return -1
	}
	return len(g.states) - 1
}

// propCycles reports whether ruling Q13's cycles of forced entries can
// occur under r: entry is compulsory (rule M2), and either the entering
// token is carried on from its start square onto another seated colour's
// start square, by a bonus move for a capture (rule P8) or by a star on
// the start square (rule D2), or entering onto an opponent can send the
// entering token back to its yard: where its start square is safe under
// SafeMoverHome (rule D1), or onto two tokens of a colour under
// CaptureMover (rule D3), unless entering captures them all (rule D4).
func propCycles(r ludo.Rules) bool {
	if !r.EntryCompulsory {
		return false
	}
	b := r.Board
	starts := map[ludo.Square]bool{}
	for c := range ludo.RulesSeats(r).All() {
		starts[b.Square(c, 0)] = true
	}
	for c := range ludo.RulesSeats(r).All() {
		start := b.Square(c, 0)
		if k := r.CaptureBonus.Steps(); k > 0 && k <= b.HomeEntry && starts[b.Square(c, k)] {
			return true
		}
		if to := ludo.NextStar(r, b.StartSquare(c)); b.IsStar(start) && to != start && starts[to] {
			return true
		}
	}
	bounce := r.SafeSquares == ludo.SafeMoverHome && b.Safe.Has(0) || r.MultiCapture == ludo.CaptureMover
	return bounce && r.EntryCapture != ludo.EntryCapturesAll
}

// propCheckRoundTrip checks that s survives Setup (State → Setup → State),
// its text form and its JSON, whatever it remembers (the die, a bonus move
// due, sixes, tries, the token moved last, a bonus roll owed, who has
// captured, where the turn began, who arrived last). The JSON is checked
// where sample takes s (see jsonSample), and where last says so.
func propCheckRoundTrip(t *rapid.T, s ludo.State, sample *jsonSample, last bool) {
	t.Helper()
	u := s.Setup()
	s2, err := u.State()
	if err != nil {
		t.Fatalf("Setup().State(): %v\n%s%v", err, rbSetupString(u), s)
	}
	if !reflect.DeepEqual(s2.Setup(), u) {
		t.Fatalf("Setup not stable:\n%s%s", rbSetupString(s2.Setup()), rbSetupString(u))
	}
	if s2 != s {
		t.Fatalf("Setup().State() != s\n%s%v\ngot\n%v", rbSetupString(u), s, s2)
	}
	text := ludo.FormatPosition(s)
	back, err := ludo.ParsePosition(text)
	if err != nil || back != s {
		t.Fatalf("ParsePosition(FormatPosition(s)): %v\n%s", err, text)
	}
	if !sample.take(text, last || s.Phase() == ludo.PhaseOver) {
		return
	}
	data, err := json.Marshal(s)
	if err != nil {
		t.Fatalf("json.Marshal: %v\n%v", err, s)
	}
	var fromJSON ludo.State
	if err := json.Unmarshal(data, &fromJSON); err != nil || fromJSON != s {
		t.Fatalf("JSON round trip: %v\n%s\n%v", err, data, s)
	}
}

// TestPropSetupRoundTrip checks the round trips of every position of a
// drawn game's window, the JSON on a sample of them: the first of each
// set of fields, one in fifty and the position reached (see jsonSample).
func TestPropSetupRoundTrip(t *testing.T) {
	t.Parallel()
	rapid.Check(t, func(t *rapid.T) {
		var sample jsonSample
		tail := propTail(propDrawGame(t))
		for k, s := range tail {
			propCheckRoundTrip(t, s, &sample, k == len(tail)-1)
		}
	})
}

// TestPropConcurrentReads shares a position between goroutines: a State
// is safe to read and transition concurrently (run with -race).
func TestPropConcurrentReads(t *testing.T) {
	t.Parallel()
	rapid.Check(t, func(t *rapid.T) {
		s := propDrawMoveGame(t).last()
		want := s.LegalMoves()
		wantNext := make([]ludo.State, len(want))
		for k, m := range want {
			wantNext[k], _ = s.Apply(m)
		}
		var wg sync.WaitGroup
		errs := make(chan string, 4)
		for range 4 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				got := s.LegalMoves()
				if !slices.Equal(got, want) {
					errs <- fmt.Sprintf("LegalMoves %v, want %v", got, want)
					return
				}
				for k, m := range got {
					if next, _ := s.Apply(m); next != wantNext[k] {
						errs <- fmt.Sprintf("Apply(%v) gave a different State on another goroutine", m)
						return
					}
				}
				_ = s.String()
			}()
		}
		wg.Wait()
		close(errs)
		for e := range errs {
			t.Fatalf("%s\n%v", e, s)
		}
	})
}

// TestPropValidateRejectsEndlessRules states that Validate rejects rules
// under which no game can end. When every face earns a bonus roll and
// SixLimit caps them with UndoTurn, every turn reaches the limit and is
// undone (a turn can end otherwise only on a forced pass or when the
// player's last token finishes, neither of which can happen from a board
// that is always put back to every token in its yard): the game never
// leaves its start position. Either Validate must reject such rules, or
// a game under them must end.
func TestPropValidateRejectsEndlessRules(t *testing.T) {
	t.Parallel()
	for _, base := range []ludo.Rules{ludo.Classic(), ludo.Mongolian()} {
		for limit := 2; limit <= 4; limit++ {
			r := base
			r.BonusRolls, r.SixLimit, r.SixPenalty = ludo.FacesOf(1, 2, 3, 4, 5, 6), limit, ludo.UndoTurn
			if r.Validate() != nil {
				continue
			}
			s, err := ludo.New(r)
			if err != nil {
				t.Fatal(err)
			}
			g := &propGame{rules: r, states: []ludo.State{s}}
			p := &propPlayer{rnd: propSeeded(uint64(limit), 3), policy: 3}
			if err := g.play(p, propEndPlies); err != nil {
				t.Fatal(err)
			}
			if s := g.last(); s.Phase() != ludo.PhaseOver {
				t.Errorf("Validate accepts %v, but no game under it can end: after %d plies\n%v", r, len(g.states)-1, s)
			}
		}
	}
}

func propMustNew(t *rapid.T, r ludo.Rules) ludo.State {
	s, err := ludo.New(r)
	if err != nil {
		t.Fatalf("New(%v): %v", r, err)
	}
	return s
}

// ---------------------------------------------------------------------------
// State machine

// propMachine is the state of TestMachine: the position, and the game it
// belongs to, whose pool of moves seen supplies illegal attempts.
type propMachine struct {
	s      ludo.State
	g      *propGame
	prev   ludo.Phase
	sample jsonSample // the positions whose JSON is checked
}

func (sm *propMachine) roll(t *rapid.T) {
	s := sm.s
	face := rapid.OneOf(propFaceGen(sm.g.rules), rapid.IntRange(-3, 26)).Draw(t, "face")
	s2, err := s.Roll(face)
	switch {
	case s.Phase() != ludo.PhaseRoll:
		if !errors.Is(err, propWrongPhaseErr(s)) || s2 != s {
			t.Fatalf("Roll(%d) in phase %v: %v", face, s.Phase(), err)
		}
	case !ludo.ThrowFaces(sm.g.rules).Has(face):
		if !errors.Is(err, ludo.ErrBadFace) || s2 != s {
			t.Fatalf("Roll(%d): %v, want ErrBadFace and no change", face, err)
		}
	case err != nil:
		t.Fatalf("Roll(%d): %v\n%v", face, err, s)
	default:
		propCheckTransition(t, s, s2, face, ludo.Move{})
		sm.s = s2
		sm.g.states = append(sm.g.states, s2)
	}
}

func (sm *propMachine) move(t *rapid.T) {
	s := sm.s
	legal := s.LegalMoves()
	sm.g.pool = append(sm.g.pool, legal...)
	if len(legal) > 0 && rapid.Bool().Draw(t, "legal") {
		m := rapid.SampledFrom(propAccepted(s)).Draw(t, "move")
		s2, err := s.Apply(m)
		if err != nil {
			t.Fatalf("Apply(%v): %v\n%v", m, err, s)
		}
		propCheckTransition(t, s, s2, 0, m)
		sm.s = s2
		sm.g.states = append(sm.g.states, s2)
		return
	}
	ok := propAccepted(s)
	var bad []ludo.Move
	for _, m := range propCandidates(sm.g, s) {
		if !slices.Contains(ok, m) {
			bad = append(bad, m)
		}
	}
	m := rapid.SampledFrom(bad).Draw(t, "illegal")
	s2, err := s.Apply(m)
	want := ludo.ErrIllegalMove
	if s.Phase() != ludo.PhaseMove {
		want = propWrongPhaseErr(s)
	}
	if !errors.Is(err, want) || s2 != s {
		t.Fatalf("Apply(%v) of an illegal move: %v, want %v and no change\n%v", m, err, want, s)
	}
}

func (sm *propMachine) check(t *rapid.T) {
	propCheckPosition(t, sm.s)
	propCheckReference(t, sm.s)
	propCheckPaths(t, sm.s)
	propCheckRoundTrip(t, sm.s, &sm.sample, false)
	if sm.prev == ludo.PhaseOver && sm.s.Phase() != ludo.PhaseOver {
		t.Fatalf("the game restarted after it was over")
	}
	sm.prev = sm.s.Phase()
}

func TestMachine(t *testing.T) {
	t.Parallel()
	rapid.Check(t, func(t *rapid.T) {
		// Start from the start, or from a position of a random game, where
		// the actions reach more of the rules than in 30 steps from the
		// start.
		g := propDrawGame(t)
		if rapid.Bool().Draw(t, "fromStart") {
			g.states = g.states[:1]
		}
		g.states = g.states[len(g.states)-1:]
		sm := &propMachine{s: g.last(), g: g}
		t.Repeat(map[string]func(*rapid.T){
			"roll": sm.roll,
			"move": sm.move,
			"":     sm.check,
		})
	})
}

var propMeasure = flag.Bool("prop.measure", false, "report how long drawn games take (TestPropMeasureGames)")

// TestPropMeasureGames plays drawn games to their end (as many as
// -rapid.checks says) and reports the distribution of their lengths, in
// transitions, and the rules of the longest: the measurement propEndPlies
// is set from. Run it with
//
//	go test -run TestPropMeasureGames -prop.measure -rapid.checks=20000
func TestPropMeasureGames(t *testing.T) {
	if !*propMeasure {
		t.Skip("run with -prop.measure to measure drawn games")
	}
	var lens []int
	longest, rules, slow, dead := 0, "", 0, 0
	start := time.Now()
	rapid.Check(t, func(rt *rapid.T) {
		g := propPlayToEnd(rt, propEndPlies)
		n := len(g.states) - 1
		switch {
		case propSlow(g.rules):
			slow++
			return
		case g.last().Phase() != ludo.PhaseOver && (propDead(g.last()) || propFrozen(g.last()) || propForever(g.last())):
			dead++
			return
		case g.last().Phase() != ludo.PhaseOver:
			t.Logf("no end after %d: %v", n, g.rules)
		}
		lens = append(lens, n)
		if n > longest {
			longest, rules = n, g.rules.String()
		}
	})
	slices.Sort(lens)
	q := func(f float64) int { return lens[min(int(f*float64(len(lens))), len(lens)-1)] }
	t.Logf("%d games in %v (and %d under slow rules, %d stalemates): median %d, 90%% %d, 99%% %d, 99.9%% %d, longest %d under %s",
		len(lens), time.Since(start), slow, dead, q(0.5), q(0.9), q(0.99), q(0.999), longest, rules)
}
