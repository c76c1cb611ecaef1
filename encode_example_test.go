package ludo_test

import (
	"fmt"

	"github.com/ludorules/ludo"
)

// Learning code picks an action id from a fixed-size policy output, masked
// to the legal ones, and turns it into a move.
func ExampleState_ActionMask() {
	s, _ := ludo.New(ludo.Classic())
	u := s.Setup()
	u.Tokens[ludo.Red] = [4]int{-1, 20, 20, 54} // token 3 would overshoot a 4
	u.Die = 4
	s, _ = u.State()

	mask := s.ActionMask()
	fmt.Println(mask) // tokens 1 and 2 are alike: only 1 is marked
	for a, ok := range mask {
		if ok {
			m, _ := s.ActionMove(a)
			fmt.Println(a, m)
		}
	}
	_, err := s.ActionMove(ludo.PassAction)
	fmt.Println(err)
	// Output:
	// [false true false false false false false false false false false false false false false false false false false false false false false false false]
	// 1 red 1: 20-24
	// ludo: illegal move: red must move when a token can: red 1: 20-24 (rule C10)
}

// An observation is a fixed-size vector from the point of view of the
// player to move; Observe fills it without allocating.
func ExampleState_Observe() {
	s, _ := ludo.New(ludo.Classic())
	u := s.Setup()
	u.Turn = ludo.Yellow
	u.Tokens[ludo.Yellow][0] = 0 // on its own start square, 27
	u.Tokens[ludo.Red][0] = 30   // on square 31: 4 squares ahead of yellow's start
	s, _ = u.State()

	var o ludo.Observation
	s.Observe(&o)
	tok := func(seat, i int) []float32 {
		at := seat*ludo.ObsSeatFields + 3 + i*ludo.ObsTokenFields
		return o[at : at+ludo.ObsTokenFields]
	}
	fmt.Println("own token 0:", tok(0, 0))         // seat 0 is yellow
	fmt.Println("red token 0:", tok(2, 0)[2]*52-1) // red is two seats on; its square, counted from yellow's start
	fmt.Println("roll due:", o[ludo.ObsGlobal])
	// Output:
	// own token 0: [0 0 0.01923077 0 0 0 0]
	// red token 0: 4
	// roll due: 1
}

// Keys identify positions in a transposition table; tokens of one colour
// on one square are alike, so swapping them keeps the key.
func ExampleState_Key() {
	s, _ := ludo.New(ludo.Classic())
	u := s.Setup()
	u.Tokens[ludo.Red] = [4]int{5, -1, -1, 12}
	a, _ := u.State()
	u.Tokens[ludo.Red] = [4]int{12, -1, 5, -1}
	b, _ := u.State()
	fmt.Println(a == b, a.Key() == b.Key())
	fmt.Printf("%#x\n", a.Key())
	// Output:
	// false true
	// 0x9e1bc91ba3625292
}

// One ply of expectimax: the die is a chance node whose outcomes are
// weighed by their probabilities; at each, the player picks the successor
// that is best for them (here, simply the most progress).
func ExampleState_AppendSuccessors() {
	s, _ := ludo.New(ludo.Classic())
	u := s.Setup()
	u.Tokens[ludo.Red] = [4]int{-1, 10, 52, -1}
	s, _ = u.State()

	progress := func(s ludo.State) int {
		n := 0
		for i := range 4 {
			n += s.Progress(ludo.Red, i) + 1
		}
		return n
	}
	var buf []ludo.Successor
	expected := 0.0
	for _, o := range s.Outcomes() {
		rolled, _ := s.Roll(o.Face)
		best := ludo.Successor{}
		for _, c := range rolled.AppendSuccessors(buf[:0]) {
			if best.State == (ludo.State{}) || progress(c.State) > progress(best.State) {
				best = c
			}
		}
		fmt.Println(o.Face, best.Move)
		expected += o.Prob * float64(progress(best.State)-progress(s))
	}
	fmt.Printf("expected gain %.2f steps\n", expected)
	// Output:
	// 1 red 1: 10-11
	// 2 red 1: 10-12
	// 3 red 1: 10-13
	// 4 red 1: 10-14
	// 5 red 1: 10-15
	// 6 red 1: 10-16
	// expected gain 3.50 steps
}

// Play is the successor of a chance node for one face and one move.
func ExampleState_Play() {
	s, _ := ludo.New(ludo.Classic())
	enter, _ := s.Roll(6)
	next, err := s.Play(6, enter.LegalMoves()[0])
	fmt.Println(err, next.Progress(ludo.Red, 0), next.Turn(), next.Phase())
	_, err = s.Play(5, enter.LegalMoves()[0]) // the move is not legal with a 5
	fmt.Println(err != nil)
	// Output:
	// <nil> 0 red roll
	// true
}
