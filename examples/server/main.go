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
// objects of at most 4 KiB; unknown fields are refused, and so is a key
// given twice in an object, in any case, as the library's JSON decoding
// refuses it.
//
//	POST   /games                 create a game: {"preset": "classic", "players": 2,
//	                              "dice": "server" or "client", "seed": 7, "names": {"red": "Ann"}},
//	                              or "rules" for "preset"; every field is optional; 201 with the game
//	GET    /games/{id}            the game: phase, turn, die, count, bonus, ranking, position, legal moves
//	DELETE /games/{id}            forget the game; 204
//	POST   /games/{id}/roll       roll the die: {} for the server's dice, {"face": 4} for the client's
//	                              ({"face": 6, "second": 3} where the rules throw two dice)
//	GET    /games/{id}/moves      the legal moves, numbered from 0 in canonical order (none while a roll is due)
//	POST   /games/{id}/move       play a move: {"move": "red 0: yard-0 enter"} (any text ludo.ParseMove
//	                              reads: "0", "pass", ...) or {"index": 0} (into the legal moves)
//	GET    /games/{id}/record     the game record as JSON (ludo.Record)
//	GET    /games/{id}/record.txt the game record as text (what ludo.ParseRecord reads)
//	GET    /games/{id}/replay     the replay page (picture.WriteReplayHTML), up to the last move
//
// Rules. "preset" is read as the programs' -preset flag reads it
// (examples/playout, examples/replay-html): any of ludo.Presets (classic,
// mongolian, ludoking, ludoking6, maedn, maedn6, danish, parchis1,
// parchis6, fia, cocangua, naija), or rules as text with options, as
// "mongolian{Players:2}" (what a game's "rules" shows). Or "rules" gives
// them as ludo.Rules reads them from JSON, as the library's records and
// positions write them: the text as a string, or an object,
// {"Preset": "mongolian", "Players": 2}. Not both. "players", if given,
// sets the number of players of those rules; it defaults to the rules'
// (a preset's is 4, or 6 on a six-arm board).
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
// Two dice. Where the rules throw two dice (rule W1; naija), a roll
// throws both: the game shows "die" and "second", each die is a move of
// its own (a move lists the "die" it plays), and after the first die's
// move the other is due with no roll: the game shows phase "move" and
// the face played in "die_played", the roll endpoint refuses (409, rule
// W1) until the other die's move is played, and the record writes the
// throw's ply with both faces ("6,3") and the other die's with face 0,
// each move naming its die ("0: 0-3 die 3"). "dice_due" lists the faces
// still to play by amount, a played one 0 ([6, 3], then [0, 3]). Under
// parcheesi a double with every token out is played as tops and bottoms
// (rule H2): "tops_and_bottoms": true and four amounts, top, bottom, top,
// bottom ([4, 3, 4, 3]); the roll endpoint refuses (409, rule H2) while
// any is due. A bonus move a capture or a token home earns comes after
// the dice (rule W4): "bonus": true once they are played, and a roll is
// refused (409, rule W4). A move entering with both dice (rule H1) says
// "both" and lists "both_dice": true, its "die" their sum. The client's
// dice then give both faces, {"face": 6, "second": 3}; one face alone is
// refused, and so is a "second" where the rules throw one die (400,
// saying what to send).
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
// Limits. The server holds at most -max-games games (default 10,000), of
// at most -max-plies plies each (default 10,000, and at most
// ludo.MaxRecordPlies, 100,000, so that a game's record reads back), and
// at most -max-total-plies plies in all (default 5,000,000), a rolled die
// awaiting its move counting as a ply. Beyond a limit it answers 409 and
// changes nothing: a new game while it holds the most games, a roll (or a
// move no roll precedes: a bonus move, a throw's other die) while the game or the store holds
// the most plies; deleting a game frees its plies. A request body is at
// most 4 KiB (413 beyond), a player's name at most 64 bytes. Measured: a
// ply takes about 56 bytes of memory and a game about 600 more, so the
// defaults bound the games near 300 MB; a game of 10,000 plies has a
// replay page of about 2 MB. Games take far fewer plies: the longest of
// 3,000 seeded random games of each preset, with its players, took 4,375
// (maedn6); on seven of the twelve presets none took 1,000 (naija's
// longest took 354).
//
// Status codes: 200 done, 201 created, 204 deleted; 400 a malformed
// request (bad JSON, an unknown field, a key given twice, a face out of
// range, a roll that does not fit the game's dice: a face for the
// server's dice, none for the client's, one where the rules throw two or
// two where they throw one; a move text that is not a move,
// rules or a number of players the library refuses); 404 no such game;
// 405 a method the path does not take; 409 the request does not fit the
// game's phase (a roll while a move is due, a bonus move or a throw's
// other die included, a
// move while a roll is due, anything after the end), or a limit is
// reached; 413 a body
// over the limit; 422 a move the rules forbid. A refused request changes
// nothing.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"net/http"
	"os"
	"time"

	"github.com/ludorules/ludo"
	"github.com/ludorules/ludo/internal/echo"
)

func main() {
	addr, limit, err := parseFlags(os.Args[1:], os.Stderr)
	switch {
	case errors.Is(err, flag.ErrHelp):
		os.Exit(0)
	case err != nil:
		os.Exit(2)
	}
	srv := &http.Server{
		Addr:              addr,
		Handler:           newServer(limit),
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       10 * time.Second,
		WriteTimeout:      30 * time.Second,
		MaxHeaderBytes:    1 << 16,
	}
	log.Printf("serving Ludo games on http://%s/games", addr)
	log.Fatal(srv.ListenAndServe())
}

// parseFlags reads the arguments (without the program name) and returns
// the address to listen on and the limits. A usage error is written to
// stderr with the usage and returned; -h gives flag.ErrHelp.
func parseFlags(args []string, stderr io.Writer) (string, limits, error) {
	fs := flag.NewFlagSet("server", flag.ContinueOnError)
	fs.SetOutput(stderr)
	addr := fs.String("addr", "localhost:8080", "the address to listen on")
	limit := defaultLimits
	fs.IntVar(&limit.games, "max-games", limit.games, "the most games kept in memory at once")
	fs.IntVar(&limit.plies, "max-plies", limit.plies, fmt.Sprintf("the most plies a game may have, at most %d (ludo.MaxRecordPlies)", ludo.MaxRecordPlies))
	fs.IntVar(&limit.total, "max-total-plies", limit.total, "the most plies all games may have together, a rolled die awaiting its move counting as a ply")
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: server [flags]\n\nServes Ludo games over HTTP (see the package documentation for the API and its limits).\n\nFlags:\n")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return "", limit, err
	}
	err := limit.check()
	if fs.NArg() > 0 {
		err = fmt.Errorf("unexpected argument %s", echo.Quote(fs.Arg(0)))
	}
	if err != nil {
		fmt.Fprintf(stderr, "server: %v\n", err)
		fs.Usage()
	}
	return *addr, limit, err
}
