package server

import (
	"encoding/json"
	"io"
	"log"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/ludorules/ludo"
	"github.com/ludorules/ludo/server/internal/pgtest"
)

func TestMain(m *testing.M) {
	code := m.Run()
	pgtest.Stop()
	os.Exit(code)
}

// fastDir returns a temporary folder for a SQLite file, on /dev/shm where
// there is one: the tests of the API need no disk, and on a disk each of
// their thousands of commits would wait for it. The tests of durability
// (restart, crash) use t.TempDir.
func fastDir(t testing.TB) string {
	if st, err := os.Stat("/dev/shm"); err == nil && st.IsDir() {
		dir, err := os.MkdirTemp("/dev/shm", "ludo-server-test-")
		require.NoError(t, err)
		t.Cleanup(func() { os.RemoveAll(dir) })
		return dir
	}
	return t.TempDir()
}

// sqliteStore opens a SQLite store in a new file, closed when the test
// ends.
func sqliteStore(t testing.TB) Store {
	s, err := OpenSQLite(fastDir(t) + "/games.db")
	require.NoError(t, err)
	t.Cleanup(func() { s.Close() })
	return s
}

// postgresStore opens a PostgreSQL store in a new database of the
// throwaway cluster, closed when the test ends; without PostgreSQL the
// test skips (see pgtest).
func postgresStore(t testing.TB) Store {
	s, err := OpenPostgres(pgtest.Database(t))
	require.NoError(t, err)
	t.Cleanup(func() { s.Close() })
	return s
}

// storeKinds are the stores the tests that matter to both run on.
var storeKinds = []struct {
	name string
	open func(testing.TB) Store
}{{"sqlite", sqliteStore}, {"postgres", postgresStore}}

// client talks to a test server: over HTTP, or, with no url, by calling
// its handler (quicker, for long games). It sits in every seat of the
// games it creates, and sends each roll and move with the credential of
// the seat whose turn it is.
type client struct {
	t     testing.TB
	srv   *Server
	store Store
	url   string

	mu    sync.Mutex
	seats map[string]map[ludo.Color]string // by game, each colour's credential
	owner map[string]string                // by game, the owner's credential
}

// newClientOn returns a client of a new server on store, over HTTP if
// network.
func newClientOn(t testing.TB, store Store, limit Limits, network bool) *client {
	srv := New(store, limit, log.New(io.Discard, "", 0))
	c := &client{t: t, srv: srv, store: store, seats: map[string]map[ludo.Color]string{}, owner: map[string]string{}}
	if network {
		ts := httptest.NewServer(srv)
		t.Cleanup(ts.Close)
		c.url = ts.URL
	}
	return c
}

// newLocalClient is newClient without the network.
func newLocalClient(t testing.TB, maxGames, maxPlies int) *client {
	return newClientOn(t, sqliteStore(t), Limits{maxGames, maxPlies}, false)
}

// newClient returns a client of a new server on SQLite, over HTTP.
func newClient(t testing.TB, maxGames, maxPlies int) *client {
	return newClientLimits(t, Limits{maxGames, maxPlies})
}

func newClientLimits(t testing.TB, limit Limits) *client {
	return newClientOn(t, sqliteStore(t), limit, true)
}

// do sends a request and returns the status, the content type and the
// body: a body as JSON, and a roll or move with the credential of the
// seat whose turn it is, if the client sits there.
func (c *client) do(method, path, body string) (int, string, string) {
	c.t.Helper()
	cred := ""
	if strings.HasSuffix(path, "/roll") || strings.HasSuffix(path, "/move") {
		id := strings.Split(path, "/")[2]
		if g, err := c.store.Get(c.t.Context(), id); err == nil && g.State.Phase() != ludo.PhaseOver {
			cred = c.cred(id, g.State.Turn())
		}
	}
	return c.doAs(cred, method, path, body)
}

