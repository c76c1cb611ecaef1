package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/ludorules/ludo"
	"github.com/ludorules/ludo/internal/seeded"
)

var update = flag.Bool("update", false, "rewrite the golden outputs in testdata")

// runCase runs the program with args and stdin and returns its status,
// stdout and stderr.
func runCase(args []string, stdin string) (int, string, string) {
	var out, errOut bytes.Buffer
	status := run(args, strings.NewReader(stdin), &out, &errOut)
	return status, out.String(), errOut.String()
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// TestGolden checks the output of each command on the files in testdata
// against testdata/*.golden (rewritten with -update).
func TestGolden(t *testing.T) {
	dispute := readFile(t, "testdata/dispute.txt")
	for _, c := range []struct {
		name   string
		args   []string
		stdin  string
		status int
	}{
		{"replay-ok", []string{"replay", "testdata/game-ok.txt"}, "", exitOK},
		{"replay-illegal", []string{"replay", "testdata/game-illegal.txt"}, "", exitIllegal},
		{"replay-going-on", []string{"replay", "testdata/game-going-on.txt"}, "", exitOK},
		{"moves-dispute", []string{"moves", "testdata/dispute.txt"}, "", exitOK},
		{"moves-die", []string{"moves", "testdata/roll-due.txt", "-die", "4"}, "", exitOK},
		{"moves-forfeit", []string{"moves", "testdata/forfeit.txt"}, "", exitOK},
		{"moves-scenario", []string{"moves", "../../testdata/scenarios/q04-enter-captures.txt"}, "", exitOK},
		{"why-illegal", []string{"why", "testdata/dispute.txt", "0"}, "", exitIllegal},
		{"why-legal", []string{"why", "testdata/dispute.txt", "1: yard-0 enter"}, "", exitOK},
		{"why-pass-refused", []string{"why", "-die", "6", "testdata/roll-due.txt", "pass"}, "", exitIllegal},
		{"why-capture", []string{"why", "-die=4", "testdata/roll-due.txt", "red", "0"}, "", exitOK},
		{"why-mismatch", []string{"why", "-", "1: yard-0 enter x1"}, dispute, exitIllegal},
		{"why-overshoot", []string{"why", "-die", "4", "testdata/roll-due.txt", "1"}, "", exitIllegal},
		{"replay-bonus", []string{"replay", "testdata/game-bonus.txt"}, "", exitOK},
		{"replay-bonus-due", []string{"replay", "testdata/game-bonus-due.txt"}, "", exitOK},
		{"replay-bonus-rolled", []string{"replay", "testdata/game-bonus-rolled.txt"}, "", exitIllegal},
		{"moves-bonus", []string{"moves", "testdata/bonus-due.txt"}, "", exitOK},
		{"why-bonus", []string{"why", "testdata/bonus-due.txt", "1"}, "", exitOK},
		{"why-bonus-yard", []string{"why", "testdata/bonus-due.txt", "red", "2"}, "", exitIllegal},
		{"why-bonus-pass", []string{"why", "testdata/bonus-due.txt", "pass"}, "", exitIllegal},
		{"compare-dispute", []string{"compare", "testdata/dispute.txt", "0"}, "", exitIllegal},
		{"compare-no-rules", []string{"compare", "testdata/safe-star.txt", "0"}, "", exitOK},
		{"compare-among", []string{"compare", "-among", "classic,maedn,ludoking{SafeSquares:SafeExclusive}", "testdata/safe-star.txt", "0"}, "", exitOK},
		{"compare-forfeit", []string{"compare", "testdata/forfeit.txt", "forfeit"}, "", exitOK},
		{"compare-die", []string{"compare", "-die", "4", "testdata/roll-due.txt", "red", "0"}, "", exitOK},
		{"fit-ok", []string{"fit", "testdata/game-ok.txt"}, "", exitOK},
		{"fit-house", []string{"fit", "testdata/game-house.txt"}, "", exitIllegal},
		{"fit-among", []string{"fit", "-among", "classic,ludoking,classic{CaptureBonus:roll Finish:BounceFinish}", "testdata/game-house.txt"}, "", exitOK},
	} {
		t.Run(c.name, func(t *testing.T) {
			status, out, errOut := runCase(c.args, c.stdin)
			if status != c.status || errOut != "" {
				t.Fatalf("status %d, want %d; stderr:\n%s", status, c.status, errOut)
			}
			golden := filepath.Join("testdata", c.name+".golden")
			if *update {
				if err := os.WriteFile(golden, []byte(out), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			if want := readFile(t, golden); out != want {
				t.Errorf("output differs from %s:\n--- got\n%s--- want\n%s", golden, out, want)
			}
		})
	}
}

// TestStdin checks that "-" and a missing FILE read standard input.
func TestStdin(t *testing.T) {
	dispute := readFile(t, "testdata/dispute.txt")
	_, want, _ := runCase([]string{"moves", "testdata/dispute.txt"}, "")
	for _, args := range [][]string{{"moves", "-"}, {"moves"}} {
		if status, out, errOut := runCase(args, dispute); status != exitOK || out != want {
			t.Errorf("%q: status %d, stderr %q, output:\n%s", args, status, errOut, out)
		}
	}
	_, want, _ = runCase([]string{"why", "testdata/dispute.txt", "1"}, "")
	for _, args := range [][]string{{"why", "-", "1"}, {"why", "1"}} {
		if status, out, errOut := runCase(args, dispute); status != exitOK || out != want {
			t.Errorf("%q: status %d, stderr %q, output:\n%s", args, status, errOut, out)
		}
	}
}

// TestErrors checks the usage errors and unreadable input: status 2 and
// a message on stderr.
func TestErrors(t *testing.T) {
	for _, c := range []struct {
		args  []string
		stdin string
		err   string // in stderr
	}{
		{nil, "", "Usage:"},
		{[]string{"judge"}, "", `unknown command "judge"`},
		{[]string{"replay"}, "", "replay takes one FILE"},
		{[]string{"replay", "a", "b"}, "", "replay takes one FILE"},
		{[]string{"replay", "-die", "3", "testdata/game-ok.txt"}, "", "flag provided but not defined: -die"},
		{[]string{"replay", "testdata/no-such-file.txt"}, "", "no-such-file.txt"},
		{[]string{"replay", "testdata/dispute.txt"}, "", "testdata/dispute.txt: "},
		{[]string{"moves", "a", "b"}, "", "moves takes at most one FILE"},
		{[]string{"moves", "testdata/roll-due.txt"}, "", `no die: add a line "die N" or give -die N`},
		{[]string{"moves", "-die", "7", "testdata/roll-due.txt"}, "", "-die 7"},
		{[]string{"moves", "-die", "5", "testdata/dispute.txt"}, "", "has die 6 already"},
		{[]string{"moves", "-die", "3", "testdata/bonus-due.txt"}, "", "has a bonus move of 20 due, which no roll comes before (rule P8)"},
		{[]string{"moves", "testdata/game-ok.txt"}, "", "game-ok.txt: "},
		{[]string{"moves", "-"}, "rules classic\nred 3\ndie 2\nexpect 0: 3-5\nfoo bar\n", `unknown key "foo"`},
		{[]string{"why", "testdata/dispute.txt"}, "", "ludo-referee: "},
		{[]string{"why"}, "", "why needs a MOVE"},
		{[]string{"why", "testdata/dispute.txt", "zz"}, "", `move "zz"`},
		{[]string{"compare", "testdata/dispute.txt"}, "", "ludo-referee: "},
		{[]string{"compare"}, "", "compare needs a MOVE"},
		{[]string{"compare", "testdata/dispute.txt", "zz"}, "", `move "zz"`},
		{[]string{"compare", "-among", "classic,nosuch", "testdata/dispute.txt", "0"}, "", `"nosuch" is neither a preset`},
		{[]string{"compare", "testdata/roll-due.txt", "0"}, "", `no die: add a line "die N" or give -die N`},
		{[]string{"fit"}, "", "fit takes one FILE"},
		{[]string{"fit", "testdata/game-ok.txt", "testdata/game-ok.txt"}, "", "fit takes one FILE"},
		{[]string{"fit", "-die", "3", "testdata/game-ok.txt"}, "", "flag provided but not defined: -die"},
		{[]string{"fit", "-svg", "x.svg", "testdata/game-ok.txt"}, "", "flag provided but not defined: -svg"},
		{[]string{"fit", "testdata/dispute.txt"}, "", "testdata/dispute.txt: "},
		{[]string{"fit", "-among", "classic{Nope:1}", "testdata/game-ok.txt"}, "", "neither a preset"},
		// What the user gave is quoted in part.
		{[]string{strings.Repeat("x", 1000)}, "", `unknown command "` + strings.Repeat("x", 64) + `"…` + "\n"},
		{[]string{"moves", "-"}, "rules classic\nred 3\ndie 2\n" + strings.Repeat("x", 1000) + " bar\n", `unknown key "` + strings.Repeat("x", 64) + `…": want one of rules`},
		{[]string{"why", "testdata/dispute.txt", strings.Repeat("x", 1000)}, "", `move "` + strings.Repeat("x", 64) + `"…: ludo: `},
	} {
		status, out, errOut := runCase(c.args, c.stdin)
		if status != exitUsage || !strings.Contains(errOut, c.err) || strings.Contains(errOut, strings.Repeat("x", 65)) {
			t.Errorf("%q: status %d, stderr %q, want status 2 and %q in stderr (stdout %q)", c.args, status, errOut, c.err, out)
		}
	}
	for _, args := range [][]string{{"help"}, {"-h"}, {"moves", "-h"}} {
		status, out, errOut := runCase(args, "")
		if status != exitOK || !strings.Contains(out, "Usage:") || errOut != "" {
			t.Errorf("%q: status %d, stdout %q, stderr %q", args, status, out, errOut)
		}
		if want := strings.Join(ludo.Presets(), ", "); !strings.Contains(strings.Join(strings.Fields(out), " "), want) {
			t.Errorf("%q: the usage does not list the presets (%s)", args, want)
		}
	}
}

// TestScenarios runs why on every expect and refuse line of the ludo
// repository's scenario files: the expected moves are legal, the refused
// ones illegal by the rule the line names, and moves lists them all.
func TestScenarios(t *testing.T) {
	files, err := filepath.Glob("../../testdata/scenarios/*.txt")
	if err != nil || len(files) == 0 {
		t.Fatalf("no scenario files (%v)", err)
	}
	for _, path := range files {
		text := readFile(t, path)
		status, moves, errOut := runCase([]string{"moves", path}, "")
		if status != exitOK {
			t.Errorf("moves %s: status %d: %s", path, status, errOut)
			continue
		}
		for _, line := range strings.Split(text, "\n") {
			line, _, _ = strings.Cut(line, "#")
			w := strings.Fields(line)
			if len(w) < 2 {
				continue
			}
			switch w[0] {
			case "expect":
				mv := strings.Join(w[1:], " ")
				status, out, errOut := runCase([]string{"why", path, mv}, "")
				if status != exitOK || !strings.Contains(out, "LEGAL: ") {
					t.Errorf("why %s %q: status %d, want 0: %s%s", path, mv, status, out, errOut)
				}
				if !strings.Contains(moves, ": "+strings.TrimPrefix(mv, "pass")) && !strings.Contains(moves, " "+mv) {
					t.Errorf("moves %s does not list %q:\n%s", path, mv, moves)
				}
			case "refuse":
				mv, rule := strings.Join(w[1:len(w)-1], " "), w[len(w)-1]
				status, out, errOut := runCase([]string{"why", path, mv}, "")
				if status != exitIllegal || !strings.Contains(out, " "+rule+", ") {
					t.Errorf("why %s %q: status %d, want 1 citing %s: %s%s", path, mv, status, rule, out, errOut)
				}
			}
		}
	}
}

// TestSVG checks the -svg option: the position judged is drawn.
func TestSVG(t *testing.T) {
	s, err := ludo.ParsePosition(readFile(t, "testdata/dispute.txt"))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "p.svg")
	r := &referee{opt: options{svg: path}}
	if err := r.drawSVG(s); err != nil {
		t.Fatal(err)
	}
	if data := readFile(t, path); !strings.Contains(data, "<svg") {
		t.Errorf("%s holds no SVG: %.100q", path, data)
	}
	if err := (&referee{}).drawSVG(s); err != nil {
		t.Errorf("drawSVG without --svg = %v, want nil", err)
	}
}

// TestSVGPath: the picture of a refused move rings the squares its token
// would pass and stop on, as the text says them; a legal move's picture
// rings nothing.
func TestSVGPath(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		// passes 16, 17 (red block), 18, 19, 20; would stop on 21
		{[]string{"why", "testdata/dispute.txt", "0"}, "16 17 18 19 20 21"},
		// passes home 4, home 5; would overshoot the finish by 1
		{[]string{"why", "-die", "4", "testdata/roll-due.txt", "1"}, "red home 4|red home 5"},
		// passes 16, 17 (red block), 18; would stop on 19
		{[]string{"replay", "testdata/game-illegal.txt"}, "16 17 18 19"},
		{[]string{"why", "testdata/dispute.txt", "1: yard-0 enter"}, ""},
	} {
		path := filepath.Join(t.TempDir(), "p.svg")
		args := append([]string{c.args[0], "-svg", path}, c.args[1:]...)
		runCase(args, "")
		var marks []string
		for _, m := range regexp.MustCompile(`class="mark" data-square="([^"]*)"`).FindAllStringSubmatch(readFile(t, path), -1) {
			marks = append(marks, m[1])
		}
		sep := " "
		if strings.Contains(c.want, "|") {
			sep = "|"
		}
		if got := strings.Join(marks, sep); got != c.want {
			t.Errorf("%q: squares ringed %q, want %q", c.args, got, c.want)
		}
	}
}

// TestUnknownCommandShortUsage: an unknown command gets the commands in
// a few lines, not the whole usage.
func TestUnknownCommandShortUsage(t *testing.T) {
	status, out, errOut := runCase([]string{"judge", "x"}, "")
	if status != exitUsage || out != "" {
		t.Fatalf("status %d, stdout %q", status, out)
	}
	want := "ludo-referee: unknown command \"judge\"\n" + shortUsage
	if errOut != want {
		t.Errorf("stderr:\n%s\nwant:\n%s", errOut, want)
	}
	if lines := strings.Count(errOut, "\n"); lines > 8 {
		t.Errorf("the usage for an unknown command takes %d lines", lines)
	}
}

// TestPath checks the path of a token by the board's squares under each
// finish rule, with what stands on the squares it passes.
func TestPath(t *testing.T) {
	for _, c := range []struct {
		position string
		token    int
		want     string
	}{
		{"rules classic\nred 10\nyellow @13 @13 @16\nblue @15\ndie 6", 0, "passes 12, 13 (2 yellow), 14, 15 (blue), 16 (yellow); would stop on 17"},
		{"rules mongolian\nred 10 11 11\nyellow @13 @13\ndie 3", 0, "passes 12 (red block), 13 (yellow block); would stop on 14"},
		{"rules classic\nred 10\ndie 1", 0, "would stop on 12"},
		{"rules classic\nred 48\ndie 5", 0, "passes 50, 51, home 1, home 2; would stop on home 3"},
		{"rules classic\nred home3 home4\ndie 4", 0, "passes home 4 (red), home 5; would overshoot the finish by 1"},
		{"rules classic{Finish:BounceFinish}\nred home3 home4\ndie 5", 0, "passes home 4 (red), home 5, the finish, home 5; would stop on home 4 (red), bounced back"},
		{"rules classic{Finish:AnyRollFinishes}\nred home3\ndie 5", 0, "passes home 4, home 5; would stop on the finish"},
		{"rules classic\nred home3\ndie 3", 0, "passes home 4, home 5; would stop on the finish"},
		{"rules classic\nred finish 3\ndie 2", 0, "none: the token has finished"},
		{"rules mongolian\nred yard\nblue 13 13\ndie 6", 0, "from the yard onto its start square 1 (blue block)"},
		{"rules classic\nred yard\ndie 6", 0, "from the yard onto its start square 1"},
		// The count, not the die: a 6 that counts 7 (rule P5), a bonus move
		// (rule P8).
		{"rules parchis1\nred 10 20 30 40\ndie 6", 0, "passes 12, 13, 14, 15, 16, 17; would stop on 18"},
		{"rules parchis1\nred 10 20\ndie 3\nbonus 20", 0, "passes 12, 13, 14, 15, 16, 17, 18, 19, 20, 21 (red), 22, 23, 24, 25, 26, 27, 28, 29, 30; would stop on 31"},
		{"rules parchis1\nred 10 20\ndie 3\nbonus 20", 2, "none: the token is in the yard (rule P8)"},
		// A star and the star it jumps on to (rule D2); the last star
		// before the home entry jumps to the finish.
		{"rules danish\nred 2\ndie 2", 0, "passes 4; would stop on 5, a star, and jump on to 12"},
		{"rules danish\nred 48\ndie 2", 0, "passes 50; would stop on 51, a star, and jump on to the finish"},
		// Round the track again where the colour has not captured (rule
		// K4), into the home column where it has.
		{"rules ludoking{CaptureBeforeHome:true}\nred 49\ndie 4", 0, "passes 51, 52, 1; would stop on 2"},
		{"rules ludoking{CaptureBeforeHome:true}\nred 49\ncaptured red\ndie 4", 0, "passes 51, home 1, home 2; would stop on home 3"},
		// The stable (rule V2).
		{"rules cocangua\nred 48\ndie 4", 0, "would pass its gate, square 51, by 2"},
		{"rules cocangua\nred home2\ndie 3", 0, "climbs one square a move, a 3 to home 3"},
	} {
		s, err := ludo.ParsePosition(c.position)
		if err != nil {
			t.Fatalf("%q: %v", c.position, err)
		}
		if got := path(s, s.Turn(), c.token); got != c.want {
			t.Errorf("%q token %d:\n got %s\nwant %s", c.position, c.token, got, c.want)
		}
		// The -svg picture rings the squares the text names, in its order.
		rest := c.want
		_, squares := route(s, s.Turn(), c.token, s.Count())
		if none := strings.HasPrefix(c.want, "none") || strings.HasPrefix(c.want, "would pass its gate"); none != (len(squares) == 0) {
			t.Errorf("%q token %d: %d squares ringed for %q", c.position, c.token, len(squares), c.want)
		}
		for _, sq := range squares {
			name := strconv.Itoa(sq.N())
			switch sq.Zone() {
			case ludo.HomeZone:
				name = "home " + name
			case ludo.FinishZone:
				name = "the finish"
			}
			k := strings.Index(rest, name)
			if k < 0 {
				t.Errorf("%q token %d: square %v is ringed, but the path does not name it (next) in %q", c.position, c.token, sq, c.want)
				break
			}
			rest = rest[k+len(name):]
		}
	}
}

// TestWithSquares checks the squares written beside a move's progress.
func TestWithSquares(t *testing.T) {
	for _, c := range []struct {
		position string
		token    int
		want     string
	}{
		{"rules classic\nred 12\ndie 6", 0, "red 0: 12-18 (squares 13-19)"},
		{"rules classic\nturn yellow\nyellow 20\ndie 6", 0, "yellow 0: 20-26 (squares 47-1)"},
		{"rules classic\nred yard\ndie 6", 0, "red 0: yard-0 enter (the yard to square 1)"},
		{"rules classic\nred 48\ndie 5", 0, "red 0: 48-53 (square 49 to home 3)"},
		{"rules classic\nred home3\ndie 3", 0, "red 0: 53-56 finish (home 3 to the finish)"},
	} {
		s, err := ludo.ParsePosition(c.position)
		if err != nil {
			t.Fatalf("%q: %v", c.position, err)
		}
		m, err := s.TokenMove(c.token)
		if err != nil {
			t.Fatalf("%q: %v", c.position, err)
		}
		if got := withSquares(s.Rules().Board, m); got != c.want {
			t.Errorf("%q: got %s, want %s", c.position, got, c.want)
		}
	}
	s, _ := ludo.ParsePosition("rules classic\nred yard\ndie 3")
	if got := withSquares(s.Rules().Board, s.LegalMoves()[0]); got != "red pass" {
		t.Errorf("a pass: %s", got)
	}
}

// TestInputTooLarge checks that the referee reads no more of a file or of
// standard input than a record may hold, and says so.
func TestInputTooLarge(t *testing.T) {
	big := "rules classic\n" + strings.Repeat("#", ludo.MaxRecordBytes)
	path := filepath.Join(t.TempDir(), "big.txt")
	if err := os.WriteFile(path, []byte(big), 0o644); err != nil {
		t.Fatal(err)
	}
	want := fmt.Sprintf("larger than %d bytes", ludo.MaxRecordBytes)
	for _, c := range []struct {
		args  []string
		stdin string
	}{
		{[]string{"replay", path}, ""},
		{[]string{"moves", "-"}, big},
		{[]string{"why", "-", "0"}, big},
	} {
		status, _, errOut := runCase(c.args, c.stdin)
		if status != exitUsage || !strings.Contains(errOut, want) {
			t.Errorf("%q: status %d, stderr %q, want status 2 and %q", c.args, status, errOut, want)
		}
	}
	// Up to the limit, the file is read: here a position with a long comment.
	status, out, errOut := runCase([]string{"moves", "-die", "6", "-"}, big[:ludo.MaxRecordBytes])
	if status != exitOK || errOut != "" {
		t.Errorf("a file of MaxRecordBytes: status %d, stderr %q, stdout %q", status, errOut, out)
	}
}

// TestUsageRules: the rule ranges the usage names are the rulebook's.
func TestUsageRules(t *testing.T) {
	for _, n := range regexp.MustCompile(`\b([A-Z])(\d+)-[A-Z](\d+)\b`).FindAllStringSubmatch(usage, -1) {
		first, _ := strconv.Atoi(n[2])
		last, _ := strconv.Atoi(n[3])
		for k := first; k <= last; k++ {
			if _, ok := ludo.RuleTitle(fmt.Sprintf("%s%d", n[1], k)); !ok {
				t.Errorf("the usage names %s, but the rulebook has no %s%d", n[0], n[1], k)
			}
		}
		if _, ok := ludo.RuleTitle(fmt.Sprintf("%s%d", n[1], last+1)); ok {
			t.Errorf("the usage names %s, but the rulebook has %s%d too", n[0], n[1], last+1)
		}
	}
	if _, ok := ludo.RuleTitle("T1"); !ok || !strings.Contains(usage, "T1") {
		t.Error("the usage or the rulebook lacks T1")
	}
}

// TestQuoteRule: a rule's text is quoted whole, wrapped, as plain text
// (ludo.RuleText), not the rulebook's Markdown.
func TestQuoteRule(t *testing.T) {
	for _, n := range []string{"C1", "B2", "Q3", "K4", "M1", "D2", "P8", "F1", "V2", "T1"} {
		text, ok := ludo.RuleText(n)
		if !ok {
			t.Fatalf("no rule %s", n)
		}
		lines := quoteRule(n)
		for _, l := range lines {
			if len([]rune(l)) > quoteWidth {
				t.Errorf("%s: a line of %d characters: %q", n, len([]rune(l)), l)
			}
		}
		joined := strings.Join(strings.Fields(strings.Join(lines, " ")), " ")
		want := `"` + strings.Join(strings.Fields(text), " ") + `"`
		if joined != want || strings.Contains(joined, "`") {
			t.Errorf("%s: quoted\n%s\nwant\n%s", n, joined, want)
		}
	}
	if lines := quoteRule("Z99"); lines != nil {
		t.Errorf("a rule the rulebook lacks is quoted: %q", lines)
	}
}

// TestReplaySeededGames replays the record of a seeded game of every
// preset, with its players: every ply is legal, bonus moves (rule P8)
// with face 0 included.
func TestReplaySeededGames(t *testing.T) {
	for _, name := range append(ludo.Presets(), "uckers{Teams:TwoColorsEach}") { // and rule T3
		r, err := seeded.Rules(name, 0)
		if err != nil {
			t.Fatal(err)
		}
		frames, final, err := seeded.Play(r, 2, seeded.MaxPlies)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		rec := ludo.NewRecord(frames[0].Before)
		bonus := 0
		others := 0
		for _, f := range frames {
			rolled := f.Before
			if f.Roll != 0 {
				if rolled, err = rolled.RollOutcome(ludo.Outcome{Face: f.Roll, Second: f.Second}); err != nil {
					t.Fatal(err)
				}
			}
			if err := rec.AddMove(rolled, f.Move); err != nil {
				t.Fatal(err)
			}
			switch {
			case f.Roll == 0 && f.Before.IsBonusMove():
				bonus++
			case f.Roll == 0: // a throw's other die (rule W1)
				others++
			}
		}
		if r.TwoDice != (others > 0) {
			t.Errorf("%s: %d moves of a throw's other die", name, others)
		}
		if r.CaptureBonus.Steps() > 0 && bonus == 0 {
			t.Errorf("%s: no bonus move in the game", name)
		}
		status, out, errOut := runCase([]string{"replay", "-"}, rec.String())
		want := fmt.Sprintf("OK: %d plies, every one legal under %v.\nThe game is over:", len(frames), r)
		if status != exitOK || errOut != "" || !strings.HasPrefix(out, want) {
			t.Errorf("%s: status %d, stderr %q, output:\n%s", name, status, errOut, out)
		}
		for k, c := range final.Ranking() {
			if !strings.Contains(out, fmt.Sprintf(" %d. %v", k+1, c)) {
				t.Errorf("%s: the ranking is not %v:\n%s", name, final.Ranking(), out)
			}
		}
	}
}

// TestMovesOnEveryPreset lists the moves of positions with a move due
// from a seeded game of every preset, bonus moves included, and asks why
// for each legal move: every one is legal.
func TestMovesOnEveryPreset(t *testing.T) {
	for _, name := range append(ludo.Presets(), "uckers{Teams:TwoColorsEach}") { // and rule T3
		r, err := seeded.Rules(name, 0)
		if err != nil {
			t.Fatal(err)
		}
		frames, _, err := seeded.Play(r, 6, seeded.MaxPlies)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		for k, f := range frames {
			if k%40 != 0 && f.Roll != 0 {
				continue // every 40th ply, and every bonus move
			}
			s := f.Before
			if f.Roll != 0 {
				s, _ = s.RollOutcome(ludo.Outcome{Face: f.Roll, Second: f.Second})
			}
			text := ludo.FormatPosition(s)
			status, out, errOut := runCase([]string{"moves", "-"}, text)
			if status != exitOK || errOut != "" {
				t.Fatalf("%s ply %d: moves: status %d, stderr %q\n%s", name, k+1, status, errOut, text)
			}
			if s.IsBonusMove() && !strings.Contains(out, fmt.Sprintf("has a bonus move of %d", s.Count())) {
				t.Errorf("%s ply %d: moves does not say the bonus move is due:\n%s", name, k+1, out)
			}
			for _, m := range s.LegalMoves() {
				status, out, errOut := runCase([]string{"why", "-", m.String()}, text)
				if status != exitOK || !strings.Contains(out, "LEGAL: "+m.String()) {
					t.Errorf("%s ply %d: why %q: status %d, stderr %q\n%s", name, k+1, m, status, errOut, out)
				}
				if m.IsPass() {
					continue
				}
				// The token's move (one of two, for a 6 entering under
				// rule F1).
				tok := strconv.Itoa(m.Token())
				if m.Color() != s.Turn() { // rule T3: a token of the player's other colour is named with it
					tok = m.Color().String() + " " + tok
				}
				status, out, _ = runCase([]string{"why", "-", tok}, text)
				if status != exitOK || !strings.Contains(out, fmt.Sprintf("LEGAL: %v %d: ", m.Color(), m.Token())) {
					t.Errorf("%s ply %d: why %d: status %d\n%s", name, k+1, m.Token(), status, out)
				}
			}
		}
	}
}

// TestTwoDice: with two dice (rule W1) the referee reads a position's
// "die 3 4" and "played 3", and -die 3,4; says which die each move plays
// and that the other die follows with no roll; and replays a record with
// a throw's two faces and the other die's ply with face 0, finding a ply
// that plays a die already played or rolls where the other die is due.
func TestTwoDice(t *testing.T) {
	position := "rules naija\nred 20 36\ngreen @28\nturn red\n"
	status, out, errOut := runCase([]string{"moves", "-"}, position+"die 3 4\n")
	if status != exitOK || errOut != "" {
		t.Fatalf("moves: status %d, stderr %q", status, errOut)
	}
	for _, want := range []string{
		"red rolled 3 and 4, a move for each (rule W1",
		"red 0: 20-23 (squares 21-24)  moves token 0 from square 21 to square 24 (C8), with the 3 of 3 and 4 (W1), red plays the other die, 4, next, with no roll (W1)",
		"red 1: 36-40 (squares 37-41)  moves token 1 from square 37 to square 41 (C8), with the 4 of 3 and 4 (W1), red plays the other die, 3, next, with no roll (W1)",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("moves lacks %q:\n%s", want, out)
		}
	}
	// -die gives both faces; one face is refused, as the library refuses it.
	if status, again, _ := runCase([]string{"moves", "-die", "3,4", "-"}, position); status != exitOK || again != out {
		t.Errorf("-die 3,4: status %d, output:\n%s\nwant:\n%s", status, again, out)
	}
	if status, _, errOut := runCase([]string{"moves", "-die", "3", "-"}, position); status != exitUsage || !strings.Contains(errOut, "-die 3: ludo: die face out of range") {
		t.Errorf("-die 3 under two dice: status %d, stderr %q", status, errOut)
	}
	if status, _, errOut := runCase([]string{"moves", "-"}, position); status != exitUsage || !strings.Contains(errOut, `add a line "die N M" or give -die N,M`) {
		t.Errorf("no dice: status %d, stderr %q", status, errOut)
	}
	if status, _, errOut := runCase([]string{"moves", "-die", "3,4", "-"}, "rules classic\nred 20\n"); status != exitUsage || !strings.Contains(errOut, "-die 3,4: ludo: die face out of range") {
		t.Errorf("-die 3,4 under one die: status %d, stderr %q", status, errOut)
	}
	// The 3 played: the 4 is due, and captures and retires (rule N1).
	played := "rules naija\nred 23 36\ngreen @28\nturn red\ndie 3 4\nplayed 3\n"
	status, out, _ = runCase([]string{"why", "-", "0"}, played)
	for _, want := range []string{"LEGAL: red 0: 23-27 finish retire x1", "rule W1, two dice: with the 4, the throw's other die", "rule N1, a capture retires the capturer: having captured, token 0 retires to the finish", "green plays next"} {
		if status != exitOK || !strings.Contains(out, want) {
			t.Errorf("why 0 with the 3 played: status %d, lacks %q:\n%s", status, want, out)
		}
	}
	if status, out, _ := runCase([]string{"moves", "-"}, played); !strings.Contains(out, "red rolled 3 and 4 and played the 3: the 4 is due (rule W1") {
		t.Errorf("moves with the 3 played: status %d:\n%s", status, out)
	}
	if status, _, errOut := runCase([]string{"moves", "-die", "5,5", "-"}, played); status != exitUsage || !strings.Contains(errOut, "still to play, which no roll comes before (rule W1)") {
		t.Errorf("-die with the other die due: status %d, stderr %q", status, errOut)
	}

	// Records. The position with the 3 due, as the library writes it.
	otherDue := ludo.MustParsePosition("rules naija{Players:2}\nred -1 -1 -1 -1\nyellow -1 -1 -1 -1\nturn red\n")
	otherDue, _ = otherDue.RollDice(6, 3)
	enter, err := ludo.ParseMove(otherDue, "0: yard-0 enter")
	if err != nil {
		t.Fatal(err)
	}
	if otherDue, err = otherDue.Apply(enter); err != nil || !otherDue.DiePlayed() {
		t.Fatalf("entering with the 6: %v", err)
	}
	for _, c := range []struct {
		record, want string
		status       int
	}{
		{"1 red 6,3 0: yard-0 enter\n2 red 0 0: 0-3\n3 yellow 6,6 0: yard-0 enter\n", "The game goes on: yellow to play the other die, 6.", exitOK},
		{"1 red 6,3 0: yard-0 enter\n2 red 0 0: 0-6\n", "ILLEGAL at ply 2: red, with no roll (the throw's other die), plays 0: 0-6", exitIllegal},
		{"1 red 6,3 0: yard-0 enter\n2 red 4,1 0: 0-3\n", "red has the other die of the throw, 3, still to play, which no roll comes before, so the ply's face is 0 (rule W1", exitIllegal},
		{"1 red 6,3 0: yard-0 enter\n2 red 0 0: 0-3\n3 yellow 5 pass\n", "face 5: the rules throw two dice", exitUsage},
	} {
		status, out, errOut := runCase([]string{"replay", "-"}, "rules naija{Players:2}\n"+c.record)
		if status != c.status || !strings.Contains(out+errOut, c.want) {
			t.Errorf("%q: status %d, want %d and %q:\n%s%s", c.record, status, c.status, c.want, out, errOut)
		}
		if c.status == exitIllegal && !strings.Contains(out, "with the other die due:\n"+strings.SplitAfter(otherDue.String(), "\n")[0]) {
			t.Errorf("%q: the position shown is not the one with the 3 due:\n%s", c.record, out)
		}
	}
}

