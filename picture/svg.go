package picture

import (
	"fmt"
	"io"
	"strconv"

	"github.com/ludorules/ludo"
)

// This file draws positions as SVG pictures. The drawing is made of
// integers only, and every loop runs in a fixed order (colours clockwise
// from Red, tokens by index, squares by number), so the same State always
// gives the same bytes; golden files in testdata/svg hold examples.
//
// The picture has three layers, each a <g> with a class, so that a page
// can find and redraw them: "board" (what never changes during a game:
// svgboard.go), "tokens" (tokens and blocks) and "status" (whose turn,
// the die or bonus, places); marks add a fourth, "marks", over the
// tokens. Every token stack is a <g class="tok"> carrying data-color
// (the colour's name), data-square (the square's [ludo.Square.String],
// as "17" or "red home 3") and data-tokens (the indices of the tokens
// standing there, as "0 2"); every block is a <rect class="block"> with data-color
// and data-square. The replay page (html.go) draws the same elements with
// the same attributes from its own data, and the browser check compares
// them.

// Drawing sizes, in SVG user units (pixels at scale 1).
const (
	svgCell   = 40 // one square of the fallback board (the cross's too)
	svgTokenR = 14 // a token's radius there, and the status strip's disc
	svgStripH = 60 // the status strip under the board
	svgMargin = 20 // the margin of the fallback picture
	svgMinW   = 600
)

// svgPalette holds each colour's strong shade (tokens, yards, finish), its
// light shade (start squares, home columns, a yard of a colour that does
// not play) and the colour of text on a token.
var svgPalette = [ludo.MaxPlayers]struct{ strong, light, ink string }{
	ludo.Red:    {"#e53935", "#f5a3a1", "#ffffff"},
	ludo.Green:  {"#2e9b47", "#a3d9ae", "#ffffff"},
	ludo.Yellow: {"#f2c41a", "#fbe69a", "#333333"},
	ludo.Blue:   {"#1e7fd8", "#a2cbf2", "#ffffff"},
	ludo.Purple: {"#8e44ad", "#d2b4e0", "#ffffff"},
	ludo.Orange: {"#ef7d1a", "#f8c9a0", "#333333"},
}

// pt is a point in the picture.
type pt struct{ x, y int }

// svgPosition is what the tokens and status layers draw: a State, or a
// position of the replay page, which draws the same from its data.
type svgPosition struct {
	seats   ludo.Colors
	tokens  int
	prog    [ludo.MaxPlayers][ludo.MaxTokens]int // -1 in the yard
	blocks  bool                                 // Rules.Blocks != NoBlocks
	onSafe  bool                                 // Rules.Blocks == BlocksOnSafe: a block stands on a safe square only (rule S4)
	turn    ludo.Color
	mate    ludo.Colors // under TwoColorsEach (rule T3) the turn's player's other colour, whose tokens it moves too
	over    bool
	die     int     // the die while a move of a roll is due; with two dice (rule W1), the first
	cowries bool    // a throw is a lot of six cowries (rule X1): die is their count
	die2    int     // with two dice, the second die while the throw's moves, or the bonus moves after them (rule W4), are due; 0 otherwise
	bottoms bool    // with two dice, the double is played as tops and bottoms (rule H2): four amounts
	played  [4]bool // with two dice, which amounts are played: the dice, or top, bottom, top, bottom
	bonus   int     // the steps of a bonus move due (rule P8)
	places  [ludo.MaxPlayers]int
	status  string // the status line, as "red to move"
	rules   string // the rules' name, as "classic"
}

// mateOf returns, under TwoColorsEach (rule T3), the other colour of the
// player whose turn it is, which its throw moves too; none otherwise or
// once the game is over.
func mateOf(s ludo.State) ludo.Colors {
	if !s.IsValid() || s.Rules().Teams != ludo.TwoColorsEach || s.Phase() == ludo.PhaseOver {
		return 0
	}
	return s.Team(s.Turn()) &^ ludo.ColorsOf(s.Turn())
}

