package ludo

import (
	"errors"
	"fmt"
	"strings"
)

// ErrInvalidRules is matched (with [errors.Is]) by every error that
// [Rules.Validate] returns: an option out of range, or two options that
// contradict each other.
var ErrInvalidRules = errors.New("ludo: invalid rules")

// MaxPlayers is the number of colours on a board, and so the most players
// a game can have.
const MaxPlayers = 4

// MaxTokens is the most tokens a player can have.
const MaxTokens = 4

// Rules is the complete set of options a game is played under. It is a
// small comparable value: copy it, compare it with ==, use it as a map key.
//
// Start from a preset ([Classic] or [Mongolian]) and change fields; every
// field's documentation gives its value in both presets, and
// [Rules.Validate] (which [New] calls) rejects values out of range and
// options that contradict each other. The zero Rules is not valid: it has
// no board and no players.
type Rules struct {
	// Board is the geometry: track length, start squares, home columns.
	// Both presets: [Ludo52]().
	Board Board

	// Players is the number of players, 2 to 4 (rule C1).
	// Both presets: 4.
	Players int

	// Seats is the colours that play. The zero set means the default for
	// Players (ruling Q5): with 4, every colour; with 3, Red, Green and
	// Yellow; with 2, Red and Yellow, who sit opposite. A non-empty set
	// must hold exactly Players colours.
	Seats Colors

	// Tokens is the number of tokens each player owns, 1 to 4 (rule C1).
	// Both presets: 4.
	Tokens int

	// EntryRolls is the die faces that bring a token out of the yard onto
	// its start square (rule C7). Both presets: {6}.
	EntryRolls Faces

	// BonusRolls is the die faces that earn another roll in the same turn
	// (rule C9). The empty set turns bonus rolls off. Both presets: {6}.
	BonusRolls Faces

	// SixLimit is the number of consecutive bonus-earning rolls (sixes,
	// with the default BonusRolls) at which the last one is forfeited
	// instead of played (rule C9); 0 means no limit. Both presets: 3.
	SixLimit int

	// SixPenalty is what the forfeited roll does (ruling Q2).
	// Both presets: [VoidRoll].
	SixPenalty SixPenalty

	// NoMoveForfeitsBonus, when true, makes a bonus-earning roll that
	// leaves no legal move end the turn instead of earning its bonus roll
	// (ruling Q1). Both presets: false (the bonus roll is kept).
	NoMoveForfeitsBonus bool

	// Blocks says what two or more tokens of one colour on one track
	// square do (rules B1, B2). Classic: [NoBlocks]; Mongolian:
	// [BlocksStopOpponents].
	Blocks BlockRule

	// OwnLanding says whether a token may end its move on a square its
	// owner already holds, when Blocks is [NoBlocks] (ruling Q11). With
	// blocks on it must be [OwnLandingAllowed], since that is how blocks
	// form (rule B1). Both presets: [OwnLandingAllowed].
	OwnLanding OwnLanding

	// MultiCapture says what landing on a square held by two or more
	// opponent tokens does, where no block rule stops it (ruling Q3).
	// Both presets: [CaptureAll].
	MultiCapture MultiCapture

	// Finish says which rolls may bring a token to the finish (rule C5).
	// Both presets: [ExactFinish].
	Finish FinishRule

	// End says when the game stops (rule C6, ruling Q10).
	// Both presets: [PlayForAllPlaces].
	End EndRule
}

// Classic returns the rules of the seed texts, C1 to C11: four players,
// four tokens each, a 6 to enter, a bonus roll on a 6, the third 6 void,
// capture by landing, exact finish, no blocks, play on for all places.
func Classic() Rules {
	return Rules{
		Board:      Ludo52(),
		Players:    4,
		Tokens:     4,
		EntryRolls: FacesOf(6),
		BonusRolls: FacesOf(6),
		SixLimit:   3,
	}
}

