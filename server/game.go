package server

import (
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"fmt"
	mrand "math/rand/v2"
	"net/http"
	"strings"
	"time"

	"github.com/ludorules/ludo"
	"github.com/ludorules/ludo/internal/echo"
	"github.com/ludorules/ludo/internal/seeded"
)

// This file holds what the server does to a game, between reading it
// from the store and writing it back: the rules' transitions, called
// through package ludo, and the seats. Nothing here touches the network
// or the store.

// Limits of a request.
const (
	maxBody = 4 << 10 // bytes of a request body
	maxName = 64      // bytes of a player's name
)

// createRequest is the body of POST /games.
type createRequest struct {
	Preset  string          `json:"preset"`  // a preset or rules as text (seeded.Rules); default "classic"
	Rules   json.RawMessage `json:"rules"`   // or rules as ludo.Rules reads them from JSON
	Players int             `json:"players"` // default the rules'
	Dice    string          `json:"dice"`    // "server" (default) or "client"
	Seed    *uint64         `json:"seed"`    // the server's dice; default drawn at random
	Join    *joinRequest    `json:"join"`    // sit the creator at once
}

// joinRequest is the body of POST /games/{id}/join, and "join" in
// POST /games.
type joinRequest struct {
	Color string `json:"color"` // the seat; default the first free one
	Name  string `json:"name"`  // the player's name
}

// rollRequest is the body of POST /games/{id}/roll.
type rollRequest struct {
	Version *int `json:"version"` // the version the roll is for
	Face    *int `json:"face"`    // for a game with the client's dice only
	Second  *int `json:"second"`  // the second die, for a game with the client's dice whose rules throw two (rule W1)
}

// moveRequest is the body of POST /games/{id}/move: the move, one of
// the two, and the version it is for.
type moveRequest struct {
	Version *int    `json:"version"`
	Move    *string `json:"move"`  // the move as ludo.ParseMove reads it
	Index   *int    `json:"index"` // the move's index in the legal moves
}

// newCredential returns a new secret credential, 130 random bits as 26
// letters and digits, and the key the store keeps for it.
func newCredential() (cred, key string) {
	cred = rand.Text()
	return cred, keyOf(cred)
}

// keyOf returns the key of a credential: its SHA-256, hex. The store
// keeps keys, never credentials.
func keyOf(cred string) string {
	sum := sha256.Sum256([]byte(cred))
	return hex.EncodeToString(sum[:])
}

// sameKey compares two keys in constant time.
func sameKey(a, b string) bool {
	return len(a) == len(b) && subtle.ConstantTimeCompare([]byte(a), []byte(b)) == 1
}

