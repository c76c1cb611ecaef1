package ludo

import (
	"cmp"
	"runtime"
	"sync"
	"weak"
)

// ruleset is a valid Rules value in the form a State plays by: the
// options, and what the rules derive from them for the hot paths. One
// ruleset exists per distinct Rules value (see compile), so that States
// hold a pointer to it and still compare with ==.
type ruleset struct {
	rules Rules
	// The board and the options, small.
	track, spacing, homeEntry, finish uint8
	tokens, players                   uint8
	straightPath                      bool // blocks are all a path meets (rule B2), no token goes round again (K4), and each colour's track squares from progress 0 to homeEntry follow one another round the track (no start lane, Y1): moveAlong
	ownFree                           bool // no token of its own colour refuses a token's move, nor a token's leaving the board: stillLegal
	seats                             Colors
	chance                            *chance // what a player throws (Roll, Outcomes, Dice)
	faces                             Faces   // the faces a die can show
	rolls                             Faces   // the faces Roll takes: a die's, or none where two dice are thrown (RollDice, rule W1)
	six                               uint8   // the face the rules call a six: the die's highest (rules P5, F1, P7)
	entry, bonus                      Faces   // the faces that enter a token (rule C7) and earn a bonus roll (C9)
	sixLimit, sixValue                uint8
	doneFrom                          uint8 // a token at this progress or beyond counts towards its player's finish (rules C6, M1)
	finishTokens                      uint8 // tokens that must be done for the player to finish
	endsAt                            uint8 // places at which the game ends (ruling Q10)
	squareLimit                       uint8
	captureBonus, homeBonus           Bonus
	goesOn                            uint8 // what a move may leave due: goesOnBonus, goesOnDice
	feat                              features
	filtersOn                         uint8      // a bit for each of the filters whose option is on, by index (filter)
	faceFilters                       [256]uint8 // faceFilters[f]: those of filtersOn a face f lets bind (faceBound), for bound and startCount
	finishBytes                       uint32     // finish+1 in every byte: a finished token's byte (candidates)
	tokenBytes                        uint32     // 0x80 in the bytes of the tokens in play (candidates)
	overBytes                         uint32     // 127-(finish+1) in every byte where rule C5 refuses every move past the finish before any other rule judges it, else 0 (candidates)
	// trackSq[c][p] is the number of the track square of colour c's
	// token at progress p (as a byte: 255 for the yard), as Board.Square
	// places it, going round again past its finish too (rule K4); in a
	// start lane, the lane's own number (laneSquare, rule Y1); 0 off the
	// track, in the yard or its home column.
	trackSq [MaxPlayers][256]uint8
	// square holds what marks each track square (1 to Track): squareSafe,
	// squareStar; 256 long, so that a uint8 indexes it without a bounds
	// test.
	square [256]uint8
	// nextStar[n] is the track square of the star after track square n,
	// going clockwise.
	nextStar [256]uint8
	// team[c] is colour c's team (0 or 1 with Partners; the colour itself
	// without teams), mates[c] the colours on it, and mateBits[c] their
	// tokens, as a token set (see tokenBit).
	team     [MaxPlayers]uint8
	mates    [MaxPlayers]Colors
	mateBits [MaxPlayers]uint32
	// unpassed[c] is the tokens a token of colour c may not pass by the
	// Overtake rule (rule F2): its own colour's, every seated colour's,
	// or none.
	unpassed [MaxPlayers]uint32
	// nextSeat[c][live] is the colour of the set live that plays next after
	// colour c: the next clockwise (rule C3), or c itself where live holds
	// no other.
	nextSeat [MaxPlayers][allColors + 1]Color
	// key is the rules' part of State.Key, hashed once (rulesKey).
	key uint64
	// steps[p], under HomeSteps (rule V2), is the face that climbs from
	// progress p, the gate or a home square, to the next: p-HomeEntry+1,
	// none more than a 6; below the gate, 0 where a move past it is
	// refused, 1 where Finish:BounceFinish counts it back.
	steps [256]uint8
}

