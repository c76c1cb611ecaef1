// Package loadtest plays games on a running ludo-server over HTTP with
// bots, for the load test and the crash test (cmd/ludo-load, and the
// server's tests): it starts the server as a process of its own (Start),
// creates games and sits a bot in every seat (Create), plays them, each
// game's bot in a goroutine of its own, measuring each request
// (Play), kills the server mid-play with SIGKILL, and checks every game
// against what its bot was told (Verify).
package loadtest

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/ludorules/ludo"
)

// Proc is a ludo-server process.
type Proc struct {
	URL  string // its base URL, http://127.0.0.1:PORT
	cmd  *exec.Cmd
	done chan error
}

// Build builds cmd/ludo-server of the module at moduleDir into dir and
// returns the program's path.
func Build(moduleDir, dir string) (string, error) {
	bin := filepath.Join(dir, "ludo-server")
	cmd := exec.Command("go", "build", "-o", bin, "./cmd/ludo-server")
	cmd.Dir = moduleDir
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("go build ./cmd/ludo-server: %v\n%s", err, out)
	}
	return bin, nil
}

// Start starts the server program bin with the store's flags (as
// "-db", FILE or "-postgres", URL) on a free port of the loopback
// address, its output appended to log, and returns once it answers.
func Start(bin string, storeFlags []string, log io.Writer) (*Proc, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	addr := ln.Addr().String()
	ln.Close()
	cmd := exec.Command(bin, append([]string{"-addr", addr}, storeFlags...)...)
	cmd.Stdout, cmd.Stderr = log, log
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	p := &Proc{URL: "http://" + addr, cmd: cmd, done: make(chan error, 1)}
	go func() { p.done <- cmd.Wait() }()
	deadline := time.Now().Add(30 * time.Second)
	for {
		resp, err := http.Get(p.URL + "/games?n=1")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == 200 {
				return p, nil
			}
		}
		select {
		case err := <-p.done:
			return nil, fmt.Errorf("the server stopped as it started: %v", err)
		case <-time.After(50 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			p.Kill()
			return nil, fmt.Errorf("the server did not answer at %s in 30 s", p.URL)
		}
	}
}

// Pid returns the process's id.
func (p *Proc) Pid() int { return p.cmd.Process.Pid }

// Kill kills the process with SIGKILL, as a crash would, and waits for
// it to end.
func (p *Proc) Kill() {
	p.cmd.Process.Signal(syscall.SIGKILL)
	<-p.done
	p.done <- errors.New("killed")
}

// Stop asks the process to stop (SIGTERM) and waits for it.
func (p *Proc) Stop() error {
	p.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case err := <-p.done:
		p.done <- err
		return err
	case <-time.After(15 * time.Second):
		p.Kill()
		return errors.New("the server did not stop in 15 s: killed")
	}
}

// Memory returns the process's resident memory now and at its peak
// (VmRSS and VmHWM of /proc/PID/status), in bytes.
func (p *Proc) Memory() (rss, peak int64, err error) {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", p.Pid()))
	if err != nil {
		return 0, 0, err
	}
	for _, line := range strings.Split(string(data), "\n") {
		f := strings.Fields(line)
		if len(f) == 3 && f[2] == "kB" {
			n, _ := strconv.ParseInt(f[1], 10, 64)
			switch f[0] {
			case "VmRSS:":
				rss = n << 10
			case "VmHWM:":
				peak = n << 10
			}
		}
	}
	return rss, peak, nil
}

// Game is a game a bot plays: its id, the seed of its dice, each
// colour's credential, and what the server has told the bot.
type Game struct {
	ID      string
	Preset  string
	Seed    uint64
	Players int               // 0: the preset's
	Creds   map[string]string // by colour
	pick    *rand.Rand        // the bot's choices

	mu    sync.Mutex
	acked map[int]string // by version, the position the server said a move led to
	Over  bool
}

// Acked returns the highest version the server said a move reached, and
// the position it said that move led to.
func (g *Game) Acked() (int, string) {
	g.mu.Lock()
	defer g.mu.Unlock()
	top := 0
	for v := range g.acked {
		top = max(top, v)
	}
	return top, g.acked[top]
}

// Client is an HTTP client for many bots at once.
func Client() *http.Client {
	tr := http.DefaultTransport.(*http.Transport).Clone()
	tr.MaxIdleConns, tr.MaxIdleConnsPerHost = 1024, 1024
	return &http.Client{Transport: tr, Timeout: 60 * time.Second}
}

