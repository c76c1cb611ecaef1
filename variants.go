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
// in the README's options table (which a test keeps equal to the table in
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
// The option table

// optKind is how an option's value is written.
type optKind uint8

const (
	kindInt     optKind = iota // a number in its range
	kindBool                   // true or false
	kindFaces                  // a set of faces of the throw, {1 6}
	kindColors                 // a set of colours, {red yellow}
	kindOffsets                // a set of offsets, {0 8}
	kindEnum                   // one of names
	kindBonus                  // none, roll or a number of steps
)

// option is one option of Rules: its name (as Rules.String, the text
// form and JSON spell it), the rule it belongs to, what it does in a few
// words (the README's options table), its kind and range, and its field,
// read and written as a number. Every form of Rules goes through this
// table: String, ParseRules, JSON, Key, Validate and the README.
type option struct {
	name, rule, doc string
	kind            optKind
	rng             func(r *Rules) (lo, hi int) // kindInt: the values allowed, which may depend on other options
	off             bool                        // kindInt: 0 is allowed too, and turns the option off
	names           []string                    // kindEnum: the value names, in order
	later           bool                        // added after State.Key was frozen: hashed only where not 0, so that older rules keep their keys
	get             func(r *Rules) uint64
	set             func(r *Rules, v uint64)
}

// span returns the range of values lo to hi, whatever the other options.
func span(lo, hi int) func(*Rules) (int, int) { return func(*Rules) (int, int) { return lo, hi } }

func intOpt(name, rule, doc string, rng func(r *Rules) (lo, hi int), f func(r *Rules) *int) option {
	return option{name: name, rule: rule, doc: doc, kind: kindInt, rng: rng,
		get: func(r *Rules) uint64 { return uint64(*f(r)) }, set: func(r *Rules, v uint64) { *f(r) = int(v) }}
}

// later returns o marked as added after State.Key was frozen (see
// rulesKey).
func later(o option) option { o.later = true; return o }

// orOff returns o with 0 allowed as well as its range, for off.
func orOff(o option) option { o.off = true; return o }

// listLimit returns the most values a list option's JSON list can hold,
// and what the error for more says and matches: the JSON form refuses a
// longer list before decoding it.
func (o *option) listLimit() (most int, msg string, kind error) {
	switch o.kind {
	case kindColors:
		return MaxPlayers, fmt.Sprintf("more than MaxPlayers (%d) colours", MaxPlayers), ErrInvalidRules
	case kindFaces:
		return maxFaces, fmt.Sprintf("more than %d faces", maxFaces), ErrSyntax
	case kindOffsets:
		return 64, "more than 64 offsets", ErrSyntax
	}
	return 0, "", nil
}

func boolOpt(name, rule, doc string, f func(r *Rules) *bool) option {
	return option{name: name, rule: rule, doc: doc, kind: kindBool,
		get: func(r *Rules) uint64 { return uint64(b2u(*f(r))) }, set: func(r *Rules, v uint64) { *f(r) = v != 0 }}
}

func setOpt[T ~uint8 | ~uint64](name, rule, doc string, kind optKind, f func(r *Rules) *T) option {
	return option{name: name, rule: rule, doc: doc, kind: kind,
		get: func(r *Rules) uint64 { return uint64(*f(r)) }, set: func(r *Rules, v uint64) { *f(r) = T(v) }}
}

func enumOpt[E ~uint8](name, rule, doc string, names []string, f func(r *Rules) *E) option {
	o := setOpt(name, rule, doc, kindEnum, f)
	o.names = names
	return o
}

