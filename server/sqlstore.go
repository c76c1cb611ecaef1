package server

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // the "pgx" driver
	"github.com/ludorules/ludo"
	_ "modernc.org/sqlite" // the "sqlite" driver
)

// sqlStore is the Store on a database/sql database: SQLite or
// PostgreSQL, which differ in a few words of their SQL (dialect).
//
// A game is a row of table games, its position (as ludo.FormatPosition
// writes it) and version beside its seats and dice, and a row of table
// plies for each ply, numbered from 1. Update reads and locks the row
// (SELECT … FOR UPDATE on PostgreSQL; on SQLite the transaction takes
// the database's write lock as it begins), and writes the row and the
// new plies before it commits.
type sqlStore struct {
	write *sql.DB // the pool that writes (SQLite: one connection)
	read  *sql.DB // the pool that reads (SQLite: several, as WAL allows)
	d     dialect

	// Statements prepared as the store opens (SQLite would compile
	// each anew each time it runs): on the write pool, used in its
	// transactions, and on the read pool.
	lock, insertPly, update *sql.Stmt
	get                     *sql.Stmt
}

// prepare prepares the store's statements.
func (s *sqlStore) prepare(ctx context.Context) error {
	for _, p := range []struct {
		st    **sql.Stmt
		db    *sql.DB
		query string
	}{
		{&s.lock, s.write, `SELECT ` + gameColumns + ` FROM games WHERE id = ?` + s.d.forUpdate},
		{&s.insertPly, s.write, `INSERT INTO plies (game, n, player, face, second, move) VALUES (?, ?, ?, ?, ?, ?)`},
		{&s.update, s.write, `UPDATE games SET state = ?, version = ?, steps = ?, dice = ?, seats = ?, updated = ? WHERE id = ?`},
		{&s.get, s.read, `SELECT ` + gameColumns + ` FROM games WHERE id = ?`},
	} {
		st, err := p.db.PrepareContext(ctx, s.d.q(p.query))
		if err != nil {
			return err
		}
		*p.st = st
	}
	return nil
}

// dialect is what differs between the two databases.
type dialect struct {
	name      string
	blob      string // the type of bytes
	forUpdate string // what locks the rows a SELECT reads
	dollar    bool   // placeholders are $1, $2, … rather than ?
}

var (
	sqliteDialect   = dialect{name: "SQLite", blob: "BLOB"}
	postgresDialect = dialect{name: "PostgreSQL", blob: "BYTEA", forUpdate: " FOR UPDATE", dollar: true}
)

