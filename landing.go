package ludo

import (
	"math/bits"
)

// This file holds where a move lands and what it does there: stars (rule
// D2), captures (C11, Q3, K5, D3), safe squares (K1, D1, H4), towers (R5,
// Y10), full squares (P2, P4).

// land decides move m of the player to move onto track square sq: what
// the squares it lands on hold (landing), and on a star the jump to the
// next (rule D2).
func (s *State) land(m Move, sq uint8) (Move, refusal) {
	rs := s.rs
	m, r := s.landing(m, sq)
	if s.starless() || r.why != legal || m.SendsMoverHome() || rs.square[sq]&squareStar == 0 { // (a capture that retires the capturer, rule N1, is on a board without stars)
		return m, r
	}
	// Rule D2: on to the next star, or where the next lies past the
	// token's home entry, to its finish.
	next := rs.nextStar[sq]
	d := int(next) - int(sq)
	if d <= 0 {
		d += int(rs.track)
	}
	to, home, circles := s.jump(m.Color(), m.To(), d)
	if home && rs.feat&featSlots != 0 && s.holds(m.Color(), m.Token(), int(rs.finish)) {
		return m, refusal{} // rule M1: the finish holds one token, so the token stays on the star
	}
	m = m.with(flagJump).without(flagBlock) // it leaves the star it landed on
	if home {
		return m.withTo(int(rs.finish)).with(flagFinish), refusal{}
	}
	if circles {
		m = m.with(flagCircle)
	}
	captured := m.NumCaptured()
	m, r = s.landing(m.withTo(to).withCaptures(0), next)
	return m.withCaptures(captured + m.NumCaptured()), r
}

// jump returns the progress of a token of colour c jumping d squares on
// from progress p on the track (rule D2): to its finish where the squares
// pass its home entry, but where its home column is closed, or it is
// going round already, on round the track (rule K4), circles telling
// whether the jump turns away from its home column.
func (s *State) jump(c Color, p, d int) (to int, home, circles bool) {
	rs := s.rs
	if rs.feat&featCircle != 0 {
		return s.round(c, p, d)
	}
	if p+d <= int(rs.homeEntry) {
		return p + d, false, false
	}
	return int(rs.finish), true, false
}

// landing decides what move m of the player to move, landing on track
// square sq, does with the tokens there: join its own colour (ruling Q11,
// rules B1, P2), or capture opponents (rule C11) unless they form a block
// (rule B2), sit on a safe square (rules K1, D1), are partners (rule
// T1), are two or more (ruling Q3, rules K5, D3), or the square is full
// (rules P2, P4). Opponents of several colours on one square are judged
// colour by colour: a refusal by any refuses the move, else a colour
// that sends the mover home does, else those that can be captured are.
func (s *State) landing(m Move, sq uint8) (Move, refusal) {
	caught, home, r := s.victims(m, sq)
	if r.why != legal {
		if r.why == refLandBlock && s.rs.rules.Blocks == BlocksTowers {
			return s.towerLanding(m, sq) // rule R5
		}
		return m, r
	}
	if home {
		return m.with(flagMoverHome).withTo(-1), refusal{}
	}
	if caught != 0 {
		m = m.withCaptures(m.NumCaptured() + bits.OnesCount32(caught)) // with those it passed (rule S1)
	}
	if caught != 0 && s.rs.feat&featRetire != 0 { // rule N1
		return m.with(flagRetire | flagFinish), refusal{}
	}
	if s.rs.feat&featBlocks != 0 && s.at.joins(m.Color(), m.Token(), sq) && // rule B1
		(s.rs.rules.Blocks != BlocksOnSafe || s.rs.square[sq]&squareSafe != 0) { // rule S4: on a safe square only
		m = m.with(flagBlock)
	}
	return m, refusal{}
}

// towerLanding decides move m landing on track square sq, where an
// opponent's tower stands, so that victims refuses it (rule B2): under
// BlocksTowers only a tower of the mover's lands there, moving whole
// (towerWhole), not entering and not on a safe square (rules R4, R5, R6,
// Y10), and captures both tokens; afterMove sends them home, as victims,
// which applyToken asks for the captures, refuses the landing. A tower
// stands alone on its square (SquareLimit 2).
func (s *State) towerLanding(m Move, sq uint8) (Move, refusal) {
	c := m.Color()
	if m.Enters() || s.blocked&tokenBit(c, m.Token()) == 0 || s.rs.square[sq]&squareSafe != 0 {
		return m, refusal{refTower, uint16(sq)}
	}
	if !s.towerWhole(c, m.Token()) { // rule Y10: a double on two laps (rule Y1)
		return m, refusal{refTowerSplit, uint16(sq)}
	}
	return m.with(flagPair).withCaptures(m.NumCaptured() + bits.OnesCount32(s.at.match(sq)&^colorBits(c))), refusal{} // with those it passed (rule S1)
}

// towerWhole reports whether token i of colour c stands in a tower that
// can move whole (rules R5, Y5): a block (R4) whose other token stands at
// its progress. Two tokens of a colour on one square at two progresses,
// on a board with a start lane its start square met going out and again
// coming back from the lap (rule Y1), are a double to opponents, which
// no single token lands on (rule Y10), but no count takes both to one
// square: each moves alone.
func (s *State) towerWhole(c Color, i int) bool {
	if s.blocked&tokenBit(c, i) == 0 {
		return false
	}
	i &= MaxTokens - 1
	for j := range int(s.rs.tokens) {
		if j != i && s.tok[c][j] == s.tok[c][i] {
			return true
		}
	}
	return false
}