// options lists every option of Rules but Preset, in the order Rules
// declares them (the order of Rules.String, JSON and the README table).
var options = []option{
	intOpt("Arms", "C3", "colours the board seats", span(2, MaxPlayers), func(r *Rules) *int { return &r.Board.Arms }),
	intOpt("Track", "C3", "squares of the shared track", span(4, 250), func(r *Rules) *int { return &r.Board.Track }),
	intOpt("StartSpacing", "C3", "squares from one start square to the next",
		func(r *Rules) (int, int) { return 1, r.Board.Track / max(r.Board.Arms, 1) }, func(r *Rules) *int { return &r.Board.StartSpacing }),
	intOpt("HomeEntry", "C4", "progress of the last track square before the home column",
		func(r *Rules) (int, int) { return 1, r.Board.lastEntry() }, func(r *Rules) *int { return &r.Board.HomeEntry }),
	intOpt("HomeColumn", "C4", "squares of a home column, the finish not counted",
		func(r *Rules) (int, int) { return 0, 249 - r.Board.HomeEntry }, func(r *Rules) *int { return &r.Board.HomeColumn }),
	later(intOpt("StartLane", "Y1", "squares from the yard down the home column to the start square",
		func(r *Rules) (int, int) { return 0, r.Board.HomeColumn }, func(r *Rules) *int { return &r.Board.StartLane })),
	setOpt("Safe", "K1", "safe squares, as offsets from every start square", kindOffsets, func(r *Rules) *Offsets { return &r.Board.Safe }),
	setOpt("Stars", "D2", "stars, as offsets from every start square", kindOffsets, func(r *Rules) *Offsets { return &r.Board.Stars }),
	intOpt("Players", "C1", "players, 2 to Arms", func(r *Rules) (int, int) { return 2, r.Board.Arms }, func(r *Rules) *int { return &r.Players }),
	setOpt("Seats", "Q5", "colours that play; {} = spread evenly", kindColors, func(r *Rules) *Colors { return &r.Seats }),
	enumOpt("Teams", "T1", "partnerships", teamNames, func(r *Rules) *TeamRule { return &r.Teams }),
	intOpt("Tokens", "C1", "tokens per player", span(1, MaxTokens), func(r *Rules) *int { return &r.Tokens }),
	intOpt("StartOut", "K6", "tokens that start on the start square", func(r *Rules) (int, int) { return 0, r.Tokens }, func(r *Rules) *int { return &r.StartOut }),
	later(boolOpt("TwoDice", "W1", "a throw is two dice, each die a move", func(r *Rules) *bool { return &r.TwoDice })),
	later(boolOpt("Cowries", "X1", "a throw is six cowries: 2 to 6, 10 or 25", func(r *Rules) *bool { return &r.Cowries })),
	later(enumOpt("DiceUse", "W2", "which die is played where only one can be", diceUseNames, func(r *Rules) *DiceUse { return &r.DiceUse })),
	later(boolOpt("EntrySum", "H1", "two dice that sum to an entry face enter a token", func(r *Rules) *bool { return &r.EntrySum })),
	later(boolOpt("BonusAnyDie", "U1", "a bonus face on either die earns one bonus roll", func(r *Rules) *bool { return &r.BonusAnyDie })),
	later(boolOpt("SumMoves", "U2", "a token takes both dice as one move of their sum", func(r *Rules) *bool { return &r.SumMoves })),
	later(boolOpt("DoublesSplitBlocks", "H5", "a double may not move a block's two tokens on together", func(r *Rules) *bool { return &r.DoublesSplitBlocks })),
	later(boolOpt("TopsAndBottoms", "H2", "a double with every token out moves the tops and the bottoms", func(r *Rules) *bool { return &r.TopsAndBottoms })),
	setOpt("EntryRolls", "C7", "faces that enter a token", kindFaces, func(r *Rules) *Faces { return &r.EntryRolls }),
	enumOpt("SixEntry", "F1", "what an entering 6 does", sixEntryNames, func(r *Rules) *SixEntry { return &r.SixEntry }),
	later(boolOpt("FirstEntryAny", "Y2", "with every token in the yard, any throw enters one", func(r *Rules) *bool { return &r.FirstEntryAny })),
	boolOpt("EntryCompulsory", "M2", "an entry roll must enter a token if one can", func(r *Rules) *bool { return &r.EntryCompulsory }),
	boolOpt("ClearStart", "M3", "a token must leave the start square while others wait", func(r *Rules) *bool { return &r.ClearStart }),
	intOpt("Tries", "M4", "rolls a turn while nothing can move but by entering", span(1, 3), func(r *Rules) *int { return &r.Tries }),
	setOpt("BonusRolls", "C9", "faces that earn another roll", kindFaces, func(r *Rules) *Faces { return &r.BonusRolls }),
	intOpt("SixLimit", "C9", "bonus rolls in a row at which the last is forfeited; 0 = none", span(0, 255), func(r *Rules) *int { return &r.SixLimit }),
	enumOpt("SixPenalty", "Q2", "what the forfeited roll does", sixPenaltyNames, func(r *Rules) *SixPenalty { return &r.SixPenalty }),
	boolOpt("NoMoveForfeitsBonus", "Q1", "an unusable bonus roll ends the turn", func(r *Rules) *bool { return &r.NoMoveForfeitsBonus }),
	intOpt("SixValue", "P5", "steps a 6 counts once no token is in the yard", func(r *Rules) (int, int) { return r.chance().six(), 20 }, func(r *Rules) *int { return &r.SixValue }),
	later(boolOpt("SixValueAlways", "S2", "a 6 counts SixValue with tokens in the yard too", func(r *Rules) *bool { return &r.SixValueAlways })),
	setOpt("CaptureBonus", "K2", "what a capture earns: none, roll or steps", kindBonus, func(r *Rules) *Bonus { return &r.CaptureBonus }),
	setOpt("HomeBonus", "K3", "what bringing a token home earns", kindBonus, func(r *Rules) *Bonus { return &r.HomeBonus }),
	enumOpt("Blocks", "B1", "what two tokens of a colour on a square do", blockNames, func(r *Rules) *BlockRule { return &r.Blocks }),
	boolOpt("BreakOnSix", "P7", "a 6 must open a block if it can", func(r *Rules) *bool { return &r.BreakOnSix }),
	orOff(intOpt("SquareLimit", "P2", "most tokens on a track square; 0 = no limit", span(2, MaxTokens*MaxPlayers), func(r *Rules) *int { return &r.SquareLimit })),
	enumOpt("OwnLanding", "Q11", "may a token end on its own colour", ownLandingNames, func(r *Rules) *OwnLanding { return &r.OwnLanding }),
	enumOpt("MultiCapture", "Q3", "landing on two or more opponents", multiCaptureNames, func(r *Rules) *MultiCapture { return &r.MultiCapture }),
	enumOpt("SafeSquares", "K1", "landing on an opponent on a safe square", safeNames, func(r *Rules) *SafeRule { return &r.SafeSquares }),
	enumOpt("EntryCapture", "Q4", "entering onto opponents on a safe start square", entryCaptureNames, func(r *Rules) *EntryCapture { return &r.EntryCapture }),
	later(boolOpt("GuardedExits", "A5", "no block on a start square, and two colours there only with its owner", func(r *Rules) *bool { return &r.GuardedExits })),
	enumOpt("CaptureDuty", "M8", "must a player capture", captureDutyNames, func(r *Rules) *CaptureDuty { return &r.CaptureDuty }),
	boolOpt("CaptureBeforeHome", "K4", "a colour goes home only after it has captured", func(r *Rules) *bool { return &r.CaptureBeforeHome }),
	later(boolOpt("CaptureRetires", "N1", "a token that captures leaves the board as finished", func(r *Rules) *bool { return &r.CaptureRetires })),
	enumOpt("Overtake", "F2", "which tokens a token may pass, on the track and in its home column", overtakeNames, func(r *Rules) *Overtake { return &r.Overtake }),
	enumOpt("HomeJumps", "Q8", "may tokens pass each other in the home column", homeJumpsNames, func(r *Rules) *HomeJumps { return &r.HomeJumps }),
	enumOpt("Finish", "C5", "which rolls reach the finish", finishNames, func(r *Rules) *FinishRule { return &r.Finish }),
	enumOpt("Goal", "M1", "how the home column and finish hold tokens", goalNames, func(r *Rules) *GoalRule { return &r.Goal }),
	boolOpt("HomeSteps", "V2", "home column one square a move, on its number", func(r *Rules) *bool { return &r.HomeSteps }),
	intOpt("FinishTokens", "K6", "tokens home to finish; 0 = all", span(0, MaxTokens), func(r *Rules) *int { return &r.FinishTokens }),
	enumOpt("End", "Q10", "when the game stops", endNames, func(r *Rules) *EndRule { return &r.End }),
	later(boolOpt("TowersTogether", "Y5", "a tower's two tokens may move together anywhere", func(r *Rules) *bool { return &r.TowersTogether })),
	later(boolOpt("RoundAgain", "Y6", "a token may go round again instead of into its home column", func(r *Rules) *bool { return &r.RoundAgain })),
	later(boolOpt("Decline", "Y7", "a player with a token out may refuse to move", func(r *Rules) *bool { return &r.Decline })),
}

