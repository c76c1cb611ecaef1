package ludo_test

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unsafe"

	"github.com/ludorules/ludo"
	"github.com/ludorules/ludo/internal/readme"
)

// The README states counts a test can check: how many scenarios there
// are, the rule numbers of each family, the presets, the perft counts, the
// action ids, the boards' squares. The tests below find each claim in the
// README's text and check it against what it counts, so the README cannot
// drift from the code (as "236 disputes" did, in two places, while a third
// said 240). A claim the README no longer makes fails its test too: then
// drop it from the list below. Measured figures (times, speeds, win rates)
// are not here: a test cannot measure them.

// preset returns the rules of a preset, failing the test if there is none.
func preset(t *testing.T, name string) ludo.Rules {
	t.Helper()
	r, ok := ludo.Preset(name)
	if !ok {
		t.Fatalf("no preset %q", name)
	}
	return r
}

// squares counts the track squares of board b that is reports true for.
func squares(b ludo.Board, is func(ludo.Square) bool) (list []int) {
	for n := 1; n <= b.Track; n++ {
		if is(ludo.TrackSquare(n)) {
			list = append(list, n)
		}
	}
	return list
}

// readmeCounts are the README's claims: a regular expression matching the
// claim (in the README's text, white space made single spaces), whose
// groups are the counts, and the counts it must give, as the README writes
// them (compared ignoring case); want may check more and report it.
var readmeCounts = []struct {
	what string
	re   string
	want func(t *testing.T, m []string) []string
}{
	{"the scenarios", `(\d[\d,]*) (?:disputes already settled|files, each a dispute)`, func(t *testing.T, _ []string) []string {
		files, err := filepath.Glob("testdata/scenarios/*.txt")
		if err != nil {
			t.Fatal(err)
		}
		return []string{readme.Commas(len(files))}
	}},
	{"the Go version", `with Go (1\.\d+) or later`, func(t *testing.T, _ []string) []string {
		data, err := os.ReadFile("go.mod")
		if err != nil {
			t.Fatal(err)
		}
		m := regexp.MustCompile(`(?m)^go (1\.\d+)`).FindSubmatch(data)
		if m == nil {
			t.Fatal("go.mod has no go line")
		}
		return []string{string(m[1])}
	}},
	{"the most players", `\(up to (\w+) players\)`, func(*testing.T, []string) []string {
		return []string{readme.Word(ludo.MaxPlayers)}
	}},
	{"the presets", "`ludo.Preset\\(name\\)`, `ludo.Presets\\(\\)` \\| the rules of a family's preset: ([a-z0-9, ]+), and the six-arm ([a-z0-9, ]+?) \\|", func(t *testing.T, m []string) []string {
		var four, six []string
		for _, name := range ludo.Presets() {
			if preset(t, name).Board.Arms == 6 {
				six = append(six, name)
			} else {
				four = append(four, name)
			}
		}
		want := []string{strings.Join(four, ", "), strings.Join(six, ", ")}
		for k := range want { // in any order
			got := strings.Split(m[1+k], ", ")
			if slices.Sort(got); slices.Equal(got, slices.Sorted(slices.Values(strings.Split(want[k], ", ")))) {
				want[k] = m[1+k]
			}
		}
		return want
	}},
	{"the classic board", `0–(\d+) the track, (\d+)–(\d+) the home column and (\d+) the finish on the classic board\. Track squares are numbered 1–(\d+) clockwise from Red's start square; Green starts on (\d+), Yellow on (\d+), Blue on (\d+)\.`, func(*testing.T, []string) []string {
		b := ludo.Classic().Board
		return []string{strconv.Itoa(b.HomeEntry), strconv.Itoa(b.HomeEntry + 1), strconv.Itoa(b.HomeEntry + b.HomeColumn), strconv.Itoa(b.Finish()), strconv.Itoa(b.Track),
			strconv.Itoa(b.StartSquare(ludo.Green)), strconv.Itoa(b.StartSquare(ludo.Yellow)), strconv.Itoa(b.StartSquare(ludo.Blue))}
	}},
	{"the six-arm presets", "The presets `(\\w+)`, `(\\w+)` and `(\\w+)` are `(\\w+)`, `(\\w+)` and `(\\w+)` on a board of six arms \\(`Arms:6`, `Track` (\\d+), (\\d+) and (\\d+), `HomeEntry` (\\d+), (\\d+) and (\\d+): the arm repeated, so a token still turns home just before its own start square; (\\w+) players\\)", func(t *testing.T, m []string) []string {
		want := slices.Clone(m[1:7])
		for k := range 3 {
			six, four := preset(t, m[1+k]), preset(t, m[4+k])
			want = append(want, strconv.Itoa(six.Board.Track))
			if six.Board.Arms != 6 || six.Board.HomeEntry != six.Board.Track-(four.Board.Track-four.Board.HomeEntry) {
				t.Errorf("%s: Arms %d, HomeEntry %d on a track of %d: not the four-arm board's arm repeated", m[1+k], six.Board.Arms, six.Board.HomeEntry, six.Board.Track)
			}
			six.Preset, six.Board.Arms, six.Board.Track, six.Board.HomeEntry, six.Players = four.Preset, four.Board.Arms, four.Board.Track, four.Board.HomeEntry, four.Players
			if six != four {
				t.Errorf("%s is not %s on six arms: %v against %v", m[1+k], m[4+k], six, four)
			}
		}
		for k := range 3 {
			want = append(want, strconv.Itoa(preset(t, m[1+k]).Board.HomeEntry))
		}
		return append(want, readme.Word(preset(t, m[1]).Players))
	}},
	{"the faces of the die", "`s.Outcomes\\(\\)` \\((\\w+) faces, 1/(\\d+) each", func(t *testing.T, _ []string) []string {
		o := classicOutcomes(t)
		for _, f := range o {
			if f.Prob != 1/float64(len(o)) {
				t.Errorf("face %d has probability %v, not 1/%d", f.Face, f.Prob, len(o))
			}
		}
		return []string{readme.Word(len(o)), strconv.Itoa(len(o))}
	}},
	{"the faces of the die", "(?:a die's|a ply: each of the) (\\w+) faces", func(t *testing.T, _ []string) []string {
		return []string{readme.Word(len(classicOutcomes(t)))}
	}},
	{"the throws of two dice", "two dice's (\\d+) pairs, lower face first", func(t *testing.T, _ []string) []string {
		s, err := ludo.New(preset(t, "naija"))
		if err != nil {
			t.Fatal(err)
		}
		o, sum := s.Outcomes(), 0.0
		for _, f := range o {
			if f.Face > f.Second || f.Prob != float64(2-b2i(f.Face == f.Second))/36 {
				t.Errorf("two dice's throw %v has probability %v", f, f.Prob)
			}
			sum += f.Prob
		}
		if sum < 1-1e-9 || sum > 1+1e-9 {
			t.Errorf("two dice's throws add up to %v", sum)
		}
		return []string{strconv.Itoa(len(o))}
	}},
	{"the action ids", "`NumActions` \\((\\d+)\\) of them, a token's index 0–(\\d+), `PassAction` \\((\\d+), the forced and the forfeiting pass alike\\), or `SecondAction`\\+index \\((\\d+)–(\\d+)\\)[^`]*`BothAction`\\+index \\((\\d+)–(\\d+)\\)[^`]*`MateAction`\\+block\\+index \\((\\d+)–(\\d+)\\)", func(*testing.T, []string) []string {
		return []string{strconv.Itoa(ludo.NumActions), strconv.Itoa(ludo.MaxTokens - 1), strconv.Itoa(ludo.PassAction), strconv.Itoa(ludo.SecondAction), strconv.Itoa(ludo.SecondAction + ludo.MaxTokens - 1),
			strconv.Itoa(ludo.BothAction), strconv.Itoa(ludo.BothAction + ludo.MaxTokens - 1), strconv.Itoa(ludo.MateAction), strconv.Itoa(ludo.NumActions - 1)}
	}},
	{"the size of a State", "A `State` is (\\d+) bytes", func(*testing.T, []string) []string {
		return []string{strconv.Itoa(int(unsafe.Sizeof(ludo.State{})))}
	}},
	{"the games of the browser check", `opens (\w+) seeded games' pages`, func(t *testing.T, _ []string) []string {
		data, err := os.ReadFile(".ci/browser-check")
		if err != nil {
			t.Fatal(err)
		}
		return []string{readme.Word(len(regexp.MustCompile(`(?m)^[a-z][\w-]* +-seed `).FindAll(data, -1)))}
	}},
	{"the boards drawn", "the 15×15 cross with its (\\d+) numbered .*?\\(whose stable is numbered 1–(\\d+), .*?the 11×11 board of (\\d+) round fields for `maedn` .*? and `fia` \\(a home column of (\\w+) dots .*?the Parchís board of (\\d+) squares", func(t *testing.T, _ []string) []string {
		if maedn, fia := preset(t, "maedn").Board, preset(t, "fia").Board; maedn.Track != fia.Track || maedn.StartSpacing != fia.StartSpacing {
			t.Errorf("maedn and fia do not share their board: %v and %v", maedn, fia)
		}
		b := preset(t, "cocangua").Board
		return []string{strconv.Itoa(ludo.Classic().Board.Track), strconv.Itoa(b.Finish() - b.HomeEntry), strconv.Itoa(preset(t, "maedn").Board.Track), readme.Word(preset(t, "fia").Board.HomeColumn), strconv.Itoa(preset(t, "parchis1").Board.Track)}
	}},
	// The rulebook's own counts (rulebook.go).
	{"the players of the presets", "The presets `(\\w+)` \\((\\w+) players\\) and `(\\w+)` \\((\\w+), on a board of six arms", func(t *testing.T, m []string) []string {
		return []string{m[1], readme.Word(preset(t, m[1]).Players), m[3], readme.Word(preset(t, m[3]).Players)}
	}},
	{"the players and tokens", `Two to (\w+) players on the usual board \(up to (\w+) on a board with six arms\), each with (\w+) tokens`, func(*testing.T, []string) []string {
		return []string{readme.Word(ludo.Classic().Board.Arms), readme.Word(ludo.MaxPlayers), readme.Word(ludo.Classic().Tokens)}
	}},
	{"the most tokens", "`Tokens` \\(1–(\\d+)\\)", func(*testing.T, []string) []string {
		return []string{strconv.Itoa(ludo.MaxTokens)}
	}},
	{"the home entry", `before its home column \(progress (\d+) on the classic board\)`, func(*testing.T, []string) []string {
		return []string{strconv.Itoa(ludo.Classic().Board.HomeEntry)}
	}},
	{"the goal fields", `the home column has (\w+) fields and the finish is the (\w+)`, func(t *testing.T, _ []string) []string {
		b := preset(t, "maedn").Board
		return []string{readme.Word(b.HomeColumn), []string{"first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth"}[b.HomeColumn]}
	}},
	{"the stable", `squares (\d+) to (\d+)`, func(t *testing.T, _ []string) []string {
		r := preset(t, "cocangua")
		top := r.Board.Finish() - r.Board.HomeEntry
		return []string{strconv.Itoa(top - r.Tokens + 1), strconv.Itoa(top)}
	}},
	{"the six-arm boards", "`ludoking6` \\(six, on a board of six arms of (\\d+) squares: (\\d+) track squares", func(t *testing.T, _ []string) []string {
		b := preset(t, "ludoking6").Board
		return []string{strconv.Itoa(b.StartSpacing), strconv.Itoa(b.Track)}
	}},
	{"the six-arm boards", "`maedn6` \\(six, on a board of six arms of (\\w+) fields: (\\d+),", func(t *testing.T, _ []string) []string {
		b := preset(t, "maedn6").Board
		return []string{readme.Word(b.StartSpacing), strconv.Itoa(b.Track)}
	}},
	{"the six-arm boards", "`parchis6` \\(six, on a board of six arms of (\\d+) squares: (\\d+)\\)", func(t *testing.T, _ []string) []string {
		b := preset(t, "parchis6").Board
		return []string{strconv.Itoa(b.StartSpacing), strconv.Itoa(b.Track)}
	}},
	{"the maedn board", `a ring of (\d+) fields, start fields (\d+) apart, (\w+) goal fields`, func(t *testing.T, _ []string) []string {
		b := preset(t, "maedn").Board
		return []string{strconv.Itoa(b.Track), strconv.Itoa(b.StartSpacing), readme.Word(b.Finish() - b.HomeEntry)}
	}},
	{"the parchis1 board", `a ring of (\d+) squares, exits (\d+) apart, a corridor of (\w+) squares`, func(t *testing.T, _ []string) []string {
		b := preset(t, "parchis1").Board
		return []string{strconv.Itoa(b.Track), strconv.Itoa(b.StartSpacing), readme.Word(b.HomeColumn)}
	}},
	{"the fia board", `a ring of (\d+) dots, starts (\d+) apart, a home column of (\w+) dots`, func(t *testing.T, _ []string) []string {
		b := preset(t, "fia").Board
		return []string{strconv.Itoa(b.Track), strconv.Itoa(b.StartSpacing), readme.Word(b.HomeColumn)}
	}},
	{"the stable", `the stable of (\w+) squares`, func(t *testing.T, _ []string) []string {
		b := preset(t, "cocangua").Board
		return []string{readme.Word(b.Finish() - b.HomeEntry)}
	}},
	{"the naija track", `(\d+) steps from the start square to the finish`, func(t *testing.T, _ []string) []string {
		return []string{strconv.Itoa(preset(t, "naija").Board.Finish())}
	}},
	{"the stars", "`Stars:\\{4 11\\}`: (\\w+) stars", func(t *testing.T, _ []string) []string {
		b := preset(t, "danish").Board
		return []string{readme.Word(len(squares(b, b.IsStar)))}
	}},
	{"the seguros", `(\w+) squares are seguros`, func(t *testing.T, _ []string) []string {
		b := preset(t, "parchis1").Board
		return []string{readme.Word(len(squares(b, b.IsSafe)))}
	}},
	{"the safe squares of Ludo King", "`Safe:\\{0 8\\}`: on the (\\d+)-square board squares ((?:\\d+, )*\\d+ and \\d+)\\)", func(t *testing.T, _ []string) []string {
		b := preset(t, "ludoking").Board
		var list []string
		for _, n := range squares(b, b.IsSafe) {
			list = append(list, strconv.Itoa(n))
		}
		return []string{strconv.Itoa(b.Track), strings.Join(list[:len(list)-1], ", ") + " and " + list[len(list)-1]}
	}},
	// The perft counts (testdata/perft.txt; TestREADMEPerftTables checks the tables).
	{"the perft tiers", `classic and mongolian plies 1-(\d+), the others 1-(\d+) \(the six-arm 1-(\d+), uckers 1-(\d+); fewer with -short\)`, func(t *testing.T, _ []string) []string {
		var want []string
		for _, g := range perftGroups(t) {
			want = append(want, strconv.Itoa(g.last))
		}
		return want
	}},
	{"the perft tiers", `the deep plies too \(up to ((?:\d+, )*\d+ or \d+)\)`, func(t *testing.T, _ []string) []string {
		var deep []int
		for _, g := range perftGroups(t) {
			deep = append(deep, g.deep...)
		}
		slices.Sort(deep)
		var want []string
		for _, d := range slices.Backward(slices.Compact(deep)) {
			want = append(want, strconv.Itoa(d))
		}
		if len(want) < 2 {
			return want
		}
		return []string{strings.Join(want[:len(want)-1], ", ") + " or " + want[len(want)-1]}
	}},
	{"where classic and mongolian part", `The presets part at ply (\d+) with (\d+) players`, func(t *testing.T, _ []string) []string {
		counts, _ := readPerft(t)
		ply, players := 0, 0
		for p := 2; p <= 4; p++ {
			c, m := preset(t, "classic"), preset(t, "mongolian")
			c.Players, m.Players = p, p
			for n := 1; counts[perftKey{c.String(), n}] != 0; n++ {
				if counts[perftKey{c.String(), n}] != counts[perftKey{m.String(), n}] {
					if ply == 0 || n < ply {
						ply, players = n, p
					}
					break
				}
			}
		}
		return []string{strconv.Itoa(ply), strconv.Itoa(players)}
	}},
}

