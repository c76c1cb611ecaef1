// Command server is a Ludo game server over HTTP, built on package ludo
// with net/http and the standard library alone: it keeps games in
// memory, rolls their dice, judges every move by the rules and serves
// each game's record and replay page.
//
//	go run ./examples/server -addr localhost:8080
//
// Every response is JSON but the text record and the replay page; an
// error is {"error": "...", "rule": "C10"}, with the library's error text
// and, for an illegal move, the rule it breaks. Request bodies are JSON
// objects of at most 4 KiB; unknown fields are refused.
//
//	POST   /games                 create a game: {"preset": "classic", "players": 2,
//	                              "dice": "server" or "client", "seed": 7, "names": {"red": "Ann"}};
//	                              every field is optional; 201 with the game
//	GET    /games/{id}            the game: phase, turn, die, count, bonus, ranking, position, legal moves
//	DELETE /games/{id}            forget the game; 204
//	POST   /games/{id}/roll       roll the die: {} for the server's dice, {"face": 4} for the client's
//	GET    /games/{id}/moves      the legal moves, numbered from 0 in canonical order (none while a roll is due)
//	POST   /games/{id}/move       play a move: {"move": "red 0: yard-0 enter"} (any text ludo.ParseMove
//	                              reads: "0", "pass", ...) or {"index": 0} (into the legal moves)
//	GET    /games/{id}/record     the game record as JSON (ludo.Record)
//	GET    /games/{id}/record.txt the game record as text (what ludo.ParseRecord reads)
//	GET    /games/{id}/replay     the replay page (picture.WriteReplayHTML), up to the last move
//
// Presets. "preset" is any of ludo.Presets (classic, mongolian, ludoking,
// ludoking6, maedn, maedn6, danish, parchis1, parchis6, fia, cocangua);
// "players" defaults to the preset's (4, or 6 on a six-arm board).
//
// Bonus moves. Under Parchís (parchis1, parchis6) a capture earns a move
// of 20 and a piece brought home one of 10 (rule P8): a move due with no
// roll before it. The game then shows phase "move" with "bonus": true and
// the steps in "count"; the roll endpoint refuses (409, rule P8) until it
// is played with POST /games/{id}/move, by index or by its text as the
// moves list it, which says "bonus" ("red 0: 10-30 bonus"; a bare token
// number, which names a roll's move, is refused). The record writes such
// a ply with face 0.
//
// Dice. A game's dice are chosen when it is created, once for the whole
// game. With "server" dice (the default) the server rolls: the client
// sends {} and learns the face from the answer. They are ludo.SeededDice
// from the game's seed ("seed", or one drawn from crypto/rand), so the
// game can be checked afterwards: the record names the seed once the game
// is over, not before, so that nobody can foresee the rolls. With
// "client" dice the client gives each face (dice rolled at the table,
// say) and the server checks it is 1 to 6. A roll that does not fit the
// game's dice is refused: the server's dice cannot be overridden.
//
// Status codes: 200 done, 201 created, 204 deleted; 400 a malformed
// request (bad JSON, an unknown field, a face out of range, a move text
// that is not a move, a preset or number of players the rules refuse);
// 404 no such game; 405 a method the path does not take; 409 the request
// does not fit the game's phase (a roll while a move is due, a bonus move
// included, a move while a roll is due, anything after the end) or its dice, or the store is
// full, or the game reached its ply limit; 413 a body over the limit; 422
// a move the rules forbid. A refused request changes nothing.
package main

import (
	"flag"
	"fmt"
	"log"
	"net/http"
	"os"
	"time"
)

func main() {
	addr := flag.String("addr", "localhost:8080", "the address to listen on")
	maxGames := flag.Int("max-games", 10000, "the most games kept in memory at once")
	maxPlies := flag.Int("max-plies", 100000, "the most plies a game may have")
	flag.Usage = func() {
		fmt.Fprintf(os.Stderr, "usage: server [flags]\n\nServes Ludo games over HTTP (see the package documentation for the API).\n\nFlags:\n")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() > 0 {
		fmt.Fprintf(os.Stderr, "server: unexpected argument %q\n", flag.Arg(0))
		flag.Usage()
		os.Exit(2)
	}
	if *maxGames < 1 || *maxPlies < 1 {
		fmt.Fprintln(os.Stderr, "server: -max-games and -max-plies must be at least 1")
		os.Exit(2)
	}
	srv := &http.Server{
		Addr:              *addr,
		Handler:           newServer(*maxGames, *maxPlies),
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       10 * time.Second,
		WriteTimeout:      30 * time.Second,
		MaxHeaderBytes:    1 << 16,
	}
	log.Printf("serving Ludo games on http://%s/games", *addr)
	log.Fatal(srv.ListenAndServe())
}