// view is what the bots read of a game.
type view struct {
	ID       string `json:"id"`
	Phase    string `json:"phase"`
	Version  int    `json:"version"`
	Turn     string `json:"turn"`
	Position string `json:"position"`
	Moves    []struct {
		Index int    `json:"index"`
		Text  string `json:"text"`
	} `json:"moves"`
	Credential string `json:"credential"`
	Colors     []string
	Seats      []struct {
		Color string `json:"color"`
		Taken bool   `json:"taken"`
	} `json:"seats"`
}

// StatusError is an answer the bot did not expect.
type StatusError struct {
	Status int
	Body   string
}

func (e *StatusError) Error() string { return fmt.Sprintf("status %d: %.300s", e.Status, e.Body) }

// call sends a request and decodes the answer into v; it returns the
// time the request took.
func call(ctx context.Context, c *http.Client, method, url, cred string, body any, want int, v any) (time.Duration, error) {
	var rd io.Reader
	if body != nil {
		data, _ := json.Marshal(body)
		rd = bytes.NewReader(data)
	}
	req, err := http.NewRequestWithContext(ctx, method, url, rd)
	if err != nil {
		return 0, err
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if cred != "" {
		req.Header.Set("Authorization", "Bearer "+cred)
	}
	start := time.Now()
	resp, err := c.Do(req)
	if err != nil {
		return 0, err
	}
	data, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	took := time.Since(start)
	if err != nil {
		return took, err
	}
	if resp.StatusCode != want {
		return took, &StatusError{resp.StatusCode, string(data)}
	}
	if v != nil {
		if err := json.Unmarshal(data, v); err != nil {
			return took, fmt.Errorf("%s %s: %w", method, url, err)
		}
	}
	return took, nil
}

// Create creates n games on the server at url, the presets taken in
// turn, with the number of players given (0: each preset's; pachisi
// keeps its four), with the server's dice seeded seed, seed+1, …, and sits in every
// seat of each.
func Create(ctx context.Context, c *http.Client, url string, n int, presets []string, players int, seed uint64) ([]*Game, error) {
	var games []*Game
	for k := range n {
		g := &Game{Preset: presets[k%len(presets)], Players: players, Seed: seed + uint64(k), Creds: map[string]string{}, acked: map[int]string{}}
		g.pick = rand.New(rand.NewPCG(g.Seed, 0xb07))
		if g.Preset == "pachisi" && players != 0 {
			g.Players = 0 // four players, in partnerships
		}
		var v view
		if _, err := call(ctx, c, "POST", url+"/games", "", map[string]any{"preset": g.Preset, "players": g.Players, "seed": g.Seed}, 201, &v); err != nil {
			return games, fmt.Errorf("creating a game of %s: %w", g.Preset, err)
		}
		g.ID = v.ID
		for _, s := range v.Seats {
			if g.Creds[s.Color] != "" {
				continue // the other colour of a player's two (rule T3)
			}
			var j view
			if _, err := call(ctx, c, "POST", url+"/games/"+g.ID+"/join", "", map[string]string{"color": s.Color}, 201, &j); err != nil {
				return games, fmt.Errorf("sitting in game %s: %w", g.ID, err)
			}
			for _, col := range j.Colors {
				g.Creds[col] = j.Credential
			}
		}
		games = append(games, g)
	}
	return games, nil
}

// Stats are what Play measured.
type Stats struct {
	Rolls, Moves   []time.Duration // each accepted request's time
	Status         map[int]int     // answers by status
	Finished       int             // games that ended
	Errors         []error         // the first error of each game that stopped on one
	Elapsed        time.Duration
	ConnectionLost int // games whose bot lost the server (a killed server)
}

// Percentile returns the p-th percentile (0 to 100) of ds.
func Percentile(ds []time.Duration, p float64) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	k := int(p / 100 * float64(len(s)-1))
	return s[k]
}

