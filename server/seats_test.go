package server

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"os"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ludorules/ludo"
	"github.com/ludorules/ludo/server/internal/pgtest"
)

// snapshot is all a request could change in a game: its row and its
// plies, as the store holds them.
func (c *client) snapshot(id string) string {
	c.t.Helper()
	g, plies, err := c.store.Record(c.t.Context(), id)
	require.NoError(c.t, err)
	g.Updated = g.Created // a refused request writes nothing, so this is unchanged too; a game read is compared by content
	return fmt.Sprintf("%+v %v %+v", *g, ludo.FormatPosition(g.State), plies)
}

// TestCredentials: on both stores, a roll or move without a credential,
// with a malformed one, with one of no seat of the game (another game's,
// or the owner's), or with another seat's, is refused (401, or 403 for
// another seat) and changes nothing; the seat whose turn it is plays.
// Anyone may watch.
func TestCredentials(t *testing.T) {
	for _, kind := range storeKinds {
		t.Run(kind.name, func(t *testing.T) {
			c := newClientOn(t, kind.open(t), DefaultLimits, true)
			id := c.create(`{"preset": "classic", "players": 2, "seed": 3}`, "Ann", "Bo")
			other2 := c.create(`{"players": 2, "seed": 4}`)
			red, yellow := c.cred(id, ludo.Red), c.cred(id, ludo.Yellow)
			require.NotEqual(t, red, yellow)
			type wrongCred struct {
				name, header string
				status       int
				err          string
			}
			// wrong returns the wrong credentials when it is turn's turn
			// and other holds the other seat.
			wrong := func(turn, other string) []wrongCred {
				cred := map[string]string{"red": red, "yellow": yellow}
				return []wrongCred{
					{"none", "", 401, fmt.Sprintf("it is %s's turn: send the credential %s's seat was given", turn, turn)},
					{"not bearer", "Basic " + cred[turn], 401, "the Authorization header is not Bearer and a credential"},
					{"empty", "Bearer ", 401, "the Authorization header is not Bearer and a credential"},
					{"made up", "Bearer 0123456789ABCDEFGHIJKLMNOP", 401, "the credential is none of this game's seats'"},
					{"another game's", "Bearer " + c.cred(other2, ludo.Red), 401, "the credential is none of this game's seats'"},
					{"the owner's", "Bearer " + c.owner[id], 401, "the credential is none of this game's seats'"},
					{"another seat's", "Bearer " + cred[other], 403, fmt.Sprintf("it is %s's turn, and the credential is %s's", turn, other)},
					{"another seat's, lower case", "bearer " + cred[other], 403, fmt.Sprintf("it is %s's turn, and the credential is %s's", turn, other)},
				}
			}
			refusedAll := func(path, body string, wrong []wrongCred) {
				t.Helper()
				for _, w := range wrong {
					before := c.snapshot(id)
					h := http.Header{"Content-Type": {"application/json"}}
					if w.header != "" {
						h.Set("Authorization", w.header)
					}
					status, _, data := c.send("POST", "/games/"+id+path, body, h)
					assert.Equal(t, w.status, status, "%s %s: %s", w.name, path, data)
					assert.Contains(t, errorText(t, data), w.err, w.name)
					assert.Equal(t, before, c.snapshot(id), "%s %s changed the game", w.name, path)
				}
			}
			// A 401 says how to authenticate.
			status, _, _ := c.doAs("", "POST", "/games/"+id+"/roll", "{}")
			require.Equal(t, 401, status)
			req, _ := http.NewRequest("POST", c.url+"/games/"+id+"/roll", nil)
			resp, err := http.DefaultClient.Do(req)
			require.NoError(t, err)
			resp.Body.Close()
			assert.Equal(t, `Bearer realm="ludo"`, resp.Header.Get("WWW-Authenticate"))

			// Play a few plies, refusing the wrong credentials at each
			// roll and move.
			for n := 0; n < 12; n++ {
				g, _ := c.stored(id)
				mine, turn, other := red, "red", "yellow"
				if g.Turn() == ludo.Yellow {
					mine, turn, other = yellow, "yellow", "red"
				}
				refusedAll("/roll", "{}", wrong(turn, other))
				var v gameView
				status, _, data := c.doAs(mine, "POST", "/games/"+id+"/roll", "{}")
				require.Equal(t, 200, status, data)
				require.NoError(t, json.Unmarshal([]byte(data), &v))
				assert.Equal(t, []string{turn}, v.You)
				refusedAll("/move", `{"index": 0}`, wrong(turn, other))
				refusedAll("/move", `{"move": "pass"}`, wrong(turn, other))
				status, _, data = c.doAs(mine, "POST", "/games/"+id+"/move", `{"index": 0}`)
				require.Equal(t, 200, status, data)
			}
			// Anyone may watch: the game, its moves, record, replay,
			// picture and events need no credential.
			for _, path := range []string{"", "/moves", "/record", "/record.txt", "/replay", "/board.svg"} {
				status, _, data := c.doAs("", "GET", "/games/"+id+path, "")
				assert.Equal(t, 200, status, "%s: %.200s", path, data)
			}
			// No one sees another's credential.
			for _, path := range []string{"", "/record", "/record.txt", "/replay", "?svg=1"} {
				_, _, data := c.doAs(red, "GET", "/games/"+id+path, "")
				assert.NotContains(t, data, red, path)
				assert.NotContains(t, data, yellow, path)
				assert.NotContains(t, data, keyOf(red), path)
			}
			_, _, data := c.doAs("", "GET", "/games", "")
			assert.NotContains(t, data, keyOf(red))
		})
	}
}

