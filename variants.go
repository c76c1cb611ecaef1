package ludo

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// This file holds the options of the game: Rules, the table that names
// and checks every option, and the presets (which are Rules values, as
// data). The form of a Rules value that a State plays by, the ruleset, is
// in ruleset.go.

// ErrInvalidRules is matched (with [errors.Is]) by every error that
// [Rules.Validate] returns: an option out of range, or two options that
// contradict each other.
var ErrInvalidRules = errors.New("ludo: invalid rules")

// MaxPlayers is the number of colours there are, and so the most players
// a game can have (on a board with six arms; see [Board.Arms]).
const MaxPlayers = 6

// MaxTokens is the most tokens a player can have.
const MaxTokens = 4

// MaxMoves is the most legal moves a position has: a move for each token
// of each of the player's colours (two under rule T3) with each of two
// dice and one with both (rules W1, U2); with one die, a move for each
// token and a second for one of them (rule F1). A buffer of this
// capacity lets [State.AppendLegalMoves] append without allocating.
const MaxMoves = 6 * MaxTokens

// Rules is the complete set of options a game is played under. It is a
// small comparable value: copy it, compare it with ==, use it as a map key.
//
// Start from a preset ([Preset], or [Classic] and [Mongolian]) and change
// fields; Preset names the preset the rules start from, and [Rules.String]
// writes that name and the options that differ from it. Every option is
// listed, with its rule number, its range and its value in every preset,
// in the options table of docs/options.md (which a test keeps equal to the table in
// this file), and [Rules.Validate] (which [New] calls) rejects values out
// of range and options that contradict each other. The zero Rules is not
// valid: it has no preset, no board and no players.
type Rules struct {
	// Preset is the name of the preset these rules start from, one of
	// [Presets]; [Rules.String] lists the options that differ from it.
	Preset string

	// Board is the geometry: arms, track, start squares, home columns,
	// safe squares and stars (rules C3, C4, K1, D2).
	Board Board

	// Players is the number of players, 2 to Board.Arms (rule C1).
	Players int
	// Seats is the colours that play. The zero set means the default for
	// Players (ruling Q5): the colours spread as evenly round the board
	// as they can be, starting from Red. A non-empty set must hold exactly
	// Players colours of the board's.
	Seats Colors
	// Teams says whether the players play in partnerships (rule T1).
	Teams TeamRule
	// Tokens is the number of tokens each player owns, 1 to [MaxTokens]
	// (rule C1).
	Tokens int
	// StartOut is the number of each player's tokens that begin the game
	// on their start square instead of in the yard (rules C2, K6, M5).
	StartOut int

	// TwoDice makes a throw two six-sided dice, each die an amount due
	// that a move of its own plays, in either order, on one token or two
	// (rule W1); false throws one die.
	TwoDice bool
	// Cowries makes a throw one lot of six cowrie shells instead of a
	// die: two to five mouths up count 2 to 5, six up 6, one up 10 and
	// none up 25, each with its probability (rule X1, Pachisi). Six up
	// is the throw's 6: the one of SixValue (rule P5), rule F1 and rule
	// P7.
	Cowries bool
	// DiceUse says which die is played where only one of a throw's two
	// dice can be (rule W2).
	DiceUse DiceUse
	// EntrySum lets a throw of two dice whose faces sum to an entry face
	// (EntryRolls) enter a token, the move playing both dice (rule H1,
	// Parcheesi's 5).
	EntrySum bool
	// BonusAnyDie makes a throw of two dice earn a bonus roll where either
	// die shows a face of BonusRolls, a double of it one roll only (rule
	// U1, Uckers); false earns one for a double of such a face only (rule
	// W3).
	BonusAnyDie bool
	// SumMoves makes a token that takes both dice of a throw move their
	// sum as one move, landing only at its end, and keeps a token that
	// has moved with one die from moving with the other (rule U2,
	// Uckers); false plays each die as a move of its own (rule W1).
	SumMoves bool
	// DoublesSplitBlocks forbids moving the two tokens of a block on
	// together with the two dice of a double, to stand together again
	// (rule H5, Parcheesi).
	DoublesSplitBlocks bool
	// TopsAndBottoms makes a double thrown while none of the player's
	// tokens is in the yard four moves: the two faces on top and the two
	// on the bottom, 7 minus the face (rule H2, Parcheesi).
	TopsAndBottoms bool

	// EntryRolls is the die faces that bring a token out of the yard onto
	// its start square (rule C7).
	EntryRolls Faces
	// SixEntry is what an entering 6 does (rules C7, F1).
	SixEntry SixEntry
	// FirstEntryAny lets a colour with every token in its yard bring one
	// in on any throw, not only on EntryRolls (rule Y2: Pachisi's first
	// piece needs no grace).
	FirstEntryAny bool
	// EntryCompulsory makes a player who rolls an entry face bring a
	// token in whenever one can enter (rule M2).
	EntryCompulsory bool
	// ClearStart makes a player whose tokens wait in the yard move a
	// token off their start square whenever it can (rule M3).
	ClearStart bool
	// Tries is the number of rolls a player has in a turn while none of
	// their tokens can move other than by entering (rule M4); 1 is one
	// roll, as usual.
	Tries int

	// BonusRolls is the die faces that earn another roll in the same turn
	// (rule C9). The empty set turns bonus rolls off.
	BonusRolls Faces
	// SixLimit is the number of consecutive bonus-earning rolls (sixes,
	// with the usual BonusRolls) at which the last one is forfeited
	// instead of played (rule C9); 0 means no limit.
	SixLimit int
	// SixPenalty is what the forfeited roll does (ruling Q2, rule P9).
	SixPenalty SixPenalty
	// NoMoveForfeitsBonus, when true, makes a bonus-earning roll that
	// leaves no legal move end the turn instead of earning its bonus roll
	// (ruling Q1).
	NoMoveForfeitsBonus bool
	// SixValue is the number of steps a 6 counts once none of the
	// player's tokens is in the yard (rule P5); 6 is no change.
	SixValue int
	// SixValueAlways makes a 6 count SixValue whatever the player's yard
	// holds (rule S2, Eile mit Weile's 12); false counts it only once none
	// of the player's tokens is in the yard (rule P5).
	SixValueAlways bool
	// CaptureBonus is what a capture earns (rules K2, P8): nothing, a
	// bonus roll, or a bonus move of some steps.
	CaptureBonus Bonus
	// HomeBonus is what bringing a token home earns (rules K3, P8).
	HomeBonus Bonus

	// Blocks says what two or more tokens of one colour on one track
	// square do to others passing (rules B1, B2).
	Blocks BlockRule
	// BreakOnSix makes a player who rolls a 6 open one of their blocks
	// whenever a token of one can move (rule P7).
	BreakOnSix bool
	// SquareLimit is the most tokens a track square holds, whatever their
	// colours (rule P2); 0 is no limit.
	SquareLimit int
	// OwnLanding says whether a token may end its move on a square its
	// owner already holds, when Blocks is [NoBlocks] (ruling Q11).
	OwnLanding OwnLanding
	// MultiCapture says what landing on two or more opponent tokens of
	// one colour does, where no block rule stops it (ruling Q3, rules
	// K5, D3).
	MultiCapture MultiCapture
	// SafeSquares says what landing on an opponent on a safe square
	// (Board.Safe) does (rules K1, D1).
	SafeSquares SafeRule
	// EntryCapture says what entering does to opponents on the entering
	// token's start square when it is safe (ruling Q4, rules D4, P4).
	EntryCapture EntryCapture
	// GuardedExits keeps blocks off the start squares, each holding one
	// token of a colour at most, and lets a start square hold two colours
	// only where one is the colour it belongs to (rule A5, Brazil's
	// PUC-Rio rules).
	GuardedExits bool
	// CaptureDuty says whether a player who can capture must (rule M8).
	CaptureDuty CaptureDuty
	// CaptureBeforeHome makes a colour's tokens go round the track again,
	// instead of into the home column, until the colour has captured
	// (rule K4).
	CaptureBeforeHome bool
	// CaptureRetires makes a token that captures leave the board as
	// finished (rule N1).
	CaptureRetires bool
	// Overtake says which tokens a moving token may pass on the track
	// (rule F2).
	Overtake Overtake
	// HomeJumps says whether a token may pass another in its home column
	// (ruling Q8, rule M6).
	HomeJumps HomeJumps

	// Finish says which rolls may bring a token to the finish (rule C5).
	Finish FinishRule
	// Goal says how the home column and the finish hold tokens (rule M1).
	Goal GoalRule
	// HomeSteps makes a token in its home column move one square at a
	// time, on the roll that names the square it moves to (rule V2).
	HomeSteps bool
	// FinishTokens is the number of tokens a player must bring home to
	// finish (rule K6); 0 means all of them.
	FinishTokens int
	// End says when the game stops (rule C6, ruling Q10).
	End EndRule

	// TowersTogether lets the two tokens of a tower (rule R4, under
	// BlocksTowers) move together on one throw anywhere, beside the
	// single move of either (rule Y5).
	TowersTogether bool
	// RoundAgain lets a token whose move would take it into its home
	// column go round the track again instead (rule Y6).
	RoundAgain bool
	// Decline lets a player whose colour has a token out of its yard
	// refuse to move: a pass beside the token moves (rule Y7).
	Decline bool
}

