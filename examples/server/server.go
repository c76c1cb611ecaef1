package main

import (
	"bytes"
	"crypto/rand"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode"

	"github.com/ludorules/ludo"
	"github.com/ludorules/ludo/internal/echo"
	"github.com/ludorules/ludo/internal/seeded"
	"github.com/ludorules/ludo/picture"
)

// Limits of a request.
const (
	maxBody = 4 << 10 // bytes of a request body
	maxName = 64      // bytes of a player's name
)

// limits bound what the server holds (see the package doc).
type limits struct {
	games int // games in the store
	plies int // plies of one game
	total int // plies of all games, each rolled die awaiting its move counted as a ply
}

// defaultLimits are the limits the flags default to.
var defaultLimits = limits{games: 10_000, plies: 10_000, total: 5_000_000}

// check says what is wrong with the limits, if anything: each must be at
// least 1, and a game at most ludo.MaxRecordPlies plies long, so that its
// record reads back.
func (l limits) check() error {
	switch {
	case l.games < 1 || l.plies < 1 || l.total < 1:
		return errors.New("-max-games, -max-plies and -max-total-plies must be at least 1")
	case l.plies > ludo.MaxRecordPlies:
		return fmt.Errorf("-max-plies is %d: a record of more than ludo.MaxRecordPlies (%d) plies would not read back", l.plies, ludo.MaxRecordPlies)
	}
	return nil
}

// server is the HTTP handler: the games in memory, guarded by mu.
type server struct {
	mux   *http.ServeMux
	limit limits

	mu    sync.Mutex
	games map[string]*game
	plies int // the plies the games hold: Σ held()
}

// game is one game in the store.
type game struct {
	state  ludo.State
	record ludo.Record // the plies played; Seeded is set once the game is over
	client bool        // the client gives the faces
	seed   uint64      // the seed of the server's dice
	dice   ludo.Dice   // the server's dice
}

// held returns the plies game g holds: those played, and one more while a
// rolled die (or a throw of two, rule W1) awaits its move.
func (g *game) held() int {
	if g.state.Phase() == ludo.PhaseMove && !noRoll(g.state) {
		return len(g.record.Plies) + 1
	}
	return len(g.record.Plies)
}

// noRoll reports whether the move due in s follows no roll: a bonus move
// (rule P8), or a throw's other die once one is played (rule W1).
func noRoll(s ludo.State) bool {
	if s.IsBonusMove() {
		return true
	}
	return s.DiePlayed()
}

// newServer returns a server that keeps games within the limits.
func newServer(limit limits) *server {
	s := &server{mux: http.NewServeMux(), limit: limit, games: map[string]*game{}}
	s.route("/games", map[string]http.HandlerFunc{"POST": s.create})
	s.route("/games/{id}", map[string]http.HandlerFunc{"GET": s.get, "DELETE": s.delete})
	s.route("/games/{id}/roll", map[string]http.HandlerFunc{"POST": s.roll})
	s.route("/games/{id}/moves", map[string]http.HandlerFunc{"GET": s.moves})
	s.route("/games/{id}/move", map[string]http.HandlerFunc{"POST": s.move})
	s.route("/games/{id}/record", map[string]http.HandlerFunc{"GET": s.recordJSON})
	s.route("/games/{id}/record.txt", map[string]http.HandlerFunc{"GET": s.recordText})
	s.route("/games/{id}/replay", map[string]http.HandlerFunc{"GET": s.replay})
	s.mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		writeError(w, &apiError{http.StatusNotFound, fmt.Sprintf("no such path: %s", echo.Quote(r.URL.Path)), ""})
	})
	return s
}

// ServeHTTP serves a request.
func (s *server) ServeHTTP(w http.ResponseWriter, r *http.Request) { s.mux.ServeHTTP(w, r) }

