package picture

import (
	"errors"
	"fmt"
	"html/template"
	"io"
	"reflect"
	"strconv"
	"strings"

	"github.com/ludorules/ludo"
)

// ErrInvalidReplay is matched by the error of [WriteReplayHTML] for frames
// that are not a game: a frame whose move is not legal after its roll, or
// two frames that do not follow on. Where the rules refused the roll or
// the move, the error matches that error too (for example
// [ludo.ErrIllegalMove]).
var ErrInvalidReplay = errors.New("picture: invalid replay")

// WriteReplayHTML writes a page that replays a game: one self-contained
// HTML file, with no network access, external script or font, that shows
// the board (as [AppendSVG] draws it) at any ply, with buttons, a
// slider, the arrow keys (Home and End, PageUp and PageDown by ten) and a
// list of every ply to step through the game. Ply N is the position after
// the Nth move; the page shows the roll and the move that led to it ("red
// rolled 6 (counts 7)", or "red bonus 20" for a bonus move, which has no
// roll; with two dice, rule W1, "red rolled 6 and 3, plays 6", then "red
// plays 3 of 6 and 3" for the other die's move, which has none; "plays
// both (5)" for an entry with both dice, rule H1; ", a top" or ", a
// bottom" for the amounts of tops and bottoms, rule H2, the strip
// showing the four; "red bonus 20 after the dice" for a bonus move after
// them, rule W4; a throw of six cowries, rule X1, drawn as the shells;
// the squares it went from and to are ringed, and so are
// the tokens it sent home), and the legal moves the player had to choose
// from.
// Opening the page with a fragment "#ply=N" shows ply N, and the fragment
// follows the ply shown, so that the address points at a move.
//
// frames are the plies in order and final is the position after the last
// one (with no frames, the page shows final alone). Every frame is checked
// against the rules: its move must be legal after its roll, and the
// position it leads to must be the next frame's Before, or final. An error
// matching [ErrInvalidReplay] says which ply is wrong and how, in a line;
// nothing is written then. title is the page's heading, escaped.
//
// The positions are embedded as data, about 210 bytes a ply, and drawn by
// a small inline script with the same elements and data attributes as
// [AppendSVG]; with the 35 kB the board and the script take, a game
// of 500 plies makes a page of about 150 kB.
// The script also sets data attributes on the element with id
// "ply-status" (data-ply, data-plies, data-roll, data-color,
// data-move, data-turn, data-hash; data-roll is "6,3" for a throw of two
// dice) for tests to read, and a fragment
// "#ply=N&press=ArrowRight,next" presses those keys and buttons once the
// page is shown, so that a headless browser can test them. Without
// scripts the page shows the first position.
func WriteReplayHTML(w io.Writer, title string, frames []Frame, final ludo.State) error {
	page, err := replayPage(title, frames, final)
	if err != nil {
		return err
	}
	return replayTemplate.Execute(w, page)
}

// replayViewData is one position of the replay page: the position after
// a ply, and what the ply was (missing for ply 0). Keys are short to keep
// pages small.
type replayViewData struct {
	P  []int  `json:"p"`            // each seated colour's tokens' progress, colour by colour
	St string `json:"st"`           // the status line
	T  int    `json:"t"`            // the colour to roll or move, -1 when the game is over
	Mt int    `json:"mt,omitempty"` // under TwoColorsEach (rule T3), 1 plus the turn's player's other colour, whose tokens it moves too
	D  int    `json:"d,omitempty"`  // the die while a roll's move is due; with two dice (rule W1), the first
	D2 int    `json:"d2,omitempty"` // with two dice, the second die while a move of the throw, or a bonus move after it (rule W4), is due
	Q  int    `json:"q,omitempty"`  // with two dice, 1 where the double is played as tops and bottoms (rule H2): four amounts, top, bottom, top, bottom
	U  int    `json:"u,omitempty"`  // with two dice, the amounts played: bit k amount k (1 the first die, 2 the second; under Q up to 8)
	B  int    `json:"b,omitempty"`  // the steps of a bonus move due (rule P8)
	Pl []int  `json:"pl,omitempty"` // each colour's place, if any has one
	M  []int  `json:"m,omitempty"`  // the ply: roll (0 for a bonus move or a throw's other die), colour, token (-1 pass), from, to, captures, count; with two dice, the throw's second die and the die the move plays
	Ms string `json:"ms,omitempty"` // the move, as Move.String
	Tx string `json:"tx,omitempty"` // the ply in words
	Ch string `json:"ch,omitempty"` // the legal moves there were
}

