package ludo

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// The scenario suite: testdata/scenarios/*.txt, one disputed position a
// file, with the rules it pins, the legal moves the rulebook allows and
// the positions the chosen moves lead to. testdata/scenarios/README.md
// describes the syntax. Run with -update to rewrite the expect, refuse and
// then lines from what the code does (only after changing a rule on
// purpose; the git diff then shows what changed).

const scnDir = "testdata/scenarios"

// scnFile is a scenario file as read.
type scnFile struct {
	path   string
	text   string
	s      State // the position, a move due
	pins   []string
	says   string
	start  bool // the position is New(rules) rolled with the die
	expect []scnMove
	refuse []scnRefuse
	plays  []*scnPlay
}

// scnMove is a move written on a line: its text, where it starts.
type scnMove struct {
	n, col int
	text   string
}

// scnRefuse is a refuse line: a move and the rule that forbids it.
type scnRefuse struct {
	scnMove
	rule string
}

// scnPlay is a play line and the then lines after it.
type scnPlay struct {
	scnMove
	then []textLine
}

// scnKeys are the keys a scenario adds to a position's.
var scnKeys = []string{"pins", "says", "start", "expect", "refuse", "play", "then"}

// scnRuleRE matches a rule number: one of the rulebook's family letters
// (C, B, Q, K, M, D, P, F, V, W, N, T: read from rulebook.go) and a
// number.
var scnRuleRE = regexp.MustCompile(`^[` + scnLetters() + `][0-9]+$`)

// scnLetters returns the family letters of the rulebook's numbers, in
// the rulebook's order.
func scnLetters() string {
	var letters []byte
	for _, sec := range rulebook {
		for _, r := range sec.rules {
			if !slices.Contains(letters, r.number[0]) {
				letters = append(letters, r.number[0])
			}
		}
	}
	return string(letters)
}

// scnText returns a move's text in a scenario: without its colour, but
// for a move of the mover's other colour (rule T3), which names it.
func scnText(s *State, mt moveText) string {
	if mt.hasColor && mt.color != s.mover() {
		return mt.color.String() + " " + mt.String()
	}
	return mt.String()
}

// parseScenario reads a scenario file with parsePositionFunc, whose extra
// hook takes the scenario's own keys.
func parseScenario(path, text string) (*scnFile, error) {
	sc := &scnFile{path: path, text: text}
	saysAt, startAt := 0, 0
	bad := func(l textLine, w textWord, format string, a ...any) error {
		return &ParseError{Line: l.N, Col: w.Col, Msg: fmt.Sprintf(format, a...), Err: ErrSyntax}
	}
	hook := func(l textLine) error {
		key := strings.ToLower(l.Key.Text)
		if !slices.Contains(scnKeys, key) {
			return bad(l, l.Key, "unknown key %q: want a position key or %s", l.Key.Text, strings.Join(scnKeys, ", "))
		}
		if key != "start" && len(l.Args) == 0 {
			return bad(l, l.Key, "%s needs a value", key)
		}
		mv := scnMove{n: l.N}
		if len(l.Args) > 0 {
			mv.col, mv.text = l.Args[0].Col, l.Rest()
		}
		switch key {
		case "pins":
			for _, w := range l.Args {
				r := strings.ToUpper(w.Text)
				if !scnRuleRE.MatchString(r) {
					return bad(l, w, "%q is not a rule number, as C9, B2 or Q7", w.Text)
				}
				if slices.Contains(sc.pins, r) {
					return bad(l, w, "%s pinned twice", r)
				}
				sc.pins = append(sc.pins, r)
			}
		case "says":
			if saysAt != 0 {
				return bad(l, l.Key, "a second says line; the first is line %d", saysAt)
			}
			saysAt, sc.says = l.N, l.Rest()
		case "start":
			if len(l.Args) != 0 {
				return bad(l, l.Args[0], "start takes no value")
			}
			if startAt != 0 {
				return bad(l, l.Key, "a second start line; the first is line %d", startAt)
			}
			startAt, sc.start = l.N, true
		case "expect":
			sc.expect = append(sc.expect, mv)
		case "refuse":
			last := l.Args[len(l.Args)-1]
			r := strings.ToUpper(last.Text)
			if len(l.Args) < 2 || !scnRuleRE.MatchString(r) {
				return bad(l, last, "refuse takes a move and the rule that forbids it, as \"refuse 1 B2\"")
			}
			mv.text = strings.TrimSpace(mv.text[:len(mv.text)-len(last.Text)])
			sc.refuse = append(sc.refuse, scnRefuse{mv, r})
		case "play":
			sc.plays = append(sc.plays, &scnPlay{scnMove: mv})
		case "then":
			if len(sc.plays) == 0 {
				return bad(l, l.Key, "a then line belongs after a play line")
			}
			p := sc.plays[len(sc.plays)-1]
			p.then = append(p.then, l)
		}
		return nil
	}
	s, err := parsePositionFunc(text, hook)
	if err != nil {
		return nil, err
	}
	sc.s = s
	return sc, nil
}

