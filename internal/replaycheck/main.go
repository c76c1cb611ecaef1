// Command replaycheck checks what a replay page shows in a real browser.
// It plays the seeded games that examples/replay-html writes (the same
// flags give the same game), has one headless Chromium open their pages
// and step through them, and compares the DOM the browser built at each
// ply it looks at with the game's position after that ply, as the
// library computes it: every token's square, the blocks, whose turn it
// is, the places, the status line, and the roll and move of the ply with
// the squares ringed. It prints each difference and exits with status 1
// if there is any. .ci/browser-check runs it:
//
//	replaycheck -chromium /usr/bin/chromium -out DIR [-replay GAME] [-boards GAME,...] <games
//
// where each line of games is a name and the flags of replay-html that
// wrote the page DIR/NAME.html ("classic4 -seed 1 -players 4 -preset
// classic"). It can also check one DOM a browser dumped by hand:
//
//	go run ./internal/replaycheck -seed 1 -ply 120 -dom ply-120.html
package main

import (
	"flag"
	"fmt"
	"html"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/ludorules/ludo"
	"github.com/ludorules/ludo/internal/seeded"
	"github.com/ludorules/ludo/picture"
)

func main() {
	players := flag.Int("players", 0, fmt.Sprintf("number of players, 2 to %d (0: the preset's)", ludo.MaxPlayers))
	preset := flag.String("preset", "classic", "rules preset: "+strings.Join(ludo.Presets(), ", "))
	seed := flag.Uint64("seed", 1, "seed of the game")
	ply := flag.Int("ply", 0, "the ply the page was opened at")
	dom := flag.String("dom", "", "the DOM the browser dumped")
	chromium := flag.String("chromium", "", "check the pages of the games listed on standard input in this Chromium")
	out := flag.String("out", ".", "with -chromium: the folder of the pages, where the DOMs and screenshots go too")
	replay := flag.String("replay", "", "with -chromium: the game whose page is screenshot as replay-start.png and replay-mid.png")
	boards := flag.String("boards", "", "with -chromium: the games, comma-separated, whose board is screenshot as board-GAME.png")
	flag.Parse()
	if *chromium != "" {
		games, err := readGames(os.Stdin)
		if err == nil && len(games) == 0 {
			err = fmt.Errorf("no games on standard input")
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, "replaycheck:", err)
			os.Exit(2)
		}
		cfg := runConfig{chromium: *chromium, out: *out, replay: *replay}
		if *boards != "" {
			cfg.boards = strings.Split(*boards, ",")
		}
		ok, err := runBrowser(cfg, games, os.Stdout)
		if err != nil {
			fmt.Fprintln(os.Stderr, "replaycheck:", err)
			os.Exit(2)
		}
		if !ok {
			fmt.Println("browser check FAILED")
			os.Exit(1)
		}
		return
	}
	g, err := newGame(*preset, *players, *seed)
	if err != nil {
		fmt.Fprintln(os.Stderr, "replaycheck:", err)
		os.Exit(2)
	}
	b, err := os.ReadFile(*dom)
	if err != nil {
		fmt.Fprintln(os.Stderr, "replaycheck:", err)
		os.Exit(2)
	}
	problems := g.check(string(b), *ply)
	for _, p := range problems {
		fmt.Printf("ply %d: %s\n", *ply, p)
	}
	if len(problems) > 0 {
		os.Exit(1)
	}
	fmt.Printf("ply %d: the page shows the position (%d tokens, roll %s)\n", *ply, len(g.tokens(*ply)), g.roll(*ply))
}

// game is a played game: the position after each ply (ply 0 is the
// start) and each ply's roll and move (index n-1 for ply n), with the
// position it was played in.
type game struct {
	after []ludo.State
	rolls []ludo.Outcome // the throw of each ply: a face, two with two dice (rule W1), or none (Face 0)
	moves []ludo.Move
	at    []ludo.State // the position with ply n's die cast
}

// newGame plays the game of examples/replay-html and examples/playout
// (internal/seeded).
func newGame(preset string, players int, seed uint64) (*game, error) {
	r, err := seeded.Rules(preset, players)
	if err != nil {
		return nil, err
	}
	frames, final, err := seeded.Play(r, seed, seeded.MaxPlies)
	if err != nil {
		return nil, err
	}
	g := &game{}
	for _, f := range frames {
		at := f.Before // a bonus move (rule P8) or a throw's other die (rule W1), roll 0, is due with no roll
		o := ludo.Outcome{Face: f.Roll, Second: f.Second}
		if f.Roll != 0 {
			if at, err = f.Before.RollOutcome(o); err != nil {
				return nil, err
			}
		}
		g.after, g.rolls, g.moves, g.at = append(g.after, f.Before), append(g.rolls, o), append(g.moves, f.Move), append(g.at, at)
	}
	g.after = append(g.after, final)
	return g, nil
}