// replayData is everything the page's script needs: the geometry of the
// board (centres of squares by progress, where the discs of colours
// sharing a square stand), the palette, and the views. The board itself
// is drawn once, by the Go code, in the page's picture.
type replayData struct {
	Names  [ludo.MaxPlayers]string   `json:"names"`
	Strong [ludo.MaxPlayers]string   `json:"strong"`
	Ink    [ludo.MaxPlayers]string   `json:"ink"`
	Seats  []int                     `json:"seats"`
	Tokens int                       `json:"tokens"`
	Blocks bool                      `json:"blocks"`
	Pos    [ludo.MaxPlayers][][2]int `json:"pos"`   // the centre of each progress, 0 to finish and past it under rule K4
	Sq     [ludo.MaxPlayers][]string `json:"sq"`    // the square of each progress, as Square.String
	Trk    [ludo.MaxPlayers][]bool   `json:"trk"`   // whether a pair at each progress is a block: on the track (under BlocksOnSafe on a safe square, rule S4)
	Slot   [ludo.MaxPlayers][][2]int `json:"slot"`  // yard places
	Yard   [ludo.MaxPlayers][4]int   `json:"yard"`  // x, y, width, height
	Strip  [3]int                    `json:"strip"` // y, width, height
	Rules  string                    `json:"rules"`
	Pips   [7][][2]int               `json:"pips"`
	R      int                       `json:"r"`      // a token's radius
	TR     int                       `json:"tr"`     // the radius of the disc of the colour to play, in the status strip
	BH     int                       `json:"bh"`     // half the size of a block's frame
	Spread [][][3]int                `json:"spread"` // for n colours on a square, each disc's offset and radius
	Mid    [2]int                    `json:"mid"`    // the centre where all finish, if Big is set
	Big    [][][3]int                `json:"big"`    // Spread for the centre where all finish
	Views  []replayViewData          `json:"views"`
}

type replayPageData struct {
	Title  string
	Plies  int
	SVG    template.HTML
	Status replayViewData
	Data   replayData
	Two    bool // the rules throw two dice (rule W1): the script draws them
	Cowr   bool // the rules throw six cowries (rule X1): the script draws them
	Lane   bool // the board has a start lane (rule Y1): a lane square is a home square, the start square the home entry
}

func replayPage(title string, frames []Frame, final ludo.State) (*replayPageData, error) {
	bad := func(ply int, format string, a ...any) error {
		return fmt.Errorf("%w: ply %d: "+format, append([]any{ErrInvalidReplay, ply}, a...)...)
	}
	start := final
	if len(frames) > 0 {
		start = frames[0].Before
	}
	if !start.IsValid() {
		return nil, bad(0, "the position is the zero State")
	}
	views := []replayViewData{replayView(start)}
	two := start.Rules().TwoDice
	for n, f := range frames {
		ply := n + 1
		s := f.Before
		switch {
		case noRoll(s) || f.Roll == 0:
			if !noRoll(s) || f.Roll != 0 {
				return nil, bad(ply, "roll %d: a frame has roll 0 exactly where a bonus move is due (rule P8), or a throw's other die (rule W1)", f.Roll)
			}
			if f.Second != 0 {
				return nil, bad(ply, "roll 0,%d: a move no roll precedes has no second die", f.Second)
			}
		case s.Phase() == ludo.PhaseMove:
			if a, b := s.Dice(); a != f.Roll || b != f.Second {
				return nil, bad(ply, "Before shows %s but Roll is %v", diceText(s), ludo.Outcome{Face: f.Roll, Second: f.Second})
			}
		default:
			var err error
			if s, err = s.RollOutcome(ludo.Outcome{Face: f.Roll, Second: f.Second}); err != nil {
				return nil, bad(ply, "roll %v: %w", ludo.Outcome{Face: f.Roll, Second: f.Second}, err)
			}
		}
		next, err := s.Apply(f.Move)
		if err != nil {
			return nil, bad(ply, "move %v: %w", f.Move, err)
		}
		want, what := final, "final"
		if ply < len(frames) {
			want, what = frames[ply].Before, "the next frame's Before"
		}
		if got := next; got != want {
			if want.Phase() == ludo.PhaseMove && !noRoll(want) {
				a, b := want.Dice()
				got, _ = next.RollOutcome(ludo.Outcome{Face: a, Second: b})
			}
			if got != want {
				return nil, bad(ply, "move %v leads to %s", f.Move, difference(got, want, what))
			}
		}
		v := replayView(want)
		m := f.Move
		from, to := m.From(), m.To()
		if m.IsPass() {
			from, to = 0, 0 // the page's data: a pass moves nothing, and the page reads no square of it
		}
		v.M = []int{f.Roll, int(m.Color()), m.Token(), from, to, m.NumCaptured(), m.Count()}
		if two {
			v.M = append(v.M, f.Second, m.Die())
		}
		v.Ms = m.String()
		v.Tx = describeMove(s, next, m)
		v.Ch = describeChoices(s)
		views = append(views, v)
	}

	b := start.Board()
	g := stateGeometry(start)
	d := replayData{
		Tokens: int(start.Rules().Tokens), Blocks: start.Rules().Blocks != ludo.NoBlocks,
		Rules: start.Rules().String(),
		Strip: [3]int{g.strip, g.w, svgStripH}, R: g.r, TR: svgTokenR, BH: g.cell/2 - 2, Views: views,
	}
	spreads := func(size int) [][][3]int {
		var out [][][3]int
		for n := 1; n <= ludo.MaxPlayers; n++ {
			var discs [][3]int
			for k := range n {
				o, r := spread(n, k, size, g.r)
				discs = append(discs, [3]int{o.x, o.y, r})
			}
			out = append(out, discs)
		}
		return out
	}
	d.Spread = spreads(g.cell)
	if g.shared {
		d.Mid, d.Big = [2]int{g.mid.x, g.mid.y}, spreads(g.spotSize(g.mid))
	}
	for c := range start.Players().All() {
		d.Seats = append(d.Seats, int(c))
	}
	for f, pips := range svgPips {
		for _, p := range pips {
			d.Pips[f] = append(d.Pips[f], [2]int{p.x, p.y})
		}
	}
	for c := range ludo.Color(b.Arms) {
		d.Names[c], d.Strong[c], d.Ink[c] = c.String(), svgPalette[c].strong, svgPalette[c].ink
		for p := 0; p <= g.maxProgress(start.Rules().CaptureBeforeHome); p++ {
			at, sq := g.center(c, p), b.Square(c, p)
			d.Pos[c] = append(d.Pos[c], [2]int{at.x, at.y})
			d.Sq[c] = append(d.Sq[c], sq.String())
			// A pair there is a block: on the track, and under BlocksOnSafe
			// on a safe square only (rule S4).
			d.Trk[c] = append(d.Trk[c], sq.Zone() == ludo.TrackZone && (start.Rules().Blocks != ludo.BlocksOnSafe || b.IsSafe(sq)))
		}
		for _, s := range g.slot[c] {
			d.Slot[c] = append(d.Slot[c], [2]int{s.x, s.y})
		}
		o, size := g.yard[c][0], g.yard[c][1]
		d.Yard[c] = [4]int{o.x, o.y, size.x, size.y}
	}

	p := positionOf(start)
	svg := appendSVGStart(nil, &g)
	svg = appendSVGBoard(svg, &g, p.seats)
	svg = appendSVGTokens(svg, &g, &p)
	svg = append(svg, `<g class="highlight"></g>`+"\n"...)
	svg = appendSVGStatus(svg, &g, &p)
	svg = append(svg, "</svg>"...)
	return &replayPageData{
		Title: title, Plies: len(frames), SVG: template.HTML(svg), Status: views[0], Data: d, Two: two,
		Cowr: start.Rules().Cowries, Lane: b.StartLane > 0,
	}, nil
}