// Classic returns the rules of the seed texts, C1 to C11, as [Preset]
// ("classic") gives them: four players, four tokens each, a 6 to enter, a
// bonus roll on a 6, the third 6 void, capture by landing, exact finish,
// no blocks, play on for all places.
func Classic() Rules { r, _ := Preset("classic"); return r }

// Mongolian returns [Classic] plus the block rules B1 to B3 of the
// Mongolian seed text, as [Preset] ("mongolian") gives them: two or more
// tokens of one colour on a track square form a block that opponents may
// neither pass nor land on.
func Mongolian() Rules { r, _ := Preset("mongolian"); return r }

// Preset returns the preset with the given name, in any case, or false.
// [Presets] lists the names.
func Preset(name string) (Rules, bool) {
	for _, p := range presets {
		if strings.EqualFold(name, p.name) {
			return p.rules, true
		}
	}
	return Rules{}, false
}

// Presets returns the names of the presets, in the order of the README's
// rulebook.
func Presets() []string {
	names := make([]string, len(presets))
	for i, p := range presets {
		names[i] = p.name
	}
	return names
}

// preset is a named set of rules: a ruleset some tables play, with the
// rulebook section that gives its sources.
type preset struct {
	name, title string
	rules       Rules
}

// presets are the rules of each family, as data. Every option of every
// preset is written out, so that a preset reads on its own; the README's
// options table shows them side by side.
var presets = func() []preset {
	classic := Rules{
		Board: Ludo52(), Players: 4, Tokens: 4,
		EntryRolls: FacesOf(6), BonusRolls: FacesOf(6), SixLimit: 3, SixValue: 6,
		Tries: 1,
	}
	with := func(r Rules, name string, f func(r *Rules)) Rules {
		r.Preset = name
		f(&r)
		return r
	}
	// classic is also Griniaris (ruling G13: no preset of its own), each
	// Greek point played by a classic rule: G1 StartOut 0 (C2), G2
	// EntryRolls {6} (C7), G3 Tries 1, G4 EntryCompulsory false (C8), G5
	// BonusRolls {6} (C9, Q1), G6 SixLimit 3 with VoidRoll (Q2), G7 must
	// move (C10), G8 capture where the move ends (C11, Q3), G9 no safe
	// squares (Q4), G10 NoBlocks (Q11), G11 the home column (C4, Q8), G12
	// ExactFinish (C5), G13 PlayForAllPlaces (C6, Q10).
	c := with(classic, "classic", func(*Rules) {})
	m := with(classic, "mongolian", func(r *Rules) { r.Blocks = BlocksStopOpponents })
	king := with(classic, "ludoking", func(r *Rules) {
		r.Board.Safe = OffsetsOf(0, 8)
		r.SafeSquares = SafeShare
		r.MultiCapture = CaptureNone
		r.CaptureBonus, r.HomeBonus = BonusRoll, BonusRoll
	})
	// sixArms puts a preset on a board of six arms, each as one of its
	// four: two more arms' squares on the track, and so on the way home,
	// so that every colour still turns into its own arm (rule C4).
	sixArms := func(r *Rules) {
		b := &r.Board
		b.Arms, b.Track, b.HomeEntry, r.Players = 6, b.Track+2*b.StartSpacing, b.HomeEntry+2*b.StartSpacing, 6
	}
	king6 := with(king, "ludoking6", sixArms)
	maedn := with(classic, "maedn", func(r *Rules) {
		r.Board = Board{Arms: 4, Track: 40, StartSpacing: 10, HomeEntry: 39, HomeColumn: 3}
		r.Goal = GoalSlots
		r.StartOut = 1                                           // rule M5
		r.EntryCompulsory, r.ClearStart, r.Tries = true, true, 3 // rules M2, M3, M4
		r.SixLimit = 0
		r.OwnLanding = OwnLandingForbidden
	})
	maedn6 := with(maedn, "maedn6", sixArms)
	danish := with(classic, "danish", func(r *Rules) {
		r.Board.Safe, r.Board.Stars = OffsetsOf(0, 8), OffsetsOf(4, 11)
		r.SafeSquares = SafeMoverHome
		r.MultiCapture = CaptureMover
		r.EntryCapture = EntryCapturesAll
		r.Tries = 3
		r.SixLimit = 0
		r.Finish = BounceFinish
	})
	parchis := with(classic, "parchis1", func(r *Rules) {
		r.Board = Board{Arms: 4, Track: 68, StartSpacing: 17, HomeEntry: 63, HomeColumn: 7, Safe: OffsetsOf(0, 7, 12)}
		r.EntryRolls = FacesOf(5) // rule P3
		r.EntryCompulsory = true
		r.SixPenalty = LastMovedHome
		r.SixValue = 7
		r.CaptureBonus, r.HomeBonus = BonusMove(20), BonusMove(10)
		r.Blocks, r.BreakOnSix, r.SquareLimit = BlocksStopAll, true, 2 // rules P6, P7, P2
		r.SafeSquares = SafeShare                                      // rule P1: the seguros
		r.EntryCapture = EntryCapturesLast
	})
	parchis6 := with(parchis, "parchis6", sixArms)
	fia := with(classic, "fia", func(r *Rules) {
		r.Board = Board{Arms: 4, Track: 40, StartSpacing: 10, HomeEntry: 39, HomeColumn: 4}
		r.EntryRolls = FacesOf(1, 6)
		r.SixEntry = SixEntersTwoOrRuns
		r.SixLimit = 0
		r.OwnLanding = OwnLandingForbidden
		r.Overtake = OvertakeOpponents
		r.Finish = BounceFinish
	})
	cocangua := with(classic, "cocangua", func(r *Rules) {
		r.EntryRolls, r.BonusRolls = FacesOf(1, 6), FacesOf(1, 6) // rule V1
		r.SixLimit = 0
		r.Goal, r.HomeSteps = GoalSlots, true // rule V2
	})
	naija := with(classic, "naija", func(r *Rules) {
		r.TwoDice = true          // rule W1; ruling N3: a 6 on a die enters, the finish is exact
		r.BonusRolls = FacesOf(6) // rule W3: a double 6 throws again
		r.SixLimit = 0            // ruling N4: no source limits the double sixes
		r.CaptureRetires = true   // rule N1; ruling N5: no safe squares, no blocks
	})
	parcheesi := with(classic, "parcheesi", func(r *Rules) {
		r.Board = parchis.Board                                              // 68 spaces, 12 safe, a home path of 7
		r.TwoDice = true                                                     // rule W1
		r.EntryRolls, r.EntrySum, r.EntryCompulsory = FacesOf(5), true, true // rules H1, M2: a 5, on a die or as the sum, must enter
		r.BonusRolls = FacesOf(1, 2, 3, 4, 5, 6)                             // rule W3: every double throws again
		r.SixLimit, r.SixPenalty = 3, NearestHome                            // rule H3
		r.TopsAndBottoms = true                                              // rule H2
		r.CaptureBonus, r.HomeBonus = BonusMove(20), BonusMove(10)           // rule P8, after the dice
		r.Blocks, r.SquareLimit = BlocksStopAll, 2                           // blockades (rules B2, P2)
		r.DoublesSplitBlocks = true                                          // rule H5
		r.SafeSquares, r.EntryCapture = SafeExclusive, EntryCapturesAll      // rule H4
	})
	// parchis2 is Parchís as most tables now play it, online above all:
	// the one-die rules with two dice (rule W1), a 5 entering on a die
	// or as the sum (H1), and every double throwing again (W3).
	// The rest is parchis1's: the barrier a die's 6 must open (rule E4),
	// 20 and 10 counted after the dice (E5, W4).
	parchis2 := with(parchis, "parchis", func(r *Rules) {
		r.TwoDice = true                         // rule W1
		r.SixValue = 6                           // rule E1: each die counts its face
		r.EntrySum = true                        // rule E2: a 5 on a die or as the sum (H1)
		r.BonusRolls = FacesOf(1, 2, 3, 4, 5, 6) // rule E3: every double throws again, the third sends a piece home (W3, P9)
	})
	parchis2six := with(parchis2, "parchis6d", sixArms)
	uckers := with(classic, "uckers", func(r *Rules) {
		r.TwoDice = true               // rule W1; a 6 on a die brings a counter out (C7), a double 6 two
		r.BonusAnyDie = true           // rule U1: a 6 on either die throws again, a double 6 once
		r.SixLimit = 0                 // ruling U1: no limit on sixes
		r.SumMoves = true              // rule U2: both dice on one counter add up
		r.DiceUse = LargerDie          // rule W2: where one die only can be played, the higher
		r.Blocks = BlocksStopOpponents // rule U3: blobs; ruling U4: no challenge
		r.Teams = PartnersPlayOn       // rule U5: partners sit opposite and play on (T2)
	})
	// chinczyk is the Polish Chińczyk: the Mensch ärgere Dich nicht
	// board, all four pieces in the yard, the coloured start fields safe.
	// A 6 added to the next throw is not played (ruling Z9); the online
	// Chińczyk is the preset parchis (rule Z10).
	chinczyk := with(maedn, "chinczyk", func(r *Rules) {
		r.StartOut = 0                                    // rule Z1: all four pieces in the yard
		r.EntryCompulsory, r.ClearStart = false, false    // rule Z2: a 6 may bring a piece out or move one
		r.Tries = 3                                       // rule Z3: three throws while nothing can move (M4)
		r.SixLimit = 0                                    // ruling Z2: no limit on sixes
		r.OwnLanding = OwnLandingForbidden                // rule Z4: one piece a field
		r.Board.Safe = OffsetsOf(0)                       // rule Z5: the coloured start fields
		r.SafeSquares = SafeShare                         // rule Z5: shared, nobody captured
		r.EntryCapture = EntryCapturesAll                 // ruling Z6: entering captures on one's own start field
		r.Overtake = OvertakeAll                          // rule Z7: pieces pass any piece
		r.Goal, r.HomeJumps = GoalSlots, HomeJumpsAllowed // rule Z8: four home fields, in any order, exact
	})
	// nontiarrabbiare is the Italian Non t'arrabbiare of the Editrice
	// Giochi family on the classic cross (ruling I1); the Mensch ärgere
	// Dich nicht family of Italian sets is maedn (I8), its optional
	// counts of 20 and 10 are options (I9).
	nontiarrabbiare := with(classic, "nontiarrabbiare", func(r *Rules) {
		r.StartOut = 1                                     // rule I1: one piece on the partenza, three in the base
		r.EntryRolls, r.EntryCompulsory = FacesOf(5), true // rule I2: a 5 enters, and must (M2)
		r.SquareLimit = 2                                  // rule I3: two own pieces fill the partenza, and any square (P2)
		r.SixPenalty = LastMovedHome                       // rule I4: the third 6 sends the piece moved last to the base (P9)
		r.SixValue = 7                                     // rule I5: a 6 counts 7 once every piece is in play (P5)
		r.Blocks = BlocksStopOpponents                     // rule I6: the muro (B1, B2)
		r.CaptureDuty = CaptureCompulsory                  // rule I7: eating is compulsory (M8)
	})
	// brasilpuc is the Brazilian Ludo of the PUC-Rio rules (family BR-2 of
	// the research notes): Parchís's rules on the classic cross, with a 6
	// counted for a capture or a token home.
	brasilpuc := with(classic, "brasilpuc", func(r *Rules) {
		r.Board.Safe = OffsetsOf(0, 9)                           // rule A1: the exits and the abrigos nine on
		r.StartOut = 1                                           // rule A2: one piece on the exit
		r.EntryRolls = FacesOf(5)                                // rule A2: a 5 brings a piece out
		r.SquareLimit, r.SafeSquares = 2, SafeShare              // rule A3: two to a square, the abrigos shared
		r.Blocks, r.BreakOnSix = BlocksStopAll, true             // rule A4: barriers nobody passes, opened on a 6
		r.GuardedExits, r.EntryCapture = true, EntryCapturesAll  // rule A5: the exits
		r.SixPenalty = LastMovedHome                             // rule A6: the third 6
		r.CaptureBonus, r.HomeBonus = BonusMove(6), BonusMove(6) // rule A7: 6 for a capture, 6 for a piece home
		// Classic's: the exact finish (rule A8), and play on for places (A9).
	})
	// brasil is the Brazilian commercial Ludo (family BR-1): entry on a 1
	// or a 6, one piece a square but the torre, which only a torre
	// captures, the exit squares safe, and the finish bounced back.
	brasil := with(classic, "brasil", func(r *Rules) {
		r.EntryRolls = FacesOf(1, 6)                              // rule R1: a 1 or a 6 puts a piece on its exit square
		r.SixLimit = 0                                            // rule R2: a 6 rolls again, with no limit
		r.Blocks, r.SquareLimit = BlocksTowers, 2                 // rules R3, R4, R5: one piece a square, but the torre
		r.Board.Safe, r.SafeSquares = OffsetsOf(0), SafeExclusive // rule R6: nobody eaten on an exit square
		r.Finish = BounceFinish                                   // rule R7
	})
	// eilemitweile is the Swiss Eile mit Weile on the board of 68 squares
	// with three benches an arm (ruling S6): a 5 brings a piece out, a 6
	// counts 12 and throws again, passing captures, two on a bench bar
	// the way, and the third 6 sends home every piece off a bench.
	eilemitweile := with(classic, "eilemitweile", func(r *Rules) {
		r.Board = parchis.Board                               // ruling S6: 68 squares, benches at 0, 7 and 12 of each arm's 17, a staircase of 7
		r.EntryRolls = FacesOf(5)                             // rule S5: a 5, onto the start bench, not compulsory
		r.SixValue, r.SixValueAlways = 12, true               // rule S2: a 6 always counts 12, and throws again (C9)
		r.SixPenalty = ExposedHome                            // rule S3: the third 6, every piece off a bench and off the staircase home
		r.Overtake = OvertakeCaptures                         // rule S1: passing captures
		r.Blocks = BlocksOnSafe                               // rule S4: two of a colour on a bench cannot be passed
		r.SafeSquares, r.EntryCapture = SafeShare, EntryLands // rule S4: the benches are safe and shared, the start bench too (Q4)
		r.Finish = BounceFinish                               // rule S5: exact, the overshoot counted back
		// Ruling S7: landing on an opponent off a bench captures it (C11);
		// ruling S8: each throw is a move of its own (C8, C9).
	})
	// petitschevaux is the French Petits chevaux: a cross of 56 squares,
	// each horse climbing a staircase of six numbered steps to the
	// centre (rule L2), one horse a square and no refuge. The rest is
	// Classic: a 6 enters and rolls again (rule L4), four horses (L7:
	// Tokens:2 plays two), passing allowed (L8: Overtake:OvertakeNone
	// forbids it); going round again (L9) is not played.
	petitschevaux := with(classic, "petitschevaux", func(r *Rules) {
		r.Board = Board{Arms: 4, Track: 56, StartSpacing: 14, HomeEntry: 55, HomeColumn: 6} // rule L1
		r.SixLimit = 0                                                                      // ruling L5: no limit on sixes
		r.OwnLanding = OwnLandingForbidden                                                  // rule L3: one horse a square
		r.HomeSteps, r.Finish = true, BounceFinish                                          // rule L2: the staircase, and the overshoot at its foot counted back (V2)
		r.End = FirstWinner                                                                 // ruling L6
	})
	graces := FacesOf(6, 10, 25)
	// pachisi is India's Pachisi on its cross of four arms of 3×8
	// squares round the Charkoni: each side's pieces leave the Charkoni
	// down their own arm's centre column, go counter-clockwise round the
	// 68 squares of the outer columns and the arms' ends, and come back up
	// the centre column (rule Y1). Six cowries are thrown (X1): a grace
	// (6, 10, 25) brings a piece in and throws again (Y2), a capture
	// throws again (Y3), the twelve castles are safe and closed to
	// opponents (Y4), two pieces of a side on a square are a double that
	// only a double captures and that may move whole (Y10, Y5), a piece
	// may go round again instead of home (Y6), a player may refuse to
	// move (Y7), and partners sit opposite (Y8).
	pachisi := with(classic, "pachisi", func(r *Rules) {
		r.Board = Board{Arms: 4, Track: 68, StartSpacing: 17, HomeEntry: 75, HomeColumn: 7, StartLane: 7, // rule Y1
			Safe: OffsetsOf(0, 4, 13)} // rule Y4: each arm's end square and the fourth from the end of each outer column
		r.Cowries = true                                           // rule X1
		r.EntryRolls, r.BonusRolls, r.SixLimit = graces, graces, 0 // rule Y2: no limit on graces
		r.FirstEntryAny = true                                     // rule Y2: the first piece on any throw
		r.CaptureBonus = BonusRoll                                 // rule Y3
		r.SafeSquares, r.EntryCapture = SafeExclusive, EntryLands  // rule Y4
		r.Blocks, r.SquareLimit = BlocksTowers, 2                  // rule Y10
		r.Teams = Partners                                         // rule Y8
		r.Finish = BounceFinish                                    // rule Y9: the Charkoni on the exact count, an overshoot counted back
		r.TowersTogether = true                                    // rule Y5: a double may move whole
		r.RoundAgain = true                                        // rule Y6: a piece may go round again instead of home
		r.Decline = true                                           // rule Y7: a player may refuse to move
		// Classic's: a throw moves one piece (C8).
	})
	return []preset{
		{"classic", "Classic Ludo (the seed texts)", c},
		{"mongolian", "Mongolian Ludo (blocks)", m},
		{"ludoking", "Ludo King (India, online)", king},
		{"ludoking6", "Ludo King on a six-player board", king6},
		{"maedn", "Mensch ärgere Dich nicht (Germany)", maedn},
		{"maedn6", "Mensch ärgere Dich nicht on a six-player board", maedn6},
		{"danish", "Danish Ludo (globes and stars)", danish},
		{"parchis1", "Parchís with one die (Spain)", parchis},
		{"parchis6", "Parchís with one die on a six-player board", parchis6},
		{"fia", "Fia med knuff (Sweden)", fia},
		{"cocangua", "Cờ cá ngựa (Vietnam)", cocangua},
		{"naija", "Nigerian Ludo (two dice)", naija},
		{"parcheesi", "Parcheesi (United States, two dice)", parcheesi},
		{"parchis", "Parchís with two dice (Spain, Latin America, online)", parchis2},
		{"parchis6d", "Parchís with two dice on a six-player board", parchis2six},
		{"uckers", "Uckers (British forces, two dice, partners)", uckers},
		{"chinczyk", "Chińczyk (Poland)", chinczyk},
		{"nontiarrabbiare", "Non t'arrabbiare (Italy)", nontiarrabbiare},
		{"brasilpuc", "Brazilian Ludo, the PUC-Rio rules", brasilpuc},
		{"brasil", "Ludo (Brazil, the torre)", brasil},
		{"eilemitweile", "Eile mit Weile (Switzerland)", eilemitweile},
		{"petitschevaux", "Petits chevaux (France)", petitschevaux},
		{"pachisi", "Pachisi (India, six cowries)", pachisi},
	}
}()

