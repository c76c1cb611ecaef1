package server

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"log"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/ludorules/ludo"
	"github.com/ludorules/ludo/internal/echo"
	"github.com/ludorules/ludo/picture"
)

// Limits bound what the server keeps (see the package doc).
type Limits struct {
	Games int // games in the store
	Plies int // plies of one game, at most ludo.MaxRecordPlies
}

// DefaultLimits are the limits the flags of ludo-server default to.
var DefaultLimits = Limits{Games: 100_000, Plies: 10_000}

// Check says what is wrong with the limits, if anything: each must be at
// least 1, and a game at most ludo.MaxRecordPlies plies long, so that its
// record reads back.
func (l Limits) Check() error {
	switch {
	case l.Games < 1 || l.Plies < 1:
		return errors.New("-max-games and -max-plies must be at least 1")
	case l.Plies > ludo.MaxRecordPlies:
		return fmt.Errorf("-max-plies is %d: a record of more than ludo.MaxRecordPlies (%d) plies would not read back", l.Plies, ludo.MaxRecordPlies)
	}
	return nil
}

// Server is the HTTP handler of the game server: the API under /games,
// the pages at / and /play/{id}. It keeps no game in memory: each
// request reads its game from the store, and each change is written in
// the transaction that makes it.
type Server struct {
	store Store
	limit Limits
	mux   *http.ServeMux
	hub   *hub
	log   *log.Logger
	// Poll is how often an events stream looks at its game in the
	// store, for changes made by another server sharing it; changes
	// made by this one are sent at once.
	poll time.Duration
}

// New returns a server on the store, within the limits, logging
// failures of the store to logger (nil: the log package's).
func New(store Store, limit Limits, logger *log.Logger) *Server {
	if logger == nil {
		logger = log.Default()
	}
	s := &Server{store: store, limit: limit, mux: http.NewServeMux(), hub: newHub(), log: logger, poll: time.Second}
	s.route("/games", map[string]http.HandlerFunc{"POST": s.create, "GET": s.list})
	s.route("/games/{id}", map[string]http.HandlerFunc{"GET": s.get, "DELETE": s.delete})
	s.route("/games/{id}/join", map[string]http.HandlerFunc{"POST": s.join})
	s.route("/games/{id}/roll", map[string]http.HandlerFunc{"POST": s.roll})
	s.route("/games/{id}/moves", map[string]http.HandlerFunc{"GET": s.moves})
	s.route("/games/{id}/move", map[string]http.HandlerFunc{"POST": s.move})
	s.route("/games/{id}/record", map[string]http.HandlerFunc{"GET": s.recordJSON})
	s.route("/games/{id}/record.txt", map[string]http.HandlerFunc{"GET": s.recordText})
	s.route("/games/{id}/replay", map[string]http.HandlerFunc{"GET": s.replay})
	s.route("/games/{id}/board.svg", map[string]http.HandlerFunc{"GET": s.board})
	s.route("/games/{id}/events", map[string]http.HandlerFunc{"GET": s.events})
	s.route("/{$}", map[string]http.HandlerFunc{"GET": s.page})
	s.route("/play/{id}", map[string]http.HandlerFunc{"GET": s.page})
	s.mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		writeError(w, &apiError{status: http.StatusNotFound, msg: fmt.Sprintf("no such path: %s", echo.Quote(r.URL.Path))})
	})
	return s
}

// ServeHTTP serves a request.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) { s.mux.ServeHTTP(w, r) }

// route serves path with a handler by method, and a JSON 405 for other
// methods.
func (s *Server) route(path string, byMethod map[string]http.HandlerFunc) {
	var allow []string
	for m := range byMethod {
		allow = append(allow, m)
	}
	slices.Sort(allow)
	s.mux.HandleFunc(path, func(w http.ResponseWriter, r *http.Request) {
		h, ok := byMethod[r.Method]
		if !ok && r.Method == "HEAD" {
			h, ok = byMethod["GET"]
		}
		if !ok {
			w.Header().Set("Allow", strings.Join(allow, ", "))
			writeError(w, &apiError{status: http.StatusMethodNotAllowed, msg: fmt.Sprintf("%s does not take %s: want %s", strings.TrimSuffix(path, "{$}"), echo.Quote(r.Method), strings.Join(allow, " or "))})
			return
		}
		h(w, r)
	})
}