// noRoll reports whether the move due in s follows no roll: a bonus move
// (rule P8), or a throw's other die once one is played (rule W1).
func noRoll(s ludo.State) bool {
	if s.IsBonusMove() {
		return true
	}
	return s.DiePlayed()
}

// diceText writes the dice of s, as "die 5", with two dice (rule W1)
// "dice 6,3", with cowries (rule X1) "throw 10".
func diceText(s ludo.State) string {
	if a, b := s.Dice(); b != 0 {
		return "dice " + ludo.Outcome{Face: a, Second: b}.String()
	}
	return throwWord(s) + " " + strconv.Itoa(s.Die())
}

// difference says in a line how position got differs from want, the
// position named what: the first field of their [ludo.Setup] that
// differs, as "a position whose Tokens[red][0] is 17, where final has 15".
func difference(got, want ludo.State, what string) string {
	g, w := reflect.ValueOf(got.Setup()), reflect.ValueOf(want.Setup())
	for k := range g.NumField() {
		if name, a, b, ok := differ(g.Type().Field(k).Name, g.Field(k), w.Field(k)); ok {
			return fmt.Sprintf("a position whose %s is %s, where %s has %s", name, a, what, b)
		}
	}
	return "a position other than " + what
}

// differ returns the name and values of the first element where a and b
// differ (name[i] for an element of an array, name[colour] for a
// colour's), and false if they are equal.
func differ(name string, a, b reflect.Value) (string, string, string, bool) {
	switch a.Kind() {
	case reflect.Array:
		for k := range a.Len() {
			i := strconv.Itoa(k)
			if a.Len() == ludo.MaxPlayers && !strings.Contains(name, "[") {
				i = ludo.Color(k).String()
			}
			if n, x, y, ok := differ(name+"["+i+"]", a.Index(k), b.Index(k)); ok {
				return n, x, y, true
			}
		}
		return "", "", "", false
	case reflect.Pointer:
		if !a.IsNil() && !b.IsNil() {
			return differ(name, a.Elem(), b.Elem())
		}
	}
	if reflect.DeepEqual(a.Interface(), b.Interface()) {
		return "", "", "", false
	}
	show := func(v reflect.Value) string {
		if v.Kind() == reflect.Pointer && v.IsNil() {
			return "none"
		}
		return fmt.Sprint(reflect.Indirect(v).Interface())
	}
	return name, show(a), show(b), true
}

// replayView returns the view data of position s.
func replayView(s ludo.State) replayViewData {
	p := positionOf(s)
	v := replayViewData{St: svgStatusText(s), T: int(s.Turn()), D: p.die, D2: p.die2, B: p.bonus, Q: b2i(p.bottoms)}
	for k, played := range p.played {
		v.U |= b2i(played) << k
	}
	if s.Phase() == ludo.PhaseOver {
		v.T = -1
	}
	for c := range p.mate.All() { // rule T3
		v.Mt = int(c) + 1
	}
	for c := range s.Players().All() {
		for i := range s.Rules().Tokens {
			v.P = append(v.P, s.Progress(c, i))
		}
		if s.Place(c) > 0 && v.Pl == nil {
			v.Pl = make([]int, ludo.MaxPlayers)
		}
	}
	if v.Pl != nil {
		for c := range ludo.Color(ludo.MaxPlayers) {
			v.Pl[c] = s.Place(c)
		}
	}
	return v
}

