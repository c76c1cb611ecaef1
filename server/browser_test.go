package server

import (
	"encoding/json"
	"fmt"
	"io"
	"log"
	"math/rand/v2"
	"net/http/httptest"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ludorules/ludo"
	"github.com/ludorules/ludo/internal/devtools"
	"github.com/ludorules/ludo/server/internal/cdp"
)

// RequireChromium is the environment variable that makes a missing
// Chromium a failure of the browser test rather than a skip.
const RequireChromium = "LUDO_SERVER_REQUIRE_CHROMIUM"

// TestBrowser plays whole games through the page in a real headless
// Chromium, between two people, each in a browser context of their own:
// Ann creates the game in the lobby's form and sits; Bo opens the game's
// page and sits in the other seat; each then rolls and moves on their
// turn by clicking, a token where it has one move, a listed move where
// it has several, and sees the other's plies as they are played (the
// game's events). A Classic game and a Parcheesi game (two dice, tops
// and bottoms, bonus moves) are played to their end. With
// LUDO_SERVER_SCREENSHOT=FILE.png a screenshot of Ann's page mid-game is
// written there.
func TestBrowser(t *testing.T) {
	path, err := devtools.Find()
	if err != nil {
		if os.Getenv(RequireChromium) != "" {
			t.Fatalf("%v, and %s is set", err, RequireChromium)
		}
		t.Skipf("%v: to run the browser test, install Debian's chromium package (apt-get install chromium)", err)
	}
	store := sqliteStore(t)
	srv := httptest.NewServer(New(store, DefaultLimits, log.New(io.Discard, "", 0)))
	t.Cleanup(srv.Close)
	b, err := cdp.Start(path, io.Discard)
	require.NoError(t, err)
	t.Cleanup(b.Close)
	for k, game := range []struct{ preset, label string }{{"classic", "classic"}, {"parcheesi", "parcheesi"}} {
		t.Run(game.preset, func(t *testing.T) {
			shot := ""
			if k == 0 {
				shot = os.Getenv("LUDO_SERVER_SCREENSHOT")
			}
			playInBrowser(t, b, srv.URL, store, game.preset, uint64(k+1), shot)
		})
	}
}

