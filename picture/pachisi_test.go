package picture

import (
	"fmt"
	"strings"
	"testing"

	"github.com/ludorules/ludo"
)

// Pachisi's cross (rule Y1): four arms of three columns of eight round
// the Charkoni. The tests below fail if a square were drawn elsewhere:
// a lane token on any square but the home square Board.Square gives, a
// castle mark on a square that is no castle, a finished piece outside
// the Charkoni.

func pachisiBoard(t *testing.T) (ludo.Rules, svgGeom) {
	t.Helper()
	r, ok := ludo.Preset("pachisi")
	if !ok {
		t.Fatal("no preset pachisi")
	}
	g := svgGeometry(r.Board, false)
	if g.style != styleSquares || !g.castles || g.arms != 4 || g.slots || g.shared {
		t.Fatalf("pachisi drawn as style %d, castles %v, %d arms, slots %v, shared %v; want the cross of four arms with castles and a finish in each colour's part of the Charkoni",
			g.style, g.castles, g.arms, g.slots, g.shared)
	}
	return r, g
}

func iabs(x int) int { return max(x, -x) }

// inTriangle reports whether p lies strictly inside triangle t.
func inTriangle(p pt, t []pt) bool {
	side := func(a, b pt) int { return (b.x-a.x)*(p.y-a.y) - (b.y-a.y)*(p.x-a.x) }
	d1, d2, d3 := side(t[0], t[1]), side(t[1], t[2]), side(t[2], t[0])
	return d1 > 0 && d2 > 0 && d3 > 0 || d1 < 0 && d2 < 0 && d3 < 0
}

func TestPachisiCrossGeometry(t *testing.T) {
	r, g := pachisiBoard(t)
	b := r.Board
	cell, mid := g.cell, g.mid
	// Every square placed on the cross, none on another: the centre
	// columns' squares and the ring's within the arms, three squares
	// wide and eight long, round the Charkoni (three squares across).
	var all []pt
	var what []string
	for n, sq := range g.track {
		all, what = append(all, sq.c), append(what, fmt.Sprint("track ", n+1))
	}
	for c := range ludo.Color(4) {
		if len(g.home[c]) != b.HomeColumn {
			t.Fatalf("%v: %d home squares, want %d", c, len(g.home[c]), b.HomeColumn)
		}
		for m, sq := range g.home[c] {
			all, what = append(all, sq.c), append(what, fmt.Sprint(c, " home ", m+1))
		}
	}
	for i, a := range all {
		dx, dy := iabs(a.x-mid.x), iabs(a.y-mid.y)
		if min(dx, dy) > 3*cell/2 || max(dx, dy) > 3*cell/2+8*cell || max(dx, dy) < 3*cell/2 {
			t.Errorf("%s at %v, off the arms round the Charkoni at %v (square %d)", what[i], a, mid, cell)
		}
		for j, o := range all[:i] {
			if iabs(a.x-o.x) < cell-1 && iabs(a.y-o.y) < cell-1 {
				t.Errorf("%s at %v overlaps %s at %v", what[i], a, what[j], o)
			}
		}
	}
	for c := range ludo.Color(4) {
		// Each step of a piece's walk goes to the next square: one
		// square across, or diagonally round a corner of the Charkoni.
		for p := 0; p+1 < b.Finish(); p++ {
			a, n := g.center(c, p), g.center(c, p+1)
			dx, dy := iabs(a.x-n.x), iabs(a.y-n.y)
			if dx > cell+1 || dy > cell+1 || dx+dy < cell-1 {
				t.Errorf("%v: progress %d at %v and %d at %v are no neighbours", c, p, a, p+1, n)
			}
		}
		// The lane is the home column walked outwards: lane square p is
		// home square HomeColumn-p, the one a piece at HomeEntry+
		// HomeColumn-p stands on on its way up.
		for p := range b.StartLane {
			home, _ := g.sqAt(ludo.HomeSquare(c, b.HomeColumn-p))
			if at := g.center(c, p); at != home.c || at != g.center(c, b.HomeEntry+b.HomeColumn-p) {
				t.Errorf("%v: lane progress %d drawn at %v, want home square %d at %v", c, p, at, b.HomeColumn-p, home.c)
			}
		}
		// The start square is the home entry, the arm's end square,
		// its middle column's far end: farther out than the home column
		// and on the arm's axis.
		start, entry := g.center(c, b.StartLane), g.center(c, b.HomeEntry)
		tip := g.track[b.StartSquare(c)-1].c
		if start != entry || start != tip {
			t.Errorf("%v: the start square at %v, the home entry at %v, want both at square %d at %v", c, start, entry, b.StartSquare(c), tip)
		}
		if d := max(iabs(tip.x-mid.x), iabs(tip.y-mid.y)); d < 3*cell/2+7*cell || min(iabs(tip.x-mid.x), iabs(tip.y-mid.y)) > 1 {
			t.Errorf("%v: start square at %v, not the far end of its arm's middle column", c, tip)
		}
		// Home square 7, where the lane begins, touches the Charkoni.
		h7 := g.center(c, 0)
		if d := max(iabs(h7.x-mid.x), iabs(h7.y-mid.y)); iabs(d-2*cell) > 1 {
			t.Errorf("%v: lane square 0 at %v, %d from the centre, want next to the Charkoni (%d)", c, h7, d, 2*cell)
		}
		// The finish in the colour's quarter of the Charkoni, at the
		// end of its home column.
		fin := g.center(c, b.Finish())
		if len(g.finArea[c]) != 3 || !inTriangle(fin, g.finArea[c]) || max(iabs(fin.x-mid.x), iabs(fin.y-mid.y)) >= 3*cell/2 {
			t.Errorf("%v: the finish at %v, not inside its part %v of the Charkoni", c, fin, g.finArea[c])
		}
		if dx, dy := iabs(fin.x-h7.x), iabs(fin.y-h7.y); min(dx, dy) > 1 {
			t.Errorf("%v: the finish at %v, not at the end of its home column (%v)", c, fin, h7)
		}
	}
}

