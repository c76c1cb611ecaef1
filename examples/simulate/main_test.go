package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestWorkersDoNotMatter checks that the totals are the same on one
// worker and on four, and change with the seed.
func TestWorkersDoNotMatter(t *testing.T) {
	out := func(seed uint64, workers int) string {
		var b bytes.Buffer
		require.NoError(t, run(&b, 300, 3, "mongolian", seed, workers))
		lines := strings.Split(b.String(), "\n")
		return strings.Join(lines[:len(lines)-2], "\n") // all but the speed
	}
	one := out(1, 1)
	assert.Equal(t, one, out(1, 4))
	assert.NotEqual(t, one, out(2, 4))
	assert.Contains(t, one, "mongolian{Players:3}, 3 players, 300 random games (seed 1)")
	assert.Contains(t, one, "3 yellow")
	var b bytes.Buffer
	assert.Error(t, run(&b, 10, 5, "classic", 1, 1))
	assert.Error(t, run(&b, 10, 4, "chess", 1, 1))
	assert.Error(t, run(&b, 0, 4, "classic", 1, 1))
}