// TestParcheesi: the moves of Parcheesi's rules are explained citing
// them: tops and bottoms (H2), a bonus move earned during the dice and
// made after them (W4), an entry with the sum of both dice (H1), the
// third double (H3), and the refusals of H4 and H5.
func TestParcheesi(t *testing.T) {
	// Red's block on square 21, token 0 moved on by a 2 of a double 2:
	// token 1 may not follow it with the other 2 (rule H5).
	block := ludo.MustParsePosition("rules parcheesi{Players:2}\nred 20 20 -1 -1\nturn red\ndie 2 2\n")
	first, err := ludo.ParseMove(block, "0: 20-22")
	if err != nil {
		t.Fatal(err)
	}
	if block, err = block.Apply(first); err != nil {
		t.Fatal(err)
	}
	blockLeft := ludo.FormatPosition(block)
	for _, c := range []struct {
		args     []string
		position string
		status   int
		want     []string
	}{
		{[]string{"moves", "-"}, "rules parcheesi{Players:2}\nred 10 20 30 40\nturn red\ndie 4 4\nbottoms\n", exitOK, []string{
			"red rolled a double 4 with every token out, four moves: tops and bottoms 4, 3, 4 and 3 (rule H2, tops and bottoms)",
			"red 0: 10-13 (squares 11-14)  moves token 0 from square 11 to square 14 (C8), with a bottom, 3 (7 minus the top), of the double 4 played as tops and bottoms (H2), red plays the tops and bottoms still due, 4, 4 and 3, next, with no roll (H2)",
			"red 0: 10-14 (squares 11-15)  moves token 0 from square 11 to square 15 (C8), with a top, 4, of the double 4 played as tops and bottoms (H2), red plays the tops and bottoms still due, 3, 4 and 3, next, with no roll (H2)",
		}},
		{[]string{"moves", "-"}, "rules parcheesi{Players:2}\nred 14 20 30 40\nturn red\ndie 4 4\nbottoms\nplayed 4 3 4\n", exitOK, []string{
			"red rolled a double 4, played as tops and bottoms: 3 still due (rule H2, tops and bottoms)",
			"red 0: 14-17 (squares 15-18)  moves token 0 from square 15 to square 18 (C8), with a bottom, 3 (7 minus the top), of the double 4 played as tops and bottoms (H2), the double 4 earns red a bonus roll (W3)",
		}},
		{[]string{"moves", "-"}, "rules parcheesi{Players:2}\nred 10 20 -1 -1\nyellow @14\nturn red\ndie 3 6\n", exitOK, []string{
			"red 0: 10-13 x1 (squares 11-14)  moves token 0 from square 11 to square 14 (C8), with the 3 of 3 and 6 (W1), captures 1 yellow token (C11), the capture earns a bonus move, due once the dice are played (W4), red plays the other die, 6, next, with no roll (W1)",
		}},
		{[]string{"moves", "-"}, "rules parcheesi{Players:2}\nred 13 20 -1 -1\nturn red\ndie 3 6\nplayed 3\nearned 20\n", exitOK, []string{
			"red 1: 20-26 (squares 21-27)  moves token 1 from square 21 to square 27 (C8), with the 6, the throw's other die (W1), the dice played, red makes a bonus move of 20 the throw earned, with no roll (W4)",
		}},
		{[]string{"moves", "-"}, "rules parcheesi{Players:2}\nred 13 20 -1 -1\nturn red\ndie 3 6\nplayed 3 6\nearned 20\n", exitOK, []string{
			"red has a bonus move of 20, after the dice (rule P8, counting 20 and 10; rule W4, bonus moves after the dice)",
			"red 0: 13-33 bonus (squares 14-34)  moves token 0 20 squares, its bonus move, from square 14 to square 34 (P8), the bonus move comes after the dice, with no roll (W4), yellow plays next (C3)",
		}},
		{[]string{"moves", "-"}, "rules parcheesi{Players:2}\nred 10 40 -1 -1\nturn red\ndie 1 4\n", exitOK, []string{
			"red 2: yard-0 enter both (the yard to square 1)  enters token 2 on its start square 1 (C7), with both dice, 1 and 4, which sum to 5 (H1), yellow plays next (C3)",
		}},
		{[]string{"moves", "-"}, "rules parcheesi{Players:2}\nred 10 40 62 -1\nturn red\ndie 3 3\nsixes 3\n", exitOK, []string{
			"red pass (forfeit)  forfeit: the third double in a row is not played (W3), token 2, the nearest its finish, goes back to its yard from square 63 (H3), yellow plays next (C3)",
		}},
		{[]string{"why", "-", "0: 9-12 die 3"}, "rules parcheesi{Players:2}\nred 9 20 30 40\nyellow @13\nturn red\ndie 3 6\n", exitIllegal, []string{
			"rule H4, safe spaces no two colours share: token 0 cannot land on the safe square 13, which an opponent holds",
		}},
		{[]string{"why", "-", "1: 20-22 block"}, blockLeft, exitIllegal, []string{
			"rule H5, a double does not move a blockade on: token 1 would ",
		}},
		{[]string{"replay", "-"}, "rules parcheesi{Players:2}\n1 red 5,5 0: yard-0 enter die 5\n", exitOK, []string{
			"The game goes on: red to play the other die, 5.",
		}},
		// Uckers: the dice added on one counter are rule U2's move, not
		// H1's entry, and the path of a refused move is its own count's:
		// the sum's, or the die it names.
		{[]string{"moves", "-"}, "rules uckers\nred 10 40\nblue @13\nturn red\ndie 2 3\n", exitOK, []string{
			"red 0: 10-15 both (squares 11-16)  moves token 0 from square 11 to square 16 (C8), with both dice, 2 and 3, as one move of their sum, 5, landing only at its end (U2), green plays next (C3)",
		}},
		{[]string{"why", "-", "0: 12-19 both"}, "rules uckers\nred 12 30\ngreen 3 3\nturn red\ndie 3 4\n", exitIllegal, []string{
			"rule B2, blocks stop opponents: token 0 cannot pass the block on square 17",
			"path on the board: passes 14, 15, 16, 17 (green block), 18, 19; would stop on 20",
		}},
		{[]string{"why", "-", "0: 12-16 die 4"}, "rules uckers\nred 12 30\ngreen 3 3\nturn red\ndie 3 4\n", exitIllegal, []string{
			"path on the board: passes 14, 15, 16; would stop on 17 (green block)",
		}},
	} {
		status, out, errOut := runCase(c.args, c.position)
		for _, want := range c.want {
			if status != c.status || !strings.Contains(out, want) {
				t.Errorf("%v %q: status %d (want %d), lacks %q:\n%s%s", c.args, c.position, status, c.status, want, out, errOut)
			}
		}
	}
}

