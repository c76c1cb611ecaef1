package ludo

import (
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
	var buf [MaxTokens]Move
	for range n {
		if s.Phase() == PhaseOver {
			s, _ = New(r)
		}
		s, _ = s.Roll(d.Roll())
		moves := s.AppendLegalMoves(buf[:0])
		s, _ = s.Apply(moves[rng.IntN(len(moves))])
	}
	for s.Phase() != PhaseMove {
		s, _ = s.Roll(d.Roll())
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
// moves made (passes included). It picks each move with 32 bits of pick
// (multiply and shift: each of at most 4 moves is picked with a
// probability within 2⁻³² of fair), as a bot's playout would, rather than
// through rand.Rand.IntN, whose interface call and rejection test cost
// about 25 more instructions a move.
func playout(s State, d Dice, pick *rand.PCG, buf []Move) (State, int) {
	n := 0
	for s.Phase() != PhaseOver {
		s, _ = s.Roll(d.Roll())
		buf = s.AppendLegalMoves(buf[:0])
		s, _ = s.Apply(buf[uint64(uint32(pick.Uint64()))*uint64(len(buf))>>32])
		n++
	}
	return s, n
}

// TestStateSize keeps the State as small as the README says: every call of
// a State method copies it.
func TestStateSize(t *testing.T) {
	if n := unsafe.Sizeof(State{}); n != 88 {
		t.Errorf("a State is %d bytes, not 88", n)
	}
}

func TestHotPathsAllocateNothing(t *testing.T) {
	for _, r := range []Rules{Classic(), Mongolian()} {
		s := midgame(t, r, 1, 60)
		buf := make([]Move, 0, MaxTokens)
		var m Move
		var err error
		if n := testing.AllocsPerRun(100, func() { buf = s.AppendLegalMoves(buf[:0]); m = buf[0] }); n != 0 {
			t.Errorf("%v: AppendLegalMoves allocates %v times", r, n)
		}
		if n := testing.AllocsPerRun(100, func() { _, err = s.Apply(m) }); n != 0 || err != nil {
			t.Errorf("%v: Apply allocates %v times (err %v)", r, n, err)
		}
		roll, _ := New(r)
		if n := testing.AllocsPerRun(100, func() { _, err = roll.Roll(4) }); n != 0 || err != nil {
			t.Errorf("%v: Roll allocates %v times (err %v)", r, n, err)
		}
		d := SeededDice(3)
		if n := testing.AllocsPerRun(100, func() { d.Roll() }); n != 0 {
			t.Errorf("Dice.Roll allocates %v times", n)
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
		buf := make([]Move, 0, MaxTokens)
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
// place) and reports moves (a roll and its move or pass) per second and
// games per second.
func BenchmarkPlayout(b *testing.B) {
	benchRules(b, func(b *testing.B, r Rules) {
		start, _ := New(r)
		d := SeededDice(1)
		pick := rand.NewPCG(1, 2)
		buf := make([]Move, 0, MaxTokens)
		moves, games := 0, 0
		b.ReportAllocs()
		for b.Loop() {
			_, n := playout(start, d, pick, buf)
			moves += n
			games++
		}
		sec := b.Elapsed().Seconds()
		b.ReportMetric(float64(moves)/sec, "moves/s")
		b.ReportMetric(float64(games)/sec, "games/s")
		b.ReportMetric(0, "ns/op")
	})
}
