package picture

import (
	"fmt"

	"github.com/ludorules/ludo"
)

// This file lays out the boards the pictures draw (svg.go): where every
// square, yard place and finish goes, and draws what never changes during
// a game. Everything is integer arithmetic, so that a board always gives
// the same bytes.
//
// A board whose track is its arms repeated, each arm of three columns
// (out along one, across the tip, back along the other, and on boards
// with an even StartSpacing a field at the corner between two arms), is
// drawn as the real board: a star of 4 or 6 arms round a centre, each
// colour's home column up the middle of its own arm. That covers the
// 15×15 cross of classic Ludo (arms of 6), the 11×11 Mensch ärgere Dich
// nicht and Fia board of 40 fields (arms of 4 and corner fields, drawn as
// dots), the Parchís board of 68 squares (arms of 8) and their six-arm
// versions, and Pachisi's cross (arms of 8 round the Charkoni; with a
// start lane, rule Y1, the start square is the tip of the arm, the home
// entry, and the lane walks the home column down from the centre). Any other board is a ring of squares with a row per colour
// under it.

// Fixed-point arithmetic for the star boards: a length of fx is one
// square.
const fx = 1 << 16

// fv is a point or vector in fixed point, relative to the board's centre.
type fv struct{ x, y int64 }

func (a fv) plus(b fv) fv  { return fv{a.x + b.x, a.y + b.y} }
func (a fv) minus(b fv) fv { return fv{a.x - b.x, a.y - b.y} }

// times scales a by t/fx.
func (a fv) times(t int64) fv { return fv{a.x * t >> 16, a.y * t >> 16} }

// fxDirs are the unit vectors at every 30° clockwise from +x (the picture's
// y axis points down): cos 30° = 56756/fx.
var fxDirs = [12]fv{
	{fx, 0}, {56756, 32768}, {32768, 56756}, {0, fx}, {-32768, 56756}, {-56756, 32768},
	{-fx, 0}, {-56756, -32768}, {-32768, -56756}, {0, -fx}, {32768, -56756}, {56756, -32768},
}

// svgStyle is how a board's squares look.
type svgStyle uint8

const (
	styleRing    svgStyle = iota // the fallback: a ring of squares, a row per colour
	styleSquares                 // a star of square cells (Ludo, Parchís)
	styleDots                    // a star of round fields (Mensch ärgere Dich nicht, Fia)
)

// svgSq is one square of the picture: its centre, and its corners where
// it is not an upright square of the cell's size.
type svgSq struct {
	c    pt
	poly []pt
}

// svgGeom is where everything of a board goes in the picture.
type svgGeom struct {
	b       ludo.Board
	style   svgStyle
	arms    int  // 4 or 6 on a star board
	slots   bool // the finish is one more goal square (GoalSlots, rule M1)
	shared  bool // every colour finishes on the one centre (Fia)
	castles bool // Pachisi's cross (a start lane, rule Y1): the safe squares are castles, marked ×, round the Charkoni
	cell    int  // the size of a square
	r       int  // a token's radius
	w, h    int  // the whole picture, status strip included
	legend  int  // y of the legend row under the board, 0 for none
	strip   int  // y of the status strip's top
	track   []svgSq
	home    [ludo.MaxPlayers][]svgSq
	finSq   [ludo.MaxPlayers]svgSq              // the finish as a goal square (slots)
	finish  [ludo.MaxPlayers]pt                 // where finished tokens stand
	finArea [ludo.MaxPlayers][]pt               // a colour's part of the centre (no slots, not shared)
	centre  []pt                                // the centre polygon of a star board
	mid     pt                                  // the board's centre
	yard    [ludo.MaxPlayers][2]pt              // a yard's top-left corner and size
	slot    [ludo.MaxPlayers][ludo.MaxTokens]pt // the centre of the yard place of token i
}

