// Command ludo-load runs the load test or the crash test of ludo-server
// on this machine, over the loopback address only: it builds the server
// (or takes -server), starts it on a store of its own, and has bots play
// games over HTTP, every seat of a game held by its bot, each game in a
// goroutine of its own.
//
//	go run ./cmd/ludo-load                          # load: 200 games at once to their end, on SQLite
//	go run ./cmd/ludo-load -store postgres          # the same on a throwaway PostgreSQL cluster
//	go run ./cmd/ludo-load -crash -kill-after 2000  # crash: SIGKILL mid-load, restart, check, play on
//
// The load test reports the games, plies and requests, the p50, p90 and
// p99 time of a move and of a roll as the bots saw it, the answers by
// status, and the server's resident memory at the end and at its peak;
// it fails on any 5xx or any game that did not end or does not check
// (loadtest.Verify). The crash test kills the server with SIGKILL once
// -kill-after moves were accepted, as the bots go on, starts it again on
// the same store, checks that every ply a bot was told was accepted is
// there and that no game holds half a ply, and plays every game to its
// end. With -store postgres the store is a throwaway cluster (initdb and
// pg_ctl of Debian's postgresql package, with PostgreSQL's durable
// defaults: fsync on), or -postgres URL.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/ludorules/ludo"
	"github.com/ludorules/ludo/server/internal/pgtest"
	"github.com/ludorules/ludo/server/loadtest"
)

func main() {
	if err := run(os.Args[1:], os.Stdout, os.Stderr); err != nil {
		if !errors.Is(err, flag.ErrHelp) {
			fmt.Fprintln(os.Stderr, "ludo-load:", err)
		}
		os.Exit(1)
	}
}

func run(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("ludo-load", flag.ContinueOnError)
	fs.SetOutput(stderr)
	games := fs.Int("games", 200, "games played at once")
	players := fs.Int("players", 0, "players of each game (0: each preset's)")
	presets := fs.String("presets", strings.Join(ludo.Presets(), ","), "the games' presets, taken in turn")
	seed := fs.Uint64("seed", 1, "the first game's seed; the others' follow")
	store := fs.String("store", "sqlite", "sqlite (a file in a temporary folder) or postgres")
	pgURL := fs.String("postgres", "", "with -store postgres, this database rather than a throwaway cluster")
	bin := fs.String("server", "", "the ludo-server program (default: go build ./cmd/ludo-server)")
	crash := fs.Bool("crash", false, "run the crash test rather than the load test")
	killAfter := fs.Int("kill-after", 2000, "with -crash, kill the server once this many moves were accepted")
	timeout := fs.Duration("timeout", 30*time.Minute, "the most the run may take")
	verbose := fs.Bool("v", false, "show the server's log")
	if err := fs.Parse(args); err != nil {
		return err
	}
	dir, err := os.MkdirTemp("", "ludo-load-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	if *bin == "" {
		fmt.Fprintln(stdout, "building ludo-server")
		if *bin, err = loadtest.Build(".", dir); err != nil {
			return err
		}
	}
	cfg := loadtest.Config{Bin: *bin, Games: *games, Players: *players, Presets: strings.Split(*presets, ","), Seed: *seed,
		Log: io.Discard, Timeout: *timeout}
	if *verbose {
		cfg.Log = stderr
	}
	switch *store {
	case "sqlite":
		cfg.StoreFlags = []string{"-db", filepath.Join(dir, "games.db")}
	case "postgres":
		if *pgURL == "" {
			fmt.Fprintln(stdout, "starting a throwaway PostgreSQL cluster")
			c, err := pgtest.StartDurable()
			if err != nil {
				return fmt.Errorf("%w; %s, or give -postgres", err, pgtest.Install)
			}
			defer c.Stop()
			if *pgURL, err = c.NewDatabase(); err != nil {
				return err
			}
		}
		cfg.StoreFlags = []string{"-postgres", *pgURL}
	default:
		return fmt.Errorf("-store %q: want sqlite or postgres", *store)
	}
	if *crash {
		fmt.Fprintf(stdout, "crash test: %d games on %s, SIGKILL after %d moves\n", *games, *store, *killAfter)
		rep, err := loadtest.Crash(cfg, *killAfter)
		fmt.Fprintf(stdout, "before the kill: %d moves accepted in %v, %d bots lost the server\n", rep.Acked, rep.Before.Elapsed.Round(time.Millisecond), rep.Before.ConnectionLost)
		fmt.Fprintf(stdout, "after the restart: %d plies kept (%d played but unanswered), every one checked; %d games played to their end with %d more moves in %v\n",
			rep.Kept, rep.Unanswered, rep.After.Finished, len(rep.After.Moves), rep.After.Elapsed.Round(time.Millisecond))
		if err != nil {
			return err
		}
		fmt.Fprintln(stdout, "crash test passed")
		return nil
	}
	fmt.Fprintf(stdout, "load test: %d games at once on %s\n", *games, *store)
	rep, err := loadtest.Load(cfg)
	report(stdout, rep)
	if err != nil {
		return err
	}
	fmt.Fprintln(stdout, "load test passed")
	return nil
}

// report prints what the load test measured.
func report(w io.Writer, rep loadtest.LoadReport) {
	ms := func(d time.Duration) string { return fmt.Sprintf("%.1f ms", float64(d)/1e6) }
	reqs := 0
	for _, n := range rep.Status {
		reqs += n
	}
	fmt.Fprintf(w, "%d games ended, %d plies, %d rolls and moves in %v (%.0f a second)\n", rep.Finished, rep.Plies, reqs,
		rep.Elapsed.Round(time.Millisecond), float64(reqs)/rep.Elapsed.Seconds())
	fmt.Fprintf(w, "move: p50 %s, p90 %s, p99 %s, max %s\n", ms(loadtest.Percentile(rep.Moves, 50)), ms(loadtest.Percentile(rep.Moves, 90)),
		ms(loadtest.Percentile(rep.Moves, 99)), ms(loadtest.Percentile(rep.Moves, 100)))
	fmt.Fprintf(w, "roll: p50 %s, p90 %s, p99 %s, max %s\n", ms(loadtest.Percentile(rep.Rolls, 50)), ms(loadtest.Percentile(rep.Rolls, 90)),
		ms(loadtest.Percentile(rep.Rolls, 99)), ms(loadtest.Percentile(rep.Rolls, 100)))
	fmt.Fprintf(w, "answers by status: %v\n", rep.Status)
	fmt.Fprintf(w, "server memory: %d MB resident at the end, %d MB at its peak\n", rep.RSS>>20, rep.PeakRSS>>20)
}