// route serves path with a handler by method, and a JSON 405 for other
// methods.
func (s *server) route(path string, byMethod map[string]http.HandlerFunc) {
	var allow []string
	for m := range byMethod {
		allow = append(allow, m)
	}
	slices.Sort(allow)
	s.mux.HandleFunc(path, func(w http.ResponseWriter, r *http.Request) {
		h, ok := byMethod[r.Method]
		if !ok {
			w.Header().Set("Allow", strings.Join(allow, ", "))
			writeError(w, &apiError{http.StatusMethodNotAllowed, fmt.Sprintf("%s does not take %s: want %s", path, echo.Quote(r.Method), strings.Join(allow, " or ")), ""})
			return
		}
		h(w, r)
	})
}

// ----- errors -----

// apiError is a refused request: its status and what to say.
type apiError struct {
	status int
	msg    string
	rule   string // the rule an illegal move breaks
}

func (e *apiError) Error() string { return e.msg }

// refuse turns an error of package ludo into the request's refusal: the
// library's text, with the status its kind calls for.
func refuse(err error) *apiError {
	e := &apiError{status: http.StatusBadRequest, msg: err.Error()}
	var ill *ludo.IllegalMoveError
	switch {
	case errors.As(err, &ill):
		e.status, e.rule = http.StatusUnprocessableEntity, ill.Rule
	case errors.Is(err, ludo.ErrWrongPhase), errors.Is(err, ludo.ErrGameOver):
		e.status = http.StatusConflict
	}
	return e
}

func badRequest(format string, a ...any) *apiError {
	return &apiError{status: http.StatusBadRequest, msg: fmt.Sprintf(format, a...)}
}

func conflict(format string, a ...any) *apiError {
	return &apiError{status: http.StatusConflict, msg: fmt.Sprintf(format, a...)}
}

type errorBody struct {
	Error string `json:"error"`
	Rule  string `json:"rule,omitempty"`
}

func writeError(w http.ResponseWriter, e *apiError) {
	writeJSON(w, e.status, errorBody{Error: e.msg, Rule: e.rule})
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	data, err := json.Marshal(v)
	if err != nil {
		status = http.StatusInternalServerError
		data, _ = json.Marshal(errorBody{Error: err.Error()})
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(status)
	w.Write(append(data, '\n'))
}

// readJSON reads the request's body, at most maxBody bytes of one JSON
// object with only the fields of v, into v; an empty body is {}. As the
// library's JSON decoding does, it refuses a key given twice in an
// object, in any case (encoding/json matches keys to fields in any case).
func readJSON(w http.ResponseWriter, r *http.Request, v any) *apiError {
	data, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxBody))
	var tooBig *http.MaxBytesError
	switch {
	case errors.As(err, &tooBig):
		return &apiError{status: http.StatusRequestEntityTooLarge, msg: fmt.Sprintf("the request body is over %d bytes", maxBody)}
	case err != nil:
		return badRequest("reading the request body: %v", err)
	}
	if len(bytes.TrimSpace(data)) == 0 {
		return nil
	}
	if key, ok := twice(data); ok {
		return badRequest("bad JSON: key %s given twice", echo.Quote(key))
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return badJSON(err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return badRequest("bad JSON: more after the object")
	}
	return nil
}

// badJSON is the refusal of a body encoding/json could not decode, its
// error told without the body's text but for at most 64 bytes of it
// (encoding/json quotes an unknown field and a number whole).
func badJSON(err error) *apiError {
	var typ *json.UnmarshalTypeError
	if errors.As(err, &typ) {
		kind, _, _ := strings.Cut(typ.Value, " ") // "number 1e400": the number
		return badRequest("bad JSON: %s: want %v, not %s", strings.TrimPrefix(typ.Field, "."), typ.Type, kind)
	}
	if name, ok := strings.CutPrefix(err.Error(), "json: unknown field "); ok {
		if unq, err := strconv.Unquote(name); err == nil {
			return badRequest("bad JSON: unknown field %s", echo.Quote(unq))
		}
	}
	return badRequest("bad JSON: %v", err)
}