// svgGeometry lays out board b, a valid one (a valid State's, or
// Ludo52's: [stateGeometry]); slots says the finish is a goal square of
// its own ([ludo.GoalSlots]).
func svgGeometry(b ludo.Board, slots bool) svgGeom {
	if st, ok := newStar(b, slots); ok {
		return st.geom()
	}
	return ringGeom(b, slots)
}

// star is the layout of a star board in fixed point, before it becomes
// pixels.
type star struct {
	b         ludo.Board
	slots     bool
	n, l      int   // arms, squares along an arm
	corner    bool  // a field at the corner between two arms
	d         int   // squares from the home entry (the tip of the arm) to the start square; 0 on a board with a start lane, whose start square is the tip
	a         int64 // the centre polygon's apothem
	out, side [ludo.MaxPlayers]fv
}

// newStar returns the star layout of b, and false if b is not a star
// board.
func newStar(b ludo.Board, slots bool) (star, bool) {
	s := star{b: b, slots: slots, n: b.Arms}
	if (b.Arms != 4 && b.Arms != 6) || b.Track != b.Arms*b.StartSpacing {
		return s, false
	}
	sp := b.StartSpacing
	s.corner = sp%2 == 0
	s.l = (sp - 1) / 2
	s.d = b.Track - b.HomeEntry
	if b.StartLane > 0 {
		// Pachisi's cross (rule Y1): the lane comes down the home
		// column to the start square at the tip of the arm, which is
		// the home entry too.
		s.d = b.Track - (b.HomeEntry - b.StartLane)
		if s.d != 0 || s.l < 2 {
			return s, false
		}
	} else if s.l < 2 || s.d < 1 || s.d > sp-1-s.l {
		return s, false
	}
	s.a = 3 * fx / 2
	if s.n == 6 {
		s.a = 3 * 56756 // a hexagon of side 3
	}
	step := 12 / s.n
	for k := range s.n {
		s.out[k] = fxDirs[(6+k*step)%12]
		s.side[k] = fxDirs[(9+k*step)%12]
	}
	need := b.HomeColumn
	if slots {
		need++
	}
	return s, need <= s.deepest()
}

// deepest returns how many goal squares fit up the middle of an arm and
// on into the centre, short of the centre itself by most of a square.
func (s *star) deepest() int {
	return int((s.a + int64(s.l)*fx - fx/2 - 9*fx/10) / fx)
}

// cell returns the centre of the square of arm k in column j (-1 the
// column out, 0 the middle, 1 the column back) v squares out from the
// centre polygon (fixed point; negative inside it).
func (s *star) cell(k, j int, v int64) fv {
	return s.out[k].times(s.a + v + fx/2).plus(s.side[k].times(int64(j) * fx))
}

// vertex returns the corner of the centre polygon between arm k and the
// next.
func (s *star) vertex(k int) fv {
	return s.out[k].times(s.a).plus(s.side[k].times(3 * fx / 2))
}

// bisector returns the sum of the directions of arm k and the next.
func (s *star) bisector(k int) fv { return s.out[k].plus(s.out[(k+1)%s.n]) }

// track returns the centre of track square n.
func (s *star) track(n int) fv {
	sp := s.b.StartSpacing
	q := n - 1 + s.l + s.d
	k, i := q/sp%s.n, q%sp
	switch {
	case i < s.l:
		return s.cell(k, -1, int64(i)*fx)
	case i == s.l:
		return s.cell(k, 0, int64(s.l-1)*fx)
	case i <= 2*s.l:
		return s.cell(k, 1, int64(2*s.l-i)*fx)
	}
	f := int64(fx / 2) // the corner field, just inside the polygon's corner
	if s.n == 6 {
		f = 26870
	}
	return s.vertex(k).minus(s.bisector(k).times(f))
}

// home returns the centre of goal square m (from 1) of colour c: the
// home column, and with slots the finish as square HomeColumn+1.
func (s *star) home(c ludo.Color, m int) fv {
	return s.cell(int(c), 0, int64(s.l-1-m)*fx)
}

