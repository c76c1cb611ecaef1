package main

import (
	"bytes"
	"regexp"
	"strings"
	"testing"
)

func TestCommandLine(t *testing.T) {
	for _, c := range []struct {
		args   []string
		status int
		err    string
	}{
		{[]string{"7"}, 2, `playout: unexpected argument "7"`},
		{[]string{strings.Repeat("x", 1000)}, 2, `playout: unexpected argument "` + strings.Repeat("x", 64) + `"…` + "\n"},
		{[]string{"-preset", strings.Repeat("x", 1000)}, 1, `playout: unknown preset "` + strings.Repeat("x", 64) + `"… (want`},
		{[]string{"-seed", "2", "extra"}, 2, "usage: playout [flags]"},
		{[]string{"-players", "x"}, 2, `invalid value "x" for flag -players`},
		{[]string{"-preset", "chess"}, 1, `playout: unknown preset "chess"`},
		{[]string{"-players", "5"}, 1, "playout: ludo: invalid rules: Players is 5"},
	} {
		var out, errOut bytes.Buffer
		status := cli(c.args, &out, &errOut)
		if status != c.status || !strings.Contains(errOut.String(), c.err) || out.Len() > 0 {
			t.Errorf("%q: status %d, stderr %q, stdout %q; want status %d and %q", c.args, status, errOut.String(), out.String(), c.status, c.err)
		}
	}
}

func TestGame(t *testing.T) {
	var out, errOut bytes.Buffer
	if status := cli([]string{"-players", "2", "-preset", "mongolian", "-seed", "5"}, &out, &errOut); status != 0 || errOut.Len() > 0 {
		t.Fatalf("status %d, stderr %q", status, errOut.String())
	}
	text := out.String()
	for _, want := range []string{"mongolian{Players:2}, 2 players, seed 5\n", " 177  ", "1. ", "2. "} {
		if !strings.Contains(text, want) {
			t.Errorf("the game lacks %q:\n%s", want, text)
		}
	}
	var quiet bytes.Buffer
	cli([]string{"-players", "2", "-preset", "mongolian", "-seed", "5", "-quiet"}, &quiet, &errOut)
	if q := quiet.String(); strings.Contains(q, " 177  ") || !strings.HasSuffix(text, q[strings.Index(q, "\n\n")+2:]) {
		t.Errorf("-quiet printed:\n%s", q)
	}
}

// TestTwoDice: a game of Nigerian Ludo (two dice, rule W1) prints each
// throw's two faces and the die its first move plays, one of them; the
// other die's move follows on its own line, with no roll, by the same
// colour with the other face. The game ends with every place given.
func TestTwoDice(t *testing.T) {
	var out, errOut bytes.Buffer
	if status := cli([]string{"-preset", "naija", "-seed", "3"}, &out, &errOut); status != 0 || errOut.Len() > 0 {
		t.Fatalf("status %d, stderr %q", status, errOut.String())
	}
	throwRE := regexp.MustCompile(`^ *\d+  (\w+) +rolls ([1-6]) ([1-6])(?:, plays ([1-6]))?: `)
	otherRE := regexp.MustCompile(`^ *\d+  (\w+) +(?:plays|die) ([1-6]): `)
	lines := strings.Split(out.String(), "\n")
	throws, others := 0, 0
	for k, l := range lines {
		m := throwRE.FindStringSubmatch(l)
		if m == nil {
			if otherRE.MatchString(l) && (k == 0 || throwRE.FindStringSubmatch(lines[k-1]) == nil) {
				t.Errorf("line %d: the other die's move follows no throw: %q", k+1, l)
			}
			continue
		}
		throws++
		if m[4] == "" {
			continue // a pass: neither die can be played
		}
		if m[4] != m[2] && m[4] != m[3] {
			t.Errorf("line %d: plays %s of %s and %s", k+1, m[4], m[2], m[3])
		}
		other := m[2]
		if m[4] == m[2] {
			other = m[3]
		}
		if o := otherRE.FindStringSubmatch(lines[k+1]); o != nil {
			others++
			if o[1] != m[1] || o[2] != other {
				t.Errorf("lines %d-%d: %q then %q, want %s playing %s", k+1, k+2, l, lines[k+1], m[1], other)
			}
		}
	}
	if throws < 50 || others < throws/2 {
		t.Errorf("%d throws of two, %d other dice's moves:\n%s", throws, others, out.String())
	}
	for _, want := range []string{"naija, 4 players, seed 3\n", "naija: game over", "1. ", "4. "} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("the game lacks %q", want)
		}
	}
}