// seatsOption is the index of Seats in options.
var seatsOption = func() int {
	for i, o := range options {
		if o.name == "Seats" {
			return i
		}
	}
	panic("no Seats option")
}()

// optionByName returns the option with the given name, in any case.
func optionByName(name string) (*option, bool) {
	for i := range options {
		if strings.EqualFold(options[i].name, name) {
			return &options[i], true
		}
	}
	return nil, false
}

// format writes value v of the option as the text form spells it.
func (o *option) format(v uint64) string {
	switch o.kind {
	case kindBool:
		return strconv.FormatBool(v != 0)
	case kindFaces:
		return Faces(v).String()
	case kindColors:
		return Colors(v).String()
	case kindOffsets:
		return Offsets(v).String()
	case kindEnum:
		return enumName(uint8(v), o.names...)
	case kindBonus:
		return Bonus(v).String()
	}
	return strconv.FormatInt(int64(int(v)), 10)
}

// parse reads a value of the option as format writes it (names in any
// case), or says what is wrong.
func (o *option) parse(s string) (uint64, string) {
	set := func(max int, item func(w string) (int, bool), what string) (uint64, string) {
		words, ok := braced(s)
		if !ok {
			return 0, fmt.Sprintf("%s is not a set: want %s in braces, as %s", quote(s), what, o.format(o.example()))
		}
		var v uint64
		for _, w := range words {
			n, ok := item(w)
			if !ok || n < 0 || n > max {
				return 0, fmt.Sprintf("%s is not %s", quote(w), what)
			}
			if v&(1<<n) != 0 {
				return 0, fmt.Sprintf("%s given twice", w)
			}
			v |= 1 << n
		}
		return v, ""
	}
	switch o.kind {
	case kindBool:
		switch strings.ToLower(s) {
		case "true":
			return 1, ""
		case "false":
			return 0, ""
		}
		return 0, fmt.Sprintf("%s is not true or false", quote(s))
	case kindFaces:
		v, msg := set(MaxFace, number, fmt.Sprintf("a face 1 to %d", MaxFace))
		if v&1 != 0 {
			return 0, fmt.Sprintf("0 is not a face 1 to %d", MaxFace)
		}
		return v, msg
	case kindColors:
		return set(MaxPlayers-1, func(w string) (int, bool) { c, ok := ParseColor(w); return int(c), ok }, "a colour: "+colorList)
	case kindOffsets:
		return set(63, number, "an offset 0 to 63")
	case kindEnum:
		for v, name := range o.names {
			if strings.EqualFold(s, name) {
				return uint64(v), ""
			}
		}
		return 0, fmt.Sprintf("%s is not one of %s", quote(s), strings.Join(o.names, ", "))
	case kindBonus:
		b, ok := parseBonus(s)
		if !ok {
			return 0, fmt.Sprintf("%s is not a bonus: want none, roll or a number of steps 2 to %d", quote(s), maxBonusSteps)
		}
		return uint64(b), ""
	}
	n, ok := number(s)
	if !ok {
		return 0, fmt.Sprintf("%s is not a number", quote(s))
	}
	return uint64(n), ""
}

