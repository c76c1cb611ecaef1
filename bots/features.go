package bots

import (
	"github.com/ludorules/ludo"
)

// encoding is the input layout of a learned evaluation ([Net]) for one
// board and its rules: a position seen by one colour, "me", as a sparse
// vector of numbers.
//
// The colours are seen as the library's [ludo.Observation] sees them:
// seat block k describes the colour k arms clockwise from me, so my own
// block comes first, and a position and its rotation round the board
// encode alike. Within a block, tokens are counted on each progress (so
// alike tokens, ruling Q9, are not told apart), and each token on the
// shared track also adds its risk, the chance the heuristic evaluation
// gives that an opponent lands on it before its owner can move it
// ([Weights]: it knows the preset's safe squares, stars, blocks, entry
// squares and dice). Each block holds:
//
//	+0..3   yard: 1 for each of the first 1, 2, 3, 4 tokens in the yard
//	+4..7   finished: the same for tokens at the finish
//	+8      seated: 1 if the colour plays
//	+9      captured: 1 if it has captured (rule K4)
//	+10     placed: 1 if it has finished the game
//	+11     mean progress of its tokens, over the finish (yard 0)
//	+12     the sum of its tokens' risk × progress, over the finish
//	+13     the number of its tokens on the track, over 4
//	+14     the sum of its tokens' risk, over 4
//	+15     its worth as the heuristic evaluation counts it ([Weights]),
//	        over the most its tokens can be worth
//	+16..   count: the tokens on progress p, for p = 0 to Finish-1, then
//	        going round again (rule K4), by steps past the finish
//	then    risk: the sum of the risk of the tokens on progress p, same
//	        slots
//
// and after the blocks the turn: the block of the colour to roll next
// (Arms entries), its streak of bonus rolls over the six limit, the
// tries it has used (rule M4) over Tries, and my score as the heuristic
// evaluation counts it (my worth less my opponents'), over the same
// scale as the worths.
type encoding struct {
	rules  ludo.Rules
	arms   int
	finish int
	slots  int // progress slots: Finish, plus the lap of rule K4
	block  int // entries per seat block
	global int // offset of the turn's entries
	size   int
	scale  float32 // the most a colour's tokens are worth
}

// shape is what makes two rules encode alike: the board, and the lap of
// rule K4.
type shape struct {
	board ludo.Board
	round bool
}

func shapeOf(r *ludo.Rules) shape { return shape{r.Board, r.CaptureBeforeHome} }

const (
	encYard     = 0
	encFinished = 4
	encSeated   = 8
	encCaptured = 9
	encPlaced   = 10
	encMeanProg = 11
	encRiskProg = 12
	encOnTrack  = 13
	encRiskSum  = 14
	encWorth    = 15
	encSlots    = 16
)

// feature is one non-zero input: its index and value. A position's
// features may name an index more than once: the values add up.
type feature struct {
	i int32
	v float32
}

// maxFeatures bounds the features of one position: per colour 4 yard, 4
// finished, 8 flags and sums, 2 per token; and the turn's.
const maxFeatures = ludo.MaxPlayers*(encSlots+2*ludo.MaxTokens) + ludo.MaxPlayers + 3

// features holds the features of a position.
type features struct {
	n int
	f [maxFeatures]feature
}

func (f *features) add(i int, v float32) {
	if v != 0 {
		f.f[f.n] = feature{int32(i), v}
		f.n++
	}
}

func (f *features) list() []feature { return f.f[:f.n] }

// newEncoding returns the layout for rules r.
func newEncoding(r ludo.Rules) *encoding {
	b := r.Board
	e := &encoding{rules: r, arms: b.Arms, finish: b.Finish()}
	e.slots = e.finish
	if r.CaptureBeforeHome {
		e.slots += b.Track - b.HomeEntry // rule K4: the squares from the home entry round to the start
	}
	e.block = encSlots + 2*e.slots
	e.global = b.Arms * e.block
	e.size = e.global + b.Arms + 3
	w := DefaultWeights
	e.scale = float32(r.Tokens) * float32(w.Enter+w.Home+w.Finish+float64(e.finish)*(1+w.Leader))
	return e
}

// slot returns the progress slot of progress p (0 or more, not the
// finish), or -1 where there is none.
func (e *encoding) slot(p int) int {
	switch {
	case p < 0 || p == e.finish:
		return -1
	case p < e.finish:
		return p
	}
	return min(p-1, e.slots-1) // rule K4: going round again, slot Finish for the first step past it
}

// encode fills f with position s seen by colour me.
func (e *encoding) encode(s ludo.State, me ludo.Color, f *features) {
	f.n = 0
	r := &e.rules
	v := newView(s, r)
	fin := float32(e.finish)
	var worth [ludo.MaxPlayers]float64
	for k := range e.arms {
		c := ludo.Color((int(me) + k) % e.arms)
		if !v.seats.Has(c) {
			continue
		}
		base := k * e.block
		for j := range v.yard[c] {
			f.add(base+encYard+j, 1)
		}
		f.add(base+encSeated, 1)
		if r.CaptureBeforeHome && s.Captured(c) {
			f.add(base+encCaptured, 1)
		}
		if v.place[c] > 0 {
			f.add(base+encPlaced, 1)
		}
		done, onTrack := 0, 0
		var prog, riskProg, riskSum float32
		var risk [ludo.MaxTokens]float64
		for i := range v.tokens {
			p := v.prog[c][i]
			if p == e.finish {
				f.add(base+encFinished+done, 1)
				done++
				prog += 1
				continue
			}
			sl := e.slot(p)
			if sl < 0 {
				continue
			}
			f.add(base+encSlots+sl, 1)
			pp := float32(min(p, e.finish)) / fin
			prog += pp
			if x := v.sq[c][i]; x >= 0 {
				onTrack++
				risk[i] = v.risk(c, x, DefaultWeights.Later)
				rk := float32(risk[i])
				f.add(base+encSlots+e.slots+sl, rk)
				riskProg += rk * pp
				riskSum += rk
			}
		}
		f.add(base+encMeanProg, prog/float32(v.tokens))
		f.add(base+encRiskProg, riskProg)
		f.add(base+encOnTrack, float32(onTrack)/4)
		f.add(base+encRiskSum, riskSum/4)
		worth[c] = v.worthOf(c, &DefaultWeights, &risk)
		f.add(base+encWorth, float32(worth[c])/e.scale)
	}
	turn := (int(s.Turn()) - int(me) + e.arms) % e.arms
	f.add(e.global+turn, 1)
	limit := r.SixLimit
	if limit == 0 {
		limit = 3
	}
	f.add(e.global+e.arms, min(float32(s.Streak())/float32(limit), 1))
	if r.Tries > 1 && v.yard[s.Turn()] > 0 && s.Phase() == ludo.PhaseRoll {
		if u := s.Setup().TriesUsed; u > 0 {
			f.add(e.global+e.arms+1, float32(u)/float32(r.Tries))
		}
	}
	f.add(e.global+e.arms+2, float32(v.combine(&worth)[me])/e.scale)
}
