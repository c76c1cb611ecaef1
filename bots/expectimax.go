package bots

import (
	"math"
	"slices"

	"github.com/ludorules/ludo"
)

// Expectimax searches a fixed number of rolls ahead with the throw as a
// chance node ([ludo.State.Outcomes]: the faces of one die, or the 21
// pairs of two, rule W1): after each of its own legal moves, it averages
// over the throws of the next roll, whoever makes it; at each throw the
// player to move (itself after a bonus roll, an opponent otherwise) picks
// the move best for them, and so on for Depth rolls. A position with a
// move due and no roll, a bonus move (rule P8) or the other die of a
// throw of two once one is played (rule W1), is a decision node, not a
// chance node: its player picks the move best for them, and no roll is
// counted, so a throw of two is searched as both its moves. Positions at
// the horizon, where a roll is due, are scored with [Evaluate]. With more
// than two players this is max-n search: every player is assumed to
// maximise its own score, and the values carried up the tree are a score
// per player.
//
// Depth 1 looks one roll ahead (about 6×4 positions per move), depth 2
// two rolls (about 600 per move); the bot is deterministic. With two dice
// a roll has 21 throws, each of up to a few dozen pairs of moves (the
// positions they reach searched once each), and where one player runs
// two colours (rule T3) of a few hundred: so a search of two rolls may
// score millions of positions, seconds a move. Budget bounds that: a
// search deeper than one roll that scores more than Budget positions is
// given up, and the bot plays the choice of the deepest search that
// finished (iterative deepening downwards, one roll always finishing), so
// a choice scores at most about Budget positions per roll searched beyond
// the first, plus the one roll's.
type Expectimax struct {
	// Depth is the number of rolls searched after the bot's own move.
	Depth int
	// W are the weights of the evaluation at the horizon.
	W Weights
	// Budget is the most positions a search of more than one roll may
	// score before it is given up for one roll fewer; 0 for no limit.
	Budget int

	rules ludo.Rules
	nodes int  // the positions scored by the search under way
	limit int  // where it is given up: 0 for never
	over  bool // the search under way passed its limit
}

// DefaultBudget is the [Expectimax.Budget] of [NewExpectimax]: 20,000
// positions scored, a tenth of a second a move or so (measured: 2 to 8µs
// a position, move generation included). Searches of two rolls
// under one die never reach it (at most a few thousand positions); under
// two dice most do not (Naija: a median of about 4,000), those of
// Parcheesi, Uckers and two colours each (rule T3) often would (up to
// 3,000,000).
const DefaultBudget = 20_000

// NewExpectimax returns an expectimax player searching depth rolls ahead
// (at least 1), with [DefaultBudget].
func NewExpectimax(depth int) *Expectimax {
	return &Expectimax{Depth: max(depth, 1), W: DefaultWeights, Budget: DefaultBudget}
}

// Name returns "expectimax" (depth 2) or "expectimax1" (depth 1), and so
// on for other depths.
func (e *Expectimax) Name() string {
	if e.Depth == 2 {
		return "expectimax"
	}
	return "expectimax" + string(rune('0'+e.Depth%10))
}

// Choose returns the move with the best expected score, searched Depth
// rolls ahead, or fewer where that passes the Budget.
func (e *Expectimax) Choose(s ludo.State, moves []ludo.Move) ludo.Move {
	if len(moves) == 1 {
		return moves[0]
	}
	e.rules = s.Rules()
	for depth := max(e.Depth, 1); ; depth-- {
		e.nodes, e.limit, e.over = 0, 0, false
		if depth > 1 {
			e.limit = e.Budget
		}
		if best, ok := e.search(s, moves, depth); ok {
			return moves[best]
		}
	}
}

// search returns the index of the move with the best expected score,
// searching depth rolls ahead, or false where the search passed its
// limit.
func (e *Expectimax) search(s ludo.State, moves []ludo.Move, depth int) (int, bool) {
	me := s.Turn()
	best, bestV := 0, math.Inf(-1)
	for i, m := range moves {
		next, err := s.Apply(m)
		if err != nil {
			continue
		}
		v := e.value(next, depth)[me]
		if e.over {
			return 0, false
		}
		if m.IsPass() { // a refusal (rule Y7) gives up the count, as greedy scores it
			v -= float64(m.Count())
		}
		if v > bestV {
			best, bestV = i, v
		}
	}
	return best, true
}

