package ludo

import (
	"errors"
	"math/rand/v2"
	"testing"
	"unsafe"
)

// midgame returns a position after n random plies of a seeded game under r,
// with a move due.
func midgame(tb testing.TB, r Rules, seed uint64, n int) State {
	tb.Helper()
	s, err := New(r)
	if err != nil {
		tb.Fatal(err)
	}
	d := SeededDice(seed)
	rng := rand.New(rand.NewPCG(seed, 7))
	var buf [MaxMoves]Move
	for range n {
		if s.Phase() == PhaseOver {
			s, _ = New(r)
		}
		if !r.TwoDice && !r.Cowries {
			s, _ = s.Roll(d.Roll())
		} else if s.Phase() == PhaseRoll { // else the throw's other die is due (rule W1)
			s, _ = s.RollOutcome(d.Throw(r))
		}
		moves := s.AppendLegalMoves(buf[:0])
		s, _ = s.Apply(moves[rng.IntN(len(moves))])
	}
	for s.Phase() != PhaseMove {
		if s.Phase() == PhaseOver {
			s, _ = New(r)
		}
		s, _ = s.RollOutcome(d.Throw(r))
	}
	return s
}

// midgames returns 64 positions from seeded games under r, each with a
// move due, for the benchmarks to cycle through.
func midgames(tb testing.TB, r Rules) *[64]State {
	var states [64]State
	for i := range states {
		states[i] = midgame(tb, r, uint64(i), 40+i*3)
	}
	return &states
}

// playout plays one random game to the end and returns the number of
// plies (a roll and the move or pass played with it) and of token moves
// (the plies that were not passes). It picks each move with 32 bits of
// pick (multiply and shift: each of at most 4 moves is picked with a
// probability within 2⁻³² of fair), as a bot's playout would, rather than
// through rand.Rand.IntN, whose interface call and rejection test cost
// about 25 more instructions a ply.
func playout(s State, d Dice, pick *rand.PCG, buf []Move) (end State, plies, moves int) {
	for {
		r, err := s.Roll(d.Roll())
		if err != nil { // the game is over, or a bonus move is due (rule P8)
			if s.Phase() != PhaseMove {
				return s, plies, moves
			}
			r = s
		}
		buf = r.AppendLegalMoves(buf[:0])
		m := buf[uint64(uint32(pick.Uint64()))*uint64(len(buf))>>32]
		s, _ = r.Apply(m)
		plies++
		moves += int(min(m.v>>mToken&0xf, 1)) // not a pass: a token move names its token
	}
}

// playoutDice is playout with two dice (rule W1): a throw is
// [Dice.RollDice], and a move already due (the throw's other die) is
// played without one.
func playoutDice(s State, d Dice, pick *rand.PCG, buf []Move) (end State, plies, moves int) {
	for {
		r, err := s.RollDice(d.RollDice())
		if err != nil {
			if s.Phase() != PhaseMove {
				return s, plies, moves
			}
			r = s
		}
		buf = r.AppendLegalMoves(buf[:0])
		m := buf[uint64(uint32(pick.Uint64()))*uint64(len(buf))>>32]
		s, _ = r.Apply(m)
		plies++
		moves += int(min(m.v>>mToken&0xf, 1))
	}
}

// playoutDiceInPlace is playoutDice through a Playout.
func playoutDiceInPlace(g *Playout, d Dice, pick *rand.PCG, buf []Move) (plies, moves int) {
	for {
		if err := g.RollDice(d.RollDice()); err != nil && g.Phase() != PhaseMove {
			return plies, moves
		}
		buf = g.AppendLegalMoves(buf[:0])
		m := buf[uint64(uint32(pick.Uint64()))*uint64(len(buf))>>32]
		_ = g.Apply(m)
		plies++
		moves += int(min(m.v>>mToken&0xf, 1))
	}
}

// playoutThrow is playout with the rules' own throw, as six cowries
// (rule X1): a throw is what [Dice.Throw] draws.
func playoutThrow(s State, d Dice, pick *rand.PCG, buf []Move) (end State, plies, moves int) {
	ch := s.rs.chance
	for {
		r, err := s.Roll(ch.draw(d.src))
		if err != nil {
			if s.Phase() != PhaseMove {
				return s, plies, moves
			}
			r = s
		}
		buf = r.AppendLegalMoves(buf[:0])
		m := buf[uint64(uint32(pick.Uint64()))*uint64(len(buf))>>32]
		s, _ = r.Apply(m)
		plies++
		moves += int(min(m.v>>mToken&0xf, 1))
	}
}