// thenText returns the position a play's then lines write, each line at
// its line number and column in the file so that errors point into it,
// with the scenario's rules line added unless the block has its own.
func (sc *scnFile) thenText(p *scnPlay) string {
	var b strings.Builder
	n, hasRules := 1, false
	for _, l := range p.then {
		for ; n < l.N; n++ {
			b.WriteByte('\n')
		}
		b.WriteString(strings.Repeat(" ", l.Args[0].Col-1))
		b.WriteString(l.Rest())
		hasRules = hasRules || strings.EqualFold(l.Args[0].Text, "rules")
	}
	if !hasRules {
		b.WriteString("\nrules " + sc.s.Rules().String())
	}
	return b.String()
}

// scnResult is what the code does with a scenario: what -update writes.
type scnResult struct {
	legal      []string         // the legal moves' text, canonical order
	legalDiffs bool             // the expect lines say otherwise
	refuse     map[int]string   // by line, where it differs: the rule the code cites, "" if it accepts the move
	then       map[int][]string // by play line, where it differs: the resulting position's lines
	stuck      map[int]bool     // lines -update cannot rewrite (the code's answer is not of the line's kind)
	errs       []string         // what differs from the file
}

func TestScenarios(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(scnDir, "*.txt"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no scenario files in %s (%v)", scnDir, err)
	}
	for _, path := range files {
		t.Run(strings.TrimSuffix(filepath.Base(path), ".txt"), func(t *testing.T) {
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			sc, err := parseScenario(path, string(data))
			if err != nil {
				t.Fatalf("%s: %v", path, err)
			}
			res := sc.check()
			if len(res.errs) == 0 {
				return
			}
			if *update && sc.updatable(res) {
				if err := os.WriteFile(path, []byte(sc.rewrite(res)), 0o644); err != nil {
					t.Fatal(err)
				}
				t.Logf("rewritten from what the code does:\n%s", strings.Join(res.errs, "\n"))
				return
			}
			for _, e := range res.errs {
				t.Error(e)
			}
			if says := sc.says; says != "" {
				t.Logf("the dispute: %s (pins %s)", says, strings.Join(sc.pins, " "))
			}
			t.Logf("the position:\n%v", sc.s)
		})
	}
}