// What a move may leave due (ruleset.goesOn): with one die a bonus move
// or roll it earns (rule P8, K2, K3); with two dice that or another
// amount of the throw (rules W1, W4).
const (
	goesOnBonus = 1 + iota
	goesOnDice
)

// What marks a track square.
const (
	squareSafe = 1 << iota
	squareStar
	squareExit // a start square, marked under GuardedExits (rule A5)
)

// features are the options that take a move off the common path, one bit
// each, so that the common path tests one word.
type features uint32

const (
	featBlocks         features = 1 << iota // Blocks
	featSafe                                // Board.Safe
	featStars                               // Board.Stars
	featOwnForbidden                        // OwnLanding: OwnLandingForbidden
	featOvertake                            // Overtake other than OvertakeAll
	featHomeNoJumps                         // HomeJumps: HomeJumpsForbidden
	featSlots                               // Goal: GoalSlots
	featSteps                               // HomeSteps
	featCircle                              // CaptureBeforeHome
	featTeams                               // Teams
	featSixValue                            // SixValue other than 6
	featPairEntry                           // SixEntry: SixEntersTwoOrRuns
	featEntryFilter                         // EntryCompulsory
	featClearStart                          // ClearStart
	featBreakOnSix                          // BreakOnSix
	featCaptureMust                         // CaptureDuty: CaptureCompulsory
	featCapturePenalty                      // CaptureDuty: CapturePenalty
	featUndo                                // SixPenalty: UndoTurn
	featLastMoved                           // SixPenalty: LastMovedHome
	featNoMoveForfeits                      // NoMoveForfeitsBonus
	featBenchBlocks                         // Blocks: BlocksOnSafe
	featTries                               // Tries above 1
	featLater                               // EntryCapture: EntryCapturesLast: keep who arrived last
	featTwoDice                             // TwoDice
	featSplit                               // DoublesSplitBlocks or SumMoves: keep where the throw began
	featPlayOn                              // Teams: PartnersPlayOn
	featRetire                              // CaptureRetires
	featChoices                             // TowersTogether, RoundAgain or Decline: moves listed beside the lanes (rules Y5, Y6, Y7); FirstEntryAny: the first token's entry judged with them (Y2)
	featSums                                // SumMoves or EntrySum: two dice's sum (rules U2, H1), told apart by the Rules in the cold code
	featGuardedExits                        // GuardedExits
	featShare                               // Teams: TwoColorsEach
	featPassCapture                         // Overtake: OvertakeCaptures (the last bit of 32)
)

// The features that change where a token may go or what its landing
// does, beyond the plain track (tokenMove tests them once).
const (
	featPath    = featBlocks | featOvertake | featHomeNoJumps | featSteps
	featFilters = featEntryFilter | featClearStart | featBreakOnSix | featCaptureMust
)

func (rs *ruleset) has(f features) bool { return rs.feat&f != 0 }

// rulesets interns the rulesets: the one of each Rules value in use.
var rulesets struct {
	sync.Mutex
	m map[Rules]weak.Pointer[ruleset]
}

// compile returns the ruleset of valid rules r: the same pointer for equal
// rules, for as long as any State holds it.
func compile(r Rules) *ruleset {
	rulesets.Lock()
	defer rulesets.Unlock()
	if p, ok := rulesets.m[r]; ok {
		if rs := p.Value(); rs != nil {
			return rs
		}
	}
	rs := newRuleset(r)
	if rulesets.m == nil {
		rulesets.m = map[Rules]weak.Pointer[ruleset]{}
	}
	rulesets.m[r] = weak.Make(rs)
	runtime.AddCleanup(rs, forget, r)
	return rs
}

// forget drops the entry of rules r once its ruleset is gone.
func forget(r Rules) {
	rulesets.Lock()
	defer rulesets.Unlock()
	if p, ok := rulesets.m[r]; ok && p.Value() == nil {
		delete(rulesets.m, r)
	}
}