// playoutThrowInPlace is playoutThrow through a Playout.
func playoutThrowInPlace(g *Playout, d Dice, pick *rand.PCG, buf []Move) (plies, moves int) {
	ch := g.s.rs.chance
	for {
		if err := g.Roll(ch.draw(d.src)); err != nil && g.Phase() != PhaseMove {
			return plies, moves
		}
		buf = g.AppendLegalMoves(buf[:0])
		m := buf[uint64(uint32(pick.Uint64()))*uint64(len(buf))>>32]
		_ = g.Apply(m)
		plies++
		moves += int(min(m.v>>mToken&0xf, 1))
	}
}

// playouts returns the playout of rules r and its twin through a
// Playout: a die's, two dice's (rule W1) or another throw's (rule X1).
func playouts(r Rules) (func(State, Dice, *rand.PCG, []Move) (State, int, int), func(*Playout, Dice, *rand.PCG, []Move) (int, int)) {
	switch {
	case r.TwoDice:
		return playoutDice, playoutDiceInPlace
	case r.Cowries:
		return playoutThrow, playoutThrowInPlace
	}
	return playout, playoutInPlace
}

// playoutInPlace is playout through a Playout: the same rolls, picks and
// moves, so the same games, with the State changed in place.
func playoutInPlace(g *Playout, d Dice, pick *rand.PCG, buf []Move) (plies, moves int) {
	for {
		if err := g.Roll(d.Roll()); err != nil && g.Phase() != PhaseMove { // the game is over; else a bonus move is due (rule P8)
			return plies, moves
		}
		buf = g.AppendLegalMoves(buf[:0])
		m := buf[uint64(uint32(pick.Uint64()))*uint64(len(buf))>>32]
		_ = g.Apply(m)
		plies++
		moves += int(min(m.v>>mToken&0xf, 1))
	}
}

// TestStateSize keeps the State as small as the README says: every call of
// a State method copies it.
func TestStateSize(t *testing.T) {
	if n := unsafe.Sizeof(State{}); n != 128 {
		t.Errorf("a State is %d bytes, not 128", n)
	}
}

func TestHotPathsAllocateNothing(t *testing.T) {
	for _, name := range Presets() {
		r, err := ParseRules(name)
		if err != nil {
			t.Fatal(err)
		}
		s := midgame(t, r, 1, 60)
		buf := make([]Move, 0, MaxMoves)
		var m Move
		if n := testing.AllocsPerRun(100, func() { buf = s.AppendLegalMoves(buf[:0]); m = buf[0] }); n != 0 {
			t.Errorf("%v: AppendLegalMoves allocates %v times", r, n)
		}
		if n := testing.AllocsPerRun(100, func() { _, err = s.Apply(m) }); n != 0 || err != nil {
			t.Errorf("%v: Apply allocates %v times (err %v)", r, n, err)
		}
		roll, _ := New(r)
		four := Outcome{Face: 4} // a throw of the rules' dice: a 4, or 4 and 3 (rule W1)
		play, _ := playouts(r)
		if r.TwoDice {
			four.Second = 3
		}
		if n := testing.AllocsPerRun(100, func() { _, err = roll.RollOutcome(four) }); n != 0 || err != nil {
			t.Errorf("%v: Roll allocates %v times (err %v)", r, n, err)
		}
		d := SeededDice(3)
		if n := testing.AllocsPerRun(100, func() { d.Roll() }); n != 0 {
			t.Errorf("Dice.Roll allocates %v times", n)
		}
		if n := testing.AllocsPerRun(100, func() { d.Throw(r) }); n != 0 {
			t.Errorf("%v: Dice.Throw allocates %v times", r, n)
		}
		pick := rand.NewPCG(1, 2)
		if n := testing.AllocsPerRun(10, func() { _, _, _ = play(roll, d, pick, buf) }); n != 0 {
			t.Errorf("%v: a whole random playout allocates %v times", r, n)
		}
		over, _, _ := play(roll, d, pick, buf)
		if n := testing.AllocsPerRun(100, func() { _, err = over.RollOutcome(four) }); n != 0 || !errors.Is(err, ErrGameOver) {
			t.Errorf("%v: Roll after the end allocates %v times (err %v), so a loop cannot roll until the game is over", r, n, err)
		}
		if n := testing.AllocsPerRun(100, func() { _, _ = s.TokenMove(0) }); n != 0 && s.Progress(s.Turn(), 0) >= 0 {
			t.Logf("%v: TokenMove allocates %v times (only an error should)", r, n)
		}
	}
}

