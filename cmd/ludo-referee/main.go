// Command ludo-referee settles Ludo rule disputes with the rules of the
// ludo package: it replays a game record and finds its first illegal ply,
// lists the legal moves of a position with what each does, and says why a
// move is or is not legal, citing the rulebook (docs/rulebook.md: rules C1–C11,
// B1–B3, rulings Q1–Q13, and each family's rules) and quoting the rule a
// refused move breaks. It takes every preset of ludo.Presets, bonus moves
// (rule P8) included: a record's ply with face 0, a position with a bonus
// line; and two dice (rule W1): a record's throw "6,3" and the other die's
// ply with face 0, a position's "die 6 3" and "played 3", and a move's
// explanation says which die it plays. Parcheesi's moves cite its rules:
// tops and bottoms (H2, a position's "bottoms"), an entry with both dice
// (H1), the third double (H3), H4 and H5's refusals, and bonus moves
// earned during the dice and made after them (W4, "earned 20").
//
// Across rulesets it says under which rules a move is legal (compare)
// and which rules a game record fits (fit), with package dispute.
//
//	ludo-referee replay FILE
//	ludo-referee moves [-die N] [FILE|-]
//	ludo-referee why [-die N] [FILE|-] MOVE
//	ludo-referee compare [-die N] [-among LIST] [FILE|-] MOVE
//	ludo-referee fit [-among LIST] FILE
//
// Exit status: 0 the record is OK or the move is legal (always, for
// moves; for compare, under the position's own rules; for fit, some
// ruleset fits every ply); 1 a ply or the move is illegal (for fit, no
// ruleset fits); 2 the input could not be read or judged.
//
// Install it with
//
//	go install github.com/ludorules/ludo/cmd/ludo-referee@latest
//
// and run it with -h for the details, or see usage below.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/ludorules/ludo"
	"github.com/ludorules/ludo/dispute"
	"github.com/ludorules/ludo/internal/echo"
	"github.com/ludorules/ludo/picture"
)

var usage = `ludo-referee settles Ludo rule disputes, by the rulebook of
github.com/ludorules/ludo: the seed texts' rules C1-C11, blocks B1-B3,
rulings Q1-Q13, and the families' rules (Ludo King K1-K6, Mensch ärgere
Dich nicht M1-M8, Danish Ludo D1-D4, Parchís P1-P9, Non t'arrabbiare
I1-I9, Fia med knuff F1-F2, Cờ cá ngựa V1-V2, Petits chevaux L1-L9,
Chińczyk Z1-Z10, Eile mit Weile S1-S8, Brazil's torre R1-R7 and PUC-Rio
rules A1-A9, Griniaris G1-G13 (played as classic), partners T1-T3, six
cowries X1; two dice, rules W1-W4, Nigerian Ludo's N1-N5, Parcheesi's
H1-H5, Parchís with two dice E1-E5 and Uckers U1-U5). A refused move
is explained with the rule it breaks, quoted.

Rules: any preset (` + strings.Join(ludo.Presets(), ", ") + `),
with {Option:value ...} for what differs.

Usage:
  ludo-referee replay FILE
        Replay a game record. The verdict is OK with the result (the
        ranking, or whose roll it is), or the first illegal ply with the
        rule it breaks and the legal moves there were.
  ludo-referee moves [-die N] [FILE|-]
        List the legal moves of a position and what each does (enters,
        captures, finishes, forms a block, bounces, pass, forfeit), and why
        the other tokens cannot move.
  ludo-referee why [-die N] [FILE|-] MOVE
        Say why MOVE is or is not legal in the position, citing the rules,
        and show the position a legal move leads to, or the path a refused
        move's token would take on the board.
  ludo-referee compare [-die N] [-among LIST] [FILE|-] MOVE
        Under which rules is MOVE legal? Judge it under every preset
        played on the position's board with its players (or the rules
        of -among), grouped by verdict: legal and what it does, or the
        rule that refuses it; then the single option changes of the
        position's own rules that turn the answer around, each with the
        rule it cites. The position's rules line may be left out: the
        classic board, the colours it names playing.
  ludo-referee fit [-among LIST] FILE
        What rules were we playing? Replay a game record under every
        preset (or the rules of -among) on its board with its players:
        those under which every ply is legal, the first ply that breaks
        each other one and the rule it breaks; where none fits, the
        smallest sets of option changes found that make the closest one
        fit; and which options the record decides or leaves undecided.

LIST is rulesets separated by commas, each a preset or rules as text:
-among 'classic,maedn,ludoking{SafeSquares:SafeExclusive}'. A preset of
another board (marked *) is played with its own options on the board of
the position or record.

FILE is a text file; - or no FILE reads standard input. A record is what
ludo.Record writes: a rules line (a position, for a dispute that starts
mid-game), then a line a ply: number, colour, face, move. A bonus move
(Parchís counts 20 for a capture and 10 for a piece home, rule P8) is a
ply with face 0, as no roll comes before it. Where the rules throw two
dice (naija, parcheesi, parchis, uckers, rule W1) each die is a move of its own: the
throw's ply has both faces, and the other die's ply face 0; each move
names its die ("0: 0-3 die 3"). Under parcheesi a double with every
token out is four moves, tops and bottoms (rule H2), and a bonus move
comes once the dice are played (rule W4), with face 0.

  rules   mongolian{Players:2}
  1       red     6     0: yard-0 enter
  2       red     3     0: 0-3

  rules   parchis1{Players:2}
  ...
  7       red     3     0: 10-13 x1
  8       red     0     1: 20-40 bonus

  rules   naija{Players:2}
  1       red     6,3   0: yard-0 enter
  2       red     0     0: 0-3

A position is what ludo.ParsePosition reads (scenario files of the ludo
repository, testdata/scenarios, are positions too):

  rules   mongolian               # a preset, with {Option:value ...} that differ
  red     16 16                   # token progress (classic board: 0 start square .. 50, home1..home5), finish, yard, or @square
  green   1                       # tokens left out are in the yard
  turn    green
  die     6                       # or leave it out and give -die 6
  bonus   20                      # a bonus move due after the die (rule P8), under parchis1

With two dice the position has both, "die 6 3" (or -die 6,3), and once
one is played "played 3": the other die's move is due.

MOVE is a token number ("1"), "pass", "forfeit", or a move as moves lists
it ("1: yard-0 enter", "1: 20-40 bonus"); quote it if it has spaces. Moves
are written in progress (steps from the token's start square: on the
classic board yard, 0-50 the track, 51-55 the home column, 56 the
finish), with the board's squares beside them: "red 2: 12-18 (squares
13-19)".

Every command but fit takes -svg FILE: draw the position judged (for
replay, the position of the illegal ply, or the final one) as an SVG
picture.

Exit status: 0 the record is OK or the move is legal (always, for moves;
for compare, under the position's own rules; for fit, some ruleset
fits every ply); 1 a ply or the move is illegal (for fit, no ruleset
fits); 2 the input could not be read or judged.
`

