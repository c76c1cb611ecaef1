package ludo

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
)

// Perft counts: how many distinct positions a game can reach after n
// plies, kept in testdata/perft.txt (its header says what the numbers
// mean). A count that changes means the legal moves or their results
// changed somewhere; the divide printed on failure says under which first
// roll and move.

var perftDeep = flag.Bool("perft.deep", false, "also check the deep counts of testdata/perft.txt (about half a minute)")

const perftFile = "testdata/perft.txt"

// perftConfigs are the games counted: each preset with 2, 3 and 4 players.
var perftConfigs = func() []Rules {
	var out []Rules
	for _, r := range []Rules{Classic(), Mongolian()} {
		for _, p := range []int{2, 3, 4} {
			r.Players = p
			out = append(out, r)
		}
	}
	return out
}()

// perftTiers says which plies are checked when: "short" always, "default"
// unless -short, "deep" only with -perft.deep or an explicit -short=false.
var perftTiers = []struct {
	name     string
	from, to int
}{{"short", 1, 7}, {"default", 8, 9}, {"deep", 10, 11}}

// perftCount is the count after a number of plies.
type perftCount struct {
	distinct uint64 // distinct States
	paths    uint64 // roll-and-move sequences leading to them
}

// perftLevels returns the counts after 1, 2, … plies from s (a position
// with a roll due), up to depth: each ply rolls every face and plays every
// legal move of each. Positions where the game is over have no plies.
func perftLevels(s State, depth int) []perftCount {
	level := map[State]uint64{s: 1}
	out := make([]perftCount, 0, depth)
	var buf [MaxMoves]Move
	for range depth {
		next := make(map[State]uint64, 4*len(level))
		var paths uint64
		for st, n := range level {
			if st.Phase() != PhaseRoll {
				continue
			}
			for face := 1; face <= 6; face++ {
				r, err := st.Roll(face)
				if err != nil {
					panic(err) // a roll is due: cannot happen
				}
				for _, m := range r.AppendLegalMoves(buf[:0]) {
					nx, err := r.Apply(m)
					if err != nil {
						panic(fmt.Sprintf("%v: a legal move refused: %v", m, err))
					}
					next[nx] += n
					paths += n
				}
			}
		}
		out = append(out, perftCount{uint64(len(next)), paths})
		level = next
	}
	return out
}

// perftDivide returns, for each first ply from s (a face and a legal
// move), the counts depth-1 plies further on. The paths add up to the
// total; the distinct counts need not, as subtrees share positions.
func perftDivide(s State, depth int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "divide at %d plies (first roll and move: distinct, paths %d plies on):\n", depth, depth-1)
	for face := 1; face <= 6; face++ {
		r, _ := s.Roll(face)
		for _, m := range r.LegalMoves() {
			nx, _ := r.Apply(m)
			c := perftCount{1, 1}
			if depth > 1 {
				c = perftLevels(nx, depth-1)[depth-2]
			}
			fmt.Fprintf(&b, "  %d %-28v %12d %14d\n", face, m, c.distinct, c.paths)
		}
	}
	return b.String()
}

// perftLine is a line of perft.txt.
type perftLine struct {
	rules string
	plies int
	count perftCount
	tier  string
}