// moverName names the player whose turn it is: its colour, or under
// TwoColorsEach (rule T3) the turn's colour and the player's other, as
// "red+yellow".
func moverName(s ludo.State) string {
	t := s.Turn().String()
	for c := range mateOf(s).All() {
		t += "+" + c.String()
	}
	return t
}

func positionOf(s ludo.State) svgPosition {
	p := svgPosition{
		seats: s.Players(), tokens: s.Rules().Tokens, blocks: s.Rules().Blocks != ludo.NoBlocks,
		onSafe: s.Rules().Blocks == ludo.BlocksOnSafe,
		turn:   s.Turn(), over: s.Phase() == ludo.PhaseOver, die: s.Die(),
		status: svgStatusText(s), rules: s.Rules().String(), cowries: s.Rules().Cowries,
	}
	p.mate = mateOf(s)
	if a, b := s.Dice(); b != 0 {
		p.die, p.die2, p.bottoms = a, b, s.Setup().Bottoms
		for k, f := range s.DiceDue() {
			p.played[k] = f == 0 && (k < 2 || p.bottoms)
		}
	}
	if s.IsBonusMove() {
		// With one die the bonus move stands alone (rule P8); with two
		// the throw's dice, all played, stay shown before it (rule W4).
		p.bonus = s.Count()
		if p.die2 == 0 {
			p.die = 0
		}
	}
	for c := range ludo.Color(ludo.MaxPlayers) {
		p.places[c] = s.Place(c)
		for i := range ludo.MaxTokens {
			p.prog[c][i] = s.Progress(c, i)
		}
	}
	if !s.IsValid() {
		p.rules = "no rules"
	}
	return p
}

// throwWord names what a player throws under the rules of s: "throw"
// for a lot of cowries (rule X1), else "die".
func throwWord(s ludo.State) string {
	if s.Rules().Cowries {
		return "throw"
	}
	return "die"
}

// svgStatusText says what the position waits for, as "red to roll", "red
// to move, die 5, sixes 1", "red to move, die 6 (counts 7)", "red to
// move, bonus 20" or "game over: 1 red, 2 blue"; with two dice (rule W1)
// "red to move, dice 6 3 (3 played), doubles 1", the bonus-earning rolls
// counted being doubles (rule W3), or under BonusAnyDie throws with a
// bonus face on either die, "sixes 1" (rule U1); partners share their
// team's place once the game is over (rule T1); a double played as tops
// and bottoms (rule H2) "red to move, tops and bottoms", the dice drawn
// saying which of the four are played; under TwoColorsEach (rule T3) the
// player by both its colours, the turn's first: "yellow+red to roll";
// with cowries (rule X1) "red to move, throw 10, graces 1", the graces
// (rule Y2) being the bonus-earning throws.
func svgStatusText(s ludo.State) string {
	switch {
	case !s.IsValid():
		return "no game"
	case s.Phase() == ludo.PhaseOver:
		t := "game over:"
		for i, c := range s.Ranking() { // partners share their team's place (rule T1)
			if i > 0 {
				t += ","
			}
			t += " " + strconv.Itoa(s.Place(c)) + " " + c.String()
		}
		return t
	}
	who := moverName(s) // rule T3: the player of two colours
	t := who + " to roll"
	switch {
	case s.IsBonusMove():
		t = who + " to move, bonus " + strconv.Itoa(s.Count())
	case s.Phase() == ludo.PhaseMove:
		if a, b := s.Dice(); b != 0 && s.Setup().Bottoms {
			t = who + " to move, tops and bottoms" // the four dice drawn say which are played
			break
		} else if b != 0 {
			t = who + " to move, dice " + strconv.Itoa(a) + " " + strconv.Itoa(b)
			if due := s.DiceDue(); due[0] == 0 {
				t += " (" + strconv.Itoa(a) + " played)"
			} else if due[1] == 0 {
				t += " (" + strconv.Itoa(b) + " played)"
			}
			break
		}
		t = who + " to move, " + throwWord(s) + " " + strconv.Itoa(s.Die())
		if s.Count() != s.Die() {
			t += " (counts " + strconv.Itoa(s.Count()) + ")"
		}
	}
	if s.Streak() > 0 {
		if r := s.Rules(); r.TwoDice && !r.BonusAnyDie {
			t += ", doubles " + strconv.Itoa(s.Streak())
		} else if r.Cowries {
			t += ", graces " + strconv.Itoa(s.Streak()) // rules X1, Y2
		} else {
			t += ", sixes " + strconv.Itoa(s.Streak())
		}
	}
	return t
}