// newRuleset derives the ruleset of valid rules r.
func newRuleset(r Rules) *ruleset {
	b := r.Board
	rs := &ruleset{
		rules: r,
		track: uint8(b.Track), spacing: uint8(b.StartSpacing), homeEntry: uint8(b.HomeEntry), finish: uint8(b.Finish()),
		tokens: uint8(r.Tokens), players: uint8(r.Players), seats: r.seats(),
		chance: r.chance(), entry: r.EntryRolls, bonus: r.BonusRolls,
		sixLimit: uint8(r.SixLimit), sixValue: uint8(r.SixValue),
		squareLimit:  uint8(r.SquareLimit),
		captureBonus: r.CaptureBonus, homeBonus: r.HomeBonus,
		finishTokens: uint8(cmp.Or(r.FinishTokens, r.Tokens)),
	}
	rs.faces, rs.six = rs.chance.faces, uint8(rs.chance.six())
	if !r.TwoDice {
		rs.rolls = rs.faces
	}
	rs.finishBytes = uint32(rs.finish+1) * 0x01010101
	rs.tokenBytes = uint32(1<<(8*r.Tokens)-1) & 0x80808080
	rs.doneFrom = rs.finish
	if r.Goal == GoalSlots {
		rs.doneFrom = rs.finish - rs.tokens + 1
	}
	rs.setFeatures(r)
	// Under ExactFinish a move past the finish is refused (rule C5) by
	// targetOff before anything else judges it, where no rule takes the
	// token elsewhere first: round the track again (K4, featCircle), up
	// its home steps (V2), or a choice of going round again (Y6, which
	// asks candidates too). candidates then finds such tokens by their
	// bytes: a byte v (progress plus one, at most finish+1) plus the
	// steps passes finish+1 where v+steps+127-(finish+1) reaches 128,
	// which carries into no other byte while finish+1 and the most steps
	// a move counts (maxSteps) stay below 128 (a finish below 126, and no
	// move counting more than finish+1 steps); a token in the yard (v 0,
	// which an entry brings to its start square, C7) never reaches it,
	// as no move counts more than finish+1 steps.
	if most := r.maxSteps(); r.Finish == ExactFinish && rs.feat&(featCircle|featSteps|featChoices) == 0 && rs.finish < 126 && most <= int(rs.finish)+1 {
		rs.overBytes = 0x7f7f7f7f - rs.finishBytes
	}
	rs.key = rulesKey(&rs.rules, rs.seats)
	rs.setSquares(r)
	rs.setSeats(r)
	return rs
}

