package loadtest

import (
	"context"
	"errors"
	"fmt"
	"io"
	"time"
)

// Config is a run of the crash or load test.
type Config struct {
	Bin        string   // the ludo-server program
	StoreFlags []string // its store's flags: "-db", FILE or "-postgres", URL
	Games      int      // games played at once
	Presets    []string // the games' presets, in turn
	Players    int      // the players of each game; 0: its preset's
	Seed       uint64   // the first game's seed; the others' follow
	Log        io.Writer
	Timeout    time.Duration // the most the run may take
}

// CrashReport is what Crash saw.
type CrashReport struct {
	Before     Stats // the play until the kill
	After      Stats // the play after the restart, to the end
	Acked      int   // moves the server said it accepted before the kill
	Kept       int   // plies the store held after the restart
	Unanswered int   // plies held that no bot was told of: the server died before it answered
}

// Crash runs the crash test: it starts the server, has bots play the
// games until killAfter moves have been accepted in all, kills the
// server with SIGKILL as they play, starts it again on the same store,
// checks every game against what its bot was told (Verify), and plays
// them all to their end, checking them again.
func Crash(cfg Config, killAfter int) (CrashReport, error) {
	var rep CrashReport
	ctx, cancel := context.WithTimeout(context.Background(), cfg.Timeout)
	defer cancel()
	p, err := Start(cfg.Bin, cfg.StoreFlags, cfg.Log)
	if err != nil {
		return rep, err
	}
	defer func() { p.Kill() }()
	c := Client()
	games, err := Create(ctx, c, p.URL, cfg.Games, cfg.Presets, cfg.Players, cfg.Seed)
	if err != nil {
		return rep, err
	}
	killed := make(chan struct{})
	go func() {
		<-killed
		p.Kill() // in the midst of the bots' requests
	}()
	once := false
	rep.Before = Play(ctx, c, p.URL, games, func(moves int) bool {
		if moves >= killAfter && !once {
			once = true
			close(killed)
		}
		return false // the bots go on until the server is gone
	})
	if !once {
		return rep, fmt.Errorf("the games ended after %d moves, before the kill at %d", len(rep.Before.Moves), killAfter)
	}
	if len(rep.Before.Errors) > 0 {
		return rep, fmt.Errorf("before the kill: %w", errors.Join(rep.Before.Errors...))
	}
	for _, g := range games {
		v, _ := g.Acked()
		rep.Acked += v
	}
	if p, err = Start(cfg.Bin, cfg.StoreFlags, cfg.Log); err != nil {
		return rep, fmt.Errorf("restarting: %w", err)
	}
	for _, g := range games {
		v, err := Verify(ctx, c, p.URL, g)
		if err != nil {
			return rep, fmt.Errorf("after the restart: %w", err)
		}
		acked, _ := g.Acked()
		rep.Kept += v
		rep.Unanswered += v - acked
	}
	rep.After = Play(ctx, c, p.URL, games, nil)
	if err := check(rep.After, len(games)); err != nil {
		return rep, fmt.Errorf("after the restart: %w", err)
	}
	for _, g := range games {
		if _, err := Verify(ctx, c, p.URL, g); err != nil {
			return rep, fmt.Errorf("at the end: %w", err)
		}
	}
	return rep, p.Stop()
}

// check says what is wrong with a play that should have ended every game.
func check(st Stats, games int) error {
	var errs []error
	for status, n := range st.Status {
		if status >= 500 {
			errs = append(errs, fmt.Errorf("%d answers with status %d", n, status))
		}
	}
	errs = append(errs, st.Errors...)
	if st.Finished != games {
		errs = append(errs, fmt.Errorf("%d games of %d ended (%d lost the server)", st.Finished, games, st.ConnectionLost))
	}
	return errors.Join(errs...)
}

// LoadReport is what Load saw.
type LoadReport struct {
	Stats
	RSS, PeakRSS int64 // the server's resident memory at the end, and at its peak
	Plies        int
}

// Load runs the load test: it starts the server, creates the games and
// plays them all at once to their end, and measures each request and
// the server's memory.
func Load(cfg Config) (LoadReport, error) {
	var rep LoadReport
	ctx, cancel := context.WithTimeout(context.Background(), cfg.Timeout)
	defer cancel()
	p, err := Start(cfg.Bin, cfg.StoreFlags, cfg.Log)
	if err != nil {
		return rep, err
	}
	defer func() { p.Kill() }()
	c := Client()
	games, err := Create(ctx, c, p.URL, cfg.Games, cfg.Presets, cfg.Players, cfg.Seed)
	if err != nil {
		return rep, err
	}
	rep.Stats = Play(ctx, c, p.URL, games, nil)
	rep.RSS, rep.PeakRSS, _ = p.Memory()
	if err := check(rep.Stats, len(games)); err != nil {
		return rep, err
	}
	for _, g := range games {
		v, err := Verify(ctx, c, p.URL, g)
		if err != nil {
			return rep, err
		}
		rep.Plies += v
	}
	return rep, p.Stop()
}