// AppendSVG appends an SVG picture of position s to dst and returns the
// extended slice: a complete, standalone <svg> element (UTF-8, no XML
// declaration) that browsers show as it is and that can be written to an
// .svg file or put inside an HTML page.
//
// Each preset's board is drawn as the real board: the 15×15 cross of 52
// numbered squares (1 is Red's start square) for [ludo.Ludo52] and the boards
// like it; the 11×11 board of 40 round fields of Mensch ärgere Dich nicht
// and Fia, the start fields marked A, the goal fields a to d; the Parchís
// board of 68 squares, four arms of three columns of eight round a
// centre; Pachisi's cross (a board with a start lane, rule Y1), the same
// arms round the Charkoni, each colour's quarter of it its finish, the
// start square the end square of the arm's middle column, whose squares
// are both the lane a piece walks out on (a piece there stands on the
// home square [ludo.Board.Square] gives) and the home column it comes
// back up, drawn clockwise as the Parchís board (the real game runs
// counter-clockwise: a mirror image), the pieces waiting in yards
// between the arms; and a star of six such arms for the six-player
// boards. The start squares and home columns are in their colours, the
// finish is in the middle (each colour's part of it, or under [ludo.GoalSlots] one more
// goal square of its home column, or on a board whose home columns reach
// the centre the centre itself), and the yards lie between the arms,
// Red's top left and the others clockwise. Safe squares ([ludo.Board.IsSafe])
// are ringed (Pachisi's castles marked with a cross ×, as the cloths
// embroider them) and stars ([ludo.Board.IsStar]) carry a star, and a legend under
// the board says what the marks are. Any other [ludo.Board] is drawn as a ring
// of numbered track squares with a row per colour under it: yard, home
// column, finish.
//
// A token is a disc in its colour; tokens of a colour sharing a square
// are one disc with their number on it; where several colours share a
// square (a safe square, a pair that cannot be captured, partners) each
// colour's disc is smaller and they stand side by side; a block (rule
// B1; see [ludo.State.Blocks]) has a thick frame round its square. A token
// going round again (rule K4) stands on its track square. A strip under
// the board says whose turn it is and what the position waits for (with
// the die while a roll's move is due, or the steps of a bonus move; with
// two dice, rule W1, both, a played one faded and struck through, or the
// four amounts of a double played as tops and bottoms, rule H2, and
// before a bonus move after the dice, rule W4, the dice all played), and
// names the rules; a player with a place has it written in their yard.
// The yards of colours that do not play are pale and empty.
//
// Each square of marks is ringed, for example the path a move would take:
// in a layer of class "marks" over the tokens, a <circle class="mark">
// with the square's data-square (a yard is framed by a <rect>). Squares
// the board does not have are left out; each square is ringed once, in
// the order given; with no marks there is no such layer.
//
// The output depends only on s and marks: the same position gives the
// same bytes.
// Elements carry classes and data attributes (data-color, data-square,
// data-tokens) so that tests and scripts can read the position back from
// the picture. The zero State is drawn as an empty classic board.
func AppendSVG(dst []byte, s ludo.State, marks ...ludo.Square) []byte {
	g := stateGeometry(s)
	p := positionOf(s)
	dst = appendSVGStart(dst, &g)
	dst = appendXMLText(append(dst, "<title>"...), p.rules+": "+p.status)
	dst = append(dst, "</title>\n"...)
	dst = appendSVGBoard(dst, &g, p.seats)
	dst = appendSVGTokens(dst, &g, &p)
	if len(marks) > 0 {
		dst = appendSVGSquareMarks(dst, &g, marks)
	}
	dst = appendSVGStatus(dst, &g, &p)
	return append(dst, "</svg>\n"...)
}

