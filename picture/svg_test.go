package picture

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/ludorules/ludo"
)

// svgCases are the positions of the golden pictures in testdata/svg.
func svgCases(t *testing.T) []struct {
	name string
	s    ludo.State
} {
	t.Helper()
	must := func(s ludo.State, err error) ludo.State {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	start := must(ludo.New(ludo.Classic()))

	// Classic, mid-game: every zone used, two red tokens sharing a square
	// (no block in Classic), a move due with the second six.
	u := start.Setup()
	u.Turn, u.Die, u.Streak = ludo.Green, 6, 2
	u.Tokens[ludo.Red] = [4]int{5, 5, 52, 56}      // squares 6 and 6, red home 2, finish
	u.Tokens[ludo.Green] = [4]int{-1, 0, 20, 50}   // yard, square 14, 34, 12
	u.Tokens[ludo.Yellow] = [4]int{-1, -1, -1, 30} // square 5
	u.Tokens[ludo.Blue] = [4]int{51, 55, 56, 56}   // blue home 1 and 5, two finished
	mid := must(u.State())

	// Mongolian, two players: blocks on a start square and mid-track.
	r := ludo.Mongolian()
	r.Players = 2
	u = must(ludo.New(r)).Setup()
	u.Turn = ludo.Yellow
	u.Tokens[ludo.Red] = [4]int{0, 0, 16, 16}    // blocks on 1 and 17
	u.Tokens[ludo.Yellow] = [4]int{-1, 3, 3, 53} // block on 30, yellow home 3
	blocks := must(u.State())

	// A finished game.
	u = start.Setup()
	for c := range ludo.Color(4) {
		u.Tokens[c] = [4]int{56, 56, 56, 56}
	}
	u.Tokens[ludo.Yellow] = [4]int{56, 56, 40, 7}
	u.Ranking = []ludo.Color{ludo.Blue, ludo.Red, ludo.Green}
	over := must(u.State())

	// Another geometry, three players with three tokens each: a track
	// that is not its arms repeated, drawn as a ring.
	r = ludo.Classic()
	r.Board = ludo.Board{Arms: 4, Track: 44, StartSpacing: 10, HomeEntry: 38, HomeColumn: 4}
	r.Players, r.Tokens = 3, 3
	u = must(ludo.New(r)).Setup()
	u.Tokens[ludo.Red] = [4]int{-1, 12, 40, -1}
	u.Tokens[ludo.Green] = [4]int{0, 43, 43, -1}
	u.Tokens[ludo.Yellow] = [4]int{39, -1, 2, -1}
	u.Turn, u.Die = ludo.Yellow, 3
	ring := must(u.State())

	cases := []struct {
		name string
		s    ludo.State
	}{
		{"start", start},
		{"classic-mid", mid},
		{"mongolian-blocks", blocks},
		{"game-over", over},
		{"ring-board", ring},
		{"zero", ludo.State{}},
	}
	for _, p := range svgPositions {
		s, err := ludo.ParsePosition(p.text)
		if err != nil {
			t.Fatalf("%s: %v", p.name, err)
		}
		cases = append(cases, struct {
			name string
			s    ludo.State
		}{p.name, s})
	}
	return cases
}

// svgPositions are positions of every preset and board, as text, for the
// golden pictures: colours sharing squares, tokens going round again,
// goal squares, bonus moves, a 6 that counts 7.
var svgPositions = []struct{ name, text string }{
	// Three colours on safe square 22, red and green on the star 9, a
	// blue pair that cannot be captured with a red token on it (rule K5).
	{"ludoking-shared", `rules ludoking
red @9 @30 home3 yard
green @9 @22 yard yard
yellow @22 yard yard finish
blue @22 @30 @30 yard
turn red
die 6`},
	// Red and green have not captured: their tokens past their home
	// entries go round again (rule K4).
	{"ludoking-circling", `rules ludoking{CaptureBeforeHome:true}
red @52 @51 @3 yard
green @13 @12 yard yard
yellow @40 home2 yard yard
captured yellow
turn red
die 2`},
	{"ludoking6", `rules ludoking6
red @2 @9 home4 yard
green @9 yard yard yard
yellow @27 @27 finish finish
blue @60 yard yard yard
purple @53 @78 home1 yard
orange @70 home5 yard yard
turn purple
die 4`},
	// Goal fields a to d, the fourth being the finish (rule M1).
	{"maedn-goal", `rules maedn
red 0 home2 home3 finish
green @15 yard yard yard
yellow 0 yard yard yard
blue @2 home1 yard yard
turn green
die 6`},
	{"maedn6", `rules maedn6
red 0 home3 finish yard
green @15 yard yard yard
yellow 0 @30 yard yard
blue @35 yard yard yard
purple 0 yard yard yard
orange @58 home1 home2 yard
turn orange
die 3`},
	// A star (rule D2) and a globe (rule D1).
	{"danish-stars", `rules danish
red @5 @20 @20 yard
green @9 @12 yard yard
yellow @18 home4 yard yard
blue @40 yard yard yard
turn blue
die 4`},
	// A bonus move of 20 due (rule P8), a barrier on red's exit, two
	// colours on seguro 8 (rule P1).
	{"parchis-bonus", `rules parchis1
red @1 @1 @8 yard
green @8 @30 yard yard
yellow @40 home3 finish yard
blue @60 yard yard yard
turn yellow
die 3
bonus 20`},
	// None of red's pieces is at home: the 6 counts 7 (rule P5).
	{"parchis-counts", `rules parchis1
red @10 @20 @30 home2
green @18 yard yard yard
turn red
die 6`},
	{"parchis6", `rules parchis6
red @1 @8 home7 yard
green @18 @18 yard yard
yellow @35 @42 finish yard
blue @52 yard yard yard
purple @69 @69 yard yard
orange @86 @8 home2 yard
turn blue
die 5`},
	// The centre every colour finishes on, shared.
	{"fia-centre", `rules fia
red finish finish @10 yard
green finish @25 yard yard
yellow finish home2 yard yard
blue home4 yard yard yard
turn red
die 1`},
	// The stable of six squares, the sixth the finish (rule V2).
	{"cocangua-stable", `rules cocangua
red home3 home4 finish @10
green home1 @40 yard yard
yellow finish home5 yard yard
turn green
die 2`},
	// The Petits chevaux cross of 56 squares, corner squares between the
	// arms, a staircase of six numbered steps up each arm to the shared
	// centre (rules L1, L2): a horse in front of its staircase, horses on
	// the steps and in the centre.
	{"petitschevaux-staircase", `rules petitschevaux
red 55 home3 10 finish
green 20 home6
yellow 5
blue 54 home1
turn red
die 4`},
	// Two dice thrown (rule W1), a double 6 that earns a bonus roll (rule
	// W3); and the 3 of 6 and 3 played, the 6 due.
	{"naija-dice", `rules naija
red @5 yard yard yard
green @20 @20 yard yard
yellow finish yard yard yard
turn green
die 6 6
sixes 1`},
	{"naija-played", `rules naija
red @5 @9 yard yard
green @20 yard yard yard
turn red
die 6 3
played 3`},
	// Pachisi's cross (rule Y1): red pieces in the lane down the centre
	// column (progress 0 and 3: home squares 7 and 4) and one on the way
	// up it (80: home 5), one on its start square (7); a green double on
	// its start square come round again (75, the home entry); a yellow
	// double on a castle, a yellow and a blue piece in the Charkoni; a
	// throw of ten (one cowrie up, rule X1).
	{"pachisi-cross", `rules pachisi
red 0 3 7 80
green 75 75 40 finish
yellow 20 20 yard 83
blue 8 5 12 yard
turn red
die 10`},
}

func TestSVGGolden(t *testing.T) {
	for _, tc := range svgCases(t) {
		t.Run(tc.name, func(t *testing.T) {
			got := AppendSVG(nil, tc.s)
			golden(t, "svg/"+tc.name+".svg", got)
			if again := AppendSVG(nil, tc.s); !bytes.Equal(got, again) {
				t.Fatal("AppendSVG gave different bytes for the same position")
			}
			var w bytes.Buffer
			if err := WriteSVG(&w, tc.s); err != nil || !bytes.Equal(w.Bytes(), got) {
				t.Fatalf("WriteSVG wrote other bytes than AppendSVG (err %v)", err)
			}
			if pre := []byte("prefix"); !bytes.HasPrefix(AppendSVG(pre, tc.s), pre) {
				t.Fatal("AppendSVG did not append")
			}
		})
	}
}

// TestSVGTwoDice: with two dice (rule W1) the status strip shows both,
// a played one faded, struck through and marked data-played; the status
// line says which is played and counts doubles (rule W3). One die's
// picture has one die, never marked.
func TestSVGTwoDice(t *testing.T) {
	dice := func(s ludo.State) (faces []string, struck int, status string) {
		els := parseSVG(t, AppendSVG(nil, s))
		for k, e := range els {
			switch e.attrs["class"] {
			case "die":
				f := e.attrs["data-face"]
				if e.attrs["data-played"] == "true" {
					f += " played"
					if e.attrs["opacity"] == "" || els[k+1+len(svgPips[atoi(t, e.attrs["data-face"])])+1].name != "line" {
						t.Fatalf("the played die %s is not faded and struck through", e.attrs["data-face"])
					}
					struck++
				}
				faces = append(faces, f)
			case "status-text":
				status = e.text
			}
		}
		return faces, struck, status
	}
	for _, c := range []struct {
		text   string
		faces  []string
		struck int
		status string
	}{
		{"rules naija\nred @5 @9\nturn red\ndie 6 3\n", []string{"6", "3"}, 0, "red to move, dice 6 3"},
		{"rules naija\nred @5 @9\nturn red\ndie 6 3\nplayed 3\n", []string{"6", "3 played"}, 1, "red to move, dice 6 3 (3 played)"},
		{"rules naija\nred @5 @9\nturn red\ndie 6 3\nplayed 6\n", []string{"6 played", "3"}, 1, "red to move, dice 6 3 (6 played)"},
		{"rules naija\nred @5 @9\nturn red\ndie 6 6\nsixes 1\n", []string{"6", "6"}, 0, "red to move, dice 6 6, doubles 1"},
		{"rules naija\nred @5 @9\nturn red\n", nil, 0, "red to roll"},
		{"rules classic\nred @5 @9\nturn red\ndie 6\nsixes 1\n", []string{"6"}, 0, "red to move, die 6, sixes 1"},
		// Uckers: a 6 on either die earns the roll (rule U1), so the
		// count is of sixes, not doubles; a counter that played one die
		// (U2) leaves the other drawn unplayed.
		{"rules uckers\nred @5 @9\nturn red\ndie 6 3\nsixes 1\n", []string{"6", "3"}, 0, "red to move, dice 6 3, sixes 1"},
		{"rules uckers\nred @8 @9\nturn red\ndie 3 4\nplayed 3\nundo red @5 @9\n", []string{"3 played", "4"}, 1, "red to move, dice 3 4 (3 played)"},
		{"rules uckers\nred @5 @9\nturn red\ndie 3 3\n", []string{"3", "3"}, 0, "red to move, dice 3 3"},
	} {
		s, err := ludo.ParsePosition(c.text)
		if err != nil {
			t.Fatal(err)
		}
		faces, struck, status := dice(s)
		if !slices.Equal(faces, c.faces) || struck != c.struck || status != c.status {
			t.Errorf("%q: dice %q (%d struck), status %q; want %q (%d), %q", c.text, faces, struck, status, c.faces, c.struck, c.status)
		}
	}
}

// A throw of six cowries (rule X1) is drawn as six shells, as many mouth
// up as the count says (one for 10, none for 25), with the count below;
// never as a die, not even a 6.
func TestSVGCowries(t *testing.T) {
	for _, c := range []struct{ count, up int }{{2, 2}, {3, 3}, {5, 5}, {6, 6}, {10, 1}, {25, 0}} {
		s, err := ludo.ParsePosition(fmt.Sprintf("rules classic{Cowries:true EntryRolls:{6 10 25} BonusRolls:{6 10 25}}\nred 3\nturn red\ndie %d\n", c.count))
		if err != nil {
			t.Fatal(err)
		}
		els := parseSVG(t, AppendSVG(nil, s))
		var lots, dice int
		for k, e := range els {
			switch e.attrs["class"] {
			case "die":
				dice++
			case "cowries":
				lots++
				if e.attrs["data-face"] != strconv.Itoa(c.count) || e.attrs["data-up"] != strconv.Itoa(c.up) {
					t.Errorf("count %d drawn as %v", c.count, e.attrs)
				}
				up, down := 0, 0
				for _, x := range els[k+2 : k+2+6+c.up] { // after the box: a shell, and its slit where it is up
					switch {
					case x.name == "ellipse" && x.attrs["fill"] == "#ffffff":
						up++
					case x.name == "ellipse":
						down++
					}
				}
				if up != c.up || down != 6-c.up {
					t.Errorf("count %d: %d shells up and %d down, want %d and %d", c.count, up, down, c.up, 6-c.up)
				}
			}
		}
		if lots != 1 || dice != 0 {
			t.Errorf("count %d: %d lots and %d dice drawn, want one lot", c.count, lots, dice)
		}
	}
}

func atoi(t *testing.T, s string) int {
	t.Helper()
	n, err := strconv.Atoi(s)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// AppendSVG rings the squares of marks, once each, in a layer over the
// tokens; squares the board does not have are left out; with no marks
// (nil or empty) there is no such layer; WriteSVG writes the same.
func TestSVGMarked(t *testing.T) {
	s, err := ludo.ParsePosition(svgPositions[0].text) // ludoking-shared
	if err != nil {
		t.Fatal(err)
	}
	plain := AppendSVG(nil, s)
	if bytes.Contains(plain, []byte(`class="marks"`)) || !bytes.Equal(AppendSVG(nil, s, []ludo.Square{}...), plain) {
		t.Fatal("AppendSVG with no marks drew a marks layer")
	}
	marks := []ludo.Square{ludo.TrackSquare(9), ludo.TrackSquare(10), ludo.TrackSquare(10), ludo.HomeSquare(ludo.Red, 5), ludo.FinishOf(ludo.Red), ludo.YardOf(ludo.Green),
		ludo.TrackSquare(53), ludo.HomeSquare(ludo.Red, 6), ludo.YardOf(ludo.Purple), ludo.FinishOf(ludo.Orange)}
	got := AppendSVG(nil, s, marks...)
	golden(t, "svg/marked-path.svg", got)
	var w bytes.Buffer
	if err := WriteSVG(&w, s, marks...); err != nil || !bytes.Equal(w.Bytes(), got) {
		t.Fatalf("WriteSVG wrote other bytes than AppendSVG (err %v)", err)
	}
	var ringed []string
	els := parseSVG(t, got)
	for _, e := range els {
		if e.attrs["class"] == "mark" {
			ringed = append(ringed, e.attrs["data-square"])
		}
	}
	if want := []string{"9", "10", "red home 5", "red finish", "green yard"}; !slices.Equal(ringed, want) {
		t.Fatalf("ringed %q, want %q", ringed, want)
	}
	checkSVG(t, s)
}

// svgElement is an element of a picture with its attributes.
type svgElement struct {
	name  string
	attrs map[string]string
	text  string
}

// parseSVG checks that b is one well-formed XML document whose root is an
// svg element, and returns its elements in document order.
func parseSVG(t *testing.T, b []byte) []svgElement {
	t.Helper()
	d := xml.NewDecoder(bytes.NewReader(b))
	var els []svgElement
	var open []int
	depth, roots := 0, 0
	for {
		tok, err := d.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatalf("not well-formed XML: %v", err)
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			if depth == 0 {
				roots++
				if tok.Name.Local != "svg" || tok.Name.Space != "http://www.w3.org/2000/svg" {
					t.Fatalf("root element is %v, want svg in the SVG namespace", tok.Name)
				}
			}
			depth++
			e := svgElement{name: tok.Name.Local, attrs: map[string]string{}}
			for _, a := range tok.Attr {
				e.attrs[a.Name.Local] = a.Value
			}
			open = append(open, len(els))
			els = append(els, e)
		case xml.EndElement:
			depth--
			open = open[:len(open)-1]
		case xml.CharData:
			if len(open) > 0 {
				els[open[len(open)-1]].text += string(tok)
			}
		}
	}
	if roots != 1 || depth != 0 {
		t.Fatalf("%d root elements, depth %d at the end; want one closed svg element", roots, depth)
	}
	return els
}

// svgTokens reads the tokens back from a picture: a line "colour token
// square" per token, sorted, and the blocks as "colour square".
func svgTokens(t *testing.T, els []svgElement) (tokens, blocks []string) {
	t.Helper()
	for _, e := range els {
		switch e.attrs["class"] {
		case "tok":
			for _, i := range strings.Fields(e.attrs["data-tokens"]) {
				tokens = append(tokens, e.attrs["data-color"]+" "+i+" "+e.attrs["data-square"])
			}
		case "block":
			blocks = append(blocks, e.attrs["data-color"]+" "+e.attrs["data-square"])
		}
	}
	slices.Sort(tokens)
	slices.Sort(blocks)
	return tokens, blocks
}

// wantTokens is what svgTokens should read from a picture of s.
func wantTokens(s ludo.State) (tokens, blocks []string) {
	for c := range s.Players().All() {
		for i := range s.Rules().Tokens {
			tokens = append(tokens, c.String()+" "+string(rune('0'+i))+" "+s.Square(c, i).String())
		}
	}
	for sq, c := range s.Blocks() {
		blocks = append(blocks, c.String()+" "+sq.String())
	}
	slices.Sort(tokens)
	slices.Sort(blocks)
	return tokens, blocks
}

func checkSVG(t *testing.T, s ludo.State) {
	t.Helper()
	els := parseSVG(t, AppendSVG(nil, s))
	gotT, gotB := svgTokens(t, els)
	wantT, wantB := wantTokens(s)
	if !slices.Equal(gotT, wantT) {
		t.Fatalf("tokens drawn:\n%q\nwant:\n%q\nposition:\n%v", gotT, wantT, s)
	}
	if !slices.Equal(gotB, wantB) {
		t.Fatalf("blocks drawn %q, want %q\nposition:\n%v", gotB, wantB, s)
	}
	var status, die, bonus string
	lots := 0
	for _, e := range els {
		switch e.attrs["class"] {
		case "status-text":
			status = e.text
		case "die": // with two dice (rule W1) both, a played one marked
			die = strings.TrimSpace(die + " " + e.attrs["data-face"])
			if e.attrs["data-played"] == "true" {
				die += " played"
			}
		case "cowries": // a throw of six cowries (rule X1), its count
			die = strings.TrimSpace(die + " " + e.attrs["data-face"])
			lots++
		case "bonus":
			bonus = e.attrs["data-steps"]
		}
	}
	if lots > 0 && (!s.Rules().Cowries || lots > 1) || s.Rules().Cowries && die != "" && lots != 1 {
		t.Fatalf("%d throws of cowries drawn under %v\n%v", lots, s.Rules(), s)
	}
	if want := svgStatusText(s); status != want {
		t.Fatalf("status %q, want %q", status, want)
	}
	wantDie, wantBonus := "", ""
	if s.IsBonusMove() {
		wantBonus = strconv.Itoa(s.Count())
	}
	switch a, b := s.Dice(); {
	case b != 0: // two dice (rule W1): both, or four amounts (rule H2), a played one marked; before a bonus move all played (rule W4)
		faces := []int{a, b}
		if s.Setup().Bottoms {
			faces = []int{a, 7 - a, a, 7 - a}
		}
		due := s.DiceDue()
		for k, f := range faces {
			wantDie += " " + strconv.Itoa(f)
			if due[k] == 0 {
				wantDie += " played"
			} else if s.IsBonusMove() || due[k] != f {
				t.Fatalf("amount %d due as %d, drawn as %d\n%v", k, due[k], f, s)
			}
		}
		wantDie = strings.TrimSpace(wantDie)
	case s.Phase() == ludo.PhaseMove && !s.IsBonusMove():
		wantDie = strconv.Itoa(s.Die())
	}
	if die != wantDie || bonus != wantBonus {
		t.Fatalf("die %q and bonus %q drawn, want %q and %q\n%v", die, bonus, wantDie, wantBonus, s)
	}
	checkDiscsApart(t, els, s)
	checkDiscsPlaced(t, els, s)
}

// checkDiscsPlaced checks that every token's disc stands on its square of
// the picture (a token in the yard on its own place): every square a
// token stands on is placed, and a token on the square Board.Square gives
// (on Pachisi's cross, rule Y1, a lane piece on its home square).
func checkDiscsPlaced(t *testing.T, els []svgElement, s ludo.State) {
	t.Helper()
	g := stateGeometry(s)
	at := map[string]pt{}
	for k, e := range els {
		if e.attrs["class"] != "tok" {
			continue
		}
		c := els[k+1].attrs
		for _, i := range strings.Fields(e.attrs["data-tokens"]) {
			at[e.attrs["data-color"]+" "+i] = pt{atoi(t, c["cx"]), atoi(t, c["cy"])}
		}
	}
	for c := range s.Players().All() {
		for i := range s.Rules().Tokens {
			got, ok := at[c.String()+" "+strconv.Itoa(i)]
			if !ok {
				t.Fatalf("%v token %d not drawn\n%v", c, i, s)
			}
			sq := s.Square(c, i)
			if sq.Zone() == ludo.YardZone {
				if got != g.slot[c][i] {
					t.Fatalf("%v token %d in the yard drawn at %v, want its place %v\n%v", c, i, got, g.slot[c][i], s)
				}
				continue
			}
			want, ok := g.sqAt(sq)
			if !ok {
				t.Fatalf("%v token %d: square %v not placed\n%v", c, i, sq, s)
			}
			if h := g.spotSize(want.c) / 2; iabs(got.x-want.c.x) > h || iabs(got.y-want.c.y) > h {
				t.Fatalf("%v token %d on %v drawn at %v, off its square at %v\n%v", c, i, sq, got, want.c, s)
			}
		}
	}
}

// checkDiscsApart checks that every token disc of a picture can be seen:
// no two overlap, whichever squares they stand on.
func checkDiscsApart(t *testing.T, els []svgElement, s ludo.State) {
	t.Helper()
	type disc struct {
		x, y, r int
		what    string
	}
	var discs []disc
	for k, e := range els {
		if e.attrs["class"] != "tok" {
			continue
		}
		c := els[k+1].attrs
		x, _ := strconv.Atoi(c["cx"])
		y, _ := strconv.Atoi(c["cy"])
		r, _ := strconv.Atoi(c["r"])
		if r < 5 {
			t.Fatalf("a disc of radius %d for %s tokens %s on %s", r, e.attrs["data-color"], e.attrs["data-tokens"], e.attrs["data-square"])
		}
		discs = append(discs, disc{x, y, r, e.attrs["data-color"] + " tokens " + e.attrs["data-tokens"] + " on " + e.attrs["data-square"]})
	}
	for i, a := range discs {
		for _, b := range discs[:i] {
			if dx, dy, rr := a.x-b.x, a.y-b.y, a.r+b.r; dx*dx+dy*dy < rr*rr {
				t.Fatalf("the discs of %s and %s overlap\n%v", a.what, b.what, s)
			}
		}
	}
}

func TestSVGShowsPosition(t *testing.T) {
	for _, tc := range svgCases(t) {
		t.Run(tc.name, func(t *testing.T) { checkSVG(t, tc.s) })
	}
}

// svgGameRules are the rules TestSVGGames plays: every preset, some with
// fewer players, tokens going round again (rule K4), partners, and odd
// boards drawn as rings.
func svgGameRules() []ludo.Rules {
	var rs []ludo.Rules
	for _, name := range ludo.Presets() {
		r, _ := ludo.Preset(name)
		rs = append(rs, r)
	}
	with := func(name string, f func(r *ludo.Rules)) ludo.Rules {
		r, _ := ludo.Preset(name)
		f(&r)
		return r
	}
	odd := ludo.Classic()
	odd.Board = ludo.Board{Arms: 4, Track: 8, StartSpacing: 2, HomeEntry: 6, HomeColumn: 0}
	odd.Tokens = 2
	long := ludo.Mongolian()
	long.Board = ludo.Board{Arms: 4, Track: 100, StartSpacing: 25, HomeEntry: 98, HomeColumn: 9}
	long.Players = 3
	return append(rs,
		with("ludoking", func(r *ludo.Rules) { r.CaptureBeforeHome = true }),
		with("ludoking6", func(r *ludo.Rules) { r.CaptureBeforeHome, r.Players = true, 3 }),
		with("classic", func(r *ludo.Rules) { r.CaptureBeforeHome, r.Players = true, 2 }),
		with("ludoking", func(r *ludo.Rules) { r.Teams = ludo.Partners }),
		with("parchis6", func(r *ludo.Rules) { r.Players = 4 }),
		with("maedn", func(r *ludo.Rules) { r.Players = 2 }),
		with("uckers", func(r *ludo.Rules) { r.Teams = ludo.TwoColorsEach }), // rule T3
		odd, long)
}

// TestSVGGames draws positions of whole random games under every preset
// and several boards, and reads every token back from the picture.
func TestSVGGames(t *testing.T) {
	seen := map[string]int{}
	check := func(s ludo.State) {
		t.Helper()
		checkSVG(t, s)
		for _, f := range svgFeatures(s) {
			seen[f]++
		}
	}
	for k, r := range svgGameRules() {
		s, err := ludo.New(r)
		if err != nil {
			t.Fatalf("%v: %v", r, err)
		}
		seed := uint64(k)
		if r.CaptureBeforeHome {
			seed = 0 // a game in which tokens go round again (rule K4)
		}
		dice := ludo.SeededDice(seed)
		pick := rand.New(rand.NewPCG(seed, 7))
		every := 19
		if testing.Short() {
			every = 151
		}
		for ply := 0; s.Phase() != ludo.PhaseOver; ply++ {
			if ply%every == 0 {
				check(s)
			}
			if s.Phase() == ludo.PhaseRoll { // else a bonus move (rule P8) or a throw's other die (rule W1) is due
				if s, err = s.RollOutcome(dice.Throw(r)); err != nil {
					t.Fatal(err)
				}
			}
			bottoms := s.Rules().TopsAndBottoms && s.Setup().Bottoms // rule H2: four dice, the first few
			afterDice := s.IsBonusMove() && r.TwoDice                // rule W4: the dice and the bonus, the first few
			if ply%every == 3 || (s.IsBonusMove() && ply%(every/3) == 0) || (bottoms && seen["tops and bottoms"] < 3) || (afterDice && seen["a bonus move after the dice"] < 3) {
				check(s)
			}
			moves := s.LegalMoves()
			m := moves[pick.IntN(len(moves))]
			if s, err = s.Apply(m); err != nil {
				t.Fatal(err)
			}
			if m.Circles() {
				check(s)
			}
		}
		check(s)
	}
	for _, f := range []string{"going round again", "colours sharing a square", "bonus move", "a 6 counting 7", "goal squares", "shared centre", "a played die of two", "tops and bottoms", "a bonus move after the dice", "a piece in the start lane"} {
		if seen[f] == 0 {
			t.Errorf("no picture showed %s", f)
		}
	}
}

// svgFeatures lists what position s shows that the pictures must draw
// right.
func svgFeatures(s ludo.State) []string {
	var out []string
	b, r := s.Board(), s.Rules()
	for c := range s.Players().All() {
		for i := range r.Tokens {
			if s.Progress(c, i) > b.Finish() {
				out = append(out, "going round again")
			}
			if p := s.Progress(c, i); p >= 0 && p < b.StartLane { // rule Y1
				out = append(out, "a piece in the start lane")
			}
		}
	}
	for n := 1; n <= b.Track; n++ {
		k := 0
		for _, m := range s.TokensOn(ludo.TrackSquare(n)) {
			k += min(m, 1)
		}
		if k > 1 {
			out = append(out, "colours sharing a square")
		}
	}
	switch {
	case s.IsBonusMove():
		out = append(out, "bonus move")
	case s.Phase() == ludo.PhaseMove && s.Count() != s.Die():
		out = append(out, "a 6 counting 7")
	}
	if s.DiePlayed() && !s.IsBonusMove() {
		out = append(out, "a played die of two")
	}
	if s.Setup().Bottoms && !s.IsBonusMove() { // rule H2
		out = append(out, "tops and bottoms")
	}
	if s.IsBonusMove() && r.TwoDice { // rule W4
		out = append(out, "a bonus move after the dice")
	}
	if r.Goal == ludo.GoalSlots && s.Phase() == ludo.PhaseOver {
		out = append(out, "goal squares")
	}
	fin := 0
	for c := range s.Players().All() {
		fin += min(s.TokensOn(ludo.FinishOf(c))[c], 1)
	}
	if r.Preset == "fia" && fin > 1 {
		out = append(out, "shared centre")
	}
	return out
}

func TestSVGEscapes(t *testing.T) {
	got := string(appendXMLText(nil, `a<b>&"c'`))
	if want := "a&lt;b&gt;&amp;&#34;c&#39;"; got != want {
		t.Fatalf("got %q, want %q", got, want)
	}
}