// TestTwoColorsEach: under uckers{Teams:TwoColorsEach} (rule T3) moves
// lists the moves of both the player's colours, each on its own colour's
// squares, and says why each colour's other tokens cannot move.
func TestTwoColorsEach(t *testing.T) {
	text := "rules uckers{Teams:TwoColorsEach}\nred 10\ngreen @30\nyellow @20\nblue @45\nturn red\ndie 4 2\n"
	status, out, errOut := runCase([]string{"moves", "-"}, text)
	if status != exitOK || errOut != "" {
		t.Fatalf("status %d, stderr %q", status, errOut)
	}
	for _, want := range []string{
		"red 0: 10-14 (squares 11-15)                moves token 0 from square 11 to square 15 (C8)",
		"yellow 0: 45-49 (squares 20-24)             moves token 0 from square 20 to square 24 (C8), with the 4 of 4 and 2 (W1), red plays the other die, 2, next",
		"\n  token 1 in the yard: is in the yard",
		"\n  yellow token 1 in the yard: is in the yard",
		"\n  yellow token 3 in the yard: as yellow token 1\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the output lacks %q:\n%s", want, out)
		}
	}
	status, out, _ = runCase([]string{"why", "-", "yellow 0"}, text)
	if status != exitOK || !strings.Contains(out, "LEGAL: yellow 0: 45-47") {
		t.Errorf("why yellow 0: status %d\n%s", status, out)
	}
	status, out, _ = runCase([]string{"why", "-", "green 0"}, text)
	if status == exitOK || !strings.Contains(out, "T3") {
		t.Errorf("why green 0, the opponent's colour: status %d\n%s", status, out)
	}
}

// TestDocs checks the outputs shown in docs/disputes.md: each fenced
// block that begins with "$ go run ./cmd/ludo-referee ARGS" holds
// what the referee prints for ARGS (paths from the repository's root).
func TestDocs(t *testing.T) {
	doc := readFile(t, "../../docs/disputes.md")
	blocks := regexp.MustCompile("(?s)```\n\\$ go run \\./cmd/ludo-referee ([^\n]*)\n(.*?)```").FindAllStringSubmatch(doc, -1)
	if len(blocks) < 2 {
		t.Fatalf("%d outputs in docs/disputes.md, want one of compare and one of fit", len(blocks))
	}
	for _, b := range blocks {
		args := strings.Fields(strings.ReplaceAll(b[1], "cmd/ludo-referee/", ""))
		_, out, errOut := runCase(args, "")
		if out != b[2] || errOut != "" {
			t.Errorf("ludo-referee %s prints (stderr %q):\n%s\ndocs/disputes.md shows:\n%s", b[1], errOut, out, b[2])
		}
	}
}