// TestParcheesi: a game of Parcheesi prints its entries with both dice
// (rule H1) as "plays both", with faces summing to the entry face 5; a
// double with every token out as tops and bottoms (rule H2), its four
// amounts the top and 7 minus it, played over the next lines; bonus moves
// after the dice (rule W4); and a third double forfeited, the token
// nearest home sent back (rule H3).
func TestParcheesi(t *testing.T) {
	var out, errOut bytes.Buffer
	if status := cli([]string{"-preset", "parcheesi", "-seed", "2"}, &out, &errOut); status != 0 || errOut.Len() > 0 {
		t.Fatalf("status %d, stderr %q", status, errOut.String())
	}
	bothRE := regexp.MustCompile(`^ *\d+  \w+ +rolls ([1-6]) ([1-6]), plays both: token \d enters`)
	topsRE := regexp.MustCompile(`^ *\d+  (\w+) +rolls ([1-6]) ([1-6]), tops and bottoms ([1-6]) ([1-6]) ([1-6]) ([1-6]), plays ([1-6]): `)
	playsRE := regexp.MustCompile(`^ *\d+  (\w+) +plays ([1-6]): `)
	lines := strings.Split(out.String(), "\n")
	seen := map[string]int{}
	for k, l := range lines {
		if m := bothRE.FindStringSubmatch(l); m != nil {
			seen["both"]++
			if m[1]+m[2] != "14" && m[1]+m[2] != "41" && m[1]+m[2] != "23" && m[1]+m[2] != "32" {
				t.Errorf("line %d: %q enters with both dice, which do not sum to 5", k+1, l)
			}
		}
		if strings.Contains(l, " bonus ") {
			seen["bonus"]++
			if !strings.Contains(l, " after the dice: ") {
				t.Errorf("line %d: %q, a bonus move with two dice, is not after the dice", k+1, l)
			}
		}
		if strings.Contains(l, "third double, turn forfeited, token ") {
			seen["H3"]++
		}
		m := topsRE.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		seen["tops"]++
		top, bottom := m[2], string(rune('0'+7-int(m[2][0]-'0')))
		if m[3] != top || m[4] != top || m[5] != bottom || m[6] != top || m[7] != bottom {
			t.Errorf("line %d: %q: want tops and bottoms %s %s %s %s", k+1, l, top, bottom, top, bottom)
		}
		left := map[string]int{top: 2, bottom: 2}
		left[m[8]]--
		for _, next := range lines[k+1 : min(k+4, len(lines))] {
			if p := playsRE.FindStringSubmatch(next); p != nil && p[1] == m[1] {
				left[p[2]]--
			}
		}
		if left[top] < 0 || left[bottom] < 0 || len(left) != 2 {
			t.Errorf("line %d on: %q and the next three play other than %s %s %s %s", k+1, l, top, bottom, top, bottom)
		}
	}
	for _, what := range []string{"both", "bonus", "tops", "H3"} {
		if seen[what] == 0 {
			t.Errorf("the game has no line of kind %q:\n%s", what, out.String())
		}
	}
}

