package ludo

import (
	"errors"
	"fmt"
	"math/bits"
	"slices"
)

// ErrInvalidSetup is matched by the error of [Setup.State] for a position
// that cannot occur under its rules.
var ErrInvalidSetup = errors.New("ludo: invalid setup")

// SetupError is the error of [Setup.State] for a position that cannot
// occur: the field of the [Setup] at fault, the colour and token it is
// about, and why. It matches [ErrInvalidSetup]. The text and JSON parsers
// turn it into a [*ParseError] at the word or field it is about.
type SetupError struct {
	// Field is the field at fault: "Tokens", "TurnStart", "Later",
	// "Ranking", "Turn", "Die", "SecondDie", "Played", "Earned", "BonusMove",
	// "Streak", "TriesUsed", "LastMoved", "Captured" or "ExtraRoll".
	Field string
	// Color is the colour of the token at fault (Tokens, TurnStart,
	// Later), the colour listed (Ranking, Captured), or the colour to move.
	Color Color
	// Token is the token's index in Tokens[Color] or TurnStart[Color],
	// or the index in Ranking; -1 when the problem is not one token's (a
	// colour's tokens as a whole, Turn, Die, Streak, …).
	Token int
	// Reason says what is wrong, naming the rule where there is one, as
	// "red token 0 has progress 57, want -1 (yard) to 56 (finish)".
	Reason string
}

// Error returns "ludo: invalid setup: " and the reason.
func (e *SetupError) Error() string {
	if e == nil {
		return ErrInvalidSetup.Error()
	}
	return ErrInvalidSetup.Error() + ": " + e.Reason
}

// Unwrap returns [ErrInvalidSetup].
func (e *SetupError) Unwrap() error { return ErrInvalidSetup }

// Setup is a position written out field by field, for building a State by
// hand (a puzzle, a disputed position, a test) and for reading one back.
// Get one from [State.Setup] (from [New] for the start), change it, and
// turn it into a State with [Setup.State], which checks it.
//
// Setup.State is where every position is checked: [ParsePosition] and
// the JSON decoder build a Setup and call it, and accept exactly the
// positions it accepts.
type Setup struct {
	// Rules are the rules the position is played under.
	Rules Rules
	// Turn is the colour to roll or move.
	Turn Color
	// Die is the face being played, or 0 when a roll is due; during a
	// bonus move, the face of the roll before it. With two dice (rule
	// W1), the first die's face.
	Die int
	// SecondDie is, with two dice (rule W1), the second die's face while
	// the throw is being played, else 0.
	SecondDie int
	// Bottoms is true where the throw, a double, is played as tops and
	// bottoms (rule H2): four amounts, the top, the bottom (7 minus the
	// top), the other top and the other bottom.
	Bottoms bool
	// Played marks, with two dice (rule W1), the amounts of the throw that
	// have been played, by index: Die's and SecondDie's, or under Bottoms
	// the four. Of equal faces the first is the one played. All are
	// played only while bonus moves the throw earned are due (Earned).
	Played [4]bool
	// Earned lists, with two dice (rule W1), the steps of the bonus moves
	// the throw has earned and not yet played (rule P8): captures' first,
	// then tokens brought home's. They are due once both dice are played,
	// the first of them first. With one die the bonus move due is
	// BonusMove.
	Earned []int
	// BonusMove is the steps of the bonus move due (rule P8), or 0 when
	// the move due plays the die (or a roll is due). The text form's key
	// is bonus, the JSON's Bonus.
	BonusMove int
	// Streak is the number of bonus-earning rolls in a row this turn,
	// counting Die where it earns one (see [State.Streak]). The text
	// form's key is sixes, the JSON's Sixes: the streak of the third six.
	Streak int
	// TriesUsed is the number of the [Rules.Tries] throws of rule M4 used
	// this turn: rolls that left no legal move while none of the
	// player's tokens could move but by entering, since the last token
	// move. A roll that leaves no move with a token in play ends the turn
	// and is not counted (rule C10). The text form's key is tries, the
	// JSON's Tries.
	TriesUsed int
	// LastMoved marks the token the player to move moved last this turn
	// (at most one); it matters under [LastMovedHome] (rule P9).
	LastMoved [MaxTokens]bool
	// ExtraRoll is true when a capture or a token brought home earned a
	// bonus roll this turn that comes after the bonus move due (rules K2,
	// K3).
	ExtraRoll bool
	// Captured is the colours that have captured, which matters under
	// [Rules.CaptureBeforeHome] (rule K4).
	Captured Colors
	// Tokens holds each token's progress (see [Board]), -1 for the yard;
	// under [Rules.CaptureBeforeHome] a token going round again between
	// its home entry and its start square is past the finish (rule K4).
	// Tokens of colours that do not play, and tokens past Rules.Tokens,
	// must be in the yard.
	Tokens [MaxPlayers][MaxTokens]int
	// TurnStart, under [UndoTurn], is where the tokens stood when the turn
	// began, which the forfeit of rule C9 puts them back to (ruling Q2);
	// under DoublesSplitBlocks and SumMoves, where they stood when the
	// throw began, which says which tokens formed a block then (rule H5)
	// and which token has played a die of it (rule U2). It is in the form
	// of Tokens; nil means where they stand now.
	TurnStart *[MaxPlayers][MaxTokens]int
	// Later marks, under [EntryCapturesLast], each token that arrived on
	// its square after the other token there (rule P4).
	Later [MaxPlayers][MaxTokens]bool
	// Ranking lists the players who have finished, first place first.
	Ranking []Color
}

