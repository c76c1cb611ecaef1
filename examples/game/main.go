// Command game plays one whole game of classic Ludo between random
// players and prints the ranking: the README's first program.
package main

import (
	"fmt"
	"math/rand/v2"

	"github.com/ludorules/ludo"
)

func main() {
	s, _ := ludo.New(ludo.Classic()) // 4 players; or ludo.Preset("maedn"), or your own Rules
	dice := ludo.SeededDice(1)       // or ludo.NewDice(any rand.Source), or real dice
	pick := rand.New(rand.NewPCG(1, 2))
	var moves []ludo.Move
	for s.Phase() != ludo.PhaseOver {
		if s.Phase() == ludo.PhaseRoll { // a bonus move (Parchís counts 20) comes with no roll
			s, _ = s.Roll(dice.Roll()) // the die is its own transition
		}
		moves = s.AppendLegalMoves(moves[:0]) // never empty while a move is due: a forced pass is a move
		s, _ = s.Apply(moves[pick.IntN(len(moves))])
	}
	fmt.Println(s.Ranking()) // [red blue green yellow]
}