// twice returns the first key given twice in an object of data, in any
// case, if there is one. Data that is not JSON has none: decoding it says
// what is wrong.
func twice(data []byte) (string, bool) {
	// An object's frame holds its keys so far, and whether a key comes
	// next; a list's frame is nil.
	type object struct {
		keys    []string
		wantKey bool
	}
	var stack []*object
	dec := json.NewDecoder(bytes.NewReader(data))
	for {
		tok, err := dec.Token()
		if err != nil {
			return "", false
		}
		if tok == json.Delim('}') || tok == json.Delim(']') {
			stack = stack[:len(stack)-1]
			continue
		}
		var top *object
		if len(stack) > 0 {
			top = stack[len(stack)-1]
		}
		if top != nil && top.wantKey {
			key, _ := tok.(string) // a key is a string, or Token says the JSON is bad
			for _, k := range top.keys {
				if strings.EqualFold(k, key) {
					return key, true
				}
			}
			top.keys, top.wantKey = append(top.keys, key), false
			continue
		}
		if top != nil {
			top.wantKey = true // after this value
		}
		switch tok {
		case json.Delim('{'):
			stack = append(stack, &object{wantKey: true})
		case json.Delim('['):
			stack = append(stack, nil)
		}
	}
}

// ----- views -----

// gameView is a game as the API shows it.
type gameView struct {
	ID       string     `json:"id"`
	Rules    string     `json:"rules"`
	Dice     string     `json:"dice"` // "server" or "client"
	Phase    string     `json:"phase"`
	Turn     string     `json:"turn,omitempty"`             // the colour to roll or move; none once over
	Die      int        `json:"die,omitempty"`              // the face rolled, while a move is due (during a bonus move, the roll before it); with two dice (rule W1), the first die's
	Second   int        `json:"second,omitempty"`           // with two dice (rule W1), the second die's face, while a move of the throw is due
	Played   int        `json:"die_played,omitempty"`       // with two dice, the face of the die played, once one is: the other is due (under tops and bottoms, rule H2, the first amount played)
	Due      []int      `json:"dice_due,omitempty"`         // with two dice, the faces still to play, by amount: the dice, or under tops and bottoms (rule H2) top, bottom, top, bottom; 0 for one played
	Bottoms  bool       `json:"tops_and_bottoms,omitempty"` // the double thrown is played as four amounts, tops and bottoms (rule H2)
	Count    int        `json:"count,omitempty"`            // the steps the move due counts: the die, a 6 counting 7 (rule P5), a bonus move's
	Bonus    bool       `json:"bonus,omitempty"`            // the move due is a bonus move (rule P8): no roll comes before it
	Sixes    int        `json:"sixes,omitempty"`            // bonus-earning rolls this turn
	Ranking  []string   `json:"ranking"`                    // the players who have finished, first place first
	Plies    int        `json:"plies"`                      // the plies played
	Names    []nameView `json:"names,omitempty"`
	Position string     `json:"position"` // ludo.FormatPosition
	State    ludo.State `json:"state"`    // the position in the library's JSON
	Moves    []moveView `json:"moves"`    // the legal moves, while a move is due
}

type nameView struct {
	Color string `json:"color"`
	Name  string `json:"name"`
}