// svgCastles reads the centres of the castle marks from a picture.
// (the legend's, under the board, left out).
func svgCastles(t *testing.T, g *svgGeom, els []svgElement) map[pt]bool {
	t.Helper()
	out := map[pt]bool{}
	for _, e := range els {
		if e.attrs["class"] != "castle" {
			continue
		}
		var a, b, c, d pt
		if _, err := fmt.Sscanf(e.attrs["d"], "M%d %dL%d %dM%d %dL%d %d", &a.x, &a.y, &b.x, &b.y, &c.x, &c.y, &d.x, &d.y); err != nil {
			t.Fatalf("castle mark %q: %v", e.attrs["d"], err)
		}
		at := pt{(a.x + b.x) / 2, (a.y + b.y) / 2}
		if at != (pt{(c.x + d.x) / 2, (c.y + d.y) / 2}) || out[at] {
			t.Fatalf("castle mark %q: not a cross, or twice", e.attrs["d"])
		}
		if at.y < g.legend {
			out[at] = true
		}
	}
	return out
}

func TestPachisiCastles(t *testing.T) {
	r, g := pachisiBoard(t)
	s, err := ludo.New(r)
	if err != nil {
		t.Fatal(err)
	}
	els := parseSVG(t, AppendSVG(nil, s))
	got := svgCastles(t, &g, els)
	want := map[pt]bool{}
	for n, sq := range g.track {
		if r.Board.IsSafe(ludo.TrackSquare(n + 1)) {
			want[sq.c] = true
		}
	}
	if len(want) != 12 {
		t.Fatalf("%d castles on the board, want 12", len(want))
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("castles marked at %v, want %v", got, want)
	}
	for _, e := range els {
		if e.attrs["class"] == "safe" && e.name == "circle" && e.attrs["r"] != "9" {
			t.Errorf("a safe square ringed on Pachisi's cross, not marked as a castle: %v", e.attrs)
		}
		if e.attrs["class"] == "legend" && !strings.HasPrefix(e.text, "castle") {
			t.Errorf("legend %q, want the castles'", e.text)
		}
	}
	// Classic boards' safe squares keep their rings.
	k, _ := ludo.Preset("parchis1")
	if s, err = ludo.New(k); err != nil {
		t.Fatal(err)
	}
	pg := stateGeometry(s)
	if n := len(svgCastles(t, &pg, parseSVG(t, AppendSVG(nil, s)))); n != 0 {
		t.Errorf("%d castles marked on the Parchís board", n)
	}
}

