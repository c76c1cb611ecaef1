package bots

import (
	"math"

	"github.com/ludorules/ludo"
)

// LearnedSearch is an expectimax search with the throw as a chance node
// and a learned evaluation ([Net]) at its leaves: after each of its own
// moves it averages over the throws of the next roll ([ludo.State.Outcomes]:
// one die's six faces, or the 21 pairs of two, rule W1), whoever makes
// it; at each throw the player to move picks the move the net scores best
// for them, and so on for Depth rolls. A player's turn is searched to its
// end (bonus moves, rule P8, and a throw's other die, rule W1, are its
// own moves, not rolls), and the positions where turns end at the horizon
// are scored by the net, as the player who moved to them sees them; each
// player picks what is best for itself (max-n). Depth 0 is [Learned].
//
// Budget bounds the work: a search that scores more than Budget leaves
// is given up for one roll fewer, down to depth 0, which always finishes
// (it scores each move's turn ends once). So a move scores at most about
// Budget leaves per roll searched, plus the moves'. A leaf takes a few
// microseconds; [DefaultSearchBudget] is a few milliseconds a move at
// most. With no net of its own it takes the shipped net of the rules
// ([NetFor]), and where none fits, it plays as [Expectimax] at one roll.
// It needs no randomness.
type LearnedSearch struct {
	// Depth is the number of rolls searched after the bot's own move.
	Depth int
	// Budget is the most leaves a search of a depth above 0 may score
	// before it is given up for one roll fewer; 0 for no limit.
	Budget int

	l     Learned
	exp   *Expectimax
	nodes int
	limit int
	over  bool
	n     *Net
}

// DefaultSearchBudget is the [LearnedSearch.Budget] of
// [NewLearnedSearch]: 2,000 leaves. A search of one roll under one die
// scores a few dozen to a few hundred (Classic: a median of about 60);
// under two dice it may score tens of thousands, and is cut to depth 0.
const DefaultSearchBudget = 2_000

// NewLearnedSearch returns a search of depth rolls using net (the
// shipped nets if net is nil), with [DefaultSearchBudget].
func NewLearnedSearch(net *Net, depth int) *LearnedSearch {
	return &LearnedSearch{Depth: max(depth, 0), Budget: DefaultSearchBudget, l: *NewLearned(net)}
}

// Name returns "learnedsearch".
func (*LearnedSearch) Name() string { return "learnedsearch" }

// Choose returns the move with the best expected chance of winning,
// searched Depth rolls ahead, or fewer where that passes the Budget.
func (e *LearnedSearch) Choose(s ludo.State, moves []ludo.Move) ludo.Move {
	if len(moves) == 1 {
		return moves[0]
	}
	e.n = e.l.netOf(s.Rules())
	if e.n == nil {
		if e.exp == nil {
			e.exp = NewExpectimax(1)
		}
		return e.exp.Choose(s, moves)
	}
	for depth := e.Depth; ; depth-- {
		e.nodes, e.limit, e.over = 0, 0, false
		if depth > 0 {
			e.limit = e.Budget
		}
		if best, ok := e.search(s, moves, depth); ok || depth <= 0 {
			return moves[best]
		}
	}
}

// search returns the index of the best move searching depth rolls
// ahead, or false where the search passed its limit.
func (e *LearnedSearch) search(s ludo.State, moves []ludo.Move, depth int) (int, bool) {
	me := s.Turn()
	best, bestV := 0, math.Inf(-1)
	var buf [4 * ludo.MaxMoves]ludo.State
	for i, m := range moves {
		next, err := s.Apply(m)
		if err != nil {
			continue
		}
		v := math.Inf(-1)
		if next.Phase() == ludo.PhaseMove && next.Turn() == me {
			for _, end := range turnEnds(next, me, buf[:0]) {
				v = max(v, e.value(end, me, depth)[me])
			}
		} else {
			v = e.value(next, me, depth)[me]
		}
		if e.over {
			return 0, false
		}
		if v > bestV {
			best, bestV = i, v
		}
	}
	return best, true
}

// value returns the expected chances of winning of position s, where
// mover's turn has ended, searching depth rolls ahead: at depth 0 the
// net's, as mover sees s; else the mean over the throws of the roll due
// of the turn ends the player who throws likes best.
func (e *LearnedSearch) value(s ludo.State, mover ludo.Color, depth int) [ludo.MaxPlayers]float64 {
	if z, ok := final(s); ok {
		return z
	}
	if depth == 0 || s.Phase() != ludo.PhaseRoll {
		e.nodes++
		if e.limit > 0 && e.nodes > e.limit {
			e.over = true
		}
		return e.n.value(s, mover, &e.l.sc)
	}
	var acc [ludo.MaxPlayers]float64
	var outs [ludo.MaxOutcomes]ludo.Outcome
	var buf [4 * ludo.MaxMoves]ludo.State
	for _, o := range s.AppendOutcomes(outs[:0]) {
		if e.over {
			break
		}
		r, _ := s.RollOutcome(o)
		who := r.Turn()
		var best [ludo.MaxPlayers]float64
		bestV := math.Inf(-1)
		for _, end := range turnEndsOf(r, who, buf[:0]) {
			if v := e.value(end, who, depth-1); v[who] > bestV {
				best, bestV = v, v[who]
			}
		}
		for c := range acc {
			acc[c] += o.Prob * best[c]
		}
	}
	return acc
}
