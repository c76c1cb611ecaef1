// Command playout plays one complete game of Ludo between random players
// and prints it: every roll and the move made with it (captures, finishes
// and passes included; with two dice, rule W1, the throw's two faces and
// then each die's move, "plays both" for an entry with both, rule H1,
// the four amounts of tops and bottoms, rule H2, and bonus moves after
// the dice, rule W4), the final board and the ranking. The game is
// seeded, so the same flags always play the same game.
//
//	go run ./examples/playout [-players 4] [-preset classic] [-seed 1]
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/ludorules/ludo"
	"github.com/ludorules/ludo/internal/echo"
	"github.com/ludorules/ludo/internal/seeded"
)

func main() {
	os.Exit(cli(os.Args[1:], os.Stdout, os.Stderr))
}

// cli is the whole program: it reads the arguments (without the program
// name), writes the game to stdout and errors to stderr, and returns the
// exit status: 0 done, 1 the game could not be played, 2 a usage error.
func cli(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("playout", flag.ContinueOnError)
	fs.SetOutput(stderr)
	players := fs.Int("players", 0, seeded.PlayersHelp)
	preset := fs.String("preset", "classic", seeded.PresetHelp())
	seed := fs.Uint64("seed", 1, "seed for the dice and the players' choices")
	quiet := fs.Bool("quiet", false, "print only the final board and ranking")
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: playout [flags]\n\nPlays one seeded game between random players and prints it.\n\nFlags:\n")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "playout: unexpected argument %s\n", echo.Quote(fs.Arg(0)))
		fs.Usage()
		return 2
	}
	if err := run(stdout, *players, *preset, *seed, *quiet); err != nil {
		fmt.Fprintln(stderr, "playout:", err)
		return 1
	}
	return 0
}

// run plays the game and prints it to w.
func run(w io.Writer, players int, preset string, seed uint64, quiet bool) error {
	rules, err := seeded.Rules(preset, players)
	if err != nil {
		return err
	}
	frames, final, err := seeded.Play(rules, seed, seeded.MaxPlies)
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "%v, %d players, seed %d\n", rules, rules.Players, seed)
	fmt.Fprintf(w, "(squares are the board's: the track numbered from red's start square, \"home N\" up a colour's home column;\n a record writes each move in steps from the colour's own start square instead)\n\n")
	for n, f := range frames {
		if quiet {
			break
		}
		m := f.Move
		after := final
		if n+1 < len(frames) {
			after = frames[n+1].Before
		}
		text := describe(f.Before, m)
		if m.Forfeits() && (rules.SixPenalty == ludo.NearestHome || rules.SixPenalty == ludo.LastMovedHome) { // rules H3, P9 (E3)
			why := "nearest home"
			if rules.SixPenalty == ludo.LastMovedHome {
				why = "moved last"
			}
			for i := range rules.Tokens {
				if f.Before.Progress(m.Color(), i) >= 0 && after.Progress(m.Color(), i) < 0 {
					text += fmt.Sprintf(", token %d, %s, goes back to the yard", i, why)
				}
			}
		}
		plays := fmt.Sprintf("plays %d", m.Die())
		switch rolled, _ := f.Before.RollOutcome(ludo.Outcome{Face: f.Roll, Second: f.Second}); {
		case m.BothDice(): // rule H1: an entry with both dice
			plays = "plays both"
		case f.Second != 0 && rolled.Setup().Bottoms: // rule H2: four amounts
			plays = fmt.Sprintf("tops and bottoms %d %d %d %d, plays %d", f.Roll, 7-f.Roll, f.Roll, 7-f.Roll, m.Die())
		}
		who := m.Color()
		if rules.Teams == ludo.TwoColorsEach { // rule T3: the turn's colour throws and moves either of its player's
			who = f.Before.Turn()
		}
		switch {
		case f.Roll == 0 && m.IsBonusMove() && rules.TwoDice: // rule W4
			fmt.Fprintf(w, "%4d  %-6v bonus %d after the dice: %s\n", n+1, who, m.Count(), text)
		case f.Roll == 0 && m.IsBonusMove():
			fmt.Fprintf(w, "%4d  %-6v bonus %d: %s\n", n+1, who, m.Count(), text)
		case f.Roll == 0 && m.IsPass(): // a throw's other die that cannot be played (rule W1)
			fmt.Fprintf(w, "%4d  %-6v die %d: %s\n", n+1, who, m.Die(), text)
		case f.Roll == 0: // a throw's other die (rule W1): no roll
			fmt.Fprintf(w, "%4d  %-6v %s: %s\n", n+1, who, plays, text)
		case f.Second != 0 && !m.IsPass(): // a throw of two dice (rule W1): its first move
			fmt.Fprintf(w, "%4d  %-6v rolls %d %d, %s: %s\n", n+1, who, f.Roll, f.Second, plays, text)
		case f.Second != 0:
			fmt.Fprintf(w, "%4d  %-6v rolls %d %d: %s\n", n+1, who, f.Roll, f.Second, text)
		default:
			fmt.Fprintf(w, "%4d  %-6v rolls %d: %s\n", n+1, who, f.Roll, text)
		}
		if f.Before.Place(m.Color()) == 0 && after.Place(m.Color()) > 0 {
			fmt.Fprintf(w, "      %v finishes in place %d\n", m.Color(), after.Place(m.Color()))
		}
	}
	fmt.Fprintf(w, "\n%v\n", final)
	for _, c := range final.Ranking() { // partners share their team's place (rule T1)
		fmt.Fprintf(w, "%d. %v\n", final.Place(c), c)
	}
	return nil
}

// describe says in words what move m does in position s.
func describe(s ludo.State, m ludo.Move) string {
	switch {
	case m.Forfeits() && s.Rules().TwoDice: // rule W3
		return "third double, turn forfeited"
	case m.Forfeits():
		return "third six, turn forfeited"
	case m.IsPass():
		return "no move, pass"
	}
	board := s.Rules().Board
	from, to := board.Square(m.Color(), m.From()), board.Square(m.Color(), m.To())
	var b strings.Builder
	if m.Color() != s.Turn() && s.Rules().Teams == ludo.TwoColorsEach { // rule T3: the player's other colour
		fmt.Fprintf(&b, "%v ", m.Color())
	}
	fmt.Fprintf(&b, "token %d ", m.Token())
	switch {
	case m.Enters():
		fmt.Fprintf(&b, "enters on square %v", to)
	case m.Finishes() && !m.Retires():
		fmt.Fprintf(&b, "%v -> finish", from)
	default:
		fmt.Fprintf(&b, "%v -> %v", from, to)
	}
	if m.MovesTower() {
		b.WriteString(" with its tower") // rule R5: both tokens move
	}
	if n := m.NumCaptured(); n > 0 {
		at := board.Square(m.Color(), m.To())
		if victim, k := s.Occupant(at); k > 0 || s.Rules().Overtake != ludo.OvertakeCaptures {
			fmt.Fprintf(&b, ", captures %d %v", n, victim)
		} else { // passed on the way (rule S1)
			fmt.Fprintf(&b, ", captures %d", n)
		}
	}
	if m.FormsBlock() {
		b.WriteString(", forms a block")
	}
	if m.Retires() {
		b.WriteString(", retires to the finish")
	}
	return b.String()
}
