// Package server is a Ludo game server over HTTP, built on package ludo:
// it keeps games in a database (SQLite, or PostgreSQL for several
// servers sharing games), gives each seat a secret credential, rolls the
// dice, judges every move by the rules, and serves a page to play in the
// browser. Command ludo-server (cmd/ludo-server) runs it:
//
//	go run ./cmd/ludo-server                  # SQLite, in the file ludo.db
//	go run ./cmd/ludo-server -postgres postgres://ludo@localhost/ludo
//
// Every response is JSON but the text record, the pages and the picture;
// an error is {"error": "...", "rule": "C10"}, with the library's error
// text and, for an illegal move, the rule it breaks. Request bodies are
// JSON objects (Content-Type: application/json, else 415) of at most
// 4 KiB; unknown fields are refused, and so is a key given twice in an
// object, in any case, as the library's JSON decoding refuses it.
//
//	POST   /games                 create a game: {"preset": "classic", "players": 2,
//	                              "dice": "server" or "client", "seed": 7, "join": {"color": "red", "name": "Ann"}},
//	                              or "rules" for "preset"; every field is optional; 201 with the game,
//	                              its owner's credential ("owner") and, with "join", the seat's ("credential")
//	GET    /games                 the newest games (?n=50): id, rules, phase, version, seats
//	GET    /games/{id}            the game: phase, version, turn, die, count, bonus, ranking, seats,
//	                              position, legal moves (?svg=1: and its picture)
//	DELETE /games/{id}            forget the game, with the owner's credential; 204
//	POST   /games/{id}/join       sit in a seat: {"color": "red", "name": "Ann"} (by default the first free
//	                              seat in the order of the turns); 201 with the seat's "credential"
//	POST   /games/{id}/roll       roll the die, with the credential of the seat whose turn it is:
//	                              {} for the server's dice, {"face": 4} for the client's ({"face": 6,
//	                              "second": 3} where the rules throw two dice); "version" optional
//	GET    /games/{id}/moves      the legal moves, numbered from 0 in canonical order (none while a roll is due)
//	POST   /games/{id}/move       play a move, with the credential of the seat whose turn it is:
//	                              {"move": "red 0: yard-0 enter"} (any text ludo.ParseMove reads: "0",
//	                              "pass", ...) or {"index": 0} (into the legal moves); "version" optional
//	GET    /games/{id}/events     server-sent events: "game" with the version and steps at once and at each change
//	GET    /games/{id}/record     the game record as JSON (ludo.Record)
//	GET    /games/{id}/record.txt the game record as text (what ludo.ParseRecord reads)
//	GET    /games/{id}/replay     the replay page (picture.WriteReplayHTML), up to the last move
//	GET    /games/{id}/board.svg  the position as package picture draws it
//	GET    /                      the page: create a game and sit, or pick one from the list
//	GET    /play/{id}             the page of a game: sit in a free seat, or watch; roll, and click a token
//	                              or a listed move; kept up to date by the game's events
//
// Seats. Each colour that plays has a seat; under TwoColorsEach (rule T3)
// one player's seat holds both colours of a team. Joining a free seat
// gives its credential, a secret of 26 letters and digits (130 random
// bits) shown once: the store keeps only its SHA-256. A roll or a move
// needs the credential of the seat whose turn it is, as
// "Authorization: Bearer" and the credential: without one, or with one
// that is no seat's of the game, the answer is 401 (with
// WWW-Authenticate: Bearer); with another seat's, 403. Anyone may watch:
// reading a game, its moves, record, replay, picture and events needs no
// credential. Creating a game gives its owner's credential, which may
// delete it and nothing else.
//
// Versions. A game's version is the number of plies played. A roll or a
// move may name the version it was made for ({"version": 12, "index":
// 0}); if the game has moved on (or is not yet there) it is refused with
// 409 and "stale": true, and changes nothing. Each request is judged in
// the database transaction that writes it, with the game's row locked,
// so of two clients racing with the same version exactly one wins. A
// game's "steps" count every change (rolls, plies, seats taken): a page
// looks again when they grow.
//
// Storage. A game is a row (its start, its position with any rolled die
// awaiting its move, version, seats, and the state of the server's
// dice) and its plies, one row each: its record is its log. The ply a
// move makes is written in the transaction that accepts it, together
// with the position it leads to, so the store never holds half a ply;
// a server restarted (or killed) goes on with every game where it stood,
// the server's dice with their seeded stream. SQLite (OpenSQLite, the
// pure-Go modernc.org/sqlite, WAL mode with synchronous=FULL) is the
// default; PostgreSQL (OpenPostgres, with pgx) lets several servers
// share the games, each event stream looking at its game in the store
// every second for changes other servers make.
//
// Rules. "preset" is read as the programs' -preset flag reads it: any of
// ludo.Presets (classic, mongolian, ludoking, ludoking6, maedn, maedn6,
// danish, parchis1, parchis6, fia, cocangua, naija, parcheesi, parchis,
// parchis6d, uckers, chinczyk, nontiarrabbiare, brasilpuc, brasil,
// eilemitweile, petitschevaux, pachisi), or rules as text with options,
// as "mongolian{Players:2}" (what a game's "rules" shows). Or "rules"
// gives them as ludo.Rules reads them from JSON, as the library's records
// and positions write them: the text as a string, or an object,
// {"Preset": "mongolian", "Players": 2}. Not both. "players", if given,
// sets the number of players of those rules; it defaults to the rules'
// (a preset's is 4, or 6 on a six-arm board: ludoking6, maedn6, parchis6,
// parchis6d).
//
// Bonus moves. Under parchis1, parchis6, brasilpuc and the two-dice
// Parchís games a capture earns a move of 20 and a piece brought home one
// of 10 (rule P8): a move due with no roll before it. The game then
// shows phase "move" with "bonus": true and the steps in "count"; the
// roll endpoint refuses (409, rule P8) until it is played with POST
// /games/{id}/move, by index or by its text as the moves list it, which
// says "bonus" ("red 0: 10-30 bonus"; a bare token number, which names a
// roll's move, is refused). The record writes such a ply with face 0.
//
// Two dice. Where the rules throw two dice (rule W1: naija, parcheesi,
// parchis, parchis6d, uckers), a roll throws both: the game shows "die"
// and "second", each die is a move of its own (a move lists the "die" it
// plays), and after the first die's move the other is due with no roll:
// the game shows phase "move" and the face played in "die_played", the
// roll endpoint refuses (409, rule W1) until the other die's move is
// played, and the record writes the throw's ply with both faces ("6,3")
// and the other die's with face 0, each move naming its die ("0: 0-3 die
// 3"). "dice_due" lists the faces still to play by amount, a played one
// 0 ([6, 3], then [0, 3]). Under parcheesi a double with every token out
// is played as tops and bottoms (rule H2): "tops_and_bottoms": true and
// four amounts, top, bottom, top, bottom ([4, 3, 4, 3]); the roll
// endpoint refuses (409, rule H2) while any is due. A bonus move a
// capture or a token home earns comes after the dice (rule W4): "bonus":
// true once they are played, and a roll is refused (409, rule W4). A
// move entering with both dice (rule H1) says "both" and lists
// "both_dice": true, its "die" their sum. The client's dice then give
// both faces, {"face": 6, "second": 3}; one face alone is refused, and so
// is a "second" where the rules throw one die (400, saying what to send).
//
// Cowries. Under pachisi a throw is six cowrie shells (rule X1): the game
// shows "cowries": true and the throw's count as "die" (2 to 6, 10 or
// 25); the client's "face" is that count ("faces" lists what a throw can
// show).
//
// Dice. A game's dice are chosen when it is created, once for the whole
// game. With "server" dice (the default) the server rolls: the client
// sends {} and learns the face from the answer. They are ludo.SeededDice
// from the game's seed ("seed", or one drawn from crypto/rand), so the
// game can be checked afterwards: the record names the seed once the game
// is over, not before, so that nobody can foresee the rolls. With
// "client" dice the seat whose turn it is gives each face (dice rolled at
// the table, say) and the server checks it. A roll that does not fit the
// game's dice is refused: the server's dice cannot be overridden.
//
// Limits. The store keeps at most -max-games games (default 100,000), of
// at most -max-plies plies each (default 10,000, and at most
// ludo.MaxRecordPlies, 100,000, so that a game's record reads back);
// with several servers on PostgreSQL, games created at once may pass the
// first limit by a few.
// Beyond a limit the server answers 409 and changes nothing: a new game
// while the store holds the most games, a roll (or a move no roll
// precedes: a bonus move, a throw's other die) while the game holds the
// most plies. A request body is at most 4 KiB (413 beyond), a player's
// name at most 64 bytes.
//
// Status codes: 200 done, 201 created, 204 deleted; 400 a malformed
// request (bad JSON, an unknown field, a key given twice, a face out of
// range, a roll that does not fit the game's dice, a move text that is
// not a move, rules or a number of players the library refuses); 401 no
// credential, or one of no seat of the game; 403 another seat's
// credential; 404 no such game; 405 a method the path does not take; 409
// the request does not fit the game (a roll while a move is due, a move
// while a roll is due, anything after the end, a stale version, a seat
// taken), or a limit is reached; 413 a body over the limit; 415 a body
// that is not JSON; 422 a move the rules forbid; 500 the store failed. A
// refused request changes nothing.
package server