// geom turns the layout into pixels.
func (s *star) geom() svgGeom {
	b := s.b
	g := svgGeom{b: b, style: styleSquares, arms: s.n, slots: s.slots, castles: b.StartLane > 0}
	if s.corner {
		g.style = styleDots
	}
	// Where a home column reaches the centre, every colour finishes there.
	g.shared = !s.slots && b.HomeColumn+1 > s.deepest()
	// The yards: a corner square of the cross, or a square in the
	// angle between two arms of six.
	yardAt := func(k int) (fv, int64) {
		if s.n == 4 {
			size := int64(s.l) * fx
			return s.vertex(k).plus(s.bisector(k).times(size / 2)), size
		}
		size := max(int64(fx*27/10), int64(s.l)*fx*45/100)
		// 1/√3 of the bisector is a unit vector; the yard's corners keep
		// clear of both arms.
		return s.vertex(k).plus(s.bisector(k).times((size*3/2 + fx/3) * 37837 / fx)), size
	}
	// The bounds of the picture, in fixed point: every square with a
	// margin of its half-diagonal, and the yards.
	var lo, hi fv
	grow := func(p fv, r int64) {
		lo = fv{min(lo.x, p.x-r), min(lo.y, p.y-r)}
		hi = fv{max(hi.x, p.x+r), max(hi.y, p.y+r)}
	}
	half := int64(fx / 2)
	if s.n == 6 {
		half = fx * 71 / 100
	}
	for n := 1; n <= b.Track; n++ {
		grow(s.track(n), half)
	}
	for k := range s.n {
		y, size := yardAt(k)
		grow(y, size/2)
	}
	margin := int64(0)
	target := int64(600)
	if s.n == 6 {
		margin, target = fx/3, 660
	} else if g.style == styleDots {
		margin = fx / 8
	}
	lo, hi = lo.minus(fv{margin, margin}), hi.plus(fv{margin, margin})
	g.cell = int(min(target*fx/(hi.x-lo.x), target*fx/(hi.y-lo.y), 56))
	g.r = g.cell * 7 / 20
	cell := int64(g.cell)
	boardW, boardH := int((hi.x-lo.x)*cell>>16), int((hi.y-lo.y)*cell>>16)
	g.w = max(svgMinW, boardW)
	g.mid = pt{(g.w-boardW)/2 - int(lo.x*cell>>16), -int(lo.y * cell >> 16)}
	px := func(p fv) pt {
		return pt{g.mid.x + int((p.x*cell+fx/2)>>16), g.mid.y + int((p.y*cell+fx/2)>>16)}
	}
	// square returns the square centred at p in arm k's direction.
	square := func(p fv, k int) svgSq {
		sq := svgSq{c: px(p)}
		if s.n == 6 && k%3 != 0 {
			o, sd := s.out[k].times(fx/2), s.side[k].times(fx/2)
			sq.poly = []pt{px(p.minus(o).minus(sd)), px(p.plus(o).minus(sd)), px(p.plus(o).plus(sd)), px(p.minus(o).plus(sd))}
		}
		return sq
	}
	sp := b.StartSpacing
	g.track = make([]svgSq, b.Track)
	for n := 1; n <= b.Track; n++ {
		g.track[n-1] = square(s.track(n), (n-1+s.l+s.d)/sp%s.n)
	}
	for k := range s.n {
		g.centre = append(g.centre, px(s.vertex((k+s.n-1)%s.n)))
	}
	for c := range ludo.Color(s.n) {
		k := int(c)
		g.home[c] = make([]svgSq, b.HomeColumn)
		for m := range b.HomeColumn {
			g.home[c][m] = square(s.home(c, m+1), k)
		}
		switch {
		case s.slots:
			g.finSq[c] = square(s.home(c, b.HomeColumn+1), k)
			g.finish[c] = g.finSq[c].c
		case g.shared:
			g.finish[c] = g.mid
		default:
			g.finish[c] = px(s.out[k].times(s.a * 7 / 12))
			g.finArea[c] = []pt{px(s.vertex(k)), g.mid, px(s.vertex((k + s.n - 1) % s.n))}
		}
		y, size := yardAt(k)
		o := px(y.minus(fv{size / 2, size / 2}))
		sz := int(size * cell >> 16)
		g.yard[c] = [2]pt{o, {sz, sz}}
		for i := range ludo.MaxTokens {
			g.slot[c][i] = pt{o.x + sz/3 + sz/3*(i%2), o.y + sz/3 + sz/3*(i/2)}
		}
	}
	g.strip = boardH
	g.finishLayout()
	return g
}

