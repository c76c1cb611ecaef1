package ludo

import (
	"math/bits"
	"math/rand/v2"
	"testing"
)

// TestDiceGolden freezes how dice turn randomness into faces: once "seed N
// plays game G" is published, the stream is part of the API. Do not change
// the golden faces; a change here breaks every recorded seeded game.
func TestDiceGolden(t *testing.T) {
	d := SeededDice(1)
	got := make([]int, 30)
	for i := range got {
		got[i] = d.Roll()
	}
	want := []int{6, 1, 6, 6, 2, 6, 5, 1, 4, 2, 3, 6, 3, 3, 1, 6, 1, 1, 3, 2, 2, 4, 5, 1, 3, 5, 6, 2, 4, 1}
	if len(want) != len(got) {
		t.Fatalf("golden has %d faces, want %d", len(want), len(got))
	}
	for i := range got {
		if got[i] != want[i] {
			t.Fatalf("SeededDice(1) faces = %v,\nwant %v", got, want)
		}
	}
}

// countingSource counts the values drawn from it.
type countingSource struct {
	src rand.Source
	n   int
}

func (c *countingSource) Uint64() uint64 { c.n++; return c.src.Uint64() }

// fixedSource returns its values in turn.
type fixedSource struct {
	vals []uint64
	n    int
}

func (f *fixedSource) Uint64() uint64 { v := f.vals[f.n]; f.n++; return v }

func TestDiceConsumesOneValuePerRoll(t *testing.T) {
	src := &countingSource{src: rand.NewPCG(9, 9)}
	d := NewDice(src)
	for i := 1; i <= 1000; i++ {
		d.Roll()
		if src.n != i {
			t.Fatalf("after %d rolls the source gave %d values", i, src.n)
		}
	}
}

func TestDiceMapping(t *testing.T) {
	// Face 1 + floor(6x / 2^64); x whose low product half is below 4 is
	// redrawn.
	cases := []struct {
		vals []uint64
		want int
		used int
	}{
		{[]uint64{1 << 62}, 2, 1},                       // 6x/2^64 = 1.5
		{[]uint64{^uint64(0)}, 6, 1},                    // the top of the range
		{[]uint64{0, 1<<63 + 1}, 4, 2},                  // 0 has low half 0: redrawn
		{[]uint64{3 << 62, 0, 5}, 5, 1},                 // 4.5 -> 5
		{[]uint64{0x2AAAAAAAAAAAAAAB, 1<<63 + 1}, 4, 2}, // 6x = 2^64 + 2: low half 2 < 4, redrawn
		{[]uint64{0, 0, 0, 1<<63 + 1}, 4, 4},            // the fourth draw is the last
		{[]uint64{0, 0, 0, 0, 1<<63 + 1}, 1, 4},         // and is taken as it is
	}
	for _, c := range cases {
		f := &fixedSource{vals: c.vals}
		if got := NewDice(f).Roll(); got != c.want || f.n != c.used {
			t.Errorf("Roll from %#x = %d using %d values, want %d using %d", c.vals, got, f.n, c.want, c.used)
		}
	}
}

func TestDiceFair(t *testing.T) {
	d := SeededDice(42)
	var n [7]int
	const rolls = 600000
	for range rolls {
		n[d.Roll()]++
	}
	for f := 1; f <= 6; f++ {
		// Expected 100000, standard deviation about 289: 6 sigma is 1734.
		if n[f] < 100000-1734 || n[f] > 100000+1734 {
			t.Errorf("face %d came %d times in %d rolls", f, n[f], rolls)
		}
	}
}

func TestOutcomes(t *testing.T) {
	sum := 0.0
	for i, o := range Outcomes() {
		if o.Face != i+1 {
			t.Errorf("outcome %d has face %d", i, o.Face)
		}
		sum += o.Prob
	}
	if sum < 1-1e-12 || sum > 1+1e-12 {
		t.Errorf("probabilities sum to %v", sum)
	}
}

// constantSource returns v every time, counting its draws.
type constantSource struct {
	v uint64
	n int
}

func (c *constantSource) Uint64() uint64 { c.n++; return c.v }

// A source that always gives a value to draw again for does not make Roll
// loop for ever: it draws maxDraws values and takes the last.
func TestDiceBrokenSource(t *testing.T) {
	// The four values whose low half of 6x is below 4 (0 or 2).
	for _, v := range []uint64{0, 0x2AAAAAAAAAAAAAAB, 1 << 63, 0xAAAAAAAAAAAAAAAB} {
		src := &constantSource{v: v}
		hi, _ := bits.Mul64(v, 6)
		if got := NewDice(src).Roll(); got != int(hi)+1 || src.n != maxDraws {
			t.Errorf("Roll from constant %#x = %d after %d draws, want %d after %d", v, got, src.n, hi+1, maxDraws)
		}
	}
	// A constant that is not redrawn is rolled at once.
	src := &constantSource{v: 1 << 62}
	if got := NewDice(src).Roll(); got != 2 || src.n != 1 {
		t.Errorf("Roll from constant 1<<62 = %d after %d draws, want 2 after 1", got, src.n)
	}
}

// The zero Dice and dice with a nil source roll 0, which State.Roll
// refuses.
func TestDiceZero(t *testing.T) {
	for _, d := range []Dice{{}, NewDice(nil)} {
		if got := d.Roll(); got != 0 {
			t.Errorf("Roll of dice with no source = %d, want 0", got)
		}
	}
}