// Setup returns the position written out; [Setup.State] turns it back
// into s. TurnStart is set only where it differs from Tokens.
func (s State) Setup() Setup {
	u := Setup{Rules: s.Rules(), Turn: s.turn, Die: s.Die(), Streak: int(s.streak), TriesUsed: int(s.tries),
		ExtraRoll: s.flags&stateExtraRoll != 0, Captured: s.captured, Ranking: s.Ranking()}
	if _, b := s.Dice(); b != 0 {
		u.SecondDie, u.Bottoms, u.BonusMove = b, s.flags&stateBottoms != 0, 0
		faces, due := s.amountFaces(), s.DiceDue()
		for k, f := range faces {
			u.Played[k] = f != 0 && due[k] == 0
		}
		captures, home := s.due.earned()
		for range captures {
			u.Earned = append(u.Earned, s.rs.captureBonus.Steps())
		}
		for range home {
			u.Earned = append(u.Earned, s.rs.homeBonus.Steps())
		}
	}
	if s.IsBonusMove() && u.SecondDie == 0 {
		u.BonusMove = s.Count()
	}
	if i := s.lastMoved(); i >= 0 {
		u.LastMoved[i%MaxTokens] = true
	}
	unpack := func(dst *[MaxPlayers][MaxTokens]int, src *[MaxPlayers][MaxTokens]uint8) {
		for c := range MaxPlayers {
			for i := range MaxTokens {
				dst[c][i] = int(src[c][i]) - 1
			}
		}
	}
	unpack(&u.Tokens, &s.tok)
	if s.rs != nil && s.rs.has(featUndo|featSplit) && *s.began() != s.tok {
		u.TurnStart = new([MaxPlayers][MaxTokens]int)
		unpack(u.TurnStart, s.began())
	}
	for c := range MaxPlayers {
		for i := range MaxTokens {
			u.Later[c][i] = s.later&tokenBit(Color(c), i) != 0
		}
	}
	return u
}

// State checks the position and returns it as a State. The error is a
// [*SetupError] saying what is wrong, or for invalid rules an error
// matching [ErrInvalidRules].
func (u Setup) State() (State, error) {
	s, err := New(u.Rules)
	if err != nil {
		return State{}, err
	}
	if e := u.check(&s); e != nil {
		return State{}, e
	}
	return s, nil
}

// check checks the position and fills s, the start position of its rules,
// step by step: the tokens and where the turn began on the board, who
// arrived last (rule P4), the ranking (rule C6), who has captured (rule
// K4), the throw and the turn, and where the turn began against where
// the tokens stand (ruling Q2). The first error found is returned.
func (u *Setup) check(s *State) *SetupError {
	begin, e := u.checkTokens(s)
	if e != nil {
		return e
	}
	if e := u.checkLater(s); e != nil {
		return e
	}
	if e := u.checkRanking(s); e != nil {
		return e
	}
	if e := u.checkCaptured(s); e != nil {
		return e
	}
	f, e := u.turnFacts(s, begin)
	if e != nil {
		return e
	}
	if e := u.checkThrow(s, &f); e != nil {
		return e
	}
	if e := u.checkTurn(s, &f); e != nil {
		return e
	}
	if e := u.checkTurnStart(s, begin, &f); e != nil {
		return e
	}
	u.setTurn(s, &f)
	return nil
}

// setupError returns the error of a Setup whose field is wrong, for
// colour c's token i (-1 for none), with the reason in words.
func setupError(field string, c Color, i int, format string, a ...any) *SetupError {
	return &SetupError{Field: field, Color: c, Token: i, Reason: fmt.Sprintf(format, a...)}
}