// check compares the scenario with what the code does.
func (sc *scnFile) check() scnResult {
	res := scnResult{refuse: map[int]string{}, then: map[int][]string{}, stuck: map[int]bool{}}
	fail := func(line int, format string, a ...any) {
		res.errs = append(res.errs, fmt.Sprintf("%s:%d: ", sc.path, line)+fmt.Sprintf(format, a...))
	}
	s := sc.s
	if s.Phase() != PhaseMove {
		fail(1, "the position has no move due: a scenario needs a die line")
		return res
	}
	if len(sc.pins) == 0 || sc.says == "" || len(sc.expect) == 0 {
		fail(1, "a scenario needs a pins line, a says line and at least one expect line")
		res.stuck[1] = true
	}
	if sc.start {
		st, err := New(s.Rules())
		a, b := s.Dice() // b is 0 with one die
		if err == nil {
			st, err = st.RollOutcome(Outcome{Face: a, Second: b}) // with two dice, both (rule W1)
		}
		if err != nil || st != s {
			fail(1, "start: the position is not the start of a game under its rules thrown %v:\n%s", Outcome{Face: a, Second: b}, scnDiff(FormatPosition(st), FormatPosition(s)))
			res.stuck[1] = true
		}
	}

	// The legal moves, as a set of texts (without the colour, but for a
	// move of the mover's other colour, rule T3).
	for _, m := range s.LegalMoves() {
		res.legal = append(res.legal, scnText(&s, textOf(m)))
	}
	want := map[string]int{}
	var wantOrder []string
	for _, e := range sc.expect {
		mt, perr := parseMoveText(e.text, e.n, e.col)
		switch {
		case perr != nil:
			fail(e.n, "expect: %v", perr)
			continue
		case mt.hasColor && !s.movesColor(s.mover(), mt.color):
			fail(e.n, "expect: the move is %v's, but %v is to move", mt.color, s.Turn())
			continue
		case !mt.pass && !mt.detail:
			fail(e.n, "expect: write the whole move (as %q), not just the token", "2: 12-18")
			continue
		}
		k := scnText(&s, mt)
		if first, dup := want[k]; dup {
			fail(e.n, "expect: %s is expected twice (first on line %d)", k, first)
			continue
		}
		want[k] = e.n
		wantOrder = append(wantOrder, k)
	}
	for _, k := range wantOrder {
		if !slices.Contains(res.legal, k) {
			why := "the code does not list it"
			if _, err := ParseMove(s, k); err != nil {
				why = "the code refuses it: " + strings.TrimPrefix(err.Error(), "ludo: illegal move: ")
			}
			fail(want[k], "expected legal move %s is missing: %s", k, why)
			res.legalDiffs = true
		}
	}
	for k, got := range res.legal {
		if slices.Index(res.legal, got) != k {
			fail(sc.expect[0].n, "the code lists %s twice", got)
			res.stuck[sc.expect[0].n] = true
		} else if _, ok := want[got]; !ok {
			fail(sc.expect[0].n, "the code lists the move %s, which is not expected", got)
			res.legalDiffs = true
		}
	}

	// Refused moves and the rule cited.
	for _, r := range sc.refuse {
		_, err := ParseMove(s, r.text)
		var ill *IllegalMoveError
		switch {
		case err == nil:
			res.refuse[r.n] = ""
			fail(r.n, "refuse: the code accepts %s, which rule %s should forbid", r.text, r.rule)
		case !errors.As(err, &ill) || ill.Rule == "":
			res.stuck[r.n] = true
			fail(r.n, "refuse: the code refuses %s, but not by a rule: %v", r.text, err)
		default:
			if ill.Rule != r.rule {
				res.refuse[r.n] = ill.Rule
				fail(r.n, "refuse: the code refuses %s by rule %s, want rule %s: %s", r.text, ill.Rule, r.rule, ill.Reason)
			}
		}
	}

	// The positions the chosen moves lead to.
	for _, p := range sc.plays {
		m, err := ParseMove(s, p.text)
		var next State
		if err == nil {
			next, err = s.Apply(m)
		}
		if err != nil {
			res.stuck[p.n] = true
			fail(p.n, "play %s: %v", p.text, err)
			continue
		}
		if len(p.then) == 0 {
			res.then[p.n] = scnBrief(next)
			fail(p.n, "play %s: no then lines say what position it leads to; the code gives:\n%s", p.text, FormatPosition(next))
			continue
		}
		want, err := ParsePosition(sc.thenText(p))
		if err != nil {
			res.stuck[p.n] = true
			fail(p.n, "play %s: then: %v", p.text, err)
			continue
		}
		if next != want {
			res.then[p.n] = scnBrief(next)
			d := scnDiff(FormatPosition(want), FormatPosition(next))
			if FormatPosition(want) == FormatPosition(next) {
				d = "(the texts agree, yet the States differ)\n" + FormatPosition(next)
			}
			fail(p.n, "play %s (%v) leads elsewhere than the then lines say (- then lines, + the code):\n%s", p.text, m, d)
		}
	}
	return res
}

// updatable reports whether -update can rewrite every line that differs.
func (sc *scnFile) updatable(res scnResult) bool {
	return len(res.stuck) == 0 && sc.s.Phase() == PhaseMove && len(sc.expect) > 0
}

// rewrite returns the file with its expect, refuse and then lines
// rewritten from what the code does; other lines stay as they are
// (comments on rewritten lines are lost).
func (sc *scnFile) rewrite(res scnResult) string {
	kind := map[int]string{}
	for _, e := range sc.expect {
		kind[e.n] = "expect"
	}
	refuse := map[int]scnRefuse{}
	for _, r := range sc.refuse {
		kind[r.n], refuse[r.n] = "refuse", r
	}
	for _, p := range sc.plays {
		kind[p.n] = "play"
		for _, l := range p.then {
			kind[l.N] = "then"
		}
	}
	playOf := map[int]int{} // then line: its play line
	for _, p := range sc.plays {
		for _, l := range p.then {
			playOf[l.N] = p.n
		}
	}
	var out []string
	first := true
	for k, line := range strings.Split(sc.text, "\n") {
		n := k + 1
		switch kind[n] {
		case "expect":
			if !res.legalDiffs {
				out = append(out, line)
			} else if first {
				for _, m := range res.legal {
					out = append(out, "expect  "+m)
				}
				first = false
			}
		case "refuse":
			if rule, ok := res.refuse[n]; !ok {
				out = append(out, line)
			} else if rule != "" {
				out = append(out, "refuse  "+refuse[n].text+" "+rule)
			}
		case "then":
			if _, ok := res.then[playOf[n]]; !ok {
				out = append(out, line)
			}
		case "play":
			out = append(out, line)
			for _, l := range res.then[n] {
				out = append(out, "then    "+l)
			}
		default:
			out = append(out, line)
		}
	}
	return strings.Join(out, "\n")
}