// describeMove says in words what move m did in position s (the die
// cast), leading to next, as "red rolled 6: token 0 enters on square 1",
// "red rolled 6 (counts 7): …" or, for a bonus move, "red bonus 20: …";
// with two dice (rule W1) "red rolled 6 and 3, plays 6: …", then "red
// plays 3 of 6 and 3: …"; "red rolled 1 and 4, plays both (5): …" for an
// entry with both (rule H1); under tops and bottoms (rule H2) "red rolled
// 4 and 4, plays 3, a bottom: …"; a bonus move after the dice (rule W4)
// "red bonus 20 after the dice: …".
func describeMove(s, next ludo.State, m ludo.Move) string {
	who := m.Color()
	if s.Rules().Teams == ludo.TwoColorsEach { // rule T3: the turn's colour throws, and moves either of its player's
		who = s.Turn()
	}
	t := who.String() + " " + describeRoll(s, m) + ": " + describeOne(s, m)
	if s.Place(m.Color()) == 0 && next.Place(m.Color()) > 0 {
		t += "; " + m.Color().String() + " finishes " + ordinal(next.Place(m.Color()))
	}
	if next.Phase() == ludo.PhaseOver {
		t += "; game over"
	}
	return t
}

// b2i returns 1 for true and 0 for false.
func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// describeRoll says what move m plays in position s (the die cast):
// "rolled 6", "rolled 6 (counts 7)" (rule P5), or "bonus 20" for a bonus
// move (rule P8); with two dice (rule W1) "rolled 6 and 3, plays 6" for
// the throw's first move and "plays 3 of 6 and 3" for the other die's.
func describeRoll(s ludo.State, m ludo.Move) string {
	a, b := s.Dice()
	switch {
	case m.IsBonusMove() && b != 0:
		return "bonus " + strconv.Itoa(m.Count()) + " after the dice"
	case m.IsBonusMove():
		return "bonus " + strconv.Itoa(m.Count())
	case b != 0:
		t := "plays " + strconv.Itoa(m.Die())
		switch {
		case m.BothDice(): // rule H1
			t = "plays both (" + strconv.Itoa(m.Die()) + ")"
		case m.Count() != m.Die():
			t += " (counts " + strconv.Itoa(m.Count()) + ")"
		}
		throw := strconv.Itoa(a) + " and " + strconv.Itoa(b)
		kind := ""
		if s.Setup().Bottoms && !m.IsPass() { // rule H2
			kind = ", a bottom"
			if m.Die() == a {
				kind = ", a top"
			}
		}
		if !s.DiePlayed() {
			return "rolled " + throw + ", " + t + kind
		}
		return t + " of " + throw + kind
	case m.Count() != m.Die():
		return "rolled " + strconv.Itoa(m.Die()) + " (counts " + strconv.Itoa(m.Count()) + ")"
	}
	return "rolled " + strconv.Itoa(m.Die())
}

// describeOne says what move m does in position s, as "token 2: 12 → 17,
// captures 1 green".
func describeOne(s ludo.State, m ludo.Move) string {
	switch {
	case m.Forfeits():
		return "third bonus roll in a row, forfeited (rule C9)"
	case m.IsPass():
		return "no token can move, pass"
	}
	b := s.Board()
	from, to := b.Square(m.Color(), m.From()), b.Square(m.Color(), m.To())
	var t strings.Builder
	if m.Color() != s.Turn() && s.Rules().Teams == ludo.TwoColorsEach { // rule T3: the player's other colour
		t.WriteString(m.Color().String() + " ")
	}
	t.WriteString("token " + strconv.Itoa(m.Token()))
	switch {
	case m.Enters():
		t.WriteString(" enters on square " + to.String())
	case m.Finishes() && !m.Retires():
		t.WriteString(": " + from.String() + " → finish")
	default:
		t.WriteString(": " + from.String() + " → " + to.String())
	}
	if m.Bounces() {
		t.WriteString(" (bounced)")
	}
	if n := m.NumCaptured(); n > 0 {
		t.WriteString(", captures " + strconv.Itoa(n))
		if victim, k := s.Occupant(to); k > 0 || s.Rules().Overtake != ludo.OvertakeCaptures { // passed on the way (rule S1): no one colour
			t.WriteString(" " + victim.String())
		}
	}
	switch {
	case m.MovesTower() && m.NumCaptured() == 2:
		t.WriteString(", the tower moving whole (rule R5)")
	case m.MovesTower():
		t.WriteString(", the tower moving whole (rule Y5)")
	}
	if m.Circles() && s.Rules().RoundAgain {
		t.WriteString(", round again instead of home (rule Y6)")
	}
	if m.FormsBlock() {
		t.WriteString(", forms a block")
	}
	if m.Retires() {
		t.WriteString(", retires to the finish (rule N1)")
	}
	return t.String()
}

// describeChoices lists the legal moves of s, as "2 legal moves: token 0
// enters on square 1 · token 2: 12 → 17", or says "forced" where there
// was one; with both dice of a throw of two due (rule W1), or a top and a
// bottom (rule H2), each with the die it plays: "token 2: 12 → 15 (the
// 3)", "token 3 enters on square 5 (both dice)" (rule H1).
func describeChoices(s ludo.State) string {
	moves := s.LegalMoves()
	if len(moves) == 1 {
		return "forced"
	}
	var t strings.Builder
	t.WriteString(strconv.Itoa(len(moves)) + " legal moves: ")
	// A throw of two (rule W1), or amounts of tops and bottoms (rule H2)
	// of two faces: say which die each move plays.
	both := s.Rules().TwoDice && !s.DiePlayed() && !s.IsBonusMove()
	if due := s.DiceDue(); s.Setup().Bottoms && !s.IsBonusMove() {
		both = (due[0] != 0 || due[2] != 0) && (due[1] != 0 || due[3] != 0)
	}
	for i, m := range moves {
		if i > 0 {
			t.WriteString(" · ")
		}
		t.WriteString(describeOne(s, m))
		switch {
		case !both || m.IsPass():
		case m.BothDice(): // rule H1
			t.WriteString(" (both dice)")
		default:
			t.WriteString(" (the " + strconv.Itoa(m.Die()) + ")")
		}
	}
	return t.String()
}