// checkTokens checks the tokens, and where the turn began (TurnStart),
// each in the game with a progress it can have and sharing squares as
// the rules let them (checkSquares), and puts them in s. It returns
// where the turn began: the tokens where TurnStart is not given.
func (u *Setup) checkTokens(s *State) (*[MaxPlayers][MaxTokens]int, *SetupError) {
	rs := s.rs
	r := &rs.rules
	seats, fin := rs.seats, int(rs.finish)
	// The most progress a token can have: the finish, or under
	// CaptureBeforeHome the last square before its start square, going
	// round again past its home entry (rule K4).
	most, round := fin, ""
	if r.CaptureBeforeHome {
		most = r.Board.roundProgress(int(rs.track) - 1) // the square before its start square
		round = fmt.Sprintf(", or %d to %d going round again past its home entry (rule K4)", fin+1, most)
	}
	begin := &u.Tokens
	if u.TurnStart != nil {
		if !rs.has(featUndo | featSplit) {
			return nil, setupError("TurnStart", Red, -1, "where the turn began matters only with SixPenalty:UndoTurn (ruling Q2), and where the throw began only with DoublesSplitBlocks or SumMoves (rules H5, U2)")
		}
		begin = u.TurnStart
	}
	// Tokens, then TurnStart: in the game and on the board.
	for _, field := range []string{"Tokens", "TurnStart"} {
		tok, pre := &u.Tokens, ""
		if field == "TurnStart" {
			tok, pre = begin, "when the turn began, "
		}
		for c := range Color(MaxPlayers) {
			for i, p := range tok[c] {
				switch {
				case !s.hasToken(c, i) && p != -1:
					return nil, setupError(field, c, i, "%s%v token %d is not in the game (the players are %v, with %d tokens each) but has progress %d, want -1", pre, c, i, seats, rs.tokens, p)
				case p < -1 || p > most:
					return nil, setupError(field, c, i, "%s%v token %d has progress %d, want -1 (yard) to %d (finish)%s", pre, c, i, p, fin, round)
				}
			}
		}
		if e := u.checkSquares(s, field, tok, pre); e != nil {
			return nil, e
		}
	}
	for c := range MaxPlayers {
		for i := range MaxTokens {
			s.tok[c][i] = uint8(u.Tokens[c][i] + 1)
			if rs.has(featUndo | featSplit) {
				s.begin[c][i] = uint8(begin[c][i] + 1)
			}
		}
	}
	s.locate()
	return begin, nil
}

// checkLater checks and sets who arrived last on a shared square (rule
// P4).
func (u *Setup) checkLater(s *State) *SetupError {
	rs := s.rs
	for c := range Color(MaxPlayers) {
		for i, l := range u.Later[c] {
			if !l {
				continue
			}
			if !rs.has(featLater) {
				return setupError("Later", c, i, "who arrived last matters only with EntryCapture:EntryCapturesLast (rule P4)")
			}
			if p := int(s.tok[c][i]) - 1; !s.hasToken(c, i) || !rs.onTrack(p) {
				return setupError("Later", c, i, "%v token %d is not on the track, so it arrived on no shared square (rule P4)", c, i)
			}
			here := s.at.match(s.at.byteOf(c, i))
			if bits.OnesCount32(here) != 2 {
				return setupError("Later", c, i, "%v token %d arrived after another token only where it shares its square with one other (rule P4)", c, i)
			}
			if s.later&here != 0 {
				return setupError("Later", c, i, "two tokens on square %d cannot both have arrived last (rule P4)", s.at.byteOf(c, i))
			}
			s.later |= tokenBit(c, i)
		}
	}
	return nil
}

// checkRanking checks and sets the ranking (rule C6, ruling Q10; with
// partners, rule T1, rankTeams).
func (u *Setup) checkRanking(s *State) *SetupError {
	rs := s.rs
	seats := rs.seats
	for k, c := range u.Ranking {
		switch {
		case !seats.Has(c):
			return setupError("Ranking", c, k, "the ranking lists %v, who does not play", c)
		case slices.Contains(u.Ranking[:k], c):
			return setupError("Ranking", c, k, "the ranking lists %v twice", c)
		}
	}
	if rs.has(featTeams) {
		return u.rankTeams(s)
	}
	for k, c := range u.Ranking {
		switch {
		case k > 0 && rs.rules.End == FirstWinner:
			return setupError("Ranking", c, k, "End is FirstWinner: the game stops at the first winner, so the ranking lists one colour")
		case !s.finished(c) && k < int(rs.players)-1:
			return setupError("Ranking", c, k, "the ranking lists %v, whose tokens have not all finished (rule C6)", c)
		}
		if s.places.of(c) == 0 { // else ranked last as the one before was placed (ruling Q10)
			s.place(c)
		}
	}
	for c := range seats.All() {
		if s.places.of(c) == 0 && s.finished(c) {
			return setupError("Tokens", c, -1, "every %v token has finished, so the ranking must list %v (rule C6)", c, c)
		}
	}
	return nil
}