// TestPachisiTokens reads the discs of a Pachisi position back from the
// picture, where they stand: lane pieces on their home squares, pieces
// of a colour in the lane and on the way up on separate squares, two on
// the start square come round again and one starting out in one disc,
// finished pieces in the Charkoni.
func TestPachisiTokens(t *testing.T) {
	_, g := pachisiBoard(t)
	s, err := ludo.ParsePosition(`rules pachisi
red 0 3 80 7
green 75 7 40 finish
yellow 20 20 yard 83
blue 8 5 12 83
turn red
die 10`)
	if err != nil {
		t.Fatal(err)
	}
	els := parseSVG(t, AppendSVG(nil, s))
	type disc struct {
		square, tokens string
		at             pt
	}
	var got []disc
	for k, e := range els {
		if e.attrs["class"] != "tok" {
			continue
		}
		c := els[k+1].attrs
		got = append(got, disc{e.attrs["data-square"], e.attrs["data-tokens"], pt{atoi(t, c["cx"]), atoi(t, c["cy"])}})
	}
	at := func(sq ludo.Square) pt {
		x, ok := g.sqAt(sq)
		if !ok {
			t.Fatalf("%v not placed", sq)
		}
		return x.c
	}
	on := func(sq ludo.Square, tokens string) disc { return disc{sq.String(), tokens, at(sq)} }
	want := []disc{
		on(ludo.HomeSquare(ludo.Red, 7), "0"),
		on(ludo.HomeSquare(ludo.Red, 4), "1"),
		on(ludo.HomeSquare(ludo.Red, 5), "2"),
		on(ludo.TrackSquare(1), "3"),
		on(ludo.TrackSquare(18), "0 1"), // the home entry and the start square: one disc of two
		on(ludo.TrackSquare(51), "2"),
		on(ludo.FinishOf(ludo.Green), "3"),
		on(ludo.TrackSquare(48), "0 1"),
		{ludo.YardOf(ludo.Yellow).String(), "2", g.slot[ludo.Yellow][2]},
		on(ludo.FinishOf(ludo.Yellow), "3"),
		on(ludo.TrackSquare(53), "0"),
		on(ludo.HomeSquare(ludo.Blue, 2), "1"),
		on(ludo.TrackSquare(57), "2"),
		on(ludo.FinishOf(ludo.Blue), "3"),
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("discs drawn\n%v\nwant\n%v", got, want)
	}
	for _, d := range got {
		if strings.HasSuffix(d.square, "finish") {
			if dx, dy := iabs(d.at.x-g.mid.x), iabs(d.at.y-g.mid.y); max(dx, dy) >= 3*g.cell/2 {
				t.Errorf("%s drawn at %v, outside the Charkoni round %v", d.square, d.at, g.mid)
			}
		}
	}
	checkSVG(t, s)
}

// The replay page of a Pachisi game draws each throw as cowries (rule
// X1), counts 10 and 25 among them, and groups a colour's pieces by
// square, a lane square being a home square (rule Y1); other pages have
// neither script.
func TestReplayHTMLPachisi(t *testing.T) {
	r, g := pachisiBoard(t)
	frames, final := replayGame(t, r, 1)
	page := writeReplay(t, "pachisi", frames, final)
	for _, want := range []string{"function drawCowries(", "drawCowries(g, w - 56, y + 10, v.d)", "drawCowries(s, 0, 0, v.m[0])",
		"function same(", "if (same(D.seats[k], prog(v, k, j), prog(v, k, i))) return false;", "if (same(c, prog(v, k, j), p)) here.push(j);"} {
		if !strings.Contains(page, want) {
			t.Errorf("the pachisi page has no %q", want)
		}
	}
	for _, not := range []string{"drawDie(g, w - 56", "drawDie(s, 0, 0"} {
		if strings.Contains(page, not) {
			t.Errorf("the pachisi page draws a die: %q", not)
		}
	}
	counts := map[int]bool{}
	for _, f := range frames {
		counts[f.Roll] = true
	}
	if !counts[10] || !counts[25] {
		t.Errorf("no throw of 10 or 25 in the game: %v", counts)
	}
	d := replayDataOf(t, page)
	b := r.Board
	for c := range final.Players().All() {
		for p := range b.StartLane {
			up := b.HomeEntry + b.HomeColumn - p
			if d.Sq[c][p] != d.Sq[c][up] || d.Pos[c][p] != d.Pos[c][up] || d.Sq[c][p] != ludo.HomeSquare(c, b.HomeColumn-p).String() {
				t.Errorf("%v: lane progress %d at %v %q, progress %d at %v %q; want both on home square %d", c, p, d.Pos[c][p], d.Sq[c][p], up, d.Pos[c][up], d.Sq[c][up], b.HomeColumn-p)
			}
		}
		if fin := d.Pos[c][b.Finish()]; fin != [2]int{g.finish[c].x, g.finish[c].y} {
			t.Errorf("%v: the finish at %v, want %v in the Charkoni", c, fin, g.finish[c])
		}
	}
	cf, cfinal := replayGame(t, ludo.Classic(), 1)
	classic := writeReplay(t, "classic", cf, cfinal)
	for _, not := range []string{"drawCowries", "function same("} {
		if strings.Contains(classic, not) {
			t.Errorf("the classic page has %q", not)
		}
	}
	if !strings.Contains(classic, "drawDie(g, w - 56, y + 10, v.d)") {
		t.Error("the classic page draws no die")
	}
}

// Under cowries (rule X1) the status line names a throw, not a die, and
// counts the graces thrown in a row (rule Y2), not sixes.
func TestStatusTextCowries(t *testing.T) {
	s := ludo.MustParsePosition("rules pachisi\nred 10\nturn red\ndie 10\n")
	if got, want := svgStatusText(s), "red to move, throw 10, graces 1"; got != want {
		t.Errorf("status %q, want %q", got, want)
	}
	if got := diceText(s); got != "throw 10" {
		t.Errorf("dice text %q, want %q", got, "throw 10")
	}
	c := ludo.MustParsePosition("rules classic\nred 10\nturn red\ndie 6\n")
	if got, want := svgStatusText(c), "red to move, die 6, sixes 1"; got != want {
		t.Errorf("status %q, want %q", got, want)
	}
}