// scnBrief returns the lines of FormatPosition(s) that a then block
// needs: no rules line (the scenario's), tokens in the yard at the end of
// a colour's line left out, and colours all in the yard left out.
func scnBrief(s State) []string {
	var out []string
	for _, l := range strings.Split(strings.TrimSuffix(FormatPosition(s), "\n"), "\n") {
		key, _, _ := strings.Cut(l, " ")
		if key == "rules" {
			continue
		}
		if _, ok := ParseColor(key); ok || key == "undo" {
			for strings.HasSuffix(l, " yard") {
				l = strings.TrimRight(strings.TrimSuffix(l, " yard"), " ")
			}
			if l == key {
				continue
			}
		}
		out = append(out, strings.TrimRight(l, " "))
	}
	return out
}

// scnDiff returns a line diff of two texts: "  " for lines in both, "- "
// for lines only in want, "+ " for lines only in got.
func scnDiff(want, got string) string {
	a := strings.Split(strings.TrimSuffix(want, "\n"), "\n")
	b := strings.Split(strings.TrimSuffix(got, "\n"), "\n")
	// Longest common subsequence, by dynamic programming: the texts are a
	// few lines.
	lcs := make([][]int, len(a)+1)
	for i := range lcs {
		lcs[i] = make([]int, len(b)+1)
	}
	for i := len(a) - 1; i >= 0; i-- {
		for j := len(b) - 1; j >= 0; j-- {
			if a[i] == b[j] {
				lcs[i][j] = lcs[i+1][j+1] + 1
			} else {
				lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
			}
		}
	}
	var d strings.Builder
	i, j := 0, 0
	for i < len(a) || j < len(b) {
		switch {
		case i < len(a) && j < len(b) && a[i] == b[j]:
			d.WriteString("    " + a[i] + "\n")
			i, j = i+1, j+1
		case j < len(b) && (i == len(a) || lcs[i][j+1] >= lcs[i+1][j]):
			d.WriteString("  + " + b[j] + "\n")
			j++
		default:
			d.WriteString("  - " + a[i] + "\n")
			i++
		}
	}
	return d.String()
}

// scnRulebook returns the rule numbers of the rulebook (docs/rulebook.md), in order.
func scnRulebook(t *testing.T) []string {
	data, err := os.ReadFile("docs/rulebook.md")
	if err != nil {
		t.Fatal(err)
	}
	var rules []string
	for _, m := range regexp.MustCompile(`(?m)^- \*\*([A-Z][0-9]+) `).FindAllStringSubmatch(string(data), -1) {
		rules = append(rules, m[1])
	}
	return rules
}

// scnAll reads every scenario file.
func scnAll(t *testing.T) []*scnFile {
	files, err := filepath.Glob(filepath.Join(scnDir, "*.txt"))
	if err != nil {
		t.Fatal(err)
	}
	var all []*scnFile
	for _, path := range files {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		sc, err := parseScenario(path, string(data))
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		all = append(all, sc)
	}
	return all
}

// scnFamilies are the rulebook's families whose rules the scenarios must
// pin, with how many rules each has: C, B and Q (the seed texts' rules,
// the block rules and the rulings) each under both presets' block rules,
// once in a scenario without blocks and once in one with them; the other
// families each at least once.
var scnFamilies = []struct {
	letter     string
	rules      int
	withBlocks bool // pinned with and without blocks
}{
	{"C", 11, true}, {"B", 3, true}, {"Q", 13, true},
	{"K", 6, false},  // Ludo King: ludoking, ludoking6
	{"D", 4, false},  // Danish Ludo
	{"V", 2, false},  // Cờ cá ngựa
	{"M", 8, false},  // Mensch ärgere Dich nicht: maedn, maedn6
	{"P", 9, false},  // Parchís: parchis1, parchis6
	{"F", 2, false},  // Fia
	{"W", 4, false},  // two dice: naija, parcheesi, and other rules with TwoDice
	{"N", 5, false},  // Nigerian Ludo
	{"T", 3, false},  // partnerships
	{"H", 5, false},  // Parcheesi
	{"E", 5, false},  // Parchís with two dice: parchis, parchis6d
	{"U", 5, false},  // Uckers
	{"Z", 10, false}, // Chińczyk
	{"I", 9, false},  // Non t'arrabbiare
	{"X", 1, false},  // cowries
	{"G", 13, false}, // Griniaris: classic
	{"A", 9, false},  // Brazilian Ludo, the PUC-Rio rules: brasilpuc
	{"R", 7, false},  // Ludo in Brazil: the torre (brasil)
	{"S", 8, false},  // Eile mit Weile
	{"L", 9, false},  // Petits chevaux
	{"Y", 10, false}, // Pachisi
}