// shortUsage is what an unknown command gets: the commands, and where
// the rest is.
const shortUsage = `usage: ludo-referee replay FILE
       ludo-referee moves [-die N] [FILE|-]
       ludo-referee why [-die N] [FILE|-] MOVE
       ludo-referee compare [-die N] [-among LIST] [FILE|-] MOVE
       ludo-referee fit [-among LIST] FILE
Run "ludo-referee help" for the details.
`

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// Exit statuses.
const (
	exitOK      = 0
	exitIllegal = 1
	exitUsage   = 2
)

// options are the flags of a command.
type options struct {
	die   dieFlag
	svg   string // -svg FILE: draw the position judged there
	among string // -among LIST: the rulesets compare and fit judge by
}

// run is the whole program: it reads args (without the program name) and
// stdin, writes to stdout and stderr, and returns the exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return exitUsage
	}
	cmd, args := args[0], args[1:]
	var o options
	fs := newFlags(cmd, &o, stderr)
	switch cmd {
	case "-h", "-help", "--help", "help":
		fmt.Fprint(stdout, usage)
		return exitOK
	case "replay", "moves", "why", "compare", "fit":
	default:
		fmt.Fprintf(stderr, "ludo-referee: unknown command %s\n%s", echo.Quote(cmd), shortUsage)
		return exitUsage
	}
	rest, err := parseInterspersed(fs, args)
	if errors.Is(err, flag.ErrHelp) {
		fmt.Fprint(stdout, usage)
		return exitOK
	}
	if err != nil { // the flag package has said why
		fmt.Fprintf(stderr, "\n%s", usage)
		return exitUsage
	}
	r := &referee{stdin: stdin, out: stdout, opt: o}
	var status int
	switch cmd {
	case "replay":
		if len(rest) != 1 {
			return r.usageError(stderr, "replay takes one FILE")
		}
		if o.die.face != 0 {
			return r.usageError(stderr, "replay takes no -die: a record has its faces")
		}
		status, err = r.replay(rest[0])
	case "moves":
		if len(rest) > 1 {
			return r.usageError(stderr, "moves takes at most one FILE")
		}
		file := "-"
		if len(rest) == 1 {
			file = rest[0]
		}
		status, err = r.moves(file)
	case "why":
		file := "-"
		switch len(rest) {
		case 0:
			return r.usageError(stderr, "why needs a MOVE")
		case 1:
		default:
			file, rest = rest[0], rest[1:]
		}
		status, err = r.why(file, strings.Join(rest, " "))
	case "compare":
		file := "-"
		switch len(rest) {
		case 0:
			return r.usageError(stderr, "compare needs a MOVE")
		case 1:
		default:
			file, rest = rest[0], rest[1:]
		}
		status, err = r.compare(file, strings.Join(rest, " "))
	case "fit":
		if len(rest) != 1 {
			return r.usageError(stderr, "fit takes one FILE")
		}
		status, err = r.fit(rest[0])
	}
	if err != nil {
		fmt.Fprintf(stderr, "ludo-referee: %v\n", err)
		return exitUsage
	}
	return status
}

func newFlags(cmd string, o *options, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet("ludo-referee "+cmd, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {} // run prints the usage
	if cmd == "compare" || cmd == "fit" {
		fs.StringVar(&o.among, "among", "", "the rulesets to judge by, separated by commas: presets or rules as text (`LIST`, default every preset)")
	}
	if cmd == "moves" || cmd == "why" || cmd == "compare" {
		fs.Var(&o.die, "die", "the die face `N` (1-6) to play, for a position with a roll due; two faces, as 6,3, where the rules throw two dice (rule W1)")
	}
	if cmd != "fit" {
		fs.StringVar(&o.svg, "svg", "", "draw the position judged as an SVG picture in `FILE`")
	}
	return fs
}

// dieFlag is the value of -die: a face, or two (as 6,3) for rules that
// throw two dice (rule W1).
type dieFlag struct{ face, second int }

// String writes the faces as Set reads them: "6", "6,3", or "0" for none.
func (d *dieFlag) String() string {
	return ludo.Outcome{Face: d.face, Second: d.second}.String()
}

// Set reads "N" or "N,M"; the rules judge the faces.
func (d *dieFlag) Set(text string) error {
	a, b, two := strings.Cut(text, ",")
	f, err := strconv.Atoi(a)
	g := 0
	if err == nil && two {
		g, err = strconv.Atoi(b)
	}
	if err != nil {
		return fmt.Errorf("want a face 1 to 6, or two dice as 6,3")
	}
	d.face, d.second = f, g
	return nil
}

// outcome returns the throw -die gives.
func (d dieFlag) outcome() ludo.Outcome { return ludo.Outcome{Face: d.face, Second: d.second} }

// parseInterspersed parses flags that may come before, between or after
// the other arguments, and returns the other arguments. A lone "-" is an
// argument (standard input), and "--" ends the flags.
func parseInterspersed(fs *flag.FlagSet, args []string) ([]string, error) {
	var rest []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		args = fs.Args()
		if len(args) == 0 {
			return rest, nil
		}
		if args[0] == "--" {
			return append(rest, args[1:]...), nil
		}
		rest = append(rest, args[0])
		args = args[1:]
	}
}

