package ludo

import (
	"bufio"
	"flag"
	"fmt"
	"math"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
)

// Perft counts: how many distinct positions a game can reach after n
// plies, kept in testdata/perft.txt (its header says what the numbers
// mean). A count that changes means the legal moves or their results
// changed somewhere; the divide printed on failure says under which first
// roll and move.

var perftDeep = flag.Bool("perft.deep", false, "also check the deep counts of testdata/perft.txt (about 30 seconds; 2.9 GB, as two games are counted at once, less with -test.parallel 1)")

const perftFile = "testdata/perft.txt"

// perftConfig is a game counted and the plies checked when: tiers[k]
// is the last ply of tier perftTiers[k], each tier starting after the
// one before it.
type perftConfig struct {
	rules Rules
	tiers [3]int
}

// perftTiers says which plies are checked when: "short" always, "default"
// unless -short, "deep" only with -perft.deep or an explicit -short=false.
var perftTiers = [3]string{"short", "default", "deep"}

// perftConfigs are the games counted: classic and mongolian with 2, 3 and
// 4 players to 11 plies; ludoking, danish, cocangua, maedn, parchis1,
// fia and chinczyk with 2 and 4, whose games branch more (cocangua's 1
// enters and rolls again, Fia's 6 enters one token or two), to 10 (maedn,
// fia and chinczyk to 9: at 10 plies Fia has 18 million positions, and a
// map of them takes gigabytes); the six-arm presets with 6 players to 9; naija (two dice)
// with 2 and 4 players to 9, and parchis and parcheesi (two dice) with
// 4 to 9; uckers (two dice, partners) with 4 to 8, 6 by default (at 8
// plies it has 2 million positions); nontiarrabbiare, brasilpuc, brasil
// and eilemitweile with 2 and 4 to 10, as parchis1; petitschevaux with 2
// and 4 to 10, as ludoking; pachisi with 2 and 4 to 9, 8 by default, as
// the others (its seven cowrie counts, and a first piece out on any of
// them, branch more: at 9 plies it has 775,000 positions with 2
// players). The default run takes about four seconds on a 2-core machine.
//
// The first plies, counted by hand (every preset's start: all tokens in
// the yard, red to roll):
//
//   - classic, mongolian, ludoking: ply 1, faces 1-5 pass (one position,
//     the next seat to roll), 6 enters (red on 0, to roll again): 2
//     positions by 6 paths. Ply 2: after a pass, the next seat likewise
//     (2 positions, 5×6 paths); after the entry, 1-5 move the token to
//     progress 1-5 (5 positions), 6 moves it to 6 or enters another (2):
//     9 positions by 37 paths.
//   - danish: ply 1 as classic, but the pass keeps red for a second
//     throw (M4): 2 positions by 6 paths. Ply 2: after the missed throw,
//     1-5 a third throw (1 position), 6 enters (the position ply 1's 6
//     reached: the throws are spent); after the entry, 1-5 move (a 4
//     lands on the star at progress 4 and jumps to 11, D2), 6 moves or
//     enters: 9 positions by 37 paths.
//   - cocangua: ply 1, 1 and 6 both enter (one position: the die is not
//     kept, both earn a roll, V1), 2-5 pass: 2 positions by 6 paths.
//     Ply 2: after the pass (4 paths) green alike, 2 positions by 24
//     paths; after the entry (2 paths) 2-5 move (4 positions), 1 moves to
//     1 or enters a second token, 6 moves to 6 or enters a second (the
//     same position as the 1's): 9 positions by 24 + 2×8 = 40 paths.
//   - maedn (and maedn6): one figure starts on the start field (M5), so
//     ply 1's six faces each move it (a 6 cannot bring a figure in onto
//     its own, so it clears the start field, M3): 6 positions by 6 paths.
//     Ply 2: after 1-5 the next colour moves its figure likewise (30
//     positions); after the 6 red rolls again, 1-5 move on, 6 must bring
//     a figure in (M2): 36 positions by 36 paths.
//   - parchis1 (and parchis6): ply 1, a 5 enters (P3), 1-4 pass to the
//     next colour, a 6 passes and red rolls again: 3 positions by 6 paths.
//   - fia: ply 1, 2-5 miss (red throws again, M4: one position), 1
//     enters a token, 6 enters one or two (F1) and red rolls again: 4
//     positions by 4 + 1 + 2 = 7 paths.
//   - chinczyk: ply 1 as danish (Z1, Z3): 1-5 miss and red throws
//     again, 6 enters: 2 positions by 6 paths. Ply 2: after the missed
//     throw, 1-5 a third throw (1 position), 6 enters (the position ply
//     1's 6 reached); after the entry, 1-5 move the piece (5 positions),
//     and 6 moves it to 6, as no second piece may come out onto it (Z4):
//     8 positions by 36 paths.
//   - naija: a ply is a throw of two dice (the 21 pairs, rule W1) and
//     one move, or the move of the throw's other die, due without a
//     throw. Ply 1: the 15 pairs without a 6 pass (green to throw); a 6
//     with 1-5 enters a token, the other die due (rule W2 refuses none:
//     the entered token can play it), 5 positions; double 6 enters one,
//     the second 6 due: 7 positions by 21 paths. Ply 2: after the pass,
//     green likewise (7 positions by 15×21 paths); after a 6 with x the
//     token moves x and the turn passes (5 positions); after the first
//     6 of a double it moves to 6 or another enters, red to throw again
//     (rule W3): 14 positions by 315 + 5 + 2 = 322 paths.
//   - parchis (and parchis6d, the first two plies alike): two dice, a 5
//     on a die or as the sum entering (rule E2), every double throwing
//     again (E3). Ply 1: the 8 pairs with no 5 that are neither a double
//     nor sum to 5 pass (green to throw); the doubles 1, 2, 3, 4 and 6
//     pass and red throws again (W3: a double earns its roll with no
//     move, Q1); 1 and 4 or 2 and 3 enter a piece with both dice, the
//     turn passes (H1); a 5 with 1, 2, 3, 4 or 6 enters with the 5, the
//     other die due (5 positions); a double 5 enters one, the second 5
//     due: 9 positions by 21 paths. Ply 2: after the pass green throws
//     as red did (9 positions by 8×21 paths); after a double with no
//     entry red throws again as at ply 1, the double now the second in
//     a row (9 positions by 5×21: the pass hands green the all-home
//     start); after the sum entry green throws (9 positions by 2×21);
//     after a 5 with x the piece moves x (5 positions, 5 paths); after
//     the first 5 of a double the second must bring in another (M2), a
//     barrier on the exit, red to throw again (1): 33 positions by
//     168 + 105 + 42 + 5 + 1 = 321 paths.
//   - parcheesi: two dice, a 5 on a die or as the sum entering and
//     entering where it can (rules H1, M2), every double throwing again
//     (W3). Tops and bottoms (H2) never apply here: every pawn is in
//     its nest at the start, and a double thrown with a pawn in the nest
//     is two moves of its face; nor does the third double (H3), as no
//     colour throws three in a row by ply 2. So the first two plies are
//     parchis's. Ply 1: the 8 pairs with no 5 that are neither a double
//     nor sum to 5 pass (green to throw); the doubles 1, 2, 3, 4 and 6
//     move nothing and red throws again (W3, Q1); 1 and 4 or 2 and 3
//     enter a pawn with both dice, the turn passes (H1); a 5 with 1, 2,
//     3, 4 or 6 enters with the 5, the other die due (5 positions); a
//     double 5 enters one, the second 5 due: 9 positions by 21 paths.
//     Ply 2: after the pass green throws as red did (9 positions by 8×21
//     paths); after a double with no entry red throws again, still with
//     every pawn in the nest, the double now the second in a row (9
//     positions by 5×21); after the sum entry green throws (9 positions
//     by 2×21); after a 5 with x the pawn moves x (5 positions, 5 paths);
//     after the first 5 of a double the second must bring in another
//     (M2), a blockade on the entry space (B2, P2), red to throw again
//     (1): 33 positions by 168 + 105 + 42 + 5 + 1 = 321 paths. Deeper,
//     the counts to ply 9 play no tops and bottoms either: no colour has
//     all four pawns out with a throw due before ply 9 ends, so the
//     first throws played as tops and bottoms are at ply 10.
//   - uckers: plies 1 and 2 as naija's, 7 positions by 21 paths and 14
//     by 322, but a 6 with x earns a throw (U1): after the x red throws
//     again, its token on x (1-5). Ply 3: after red's and green's
//     passes yellow throws as red did at ply 1 (7 positions by 225×21
//     paths), and green's entries go on as red's did at ply 2 (7 by
//     105): 14 by 4830. Red from x: the 15 throws without a 6 move the lone token
//     by their sum (U2: a die alone leaves the other to nobody), to 3-15
//     (13 positions); a 6 with y enters a token, moves y, or moves the
//     sum (25 + 25 positions, the sums to 8-16 to throw again); a double
//     6 moves 6, enters, or moves 12 (5 + 5, the sums to 13-17): with the
//     sums 83 positions by 75 + 75 + 15 paths. From the token on 6 of
//     the double 6, as from x, new only the sum to 16, the 6 with y's
//     entries and moves and the double's three: 14 by 33 paths. From the
//     two on 0: the 15 throws without a 6 move one by a die (the other
//     takes the other die) or both by the sum (25 + 9 positions, 40
//     paths), a 6 with y enters, moves 6, y or the sum (20, 20 paths), a
//     double 6 enters, moves 6 or 12 (3): 57 by 63. In all 168 positions
//     by 5091 paths.
//   - nontiarrabbiare: one piece starts on the partenza (I1), so ply 1's
//     faces 1-4 move it (the turn passes), the 5 must bring a second in
//     (I2, M2: a muro on the partenza), and the 6 moves it 6, not 7, as
//     pieces wait in the base (I5), red to roll again: 6 positions by 6
//     paths. Ply 2: after 1-5 the next colour likewise (30 positions);
//     after the 6, 1-4 move the piece on, 5 enters, 6 moves it to 12:
//     36 positions by 36 paths.
//   - brasilpuc: one piece starts on the exit (A2), so ply 1's faces 1-4
//     move it, the 5 moves it too, as a second piece may not join it on
//     the exit (A5), and the 6 moves it 6, red to roll again: 6
//     positions by 6 paths. Ply 2: after 1-5 the next colour likewise
//     (30 positions); after the 6, 1-4 move the piece on, the 5 moves it
//     or brings a piece out onto the now empty exit (entering is a
//     choice, A2), the 6 moves it to 12: 37 positions by 37 paths.
//   - brasil: ply 1, 2-5 pass (the next colour to roll), a 1 enters a
//     piece and the turn passes (R1, R2), a 6 enters one and red rolls
//     again: 3 positions by 6 paths. Ply 2: after the pass (4 paths) the
//     next colour likewise (3 positions by 24 paths); after the 1 it
//     likewise, red's piece on 0 (3 by 6); after the 6, 2-5 move the
//     piece (4 positions), 1 moves it to 1 or brings a second out onto
//     it, a torre (R4), the turn passing (2), and 6 moves it to 6 or
//     brings the second out, red rolling again (2): 14 positions by
//     24 + 6 + 8 = 38 paths, with 2 players as with 4.
//   - eilemitweile: ply 1, a 5 brings a piece onto the start bench (S5)
//     and the turn passes, 1-4 pass to the next colour, and the 6, which
//     counts 12 with every piece at the start (S2), moves nothing and red
//     throws again (Q1): 3 positions by 6 paths, as parchis1. Ply 2:
//     after the pass (4 paths) green throws as red did (3 positions by 24
//     paths); after the entry green throws likewise, red's piece on its
//     bench (3 by 6); after the 6 red throws again, its 1-4 passing to
//     green, its 5 entering, its 6 the second in a row (3 by 6): 9
//     positions by 36 paths.
//   - petitschevaux: ply 1 as classic, 1-5 pass and the 6 enters, red
//     to roll again: 2 positions by 6 paths. Ply 2: after the pass green
//     likewise (2 positions by 30 paths); after the entry 1-5 move the
//     horse (5 positions), and the 6 moves it to 6, as no second horse
//     may come out onto it (L3): 8 positions by 36 paths.
//   - pachisi: a throw is one of the seven cowrie counts 2, 3, 4, 5, 6,
//     10 and 25 (X1, each counted once, not by its weight). Ply 1: every
//     count brings red's first piece out onto the first square of its
//     lane, progress 0 (Y2, FirstEntryAny); 2-5 hand the throw on, the
//     graces 6, 10 and 25 earn red another (the same position for the
//     three; no refusal yet, as nothing of red's is out, Y7): 2 positions
//     by 7 paths. Ply 2: after a count of 2-5 (4 paths) the next colour
//     likewise (2 positions by 28 paths); after a grace (3 paths) red
//     throws again: 2-5 move the piece to 2-5 or are refused (Y7), the
//     next colour to throw (5 positions, 8 paths; no second piece out
//     without a grace, Y2), and each grace moves it to 6, 10 or 25,
//     brings a second piece out beside it, a double on progress 0 (Y10),
//     or is refused and keeps its throw (Y7, Q1), red to throw again (5
//     positions, 9 paths): 12 positions by 28 + 3×(8+9) = 79 paths, with
//     2 players (red and yellow) as with 4.
var perftConfigs = func() []perftConfig {
	var out []perftConfig
	for _, r := range []Rules{Classic(), Mongolian()} {
		for _, p := range []int{2, 3, 4} {
			r.Players = p
			out = append(out, perftConfig{r, [3]int{7, 9, 11}})
		}
	}
	for _, g := range []struct {
		preset string
		deep   int
	}{{"ludoking", 10}, {"danish", 10}, {"cocangua", 10}, {"maedn", 9}, {"parchis1", 10}, {"fia", 9}, {"chinczyk", 9}} {
		r, _ := Preset(g.preset)
		for _, p := range []int{2, 4} {
			r.Players = p
			out = append(out, perftConfig{r, [3]int{6, 8, g.deep}})
		}
	}
	for _, name := range []string{"ludoking6", "maedn6", "parchis6"} {
		r, _ := Preset(name)
		out = append(out, perftConfig{r, [3]int{5, 7, 9}})
	}
	naija, _ := Preset("naija") // two dice (rule W1): 21 throws a roll, and a ply for each die
	for _, g := range []struct{ players, short, deep int }{{2, 6, 9}, {4, 7, 9}} {
		naija.Players = g.players
		out = append(out, perftConfig{naija, [3]int{g.short, 8, g.deep}})
	}
	parchis, _ := Preset("parchis") // Parchís with two dice (rules E1-E5, W1): as naija with 4 players
	out = append(out, perftConfig{parchis, [3]int{7, 8, 9}})
	parcheesi, _ := Preset("parcheesi") // Parcheesi (rules H1-H5, W1-W4) with 4 players: as parchis, ply 9 taking about as long
	out = append(out, perftConfig{parcheesi, [3]int{7, 8, 9}})
	uckers, _ := Preset("uckers") // two dice, a 6 on either die throws again (U1), the sum (U2): it branches more than naija
	out = append(out, perftConfig{uckers, [3]int{5, 6, 8}})
	nta, _ := Preset("nontiarrabbiare") // Non t'arrabbiare (rules I1-I7) with 2 and 4 players: parchis1's tiers
	for _, p := range []int{2, 4} {
		nta.Players = p
		out = append(out, perftConfig{nta, [3]int{6, 8, 10}})
	}
	puc, _ := Preset("brasilpuc") // Brazilian Ludo, PUC-Rio rules (A1-A9) with 2 and 4 players: parchis1's tiers
	for _, p := range []int{2, 4} {
		puc.Players = p
		out = append(out, perftConfig{puc, [3]int{6, 8, 10}})
	}
	brasil, _ := Preset("brasil") // Ludo in Brazil (rules R1-R7) with 2 and 4 players: entry on 1 and 6, as cocangua
	for _, p := range []int{2, 4} {
		brasil.Players = p
		out = append(out, perftConfig{brasil, [3]int{6, 8, 10}})
	}
	emw, _ := Preset("eilemitweile") // Eile mit Weile (rules S1-S8) with 2 and 4 players: parchis1's tiers
	for _, p := range []int{2, 4} {
		emw.Players = p
		out = append(out, perftConfig{emw, [3]int{6, 8, 10}})
	}
	pc, _ := Preset("petitschevaux") // Petits chevaux (rules L1-L9) with 2 and 4 players: ludoking's tiers
	for _, p := range []int{2, 4} {
		pc.Players = p
		out = append(out, perftConfig{pc, [3]int{6, 8, 10}})
	}
	pachisi, _ := Preset("pachisi") // Pachisi (rules Y1-Y10, X1) with 2 and 4 players: to ply 8 as the others, deep to 9
	for _, p := range []int{2, 4} {
		pachisi.Players = p
		out = append(out, perftConfig{pachisi, [3]int{6, 8, 9}})
	}
	return out
}()