// TestJoin: a seat is taken once; joining takes the first free seat in
// the order of the turns; a watcher who sits gets the seat's
// credential; under TwoColorsEach (rule T3) a seat holds both colours of
// a team.
func TestJoin(t *testing.T) {
	c := newClient(t, 10, 1000)
	var v struct {
		gameView
		Credential string   `json:"credential"`
		Colors     []string `json:"colors"`
	}
	c.call("POST", "/games", `{"players": 3, "join": {"name": "Ann", "color": "green"}}`, 201, &v)
	id := v.ID
	assert.Equal(t, []string{"green"}, v.Colors)
	assert.Equal(t, []string{"green"}, v.You)
	c.call("POST", "/games/"+id+"/join", `{"name": "Bo"}`, 201, &v)
	assert.Equal(t, []string{"red"}, v.Colors, "the first free seat")
	status, _, data := c.do("POST", "/games/"+id+"/join", `{"color": "red"}`)
	assert.Equal(t, 409, status)
	assert.Contains(t, errorText(t, data), "red's seat is taken")
	c.call("POST", "/games/"+id+"/join", `{}`, 201, &v)
	assert.Equal(t, []string{"yellow"}, v.Colors)
	status, _, data = c.do("POST", "/games/"+id+"/join", `{}`)
	assert.Equal(t, 409, status)
	assert.Contains(t, errorText(t, data), "every seat is taken")
	var g gameView
	c.call("GET", "/games/"+id, "", 200, &g)
	assert.Equal(t, []seatView{{"red", "Bo", true}, {"green", "Ann", true}, {"yellow", "", true}}, g.Seats)
	assert.Equal(t, 2, g.Steps, "each seat taken after the creation is a step")
	assert.Equal(t, 0, g.Version, "no ply played")

	c.call("POST", "/games", `{"preset": "uckers{Teams:TwoColorsEach}", "join": {"color": "yellow"}}`, 201, &v)
	assert.Equal(t, []string{"red", "yellow"}, v.Colors)
	c.call("POST", "/games/"+v.ID+"/join", `{}`, 201, &v)
	assert.Equal(t, []string{"green", "blue"}, v.Colors)
}

