package bots

import (
	"math"

	"github.com/ludorules/ludo"
)

// Expectimax searches a fixed number of rolls ahead with the die as a
// chance node ([ludo.State.Outcomes]): after each of its own legal moves,
// it averages over the faces of the next roll, whoever makes it; at each
// face the player to move (itself after a 6, an opponent otherwise) picks
// the move best for them, and so on for Depth rolls. A position with a
// bonus move due (rule P8) is a decision node, not a chance node: its
// player picks the bonus move best for them, and no roll is counted.
// Positions at the horizon are scored with [Evaluate]. With more than two players this is
// max-n search: every player is assumed to maximise its own score, and
// the values carried up the tree are a score per player.
//
// Depth 1 looks one roll ahead (about 6×4 positions per move), depth 2
// two rolls (about 600 per move); the bot is deterministic.
type Expectimax struct {
	// Depth is the number of rolls searched after the bot's own move.
	Depth int
	// W are the weights of the evaluation at the horizon.
	W Weights

	rules ludo.Rules
}

// NewExpectimax returns an expectimax player searching depth rolls ahead
// (at least 1).
func NewExpectimax(depth int) *Expectimax {
	return &Expectimax{Depth: max(depth, 1), W: DefaultWeights}
}

// Name returns "expectimax" (depth 2) or "expectimax1" (depth 1), and so
// on for other depths.
func (e *Expectimax) Name() string {
	if e.Depth == 2 {
		return "expectimax"
	}
	return "expectimax" + string(rune('0'+e.Depth%10))
}

// Choose returns the move with the best expected score.
func (e *Expectimax) Choose(s ludo.State, moves []ludo.Move) ludo.Move {
	if len(moves) == 1 {
		return moves[0]
	}
	e.rules = s.Rules()
	me := s.Turn()
	best, bestV := 0, math.Inf(-1)
	for i, m := range moves {
		next, err := s.Apply(m)
		if err != nil {
			continue
		}
		if v := e.value(next, e.Depth)[me]; v > bestV {
			best, bestV = i, v
		}
	}
	return moves[best]
}

// value returns the expected scores of s searching depth rolls ahead: the
// mean over the faces where a roll is due (a chance node), the best for
// the player to move where a bonus move is due (a decision node).
func (e *Expectimax) value(s ludo.State, depth int) [ludo.MaxPlayers]float64 {
	switch {
	case s.Phase() == ludo.PhaseOver:
		return e.W.scores(s, &e.rules)
	case s.Phase() == ludo.PhaseMove: // a bonus move (rule P8): no roll
		return e.decide(s, depth)
	case depth == 0:
		return e.W.scores(s, &e.rules)
	}
	var acc [ludo.MaxPlayers]float64
	var outs [ludo.MaxOutcomes]ludo.Outcome
	for _, o := range s.AppendOutcomes(outs[:0]) {
		r, _ := s.Roll(o.Face)
		best := e.decide(r, depth-1)
		for c := range acc {
			acc[c] += o.Prob * best[c]
		}
	}
	return acc
}

// decide returns the scores of the move of s best for the player to
// move, searching depth rolls after it.
func (e *Expectimax) decide(s ludo.State, depth int) [ludo.MaxPlayers]float64 {
	var buf [ludo.MaxMoves]ludo.Successor
	mover := s.Turn()
	var best [ludo.MaxPlayers]float64
	bestV := math.Inf(-1)
	for _, c := range s.AppendSuccessors(buf[:0]) {
		if v := e.value(c.State, depth); v[mover] > bestV {
			best, bestV = v, v[mover]
		}
	}
	return best
}
