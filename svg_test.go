package ludo

import (
	"bytes"
	"encoding/xml"
	"errors"
	"io"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// svgCases are the positions of the golden pictures in testdata/svg.
func svgCases(t *testing.T) []struct {
	name string
	s    State
} {
	t.Helper()
	must := func(s State, err error) State {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	start := must(New(Classic()))

	// Classic, mid-game: every zone used, two red tokens sharing a square
	// (no block in Classic), a move due with the second six.
	u := start.Setup()
	u.Turn, u.Die, u.Sixes = Green, 6, 2
	u.Tokens[Red] = [4]int{5, 5, 52, 56}      // squares 6 and 6, red home 2, finish
	u.Tokens[Green] = [4]int{-1, 0, 20, 50}   // yard, square 14, 34, 12
	u.Tokens[Yellow] = [4]int{-1, -1, -1, 30} // square 5
	u.Tokens[Blue] = [4]int{51, 55, 56, 56}   // blue home 1 and 5, two finished
	mid := must(u.State())

	// Mongolian, two players: blocks on a start square and mid-track.
	r := Mongolian()
	r.Players = 2
	u = must(New(r)).Setup()
	u.Turn = Yellow
	u.Tokens[Red] = [4]int{0, 0, 16, 16}    // blocks on 1 and 17
	u.Tokens[Yellow] = [4]int{-1, 3, 3, 53} // block on 30, yellow home 3
	blocks := must(u.State())

	// A finished game.
	u = start.Setup()
	for c := range Color(4) {
		u.Tokens[c] = [4]int{56, 56, 56, 56}
	}
	u.Tokens[Yellow] = [4]int{56, 56, 40, 7}
	u.Ranking = []Color{Blue, Red, Green}
	over := must(u.State())

	// Another geometry, three players with three tokens each.
	r = Classic()
	r.Board = Board{Arms: 4, Track: 40, StartSpacing: 10, HomeEntry: 38, HomeColumn: 4}
	r.Players, r.Tokens = 3, 3
	u = must(New(r)).Setup()
	u.Tokens[Red] = [4]int{-1, 12, 40, -1}
	u.Tokens[Green] = [4]int{0, 43, 43, -1}
	u.Tokens[Yellow] = [4]int{39, -1, 2, -1}
	u.Turn, u.Die = Yellow, 3
	ring := must(u.State())

	return []struct {
		name string
		s    State
	}{
		{"start", start},
		{"classic-mid", mid},
		{"mongolian-blocks", blocks},
		{"game-over", over},
		{"ring-board", ring},
		{"zero", State{}},
	}
}

func TestSVGGolden(t *testing.T) {
	for _, tc := range svgCases(t) {
		t.Run(tc.name, func(t *testing.T) {
			got := tc.s.AppendSVG(nil)
			golden(t, "svg/"+tc.name+".svg", got)
			if again := tc.s.AppendSVG(nil); !bytes.Equal(got, again) {
				t.Fatal("AppendSVG gave different bytes for the same position")
			}
			var w bytes.Buffer
			if err := tc.s.WriteSVG(&w); err != nil || !bytes.Equal(w.Bytes(), got) {
				t.Fatalf("WriteSVG wrote other bytes than AppendSVG (err %v)", err)
			}
			if pre := []byte("prefix"); !bytes.HasPrefix(tc.s.AppendSVG(pre), pre) {
				t.Fatal("AppendSVG did not append")
			}
		})
	}
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
	return tokens, blocks
}

// wantTokens is what svgTokens should read from a picture of s.
func wantTokens(s State) (tokens, blocks []string) {
	for c := range s.Players().All() {
		for i := range s.Rules().Tokens {
			tokens = append(tokens, c.String()+" "+string(rune('0'+i))+" "+s.Square(c, i).String())
		}
	}
	for sq, c := range s.Blocks() {
		blocks = append(blocks, c.String()+" "+sq.String())
	}
	slices.Sort(tokens)
	return tokens, blocks
}

func checkSVG(t *testing.T, s State) {
	t.Helper()
	els := parseSVG(t, s.AppendSVG(nil))
	gotT, gotB := svgTokens(t, els)
	wantT, wantB := wantTokens(s)
	if !slices.Equal(gotT, wantT) {
		t.Fatalf("tokens drawn:\n%q\nwant:\n%q\nposition:\n%v", gotT, wantT, s)
	}
	if !slices.Equal(gotB, wantB) {
		t.Fatalf("blocks drawn %q, want %q\nposition:\n%v", gotB, wantB, s)
	}
	var status, die string
	for _, e := range els {
		switch e.attrs["class"] {
		case "status-text":
			status = e.text
		case "die":
			die = e.attrs["data-face"]
		}
	}
	if want := svgStatusText(s); status != want {
		t.Fatalf("status %q, want %q", status, want)
	}
	if want := ""; s.Phase() == PhaseMove {
		want = string(rune('0' + s.Die()))
		if die != want {
			t.Fatalf("die %q, want %q", die, want)
		}
	} else if die != "" {
		t.Fatalf("die %q drawn while no move is due", die)
	}
}

func TestSVGShowsPosition(t *testing.T) {
	for _, tc := range svgCases(t) {
		t.Run(tc.name, func(t *testing.T) { checkSVG(t, tc.s) })
	}
}

// TestSVGGames draws positions of whole random games under both presets
// and several boards, and reads every token back from the picture.
func TestSVGGames(t *testing.T) {
	odd := Classic()
	odd.Board = Board{Arms: 4, Track: 8, StartSpacing: 2, HomeEntry: 6, HomeColumn: 0}
	odd.Tokens = 2
	long := Mongolian()
	long.Board = Board{Arms: 4, Track: 100, StartSpacing: 25, HomeEntry: 98, HomeColumn: 9}
	long.Players = 3
	for k, r := range []Rules{Classic(), Mongolian(), odd, long} {
		s, err := New(r)
		if err != nil {
			t.Fatal(err)
		}
		dice := SeededDice(uint64(k))
		pick := rand.New(rand.NewPCG(uint64(k), 7))
		every := 7
		if testing.Short() {
			every = 61
		}
		for ply := 0; s.Phase() != PhaseOver; ply++ {
			if ply%every == 0 {
				checkSVG(t, s)
			}
			if s, err = s.Roll(dice.Roll()); err != nil {
				t.Fatal(err)
			}
			if ply%every == 3 {
				checkSVG(t, s)
			}
			moves := s.LegalMoves()
			if s, err = s.Apply(moves[pick.IntN(len(moves))]); err != nil {
				t.Fatal(err)
			}
		}
		checkSVG(t, s)
	}
}

func TestSVGEscapes(t *testing.T) {
	got := string(appendXMLText(nil, `a<b>&"c'`))
	if want := "a&lt;b&gt;&amp;&#34;c&#39;"; got != want {
		t.Fatalf("got %q, want %q", got, want)
	}
}