// TestStaleVersion: on both stores, a roll or move naming a version the
// game has moved on from is refused with 409 and changes nothing; the
// current version is taken.
func TestStaleVersion(t *testing.T) {
	for _, kind := range storeKinds {
		t.Run(kind.name, func(t *testing.T) {
			c := newClientOn(t, kind.open(t), DefaultLimits, true)
			id := c.create(`{"players": 2, "seed": 8}`)
			for n := 0; n < 10; n++ {
				_, version := c.stored(id)
				require.Equal(t, n, version)
				for _, stale := range []int{version - 1, version + 1, -5} {
					for _, req := range []struct{ path, body string }{
						{"/roll", fmt.Sprintf(`{"version": %d}`, stale)},
						{"/move", fmt.Sprintf(`{"version": %d, "index": 0}`, stale)},
					} {
						before := c.snapshot(id)
						status, _, data := c.do("POST", "/games/"+id+req.path, req.body)
						require.Equal(t, 409, status, data)
						var e errorBody
						require.NoError(t, json.Unmarshal([]byte(data), &e))
						assert.True(t, e.Stale, data)
						assert.Contains(t, e.Error, fmt.Sprintf("stale version %d: the game is at version %d", stale, version))
						assert.Equal(t, before, c.snapshot(id))
					}
				}
				var v gameView
				c.call("POST", "/games/"+id+"/roll", fmt.Sprintf(`{"version": %d}`, version), 200, &v)
				assert.Equal(t, version, v.Version, "a roll is no ply")
				c.call("POST", "/games/"+id+"/move", fmt.Sprintf(`{"version": %d, "index": 0}`, version), 200, &v)
				assert.Equal(t, version+1, v.Version)
			}
		})
	}
}

// TestRace: on both stores, clients racing on one game with the same
// version: exactly one roll and one move win, the others are refused
// (409) and change nothing.
func TestRace(t *testing.T) {
	for _, kind := range storeKinds {
		t.Run(kind.name, func(t *testing.T) {
			c := newClientOn(t, kind.open(t), DefaultLimits, true)
			id := c.create(`{"players": 2, "seed": 21}`)
			const racers = 8
			race := func(path string, body func(k int) string) (won []int, statuses map[int]int) {
				g, _ := c.stored(id)
				cred := c.cred(id, g.Turn())
				var (
					wg    sync.WaitGroup
					mu    sync.Mutex
					start = make(chan struct{})
				)
				statuses = map[int]int{}
				for k := range racers {
					wg.Add(1)
					go func() {
						defer wg.Done()
						<-start
						req, _ := http.NewRequest("POST", c.url+"/games/"+id+path, strings.NewReader(body(k)))
						req.Header.Set("Content-Type", "application/json")
						req.Header.Set("Authorization", "Bearer "+cred)
						resp, err := http.DefaultClient.Do(req)
						if err != nil {
							t.Error(err)
							return
						}
						resp.Body.Close()
						mu.Lock()
						defer mu.Unlock()
						statuses[resp.StatusCode]++
						if resp.StatusCode == 200 {
							won = append(won, k)
						}
					}()
				}
				close(start)
				wg.Wait()
				return won, statuses
			}
			for n := 0; n < 6; n++ {
				_, version := c.stored(id)
				won, statuses := race("/roll", func(int) string { return fmt.Sprintf(`{"version": %d}`, version) })
				require.Len(t, won, 1, "rolls: %v", statuses)
				require.Equal(t, racers-1, statuses[409], "rolls: %v", statuses)
				// Each racer plays a different move where there are
				// several: only one is played.
				st, _ := c.stored(id)
				moves := st.LegalMoves()
				won, statuses = race("/move", func(k int) string {
					return fmt.Sprintf(`{"version": %d, "index": %d}`, version, k%len(moves))
				})
				require.Len(t, won, 1, "moves: %v", statuses)
				require.Equal(t, racers-1, statuses[409], "moves: %v (a stale version, whoever's turn it now is)", statuses)
				after, v := c.stored(id)
				require.Equal(t, version+1, v)
				want, err := st.Apply(moves[won[0]%len(moves)])
				require.NoError(t, err)
				require.True(t, want == after, "the winner's move is the one played")
			}
			c.checkRecord(id)
		})
	}
}