// checkCaptured checks and sets the colours that have captured, whose
// home columns are open (rule K4).
func (u *Setup) checkCaptured(s *State) *SetupError {
	rs := s.rs
	seats, fin := rs.seats, int(rs.finish)
	for c := range u.Captured.All() {
		switch {
		case !seats.Has(c):
			return setupError("Captured", c, -1, "%v does not play, so it has captured nothing", c)
		case !rs.rules.CaptureBeforeHome:
			return setupError("Captured", c, -1, "who has captured matters only with CaptureBeforeHome (rule K4)")
		}
	}
	if u.Captured&^allColors != 0 {
		return setupError("Captured", Red, -1, "Captured %#x names a colour that does not exist", uint8(u.Captured))
	}
	s.captured = u.Captured
	if rs.has(featCircle) {
		for c := range seats.All() {
			for i := range int(rs.tokens) {
				if p := int(s.tok[c][i]) - 1; rs.inHome(p) && p < fin && !s.captured.Has(c) {
					return setupError("Tokens", c, i, "%v token %d is past its home entry, but %v has not captured, so its tokens go round again (rule K4)", c, i, c)
				}
			}
		}
	}
	return nil
}

// turnFacts is what the checks of the turn (rules C3, C9, M4, P8, P9,
// K2, K3, W1, H2) read off a Setup and its rules.
type turnFacts struct {
	over            bool // the game is over: nothing is under way
	limit, maxSixes int  // SixLimit, and the most sixes a turn counts
	last, lastCount int  // the token marked moved last (-1 for none), and how many are
	// A capture or a token brought home may earn a roll (rules K2, K3),
	// which starts a new row of sixes: a turn may have had moves with
	// sixes back at 0.
	earnsRoll bool
	two       bool // two dice (rule W1): a turn with a die played has had a move
	earns     bool // the throw earns a bonus roll (rules C9, W3)
	// The throw's amounts (two, or four of tops and bottoms, rule H2),
	// how many are played, and whether any and all are.
	amounts, nPlayed  int
	played, allPlayed bool
	captures, home    int // the bonus moves the throw has earned (rule P8)
	// thrower is the colour whose throw is being played: the mover's, but
	// with two colours each (rule T3) the turn's where its last token came
	// home during the throw, the other colour playing on with what is due.
	thrower Color
}

// turnFacts reads the facts of the turn off u, where the turn (or throw)
// began being begin, the amounts played canonical (of equal faces the
// first is the one played).
func (u *Setup) turnFacts(s *State, begin *[MaxPlayers][MaxTokens]int) (turnFacts, *SetupError) {
	rs := s.rs
	r := &rs.rules
	f := turnFacts{over: s.over(), limit: int(rs.sixLimit), last: -1, two: rs.has(featTwoDice)}
	f.thrower = s.moverOf(u.Turn)
	if rs.has(featShare) && rs.seats.Has(u.Turn) && slices.ContainsFunc(begin[u.Turn][:rs.tokens], func(p int) bool { return p != int(rs.finish) }) {
		f.thrower = u.Turn // rule T3: its last token came home during the throw
	}
	f.maxSixes = f.limit
	if f.limit == 0 {
		f.maxSixes = 255
	}
	for i, l := range u.LastMoved {
		if l {
			f.last, f.lastCount = i, f.lastCount+1
		}
	}
	f.earnsRoll = r.CaptureBonus == BonusRoll || r.HomeBonus == BonusRoll
	faces := [4]int{u.Die, u.SecondDie}
	if u.Bottoms {
		faces = [4]int{u.Die, 7 - u.Die, u.Die, 7 - u.Die}
	}
	// Of equal faces the first is the one played.
	for k := range faces {
		for j := range k {
			if faces[j] == faces[k] && u.Played[k] && !u.Played[j] {
				u.Played[j], u.Played[k] = true, false
			}
		}
	}
	f.allPlayed = true
	for k, face := range faces {
		if face != 0 {
			f.amounts++
			f.nPlayed += b2i(u.Played[k])
			f.played, f.allPlayed = f.played || u.Played[k], f.allPlayed && u.Played[k]
		} else if u.Played[k] {
			return f, setupError("Played", u.Turn, -1, "amount %d of the throw is marked played, but the throw has %d (rules W1, H2)", k, f.amounts)
		}
	}
	f.earns = u.Die != 0 && rs.earns(uint8(u.Die), uint8(u.SecondDie))
	for _, n := range u.Earned {
		switch {
		case n == r.CaptureBonus.Steps() && n != 0:
			f.captures++
		case n == r.HomeBonus.Steps() && n != 0:
			f.home++
		default:
			return f, setupError("Earned", u.Turn, -1, "a bonus move of %d: the rules give bonus moves of %v for a capture and %v for a token home (rule P8)", n, r.CaptureBonus, r.HomeBonus)
		}
	}
	return f, nil
}

