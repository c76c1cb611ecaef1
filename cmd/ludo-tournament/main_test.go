package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ludorules/ludo"
)

func TestRun(t *testing.T) {
	var out, bar bytes.Buffer
	err := run(config{lineup: []string{"heuristic", "random"}, games: 51, seed: 1, workers: 2, preset: "classic", maxPlies: 1000}, &out, &bar)
	require.NoError(t, err)
	text := out.String()
	assert.Contains(t, text, "classic{Players:2}, 2 players, lineup heuristic,random: 52 games (2 seat orders)")
	assert.Contains(t, text, "parity 50.00%")
	assert.Regexp(t, `wins by seat: red \d+\.\d\d% yellow \d+\.\d\d% \(red rolls first\)`, text)
	assert.Regexp(t, `heuristic\s+52\s+\d+\.\d\d%\s+\[`, text)
	assert.Contains(t, bar.String(), "52/52 games")
	assert.Contains(t, bar.String(), "playing 52 games")

	for _, bad := range []config{
		{lineup: []string{"nobody", "random"}, games: 1, preset: "classic", maxPlies: 1},
		{lineup: []string{"random", "random"}, games: 1, preset: "chess", maxPlies: 1},
		{lineup: []string{"random", "random", "random"}, players: 2, games: 1, preset: "classic", maxPlies: 1},
		{lineup: []string{"random"}, games: 1, preset: "classic", maxPlies: 1},
		{lineup: []string{"random", "random"}, games: 0, preset: "classic", maxPlies: 1},
		{lineup: []string{"random", "random"}, games: 1, preset: "classic", maxPlies: 0},
	} {
		assert.Error(t, run(bad, &out, nil), "%+v", bad)
	}
}

// TestOutputIsTheSameOnAnyWorkers runs the program on one worker and on
// three: all but the speed must be the same.
func TestOutputIsTheSameOnAnyWorkers(t *testing.T) {
	table := func(workers string) string {
		status, out, errOut := runCLI("-bots", "heuristic,expectimax1", "-players", "4", "-preset", "mongolian", "-games", "20", "-seed", "4", "-quiet", "-workers", workers)
		require.Equal(t, 0, status, errOut)
		lines := strings.Split(out, "\n")
		return strings.Join(lines[:len(lines)-2], "\n")
	}
	one := table("1")
	assert.Equal(t, one, table("3"))
	assert.Contains(t, one, "mongolian, 4 players, lineup heuristic,expectimax1,random,random: 24 games (12 seat orders)")
}

func runCLI(args ...string) (int, string, string) {
	return runTTY(false, args...)
}

// runTTY runs the program with stderr a terminal if tty.
func runTTY(tty bool, args ...string) (int, string, string) {
	var out, errOut bytes.Buffer
	status := cli(args, &out, &errOut, tty)
	return status, out.String(), errOut.String()
}

// TestProgress: the bar is drawn as simulate draws it (progress.Flags):
// on a terminal, or with -progress, never with -quiet; standard output
// is the same either way.
func TestProgress(t *testing.T) {
	args := []string{"-bots", "heuristic,random", "-games", "10", "-workers", "2"}
	status, plain, errOut := runTTY(false, args...)
	require.Equal(t, 0, status)
	assert.Empty(t, errOut, "a bar when stderr is not a terminal")
	status, out, errOut := runTTY(true, args...)
	require.Equal(t, 0, status)
	assert.Contains(t, errOut, "10/10 games")
	cut := func(s string) string { return s[:strings.LastIndex(strings.TrimSuffix(s, "\n"), "\n")] }
	assert.Equal(t, cut(plain), cut(out))
	_, _, errOut = runTTY(false, append(args, "-progress")...)
	assert.Contains(t, errOut, "10/10 games")
	_, _, errOut = runTTY(true, append(args, "-quiet")...)
	assert.Empty(t, errOut)
}