// referee runs one command.
type referee struct {
	stdin io.Reader
	out   io.Writer
	opt   options
	// defaultRules lets a position leave out its rules line: the
	// classic board, with the colours it names (compare).
	defaultRules bool
}

func (r *referee) usageError(stderr io.Writer, msg string) int {
	fmt.Fprintf(stderr, "ludo-referee: %s\n\n%s", msg, usage)
	return exitUsage
}

// read reads a file, or standard input for "-": at most
// ludo.MaxRecordBytes, the most ludo.ParseRecord reads.
func (r *referee) read(file string) (string, error) {
	in := r.stdin
	if file != "-" {
		f, err := os.Open(file)
		if err != nil {
			return "", err
		}
		defer f.Close()
		in = f
	}
	data, err := io.ReadAll(io.LimitReader(in, ludo.MaxRecordBytes+1))
	if err == nil && len(data) > ludo.MaxRecordBytes {
		err = fmt.Errorf("%s: larger than %d bytes, the most a record or position may be", name(file), ludo.MaxRecordBytes)
	}
	return string(data), err
}

// scenarioKeys are the keys of the ludo repository's scenario files,
// skipped when a scenario is read as a position.
var scenarioKeys = map[string]bool{"pins": true, "says": true, "start": true, "expect": true, "refuse": true, "play": true, "then": true, "bug": true}

// position reads a position with a move due: its die from the text or
// from -die. says is the dispute of a scenario file, if any.
func (r *referee) position(file string) (s ludo.State, says string, err error) {
	text, err := r.read(file)
	if err != nil {
		return s, "", err
	}
	// A scenario file is a position with more keys: blank their lines
	// (keeping the line numbers of errors) and keep what the dispute says.
	lines := strings.Split(text, "\n")
	for k, l := range lines {
		body, _, _ := strings.Cut(l, "#")
		words := strings.Fields(body)
		if len(words) > 0 && scenarioKeys[strings.ToLower(words[0])] {
			if strings.EqualFold(words[0], "says") {
				says = strings.TrimSpace(strings.TrimSpace(body)[len(words[0]):])
			}
			lines[k] = ""
		}
	}
	if r.defaultRules {
		lines = withRules(lines)
	}
	s, err = ludo.ParsePosition(strings.Join(lines, "\n"))
	if err != nil {
		return s, "", fmt.Errorf("%s: %w", name(file), err)
	}
	switch {
	case s.Phase() == ludo.PhaseOver:
		return s, "", fmt.Errorf("%s: the game is over: %v", name(file), s.Ranking())
	case s.Phase() == ludo.PhaseRoll:
		if r.opt.die.face == 0 && s.Rules().TwoDice {
			return s, "", fmt.Errorf("%s: no dice: add a line \"die N M\" or give -die N,M (the rules throw two dice, rule W1)", name(file))
		}
		if r.opt.die.face == 0 {
			return s, "", fmt.Errorf("%s: no die: add a line \"die N\" or give -die N", name(file))
		}
		s, err = s.RollOutcome(r.opt.die.outcome())
		if err != nil {
			return s, "", fmt.Errorf("-die %v: %w", &r.opt.die, err)
		}
	case s.IsBonusMove():
		if r.opt.die.face != 0 {
			return s, "", fmt.Errorf("%s has a bonus move of %d due, which no roll comes before (rule P8); -die is for a position with a roll due", name(file), s.Count())
		}
	case bottoms(s) && otherDie(s):
		if r.opt.die.face != 0 {
			return s, "", fmt.Errorf("%s has the tops and bottoms %s of a double still to play, which no roll comes before (rule H2); -die is for a position with a roll due", name(file), facesDue(s))
		}
	case otherDie(s):
		if r.opt.die.face != 0 {
			return s, "", fmt.Errorf("%s has the other die of a throw, %d, still to play, which no roll comes before (rule W1); -die is for a position with a roll due", name(file), s.Count())
		}
	default:
		if a, b := s.Dice(); r.opt.die.face != 0 && (r.opt.die.face != a || r.opt.die.second != b) {
			if b != 0 {
				return s, "", fmt.Errorf("%s has dice %d %d already; -die is for a position with a roll due", name(file), a, b)
			}
			return s, "", fmt.Errorf("%s has die %d already; -die is for a position with a roll due", name(file), s.Die())
		}
	}
	return s, says, nil
}