func benchRules(b *testing.B, f func(b *testing.B, r Rules)) {
	for _, r := range []Rules{Classic(), Mongolian()} {
		b.Run(r.String(), func(b *testing.B) { f(b, r) })
	}
}

func BenchmarkLegalMoves(b *testing.B) {
	benchRules(b, func(b *testing.B, r Rules) {
		states := midgames(b, r)
		buf := make([]Move, 0, MaxMoves)
		b.ReportAllocs()
		for i := 0; b.Loop(); i++ {
			buf = states[i&63].AppendLegalMoves(buf[:0])
		}
	})
}

func BenchmarkApply(b *testing.B) {
	benchRules(b, func(b *testing.B, r Rules) {
		states := midgames(b, r)
		var moves [64]Move
		for i, s := range states {
			moves[i] = s.LegalMoves()[0]
		}
		b.ReportAllocs()
		for i := 0; b.Loop(); i++ {
			if _, err := states[i&63].Apply(moves[i&63]); err != nil {
				b.Fatal(err)
			}
		}
	})
}

func BenchmarkRoll(b *testing.B) {
	s, _ := New(Classic())
	d := SeededDice(1)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := s.Roll(d.Roll()); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkPlayout plays whole random four-player games (to the last
// place) through the public API and reports token moves per second (the
// unit of the speed goal: passes do not count), plies per second (rolls
// played, passes included) and games per second.
func BenchmarkPlayout(b *testing.B) {
	for _, name := range Presets() {
		r, _ := Preset(name)
		b.Run(name, func(b *testing.B) { benchPlayout(b, r) })
	}
}

// benchPlayout plays random games under r and reports the rates.
func benchPlayout(b *testing.B, r Rules) {
	{
		start, _ := New(r)
		d := SeededDice(1)
		pick := rand.NewPCG(1, 2)
		buf := make([]Move, 0, MaxMoves)
		plies, moves, games := 0, 0, 0
		b.ReportAllocs()
		play, _ := playouts(r)
		for b.Loop() {
			_, p, m := play(start, d, pick, buf)
			plies += p
			moves += m
			games++
		}
		reportPlayouts(b, plies, moves, games)
	}
}

// BenchmarkPlayoutInPlace plays the games of BenchmarkPlayout through a
// Playout, which changes its State in place.
func BenchmarkPlayoutInPlace(b *testing.B) {
	for _, name := range Presets() {
		r, _ := Preset(name)
		b.Run(name, func(b *testing.B) {
			start, _ := New(r)
			d := SeededDice(1)
			pick := rand.NewPCG(1, 2)
			buf := make([]Move, 0, MaxMoves)
			var g Playout
			plies, moves, games := 0, 0, 0
			_, play := playouts(r)
			b.ReportAllocs()
			for b.Loop() {
				g.Reset(start)
				p, m := play(&g, d, pick, buf)
				plies += p
				moves += m
				games++
			}
			reportPlayouts(b, plies, moves, games)
		})
	}
}

func reportPlayouts(b *testing.B, plies, moves, games int) {
	sec := b.Elapsed().Seconds()
	b.ReportMetric(float64(moves)/sec, "moves/s")
	b.ReportMetric(float64(plies)/sec, "plies/s")
	b.ReportMetric(float64(games)/sec, "games/s")
	b.ReportMetric(0, "ns/op")
}

// BenchmarkYardstick plays the games of BenchmarkPlayout/classic (the same
// dice, picks and rules, so the same games) with yardstick, and reports
// the same figures. Run the two side by side: the ratio of their rates is
// what this library's rules, validation and immutable States cost, and
// unlike either rate alone it holds on a machine whose speed varies with
// other people's load.
func BenchmarkYardstick(b *testing.B) {
	d := SeededDice(1)
	pick := rand.NewPCG(1, 2)
	plies, moves, games := 0, 0, 0
	for b.Loop() {
		p, m := yardstick(d, pick)
		plies += p
		moves += m
		games++
	}
	reportPlayouts(b, plies, moves, games)
}

// yardstick plays one random game of Classic to the last place the
// quickest plain way we know: one mutable board, an occupancy count per
// track square, no validation, no options, no copies: a stand-in for the
// kind of tight implementation the speed goal's reference figure (25 M
// moves/s) was measured with, which we do not have. It plays exactly the
// games playout plays (TestYardstickPlaysTheSameGames).
func yardstick(d Dice, pick *rand.PCG) (plies, moves int) {
	const track, spacing, homeEntry, finish = 52, 13, 50, 56
	var pos [4][4]int8 // -1 in the yard, else progress
	for c := range pos {
		pos[c] = [4]int8{-1, -1, -1, -1}
	}
	var board [track]uint8 // the tokens on a track square, count<<2 | colour
	left := [4]int8{4, 4, 4, 4}
	placed, turn, sixes := 0, 0, 0
	next := func() {
		sixes = 0
		for turn = (turn + 1) & 3; left[turn] == 0; turn = (turn + 1) & 3 {
		}
	}
	var can [4]int
	for placed < 3 {
		f := d.Roll()
		r := uint64(uint32(pick.Uint64())) // a pick for every ply, as playout picks passes too
		plies++
		if f == 6 {
			if sixes++; sixes == 3 { // the third six is forfeited
				next()
				continue
			}
		}
		p := &pos[turn]
		n := 0
		for i, x := range p {
			if i > 0 && p[0] == x || i > 1 && p[1] == x || i > 2 && p[2] == x {
				continue // alike with a lower-numbered token
			}
			if x < 0 && f == 6 || x >= 0 && int(x)+f <= finish {
				can[n] = i
				n++
			}
		}
		if n == 0 { // a pass, which keeps the bonus roll of a six
			if f != 6 {
				next()
			}
			continue
		}
		moves++
		i := can[r*uint64(n)>>32]
		from, to := int(p[i]), int(p[i])+f
		if from < 0 {
			to = 0
		} else if from <= homeEntry {
			sq := (turn*spacing + from) % track
			if board[sq] -= 4; board[sq] < 4 {
				board[sq] = 0
			}
		}
		p[i] = int8(to)
		if to <= homeEntry {
			sq := (turn*spacing + to) % track
			if b := board[sq]; b >= 4 && int(b&3) != turn { // capture
				o := int(b & 3)
				for k, q := range pos[o] {
					if q >= 0 && q <= homeEntry && (o*spacing+int(q))%track == sq {
						pos[o][k] = -1
					}
				}
				board[sq] = 0
			}
			board[sq] = (board[sq]&^3 + 4) | uint8(turn)
		}
		if to == finish {
			if left[turn]--; left[turn] == 0 { // no bonus roll for the last token home
				if placed++; placed < 3 {
					next()
				}
				continue
			}
		}
		if f != 6 {
			next()
		}
	}
	d.Roll() // as playout's last roll, which finds the game over
	return plies, moves
}

// TestYardstickPlaysTheSameGames checks that yardstick and playout play
// the same games from the same dice and picks, so that their rates
// compare like with like.
func TestYardstickPlaysTheSameGames(t *testing.T) {
	start, _ := New(Classic())
	d1, d2 := SeededDice(5), SeededDice(5)
	p1, p2 := rand.NewPCG(5, 6), rand.NewPCG(5, 6)
	buf := make([]Move, 0, MaxMoves)
	for g := range 200 {
		_, plies, moves := playout(start, d1, p1, buf)
		yp, ym := yardstick(d2, p2)
		if yp != plies || ym != moves {
			t.Fatalf("game %d: the yardstick played %d plies and %d moves, the library %d and %d", g, yp, ym, plies, moves)
		}
	}
}