// example returns a value of a set option for its error messages.
func (o *option) example() uint64 {
	switch o.kind {
	case kindFaces:
		return uint64(FacesOf(1, 6))
	case kindColors:
		return uint64(ColorsOf(Red, Yellow))
	}
	return uint64(OffsetsOf(0, 8))
}

// String names the preset the rules start from and lists the options that
// differ from it, as "mongolian{Players:2}". Rules whose Preset is not a
// preset's name are written against the zero Rules.
func (r Rules) String() string {
	base, _ := Preset(r.Preset)
	name := r.Preset
	if name == "" {
		name = "?"
	}
	var diff []string
	for i := range options {
		o := &options[i]
		if v := o.get(&r); v != o.get(&base) {
			diff = append(diff, o.name+":"+o.format(v))
		}
	}
	if len(diff) == 0 {
		return name
	}
	return name + "{" + strings.Join(diff, " ") + "}"
}

// optionsMarkdown writes the README's options table: every option with
// its rule, what it does, and its value in each preset (the presets on a
// board of six arms differ from theirs only in Arms, Track, HomeEntry and
// Players, so they have no column).
func optionsMarkdown() string {
	var cols []preset
	for _, p := range presets {
		if p.rules.Board.Arms == Ludo52().Arms {
			cols = append(cols, p)
		}
	}
	var b strings.Builder
	b.WriteString("| option | rule | what it says |")
	for _, p := range cols {
		b.WriteString(" " + p.name + " |")
	}
	b.WriteString("\n|---|---|---|")
	for range cols {
		b.WriteString("---|")
	}
	b.WriteString("\n")
	for i := range options {
		o := &options[i]
		b.WriteString("| `" + o.name + "` | " + o.rule + " | " + o.doc + " |")
		for _, p := range cols {
			b.WriteString(" " + strings.ReplaceAll(o.format(o.get(&p.rules)), "|", "\\|") + " |")
		}
		b.WriteString("\n")
	}
	return b.String()
}

// ---------------------------------------------------------------------
// Validation