// ringGeom lays out any other board: the track as a ring of squares
// clockwise from the top left corner, and under it a row per colour with
// its yard (four places), home column and finish.
func ringGeom(b ludo.Board, slots bool) svgGeom {
	g := svgGeom{b: b, style: styleRing, slots: slots, cell: svgCell, r: svgTokenR}
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
	half := svgCell / 2
	g.track = make([]svgSq, max(b.Track, 0))
	for n := range g.track {
		p := ring[n]
		g.track[n] = svgSq{c: pt{svgMargin + p.x*svgCell + half, svgMargin + p.y*svgCell + half}}
	}
	home := max(b.HomeColumn, 0)
	y := svgMargin + k*svgCell + svgMargin
	for c := range ludo.Color(b.Arms) {
		o := pt{svgMargin, y}
		g.yard[c] = [2]pt{o, {2 * svgCell, 2 * svgCell}}
		for i := range ludo.MaxTokens {
			g.slot[c][i] = pt{o.x + 20 + 40*(i%2), o.y + 20 + 40*(i/2)}
		}
		x := o.x + 3*svgCell
		g.home[c] = make([]svgSq, home)
		for n := range home {
			g.home[c][n] = svgSq{c: pt{x + n*svgCell + half, y + svgCell/2 + half}}
		}
		f := pt{x + home*svgCell, y + svgCell/2}
		g.finish[c] = pt{f.x + half, f.y + half}
		if slots {
			g.finSq[c] = svgSq{c: g.finish[c]}
		} else {
			g.finArea[c] = []pt{f, {f.x + svgCell, f.y}, {f.x + svgCell, f.y + svgCell}, {f.x, f.y + svgCell}}
		}
		y += 2*svgCell + svgMargin/2
	}
	g.w = max(svgMinW, 2*svgMargin+max(k, 4+home)*svgCell)
	g.strip = y + svgMargin/2
	g.finishLayout()
	return g
}

// finishLayout places the legend row and the status strip under the
// board, the strip's top being g.strip on entry.
func (g *svgGeom) finishLayout() {
	if g.b.Safe != 0 || g.b.Stars != 0 {
		g.legend = g.strip
		g.strip += svgLegendH
	}
	g.h = g.strip + svgStripH
}

// sqAt returns the square of the picture where sq is, and false for a
// yard or a square the board does not have.
func (g *svgGeom) sqAt(sq ludo.Square) (svgSq, bool) {
	switch sq.Zone() {
	case ludo.TrackZone:
		if sq.N() >= 1 && sq.N() <= len(g.track) {
			return g.track[sq.N()-1], true
		}
	case ludo.HomeZone:
		if sq.Color() < ludo.MaxPlayers && sq.N() >= 1 && sq.N() <= len(g.home[sq.Color()]) {
			return g.home[sq.Color()][sq.N()-1], true
		}
	case ludo.FinishZone:
		if int(sq.Color()) < g.b.Arms {
			return svgSq{c: g.finish[sq.Color()]}, true
		}
	}
	return svgSq{}, false
}

// center returns the centre of the square where a token of colour c with
// progress p (0 or more) stands.
func (g *svgGeom) center(c ludo.Color, p int) pt {
	sq, _ := g.sqAt(g.b.Square(c, p))
	return sq.c
}

// maxProgress returns the largest progress a token can have under rules
// that go round again or not (rule K4).
func (g *svgGeom) maxProgress(circle bool) int {
	if circle {
		return g.b.Finish() + g.b.Track - g.b.HomeEntry - 1
	}
	return g.b.Finish()
}

