package ludo

import (
	"fmt"
	"io"
	"strconv"
)

// This file draws positions as SVG pictures. The drawing is made of
// integers only, and every loop runs in a fixed order (colours clockwise
// from Red, tokens by index, squares by number), so the same State always
// gives the same bytes; golden files in testdata/svg hold examples.
//
// The picture has three layers, each a <g> with a class, so that a page
// can find and redraw them: "board" (what never changes during a game),
// "tokens" (tokens and blocks) and "status" (whose turn, the die, places).
// Every token stack is a <g class="tok"> carrying data-color (the colour's
// name), data-square (the square's [Square.String], as "17" or "red home
// 3") and data-tokens (the indices of the tokens standing there, as "0 2");
// every block is a <rect class="block"> with data-color and data-square.
// The replay page (html.go) draws the same elements with the same
// attributes from its own data, and the browser check compares them.

// Drawing sizes, in SVG user units (pixels at scale 1).
const (
	svgCell   = 40 // one square
	svgTokenR = 14 // a token's radius
	svgStripH = 60 // the status strip under the board
	svgMargin = 20 // the margin of the fallback picture
	svgMinW   = 600
)

// svgPalette holds each colour's strong shade (tokens, yards, finish), its
// light shade (start squares, home columns, a yard of a colour that does
// not play) and the colour of text on a token.
var svgPalette = [MaxPlayers]struct{ strong, light, ink string }{
	Red:    {"#e53935", "#f5a3a1", "#ffffff"},
	Green:  {"#2e9b47", "#a3d9ae", "#ffffff"},
	Yellow: {"#f2c41a", "#fbe69a", "#333333"},
	Blue:   {"#1e7fd8", "#a2cbf2", "#ffffff"},
	Purple: {"#8e44ad", "#d2b4e0", "#ffffff"},
	Orange: {"#ef7d1a", "#f8c9a0", "#333333"},
}

// pt is a point in the picture.
type pt struct{ x, y int }

// svgGeom is where everything of a board goes in the picture: the classic
// 15×15 cross for [Ludo52], a ring of squares with a row per colour
// below it for any other board.
type svgGeom struct {
	b       Board
	classic bool
	w, h    int                       // the whole picture, status strip included
	strip   int                       // y of the status strip's top
	track   []pt                      // top-left corner of track square n at index n-1
	home    [MaxPlayers][]pt          // top-left corner of home square n at index n-1
	yard    [MaxPlayers][2]pt         // a yard's top-left corner and size
	slot    [MaxPlayers][MaxTokens]pt // the centre of the yard place of token i
	finish  [MaxPlayers]pt            // the centre of the stack of finished tokens
	finArea [MaxPlayers][]pt          // the polygon of a colour's finish
}

// svgGeometry lays out board b.
func svgGeometry(b Board) svgGeom {
	if b == Ludo52() {
		return classicGeom()
	}
	return ringGeom(b)
}

