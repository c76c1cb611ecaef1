package ludo_test

import (
	"errors"
	"fmt"
	"math/rand/v2"

	"github.com/ludorules/ludo"
)

// A whole game between random players: roll, pick a legal move, apply.
// Passes are legal moves too, so the loop needs no special case; it rolls
// only when a roll is due, as after a capture in Parchís a bonus move is
// due with no roll (rule P8).
func Example() {
	s, _ := ludo.New(ludo.Classic()) // or ludo.Preset("parchis1"), …
	dice := ludo.SeededDice(1)
	pick := rand.New(rand.NewPCG(1, 2))
	var moves []ludo.Move
	for s.Phase() != ludo.PhaseOver {
		if s.Phase() == ludo.PhaseRoll {
			s, _ = s.Roll(dice.Roll())
		}
		moves = s.AppendLegalMoves(moves[:0])
		s, _ = s.Apply(moves[pick.IntN(len(moves))])
	}
	fmt.Println(s.Ranking())
	// Output: [red blue green yellow]
}

func ExampleNew() {
	r := ludo.Classic()
	r.Players = 2 // Red and Yellow, opposite each other
	s, err := ludo.New(r)
	fmt.Println(err)
	fmt.Println(s.Players(), s.Turn(), s.Phase())
	// Output:
	// <nil>
	// {red yellow} red roll
}

// With no token in play, only a 6 helps: any other roll leaves a pass as
// the one legal move (rules C7, C10).
func ExampleState_Roll() {
	s, _ := ludo.New(ludo.Classic())
	s, _ = s.Roll(4)
	fmt.Println(s.LegalMoves())
	s, _ = s.Apply(s.LegalMoves()[0])
	fmt.Println(s.Turn(), s.Phase())

	_, err := s.Roll(7)
	fmt.Println(err, errors.Is(err, ludo.ErrBadFace))
	// Output:
	// [red pass]
	// green roll
	// ludo: die face out of range: 7 true
}

func ExampleState_AppendLegalMoves() {
	s, _ := ludo.New(ludo.Classic())
	u := s.Setup()
	u.Tokens[ludo.Red] = [4]int{-1, 3, 53, -1} // two in the yard, one on the track, one in the home column
	u.Die, u.Streak = 6, 1
	s, err := u.State()
	if err != nil {
		panic(err)
	}

	buf := make([]ludo.Move, 0, ludo.MaxMoves) // reuse it: no allocation
	for _, m := range s.AppendLegalMoves(buf) {
		fmt.Println(m)
	}
	// Output:
	// red 0: yard-0 enter
	// red 1: 3-9
}

// An illegal move is refused with an error that names the rule.
func ExampleState_Apply() {
	s, _ := ludo.New(ludo.Mongolian())
	u := s.Setup()
	u.Tokens[ludo.Red][0] = 10                  // on square 11
	u.Tokens[ludo.Green] = [4]int{0, 0, -1, -1} // a block on green's start, square 14
	u.Die = 5
	s, err := u.State()
	if err != nil {
		panic(err)
	}

	_, err = s.TokenMove(0)
	fmt.Println(err)
	var ill *ludo.IllegalMoveError
	fmt.Println(errors.As(err, &ill), ill.Rule)
	fmt.Println(s.LegalMoves()) // nothing else can move: a pass
	// Output:
	// ludo: illegal move: token 0 cannot pass the block on square 14 (rule B2)
	// true B2
	// [red pass]
}

func ExampleState_String() {
	s, _ := ludo.New(ludo.Mongolian())
	u := s.Setup()
	u.Tokens[ludo.Red] = [4]int{0, 0, 52, 56}
	u.Tokens[ludo.Blue] = [4]int{5, -1, -1, -1}
	u.Turn = ludo.Blue
	s, err := u.State()
	if err != nil {
		panic(err)
	}
	fmt.Print(s)
	// Output:
	// mongolian: blue to roll
	// 1:R............ 14:............. 27:............. 40:.....b.......
	// red    yard 0  home .r...  finish 1
	// green  yard 4  home .....  finish 0
	// yellow yard 4  home .....  finish 0
	// blue   yard 3  home .....  finish 0
}

func ExampleRules_Validate() {
	r := ludo.Mongolian()
	r.OwnLanding = ludo.OwnLandingForbidden
	err := r.Validate()
	fmt.Println(errors.Is(err, ludo.ErrInvalidRules))
	fmt.Println(err)
	// Output:
	// true
	// ludo: invalid rules: Blocks is BlocksStopOpponents but OwnLanding is OwnLandingForbidden: a block forms when a token lands on its own colour (rule B1)
}

// Search code treats the die as a chance node.
func ExampleState_Outcomes() {
	s, _ := ludo.New(ludo.Classic())
	for _, o := range s.Outcomes() {
		next, _ := s.Roll(o.Face)
		fmt.Printf("%d %.3f %v\n", o.Face, o.Prob, next.LegalMoves())
	}
	// Output:
	// 1 0.167 [red pass]
	// 2 0.167 [red pass]
	// 3 0.167 [red pass]
	// 4 0.167 [red pass]
	// 5 0.167 [red pass]
	// 6 0.167 [red 0: yard-0 enter]
}

func ExampleDice() {
	d := ludo.SeededDice(1)
	for range 10 {
		fmt.Print(d.Roll(), " ")
	}
	fmt.Println()
	// Output: 6 1 6 6 2 6 5 1 4 2
}