// Drawing sizes of the board layer.
const (
	svgLegendH = 28 // the legend row
)

// appendSVGBoard draws what does not change during a game; the yards of
// colours not in seats are pale.
func appendSVGBoard(dst []byte, g *svgGeom, seats ludo.Colors) []byte {
	dst = append(dst, `<g class="board">`+"\n"...)
	bg := "#ffffff"
	if g.style == styleDots {
		bg = "#fbf3dc"
	}
	dst = fmt.Appendf(dst, `<rect x="0" y="0" width="%d" height="%d" fill="%s"/>`+"\n", g.w, g.strip, bg)
	dst = appendSVGYards(dst, g, seats)
	switch g.style {
	case styleRing:
		dst = appendRingBoard(dst, g)
	case styleDots:
		dst = appendDotsBoard(dst, g)
	default:
		dst = appendSquaresBoard(dst, g)
	}
	dst = appendSVGMarks(dst, g)
	return append(dst, "</g>\n"...)
}

// appendSVGYards draws the yards, with a place for each token.
func appendSVGYards(dst []byte, g *svgGeom, seats ludo.Colors) []byte {
	for c := range ludo.Color(g.b.Arms) {
		pal := svgPalette[c]
		fill := pal.strong
		if !seats.Has(c) {
			fill = pal.light
		}
		o, size := g.yard[c][0], g.yard[c][1]
		switch {
		case g.style == styleSquares && g.arms == 4:
			dst = fmt.Appendf(dst, `<rect x="%d" y="%d" width="%d" height="%d" fill="%s" stroke="#555555" stroke-width="1"/>`+"\n",
				o.x, o.y, size.x, size.y, fill)
			in := size.x / 8
			dst = fmt.Appendf(dst, `<rect x="%d" y="%d" width="%d" height="%d" rx="12" fill="#ffffff" stroke="#555555" stroke-width="1"/>`+"\n",
				o.x+in, o.y+in, size.x-2*in, size.y-2*in)
		case g.style == styleDots:
			dst = fmt.Appendf(dst, `<rect x="%d" y="%d" width="%d" height="%d" rx="%d" fill="%s" stroke="#555555" stroke-width="1" opacity="0.55"/>`+"\n",
				o.x+4, o.y+4, size.x-8, size.y-8, size.x/5, fill)
		default:
			dst = fmt.Appendf(dst, `<rect x="%d" y="%d" width="%d" height="%d" rx="8" fill="%s" stroke="#555555" stroke-width="1"/>`+"\n",
				o.x, o.y, size.x, size.y, fill)
		}
		for _, s := range g.slot[c] {
			dst = fmt.Appendf(dst, `<circle cx="%d" cy="%d" r="%d" fill="%s" stroke="#555555" stroke-width="1"/>`+"\n",
				s.x, s.y, g.r+3, pal.light)
		}
	}
	return dst
}

// startColor returns the colour whose start square track square n (from
// 1) is, and false if it is none's.
func (g *svgGeom) startColor(n int) (ludo.Color, bool) {
	sp := max(g.b.StartSpacing, 1)
	if (n-1)%sp == 0 && (n-1)/sp < min(g.b.Arms, ludo.MaxPlayers) {
		return ludo.Color((n - 1) / sp), true
	}
	return 0, false
}

// appendSq draws square sq filled with fill.
func appendSq(dst []byte, g *svgGeom, sq svgSq, fill string) []byte {
	if sq.poly != nil {
		return appendPolygon(dst, sq.poly, fill, "#7a7a7a", 1)
	}
	h := g.cell / 2
	return fmt.Appendf(dst, `<rect x="%d" y="%d" width="%d" height="%d" fill="%s" stroke="#7a7a7a" stroke-width="1"/>`+"\n",
		sq.c.x-h, sq.c.y-h, g.cell, g.cell, fill)
}

