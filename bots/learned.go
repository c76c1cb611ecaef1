package bots

import (
	"bytes"
	"embed"
	"io/fs"
	"math"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/ludorules/ludo"
)

// Learned plays by a learned evaluation ([Net]), a chance of winning for
// every player, with the throw as a chance node: for each of its legal
// moves, it takes the expected value over the next throw
// ([ludo.State.Outcomes]: one die's six faces, or the 21 pairs of two,
// rule W1), whoever makes it, of the move that player then likes best,
// and so on for Depth throws; each player picks what the net scores best
// for itself (max-n, an expectimax with a value for every player). The
// positions scored are those where a turn ends, as the player who moved
// to them sees them: the afterstates the net was trained on. A turn is
// searched to its end: a bonus move (rule P8) or a throw's other die
// (rule W1) is its player's move, not a throw. A position with a winner
// scores 1 for the winner and 0 for the others. Where the rules let a
// player refuse every move (rule Y7, Pachisi's Decline), no player
// refuses: refusing is how nets that have not learned yet stall a game
// for ever, and so it is not learned.
//
// Others says how the search expects the other players to move: each
// its best by the net (max-n, [BestReplies]), at random ([AtRandom]), or,
// the default, as their moves show ([AsObserved]): a Learned that is told
// of the game's moves ([Watcher], as [Play] tells it) plays its best
// replies until the other sides' moves show them to move at random, and
// from then on with the shipped net trained against random players
// ([NetVsRandom]), expecting them to. It watches one game: give each game
// its own bot, as the tournament does.
//
// At Depth 0 it plays the move whose afterstate the net scores best, as
// TD-Gammon played: the net's value is itself a mean over the next throw,
// which is what it was trained to predict. Depth 1 ("learned1") scores a
// few dozen positions a move under one die; depth 2 ("learned", the
// search) a few hundred to a few thousand.
//
// Budget bounds the work. The bot searches depth 0 first (each move's
// turn ends scored once), then one throw deeper at a time, up to Depth:
// a depth is not searched where the last one predicts it would score more
// than Budget positions (a throw deeper multiplying them as the last
// throw did; the first throw, by the throw's outcomes times the moves'
// turn ends), and is given up where it does score more; the bot plays
// the choice of the deepest search it finished. Under two dice a throw
// is 21 outcomes of up to dozens of turn ends each, so the budget often
// stops the search there.
//
// With no net of its own it takes the shipped net of each game's rules
// ([NetFor]), and where none fits, it plays as [Expectimax] does at one
// roll. It needs no randomness.
type Learned struct {
	// Depth is the number of throws searched after the bot's own move.
	Depth int
	// Budget is the most positions a search of a depth above 0 may score:
	// one predicted to score more is not searched, one that does is given
	// up, and the bot plays the choice of the deepest search it finished;
	// 0 for no limit.
	Budget int
	// Others is how the search expects the players of other sides to
	// move; the zero value is [AsObserved].
	Others Others

	net    *Net // the net given, or nil: the shipped one of the rules
	rules  ludo.Rules
	cur    *Net // the net of rules
	random *Net // the shipped net of rules trained against random players, or nil
	seen   bool // rules, cur and random are set
	sc     netScratch
	exp    *Expectimax
	nodes  int
	limit  int
	over   bool
	me     ludo.Color // the player searching (search), or the bot's seat once it has moved
	seated bool       // me is the bot's seat
	mode   Others     // how this move's search expects the others to move: BestReplies or AtRandom
	play   playSeen   // the others' moves watched, for AsObserved
}

// Others is how a [Learned] player's search expects the players of other
// sides to move.
type Others uint8