// scnPending are the rulebook's family letters whose scenarios are still
// to be written (E, Parchís with two dice): the coverage test does not require their
// rules yet, nor the option values only they play. Move a letter to
// scnFamilies when its scenarios are in.
const scnPending = ""

// scnOptions are the option values that change an outcome, each with the
// families whose scenarios must play it: a value is required when one of
// its letters is in scnFamilies.
var scnOptions = []struct {
	families, name string
	has            func(Rules) bool
}{
	{"C", "Players:2", func(r Rules) bool { return r.Players == 2 }},
	{"C", "Players:3", func(r Rules) bool { return r.Players == 3 }},
	{"C", "Players:4", func(r Rules) bool { return r.Players == 4 }},
	{"K", "Arms:6 (a six-arm board)", func(r Rules) bool { return r.Board.Arms == 6 }},
	{"Q", "Seats given", func(r Rules) bool { return r.Seats != 0 }},
	{"C", "Tokens < 4", func(r Rules) bool { return r.Tokens < 4 }},
	{"KM", "StartOut > 0", func(r Rules) bool { return r.StartOut > 0 }},
	{"C", "EntryRolls:{1 6}", func(r Rules) bool { return r.EntryRolls == FacesOf(1, 6) }},
	{"P", "EntryRolls:{5}", func(r Rules) bool { return r.EntryRolls == FacesOf(5) }},
	{"F", "SixEntry:SixEntersTwoOrRuns", func(r Rules) bool { return r.SixEntry == SixEntersTwoOrRuns }},
	{"MP", "EntryCompulsory:true", func(r Rules) bool { return r.EntryCompulsory }},
	{"M", "ClearStart:true", func(r Rules) bool { return r.ClearStart }},
	{"DM", "Tries:3", func(r Rules) bool { return r.Tries == 3 }},
	{"C", "BonusRolls:{}", func(r Rules) bool { return r.BonusRolls == 0 }},
	{"V", "BonusRolls:{1 6}", func(r Rules) bool { return r.BonusRolls == FacesOf(1, 6) }},
	{"C", "SixLimit:0", func(r Rules) bool { return r.SixLimit == 0 }},
	{"Q", "SixPenalty:VoidRoll", func(r Rules) bool { return r.SixPenalty == VoidRoll }},
	{"Q", "SixPenalty:UndoTurn", func(r Rules) bool { return r.SixPenalty == UndoTurn }},
	{"P", "SixPenalty:LastMovedHome", func(r Rules) bool { return r.SixPenalty == LastMovedHome }},
	{"Q", "NoMoveForfeitsBonus:false", func(r Rules) bool { return !r.NoMoveForfeitsBonus }},
	{"Q", "NoMoveForfeitsBonus:true", func(r Rules) bool { return r.NoMoveForfeitsBonus }},
	{"P", "SixValue:7", func(r Rules) bool { return r.SixValue == 7 }},
	{"K", "CaptureBonus:roll", func(r Rules) bool { return r.CaptureBonus == BonusRoll }},
	{"P", "CaptureBonus:20", func(r Rules) bool { return r.CaptureBonus == BonusMove(20) }},
	{"K", "HomeBonus:roll", func(r Rules) bool { return r.HomeBonus == BonusRoll }},
	{"P", "HomeBonus:10", func(r Rules) bool { return r.HomeBonus == BonusMove(10) }},
	{"B", "Blocks:NoBlocks", func(r Rules) bool { return r.Blocks == NoBlocks }},
	{"B", "Blocks:BlocksStopOpponents", func(r Rules) bool { return r.Blocks == BlocksStopOpponents }},
	{"B", "Blocks:BlocksStopAll", func(r Rules) bool { return r.Blocks == BlocksStopAll }},
	{"R", "Blocks:BlocksTowers", func(r Rules) bool { return r.Blocks == BlocksTowers }},
	{"P", "BreakOnSix:true", func(r Rules) bool { return r.BreakOnSix }},
	{"P", "SquareLimit:2", func(r Rules) bool { return r.SquareLimit == 2 }},
	{"Q", "OwnLanding:OwnLandingAllowed", func(r Rules) bool { return r.OwnLanding == OwnLandingAllowed }},
	{"Q", "OwnLanding:OwnLandingForbidden", func(r Rules) bool { return r.OwnLanding == OwnLandingForbidden }},
	{"Q", "MultiCapture:CaptureAll", func(r Rules) bool { return r.MultiCapture == CaptureAll }},
	{"Q", "MultiCapture:CaptureRefused", func(r Rules) bool { return r.MultiCapture == CaptureRefused }},
	{"K", "MultiCapture:CaptureNone", func(r Rules) bool { return r.MultiCapture == CaptureNone }},
	{"D", "MultiCapture:CaptureMover", func(r Rules) bool { return r.MultiCapture == CaptureMover }},
	{"KP", "Safe squares, SafeSquares:SafeShare", func(r Rules) bool { return r.Board.Safe != 0 && r.SafeSquares == SafeShare }},
	{"D", "Safe squares, SafeSquares:SafeMoverHome", func(r Rules) bool { return r.Board.Safe != 0 && r.SafeSquares == SafeMoverHome }},
	{"K", "Safe squares, EntryCapture:EntryLands", func(r Rules) bool { return r.Board.Safe != 0 && r.EntryCapture == EntryLands }},
	{"D", "EntryCapture:EntryCapturesAll", func(r Rules) bool { return r.EntryCapture == EntryCapturesAll }},
	{"P", "EntryCapture:EntryCapturesLast", func(r Rules) bool { return r.EntryCapture == EntryCapturesLast }},
	{"A", "GuardedExits:true", func(r Rules) bool { return r.GuardedExits }},
	{"D", "Stars", func(r Rules) bool { return r.Board.Stars != 0 }},
	{"M", "CaptureDuty:CaptureCompulsory", func(r Rules) bool { return r.CaptureDuty == CaptureCompulsory }},
	{"M", "CaptureDuty:CapturePenalty", func(r Rules) bool { return r.CaptureDuty == CapturePenalty }},
	{"K", "CaptureBeforeHome:true", func(r Rules) bool { return r.CaptureBeforeHome }},
	{"F", "Overtake:OvertakeOpponents", func(r Rules) bool { return r.Overtake == OvertakeOpponents }},
	{"F", "Overtake:OvertakeNone", func(r Rules) bool { return r.Overtake == OvertakeNone }},
	{"M", "HomeJumps:HomeJumpsForbidden", func(r Rules) bool { return r.HomeJumps == HomeJumpsForbidden }},
	{"C", "Finish:ExactFinish", func(r Rules) bool { return r.Finish == ExactFinish }},
	{"CD", "Finish:BounceFinish", func(r Rules) bool { return r.Finish == BounceFinish }},
	{"L", "HomeSteps, Finish:BounceFinish", func(r Rules) bool { return r.HomeSteps && r.Finish == BounceFinish }},
	{"L", "HomeSteps, Overtake:OvertakeNone", func(r Rules) bool { return r.HomeSteps && r.Overtake == OvertakeNone }},
	{"L", "HomeSteps, Tokens:2", func(r Rules) bool { return r.HomeSteps && r.Tokens == 2 }},
	{"C", "Finish:AnyRollFinishes", func(r Rules) bool { return r.Finish == AnyRollFinishes }},
	{"VM", "Goal:GoalSlots", func(r Rules) bool { return r.Goal == GoalSlots }},
	{"V", "HomeSteps:true", func(r Rules) bool { return r.HomeSteps }},
	{"K", "FinishTokens > 0", func(r Rules) bool { return r.FinishTokens > 0 }},
	{"T", "Teams:Partners", func(r Rules) bool { return r.Teams == Partners }},
	{"W", "TwoDice:true", func(r Rules) bool { return r.TwoDice }},
	{"W", "TwoDice, DiceUse:EitherDie", func(r Rules) bool { return r.TwoDice && r.DiceUse == EitherDie }},
	{"W", "DiceUse:LargerDie", func(r Rules) bool { return r.DiceUse == LargerDie }},
	{"W", "TwoDice, SixLimit > 0", func(r Rules) bool { return r.TwoDice && r.SixLimit > 0 }},
	{"W", "TwoDice, CaptureRetires:false", func(r Rules) bool { return r.TwoDice && !r.CaptureRetires }},
	{"W", "TwoDice, CaptureBonus of steps", func(r Rules) bool { return r.TwoDice && r.CaptureBonus.Steps() > 0 }},
	{"W", "TwoDice, HomeBonus of steps", func(r Rules) bool { return r.TwoDice && r.HomeBonus.Steps() > 0 }},
	{"N", "CaptureRetires:true", func(r Rules) bool { return r.CaptureRetires }},
	{"Y", "TowersTogether:true", func(r Rules) bool { return r.TowersTogether }},
	{"Y", "RoundAgain:true", func(r Rules) bool { return r.RoundAgain }},
	{"Y", "Decline:true", func(r Rules) bool { return r.Decline }},
	{"U", "BonusAnyDie:true", func(r Rules) bool { return r.BonusAnyDie }},
	{"U", "SumMoves:true", func(r Rules) bool { return r.SumMoves }},
	{"U", "Teams:PartnersPlayOn", func(r Rules) bool { return r.Teams == PartnersPlayOn }},
	{"H", "EntrySum:true", func(r Rules) bool { return r.EntrySum }},
	{"H", "TopsAndBottoms:true", func(r Rules) bool { return r.TopsAndBottoms }},
	{"H", "SixPenalty:NearestHome", func(r Rules) bool { return r.SixPenalty == NearestHome }},
	{"H", "Safe squares, SafeSquares:SafeExclusive", func(r Rules) bool { return r.Board.Safe != 0 && r.SafeSquares == SafeExclusive }},
	{"H", "DoublesSplitBlocks:true", func(r Rules) bool { return r.DoublesSplitBlocks }},
	{"E", "TwoDice, BreakOnSix:true", func(r Rules) bool { return r.TwoDice && r.BreakOnSix }},
	{"E", "TwoDice, SixPenalty:LastMovedHome", func(r Rules) bool { return r.TwoDice && r.SixPenalty == LastMovedHome }},
	{"E", "TwoDice, EntryCapture:EntryCapturesLast", func(r Rules) bool { return r.TwoDice && r.EntryCapture == EntryCapturesLast }},
	{"E", "TwoDice, Arms:6", func(r Rules) bool { return r.TwoDice && r.Board.Arms == 6 }},
	{"Q", "End:PlayForAllPlaces", func(r Rules) bool { return r.End == PlayForAllPlaces }},
	{"Q", "End:FirstWinner", func(r Rules) bool { return r.End == FirstWinner }},
	{"S", "Overtake:OvertakeCaptures", func(r Rules) bool { return r.Overtake == OvertakeCaptures }},
	{"S", "SixValueAlways:true", func(r Rules) bool { return r.SixValueAlways }},
	{"S", "SixPenalty:ExposedHome", func(r Rules) bool { return r.SixPenalty == ExposedHome }},
	{"S", "Blocks:BlocksOnSafe", func(r Rules) bool { return r.Blocks == BlocksOnSafe }},
	{"S", "Finish:BounceFinish, SixValue:12", func(r Rules) bool { return r.Finish == BounceFinish && r.SixValue == 12 }},
	{"Y", "StartLane > 0", func(r Rules) bool { return r.Board.StartLane > 0 }},
	{"Y", "FirstEntryAny:true", func(r Rules) bool { return r.FirstEntryAny }},
	{"Y", "FirstEntryAny:false, Cowries:true", func(r Rules) bool { return !r.FirstEntryAny && r.Cowries }},
	{"Y", "Cowries:true, Finish:BounceFinish", func(r Rules) bool { return r.Cowries && r.Finish == BounceFinish }},
	{"Y", "Cowries:true, Finish:ExactFinish", func(r Rules) bool { return r.Cowries && r.Finish == ExactFinish }},
	{"Y", "Blocks:BlocksTowers, Teams:Partners", func(r Rules) bool { return r.Blocks == BlocksTowers && r.Teams == Partners }},
}