// q rewrites a query written with ? placeholders for the dialect.
func (d dialect) q(query string) string {
	if !d.dollar {
		return query
	}
	var b strings.Builder
	n := 0
	for _, r := range query {
		if r == '?' {
			n++
			b.WriteString("$" + strconv.Itoa(n))
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

func (d dialect) schema() []string {
	return []string{
		`CREATE TABLE IF NOT EXISTS games (
	id      TEXT PRIMARY KEY,
	start   TEXT NOT NULL,
	state   TEXT NOT NULL,
	version INTEGER NOT NULL,
	steps   INTEGER NOT NULL,
	client  INTEGER NOT NULL,
	seed    BIGINT NOT NULL,
	dice    ` + d.blob + `,
	seats   TEXT NOT NULL,
	owner   TEXT NOT NULL,
	created BIGINT NOT NULL,
	updated BIGINT NOT NULL
)`,
		`CREATE INDEX IF NOT EXISTS games_created ON games (created)`,
		`CREATE TABLE IF NOT EXISTS plies (
	game   TEXT NOT NULL,
	n      INTEGER NOT NULL,
	player TEXT NOT NULL,
	face   INTEGER NOT NULL,
	second INTEGER NOT NULL,
	move   TEXT NOT NULL,
	PRIMARY KEY (game, n)
)`,
	}
}

// OpenSQLite opens (creating it if need be) the SQLite store in the
// file at path, in WAL mode with synchronous=FULL: a transaction is on
// disk when it commits.
func OpenSQLite(path string) (Store, error) {
	dsn := "file:" + (&url.URL{Path: path}).EscapedPath() +
		"?_pragma=journal_mode(WAL)&_pragma=synchronous(FULL)&_pragma=busy_timeout(10000)"
	// The writer's transactions take the write lock as they begin
	// (BEGIN IMMEDIATE), so that two servers on one file wait for each
	// other rather than fail; the readers' begin as readers, on a
	// snapshot of the file (WAL).
	write, err := sql.Open("sqlite", dsn+"&_txlock=immediate")
	if err != nil {
		return nil, err
	}
	write.SetMaxOpenConns(1) // SQLite writes one transaction at a time
	read, err := sql.Open("sqlite", dsn)
	if err != nil {
		write.Close()
		return nil, err
	}
	read.SetMaxOpenConns(4)
	s := &sqlStore{write: write, read: read, d: sqliteDialect}
	if err := s.init(); err != nil {
		s.Close()
		return nil, fmt.Errorf("SQLite store %s: %w", path, err)
	}
	return s, nil
}

// OpenPostgres opens the PostgreSQL store at url (as
// "postgres://user@host:5432/db"), creating its tables if need be.
// Several servers may share it.
func OpenPostgres(url string) (Store, error) {
	db, err := sql.Open("pgx", url)
	if err != nil {
		return nil, err
	}
	db.SetMaxOpenConns(32)
	db.SetMaxIdleConns(32)
	s := &sqlStore{write: db, read: db, d: postgresDialect}
	if err := s.init(); err != nil {
		s.Close()
		return nil, fmt.Errorf("PostgreSQL store: %w", err)
	}
	return s, nil
}

func (s *sqlStore) init() error {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	for _, stmt := range s.d.schema() {
		if _, err := s.write.ExecContext(ctx, stmt); err != nil {
			return err
		}
	}
	return s.prepare(ctx)
}

func (s *sqlStore) Close() error {
	for _, st := range []*sql.Stmt{s.lock, s.insertPly, s.update, s.get} {
		if st != nil {
			st.Close()
		}
	}
	err := s.write.Close()
	if s.read != s.write {
		err = errors.Join(err, s.read.Close())
	}
	return err
}

const gameColumns = `id, start, state, version, steps, client, seed, dice, seats, owner, created, updated`

// scanGame reads a row of gameColumns.
func scanGame(row interface{ Scan(...any) error }) (*Game, error) {
	var (
		g              Game
		start, state   string
		client         int
		seed           int64
		seats          string
		created, upd   int64
		dice           []byte
		version, steps int64
	)
	if err := row.Scan(&g.ID, &start, &state, &version, &steps, &client, &seed, &dice, &seats, &g.Owner, &created, &upd); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return nil, ErrNotFound
		}
		return nil, err
	}
	var err error
	if g.Start, err = parsePosition(start); err != nil {
		return nil, fmt.Errorf("game %s: its start in the store: %w", g.ID, err)
	}
	if g.State, err = parsePosition(state); err != nil {
		return nil, fmt.Errorf("game %s: its position in the store: %w", g.ID, err)
	}
	if err := json.Unmarshal([]byte(seats), &g.Seats); err != nil {
		return nil, fmt.Errorf("game %s: its seats in the store: %w", g.ID, err)
	}
	g.Version, g.Steps, g.Client, g.Seed, g.Dice = int(version), int(steps), client != 0, uint64(seed), dice
	g.Created, g.Updated = time.UnixMilli(created), time.UnixMilli(upd)
	return &g, nil
}

// positions holds positions read or written lately, by their text:
// reading a position is much of the cost of reading a game, and the
// position read is most often the one this server wrote as the game's
// last change, or a start that many games share. ParsePosition is a
// function of the text alone, so a position found here is the one the
// text reads as, whoever wrote it.
var positions struct {
	sync.Mutex
	m map[string]ludo.State
}

// maxPositions bounds the positions kept (a few MB): past it they are
// forgotten all at once.
const maxPositions = 20_000

// parsePosition reads a position, from positions if it is there.
func parsePosition(text string) (ludo.State, error) {
	positions.Lock()
	s, ok := positions.m[text]
	positions.Unlock()
	if ok {
		return s, nil
	}
	s, err := ludo.ParsePosition(text)
	if err != nil {
		return s, err
	}
	remember(text, s)
	return s, nil
}

// formatPosition writes a position as ludo.FormatPosition does, and
// remembers it.
func formatPosition(s ludo.State) string {
	text := ludo.FormatPosition(s)
	remember(text, s)
	return text
}

func remember(text string, s ludo.State) {
	positions.Lock()
	if positions.m == nil || len(positions.m) >= maxPositions {
		positions.m = map[string]ludo.State{}
	}
	positions.m[text] = s
	positions.Unlock()
}

// row returns the values of gameColumns for g.
func row(g *Game) ([]any, error) {
	seats, err := json.Marshal(g.Seats)
	if err != nil {
		return nil, err
	}
	client := 0
	if g.Client {
		client = 1
	}
	return []any{g.ID, formatPosition(g.Start), formatPosition(g.State), g.Version, g.Steps, client,
		int64(g.Seed), g.Dice, string(seats), g.Owner, g.Created.UnixMilli(), g.Updated.UnixMilli()}, nil
}

func (s *sqlStore) Create(ctx context.Context, g *Game, maxGames int) error {
	vals, err := row(g)
	if err != nil {
		return err
	}
	tx, err := s.write.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var n int
	if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM games`).Scan(&n); err != nil {
		return err
	}
	if n >= maxGames {
		return fmt.Errorf("%w (%d)", ErrFull, n)
	}
	if _, err := tx.ExecContext(ctx, s.d.q(`INSERT INTO games (`+gameColumns+`) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`), vals...); err != nil {
		return err
	}
	return tx.Commit()
}

func (s *sqlStore) Get(ctx context.Context, id string) (*Game, error) {
	return scanGame(s.get.QueryRowContext(ctx, id))
}

func (s *sqlStore) Update(ctx context.Context, id string, change func(g *Game) error) (*Game, error) {
	tx, err := s.write.BeginTx(ctx, nil)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	g, err := scanGame(tx.StmtContext(ctx, s.lock).QueryRowContext(ctx, id))
	if err != nil {
		return nil, err
	}
	first := g.Version + 1 // the number of the first ply the change adds
	if err := change(g); err != nil {
		return nil, err
	}
	if g.Version != first-1+len(g.added) {
		return nil, fmt.Errorf("game %s: the change left version %d with %d plies added to %d", id, g.Version, len(g.added), first-1)
	}
	if len(g.added) > 0 {
		ins := tx.StmtContext(ctx, s.insertPly)
		for k, p := range g.added {
			if _, err := ins.ExecContext(ctx, id, first+k, p.Player.String(), p.Face, p.Second, p.Move); err != nil {
				return nil, err
			}
		}
	}
	g.added = nil
	g.Steps++
	g.Updated = time.Now()
	vals, err := row(g)
	if err != nil {
		return nil, err
	}
	if _, err := tx.StmtContext(ctx, s.update).ExecContext(ctx, vals[2], vals[3], vals[4], vals[7], vals[8], vals[11], id); err != nil {
		return nil, err
	}
	if err := tx.Commit(); err != nil {
		return nil, err
	}
	return g, nil
}

func (s *sqlStore) Record(ctx context.Context, id string) (*Game, []ludo.Ply, error) {
	// One transaction, which sees the game and its plies as one
	// snapshot (SQLite's in WAL mode; PostgreSQL's at REPEATABLE READ).
	opts := &sql.TxOptions{ReadOnly: true}
	if s.d.dollar {
		opts.Isolation = sql.LevelRepeatableRead
	}
	tx, err := s.read.BeginTx(ctx, opts)
	if err != nil {
		return nil, nil, err
	}
	defer tx.Rollback()
	g, err := scanGame(tx.QueryRowContext(ctx, s.d.q(`SELECT `+gameColumns+` FROM games WHERE id = ?`), id))
	if err != nil {
		return nil, nil, err
	}
	version := g.Version
	rows, err := tx.QueryContext(ctx, s.d.q(`SELECT n, player, face, second, move FROM plies WHERE game = ? AND n <= ? ORDER BY n`), id, version)
	if err != nil {
		return nil, nil, err
	}
	defer rows.Close()
	plies := make([]ludo.Ply, 0, version)
	for rows.Next() {
		var (
			n      int
			player string
			p      ludo.Ply
		)
		if err := rows.Scan(&n, &player, &p.Face, &p.Second, &p.Move); err != nil {
			return nil, nil, err
		}
		c, ok := ludo.ParseColor(player)
		if !ok || n != len(plies)+1 {
			return nil, nil, fmt.Errorf("game %s: ply %d in the store (%q) is not ply %d", id, n, player, len(plies)+1)
		}
		p.Player = c
		plies = append(plies, p)
	}
	if err := rows.Err(); err != nil {
		return nil, nil, err
	}
	if len(plies) != version {
		return nil, nil, fmt.Errorf("game %s: the store holds %d plies of its %d", id, len(plies), version)
	}
	return g, plies, nil
}

func (s *sqlStore) List(ctx context.Context, n int) ([]*Game, error) {
	rows, err := s.read.QueryContext(ctx, s.d.q(`SELECT `+gameColumns+` FROM games ORDER BY created DESC, id LIMIT ?`), n)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var games []*Game
	for rows.Next() {
		g, err := scanGame(rows)
		if err != nil {
			return nil, err
		}
		games = append(games, g)
	}
	return games, rows.Err()
}

func (s *sqlStore) Delete(ctx context.Context, id string) error {
	tx, err := s.write.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	res, err := tx.ExecContext(ctx, s.d.q(`DELETE FROM games WHERE id = ?`), id)
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil {
		return err
	} else if n == 0 {
		return ErrNotFound
	}
	if _, err := tx.ExecContext(ctx, s.d.q(`DELETE FROM plies WHERE game = ?`), id); err != nil {
		return err
	}
	return tx.Commit()
}
