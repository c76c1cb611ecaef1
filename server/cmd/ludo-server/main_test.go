package main

import (
	"errors"
	"flag"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ludorules/ludo/server"
)

// TestFlags: with no flags the server listens on localhost:8080 and
// keeps its games in the SQLite file ludo.db, within the default limits;
// -postgres points it at PostgreSQL; bad flags are refused with the
// usage.
func TestFlags(t *testing.T) {
	var stderr strings.Builder
	cfg, err := parseFlags(nil, &stderr)
	require.NoError(t, err)
	assert.Equal(t, config{addr: "localhost:8080", db: "ludo.db", limit: server.DefaultLimits}, cfg)

	cfg, err = parseFlags([]string{"-addr", ":9", "-postgres", "postgres://x@y/z", "-max-games", "3", "-max-plies", "100000"}, &stderr)
	require.NoError(t, err)
	assert.Equal(t, config{addr: ":9", db: "ludo.db", postgres: "postgres://x@y/z", limit: server.Limits{Games: 3, Plies: 100_000}}, cfg)
	for _, r := range []struct {
		args []string
		err  string
	}{
		{[]string{"-max-plies", "100001"}, "-max-plies is 100001: a record of more than ludo.MaxRecordPlies (100000) plies would not read back"},
		{[]string{"-max-plies", "0"}, "must be at least 1"},
		{[]string{"-max-games", "0"}, "must be at least 1"},
		{[]string{"extra"}, `ludo-server: unexpected argument "extra"`},
		{[]string{"-nope"}, "flag provided but not defined: -nope"},
	} {
		stderr.Reset()
		_, err := parseFlags(r.args, &stderr)
		assert.Error(t, err, "%q", r.args)
		assert.Contains(t, stderr.String(), r.err, "%q", r.args)
		assert.Contains(t, stderr.String(), "usage: ludo-server [flags]", "%q", r.args)
	}
	stderr.Reset()
	_, err = parseFlags([]string{"-h"}, &stderr)
	assert.True(t, errors.Is(err, flag.ErrHelp))
	assert.Contains(t, stderr.String(), "-postgres")
}
