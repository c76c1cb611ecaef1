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
	"strconv"
	"strings"

	"github.com/ludorules/ludo"
	"github.com/ludorules/ludo/internal/echo"
	"github.com/ludorules/ludo/internal/wording"
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
	case wording.Bottoms(s) && wording.OtherDie(s):
		if r.opt.die.face != 0 {
			return s, "", fmt.Errorf("%s has the tops and bottoms %s of a double still to play, which no roll comes before (rule H2); -die is for a position with a roll due", name(file), wording.FacesDue(s))
		}
	case wording.OtherDie(s):
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

func name(file string) string {
	if file == "-" {
		return "standard input"
	}
	return file
}

// ----- replay -----

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
