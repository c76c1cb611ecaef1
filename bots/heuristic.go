package bots

import (
	"math"

	"github.com/ludorules/ludo"
)

// Heuristic is a greedy player: it plays the move after which its score
// ([Evaluate]) is highest, looking no further. Through the evaluation it
// captures (the victim's worth is taken away), escapes danger (the risk
// on a threatened token goes), avoids landing in danger, enters tokens,
// forms blocks where the rules have them (a block runs no risk), runs for
// the home column, and between otherwise equal moves advances its leading
// token. Where a move earns a bonus move (rule P8), or leaves the other die
// of a throw of two to play (rule W1), it scores the move by the best move
// after it. Ties go to the first move in canonical
// order, so it needs no randomness.
type Heuristic struct {
	// W are the weights of the evaluation it maximises.
	W Weights
}

// NewHeuristic returns the greedy heuristic player with [DefaultWeights].
func NewHeuristic() *Heuristic { return &Heuristic{W: DefaultWeights} }

// Name returns "heuristic".
func (*Heuristic) Name() string { return "heuristic" }

// Choose returns the move with the best score one move ahead.
func (h *Heuristic) Choose(s ludo.State, moves []ludo.Move) ludo.Move {
	return moves[greedy(s, moves, &h.W)]
}

// greedy returns the index of the move of moves after which the player to
// move scores best. A pass the player chose over token moves (rule Y7,
// Decline) scores the count it gives up less: one move ahead, standing
// still risks nothing, so without that the bot would refuse every move
// that leaves a token in reach, and never get home.
func greedy(s ludo.State, moves []ludo.Move, w *Weights) int {
	if len(moves) == 1 {
		return 0
	}
	me := s.Turn()
	r := s.Rules()
	best, bestV := 0, math.Inf(-1)
	for i, m := range moves {
		next, err := s.Apply(m)
		if err != nil {
			continue
		}
		sc := w.after(next, &r, me)
		if m.IsPass() {
			sc -= float64(m.Count())
		}
		if sc > bestV {
			best, bestV = i, sc
		}
	}
	return best
}

// after returns me's score in s, after me's best move where one is due
// with no roll (a bonus move, rule P8, or a throw's other die, rule W1),
// and the moves due after that one.
func (w *Weights) after(s ludo.State, r *ludo.Rules, me ludo.Color) float64 {
	if s.Phase() != ludo.PhaseMove || s.Turn() != me {
		return w.scores(s, r)[me]
	}
	var buf [ludo.MaxMoves]ludo.Successor
	best := math.Inf(-1)
	for _, c := range s.AppendSuccessors(buf[:0]) {
		best = max(best, w.after(c.State, r, me))
	}
	return best
}