// due says what the move due in s plays: "red rolled 3", "red rolled 6,
// which counts 7 (rule P5, a 6 counts 7)", "red has a bonus move of 20
// (rule P8, counting 20 and 10)"; with two dice "red rolled 6 and 3, a
// move for each (rule W1)" or "red rolled 6 and 3 and played the 3: the
// 6 is due (rule W1)".
func due(s ludo.State) string {
	a, b := s.Dice()
	switch {
	case s.IsBonusMove() && s.Rules().TwoDice:
		return fmt.Sprintf("%v has a bonus move of %d, after the dice (%s; %s)", s.Turn(), s.Count(), cite("P8"), cite("W4"))
	case s.IsBonusMove():
		return fmt.Sprintf("%v has a bonus move of %d (%s)", s.Turn(), s.Count(), cite("P8"))
	case bottoms(s) && otherDie(s):
		return fmt.Sprintf("%v rolled a double %d, played as tops and bottoms: %s still due (%s)", s.Turn(), a, facesDue(s), cite("H2"))
	case bottoms(s):
		return fmt.Sprintf("%v rolled a double %d with every token out, four moves: tops and bottoms %d, %d, %d and %d (%s)", s.Turn(), a, a, 7-a, a, 7-a, cite("H2"))
	case otherDie(s):
		played := a
		if s.DiceDue()[0] != 0 {
			played = b
		}
		return fmt.Sprintf("%v rolled %d and %d and played the %d: the %d is due (%s)", s.Turn(), a, b, played, a+b-played, cite("W1"))
	case b != 0:
		return fmt.Sprintf("%v rolled %d and %d, a move for each (%s)", s.Turn(), a, b, cite("W1"))
	case s.Count() != s.Die():
		return fmt.Sprintf("%v rolled %d, which counts %d (%s)", s.Turn(), s.Die(), s.Count(), cite("P5"))
	}
	return fmt.Sprintf("%v rolled %d", s.Turn(), s.Die())
}

// otherDie reports whether the move due in s is a throw's other die, the
// first played (rule W1): a move no roll precedes. Under tops and bottoms
// (rule H2) it is any of the amounts after the first.
func otherDie(s ludo.State) bool {
	return s.DiePlayed() && !s.IsBonusMove()
}

// bottoms reports whether the throw being played in s, a double, is
// played as tops and bottoms (rule H2): four amounts.
func bottoms(s ludo.State) bool {
	return s.Rules().TopsAndBottoms && !s.IsBonusMove() && s.Setup().Bottoms
}

// facesDue writes the faces of the dice still to play in s (rule W1), as
// "3" or under tops and bottoms (rule H2) "4, 3 and 3".
func facesDue(s ludo.State) string {
	var fs []string
	for _, f := range s.DiceDue() {
		if f != 0 {
			fs = append(fs, strconv.Itoa(f))
		}
	}
	if len(fs) < 2 {
		return strings.Join(fs, "")
	}
	return strings.Join(fs[:len(fs)-1], ", ") + " and " + fs[len(fs)-1]
}

func name(file string) string {
	if file == "-" {
		return "standard input"
	}
	return file
}

// ----- replay -----

func (r *referee) replay(file string) (int, error) {
	text, err := r.read(file)
	if err != nil {
		return 0, err
	}
	rec, err := ludo.ParseRecord(text)
	if err != nil {
		return 0, fmt.Errorf("%s: %w", name(file), err)
	}
	states, err := rec.Replay()
	last := states[len(states)-1]
	var re *ludo.ReplayError
	if err != nil && !errors.As(err, &re) {
		return 0, err
	}
	if re != nil && re.Ply == 0 {
		return 0, fmt.Errorf("%s: %w", name(file), err)
	}
	player := func(c ludo.Color) string {
		if n := rec.Names[c]; n != "" {
			return fmt.Sprintf("%v (%s)", c, n)
		}
		return c.String()
	}
	if re == nil {
		if len(rec.Plies) == 1 {
			fmt.Fprintf(r.out, "OK: 1 ply, legal under %v.\n", last.Rules())
		} else {
			fmt.Fprintf(r.out, "OK: %d plies, every one legal under %v.\n", len(rec.Plies), last.Rules())
		}
		if last.Phase() == ludo.PhaseOver {
			fmt.Fprintf(r.out, "The game is over:")
			for k, c := range last.Ranking() {
				fmt.Fprintf(r.out, " %d. %s", k+1, player(c))
			}
			fmt.Fprintln(r.out)
		} else {
			if last.IsBonusMove() {
				fmt.Fprintf(r.out, "The game goes on: %s to make a bonus move of %d", player(last.Turn()), last.Count())
			} else if bottoms(last) {
				fmt.Fprintf(r.out, "The game goes on: %s to play the tops and bottoms still due, %s", player(last.Turn()), facesDue(last))
			} else if otherDie(last) {
				fmt.Fprintf(r.out, "The game goes on: %s to play the other die, %d", player(last.Turn()), last.Count())
			} else {
				fmt.Fprintf(r.out, "The game goes on: %s to roll", player(last.Turn()))
			}
			if rank := last.Ranking(); len(rank) > 0 {
				fmt.Fprintf(r.out, "; placed so far:")
				for k, c := range rank {
					fmt.Fprintf(r.out, " %d. %s", k+1, player(c))
				}
			}
			fmt.Fprintf(r.out, ".\n\n%v", last)
		}
		return exitOK, r.drawSVG(last)
	}
	p := rec.Plies[re.Ply-1]
	switch {
	case p.Face == 0 && otherDie(last):
		fmt.Fprintf(r.out, "ILLEGAL at ply %d: %s, with no roll (the throw's other die), plays %s\n", re.Ply, player(p.Player), p.Move)
	case p.Face == 0:
		fmt.Fprintf(r.out, "ILLEGAL at ply %d: %s, with no roll (a bonus move), plays %s\n", re.Ply, player(p.Player), p.Move)
	default:
		fmt.Fprintf(r.out, "ILLEGAL at ply %d: %s rolls %v, plays %s\n", re.Ply, player(p.Player), ludo.Outcome{Face: p.Face, Second: p.Second}, p.Move)
	}
	var ill *ludo.IllegalMoveError
	switch {
	case errors.As(re.Err, &ill):
		if ill.Rule != "" {
			fmt.Fprintf(r.out, "  %s (%s)\n", ill.Reason, cite(ill.Rule))
			r.quote(ill.Rule)
		} else {
			fmt.Fprintf(r.out, "  %s\n", ill.Reason)
		}
	case last.IsBonusMove() && p.Face != 0:
		fmt.Fprintf(r.out, "  %v has a bonus move of %d due, which no roll comes before, so the ply's face is 0 (%s)\n", last.Turn(), last.Count(), cite("P8"))
		r.quote("P8")
	case bottoms(last) && p.Face != 0:
		fmt.Fprintf(r.out, "  %v has the tops and bottoms %s of the double still to play, which no roll comes before, so the ply's face is 0 (%s)\n", last.Turn(), facesDue(last), cite("H2"))
		r.quote("H2")
	case otherDie(last) && p.Face != 0:
		fmt.Fprintf(r.out, "  %v has the other die of the throw, %d, still to play, which no roll comes before, so the ply's face is 0 (%s)\n", last.Turn(), last.Count(), cite("W1"))
		r.quote("W1")
	default:
		fmt.Fprintf(r.out, "  %s\n", strings.TrimPrefix(re.Err.Error(), "ludo: "))
	}
	// The position the ply's move was judged in: the roll cast, or the
	// bonus move due.
	rolled, err := last, error(nil)
	if !last.IsBonusMove() && !otherDie(last) {
		rolled, err = last.RollOutcome(ludo.Outcome{Face: p.Face, Second: p.Second})
	}
	canRoll := err == nil && rolled.Turn() == p.Player
	if canRoll && ill != nil {
		r.printPath(rolled, ill.Move)
	}
	if n := len(rec.Plies) - re.Ply; n > 0 {
		fmt.Fprintf(r.out, "  (%s after it not replayed)\n", plural(n, "more ply", "more plies"))
	}
	shown := last
	switch {
	case canRoll && last.IsBonusMove():
		shown = rolled
		fmt.Fprintf(r.out, "\nThe position at ply %d, with the bonus move due:\n%v\n", re.Ply, rolled)
		r.listMoves(rolled, "Legal moves there were")
	case canRoll && otherDie(last):
		shown = rolled
		fmt.Fprintf(r.out, "\nThe position at ply %d, with the other die due:\n%v\n", re.Ply, rolled)
		r.listMoves(rolled, "Legal moves there were")
	case canRoll:
		shown = rolled
		fmt.Fprintf(r.out, "\nThe position at ply %d, after the roll:\n%v\n", re.Ply, rolled)
		r.listMoves(rolled, "Legal moves there were")
	default:
		fmt.Fprintf(r.out, "\nThe position before ply %d:\n%v", re.Ply, last)
	}
	return exitIllegal, r.drawSVG(shown, refusedMove(canRoll, ill)...)
}

