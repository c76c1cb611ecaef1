package main

import (
	"bytes"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ludorules/ludo"
	"github.com/ludorules/ludo/bots"
)

// results returns the output of a run without its last line, the speed.
func results(t *testing.T, cfg config) string {
	t.Helper()
	var b bytes.Buffer
	require.NoError(t, run(&b, nil, cfg))
	lines := strings.Split(b.String(), "\n")
	return strings.Join(lines[:len(lines)-2], "\n")
}

// TestWorkersDoNotMatter checks that the totals are the same on one
// worker and on four, and change with the seed.
func TestWorkersDoNotMatter(t *testing.T) {
	cfg := config{games: 300, players: 3, preset: "mongolian", seed: 1, workers: 1, maxPlies: 100000}
	one := results(t, cfg)
	cfg.workers = 4
	assert.Equal(t, one, results(t, cfg))
	cfg.seed = 2
	assert.NotEqual(t, one, results(t, cfg))
	assert.Contains(t, one, "mongolian{Players:3}, 3 players, 300 random games (seed 1)")
	// The rules as text give the same games.
	cfg.seed, cfg.workers, cfg.preset, cfg.players = 1, 2, "mongolian{Players:3}", 0
	assert.Equal(t, one, results(t, cfg))
	assert.Contains(t, one, "3 yellow")
	assert.NotContains(t, one, "unfinished")
	var b bytes.Buffer
	for _, bad := range []config{
		{games: 10, players: 5, preset: "classic", maxPlies: 10},
		{games: 10, players: 4, preset: "chess", maxPlies: 10},
		{games: 0, players: 4, preset: "classic", maxPlies: 10},
		{games: 10, players: 4, preset: "classic", maxPlies: 0},
	} {
		assert.Error(t, run(&b, nil, bad), "%+v", bad)
	}
}

// TestPlyLimit: games longer than the limit stop there, are counted as
// unfinished and left out of the wins.
func TestPlyLimit(t *testing.T) {
	out := results(t, config{games: 200, players: 4, preset: "classic", seed: 1, workers: 2, maxPlies: 500})
	assert.Regexp(t, `\n\d+ of 200 games unfinished at the ply limit of 500, left out of the wins\n`, out)
	assert.Contains(t, out, "mean game length ")
	start, err := ludo.New(ludo.Classic())
	require.NoError(t, err)
	g := play(start, ludo.SeededDice(1), bots.NewRandom(1), 10, nil)
	assert.True(t, g.unfinished)
	assert.Equal(t, 10, g.plies)
}

func runCLI(tty bool, args ...string) (int, string, string) {
	var out, errOut bytes.Buffer
	status := cli(args, &out, &errOut, tty)
	return status, out.String(), errOut.String()
}

func TestCommandLine(t *testing.T) {
	for _, c := range []struct {
		args   []string
		status int
		err    string
	}{
		{[]string{"100"}, 2, `simulate: unexpected argument "100"`},
		{[]string{"-games", "5", "extra"}, 2, "usage: ludo-simulate [flags]"},
		{[]string{"-games", "9223372036854775807"}, 1, "ludo-simulate: -games is 9223372036854775807, want 1 to 10000000"},
		{[]string{"-games", "10000001"}, 1, "want 1 to 10000000"},
		{[]string{"-max-plies", "-1"}, 1, "-max-plies is -1"},
		{[]string{"-players", "7"}, 1, "Players is 7"},
		// A stray argument or an unknown preset is quoted in part.
		{[]string{strings.Repeat("x", 1000)}, 2, `simulate: unexpected argument "` + strings.Repeat("x", 64) + `"…` + "\n"},
		{[]string{"-preset", strings.Repeat("x", 1000)}, 1, `simulate: unknown preset "` + strings.Repeat("x", 64) + `"… (want one of`},
		// Rules as text, as examples/playout takes them.
		{[]string{"-preset", "mongolian{Players:5}"}, 1, "Players is 5"},
	} {
		status, out, errOut := runCLI(false, c.args...)
		assert.Equal(t, c.status, status, "%q", c.args)
		assert.Contains(t, errOut, c.err, "%q", c.args)
		assert.Empty(t, out, "%q", c.args)
	}
}