// TestParchis: games of Parchís with two dice, on four arms and on six,
// print entries with a 5 on a die or with both dice summing to 5 (rule
// E2); every 6 counting 6 (E1); every double, and no other throw, followed
// by another throw of the same colour (E3), the third double forfeited
// and the piece moved last sent home; bonus moves of 20 and 10 after the
// dice (E5, W4).
func TestParchis(t *testing.T) {
	for _, c := range []struct {
		preset string
		seed   string
		track  int
	}{{"parchis", "2", 68}, {"parchis6d", "1", 102}} {
		var out, errOut bytes.Buffer
		if status := cli([]string{"-preset", c.preset, "-seed", c.seed}, &out, &errOut); status != 0 || errOut.Len() > 0 {
			t.Fatalf("%s: status %d, stderr %q", c.preset, status, errOut.String())
		}
		throwRE := regexp.MustCompile(`^ *\d+  (\w+) +rolls ([1-6]) ([1-6])`)
		enterRE := regexp.MustCompile(`^ *\d+  \w+ +(?:rolls [1-6] [1-6], )?plays (\w+): token \d enters`)
		bothRE := regexp.MustCompile(`rolls ([1-6]) ([1-6]), plays both: `)
		sixRE := regexp.MustCompile(`plays 6: token \d (\d+) -> (\d+)\b`)
		moveRE := regexp.MustCompile(`^ *\d+  (\w+) +.*: token (\d)`)
		forfeitRE := regexp.MustCompile(`^ *\d+  (\w+) +rolls ([1-6]) ([1-6]): third double, turn forfeited(?:, token (\d), moved last, goes back to the yard)?$`)
		lines := strings.Split(out.String(), "\n")
		seen := map[string]int{}
		last := map[string]string{} // each colour's piece moved last
		for k, l := range lines {
			if m := enterRE.FindStringSubmatch(l); m != nil && m[1] != "5" && m[1] != "both" {
				t.Errorf("%s line %d: %q enters with a %s (rule E2)", c.preset, k+1, l, m[1])
			}
			if m := bothRE.FindStringSubmatch(l); m != nil {
				seen["both"]++
				if m[1][0]-'0'+m[2][0]-'0' != 5 {
					t.Errorf("%s line %d: %q enters with both dice, which do not sum to 5 (rule E2)", c.preset, k+1, l)
				}
			}
			if m := sixRE.FindStringSubmatch(l); m != nil {
				seen["six"]++
				from, to := atoi(m[1]), atoi(m[2])
				if (to-from+c.track)%c.track != 6 {
					t.Errorf("%s line %d: %q: a 6 that does not count 6 (rule E1)", c.preset, k+1, l)
				}
			}
			if strings.Contains(l, " bonus ") {
				seen["bonus"]++
				if !strings.Contains(l, " after the dice: ") {
					t.Errorf("%s line %d: %q, a bonus move with two dice, is not after the dice (rule E5)", c.preset, k+1, l)
				}
			}
			if m := forfeitRE.FindStringSubmatch(l); m != nil {
				seen["forfeit"]++
				if m[2] != m[3] {
					t.Errorf("%s line %d: %q: a forfeit on a throw that is no double", c.preset, k+1, l)
				}
				if m[4] != "" && m[4] != last[m[1]] {
					t.Errorf("%s line %d: %q, but %s moved token %s last (rule E3)", c.preset, k+1, l, m[1], last[m[1]])
				}
			} else if m := moveRE.FindStringSubmatch(l); m != nil {
				last[m[1]] = m[2]
			}
			// The next throw: the same colour's after a double, another's
			// after any other throw (rule E3), unless a place was taken.
			m := throwRE.FindStringSubmatch(l)
			if m == nil || forfeitRE.MatchString(l) {
				continue
			}
			for _, next := range lines[k+1:] {
				if strings.Contains(next, "finishes in place") {
					break
				}
				if n := throwRE.FindStringSubmatch(next); n != nil {
					if double := m[2] == m[3]; double != (n[1] == m[1]) {
						t.Errorf("%s line %d: %q is followed by %q (rule E3)", c.preset, k+1, l, next)
					}
					if m[2] == m[3] {
						seen["double"]++
					}
					break
				}
			}
		}
		for _, what := range []string{"both", "six", "bonus", "forfeit", "double"} {
			if seen[what] == 0 {
				t.Errorf("%s: the game has no line of kind %q:\n%s", c.preset, what, out.String())
			}
		}
		for _, want := range []string{c.preset + ", ", c.preset + ": game over", "1. ", "4. "} {
			if !strings.Contains(out.String(), want) {
				t.Errorf("%s: the game lacks %q", c.preset, want)
			}
		}
	}
}