// Validate reports whether r describes a playable game. Its error, if any,
// matches [ErrInvalidRules] and names the first offending option. Some
// rules it accepts can still bring a game to a position from which no
// dice and no choices end it, which it cannot tell from the options
// alone (ruling Q13).
func (r Rules) Validate() error {
	if msg := r.problem(); msg != "" {
		return fmt.Errorf("%w: %s", ErrInvalidRules, msg)
	}
	return nil
}

// problem says what is wrong with r, or returns "".
func (r Rules) problem() string {
	if _, ok := Preset(r.Preset); !ok {
		return fmt.Sprintf("Preset %s is not a preset: want one of %s", quote(r.Preset), strings.Join(Presets(), ", "))
	}
	b := r.Board
	if b == (Board{}) {
		return fmt.Sprintf("the rules name the preset %s but hold none of its options (the Board is zero): a Rules value holds every option, so start from ludo.Preset(%s) and change the fields that differ (the text and JSON forms fill the preset's options in themselves)", quote(r.Preset), quote(r.Preset))
	}
	faces := r.chance().faces
	six := r.chance().six() // the face the rules call a six
	// The ranges the table gives, then the ones that depend on others.
	for i := range options {
		o := &options[i]
		v := o.get(&r)
		switch o.kind {
		case kindInt:
			n := int(v)
			lo, hi := o.rng(&r)
			if (n < lo || n > hi) && !(o.off && n == 0) {
				off := ""
				if o.off {
					off = " or 0"
				}
				return fmt.Sprintf("%s is %d, want %d to %d%s (rule %s)", o.name, n, lo, hi, off, o.rule)
			}
		case kindEnum:
			if int(v) >= len(o.names) {
				return fmt.Sprintf("%s %d is not one of %s", o.name, v, strings.Join(o.names, ", "))
			}
		case kindFaces:
			if v&^uint64(faces) != 0 {
				return fmt.Sprintf("%s %v holds a face the throw cannot show: want faces of %v", o.name, Faces(v), faces)
			}
		case kindColors:
			if v&^uint64(allColors>>(MaxPlayers-b.Arms)) != 0 {
				return fmt.Sprintf("%s %v names a colour the board does not seat (it has %d arms)", o.name, Colors(v), b.Arms)
			}
		case kindOffsets:
			if v>>b.StartSpacing != 0 {
				return fmt.Sprintf("%s %v holds an offset past StartSpacing-1 (%d)", o.name, Offsets(v), b.StartSpacing-1)
			}
		case kindBonus:
			if !Bonus(v).valid() {
				return fmt.Sprintf("%s %d is not a bonus: want none, roll or 2 to %d steps", o.name, v, maxBonusSteps)
			}
		}
	}
	switch {
	case b.Track < 2*b.Arms:
		return fmt.Sprintf("Track is %d, want at least %d: two squares an arm (rule C3)", b.Track, 2*b.Arms)
	case r.FirstEntryAny && r.TwoDice:
		return "FirstEntryAny is not played with TwoDice: no source says which die or sum brings the first token in (rule Y2)"
	case b.Track+b.Arms*b.StartLane > 250:
		return fmt.Sprintf("the track's %d squares and the %d start lanes of %d are more than 250 squares (rule Y1)", b.Track, b.Arms, b.StartLane)
	case b.StartLane > 0 && (r.CaptureBeforeHome || r.GuardedExits || r.SixPenalty == ExposedHome):
		return "StartLane is not played with CaptureBeforeHome, GuardedExits or SixPenalty:ExposedHome: no source says where a lap begins, who guards an exit reached down a lane, or whether the lane is exposed (rule Y1)"
	case r.Seats != 0 && r.Seats.Len() != r.Players:
		return fmt.Sprintf("Seats %v holds %d colours but Players is %d", r.Seats, r.Seats.Len(), r.Players)
	case r.EntryRolls == 0:
		return "EntryRolls is empty: no token could ever enter (rule C7)"
	case r.SixLimit == 1:
		return "SixLimit is 1: every bonus-earning roll would be forfeited (rule C9)"
	case r.BonusRolls == faces && r.SixLimit > 0 && r.SixPenalty == UndoTurn && !r.TwoDice:
		return "every face earns a bonus roll, so every turn reaches SixLimit and UndoTurn undoes it: the game could never end (rule C9)"
	case r.Teams == TwoColorsEach && (r.Players != 4 || !r.TwoDice):
		return fmt.Sprintf("Teams is TwoColorsEach but Players is %d and TwoDice %v: two players each run two colours with two dice, four colours in all (rule T3)", r.Players, r.TwoDice)
	case r.Teams != NoTeams && r.Players%2 != 0:
		return fmt.Sprintf("Teams is Partners but Players is %d: partners need an even number of players (rule T1)", r.Players)
	case r.Blocks != NoBlocks && r.OwnLanding == OwnLandingForbidden:
		return fmt.Sprintf("Blocks is %v but OwnLanding is %v: a block forms when a token lands on its own colour (rule B1)", r.Blocks, r.OwnLanding)
	case r.Blocks == BlocksTowers && r.SquareLimit != 2:
		return fmt.Sprintf("Blocks is BlocksTowers but SquareLimit is %d: a tower is two tokens, so a square holds two at most (rules R3, R4)", r.SquareLimit)
	case r.Blocks == BlocksTowers && r.TwoDice:
		return "Blocks is BlocksTowers but TwoDice is true: a tower moves whole on one die (rule R5)"
	case r.Blocks == BlocksTowers && r.Teams > Partners:
		return fmt.Sprintf("Blocks is BlocksTowers but Teams is %v: no source says whose tower a player who plays on moves (rules R5, Y5)", r.Teams)
	case r.Blocks == BlocksTowers && (b.Stars != 0 || r.CaptureRetires || r.BreakOnSix || r.EntryCapture == EntryCapturesLast):
		return "Blocks is BlocksTowers, which is not played with Stars, CaptureRetires, BreakOnSix or EntryCapture:EntryCapturesLast: no source says where a tower jumps, retires or opens, and rule P4 would capture one token of a tower (rule R5)"
	case r.BreakOnSix && r.Blocks == NoBlocks:
		return "BreakOnSix needs Blocks: there is no block to open (rule P7)"
	case r.SquareLimit != 0 && r.SquareLimit < r.StartOut:
		return fmt.Sprintf("SquareLimit %d is less than StartOut %d", r.SquareLimit, r.StartOut)
	case r.StartOut > 1 && r.OwnLanding == OwnLandingForbidden:
		return fmt.Sprintf("StartOut is %d but OwnLanding is %v: the tokens could not share the start square", r.StartOut, r.OwnLanding)
	case r.GuardedExits && (r.SquareLimit == 0 || !b.Safe.Has(0)):
		return "GuardedExits needs SquareLimit and safe start squares (Safe holding 0): it says who may share a start square (rule A5)"
	case r.GuardedExits && (r.StartOut > 1 || r.SixEntry == SixEntersTwoOrRuns):
		return "GuardedExits holds one token of a colour on a start square, so StartOut may be at most 1 and SixEntry not SixEntersTwoOrRuns (rule A5)"
	case r.EntryCapture == EntryCapturesLast && r.SquareLimit == 0:
		return "EntryCapture is EntryCapturesLast, which needs SquareLimit: only a full start square has a token to make room from (rule P4)"
	case r.SixEntry == SixEntersTwoOrRuns && !r.EntryRolls.Has(six):
		return fmt.Sprintf("SixEntry is SixEntersTwoOrRuns but %d does not enter a token (rule F1)", six)
	case r.SixEntry == SixEntersTwoOrRuns && r.Board.HomeEntry < six-1:
		return fmt.Sprintf("SixEntry is SixEntersTwoOrRuns but HomeEntry is below %d: a token running in %d squares would pass its home column (rule F1)", six-1, six)
	case r.Goal == GoalSlots && r.Tokens > b.HomeColumn+1:
		return fmt.Sprintf("Goal is GoalSlots but the %d tokens do not fit the %d goal squares (home column and finish) one each (rule M1)", r.Tokens, b.HomeColumn+1)
	case r.Goal == GoalSlots && r.Finish == BounceFinish && !r.HomeSteps:
		return "Goal is GoalSlots, where a token stops short of the others, but Finish is BounceFinish (rule M1)"
	case r.HomeSteps && faces&stepFaces(b.HomeColumn+1, six) != stepFaces(b.HomeColumn+1, six):
		return fmt.Sprintf("HomeSteps climbs square k on a face of k (a 6 at most), so the throw needs the faces %v, but it shows %v (rule V2)", stepFaces(b.HomeColumn+1, six), faces)
	case r.HomeSteps && r.Finish == AnyRollFinishes:
		return "HomeSteps moves one square at a time, so Finish must be ExactFinish or BounceFinish (at the gate), not AnyRollFinishes (rule V2)"
	case r.HomeSteps && r.Finish == BounceFinish && r.CaptureBeforeHome:
		return "HomeSteps with BounceFinish and CaptureBeforeHome are not played together: no source says whether a token going round bounces at its gate (rules V2, K4)"
	case r.HomeSteps && r.Finish == BounceFinish && r.maxSteps()-1 > b.HomeEntry:
		return fmt.Sprintf("HomeSteps with BounceFinish counts an overshoot of the gate back, but a move of %d steps could bounce back past the start square: HomeEntry is %d (rule V2)", r.maxSteps(), b.HomeEntry)
	case r.FinishTokens > r.Tokens:
		return fmt.Sprintf("FinishTokens is %d but each player has %d tokens (rule K6)", r.FinishTokens, r.Tokens)
	case r.FinishTokens != 0 && r.FinishTokens < r.Tokens && r.End != FirstWinner:
		return "FinishTokens leaves tokens in play when a player finishes, so End must be FirstWinner (rule K6)"
	case r.FinishTokens != 0 && r.FinishTokens < r.Tokens && r.Goal == GoalSlots:
		return "FinishTokens needs Goal GoalFinish: a player is done when its goal squares are full (rule M1)"
	case r.CaptureBeforeHome && b.Track+b.HomeColumn > 254:
		return fmt.Sprintf("CaptureBeforeHome counts a token going round again past its finish, up to progress %d, but a progress is at most 254: want Track + HomeColumn at most 254 (rule K4)", b.Track+b.HomeColumn)
	case (r.DoublesSplitBlocks || r.SumMoves) && r.SixPenalty == UndoTurn:
		return "DoublesSplitBlocks or SumMoves and SixPenalty:UndoTurn are not played together: the State keeps where one throw began (rules H5, U2) or where the turn began (ruling Q2), not both"
	case r.Cowries && r.TwoDice:
		return "Cowries and TwoDice are both set: a throw is one lot of cowries or dice, not both (rules X1, W1)"
	case r.DoublesSplitBlocks && (!r.TwoDice || r.Blocks == NoBlocks):
		return "DoublesSplitBlocks needs TwoDice and Blocks: it keeps a double from moving a block on whole (rule H5)"
	case r.EntrySum && !r.TwoDice:
		return "EntrySum needs TwoDice: it is the sum of two dice that enters (rule H1)"
	case r.BonusAnyDie && !r.TwoDice:
		return "BonusAnyDie needs TwoDice: it is about the faces of either die (rule U1)"
	case r.SumMoves && !r.TwoDice:
		return "SumMoves needs TwoDice: it is the sum of two dice that a token moves (rule U2)"
	case r.SumMoves && r.TopsAndBottoms:
		return "SumMoves and TopsAndBottoms are not played together: tops and bottoms are four amounts, and no source says which of them add up (rules U2, H2)"
	case r.TopsAndBottoms && !r.TwoDice:
		return "TopsAndBottoms needs TwoDice: the bottoms are the faces under a double (rule H2)"
	case r.TopsAndBottoms && (r.SafeSquares == SafeMoverHome && b.Safe != 0 || r.MultiCapture == CaptureMover):
		return "TopsAndBottoms plays a double with every token out, but SafeSquares:SafeMoverHome or MultiCapture:CaptureMover could send a token home during it (rules H2, D1, D3)"
	case r.DiceUse != EitherDie && !r.TwoDice:
		return fmt.Sprintf("DiceUse is %v but TwoDice is false: with one die there is no other to play (rule W2)", r.DiceUse)
	case r.TwoDice && r.SixValue != six:
		return fmt.Sprintf("SixValue is %d but TwoDice is true: each die counts its face (rules W1, P5)", r.SixValue)
	case r.TwoDice && r.SixEntry != SixEntersOne:
		return fmt.Sprintf("SixEntry is %v but TwoDice is true: a die's 6 enters one token (rules W1, F1)", r.SixEntry)
	case r.TwoDice && r.CaptureDuty != CaptureOptional:
		return fmt.Sprintf("CaptureDuty is %v but TwoDice is true: a duty to capture over both dice is not played yet (rules W1, M8)", r.CaptureDuty)
	case r.CaptureRetires && b.Stars != 0:
		return "CaptureRetires and Stars are not played together: no source says whether a capturer on a star retires or jumps on (rules N1, D2)"
	case r.CaptureRetires && r.Goal == GoalSlots:
		return "CaptureRetires sends a token to the finish, but under GoalSlots the finish holds one token (rules N1, M1)"
	case r.SixValueAlways && r.SixValue == six:
		return fmt.Sprintf("SixValueAlways makes a 6 count SixValue, but SixValue is %d (rule S2)", six)
	case r.Overtake == OvertakeCaptures && (r.CaptureRetires || b.Stars != 0 || r.SixEntry == SixEntersTwoOrRuns || r.CaptureBeforeHome || r.HomeSteps):
		return "Overtake:OvertakeCaptures is not played with CaptureRetires, Stars, SixEntry:SixEntersTwoOrRuns, CaptureBeforeHome or HomeSteps: no source says what a token that captures by passing does there (rules S1, N1, D2, F1, K4, V2)"
	case r.Overtake == OvertakeCaptures && (r.SafeSquares == SafeMoverHome && b.Safe != 0 || r.MultiCapture == CaptureMover):
		return "Overtake:OvertakeCaptures is not played with a landing that sends the mover home (SafeSquares:SafeMoverHome, MultiCapture:CaptureMover): no source says whether what it passed stays captured (rules S1, D1, D3)"
	case r.TowersTogether && r.Blocks != BlocksTowers:
		return fmt.Sprintf("TowersTogether needs Blocks:BlocksTowers, but Blocks is %v: it moves a tower's two tokens together (rules Y5, R4)", r.Blocks)
	case r.TowersTogether && (r.Goal == GoalSlots || r.Overtake == OvertakeCaptures || r.SafeSquares == SafeMoverHome && b.Safe != 0 || r.MultiCapture == CaptureMover):
		return "TowersTogether is not played with Goal:GoalSlots, Overtake:OvertakeCaptures or a landing that sends the mover home (SafeSquares:SafeMoverHome, MultiCapture:CaptureMover): no source says where a tower moving whole goes there, and a goal square holds one token (rules Y5, M1, S1, D1, D3)"
	case r.RoundAgain && b.HomeEntry != b.lastEntry():
		return fmt.Sprintf("RoundAgain needs HomeEntry %d, the square before the start square (Track-1), or with a start lane the start square again (StartLane+Track): a token going round again counts its next lap from its start square (rules Y6, Y1)", b.lastEntry())
	case r.RoundAgain && (r.CaptureBeforeHome || r.HomeSteps || r.Overtake == OvertakeCaptures || b.Stars != 0):
		return "RoundAgain is not played with CaptureBeforeHome, HomeSteps, Overtake:OvertakeCaptures or Stars: no source says how a token that chose to go round again goes on there (rules Y6, K4, V2, S1, D2)"
	case (r.TowersTogether || r.RoundAgain || r.Decline || r.FirstEntryAny) && (r.TwoDice || r.SixEntry == SixEntersTwoOrRuns || r.CaptureDuty == CapturePenalty):
		return "TowersTogether, RoundAgain, Decline and FirstEntryAny are not played with TwoDice, SixEntry:SixEntersTwoOrRuns or CaptureDuty:CapturePenalty: the choices are listed for one die's move, the State keeps no room for a second entry move beside them, and no source says which token a player who chose otherwise loses (rules Y5, Y6, Y7, W1, F1, M8)"
	}
	return ""
}

