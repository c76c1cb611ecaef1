package bots

import (
	"bufio"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"sync"

	"github.com/ludorules/ludo"
)

// TrainConfig says how a [Trainer] learns.
type TrainConfig struct {
	// Rules are the rules of the games; Rules.Players is overridden by
	// Players.
	Rules ludo.Rules
	// Players lists the numbers of players of the games, taken in turn
	// (game i has Players[i mod len(Players)]); empty means Rules.Players.
	Players []int
	// Hidden is the number of hidden units, 1 to 256.
	Hidden int
	// Lambda is TD(λ)'s λ, 0 to 1.
	Lambda float64
	// Rate is the learning rate of the Adam steps.
	Rate float64
	// Anneal is the number of games over which the rate falls, in a
	// straight line, to a tenth of Rate, where it stays; 0 keeps it at
	// Rate.
	Anneal int
	// Batch is the number of games played with the same weights before
	// the net learns from them.
	Batch int
	// Minibatch is the number of positions of each learning step.
	Minibatch int
	// Opponents lists who the net plays against, taken in turn (game i
	// has Opponents[i mod len(Opponents)]): "self" for self-play, every
	// seat the net, or the name of a bot ([Names]) for a game of the
	// net, in one seat (seat i mod Players), against that bot in all the
	// others. Empty means self-play alone. In a game against a bot the
	// net learns from the positions where its own turns end.
	Opponents []string
	// Seed seeds everything: the first weights, the dice and the order
	// positions are learned in.
	Seed uint64
}

// DefaultTrainConfig is the configuration cmd/ludo-train starts from.
var DefaultTrainConfig = TrainConfig{Hidden: 64, Lambda: 0.7, Rate: 0.001, Batch: 64, Minibatch: 128, Seed: 1}

// ErrTrainConfig is matched by the error of [NewTrainer] for a
// configuration out of range.
var ErrTrainConfig = errors.New("bots: bad training config")

// Trainer trains a [Net] by self-play, TD(λ) on afterstates as
// TD-Gammon was trained: every player of a game is the net, playing as
// [Learned] does, the move that leads to the position it scores best;
// those positions, where each turn ends (the afterstates), are what the
// net learns to score. Each one's target is its λ-return: the net's own
// values of the positions after it, weighted (1-λ)λⁿ⁻¹ for the n-th one,
// down to the game's outcome (1 for the winner, 0 for the others), the
// forward view of TD(λ). A position is learned as the player who moved
// to it sees it, with a target for every seat (its chance of winning).
//
// The games are played in batches of Batch, all with the net as it was
// when the batch began, on as many goroutines as asked; then the net
// learns from their positions, shuffled, Minibatch at a time, by Adam
// steps on the cross-entropy of each seat's chance. Game i is seeded by
// [GameSeed](Seed, i) and batch b shuffled by (Seed, b), so the net after
// a number of batches is the same on any number of workers, and the same
// when training stops and resumes from a checkpoint ([Trainer.WriteTo],
// [ReadTrainer]).
type Trainer struct {
	cfg   TrainConfig
	net   *Net
	games int // games played
	steps int // Adam steps taken
	m, v  []float32
}

// NewTrainer returns a trainer with a net of small random weights.
func NewTrainer(cfg TrainConfig) (*Trainer, error) {
	if err := cfg.check(); err != nil {
		return nil, err
	}
	net := newNet(cfg.Rules, cfg.Hidden, rand.New(rand.NewPCG(cfg.Seed, 0x6e6574)))
	t := &Trainer{cfg: cfg, net: net}
	t.m = make([]float32, t.params())
	t.v = make([]float32, t.params())
	return t, nil
}