// newGame checks a request for a game and makes it, with the key of its
// owner's credential.
func newGame(req createRequest, ownerKey string, now time.Time) (*Game, *apiError) {
	rules, e := req.rules()
	if e != nil {
		return nil, e
	}
	start, err := ludo.New(rules)
	if err != nil {
		return nil, refuse(err)
	}
	g := &Game{ID: rand.Text(), Start: start, State: start, Owner: ownerKey, Created: now, Updated: now}
	switch req.Dice {
	case "", "server":
		if req.Seed != nil {
			g.Seed = *req.Seed
		} else {
			var b [8]byte
			rand.Read(b[:])
			g.Seed = binary.LittleEndian.Uint64(b[:])
		}
		// ludo.SeededDice(seed) draws from this source (its doc says
		// so, and TestSeededDiceSource checks it), whose state the
		// store keeps between rolls.
		g.Dice, _ = mrand.NewPCG(g.Seed, g.Seed).MarshalBinary()
	case "client":
		if req.Seed != nil {
			return nil, badRequest("a seed is for the server's dice, and this game's dice are the client's")
		}
		g.Client = true
	default:
		return nil, badRequest("dice %s: want server or client", echo.Quote(req.Dice))
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

// seatColors returns the colours a seat of colour c holds in game g:
// under TwoColorsEach (rule T3) both colours of c's team, one player's;
// else c alone.
func (g *Game) seatColors(c ludo.Color) ludo.Colors {
	if g.Start.Rules().Teams == ludo.TwoColorsEach {
		return g.Start.Team(c)
	}
	return ludo.ColorsOf(c)
}

// join sits a player in game g: in the seat of colour req.Color, or the
// first free seat in the order of the turns. It returns the colours
// the seat holds and the seat's new credential.
func (g *Game) join(req joinRequest) (ludo.Colors, string, *apiError) {
	if len(req.Name) > maxName || !printable(req.Name) {
		return 0, "", badRequest("name: want printable text of at most %d bytes", maxName)
	}
	players := g.Start.Players()
	var c ludo.Color
	if req.Color != "" {
		var ok bool
		if c, ok = ludo.ParseColor(req.Color); !ok {
			return 0, "", badRequest("color %s is not a colour", echo.Quote(req.Color))
		}
		if !players.Has(c) {
			return 0, "", badRequest("%v does not play: the players are %v", c, players)
		}
		if g.Seats[c].Taken() {
			return 0, "", conflict("%v's seat is taken", c)
		}
	} else {
		free := false
		for p := range players.All() {
			if !g.Seats[p].Taken() {
				c, free = p, true
				break
			}
		}
		if !free {
			return 0, "", conflict("every seat is taken")
		}
	}
	cred, key := newCredential()
	seat := g.seatColors(c)
	for p := range seat.All() {
		g.Seats[p] = Seat{Name: req.Name, Key: key}
	}
	return seat, cred, nil
}

// holds returns the colours whose seat the credential cred holds in g.
func (g *Game) holds(cred string) ludo.Colors {
	if cred == "" {
		return 0
	}
	key := keyOf(cred)
	var cs ludo.Colors
	for c := range g.Start.Players().All() {
		if sameKey(g.Seats[c].Key, key) {
			cs |= ludo.ColorsOf(c)
		}
	}
	return cs
}

// bearer returns the credential of the request's Authorization header,
// "" for none, and whether the header, if there is one, is well formed.
func bearer(r *http.Request) (string, bool) {
	h := r.Header.Get("Authorization")
	if h == "" {
		return "", true
	}
	scheme, cred, ok := strings.Cut(h, " ")
	if !ok || !strings.EqualFold(scheme, "Bearer") || strings.TrimSpace(cred) == "" {
		return "", false
	}
	return strings.TrimSpace(cred), true
}

// authorize checks that the credential cred may roll or move in g now:
// that it is the seat's whose turn it is. A finished game has no turn:
// the rules refuse the request.
func (g *Game) authorize(cred string, wellFormed bool) *apiError {
	if g.State.Phase() == ludo.PhaseOver {
		return nil
	}
	turn := g.State.Turn()
	switch held := g.holds(cred); {
	case !wellFormed:
		return unauthorized("the Authorization header is not Bearer and a credential: want \"Authorization: Bearer\" and the credential of the seat whose turn it is")
	case cred == "":
		return unauthorized(fmt.Sprintf("it is %v's turn: send the credential %v's seat was given, as \"Authorization: Bearer\" and the credential", turn, turn))
	case held == 0:
		return unauthorized("the credential is none of this game's seats'")
	case !held.Has(turn):
		return &apiError{status: http.StatusForbidden, msg: fmt.Sprintf("it is %v's turn, and the credential is %s's", turn, colorsText(held))}
	}
	return nil
}

func unauthorized(msg string) *apiError {
	return &apiError{status: http.StatusUnauthorized, msg: msg, auth: true}
}

// checkVersion refuses a request made for another version of g than
// the one it is at.
func (g *Game) checkVersion(v *int) *apiError {
	if v != nil && *v != g.Version {
		return &apiError{status: http.StatusConflict, stale: true,
			msg: fmt.Sprintf("stale version %d: the game is at version %d (%d plies played); look again and choose anew", *v, g.Version, g.Version)}
	}
	return nil
}

// full refuses a ply more for game g, before it is rolled for or, for a
// move no roll precedes, played, if g holds the most plies.
func (g *Game) full(maxPlies int) *apiError {
	if g.Version >= maxPlies {
		return conflict("the game has reached the server's limit of %d plies", maxPlies)
	}
	return nil
}

// roll rolls the die (or the two dice, rule W1) of game g, or refuses
// and changes nothing.
func (g *Game) roll(face, second *int, maxPlies int) *apiError {
	two := g.State.Rules().TwoDice
	switch {
	case g.Client && face == nil && two:
		return badRequest(`this game's dice are the client's and its rules throw two dice (rule W1): give both faces, as {"face": 6, "second": 3}`)
	case g.Client && face == nil:
		return badRequest(`this game's dice are the client's: give the face, as {"face": 4}`)
	case !g.Client && (face != nil || second != nil):
		return badRequest("this game's dice are the server's: send {} and it rolls")
	case g.Client && second != nil && !two:
		return badRequest(`this game's rules throw one die: give the face alone, as {"face": 4}, with no "second"`)
	case g.Client && second == nil && two:
		return badRequest(`this game's rules throw two dice (rule W1): give both faces, as {"face": 6, "second": 3}`)
	}
	if g.State.IsBonusMove() {
		// The library would say a move is due; say which, and how to
		// play it.
		if g.State.Rules().TwoDice { // rule W4: the bonus moves come after the dice
			e := conflict("%v has a bonus move of %d due after the dice (rule W4), which no roll comes before: play it with POST /games/{id}/move", g.State.Turn(), g.State.Count())
			e.rule = "W4"
			return e
		}
		e := conflict("%v has a bonus move of %d due (rule P8), which no roll comes before: play it with POST /games/{id}/move", g.State.Turn(), g.State.Count())
		e.rule = "P8"
		return e
	}
	if noRoll(g.State) {
		if due, bottoms := amounts(g.State); bottoms {
			e := conflict("%v has the tops and bottoms %s of the double still to play (rule H2), which no roll comes before: play them with POST /games/{id}/move", g.State.Turn(), facesText(due))
			e.rule = "H2"
			return e
		}
		e := conflict("%v has the other die of the throw, %d, still to play (rule W1), which no roll comes before: play it with POST /games/{id}/move", g.State.Turn(), g.State.Count())
		e.rule = "W1"
		return e
	}
	if g.State.Phase() != ludo.PhaseRoll {
		// The library's own refusal, before the dice are rolled: a
		// refused roll must not use up a face of the seeded stream,
		// or the record would no longer match its seed.
		_, err := g.State.RollOutcome(ludo.Outcome{Face: 1, Second: b2i(two)})
		return refuse(err)
	}
	if e := g.full(maxPlies); e != nil {
		return e
	}
	var throw ludo.Outcome
	switch {
	case !g.Client:
		var pcg mrand.PCG
		if err := pcg.UnmarshalBinary(g.Dice); err != nil {
			return &apiError{status: http.StatusInternalServerError, msg: "the game's dice in the store: " + err.Error()}
		}
		throw = ludo.NewDice(&pcg).Throw(g.State.Rules())
		g.Dice, _ = pcg.MarshalBinary()
	case second != nil:
		throw = ludo.Outcome{Face: *face, Second: *second}
		if throw.Second == 0 { // RollOutcome would read a second die of 0 as none
			return refuse(fmt.Errorf("%w: second die 0: want 1 to 6", ludo.ErrBadFace))
		}
	default:
		throw.Face = *face
	}
	next, err := g.State.RollOutcome(throw)
	if err != nil {
		return refuse(err)
	}
	g.State = next
	return nil
}

// move plays the move req names in game g, adding its ply, and returns
// the move as played, its index that of the legal moves it was chosen
// from; or refuses and changes nothing.
func (g *Game) move(req moveRequest, maxPlies int) (moveView, *apiError) {
	if noRoll(g.State) {
		// No roll took this ply's place under the limit (a bonus
		// move, or a throw's other die): it is taken now.
		if e := g.full(maxPlies); e != nil {
			return moveView{}, e
		}
	}
	m, e := g.choose(req)
	if e != nil {
		return moveView{}, e
	}
	before := g.State
	next, err := before.Apply(m)
	if err != nil {
		return moveView{}, refuse(err)
	}
	var rec ludo.Record
	if err := rec.AddMove(before, m); err != nil {
		return moveView{}, refuse(err)
	}
	g.Add(rec.Plies[0])
	g.State = next
	index := -1
	for k, lm := range before.LegalMoves() {
		if lm == m {
			index = k
			break
		}
	}
	return viewMove(before, index, m), nil
}

// choose returns the move the request names.
func (g *Game) choose(req moveRequest) (ludo.Move, *apiError) {
	if req.Move != nil {
		m, err := ludo.ParseMove(g.State, *req.Move)
		if err != nil {
			return m, refuse(err)
		}
		return m, nil
	}
	if g.State.Phase() != ludo.PhaseMove {
		// The library's refusal of a move while none is due.
		_, err := ludo.ParseMove(g.State, "pass")
		return ludo.Move{}, refuse(err)
	}
	moves := g.State.LegalMoves()
	if i := *req.Index; i < 0 || i >= len(moves) {
		return ludo.Move{}, &apiError{status: http.StatusUnprocessableEntity,
			msg: fmt.Sprintf("index %d: there are %d legal moves, 0 to %d", i, len(moves), len(moves)-1)}
	}
	return moves[*req.Index], nil
}

// record returns game g's record with the plies given: names from the
// seats, and the seed of the server's dice once the game is over, not
// before, so that nobody can foresee the rolls.
func (g *Game) record(plies []ludo.Ply) ludo.Record {
	rec := ludo.Record{Start: g.Start, Plies: plies}
	for c := range g.Start.Players().All() {
		rec.Names[c] = g.Seats[c].Name
	}
	if !g.Client && g.State.Phase() == ludo.PhaseOver {
		rec.Seeded, rec.Seed = true, g.Seed
	}
	return rec
}

// colorsText writes colours as "red", or "red and yellow".
func colorsText(cs ludo.Colors) string {
	var names []string
	for c := range cs.All() {
		names = append(names, c.String())
	}
	return strings.Join(names, " and ")
}