// TestREADMECounts checks each count the README states (readmeCounts)
// against what it counts.
func TestREADMECounts(t *testing.T) {
	text := readme.Docs(t, ".")
	for _, c := range readmeCounts {
		ms := regexp.MustCompile(c.re).FindAllStringSubmatch(text, -1)
		if len(ms) == 0 {
			t.Errorf("%s: the README no longer says %q; if it is gone on purpose, drop the claim from readmeCounts", c.what, c.re)
			continue
		}
		for _, m := range ms {
			want := c.want(t, m)
			if len(want) != len(m)-1 || !slices.EqualFunc(m[1:], want, strings.EqualFold) {
				t.Errorf("%s: the README says %q, with %q where the code gives %q", c.what, m[0], m[1:], want)
			}
		}
	}
}

// TestREADMERuleNumbers checks the README's ranges of rule numbers, as
// C1–C11: every range of a family's numbers runs from its first rule to
// its last, and the list of the numbers errors cite names every family.
func TestREADMERuleNumbers(t *testing.T) {
	rules := map[string]int{} // the rules of each family letter
	for c := 'A'; c <= 'Z'; c++ {
		for n := 1; ; n++ {
			if _, ok := ludo.RuleTitle(fmt.Sprintf("%c%d", c, n)); !ok {
				break
			}
			rules[string(c)] = n
		}
	}
	if rules["C"] == 0 || rules["T"] == 0 {
		t.Fatalf("the rulebook's families: %v", rules)
	}
	text := readme.Docs(t, ".")
	ranges := regexp.MustCompile(`\b([A-Z])1–([A-Z])(\d+)\b`).FindAllStringSubmatch(text, -1)
	if len(ranges) == 0 {
		t.Fatal("the README gives no range of rule numbers")
	}
	for _, m := range ranges {
		if n, _ := strconv.Atoi(m[3]); m[1] != m[2] || rules[m[1]] != n {
			t.Errorf("the README says %s, but the rulebook's %s rules are %s1–%s%d", m[0], m[1], m[1], m[1], rules[m[1]])
		}
	}
	cite := regexp.MustCompile(`the rule numbers errors cite \(([^)]*)\)`).FindStringSubmatch(text)
	if cite == nil {
		t.Fatal("the README no longer lists the rule numbers errors cite")
	}
	named := map[string]bool{}
	for _, m := range regexp.MustCompile(`\b([A-Z])1(–[A-Z]\d+)?\b`).FindAllStringSubmatch(cite[1], -1) {
		named[m[1]] = true
		if m[2] == "" && rules[m[1]] != 1 {
			t.Errorf("the README lists %s1 alone, but the rulebook has %s1–%s%d", m[1], m[1], m[1], rules[m[1]])
		}
	}
	for letter := range rules {
		if !named[letter] {
			t.Errorf("the rule numbers the README lists (%s) leave out the family %s", cite[1], letter)
		}
	}
}