func (cfg *TrainConfig) check() error {
	bad := func(format string, a ...any) error {
		return fmt.Errorf("%w: %s", ErrTrainConfig, fmt.Sprintf(format, a...))
	}
	if err := cfg.Rules.Validate(); err != nil {
		return err
	}
	for _, o := range cfg.Opponents {
		if o == "self" {
			continue
		}
		if _, err := Lookup(o); err != nil {
			return err
		}
	}
	for _, p := range cfg.Players {
		r := cfg.Rules
		r.Players, r.Seats = p, 0
		if err := r.Validate(); err != nil {
			return err
		}
	}
	switch {
	case cfg.Hidden < 1 || cfg.Hidden > maxHidden:
		return bad("%d hidden units, want 1 to %d", cfg.Hidden, maxHidden)
	case !(cfg.Lambda >= 0 && cfg.Lambda <= 1):
		return bad("λ %v, want 0 to 1", cfg.Lambda)
	case !(cfg.Rate > 0 && cfg.Rate < 1):
		return bad("rate %v, want more than 0 and less than 1", cfg.Rate)
	case cfg.Anneal < 0:
		return bad("anneal %d, want 0 or more", cfg.Anneal)
	case cfg.Batch < 1 || cfg.Minibatch < 1:
		return bad("batch %d, minibatch %d: want at least 1", cfg.Batch, cfg.Minibatch)
	}
	return nil
}

func (t *Trainer) params() int { return len(t.net.w1) + len(t.net.b1) + len(t.net.w2) + len(t.net.b2) }

// Config returns the trainer's configuration.
func (t *Trainer) Config() TrainConfig { return t.cfg }

// Games returns the number of games played so far.
func (t *Trainer) Games() int { return t.games }

// Net returns a copy of the net as it stands.
func (t *Trainer) Net() *Net {
	n := *t.net
	n.w1, n.b1, n.w2, n.b2 = slices.Clone(n.w1), slices.Clone(n.b1), slices.Clone(n.w2), slices.Clone(n.b2)
	return &n
}

// sample is a position to learn: its features as the player who moved
// to it sees it, and its target for every seat block.
type sample struct {
	f      []feature
	target [ludo.MaxPlayers]float32
	seated [ludo.MaxPlayers]bool
}

// maxTrainSteps is the most turns a training game plays, more than any
// preset's games take between the bots (under Pachisi, where a player
// may refuse every move, rule Y7, nets that have not learned yet refuse
// for ever). A game still going then is lost for every player: its
// outcome is 0 for all, so that the net learns that a game that does
// not move on is not won.
const maxTrainSteps = 5_000

// selfPlay plays game i of the series, every player the net, and returns
// its positions to learn with their λ-returns, and the number of plies.
func (t *Trainer) selfPlay(i int) ([]sample, int) {
	r := t.cfg.Rules
	if len(t.cfg.Players) > 0 {
		r.Players, r.Seats = t.cfg.Players[i%len(t.cfg.Players)], 0
	}
	s, err := ludo.New(r)
	if err != nil {
		panic(err) // checked by NewTrainer
	}
	n := t.net
	gs := GameSeed(t.cfg.Seed, i)
	dice := ludo.SeededDice(gs)
	// The net plays every seat, or one seat against a bot.
	var others [ludo.MaxPlayers]Bot
	learner := ludo.Colors(0)
	if o := t.opponent(i); o == "self" {
		learner = s.Players()
	} else {
		f, _ := Lookup(o)
		seats := slices.Collect(s.Players().All())
		mine := seats[i%len(seats)]
		learner = s.Team(mine)
		if r.Teams == ludo.TwoColorsEach {
			learner = ludo.ColorsOf(mine)
			for c := range s.Team(mine).All() {
				learner |= ludo.ColorsOf(c)
			}
		}
		for k, c := range seats {
			if !learner.Has(c) {
				others[c] = f(GameSeed(gs, k+1))
			}
		}
	}
	var sc netScratch
	type step struct {
		f     []feature
		mover ludo.Color
		v     [ludo.MaxPlayers]float64 // absolute
	}
	var steps []step
	var ends []ludo.State
	var moves [ludo.MaxMoves]ludo.Move
	plies := 0
	for {
		if len(steps) == maxTrainSteps {
			steps = append(steps, step{}) // lost for all
			break
		}
		rolled, _ := s.RollOutcome(dice.Throw(r))
		me := rolled.Turn()
		if !learner.Has(me) {
			// A bot's turn: its moves, to where the turn ends.
			for s = rolled; s.Phase() == ludo.PhaseMove && s.Turn() == me; plies++ {
				ms := s.AppendLegalMoves(moves[:0])
				m := ms[0]
				if len(ms) > 1 {
					m = others[me].Choose(s, ms)
				}
				s, _ = s.Apply(m)
			}
			if z, over := final(s); over {
				steps = append(steps, step{mover: me, v: z})
				break
			}
			continue
		}
		ends = turnEndsOf(rolled, me, ends[:0])
		best, bestV := 0, math.Inf(-1)
		if len(ends) > 1 {
			for k, e := range ends {
				if v := n.mine(e, me, &sc); v > bestV {
					best, bestV = k, v
				}
			}
		}
		s = ends[best]
		plies++
		v := n.value(s, me, &sc) // encodes s as me sees it, unless it is over
		st := step{mover: me, v: v}
		if _, over := final(s); over {
			steps = append(steps, st)
			break
		}
		st.f = slices.Clone(sc.f.list())
		steps = append(steps, st)
	}
	// λ-returns, backwards: the last position's is the outcome.
	lambda := t.cfg.Lambda
	g := steps[len(steps)-1].v
	out := make([]sample, 0, len(steps)-1)
	for k := len(steps) - 2; k >= 0; k-- {
		next := steps[k+1].v
		for c := range g {
			g[c] = (1-lambda)*next[c] + lambda*g[c]
		}
		sm := sample{f: steps[k].f}
		me := steps[k].mover
		for b := range n.out {
			c := ludo.Color((int(me) + b) % n.out)
			if s.Players().Has(c) {
				sm.target[b] = float32(g[c])
				sm.seated[b] = true
			}
		}
		out = append(out, sm)
	}
	return out, plies
}