var replayTemplate = template.Must(template.New("replay").Parse(replayHTML))

const replayHTML = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{.Title}}</title>
<style>
body { font-family: "DejaVu Sans", Verdana, Arial, sans-serif; margin: 16px; color: #111; background: #fafafa; }
h1 { font-size: 20px; margin: 0 0 12px; }
.wrap { display: flex; flex-wrap: wrap; gap: 20px; align-items: flex-start; }
#board { flex: 0 1 600px; min-width: 280px; }
#board svg { width: 100%; height: auto; display: block; border: 1px solid #999; background: #fff; }
.panel { flex: 1 1 320px; max-width: 520px; }
.nav { display: flex; gap: 6px; align-items: center; flex-wrap: wrap; }
.nav button { font: inherit; font-size: 15px; padding: 6px 10px; cursor: pointer; }
#counter { min-width: 120px; text-align: center; font-weight: bold; }
#slider { width: 100%; margin: 10px 0; }
#ply-status { border: 1px solid #bbb; border-radius: 6px; padding: 10px 12px; background: #fff; min-height: 120px; }
#roll { display: flex; align-items: center; gap: 10px; font-size: 17px; font-weight: bold; }
#roll svg { width: 36px; height: 36px; flex: none; }
#move, #choices { margin: 8px 0 0; }
#choices { color: #444; font-size: 14px; }
.hint { color: #666; font-size: 13px; margin: 8px 0; }
#plies { position: relative; max-height: 300px; overflow-y: auto; font-size: 13px; border: 1px solid #ddd; background: #fff; margin: 10px 0 0; padding: 4px 4px 4px 48px; }
#plies li { padding: 1px 2px; }
#plies a { color: #1a4f9c; text-decoration: none; }
#plies li.current { background: #ffe9a8; }
</style>
</head>
<body>
<h1>{{.Title}}</h1>
<div class="wrap">
<div id="board">{{.SVG}}</div>
<div class="panel">
<div class="nav">
<button id="first" type="button" title="first ply (Home)">« first</button>
<button id="prev" type="button" title="previous ply (←)">‹ prev</button>
<span id="counter">ply 0 / {{.Plies}}</span>
<button id="next" type="button" title="next ply (→)">next ›</button>
<button id="last" type="button" title="last ply (End)">last »</button>
</div>
<input id="slider" type="range" min="0" max="{{.Plies}}" value="0" aria-label="ply">
<div id="ply-status" data-ply="0" data-plies="{{.Plies}}" data-roll="" data-color="" data-move="" data-turn="{{if ge .Status.T 0}}{{index .Data.Names .Status.T}}{{end}}">
<div id="roll"><span id="roll-text">start: {{.Status.St}}</span></div>
<p id="move"></p>
<p id="choices"></p>
</div>
<p class="hint">← → step, Home / End, PageUp / PageDown by 10. <a id="link" href="#ply=0">Link to this ply</a> (the address follows the ply shown).</p>
<ol id="plies" start="1"></ol>
</div>
</div>
<script>
"use strict";
(function () {
  const D = {{.Data}};
  const NS = "http://www.w3.org/2000/svg";
  const svg = document.querySelector("#board svg");
  const layer = (name) => svg.querySelector("g." + name);
  const status = document.getElementById("ply-status");
  const slider = document.getElementById("slider");
  const list = document.getElementById("plies");
  const last = D.views.length - 1;
  let shown = -1;

  function el(parent, name, attrs, text) {
    const e = document.createElementNS(NS, name);
    for (const k in attrs) e.setAttribute(k, attrs[k]);
    if (text !== undefined) e.textContent = text;
    if (parent) parent.appendChild(e);
    return e;
  }
  function clear(e) { while (e.firstChild) e.removeChild(e.firstChild); }
  function ordinal(n) { return n === 1 ? "1st" : n === 2 ? "2nd" : n === 3 ? "3rd" : n + "th"; }

  // Each progress's place: a token in the yard stands on its own place.
  function at(c, i, p) { return p < 0 ? D.slot[c][i] : D.pos[c][p]; }
  function square(c, p) { return p < 0 ? D.names[c] + " yard" : D.sq[c][p]; }
  function prog(v, k, i) { return v.p[k * D.tokens + i]; }

  // The same elements as the Go code's appendSVGTokens: a disc for the
  // tokens of a colour on a square, colours sharing a square side by side.
  function first(v, k, i) {
    for (let j = 0; j < i; j++) if ({{if .Lane}}same(D.seats[k], prog(v, k, j), prog(v, k, i)){{else}}prog(v, k, j) === prog(v, k, i){{end}}) return false;
    return true;
  }{{if .Lane}}
  // With a start lane (rule Y1) a lane square is a home square, and the
  // start square the home entry: tokens there share a disc.
  function same(c, p, q) { return p === q || p >= 0 && q >= 0 && D.sq[c][p] === D.sq[c][q]; }{{end}}
  function drawTokens(v) {
    const g = layer("tokens");
    clear(g);
    const spots = new Map();
    D.seats.forEach((c, k) => {
      for (let i = 0; i < D.tokens; i++) {
        const p = prog(v, k, i);
        if (p < 0 || !first(v, k, i)) continue;
        const key = D.pos[c][p].join(",");
        if (!spots.has(key)) spots.set(key, []);
        spots.get(key).push(c);
      }
    });
    D.seats.forEach((c, k) => {
      for (let i = 0; i < D.tokens; i++) {
        const p = prog(v, k, i);
        let here = [i];
        if (p >= 0) {
          if (!first(v, k, i)) continue;
          for (let j = i + 1; j < D.tokens; j++) if ({{if .Lane}}same(c, prog(v, k, j), p){{else}}prog(v, k, j) === p{{end}}) here.push(j);
        }
        const xy = at(c, i, p), sq = square(c, p);
        let x = xy[0], y = xy[1], r = D.r;
        if (p >= 0) {
          const cs = spots.get(xy.join(","));
          const big = D.big && xy[0] === D.mid[0] && xy[1] === D.mid[1];
          const disc = (big ? D.big : D.spread)[Math.min(cs.length, D.spread.length) - 1][cs.indexOf(c)];
          x += disc[0]; y += disc[1]; r = disc[2];
        }
        if (D.blocks && here.length >= 2 && p >= 0 && D.trk[c][p]) {
          const h = D.bh;
          el(g, "rect", {"class": "block", "data-color": D.names[c], "data-square": sq,
            x: xy[0] - h, y: xy[1] - h, width: 2 * h, height: 2 * h, rx: 4, fill: "none", stroke: "#111111", "stroke-width": 4});
        }
        const t = el(g, "g", {"class": "tok", "data-color": D.names[c], "data-square": sq, "data-tokens": here.join(" ")});
        el(t, "circle", {cx: x, cy: y, r: r, fill: D.strong[c], stroke: "#1a1a1a", "stroke-width": 2});
        if (here.length > 1) {
          el(t, "text", {x: x, y: y + Math.floor(r * 3 / 7), "font-size": Math.floor(r * 8 / 7), "font-weight": "bold", "text-anchor": "middle", fill: D.ink[c]}, String(here.length));
        } else {
          el(t, "circle", {cx: x, cy: y, r: Math.floor(r * 4 / 7), fill: "none", stroke: D.ink[c], "stroke-width": 2, opacity: 0.8});
        }
      }
    });
  }

  function drawDie(parent, x, y, f) {
    const g = el(parent, "g", {"class": "die", "data-face": f});
    el(g, "rect", {x: x, y: y, width: 40, height: 40, rx: 7, fill: "#ffffff", stroke: "#111111", "stroke-width": 2});
    for (const p of D.pips[f]) el(g, "circle", {cx: x + p[0], cy: y + p[1], r: 4, fill: "#111111"});
    return g;
  }{{if .Cowr}}
  // The same elements as the Go code's appendSVGCowries (rule X1).
  function drawCowries(parent, x, y, f) {
    const up = {2: 2, 3: 3, 4: 4, 5: 5, 6: 6, 10: 1, 25: 0}[f];
    if (up === undefined) return null;
    const g = el(parent, "g", {"class": "cowries", "data-face": f, "data-up": up});
    el(g, "rect", {x: x, y: y, width: 40, height: 40, rx: 7, fill: "#fbf3e0", stroke: "#111111", "stroke-width": 2});
    for (let k = 0; k < 6; k++) {
      const cx = x + 8 + 12 * (k % 3), cy = y + 9 + 11 * Math.floor(k / 3);
      el(g, "ellipse", {cx: cx, cy: cy, rx: 5, ry: 4, fill: k < up ? "#ffffff" : "#a0764a", stroke: "#111111"});
      if (k < up) el(g, "line", {x1: cx - 3, y1: cy, x2: cx + 3, y2: cy, stroke: "#111111", "stroke-width": 1.5});
    }
    el(g, "text", {x: x + 20, y: y + 37, "font-size": 11, "font-weight": "bold", "text-anchor": "middle", fill: "#111111"}, String(f));
    return g;
  }{{end}}{{if .Two}}
  // A die of a throw of two (rule W1), as the Go code's appendSVGDie2:
  // a played one faded and struck through.
  function drawDie2(parent, x, y, f, played) {
    if (!played) return drawDie(parent, x, y, f);
    const g = el(parent, "g", {"class": "die", "data-face": f, "data-played": "true", opacity: "0.35"});
    el(g, "rect", {x: x, y: y, width: 40, height: 40, rx: 7, fill: "#ffffff", stroke: "#111111", "stroke-width": 2});
    for (const p of D.pips[f]) el(g, "circle", {cx: x + p[0], cy: y + p[1], r: 4, fill: "#111111"});
    el(g, "line", {x1: x + 4, y1: y + 36, x2: x + 36, y2: y + 4, stroke: "#111111", "stroke-width": 3});
    return g;
  }
  // The dice of a throw of two, as the Go code's appendSVGStatus: both,
  // or the four amounts of tops and bottoms (rule H2), left of a bonus
  // move after them (rule W4).
  function drawDice(parent, w, y, v) {
    const fs = v.q ? [v.d, 7 - v.d, v.d, 7 - v.d] : [v.d, v.d2];
    const x = w - 56 - 48 * (fs.length - 1) - (v.b ? 48 : 0);
    fs.forEach((f, k) => drawDie2(parent, x + 48 * k, y + 10, f, v.u & (1 << k)));
  }{{end}}
  function drawBonus(parent, x, y, n) {
    const g = el(parent, "g", {"class": "bonus", "data-steps": n});
    el(g, "rect", {x: x, y: y, width: 40, height: 40, rx: 7, fill: "#fff4c2", stroke: "#111111", "stroke-width": 2});
    el(g, "text", {x: x + 20, y: y + 26, "font-size": 16, "font-weight": "bold", "text-anchor": "middle", fill: "#111111"}, "+" + n);
    return g;
  }

  // The same elements as the Go code's appendSVGStatus.
  function drawStatus(v) {
    const g = layer("status");
    clear(g);
    const y = D.strip[0], w = D.strip[1], h = D.strip[2];
    el(g, "rect", {x: 0, y: y, width: w, height: h, fill: "#f2f2f2", stroke: "#7a7a7a", "stroke-width": 1});
    let x = 16;
    if (v.t >= 0) {
      const yd = D.yard[v.t];
      el(g, "rect", {"class": "turn", "data-color": D.names[v.t], x: yd[0] + 3, y: yd[1] + 3, width: yd[2] - 6, height: yd[3] - 6, fill: "none", stroke: "#111111", "stroke-width": 5});
      el(g, "circle", {cx: x + D.tr, cy: y + h / 2, r: D.tr, fill: D.strong[v.t], stroke: "#1a1a1a", "stroke-width": 2});
      x += 2 * D.tr + 10;
      if (v.mt) { // rule T3: the player's other colour
        const ym = D.yard[v.mt - 1];
        el(g, "rect", {"class": "turn mate", "data-color": D.names[v.mt - 1], x: ym[0] + 3, y: ym[1] + 3, width: ym[2] - 6, height: ym[3] - 6, fill: "none", stroke: "#111111", "stroke-width": 3, "stroke-dasharray": "10 6"});
        el(g, "circle", {"class": "mate", cx: x + D.tr, cy: y + h / 2, r: D.tr, fill: D.strong[v.mt - 1], stroke: "#1a1a1a", "stroke-width": 2});
        x += 2 * D.tr + 10;
      }
    }
    el(g, "text", {"class": "status-text", x: x, y: y + 27, "font-size": v.st.length > 40{{if .Two}} || (v.q || v.b && v.d2) && v.st.length > 28{{end}} ? 14 : 18, fill: "#111111"}, v.st);
    el(g, "text", {x: x, y: y + 48, "font-size": D.rules.length > 60 ? 10 : 12, fill: "#555555"}, D.rules);
    {{if .Two}}if (v.d2) drawDice(g, w, y, v);
    {{end}}if (v.b) drawBonus(g, w - 56, y + 10, v.b);{{if .Two}}
    else if (v.d2) {}{{end}}
    else if (v.d) {{if .Cowr}}drawCowries{{else}}drawDie{{end}}(g, w - 56, y + 10, v.d);
    if (v.pl) D.seats.forEach((c) => {
      if (!v.pl[c]) return;
      const yd = D.yard[c], cx = yd[0] + Math.floor(yd[2] / 2), cy = yd[1] + Math.floor(yd[3] / 2);
      const b = el(g, "g", {"class": "place", "data-color": D.names[c], "data-place": v.pl[c]});
      el(b, "circle", {cx: cx, cy: cy, r: Math.floor(yd[2] / 6), fill: "#ffffff", stroke: "#111111", "stroke-width": 2});
      el(b, "text", {x: cx, y: cy + Math.floor(yd[2] / 18), "font-size": Math.floor(yd[2] / 7), "font-weight": "bold", "text-anchor": "middle", fill: "#111111"}, ordinal(v.pl[c]));
    });
  }

  // Rings round where the ply's token came from and went to, and round
  // the tokens it captured.
  function drawHighlight(v, prev) {
    const g = layer("highlight");
    clear(g);
    if (!v.m || v.m[2] < 0) return;
    const c = v.m[1], i = v.m[2], from = v.m[3], to = v.m[4];
    const a = at(c, i, from), b = at(c, i, to);
    el(g, "circle", {"class": "hl-from", "data-square": square(c, from), cx: a[0], cy: a[1], r: D.r + 5, fill: "none", stroke: "#111111", "stroke-width": 2, "stroke-dasharray": "4 3"});
    el(g, "line", {x1: a[0], y1: a[1], x2: b[0], y2: b[1], stroke: "#111111", "stroke-width": 2, "stroke-dasharray": "2 4", opacity: 0.6});
    el(g, "circle", {"class": "hl-to", "data-square": square(c, to), cx: b[0], cy: b[1], r: D.r + 5, fill: "none", stroke: v.m[5] > 0 ? "#d00000" : "#111111", "stroke-width": v.m[5] > 0 ? 4 : 3});
    // The tokens it sent home: opponents that were on the board and are
    // in their yards now.
    D.seats.forEach((o, k) => {
      if (o === c) return;
      for (let j = 0; j < D.tokens; j++) {
        if (prog(prev, k, j) >= 0 && prog(v, k, j) < 0) {
          const y = D.slot[o][j];
          el(g, "circle", {"class": "hl-captured", "data-color": D.names[o], "data-token": j, cx: y[0], cy: y[1], r: D.r + 9, fill: "none", stroke: "#d00000", "stroke-width": 3, "stroke-dasharray": "5 3"});
        }
      }
    });
  }

  function drawPanel(n, v) {
    status.setAttribute("data-ply", n);
    status.setAttribute("data-roll", v.m ? v.m[0] : "");{{if .Two}}
    if (v.m && v.m[7]) status.setAttribute("data-roll", v.m[0] + "," + v.m[7]);{{end}}
    status.setAttribute("data-color", v.m ? D.names[v.m[1]] : "");
    status.setAttribute("data-move", v.ms || "");
    status.setAttribute("data-turn", v.t >= 0 ? D.names[v.t] : "");
    document.getElementById("counter").textContent = "ply " + n + " / " + last;
    const roll = document.getElementById("roll");
    clear(roll);
    if (v.m) {
      const s = el(roll, "svg", {viewBox: "0 0 40 40", "aria-hidden": "true"});
      {{if .Two}}if (v.m[8]) drawDie(s, 0, 0, v.m[8]);
      else {{end}}if (v.m[0]) {{if .Cowr}}drawCowries{{else}}drawDie{{end}}(s, 0, 0, v.m[0]);
      else drawBonus(s, 0, 0, v.m[6]);
      const tx = document.createElement("span");
      tx.id = "roll-text";
      tx.textContent = "ply " + n + ": " + D.names[v.m[1]] + " " + v.tx.slice(v.tx.indexOf(" ") + 1, v.tx.indexOf(": "));
      tx.style.color = D.strong[v.m[1]] === "#f2c41a" ? "#8a6d00" : D.strong[v.m[1]];
      roll.appendChild(tx);
    } else {
      const tx = document.createElement("span");
      tx.id = "roll-text";
      tx.textContent = "start: " + v.st;
      roll.appendChild(tx);
    }
    let said = "";
    if (v.m) {
      said = v.tx.slice(v.tx.indexOf(": ") + 2) + ". ";
      said += v.t >= 0 ? "Now " + v.st + "." : "Places: " + v.st.slice(v.st.indexOf(": ") + 2) + ".";
    }
    document.getElementById("move").textContent = said;
    document.getElementById("choices").textContent = !v.ch ? "" : v.ch === "forced" ? "It was the only legal move." : "Choices: " + v.ch + ".";
    document.getElementById("link").setAttribute("href", "#ply=" + n);
    slider.value = n;
    for (const b of ["first", "prev"]) document.getElementById(b).disabled = n === 0;
    for (const b of ["next", "last"]) document.getElementById(b).disabled = n === last;
    const old = list.querySelector("li.current");
    if (old) old.classList.remove("current");
    if (n > 0) {
      const li = list.children[n - 1];
      li.classList.add("current");
      if (li.offsetTop < list.scrollTop || li.offsetTop + li.offsetHeight > list.scrollTop + list.clientHeight) {
        list.scrollTop = li.offsetTop - list.clientHeight / 2;
      }
    }
  }

  function show(n, push) {
    n = Math.max(0, Math.min(last, n | 0));
    if (n === shown) return;
    shown = n;
    const v = D.views[n];
    drawTokens(v);
    drawHighlight(v, D.views[Math.max(n - 1, 0)]);
    drawStatus(v);
    if (push && location.hash !== "#ply=" + n) history.replaceState(null, "", "#ply=" + n);
    drawPanel(n, v);
    status.setAttribute("data-hash", location.hash);
  }

  function fromHash() {
    const m = /ply=(\d+)/.exec(location.hash);
    return m ? parseInt(m[1], 10) : 0;
  }

  for (let n = 1; n <= last; n++) {
    const li = document.createElement("li");
    const a = document.createElement("a");
    a.href = "#ply=" + n;
    a.textContent = D.views[n].tx;
    li.appendChild(a);
    list.appendChild(li);
  }
  document.getElementById("first").onclick = () => show(0, true);
  document.getElementById("prev").onclick = () => show(shown - 1, true);
  document.getElementById("next").onclick = () => show(shown + 1, true);
  document.getElementById("last").onclick = () => show(last, true);
  slider.addEventListener("input", () => show(parseInt(slider.value, 10), true));
  window.addEventListener("hashchange", () => show(fromHash(), false));
  document.addEventListener("keydown", (e) => {
    if (e.target === slider || e.altKey || e.ctrlKey || e.metaKey) return;
    const step = {ArrowLeft: -1, ArrowRight: 1, PageUp: -10, PageDown: 10}[e.key];
    if (step) show(shown + step, true);
    else if (e.key === "Home") show(0, true);
    else if (e.key === "End") show(last, true);
    else return;
    e.preventDefault();
  });
  show(fromHash(), false);
  // For tests: "#ply=N&press=ArrowRight,next,End" presses those keys and
  // buttons (first, prev, next, last) once the page is shown.
  const press = /[&?]press=([A-Za-z,]+)/.exec(location.hash);
  if (press) for (const k of press[1].split(",")) {
    const b = document.getElementById(k);
    if (b && b.tagName === "BUTTON") b.click();
    else document.body.dispatchEvent(new KeyboardEvent("keydown", {key: k, bubbles: true}));
  }
})();
</script>
</body>
</html>
`