// Mongolian returns [Classic] plus the block rules B1 to B3 of the
// Mongolian seed text: two or more tokens of one colour on a track square
// form a block that opponents may neither pass nor land on.
func Mongolian() Rules {
	r := Classic()
	r.Blocks = BlocksStopOpponents
	return r
}

// Preset returns the preset with the given name ("classic" or
// "mongolian", in any case), or false.
func Preset(name string) (Rules, bool) {
	switch strings.ToLower(name) {
	case "classic":
		return Classic(), true
	case "mongolian":
		return Mongolian(), true
	}
	return Rules{}, false
}

// Validate reports whether r describes a playable game. Its error, if any,
// matches [ErrInvalidRules] and names the first offending option.
func (r Rules) Validate() error {
	bad := func(format string, a ...any) error {
		return fmt.Errorf("%w: "+format, append([]any{ErrInvalidRules}, a...)...)
	}
	if err := r.Board.validate(); err != nil {
		return bad("%v", err)
	}
	if r.Players < 2 || r.Players > MaxPlayers {
		return bad("Players is %d, want 2 to %d (rule C1)", r.Players, MaxPlayers)
	}
	if r.Seats != 0 {
		if r.Seats&^allColors != 0 {
			return bad("Seats %#x names a colour that does not exist", uint8(r.Seats))
		}
		if r.Seats.Len() != r.Players {
			return bad("Seats %v holds %d colours but Players is %d", r.Seats, r.Seats.Len(), r.Players)
		}
	}
	if r.Tokens < 1 || r.Tokens > MaxTokens {
		return bad("Tokens is %d, want 1 to %d (rule C1)", r.Tokens, MaxTokens)
	}
	if r.EntryRolls&^allFaces != 0 || r.BonusRolls&^allFaces != 0 {
		return bad("EntryRolls and BonusRolls may hold only the faces 1 to 6")
	}
	if r.EntryRolls == 0 {
		return bad("EntryRolls is empty: no token could ever enter (rule C7)")
	}
	if r.SixLimit < 0 || r.SixLimit > 255 {
		return bad("SixLimit is %d, want 0 (no limit) to 255 (rule C9)", r.SixLimit)
	}
	if r.SixLimit == 1 {
		return bad("SixLimit is 1: every bonus-earning roll would be forfeited (rule C9)")
	}
	if r.SixPenalty > UndoTurn {
		return bad("SixPenalty %d is not a known penalty", r.SixPenalty)
	}
	if r.BonusRolls&allFaces == allFaces && r.SixLimit > 0 && r.SixPenalty == UndoTurn {
		return bad("every face earns a bonus roll, so every turn reaches SixLimit and UndoTurn undoes it: the game could never end (rule C9)")
	}
	if r.Blocks > BlocksStopAll {
		return bad("Blocks %d is not a known block rule", r.Blocks)
	}
	if r.OwnLanding > OwnLandingForbidden {
		return bad("OwnLanding %d is not a known setting", r.OwnLanding)
	}
	if r.Blocks != NoBlocks && r.OwnLanding == OwnLandingForbidden {
		return bad("Blocks is %v but OwnLanding is %v: a block forms when a token lands on its own colour (rule B1)", r.Blocks, r.OwnLanding)
	}
	if r.MultiCapture > CaptureRefused {
		return bad("MultiCapture %d is not a known setting", r.MultiCapture)
	}
	if r.Finish > AnyRollFinishes {
		return bad("Finish %d is not a known finish rule", r.Finish)
	}
	if r.Finish == BounceFinish && r.Board.HomeColumn < 5 {
		return bad("Finish is %v but the home column has %d squares: a bounce of up to 5 would leave it", r.Finish, r.Board.HomeColumn)
	}
	if r.End > FirstWinner {
		return bad("End %d is not a known end rule", r.End)
	}
	return nil
}