// opponent returns who the net plays against in game i.
func (t *Trainer) opponent(i int) string {
	if len(t.cfg.Opponents) == 0 {
		return "self"
	}
	return t.cfg.Opponents[i%len(t.cfg.Opponents)]
}

// turnEndsOf appends to dst the positions where mover's turn from s can
// end, as turnEnds does, but for refusals (withoutRefusals: a net that
// has not learned would refuse for ever), and without a map where no
// move is due after a move.
func turnEndsOf(s ludo.State, mover ludo.Color, dst []ludo.State) []ludo.State {
	var buf [ludo.MaxMoves]ludo.Successor
	succ := withoutRefusals(s.AppendSuccessors(buf[:0]))
	for _, c := range succ {
		if c.State.Phase() == ludo.PhaseMove && c.State.Turn() == mover {
			return appendTurnEnds(s, mover, dst, map[ludo.State]bool{}, false)
		}
	}
	for _, c := range succ {
		dst = append(dst, c.State)
	}
	return dst
}

// Step plays a batch of games on workers goroutines (GOMAXPROCS if
// workers < 1) and learns from them. done, if not nil, is called after
// each game with the number of the batch's games finished. It returns
// the plies played.
func (t *Trainer) Step(workers int, done func(finished int)) int {
	base := t.games
	type game struct {
		s     []sample
		plies int
	}
	games := Parallel(t.cfg.Batch, workers, func(i int) game {
		s, p := t.selfPlay(base + i)
		return game{s, p}
	}, done)
	var all []sample
	plies := 0
	for _, g := range games {
		all = append(all, g.s...)
		plies += g.plies
	}
	batch := t.games / t.cfg.Batch
	rng := rand.New(rand.NewPCG(t.cfg.Seed, uint64(batch)+0x73687566))
	rng.Shuffle(len(all), func(i, j int) { all[i], all[j] = all[j], all[i] })
	if workers < 1 {
		workers = runtime.GOMAXPROCS(0)
	}
	var gs [gradShards]*grads
	for p := range gs {
		gs[p] = newGrads(t.net)
	}
	for k := 0; k < len(all); k += t.cfg.Minibatch {
		mb := all[k:min(k+t.cfg.Minibatch, len(all))]
		// The minibatch's gradient in gradShards parts, on up to workers
		// goroutines, summed in the order of the parts: the same sums
		// on any number of workers.
		var wg sync.WaitGroup
		for w := range min(workers, gradShards) {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for p := w; p < gradShards; p += min(workers, gradShards) {
					g := gs[p]
					g.zero()
					for i := p * len(mb) / gradShards; i < (p+1)*len(mb)/gradShards; i++ {
						g.add(t.net, &mb[i])
					}
				}
			}()
		}
		wg.Wait()
		for _, g := range gs[1:] {
			gs[0].merge(g)
		}
		t.adam(gs[0])
	}
	t.games += t.cfg.Batch
	return plies
}

