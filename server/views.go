package server

import (
	"strconv"
	"strings"
	"unicode"

	"github.com/ludorules/ludo"
)

// ----- views -----

// moveView is a legal move: its index in the list and its text (which
// POST /move takes), and what it does.
type moveView struct {
	Index      int    `json:"index"`
	Text       string `json:"text"`
	Token      int    `json:"token"`           // -1 for a pass
	Color      string `json:"color,omitempty"` // the token's colour where it is not the turn's: under rule T3 the player's other colour
	From       int    `json:"from"`            // progress, -1 the yard
	To         int    `json:"to"`
	FromSquare string `json:"from_square,omitempty"` // the board's square, as ludo.Square.String
	ToSquare   string `json:"to_square,omitempty"`
	Enters     bool   `json:"enters,omitempty"`
	Captures   int    `json:"captures,omitempty"`
	FormsBlock bool   `json:"forms_block,omitempty"`
	Bounces    bool   `json:"bounces,omitempty"`
	Finishes   bool   `json:"finishes,omitempty"`
	Pass       bool   `json:"pass,omitempty"`
	Forfeits   bool   `json:"forfeits,omitempty"`
	Bonus      bool   `json:"bonus,omitempty"` // a bonus move (rule P8)
	Die        int    `json:"die,omitempty"`   // with two dice (rule W1), the die the move plays; with both (BothDice), their sum
	Retires    bool   `json:"retires,omitempty"`
	BothDice   bool   `json:"both_dice,omitempty"` // an entry with both dice of the throw, their sum an entry face (rule H1)
}

// viewMove shows move m of position s, index k in its legal moves.
func viewMove(s ludo.State, k int, m ludo.Move) moveView {
	v := moveView{Index: k, Text: m.String(), Token: m.Token(), From: m.From(), To: m.To(),
		Enters: m.Enters(), Captures: m.NumCaptured(), FormsBlock: m.FormsBlock(), Bounces: m.Bounces(),
		Finishes: m.Finishes(), Pass: m.IsPass(), Forfeits: m.Forfeits(), Bonus: m.IsBonusMove(), Retires: m.Retires(), BothDice: m.BothDice()}
	if s.Rules().TwoDice {
		v.Die = m.Die()
	}
	if !m.IsPass() && m.Color() != s.Turn() && s.Rules().Teams == ludo.TwoColorsEach { // rule T3
		v.Color = m.Color().String()
	}
	if !m.IsPass() {
		board := s.Rules().Board
		v.FromSquare, v.ToSquare = board.Square(m.Color(), m.From()).String(), board.Square(m.Color(), m.To()).String()
	}
	return v
}

func viewMoves(s ludo.State) []moveView {
	out := []moveView{}
	for k, m := range s.LegalMoves() {
		out = append(out, viewMove(s, k, m))
	}
	return out
}

func printable(s string) bool {
	for _, r := range s {
		if !unicode.IsPrint(r) {
			return false
		}
	}
	return true
}

// b2i returns 1 for true and 0 for false.
func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// dice returns, with two dice (rule W1) while a move of a throw is due,
// the second die's face and the face of the die played (0 while both are
// due); 0 and 0 otherwise.
func dice(s ludo.State) (second, played int) {
	a, b := s.Dice()
	if b == 0 || s.IsBonusMove() {
		return 0, 0
	}
	switch due := s.DiceDue(); {
	case due[0] == 0:
		played = a
	case due[1] == 0:
		played = b
	case due[2] == 0 && s.Setup().Bottoms: // rule H2: the other top
		played = a
	case due[3] == 0 && s.Setup().Bottoms:
		played = 7 - a
	}
	return b, played
}

// amounts returns, with two dice (rule W1) while a die of the throw is
// due, the faces still to play by amount index (a played one 0): the two
// dice, or under tops and bottoms (rule H2) the four amounts, top,
// bottom, top, bottom, and true. Nil during a bonus move, after the dice
// (rule W4), and with one die.
func amounts(s ludo.State) ([]int, bool) {
	if _, b := s.Dice(); b == 0 || s.IsBonusMove() {
		return nil, false
	}
	due := s.DiceDue()
	if s.Setup().Bottoms {
		return due[:], true
	}
	return due[:2], false
}

// facesText writes the faces of due that are not 0, as "4, 3 and 3".
func facesText(due []int) string {
	var fs []string
	for _, f := range due {
		if f != 0 {
			fs = append(fs, strconv.Itoa(f))
		}
	}
	if len(fs) < 2 {
		return strings.Join(fs, "")
	}
	return strings.Join(fs[:len(fs)-1], ", ") + " and " + fs[len(fs)-1]
}

// noRoll reports whether the move due in s follows no roll: a bonus move
// (rule P8), or a throw's other die once one is played (rule W1).
func noRoll(s ludo.State) bool {
	if s.IsBonusMove() {
		return true
	}
	return s.DiePlayed()
}