// show reads the position of file and prints it, after the dispute it
// states, if any.
func (r *referee) show(file string) (ludo.State, error) {
	s, says, err := r.position(file)
	if err != nil {
		return s, err
	}
	if says != "" {
		fmt.Fprintf(r.out, "The dispute: %s\n\n", says)
	}
	fmt.Fprintf(r.out, "%v\n", s)
	return s, nil
}

// ----- moves -----

func (r *referee) moves(file string) (int, error) {
	s, err := r.show(file)
	if err != nil {
		return 0, err
	}
	r.listMoves(s, due(s)+"; legal moves")
	// Why the other tokens cannot move.
	var notes, refusedBy []string
	legal := s.LegalMoves()
	if !legal[0].Forfeits() {
		rules := s.Rules()
		for _, c := range movedColors(s) {
			name := "" // the turn's colour's tokens go unnamed; rule T3: the other colour's are named
			if c != s.Turn() {
				name = c.String() + " "
			}
			for i := range rules.Tokens {
				if slicesContainsToken(legal, c, i) {
					continue
				}
				head := fmt.Sprintf("%stoken %d %s: ", name, i, where(rules.Board, c, s.Progress(c, i)))
				if j := alike(s, c, i); j >= 0 {
					if slicesContainsToken(legal, c, j) {
						notes = append(notes, head+fmt.Sprintf("alike with %stoken %d, whose move is listed once (%s)", name, j, cite("Q9")))
					} else {
						notes = append(notes, head+fmt.Sprintf("as %stoken %d", name, j))
					}
					continue
				}
				var err error
				if c == s.Turn() {
					_, err = s.TokenMove(i)
				} else { // rule T3: the player's other colour
					_, err = ludo.ParseMove(s, fmt.Sprintf("%v %d", c, i))
				}
				var ill *ludo.IllegalMoveError
				if errors.As(err, &ill) && ill.Rule != "" {
					reason := strings.TrimPrefix(ill.Reason, fmt.Sprintf("token %d ", i))
					notes = append(notes, head+fmt.Sprintf("%s (%s)", reason, cite(ill.Rule)))
					if !slices.Contains(refusedBy, ill.Rule) {
						refusedBy = append(refusedBy, ill.Rule)
					}
				}
			}
		}
	}
	if len(notes) > 0 {
		fmt.Fprintf(r.out, "\nNo move for:\n")
		for _, n := range notes {
			fmt.Fprintf(r.out, "  %s\n", n)
		}
	}
	for _, rule := range refusedBy {
		fmt.Fprintf(r.out, "\n%s:\n", capitalize(cite(rule)))
		r.quote(rule)
	}
	return exitOK, r.drawSVG(s)
}