// grads holds the gradients of a minibatch.
type grads struct {
	w1, b1, w2, b2 []float32
	rows           []int32 // the rows of w1 touched
	touched        []bool
	h              [maxHidden]float32
	dh             [maxHidden]float32
}

func newGrads(n *Net) *grads {
	return &grads{w1: make([]float32, len(n.w1)), b1: make([]float32, len(n.b1)),
		w2: make([]float32, len(n.w2)), b2: make([]float32, len(n.b2)), touched: make([]bool, n.in)}
}

func (g *grads) zero() {
	for _, i := range g.rows {
		clear(g.w1[int(i)*len(g.b1) : int(i+1)*len(g.b1)])
		g.touched[i] = false
	}
	g.rows = g.rows[:0]
	clear(g.b1)
	clear(g.w2)
	clear(g.b2)
}

// gradShards is the number of parts a minibatch's gradient is computed
// in, whatever the number of workers.
const gradShards = 4

// merge adds o's gradient to g's.
func (g *grads) merge(o *grads) {
	H := len(g.b1)
	for _, i := range o.rows {
		if !g.touched[i] {
			g.touched[i] = true
			g.rows = append(g.rows, i)
		}
		axpy(g.w1[int(i)*H:int(i+1)*H], o.w1[int(i)*H:int(i+1)*H], 1)
	}
	axpy(g.b1, o.b1, 1)
	axpy(g.w2, o.w2, 1)
	axpy(g.b2, o.b2, 1)
}

// add adds the gradient of one sample's loss: the cross-entropy of each
// seated block's chance of winning against its target.
func (g *grads) add(n *Net, sm *sample) {
	H := n.hidden
	h := g.h[:H]
	var out [ludo.MaxPlayers]float32
	n.forward(sm.f, h, out[:n.out])
	var d [ludo.MaxPlayers]float32
	for k := range n.out {
		if sm.seated[k] {
			d[k] = sigmoid(out[k]) - sm.target[k]
		}
	}
	dh := g.dh[:H]
	for j, x := range h {
		dh[j] = 0
		if x <= 0 {
			continue
		}
		row := n.w2[j*n.out : (j+1)*n.out]
		grow := g.w2[j*n.out : (j+1)*n.out]
		s := float32(0)
		for k, w := range row {
			grow[k] += x * d[k]
			s += w * d[k]
		}
		dh[j] = s
	}
	for k := range n.out {
		g.b2[k] += d[k]
	}
	for j, x := range dh {
		g.b1[j] += x
	}
	for _, f := range sm.f {
		if !g.touched[f.i] {
			g.touched[f.i] = true
			g.rows = append(g.rows, f.i)
		}
		row := g.w1[int(f.i)*H : int(f.i+1)*H]
		for j, x := range dh {
			row[j] += f.v * x
		}
	}
}

// adam takes one Adam step (β1 0.9, β2 0.999) along g: on every weight
// but the rows of w1 no input of the minibatch touched, which keep their
// moments (lazy Adam).
func (t *Trainer) adam(g *grads) {
	t.steps++
	const b1, b2, eps = 0.9, 0.999, 1e-8
	lr := t.rate() * math.Sqrt(1-math.Pow(b2, float64(t.steps))) / (1 - math.Pow(b1, float64(t.steps)))
	n := t.net
	step := func(w, gr, m, v []float32) {
		for i, x := range gr {
			m[i] = b1*m[i] + (1-b1)*x
			v[i] = b2*v[i] + (1-b2)*x*x
			w[i] -= float32(lr * float64(m[i]) / (math.Sqrt(float64(v[i])) + eps))
		}
	}
	H := n.hidden
	off := 0
	for _, i := range g.rows {
		a, b := int(i)*H, int(i+1)*H
		step(n.w1[a:b], g.w1[a:b], t.m[a:b], t.v[a:b])
	}
	off += len(n.w1)
	for _, p := range [][2][]float32{{n.b1, g.b1}, {n.w2, g.w2}, {n.b2, g.b2}} {
		k := len(p[0])
		step(p[0], p[1], t.m[off:off+k], t.v[off:off+k])
		off += k
	}
}