// doAs sends a request with the credential cred ("" for none) and
// returns the status, the content type and the body.
func (c *client) doAs(cred, method, path, body string) (int, string, string) {
	c.t.Helper()
	h := http.Header{}
	if body != "" {
		h.Set("Content-Type", "application/json")
	}
	if cred != "" {
		h.Set("Authorization", "Bearer "+cred)
	}
	return c.send(method, path, body, h)
}

// send sends a request with the headers h and returns the status, the
// content type and the body.
func (c *client) send(method, path, body string, h http.Header) (int, string, string) {
	c.t.Helper()
	if c.url == "" {
		w := httptest.NewRecorder()
		r := httptest.NewRequest(method, path, strings.NewReader(body))
		r.Header = h
		c.srv.ServeHTTP(w, r)
		return w.Code, w.Header().Get("Content-Type"), w.Body.String()
	}
	req, err := http.NewRequest(method, c.url+path, strings.NewReader(body))
	require.NoError(c.t, err)
	req.Header = h
	resp, err := http.DefaultClient.Do(req)
	require.NoError(c.t, err)
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	require.NoError(c.t, err)
	return resp.StatusCode, resp.Header.Get("Content-Type"), string(data)
}

// call sends a request that must succeed with status want and decodes
// the JSON answer into v.
func (c *client) call(method, path, body string, want int, v any) {
	c.t.Helper()
	status, ctype, data := c.do(method, path, body)
	require.Equal(c.t, want, status, "%s %s %s: %s", method, path, body, data)
	require.Equal(c.t, "application/json", ctype)
	if v != nil {
		require.NoError(c.t, json.Unmarshal([]byte(data), v), data)
	}
}

// create makes a game and sits the client in every seat, with the names
// given in the order of the seats, and returns the game's id.
func (c *client) create(body string, names ...string) string {
	c.t.Helper()
	var v struct {
		gameView
		Owner string `json:"owner"`
	}
	c.call("POST", "/games", body, http.StatusCreated, &v)
	require.NotEmpty(c.t, v.ID)
	require.NotEmpty(c.t, v.Owner)
	c.mu.Lock()
	c.seats[v.ID], c.owner[v.ID] = map[ludo.Color]string{}, v.Owner
	c.mu.Unlock()
	for k, s := range v.Seats {
		if c.cred(v.ID, mustColor(s.Color)) != "" {
			continue // sat with its team's other colour (rule T3)
		}
		name := ""
		if k < len(names) {
			name = names[k]
		}
		c.join(v.ID, s.Color, name)
	}
	return v.ID
}

// join sits the client in the seat of colour color of game id.
func (c *client) join(id, color, name string) {
	c.t.Helper()
	body, _ := json.Marshal(joinRequest{Color: color, Name: name})
	var j struct {
		Credential string   `json:"credential"`
		Colors     []string `json:"colors"`
	}
	c.call("POST", "/games/"+id+"/join", string(body), http.StatusCreated, &j)
	require.NotEmpty(c.t, j.Credential)
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.seats[id] == nil {
		c.seats[id] = map[ludo.Color]string{}
	}
	for _, col := range j.Colors {
		c.seats[id][mustColor(col)] = j.Credential
	}
}

// cred returns the client's credential for colour col in game id, "" for
// none.
func (c *client) cred(id string, col ludo.Color) string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.seats[id][col]
}

func mustColor(s string) ludo.Color {
	c, ok := ludo.ParseColor(s)
	if !ok {
		panic("not a colour: " + s)
	}
	return c
}

// stored returns the game as the store holds it: its position and
// version.
func (c *client) stored(id string) (ludo.State, int) {
	c.t.Helper()
	g, err := c.store.Get(c.t.Context(), id)
	require.NoError(c.t, err, "no game %s in the store", id)
	return g.State, g.Version
}

// count returns how many games the store holds.
func (c *client) count() int {
	c.t.Helper()
	games, err := c.store.List(c.t.Context(), 1_000_000)
	require.NoError(c.t, err)
	return len(games)
}