// score scores a position at the horizon, counting it against the limit.
func (e *Expectimax) score(s ludo.State) [ludo.MaxPlayers]float64 {
	e.nodes++
	if e.limit > 0 && e.nodes > e.limit {
		e.over = true
	}
	return e.W.scores(s, &e.rules)
}

// value returns the expected scores of s searching depth rolls ahead: the
// mean over the throws where a roll is due (a chance node), the best for
// the player to move where a move is due with no roll (a decision node: a
// bonus move, or a throw's other die).
func (e *Expectimax) value(s ludo.State, depth int) [ludo.MaxPlayers]float64 {
	switch {
	case e.over: // given up: the value no longer counts
		return [ludo.MaxPlayers]float64{}
	case s.Phase() == ludo.PhaseOver:
		return e.score(s)
	case s.Phase() == ludo.PhaseMove: // a bonus move (rule P8) or a throw's other die (rule W1): no roll
		return e.decide(s, depth)
	case depth == 0:
		return e.score(s)
	}
	var acc [ludo.MaxPlayers]float64
	var outs [ludo.MaxOutcomes]ludo.Outcome
	for _, o := range s.AppendOutcomes(outs[:0]) {
		if e.over {
			break
		}
		r, _ := s.RollOutcome(o)
		best := e.decide(r, depth-1)
		for c := range acc {
			acc[c] += o.Prob * best[c]
		}
	}
	return acc
}

// decide returns the scores of the move of s best for the player to
// move, searching depth rolls after it. Where that move leaves the same
// player a move due with no roll (a bonus move, rule P8, or the other die
// of a throw of two, rule W1), the player makes that one too before the
// depth counts on: the player picks the best of the positions where its
// moves end, each searched once however many orders of moves reach it (a
// throw of two moved on two tokens reaches the same position both ways).
func (e *Expectimax) decide(s ludo.State, depth int) [ludo.MaxPlayers]float64 {
	var buf [4 * ludo.MaxMoves]ludo.State
	mover := s.Turn()
	var best [ludo.MaxPlayers]float64
	bestV := math.Inf(-1)
	for _, end := range turnEnds(s, mover, buf[:0]) {
		if e.over {
			break
		}
		if v := e.value(end, depth); v[mover] > bestV {
			best, bestV = v, v[mover]
		}
	}
	return best
}

// turnEnds appends to dst the positions that the moves of mover from s
// lead to, following on through every move due to mover with no roll
// (rules P8, W1), in the order of the moves, each position once, and
// returns the extended slice. A position on the way that several orders
// of the dice reach (tops and bottoms, rule H2, and bonus moves after the
// dice, W4, make many) is followed once.
func turnEnds(s ludo.State, mover ludo.Color, dst []ludo.State) []ludo.State {
	seen := map[ludo.State]bool{}
	return appendTurnEnds(s, mover, dst, seen, true)
}

// appendTurnEnds is turnEnds, seen holding the positions met so far;
// without refusals where refuse is false (see withoutRefusals).
func appendTurnEnds(s ludo.State, mover ludo.Color, dst []ludo.State, seen map[ludo.State]bool, refuse bool) []ludo.State {
	var buf [ludo.MaxMoves]ludo.Successor
	succ := s.AppendSuccessors(buf[:0])
	if !refuse {
		succ = withoutRefusals(succ)
	}
	for _, c := range succ {
		if seen[c.State] {
			continue
		}
		seen[c.State] = true
		if c.State.Phase() == ludo.PhaseMove && c.State.Turn() == mover {
			dst = appendTurnEnds(c.State, mover, dst, seen, refuse)
		} else {
			dst = append(dst, c.State)
		}
	}
	return dst
}

// withoutRefusals returns succ without its passes where it has a token
// move: the refusals a player may make (rule Y7, Pachisi's Decline). It
// filters in place.
func withoutRefusals(succ []ludo.Successor) []ludo.Successor {
	if len(succ) < 2 || !slices.ContainsFunc(succ, func(c ludo.Successor) bool { return c.Move.IsPass() }) {
		return succ
	}
	out := succ[:0]
	for _, c := range succ {
		if !c.Move.IsPass() {
			out = append(out, c)
		}
	}
	if len(out) == 0 {
		return succ[:1]
	}
	return out
}
