package loadtest

import (
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ludorules/ludo"
	"github.com/ludorules/ludo/server/internal/pgtest"
)

func TestMain(m *testing.M) {
	code := m.Run()
	pgtest.Stop()
	if binDir != "" {
		os.RemoveAll(binDir)
	}
	os.Exit(code)
}

var (
	buildOnce sync.Once
	bin       string
	binDir    string
	buildErr  error
)

// server builds cmd/ludo-server once for the tests.
func server(t *testing.T) string {
	buildOnce.Do(func() {
		binDir, buildErr = os.MkdirTemp("", "ludo-loadtest-")
		if buildErr == nil {
			bin, buildErr = Build("..", binDir)
		}
	})
	require.NoError(t, buildErr)
	return bin
}

// stores are the stores the crash test runs on: a SQLite file on disk,
// and a database of a throwaway PostgreSQL cluster.
var stores = []struct {
	name  string
	flags func(t *testing.T) []string
}{
	{"sqlite", func(t *testing.T) []string { return []string{"-db", filepath.Join(t.TempDir(), "games.db")} }},
	{"postgres", func(t *testing.T) []string { return []string{"-postgres", pgtest.Database(t)} }},
}

// TestCrash: bots play 24 two-player games (pachisi's four) of every
// preset over HTTP; the server is
// killed with SIGKILL once 400 moves were accepted, as the bots go on,
// and started again on the same store: every ply a bot was told was
// accepted is there, no game holds half a ply, and the bots play every
// game to its end. On SQLite and on PostgreSQL.
func TestCrash(t *testing.T) {
	for _, s := range stores {
		t.Run(s.name, func(t *testing.T) {
			rep, err := Crash(Config{
				Bin: server(t), StoreFlags: s.flags(t), Games: 24, Players: 2, Presets: ludo.Presets(), Seed: 1,
				Log: testLog{t}, Timeout: 5 * time.Minute,
			}, 400)
			require.NoError(t, err)
			t.Logf("%d moves accepted before the kill, %d plies kept (%d of them unanswered), %d moves after",
				rep.Acked, rep.Kept, rep.Unanswered, len(rep.After.Moves))
			assert.GreaterOrEqual(t, rep.Acked, 400)
			assert.GreaterOrEqual(t, rep.Kept, rep.Acked)
			assert.Positive(t, rep.Before.ConnectionLost, "the bots were playing when the server died")
			assert.Positive(t, len(rep.After.Moves))
		})
	}
}

// TestLoad: a small load test: 20 two-player games at once (pachisi's
// four), played to their end over HTTP with no 5xx, on SQLite. The load
// test proper is cmd/ludo-load's.
func TestLoad(t *testing.T) {
	rep, err := Load(Config{
		Bin: server(t), StoreFlags: stores[0].flags(t), Games: 20, Players: 2, Presets: ludo.Presets(), Seed: 100,
		Log: testLog{t}, Timeout: 5 * time.Minute,
	})
	require.NoError(t, err)
	assert.Equal(t, 20, rep.Finished)
	t.Logf("%d plies, move p50 %v p99 %v, peak memory %d MB", rep.Plies,
		Percentile(rep.Moves, 50), Percentile(rep.Moves, 99), rep.PeakRSS>>20)
}

// testLog writes the server's output to the test's log.
type testLog struct{ t *testing.T }

func (l testLog) Write(p []byte) (int, error) {
	l.t.Logf("server: %s", p)
	return len(p), nil
}