// moveView is a legal move: its index in the list and its text (which
// POST /move takes), and what it does.
type moveView struct {
	Index      int    `json:"index"`
	Text       string `json:"text"`
	Token      int    `json:"token"`           // -1 for a pass
	Color      string `json:"color,omitempty"` // the token's colour where it is not the turn's: under rule T3 the player's other colour
	From       int    `json:"from"`            // progress, -1 the yard
	To         int    `json:"to"`
	FromSquare string `json:"from_square,omitempty"` // the board's square, as ludo.Square.String
	ToSquare   string `json:"to_square,omitempty"`
	Enters     bool   `json:"enters,omitempty"`
	Captures   int    `json:"captures,omitempty"`
	FormsBlock bool   `json:"forms_block,omitempty"`
	Bounces    bool   `json:"bounces,omitempty"`
	Finishes   bool   `json:"finishes,omitempty"`
	Pass       bool   `json:"pass,omitempty"`
	Forfeits   bool   `json:"forfeits,omitempty"`
	Bonus      bool   `json:"bonus,omitempty"` // a bonus move (rule P8)
	Die        int    `json:"die,omitempty"`   // with two dice (rule W1), the die the move plays; with both (BothDice), their sum
	Retires    bool   `json:"retires,omitempty"`
	BothDice   bool   `json:"both_dice,omitempty"` // an entry with both dice of the throw, their sum an entry face (rule H1)
}

// viewMove shows move m of position s, index k in its legal moves.
func viewMove(s ludo.State, k int, m ludo.Move) moveView {
	v := moveView{Index: k, Text: m.String(), Token: m.Token(), From: m.From(), To: m.To(),
		Enters: m.Enters(), Captures: m.Captures(), FormsBlock: m.FormsBlock(), Bounces: m.Bounces(),
		Finishes: m.Finishes(), Pass: m.IsPass(), Forfeits: m.Forfeits(), Bonus: m.IsBonusMove(), Retires: m.Retires(), BothDice: m.BothDice()}
	if s.Rules().TwoDice {
		v.Die = m.Die()
	}
	if !m.IsPass() && m.Color() != s.Turn() && s.Rules().Teams == ludo.TwoColorsEach { // rule T3
		v.Color = m.Color().String()
	}
	if !m.IsPass() {
		board := s.Rules().Board
		v.FromSquare, v.ToSquare = board.Square(m.Color(), m.From()).String(), board.Square(m.Color(), m.To()).String()
	}
	return v
}

func viewMoves(s ludo.State) []moveView {
	out := []moveView{}
	for k, m := range s.LegalMoves() {
		out = append(out, viewMove(s, k, m))
	}
	return out
}

// view shows game g, which has the given id; call it with s.mu held.
func (g *game) view(id string) gameView {
	st := g.state
	v := gameView{ID: id, Rules: st.Rules().String(), Dice: "server", Phase: st.Phase().String(),
		Ranking: []string{}, Plies: len(g.record.Plies), Position: ludo.FormatPosition(st), State: st, Moves: viewMoves(st)}
	if g.client {
		v.Dice = "client"
	}
	if st.Phase() != ludo.PhaseOver {
		v.Turn = st.Turn().String()
		v.Sixes = st.Streak()
	}
	if st.Phase() == ludo.PhaseMove {
		v.Die, v.Count, v.Bonus = st.Die(), st.Count(), st.IsBonusMove()
		v.Second, v.Played = dice(st)
		v.Due, v.Bottoms = amounts(st)
	}
	for _, c := range st.Ranking() {
		v.Ranking = append(v.Ranking, c.String())
	}
	for c := range st.Players().All() {
		if n := g.record.Names[c]; n != "" {
			v.Names = append(v.Names, nameView{Color: c.String(), Name: n})
		}
	}
	return v
}

// ----- handlers -----

// createRequest is the body of POST /games.
type createRequest struct {
	Preset  string            `json:"preset"`  // a preset or rules as text (seeded.Rules); default "classic"
	Rules   json.RawMessage   `json:"rules"`   // or rules as ludo.Rules reads them from JSON
	Players int               `json:"players"` // default the rules'
	Dice    string            `json:"dice"`    // "server" (default) or "client"
	Seed    *uint64           `json:"seed"`    // the server's dice; default drawn at random
	Names   map[string]string `json:"names"`   // colour to player's name
}