// rate returns the learning rate after the games played.
func (t *Trainer) rate() float64 {
	if t.cfg.Anneal == 0 {
		return t.cfg.Rate
	}
	f := min(float64(t.games)/float64(t.cfg.Anneal), 1)
	return t.cfg.Rate * (1 - 0.9*f)
}

// checkpoint is a trainer's state but for the weights and moments.
type checkpoint struct {
	Rules     string
	Players   []int
	Hidden    int
	Lambda    float64
	Rate      float64
	Anneal    int
	Batch     int
	Minibatch int
	Opponents []string
	Seed      uint64
	Games     int
	Steps     int
}

const checkpointMagic = "ludo-train 1\n"

// WriteTo writes a checkpoint of the trainer, from which [ReadTrainer]
// resumes exactly where it stands: its configuration, the games played,
// the net and the Adam moments.
func (t *Trainer) WriteTo(w io.Writer) (int64, error) {
	cw := &countWriter{w: bufio.NewWriter(w)}
	io.WriteString(cw, checkpointMagic)
	c := checkpoint{Rules: t.cfg.Rules.String(), Players: t.cfg.Players, Hidden: t.cfg.Hidden, Lambda: t.cfg.Lambda,
		Rate: t.cfg.Rate, Anneal: t.cfg.Anneal, Batch: t.cfg.Batch, Minibatch: t.cfg.Minibatch, Opponents: t.cfg.Opponents, Seed: t.cfg.Seed, Games: t.games, Steps: t.steps}
	b, _ := json.Marshal(c)
	cw.Write(append(b, '\n'))
	if err := cw.w.Flush(); err != nil {
		return cw.n, err
	}
	if _, err := t.net.write(cw, false); err != nil {
		return cw.n, err
	}
	for _, x := range [][]float32{t.m, t.v} {
		if err := binary.Write(cw, binary.LittleEndian, x); err != nil {
			return cw.n, err
		}
	}
	return cw.n, cw.w.Flush()
}

// ReadTrainer reads a checkpoint [Trainer.WriteTo] wrote. An error that
// is not the reader's matches [ErrBadNet].
func ReadTrainer(r io.Reader) (*Trainer, error) {
	br := bufio.NewReader(r)
	bad := func(format string, a ...any) error {
		return fmt.Errorf("%w: checkpoint: %s", ErrBadNet, fmt.Sprintf(format, a...))
	}
	magic := make([]byte, len(checkpointMagic))
	if _, err := io.ReadFull(br, magic); err != nil || string(magic) != checkpointMagic {
		return nil, bad("it does not start with %q", checkpointMagic)
	}
	line, err := br.ReadBytes('\n')
	if err != nil {
		return nil, bad("no configuration line")
	}
	var c checkpoint
	if err := json.Unmarshal(line, &c); err != nil {
		return nil, bad("%v", err)
	}
	rules, err := ludo.ParseRules(c.Rules)
	if err != nil {
		return nil, bad("%v", err)
	}
	cfg := TrainConfig{Rules: rules, Players: c.Players, Hidden: c.Hidden, Lambda: c.Lambda, Rate: c.Rate, Anneal: c.Anneal,
		Batch: c.Batch, Minibatch: c.Minibatch, Opponents: c.Opponents, Seed: c.Seed}
	if err := cfg.check(); err != nil {
		return nil, bad("%v", err)
	}
	net, err := readNet(br, false)
	if err != nil {
		return nil, err
	}
	if net.hidden != cfg.Hidden || net.Rules != rules {
		return nil, bad("the net (%v, %d hidden) is not the configuration's (%v, %d)", net.Rules, net.hidden, rules, cfg.Hidden)
	}
	t := &Trainer{cfg: cfg, net: net, games: c.Games, steps: c.Steps}
	t.m = make([]float32, t.params())
	t.v = make([]float32, t.params())
	for _, x := range [][]float32{t.m, t.v} {
		if err := binary.Read(br, binary.LittleEndian, x); err != nil {
			return nil, bad("the moments end early")
		}
	}
	if _, err := br.ReadByte(); err != io.EOF {
		return nil, bad("data after the moments")
	}
	return t, nil
}