// classicGeom lays out the 15×15 cross: Red's yard top left, Green's top
// right, Yellow's bottom right, Blue's bottom left; Red starts on the
// left arm's upper row, one square in from the edge, and tokens run
// clockwise. Red's quarter is laid out by hand and turned a quarter turn
// clockwise for each following colour.
func classicGeom() svgGeom {
	g := svgGeom{b: Ludo52(), classic: true, w: 15 * svgCell, h: 15*svgCell + svgStripH, strip: 15 * svgCell}
	// rot turns a cell a quarter turn clockwise about the centre.
	rot := func(p pt, k int) pt {
		for range k {
			p = pt{14 - p.y, p.x}
		}
		return p
	}
	// rotPx turns a point of the picture likewise.
	rotPx := func(p pt, k int) pt {
		for range k {
			p = pt{15*svgCell - p.y, p.x}
		}
		return p
	}
	corner := func(p pt) pt { return pt{p.x * svgCell, p.y * svgCell} }
	// Squares 1 to 13, from Red's start square.
	red := [13]pt{{1, 6}, {2, 6}, {3, 6}, {4, 6}, {5, 6}, {6, 5}, {6, 4}, {6, 3}, {6, 2}, {6, 1}, {6, 0}, {7, 0}, {8, 0}}
	g.track = make([]pt, 52)
	for n := range 52 {
		g.track[n] = corner(rot(red[n%13], n/13))
	}
	for c := range Color(4) {
		k := int(c)
		g.home[c] = make([]pt, 5)
		for n := range 5 {
			g.home[c][n] = corner(rot(pt{1 + n, 7}, k))
		}
		a, z := rot(pt{0, 0}, k), rot(pt{5, 5}, k)
		g.yard[c] = [2]pt{corner(pt{min(a.x, z.x), min(a.y, z.y)}), {6 * svgCell, 6 * svgCell}}
		o := g.yard[c][0]
		for i := range MaxTokens {
			g.slot[c][i] = pt{o.x + 80 + 80*(i%2), o.y + 80 + 80*(i/2)}
		}
		g.finish[c] = rotPx(pt{265, 300}, k)
		g.finArea[c] = []pt{rotPx(pt{240, 240}, k), rotPx(pt{300, 300}, k), rotPx(pt{240, 360}, k)}
	}
	return g
}

// ringGeom lays out any other board: the track as a ring of squares
// clockwise from the top left corner, and under it a row per colour with
// its yard (four places), home column and finish.
func ringGeom(b Board) svgGeom {
	g := svgGeom{b: b}
	k := max(3, (b.Track+3)/4+1) // squares on a side: 4(k-1) ≥ Track
	ring := make([]pt, 0, 4*(k-1))
	for i := range k - 1 {
		ring = append(ring, pt{i, 0})
	}
	for i := range k - 1 {
		ring = append(ring, pt{k - 1, i})
	}
	for i := range k - 1 {
		ring = append(ring, pt{k - 1 - i, k - 1})
	}
	for i := range k - 1 {
		ring = append(ring, pt{0, k - 1 - i})
	}
	g.track = make([]pt, max(b.Track, 0))
	for n := range g.track {
		p := ring[n]
		g.track[n] = pt{svgMargin + p.x*svgCell, svgMargin + p.y*svgCell}
	}
	home := max(b.HomeColumn, 0)
	y := svgMargin + k*svgCell + svgMargin
	for c := range Color(b.Arms) {
		o := pt{svgMargin, y}
		g.yard[c] = [2]pt{o, {2 * svgCell, 2 * svgCell}}
		for i := range MaxTokens {
			g.slot[c][i] = pt{o.x + 20 + 40*(i%2), o.y + 20 + 40*(i/2)}
		}
		x := o.x + 3*svgCell
		g.home[c] = make([]pt, home)
		for n := range home {
			g.home[c][n] = pt{x + n*svgCell, y + svgCell/2}
		}
		f := pt{x + home*svgCell, y + svgCell/2}
		g.finish[c] = pt{f.x + svgCell/2, f.y + svgCell/2}
		g.finArea[c] = []pt{f, {f.x + svgCell, f.y}, {f.x + svgCell, f.y + svgCell}, {f.x, f.y + svgCell}}
		y += 2*svgCell + svgMargin/2
	}
	g.w = max(svgMinW, 2*svgMargin+max(k, 4+home)*svgCell)
	g.strip = y + svgMargin/2
	g.h = g.strip + svgStripH
	return g
}

// center returns the centre of the square where a token of colour c with
// progress p (0 or more) stands.
func (g *svgGeom) center(c Color, p int) pt {
	var o pt
	switch {
	case p <= g.b.HomeEntry:
		o = g.track[g.b.Square(c, p).N()-1]
	case p < g.b.Finish():
		o = g.home[c][p-g.b.HomeEntry-1]
	default:
		return g.finish[c]
	}
	return pt{o.x + svgCell/2, o.y + svgCell/2}
}