func (s *server) create(w http.ResponseWriter, r *http.Request) {
	var req createRequest
	if e := readJSON(w, r, &req); e != nil {
		writeError(w, e)
		return
	}
	g, e := newGame(req)
	if e != nil {
		writeError(w, e)
		return
	}
	id := rand.Text()
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.games) >= s.limit.games {
		writeError(w, conflict("the server holds %d games, its most: delete one first", len(s.games)))
		return
	}
	s.games[id] = g
	w.Header().Set("Location", "/games/"+id)
	writeJSON(w, http.StatusCreated, g.view(id))
}

// newGame checks a request for a game and makes it.
func newGame(req createRequest) (*game, *apiError) {
	rules, e := req.rules()
	if e != nil {
		return nil, e
	}
	start, err := ludo.New(rules)
	if err != nil {
		return nil, refuse(err)
	}
	g := &game{state: start, record: ludo.Record{Start: start}}
	switch req.Dice {
	case "", "server":
		if req.Seed != nil {
			g.seed = *req.Seed
		} else {
			var b [8]byte
			rand.Read(b[:])
			g.seed = binary.LittleEndian.Uint64(b[:])
		}
		g.dice = ludo.SeededDice(g.seed)
	case "client":
		if req.Seed != nil {
			return nil, badRequest("a seed is for the server's dice, and this game's dice are the client's")
		}
		g.client = true
	default:
		return nil, badRequest("dice %s: want server or client", echo.Quote(req.Dice))
	}
	var named ludo.Colors
	for name, player := range req.Names {
		c, ok := ludo.ParseColor(name)
		if !ok {
			return nil, badRequest("names: %s is not a colour", echo.Quote(name))
		}
		if named.Has(c) {
			// "red" and "r", say: which name wins must not be left
			// to the order of a map, an empty name included.
			return nil, badRequest("names: %v is named twice", c)
		}
		named |= ludo.ColorsOf(c)
		if !start.Players().Has(c) {
			return nil, badRequest("names: %v does not play: the players are %v", c, start.Players())
		}
		if len(player) > maxName || !printable(player) {
			return nil, badRequest("names: %v's name must be printable text of at most %d bytes", c, maxName)
		}
		g.record.Names[c] = player
	}
	return g, nil
}

// rules returns the rules the request asks for: "preset" as the programs'
// -preset flag reads it (a preset's name, or rules as text), or "rules"
// as ludo.Rules reads them from JSON (the text as a string, or an
// object), then "players" if it is given.
func (req createRequest) rules() (ludo.Rules, *apiError) {
	hasRules := len(req.Rules) > 0 && string(req.Rules) != "null"
	switch {
	case hasRules && req.Preset != "":
		return ludo.Rules{}, badRequest(`give the rules once: as "preset" (a name or rules as text) or as "rules" (text or an object), not both`)
	case hasRules:
		var r ludo.Rules
		if err := json.Unmarshal(req.Rules, &r); err != nil {
			return r, refuse(err)
		}
		if req.Players != 0 {
			r.Players = req.Players
		}
		return r, nil
	case req.Preset == "":
		req.Preset = "classic"
	}
	r, err := seeded.Rules(req.Preset, req.Players)
	if err != nil {
		return r, refuse(err)
	}
	return r, nil
}

func printable(s string) bool {
	for _, r := range s {
		if !unicode.IsPrint(r) {
			return false
		}
	}
	return true
}

// lookup returns the game the request's path names, with s.mu held; the
// caller unlocks it. If there is none it writes the 404 and returns nil,
// unlocked.
func (s *server) lookup(w http.ResponseWriter, r *http.Request) (string, *game) {
	id := r.PathValue("id")
	s.mu.Lock()
	g := s.games[id]
	if g == nil {
		s.mu.Unlock()
		writeError(w, &apiError{http.StatusNotFound, fmt.Sprintf("no game %s", echo.Quote(id)), ""})
	}
	return id, g
}

func (s *server) get(w http.ResponseWriter, r *http.Request) {
	id, g := s.lookup(w, r)
	if g == nil {
		return
	}
	defer s.mu.Unlock()
	writeJSON(w, http.StatusOK, g.view(id))
}

