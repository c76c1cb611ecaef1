package ludo

import (
	"math/bits"
	"math/rand/v2"
	"testing"
)

// After every move of random games, blocked is what findBlocks finds from
// every token's square (locate): afterMove asks only the mover's colour
// (colorBlocks), and nothing where the move leaves no block and forms
// none (flagBlock); and each token in later shares its square with one
// other (rule P4: afterMove and leave keep it without match where they
// can). Every preset with blocks, and options beside them
// that move other tokens with the mover (rules F1, M8) or make blocks
// only on safe squares (S4) or towers (R5).
func TestBlocksFoundAfterEveryMove(t *testing.T) {
	var rules []Rules
	for _, name := range Presets() {
		if r, _ := Preset(name); r.Blocks != NoBlocks {
			rules = append(rules, r)
		}
	}
	for _, text := range []string{"ludoking{Blocks:BlocksOnSafe}", "classic{Blocks:BlocksTowers SquareLimit:2}",
		"mongolian{CaptureDuty:CapturePenalty}", "mongolian{SixEntry:SixEntersTwoOrRuns}", "parchis{Blocks:BlocksOnSafe}"} {
		r, err := ParseRules(text)
		if err != nil {
			t.Fatalf("%s: %v", text, err)
		}
		rules = append(rules, r)
	}
	for _, r := range rules {
		start, err := New(r)
		if err != nil {
			t.Fatalf("%v: %v", r, err)
		}
		d, pick := SeededDice(3), rand.NewPCG(4, 5)
		moves, blocks := 0, 0
		for range 20 {
			s := start
			for plies := 0; plies < 2000 && !s.over(); plies++ {
				var next State
				switch {
				case r.TwoDice:
					next, err = s.RollDice(d.RollDice())
				default:
					next, err = s.Roll(s.rs.chance.draw(d.src))
				}
				if err == nil {
					s = next
				} else if s.Phase() != PhaseMove {
					break
				}
				legal := s.LegalMoves()
				m := legal[uint64(uint32(pick.Uint64()))*uint64(len(legal))>>32]
				if s, err = s.Apply(m); err != nil {
					t.Fatalf("%v: %v refused: %v", r, m, err)
				}
				u := s
				u.locate()
				if u.blocked != s.blocked {
					t.Fatalf("%v: after %v blocked %#x, found %#x\n%v", r, m, s.blocked, u.blocked, s)
				}
				for x := s.later; x != 0; x &= x - 1 { // rule P4: who arrived after the one other token on its square
					k := bits.TrailingZeros32(x)
					if sq := s.at.byteOf(Color(k/MaxTokens), k%MaxTokens); sq == 0 || bits.OnesCount32(s.at.match(sq)) != 2 {
						t.Fatalf("%v: after %v later %#x, but token %d stands on square %d with %#x\n%v", r, m, s.later, k, sq, s.at.match(sq), s)
					}
				}
				moves++
				if s.blocked != 0 {
					blocks++
				}
			}
		}
		if moves < 1000 || blocks < 100 {
			t.Errorf("%v: %d moves, %d with blocks standing", r, moves, blocks)
		}
	}
}