// Play plays the games to their end on the server at url, a bot for
// each in a goroutine of its own, until they end, ctx is done, or stop
// says to stop (after each move, with the count of moves accepted so far
// in all games). A bot that loses the server stops and is counted in
// ConnectionLost.
func Play(ctx context.Context, c *http.Client, url string, games []*Game, stop func(moves int) bool) Stats {
	var (
		mu    sync.Mutex
		st    = Stats{Status: map[int]int{}}
		moves int
		wg    sync.WaitGroup
		start = time.Now()
	)
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	for _, g := range games {
		wg.Add(1)
		go func() {
			defer wg.Done()
			err := g.play(ctx, c, url, func(kind string, took time.Duration, status int) {
				mu.Lock()
				defer mu.Unlock()
				st.Status[status]++
				if status != 200 {
					return
				}
				if kind == "roll" {
					st.Rolls = append(st.Rolls, took)
					return
				}
				st.Moves = append(st.Moves, took)
				moves++
				if stop != nil && stop(moves) {
					cancel()
				}
			})
			mu.Lock()
			defer mu.Unlock()
			var se *StatusError
			switch {
			case err == nil:
				st.Finished++
			case errors.As(err, &se):
				st.Status[se.Status]++
				st.Errors = append(st.Errors, fmt.Errorf("game %s (%s): %w", g.ID, g.Preset, err))
			case ctx.Err() != nil:
			default:
				st.ConnectionLost++
			}
		}()
	}
	wg.Wait()
	st.Elapsed = time.Since(start)
	return st
}

// play plays game g to its end, telling measure of each request.
func (g *Game) play(ctx context.Context, c *http.Client, url string, measure func(kind string, took time.Duration, status int)) error {
	base := url + "/games/" + g.ID
	var v view
	if _, err := call(ctx, c, "GET", base, "", nil, 200, &v); err != nil {
		return err
	}
	for v.Phase != "over" {
		if err := ctx.Err(); err != nil {
			return err
		}
		cred := g.Creds[v.Turn]
		if v.Phase == "roll" {
			var next view
			took, err := call(ctx, c, "POST", base+"/roll", cred, map[string]int{"version": v.Version}, 200, &next)
			if err != nil {
				return err
			}
			measure("roll", took, 200)
			v = next
			continue
		}
		k := g.pick.IntN(len(v.Moves))
		var next view
		took, err := call(ctx, c, "POST", base+"/move", cred, map[string]int{"version": v.Version, "index": k}, 200, &next)
		if err != nil {
			return err
		}
		g.mu.Lock()
		g.acked[next.Version] = next.Position
		g.mu.Unlock()
		measure("move", took, 200)
		v = next
	}
	g.mu.Lock()
	g.Over = true
	g.mu.Unlock()
	return nil
}

// Verify checks game g on the server at url against what its bot was
// told: the record replays (its faces the seeded dice's), every position
// a move was said to lead to is the record's after that ply, the game
// holds as many plies as its version says, and its position is the
// record's last, or that position with a die rolled and its move due:
// no half ply. It returns the game's version.
func Verify(ctx context.Context, c *http.Client, url string, g *Game) (int, error) {
	var rec ludo.Record
	if _, err := call(ctx, c, "GET", url+"/games/"+g.ID+"/record", "", nil, 200, &rec); err != nil {
		return 0, err
	}
	var v view
	if _, err := call(ctx, c, "GET", url+"/games/"+g.ID, "", nil, 200, &v); err != nil {
		return 0, err
	}
	if v.Version != len(rec.Plies) {
		return v.Version, fmt.Errorf("game %s: version %d but %d plies", g.ID, v.Version, len(rec.Plies))
	}
	rec.Seeded, rec.Seed = true, g.Seed
	states, err := rec.Replay()
	if err != nil {
		return v.Version, fmt.Errorf("game %s (%s): %w", g.ID, g.Preset, err)
	}
	g.mu.Lock()
	for version, pos := range g.acked {
		if version > len(rec.Plies) {
			g.mu.Unlock()
			return v.Version, fmt.Errorf("game %s: the server said ply %d was played, and the store has %d plies", g.ID, version, len(rec.Plies))
		}
		if got := ludo.FormatPosition(states[version]); got != pos {
			g.mu.Unlock()
			return v.Version, fmt.Errorf("game %s: after ply %d the server said\n%s\nand the record gives\n%s", g.ID, version, pos, got)
		}
	}
	g.mu.Unlock()
	now, err := ludo.ParsePosition(v.Position)
	if err != nil {
		return v.Version, err
	}
	last := states[len(states)-1]
	if now == last {
		return v.Version, nil
	}
	if last.Phase() == ludo.PhaseRoll {
		for _, o := range last.Outcomes() {
			swapped := ludo.Outcome{Face: o.Second, Second: o.Face} // Outcomes lists a pair of dice once, the lower first
			for _, o := range []ludo.Outcome{o, swapped} {
				if s, err := last.RollOutcome(o); err == nil && s == now {
					return v.Version, nil // a rolled die awaiting its move
				}
			}
		}
	}
	return v.Version, fmt.Errorf("game %s: the game stands at\n%s\nwhich is not where its %d plies lead, nor a roll from there:\n%s", g.ID, v.Position, len(rec.Plies), ludo.FormatPosition(last))
}