// WriteSVG writes the picture [AppendSVG] draws to w.
func WriteSVG(w io.Writer, s ludo.State, marks ...ludo.Square) error {
	_, err := w.Write(AppendSVG(nil, s, marks...))
	return err
}

// stateGeometry lays out the board of s (the classic board for the zero
// State).
func stateGeometry(s ludo.State) svgGeom {
	if !s.IsValid() {
		return svgGeometry(ludo.Ludo52(), false)
	}
	return svgGeometry(s.Board(), s.Rules().Goal == ludo.GoalSlots)
}

func appendSVGStart(dst []byte, g *svgGeom) []byte {
	return fmt.Appendf(dst, `<svg xmlns="http://www.w3.org/2000/svg" class="ludo" viewBox="0 0 %d %d" width="%d" height="%d" font-family="DejaVu Sans, Verdana, Arial, sans-serif">`+"\n",
		g.w, g.h, g.w, g.h)
}

// svgSpread is where the discs of n colours sharing a square stand (n
// from 1), as offsets from its centre in hundredths of the square's size,
// and the radius of each disc in the same unit (0: a token's own).
var svgSpread = [ludo.MaxPlayers + 1]struct {
	at []pt
	r  int
}{
	1: {[]pt{{0, 0}}, 0},
	2: {[]pt{{-25, 0}, {25, 0}}, 23},
	3: {[]pt{{-25, -20}, {25, -20}, {0, 22}}, 21},
	4: {[]pt{{-24, -24}, {24, -24}, {-24, 24}, {24, 24}}, 21},
	5: {[]pt{{-30, -20}, {0, -20}, {30, -20}, {-30, 20}, {0, 20}}, 15},
	6: {[]pt{{-30, -20}, {0, -20}, {30, -20}, {-30, 20}, {0, 20}, {30, 20}}, 15},
}

// spread returns the offset and radius of the disc of the k-th of n
// colours on a square of the given size, for a token radius r.
func spread(n, k, size, r int) (pt, int) {
	n = min(max(n, 1), ludo.MaxPlayers)
	sp := svgSpread[n]
	if sp.r == 0 {
		return pt{}, r
	}
	o := sp.at[k%len(sp.at)]
	return pt{o.x * size / 100, o.y * size / 100}, sp.r * size / 100
}

// spotSize returns the size of the square token stacks at centre at
// stand on: the board's centre where all finish is twice a square.
func (g *svgGeom) spotSize(at pt) int {
	if g.shared && at == g.mid {
		return g.cell * 13 / 10
	}
	return g.cell
}

// appendSVGTokens draws the tokens and blocks: for each colour that
// plays, each token in the yard on its own place, and each other square
// its tokens stand on as one disc, with their number when more than one;
// colours sharing a square stand side by side.
func appendSVGTokens(dst []byte, g *svgGeom, p *svgPosition) []byte {
	dst = append(dst, `<g class="tokens">`+"\n"...)
	// The colours on each square, clockwise from Red.
	type spot struct {
		at      pt
		colours []ludo.Color
	}
	var spots []spot
	find := func(at pt) int {
		for k := range spots {
			if spots[k].at == at {
				return k
			}
		}
		spots = append(spots, spot{at: at})
		return len(spots) - 1
	}
	for c := range p.seats.All() {
		for i := range p.tokens {
			if pr := p.prog[c][i]; pr >= 0 && firstAt(g, p, c, i) {
				k := find(g.center(c, pr))
				spots[k].colours = append(spots[k].colours, c)
			}
		}
	}
	for c := range p.seats.All() {
		for i := range p.tokens {
			pr := p.prog[c][i]
			if pr < 0 {
				dst = appendSVGToken(dst, c, ludo.YardOf(c), g.slot[c][i], g.r, []int{i})
				continue
			}
			if !firstAt(g, p, c, i) {
				continue
			}
			here := []int{i}
			for j := i + 1; j < p.tokens; j++ {
				if g.sameSquare(c, p.prog[c][j], pr) {
					here = append(here, j)
				}
			}
			sq := g.b.Square(c, pr)
			at := g.center(c, pr)
			if p.blocks && len(here) >= 2 && sq.Zone() == ludo.TrackZone && (!p.onSafe || g.b.IsSafe(sq)) {
				dst = appendSVGBlock(dst, c, sq, at, g.cell/2-2)
			}
			s := spots[find(at)]
			off, r := spread(len(s.colours), slicesIndex(s.colours, c), g.spotSize(at), g.r)
			dst = appendSVGToken(dst, c, sq, pt{at.x + off.x, at.y + off.y}, r, here)
		}
	}
	return append(dst, "</g>\n"...)
}