// stepFace returns the face that climbs to home square k (the finish
// being the last) under HomeSteps (rule V2): k, and no more than the six.
func stepFace(k, six int) int { return min(k, six) }

// stepFaces returns the faces that climb a home column of steps squares
// and its finish (rule V2).
func stepFaces(steps, six int) Faces {
	var f Faces
	for k := 1; k <= steps; k++ {
		f |= 1 << stepFace(k, six)
	}
	return f
}

// chance returns the chance model of the rules' throw: one fair
// six-sided die, or two (rule W1).
func (r Rules) chance() *chance {
	switch {
	case r.TwoDice:
		return &twoDice
	case r.Cowries:
		return &sixCowries
	}
	return &oneDie
}

// maxSteps returns the most steps one move can count: a face, a six worth
// SixValue, a bonus move, or under SumMoves both dice (rule U2).
func (r Rules) maxSteps() int {
	sum := 0
	if r.SumMoves {
		sum = 2 * r.chance().top()
	}
	return max(r.chance().top(), r.SixValue, r.CaptureBonus.Steps(), r.HomeBonus.Steps(), sum)
}

// seats returns the colours that play: Seats, or the default for Players
// (ruling Q5): player k of n sits at arm ⌊k×Arms/n⌋, so two players sit
// opposite, and three on four arms take Red, Green and Yellow.
func (r Rules) seats() Colors {
	if r.Seats != 0 {
		return r.Seats
	}
	var s Colors
	for k := range r.Players {
		s |= 1 << (k * r.Board.Arms / max(r.Players, 1))
	}
	return s
}

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

// String returns "none", "roll", or the steps of a bonus move, as "20".
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
	case "none":
		return NoBonus, true
	case "roll":
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