// TestScenarioCoverage checks that the scenarios pin every rule and ruling
// of the families in scnFamilies (C, B and Q under both presets' block
// rules: the Classic family, without blocks, and the Mongolian family,
// with them), that they pin nothing outside the rulebook, and that every
// option value in scnOptions of those families is played in at least one
// of them.
func TestScenarioCoverage(t *testing.T) {
	book := scnRulebook(t)
	required := map[string]bool{}
	var want []string
	for _, f := range scnFamilies {
		required[f.letter] = true
		for k := 1; k <= f.rules; k++ {
			want = append(want, fmt.Sprintf("%s%d", f.letter, k))
		}
	}
	for _, r := range want {
		if !slices.Contains(book, r) {
			t.Errorf("the rulebook (docs/rulebook.md) has no rule %s (read %v)", r, book)
		}
	}
	for _, r := range book {
		letter := r[:1]
		switch {
		case required[letter] && !slices.Contains(want, r):
			t.Errorf("the rulebook has rule %s, which scnFamilies does not count: raise its number of rules", r)
		case !required[letter] && !strings.Contains(scnPending, letter):
			t.Errorf("the rulebook has rule %s, of a family neither in scnFamilies nor in scnPending", r)
		}
	}
	all := scnAll(t)
	if len(all) < 60 {
		t.Errorf("%d scenarios, want at least 60", len(all))
	}
	pinned := map[string]map[string]int{"classic": {}, "mongolian": {}}
	for _, sc := range all {
		family := "classic"
		if sc.s.Rules().Blocks != NoBlocks {
			family = "mongolian"
		}
		for _, r := range sc.pins {
			if !slices.Contains(book, r) {
				t.Errorf("%s pins %s, which is not in the rulebook", sc.path, r)
			}
			pinned[family][r]++
		}
	}
	for _, f := range scnFamilies {
		for k := 1; k <= f.rules; k++ {
			r := fmt.Sprintf("%s%d", f.letter, k)
			switch {
			case f.withBlocks:
				for _, family := range []string{"classic", "mongolian"} {
					if pinned[family][r] == 0 {
						t.Errorf("no %s-family scenario pins %s", family, r)
					}
				}
			case pinned["classic"][r]+pinned["mongolian"][r] == 0:
				t.Errorf("no scenario pins %s", r)
			}
		}
	}
	for _, o := range scnOptions {
		if !strings.ContainsFunc(o.families, func(l rune) bool { return required[string(l)] }) {
			continue
		}
		if !slices.ContainsFunc(all, func(sc *scnFile) bool { return o.has(sc.s.Rules()) }) {
			t.Errorf("no scenario plays under %s", o.name)
		}
	}
}

