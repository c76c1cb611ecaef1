package main

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func runCLI(args ...string) (int, string, string) {
	var out, errOut bytes.Buffer
	status := cli(args, &out, &errOut, false)
	return status, out.String(), errOut.String()
}

// TestOracle plays a few two-player Classic games each way; the output
// is the same on one worker and on two.
func TestOracle(t *testing.T) {
	args := []string{"-preset", "classic", "-players", "2", "-games", "6", "-know", "1"}
	status, one, errOut := runCLI(append(args, "-workers", "1")...)
	require.Equal(t, 0, status, errOut)
	assert.Contains(t, one, "classic{Players:2}, 2 players: the learned player against random players, 6 games each, throws known 1")
	assert.Regexp(t, `expecting 1 throws\s+\d+\.\d\d%\s+\[`, one)
	assert.Regexp(t, `knowing 1 throws\s+\d+\.\d\d%\s+\[`, one)
	_, two, _ := runCLI(append(args, "-workers", "2")...)
	assert.Equal(t, one, two)

	for _, bad := range [][]string{{"-know", "4"}, {"-games", "0"}, {"extra"}} {
		status, _, _ := runCLI(bad...)
		assert.Equal(t, 2, status, "%q", bad)
	}
	status, _, errOut = runCLI("-preset", "classic{CaptureBeforeHome:true}", "-games", "1")
	assert.Equal(t, 1, status)
	assert.Contains(t, errOut, "no net fits")
}