// svgPosition is what the tokens and status layers draw: a State, or a
// position of the replay page, which draws the same from its data.
type svgPosition struct {
	seats  Colors
	tokens int
	prog   [MaxPlayers][MaxTokens]int // -1 in the yard
	blocks bool                       // Rules.Blocks != NoBlocks
	turn   Color
	over   bool
	die    int
	sixes  int
	places [MaxPlayers]int
	status string // the status line, as "red to move"
	rules  string // the rules' name, as "classic"
}

func positionOf(s State) svgPosition {
	p := svgPosition{
		seats: s.Players(), tokens: s.Rules().Tokens, blocks: s.Rules().Blocks != NoBlocks,
		turn: s.Turn(), over: s.Phase() == PhaseOver, die: s.Die(), sixes: s.Sixes(),
		status: svgStatusText(s), rules: s.Rules().String(),
	}
	for c := range Color(MaxPlayers) {
		p.places[c] = s.Place(c)
		for i := range MaxTokens {
			p.prog[c][i] = s.Progress(c, i)
		}
	}
	if !s.IsValid() {
		p.rules = "no rules"
	}
	return p
}

// svgStatusText says what the position waits for, as "red to roll", "red
// to move, die 5, sixes 1" or "game over: 1 red, 2 blue".
func svgStatusText(s State) string {
	switch {
	case !s.IsValid():
		return "no game"
	case s.Phase() == PhaseOver:
		t := "game over:"
		for i, c := range s.Ranking() {
			if i > 0 {
				t += ","
			}
			t += " " + strconv.Itoa(i+1) + " " + c.String()
		}
		return t
	case s.Phase() == PhaseRoll:
		t := s.Turn().String() + " to roll"
		if s.Sixes() > 0 {
			t += ", sixes " + strconv.Itoa(s.Sixes())
		}
		return t
	}
	t := s.Turn().String() + " to move, die " + strconv.Itoa(s.Die())
	if s.Sixes() > 0 {
		t += ", sixes " + strconv.Itoa(s.Sixes())
	}
	return t
}

// AppendSVG appends an SVG picture of the position to dst and returns the
// extended slice: a complete, standalone <svg> element (UTF-8, no XML
// declaration) that browsers show as it is and that can be written to an
// .svg file or put inside an HTML page.
//
// On the classic board ([Ludo52]) the picture is the 15×15 cross: the
// ring of 52 track squares with their numbers (1 is Red's start square),
// the start squares and home columns in their colours, the finish in the
// middle and a yard in each corner (Red's top left, then clockwise).
// Every other [Board] is drawn as a ring of numbered track squares with a
// row per colour under it: yard, home column, finish. A token is a disc in
// its colour; tokens of a colour sharing a square are one disc with their
// number on it, and a block (rule B1; see [State.Blocks]) has a thick
// frame round its square. A strip under the board says whose turn it is
// and what the position waits for, shows the die while a move is due,
// and names the rules; a player with a place has it written in their yard.
// The yards of colours that do not play are pale and empty.
//
// The output depends only on s: the same position gives the same bytes.
// Elements carry classes and data attributes (data-color, data-square,
// data-tokens) so that tests and scripts can read the position back from
// the picture. The zero State is drawn as an empty classic board.
func (s State) AppendSVG(dst []byte) []byte {
	b := s.Board()
	if !s.IsValid() {
		b = Ludo52()
	}
	g := svgGeometry(b)
	p := positionOf(s)
	dst = appendSVGStart(dst, &g)
	dst = appendXMLText(append(dst, "<title>"...), p.rules+": "+p.status)
	dst = append(dst, "</title>\n"...)
	dst = appendSVGBoard(dst, &g, p.seats)
	dst = appendSVGTokens(dst, &g, &p)
	dst = appendSVGStatus(dst, &g, &p)
	return append(dst, "</svg>\n"...)
}