// TestRestart: on both stores, games left at every stage (a roll due, a
// rolled die awaiting its move, a bonus move due, a throw's other die
// due, client dice) are where they stood after the server and its store
// are closed and opened again, and play on (300 requests more, or to the
// end), the server's dice going on with their seeded stream (the
// record's Replay checks it). The crash test (package loadtest) kills a
// server mid-play and plays every game to its end.
func TestRestart(t *testing.T) {
	open := map[string]func(testing.TB) (func() Store, func()){
		"sqlite": func(t testing.TB) (func() Store, func()) {
			path := fastDir(t) + "/games.db" // the crash test keeps its games on disk
			return func() Store {
				s, err := OpenSQLite(path)
				require.NoError(t, err)
				return s
			}, func() {}
		},
		"postgres": func(t testing.TB) (func() Store, func()) {
			url := pgDatabase(t)
			return func() Store {
				s, err := OpenPostgres(url)
				require.NoError(t, err)
				return s
			}, func() {}
		},
	}
	for _, name := range []string{"sqlite", "postgres"} {
		t.Run(name, func(t *testing.T) {
			reopen, _ := open[name](t)
			store := reopen()
			c := newClientOn(t, store, DefaultLimits, true)
			type game struct {
				id    string
				seed  uint64
				stop  func(v gameView) bool
				rules string
			}
			games := []game{
				{rules: `{"preset": "classic", "seed": 1}`, stop: func(v gameView) bool { return v.Plies >= 40 && v.Phase == "roll" }},
				{rules: `{"preset": "mongolian", "players": 3, "seed": 2}`, stop: func(v gameView) bool { return v.Plies >= 40 && v.Phase == "move" && !v.Bonus }},
				{rules: `{"preset": "parchis1", "seed": 3}`, stop: func(v gameView) bool { return v.Bonus }},
				{rules: `{"preset": "naija", "players": 2, "seed": 4}`, stop: func(v gameView) bool { return v.Played != 0 }},
				{rules: `{"preset": "pachisi", "seed": 5}`, stop: func(v gameView) bool { return v.Plies >= 30 }},
				{rules: `{"preset": "classic", "players": 2, "dice": "client"}`, stop: func(v gameView) bool { return v.Plies >= 20 && v.Phase == "move" }},
			}
			pick := rand.New(rand.NewPCG(7, 7))
			faces := ludo.SeededDice(99)
			step := func(id string, v gameView) gameView {
				if v.Phase == "roll" {
					body := "{}"
					if v.Dice == "client" {
						body = fmt.Sprintf(`{"face": %d}`, faces.Roll())
					}
					c.call("POST", "/games/"+id+"/roll", body, 200, &v)
					return v
				}
				var next gameView
				c.call("POST", "/games/"+id+"/move", fmt.Sprintf(`{"index": %d}`, pick.IntN(len(v.Moves))), 200, &next)
				return next
			}
			before := map[string]string{}
			for k := range games {
				games[k].id = c.create(games[k].rules)
				var v gameView
				c.call("GET", "/games/"+games[k].id, "", 200, &v)
				for n := 0; !games[k].stop(v); n++ {
					require.Less(t, n, 10000, games[k].rules)
					require.NotEqual(t, "over", v.Phase, games[k].rules)
					v = step(games[k].id, v)
				}
				before[games[k].id] = c.snapshot(games[k].id)
			}
			// Stop the server and close the store; open them again.
			require.NoError(t, store.Close())
			store = reopen()
			t.Cleanup(func() { store.Close() })
			seats, owner := c.seats, c.owner
			c = newClientOn(t, store, DefaultLimits, true)
			c.seats, c.owner = seats, owner
			for _, g := range games {
				assert.Equal(t, before[g.id], c.snapshot(g.id), "%s after the restart", g.rules)
				var v gameView
				c.call("GET", "/games/"+g.id, "", 200, &v)
				for n := 0; v.Phase != "over" && (n < 300 || v.Phase != "roll"); n++ {
					v = step(g.id, v)
				}
				rec := c.checkRecord(g.id)
				if !strings.Contains(g.rules, "client") {
					// The faces before and after the restart are the
					// seed's: Replay checks them.
					var seed struct{ Seed uint64 }
					require.NoError(t, json.Unmarshal([]byte(g.rules), &seed))
					rec.Seeded, rec.Seed = true, seed.Seed
					_, err := rec.Replay()
					require.NoError(t, err, g.rules)
				}
			}
		})
	}
}