func (g *game) plies() int { return len(g.moves) }

// interesting returns plies worth a look: the start, the first capture,
// the first ply after which a block stands, the first place won, the
// first after which colours share a square, the first after which a
// bonus move is due and the first bonus move, the first 6 that counts 7,
// the first position with a token going round again (rule K4), with two
// dice (rule W1) the first throw's first move and the first move of its
// other die, the first entry with both dice (rule H1), the first double
// due as tops and bottoms (rule H2), the first bonus move due after the
// dice (rule W4), the first tower moving whole onto a tower (rule R5),
// the middle, the capture nearest the middle and the end.
func (g *game) interesting() []int {
	out := []int{0, g.plies() / 2, g.showcase(), g.plies()}
	firsts := []func(n int) bool{
		func(n int) bool { return g.moves[n-1].Captures() },
		func(n int) bool {
			for range g.after[n].Blocks() {
				return true
			}
			return false
		},
		func(n int) bool { return len(g.after[n].Ranking()) > 0 },
		func(n int) bool { return shared(g.after[n]) },
		func(n int) bool { return g.rolls[n-1].Face == 0 && g.moves[n-1].IsBonusMove() },
		func(n int) bool { return g.after[n].IsBonusMove() },
		func(n int) bool { return g.moves[n-1].Count() != g.moves[n-1].Die() && g.rolls[n-1].Face != 0 },
		func(n int) bool { return pastFinish(g.after[n]) },
		func(n int) bool { return g.rolls[n-1].Second != 0 },
		func(n int) bool { return g.rolls[n-1].Face == 0 && !g.moves[n-1].IsBonusMove() },
		func(n int) bool { return g.moves[n-1].BothDice() },
		func(n int) bool { return g.after[n].Setup().Bottoms && !g.after[n].IsBonusMove() },
		func(n int) bool { return g.after[n].IsBonusMove() && g.after[n].Rules().TwoDice },
		func(n int) bool { return g.moves[n-1].MovesTower() },
	}
	for _, first := range firsts {
		for n := 1; n <= g.plies(); n++ {
			if first(n) {
				out = append(out, n)
				break
			}
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// shared reports whether tokens of two colours share a track square in
// s.
func shared(s ludo.State) bool {
	for n := 1; n <= s.Board().Track; n++ {
		k := 0
		for _, m := range s.TokensOn(ludo.TrackSquare(n)) {
			k += min(m, 1)
		}
		if k > 1 {
			return true
		}
	}
	return false
}

// pastFinish reports whether a token of s is going round again, past
// its finish (rule K4).
func pastFinish(s ludo.State) bool {
	for c := range s.Players().All() {
		for i := range s.Rules().Tokens {
			if s.Progress(c, i) > s.Board().Finish() {
				return true
			}
		}
	}
	return false
}

// showcase returns the ply of the capture nearest the middle of the game,
// or the middle if there is no capture.
func (g *game) showcase() int {
	mid, best := g.plies()/2, -1
	for n := 1; n <= g.plies(); n++ {
		if g.moves[n-1].Captures() && (best < 0 || abs(n-mid) < abs(best-mid)) {
			best = n
		}
	}
	if best < 0 {
		return mid
	}
	return best
}

func abs(x int) int { return max(x, -x) }

// roll returns ply n's throw as the page's data-roll gives it: "6",
// "6,3" for two dice (rule W1), "0" where no roll precedes the move.
func (g *game) roll(n int) string {
	if n < 1 || n > g.plies() {
		return ""
	}
	return g.rolls[n-1].String()
}

// tokens returns what the page should show as "colour token square"
// lines, sorted.
func (g *game) tokens(n int) []string {
	s := g.after[n]
	var out []string
	for c := range s.Players().All() {
		for i := range s.Rules().Tokens {
			out = append(out, fmt.Sprintf("%v %d %v", c, i, s.Square(c, i)))
		}
	}
	slices.Sort(out)
	return out
}

// statusText is the status line of position s, as the library's pictures
// write it.
func statusText(s ludo.State) string {
	who := s.Turn().String()
	if s.Rules().Teams == ludo.TwoColorsEach { // rule T3: the player by both its colours, the turn's first
		for c := range s.Team(s.Turn()).All() {
			if c != s.Turn() {
				who += "+" + c.String()
			}
		}
	}
	switch s.Phase() {
	case ludo.PhaseOver:
		var parts []string
		for _, c := range s.Ranking() { // partners share their team's place (rule T1)
			parts = append(parts, fmt.Sprintf("%d %v", s.Place(c), c))
		}
		return "game over: " + strings.Join(parts, ", ")
	case ludo.PhaseMove:
		word := "die"
		if s.Rules().Cowries { // a throw of cowries (rule X1)
			word = "throw"
		}
		t := fmt.Sprintf("%v to move, %s %d", who, word, s.Die())
		a, b := s.Dice()
		due := s.DiceDue()
		d1, d2 := due[0] != 0, due[1] != 0
		switch {
		case s.IsBonusMove():
			t = fmt.Sprintf("%v to move, bonus %d", who, s.Count())
		case b != 0 && s.Setup().Bottoms: // a double as tops and bottoms (rule H2): the dice drawn say which are played
			t = fmt.Sprintf("%v to move, tops and bottoms", s.Turn())
		case b != 0 && !d1: // two dice (rule W1), one played
			t = fmt.Sprintf("%v to move, dice %d %d (%d played)", who, a, b, a)
		case b != 0 && !d2:
			t = fmt.Sprintf("%v to move, dice %d %d (%d played)", who, a, b, b)
		case b != 0:
			t = fmt.Sprintf("%v to move, dice %d %d", who, a, b)
		case s.Count() != s.Die():
			t += fmt.Sprintf(" (counts %d)", s.Count())
		}
		return t + streakText(s)
	}
	return fmt.Sprintf("%v to roll", who) + streakText(s)
}

// streakText is the status line's count of bonus-earning rolls in a row:
// ", sixes 1", or with two dice ", doubles 1" (rule W3) unless a bonus
// face on either die earns the roll (BonusAnyDie, rule U1), with cowries
// ", graces 1" (rule Y2); "" for none.
func streakText(s ludo.State) string {
	switch {
	case s.Streak() == 0:
		return ""
	case s.Rules().TwoDice && !s.Rules().BonusAnyDie:
		return fmt.Sprintf(", doubles %d", s.Streak())
	case s.Rules().Cowries: // the graces (rules X1, Y2)
		return fmt.Sprintf(", graces %d", s.Streak())
	}
	return fmt.Sprintf(", sixes %d", s.Streak())
}

// element is a start tag of the DOM, with the text up to the next tag.
type element struct {
	name  string
	attrs map[string]string
	text  string
}

var (
	tagRE  = regexp.MustCompile(`<([a-zA-Z][a-zA-Z0-9-]*)((?:\s+[^\s=/>]+(?:="[^"]*")?)*)\s*/?>([^<]*)`)
	attrRE = regexp.MustCompile(`([^\s=/>]+)(?:="([^"]*)")?`)
)

// elements returns the start tags of an HTML document in order.
func elements(dom string) []element {
	var out []element
	for _, m := range tagRE.FindAllStringSubmatch(dom, -1) {
		e := element{name: strings.ToLower(m[1]), attrs: map[string]string{}, text: html.UnescapeString(m[3])}
		for _, a := range attrRE.FindAllStringSubmatch(m[2], -1) {
			e.attrs[strings.ToLower(a[1])] = html.UnescapeString(a[2])
		}
		out = append(out, e)
	}
	return out
}

// svgLayer returns the elements of the picture layer with the given class
// (a <g class="tokens"> or <g class="status">), up to the next layer or
// the end of the picture, each as one line: name, attributes sorted, text.
func svgLayer(els []element, class string) []string {
	var out []string
	in := false
	for _, e := range els {
		switch c := e.attrs["class"]; {
		case e.name == "g" && (c == "board" || c == "tokens" || c == "highlight" || c == "status"):
			if in {
				return out
			}
			in = c == class
			continue
		case !in:
			continue
		case !svgNames[e.name]:
			return out
		}
		keys := make([]string, 0, len(e.attrs))
		for k := range e.attrs {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		line := e.name
		for _, k := range keys {
			line += " " + k + "=" + strconv.Quote(e.attrs[k])
		}
		if t := strings.TrimSpace(e.text); t != "" {
			line += " text=" + strconv.Quote(t)
		}
		out = append(out, line)
	}
	return out
}

var svgNames = map[string]bool{"g": true, "circle": true, "rect": true, "text": true, "line": true, "polygon": true}

// shown is what the page shows of a ply, read off its DOM: the status
// element's data, the tokens and blocks on the board, the status line, the
// frames of the turn, the places, the dice, the squares and tokens
// ringed, and every element, for the layers drawn as the picture.
type shown struct {
	status             map[string]string
	tokens, blocks     []string
	statusLine         []string
	turn, places, dice []string
	from, to, caught   []string
	mates              []string
	els                []element
}

// readPage reads what the page's DOM dom shows.
func readPage(dom string) shown {
	var v shown
	v.els = elements(dom)
	for _, e := range v.els {
		a := e.attrs
		switch {
		case a["id"] == "ply-status":
			v.status = a
		case a["class"] == "tok":
			for _, i := range strings.Fields(a["data-tokens"]) {
				v.tokens = append(v.tokens, a["data-color"]+" "+i+" "+a["data-square"])
			}
		case a["class"] == "block":
			v.blocks = append(v.blocks, a["data-color"]+" "+a["data-square"])
		case a["class"] == "status-text":
			v.statusLine = append(v.statusLine, e.text)
		case a["class"] == "turn":
			v.turn = append(v.turn, a["data-color"])
		case a["class"] == "turn mate": // rule T3: the yard of the turn's player's other colour
			v.mates = append(v.mates, a["data-color"])
		case a["class"] == "place":
			v.places = append(v.places, a["data-color"]+" "+a["data-place"])
		case a["class"] == "die":
			v.dice = append(v.dice, a["data-face"]+map[string]string{"true": " played"}[a["data-played"]])
		case a["class"] == "cowries": // a throw of six cowries (rule X1)
			v.dice = append(v.dice, a["data-face"]+" cowries")
		case a["class"] == "bonus":
			v.dice = append(v.dice, "+"+a["data-steps"])
		case a["class"] == "hl-from":
			v.from = append(v.from, a["data-square"])
		case a["class"] == "hl-to":
			v.to = append(v.to, a["data-square"])
		case a["class"] == "hl-captured":
			v.caught = append(v.caught, a["data-color"]+" "+a["data-token"])
		}
	}
	return v
}

// report gathers the problems a check finds.
type report []string

func (r *report) bad(format string, a ...any) { *r = append(*r, fmt.Sprintf(format, a...)) }

// want reports a value shown that differs from the game's.
func (r *report) want(what, got, want string) {
	if got != want {
		r.bad("%s is %q, want %q", what, got, want)
	}
}

// list reports a list shown that differs from the game's, in any order.
func (r *report) list(what string, got, want []string) {
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		r.bad("%s are %q, want %q", what, got, want)
	}
}

// played is what the page must show of the move of ply n, which led to
// its position: the colour and move, the die or bonus it played, the
// squares it came from and went to, the tokens it captured.
type played struct {
	mover, move            string
	dice, from, to, caught []string
}

// check compares the DOM of the page opened at ply n with the game and
// returns the differences.
func (g *game) check(dom string, n int) []string {
	if n < 0 || n > g.plies() {
		return []string{fmt.Sprintf("the game has plies 0 to %d", g.plies())}
	}
	s := g.after[n]
	v := readPage(dom)
	if v.status == nil {
		return []string{"no element with id ply-status: is this the replay page?"}
	}
	var r report
	r.want("data-plies", v.status["data-plies"], strconv.Itoa(g.plies()))
	r.want("data-ply", v.status["data-ply"], strconv.Itoa(n))
	r.want("data-roll", v.status["data-roll"], g.roll(n))
	if h, ok := v.status["data-hash"]; ok {
		r.want("the address's fragment (data-hash)", h, "#ply="+strconv.Itoa(n))
	}
	p := g.played(n, &r)
	r.want("data-color (the colour that moved)", v.status["data-color"], p.mover)
	r.want("data-move", v.status["data-move"], p.move)
	var wantTurn []string
	if s.Phase() != ludo.PhaseOver {
		wantTurn = []string{s.Turn().String()}
	}
	r.want("data-turn", v.status["data-turn"], strings.Join(wantTurn, ""))
	var wantMates []string
	if s.Phase() != ludo.PhaseOver && s.Rules().Teams == ludo.TwoColorsEach { // rule T3
		for c := range s.Team(s.Turn()).All() {
			if c != s.Turn() {
				wantMates = append(wantMates, c.String())
			}
		}
	}
	slices.Sort(v.tokens)
	if w := g.tokens(n); !slices.Equal(v.tokens, w) {
		for _, t := range w {
			if !slices.Contains(v.tokens, t) {
				r.bad("token missing: %s", t)
			}
		}
		for _, t := range v.tokens {
			if !slices.Contains(w, t) {
				r.bad("token shown but not in the game: %s", t)
			}
		}
	}
	var wantBlocks []string
	for sq, c := range s.Blocks() {
		wantBlocks = append(wantBlocks, c.String()+" "+sq.String())
	}
	var wantPlaces []string
	for c := range s.Players().All() {
		if p := s.Place(c); p > 0 {
			wantPlaces = append(wantPlaces, fmt.Sprintf("%v %d", c, p))
		}
	}
	r.list("blocks", v.blocks, wantBlocks)
	r.list("status lines", v.statusLine, []string{statusText(s)})
	r.list("turn frames", v.turn, wantTurn)
	r.list("frames of the turn's other colour", v.mates, wantMates)
	r.list("places", v.places, wantPlaces)
	r.list("dice shown", v.dice, throwShown(s, p.dice))
	r.list("squares ringed as where the move came from", v.from, p.from)
	r.list("squares ringed as where the move went", v.to, p.to)
	r.list("tokens ringed as captured", v.caught, p.caught)
	r.layers(v.els, s)
	return r
}

// played returns what the page must show of the move of ply n (none for
// ply 0), reporting a move whose captures the game does not bear out.
func (g *game) played(n int, r *report) played {
	var p played
	if n == 0 {
		return p
	}
	s := g.after[n]
	m := g.moves[n-1]
	p.mover, p.move = m.Color().String(), m.String()
	p.dice = []string{g.roll(n)}
	switch {
	case m.IsBonusMove(): // the panel shows the bonus, not a die
		p.dice = []string{"+" + strconv.Itoa(m.Count())}
	case s.Rules().TwoDice && m.Die() != 0: // and with two dice (rule W1) the die the move plays
		p.dice = []string{strconv.Itoa(m.Die())}
	case s.Rules().TwoDice: // a pass: the throw's first die
		p.dice = []string{strconv.Itoa(g.rolls[n-1].Face)}
	}
	if !m.IsPass() {
		b := s.Rules().Board
		p.from = []string{b.Square(m.Color(), m.From()).String()}
		p.to = []string{b.Square(m.Color(), m.To()).String()}
	}
	for c := range s.Players().All() {
		for i := range s.Rules().Tokens {
			if c != m.Color() && g.after[n-1].Progress(c, i) >= 0 && s.Progress(c, i) < 0 {
				p.caught = append(p.caught, fmt.Sprintf("%v %d", c, i))
			}
		}
	}
	if len(p.caught) != m.NumCaptured() {
		r.bad("the game's move %v captures %d, but %d tokens went home", m, m.NumCaptured(), len(p.caught))
	}
	return p
}

// throwShown returns the dice the page must show in position s, after
// those of the move that led to it (dice): the throw being played, its
// played dice marked (two dice, rule W1; four amounts under tops and
// bottoms, rule H2), a bonus move due; six cowries drawn as shells
// (rule X1).
func throwShown(s ludo.State, dice []string) []string {
	switch a, b := s.Dice(); {
	case b != 0:
		faces := []int{a, b}
		if s.Setup().Bottoms {
			faces = []int{a, 7 - a, a, 7 - a}
		}
		due := s.DiceDue()
		for k, f := range faces {
			dice = append(dice, strconv.Itoa(f)+map[bool]string{true: " played"}[due[k] == 0])
		}
		if s.IsBonusMove() { // after the dice, all played (rule W4)
			dice = append(dice, "+"+strconv.Itoa(s.Count()))
		}
	case s.IsBonusMove():
		dice = append(dice, "+"+strconv.Itoa(s.Count()))
	case s.Phase() == ludo.PhaseMove:
		dice = append(dice, strconv.Itoa(s.Die()))
	}
	if s.Rules().Cowries {
		for k, d := range dice {
			if !strings.HasPrefix(d, "+") {
				dice[k] += " cowries"
			}
		}
	}
	return dice
}

// layers reports where the page's script draws the tokens or the status
// strip otherwise, element for element, than the library's picture of
// the same position.
func (r *report) layers(els []element, s ludo.State) {
	pic := elements(string(picture.AppendSVG(nil, s)))
	for _, layer := range []string{"tokens", "status"} {
		got, want := svgLayer(els, layer), svgLayer(pic, layer)
		if len(want) == 0 {
			r.bad("the library's picture has no %s layer", layer)
		}
		for i := range max(len(got), len(want)) {
			g, w := "(nothing)", "(nothing)"
			if i < len(got) {
				g = got[i]
			}
			if i < len(want) {
				w = want[i]
			}
			if g != w {
				r.bad("%s layer, element %d, is\n\t%s\nbut picture.AppendSVG draws\n\t%s", layer, i+1, g, w)
				break
			}
		}
	}
}
