// Command ludo-referee settles Ludo rule disputes with the rules of the
// ludo package: it replays a game record and finds its first illegal ply,
// lists the legal moves of a position with what each does, and says why a
// move is or is not legal, citing the rulebook (README.md: rules C1–C11,
// B1–B3, rulings Q1–Q12).
//
//	ludo-referee replay FILE
//	ludo-referee moves [-die N] [FILE|-]
//	ludo-referee why [-die N] [FILE|-] MOVE
//
// Run it with -h for the details, or see usage below.
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
)

const usage = `ludo-referee settles Ludo rule disputes, by the rulebook of
github.com/ludorules/ludo (rules C1-C11, blocks B1-B3, rulings Q1-Q12).

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

FILE is a text file; - or no FILE reads standard input. A record is what
ludo.Record writes: a rules line (a position, for a dispute that starts
mid-game), then a line a ply: number, colour, face, move.

  rules   mongolian{Players:2}
  1       red     6     0: yard-0 enter
  2       red     3     0: 0-3

A position is what ludo.ParsePosition reads (scenario files of the ludo
repository, testdata/scenarios, are positions too):

  rules   mongolian               # a preset, with {Option:value ...} that differ
  red     16 16                   # token progress: 0 start square .. 50, home1..home5, finish, yard, or @square
  green   1                       # tokens left out are in the yard
  turn    green
  die     6                       # or leave it out and give -die 6

MOVE is a token number ("1"), "pass", "forfeit", or a move as moves lists
it ("1: yard-0 enter"); quote it if it has spaces. Moves are written in
progress (steps from the token's start square: yard, 0-50 the track,
51-55 the home column, 56 the finish), with the board's squares beside
them: "red 2: 12-18 (squares 13-19)".

Every command takes -svg FILE: draw the position judged (for replay, the
position of the illegal ply, or the final one) as an SVG picture.

Exit status: 0 the record is OK or the move is legal (always, for moves);
1 a ply or the move is illegal; 2 the input could not be read or judged.
`