// TestScenarioParse checks the scenario reader's errors and -update's
// rewriting on small texts.
func TestScenarioParse(t *testing.T) {
	for _, c := range []struct{ text, err string }{
		{"rules classic\ndie 3\nthen red 3\n", "line 3, column 1: a then line belongs after a play line"},
		{"rules classic\ndie 3\npins J1\n", "line 3, column 6: \"J1\" is not a rule number"},
		{"rules classic\ndie 3\npins C1 c1\n", "line 3, column 9: C1 pinned twice"},
		{"rules classic\ndie 3\nrefuse 0\n", "line 3, column 8: refuse takes a move and the rule"},
		{"rules classic\ndie 3\nfoo\n", "line 3, column 1: unknown key \"foo\""},
		{"rules classic\ndie 3\nsays a\nsays b\n", "line 4, column 1: a second says line"},
		{"rules classic\ndie 3\nexpect\n", "line 3, column 1: expect needs a value"},
	} {
		_, err := parseScenario("x", c.text)
		if err == nil || !strings.Contains(err.Error(), c.err) {
			t.Errorf("parseScenario(%q) = %v, want an error containing %q", c.text, err, c.err)
		}
	}

	// A then block's errors point into the file.
	sc, err := parseScenario("x", "rules classic\nred 3\ndie 3\npins C8\nsays s\nexpect 0: 3-6\nplay 0\nthen   red 6\nthen   turn purple\n")
	if err != nil {
		t.Fatal(err)
	}
	_, err = ParsePosition(sc.thenText(sc.plays[0]))
	if err == nil || !strings.Contains(err.Error(), "line 9, column 13") {
		t.Errorf("then block error = %v, want it at line 9, column 13", err)
	}

	// start with two dice (rule W1): the start of a game thrown with both.
	for _, c := range []struct {
		text string
		ok   bool
	}{
		{"rules naija\nstart\ndie 6 3\npins W1\nsays s\nexpect 0: yard-0 enter\n", true},
		{"rules naija\nstart\ndie 6 3\nplayed 6\nred 0\npins W1\nsays s\nexpect 0: 0-3\n", false},
		{"rules naija\nstart\nturn green\ndie 6 3\npins W1\nsays s\nexpect 0: yard-0 enter\n", false},
	} {
		sc, err := parseScenario("x", c.text)
		if err != nil {
			t.Fatal(err)
		}
		res := sc.check()
		if started := !slices.ContainsFunc(res.errs, func(e string) bool { return strings.Contains(e, "start:") }); started != c.ok || len(res.errs) > 0 && c.ok {
			t.Errorf("start scenario %q: errors %q, want the start accepted %v", c.text, res.errs, c.ok)
		}
	}

	// -update rewrites expect, refuse and then lines and keeps the rest.
	text := "# c\nrules classic\nred 3 10\ndie 3\npins C8\nsays s\nexpect 0: 3-6  # kept? no\nexpect 9: 1-2\nrefuse 1 B2\nrefuse 0 C5\nplay 1\nthen red 3 10\n# end\n"
	sc, err = parseScenario("x", text)
	if err != nil {
		t.Fatal(err)
	}
	res := sc.check()
	if !sc.updatable(res) || len(res.errs) == 0 {
		t.Fatalf("updatable %v, errors %q", sc.updatable(res), res.errs)
	}
	want := "# c\nrules classic\nred 3 10\ndie 3\npins C8\nsays s\nexpect  0: 3-6\nexpect  1: 10-13\nplay 1\nthen    red     3 13\nthen    turn    green\n# end\n"
	got := sc.rewrite(res)
	if got != want {
		t.Errorf("rewrite:\n%s", scnDiff(want, got))
	}
	sc, err = parseScenario("x", got)
	if err != nil {
		t.Fatal(err)
	}
	if res := sc.check(); len(res.errs) != 0 {
		t.Errorf("the rewritten scenario fails: %q", res.errs)
	}
}