// tierOf returns the tier that checks the count after plies, or "".
func (pc perftConfig) tierOf(plies int) string {
	for k, last := range pc.tiers {
		if plies >= 1 && plies <= last {
			return perftTiers[k]
		}
	}
	return ""
}

// depth returns the plies the tiers in run check.
func (pc perftConfig) depth(run map[string]bool) int {
	depth := 0
	for k, name := range perftTiers {
		if run[name] {
			depth = pc.tiers[k]
		}
	}
	return depth
}

// perftCount is the count after a number of plies.
type perftCount struct {
	distinct uint64 // distinct States
	paths    uint64 // roll-and-move sequences leading to them
}

// perftPlies calls f with each ply from s, a position with a roll or a
// move due, and the position it leads to: each throw of State.Outcomes
// (each face 1 to 6; with two dice, rule W1, each of the 21 pairs) with
// each legal move after it, or, where a move is due without a roll (a
// bonus move, rule P8: State.IsBonusMove; the throw's other die, rule
// W1), each legal move with the throw Outcome{} (face 0). Positions where
// the game is over have no plies.
func perftPlies(s State, f func(o Outcome, m Move, next State)) {
	var buf [MaxMoves]Move
	play := func(o Outcome, r State) {
		for _, m := range r.AppendLegalMoves(buf[:0]) {
			nx, err := r.Apply(m)
			if err != nil {
				panic(fmt.Sprintf("%v: a legal move refused: %v", m, err))
			}
			f(o, m, nx)
		}
	}
	switch s.Phase() {
	case PhaseMove:
		play(Outcome{}, s)
	case PhaseRoll:
		var outs [MaxOutcomes]Outcome
		for _, o := range s.AppendOutcomes(outs[:0]) {
			r, err := s.RollOutcome(o)
			if err != nil {
				panic(err) // a roll is due: cannot happen
			}
			play(Outcome{Face: o.Face, Second: o.Second}, r)
		}
	}
}