// ---------------------------------------------------------------------
// The option types

// TeamRule says whether players play in partnerships (rule T1).
type TeamRule uint8

const (
	// NoTeams: every player plays for themselves.
	NoTeams TeamRule = iota
	// Partners: the players form two teams, alternating round the board
	// (with four players the partners sit opposite; with six, every other
	// seat). Partners never capture each other's tokens, nor block each
	// other, and a team that has brought every token home wins.
	Partners
	// PartnersPlayOn: as Partners, and a player whose tokens have all
	// finished plays on, throwing for a partner still playing and moving
	// that partner's tokens (rule T2: Parchís in pairs, Uckers, Pachisi).
	PartnersPlayOn
	// TwoColorsEach: as PartnersPlayOn, and each team is one player who
	// runs both its colours: on the turn of either, the throw moves the
	// tokens of both (rule T3: Uckers for two players). Two dice and four
	// players only.
	TwoColorsEach
)

var teamNames = []string{"NoTeams", "Partners", "PartnersPlayOn", "TwoColorsEach"}

// String returns the constant's name.
func (t TeamRule) String() string { return enumName(uint8(t), teamNames...) }

// SixEntry says what an entering 6 does (rules C7, F1).
type SixEntry uint8

const (
	// SixEntersOne: the 6 brings one token onto its start square, like
	// any entry face.
	SixEntersOne SixEntry = iota
	// SixEntersTwoOrRuns: the 6 brings either two tokens onto the start
	// square together, or one token straight to the square six on from
	// the yard (progress 5), as in Fia.
	SixEntersTwoOrRuns
)