// setFeatures sets the feature bits of the options r plays (see
// features), and what a move leads on to (goesOn): the hot paths test a
// bit, not the option.
func (rs *ruleset) setFeatures(r Rules) {
	b := r.Board
	set := func(f features, on bool) {
		if on {
			rs.feat |= f
		}
	}
	set(featBlocks, r.Blocks != NoBlocks)
	set(featSafe, b.Safe != 0)
	set(featStars, b.Stars != 0)
	set(featOwnForbidden, r.OwnLanding == OwnLandingForbidden)
	set(featOvertake, r.Overtake != OvertakeAll)
	set(featHomeNoJumps, r.HomeJumps == HomeJumpsForbidden)
	set(featSlots, r.Goal == GoalSlots)
	set(featSteps, r.HomeSteps)
	set(featCircle, r.CaptureBeforeHome)
	set(featTeams, r.Teams != NoTeams)
	set(featSixValue, r.SixValue != int(rs.six))
	set(featPairEntry, r.SixEntry == SixEntersTwoOrRuns)
	set(featEntryFilter, r.EntryCompulsory)
	set(featClearStart, r.ClearStart)
	set(featBreakOnSix, r.BreakOnSix)
	set(featCaptureMust, r.CaptureDuty == CaptureCompulsory)
	set(featCapturePenalty, r.CaptureDuty == CapturePenalty)
	set(featUndo, r.SixPenalty == UndoTurn)
	set(featLastMoved, r.SixPenalty == LastMovedHome)
	set(featNoMoveForfeits, r.NoMoveForfeitsBonus)
	set(featBenchBlocks, r.Blocks == BlocksOnSafe)
	set(featTries, r.Tries > 1)
	set(featLater, r.EntryCapture == EntryCapturesLast)
	set(featTwoDice, r.TwoDice)
	set(featSplit, r.DoublesSplitBlocks || r.SumMoves)
	set(featPlayOn, r.Teams >= PartnersPlayOn)
	set(featShare, r.Teams == TwoColorsEach)
	set(featPassCapture, r.Overtake == OvertakeCaptures)
	set(featRetire, r.CaptureRetires)
	set(featChoices, r.TowersTogether || r.RoundAgain || r.Decline || r.FirstEntryAny)
	set(featSums, r.SumMoves || r.EntrySum)
	set(featGuardedExits, r.GuardedExits)
	for k := range filters {
		if rs.feat&filters[k].feat != 0 {
			rs.filtersOn |= 1 << k
		}
	}
	for f := range rs.faceFilters {
		rs.faceFilters[f] = faceBound(rs, uint8(f))
	}
	// No rule refuses a move for a token of the mover's colour on its
	// path or where it lands, nor for a token taken off the board: no
	// block stops its own colour (rule B2: BlocksStopOpponents stops
	// others only), a token may land on its own (Q11, P2: no square
	// limit; M1: no goal slots; A5: no guarded exits), and no rule of the
	// path (F2, M6, V2), the stars (D2), pairs or towers (F1, R5, Y5-Y7),
	// a block split by a double (H5) or what a move leaves undone (M8)
	// reads the colour's tokens.
	rs.ownFree = (r.Blocks == NoBlocks || r.Blocks == BlocksStopOpponents) && r.SquareLimit == 0 && !r.DoublesSplitBlocks &&
		rs.feat&(featPath&^featBlocks|featOwnForbidden|featSlots|featGuardedExits|featStars|featPairEntry|featChoices|featCapturePenalty) == 0
	switch {
	case r.TwoDice:
		rs.goesOn = goesOnDice
	case r.CaptureBonus|r.HomeBonus != NoBonus:
		rs.goesOn = goesOnBonus
	}
}

// setSquares sets the board's tables: the face that climbs each square
// of the home column (rule V2), each colour's track square by progress
// (its start lane's numbered past the track, rule Y1), the safe squares,
// stars and guarded exits, and the star after each square (rule D2).
func (rs *ruleset) setSquares(r Rules) {
	b := r.Board
	if r.HomeSteps {
		for p := range min(int(rs.finish), len(rs.steps)) {
			switch {
			case p >= b.HomeEntry:
				rs.steps[p] = uint8(stepFace(p-b.HomeEntry+1, int(rs.six)))
			case r.Finish == BounceFinish:
				rs.steps[p] = 1
			}
		}
	}
	for c := range Color(MaxPlayers) {
		for p := range 255 {
			if sq := b.Square(c, p); sq.zone == TrackZone {
				rs.trackSq[c][p] = sq.n
			}
		}
		if int(c) < b.Arms {
			for p := range b.StartLane {
				rs.trackSq[c][p] = rs.laneSquare(c, p)
			}
		}
	}
	rs.straightPath = rs.feat&(featPath&^featBlocks|featCircle) == 0
	for c := range Color(b.Arms) {
		base := int(rs.trackSq[c][0]) - 1
		for p := 0; p <= b.HomeEntry && p < 255; p++ {
			if base < 0 || int(rs.trackSq[c][p]) != (base+p)%b.Track+1 {
				rs.straightPath = false
			}
		}
	}
	for n := 1; n <= b.Track; n++ {
		off := b.offset(n)
		if b.Safe.Has(off) {
			rs.square[n] |= squareSafe
		}
		if b.Stars.Has(off) {
			rs.square[n] |= squareStar
		}
		if r.GuardedExits && (n-1)%b.StartSpacing == 0 && (n-1)/b.StartSpacing < b.Arms {
			rs.square[n] |= squareExit
		}
	}
	if b.Stars != 0 {
		for n := 1; n <= b.Track; n++ {
			m := n
			for {
				m = m%b.Track + 1
				if rs.square[m]&squareStar != 0 || m == n {
					break
				}
			}
			rs.nextStar[n] = uint8(m)
		}
	}
}