// checkThrow checks whose turn it is and the throw being played: its die
// or dice, the amounts played and the bonus moves earned (rules C3, W1,
// H2, P8, W4).
func (u *Setup) checkThrow(s *State, f *turnFacts) *SetupError {
	rs := s.rs
	r := &rs.rules
	t, two, limit := u.Turn, f.two, f.limit
	switch {
	case !rs.seats.Has(t):
		return setupError("Turn", t, -1, "the turn is %v's, who does not play", t)
	case f.over && u.Die != 0:
		return setupError("Die", t, -1, "the game is over, so no die is being played")
	case !two && u.SecondDie != 0:
		return setupError("SecondDie", t, -1, "second die %d: the rules throw one die (rule W1)", u.SecondDie)
	case !two && f.played:
		return setupError("Played", t, -1, "the rules throw one die, so no die of two is played (rule W1)")
	case u.Bottoms && !(two && r.TopsAndBottoms && u.Die == u.SecondDie && u.Die != 0):
		return setupError("Bottoms", t, -1, "tops and bottoms are played only on a double thrown under TopsAndBottoms (rule H2)")
	case u.Bottoms && limit > 0 && u.Streak == limit:
		return setupError("Bottoms", t, -1, "sixes %d is SixLimit, so the double is forfeited, not played as tops and bottoms (rules C9, H2)", u.Streak)
	case u.Bottoms && !s.allOut(f.thrower):
		return setupError("Bottoms", t, -1, "%v has a token in the yard, but tops and bottoms are played only with every token out (rule H2)", f.thrower)
	case two && r.TopsAndBottoms && u.Die == u.SecondDie && u.Die != 0 && !u.Bottoms && !f.played && s.allOut(s.moverOf(t)) && !(limit > 0 && u.Streak == limit):
		return setupError("Bottoms", t, -1, "a double thrown with every token out is played as tops and bottoms (rule H2)")
	case u.Die == 0 && (u.SecondDie != 0 || f.played):
		return setupError("SecondDie", t, -1, "no throw is being played (Die is 0), so there is no second die or die played (rule W1)")
	case two && u.Die != 0 && !rs.faces.Has(u.SecondDie):
		return setupError("SecondDie", t, -1, "second die %d: want one of %v beside the first die %d (rule W1)", u.SecondDie, rs.faces, u.Die)
	case len(u.Earned) > 0 && (!two || u.Die == 0):
		return setupError("Earned", t, -1, "bonus moves are earned here only by a throw of two dice being played (rules W1, P8): with one die give BonusMove")
	case len(u.Earned) > f.nPlayed:
		return setupError("Earned", t, -1, "%d bonus moves earned, but %d of the throw's amounts played: a move earns one bonus move at most, a bonus move played room for the one it earns (rule W4)", len(u.Earned), f.nPlayed)
	case two && u.BonusMove != 0:
		return setupError("BonusMove", t, -1, "with two dice the bonus moves earned are Earned (rules W1, P8)")
	case f.allPlayed && f.amounts > 0 && len(u.Earned) == 0:
		return setupError("Played", t, -1, "every die is marked played and no bonus move is earned, but the throw's moves end with the last (rule W1)")
	case len(u.Earned) > 0 && !f.played:
		return setupError("Earned", t, -1, "bonus moves are earned by moves, but no die of the throw has been played (rule P8)")
	case f.over && u.BonusMove != 0:
		return setupError("BonusMove", t, -1, "the game is over, so no bonus move is due")
	}
	return nil
}