var sixEntryNames = []string{"SixEntersOne", "SixEntersTwoOrRuns"}

// String returns the constant's name.
func (e SixEntry) String() string { return enumName(uint8(e), sixEntryNames...) }

// DiceUse says which die a player plays where only one of a throw's two
// dice can be played, by any first move (rule W2).
type DiceUse uint8

const (
	// EitherDie: the player chooses which.
	EitherDie DiceUse = iota
	// LargerDie: the larger die must be played where a token can play it
	// (Uckers; one reading of Parcheesi).
	LargerDie
)

var diceUseNames = []string{"EitherDie", "LargerDie"}

// String returns the constant's name.
func (d DiceUse) String() string { return enumName(uint8(d), diceUseNames...) }

// SixPenalty is what happens when a player reaches the [Rules.SixLimit]
// (rule C9, ruling Q2, rule P9).
type SixPenalty uint8

const (
	// VoidRoll forfeits only the roll that reached the limit: it is not
	// played, the turn passes, and moves made earlier in the turn stand.
	VoidRoll SixPenalty = iota
	// UndoTurn forfeits the whole turn: every token, the player's and any
	// it captured, goes back to where it stood when the turn began, and
	// the turn passes.
	UndoTurn
	// LastMovedHome sends the token the player moved last this turn back
	// to its yard, unless it is in its home column or finished (rule P9),
	// and the turn passes.
	LastMovedHome
	// NearestHome sends the player's token nearest its finish back to its
	// yard, even from its home column; finished tokens are safe (rule H3,
	// Parcheesi's third double). The turn passes.
	NearestHome
	// ExposedHome sends every token of the player that stands on the
	// track off a safe square back to its yard; tokens on safe squares
	// (Board.Safe), in the home column or finished stay (rule S3, Eile mit
	// Weile's third 6). The turn passes.
	ExposedHome
)