// setSeats sets who plays with whom: each colour's team and partners
// (rule T1), whose tokens it may not pass (rule F2), the next seat still
// playing for every set of colours still in the game (rule C3), and how
// many places end the game (rules C6, T1, K6).
func (rs *ruleset) setSeats(r Rules) {
	var order []Color
	for c := range rs.seats.All() {
		order = append(order, c)
	}
	for k, c := range order {
		rs.team[c] = uint8(c)
		if r.Teams != NoTeams {
			rs.team[c] = uint8(k % 2)
		}
	}
	for _, c := range order {
		for _, o := range order {
			if rs.team[o] == rs.team[c] {
				rs.mates[c] |= 1 << o
				rs.mateBits[c] |= colorBits(o)
			}
			if r.Overtake == OvertakeNone || r.Overtake == OvertakeOpponents && o == c { // rule F2
				rs.unpassed[c] |= colorBits(o)
			}
		}
	}
	for c := range Color(MaxPlayers) {
		for live := range Colors(allColors + 1) {
			rs.nextSeat[c][live] = c
			for k := Color(1); k <= MaxPlayers; k++ {
				if o := (c + k) % MaxPlayers; live.Has(o) {
					rs.nextSeat[c][live] = o
					break
				}
			}
		}
	}
	// The game ends at the first place under FirstWinner, else when one
	// player (team) is left: places are counted per colour, so with teams
	// when every colour but the last team's has one.
	rs.endsAt = rs.players - 1
	if r.Teams != NoTeams {
		rs.endsAt = rs.players / 2
	}
	if r.End == FirstWinner {
		rs.endsAt = 1
		if r.Teams != NoTeams {
			rs.endsAt = rs.players / 2
		}
	}
}

// laneSquare returns the number the rules give square p of colour c's
// start lane (rule Y1): past the track's, Track+1+c×StartLane+p, so that
// the rules judge a move down the lane as one along the track, where no
// other colour ever stands. Board.Square places it in the home column.
func (rs *ruleset) laneSquare(c Color, p int) uint8 {
	return uint8(int(rs.track) + 1 + int(c)*rs.rules.Board.StartLane + p)
}

// onTrack reports whether a token at progress p stands on the shared
// track: from its start square to its home entry, or going round again
// past its finish (rule K4); or in its start lane, which the rules judge
// as track only its colour walks (rule Y1). The yard (-1) is not on the
// track.
func (rs *ruleset) onTrack(p int) bool {
	return uint(p) <= uint(rs.homeEntry) || p > int(rs.finish)
}

// lap returns the progress on its lap of a token at progress p: where it
// stands counted from its start square, going round again past its
// finish (rule K4) as on its first lap.
func (rs *ruleset) lap(p int) int {
	if p > int(rs.finish) {
		return rs.rules.Board.lapProgress(p)
	}
	return p
}

// inHome reports whether a token at progress p stands on its owner's own
// squares: the home column or the finish.
func (rs *ruleset) inHome(p int) bool { return p > int(rs.homeEntry) && p <= int(rs.finish) }

// goesRound reports whether a move from progress from to to goes on round
// the track past its home entry rather than up its home column (rule K4):
// the token is going round already, or it passes its home entry while its
// colour (which has captured if captured) may not turn in.
func (rs *ruleset) goesRound(from, to int, captured bool) bool {
	return from > int(rs.finish) ||
		rs.feat&featCircle != 0 && !captured && from <= int(rs.homeEntry) && to > int(rs.homeEntry)
}
