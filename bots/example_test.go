package bots_test

import (
	"fmt"

	"github.com/ludorules/ludo"
	"github.com/ludorules/ludo/bots"
)

// The learned player, on the net shipped for the rules, chooses among
// the moves of a throw: here a 6 with one token out, which may move on
// or bring a second token in.
func ExampleNewLearned() {
	s, _ := ludo.New(ludo.Classic())
	s, _ = s.Roll(6)
	s, _ = s.Apply(s.LegalMoves()[0]) // red enters
	s, _ = s.Roll(6)                  // and throws again: a 6
	bot := bots.NewLearned(nil, 1)    // the shipped net, one throw ahead
	fmt.Println(s.LegalMoves())
	fmt.Println(bot.Name(), "plays", bot.Choose(s, s.LegalMoves()))
	// Output:
	// [red 0: 0-6 red 1: yard-0 enter]
	// learned1 plays red 1: yard-0 enter
}

// Each preset has a net trained under it; its note is the command
// that made it.
func ExampleNetFor() {
	n := bots.NetFor(ludo.Classic())
	fmt.Println(n.Rules.Preset)
	fmt.Println(n.Note)
	// Output:
	// classic
	// go run ./cmd/ludo-train -games 100000 -hidden 64 -players 4,2 -preset classic -seed 1
	// trained for 100032 games (seed 1, players [4 2], opponents [self], hidden 64, λ 0.7, rate 0.001 annealed over 100000 games, batch 64, minibatch 128)
}
