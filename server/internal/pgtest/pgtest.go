// Package pgtest starts a throwaway PostgreSQL cluster for tests: initdb
// and pg_ctl (Debian's postgresql package) in a temporary folder, on a
// free port of the loopback address, with a fresh database for each test
// that asks. Where the programs are missing the tests skip, saying how to
// install them; with LUDO_SERVER_REQUIRE_PG set (as .ci/run sets it) they
// fail instead.
package pgtest

import (
	"bytes"
	"context"
	"database/sql"
	"fmt"
	"net"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"strconv"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // the "pgx" driver
)

// Require is the environment variable that makes a missing PostgreSQL
// a failure rather than a skip.
const Require = "LUDO_SERVER_REQUIRE_PG"

// Install says how to install the programs.
const Install = "install Debian's postgresql package (apt-get install postgresql), which puts initdb and pg_ctl in /usr/lib/postgresql/VERSION/bin"

// Cluster is a running throwaway cluster.
type Cluster struct {
	dir  string // the cluster's folder: data, socket and log
	port int
	bin  string // the folder of initdb, pg_ctl and postgres
	cred *syscall.Credential
	n    atomic.Int64
}

var (
	once    sync.Once
	shared  *Cluster
	started error
)

// Find returns the folder holding initdb and pg_ctl: on the PATH, in
// /usr/local/bin, or in Debian's /usr/lib/postgresql/VERSION/bin, the
// newest first.
func Find() (string, error) {
	if p, err := exec.LookPath("initdb"); err == nil {
		if _, err := exec.LookPath("pg_ctl"); err == nil {
			return filepath.Dir(p), nil
		}
	}
	dirs := []string{"/usr/local/bin"}
	found, _ := filepath.Glob("/usr/lib/postgresql/*/bin")
	for k := len(found) - 1; k >= 0; k-- {
		dirs = append(dirs, found[k])
	}
	for _, d := range dirs {
		if isFile(filepath.Join(d, "initdb")) && isFile(filepath.Join(d, "pg_ctl")) {
			return d, nil
		}
	}
	return "", fmt.Errorf("initdb and pg_ctl are not on the PATH, nor in /usr/local/bin or /usr/lib/postgresql/*/bin")
}

func isFile(p string) bool {
	st, err := os.Stat(p)
	return err == nil && !st.IsDir()
}

// Database returns the URL of a new, empty database on the shared
// cluster, started on first use and stopped by Stop; it skips the test
// (fails it, under LUDO_SERVER_REQUIRE_PG) where PostgreSQL is missing.
func Database(t testing.TB) string {
	t.Helper()
	once.Do(func() { shared, started = Start() })
	if started != nil {
		if os.Getenv(Require) != "" {
			t.Fatalf("PostgreSQL tests required (%s is set) but the cluster did not start: %v", Require, started)
		}
		t.Skipf("no PostgreSQL cluster: %v; to run the PostgreSQL tests, %s", started, Install)
	}
	url, err := shared.NewDatabase()
	if err != nil {
		t.Fatal(err)
	}
	return url
}

// Stop stops the shared cluster, if one was started, and removes it.
func Stop() {
	if shared != nil {
		shared.Stop()
	}
}

// Start starts a throwaway cluster for tests, which writes its commits
// to disk lazily (fsync off): the tests kill servers of games, never the
// cluster. As root, which PostgreSQL refuses to run as, it runs as the
// user postgres (or nobody).
func Start() (*Cluster, error) { return start(false) }

// StartDurable starts a throwaway cluster with PostgreSQL's defaults: a
// commit is on disk when it returns, as a load test's figures want.
func StartDurable() (*Cluster, error) { return start(true) }

func start(durable bool) (*Cluster, error) {
	bin, err := Find()
	if err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp("", "ludo-pgtest-")
	if err != nil {
		return nil, err
	}
	c := &Cluster{dir: dir, bin: bin}
	if os.Geteuid() == 0 {
		u, err := user.Lookup("postgres")
		if err != nil {
			u, err = user.Lookup("nobody")
		}
		if err != nil {
			os.RemoveAll(dir)
			return nil, fmt.Errorf("running as root, and no user postgres or nobody to run PostgreSQL as: %w", err)
		}
		uid, _ := strconv.Atoi(u.Uid)
		gid, _ := strconv.Atoi(u.Gid)
		c.cred = &syscall.Credential{Uid: uint32(uid), Gid: uint32(gid)}
		if err := os.Chown(dir, uid, gid); err != nil {
			os.RemoveAll(dir)
			return nil, err
		}
	}
	data := filepath.Join(dir, "data")
	if out, err := c.run("initdb", "-D", data, "-U", "postgres", "--auth=trust", "--no-sync", "-E", "UTF8", "--locale=C"); err != nil {
		os.RemoveAll(dir)
		return nil, fmt.Errorf("initdb: %v\n%s", err, out)
	}
	for try := 0; ; try++ {
		c.port, err = freePort()
		if err != nil {
			os.RemoveAll(dir)
			return nil, err
		}
		opts := fmt.Sprintf("-c listen_addresses=127.0.0.1 -p %d -k %s -c max_connections=300 -c shared_buffers=128MB", c.port, dir)
		if !durable {
			opts += " -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
		}
		out, err := c.run("pg_ctl", "-D", data, "-l", filepath.Join(dir, "log"), "-w", "-t", "60", "-o", opts, "start")
		if err == nil {
			break
		}
		if try == 2 {
			log, _ := os.ReadFile(filepath.Join(dir, "log"))
			os.RemoveAll(dir)
			return nil, fmt.Errorf("pg_ctl start: %v\n%s\n%s", err, out, log)
		}
	}
	return c, nil
}

// run runs one of the cluster's programs, as the cluster's user.
func (c *Cluster) run(name string, args ...string) ([]byte, error) {
	cmd := exec.Command(filepath.Join(c.bin, name), args...)
	if c.cred != nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{Credential: c.cred}
	}
	cmd.Dir = c.dir
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	return out.Bytes(), err
}

// URL returns the URL of database db on the cluster.
func (c *Cluster) URL(db string) string {
	return fmt.Sprintf("postgres://postgres@127.0.0.1:%d/%s?sslmode=disable", c.port, db)
}

// NewDatabase creates a new database on the cluster and returns its URL.
func (c *Cluster) NewDatabase() (string, error) {
	db, err := sql.Open("pgx", c.URL("postgres"))
	if err != nil {
		return "", err
	}
	defer db.Close()
	name := fmt.Sprintf("test_%d_%d", os.Getpid(), c.n.Add(1))
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if _, err := db.ExecContext(ctx, "CREATE DATABASE "+name); err != nil {
		return "", err
	}
	return c.URL(name), nil
}

// Stop stops the cluster at once and removes its folder.
func (c *Cluster) Stop() {
	c.run("pg_ctl", "-D", filepath.Join(c.dir, "data"), "-m", "immediate", "-w", "stop")
	os.RemoveAll(c.dir)
}

func freePort() (int, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port, nil
}