func readPerft(t *testing.T) []perftLine {
	f, err := os.Open(perftFile)
	if os.IsNotExist(err) && *update {
		return nil
	}
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []perftLine
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line, _, _ := strings.Cut(sc.Text(), "#")
		w := strings.Fields(line)
		if len(w) == 0 {
			continue
		}
		var l perftLine
		var err1, err2, err3 error
		if len(w) == 5 {
			l.rules, l.tier = w[0], w[4]
			l.plies, err1 = strconv.Atoi(w[1])
			l.count.distinct, err2 = strconv.ParseUint(w[2], 10, 64)
			l.count.paths, err3 = strconv.ParseUint(w[3], 10, 64)
		}
		if len(w) != 5 || err1 != nil || err2 != nil || err3 != nil {
			t.Fatalf("%s:%d: want rules, plies, distinct, paths and tier: %q", perftFile, n, sc.Text())
		}
		out = append(out, l)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// perftRunTiers returns the tiers this run checks.
func perftRunTiers() map[string]bool {
	run := map[string]bool{"short": true, "default": !testing.Short(), "deep": *perftDeep}
	flag.Visit(func(f *flag.Flag) {
		if f.Name == "test.short" && f.Value.String() == "false" {
			run["deep"] = true // -short=false asked for explicitly: the long run
		}
	})
	return run
}

func TestPerft(t *testing.T) {
	run := perftRunTiers()
	lines := readPerft(t)
	tierOf := func(plies int) string {
		for _, tr := range perftTiers {
			if plies >= tr.from && plies <= tr.to {
				return tr.name
			}
		}
		return ""
	}
	for _, l := range lines {
		if tierOf(l.plies) != l.tier {
			t.Errorf("%s: %s at %d plies is in tier %q, want %q", perftFile, l.rules, l.plies, l.tier, tierOf(l.plies))
		}
	}
	depth := 0
	for _, tr := range perftTiers {
		if run[tr.name] {
			depth = tr.to
		}
	}
	got := map[string][]perftCount{}
	for _, r := range perftConfigs {
		name := r.String()
		t.Run(name, func(t *testing.T) {
			s, err := New(r)
			if err != nil {
				t.Fatal(err)
			}
			before := s
			counts := perftLevels(s, depth)
			got[name] = counts
			if fresh, _ := New(r); s != before || s != fresh {
				t.Fatalf("counting changed the start position:\n%s", scnDiff(FormatPosition(fresh), FormatPosition(s)))
			}
			n := 0
			for _, l := range lines {
				if l.rules != name || !run[l.tier] {
					continue
				}
				n++
				if c := counts[l.plies-1]; c != l.count && !*update {
					t.Errorf("after %d plies: %d distinct positions by %d paths, want %d by %d\n%s",
						l.plies, c.distinct, c.paths, l.count.distinct, l.count.paths, perftDivide(s, l.plies))
				}
			}
			if n != depth && !*update {
				t.Errorf("%s has %d lines for %s in the tiers run, want %d (plies 1 to %d); run with -update", perftFile, n, name, depth, depth)
			}
		})
	}
	if *update {
		writePerft(t, lines, got, run)
	}
}

// writePerft rewrites perft.txt with the counts of this run, keeping the
// lines of tiers it did not run.
func writePerft(t *testing.T, old []perftLine, got map[string][]perftCount, run map[string]bool) {
	var b strings.Builder
	b.WriteString(perftHeader)
	fmt.Fprintf(&b, "# %-22s %5s %12s %14s  %s\n", "rules", "plies", "distinct", "paths", "tier")
	for _, r := range perftConfigs {
		name := r.String()
		for _, tr := range perftTiers {
			for plies := tr.from; plies <= tr.to; plies++ {
				var c perftCount
				switch counts := got[name]; {
				case run[tr.name] && plies <= len(counts):
					c = counts[plies-1]
				default:
					found := false
					for _, l := range old {
						if l.rules == name && l.plies == plies {
							c, found = l.count, true
						}
					}
					if !found {
						t.Errorf("no count for %s at %d plies: run -update -perft.deep", name, plies)
						continue
					}
				}
				fmt.Fprintf(&b, "%-24s %5d %12d %14d  %s\n", name, plies, c.distinct, c.paths, tr.name)
			}
		}
		b.WriteString("\n")
	}
	if err := os.WriteFile(perftFile, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("rewrote %s", perftFile)
}

const perftHeader = `# Perft counts for the ludo package, checked by TestPerft (perft_test.go).
#
# From the start position of each game (ludo.New(rules): every token in
# its yard, the first seated colour to roll), a ply is one roll of the die,
# every face 1 to 6 taken in turn, followed by one legal move with that
# face (AppendLegalMoves: a forced pass or the forfeit of the third 6 is a
# move too). For each number of plies:
#
#   distinct  how many different positions (States, compared with ==: the
#             tokens by index, whose turn, the six count, the places) the
#             game can be in after exactly that many plies; a position
#             reached by several sequences counts once;
#   paths     how many roll-and-move sequences of that length there are
#             (each face counted once, not weighted by its probability).
#
# Positions where the game is over end their line (none are reached at
# these depths). Tiers: "short" lines are checked by every go test run,
# "default" ones unless -short, "deep" ones only with -perft.deep (or an
# explicit -short=false): go test -run TestPerft -perft.deep (about half a
# minute, 200 MB). After a deliberate rule change, rewrite the counts with
# go test -run TestPerft -update -perft.deep and read the diff.
#
`
