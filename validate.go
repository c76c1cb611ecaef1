package ludo

import (
	"fmt"
	"strings"
)

// This file holds Rules.Validate: what makes rules unplayable, or
// options that contradict each other, each refusal naming its rule.

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
	for _, msg := range [...]string{r.shapeProblem(faces, six), r.homeProblem(faces, six), r.diceProblem(six), r.choicesProblem()} {
		if msg != "" {
			return msg
		}
	}
	return ""
}

// shapeProblem says what is wrong with the board, the seats, the teams, the
// entry and the blocks of r, or returns "": six is the face the rules
// call a six, faces those the throw shows.
func (r Rules) shapeProblem(faces Faces, six int) string {
	b := r.Board
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
	}
	return ""
}

// homeProblem says what is wrong with the way home of r (goal squares,
// the stable climb, the tokens that finish, going round again), or
// returns "".
func (r Rules) homeProblem(faces Faces, six int) string {
	b := r.Board
	switch {
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
	}
	return ""
}

// diceProblem says what is wrong with the rules of two dice and of what a
// die counts in r, or returns "".
func (r Rules) diceProblem(six int) string {
	b := r.Board
	switch {
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
	}
	return ""
}

// choicesProblem says what is wrong with passing captures and Pachisi's
// choices in r, or returns "".
func (r Rules) choicesProblem() string {
	b := r.Board
	switch {
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