// perftLevels returns the counts after 1, 2, … plies from s (a position
// with a roll or a bonus move due), up to depth (see perftPlies).
func perftLevels(s State, depth int) []perftCount {
	level := map[State]uint64{s: 1}
	out := make([]perftCount, 0, depth)
	for range depth {
		next := make(map[State]uint64, 4*len(level))
		var paths uint64
		for st, n := range level {
			perftPlies(st, func(_ Outcome, _ Move, nx State) {
				next[nx] += n
				paths += n
			})
		}
		out = append(out, perftCount{uint64(len(next)), paths})
		level = next
	}
	return out
}

// perftDivide returns, for each first ply from s (a face and a legal
// move, face 0 for a bonus move), the counts depth-1 plies further on.
// The paths add up to the total; the distinct counts need not, as
// subtrees share positions.
func perftDivide(s State, depth int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "divide at %d plies (first roll and move: distinct, paths %d plies on):\n", depth, depth-1)
	perftPlies(s, func(o Outcome, m Move, nx State) {
		c := perftCount{1, 1}
		if depth > 1 {
			c = perftLevels(nx, depth-1)[depth-2]
		}
		fmt.Fprintf(&b, "  %-3v %-28v %12d %14d\n", o, m, c.distinct, c.paths)
	})
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

