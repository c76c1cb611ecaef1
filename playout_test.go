package ludo

import (
	"errors"
	"math/rand/v2"
	"testing"
)

// A Playout allocates nothing: not to roll, to list the moves, to apply
// one, nor to play a whole game.
func TestPlayoutAllocatesNothing(t *testing.T) {
	for _, name := range Presets() {
		r, _ := Preset(name)
		start, err := New(r)
		if err != nil {
			t.Fatal(err)
		}
		var p Playout
		d := SeededDice(2)
		pick := rand.NewPCG(3, 4)
		buf := make([]Move, 0, MaxMoves)
		_, play := playouts(r)
		if n := testing.AllocsPerRun(10, func() {
			p.Reset(start)
			_, _ = play(&p, d, pick, buf)
		}); n != 0 {
			t.Errorf("%s: a whole game through a Playout allocates %v times", name, n)
		}
		if p.Phase() != PhaseOver {
			t.Errorf("%s: the game did not end: %v", name, p.State())
		}
		if n := testing.AllocsPerRun(100, func() { _ = p.Roll(4) }); n != 0 {
			t.Errorf("%s: Roll after the end allocates %v times", name, n)
		}
		if n := testing.AllocsPerRun(100, func() { _ = p.RollDice(4, 3) }); n != 0 && r.TwoDice {
			t.Errorf("%s: RollDice after the end allocates %v times", name, n)
		}
	}
}

// The zero Playout holds the zero State: it refuses to play, and says so
// as the zero State does.
func TestPlayoutZero(t *testing.T) {
	var p Playout
	if err := p.Roll(6); !errors.Is(err, ErrNoGame) {
		t.Errorf("Roll on the zero Playout: %v, want ErrNoGame", err)
	}
	if err := p.Apply(Move{}); !errors.Is(err, ErrNoGame) {
		t.Errorf("Apply on the zero Playout: %v, want ErrNoGame", err)
	}
	if moves := p.AppendLegalMoves(nil); len(moves) != 0 {
		t.Errorf("the zero Playout lists %v", moves)
	}
	if p.State() != (State{}) || p.Phase() != PhaseOver {
		t.Errorf("the zero Playout holds %v in phase %v", p.State(), p.Phase())
	}
}