var sixPenaltyNames = []string{"VoidRoll", "UndoTurn", "LastMovedHome", "NearestHome", "ExposedHome"}

// String returns the constant's name.
func (p SixPenalty) String() string { return enumName(uint8(p), sixPenaltyNames...) }

// Bonus is what an event earns (rules K2, K3, P8): nothing, another roll,
// or a bonus move of some steps with any token. Its zero value is
// [NoBonus]; [BonusMove] makes a bonus move.
type Bonus uint8

const (
	// NoBonus: the event earns nothing.
	NoBonus Bonus = 0
	// BonusRoll: the event earns another roll in the same turn.
	BonusRoll Bonus = 1
)

// maxBonusSteps is the longest bonus move.
const maxBonusSteps = 50

// BonusMove returns the bonus of a move of n steps (2 to 50) with any of
// the player's tokens; other n give [NoBonus].
func BonusMove(n int) Bonus {
	if n < 2 || n > maxBonusSteps {
		return NoBonus
	}
	return Bonus(n)
}

// Steps returns the steps of a bonus move, or 0 for NoBonus and BonusRoll.
func (b Bonus) Steps() int {
	if b < 2 {
		return 0
	}
	return int(b)
}

func (b Bonus) valid() bool { return b <= maxBonusSteps }

// String returns "none", "roll", or the steps of a bonus move, as "20":
// the text and JSON forms write a Bonus so, as the count it mostly is,
// where they write the other options' values by their constants' names
// (NoTeams, EitherDie); both forms read "NoBonus" and "BonusRoll" too.
func (b Bonus) String() string {
	switch {
	case b == NoBonus:
		return "none"
	case b == BonusRoll:
		return "roll"
	case !b.valid():
		return fmt.Sprintf("invalid(%d)", uint8(b))
	}
	return strconv.Itoa(int(b))
}

