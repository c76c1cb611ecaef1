package seeded

import (
	"math/rand/v2"
	"testing"

	"github.com/ludorules/ludo"
)

// TestPlayIsTheLoop pins the game to the loop the README shows: same
// dice, same picks, the same positions ply by ply.
func TestPlayIsTheLoop(t *testing.T) {
	for _, preset := range []string{"classic", "mongolian"} {
		r, err := Rules(preset, 4)
		if err != nil {
			t.Fatal(err)
		}
		frames, final, err := Play(r, 1)
		if err != nil {
			t.Fatal(err)
		}
		s, _ := ludo.New(r)
		dice := ludo.SeededDice(1)
		choose := rand.New(rand.NewPCG(1, 0x5eed))
		for n := 0; s.Phase() != ludo.PhaseOver; n++ {
			if s != frames[n].Before {
				t.Fatalf("%s: ply %d starts elsewhere", preset, n+1)
			}
			s, _ = s.Roll(dice.Roll())
			moves := s.LegalMoves()
			s, _ = s.Apply(moves[choose.IntN(len(moves))])
		}
		if s != final || final.Phase() != ludo.PhaseOver {
			t.Fatalf("%s: the final position differs", preset)
		}
	}
	if _, err := Rules("chess", 4); err == nil {
		t.Error("Rules accepted an unknown preset")
	}
	if _, err := Rules("classic", 5); err == nil {
		t.Error("Rules accepted 5 players")
	}
}
