package bots

import (
	"bytes"
	"embed"
	"io/fs"
	"math"
	"slices"
	"strings"
	"sync"

	"github.com/ludorules/ludo"
)

// Learned plays by a learned evaluation ([Net]): it plays the move after
// which the net gives it the best chance of winning. The position it
// scores is the one where its turn ends and the next throw is due (as
// TD-Gammon scored the position after its move, before the dice), so the
// value is already the expected value over the next throw, which is what
// the net was trained to predict; where a move leaves it another move
// with no roll (a bonus move, rule P8, or a throw's other die, rule W1),
// it scores the move by the best move after it. A move that ends the
// game in its favour scores 1.
//
// With no net of its own it takes the shipped net of each game's rules
// ([NetFor]), and where none fits, it plays as [Heuristic] does. It needs
// no randomness.
type Learned struct {
	net   *Net // the net given, or nil: the shipped one of the rules
	rules ludo.Rules
	cur   *Net // the net of rules
	seen  bool // rules and cur are set
	sc    netScratch
	heur  Heuristic
}

// NewLearned returns a player using net, or the shipped nets if net is
// nil.
func NewLearned(net *Net) *Learned {
	return &Learned{net: net, heur: Heuristic{W: DefaultWeights}}
}

// Name returns "learned".
func (*Learned) Name() string { return "learned" }

// netOf returns the net for rules r: the one given if it fits them, else
// the shipped one, or nil.
func (l *Learned) netOf(r ludo.Rules) *Net {
	if !l.seen || r != l.rules {
		l.rules, l.seen = r, true
		l.cur = l.net
		if l.cur == nil || !l.cur.Fits(r) {
			l.cur = NetFor(r)
		}
	}
	return l.cur
}

// Choose returns the move after which the net gives the player to move
// the best chance of winning.
func (l *Learned) Choose(s ludo.State, moves []ludo.Move) ludo.Move {
	if len(moves) == 1 {
		return moves[0]
	}
	n := l.netOf(s.Rules())
	if n == nil {
		return l.heur.Choose(s, moves)
	}
	me := s.Turn()
	best, bestV := 0, math.Inf(-1)
	for i, m := range moves {
		next, err := s.Apply(m)
		if err != nil {
			continue
		}
		if v := n.after(next, me, &l.sc); v > bestV {
			best, bestV = i, v
		}
	}
	return moves[best]
}

// after returns me's chance of winning s by the net, after me's best
// move where one is due with no roll (a bonus move, rule P8, or a
// throw's other die, rule W1), and the moves due after that one.
func (n *Net) after(s ludo.State, me ludo.Color, sc *netScratch) float64 {
	if s.Phase() != ludo.PhaseMove || s.Turn() != me {
		return n.mine(s, me, sc)
	}
	var buf [ludo.MaxMoves]ludo.Successor
	best := math.Inf(-1)
	for _, c := range s.AppendSuccessors(buf[:0]) {
		best = max(best, n.after(c.State, me, sc))
	}
	return best
}

// The nets the package ships, one a preset, each trained by
// examples/train as bots/README.md says.
//
//go:embed nets
var netFiles embed.FS

var shipped = sync.OnceValue(func() []*Net {
	var nets []*Net
	names, _ := fs.Glob(netFiles, "nets/*.net")
	for _, name := range names {
		b, _ := netFiles.ReadFile(name)
		n, err := ReadNet(bytes.NewReader(b))
		if err != nil {
			panic("bots: shipped net " + name + ": " + err.Error())
		}
		nets = append(nets, n)
	}
	return nets
})

// Nets returns the nets the package ships, by the rules they were
// trained under, in order of their rules' text.
func Nets() []*Net {
	nets := slices.Clone(shipped())
	slices.SortFunc(nets, func(a, b *Net) int { return strings.Compare(a.Rules.String(), b.Rules.String()) })
	return nets
}

// NetFor returns the shipped net for rules r, or nil if none fits them:
// the net trained under r itself if there is one, else one trained under
// r but for the number of players, else one trained under r's preset
// (which must fit r, [Net.Fits]: the same board).
func NetFor(r ludo.Rules) *Net {
	var best *Net
	rank := 0
	for _, n := range shipped() {
		if n.Rules.Preset != r.Preset || !n.Fits(r) {
			continue
		}
		k := 1
		q := r
		q.Players, q.Seats = n.Rules.Players, n.Rules.Seats
		switch {
		case n.Rules == r:
			k = 3
		case n.Rules == q:
			k = 2
		}
		if k > rank {
			best, rank = n, k
		}
	}
	return best
}