// TestProgress: the bar is drawn on a terminal or with -progress, never
// with -quiet, and standard output is the same either way.
func TestProgress(t *testing.T) {
	args := []string{"-games", "50", "-players", "2", "-workers", "2"}
	status, plain, errOut := runCLI(false, args...)
	require.Equal(t, 0, status)
	assert.Empty(t, errOut, "a bar when stderr is not a terminal")
	for _, c := range []struct {
		tty  bool
		args []string
		bar  bool
	}{
		{true, nil, true},
		{false, []string{"-progress"}, true},
		{true, []string{"-quiet"}, false},
		{false, []string{"-progress", "-quiet"}, false},
	} {
		status, out, errOut := runCLI(c.tty, append(args, c.args...)...)
		require.Equal(t, 0, status)
		if c.bar {
			assert.Contains(t, errOut, "50/50 games", "tty %v %q", c.tty, c.args)
		} else {
			assert.Empty(t, errOut, "tty %v %q", c.tty, c.args)
		}
		cut := func(s string) string { return s[:strings.LastIndex(strings.TrimSuffix(s, "\n"), "\n")] }
		assert.Equal(t, cut(plain), cut(out), "tty %v %q", c.tty, c.args)
	}
}

// TestEveryPreset plays a few games of every preset with its players,
// and one game of each again as a seeded record: the record replays, so
// the game took its faces from the seeded dice as a record does, with no
// roll where a bonus move (rule P8) or a throw's other die (rule W1) was
// due.
func TestEveryPreset(t *testing.T) {
	for k, name := range ludo.Presets() {
		r, _ := ludo.Preset(name)
		out := results(t, config{games: 4, preset: name, seed: 1, workers: 2, maxPlies: bots.DefaultMaxPlies})
		assert.Contains(t, out, fmt.Sprintf("%v, %d players, 4 random games (seed 1)", r, r.Players), name)
		assert.Contains(t, out, fmt.Sprintf("%d %v ", r.Players, ludo.Color(r.Players-1)), name)
		assert.NotContains(t, out, "unfinished", name)
		switch {
		case r.CaptureBonus.Steps() > 0 && r.TwoDice: // rule W4
			assert.Regexp(t, `\n\d+\.\d\d bonus moves per game \(after the dice, rule W4\)`, out, name)
		case r.CaptureBonus.Steps() > 0:
			assert.Regexp(t, `\n\d+\.\d\d bonus moves per game \(plies with no roll\)`, out, name)
		}
		if r.TwoDice {
			assert.Regexp(t, `captures and \d+\.\d\d forfeited third doubles per game`, out, name)
		} else {
			assert.Regexp(t, `captures and \d+\.\d\d forfeited third sixes per game`, out, name)
		}

		start, err := ludo.New(r)
		require.NoError(t, err)
		gs := bots.GameSeed(1, k)
		rec := ludo.NewRecord(start)
		rec.Seeded, rec.Seed = true, gs
		g := play(start, ludo.SeededDice(gs), bots.NewRandom(gs), bots.DefaultMaxPlies, rec)
		require.False(t, g.unfinished, name)
		states, err := rec.Replay()
		require.NoError(t, err, name)
		assert.Equal(t, ludo.PhaseOver, states[len(states)-1].Phase(), name)
		w, _ := states[len(states)-1].Winner()
		assert.Equal(t, g.winner, w, name)
		bonus, other, throws := 0, 0, 0
		for k, p := range rec.Plies {
			switch {
			case p.Face == 0 && states[k].IsBonusMove():
				bonus++
			case p.Face == 0: // a throw's other die (rule W1)
				other++
			case p.Second != 0:
				throws++
			}
		}
		assert.Equal(t, g.bonus, bonus, name)
		if r.TwoDice {
			assert.Positive(t, throws, "%s: no throw of two dice", name)
			if r.SumMoves { // rule U2: a token takes both dice at once as often as not
				assert.Greater(t, other, throws/4, "%s: few other dice played with no roll", name)
			} else {
				assert.Greater(t, other, throws/2, "%s: few other dice played with no roll", name)
			}
		} else {
			assert.Zero(t, other+throws, name)
		}
		if r.CaptureBonus.Steps() > 0 {
			assert.Positive(t, bonus, "%s: a game with no bonus move tests nothing", name)
		}
	}
}

// TestTwoColorsEach: under uckers{Teams:TwoColorsEach} (rule T3) the
// seats are the two players, each running two colours, whose wins add up
// to every finished game.
func TestTwoColorsEach(t *testing.T) {
	out := results(t, config{games: 100, preset: "uckers{Teams:TwoColorsEach}", seed: 1, workers: 2, maxPlies: 100000})
	assert.Contains(t, out, "uckers{Teams:TwoColorsEach}, 2 players, 100 random games (seed 1)")
	re := regexp.MustCompile(`\n1 red\+yellow +(\d+\.\d\d)%\n2 green\+blue +(\d+\.\d\d)%\n\n`)
	m := re.FindStringSubmatch(out)
	require.NotNil(t, m, out)
	a, _ := strconv.ParseFloat(m[1], 64)
	b, _ := strconv.ParseFloat(m[2], 64)
	assert.InDelta(t, 100, a+b, 0.02, out)
	assert.Greater(t, a, 20.0, out)
	assert.Greater(t, b, 20.0, out)
	assert.NotContains(t, out, "unfinished")
}