// WriteSVG writes the picture [State.AppendSVG] draws to w.
func (s State) WriteSVG(w io.Writer) error {
	_, err := w.Write(s.AppendSVG(nil))
	return err
}

func appendSVGStart(dst []byte, g *svgGeom) []byte {
	return fmt.Appendf(dst, `<svg xmlns="http://www.w3.org/2000/svg" class="ludo" viewBox="0 0 %d %d" width="%d" height="%d" font-family="DejaVu Sans, Verdana, Arial, sans-serif">`+"\n",
		g.w, g.h, g.w, g.h)
}

// appendSVGBoard draws what does not change during a game; the yards of
// colours not in seats are pale.
func appendSVGBoard(dst []byte, g *svgGeom, seats Colors) []byte {
	dst = append(dst, `<g class="board">`+"\n"...)
	dst = fmt.Appendf(dst, `<rect x="0" y="0" width="%d" height="%d" fill="#ffffff"/>`+"\n", g.w, g.strip)
	sq := func(dst []byte, o pt, fill string) []byte {
		return fmt.Appendf(dst, `<rect x="%d" y="%d" width="%d" height="%d" fill="%s" stroke="#7a7a7a" stroke-width="1"/>`+"\n",
			o.x, o.y, svgCell, svgCell, fill)
	}
	num := func(dst []byte, o pt, n int, fill string) []byte {
		return fmt.Appendf(dst, `<text x="%d" y="%d" font-size="10" fill="%s">%d</text>`+"\n", o.x+3, o.y+11, fill, n)
	}
	// Yards.
	for c := range Color(g.b.Arms) {
		pal := svgPalette[c]
		fill := pal.strong
		if !seats.Has(c) {
			fill = pal.light
		}
		o, size := g.yard[c][0], g.yard[c][1]
		if g.classic {
			dst = fmt.Appendf(dst, `<rect x="%d" y="%d" width="%d" height="%d" fill="%s" stroke="#555555" stroke-width="1"/>`+"\n",
				o.x, o.y, size.x, size.y, fill)
			dst = fmt.Appendf(dst, `<rect x="%d" y="%d" width="%d" height="%d" rx="12" fill="#ffffff" stroke="#555555" stroke-width="1"/>`+"\n",
				o.x+30, o.y+30, size.x-60, size.y-60)
		} else {
			dst = fmt.Appendf(dst, `<rect x="%d" y="%d" width="%d" height="%d" rx="8" fill="%s" stroke="#555555" stroke-width="1"/>`+"\n",
				o.x, o.y, size.x, size.y, fill)
		}
		for _, s := range g.slot[c] {
			dst = fmt.Appendf(dst, `<circle cx="%d" cy="%d" r="%d" fill="%s" stroke="#555555" stroke-width="1"/>`+"\n",
				s.x, s.y, svgTokenR+3, pal.light)
		}
	}
	// Track, start squares, home columns.
	for n, o := range g.track {
		fill, ink := "#ffffff", "#666666"
		if k := n / max(g.b.StartSpacing, 1); n%max(g.b.StartSpacing, 1) == 0 && k < MaxPlayers {
			fill, ink = svgPalette[k].strong, "#222222"
		}
		dst = sq(dst, o, fill)
		dst = num(dst, o, n+1, ink)
	}
	for c := range Color(g.b.Arms) {
		for n, o := range g.home[c] {
			dst = sq(dst, o, svgPalette[c].light)
			dst = num(dst, o, n+1, "#555555")
		}
	}
	// The finish.
	for c := range Color(g.b.Arms) {
		dst = append(dst, `<polygon points="`...)
		for i, p := range g.finArea[c] {
			if i > 0 {
				dst = append(dst, ' ')
			}
			dst = fmt.Appendf(dst, "%d,%d", p.x, p.y)
		}
		dst = fmt.Appendf(dst, `" fill="%s" stroke="#555555" stroke-width="1"/>`+"\n", svgPalette[c].strong)
	}
	if !g.classic {
		dst = fmt.Appendf(dst, `<text x="%d" y="%d" font-size="12" fill="#555555">track of %d squares, clockwise from the top left; home column %d, finish %d steps from the start</text>`+"\n",
			svgMargin, svgMargin-6, g.b.Track, g.b.HomeColumn, g.b.Finish())
	}
	return append(dst, "</g>\n"...)
}

