package bots

import (
	"math"

	"github.com/ludorules/ludo"
)

// How a [Learned] player judges from the moves it watches ([Watcher])
// whether the players of other sides move at random ([AsObserved]).
//
// Two accounts of a player's choice are weighed, move by move: at random,
// each of the k legal moves alike (1/k), or by a judgement like the
// net's: the move the net scores v_i, as the mover sees the position
// after it, chosen with chance
//
//	seenSlip/k + (1-seenSlip) · exp(seenSharpness·v_i) / Σ_j exp(seenSharpness·v_j)
//
// (a softmax over the moves' chances of winning, with a slip now and then
// to any move). The evidence that a player moves at random is the log of
// the ratio of the two chances, summed over its moves with a choice. The
// others are judged to move at random where the evidence of all of them
// together reaches seenOdds and no single player's is as far the other
// way: so one player who plays with judgement keeps a table of random
// ones from being judged random.
//
// The constants were fitted to 300 seeded four-player Classic games with
// the shipped net (100 each of four random, four heuristic and four
// learned1 players: 21,273 random, 32,363 heuristic and 26,281 learned1
// moves with a choice): with them, every table of three random players was
// judged random, after 14% of its game on average, and no table of three
// heuristic or three learned1 players ever was (bots/README.md, "A player
// that watches").
const (
	seenSharpness = 160
	seenSlip      = 0.05
	seenOdds      = 3 // the log of 20 to 1, nearly
)

// playSeen is the evidence of the moves a [Learned] player watched, a
// player at a time: the log of how much likelier the player's moves are
// at random than by the net's judgement.
type playSeen struct {
	evidence [ludo.MaxPlayers]float64
}

// watch weighs move m, one of moves, the legal moves at s, by the net n.
func (p *playSeen) watch(n *Net, s ludo.State, moves []ludo.Move, m ludo.Move, sc *netScratch) {
	var v [ludo.MaxMoves]float64
	if len(moves) > len(v) {
		return
	}
	who, chosen, best := s.Turn(), -1, math.Inf(-1)
	for i, mv := range moves {
		next, err := s.Apply(mv)
		if err != nil {
			return
		}
		v[i] = n.after(next, who, sc)
		best = max(best, v[i])
		if mv == m {
			chosen = i
		}
	}
	if chosen < 0 {
		return
	}
	z := 0.0
	for _, x := range v[:len(moves)] {
		z += math.Exp(seenSharpness * (x - best))
	}
	k := float64(len(moves))
	judged := seenSlip/k + (1-seenSlip)*math.Exp(seenSharpness*(v[chosen]-best))/z
	p.evidence[who] += math.Log(1/k) - math.Log(judged)
}

// atRandom reports whether the players of sides other than me's are
// judged to move at random.
func (p *playSeen) atRandom(s ludo.State, me ludo.Color) bool {
	team, sum := s.Team(me), 0.0
	for c := range s.Players().All() {
		if team.Has(c) {
			continue
		}
		if p.evidence[c] <= -seenOdds {
			return false
		}
		sum += p.evidence[c]
	}
	return sum >= seenOdds
}