// pgDatabase returns a new PostgreSQL database's URL (see pgtest).
func pgDatabase(t testing.TB) string {
	return pgtest.Database(t) // skips without PostgreSQL
}

// TestContentType: a body that does not say it is JSON is refused with
// 415 and changes nothing; JSON with a charset of UTF-8 is taken, and so
// is a request with no body at all.
func TestContentType(t *testing.T) {
	c := newClient(t, 10, 1000)
	id := c.create(`{"players": 2, "seed": 1}`)
	cred := c.cred(id, ludo.Red)
	for _, ct := range []string{"", "text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "application/json; charset=latin1", "application/jsonx", "json"} {
		for _, path := range []string{"/games", "/games/" + id + "/roll", "/games/" + id + "/move", "/games/" + id + "/join"} {
			before, games := c.snapshot(id), c.count()
			h := http.Header{"Authorization": {"Bearer " + cred}}
			if ct != "" {
				h.Set("Content-Type", ct)
			}
			status, _, data := c.send("POST", path, `{}`, h)
			assert.Equal(t, http.StatusUnsupportedMediaType, status, "%s %q: %s", path, ct, data)
			assert.Contains(t, errorText(t, data), "want JSON, with Content-Type: application/json", ct)
			assert.Equal(t, before, c.snapshot(id))
			assert.Equal(t, games, c.count())
		}
	}
	for _, ct := range []string{"application/json; charset=utf-8", "Application/JSON", "application/json;charset=UTF-8"} {
		st, _ := c.stored(id)
		cred := c.cred(id, st.Turn())
		status, _, data := c.send("POST", "/games/"+id+"/roll", `{}`, http.Header{"Authorization": {"Bearer " + cred}, "Content-Type": {ct}})
		require.Equal(t, 200, status, "%q: %s", ct, data)
		c.call("POST", "/games/"+id+"/move", `{"index": 0}`, 200, nil)
	}
	st, _ := c.stored(id)
	status, _, data := c.send("POST", "/games/"+id+"/roll", "", http.Header{"Authorization": {"Bearer " + c.cred(id, st.Turn())}})
	assert.Equal(t, 200, status, "no body: %s", data)
}

// goNames matches what would show a Go type or package in a message.
var goNames = regexp.MustCompile(`\bGo\b|main\.|server\.|ludo\.[A-Z]|\bu?int(8|16|32|64)?\b|\bfloat(32|64)\b|\[\]\w|map\[|\*\w+\.|struct ?\{|json\.RawMessage|interface ?\{`)

// TestNoGoTypeNames: a body of the wrong shape is refused with words of
// JSON, not the names of Go's types.
func TestNoGoTypeNames(t *testing.T) {
	c := newLocalClient(t, 10, 1000)
	id := c.create(`{"players": 2, "dice": "client"}`)
	bodies := []string{`[1,2]`, `"x"`, `5`, `true`, `null`, `{"x": 1}`, `[]`, `{`, `{"a"`, `{"a":}`, `}`, `{"face": "6"}`, `{"face": [6]}`,
		`{"face": {}}`, `{"face": 1.5}`, `{"face": 1e400}`, `{"face": -99999999999999999999}`, `{"version": "1"}`, `{"index": true}`, `{"move": 5}`,
		`{"move": ["0"]}`, `{"preset": 5}`, `{"players": "2"}`, `{"seed": -1}`, `{"seed": 1.5}`, `{"dice": false}`, `{"join": []}`, `{"join": {"name": {}}}`,
		`{"join": "red"}`, `{"rules": 5}`, `{"rules": []}`, `{"rules": {"Players": "x"}}`, `{"name": 5}`, `{"color": []}`, "\xff", "{\"a\": \"\xff\"}"}
	for _, path := range []string{"/games", "/games/" + id + "/roll", "/games/" + id + "/move", "/games/" + id + "/join"} {
		for _, body := range bodies {
			status, _, data := c.do("POST", path, body)
			if status < 400 {
				continue
			}
			msg := errorText(t, data)
			assert.False(t, goNames.MatchString(msg), "%s %s: %q names Go's types", path, body, msg)
		}
	}
	// Old examples, for the record.
	_, _, data := c.do("POST", "/games/"+id+"/move", `[1,2]`)
	assert.Equal(t, "bad JSON: want an object, not a list", errorText(t, data))
	_, _, data = c.do("POST", "/games/"+id+"/roll", `{"face": "6"}`)
	assert.Equal(t, "bad JSON: face: want a whole number, not a string", errorText(t, data))
}