func TestCommandLine(t *testing.T) {
	for _, c := range []struct {
		args   []string
		status int
		err    string
	}{
		// A stray argument is a usage error.
		{[]string{"heuristic,random"}, 2, `unexpected argument "heuristic,random"`},
		{[]string{"-games", "2", "extra"}, 2, "usage: ludo-tournament [flags]"},
		{[]string{"-games", "x"}, 2, `invalid value "x" for flag -games`},
		// Unknown bots are named before the player count is checked.
		{[]string{"-bots", "heuristic,nobody,random,random,random", "-quiet"}, 1, `ludo-tournament: bots: unknown bot "nobody"`},
		{[]string{"-bots", "heuristic,nobody", "-players", "9", "-quiet"}, 1, `ludo-tournament: bots: unknown bot "nobody"`},
		{[]string{"-bots", "heuristic,random,random,random,random", "-quiet"}, 1, "Players is 5"},
		// -games has bounds.
		{[]string{"-games", "9223372036854775807", "-quiet"}, 1, "ludo-tournament: -games is 9223372036854775807, want 1 to 10000000"},
		{[]string{"-games", "10000001", "-quiet"}, 1, "want 1 to 10000000"},
		{[]string{"-games", "-3", "-quiet"}, 1, "-games is -3"},
		{[]string{"-max-plies", "0", "-quiet"}, 1, "-max-plies is 0"},
		// What the user gave is quoted in part.
		{[]string{strings.Repeat("x", 1000)}, 2, `unexpected argument "` + strings.Repeat("x", 64) + `"…: the lineup`},
		{[]string{"-bots", "random," + strings.Repeat("x", 1000)}, 1, `ludo-tournament: bots: unknown bot "` + strings.Repeat("x", 64) + `"… (want one of`},
		{[]string{"-preset", strings.Repeat("x", 1000)}, 1, `tournament: unknown preset "` + strings.Repeat("x", 64) + `"… (want one of`},
		// No bot is not four random bots.
		{[]string{"-bots", ""}, 1, "ludo-tournament: -bots names no bot"},
		{[]string{"-bots", "", "-players", "4"}, 1, "ludo-tournament: -bots names no bot"},
		// Rules as text, as examples/playout takes them.
		{[]string{"-preset", "maedn{Capture:true}"}, 1, `unknown option "Capture"`},
	} {
		status, out, errOut := runCLI(c.args...)
		assert.Equal(t, c.status, status, "%q", c.args)
		assert.Contains(t, errOut, c.err, "%q", c.args)
		assert.Empty(t, out, "%q", c.args)
	}
	status, out, errOut := runCLI("-bots", "heuristic,random", "-games", "4", "-quiet")
	assert.Equal(t, 0, status)
	assert.Empty(t, errOut)
	assert.Contains(t, out, "lineup heuristic,random: 4 games")
	status, _, errOut = runCLI("-h")
	assert.Equal(t, 0, status)
	assert.Contains(t, errOut, "-max-plies")
	assert.Contains(t, errOut, strings.Join(ludo.Presets(), ", "))
	status, _, errOut = runCLI("-preset", "chess", "-quiet")
	assert.Equal(t, 1, status)
	assert.Contains(t, errOut, `unknown preset "chess" (want one of classic, mongolian,`)
	// -players, by default the number of bots, sets the number of
	// players whatever the rules say.
	status, out, errOut = runCLI("-preset", "mongolian{Players:3}", "-bots", "heuristic,random", "-games", "2")
	assert.Equal(t, 0, status, errOut)
	assert.Contains(t, out, "mongolian{Players:2}, 2 players, lineup heuristic,random: 2 games")
	// More players than bots: random bots are added, and the lineup says so.
	status, out, errOut = runCLI("-preset", "ludoking{CaptureBeforeHome:true}", "-bots", "heuristic,random", "-players", "3", "-games", "3")
	assert.Equal(t, 0, status, errOut)
	assert.Contains(t, out, "ludoking{Players:3 CaptureBeforeHome:true}, 3 players, lineup heuristic,random,random: 3 games")
}

// TestEveryPreset plays a few games of every preset, with as many
// players as the preset's board seats, and one more is refused.
func TestEveryPreset(t *testing.T) {
	for _, name := range ludo.Presets() {
		r, _ := ludo.Preset(name)
		arms := strconv.Itoa(r.Board.Arms)
		status, out, errOut := runCLI("-bots", "heuristic,random", "-players", arms, "-preset", name, "-games", "2", "-seed", "1", "-quiet")
		require.Equal(t, 0, status, "%s: %s", name, errOut)
		r.Players = r.Board.Arms
		assert.Contains(t, out, r.String()+", "+arms+" players, lineup heuristic,random")
		status, _, errOut = runCLI("-bots", "heuristic,random", "-players", strconv.Itoa(r.Board.Arms+1), "-preset", name, "-games", "2", "-quiet")
		assert.Equal(t, 1, status, name)
		assert.Contains(t, errOut, "Players is "+strconv.Itoa(r.Board.Arms+1), name)
	}
}