// firstAt reports whether token i of colour c is the lowest-numbered of
// its colour on its square.
func firstAt(g *svgGeom, p *svgPosition, c ludo.Color, i int) bool {
	for j := range i {
		if g.sameSquare(c, p.prog[c][j], p.prog[c][i]) {
			return false
		}
	}
	return true
}

// sameSquare reports whether tokens of colour c with progress a and b
// stand on the same square, a yard place being no square: the same
// progress, or on a board with a start lane (rule Y1) a lane square and
// the home square it is, or the start square and the home entry.
func (g *svgGeom) sameSquare(c ludo.Color, a, b int) bool {
	return a == b || a >= 0 && b >= 0 && g.b.StartLane > 0 && g.b.Square(c, a) == g.b.Square(c, b)
}

func slicesIndex(cs []ludo.Color, c ludo.Color) int {
	for k, x := range cs {
		if x == c {
			return k
		}
	}
	return 0
}

func appendSVGBlock(dst []byte, c ludo.Color, sq ludo.Square, at pt, h int) []byte {
	return fmt.Appendf(dst, `<rect class="block" data-color="%s" data-square="%s" x="%d" y="%d" width="%d" height="%d" rx="4" fill="none" stroke="#111111" stroke-width="4"/>`+"\n",
		c, sq, at.x-h, at.y-h, 2*h, 2*h)
}

// appendSVGToken draws a disc of radius r for the tokens of colour c at
// sq: the number of them on it, or a ring for one.
func appendSVGToken(dst []byte, c ludo.Color, sq ludo.Square, at pt, r int, tokens []int) []byte {
	pal := svgPalette[c]
	dst = fmt.Appendf(dst, `<g class="tok" data-color="%s" data-square="%s" data-tokens="`, c, sq)
	for k, i := range tokens {
		if k > 0 {
			dst = append(dst, ' ')
		}
		dst = strconv.AppendInt(dst, int64(i), 10)
	}
	dst = fmt.Appendf(dst, `"><circle cx="%d" cy="%d" r="%d" fill="%s" stroke="#1a1a1a" stroke-width="2"/>`,
		at.x, at.y, r, pal.strong)
	if len(tokens) > 1 {
		dst = fmt.Appendf(dst, `<text x="%d" y="%d" font-size="%d" font-weight="bold" text-anchor="middle" fill="%s">%d</text>`,
			at.x, at.y+r*3/7, r*8/7, pal.ink, len(tokens))
	} else {
		dst = fmt.Appendf(dst, `<circle cx="%d" cy="%d" r="%d" fill="none" stroke="%s" stroke-width="2" opacity="0.8"/>`,
			at.x, at.y, r*4/7, pal.ink)
	}
	return append(dst, "</g>\n"...)
}