// checkTurn checks the rest of the turn under way: the die against the
// rules' faces, the bonus move due, the sixes, the throws of rule M4,
// the token moved last and a bonus roll owed (rules C3, C9, M4, P8, P9,
// K2, K3); over a game that is over, none.
func (u *Setup) checkTurn(s *State, f *turnFacts) *SetupError {
	rs := s.rs
	r := &rs.rules
	t, limit, last := u.Turn, f.limit, f.last
	switch {
	case f.over && u.Streak != 0:
		return setupError("Streak", t, -1, "the game is over, so no sixes count")
	case f.over && u.TriesUsed != 0:
		return setupError("TriesUsed", t, -1, "the game is over, so no turn is under way")
	case f.over && last >= 0:
		return setupError("LastMoved", t, last, "the game is over, so no turn is under way")
	case f.over && u.ExtraRoll:
		return setupError("ExtraRoll", t, -1, "the game is over, so no turn is under way")
	case f.over: // nothing is under way
	case s.places.of(t) != 0 || s.finished(t) && !rs.has(featPlayOn):
		return setupError("Turn", t, -1, "the turn is %v's, who has finished (rule C3)", t)
	case u.Die != 0 && !rs.faces.Has(u.Die):
		return setupError("Die", t, -1, "die %d: want one of %v (or 0: a roll is due)", u.Die, rs.faces)
	case u.BonusMove != 0 && u.BonusMove != r.CaptureBonus.Steps() && u.BonusMove != r.HomeBonus.Steps():
		return setupError("BonusMove", t, -1, "a bonus move of %d: the rules give bonus moves of %v for a capture and %v for a token home (rule P8)", u.BonusMove, r.CaptureBonus, r.HomeBonus)
	case u.BonusMove != 0 && u.Die == 0:
		return setupError("BonusMove", t, -1, "a bonus move comes after a roll: give the die it followed (rule P8)")
	case u.Streak < 0 || u.Streak > f.maxSixes:
		return setupError("Streak", t, -1, "sixes %d: want 0 to %d (rule C9)", u.Streak, f.maxSixes)
	case rs.bonus == 0 && u.Streak > 0:
		return setupError("Streak", t, -1, "sixes %d, but BonusRolls is empty, so no roll counts (rule C9)", u.Streak)
	case f.earns && u.Streak == 0:
		return setupError("Streak", t, -1, "die %d earns a bonus roll, so sixes counts it and is at least 1 (rule C9)", u.Die)
	case limit > 0 && u.Streak == limit && u.Die == 0:
		return setupError("Streak", t, -1, "sixes %d is SixLimit: that roll was forfeited and the turn has passed (rule C9)", u.Streak)
	case limit > 0 && u.Streak == limit && !f.earns:
		return setupError("Streak", t, -1, "sixes %d is SixLimit, but die %d does not count: the roll before it was forfeited and the turn has passed (rule C9)", u.Streak, u.Die)
	case limit > 0 && u.Streak == limit && (f.played || len(u.Earned) > 0):
		return setupError("Played", t, -1, "sixes %d is SixLimit, so the throw is forfeited and no die is played (rule C9)", u.Streak)
	case limit > 0 && u.Streak == limit && u.BonusMove != 0:
		return setupError("BonusMove", t, -1, "sixes %d is SixLimit, so the die is forfeited and earned no bonus move (rule C9)", u.Streak)
	case u.TriesUsed < 0 || u.TriesUsed >= r.Tries:
		return setupError("TriesUsed", t, -1, "tries %d: want 0 to %d (rule M4)", u.TriesUsed, r.Tries-1)
	case u.TriesUsed > 0 && !s.nothingInPlay(s.moverOf(t)) && u.Streak == 0 && u.BonusMove == 0 && !f.earnsRoll:
		// The throws that left no move count for the rest of the turn,
		// so a token is in play with tries left over only after a throw
		// let one in and a bonus roll followed.
		return setupError("TriesUsed", t, -1, "%v has a token that can move and has made no move this turn, so it has no tries (rule M4)", t)
	case f.lastCount > 1:
		return setupError("LastMoved", t, -1, "%d tokens are marked as moved last, want one at most (rule P9)", f.lastCount)
	case last >= int(rs.tokens):
		return setupError("LastMoved", t, last, "%v has no token %d", t, last)
	case last >= 0 && !rs.has(featLastMoved):
		return setupError("LastMoved", t, last, "which token moved last matters only with SixPenalty:LastMovedHome (rule P9)")
	case last >= 0 && u.Streak == 0 && u.BonusMove == 0 && !f.earnsRoll && !f.played:
		return setupError("LastMoved", t, last, "sixes is 0, so no token has moved this turn (rule P9)")
	case u.ExtraRoll && u.BonusMove == 0 && !f.played:
		return setupError("ExtraRoll", t, -1, "a bonus roll owed after a bonus move needs a bonus move due (rules K2, K3)")
	case u.ExtraRoll && !f.earnsRoll:
		return setupError("ExtraRoll", t, -1, "the rules earn no bonus roll for a capture or a token home (rules K2, K3)")
	}
	return nil
}

// checkTurnStart checks where the turn began, begin (ruling Q2): the
// turn's moves and captures lead from there to where the tokens stand.
func (u *Setup) checkTurnStart(s *State, begin *[MaxPlayers][MaxTokens]int, f *turnFacts) *SetupError {
	rs := s.rs
	t, fin := u.Turn, int(rs.finish)
	for c := range rs.seats.All() {
		switch {
		case begin[c] == u.Tokens[c]:
			continue
		case f.over:
			return setupError("TurnStart", c, -1, "the game is over, so no turn is under way and %v stood where it stands", c)
		case u.Streak == 0 && u.BonusMove == 0 && !f.earnsRoll && !f.played:
			return setupError("TurnStart", c, -1, "sixes is 0, so no move has been made this turn and %v stood where it stands", c)
		case rs.has(featSplit) && !f.played:
			return setupError("TurnStart", c, -1, "no die of the throw has been played, so %v stands where the throw began (rules H5, U2)", c)
		case slices.Equal(begin[c][:rs.tokens], slices.Repeat([]int{fin}, int(rs.tokens))) != (s.places.of(c) != 0):
			return setupError("TurnStart", c, -1, "%v had finished when the turn began if and only if it has finished now", c)
		case c == s.moverOf(t) || rs.has(featShare) && rs.mates[t].Has(c): // rule T3: both the player's colours move
			continue
		}
		for i, p := range u.Tokens[c] {
			if p != begin[c][i] && p != -1 {
				return setupError("TurnStart", c, i, "%v token %d moved during %v's turn; only a capture sends it back to its yard", c, i, t)
			}
		}
	}
	return nil
}