func parseBonus(s string) (Bonus, bool) {
	switch strings.ToLower(s) {
	case "none", "nobonus":
		return NoBonus, true
	case "roll", "bonusroll":
		return BonusRoll, true
	}
	n, ok := number(s)
	if !ok || BonusMove(n) == NoBonus {
		return 0, false
	}
	return Bonus(n), true
}

// BlockRule says what two or more tokens of one colour on one track square
// do (rules B1, B2, ruling Q7).
type BlockRule uint8

const (
	// NoBlocks: tokens sharing a square have no special power.
	NoBlocks BlockRule = iota
	// BlocksStopOpponents: the square is a block; no opponent token may
	// pass it or land on it, while the owner's tokens may do both
	// (Mongolian text).
	BlocksStopOpponents
	// BlocksStopAll: the square is a block that no token passes, the
	// owner's included; opponents may not land on it, the owner's tokens
	// may (joining it) where SquareLimit allows. With SquareLimit 2 these
	// are the barriers of Parchís and of Schmidt's variant (rules P6, M7).
	BlocksStopAll
	// BlocksTowers: the two tokens are a tower (the Brazilian torre,
	// rules R4, R5; SquareLimit must be 2). Any token passes it, but no
	// opponent token lands on it alone: only an opponent's tower moving
	// whole, both its tokens on one die, lands on it, and sends both its
	// tokens to their yard. A tower moves whole only so; otherwise its
	// tokens move one at a time.
	BlocksTowers

	// BlocksOnSafe: two or more tokens of one colour form a block only on
	// a safe square (Board.Safe); no opponent passes it, while opponents
	// may land on it, sharing the safe square as SafeSquares says, and
	// the owner's tokens pass it (rule S4, Eile mit Weile's benches).
	// Elsewhere tokens of a colour that share a square have no power.
	BlocksOnSafe
)