// TestUckers: a game of Uckers prints a move of both dice (rule U2) as
// "plays both", the counter moving their sum; a throw with a 6 on either
// die is followed by another throw of the same colour (rule U1); the
// game ends when a partnership has all its counters home, its two
// colours sharing first place and the other two second (rules U5, T1).
func TestUckers(t *testing.T) {
	var out, errOut bytes.Buffer
	if status := cli([]string{"-preset", "uckers", "-seed", "1"}, &out, &errOut); status != 0 || errOut.Len() > 0 {
		t.Fatalf("status %d, stderr %q", status, errOut.String())
	}
	text := out.String()
	throwRE := regexp.MustCompile(`^ *\d+  (\w+) +rolls ([1-6]) ([1-6])`)
	bothRE := regexp.MustCompile(`^ *\d+  \w+ +rolls ([1-6]) ([1-6]), plays both: token \d (\d+) -> (\d+)`)
	lines := strings.Split(text, "\n")
	sums, sixes := 0, 0
	for k, l := range lines {
		if m := bothRE.FindStringSubmatch(l); m != nil {
			sums++
			a, b := int(m[1][0]-'0'), int(m[2][0]-'0')
			from, to := atoi(m[3]), atoi(m[4])
			if (to-from+52)%52 != a+b {
				t.Errorf("line %d: %q moves %d squares, not the sum %d", k+1, l, (to-from+52)%52, a+b)
			}
		}
		m := throwRE.FindStringSubmatch(l)
		if m == nil || m[2] != "6" && m[3] != "6" {
			continue
		}
		for _, next := range lines[k+1:] {
			if strings.Contains(next, "finishes in place") || strings.HasPrefix(next, "uckers: game over") {
				break
			}
			if n := throwRE.FindStringSubmatch(next); n != nil {
				sixes++
				if n[1] != m[1] {
					t.Errorf("line %d: %q, a 6, is followed by %q, another colour's throw", k+1, l, next)
				}
				break
			}
		}
	}
	if sums < 20 || sixes < 10 {
		t.Errorf("%d moves of both dice, %d throws after a 6:\n%s", sums, sixes, text)
	}
	firsts := regexp.MustCompile(`(?m)^1\. (\w+)$`).FindAllStringSubmatch(text, -1)
	seconds := regexp.MustCompile(`(?m)^2\. (\w+)$`).FindAllStringSubmatch(text, -1)
	partners := map[string]string{"red": "yellow", "yellow": "red", "green": "blue", "blue": "green"}
	if !strings.Contains(text, "uckers, 4 players, seed 1\n") || !strings.Contains(text, "uckers: game over") ||
		len(firsts) != 2 || len(seconds) != 2 || partners[firsts[0][1]] != firsts[1][1] || partners[seconds[0][1]] != seconds[1][1] {
		t.Errorf("the game does not end with a partnership first and the other second:\n%s", text[max(0, len(text)-400):])
	}
}

// atoi is strconv.Atoi for the digits a regexp matched.
func atoi(s string) int {
	n := 0
	for _, r := range s {
		n = n*10 + int(r-'0')
	}
	return n
}

// TestTwoColorsEach: under uckers{Teams:TwoColorsEach} (rule T3) each
// line names the turn's colour, which throws and moves, and a move of the
// player's other colour names its token's colour; the turns go round the
// colours (C3), each throw is followed by a throw of the next colour or,
// after a 6 (U1), of the same.
func TestTwoColorsEach(t *testing.T) {
	for _, seed := range []string{"1", "2", "3"} {
		var out, errOut bytes.Buffer
		if status := cli([]string{"-preset", "uckers{Teams:TwoColorsEach}", "-seed", seed}, &out, &errOut); status != 0 || errOut.Len() > 0 {
			t.Fatalf("seed %s: status %d, stderr %q", seed, status, errOut.String())
		}
		text := out.String()
		lineRE := regexp.MustCompile(`^ *\d+  (\w+) +(?:rolls [1-6] [1-6][,:] )?(?:plays (?:[1-6]|both): )?(?:(\w+) )?token \d`)
		mate := map[string]string{"red": "yellow", "yellow": "red", "green": "blue", "blue": "green"}
		own, other := 0, 0
		for k, l := range strings.Split(text, "\n") {
			m := lineRE.FindStringSubmatch(l)
			if m == nil {
				continue
			}
			switch m[2] {
			case "":
				own++
			case mate[m[1]]:
				other++
			default:
				t.Errorf("seed %s, line %d: %q moves a token of %s on %s's turn", seed, k+1, l, m[2], m[1])
			}
		}
		if own < 30 || other < 30 {
			t.Errorf("seed %s: %d moves of the turn's colour, %d of the other:\n%s", seed, own, other, text)
		}
		firsts := regexp.MustCompile(`(?m)^1\. (\w+)$`).FindAllStringSubmatch(text, -1)
		if len(firsts) != 2 || mate[firsts[0][1]] != firsts[1][1] {
			t.Errorf("seed %s: the game does not end with one player's two colours first:\n%s", seed, text[max(0, len(text)-400):])
		}
	}
}