// listMoves prints the legal moves of s with what each does.
func (r *referee) listMoves(s ludo.State, title string) {
	legal := s.LegalMoves()
	fmt.Fprintf(r.out, "%s (%d):\n", title, len(legal))
	board := s.Rules().Board
	width := 0
	for _, m := range legal {
		width = max(width, len(withSquares(board, m)))
	}
	for _, m := range legal {
		var parts []string
		for _, e := range dispute.Explain(s, m) {
			parts = append(parts, e.String())
		}
		fmt.Fprintf(r.out, "  %-*s  %s\n", width, withSquares(board, m), strings.Join(parts, ", "))
	}
}

func slicesContainsToken(ms []ludo.Move, c ludo.Color, i int) bool {
	for _, m := range ms {
		if m.Color() == c && m.Token() == i {
			return true
		}
	}
	return false
}

// movedColors returns the colours whose tokens the player to move moves:
// the turn's, and under TwoColorsEach (rule T3) the player's other.
func movedColors(s ludo.State) []ludo.Color {
	cs := []ludo.Color{s.Turn()}
	if s.Rules().Teams == ludo.TwoColorsEach {
		for c := range s.Team(s.Turn()).All() {
			if c != s.Turn() {
				cs = append(cs, c)
			}
		}
	}
	return cs
}

// alike returns the lowest-numbered token of colour c that stands where
// its token i does, if lower than i, or -1 (ruling Q9).
func alike(s ludo.State, c ludo.Color, i int) int {
	for j := range i {
		if s.Progress(c, j) == s.Progress(c, i) {
			return j
		}
	}
	return -1
}

// ----- why -----

func (r *referee) why(file, text string) (int, error) {
	s, err := r.show(file)
	if err != nil {
		return 0, err
	}
	m, err := parseMove(s, text)
	var ill *ludo.IllegalMoveError
	var perr *ludo.ParseError
	switch {
	case errors.As(err, &perr):
		return 0, fmt.Errorf("move %s: %w", echo.Quote(text), err)
	case errors.As(err, &ill):
		fmt.Fprintf(r.out, "NOT LEGAL: %s\n", describeAttempt(s, ill.Move, text))
		if ill.Rule != "" {
			fmt.Fprintf(r.out, "  %s: %s\n", cite(ill.Rule), ill.Reason)
			r.quote(ill.Rule)
		} else {
			fmt.Fprintf(r.out, "  %s\n", ill.Reason)
		}
		if !strings.Contains(text, "pass") && !strings.Contains(text, "forfeit") {
			r.printPath(s, ill.Move)
		}
		r.listMoves(s, "\nLegal moves")
		return exitIllegal, r.drawSVG(s, ill.Move)
	case err != nil:
		return 0, err
	}
	fmt.Fprintf(r.out, "LEGAL: %s\n", withSquares(s.Rules().Board, m))
	for _, e := range dispute.Explain(s, m) {
		if e.Rule != "" {
			fmt.Fprintf(r.out, "  %s: %s\n", cite(e.Rule), e.Text)
		} else {
			fmt.Fprintf(r.out, "  %s\n", e.Text)
		}
	}
	if next, err := s.Apply(m); err == nil {
		fmt.Fprintf(r.out, "\nThe position after it:\n%v", next)
	}
	return exitOK, r.drawSVG(s)
}

// parseMove reads MOVE as ludo.ParseMove does, but for a bare token
// number where a bonus move is due (rule P8): ParseMove reads that as the
// token's move by the die, which no longer counts, and the referee takes
// it as the token's bonus move.
func parseMove(s ludo.State, text string) (ludo.Move, error) {
	if s.IsBonusMove() {
		w := strings.Fields(text)
		if len(w) == 2 {
			if c, ok := ludo.ParseColor(w[0]); ok && c == s.Turn() {
				w = w[1:]
			}
		}
		if len(w) == 1 {
			if i, err := strconv.Atoi(w[0]); err == nil && i >= 0 && i < s.Rules().Tokens {
				return s.TokenMove(i)
			}
			if strings.EqualFold(w[0], "pass") {
				legal := s.LegalMoves()
				if len(legal) == 1 && legal[0].IsPass() {
					return legal[0], nil
				}
				return ludo.Move{}, &ludo.IllegalMoveError{Rule: "C10",
					Reason: fmt.Sprintf("%v must move when a token can: %v", s.Turn(), legal[0])}
			}
		}
	}
	return ludo.ParseMove(s, text)
}

// describeAttempt names a refused move: the text given, and the token's
// place.
func describeAttempt(s ludo.State, m ludo.Move, text string) string {
	c := m.Color()
	if !m.IsValid() {
		c = s.Turn()
	}
	if w := strings.Fields(text); len(w) > 1 {
		if cc, ok := ludo.ParseColor(w[0]); ok && cc == c {
			text = strings.Join(w[1:], " ")
		}
	}
	count := fmt.Sprintf("die %d", s.Die())
	switch a, b := s.Dice(); {
	case s.IsBonusMove():
		count = fmt.Sprintf("bonus move of %d", s.Count())
	case bottoms(s):
		count = fmt.Sprintf("dice %d %d as tops and bottoms, %s due", a, b, facesDue(s))
	case otherDie(s):
		count = fmt.Sprintf("dice %d %d, the %d due", a, b, s.Count())
	case b != 0:
		count = fmt.Sprintf("dice %d %d", a, b)
	}
	if m.IsPass() || strings.Contains(text, "pass") || strings.Contains(text, "forfeit") {
		return fmt.Sprintf("%v %s, %s", c, text, count)
	}
	if i := m.Token(); i < s.Rules().Tokens && s.Players().Has(c) {
		return fmt.Sprintf("%v %s (token %d %s, %s)", c, text, i, where(s.Rules().Board, c, s.Progress(c, i)), count)
	}
	return fmt.Sprintf("%v %s, %s", c, text, count)
}