// shortUsage is what an unknown command gets: the commands, and where
// the rest is.
const shortUsage = `usage: ludo-referee replay FILE
       ludo-referee moves [-die N] [FILE|-]
       ludo-referee why [-die N] [FILE|-] MOVE
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
	die int
	svg string // -svg FILE: draw the position judged there

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
	case "replay", "moves", "why":
	default:
		fmt.Fprintf(stderr, "ludo-referee: unknown command %q\n%s", cmd, shortUsage)
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
		if o.die != 0 {
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
	if cmd == "moves" || cmd == "why" {
		fs.IntVar(&o.die, "die", 0, "the die face `N` (1-6) to play, for a position with a roll due")
	}
	fs.StringVar(&o.svg, "svg", "", "draw the position judged as an SVG picture in `FILE`")
	return fs
}

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
	s, err = ludo.ParsePositionFunc(text, func(l ludo.Line) error {
		key := strings.ToLower(l.Key.Text)
		if !scenarioKeys[key] {
			return fmt.Errorf("unknown key %q: a position has the keys rules, red, green, yellow, blue, turn, die, sixes, ranking, undo", l.Key.Text)
		}
		if key == "says" {
			says = l.Rest()
		}
		return nil
	})
	if err != nil {
		return s, "", fmt.Errorf("%s: %w", name(file), err)
	}
	switch s.Phase() {
	case ludo.PhaseOver:
		return s, "", fmt.Errorf("%s: the game is over: %v", name(file), s.Ranking())
	case ludo.PhaseRoll:
		if r.opt.die == 0 {
			return s, "", fmt.Errorf("%s: no die: add a line \"die N\" or give -die N", name(file))
		}
		s, err = s.Roll(r.opt.die)
		if err != nil {
			return s, "", fmt.Errorf("-die %d: %w", r.opt.die, err)
		}
	default:
		if r.opt.die != 0 && r.opt.die != s.Die() {
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
		fmt.Fprintf(r.out, "OK: %d plies, every one legal under %v.\n", len(rec.Plies), last.Rules())
		if last.Phase() == ludo.PhaseOver {
			fmt.Fprintf(r.out, "The game is over:")
			for k, c := range last.Ranking() {
				fmt.Fprintf(r.out, " %d. %s", k+1, player(c))
			}
			fmt.Fprintln(r.out)
		} else {
			fmt.Fprintf(r.out, "The game goes on: %s to roll", player(last.Turn()))
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
	fmt.Fprintf(r.out, "ILLEGAL at ply %d: %s rolls %d, plays %s\n", re.Ply, player(p.Player), p.Face, p.Move)
	var ill *ludo.IllegalMoveError
	if errors.As(re.Err, &ill) {
		fmt.Fprintf(r.out, "  %s", ill.Reason)
		if ill.Rule != "" {
			fmt.Fprintf(r.out, " (%s)", cite(ill.Rule))
		}
		fmt.Fprintln(r.out)
	} else {
		fmt.Fprintf(r.out, "  %s\n", strings.TrimPrefix(re.Err.Error(), "ludo: "))
	}
	rolled, err := last.Roll(p.Face)
	canRoll := err == nil && rolled.Turn() == p.Player
	if canRoll && ill != nil {
		r.printPath(rolled, ill.Move)
	}
	if n := len(rec.Plies) - re.Ply; n > 0 {
		fmt.Fprintf(r.out, "  (%s after it not replayed)\n", plural(n, "more ply", "more plies"))
	}
	shown := last
	if canRoll {
		shown = rolled
		fmt.Fprintf(r.out, "\nThe position at ply %d, after the roll:\n%v\n", re.Ply, rolled)
		r.listMoves(rolled, "Legal moves there were")
	} else {
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
	r.listMoves(s, fmt.Sprintf("%v rolled %d; legal moves", s.Turn(), s.Die()))
	// Why the other tokens cannot move.
	var notes []string
	legal := s.LegalMoves()
	if !legal[0].Forfeits() {
		rules := s.Rules()
		for i := range rules.Tokens {
			if slicesContainsToken(legal, i) {
				continue
			}
			head := fmt.Sprintf("token %d %s: ", i, where(rules.Board, s.Turn(), s.Progress(s.Turn(), i)))
			if j := alike(s, i); j >= 0 {
				if slicesContainsToken(legal, j) {
					notes = append(notes, head+fmt.Sprintf("alike with token %d, whose move is listed once (%s)", j, cite("Q9")))
				} else {
					notes = append(notes, head+fmt.Sprintf("as token %d", j))
				}
				continue
			}
			if _, err := s.TokenMove(i); err != nil {
				var ill *ludo.IllegalMoveError
				if errors.As(err, &ill) && ill.Rule != "" {
					reason := strings.TrimPrefix(ill.Reason, fmt.Sprintf("token %d ", i))
					notes = append(notes, head+fmt.Sprintf("%s (%s)", reason, cite(ill.Rule)))
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
		for _, e := range explain(s, m) {
			if e.rule != "" {
				parts = append(parts, e.text+" ("+e.rule+")")
			} else {
				parts = append(parts, e.text)
			}
		}
		fmt.Fprintf(r.out, "  %-*s  %s\n", width, withSquares(board, m), strings.Join(parts, ", "))
	}
}

func slicesContainsToken(ms []ludo.Move, i int) bool {
	for _, m := range ms {
		if m.Token() == i {
			return true
		}
	}
	return false
}

// alike returns the lowest-numbered token of the player to move that
// stands where token i does, if lower than i, or -1 (ruling Q9).
func alike(s ludo.State, i int) int {
	c := s.Turn()
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
	m, err := ludo.ParseMove(s, text)
	var ill *ludo.IllegalMoveError
	var perr *ludo.ParseError
	switch {
	case errors.As(err, &perr):
		return 0, fmt.Errorf("move %q: %w", text, err)
	case errors.As(err, &ill):
		fmt.Fprintf(r.out, "NOT LEGAL: %s\n", describeAttempt(s, ill.Move, text))
		if ill.Rule != "" {
			fmt.Fprintf(r.out, "  %s: %s\n", cite(ill.Rule), ill.Reason)
		} else {
			fmt.Fprintf(r.out, "  %s\n", ill.Reason)
		}
		r.printPath(s, ill.Move)
		r.listMoves(s, "\nLegal moves")
		return exitIllegal, r.drawSVG(s, ill.Move)
	case err != nil:
		return 0, err
	}
	fmt.Fprintf(r.out, "LEGAL: %s\n", withSquares(s.Rules().Board, m))
	for _, e := range explain(s, m) {
		if e.rule != "" {
			fmt.Fprintf(r.out, "  %s: %s\n", cite(e.rule), e.text)
		} else {
			fmt.Fprintf(r.out, "  %s\n", e.text)
		}
	}
	if next, err := s.Apply(m); err == nil {
		fmt.Fprintf(r.out, "\nThe position after it:\n%v", next)
	}
	return exitOK, r.drawSVG(s)
}

// describeAttempt names a refused move: the text given, and the token's
// place.
func describeAttempt(s ludo.State, m ludo.Move, text string) string {
	c := m.Color()
	if m.IsPass() {
		return fmt.Sprintf("%v %s, die %d", c, text, s.Die())
	}
	if i := m.Token(); i < s.Rules().Tokens && s.Players().Has(c) {
		return fmt.Sprintf("%v %s (token %d %s, die %d)", c, text, i, where(s.Rules().Board, c, s.Progress(c, i)), s.Die())
	}
	return fmt.Sprintf("%v %s, die %d", c, text, s.Die())
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
	fmt.Fprintf(r.out, "  path on the board: %s\n", path(s, m.Color(), m.Token()))
}

// path says where token i of colour c would go in s with the die s has to
// play, by the board's squares, whether or not the rules allow it: "passes
// 16, 17 (red block), 18; would stop on 19".
func path(s ludo.State, c ludo.Color, i int) string {
	rules := s.Rules()
	b := rules.Board
	p, d := s.Progress(c, i), s.Die()
	blocks := map[ludo.Square]bool{}
	for sq := range s.Blocks() {
		blocks[sq] = true
	}
	// label names square sq, with what stands on it but token i itself.
	label := func(sq ludo.Square) string {
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
		if s.Square(c, i) == sq {
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
	case p < 0:
		return "from the yard onto its start square " + label(b.Square(c, 0))
	case p >= b.Finish():
		return "none: the token has finished"
	}
	var passed []string
	stop := ""
	for k := 1; k <= d && stop == ""; k++ {
		q := p + k
		switch {
		case q > b.Finish(): // only a bounce gets here
			q = 2*b.Finish() - q
		case q == b.Finish() && k < d && rules.Finish == ludo.AnyRollFinishes:
			k = d // a roll that reaches the finish stops there
		case q == b.Finish() && k < d && rules.Finish == ludo.ExactFinish:
			stop = fmt.Sprintf("would overshoot the finish by %d", p+d-b.Finish())
			continue
		}
		if k < d {
			passed = append(passed, label(b.Square(c, q)))
			continue
		}
		stop = "would stop on " + label(b.Square(c, q))
		if p+d > b.Finish() && rules.Finish == ludo.BounceFinish {
			stop += ", bounced back"
		}
	}
	if len(passed) == 0 {
		return stop
	}
	return "passes " + strings.Join(passed, ", ") + "; " + stop
}

// ----- words -----

// reason is one thing a move does, with the rule that says so ("" for
// none).
type reason struct {
	text, rule string
}

// explain says what legal move m does in position s, and what follows.
func explain(s ludo.State, m ludo.Move) []reason {
	c := s.Turn()
	rules := s.Rules()
	b := rules.Board
	next, err := s.Apply(m)
	if err != nil { // m is one of s's legal moves: cannot happen
		return []reason{{err.Error(), ""}}
	}
	var out []reason
	add := func(rule, format string, a ...any) { out = append(out, reason{fmt.Sprintf(format, a...), rule}) }
	bonus := next.Phase() == ludo.PhaseRoll && next.Turn() == c
	switch {
	case m.Forfeits():
		if rules.BonusRolls == ludo.FacesOf(6) {
			add("C9", "forfeit: the %s 6 in a row is not played", ordinal(s.Sixes()))
		} else {
			add("C9", "forfeit: the %s bonus-earning roll in a row is not played", ordinal(s.Sixes()))
		}
		if rules.SixPenalty == ludo.UndoTurn {
			add("Q2", "every token goes back to where it stood when the turn began, captured tokens included")
		} else {
			add("Q2", "moves made earlier this turn stand")
		}
	case m.IsPass():
		add("C10", "pass: no token can move")
		switch {
		case bonus:
			add("Q1", "the %d still earns a bonus roll", m.Die())
		case rules.BonusRolls.Has(m.Die()):
			add("Q1", "the %d earns no bonus roll, as it cannot be used (NoMoveForfeitsBonus)", m.Die())
		}
	default:
		i := m.Token()
		if m.Enters() {
			add("C7", "enters token %d on its start square %d", i, b.StartSquare(c))
		} else {
			add("C8", "moves token %d from %s to %s", i, place(b, c, m.From()), place(b, c, m.To()))
		}
		if from := m.From(); from >= 0 {
			for p := from + 1; p < m.To() && p <= b.HomeEntry; p++ {
				sq := b.Square(c, p)
				if o, n := s.At(sq); n >= 2 && o == c && rules.Blocks != ludo.NoBlocks {
					add("B2", "passes its own block on square %d", sq.N())
				}
			}
			if from <= b.HomeEntry && m.To() > b.HomeEntry && !m.Finishes() {
				add("C4", "turns into its home column")
			}
		}
		if m.Bounces() {
			add("C5", "bounces back from the finish by %d", m.From()+m.Die()-b.Finish())
		}
		if m.Finishes() {
			switch {
			case m.From()+m.Die() > b.Finish():
				add("C5", "finishes: any roll that reaches the finish finishes (AnyRollFinishes)")
			default:
				add("C5", "finishes with the exact roll")
			}
		}
		if n := m.Captures(); n > 0 {
			victim, _ := s.At(b.Square(c, m.To()))
			rule := "C11"
			switch {
			case m.Enters():
				rule = "C11, Q4"
			case n > 1:
				rule = "C11, Q3"
			}
			add(rule, "captures %s", plural(n, victim.String()+" token", victim.String()+" tokens"))
		}
		if m.FormsBlock() {
			add("B1", "forms a block on square %d", b.Square(c, m.To()).N())
		} else if m.To() <= b.HomeEntry {
			if o, n := s.At(b.Square(c, m.To())); n > 0 && o == c {
				add("Q11", "joins its own token on square %d (no block in these rules)", b.Square(c, m.To()).N())
			}
		}
		if m.To() > b.HomeEntry && m.To() < b.Finish() {
			if o, n := s.At(b.Square(c, m.To())); n > 0 && o == c {
				add("Q8", "shares its home square with its own token")
			}
		}
		if p := next.Place(c); p > 0 && s.Place(c) == 0 {
			add("C6", "%v has every token home and takes place %d", c, p)
			if rules.BonusRolls.Has(m.Die()) && next.Phase() != ludo.PhaseOver {
				add("Q6", "no bonus roll: nothing is left to move")
			}
		} else if bonus {
			add("C9", "%v rolls again", c)
		}
	}
	switch {
	case next.Phase() == ludo.PhaseOver:
		add("Q10", "the game is over: %s", ranking(next))
	case !bonus:
		add("C3", "%v plays next", next.Turn())
	}
	return out
}

func ranking(s ludo.State) string {
	var parts []string
	for k, c := range s.Ranking() {
		parts = append(parts, fmt.Sprintf("%d. %v", k+1, c))
	}
	return strings.Join(parts, " ")
}

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

// ordinal returns "second", "third", … for n from 2 to 9, else "nth".
func ordinal(n int) string {
	names := []string{2: "second", 3: "third", 4: "fourth", 5: "fifth", 6: "sixth", 7: "seventh", 8: "eighth", 9: "ninth"}
	if n >= 2 && n < len(names) {
		return names[n]
	}
	return strconv.Itoa(n) + "th"
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
	if _, err := f.Write(s.AppendSVGMarked(nil, marks)); err != nil {
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

// pathSquares returns the squares the token of move m would pass and stop
// on in s with the steps s has to play, whether or not the rules allow it,
// as path says them: the start square for a token in the yard; else each
// step, counted back from the finish where the rules bounce, ending at the
// finish where any roll that reaches it finishes, and short of it where
// the roll would overshoot. A token going round again (rule K4) walks the
// track. Nothing for a pass, a finished token, or a move not of the player
// to move.
func pathSquares(s ludo.State, m ludo.Move) []ludo.Square {
	rules := s.Rules()
	b := rules.Board
	c, i := m.Color(), m.Token()
	if m.IsPass() || c != s.Turn() || i < 0 || i >= rules.Tokens {
		return nil
	}
	p, n, fin := s.Progress(c, i), s.Count(), b.Finish()
	switch {
	case p < 0:
		return []ludo.Square{b.Square(c, 0)}
	case p == fin:
		return nil
	}
	var out []ludo.Square
	for k := 1; k <= n; k++ {
		q := p + k
		switch {
		case p > fin: // going round again: along the track, past the start square
			if t := p - fin + b.HomeEntry + k; t < b.Track {
				q = fin + t - b.HomeEntry
			} else {
				q = t - b.Track
			}
		case q > fin && rules.Finish == ludo.BounceFinish:
			q = 2*fin - q
		case q > fin:
			return out
		case q == fin && k < n && rules.Finish == ludo.ExactFinish:
			return out
		}
		out = append(out, b.Square(c, q))
		if q == fin && rules.Finish == ludo.AnyRollFinishes {
			break
		}
	}
	return out
}
