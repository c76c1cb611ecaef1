package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestSeatOrders(t *testing.T) {
	assert.Len(t, seatOrders([]string{"a", "b"}), 2)
	assert.Len(t, seatOrders([]string{"a", "b", "c"}), 6)
	assert.Len(t, seatOrders([]string{"a", "b", "c", "d"}), 24)
	assert.Len(t, seatOrders([]string{"a", "r", "r", "r"}), 4)
	assert.Len(t, seatOrders([]string{"a", "a", "r", "r"}), 6)
	assert.Len(t, seatOrders([]string{"r", "r", "r"}), 1)
	// Each bot sits in each seat equally often.
	orders := seatOrders([]string{"a", "b", "r", "r"})
	for seat := range 4 {
		count := map[int]int{}
		for _, o := range orders {
			count[o[seat]]++
		}
		assert.Equal(t, count[0], count[1], "seat %d", seat)
	}
}

func TestWilson(t *testing.T) {
	lo, hi := wilson(50, 100)
	assert.InDelta(t, 0.4038, lo, 1e-4)
	assert.InDelta(t, 0.5962, hi, 1e-4)
	lo, hi = wilson(0, 10)
	assert.Equal(t, 0.0, lo)
	assert.InDelta(t, 0.2775, hi, 1e-4)
	lo, hi = wilson(10, 10)
	assert.InDelta(t, 0.7225, lo, 1e-4)
	assert.Equal(t, 1.0, hi)
}

// TestReproducible runs the same small series on one worker and on three:
// the results must not differ.
func TestReproducible(t *testing.T) {
	cfg := config{lineup: []string{"heuristic", "expectimax1"}, players: 3, games: 12, seed: 5, preset: "mongolian"}
	cfg.workers = 1
	a, err := tournament(cfg, nil)
	require.NoError(t, err)
	cfg.workers = 3
	b, err := tournament(cfg, nil)
	require.NoError(t, err)
	a.elapsed, b.elapsed = 0, 0
	assert.Equal(t, a, b)
	assert.Equal(t, 12, a.games)
	assert.Equal(t, []string{"heuristic", "expectimax1", "random"}, a.lineup)
	seats, wins, places := 0, 0, 0
	for _, s := range a.bots {
		seats += s.seats
		wins += s.wins
		places += s.places
	}
	assert.Equal(t, 36, seats)
	assert.Equal(t, 12, wins, "one winner per game")
	assert.Equal(t, 12*(1+2+3), places)
	assert.Equal(t, 12, a.winners[0]+a.winners[1]+a.winners[2])

	cfg.seed = 6
	c, err := tournament(cfg, nil)
	require.NoError(t, err)
	assert.NotEqual(t, a.plies, c.plies, "another seed plays other games")
}

func TestRun(t *testing.T) {
	var out, bar bytes.Buffer
	err := run(config{lineup: []string{"heuristic", "random"}, games: 51, seed: 1, workers: 2, preset: "classic"}, &out, &bar)
	require.NoError(t, err)
	text := out.String()
	assert.Contains(t, text, "classic{Players:2}, 2 players, lineup heuristic,random: 52 games (2 seat orders)")
	assert.Contains(t, text, "parity 50.00%")
	assert.Regexp(t, `wins by seat: red \d+\.\d\d% yellow \d+\.\d\d% \(red rolls first\)`, text)
	assert.Regexp(t, `heuristic\s+52\s+\d+\.\d\d%\s+\[`, text)
	assert.Contains(t, bar.String(), "52/52 games")
	assert.Contains(t, bar.String(), "playing 52 games")

	for _, bad := range []config{
		{lineup: []string{"nobody", "random"}, games: 1, preset: "classic"},
		{lineup: []string{"random", "random"}, games: 1, preset: "chess"},
		{lineup: []string{"random", "random", "random"}, players: 2, games: 1, preset: "classic"},
		{lineup: []string{"random"}, games: 1, preset: "classic"},
		{lineup: []string{"random", "random"}, games: 0, preset: "classic"},
	} {
		assert.Error(t, run(bad, &out, nil), "%+v", bad)
	}
}

func TestDrawBar(t *testing.T) {
	var b strings.Builder
	drawBar(&b, 5, 10, 0)
	assert.Contains(t, b.String(), "[###############...............] 5/10 games")
}