// ----- squares -----

// withSquares writes move m as Move.String does, in progress, with the
// board's squares beside it: "red 2: 12-18 (squares 13-19)".
func withSquares(b ludo.Board, m ludo.Move) string {
	if m.IsPass() {
		return m.String()
	}
	from, to := b.Square(m.Color(), m.From()), b.Square(m.Color(), m.To())
	if from.Zone() == ludo.TrackZone && to.Zone() == ludo.TrackZone {
		return fmt.Sprintf("%v (squares %d-%d)", m, from.N(), to.N())
	}
	return fmt.Sprintf("%v (%s to %s)", m, squareName(from), squareName(to))
}

// squareName names a square: "square 17", "home 3", "the yard", "the
// finish".
func squareName(sq ludo.Square) string {
	switch sq.Zone() {
	case ludo.TrackZone:
		return "square " + strconv.Itoa(sq.N())
	case ludo.HomeZone:
		return "home " + strconv.Itoa(sq.N())
	case ludo.YardZone:
		return "the yard"
	}
	return "the finish"
}

// printPath prints the path refused move m would take in s: the squares
// its token would pass and the one it would stop on, with what stands on
// them. It prints nothing for a pass, or a move not of the player to move.
func (r *referee) printPath(s ludo.State, m ludo.Move) {
	if m.IsPass() || m.Color() != s.Turn() || m.Token() < 0 || m.Token() >= s.Rules().Tokens {
		return
	}
	text, _ := route(s, m.Color(), m.Token(), moveCount(s, m))
	fmt.Fprintf(r.out, "  path on the board: %s\n", text)
}

// moveCount returns the count move m would play in s: its own, which with
// two dice may be the other die's or both dice's sum (rules W1, U2), or
// where m gives none the count s has to play.
func moveCount(s ludo.State, m ludo.Move) int {
	if n := m.Count(); n > 0 {
		return n
	}
	return s.Count()
}

// path says where token i of colour c would go in s with the count s has
// to play (the die, a 6 counting 7, or a bonus move), by the board's
// squares, whether or not the rules allow it: "passes 16, 17 (red
// block), 18; would stop on 19". It follows the board: the home column
// after the home entry, or round the track again where the colour has
// not captured (rule K4); the finish, or the bounce back from it; a star
// the token would stop on and the star it would jump on to (rule D2); a
// stable climbed one square a move (rule V2).
func path(s ludo.State, c ludo.Color, i int) string {
	text, _ := route(s, c, i, s.Count())
	return text
}

// pathSquares returns the squares path names for the token of move m, in
// order, for the -svg picture to ring: the squares it would pass and stop
// on (and jump on to from a star). Nothing for a pass, a finished token,
// or a move not of the player to move.
func pathSquares(s ludo.State, m ludo.Move) []ludo.Square {
	if m.IsPass() || m.Color() != s.Turn() || m.Token() < 0 || m.Token() >= s.Rules().Tokens {
		return nil
	}
	_, squares := route(s, m.Color(), m.Token(), moveCount(s, m))
	return squares
}

// route is path, with the squares it names.
func route(s ludo.State, c ludo.Color, i, d int) (string, []ludo.Square) {
	rules := s.Rules()
	b := rules.Board
	fin, he := b.Finish(), b.HomeEntry
	p := s.Progress(c, i)
	round := rules.CaptureBeforeHome && !s.Captured(c) // rule K4
	blocks := map[ludo.Square]bool{}
	for sq := range s.Blocks() {
		blocks[sq] = true
	}
	here := s.Square(c, i)
	// trackAt is the track square at progress r counted from c's start
	// square, round the track as often as it takes.
	trackAt := func(r int) ludo.Square {
		return ludo.TrackSquare(1 + (int(c)*b.StartSpacing+r)%b.Track)
	}
	if p > fin { // going round again (rule K4): on the track past the home entry
		here = trackAt(p - fin + he)
	}
	// label names square sq, with what stands on it but token i itself.
	var squares []ludo.Square
	label := func(sq ludo.Square) string {
		squares = append(squares, sq)
		var name string
		switch sq.Zone() {
		case ludo.TrackZone:
			name = strconv.Itoa(sq.N())
		case ludo.HomeZone:
			name = "home " + strconv.Itoa(sq.N())
		default:
			return "the finish"
		}
		owner, n := s.At(sq)
		if here == sq {
			n--
		}
		switch {
		case n <= 0:
		case blocks[sq]:
			name += fmt.Sprintf(" (%v block)", owner)
		case n == 1:
			name += fmt.Sprintf(" (%v)", owner)
		default:
			name += fmt.Sprintf(" (%d %v)", n, owner)
		}
		return name
	}
	switch {
	case p < 0 && s.IsBonusMove():
		return "none: the token is in the yard (rule P8)", nil
	case p < 0:
		text := "from the yard onto its start square " + label(b.Square(c, 0))
		return text, squares
	case p == fin:
		return "none: the token has finished", nil
	case p > he && p < fin && rules.HomeSteps: // rule V2
		text := fmt.Sprintf("climbs one square a move, a %d to %s", p-he+1, label(b.Square(c, p+1)))
		return text, squares
	case p <= he && p+d > he && rules.HomeSteps && !round:
		if p < he && rules.Finish == ludo.BounceFinish { // rule V2: up to the gate and back by the rest
			var passed []string
			q := p
			for k := 1; k <= d; k++ {
				if k <= he-p {
					q++
				} else {
					q--
				}
				if k < d {
					passed = append(passed, label(b.Square(c, q)))
				}
			}
			stop := "would stop on " + label(b.Square(c, q)) + ", bounced back from its gate"
			if len(passed) == 0 {
				return stop, squares
			}
			return "passes " + strings.Join(passed, ", ") + "; " + stop, squares
		}
		if p < he {
			return fmt.Sprintf("would pass its gate, square %d, by %d", b.Square(c, he).N(), p+d-he), nil
		}
		text := fmt.Sprintf("climbs one square a move, a 1 to %s", label(b.Square(c, p+1)))
		return text, squares
	}
	// at is the square of progress q on the token's way: past the home
	// entry its home column, or the track on where it goes round.
	at := func(q int) ludo.Square {
		switch {
		case p > fin:
			return trackAt(p - fin + he + q - p)
		case q > he && round:
			return trackAt(q)
		}
		return b.Square(c, q)
	}
	onTrack := p > fin || round
	var passed []string
	stop := ""
	for k := 1; k <= d && stop == ""; k++ {
		q := p + k
		switch {
		case onTrack:
		case q > fin: // only a bounce gets here
			q = 2*fin - q
		case q == fin && k < d && rules.Finish == ludo.AnyRollFinishes:
			k = d // a roll that reaches the finish stops there
		case q == fin && k < d && rules.Finish == ludo.ExactFinish:
			stop = fmt.Sprintf("would overshoot the finish by %d", p+d-fin)
			continue
		}
		if k < d {
			passed = append(passed, label(at(q)))
			continue
		}
		sq := at(q)
		stop = "would stop on " + label(sq)
		if p+d > fin && rules.Finish == ludo.BounceFinish && !onTrack {
			stop += ", bounced back"
		}
		if b.Stars != 0 && b.IsStar(sq) { // rule D2
			stop += ", a star, and jump on to " + label(nextStar(b, q, onTrack, at))
		}
	}
	if len(passed) == 0 {
		return stop, squares
	}
	return "passes " + strings.Join(passed, ", ") + "; " + stop, squares
}

