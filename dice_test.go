package ludo

import (
	"errors"
	"math"
	"math/bits"
	"math/rand/v2"
	"strings"
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
	s, err := New(Classic())
	if err != nil {
		t.Fatal(err)
	}
	sum := 0.0
	outs := s.Outcomes()
	if len(outs) != 6 {
		t.Fatalf("a die has %d outcomes: %v", len(outs), outs)
	}
	for i, o := range outs {
		if o.Face != i+1 || o.Prob != 1.0/6 {
			t.Errorf("outcome %d is %+v", i, o)
		}
		sum += o.Prob
	}
	if sum < 1-1e-12 || sum > 1+1e-12 {
		t.Errorf("probabilities sum to %v", sum)
	}
	if got := (State{}).Outcomes(); len(got) != 0 {
		t.Errorf("the zero State throws %v", got)
	}
	var buf [MaxOutcomes]Outcome
	if n := testing.AllocsPerRun(100, func() { _ = s.AppendOutcomes(buf[:0]) }); n != 0 {
		t.Errorf("AppendOutcomes allocates %v times", n)
	}
}

// The chance model is data: a lot of six cowries counts 2 to 5 for two to
// five mouths up, 6 for six, 10 for one and 25 for none, with the
// binomial weights out of 64; its outcomes and draws follow them exactly.
func TestChanceModelCowries(t *testing.T) {
	// The counts and their weights from the shells: m of six mouth up in
	// C(6, m) of the 64 ways six shells can fall (rule X1).
	count := [7]int{25, 10, 2, 3, 4, 5, 6}
	var faces, weights []int
	for _, f := range []int{2, 3, 4, 5, 6, 10, 25} {
		for m, c := range count {
			if c == f {
				faces, weights = append(faces, f), append(weights, int(binomial(6, m)))
			}
		}
	}
	r := Classic()
	r.Cowries = true
	ch := r.chance()
	if ch != &sixCowries || ch.total != 64 || ch.faces != FacesOf(faces...) || ch.top() != 25 || ch.six() != 6 || ch.dice != 1 {
		t.Fatalf("cowries: total %d, faces %v, top %d, six %d", ch.total, ch.faces, ch.top(), ch.six())
	}
	sum := 0.0
	for i, o := range ch.outcomes() {
		if o.Face != faces[i] || o.Prob != float64(weights[i])/64 {
			t.Errorf("outcome %d is %+v, want face %d with %d/64", i, o, faces[i], weights[i])
		}
		sum += o.Prob
	}
	if sum != 1 {
		t.Errorf("probabilities sum to %v", sum)
	}
	// 64 divides 2⁶⁴: the top six bits of a draw pick one of 64 equally
	// likely draws, and no draw is ever redrawn.
	n := map[int]int{}
	for k := range uint64(64) {
		src := &fixedSource{vals: []uint64{k<<58 | 12345}}
		n[ch.draw(src)]++
		if src.n != 1 {
			t.Errorf("draw %d took %d values", k, src.n)
		}
	}
	for i, f := range faces {
		if n[f] != weights[i] {
			t.Errorf("face %d came from %d of the 64 draws, want %d", f, n[f], weights[i])
		}
	}
}

// binomial returns n choose k.
func binomial(n, k int) uint64 {
	b := uint64(1)
	for i := range k {
		b = b * uint64(n-i) / uint64(i+1)
	}
	return b
}

