package seeded

import (
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
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
		frames, final, err := Play(r, 1, MaxPlies)
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
	if r, err := Rules("ludoking{CaptureBeforeHome:true}", 2); err != nil || !r.CaptureBeforeHome || r.Players != 2 || r.Preset != "ludoking" {
		t.Errorf("rules as text: %v, %v", r, err)
	}
	if _, err := Rules("ludoking{Capture:true}", 0); err == nil {
		t.Error("rules text with an unknown option: no error")
	}
	if _, err := Rules("chess", 4); err == nil {
		t.Error("Rules accepted an unknown preset")
	}
	if _, err := Rules("classic", 5); err == nil {
		t.Error("Rules accepted 5 players")
	}
}

// TestPlyLimit: a game longer than the limit stops there, its frames a
// prefix of the whole game's.
func TestPlyLimit(t *testing.T) {
	r, _ := Rules("classic", 4)
	whole, final, err := Play(r, 2, MaxPlies)
	if err != nil {
		t.Fatal(err)
	}
	n := len(whole)
	part, at, err := Play(r, 2, 100)
	if !errors.Is(err, ErrPlyLimit) || !strings.Contains(err.Error(), "the game is unfinished after 100 plies") {
		t.Fatalf("limit 100: error %v", err)
	}
	if len(part) != 100 || !slices.Equal(part, whole[:100]) || at != whole[100].Before {
		t.Fatalf("limit 100: %d frames, not the first 100 of the game", len(part))
	}
	exact, end, err := Play(r, 2, n)
	if err != nil || len(exact) != n || end != final {
		t.Fatalf("limit %d, the game's length: %d frames, error %v", n, len(exact), err)
	}
	if _, _, err := Play(r, 2, 0); err == nil {
		t.Error("a ply limit of 0 accepted")
	}
}