const (
	// AsObserved expects the players of other sides to move as their
	// moves have shown, judged from the moves the bot watched
	// ([Watcher]; seen.go says how): at random ([AtRandom], with the
	// shipped net of the rules trained against random players,
	// [NetVsRandom]) once the moves of every other side together show
	// it and none of their players' own moves show otherwise, else
	// [BestReplies]. With a net of its own, or rules no net trained
	// against random players was shipped for, or no moves watched, it
	// plays as BestReplies.
	AsObserved Others = iota
	// BestReplies expects each player to move to the turn end the net
	// scores best for it (max-n), the net read as that player sees the
	// position: a player as strong as the bot, as in self-play, which
	// trains every seat.
	BestReplies
	// AtRandom expects the players of other sides to move at random,
	// each legal move alike at every move of their turns, as [Random]
	// does; every position is scored as the bot's own seat sees it, as a
	// net trained against random players ([TrainConfig.Opponents]
	// "random") learned only its own seat's. A bot that knows its
	// opponents play at random wins more with it and a net trained
	// against them, and does worse against better players
	// (bots/README.md, "What is left to win").
	AtRandom
)

// DefaultLearnedBudget is the [Learned.Budget] of [NewLearned]: 5,000
// positions scored, a few microseconds each. A search of one throw
// under one die scores a few dozen positions, of two throws a few
// hundred to a few thousand; under two dice a search of one throw may
// score tens of thousands, and is not made.
const DefaultLearnedBudget = 5_000

// NewLearned returns a player searching depth throws ahead (at least 0)
// with net, or with the shipped nets if net is nil, with
// [DefaultLearnedBudget].
func NewLearned(net *Net, depth int) *Learned {
	return &Learned{Depth: max(depth, 0), Budget: DefaultLearnedBudget, net: net}
}

// Name returns "learned" (depth 2), or "learned" and the depth for the
// others: "learned0", "learned1", "learned3"; with "-vs-random" after it
// where it expects the others to move at random ([AtRandom]), and
// "-max-n" where it expects their best replies whatever it sees
// ([BestReplies]).
func (l *Learned) Name() string {
	name := "learned"
	if l.Depth != 2 {
		name += strconv.Itoa(l.Depth)
	}
	switch l.Others {
	case AtRandom:
		name += "-vs-random"
	case BestReplies:
		name += "-max-n"
	}
	return name
}

// netOf returns the net for rules r: the one given if it fits them, else
// the shipped one, or nil.
func (l *Learned) netOf(r ludo.Rules) *Net {
	if !l.seen || r != l.rules {
		l.rules, l.seen = r, true
		l.cur, l.random = l.net, nil
		if l.cur == nil || !l.cur.Fits(r) {
			l.cur, l.random = NetFor(r), NetVsRandom(r)
		}
		l.play = playSeen{}
	}
	return l.cur
}

// playing returns the net to choose a move at s with, or nil, and sets
// mode: how the search expects the others to move.
func (l *Learned) playing(s ludo.State) *Net {
	n := l.netOf(s.Rules())
	l.mode = l.Others
	if l.Others != AsObserved {
		return n
	}
	l.mode = BestReplies
	if l.random != nil && l.play.atRandom(s, l.me) {
		l.mode = AtRandom
		return l.random
	}
	return n
}

// Watch notes the move m of a player of another side, for [AsObserved]
// (and nothing under the other Others, or where there is no net trained
// against random players to play with).
func (l *Learned) Watch(s ludo.State, moves []ludo.Move, m ludo.Move) {
	if l.Others != AsObserved || len(moves) < 2 || l.seated && s.Team(l.me).Has(s.Turn()) {
		return
	}
	if n := l.netOf(s.Rules()); n != nil && l.random != nil {
		l.play.watch(n, s, moves, m, &l.sc)
	}
}

