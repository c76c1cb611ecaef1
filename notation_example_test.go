package ludo_test

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"os"

	"github.com/ludorules/ludo"
)

// A disputed position, written by hand: may red pass green's block?
func ExampleParsePosition() {
	s, err := ludo.ParsePosition(`
		# Mongolian rules: green's two tokens on its start square are a block.
		rules  mongolian
		red    10 yard home3 finish   # token 0 on progress 10 (square 11)
		green  0 0                    # tokens 2 and 3 in the yard
		turn   red
		die    5
	`)
	if err != nil {
		panic(err)
	}
	fmt.Print(s)
	_, err = s.TokenMove(0)
	fmt.Println(err)
	fmt.Println(s.LegalMoves())

	_, err = ludo.ParsePosition("rules mongolian\nred 10 yard\ngreen 60")
	fmt.Println(err)
	fmt.Println(errors.Is(err, ludo.ErrInvalidSetup))
	// Output:
	// mongolian: red to move, die 5
	// 1:..........r.. 14:G............ 27:............. 40:.............
	// red    yard 1  home ..r..  finish 1
	// green  yard 2  home .....  finish 0
	// yellow yard 4  home .....  finish 0
	// blue   yard 4  home .....  finish 0
	// ludo: illegal move: token 0 cannot pass the block on square 14 (rule B2)
	// [red pass]
	// ludo: line 3, column 7: invalid setup: green token 0 has progress 60, want -1 (yard) to 56 (finish)
	// true
}

func ExampleFormatPosition() {
	s, _ := ludo.New(ludo.Classic())
	s, _ = s.Roll(6)
	s, _ = s.Apply(s.LegalMoves()[0]) // red enters and rolls again
	fmt.Print(ludo.FormatPosition(s))
	// Output:
	// rules   classic
	// red     0 yard yard yard
	// green   yard yard yard yard
	// yellow  yard yard yard yard
	// blue    yard yard yard yard
	// turn    red
	// sixes   1
}

func ExampleParseMove() {
	s := ludo.MustParsePosition("rules classic\nred 10 yard\ngreen 3\ndie 6")
	for _, text := range []string{"0", "red 0: 10-16 x1", "1", "pass", "0: 10-16"} {
		m, err := ludo.ParseMove(s, text)
		fmt.Printf("%-16s %v %v\n", text, m, err)
	}
	// Output:
	// 0                red 0: 10-16 x1 <nil>
	// red 0: 10-16 x1  red 0: 10-16 x1 <nil>
	// 1                red 1: yard-0 enter <nil>
	// pass             no move ludo: illegal move: red must move when a token can: red 0: 10-16 x1 (rule C10)
	// 0: 10-16         no move ludo: illegal move: with a 6, red token 0 makes 10-16 x1, not 10-16
}

func ExampleParseRules() {
	r, err := ludo.ParseRules("mongolian{Players:2 Finish:BounceFinish}")
	fmt.Println(r.Players, r.Finish, r.Blocks, err)
	fmt.Println(r)

	_, err = ludo.ParseRules("classic{Players:5}")
	fmt.Println(err)
	fmt.Println(errors.Is(err, ludo.ErrInvalidRules))
	// Output:
	// 2 BounceFinish BlocksStopOpponents <nil>
	// mongolian{Players:2 Finish:BounceFinish}
	// ludo: line 1, column 9: invalid rules: Players is 5, want 2 to 4 (rule C1)
	// true
}

// Record a game while playing it, then write it out.
func ExampleRecord() {
	s, _ := ludo.New(ludo.Classic())
	rec := ludo.NewRecord(s)
	rec.Seeded, rec.Seed = true, 1
	rec.Names[ludo.Red] = "Alice"
	dice := ludo.SeededDice(rec.Seed)
	pick := rand.New(rand.NewPCG(1, 2))
	for range 8 {
		s, _ = s.Roll(dice.Roll())
		moves := s.LegalMoves()
		m := moves[pick.IntN(len(moves))]
		s, _ = s.Apply(m)
		rec.Add(m)
	}
	rec.WriteTo(os.Stdout)
	// Output:
	// rules   classic
	// players red green yellow blue
	// name    red    Alice
	// seed    1
	// # ply  player  face  move
	// 1      red     6     0: yard-0 enter
	// 2      red     1     0: 0-1
	// 3      green   6     0: yard-0 enter
	// 4      green   6     0: 0-6
	// 5      green   2     0: 6-8
	// 6      yellow  6     0: yard-0 enter
	// 7      yellow  5     0: 0-5
	// 8      blue    1     pass
}

// Replay a hand-written record: it stops at the first illegal ply and
// names the rule.
func ExampleRecord_Replay() {
	rec, err := ludo.ParseRecord(`
		# The position the dispute starts from; then the plies.
		rules  mongolian{Players:2 Seats:{red green}}
		red    10
		green  0 0 5
		1  red    2  0: 10-12
		2  green  3  2            # a token number is enough
		3  red    5  0
	`)
	if err != nil {
		panic(err)
	}
	states, err := rec.Replay()
	fmt.Println(err)
	var re *ludo.ReplayError
	if errors.As(err, &re) {
		fmt.Println(re.Ply, re.Player, re.Face, re.Move)
	}
	last := states[len(states)-1]
	fmt.Println(len(states), last.Turn(), last.Progress(ludo.Red, 0))
	// Output:
	// ludo: ply 3 (red rolls 5, plays 0): token 0 cannot pass the block on square 14 (rule B2)
	// 3 red 5 0
	// 3 red 12
}