func appendPolygon(dst []byte, points []pt, fill, stroke string, width int) []byte {
	dst = append(dst, `<polygon points="`...)
	for i, p := range points {
		if i > 0 {
			dst = append(dst, ' ')
		}
		dst = fmt.Appendf(dst, "%d,%d", p.x, p.y)
	}
	return fmt.Appendf(dst, `" fill="%s" stroke="%s" stroke-width="%d"/>`+"\n", fill, stroke, width)
}

// appendSqLabel writes label on square sq: in the top left corner of an
// upright square, above the middle of a turned one.
func appendSqLabel(dst []byte, g *svgGeom, sq svgSq, label, fill string) []byte {
	if sq.poly != nil {
		return fmt.Appendf(dst, `<text x="%d" y="%d" font-size="9" text-anchor="middle" fill="%s">%s</text>`+"\n",
			sq.c.x, sq.c.y-g.cell/4, fill, label)
	}
	h := g.cell / 2
	return fmt.Appendf(dst, `<text x="%d" y="%d" font-size="10" fill="%s">%s</text>`+"\n", sq.c.x-h+3, sq.c.y-h+11, fill, label)
}

// goalLabel names goal square m (from 1) of a colour: a to d on the
// Mensch ärgere Dich nicht board (its fields' letters), else the number.
func (g *svgGeom) goalLabel(m int) string {
	if g.style == styleDots && g.slots && g.b.HomeColumn+1 <= 26 {
		return string(rune('a' + m - 1))
	}
	return fmt.Sprint(m)
}

// appendRingBoard draws the fallback board's squares.
func appendRingBoard(dst []byte, g *svgGeom) []byte {
	dst = appendTrackSquares(dst, g)
	dst = appendHomes(dst, g)
	dst = appendFinishAreas(dst, g)
	return fmt.Appendf(dst, `<text x="%d" y="%d" font-size="12" fill="#555555">track of %d squares, clockwise from the top left; home column %d, finish %d steps from the start</text>`+"\n",
		svgMargin, svgMargin-6, g.b.Track, g.b.HomeColumn, g.b.Finish())
}

// appendTrackSquares draws the numbered track squares, the start squares
// in their colours.
func appendTrackSquares(dst []byte, g *svgGeom) []byte {
	for n, sq := range g.track {
		fill, ink := "#ffffff", "#666666"
		if c, ok := g.startColor(n + 1); ok {
			fill, ink = svgPalette[c].strong, "#222222"
		}
		dst = appendSq(dst, g, sq, fill)
		dst = appendSqLabel(dst, g, sq, fmt.Sprint(n+1), ink)
	}
	return dst
}

// appendHomes draws the home columns, and the finish where it is a goal
// square of its own.
func appendHomes(dst []byte, g *svgGeom) []byte {
	for c := range ludo.Color(g.b.Arms) {
		for n, sq := range g.home[c] {
			dst = appendSq(dst, g, sq, svgPalette[c].light)
			dst = appendSqLabel(dst, g, sq, g.goalLabel(n+1), "#555555")
		}
		if g.slots {
			sq := g.finSq[c]
			dst = appendSq(dst, g, sq, svgPalette[c].light)
			dst = appendFinishFrame(dst, g, sq, svgPalette[c].strong)
			dst = appendSqLabel(dst, g, sq, g.goalLabel(g.b.HomeColumn+1), "#222222")
		}
	}
	return dst
}

// appendFinishFrame frames a goal square that is the finish in its
// colour.
func appendFinishFrame(dst []byte, g *svgGeom, sq svgSq, stroke string) []byte {
	if sq.poly != nil {
		return appendPolygon(dst, sq.poly, "none", stroke, 3)
	}
	h := g.cell/2 - 2
	return fmt.Appendf(dst, `<rect x="%d" y="%d" width="%d" height="%d" fill="none" stroke="%s" stroke-width="3"/>`+"\n",
		sq.c.x-h, sq.c.y-h, 2*h, 2*h, stroke)
}