// TestPlayedIndex: the played move's index is its place in the legal
// moves, whether it was chosen by index or by its text.
func TestPlayedIndex(t *testing.T) {
	c := newLocalClient(t, 10, 100000)
	id := c.create(`{"preset": "parcheesi", "players": 2, "seed": 12}`)
	pick := rand.New(rand.NewPCG(1, 12))
	var v gameView
	c.call("GET", "/games/"+id, "", 200, &v)
	several := 0
	for n := 0; v.Phase != "over"; n++ {
		if v.Phase == "roll" {
			c.call("POST", "/games/"+id+"/roll", "{}", 200, &v)
		}
		k := pick.IntN(len(v.Moves))
		if len(v.Moves) > 1 {
			several++
		}
		body := fmt.Sprintf(`{"index": %d}`, k)
		if n%2 == 1 {
			body = fmt.Sprintf(`{"move": %q}`, v.Moves[k].Text)
		}
		var played struct {
			Played moveView `json:"played"`
			gameView
		}
		c.call("POST", "/games/"+id+"/move", body, 200, &played)
		require.Equal(t, v.Moves[k], played.Played, body)
		require.Equal(t, k, played.Played.Index)
		v = played.gameView
	}
	assert.Greater(t, several, 50)
}

// TestPackageDoc: the package doc lists every preset of ludo.Presets,
// and the limits as the code has them.
func TestPackageDoc(t *testing.T) {
	src, err := os.ReadFile("doc.go")
	require.NoError(t, err)
	doc, _, _ := bytes.Cut(src, []byte("package server"))
	text := strings.Join(strings.Fields(strings.ReplaceAll(string(doc), "//", "")), " ")
	for _, p := range ludo.Presets() {
		assert.Regexp(t, `\b`+p+`\b`, text, "the package doc does not name the preset %s", p)
	}
	for _, want := range []string{
		"at most -max-games games (default 100,000)",
		"at most -max-plies plies each (default 10,000, and at most ludo.MaxRecordPlies, 100,000,",
		"A request body is at most 4 KiB",
		"a player's name at most 64 bytes",
	} {
		assert.Contains(t, text, want)
	}
	assert.Equal(t, Limits{Games: 100_000, Plies: 10_000}, DefaultLimits)
	assert.Equal(t, 100_000, ludo.MaxRecordPlies)
	assert.Equal(t, 4<<10, maxBody)
	assert.Equal(t, 64, maxName)
}

// TestSeededDiceSource: the server keeps its dice as the state of a PCG
// seeded (seed, seed), which is what ludo.SeededDice draws from: the
// faces are the same, one die or two.
func TestSeededDiceSource(t *testing.T) {
	for _, seed := range []uint64{0, 1, 42, 1 << 63} {
		a, b := ludo.SeededDice(seed), ludo.NewDice(rand.NewPCG(seed, seed))
		for range 1000 {
			require.Equal(t, a.Roll(), b.Roll())
			x1, x2 := a.RollDice()
			y1, y2 := b.RollDice()
			require.Equal(t, [2]int{x1, x2}, [2]int{y1, y2})
		}
	}
}

// TestPositionsRoundTrip: the store keeps positions as
// ludo.FormatPosition writes them; every position of a random game of
// every preset reads back equal.
func TestPositionsRoundTrip(t *testing.T) {
	for k, name := range ludo.Presets() {
		r, _ := ludo.Preset(name)
		s, err := ludo.New(r)
		require.NoError(t, err)
		dice := ludo.SeededDice(uint64(k))
		pick := rand.New(rand.NewPCG(uint64(k), 3))
		for n := 0; s.Phase() != ludo.PhaseOver && n < 3000; n++ {
			back, err := ludo.ParsePosition(ludo.FormatPosition(s))
			require.NoError(t, err, name)
			require.True(t, back == s, "%s: %s", name, ludo.FormatPosition(s))
			if s.Phase() == ludo.PhaseRoll {
				s, err = s.RollOutcome(dice.Throw(r))
			} else {
				moves := s.LegalMoves()
				s, err = s.Apply(moves[pick.IntN(len(moves))])
			}
			require.NoError(t, err)
		}
	}
}