// playInBrowser plays a two-player game of the preset through the page.
func playInBrowser(t *testing.T, b *cdp.Browser, url string, store Store, preset string, seed uint64, shot string) {
	ann, err := b.NewTab(1200, 900)
	require.NoError(t, err)
	bo, err := b.NewTab(1200, 900)
	require.NoError(t, err)
	const wait = 15 * time.Second

	// Ann creates the game in the lobby, and sits.
	require.NoError(t, ann.Navigate(url+"/"))
	require.NoError(t, ann.WaitFor(`document.body.dataset.ready === "lobby"`, wait))
	require.NoError(t, ann.Eval(fmt.Sprintf(`document.getElementById("preset").value = %q; document.getElementById("players").value = "2"`, preset), nil))
	require.NoError(t, ann.Type("#name", "Ann"))
	require.NoError(t, ann.Click("#create-button"))
	require.NoError(t, ann.WaitFor(`location.pathname.startsWith("/play/") && document.body.dataset.ready === "game" && document.body.dataset.you !== undefined`, wait))
	where, err := ann.String("location.pathname")
	require.NoError(t, err)
	id := strings.TrimPrefix(where, "/play/")
	require.NoError(t, ann.WaitFor(`document.body.dataset.you === "red"`, wait))

	// Bo opens the game's page, sees it in the lobby too, and sits.
	require.NoError(t, bo.Navigate(url+"/"))
	require.NoError(t, bo.WaitFor(`document.body.dataset.ready === "lobby"`, wait))
	require.NoError(t, bo.WaitFor(fmt.Sprintf(`[...document.querySelectorAll("#games a")].some((a) => a.href.endsWith(%q))`, "/play/"+id), wait))
	require.NoError(t, bo.Click(fmt.Sprintf(`#games a[href="/play/%s"]`, id)))
	require.NoError(t, bo.WaitFor(`document.body.dataset.ready === "game" && document.querySelector("button.sit") !== null`, wait))
	you, err := bo.String(`document.body.dataset.you`)
	require.NoError(t, err)
	assert.Empty(t, you, "Bo watches before sitting")
	require.NoError(t, bo.Type("#seat-name", "Bo"))
	require.NoError(t, bo.Click(`button.sit[data-color="yellow"]`))
	require.NoError(t, bo.WaitFor(`document.body.dataset.you === "yellow"`, wait))
	// Ann sees Bo sit, without reloading.
	require.NoError(t, ann.WaitFor(`document.getElementById("seats").textContent.includes("yellow: Bo")`, wait))

	tabs := map[string]*cdp.Tab{"red": ann, "yellow": bo}
	pick := rand.New(rand.NewPCG(seed, 77))
	clicks := map[string]int{}
	for n := 0; ; n++ {
		require.Less(t, n, 20000, "the game does not end")
		g, err := store.Get(t.Context(), id)
		require.NoError(t, err)
		steps := strconv.Itoa(g.Steps)
		// Both pages show the game as it stands: the events told them.
		for name, tab := range tabs {
			require.NoError(t, tab.WaitFor(`document.body.dataset.steps === `+strconv.Quote(steps), wait), "%s's page at step %s", name, steps)
		}
		if g.State.Phase() == ludo.PhaseOver {
			break
		}
		turn := g.State.Turn().String()
		tab := tabs[turn]
		other := tabs[map[string]string{"red": "yellow", "yellow": "red"}[turn]]
		var mine string
		require.NoError(t, other.Eval(`document.body.dataset.mine`, &mine))
		require.Equal(t, "no", mine, "the other page offers no play")
		require.Zero(t, count(t, other, "#roll, #moves button, #board g.tok.movable"), "the other page offers no play")
		if n == 40 && shot != "" {
			png, err := tab.Screenshot()
			require.NoError(t, err)
			require.NoError(t, os.WriteFile(shot, png, 0o644))
		}
		if g.State.Phase() == ludo.PhaseRoll {
			require.NoError(t, tab.Click("#roll"))
			clicks["roll"]++
		} else {
			moves := g.State.LegalMoves()
			require.Equal(t, len(moves), count(t, tab, "#moves button"), "the moves listed")
			k := pick.IntN(len(moves))
			m := moves[k]
			// The token's stack on the board, if the move has a token and
			// the stack that one move alone.
			sel := ""
			if !m.IsPass() {
				var stack string
				require.NoError(t, tab.Eval(fmt.Sprintf(`(() => {
  const g = [...document.querySelectorAll('#board g.tok.movable[data-color="%s"]')].find((e) => e.dataset.tokens.split(" ").includes("%d"));
  return g ? g.dataset.square + "|" + g.dataset.tokens : "";
})()`, m.Color(), m.Token()), &stack))
				require.NotEmpty(t, stack, "the token of %v is ringed", m)
				square, tokens, _ := strings.Cut(stack, "|")
				same := 0
				for _, o := range moves {
					if !o.IsPass() && o.Color() == m.Color() && strings.Contains(" "+tokens+" ", fmt.Sprintf(" %d ", o.Token())) {
						same++
					}
				}
				if same == 1 {
					sel = fmt.Sprintf(`#board g.tok.movable[data-color="%s"][data-square="%s"][data-tokens="%s"]`, m.Color(), square, tokens)
				}
			}
			if sel != "" {
				require.NoError(t, tab.Click(sel))
				clicks["token"]++
			} else {
				require.NoError(t, tab.Click(fmt.Sprintf(`#moves button[data-index="%d"]`, k)))
				clicks["list"]++
			}
		}
		// The click is played: the game moves on.
		deadline := time.Now().Add(wait)
		for {
			now, err := store.Get(t.Context(), id)
			require.NoError(t, err)
			if now.Steps > g.Steps {
				break
			}
			var msg string
			require.NoError(t, tab.Eval(`document.getElementById("msg").textContent`, &msg))
			require.Empty(t, msg, "the page says")
			require.True(t, time.Now().Before(deadline), "the click at step %d did nothing", g.Steps)
			time.Sleep(5 * time.Millisecond)
		}
	}
	t.Logf("%s: clicks %v", preset, clicks)
	assert.Positive(t, clicks["token"], "moves played by clicking a token")
	assert.Positive(t, clicks["list"], "moves played from the list")
	for name, tab := range tabs {
		status, err := tab.String(`document.getElementById("status").textContent`)
		require.NoError(t, err)
		assert.True(t, strings.HasPrefix(status, "Game over: 1. "), "%s's page says %q", name, status)
	}
	g, plies, err := store.Record(t.Context(), id)
	require.NoError(t, err)
	rec := g.record(plies)
	assert.Equal(t, "Ann", rec.Names[ludo.Red])
	assert.Equal(t, "Bo", rec.Names[ludo.Yellow])
	assert.True(t, rec.Seeded, "the seed is shown once the game is over")
	states, err := rec.Replay()
	require.NoError(t, err)
	assert.Equal(t, ludo.PhaseOver, states[len(states)-1].Phase())
	r, _ := ludo.Preset(preset)
	r.Players = 2
	assert.Equal(t, r.String(), g.State.Rules().String())
}

// count returns how many elements of the tab's page match the selector.
func count(t *testing.T, tab *cdp.Tab, selector string) int {
	var n json.Number
	require.NoError(t, tab.Eval(fmt.Sprintf(`document.querySelectorAll(%q).length`, selector), &n))
	k, _ := n.Int64()
	return int(k)
}
