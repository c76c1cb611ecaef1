// Command playout plays one complete game of Ludo between random players
// and prints it: every roll and the move made with it (captures, finishes
// and passes included), the final board and the ranking. The game is
// seeded, so the same flags always play the same game.
//
//	go run ./examples/playout [-players 4] [-preset classic] [-seed 1]
package main

import (
	"flag"
	"fmt"
	"os"
	"strings"

	"github.com/ludorules/ludo"
	"github.com/ludorules/ludo/internal/seeded"
)

func main() {
	players := flag.Int("players", 4, "number of players, 2 to 4")
	preset := flag.String("preset", "classic", "rules preset: classic or mongolian")
	seed := flag.Uint64("seed", 1, "seed for the dice and the players' choices")
	quiet := flag.Bool("quiet", false, "print only the final board and ranking")
	flag.Parse()
	if err := run(*players, *preset, *seed, *quiet); err != nil {
		fmt.Fprintln(os.Stderr, "playout:", err)
		os.Exit(1)
	}
}

func run(players int, preset string, seed uint64, quiet bool) error {
	rules, err := seeded.Rules(preset, players)
	if err != nil {
		return err
	}
	frames, final, err := seeded.Play(rules, seed, seeded.MaxPlies)
	if err != nil {
		return err
	}
	fmt.Printf("%v, %d players, seed %d\n\n", rules, players, seed)
	for n, f := range frames {
		if quiet {
			break
		}
		m := f.Move
		fmt.Printf("%4d  %-6v rolls %d: %s\n", n+1, m.Color(), f.Roll, describe(f.Before, m))
		after := final
		if n+1 < len(frames) {
			after = frames[n+1].Before
		}
		if f.Before.Place(m.Color()) == 0 && after.Place(m.Color()) > 0 {
			fmt.Printf("      %v finishes in place %d\n", m.Color(), after.Place(m.Color()))
		}
	}
	fmt.Printf("\n%v\n", final)
	for place, c := range final.Ranking() {
		fmt.Printf("%d. %v\n", place+1, c)
	}
	return nil
}

// describe says in words what move m does in position s.
func describe(s ludo.State, m ludo.Move) string {
	switch {
	case m.Forfeits():
		return "third six, turn forfeited"
	case m.IsPass():
		return "no move, pass"
	}
	board := s.Rules().Board
	from, to := board.Square(m.Color(), m.From()), board.Square(m.Color(), m.To())
	var b strings.Builder
	fmt.Fprintf(&b, "token %d ", m.Token())
	switch {
	case m.Enters():
		fmt.Fprintf(&b, "enters on square %v", to)
	case m.Finishes():
		fmt.Fprintf(&b, "%v -> finish", from)
	default:
		fmt.Fprintf(&b, "%v -> %v", from, to)
	}
	if n := m.Captures(); n > 0 {
		at := board.Square(m.Color(), m.To())
		victim, _ := s.At(at)
		fmt.Fprintf(&b, ", captures %d %v", n, victim)
	}
	if m.FormsBlock() {
		b.WriteString(", forms a block")
	}
	return b.String()
}