var blockNames = []string{"NoBlocks", "BlocksStopOpponents", "BlocksStopAll", "BlocksTowers", "BlocksOnSafe"}

// String returns the constant's name.
func (b BlockRule) String() string { return enumName(uint8(b), blockNames...) }

// OwnLanding says whether a token may end its move on a square its owner
// already holds (ruling Q11).
type OwnLanding uint8

const (
	// OwnLandingAllowed: the token joins its fellows on the square.
	OwnLandingAllowed OwnLanding = iota
	// OwnLandingForbidden: the move is not allowed (as in the 2019
	// English Wikipedia text: "players may not end their move on a square
	// they already occupy"). The finish is exempt.
	OwnLandingForbidden
)

var ownLandingNames = []string{"OwnLandingAllowed", "OwnLandingForbidden"}

// String returns the constant's name.
func (o OwnLanding) String() string { return enumName(uint8(o), ownLandingNames...) }

// MultiCapture says what landing on two or more opponent tokens of one
// colour does where no block stops the move (ruling Q3, rules K5, D3).
type MultiCapture uint8

const (
	// CaptureAll sends every opponent token on the square to its yard.
	CaptureAll MultiCapture = iota
	// CaptureRefused makes the move illegal.
	CaptureRefused
	// CaptureNone: two or more tokens of a colour cannot be captured; the
	// token that lands there shares the square with them (rule K5).
	CaptureNone
	// CaptureMover sends the landing token to its own yard instead (rule
	// D3).
	CaptureMover
)

var multiCaptureNames = []string{"CaptureAll", "CaptureRefused", "CaptureNone", "CaptureMover"}

// String returns the constant's name.
func (m MultiCapture) String() string { return enumName(uint8(m), multiCaptureNames...) }

// SafeRule says what landing on an opponent on a safe square does (rules
// K1, D1). Where the board marks no safe squares it does nothing.
type SafeRule uint8

const (
	// SafeShare: nobody is captured on a safe square; the landing token
	// shares it with the opponents there (rule K1).
	SafeShare SafeRule = iota
	// SafeMoverHome: a token that lands on an opponent on a safe square
	// is sent to its own yard instead (rule D1).
	SafeMoverHome
	// SafeExclusive: a token may not land on a safe square an opponent
	// holds; with EntryCapturesAll an entering token still captures on
	// its start square (rule H4, Parcheesi).
	SafeExclusive
)

var safeNames = []string{"SafeShare", "SafeMoverHome", "SafeExclusive"}

// String returns the constant's name.
func (s SafeRule) String() string { return enumName(uint8(s), safeNames...) }

// EntryCapture says what a token entering onto its start square does to
// opponents there when the start square is safe (ruling Q4, rules D4,
// P4). Where it is not safe, entering captures like any landing (rule
// C11).
type EntryCapture uint8

