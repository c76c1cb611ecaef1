package picture

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"

	"github.com/ludorules/ludo"
)

// replayGame plays a seeded random game and returns its frames and final
// position.
func replayGame(t *testing.T, r ludo.Rules, seed uint64) ([]Frame, ludo.State) {
	t.Helper()
	s, err := ludo.New(r)
	if err != nil {
		t.Fatal(err)
	}
	dice := ludo.SeededDice(seed)
	pick := rand.New(rand.NewPCG(seed, 0x5eed))
	var frames []Frame
	for s.Phase() != ludo.PhaseOver {
		f := Frame{Before: s}
		if s.Phase() == ludo.PhaseRoll { // else a bonus move (rule P8) or a throw's other die (rule W1) is due: roll 0
			o := dice.Throw(r)
			f.Roll, f.Second = o.Face, o.Second
			if s, err = s.RollOutcome(o); err != nil {
				t.Fatal(err)
			}
		}
		moves := s.LegalMoves()
		f.Move = moves[pick.IntN(len(moves))]
		if s, err = s.Apply(f.Move); err != nil {
			t.Fatal(err)
		}
		frames = append(frames, f)
	}
	return frames, s
}

func writeReplay(t *testing.T, title string, frames []Frame, final ludo.State) string {
	t.Helper()
	var b bytes.Buffer
	if err := WriteReplayHTML(&b, title, frames, final); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// replayDataOf reads the data the page's script draws from.
func replayDataOf(t *testing.T, page string) replayData {
	t.Helper()
	m := regexp.MustCompile(`(?m)^  const D = (.*);$`).FindStringSubmatch(page)
	if m == nil {
		t.Fatal("no data in the page")
	}
	var d replayData
	if err := json.Unmarshal([]byte(m[1]), &d); err != nil {
		t.Fatalf("the page's data: %v", err)
	}
	return d
}

// A short game (two players, one token each) as a golden page.
func TestReplayHTMLGolden(t *testing.T) {
	r := ludo.Classic()
	r.Players, r.Tokens = 2, 1
	frames, final := replayGame(t, r, 3)
	page := writeReplay(t, "A short game <&> \"quoted\"", frames, final)
	golden(t, "html/short-game.html", []byte(page))
	if again := writeReplay(t, "A short game <&> \"quoted\"", frames, final); again != page {
		t.Fatal("the same game gave two different pages")
	}
}

func TestReplayHTML(t *testing.T) {
	frames, final := replayGame(t, ludo.Mongolian(), 1)
	page := writeReplay(t, `<script>alert("x")</script>`, frames, final)

	// Self-contained: no other file, font or script is loaded.
	for _, bad := range []string{"<script src", "<link", "@import", "url(", "<iframe", "<img", "https://"} {
		if strings.Contains(page, bad) {
			t.Errorf("the page contains %q", bad)
		}
	}
	if n := strings.Count(page, "http://"); n != 2 || strings.Count(page, `"http://www.w3.org/2000/svg"`) != 2 {
		t.Errorf("the page names %d addresses, want only the SVG namespace (in the picture and the script)", n)
	}
	if strings.Contains(page, `<script>alert`) {
		t.Error("the title is not escaped")
	}
	if len(page) > 60000+300*len(frames) {
		t.Errorf("%d plies make %d bytes, want at most 60 kB + 300 bytes a ply", len(frames), len(page))
	}

	// The picture is well-formed and shows the start.
	i, j := strings.Index(page, "<svg"), strings.Index(page, "</svg>")
	els := parseSVG(t, []byte(page[i:j+len("</svg>")]))
	gotT, _ := svgTokens(t, els)
	wantT, _ := wantTokens(frames[0].Before)
	if strings.Join(gotT, "|") != strings.Join(wantT, "|") {
		t.Errorf("picture shows %q, want %q", gotT, wantT)
	}

	// The data holds every position and ply.
	d := replayDataOf(t, page)
	if len(d.Views) != len(frames)+1 {
		t.Fatalf("%d views, want %d", len(d.Views), len(frames)+1)
	}
	for n, v := range d.Views {
		s := final
		if n < len(frames) {
			s = frames[n].Before
		}
		k := 0
		for c := range s.Players().All() {
			for i := range s.Rules().Tokens {
				if v.P[k] != s.Progress(c, i) {
					t.Fatalf("view %d: %v token %d at %d, want %d", n, c, i, v.P[k], s.Progress(c, i))
				}
				k++
			}
		}
		if v.St != svgStatusText(s) {
			t.Fatalf("view %d: status %q, want %q", n, v.St, svgStatusText(s))
		}
		if n == 0 {
			if v.M != nil {
				t.Fatal("view 0 has a ply")
			}
			continue
		}
		f := frames[n-1]
		if v.M[0] != f.Roll || v.M[1] != int(f.Move.Color()) || v.M[2] != f.Move.Token() || v.Ms != f.Move.String() {
			t.Fatalf("view %d: ply %v %q, want roll %d move %v", n, v.M, v.Ms, f.Roll, f.Move)
		}
		if !strings.HasPrefix(v.Tx, f.Move.Color().String()+" rolled ") || v.M[6] != f.Move.Count() {
			t.Fatalf("view %d: text %q, count %d", n, v.Tx, v.M[6])
		}
	}
	for c := range ludo.Color(4) {
		for p := 0; p <= 56; p++ {
			if d.Sq[c][p] != ludo.Ludo52().Square(c, p).String() {
				t.Fatalf("%v progress %d named %q", c, p, d.Sq[c][p])
			}
		}
	}
}

// Every preset's page: the data puts every progress where the picture
// does, the status lines and dice are the pictures', and a bonus move
// (roll 0), a 6 that counts 7, a throw of two dice and its other die
// (roll 0, rule W1) are said so.
func TestReplayHTMLPresets(t *testing.T) {
	seen := map[string]bool{}
	for k, r := range svgGameRules() {
		frames, final := replayGame(t, r, uint64(k))
		if n := 150; testing.Short() && len(frames) > n { // the first plies, as a game of their own
			frames, final = frames[:n], frames[n].Before
		}
		page := writeReplay(t, r.String(), frames, final)
		d := replayDataOf(t, page)
		start := frames[0].Before
		g := stateGeometry(start)
		if d.R != g.r || d.Strip != [3]int{g.strip, g.w, svgStripH} {
			t.Fatalf("%v: radius %d strip %v, want %d %v", r, d.R, d.Strip, g.r, [3]int{g.strip, g.w, svgStripH})
		}
		for c := range start.Players().All() {
			last := r.Board.Finish()
			if r.CaptureBeforeHome {
				last += r.Board.Track - r.Board.HomeEntry - 1
			}
			if len(d.Pos[c]) != last+1 || len(d.Sq[c]) != last+1 {
				t.Fatalf("%v: %v has %d places, want progress 0 to %d", r, c, len(d.Pos[c]), last)
			}
			for p := range d.Pos[c] {
				sq := r.Board.Square(c, p)
				at := g.center(c, p)
				block := sq.Zone() == ludo.TrackZone && (r.Blocks != ludo.BlocksOnSafe || r.Board.IsSafe(sq)) // where a pair is a block (rule S4)
				if d.Pos[c][p] != [2]int{at.x, at.y} || d.Sq[c][p] != sq.String() || d.Trk[c][p] != block {
					t.Fatalf("%v: %v progress %d at %v %q, want %v %q", r, c, p, d.Pos[c][p], d.Sq[c][p], at, sq)
				}
			}
		}
		for n, v := range d.Views[1:] {
			f, after := frames[n], final
			if n+1 < len(frames) {
				after = frames[n+1].Before
			}
			p := positionOf(after)
			u := 0
			for k, played := range p.played {
				u |= b2i(played) << k
			}
			if v.St != svgStatusText(after) || v.B != p.bonus || v.D != p.die || v.D2 != p.die2 || v.U != u || v.Q != b2i(p.bottoms) {
				t.Fatalf("%v: view %d: status %q bonus %d dice %d %d (played %d, bottoms %d), want %q", r, n+1, v.St, v.B, v.D, v.D2, v.U, v.Q, svgStatusText(after))
			}
			// Two dice: the dice stay shown, all played, before a bonus
			// move after them (rule W4); four amounts of tops and
			// bottoms (rule H2).
			if a, b := after.Dice(); b != 0 && (v.D != a || v.D2 != b || after.IsBonusMove() && v.U != 3|12*v.Q) {
				t.Fatalf("%v: view %d: dice %d %d played %d, want %d %d", r, n+1, v.D, v.D2, v.U, a, b)
			}
			if after.Setup().Bottoms && !after.IsBonusMove() {
				seen["tops and bottoms due"] = true
			}
			m := f.Move
			who := m.Color()
			if r.Teams == ludo.TwoColorsEach { // rule T3: the turn's colour throws, moving either of its player's colours
				who = f.Before.Turn()
				if m.Color() != who && !m.IsPass() && !strings.Contains(v.Tx, ": "+m.Color().String()+" token ") {
					t.Fatalf("%v: view %d: %q does not name the token's colour %v on %v's turn", r, n+1, v.Tx, m.Color(), who)
				}
				if m.Color() != who {
					seen["other colour"] = true
				}
			}
			a, b := f.Before.Dice()
			rolled := f.Before
			if f.Roll != 0 {
				a, b = f.Roll, f.Second
				rolled, _ = f.Before.RollOutcome(ludo.Outcome{Face: f.Roll, Second: f.Second})
			}
			kind := ""
			if rolled.Setup().Bottoms && !m.IsPass() && !m.IsBonusMove() { // rule H2
				kind = map[bool]string{true: ", a top", false: ", a bottom"}[m.Die() == a]
				seen["tops and bottoms"] = true
				if !strings.Contains(v.Tx, kind+": ") {
					t.Fatalf("%v: view %d: %q does not say %q", r, n+1, v.Tx, kind)
				}
			}
			switch {
			case f.Roll == 0 && f.Before.IsBonusMove() && r.TwoDice: // rule W4
				seen["bonus after the dice"] = true
				if want := fmt.Sprintf("%v bonus %d after the dice: ", who, m.Count()); v.M[0] != 0 || !strings.HasPrefix(v.Tx, want) {
					t.Fatalf("%v: view %d: ply %v %q, want roll 0 and %q", r, n+1, v.M, v.Tx, want)
				}
			case f.Roll == 0 && f.Before.IsBonusMove():
				seen["bonus"] = true
				if want := fmt.Sprintf("%v bonus %d: ", who, m.Count()); v.M[0] != 0 || !strings.HasPrefix(v.Tx, want) {
					t.Fatalf("%v: view %d: ply %v %q, want roll 0 and %q", r, n+1, v.M, v.Tx, want)
				}
			case f.Roll == 0: // a throw's other die (rule W1)
				seen["other die"] = true
				if want := fmt.Sprintf("%v plays %d of %d and %d%s: ", who, m.Die(), a, b, kind); v.M[0] != 0 || len(v.M) != 9 || v.M[8] != m.Die() || !strings.HasPrefix(v.Tx, want) {
					t.Fatalf("%v: view %d: ply %v %q, want roll 0, die %d and %q", r, n+1, v.M, v.Tx, m.Die(), want)
				}
			case f.Second != 0 && m.BothDice(): // an entry with both (rule H1)
				seen["both dice"] = true
				if want := fmt.Sprintf("%v rolled %d and %d, plays both (%d): ", who, a, b, a+b); len(v.M) != 9 || v.M[7] != b || m.Die() != a+b || !strings.HasPrefix(v.Tx, want) {
					t.Fatalf("%v: view %d: ply %v %q, want second die %d and %q", r, n+1, v.M, v.Tx, b, want)
				}
			case f.Second != 0: // a throw of two (rule W1)
				seen["two dice"] = true
				if want := fmt.Sprintf("%v rolled %d and %d, plays %d", who, a, b, m.Die()); len(v.M) != 9 || v.M[7] != b || !strings.HasPrefix(v.Tx, want) {
					t.Fatalf("%v: view %d: ply %v %q, want second die %d and %q", r, n+1, v.M, v.Tx, b, want)
				}
			case m.Count() != m.Die():
				seen["counts"] = true
				if want := fmt.Sprintf("%v rolled %d (counts %d): ", who, m.Die(), m.Count()); !strings.HasPrefix(v.Tx, want) {
					t.Fatalf("%v: view %d: %q, want %q", r, n+1, v.Tx, want)
				}
			default:
				if want := fmt.Sprintf("%v rolled %d: ", who, m.Die()); len(v.M) != 7 || !strings.HasPrefix(v.Tx, want) {
					t.Fatalf("%v: view %d: %v %q, want %q", r, n+1, v.M, v.Tx, want)
				}
			}
		}
		if g.shared != (d.Big != nil) {
			t.Fatalf("%v: the shared centre's discs given %v, want %v", r, d.Big != nil, g.shared)
		}
	}
	for _, what := range []string{"bonus", "counts", "two dice", "other die", "both dice", "tops and bottoms", "tops and bottoms due", "bonus after the dice", "other colour"} {
		if !seen[what] {
			t.Errorf("no ply of kind %q in the games", what)
		}
	}
}

func TestReplayHTMLDescribes(t *testing.T) {
	s, _ := ludo.New(ludo.Mongolian())
	u := s.Setup()
	u.Tokens[ludo.Red] = [4]int{10, 3, 3, -1}
	u.Tokens[ludo.Green] = [4]int{-1, -1, -1, -1}
	u.Tokens[ludo.Green][0] = 0 // square 14
	u.Turn, u.Die, u.Streak = ludo.Red, 6, 1
	s, _ = u.State()
	var moves []string
	for _, m := range s.LegalMoves() {
		next, _ := s.Apply(m)
		moves = append(moves, describeMove(s, next, m))
	}
	want := []string{
		"red rolled 6: token 0: 11 → 17",
		"red rolled 6: token 1: 4 → 10",
		"red rolled 6: token 3 enters on square 1",
	}
	if strings.Join(moves, "\n") != strings.Join(want, "\n") {
		t.Fatalf("got\n%s\nwant\n%s", strings.Join(moves, "\n"), strings.Join(want, "\n"))
	}
	if got := describeChoices(s); got != "3 legal moves: token 0: 11 → 17 · token 1: 4 → 10 · token 3 enters on square 1" {
		t.Fatalf("choices %q", got)
	}
	u.Tokens[ludo.Red] = [4]int{12, 55, 56, -1}
	u.Die = 1
	u.Streak = 0
	s, _ = u.State()
	m, err := s.TokenMove(0)
	if err != nil {
		t.Fatal(err)
	}
	next, _ := s.Apply(m)
	if got := describeMove(s, next, m); got != "red rolled 1: token 0: 13 → 14, captures 1 green" {
		t.Fatalf("capture: %q", got)
	}
	m, _ = s.TokenMove(1)
	next, _ = s.Apply(m)
	if got := describeMove(s, next, m); got != "red rolled 1: token 1: red home 5 → finish" {
		t.Fatalf("finish: %q", got)
	}
}

// Uckers: the dice added on one counter (rule U2) are a move of both,
// said with their sum, jumping the opponent on the square between; the
// choices say which die each move plays; a game over with partners gives
// each colour its team's place (rules U5, T1).
func TestReplayHTMLDescribesUckers(t *testing.T) {
	s := ludo.MustParsePosition("rules uckers\nred 10 30\nblue @13\nturn red\ndie 2 3\n")
	var moves []string
	for _, m := range s.LegalMoves() {
		next, _ := s.Apply(m)
		moves = append(moves, describeMove(s, next, m))
	}
	want := []string{
		"red rolled 2 and 3, plays 2: token 0: 11 → 13, captures 1 blue",
		"red rolled 2 and 3, plays 3: token 0: 11 → 14",
		"red rolled 2 and 3, plays both (5): token 0: 11 → 16",
		"red rolled 2 and 3, plays 2: token 1: 31 → 33",
		"red rolled 2 and 3, plays 3: token 1: 31 → 34",
		"red rolled 2 and 3, plays both (5): token 1: 31 → 36",
	}
	if strings.Join(moves, "\n") != strings.Join(want, "\n") {
		t.Fatalf("got\n%s\nwant\n%s", strings.Join(moves, "\n"), strings.Join(want, "\n"))
	}
	if got, want := describeChoices(s), "6 legal moves: token 0: 11 → 13, captures 1 blue (the 2) · token 0: 11 → 14 (the 3) · token 0: 11 → 16 (both dice) · "+
		"token 1: 31 → 33 (the 2) · token 1: 31 → 34 (the 3) · token 1: 31 → 36 (both dice)"; got != want {
		t.Fatalf("choices %q, want %q", got, want)
	}
	// Blue's last counter home: blue and green, partners, share first
	// place, red and yellow second.
	over := ludo.MustParsePosition("rules uckers\nred 10\ngreen finish finish finish finish\nyellow 20\nblue finish finish finish 53\nturn blue\ndie 1 3\n")
	m, err := over.TokenMove(3)
	if err != nil {
		t.Fatal(err)
	}
	end, err := over.Apply(m)
	if err != nil {
		t.Fatal(err)
	}
	if got := describeMove(over, end, m); !strings.HasSuffix(got, "; blue finishes 1st; game over") {
		t.Fatalf("the last counter home: %q", got)
	}
	if got := svgStatusText(end); got != "game over: 1 green, 1 blue, 2 red, 2 yellow" {
		t.Fatalf("status %q", got)
	}
}

func TestReplayHTMLErrors(t *testing.T) {
	frames, final := replayGame(t, ludo.Classic(), 2)
	write := func(frames []Frame, final ludo.State) error {
		var b bytes.Buffer
		err := WriteReplayHTML(&b, "t", frames, final)
		if err != nil && b.Len() > 0 {
			t.Errorf("%v, but %d bytes were written", err, b.Len())
		}
		return err
	}
	cp := func() []Frame { return append([]Frame(nil), frames...) }

	if err := write(nil, ludo.State{}); !errors.Is(err, ErrInvalidReplay) {
		t.Errorf("zero State: %v", err)
	}
	if err := write(nil, final); err != nil {
		t.Errorf("no frames: %v", err)
	}
	if err := write(frames[:10], frames[10].Before); err != nil {
		t.Errorf("the first ten plies: %v", err)
	}
	// Frames that do not follow on: the error says where and what differs,
	// in a line (no drawing of the positions).
	short := func(err error, want string) bool {
		return errors.Is(err, ErrInvalidReplay) && strings.Contains(err.Error(), want) &&
			!strings.Contains(err.Error(), "\n") && len(err.Error()) < 160
	}
	if err := write(frames[:10], frames[11].Before); !short(err, "ply 10: move "+frames[9].Move.String()+" leads to a position whose ") || !strings.Contains(err.Error(), ", where final has ") {
		t.Errorf("final not after the last frame: %v", err)
	}
	f := cp()
	f[4] = f[5]
	if err := write(f, final); !short(err, "ply 4: ") || !strings.Contains(err.Error(), ", where the next frame's Before has ") {
		t.Errorf("a frame left out: %v", err)
	}
	f = cp()
	f[0].Roll = 7
	if err := write(f, final); !errors.Is(err, ErrInvalidReplay) || !errors.Is(err, ludo.ErrBadFace) {
		t.Errorf("roll 7: %v", err)
	}
	f = cp()
	f[0].Move = ludo.Move{}
	if err := write(f, final); !short(err, "ply 1: move ") || !errors.Is(err, ludo.ErrIllegalMove) {
		t.Errorf("no move: %v", err)
	}
	// A position with the die cast on the roll is accepted; on another
	// face it is refused.
	f = cp()
	f[3].Before, _ = f[3].Before.Roll(f[3].Roll)
	if err := write(f, final); err != nil {
		t.Errorf("Before in PhaseMove: %v", err)
	}
	f[3].Roll = f[3].Roll%6 + 1
	if err := write(f, final); !errors.Is(err, ErrInvalidReplay) {
		t.Errorf("Before in PhaseMove on another face: %v", err)
	}
	if err := WriteReplayHTML(failWriter{}, "t", frames, final); err == nil {
		t.Error("a failing writer: no error")
	}
}

// TestReplayDifference: the error of frames that do not follow on names
// the first thing that differs between the position the move leads to and
// the one the frames give.
func TestReplayDifference(t *testing.T) {
	for _, c := range []struct{ got, want, says string }{
		{"rules classic\nred 12", "rules classic\nred 15", "a position whose Tokens[red][0] is 12, where final has 15"},
		{"rules classic\nred 12 yard yard 3", "rules classic\nred 12 yard yard 4", "a position whose Tokens[red][3] is 3, where final has 4"},
		{"rules classic\nred 12\nblue 7\nturn blue", "rules classic\nred 12\nblue 7", "a position whose Turn is blue, where final has red"},
		{"rules classic\nred 12\ndie 5", "rules classic\nred 12", "a position whose Die is 5, where final has 0"},
		{"rules classic{SixPenalty:UndoTurn}\nred 12\nundo red 6\ndie 6\nsixes 1", "rules classic{SixPenalty:UndoTurn}\nred 12\ndie 6\nsixes 1",
			"a position whose TurnStart is [[6 -1 -1 -1] [-1 -1 -1 -1]"},
		{"rules classic\nred 12", "rules classic\nred 12", "a position other than final"},
	} {
		got, err := ludo.ParsePosition(c.got)
		if err != nil {
			t.Fatal(err)
		}
		want, err := ludo.ParsePosition(c.want)
		if err != nil {
			t.Fatal(err)
		}
		if d := difference(got, want, "final"); !strings.HasPrefix(d, c.says) {
			t.Errorf("%q against %q: %q, want %q", c.got, c.want, d, c.says)
		}
	}
}

type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

// TestReplayHTMLTwoDice: the page of a Nigerian Ludo record (rule W1)
// steps through each die's move: a throw's ply gives both faces, the
// other die's ply roll 0 and the die it plays, and the position between
// them both dice with the played one marked; the script that draws two
// dice is on the page, and only on a page of two dice.
func TestReplayHTMLTwoDice(t *testing.T) {
	r, _ := ludo.Preset("naija")
	start, err := ludo.New(r)
	if err != nil {
		t.Fatal(err)
	}
	rec := ludo.NewRecord(start)
	s, dice, pick := start, ludo.SeededDice(4), rand.New(rand.NewPCG(4, 4))
	for len(rec.Plies) < 60 && s.Phase() != ludo.PhaseOver {
		if s.Phase() == ludo.PhaseRoll {
			if s, err = s.RollOutcome(dice.Throw(r)); err != nil {
				t.Fatal(err)
			}
		}
		moves := s.LegalMoves()
		m := moves[pick.IntN(len(moves))]
		if err := rec.AddMove(s, m); err != nil {
			t.Fatal(err)
		}
		if s, err = s.Apply(m); err != nil {
			t.Fatal(err)
		}
	}
	text := rec.String()
	if !regexp.MustCompile(`(?m)^\d+ +\w+ +[1-6],[1-6] `).MatchString(text) || !regexp.MustCompile(`(?m)^\d+ +\w+ +0 `).MatchString(text) {
		t.Fatalf("the record has no throw of two and no other die's ply:\n%s", text)
	}
	back, err := ludo.ParseRecord(text)
	if err != nil {
		t.Fatal(err)
	}
	frames, final, err := Frames(*back)
	if err != nil {
		t.Fatal(err)
	}
	page := writeReplay(t, "naija", frames, final)
	for _, want := range []string{"function drawDie2(", "else if (v.d2)", `"data-roll", v.m[0] + "," + v.m[7]`} {
		if !strings.Contains(page, want) {
			t.Errorf("the page has no %q", want)
		}
	}
	d := replayDataOf(t, page)
	throws, others, marked := 0, 0, 0
	for n, f := range frames {
		v := d.Views[n+1]
		if len(v.M) != 9 || v.M[8] != f.Move.Die() || v.M[0] != f.Roll || v.M[7] != f.Second {
			t.Fatalf("ply %d: %v, want roll %d,%d and die %d", n+1, v.M, f.Roll, f.Second, f.Move.Die())
		}
		if f.Second != 0 {
			throws++
		} else if f.Roll == 0 && !f.Before.IsBonusMove() {
			others++
			a, b := f.Before.Dice()
			if want := fmt.Sprintf("%v plays %d of %d and %d: ", f.Move.Color(), f.Move.Die(), a, b); !strings.HasPrefix(v.Tx, want) {
				t.Fatalf("ply %d: %q, want %q", n+1, v.Tx, want)
			}
			// The view before it shows both dice, the one played marked.
			w := d.Views[n]
			due := f.Before.DiceDue()
			d1, d2 := due[0] != 0, due[1] != 0
			if w.D != a || w.D2 != b || w.U != b2i(!d1)|2*b2i(!d2) || w.U == 0 {
				t.Fatalf("view %d: dice %d %d played %d, want %d %d played %v %v", n, w.D, w.D2, w.U, a, b, !d1, !d2)
			}
			marked++
		}
	}
	if throws == 0 || others == 0 || marked == 0 {
		t.Fatalf("%d throws of two, %d other dice's plies", throws, others)
	}
	// A frame whose Before has the throw cast is accepted; on other dice,
	// or with a second die where the other die is due, it is refused.
	cast := false
	for k, f := range frames {
		if f.Second == 0 || k+1 == len(frames) || frames[k+1].Roll != 0 || frames[k+1].Before.IsBonusMove() {
			continue
		}
		c := append([]Frame(nil), frames...)
		c[k].Before, _ = f.Before.RollOutcome(ludo.Outcome{Face: f.Roll, Second: f.Second})
		if err := WriteReplayHTML(&bytes.Buffer{}, "t", c, final); err != nil {
			t.Errorf("ply %d with the throw cast: %v", k+1, err)
		}
		c[k].Second = f.Second%6 + 1
		if err := WriteReplayHTML(&bytes.Buffer{}, "t", c, final); !errors.Is(err, ErrInvalidReplay) || !strings.Contains(err.Error(), "Before shows dice") {
			t.Errorf("ply %d with the throw cast, other dice given: %v", k+1, err)
		}
		other := append([]Frame(nil), frames...)
		other[k+1].Roll, other[k+1].Second = 2, 5
		if err := WriteReplayHTML(&bytes.Buffer{}, "t", other, final); !errors.Is(err, ErrInvalidReplay) || !strings.Contains(err.Error(), "a throw's other die") {
			t.Errorf("ply %d, the other die given a roll: %v", k+2, err)
		}
		cast = true
		break
	}
	if !cast {
		t.Error("no throw of two followed by its other die in the game")
	}
	// The choices of a throw say which die each move plays.
	s, _ = ludo.ParsePosition("rules naija\nred 20 36\nturn red\ndie 3 4\n")
	if got, want := describeChoices(s), "4 legal moves: token 0: 21 → 24 (the 3) · token 0: 21 → 25 (the 4) · token 1: 37 → 40 (the 3) · token 1: 37 → 41 (the 4)"; got != want {
		t.Errorf("choices %q, want %q", got, want)
	}
	// One die's page has none of it.
	oneFrames, oneFinal := replayGame(t, ludo.Classic(), 1)
	one := writeReplay(t, "classic", oneFrames, oneFinal)
	if strings.Contains(one, "drawDie2") || strings.Contains(one, "v.d2") {
		t.Error("a page of one die has the script of two")
	}
}

// TestTwoColorsEach: under uckers{Teams:TwoColorsEach} (rule T3) the
// picture marks both yards of the player whose turn it is (the other
// colour's dashed), the status names both colours, and a move of the
// other colour is told as the turn's colour's throw moving that colour's
// token.
func TestTwoColorsEach(t *testing.T) {
	s := ludo.MustParsePosition("rules uckers{Teams:TwoColorsEach}\nred 10\ngreen @30\nyellow @20\nblue @45\nturn red\ndie 4 2\n")
	svg := string(AppendSVG(nil, s))
	for _, want := range []string{`<rect class="turn" data-color="red"`, `<rect class="turn mate" data-color="yellow"`, ">red+yellow to move, dice 4 2<"} {
		if !strings.Contains(svg, want) {
			t.Errorf("the picture has no %s", want)
		}
	}
	if strings.Contains(svg, `data-color="green" x`) && strings.Contains(svg, `class="turn mate" data-color="green"`) {
		t.Errorf("green marked as red's")
	}
	var mate ludo.Move
	for _, m := range s.LegalMoves() {
		if m.Color() == ludo.Yellow && m.Die() == 4 && !m.BothDice() {
			mate = m
		}
	}
	if !mate.IsValid() {
		t.Fatalf("no move of yellow with the 4 among %v", s.LegalMoves())
	}
	next, err := s.Apply(mate)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := describeMove(s, next, mate), "red rolled 4 and 2, plays 4: yellow token 0: 20 → 24"; got != want {
		t.Errorf("describeMove %q, want %q", got, want)
	}
	if got := describeChoices(s); !strings.Contains(got, "yellow token 0: 20 → 24 (the 4)") || !strings.Contains(got, " · token 0: 11 → 15 (the 4)") {
		t.Errorf("choices %q", got)
	}
	if v := replayView(next); v.T != int(ludo.Red) || v.Mt != int(ludo.Yellow)+1 || v.St != "red+yellow to move, dice 4 2 (4 played)" {
		t.Errorf("view turn %d mate %d status %q", v.T, v.Mt, v.St)
	}
	g := ludo.MustParsePosition("rules uckers{Teams:TwoColorsEach}\nred 10\ngreen @30\nyellow @20\nblue @45\nturn blue\n")
	if got := svgStatusText(g); got != "blue+green to roll" {
		t.Errorf("status %q", got)
	}
}