// Under Cowries (rule X1) a roll is one of the counts: 1 and 7 are
// refused like a die's 0, and 25 moves a token 25 steps; Dice.Throw draws
// with the model's weights and says the probability.
func TestRollCowries(t *testing.T) {
	r := Classic()
	r.Cowries, r.EntryRolls, r.BonusRolls = true, FacesOf(6, 10, 25), FacesOf(6, 10, 25)
	s, err := New(r)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range []int{0, 1, 7, 9, 11, 24, 26, 63} {
		if s2, err := s.Roll(f); !errors.Is(err, ErrBadFace) || s2 != s {
			t.Errorf("Roll(%d) with cowries: %v, want ErrBadFace and no change", f, err)
		}
	}
	for _, f := range []int{2, 3, 4, 5} {
		s2, err := s.Roll(f)
		if err != nil || s2.Phase() != PhaseMove || s2.LegalMoves()[0] != passMove(Red, f, f, false) {
			t.Errorf("Roll(%d) with every token in: %v, %v", f, err, s2.LegalMoves())
		}
	}
	s, err = ParsePosition("rules classic{Cowries:true EntryRolls:{6 10 25} BonusRolls:{6 10 25}}\nred 3\nturn red")
	if err != nil {
		t.Fatal(err)
	}
	s2, err := s.Roll(25)
	if err != nil || s2.Count() != 25 {
		t.Fatalf("Roll(25): %v, count %d", err, s2.Count())
	}
	if m, err := s2.TokenMove(0); err != nil || m.To() != 28 {
		t.Errorf("token 0 with 25: %v, %v, want to 28", m, err)
	}
	d := SeededDice(7)
	n := map[int]int{}
	const throws = 64_000
	for range throws {
		o := d.Throw(r)
		if o.Prob != float64(sixCowries.weight(o.Face))/64 || o.Second != 0 {
			t.Fatalf("Throw = %+v", o)
		}
		n[o.Face]++
	}
	for _, o := range s.Outcomes() {
		want := o.Prob * throws
		if got := float64(n[o.Face]); got < want-5*math.Sqrt(want)-1 || got > want+5*math.Sqrt(want)+1 {
			t.Errorf("count %d thrown %v times in %d, want about %v", o.Face, got, throws, want)
		}
	}
}

// A model that is not data the package can hold is refused when it is
// built.
func TestChanceModelRefused(t *testing.T) {
	for _, c := range []struct {
		faces, weights []int
	}{
		{[]int{0, 1}, []int{1, 1}},
		{[]int{1, 64}, []int{1, 1}},
		{[]int{1, 1}, []int{1, 1}},
		{[]int{1, 2}, []int{1}},
		{[]int{1, 2}, []int{1, 0}},
		{[]int{1, 2}, []int{40, 40}},
		{[]int{1, 2, 3, 4, 5, 6, 7, 8, 9}, []int{1, 1, 1, 1, 1, 1, 1, 1, 1}},
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("newChance(%v, %v) did not panic", c.faces, c.weights)
				}
			}()
			newChance(c.faces, c.weights)
		}()
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

// The zero Dice and dice with a nil source roll fair faces from the
// runtime's random numbers, from goroutines at once too (go test -race
// checks that they share nothing unsafely).
func TestDiceZero(t *testing.T) {
	for _, d := range []Dice{{}, NewDice(nil)} {
		var n [7]int
		done := make(chan [7]int)
		for range 4 {
			go func() {
				var m [7]int
				for range 6000 {
					m[d.Roll()]++
				}
				done <- m
			}()
		}
		for range 4 {
			m := <-done
			for f := range n {
				n[f] += m[f]
			}
		}
		if n[0] != 0 {
			t.Errorf("dice with no source rolled 0 %d times", n[0])
		}
		for f := 1; f <= 6; f++ {
			// Expected 4000, standard deviation about 58: 6 sigma is 346.
			if n[f] < 4000-346 || n[f] > 4000+346 {
				t.Errorf("dice with no source rolled %d %d times in 24000", f, n[f])
			}
		}
	}
}

// An Outcome writes its throw as a record does, and its probability as
// the fraction it is where it has one.
func TestOutcomeString(t *testing.T) {
	for _, c := range []struct {
		o    Outcome
		want string
	}{
		{Outcome{Face: 6}, "6"},
		{Outcome{Face: 3, Second: 5}, "3,5"},
		{Outcome{Face: 6, Prob: 1.0 / 6}, "6 (1/6)"},
		{Outcome{Face: 3, Second: 5, Prob: 2.0 / 36}, "3,5 (1/18)"},
		{Outcome{Face: 2, Prob: 15.0 / 64}, "2 (15/64)"},
		{Outcome{Face: 4, Prob: 0.123456789}, "4 (0.1235)"},
	} {
		if got := c.o.String(); got != c.want {
			t.Errorf("%#v.String() = %q, want %q", c.o, got, c.want)
		}
	}
	r, _ := Preset("pachisi")
	s, _ := New(r)
	var b strings.Builder
	for _, o := range s.Outcomes() {
		b.WriteString(o.String() + " ")
	}
	if want := "2 (15/64) 3 (5/16) 4 (15/64) 5 (3/32) 6 (1/64) 10 (3/32) 25 (1/64) "; b.String() != want {
		t.Errorf("six cowries' outcomes: %q, want %q (rule X1)", b.String(), want)
	}
}