// storeError turns an error of the store into the request's refusal:
// 404 for a game not found, 409 for a full store, and 500, logged, for
// the rest.
func (s *Server) storeError(r *http.Request, err error) *apiError {
	var e *apiError
	switch {
	case errors.As(err, &e):
		return e
	case errors.Is(err, ErrNotFound):
		return &apiError{status: http.StatusNotFound, msg: fmt.Sprintf("no game %s", echo.Quote(r.PathValue("id")))}
	case errors.Is(err, ErrFull):
		return conflict("the server holds the most games it may (%d): it takes no more", s.limit.Games)
	case errors.Is(err, context.Canceled):
		return &apiError{status: 499, msg: "the request was cancelled"}
	}
	s.log.Printf("%s %s: the store: %v", r.Method, r.URL.Path, err)
	return &apiError{status: http.StatusInternalServerError, msg: "the store failed; the request changed nothing, or, if its answer was lost, see the game"}
}

// update changes the game the request's path names through
// Store.Update, tells those watching it, and returns it as written; or
// writes the refusal and returns nil.
func (s *Server) update(w http.ResponseWriter, r *http.Request, change func(g *Game) *apiError) *Game {
	id := r.PathValue("id")
	g, err := s.store.Update(r.Context(), id, func(g *Game) error {
		if e := change(g); e != nil {
			return e
		}
		return nil
	})
	if err != nil {
		writeError(w, s.storeError(r, err))
		return nil
	}
	s.hub.notify(id)
	return g
}

// lookup returns the game the request's path names, or writes the
// refusal and returns nil.
func (s *Server) lookup(w http.ResponseWriter, r *http.Request) *Game {
	g, err := s.store.Get(r.Context(), r.PathValue("id"))
	if err != nil {
		writeError(w, s.storeError(r, err))
		return nil
	}
	return g
}

// ----- the game, as the API shows it -----

// gameView is a game as the API shows it.
type gameView struct {
	ID       string     `json:"id"`
	Rules    string     `json:"rules"`
	Dice     string     `json:"dice"` // "server" or "client"
	Phase    string     `json:"phase"`
	Version  int        `json:"version"`                    // the plies played: what a roll or move may name to say which position it is for
	Steps    int        `json:"steps"`                      // the changes made: rolls, plies and seats taken
	Turn     string     `json:"turn,omitempty"`             // the colour to roll or move; none once over
	Die      int        `json:"die,omitempty"`              // the face rolled, while a move is due (during a bonus move, the roll before it); with two dice (rule W1), the first die's
	Second   int        `json:"second,omitempty"`           // with two dice (rule W1), the second die's face, while a move of the throw is due
	Played   int        `json:"die_played,omitempty"`       // with two dice, the face of the die played, once one is: the other is due (under tops and bottoms, rule H2, the first amount played)
	Due      []int      `json:"dice_due,omitempty"`         // with two dice, the faces still to play, by amount: the dice, or under tops and bottoms (rule H2) top, bottom, top, bottom; 0 for one played
	Bottoms  bool       `json:"tops_and_bottoms,omitempty"` // the double thrown is played as four amounts, tops and bottoms (rule H2)
	TwoDice  bool       `json:"two_dice,omitempty"`         // the rules throw two dice (rule W1)
	Cowries  bool       `json:"cowries,omitempty"`          // a throw is six cowries (rule X1): the die is their count
	Faces    []int      `json:"faces,omitempty"`            // with the client's dice, the faces a die (or the cowries) can show
	Count    int        `json:"count,omitempty"`            // the steps the move due counts: the die, a 6 counting 7 (rule P5), a bonus move's
	Bonus    bool       `json:"bonus,omitempty"`            // the move due is a bonus move (rule P8): no roll comes before it
	Sixes    int        `json:"sixes,omitempty"`            // bonus-earning rolls this turn
	Ranking  []string   `json:"ranking"`                    // the players who have finished, first place first
	Plies    int        `json:"plies"`                      // the plies played
	Seats    []seatView `json:"seats"`                      // every colour that plays, in the order of the turns
	You      []string   `json:"you,omitempty"`              // the colours whose seat the request's credential holds
	Position string     `json:"position"`                   // ludo.FormatPosition
	State    ludo.State `json:"state"`                      // the position in the library's JSON
	Moves    []moveView `json:"moves"`                      // the legal moves, while a move is due
	SVG      string     `json:"svg,omitempty"`              // the picture of the position, when asked for (?svg=1)
}

// seatView is a colour's seat.
type seatView struct {
	Color string `json:"color"`
	Name  string `json:"name,omitempty"`
	Taken bool   `json:"taken"`
}

// view shows game g to the holder of the credential cred ("" for none).
func view(g *Game, cred string) gameView {
	st := g.State
	v := gameView{ID: g.ID, Rules: st.Rules().String(), Dice: "server", Phase: st.Phase().String(),
		Version: g.Version, Steps: g.Steps, Ranking: []string{}, Plies: g.Version,
		Position: ludo.FormatPosition(st), State: st, Moves: viewMoves(st), Cowries: st.Rules().Cowries}
	v.TwoDice = st.Rules().TwoDice
	if g.Client {
		v.Dice = "client"
		for _, o := range st.Outcomes() {
			if !slices.Contains(v.Faces, o.Face) {
				v.Faces = append(v.Faces, o.Face)
			}
			if o.Second != 0 && !slices.Contains(v.Faces, o.Second) {
				v.Faces = append(v.Faces, o.Second)
			}
		}
		slices.Sort(v.Faces)
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
		v.Seats = append(v.Seats, seatView{Color: c.String(), Name: g.Seats[c].Name, Taken: g.Seats[c].Taken()})
	}
	for c := range g.holds(cred).All() {
		v.You = append(v.You, c.String())
	}
	return v
}