// perftKey is a game of testdata/perft.txt (its rules as text) and a
// number of plies.
type perftKey struct {
	rules string
	plies int
}

// readPerft reads testdata/perft.txt: the distinct positions of each game
// after each number of plies, and the tier of each line.
func readPerft(t *testing.T) (map[perftKey]uint64, map[perftKey]string) {
	t.Helper()
	f, err := os.Open("testdata/perft.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	counts, tiers := map[perftKey]uint64{}, map[perftKey]string{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		w := strings.Fields(sc.Text())
		if len(w) == 0 || strings.HasPrefix(w[0], "#") {
			continue
		}
		if len(w) < 5 {
			t.Fatalf("perft.txt: %q", sc.Text())
		}
		k := len(w) - 4
		plies, err1 := strconv.Atoi(w[k])
		distinct, err2 := strconv.ParseUint(w[k+1], 10, 64)
		if err1 != nil || err2 != nil {
			t.Fatalf("perft.txt: %q", sc.Text())
		}
		key := perftKey{strings.Join(w[:k], " "), plies}
		counts[key], tiers[key] = distinct, w[k+3]
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return counts, tiers
}

// perftGroup is a group of the games perft.txt counts, as the README
// names them: the last ply checked without -perft.deep, the same for all
// its games, and the last ply checked with it, each game's.
type perftGroup struct {
	last int
	deep []int
}

// perftGroups returns the games of perft.txt in the README's groups:
// classic and mongolian, the other four-arm presets, the six-arm presets,
// and uckers (whose sums and bonus throws, rules U1 and U2, branch most).
func perftGroups(t *testing.T) []perftGroup {
	counts, tiers := readPerft(t)
	groups := make([]perftGroup, 4)
	last := map[string][2]int{} // a game's last ply short or default, and its last ply
	for k := range counts {
		l := last[k.rules]
		if tiers[k] != "deep" {
			l[0] = max(l[0], k.plies)
		}
		l[1] = max(l[1], k.plies)
		last[k.rules] = l
	}
	for game, l := range last {
		r, err := ludo.ParseRules(game)
		if err != nil {
			t.Fatalf("perft.txt: %v", err)
		}
		g := &groups[1]
		switch {
		case r.Preset == "classic" || r.Preset == "mongolian":
			g = &groups[0]
		case r.Board.Arms == 6:
			g = &groups[2]
		case r.Preset == "uckers":
			g = &groups[3]
		}
		if g.last != 0 && g.last != l[0] {
			t.Errorf("perft.txt: %s is checked to ply %d without -perft.deep, others of its group to %d", game, l[0], g.last)
		}
		g.last = l[0]
		g.deep = append(g.deep, l[1])
	}
	return groups
}

// TestREADMEPerftTables checks the README's perft tables against
// testdata/perft.txt: every number, and every game counted there is in a
// table.
func TestREADMEPerftTables(t *testing.T) {
	counts, _ := readPerft(t)
	data, err := os.ReadFile("docs/perft.md")
	if err != nil {
		t.Fatal(err)
	}
	shown := map[string]bool{}
	var games []string // the current table's columns, as rules text
	for line := range strings.Lines(string(data)) {
		cells := strings.Split(strings.Trim(strings.TrimSpace(line), "|"), "|")
		for k := range cells {
			cells[k] = strings.TrimSpace(cells[k])
		}
		switch {
		case !strings.HasPrefix(line, "|"):
			games = nil
		case cells[0] == "plies":
			games = nil
			for _, c := range cells[1:] {
				var name string
				var players int
				if _, err := fmt.Sscanf(c, "%s %dp", &name, &players); err != nil {
					t.Fatalf("perft table column %q: %v", c, err)
				}
				r := preset(t, name)
				r.Players = players
				games = append(games, r.String())
				shown[r.String()] = true
			}
		case games != nil && !strings.HasPrefix(cells[0], "---"):
			plies, err := strconv.Atoi(cells[0])
			if err != nil || len(cells) != len(games)+1 {
				t.Fatalf("perft table row %q", line)
			}
			for k, c := range cells[1:] {
				n, err := strconv.ParseUint(strings.ReplaceAll(c, ",", ""), 10, 64)
				if want := counts[perftKey{games[k], plies}]; err != nil || n != want {
					t.Errorf("the README's perft table says %s after %d plies of %s; perft.txt: %d", c, plies, games[k], want)
				}
			}
		}
	}
	if len(shown) == 0 {
		t.Fatal("the README has no perft table")
	}
	for k := range counts {
		if !shown[k.rules] {
			t.Errorf("perft.txt counts %s, which no README table shows", k.rules)
			shown[k.rules] = true
		}
	}
}

// b2i is 1 for true, 0 for false.
func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// classicOutcomes returns the outcomes of Classic's throw.
func classicOutcomes(t *testing.T) []ludo.Outcome {
	s, err := ludo.New(ludo.Classic())
	if err != nil {
		t.Fatal(err)
	}
	return s.Outcomes()
}

// TestREADMEGame checks that the README's first program is
// examples/game, word for word, which go vet and its test compile and
// run.
func TestREADMEGame(t *testing.T) {
	data, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	const head = "## A game in a dozen lines\n\n```go\n"
	readme := string(data)
	i := strings.Index(readme, head)
	if i < 0 {
		t.Fatal("the README has no game in a dozen lines")
	}
	block := readme[i+len(head):]
	block = block[:strings.Index(block, "```\n")]
	want, err := os.ReadFile("examples/game/main.go")
	if err != nil {
		t.Fatal(err)
	}
	if block != string(want) {
		t.Errorf("the README's game differs from examples/game/main.go:\n%s", block)
	}
}