func (s *server) delete(w http.ResponseWriter, r *http.Request) {
	id, g := s.lookup(w, r)
	if g == nil {
		return
	}
	defer s.mu.Unlock()
	s.plies -= g.held()
	delete(s.games, id)
	w.WriteHeader(http.StatusNoContent)
}

// b2i returns 1 for true and 0 for false.
func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// dice returns, with two dice (rule W1) while a move of a throw is due,
// the second die's face and the face of the die played (0 while both are
// due); 0 and 0 otherwise.
func dice(s ludo.State) (second, played int) {
	a, b := s.Dice()
	if b == 0 || s.IsBonusMove() {
		return 0, 0
	}
	switch due := s.DiceDue(); {
	case due[0] == 0:
		played = a
	case due[1] == 0:
		played = b
	case due[2] == 0 && s.Setup().Bottoms: // rule H2: the other top
		played = a
	case due[3] == 0 && s.Setup().Bottoms:
		played = 7 - a
	}
	return b, played
}

// amounts returns, with two dice (rule W1) while a die of the throw is
// due, the faces still to play by amount index (a played one 0): the two
// dice, or under tops and bottoms (rule H2) the four amounts, top,
// bottom, top, bottom, and true. Nil during a bonus move, after the dice
// (rule W4), and with one die.
func amounts(s ludo.State) ([]int, bool) {
	if _, b := s.Dice(); b == 0 || s.IsBonusMove() {
		return nil, false
	}
	due := s.DiceDue()
	if s.Setup().Bottoms {
		return due[:], true
	}
	return due[:2], false
}

// facesText writes the faces of due that are not 0, as "4, 3 and 3".
func facesText(due []int) string {
	var fs []string
	for _, f := range due {
		if f != 0 {
			fs = append(fs, strconv.Itoa(f))
		}
	}
	if len(fs) < 2 {
		return strings.Join(fs, "")
	}
	return strings.Join(fs[:len(fs)-1], ", ") + " and " + fs[len(fs)-1]
}

// rollRequest is the body of POST /games/{id}/roll.
type rollRequest struct {
	Face   *int `json:"face"`   // for a game with the client's dice only
	Second *int `json:"second"` // the second die, for a game with the client's dice whose rules throw two (rule W1)
}

func (s *server) roll(w http.ResponseWriter, r *http.Request) {
	var req rollRequest
	if e := readJSON(w, r, &req); e != nil {
		writeError(w, e)
		return
	}
	id, g := s.lookup(w, r)
	if g == nil {
		return
	}
	defer s.mu.Unlock()
	if e := s.rollIn(g, req.Face, req.Second); e != nil {
		writeError(w, e)
		return
	}
	writeJSON(w, http.StatusOK, g.view(id))
}

// full refuses a ply more for game g, before it is rolled for or, for a
// bonus move, played, if g or the store holds the most plies; call it
// with s.mu held.
func (s *server) full(g *game) *apiError {
	switch {
	case len(g.record.Plies) >= s.limit.plies:
		return conflict("the game has reached the server's limit of %d plies", s.limit.plies)
	case s.plies >= s.limit.total:
		return conflict("the server holds %d plies in all, its most: delete a game first", s.plies)
	}
	return nil
}