// setTurn sets the turn of s as u says, once the checks have passed: the
// sixes, the throws of rule M4, the token moved last and a bonus roll
// owed, then the throw being played, thrown again to judge its moves,
// with the dice played and the bonus moves earned.
func (u *Setup) setTurn(s *State, f *turnFacts) {
	rs := s.rs
	s.turn, s.streak, s.tries = u.Turn, uint8(u.Streak), uint8(u.TriesUsed)
	if f.last >= 0 {
		s.setLastMoved(f.last)
	}
	if u.ExtraRoll {
		s.flags |= stateExtraRoll
	}
	if f.over {
		return
	}
	switch {
	case u.BonusMove != 0:
		s.throw = uint8(u.Die)
		if f.earns { // the die earned its bonus roll when it was rolled (rule C9)
			s.flags |= stateEarns
		}
		s.startCount(dueOf(s.mover(), 0, uint8(u.BonusMove)))
	case u.Die != 0 && f.two:
		// Throw the dice again, as below, and play the die played.
		s.streak -= b2u(f.earns)
		began := s.begin
		_ = s.rollDice(u.Die, u.SecondDie)
		s.begin, s.flags = began, s.flags&^stateLanes // where the throw began, as given (rule H5), not the lanes rollDice kept (lanesKept)
		switch {
		case !u.Bottoms && s.flags&stateBottoms != 0: // a token entered with the double: it was thrown with one in the yard
			s.flags &^= stateBottoms
			s.due.more = [maxDue - 1]uint8{uint8(u.SecondDie)}
		case u.Bottoms && s.flags&stateBottoms == 0: // rule T3: thrown by a colour whose last token has come home since
			s.flags |= stateBottoms
			s.due.more = [maxDue - 1]uint8{uint8(7 - u.Die), uint8(u.Die), uint8(7 - u.Die)}
		}
		s.due.bonus += uint8(f.captures + bonusHome*f.home) // due once the dice are played
		for k, p := range u.Played {
			if p {
				s.nextDie(Move{uint64(k) << mAmount})
			}
		}
		s.settle() // the moves of the amounts due, judged as rollDice's
	case u.Die != 0:
		// Roll the die again, to judge the moves, from the streak it had
		// before it: one less if it earns a bonus roll, which the checks
		// above make at least 1 then.
		s.streak -= uint8(rs.bonus>>u.Die) & 1
		_ = s.roll(u.Die) // accepted: the game, the turn and the die are checked above
	}
}