// appendSVGTokens draws the tokens and blocks: for each colour that
// plays, each token in the yard on its own place, and each other square
// its tokens stand on as one disc, with their number when more than one.
func appendSVGTokens(dst []byte, g *svgGeom, p *svgPosition) []byte {
	dst = append(dst, `<g class="tokens">`+"\n"...)
	for c := range p.seats.All() {
	tokens:
		for i := range p.tokens {
			pr := p.prog[c][i]
			if pr < 0 {
				dst = appendSVGToken(dst, c, YardOf(c), g.slot[c][i], []int{i})
				continue
			}
			for j := range i {
				if p.prog[c][j] == pr {
					continue tokens
				}
			}
			here := []int{i}
			for j := i + 1; j < p.tokens; j++ {
				if p.prog[c][j] == pr {
					here = append(here, j)
				}
			}
			sq := g.b.Square(c, pr)
			at := g.center(c, pr)
			if p.blocks && len(here) >= 2 && sq.Zone() == TrackZone {
				dst = appendSVGBlock(dst, c, sq, at)
			}
			dst = appendSVGToken(dst, c, sq, at, here)
		}
	}
	return append(dst, "</g>\n"...)
}

func appendSVGBlock(dst []byte, c Color, sq Square, at pt) []byte {
	h := svgCell/2 - 2
	return fmt.Appendf(dst, `<rect class="block" data-color="%s" data-square="%s" x="%d" y="%d" width="%d" height="%d" rx="4" fill="none" stroke="#111111" stroke-width="4"/>`+"\n",
		c, sq, at.x-h, at.y-h, 2*h, 2*h)
}

func appendSVGToken(dst []byte, c Color, sq Square, at pt, tokens []int) []byte {
	pal := svgPalette[c]
	dst = fmt.Appendf(dst, `<g class="tok" data-color="%s" data-square="%s" data-tokens="`, c, sq)
	for k, i := range tokens {
		if k > 0 {
			dst = append(dst, ' ')
		}
		dst = strconv.AppendInt(dst, int64(i), 10)
	}
	dst = fmt.Appendf(dst, `"><circle cx="%d" cy="%d" r="%d" fill="%s" stroke="#1a1a1a" stroke-width="2"/>`,
		at.x, at.y, svgTokenR, pal.strong)
	if len(tokens) > 1 {
		dst = fmt.Appendf(dst, `<text x="%d" y="%d" font-size="16" font-weight="bold" text-anchor="middle" fill="%s">%d</text>`,
			at.x, at.y+6, pal.ink, len(tokens))
	} else {
		dst = fmt.Appendf(dst, `<circle cx="%d" cy="%d" r="%d" fill="none" stroke="%s" stroke-width="2" opacity="0.8"/>`,
			at.x, at.y, svgTokenR-6, pal.ink)
	}
	return append(dst, "</g>\n"...)
}