// rollIn rolls the die (or the two dice, rule W1) of game g, or refuses
// and changes nothing; call it with s.mu held.
func (s *server) rollIn(g *game, face, second *int) *apiError {
	two := g.state.Rules().TwoDice
	switch {
	case g.client && face == nil && two:
		return badRequest(`this game's dice are the client's and its rules throw two dice (rule W1): give both faces, as {"face": 6, "second": 3}`)
	case g.client && face == nil:
		return badRequest(`this game's dice are the client's: give the face, as {"face": 4}`)
	case !g.client && (face != nil || second != nil):
		return badRequest("this game's dice are the server's: send {} and it rolls")
	case g.client && second != nil && !two:
		return badRequest(`this game's rules throw one die: give the face alone, as {"face": 4}, with no "second"`)
	case g.client && second == nil && two:
		return badRequest(`this game's rules throw two dice (rule W1): give both faces, as {"face": 6, "second": 3}`)
	}
	if g.state.IsBonusMove() {
		// The library would say a move is due; say which, and how to
		// play it.
		if g.state.Rules().TwoDice { // rule W4: the bonus moves come after the dice
			e := conflict("%v has a bonus move of %d due after the dice (rule W4), which no roll comes before: play it with POST /games/{id}/move", g.state.Turn(), g.state.Count())
			e.rule = "W4"
			return e
		}
		e := conflict("%v has a bonus move of %d due (rule P8), which no roll comes before: play it with POST /games/{id}/move", g.state.Turn(), g.state.Count())
		e.rule = "P8"
		return e
	}
	if noRoll(g.state) {
		if due, bottoms := amounts(g.state); bottoms {
			e := conflict("%v has the tops and bottoms %s of the double still to play (rule H2), which no roll comes before: play them with POST /games/{id}/move", g.state.Turn(), facesText(due))
			e.rule = "H2"
			return e
		}
		e := conflict("%v has the other die of the throw, %d, still to play (rule W1), which no roll comes before: play it with POST /games/{id}/move", g.state.Turn(), g.state.Count())
		e.rule = "W1"
		return e
	}
	if g.state.Phase() == ludo.PhaseRoll {
		if e := s.full(g); e != nil {
			return e
		}
	}
	if !g.client {
		if g.state.Phase() != ludo.PhaseRoll {
			// The library's own refusal, before the dice are rolled:
			// a refused roll must not use up a face of the seeded
			// stream, or the record would no longer match its seed.
			_, err := g.state.RollOutcome(ludo.Outcome{Face: 1, Second: b2i(g.state.Rules().TwoDice)})
			return refuse(err)
		}
	}
	var throw ludo.Outcome
	switch {
	case !g.client:
		throw = g.dice.Throw(g.state.Rules())
	case second != nil:
		throw = ludo.Outcome{Face: *face, Second: *second}
		if throw.Second == 0 { // RollOutcome would read a second die of 0 as none
			return refuse(fmt.Errorf("%w: second die 0: want 1 to 6", ludo.ErrBadFace))
		}
	default:
		throw.Face = *face
	}
	next, err := g.state.RollOutcome(throw)
	if err != nil {
		return refuse(err)
	}
	held := g.held()
	g.state = next
	s.plies += g.held() - held
	return nil
}

func (s *server) moves(w http.ResponseWriter, r *http.Request) {
	_, g := s.lookup(w, r)
	if g == nil {
		return
	}
	defer s.mu.Unlock()
	st := g.state
	v := struct {
		Phase  string     `json:"phase"`
		Turn   string     `json:"turn,omitempty"`
		Die    int        `json:"die,omitempty"`
		Second int        `json:"second,omitempty"`
		Played int        `json:"die_played,omitempty"`
		Due    []int      `json:"dice_due,omitempty"`
		Bottom bool       `json:"tops_and_bottoms,omitempty"`
		Count  int        `json:"count,omitempty"`
		Bonus  bool       `json:"bonus,omitempty"`
		Moves  []moveView `json:"moves"`
	}{Phase: st.Phase().String(), Moves: viewMoves(st)}
	if st.Phase() == ludo.PhaseMove {
		v.Turn, v.Die, v.Count, v.Bonus = st.Turn().String(), st.Die(), st.Count(), st.IsBonusMove()
		v.Second, v.Played = dice(st)
		v.Due, v.Bottom = amounts(st)
	}
	writeJSON(w, http.StatusOK, v)
}