const (
	// EntryLands: entering is a landing like any other, so the safe
	// square's rule holds (rule K1 or D1).
	EntryLands EntryCapture = iota
	// EntryCapturesAll: the entering token captures every opponent on
	// its start square, safe or not (rule D4).
	EntryCapturesAll
	// EntryCapturesLast: a token may enter onto its start square when it
	// is full (SquareLimit) if an opponent is there, and captures the
	// opponent that arrived there last to make room (rule P4).
	EntryCapturesLast
)

var entryCaptureNames = []string{"EntryLands", "EntryCapturesAll", "EntryCapturesLast"}

// String returns the constant's name.
func (e EntryCapture) String() string { return enumName(uint8(e), entryCaptureNames...) }

// CaptureDuty says whether a player who can capture must (rule M8).
type CaptureDuty uint8

const (
	// CaptureOptional: capturing is a move like any other.
	CaptureOptional CaptureDuty = iota
	// CaptureCompulsory: where a move captures, only capturing moves are
	// legal.
	CaptureCompulsory
	// CapturePenalty: a player may make a move that does not capture
	// where one would, but then the token that could have captured (the
	// one furthest on, if several could) goes back to its yard.
	CapturePenalty
)

var captureDutyNames = []string{"CaptureOptional", "CaptureCompulsory", "CapturePenalty"}

// String returns the constant's name.
func (c CaptureDuty) String() string { return enumName(uint8(c), captureDutyNames...) }

// Overtake says which tokens a moving token may pass on the track (rule
// F2). Blocks stop tokens whatever it says (rule B2).
type Overtake uint8

const (
	// OvertakeAll: a token passes any token.
	OvertakeAll Overtake = iota
	// OvertakeOpponents: a token may not pass a token of its own colour.
	OvertakeOpponents
	// OvertakeNone: a token may not pass any token.
	OvertakeNone
	// OvertakeCaptures: a token passes any token, and every opponent it
	// passes on a track square that is not safe (Board.Safe) goes back to
	// its yard, as a capture (rule S1, Eile mit Weile). Partners are not
	// captured (rule T1).
	OvertakeCaptures
)

var overtakeNames = []string{"OvertakeAll", "OvertakeOpponents", "OvertakeNone", "OvertakeCaptures"}

// String returns the constant's name.
func (o Overtake) String() string { return enumName(uint8(o), overtakeNames...) }

// HomeJumps says whether a token may pass another in its home column
// (ruling Q8, rule M6).
type HomeJumps uint8

const (
	// HomeJumpsAllowed: tokens pass each other in the home column.
	HomeJumpsAllowed HomeJumps = iota
	// HomeJumpsForbidden: a token may not pass a token in its home
	// column (Schmidt's variant "no jumping in the goal").
	HomeJumpsForbidden
)

var homeJumpsNames = []string{"HomeJumpsAllowed", "HomeJumpsForbidden"}

// String returns the constant's name.
func (h HomeJumps) String() string { return enumName(uint8(h), homeJumpsNames...) }

// FinishRule says which rolls may bring a token to the finish (rule C5).
type FinishRule uint8

const (
	// ExactFinish: only the exact roll finishes; a roll that would go past
	// the finish is no move for that token.
	ExactFinish FinishRule = iota
	// BounceFinish: a roll that goes past the finish counts the excess
	// back down the home column.
	BounceFinish
	// AnyRollFinishes: any roll that reaches the finish finishes.
	AnyRollFinishes
)

var finishNames = []string{"ExactFinish", "BounceFinish", "AnyRollFinishes"}

// String returns the constant's name.
func (f FinishRule) String() string { return enumName(uint8(f), finishNames...) }

// GoalRule says how the home column and the finish hold tokens (rule M1).
type GoalRule uint8

const (
	// GoalFinish: the finish holds any number of tokens, and a player is
	// done when every token has reached it.
	GoalFinish GoalRule = iota
	// GoalSlots: the home column and the finish are goal squares that
	// hold one token each, and a player is done when their tokens fill
	// the last goal squares (with four tokens on the Mensch ärgere Dich
	// nicht board, all four; on the Cờ cá ngựa stable of six, squares 3
	// to 6).
	GoalSlots
)

var goalNames = []string{"GoalFinish", "GoalSlots"}

// String returns the constant's name.
func (g GoalRule) String() string { return enumName(uint8(g), goalNames...) }

// EndRule says when the game stops (rule C6, ruling Q10).
type EndRule uint8

const (
	// PlayForAllPlaces: the others play on after the first winner, until
	// one player (one team, with partners) is left, who takes last place.
	PlayForAllPlaces EndRule = iota
	// FirstWinner: the game stops when the first player (team) finishes.
	FirstWinner
)

var endNames = []string{"PlayForAllPlaces", "FirstWinner"}

// String returns the constant's name.
func (e EndRule) String() string { return enumName(uint8(e), endNames...) }

func enumName(v uint8, names ...string) string {
	if int(v) < len(names) {
		return names[v]
	}
	return fmt.Sprintf("invalid(%d)", v)
}

func b2i(b bool) int { return int(b2u(b)) }

func b2u(b bool) uint8 {
	if b {
		return 1
	}
	return 0
}

// quote quotes s for an error message, at most about 64 characters of it.
func quote(s string) string {
	const most = 64
	if len(s) > most {
		cut := most
		for cut > 0 && !utf8.RuneStart(s[cut]) {
			cut--
		}
		return strconv.Quote(s[:cut]) + "…"
	}
	return strconv.Quote(s)
}