// TestPerft counts the games of perftConfigs, in parallel.
func TestPerft(t *testing.T) {
	t.Parallel()
	run := perftRunTiers()
	lines := readPerft(t)
	config := map[string]perftConfig{}
	for _, pc := range perftConfigs {
		config[pc.rules.String()] = pc
	}
	for _, l := range lines {
		pc, ok := config[l.rules]
		switch {
		case !ok && !*update:
			t.Errorf("%s: %s is not one of the games counted (perftConfigs)", perftFile, l.rules)
		case ok && pc.tierOf(l.plies) != l.tier:
			t.Errorf("%s: %s at %d plies is in tier %q, want %q", perftFile, l.rules, l.plies, l.tier, pc.tierOf(l.plies))
		}
	}
	var mu sync.Mutex // guards got
	got := map[string][]perftCount{}
	t.Run("games", func(t *testing.T) { // returns when every game is counted
		for _, pc := range perftConfigs {
			r, name, depth := pc.rules, pc.rules.String(), pc.depth(run)
			t.Run(name, func(t *testing.T) {
				t.Parallel()
				s, err := New(r)
				if err != nil {
					t.Fatal(err)
				}
				before := s
				counts := perftLevels(s, depth)
				mu.Lock()
				got[name] = counts
				mu.Unlock()
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
	})
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
	for _, pc := range perftConfigs {
		name := pc.rules.String()
		from := 1
		for k, tier := range perftTiers {
			for plies := from; plies <= pc.tiers[k]; plies++ {
				var c perftCount
				switch counts := got[name]; {
				case run[tier] && plies <= len(counts):
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
				fmt.Fprintf(&b, "%-24s %5d %12d %14d  %s\n", name, plies, c.distinct, c.paths, tier)
			}
			from = pc.tiers[k] + 1
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
# every face 1 to 6 taken in turn (with two dice, rule W1, every one of
# the 21 unordered pairs of State.Outcomes), followed by one legal move
# with that face (AppendLegalMoves: a forced pass or the forfeit of the
# third 6 is a move too); where a move is due instead without a roll (a
# bonus move, rule P8; the other die of a throw of two, rule W1), a ply
# is one legal move. For each number of plies:
#
#   distinct  how many different positions (States, compared with ==: the
#             tokens by index, whose turn, the six count, the places) the
#             game can be in after exactly that many plies; a position
#             reached by several sequences counts once;
#   paths     how many roll-and-move sequences of that length there are
#             (each face or pair counted once, not weighted by its
#             probability).
#
# Positions where the game is over end their line (none are reached at
# these depths). Tiers: "short" lines are checked by every go test run,
# "default" ones unless -short, "deep" ones only with -perft.deep (or an
# explicit -short=false): go test -run TestPerft -perft.deep (about 45
# seconds, 2.6 GB). Each game's tiers are in perftConfigs. After a
# deliberate rule change, rewrite the counts with
# go test -run TestPerft -update -perft.deep and read the diff.
#
`

// A bonus move (rule P8) is a ply with no roll. Counted by hand: red owes
// a bonus move of 20 after a 3 and has two tokens out, on progress 10
// and 30; either can take it (10-30 joins the other, 30-50), and the
// turn passes to yellow: 2 positions by 2 paths. Yellow has every token
// at home: a 5 brings one out (rule P3) and hands the turn to red, a 6
// passes and rolls again (ruling Q1), 1 to 4 pass to red: 3 positions
// after each, 6 by 2×6 paths.
func TestPerftBonusMove(t *testing.T) {
	s := MustParsePosition("rules parchis1{Players:2}\nred 10 30\ndie 3\nbonus 20\n")
	if !s.IsBonusMove() {
		t.Fatalf("no bonus move due:\n%v", s)
	}
	got := perftLevels(s, 2)
	want := []perftCount{{2, 2}, {6, 12}}
	if !slices.Equal(got, want) {
		t.Errorf("perftLevels = %v, want %v\n%s", got, want, perftDivide(s, 2))
	}
}

// The first plies counted by hand (the comment on perftConfigs), checked
// apart from testdata/perft.txt, whose counts the code wrote.
func TestPerftByHand(t *testing.T) {
	for _, c := range []struct {
		preset          string
		plies           int
		distinct, paths uint64
	}{
		{"classic", 2, 9, 37},
		{"mongolian", 2, 9, 37},
		{"ludoking", 2, 9, 37},
		{"danish", 2, 9, 37},
		{"cocangua", 1, 2, 6},
		{"cocangua", 2, 9, 40},
		{"maedn", 1, 6, 6},
		{"maedn", 2, 36, 36},
		{"maedn6", 2, 36, 36},
		{"parchis1", 1, 3, 6},
		{"parchis6", 1, 3, 6},
		{"fia", 1, 4, 7},
		{"naija", 1, 7, 21},
		{"naija", 2, 14, 322},
		{"parchis", 1, 9, 21},
		{"parchis", 2, 33, 321},
		{"parchis6d", 1, 9, 21},
		{"parchis6d", 2, 33, 321},
		{"parcheesi", 1, 9, 21},
		{"parcheesi", 2, 33, 321},
		{"uckers", 1, 7, 21},
		{"uckers", 2, 14, 322},
		{"uckers", 3, 168, 5091},
		{"nontiarrabbiare", 1, 6, 6},
		{"nontiarrabbiare", 2, 36, 36},
		{"brasilpuc", 1, 6, 6},
		{"brasilpuc", 2, 37, 37},
		{"brasil", 1, 3, 6},
		{"brasil", 2, 14, 38},
		{"eilemitweile", 1, 3, 6},
		{"eilemitweile", 2, 9, 36},
		{"petitschevaux", 1, 2, 6},
		{"petitschevaux", 2, 8, 36},
		{"pachisi", 1, 2, 7},
		{"pachisi", 2, 12, 79},
	} {
		r, _ := Preset(c.preset)
		s, err := New(r)
		if err != nil {
			t.Fatal(err)
		}
		got := perftLevels(s, c.plies)[c.plies-1]
		if want := (perftCount{c.distinct, c.paths}); got != want {
			t.Errorf("%s after %d plies: %d positions by %d paths, want %d by %d", c.preset, c.plies, got.distinct, got.paths, want.distinct, want.paths)
		}
	}
}

// Two dice (rule W1) counted another way: every ordered throw (a, b) of
// the 36, by RollDice, rather than the 21 unordered pairs of
// State.Outcomes that perft throws. The order of the dice changes
// nothing but which die a position calls the first, so with the lower
// die written first (as Outcomes throws them, perftLowFirst) the
// positions after each ply are perft's, each reached by as many ordered
// paths as perft's paths weighted by their pairs' ordered throws (2 for
// two faces, 1 for a double): the probabilities of Outcomes, times 36.
// Naija with 2 and 4 players, and parcheesi with 4, whose sum of 5
// enters a pawn with both dice as one move (rule H1).
func TestPerftTwoDiceOrdered(t *testing.T) {
	for _, g := range []struct {
		preset  string
		players int
	}{{"naija", 2}, {"naija", 4}, {"parcheesi", 4}} {
		r, _ := Preset(g.preset)
		r.Players = g.players
		s, err := New(r)
		if err != nil {
			t.Fatal(err)
		}
		orders := map[[2]int]int{}
		for a := 1; a <= 6; a++ {
			for b := 1; b <= 6; b++ {
				orders[[2]int{min(a, b), max(a, b)}]++
			}
		}
		outs := s.Outcomes()
		if len(outs) != len(orders) {
			t.Fatalf("%v: %d outcomes, want the %d unordered pairs", r, len(outs), len(orders))
		}
		for _, o := range outs {
			if n := orders[[2]int{o.Face, o.Second}]; o.Face > o.Second || math.Abs(o.Prob*36-float64(n)) > 1e-9 {
				t.Errorf("%v: outcome %v with probability %v, want the lower die first and %d/36", r, o, o.Prob, n)
			}
		}
		ordered := map[State]uint64{s: 1}
		weighted := map[State]uint64{s: 1}
		for ply := 1; ply <= 4; ply++ {
			next := map[State]uint64{}
			for st, n := range ordered {
				throws := [][2]int{{}}
				if st.Phase() == PhaseRoll {
					throws = throws[:0]
					for a := 1; a <= 6; a++ {
						for b := 1; b <= 6; b++ {
							throws = append(throws, [2]int{a, b})
						}
					}
				}
				for _, th := range throws {
					rolled := st
					if th[0] != 0 {
						if rolled, err = st.RollDice(th[0], th[1]); err != nil {
							t.Fatalf("RollDice(%d, %d): %v\n%v", th[0], th[1], err, st)
						}
					}
					for _, m := range rolled.LegalMoves() {
						nx, err := rolled.Apply(m)
						if err != nil {
							t.Fatalf("%v: a legal move refused: %v\n%v", m, err, rolled)
						}
						next[perftLowFirst(t, nx)] += n
					}
				}
			}
			ordered = next
			next = map[State]uint64{}
			for st, n := range weighted {
				perftPlies(st, func(o Outcome, _ Move, nx State) {
					w := uint64(1)
					if o.Second != 0 && o.Second != o.Face {
						w = 2
					}
					next[nx] += n * w
				})
			}
			weighted = next
			if len(ordered) != len(weighted) {
				t.Errorf("%v after %d plies: %d positions by ordered throws, %d by perft", r, ply, len(ordered), len(weighted))
			}
			for st, n := range ordered {
				if weighted[st] != n {
					t.Fatalf("%v after %d plies: %d ordered paths, %d weighted perft paths to\n%v", r, ply, n, weighted[st], st)
				}
			}
			if want := perftLevels(s, ply)[ply-1]; want.distinct != uint64(len(weighted)) {
				t.Errorf("%v after %d plies: perftLevels %v, counted here %d positions", r, ply, want, len(weighted))
			}
		}
	}
}

// perftLowFirst returns s with the throw due written lower die first, as
// State.Outcomes throws it: what a throw of (6, 3) and one of (3, 6) leave
// differs only in the order (rule W1).
func perftLowFirst(t *testing.T, s State) State {
	u := s.Setup()
	if u.SecondDie == 0 || u.SecondDie >= u.Die {
		return s
	}
	u.Die, u.SecondDie = u.SecondDie, u.Die
	u.Played[0], u.Played[1] = u.Played[1], u.Played[0]
	low, err := u.State()
	if err != nil {
		t.Fatalf("%v: %v", s, err)
	}
	return low
}