// nextStar returns the star a token that stops on the star at progress q
// jumps on to (rule D2): the next star on its way, or its finish from the
// last star before its home entry.
func nextStar(b ludo.Board, q int, onTrack bool, at func(int) ludo.Square) ludo.Square {
	for r := q + 1; r < q+b.Track; r++ {
		if !onTrack && r > b.HomeEntry {
			break
		}
		if sq := at(r); b.IsStar(sq) {
			return sq
		}
	}
	return ludo.FinishOf(0)
}

// ----- words -----

// place names where a token of colour c with progress p stands.
func place(b ludo.Board, c ludo.Color, p int) string {
	sq := b.Square(c, p)
	switch sq.Zone() {
	case ludo.YardZone:
		return "in the yard"
	case ludo.TrackZone:
		return "square " + strconv.Itoa(sq.N())
	case ludo.HomeZone:
		return "home square " + strconv.Itoa(sq.N())
	}
	return "the finish"
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}

// where says where a token of colour c with progress p stands: "on
// square 15", "in the yard", "on home square 3", "at the finish".
func where(b ludo.Board, c ludo.Color, p int) string {
	switch at := place(b, c, p); at {
	case "in the yard":
		return at
	case "the finish":
		return "at " + at
	default:
		return "on " + at
	}
}

// cite names a rule (or rules, "C11, Q4") with its heading: "rule B2,
// blocks stop opponents".
func cite(rules string) string {
	var parts []string
	for _, r := range strings.Split(rules, ", ") {
		kind := "rule"
		if strings.HasPrefix(r, "Q") {
			kind = "ruling"
		}
		if t, ok := ludo.RuleTitle(r); ok {
			parts = append(parts, kind+" "+r+", "+strings.ToLower(t[:1])+t[1:])
		} else {
			parts = append(parts, kind+" "+r)
		}
	}
	return strings.Join(parts, "; ")
}

// quote prints the text of rule n of the rulebook (ludo.RuleText, plain
// text), in quotes, wrapped and indented under the line that cites it.
func (r *referee) quote(n string) {
	for _, line := range quoteRule(n) {
		fmt.Fprintf(r.out, "    %s\n", line)
	}
}

// quoteWidth is the width the quoted rule text is wrapped to, its indent
// not counted.
const quoteWidth = 72

// quoteRule returns the lines of the quote of rule n: its text in
// quotes, wrapped; none for a number the rulebook does not have.
func quoteRule(n string) []string {
	text, ok := ludo.RuleText(n)
	if !ok {
		return nil
	}
	var lines []string
	line := ""
	for _, w := range strings.Fields(`"` + text + `"`) {
		switch {
		case line == "":
			line = w
		case len([]rune(line))+1+len([]rune(w)) > quoteWidth:
			lines = append(lines, line)
			line = " " + w
		default:
			line += " " + w
		}
	}
	return append(lines, line)
}

// capitalize returns s with its first letter in upper case.
func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// ----- pictures -----

// drawSVG writes the position judged to the -svg file, if one was given;
// for a refused move, with the squares its token would pass and stop on
// ringed.
func (r *referee) drawSVG(s ludo.State, refused ...ludo.Move) error {
	if r.opt.svg == "" {
		return nil
	}
	f, err := os.Create(r.opt.svg)
	if err != nil {
		return err
	}
	var marks []ludo.Square
	for _, m := range refused {
		marks = append(marks, pathSquares(s, m)...)
	}
	if _, err := f.Write(picture.AppendSVG(nil, s, marks...)); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// refusedMove returns the move of ill, if any, to draw its path: the move
// refused at the ply replayed, when the picture is of the position with
// its die cast.
func refusedMove(rolled bool, ill *ludo.IllegalMoveError) []ludo.Move {
	if !rolled || ill == nil {
		return nil
	}
	return []ludo.Move{ill.Move}
}