// checkSquares checks that tokens share squares only as the rules let
// them (TestPropSharedSquaresAsLanding holds it to the landing rule,
// victims: two tokens share a square where one could have landed beside
// the other): one colour on a square but where a safe square, partners, or
// pairs that cannot be captured let others share it (rules C11, K1, K5,
// T1), no more than SquareLimit (rule P2), no colour twice where
// OwnLanding forbids it (ruling Q11) but on the start square where two
// enter together (rule F1), one token a goal square (rule M1).
func (u *Setup) checkSquares(s *State, field string, tok *[MaxPlayers][MaxTokens]int, pre string) *SetupError {
	rs := s.rs
	b := rs.rules.Board
	type holder struct {
		c Color
		i int
	}
	held := map[Square][]holder{}
	for c := range rs.seats.All() {
		for i := range int(rs.tokens) {
			p := tok[c][i]
			if p == -1 || (p == int(rs.finish) && !rs.has(featSlots)) {
				continue
			}
			sq := s.squareOf(c, p)
			if p < b.StartLane { // rule Y1: its lane, which the rules judge as its own track
				sq = TrackSquare(int(rs.laneSquare(c, p)))
			}
			held[sq] = append(held[sq], holder{c, i})
		}
	}
	bad := func(h holder, format string, a ...any) *SetupError {
		return &SetupError{Field: field, Color: h.c, Token: h.i, Reason: pre + fmt.Sprintf(format, a...)}
	}
	for _, sq := range slices.SortedFunc(func(yield func(Square) bool) {
		for sq := range held {
			if !yield(sq) {
				return
			}
		}
	}, func(a, b Square) int {
		return int(a.zone)<<16 | int(a.color)<<8 | int(a.n) - (int(b.zone)<<16 | int(b.color)<<8 | int(b.n))
	}) {
		hs := held[sq]
		if len(hs) < 2 {
			continue
		}
		last, first := hs[len(hs)-1], hs[0]
		if field == "TurnStart" {
			// Blame a token that moved this turn, if one did.
			for _, h := range hs {
				if tok[h.c][h.i] != u.Tokens[h.c][h.i] {
					last = h
				}
			}
		}
		if first == last {
			first = hs[len(hs)-1]
		}
		if sq.zone != TrackZone {
			if rs.has(featSlots) {
				return bad(last, "%v tokens %d and %d share %v, but a goal square holds one token (rule M1)", last.c, first.i, last.i, sq)
			}
			if rs.has(featOwnForbidden) {
				return bad(last, "%v tokens %d and %d share %v, but OwnLanding is %v (ruling Q11)", last.c, first.i, last.i, sq, OwnLandingForbidden)
			}
			continue
		}
		if rs.squareLimit != 0 && len(hs) > int(rs.squareLimit) {
			return bad(last, "%d tokens share square %v, but a square holds at most %d (rule P2)", len(hs), s.squareOf(last.c, tok[last.c][last.i]), rs.squareLimit)
		}
		var count [MaxPlayers]int
		for _, h := range hs {
			count[h.c]++
		}
		for _, h := range hs {
			if count[h.c] >= 2 && rs.has(featOwnForbidden) {
				start := rs.has(featPairEntry) && tok[h.c][h.i] == 0 && count[h.c] == 2
				if !start {
					return bad(last, "%v tokens share %v, but OwnLanding is %v (ruling Q11)", h.c, sq, OwnLandingForbidden)
				}
			}
		}
		if rs.square[sq.n]&squareExit != 0 { // rule A5
			owner := Color((int(sq.n) - 1) / int(rs.spacing))
			for _, h := range hs {
				if count[h.c] >= 2 {
					return bad(last, "%v tokens share the start square %v, but GuardedExits keeps blocks off start squares (rule A5)", h.c, sq)
				}
				if h.c != owner && slices.ContainsFunc(hs, func(o holder) bool { return o.c != owner && o.c != h.c }) {
					return bad(last, "two colours share the start square %v, neither of them its owner, but GuardedExits lets another colour share it only with its owner (rule A5)", sq)
				}
			}
		}
		// Colours may share a square only where nobody is captured.
		colours := 0
		for _, n := range count {
			colours += min(n, 1)
		}
		if colours < 2 {
			continue
		}
		shared := b.IsSafe(sq) && rs.rules.SafeSquares == SafeShare
		if !shared {
			// Partners share; so do pairs that cannot be captured, with
			// the single tokens that landed on them (rule K5), who stay
			// when the pair breaks up: under CaptureNone any colours may.
			groups := 0
			seen := Colors(0)
			for c, n := range count {
				if n == 0 || seen&rs.mates[c] != 0 {
					continue
				}
				seen |= rs.mates[c]
				groups++
			}
			shared = groups < 2 || rs.rules.MultiCapture == CaptureNone
			// Rule P4: a token entering onto its full start square
			// captures one opponent to make room and shares the square
			// with what is left there.
			for c, n := range count {
				shared = shared || n > 0 && rs.has(featLater) && b.Square(Color(c), 0) == sq
			}
		}
		if !shared {
			return bad(last, "%v token %d and %v token %d share square %v, but a landing token captures (rule C11)", first.c, first.i, last.c, last.i, sq)
		}
	}
	return nil
}

// rankTeams checks and sets the ranking under partnerships (rule T1): it
// is empty while no team has finished; once one has, it lists the winning
// team's colours and then the other's, and the game is over.
func (u *Setup) rankTeams(s *State) *SetupError {
	rs := s.rs
	bad := func(c Color, k int, format string, a ...any) *SetupError {
		return &SetupError{Field: "Ranking", Color: c, Token: k, Reason: fmt.Sprintf(format, a...)}
	}
	var winners Colors
	for c := range rs.seats.All() {
		if s.teamFinished(c) {
			winners = rs.mates[c]
		}
	}
	for c := range rs.seats.All() {
		if s.teamFinished(c) && rs.mates[c] != winners {
			return bad(c, -1, "both teams have finished, but the game ends when the first does (rule T1)")
		}
	}
	if len(u.Ranking) == 0 {
		if winners != 0 {
			c := Color(bits.TrailingZeros8(uint8(winners)))
			return &SetupError{Field: "Tokens", Color: c, Token: -1, Reason: fmt.Sprintf("every token of %v's team has finished, so the ranking must list the team (rule T1)", c)}
		}
		return nil
	}
	if len(u.Ranking) != int(rs.players) {
		return bad(u.Ranking[0], 0, "with partners the ranking lists every player, the winning team first (rule T1)")
	}
	for k, c := range u.Ranking {
		want := k < winners.Len()
		if winners.Has(c) != want {
			return bad(c, k, "the ranking lists the team whose tokens have all finished first (rule T1)")
		}
	}
	s.placeTeams(winners)
	return nil
}
