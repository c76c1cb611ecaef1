// Command ludo-server serves Ludo games over HTTP: seats with secret
// credentials, games kept in SQLite or PostgreSQL, and a page to play
// in the browser. The API and its limits are in the documentation of
// package github.com/ludorules/ludo/server.
//
//	go run ./cmd/ludo-server                          # SQLite, in ludo.db in the current folder
//	go run ./cmd/ludo-server -db /var/lib/ludo/games.db
//	go run ./cmd/ludo-server -postgres postgres://ludo@localhost/ludo
//	go run ./cmd/ludo-server -addr :8080 -max-games 1000
//
// With no flags it listens on localhost:8080 and keeps the games in the
// SQLite file ludo.db, which it creates if need be and names as it
// starts; -postgres points it at a PostgreSQL database instead, which
// several servers may share. A restarted server goes on with every game
// where it stood. SIGINT or SIGTERM stop it after the requests under
// way.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"
	"time"

	"github.com/ludorules/ludo/server"
)

// config is what the flags say.
type config struct {
	addr     string
	db       string
	postgres string
	limit    server.Limits
}

func main() {
	cfg, err := parseFlags(os.Args[1:], os.Stderr)
	switch {
	case errors.Is(err, flag.ErrHelp):
		os.Exit(0)
	case err != nil:
		os.Exit(2)
	}
	if err := run(cfg); err != nil {
		log.Fatal(err)
	}
}

// parseFlags reads the arguments (without the program name). A usage
// error is written to stderr with the usage and returned; -h gives
// flag.ErrHelp.
func parseFlags(args []string, stderr io.Writer) (config, error) {
	fs := flag.NewFlagSet("ludo-server", flag.ContinueOnError)
	fs.SetOutput(stderr)
	cfg := config{limit: server.DefaultLimits}
	fs.StringVar(&cfg.addr, "addr", "localhost:8080", "the address to listen on")
	fs.StringVar(&cfg.db, "db", "ludo.db", "the SQLite file that keeps the games (created if need be)")
	fs.StringVar(&cfg.postgres, "postgres", "", "keep the games in this PostgreSQL database instead, as postgres://user:password@host:5432/db")
	fs.IntVar(&cfg.limit.Games, "max-games", cfg.limit.Games, "the most games the store keeps")
	fs.IntVar(&cfg.limit.Plies, "max-plies", cfg.limit.Plies, "the most plies a game may have, at most 100000 (ludo.MaxRecordPlies)")
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: ludo-server [flags]\n\nServes Ludo games over HTTP, kept in SQLite (-db) or PostgreSQL (-postgres).\n\nFlags:\n")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return cfg, err
	}
	err := cfg.limit.Check()
	if fs.NArg() > 0 {
		err = fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	if err != nil {
		fmt.Fprintf(stderr, "ludo-server: %v\n", err)
		fs.Usage()
	}
	return cfg, err
}

func run(cfg config) error {
	var (
		store server.Store
		where string
		err   error
	)
	if cfg.postgres != "" {
		store, err = server.OpenPostgres(cfg.postgres)
		where = "in PostgreSQL"
	} else {
		path, _ := filepath.Abs(cfg.db)
		store, err = server.OpenSQLite(path)
		where = "in the SQLite file " + path
	}
	if err != nil {
		return err
	}
	defer store.Close()
	ln, err := net.Listen("tcp", cfg.addr)
	if err != nil {
		return err
	}
	srv := &http.Server{
		Handler:           server.New(store, cfg.limit, nil),
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       10 * time.Second,
		WriteTimeout:      30 * time.Second,
		IdleTimeout:       2 * time.Minute,
		MaxHeaderBytes:    1 << 16,
	}
	log.Printf("serving Ludo on http://%s/ with the games %s", ln.Addr(), where)
	stop, cancel := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer cancel()
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ln) }()
	select {
	case err := <-served:
		return err
	case <-stop.Done():
	}
	log.Printf("stopping")
	ctx, done := context.WithTimeout(context.Background(), 10*time.Second)
	defer done()
	return srv.Shutdown(ctx)
}