// appendSVGStatus draws the strip under the board (the player to move,
// what the position waits for, the die while a move is due, the rules),
// a frame round the yard of the player to move and each place won.
func appendSVGStatus(dst []byte, g *svgGeom, p *svgPosition) []byte {
	dst = append(dst, `<g class="status">`+"\n"...)
	y := g.strip
	dst = fmt.Appendf(dst, `<rect x="0" y="%d" width="%d" height="%d" fill="#f2f2f2" stroke="#7a7a7a" stroke-width="1"/>`+"\n", y, g.w, svgStripH)
	x := 16
	if !p.over && p.seats.Has(p.turn) {
		o, size := g.yard[p.turn][0], g.yard[p.turn][1]
		dst = fmt.Appendf(dst, `<rect class="turn" data-color="%s" x="%d" y="%d" width="%d" height="%d" fill="none" stroke="#111111" stroke-width="5"/>`+"\n",
			p.turn, o.x+3, o.y+3, size.x-6, size.y-6)
		dst = fmt.Appendf(dst, `<circle cx="%d" cy="%d" r="%d" fill="%s" stroke="#1a1a1a" stroke-width="2"/>`+"\n",
			x+svgTokenR, y+svgStripH/2, svgTokenR, svgPalette[p.turn].strong)
		x += 2*svgTokenR + 10
	}
	dst = fmt.Appendf(dst, `<text class="status-text" x="%d" y="%d" font-size="18" fill="#111111">`, x, y+svgStripH/2+6)
	dst = appendXMLText(dst, p.status)
	dst = append(dst, "</text>\n"...)
	if p.die >= 1 && p.die <= 6 {
		dst = appendSVGDie(dst, pt{g.w - 230, y + 10}, p.die)
	}
	dst = fmt.Appendf(dst, `<text x="%d" y="%d" font-size="12" text-anchor="end" fill="#555555">`, g.w-12, y+svgStripH/2+4)
	dst = appendXMLText(dst, p.rules)
	dst = append(dst, "</text>\n"...)
	for c := range p.seats.All() {
		if p.places[c] == 0 {
			continue
		}
		o, size := g.yard[c][0], g.yard[c][1]
		cx, cy := o.x+size.x/2, o.y+size.y/2
		dst = fmt.Appendf(dst, `<g class="place" data-color="%s" data-place="%d"><circle cx="%d" cy="%d" r="%d" fill="#ffffff" stroke="#111111" stroke-width="2"/><text x="%d" y="%d" font-size="%d" font-weight="bold" text-anchor="middle" fill="#111111">%s</text></g>`+"\n",
			c, p.places[c], cx, cy, size.x/6, cx, cy+size.x/18, size.x/7, ordinal(p.places[c]))
	}
	return append(dst, "</g>\n"...)
}

// svgPips are the pip centres of each die face, in a 40×40 box.
var svgPips = [7][]pt{
	1: {{20, 20}},
	2: {{10, 10}, {30, 30}},
	3: {{10, 10}, {20, 20}, {30, 30}},
	4: {{10, 10}, {30, 10}, {10, 30}, {30, 30}},
	5: {{10, 10}, {30, 10}, {20, 20}, {10, 30}, {30, 30}},
	6: {{10, 10}, {30, 10}, {10, 20}, {30, 20}, {10, 30}, {30, 30}},
}

// appendSVGDie draws die face f (1 to 6) in a 40×40 box at o.
func appendSVGDie(dst []byte, o pt, f int) []byte {
	dst = fmt.Appendf(dst, `<g class="die" data-face="%d"><rect x="%d" y="%d" width="40" height="40" rx="7" fill="#ffffff" stroke="#111111" stroke-width="2"/>`, f, o.x, o.y)
	for _, p := range svgPips[f] {
		dst = fmt.Appendf(dst, `<circle cx="%d" cy="%d" r="4" fill="#111111"/>`, o.x+p.x, o.y+p.y)
	}
	return append(dst, "</g>\n"...)
}

func ordinal(n int) string {
	switch n {
	case 1:
		return "1st"
	case 2:
		return "2nd"
	case 3:
		return "3rd"
	}
	return strconv.Itoa(n) + "th"
}

// appendXMLText appends s escaped for XML text or a quoted attribute.
func appendXMLText(dst []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '&':
			dst = append(dst, "&amp;"...)
		case '<':
			dst = append(dst, "&lt;"...)
		case '>':
			dst = append(dst, "&gt;"...)
		case '"':
			dst = append(dst, "&#34;"...)
		case '\'':
			dst = append(dst, "&#39;"...)
		default:
			dst = append(dst, c)
		}
	}
	return dst
}