// moveRequest is the body of POST /games/{id}/move: one of the two.
type moveRequest struct {
	Move  *string `json:"move"`  // the move as ludo.ParseMove reads it
	Index *int    `json:"index"` // the move's index in the legal moves
}

func (s *server) move(w http.ResponseWriter, r *http.Request) {
	var req moveRequest
	if e := readJSON(w, r, &req); e != nil {
		writeError(w, e)
		return
	}
	if (req.Move == nil) == (req.Index == nil) {
		writeError(w, badRequest(`give the move as {"move": "red 0: yard-0 enter"} or {"index": 0}, one of the two`))
		return
	}
	id, g := s.lookup(w, r)
	if g == nil {
		return
	}
	defer s.mu.Unlock()
	if noRoll(g.state) {
		// No roll held its ply (a bonus move, or a throw's other die):
		// it is taken now.
		if e := s.full(g); e != nil {
			writeError(w, e)
			return
		}
	}
	m, e := g.choose(req)
	if e != nil {
		writeError(w, e)
		return
	}
	before := g.state
	next, err := g.state.Apply(m)
	if err != nil {
		writeError(w, refuse(err))
		return
	}
	held := g.held()
	if err := g.record.AddMove(before, m); err != nil {
		writeError(w, refuse(err))
		return
	}
	g.state = next
	s.plies += g.held() - held
	if next.Phase() == ludo.PhaseOver && !g.client {
		g.record.Seeded, g.record.Seed = true, g.seed
	}
	writeJSON(w, http.StatusOK, struct {
		Played moveView `json:"played"`
		gameView
	}{viewMove(before, -1, m), g.view(id)})
}

// choose returns the move the request names.
func (g *game) choose(req moveRequest) (ludo.Move, *apiError) {
	if req.Move != nil {
		m, err := ludo.ParseMove(g.state, *req.Move)
		if err != nil {
			return m, refuse(err)
		}
		return m, nil
	}
	if g.state.Phase() != ludo.PhaseMove {
		// The library's refusal of a move while none is due.
		_, err := ludo.ParseMove(g.state, "pass")
		return ludo.Move{}, refuse(err)
	}
	moves := g.state.LegalMoves()
	if i := *req.Index; i < 0 || i >= len(moves) {
		return ludo.Move{}, &apiError{status: http.StatusUnprocessableEntity,
			msg: fmt.Sprintf("index %d: there are %d legal moves, 0 to %d", i, len(moves), len(moves)-1)}
	}
	return moves[*req.Index], nil
}

// snapshot returns a copy of the game's record, safe to use once s.mu
// is unlocked.
func (g *game) snapshot() ludo.Record {
	rec := g.record
	rec.Plies = slices.Clone(rec.Plies)
	return rec
}

func (s *server) recordJSON(w http.ResponseWriter, r *http.Request) {
	_, g := s.lookup(w, r)
	if g == nil {
		return
	}
	rec := g.snapshot()
	s.mu.Unlock()
	writeJSON(w, http.StatusOK, rec)
}

func (s *server) recordText(w http.ResponseWriter, r *http.Request) {
	_, g := s.lookup(w, r)
	if g == nil {
		return
	}
	rec := g.snapshot()
	s.mu.Unlock()
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	io.WriteString(w, rec.String())
}

func (s *server) replay(w http.ResponseWriter, r *http.Request) {
	id, g := s.lookup(w, r)
	if g == nil {
		return
	}
	rec := g.snapshot()
	s.mu.Unlock()
	frames, final, err := picture.Frames(rec)
	if err != nil {
		writeError(w, &apiError{status: http.StatusInternalServerError, msg: err.Error()})
		return
	}
	var page bytes.Buffer
	title := fmt.Sprintf("Ludo game %s: %v", id, final.Rules())
	if err := picture.WriteReplayHTML(&page, title, frames, final); err != nil {
		writeError(w, &apiError{status: http.StatusInternalServerError, msg: err.Error()})
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	page.WriteTo(w)
}