// TestPage: the page is served at / and /play/{id}, offers every preset,
// and its script speaks to the API.
func TestPage(t *testing.T) {
	c := newLocalClient(t, 10, 100)
	for _, path := range []string{"/", "/play/ABC"} {
		status, ctype, page := c.do("GET", path, "")
		require.Equal(t, 200, status)
		assert.Equal(t, "text/html; charset=utf-8", ctype)
		for _, p := range ludo.Presets() {
			assert.Contains(t, page, fmt.Sprintf(`<option value="%s">%s</option>`, p, p))
		}
		for _, s := range []string{`EventSource("/games/"`, `"Authorization"`, `"/roll"`, `"/move"`, `/join"`} {
			assert.Contains(t, page, s)
		}
	}
}

// TestTwoServers: two servers sharing one PostgreSQL database serve the
// same games: a game created on one is played on both, a race between
// them with the same version has one winner, and the events of a game
// watched on one tell of the plies played on the other (it looks at the
// store every poll).
func TestTwoServers(t *testing.T) {
	url := pgDatabase(t)
	open := func() *client {
		s, err := OpenPostgres(url)
		require.NoError(t, err)
		t.Cleanup(func() { s.Close() })
		c := newClientOn(t, s, DefaultLimits, true)
		c.srv.poll = 50 * time.Millisecond
		return c
	}
	a, b := open(), open()
	id := a.create(`{"players": 2, "seed": 5}`)
	b.seats, b.owner = a.seats, a.owner

	// Watch the game's events on b.
	req, err := http.NewRequestWithContext(t.Context(), "GET", b.url+"/games/"+id+"/events", nil)
	require.NoError(t, err)
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	assert.Equal(t, "text/event-stream", resp.Header.Get("Content-Type"))
	events := make(chan string, 100)
	go func() {
		sc := bufio.NewScanner(resp.Body)
		for sc.Scan() {
			if data, ok := strings.CutPrefix(sc.Text(), "data: "); ok {
				events <- data
			}
		}
		close(events)
	}()
	next := func() map[string]any {
		t.Helper()
		select {
		case e := <-events:
			var m map[string]any
			require.NoError(t, json.Unmarshal([]byte(e), &m), e)
			return m
		case <-time.After(10 * time.Second):
			t.Fatal("no event in 10 s")
			return nil
		}
	}
	first := next()
	assert.Equal(t, "roll", first["phase"])

	for n := 0; n < 6; n++ {
		// Alternate servers; each change shows on b's events.
		c := []*client{a, b}[n%2]
		_, version := c.stored(id)
		c.call("POST", "/games/"+id+"/roll", fmt.Sprintf(`{"version": %d}`, version), 200, nil)
		assert.Equal(t, "move", next()["phase"])
		// Both race the same move with the same version: one wins.
		st, _ := a.stored(id)
		cred := a.cred(id, st.Turn())
		body := fmt.Sprintf(`{"version": %d, "index": 0}`, version)
		var wg sync.WaitGroup
		statuses := make([]int, 2)
		for k, c := range []*client{a, b} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				req, _ := http.NewRequest("POST", c.url+"/games/"+id+"/move", strings.NewReader(body))
				req.Header.Set("Content-Type", "application/json")
				req.Header.Set("Authorization", "Bearer "+cred)
				resp, err := http.DefaultClient.Do(req)
				if err == nil {
					statuses[k] = resp.StatusCode
					resp.Body.Close()
				}
			}()
		}
		wg.Wait()
		slices.Sort(statuses)
		require.Equal(t, []int{200, 409}, statuses)
		e := next()
		assert.EqualValues(t, version+1, e["version"])
	}
	a.checkRecord(id)
}