// appendFinishAreas draws each colour's part of the centre.
func appendFinishAreas(dst []byte, g *svgGeom) []byte {
	for c := range ludo.Color(g.b.Arms) {
		if g.finArea[c] != nil {
			dst = appendPolygon(dst, g.finArea[c], svgPalette[c].strong, "#555555", 1)
		}
	}
	return dst
}

// appendSquaresBoard draws a star board of squares: the centre, the
// track with its start squares in their colours, the home columns.
func appendSquaresBoard(dst []byte, g *svgGeom) []byte {
	if g.slots || g.shared {
		dst = appendPolygon(dst, g.centre, "#eeeeee", "#555555", 1)
	}
	if g.shared {
		dst = fmt.Appendf(dst, `<circle cx="%d" cy="%d" r="%d" fill="#ffffff" stroke="#555555" stroke-width="2"/>`+"\n", g.mid.x, g.mid.y, g.cell*13/20)
	}
	dst = appendTrackSquares(dst, g)
	dst = appendHomes(dst, g)
	return appendFinishAreas(dst, g)
}

// appendDotsBoard draws a star board of round fields, as the Mensch
// ärgere Dich nicht board: the track's line, its fields (the start fields
// in their colours, marked A), the goal fields lettered a to d, and a
// shared centre where all finish.
func appendDotsBoard(dst []byte, g *svgGeom) []byte {
	fr := g.cell * 2 / 5
	dst = append(dst, `<polygon points="`...)
	for i, sq := range g.track {
		if i > 0 {
			dst = append(dst, ' ')
		}
		dst = fmt.Appendf(dst, "%d,%d", sq.c.x, sq.c.y)
	}
	dst = append(dst, `" fill="none" stroke="#555555" stroke-width="3"/>`+"\n"...)
	if g.shared {
		dst = fmt.Appendf(dst, `<circle cx="%d" cy="%d" r="%d" fill="#ffffff" stroke="#333333" stroke-width="2"/>`+"\n", g.mid.x, g.mid.y, g.cell*13/20)
	}
	dot := func(dst []byte, c pt, fill, stroke string) []byte {
		return fmt.Appendf(dst, `<circle cx="%d" cy="%d" r="%d" fill="%s" stroke="%s" stroke-width="2"/>`+"\n", c.x, c.y, fr, fill, stroke)
	}
	label := func(dst []byte, c pt, text, fill string) []byte {
		return fmt.Appendf(dst, `<text x="%d" y="%d" font-size="9" text-anchor="middle" fill="%s">%s</text>`+"\n", c.x, c.y-fr+10, fill, text)
	}
	for n, sq := range g.track {
		if c, ok := g.startColor(n + 1); ok {
			dst = dot(dst, sq.c, svgPalette[c].strong, "#333333")
			dst = fmt.Appendf(dst, `<text x="%d" y="%d" font-size="%d" font-weight="bold" text-anchor="middle" fill="%s">A</text>`+"\n",
				sq.c.x, sq.c.y+g.cell/8, g.cell/3, svgPalette[c].ink)
			dst = label(dst, sq.c, fmt.Sprint(n+1), svgPalette[c].ink)
			continue
		}
		dst = dot(dst, sq.c, "#ffffff", "#333333")
		dst = label(dst, sq.c, fmt.Sprint(n+1), "#666666")
	}
	for c := range ludo.Color(g.b.Arms) {
		pal := svgPalette[c]
		for n, sq := range g.home[c] {
			dst = dot(dst, sq.c, pal.light, pal.strong)
			dst = label(dst, sq.c, g.goalLabel(n+1), "#333333")
		}
		if g.slots {
			sq := g.finSq[c]
			dst = dot(dst, sq.c, pal.light, pal.strong)
			dst = fmt.Appendf(dst, `<circle cx="%d" cy="%d" r="%d" fill="none" stroke="%s" stroke-width="2"/>`+"\n", sq.c.x, sq.c.y, fr+4, pal.strong)
			dst = label(dst, sq.c, g.goalLabel(g.b.HomeColumn+1), "#333333")
		}
	}
	return dst
}