// TestTwoColorsEach: under uckers{Teams:TwoColorsEach} (rule T3) two
// bots play, each running two colours; -players may say 2, not 4, and
// a third bot has no seat.
func TestTwoColorsEach(t *testing.T) {
	for _, args := range [][]string{{"-bots", "heuristic,random"}, {"-bots", "heuristic", "-players", "2"}} {
		args = append(args, "-preset", "uckers{Teams:TwoColorsEach}", "-games", "4", "-seed", "2", "-quiet")
		status, out, errOut := runCLI(args...)
		require.Equal(t, 0, status, errOut)
		assert.Contains(t, out, "uckers{Teams:TwoColorsEach}, 2 players, lineup heuristic,random: 4 games (2 seat orders)")
		assert.Regexp(t, `wins by seat: red\+yellow \d+\.\d\d% green\+blue \d+\.\d\d% \(red rolls first\)`, out)
		assert.Contains(t, out, "parity 50.00%")
	}
	status, _, errOut := runCLI("-bots", "heuristic", "-players", "4", "-preset", "uckers{Teams:TwoColorsEach}", "-games", "2", "-quiet")
	assert.Equal(t, 1, status)
	assert.Contains(t, errOut, "2 players each run two colours (rule T3)")
	status, _, errOut = runCLI("-bots", "heuristic,random,random", "-preset", "uckers{Teams:TwoColorsEach}", "-games", "2", "-quiet")
	assert.Equal(t, 1, status)
	assert.Contains(t, errOut, "3 bots for 2 players")
}

// TestShards: the JSON summaries of -shard i/n, merged with -merge,
// print the table of the whole series (but for the speed).
func TestShards(t *testing.T) {
	args := []string{"-bots", "heuristic,random,random", "-preset", "danish", "-games", "21", "-seed", "3", "-quiet"}
	status, whole, errOut := runCLI(args...)
	require.Equal(t, 0, status, errOut)
	dir := t.TempDir()
	var files []string
	for i := range 3 {
		status, out, errOut := runCLI(append(args, "-shard", fmt.Sprintf("%d/3", i), "-json")...)
		require.Equal(t, 0, status, errOut)
		name := filepath.Join(dir, fmt.Sprintf("shard-%d.json", i))
		require.NoError(t, os.WriteFile(name, []byte(out), 0o644))
		files = append(files, name)
	}
	status, merged, errOut := runCLI(append([]string{"-merge"}, files...)...)
	require.Equal(t, 0, status, errOut)
	cut := func(s string) string { return s[:strings.LastIndex(strings.TrimSuffix(s, "\n"), "\n")] }
	assert.Equal(t, cut(whole), cut(merged))
	assert.Contains(t, merged, "lineup heuristic,random,random: 21 games (3 seat orders)")

	status, out, _ := runCLI(append(args, "-shard", "1/3")...)
	require.Equal(t, 0, status)
	assert.Contains(t, out, "7 games (3 seat orders), shard 1 of 3")
	for _, c := range []struct {
		args []string
		err  string
	}{
		{[]string{"-merge"}, "name the shards' JSON summaries"},
		{[]string{"-merge", files[0], files[1]}, "2 summaries of a series cut into 3 shards"},
		{[]string{"-merge", files[0], files[0], files[1]}, "bad shard"},
		{[]string{"-merge", filepath.Join(dir, "none.json")}, "no such file"},
		{append(args, "-shard", "3/3"), "-shard \"3/3\": want i/n"},
		{append(args, "-shard", "x"), "want i/n"},
		{append(args, "-shard", "0/22"), "bad shard: shard 0/22 of a series of 21 games"},
	} {
		status, out, errOut := runCLI(c.args...)
		assert.NotEqual(t, 0, status, "%q", c.args)
		assert.Contains(t, errOut, c.err, "%q", c.args)
		assert.Empty(t, out)
	}
}
