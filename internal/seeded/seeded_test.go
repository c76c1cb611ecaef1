package seeded

import (
	"encoding/json"
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/ludorules/ludo"
)

// TestPlayIsTheLoop pins the game to the loop the README shows: same
// dice, same picks, the same positions ply by ply; with two dice (rule
// W1) the throw's other die is played with no roll.
func TestPlayIsTheLoop(t *testing.T) {
	for _, preset := range []string{"classic", "mongolian", "naija"} {
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
			if s.Phase() == ludo.PhaseRoll {
				s, _ = s.RollOutcome(dice.Throw(r))
			}
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
	if _, err := Rules("chess", 4); err == nil || !strings.HasPrefix(err.Error(), `unknown preset "chess" (want one of classic, `) {
		t.Errorf("an unknown preset: error %v", err)
	}
	// A long name is quoted in part.
	if _, err := Rules(strings.Repeat("x", 1000), 4); err == nil || !strings.HasPrefix(err.Error(), `unknown preset "`+strings.Repeat("x", 64)+`"… (want`) {
		t.Errorf("a long unknown preset: error %.100v", err)
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

// TestPositionsReadBack writes every position of a seeded game of every
// preset, with its players, as text, and reads it back: the same State.
// A position play reaches is one the library can write down. The JSON
// form, whose cost is decoding the rules again in every position, is
// checked on one position in eight, and on every one with a bonus move
// due, throws counted or a die of two played (rules P8, M4, W1); the root package's
// TestSetupRoundTripEveryPreset checks it on every set of fields the
// presets' games reach. With -short the text is checked on one position
// in eight and the JSON on one in 32, besides the rare ones. The presets
// run in parallel.
func TestPositionsReadBack(t *testing.T) {
	t.Parallel()
	textEvery, jsonEvery := 1, 8
	if testing.Short() {
		textEvery, jsonEvery = 8, 32
	}
	for _, name := range ludo.Presets() {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			checkPositionsReadBack(t, name, textEvery, jsonEvery)
		})
	}
}

// checkPositionsReadBack plays the seeded game of TestPositionsReadBack
// under preset name and checks that its positions read back: one in
// textEvery as text, one in jsonEvery as JSON, and the rare ones both.
func checkPositionsReadBack(t *testing.T, name string, textEvery, jsonEvery int) {
	r, err := Rules(name, 0)
	if err != nil {
		t.Fatal(err)
	}
	frames, final, err := Play(r, 4, MaxPlies)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	states := []ludo.State{final}
	for _, f := range frames {
		states = append(states, f.Before)
		if f.Roll != 0 {
			rolled, err := f.Before.RollOutcome(ludo.Outcome{Face: f.Roll, Second: f.Second})
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			states = append(states, rolled)
		}
	}
	for k, s := range states {
		rare := s.IsBonusMove() || s.Setup().TriesUsed > 0 || s.DiePlayed()
		if k%textEvery != 0 && !rare {
			continue
		}
		text := ludo.FormatPosition(s)
		back, err := ludo.ParsePosition(text)
		if err != nil || back != s {
			t.Fatalf("%s: the position\n%s\nreads back as %v (%v)", name, text, back, err)
		}
		if k%jsonEvery != 0 && !rare {
			continue
		}
		data, err := json.Marshal(s)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		var fromJSON ludo.State
		if err := json.Unmarshal(data, &fromJSON); err != nil || fromJSON != s {
			t.Fatalf("%s: the position\n%s\nreads back from JSON as %v (%v)", name, data, fromJSON, err)
		}
	}
}