// ----- handlers -----

func (s *Server) create(w http.ResponseWriter, r *http.Request) {
	var req createRequest
	if e := readJSON(w, r, &req); e != nil {
		writeError(w, e)
		return
	}
	owner, ownerKey := newCredential()
	g, e := newGame(req, ownerKey, time.Now())
	if e != nil {
		writeError(w, e)
		return
	}
	var answer struct {
		gameView
		Owner      string   `json:"owner"`                // the owner's credential, which may delete the game
		Credential string   `json:"credential,omitempty"` // with "join", the seat's credential
		Colors     []string `json:"colors,omitempty"`     // with "join", the colours of the seat
	}
	var cred string
	if req.Join != nil {
		seat, c, e := g.join(*req.Join)
		if e != nil {
			writeError(w, e)
			return
		}
		cred = c
		for c := range seat.All() {
			answer.Colors = append(answer.Colors, c.String())
		}
	}
	if err := s.store.Create(r.Context(), g, s.limit.Games); err != nil {
		writeError(w, s.storeError(r, err))
		return
	}
	answer.gameView, answer.Owner, answer.Credential = view(g, cred), owner, cred
	w.Header().Set("Location", "/games/"+g.ID)
	writeJSON(w, http.StatusCreated, answer)
}

// listed is a game in the list of GET /games.
type listed struct {
	ID      string     `json:"id"`
	Rules   string     `json:"rules"`
	Phase   string     `json:"phase"`
	Version int        `json:"version"`
	Seats   []seatView `json:"seats"`
	Created time.Time  `json:"created"`
}

func (s *Server) list(w http.ResponseWriter, r *http.Request) {
	n := 50
	if q := r.URL.Query().Get("n"); q != "" {
		k, err := strconv.Atoi(q)
		if err != nil || k < 1 || k > 1000 {
			writeError(w, badRequest("n %s: want a number of games from 1 to 1000", echo.Quote(q)))
			return
		}
		n = k
	}
	games, err := s.store.List(r.Context(), n)
	if err != nil {
		writeError(w, s.storeError(r, err))
		return
	}
	out := struct {
		Games []listed `json:"games"`
	}{Games: []listed{}}
	for _, g := range games {
		v := view(g, "")
		out.Games = append(out.Games, listed{ID: g.ID, Rules: v.Rules, Phase: v.Phase, Version: v.Version, Seats: v.Seats, Created: g.Created})
	}
	writeJSON(w, http.StatusOK, out)
}

func (s *Server) get(w http.ResponseWriter, r *http.Request) {
	g := s.lookup(w, r)
	if g == nil {
		return
	}
	cred, _ := bearer(r)
	v := view(g, cred)
	if r.URL.Query().Get("svg") == "1" {
		v.SVG = string(picture.AppendSVG(nil, g.State))
	}
	w.Header().Set("Cache-Control", "no-store")
	writeJSON(w, http.StatusOK, v)
}

func (s *Server) delete(w http.ResponseWriter, r *http.Request) {
	g := s.lookup(w, r)
	if g == nil {
		return
	}
	cred, ok := bearer(r)
	if !ok || cred == "" || !sameKey(keyOf(cred), g.Owner) {
		writeError(w, unauthorized("deleting a game needs its owner's credential, given when it was created, as \"Authorization: Bearer\" and the credential"))
		return
	}
	if err := s.store.Delete(r.Context(), g.ID); err != nil {
		writeError(w, s.storeError(r, err))
		return
	}
	s.hub.notify(g.ID)
	w.WriteHeader(http.StatusNoContent)
}

func (s *Server) join(w http.ResponseWriter, r *http.Request) {
	var req joinRequest
	if e := readJSON(w, r, &req); e != nil {
		writeError(w, e)
		return
	}
	var (
		seat ludo.Colors
		cred string
	)
	g := s.update(w, r, func(g *Game) *apiError {
		var e *apiError
		seat, cred, e = g.join(req)
		return e
	})
	if g == nil {
		return
	}
	answer := struct {
		gameView
		Credential string   `json:"credential"` // the seat's credential: send it with every roll and move
		Colors     []string `json:"colors"`     // the colours of the seat
	}{gameView: view(g, cred), Credential: cred}
	for c := range seat.All() {
		answer.Colors = append(answer.Colors, c.String())
	}
	writeJSON(w, http.StatusCreated, answer)
}