// The marks of special squares: a safe square is ringed (rules K1, D1,
// P1), a star has a star (rule D2). Both are drawn under the tokens and
// larger than them, so that they show with a token on the square.

// appendSafeMark draws the mark of a safe square centred at c.
func appendSafeMark(dst []byte, c pt, r int) []byte {
	return fmt.Appendf(dst, `<circle class="safe" cx="%d" cy="%d" r="%d" fill="none" stroke="#333333" stroke-width="2" stroke-dasharray="4 2"/>`+"\n", c.x, c.y, r)
}

// appendCastleMark draws the mark of a castle of Pachisi's cross (a safe
// square, rule Y4) centred at c: a cross × from corner to corner, as the
// cloths embroider them, h from the centre each way.
func appendCastleMark(dst []byte, c pt, h int) []byte {
	return fmt.Appendf(dst, `<path class="castle" d="M%d %dL%d %dM%d %dL%d %d" fill="none" stroke="#8b1a1a" stroke-width="3" stroke-linecap="round"/>`+"\n",
		c.x-h, c.y-h, c.x+h, c.y+h, c.x-h, c.y+h, c.x+h, c.y-h)
}

// svgStarPoints is a five-pointed star of radius 100, point up.
var svgStarPoints = [10]pt{{0, -100}, {22, -31}, {95, -31}, {36, 12}, {59, 81}, {0, 38}, {-59, 81}, {-36, 12}, {-95, -31}, {-22, -31}}

// appendStarMark draws the mark of a star centred at c.
func appendStarMark(dst []byte, c pt, r int) []byte {
	dst = append(dst, `<polygon class="star" points="`...)
	for i, p := range svgStarPoints {
		if i > 0 {
			dst = append(dst, ' ')
		}
		dst = fmt.Appendf(dst, "%d,%d", c.x+p.x*r/100, c.y+p.y*r/100)
	}
	return append(dst, `" fill="#f5d76e" stroke="#8a6d00" stroke-width="1.5" opacity="0.9"/>`+"\n"...)
}

// appendSVGMarks marks the safe squares and stars of the track, and
// writes the legend that says what the marks are.
func appendSVGMarks(dst []byte, g *svgGeom) []byte {
	if g.legend == 0 {
		return dst
	}
	safeR, starR := g.cell*9/20, g.cell*47/100
	for n, sq := range g.track {
		ts := ludo.TrackSquare(n + 1)
		if g.b.IsStar(ts) {
			dst = appendStarMark(dst, sq.c, starR)
		}
		switch {
		case g.b.IsSafe(ts) && g.castles:
			dst = appendCastleMark(dst, sq.c, g.cell*2/5)
		case g.b.IsSafe(ts):
			dst = appendSafeMark(dst, sq.c, safeR)
		}
	}
	y := g.legend + svgLegendH/2
	dst = fmt.Appendf(dst, `<rect x="0" y="%d" width="%d" height="%d" fill="#ffffff" stroke="#7a7a7a" stroke-width="1"/>`+"\n", g.legend, g.w, svgLegendH)
	x := 20
	if g.b.Safe != 0 && g.castles {
		dst = appendCastleMark(dst, pt{x, y}, 9)
		dst = fmt.Appendf(dst, `<text class="legend" x="%d" y="%d" font-size="13" fill="#333333">castle: a safe square, nobody is captured there</text>`+"\n", x+16, y+5)
		x += 350
	} else if g.b.Safe != 0 {
		dst = appendSafeMark(dst, pt{x, y}, 9)
		dst = fmt.Appendf(dst, `<text class="legend" x="%d" y="%d" font-size="13" fill="#333333">safe square: nobody is captured there</text>`+"\n", x+16, y+5)
		x += 290
	}
	if g.b.Stars != 0 {
		dst = appendStarMark(dst, pt{x, y}, 11)
		dst = fmt.Appendf(dst, `<text class="legend" x="%d" y="%d" font-size="13" fill="#333333">star: jump on to the next star</text>`+"\n", x+16, y+5)
	}
	return dst
}