// Choose returns the move with the best expected chance of winning,
// searched Depth throws ahead, or fewer where that passes the Budget.
func (l *Learned) Choose(s ludo.State, moves []ludo.Move) ludo.Move {
	if len(moves) == 1 {
		return moves[0]
	}
	l.me, l.seated = s.Turn(), true
	n := l.playing(s)
	if n == nil {
		if l.exp == nil {
			l.exp = NewExpectimax(1)
		}
		return l.exp.Choose(s, moves)
	}
	// Depth 0 first, then one throw deeper at a time while the search
	// the last one predicts (as many again as the last one multiplied
	// its positions by) fits the budget, and the search does.
	me := s.Turn()
	best, bestV := 0, math.Inf(-1)
	l.sc.evals = 0
	outcomes := 6
	for i, m := range moves {
		next, err := s.Apply(m)
		if err != nil || m.IsPass() && len(moves) > 1 {
			continue // a refusal (rule Y7)
		}
		if next.Phase() == ludo.PhaseRoll {
			var outs [ludo.MaxOutcomes]ludo.Outcome
			outcomes = len(next.AppendOutcomes(outs[:0]))
		}
		if v := n.after(next, me, &l.sc); v > bestV {
			best, bestV = i, v
		}
	}
	last, grow := max(l.sc.evals, 1), float64(max(l.sc.evals, 1)*outcomes)
	for depth := 1; depth <= l.Depth; depth++ {
		if l.Budget > 0 && float64(last)*grow > float64(l.Budget) {
			break
		}
		l.nodes, l.limit, l.over = 0, l.Budget, false
		b, ok := l.search(n, s, moves, depth)
		if !ok {
			break
		}
		best = b
		grow, last = float64(l.nodes)/float64(last), l.nodes
	}
	return moves[best]
}

// search returns the index of the best move searching depth throws
// ahead, or false where the search passed its limit.
func (l *Learned) search(n *Net, s ludo.State, moves []ludo.Move, depth int) (int, bool) {
	me := s.Turn()
	l.me = me
	best, bestV := 0, math.Inf(-1)
	var buf [4 * ludo.MaxMoves]ludo.State
	for i, m := range moves {
		next, err := s.Apply(m)
		if err != nil {
			continue
		}
		if m.IsPass() && len(moves) > 1 {
			continue // a refusal (rule Y7)
		}
		v := math.Inf(-1)
		if next.Phase() == ludo.PhaseMove && next.Turn() == me {
			for _, end := range turnEndsOf(next, me, buf[:0]) {
				v = max(v, l.value(n, end, me, depth)[me])
			}
		} else {
			v = l.value(n, next, me, depth)[me]
		}
		if l.over {
			return 0, false
		}
		if v > bestV {
			best, bestV = i, v
		}
	}
	return best, true
}

// value returns the expected chances of winning of position s, where
// mover's turn has ended, searching depth throws ahead: at depth 0 the
// net's, as mover sees s (as the bot sees it, AtRandom); else the mean
// over the throws of the roll due of the turn ends the player who throws
// likes best, or, AtRandom, for a player of another side the mean of its
// moves (atRandom).
func (l *Learned) value(n *Net, s ludo.State, mover ludo.Color, depth int) [ludo.MaxPlayers]float64 {
	if z, ok := final(s); ok {
		return z
	}
	if depth == 0 || s.Phase() != ludo.PhaseRoll {
		l.nodes++
		if l.limit > 0 && l.nodes > l.limit {
			l.over = true
		}
		if l.mode == AtRandom {
			mover = l.me
		}
		return n.value(s, mover, &l.sc)
	}
	var acc [ludo.MaxPlayers]float64
	var outs [ludo.MaxOutcomes]ludo.Outcome
	var buf [4 * ludo.MaxMoves]ludo.State
	for _, o := range s.AppendOutcomes(outs[:0]) {
		if l.over {
			break
		}
		r, _ := s.RollOutcome(o)
		who := r.Turn()
		if l.mode == AtRandom && !r.Team(l.me).Has(who) {
			v := l.atRandom(n, r, who, depth-1)
			for c := range acc {
				acc[c] += o.Prob * v[c]
			}
			continue
		}
		var best [ludo.MaxPlayers]float64
		bestV := math.Inf(-1)
		for _, end := range turnEndsOf(r, who, buf[:0]) {
			if v := l.value(n, end, who, depth-1); v[who] > bestV {
				best, bestV = v, v[who]
			}
		}
		for c := range acc {
			acc[c] += o.Prob * best[c]
		}
	}
	return acc
}

