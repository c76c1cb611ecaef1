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
// token. Ties go to the first move in canonical order, so it needs no
// randomness.
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
// move scores best.
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
		if sc := w.scores(next, &r)[me]; sc > bestV {
			best, bestV = i, sc
		}
	}
	return best
}
