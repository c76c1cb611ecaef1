package main

import (
	"bytes"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/ludorules/ludo"
	"github.com/ludorules/ludo/picture"
)

// page writes the replay page of a game as examples/replay-html does.
func page(t *testing.T, g *game) string {
	t.Helper()
	var frames []picture.Frame
	for n := range g.plies() {
		frames = append(frames, picture.Frame{Before: g.after[n], Roll: g.rolls[n].Face, Second: g.rolls[n].Second, Move: g.moves[n]})
	}
	var b bytes.Buffer
	if err := picture.WriteReplayHTML(&b, "test", frames, g.after[g.plies()]); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// The page as written, before any script runs, shows ply 0: the check
// accepts it as ply 0 and refuses it as any other ply.
func TestCheckPageAsWritten(t *testing.T) {
	g, err := newGame("mongolian", 3, 2)
	if err != nil {
		t.Fatal(err)
	}
	html := page(t, g)
	if p := g.check(html, 0); len(p) > 0 {
		t.Fatalf("ply 0 refused:\n%s", strings.Join(p, "\n"))
	}
	for _, n := range []int{1, g.plies()} {
		if p := g.check(html, n); len(p) == 0 {
			t.Fatalf("the page at ply 0 passed as ply %d", n)
		}
	}
	if p := g.check(html, g.plies()+1); len(p) != 1 {
		t.Fatalf("ply past the end: %q", p)
	}
	if p := g.check("<html></html>", 0); len(p) != 1 || !strings.Contains(p[0], "ply-status") {
		t.Fatalf("a page that is not a replay: %q", p)
	}
}

// A picture of the position after ply n, wrapped with the status element
// the page would have, passes as ply n; with one token moved, it fails.
func TestCheckPictures(t *testing.T) {
	for _, game := range []struct {
		preset  string
		players int
		seed    uint64
	}{
		{"classic", 4, 1},
		{"parchis1", 4, 1},
		{"ludoking{CaptureBeforeHome:true}", 4, 3},
		{"maedn6", 6, 2},
		{"naija", 4, 1},
		{"parcheesi", 4, 1},
		{"uckers{Teams:TwoColorsEach}", 4, 2}, // rule T3: the player's other colour marked too
	} {
		g, err := newGame(game.preset, game.players, game.seed)
		if err != nil {
			t.Fatal(err)
		}
		checkPictures(t, g)
	}
}

// The plies the browser check looks at include each thing the pictures
// must draw right: colours sharing a square, a bonus move and the ply
// after it, a 6 that counts 7, a token going round again.
func TestInterestingPlies(t *testing.T) {
	has := func(preset string, seed uint64, what string, f func(g *game, n int) bool) {
		t.Helper()
		g, err := newGame(preset, 4, seed)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.ContainsFunc(g.interesting(), func(n int) bool { return n > 0 && f(g, n) }) {
			t.Errorf("%s seed %d: no ply with %s among %v", preset, seed, what, g.interesting())
		}
	}
	has("ludoking", 1, "colours sharing a square", func(g *game, n int) bool { return shared(g.after[n]) })
	has("parchis1", 1, "a bonus move", func(g *game, n int) bool { return g.rolls[n-1].Face == 0 })
	has("parchis1", 1, "a bonus move due", func(g *game, n int) bool { return g.after[n].IsBonusMove() })
	has("parchis1", 1, "a 6 that counts 7", func(g *game, n int) bool { return g.moves[n-1].Count() == 7 && g.rolls[n-1].Face == 6 })
	has("naija", 1, "a throw of two dice", func(g *game, n int) bool { return g.rolls[n-1].Second != 0 })
	has("naija", 1, "the other die of a throw", func(g *game, n int) bool {
		return g.rolls[n-1].Face == 0 && !g.moves[n-1].IsBonusMove()
	})
	has("naija", 1, "a die of two played, the other due", func(g *game, n int) bool {
		return g.after[n].DiePlayed()
	})
	has("parcheesi", 1, "an entry with both dice", func(g *game, n int) bool { return g.moves[n-1].BothDice() })
	has("parcheesi", 1, "a double due as tops and bottoms", func(g *game, n int) bool {
		return g.after[n].Setup().Bottoms && !g.after[n].IsBonusMove()
	})
	has("parcheesi", 1, "a bonus move due after the dice", func(g *game, n int) bool {
		return g.after[n].IsBonusMove() && g.after[n].Rules().TwoDice
	})
	has("parcheesi", 1, "a bonus move after the dice", func(g *game, n int) bool {
		return g.rolls[n-1].Face == 0 && g.moves[n-1].IsBonusMove()
	})
	has("ludoking{CaptureBeforeHome:true}", 3, "a token going round again", func(g *game, n int) bool { return pastFinish(g.after[n]) })
}

// checkPictures checks the pictures of g's interesting plies.
func checkPictures(t *testing.T, g *game) {
	t.Helper()
	plies := g.interesting()
	if testing.Short() {
		plies = plies[:2]
	}
	for _, n := range plies {
		s := g.after[n]
		status := `<div id="ply-status" data-ply="` + strconv.Itoa(n) + `" data-plies="` + strconv.Itoa(g.plies()) + `" data-roll="` + g.roll(n) + `"`
		turn := ""
		if s.Phase() != ludo.PhaseOver {
			turn = s.Turn().String()
		}
		if n > 0 {
			m := g.moves[n-1]
			status += ` data-color="` + m.Color().String() + `" data-move="` + m.String() + `"`
		} else {
			status += ` data-color="" data-move=""`
		}
		status += ` data-turn="` + turn + `"></div>`
		// The page adds the roll's die and the rings; a picture has neither.
		dom := status + string(picture.AppendSVG(nil, s))
		var want []string
		for _, p := range g.check(dom, n) {
			if !strings.Contains(p, "dice shown") && !strings.Contains(p, "ringed") {
				want = append(want, p)
			}
		}
		if len(want) > 0 {
			t.Fatalf("ply %d:\n%s", n, strings.Join(want, "\n"))
		}
		// Move a token: the check must notice.
		moved := strings.Replace(dom, `class="tok" data-color="red" data-square="`, `class="tok" data-color="red" data-square="9`, 1)
		if p := g.check(moved, n); !slices.ContainsFunc(p, func(s string) bool { return strings.Contains(s, "token") }) {
			t.Fatalf("ply %d: a wrong token passed: %q", n, p)
		}
	}
}

// The game is the one examples/playout plays: same dice, same choices.
func TestGameIsPlayouts(t *testing.T) {
	g, err := newGame("classic", 4, 1)
	if err != nil {
		t.Fatal(err)
	}
	s, _ := ludo.New(ludo.Classic())
	dice := ludo.SeededDice(1)
	choose := rand.New(rand.NewPCG(1, 0x5eed))
	for n := 0; s.Phase() != ludo.PhaseOver; n++ {
		s, _ = s.Roll(dice.Roll())
		moves := s.LegalMoves()
		s, _ = s.Apply(moves[choose.IntN(len(moves))])
		if s != g.after[n+1] {
			t.Fatalf("ply %d differs", n+1)
		}
	}
	if !slices.Equal(g.interesting(), []int{0, 20, 262, 266, 502, 533}) {
		t.Fatalf("interesting plies %v", g.interesting())
	}
}