// atRandom returns the expected chances of winning of s, where who is
// to move and moves at random ([AtRandom]): the mean over its legal
// moves, each alike, of the position after it: where who's turn goes
// on, its next move's mean, else the position's value searched depth
// throws ahead.
func (l *Learned) atRandom(n *Net, s ludo.State, who ludo.Color, depth int) [ludo.MaxPlayers]float64 {
	var acc [ludo.MaxPlayers]float64
	var buf [ludo.MaxMoves]ludo.Move
	moves := s.AppendLegalMoves(buf[:0])
	for _, m := range moves {
		next, err := s.Apply(m)
		if err != nil || l.over {
			break
		}
		var v [ludo.MaxPlayers]float64
		if next.Phase() == ludo.PhaseMove && next.Turn() == who {
			v = l.atRandom(n, next, who, depth)
		} else {
			v = l.value(n, next, who, depth)
		}
		for c := range acc {
			acc[c] += v[c] / float64(len(moves))
		}
	}
	return acc
}

// after returns me's chance of winning s by the net, after me's best
// move where one is due with no roll (a bonus move, rule P8, or a
// throw's other die, rule W1), and the moves due after that one.
func (n *Net) after(s ludo.State, me ludo.Color, sc *netScratch) float64 {
	if s.Phase() != ludo.PhaseMove || s.Turn() != me {
		sc.evals++
		return n.mine(s, me, sc)
	}
	var buf [ludo.MaxMoves]ludo.Successor
	best := math.Inf(-1)
	for _, c := range withoutRefusals(s.AppendSuccessors(buf[:0])) {
		best = max(best, n.after(c.State, me, sc))
	}
	return best
}

// The nets the package ships, one a preset, and in nets/vs-random those
// trained against random players, each trained by cmd/ludo-train as
// bots/README.md says.
//
//go:embed nets/*.net nets/vs-random/*.net
var netFiles embed.FS

var (
	shipped         = sync.OnceValue(func() []*Net { return readNets("nets/*.net") })
	shippedVsRandom = sync.OnceValue(func() []*Net { return readNets("nets/vs-random/*.net") })
)

// readNets reads the embedded nets whose names match pattern.
func readNets(pattern string) []*Net {
	var nets []*Net
	names, _ := fs.Glob(netFiles, pattern)
	for _, name := range names {
		b, _ := netFiles.ReadFile(name)
		n, err := ReadNet(bytes.NewReader(b))
		if err != nil {
			panic("bots: shipped net " + name + ": " + err.Error())
		}
		nets = append(nets, n)
	}
	return nets
}

// Nets returns the nets the package ships, by the rules they were
// trained under, in order of their rules' text.
func Nets() []*Net {
	nets := slices.Clone(shipped())
	slices.SortFunc(nets, func(a, b *Net) int { return strings.Compare(a.Rules.String(), b.Rules.String()) })
	return nets
}

// NetVsRandom returns the shipped net trained under rules r against
// random players ([TrainConfig.Opponents] "random"), or nil if none was:
// [AsObserved] plays with it once the other players are seen to move at
// random. One is shipped for Classic at four players (bots/README.md).
func NetVsRandom(r ludo.Rules) *Net {
	for _, n := range shippedVsRandom() {
		if n.Rules == r {
			return n
		}
	}
	return nil
}

// NetFor returns the shipped net for rules r, or nil if none fits them:
// the net trained under r itself if there is one, else one trained under
// r but for the number of players (the nearest number), else one
// trained under r's preset (which must fit r, [Net.Fits]: the same
// board).
func NetFor(r ludo.Rules) *Net {
	var best *Net
	rank, far := 0, 0
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
		d := n.Rules.Players - r.Players
		d = max(d, -d)
		if k > rank || k == rank && d < far {
			best, rank, far = n, k, d
		}
	}
	return best
}