func (s *Server) roll(w http.ResponseWriter, r *http.Request) {
	var req rollRequest
	if e := readJSON(w, r, &req); e != nil {
		writeError(w, e)
		return
	}
	cred, ok := bearer(r)
	g := s.update(w, r, func(g *Game) *apiError {
		// A stale version first: a request that came too late says so,
		// whoever sent it (the version is no secret).
		if e := g.checkVersion(req.Version); e != nil {
			return e
		}
		if e := g.authorize(cred, ok); e != nil {
			return e
		}
		return g.roll(req.Face, req.Second, s.limit.Plies)
	})
	if g == nil {
		return
	}
	writeJSON(w, http.StatusOK, view(g, cred))
}

func (s *Server) moves(w http.ResponseWriter, r *http.Request) {
	g := s.lookup(w, r)
	if g == nil {
		return
	}
	st := g.State
	v := struct {
		Phase   string     `json:"phase"`
		Version int        `json:"version"`
		Turn    string     `json:"turn,omitempty"`
		Die     int        `json:"die,omitempty"`
		Second  int        `json:"second,omitempty"`
		Played  int        `json:"die_played,omitempty"`
		Due     []int      `json:"dice_due,omitempty"`
		Bottom  bool       `json:"tops_and_bottoms,omitempty"`
		Count   int        `json:"count,omitempty"`
		Bonus   bool       `json:"bonus,omitempty"`
		Moves   []moveView `json:"moves"`
	}{Phase: st.Phase().String(), Version: g.Version, Moves: viewMoves(st)}
	if st.Phase() == ludo.PhaseMove {
		v.Turn, v.Die, v.Count, v.Bonus = st.Turn().String(), st.Die(), st.Count(), st.IsBonusMove()
		v.Second, v.Played = dice(st)
		v.Due, v.Bottom = amounts(st)
	}
	writeJSON(w, http.StatusOK, v)
}

func (s *Server) move(w http.ResponseWriter, r *http.Request) {
	var req moveRequest
	if e := readJSON(w, r, &req); e != nil {
		writeError(w, e)
		return
	}
	if (req.Move == nil) == (req.Index == nil) {
		writeError(w, badRequest(`give the move as {"move": "red 0: yard-0 enter"} or {"index": 0}, one of the two`))
		return
	}
	cred, ok := bearer(r)
	var played moveView
	g := s.update(w, r, func(g *Game) *apiError {
		// A stale version first: a request that came too late says so,
		// whoever sent it (the version is no secret).
		if e := g.checkVersion(req.Version); e != nil {
			return e
		}
		if e := g.authorize(cred, ok); e != nil {
			return e
		}
		var e *apiError
		played, e = g.move(req, s.limit.Plies)
		return e
	})
	if g == nil {
		return
	}
	writeJSON(w, http.StatusOK, struct {
		Played moveView `json:"played"`
		gameView
	}{played, view(g, cred)})
}

// record reads the game the request names with its plies, or writes the
// refusal and returns false.
func (s *Server) record(w http.ResponseWriter, r *http.Request) (*Game, ludo.Record, bool) {
	g, plies, err := s.store.Record(r.Context(), r.PathValue("id"))
	if err != nil {
		writeError(w, s.storeError(r, err))
		return nil, ludo.Record{}, false
	}
	return g, g.record(plies), true
}

func (s *Server) recordJSON(w http.ResponseWriter, r *http.Request) {
	if _, rec, ok := s.record(w, r); ok {
		writeJSON(w, http.StatusOK, rec)
	}
}

func (s *Server) recordText(w http.ResponseWriter, r *http.Request) {
	if _, rec, ok := s.record(w, r); ok {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		io.WriteString(w, rec.String())
	}
}

func (s *Server) replay(w http.ResponseWriter, r *http.Request) {
	g, rec, ok := s.record(w, r)
	if !ok {
		return
	}
	frames, final, err := picture.Frames(rec)
	if err != nil {
		writeError(w, &apiError{status: http.StatusInternalServerError, msg: err.Error()})
		return
	}
	var page bytes.Buffer
	title := fmt.Sprintf("Ludo game %s: %v", g.ID, final.Rules())
	if err := picture.WriteReplayHTML(&page, title, frames, final); err != nil {
		writeError(w, &apiError{status: http.StatusInternalServerError, msg: err.Error()})
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	page.WriteTo(w)
}

func (s *Server) board(w http.ResponseWriter, r *http.Request) {
	g := s.lookup(w, r)
	if g == nil {
		return
	}
	w.Header().Set("Content-Type", "image/svg+xml")
	w.Header().Set("Cache-Control", "no-store")
	w.Write(picture.AppendSVG(nil, g.State))
}
