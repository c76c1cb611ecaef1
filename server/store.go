package server

import (
	"context"
	"errors"
	"time"

	"github.com/ludorules/ludo"
)

// Store keeps the games: each game's row (its position, version, seats
// and dice) and its plies, the game's record, which is its log. Two
// stores implement it, on SQLite ([OpenSQLite]) and on PostgreSQL
// ([OpenPostgres]); the server holds no game in memory between requests,
// so several servers may share one PostgreSQL store.
//
// Every change to a game goes through [Store.Update], in one transaction:
// the ply a move makes is written with the position it leads to, or
// neither is.
type Store interface {
	// Create stores a new game, g.ID unused, unless the store holds
	// maxGames games already (ErrFull).
	Create(ctx context.Context, g *Game, maxGames int) error
	// Get returns game id as it stands, without its plies, or
	// ErrNotFound.
	Get(ctx context.Context, id string) (*Game, error)
	// Update changes game id in one transaction: it locks the game's
	// row, reads it, calls change, and if change returns nil writes the
	// game as change left it, with the plies it added (Game.Add), and
	// commits; otherwise it rolls back, changing nothing, and returns
	// change's error. It returns the game as written, or ErrNotFound.
	Update(ctx context.Context, id string, change func(g *Game) error) (*Game, error)
	// Record returns game id and its plies, in order, read together,
	// or ErrNotFound.
	Record(ctx context.Context, id string) (*Game, []ludo.Ply, error)
	// List returns up to n games, newest first, without their plies.
	List(ctx context.Context, n int) ([]*Game, error)
	// Delete forgets game id and its plies, or returns ErrNotFound.
	Delete(ctx context.Context, id string) error
	// Close closes the store.
	Close() error
}

// Errors of a Store.
var (
	ErrNotFound = errors.New("no such game")
	ErrFull     = errors.New("the store holds its most games")
)

// Game is a game as the store holds it.
type Game struct {
	ID      string
	Start   ludo.State // where the game started: the record's start
	State   ludo.State // where it stands, a rolled die awaiting its move included
	Version int        // the plies played: len of the record's plies
	Steps   int        // the changes made since it was created: rolls, plies and joins; a page's cue to look again
	Client  bool       // the client gives the faces
	Seed    uint64     // the seed of the server's dice
	Dice    []byte     // the state of the server's dice (a rand.PCG's MarshalBinary); nil for the client's
	Seats   Seats      // who sits where
	Owner   string     // the SHA-256 of the owner's credential, hex, which may delete the game
	Created time.Time
	Updated time.Time

	added []ludo.Ply // plies added by the change under way (Update)
}

// Add appends a ply to the game's record, to be written by the Update
// under way.
func (g *Game) Add(p ludo.Ply) {
	g.added = append(g.added, p)
	g.Version++
}

// Seats are a game's seats, by colour: where a colour is sat, its
// player's name and the SHA-256 of the seat's credential (hex).
type Seats [ludo.MaxPlayers]Seat

// Seat is one colour's seat.
type Seat struct {
	Name string `json:"name,omitempty"`
	Key  string `json:"key,omitempty"` // hex SHA-256 of the credential; "" for a free seat
}

// Taken reports whether someone sits in the seat.
func (s Seat) Taken() bool { return s.Key != "" }