// seats returns the colours that play: Seats, or the default for Players.
func (r Rules) seats() Colors {
	if r.Seats != 0 {
		return r.Seats
	}
	switch r.Players {
	case 2:
		return ColorsOf(Red, Yellow)
	case 3:
		return ColorsOf(Red, Green, Yellow)
	}
	return allColors
}

// String names the preset r equals, or lists how r differs from the
// preset it is closest to, as in "mongolian{Players:2}".
func (r Rules) String() string {
	base, name := Classic(), "classic"
	if r.Blocks != NoBlocks {
		base, name = Mongolian(), "mongolian"
	}
	var diff []string
	add := func(field string, v, def any) {
		if v != def {
			diff = append(diff, fmt.Sprintf("%s:%v", field, v))
		}
	}
	add("Board", r.Board, base.Board)
	add("Players", r.Players, base.Players)
	add("Seats", r.Seats, base.Seats)
	add("Tokens", r.Tokens, base.Tokens)
	add("EntryRolls", r.EntryRolls, base.EntryRolls)
	add("BonusRolls", r.BonusRolls, base.BonusRolls)
	add("SixLimit", r.SixLimit, base.SixLimit)
	add("SixPenalty", r.SixPenalty, base.SixPenalty)
	add("NoMoveForfeitsBonus", r.NoMoveForfeitsBonus, base.NoMoveForfeitsBonus)
	add("Blocks", r.Blocks, base.Blocks)
	add("OwnLanding", r.OwnLanding, base.OwnLanding)
	add("MultiCapture", r.MultiCapture, base.MultiCapture)
	add("Finish", r.Finish, base.Finish)
	add("End", r.End, base.End)
	if len(diff) == 0 {
		return name
	}
	return name + "{" + strings.Join(diff, " ") + "}"
}

// SixPenalty is what happens when a player reaches the [Rules.SixLimit]
// (rule C9, ruling Q2).
type SixPenalty uint8

const (
	// VoidRoll forfeits only the roll that reached the limit: it is not
	// played, the turn passes, and moves made earlier in the turn stand.
	VoidRoll SixPenalty = iota
	// UndoTurn forfeits the whole turn: every token, the player's and any
	// it captured, goes back to where it stood when the turn began, and
	// the turn passes.
	UndoTurn
)

// String returns the constant's name.
func (p SixPenalty) String() string {
	return enumName(uint8(p), "VoidRoll", "UndoTurn")
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
	// may (joining it).
	BlocksStopAll
)

// String returns the constant's name.
func (b BlockRule) String() string {
	return enumName(uint8(b), "NoBlocks", "BlocksStopOpponents", "BlocksStopAll")
}

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

// String returns the constant's name.
func (o OwnLanding) String() string {
	return enumName(uint8(o), "OwnLandingAllowed", "OwnLandingForbidden")
}

// MultiCapture says what landing on two or more opponent tokens does where
// no block stops the move (ruling Q3).
type MultiCapture uint8

const (
	// CaptureAll sends every opponent token on the square to its yard.
	CaptureAll MultiCapture = iota
	// CaptureRefused makes the move illegal.
	CaptureRefused
)

// String returns the constant's name.
func (m MultiCapture) String() string {
	return enumName(uint8(m), "CaptureAll", "CaptureRefused")
}

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

// String returns the constant's name.
func (f FinishRule) String() string {
	return enumName(uint8(f), "ExactFinish", "BounceFinish", "AnyRollFinishes")
}

// EndRule says when the game stops (rule C6, ruling Q10).
type EndRule uint8

const (
	// PlayForAllPlaces: the others play on after the first winner, until
	// one player is left, who takes last place.
	PlayForAllPlaces EndRule = iota
	// FirstWinner: the game stops when the first player finishes.
	FirstWinner
)

// String returns the constant's name.
func (e EndRule) String() string {
	return enumName(uint8(e), "PlayForAllPlaces", "FirstWinner")
}

func enumName(v uint8, names ...string) string {
	if int(v) < len(names) {
		return names[v]
	}
	return fmt.Sprintf("invalid(%d)", v)
}