// appendSVGSquareMarks rings the squares of marks.
func appendSVGSquareMarks(dst []byte, g *svgGeom, marks []ludo.Square) []byte {
	dst = append(dst, `<g class="marks">`+"\n"...)
	for k, sq := range marks {
		if slicesIndexSquare(marks[:k], sq) {
			continue
		}
		if sq.Zone() == ludo.YardZone {
			if int(sq.Color()) < g.b.Arms {
				o, size := g.yard[sq.Color()][0], g.yard[sq.Color()][1]
				dst = fmt.Appendf(dst, `<rect class="mark" data-square="%s" x="%d" y="%d" width="%d" height="%d" fill="none" stroke="#d35400" stroke-width="4" stroke-dasharray="8 4"/>`+"\n",
					sq, o.x-2, o.y-2, size.x+4, size.y+4)
			}
			continue
		}
		at, ok := g.sqAt(sq)
		if !ok {
			continue
		}
		r := g.cell*11/20 + 2
		if sq.Zone() == ludo.FinishZone && g.finArea[sq.Color()] == nil && g.shared {
			r = g.cell
		}
		dst = fmt.Appendf(dst, `<circle class="mark" data-square="%s" cx="%d" cy="%d" r="%d" fill="none" stroke="#d35400" stroke-width="4" stroke-dasharray="6 3"/>`+"\n",
			sq, at.c.x, at.c.y, r)
	}
	return append(dst, "</g>\n"...)
}

func slicesIndexSquare(sqs []ludo.Square, sq ludo.Square) bool {
	for _, x := range sqs {
		if x == sq {
			return true
		}
	}
	return false
}

// appendSVGStatus draws the strip under the board (the player to move,
// what the position waits for, the die while a move is due or the steps
// of a bonus move, the rules), a frame round the yard of the player to
// move and each place won.
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
		for c := range p.mate.All() { // rule T3: the player's other colour, its yard marked thinner
			o, size := g.yard[c][0], g.yard[c][1]
			dst = fmt.Appendf(dst, `<rect class="turn mate" data-color="%s" x="%d" y="%d" width="%d" height="%d" fill="none" stroke="#111111" stroke-width="3" stroke-dasharray="10 6"/>`+"\n",
				c, o.x+3, o.y+3, size.x-6, size.y-6)
			dst = fmt.Appendf(dst, `<circle class="mate" cx="%d" cy="%d" r="%d" fill="%s" stroke="#1a1a1a" stroke-width="2"/>`+"\n",
				x+svgTokenR, y+svgStripH/2, svgTokenR, svgPalette[c].strong)
			x += 2*svgTokenR + 10
		}
	}
	dst = fmt.Appendf(dst, `<text class="status-text" x="%d" y="%d" font-size="%d" fill="#111111">`, x, y+27, statusFontSize(p.status, len(p.dice())+b2i(p.bonus > 0)))
	dst = appendXMLText(dst, p.status)
	dst = append(dst, "</text>\n"...)
	dst = fmt.Appendf(dst, `<text x="%d" y="%d" font-size="%d" fill="#555555">`, x, y+48, rulesFontSize(p.rules))
	dst = appendXMLText(dst, p.rules)
	dst = append(dst, "</text>\n"...)
	if faces := p.dice(); len(faces) > 0 { // two dice (rule W1): left of a bonus move after them (rule W4)
		x := g.w - 56 - 48*(len(faces)-1)
		if p.bonus > 0 {
			x -= 48
		}
		for k, f := range faces {
			dst = appendSVGDie2(dst, pt{x + 48*k, y + 10}, f, p.played[k])
		}
	}
	switch {
	case p.bonus > 0:
		dst = appendSVGBonus(dst, pt{g.w - 56, y + 10}, p.bonus)
	case p.die2 != 0:
	case p.cowries && p.die != 0:
		dst = appendSVGCowries(dst, pt{g.w - 56, y + 10}, p.die)
	case p.die >= 1 && p.die <= 6:
		dst = appendSVGDie(dst, pt{g.w - 56, y + 10}, p.die)
	}
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

// dice returns the faces of a throw of two dice (rule W1) to draw: the
// two dice, or under tops and bottoms (rule H2) the four amounts, top,
// bottom, top, bottom; none with one die, or faces out of range.
func (p *svgPosition) dice() []int {
	a, b := p.die, p.die2
	switch {
	case a < 1 || a > 6 || b < 1 || b > 6:
		return nil
	case p.bottoms:
		return []int{a, 7 - a, a, 7 - a}
	}
	return []int{a, b}
}

