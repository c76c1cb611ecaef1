package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ludorules/ludo/bots"
)

func runCLI(tty bool, args ...string) (int, string, string) {
	var out, errOut bytes.Buffer
	status := cli(args, &out, &errOut, tty)
	return status, out.String(), errOut.String()
}

// TestTrain trains a tiny net for a few games, checkpointing, then
// resumes to more: the net written is one ReadNet reads, with the command
// that made it in its note; the resumed run goes on from the checkpoint.
func TestTrain(t *testing.T) {
	dir := t.TempDir()
	ckpt, out, log := filepath.Join(dir, "ckpt"), filepath.Join(dir, "net"), filepath.Join(dir, "log")
	args := []string{"-preset", "classic", "-players", "2", "-hidden", "4", "-batch", "3", "-eval-games", "4", "-eval-every", "3",
		"-checkpoint", ckpt, "-checkpoint-every", "3", "-out", out, "-log", log, "-seed", "5"}
	status, stdout, stderr := runCLI(true, append(args, "-games", "6")...)
	require.Equal(t, 0, status, stderr)
	assert.Contains(t, stdout, "training classic, players [2], opponents [self], hidden 4")
	assert.Contains(t, stdout, "games       3  vs random (4 players) ")
	assert.Contains(t, stdout, "games       6  vs random (4 players) ")
	assert.Contains(t, stdout, "vs heuristic (2 players) ")
	assert.Contains(t, stderr, "6/6 games", "the progress bar")
	logged, err := os.ReadFile(log)
	require.NoError(t, err)
	assert.Equal(t, stdout, string(logged))

	f, err := os.Open(out)
	require.NoError(t, err)
	net, err := bots.ReadNet(f)
	f.Close()
	require.NoError(t, err)
	assert.Equal(t, "classic", net.Rules.String())
	assert.Contains(t, net.Note, "go run ./cmd/ludo-train -batch 3 -games 6 -hidden 4 -players 2 -preset classic -seed 5")
	assert.Contains(t, net.Note, "trained for 6 games")

	status, stdout, stderr = runCLI(false, append(args, "-games", "9", "-eval-games", "0")...)
	require.Equal(t, 0, status, stderr)
	assert.Contains(t, stdout, "resumed from "+ckpt+" at 6 games")
	assert.Empty(t, stderr)
	f, err = os.Open(out)
	require.NoError(t, err)
	more, err := bots.ReadNet(f)
	f.Close()
	require.NoError(t, err)
	assert.Contains(t, more.Note, "trained for 9 games")
}

func TestCommandLine(t *testing.T) {
	for _, c := range []struct {
		args   []string
		status int
		err    string
	}{
		{[]string{"extra"}, 2, `unexpected argument "extra"`},
		{[]string{"-games", "x"}, 2, `invalid value "x" for flag -games`},
		{[]string{"-players", "4,x"}, 2, `-players "4,x": want numbers`},
		{[]string{"-preset", "chess"}, 1, `unknown preset "chess"`},
		{[]string{"-games", "0", "-quiet"}, 1, "-games is 0"},
		{[]string{"-hidden", "0", "-quiet"}, 1, "0 hidden units"},
		{[]string{"-opponents", "self,nobody", "-quiet"}, 1, `unknown bot "nobody"`},
		{[]string{"-players", "7", "-quiet"}, 1, "Players is 7"},
	} {
		status, out, errOut := runCLI(false, c.args...)
		assert.Equal(t, c.status, status, "%q", c.args)
		assert.Contains(t, errOut, c.err, "%q", c.args)
		assert.Empty(t, out, "%q", c.args)
	}
	status, _, errOut := runCLI(false, "-h")
	assert.Equal(t, 0, status)
	assert.True(t, strings.Contains(errOut, "-checkpoint"))
}