// victims returns the tokens that move m, landing on track square sq,
// captures; or that it sends the mover home; or why it is refused. It is
// the landing rule: landing asks it for a move being judged, applyToken
// for the move it plays.
func (s *State) victims(m Move, sq uint8) (caught uint32, moverHome bool, r refusal) {
	rs := s.rs
	c := m.Color()
	here := s.at.match(sq) &^ tokenBit(c, m.Token()) // not the mover itself, after a whole lap
	if here == 0 {
		return 0, false, refusal{}
	}
	own := here & colorBits(c)
	opp := here &^ own
	entering := m.Enters() && m.To() == 0 // onto its start square
	var stop uint32
	if s.blocked != 0 && rs.rules.Blocks != BlocksOnSafe { // rule S4: a bench's block stops passing, not landing
		stop = s.stops(c)
		// Rule B2 first: no landing on an opponent's block (a partner's is
		// shared, rule T1); but rule P4 lets a token enter onto its full
		// start square, a block or not.
		if here&^rs.mateBits[c]&stop != 0 && !(entering && rs.feat&featLater != 0) {
			return 0, false, refusal{refLandBlock, uint16(sq)}
		}
	}
	if own != 0 && rs.feat&featOwnForbidden != 0 { // ruling Q11, before rule P4 makes room
		return 0, false, refusal{refOwnLanding, uint16(m.To())}
	}
	n := bits.OnesCount32(here)
	if m.has(flagPair) { // an entering pair (a tower moving whole, rule R5, lands only on a tower, refused above)
		n++ // rule F1: two tokens land, so the square needs room for both
	}
	if rs.feat&featGuardedExits != 0 && rs.square[sq]&squareExit != 0 { // rule A5
		if own != 0 {
			return 0, false, refusal{refExitBlock, uint16(sq)}
		}
		if owner := Color((int(sq) - 1) / int(rs.spacing)); c != owner && opp&^colorBits(owner) != 0 {
			return 0, false, refusal{refExitShared, uint16(sq)}
		}
	}
	if rs.squareLimit != 0 && n >= int(rs.squareLimit) { // rule P2
		if !entering || rs.feat&featLater == 0 || opp == 0 || n > int(rs.squareLimit) {
			return 0, false, refusal{refFull, uint16(sq)}
		}
		// Rule P4: the opponent that arrived last makes room.
		b := opp
		if later := b & s.later; later != 0 {
			b = later
		}
		return 1 << bits.TrailingZeros32(b), false, refusal{}
	}
	if opp == 0 {
		return 0, false, refusal{}
	}
	safe := rs.square[sq]&squareSafe != 0
	startCapture := entering && rs.rules.EntryCapture == EntryCapturesAll
	if !safe && rs.feat&(featTeams|featSafe) == 0 && rs.rules.MultiCapture <= CaptureRefused {
		// Opponents of one colour: no square holds more here (rule C11).
		return s.judgeColor(opp, stop, sq, startCapture)
	}
	if !safe && rs.feat&(featTeams|featSafe) == featTeams && rs.rules.MultiCapture <= CaptureRefused {
		// With partners, who share (rule T1): the opponents but the
		// mover's partners, where they are of one colour (as the loop
		// below judges that colour alone).
		if theirs := opp &^ rs.mateBits[c]; theirs&^colorBits(Color(bits.TrailingZeros32(theirs)/MaxTokens)) == 0 {
			return s.judgeColor(theirs, stop, sq, startCapture)
		}
	}
	// Opponents, colour by colour: a refusal by any refuses the move,
	// else a colour that sends the mover home does, else the rest are
	// captured or shared with.
	for x := opp; x != 0; { // the colours there, in order
		o := Color(bits.TrailingZeros32(x) / MaxTokens)
		theirs := opp & colorBits(o)
		x &^= theirs
		if rs.mates[c]&(1<<o) != 0 { // rule T1: partners share
			continue
		}
		if theirs&stop != 0 { // rule B2, on a safe square too
			return 0, false, refusal{refLandBlock, uint16(sq)}
		}
		if safe && !startCapture { // rules K1, D1, P1, H4
			if rs.rules.SafeSquares == SafeExclusive {
				return 0, false, refusal{refSafeHeld, uint16(sq)}
			}
			moverHome = moverHome || rs.rules.SafeSquares == SafeMoverHome
			continue
		}
		got, home, r := s.judgeColor(theirs, stop, sq, startCapture)
		if r.why != legal {
			return 0, false, r
		}
		moverHome = moverHome || home
		caught |= got
	}
	if moverHome {
		return 0, true, refusal{}
	}
	return caught, false, refusal{}
}

// judgeColor decides a landing on the tokens theirs of one opponent colour
// on square sq, where they are not safe: a block refuses it (rule B2),
// two or more are dealt with as MultiCapture says (ruling Q3, rules K5,
// D3), else they are captured (rule C11; ruling Q4 and rule D4 for a token
// entering).
func (s *State) judgeColor(theirs, stop uint32, sq uint8, startCapture bool) (uint32, bool, refusal) {
	if theirs&stop != 0 { // rule B2
		return 0, false, refusal{refLandBlock, uint16(sq)}
	}
	if k := bits.OnesCount32(theirs); k >= 2 && !startCapture {
		switch s.rs.rules.MultiCapture {
		case CaptureRefused:
			return 0, false, refusal{refMultiLand, uint16(k<<8 | int(sq))}
		case CaptureNone:
			return 0, false, refusal{}
		case CaptureMover:
			return 0, true, refusal{}
		}
	}
	return theirs, false, refusal{}
}