// statusFontSize returns the size of the status line's letters: smaller
// for a long line (six places at the end of a game), or where more than
// two boxes (dice, a bonus move) stand at the strip's right end and leave
// less room.
func statusFontSize(status string, boxes int) int {
	if len(status) > 40 || boxes > 2 && len(status) > 28 {
		return 14
	}
	return 18
}

// rulesFontSize returns the size of the letters of the rules' name under
// the status line: smaller for rules with many options.
func rulesFontSize(rules string) int {
	if len(rules) > 60 {
		return 10
	}
	return 12
}

// appendSVGBonus draws the steps of a bonus move (rule P8) in a 40×40
// box at o, as "+20".
func appendSVGBonus(dst []byte, o pt, steps int) []byte {
	return fmt.Appendf(dst, `<g class="bonus" data-steps="%d"><rect x="%d" y="%d" width="40" height="40" rx="7" fill="#fff4c2" stroke="#111111" stroke-width="2"/><text x="%d" y="%d" font-size="16" font-weight="bold" text-anchor="middle" fill="#111111">+%d</text></g>`+"\n",
		steps, o.x, o.y, o.x+20, o.y+26, steps)
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

// cowriesUp is the number of six cowries that fall mouth up for each
// count of rule X1: 2 to 6 for themselves, one for 10, none for 25.
var cowriesUp = map[int]int{2: 2, 3: 3, 4: 4, 5: 5, 6: 6, 10: 1, 25: 0}

// appendSVGCowries draws a throw of six cowries that counts n (rule X1)
// in a 40×40 box at o: six shells in two rows, those mouth up white with
// their slit, the others brown backs, and the count below.
func appendSVGCowries(dst []byte, o pt, n int) []byte {
	up, ok := cowriesUp[n]
	if !ok {
		return dst
	}
	dst = fmt.Appendf(dst, `<g class="cowries" data-face="%d" data-up="%d"><rect x="%d" y="%d" width="40" height="40" rx="7" fill="#fbf3e0" stroke="#111111" stroke-width="2"/>`, n, up, o.x, o.y)
	for k := range 6 {
		cx, cy := o.x+8+12*(k%3), o.y+9+11*(k/3)
		if k < up {
			dst = fmt.Appendf(dst, `<ellipse cx="%d" cy="%d" rx="5" ry="4" fill="#ffffff" stroke="#111111"/><line x1="%d" y1="%d" x2="%d" y2="%d" stroke="#111111" stroke-width="1.5"/>`, cx, cy, cx-3, cy, cx+3, cy)
		} else {
			dst = fmt.Appendf(dst, `<ellipse cx="%d" cy="%d" rx="5" ry="4" fill="#a0764a" stroke="#111111"/>`, cx, cy)
		}
	}
	dst = fmt.Appendf(dst, `<text x="%d" y="%d" font-size="11" font-weight="bold" text-anchor="middle" fill="#111111">%d</text>`, o.x+20, o.y+37, n)
	return append(dst, "</g>\n"...)
}

// appendSVGDie2 draws die face f (1 to 6) of a throw of two (rule W1) in
// a 40×40 box at o: as one die's, or where it is played faded and struck
// through, with data-played="true".
func appendSVGDie2(dst []byte, o pt, f int, played bool) []byte {
	if !played {
		return appendSVGDie(dst, o, f)
	}
	dst = fmt.Appendf(dst, `<g class="die" data-face="%d" data-played="true" opacity="0.35"><rect x="%d" y="%d" width="40" height="40" rx="7" fill="#ffffff" stroke="#111111" stroke-width="2"/>`, f, o.x, o.y)
	for _, p := range svgPips[f] {
		dst = fmt.Appendf(dst, `<circle cx="%d" cy="%d" r="4" fill="#111111"/>`, o.x+p.x, o.y+p.y)
	}
	dst = fmt.Appendf(dst, `<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="#111111" stroke-width="3"/>`, o.x+4, o.y+36, o.x+36, o.y+4)
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
