package tournament

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ludorules/ludo"
	"github.com/ludorules/ludo/bots"
)

func TestSeatOrders(t *testing.T) {
	assert.Len(t, SeatOrders([]string{"a", "b"}), 2)
	assert.Len(t, SeatOrders([]string{"a", "b", "c"}), 6)
	assert.Len(t, SeatOrders([]string{"a", "b", "c", "d"}), 24)
	assert.Len(t, SeatOrders([]string{"a", "r", "r", "r"}), 4)
	assert.Len(t, SeatOrders([]string{"a", "a", "r", "r"}), 6)
	assert.Len(t, SeatOrders([]string{"r", "r", "r"}), 1)
	assert.Len(t, SeatOrders([]string{"a", "b", "c", "d", "e", "f"}), 720)
	assert.Equal(t, [][]int{{0, 1, 2}, {1, 0, 2}, {1, 2, 0}}, SeatOrders([]string{"a", "r", "r"}))
	// Each bot sits in each seat equally often.
	orders := SeatOrders([]string{"a", "b", "r", "r"})
	for seat := range 4 {
		count := map[int]int{}
		for _, o := range orders {
			count[o[seat]]++
		}
		assert.Equal(t, count[0], count[1], "seat %d", seat)
	}
}

func TestWilson(t *testing.T) {
	lo, hi := Wilson(50, 100)
	assert.InDelta(t, 0.4038, lo, 1e-4)
	assert.InDelta(t, 0.5962, hi, 1e-4)
	lo, hi = Wilson(0, 10)
	assert.Equal(t, 0.0, lo)
	assert.InDelta(t, 0.2775, hi, 1e-4)
	lo, hi = Wilson(10, 10)
	assert.InDelta(t, 0.7225, lo, 1e-4)
	assert.Equal(t, 1.0, hi)
	lo, hi = Wilson(0, 0)
	assert.Equal(t, [2]float64{0, 1}, [2]float64{lo, hi})
	r := BotResult{Name: "x", Seats: 100, Wins: 50, Places: 150}
	lo, hi = r.Interval()
	assert.InDelta(t, 0.4038, lo, 1e-4)
	assert.InDelta(t, 0.5962, hi, 1e-4)
	assert.Equal(t, 0.5, r.WinRate())
	assert.Equal(t, 1.5, r.MeanPlace())
	assert.Zero(t, BotResult{}.WinRate())
	assert.Zero(t, BotResult{}.MeanPlace())
}

func players(r ludo.Rules, n int) ludo.Rules {
	r.Players = n
	return r
}

// TestReproducible runs the same small series on one worker and on three:
// the results must not differ.
func TestReproducible(t *testing.T) {
	cfg := Config{Rules: players(ludo.Mongolian(), 3), Lineup: []string{"heuristic", " Expectimax1", "random"}, Games: 12, Seed: 5}
	series, err := New(cfg)
	require.NoError(t, err)
	a, err := series.Run(1, nil)
	require.NoError(t, err)
	b, err := series.Run(3, nil)
	require.NoError(t, err)
	assert.Equal(t, 1, a.Workers)
	assert.Equal(t, 3, b.Workers)
	a.Elapsed, b.Elapsed, a.Workers, b.Workers = 0, 0, 0, 0
	assert.Equal(t, a, b)
	assert.Equal(t, 12, a.Games)
	assert.Equal(t, []string{"heuristic", "expectimax1", "random"}, a.Lineup)
	seats, wins, places := 0, 0, 0
	for _, s := range a.Bots {
		seats += s.Seats
		wins += s.Wins
		places += s.Places
	}
	assert.Equal(t, 36, seats)
	assert.Equal(t, 12, wins, "one winner per game")
	assert.Equal(t, 12*(1+2+3), places)
	assert.Equal(t, 12, a.WinsBySeat[0]+a.WinsBySeat[1]+a.WinsBySeat[2])
	assert.Zero(t, a.Unfinished)

	// The games played one by one add up to the summary.
	plies, bySeat := 0, make([]int, 3)
	winsByEntry := make([]int, 3)
	for i := range series.Games() {
		g := series.Game(i)
		require.NoError(t, g.Err)
		plies += g.Plies
		bySeat[g.Winner]++
		for j, p := range g.Places {
			if p == 1 {
				winsByEntry[j]++
			}
		}
	}
	assert.Equal(t, a.Plies, plies)
	assert.Equal(t, a.WinsBySeat, bySeat)
	assert.Equal(t, []int{a.Bots[0].Wins, a.Bots[1].Wins, a.Bots[2].Wins}, winsByEntry)

	cfg.Seed = 6
	other, err := New(cfg)
	require.NoError(t, err)
	c, err := other.Run(3, nil)
	require.NoError(t, err)
	assert.NotEqual(t, a.Plies, c.Plies, "another seed plays other games")
}

func TestRunReportsProgress(t *testing.T) {
	series, err := New(Config{Rules: players(ludo.Classic(), 2), Lineup: []string{"heuristic", "random"}, Games: 51, Seed: 1})
	require.NoError(t, err)
	assert.Equal(t, 52, series.Games(), "rounded up to whole cycles")
	assert.Equal(t, 2, series.Orders())
	var seen []int
	sum, err := series.Run(2, func(n int) { seen = append(seen, n) })
	require.NoError(t, err)
	require.Len(t, seen, 52)
	for k, n := range seen {
		assert.Equal(t, k+1, n)
	}
	var out bytes.Buffer
	_, err = sum.WriteTo(&out)
	require.NoError(t, err)
	text := out.String()
	assert.Contains(t, text, "classic{Players:2}, 2 players, lineup heuristic,random: 52 games (2 seat orders)")
	assert.Contains(t, text, "parity 50.00%")
	assert.Regexp(t, `wins by seat: red \d+\.\d\d% yellow \d+\.\d\d% \(red rolls first\)`, text)
	assert.Regexp(t, `heuristic\s+52\s+\d+\.\d\d%\s+\[`, text)
	assert.NotContains(t, text, "unfinished")
}

// TestUnfinishedGames: games that reach the ply limit stop there and are
// counted apart.
func TestUnfinishedGames(t *testing.T) {
	cfg := Config{Rules: players(ludo.Classic(), 2), Lineup: []string{"heuristic", "random"}, Games: 20, Seed: 2, MaxPlies: 150}
	series, err := New(cfg)
	require.NoError(t, err)
	sum, err := series.Run(2, nil)
	require.NoError(t, err)
	require.Greater(t, sum.Unfinished, 0, "no game of 20 took more than 150 plies")
	require.Less(t, sum.Unfinished, 20, "every game of 20 took more than 150 plies")
	finished := sum.Games - sum.Unfinished
	wins := 0
	for _, b := range sum.Bots {
		assert.Equal(t, finished, b.Seats, b.Name)
		wins += b.Wins
	}
	assert.Equal(t, finished, wins)
	assert.Equal(t, finished, sum.WinsBySeat[0]+sum.WinsBySeat[1])
	var out bytes.Buffer
	_, err = sum.WriteTo(&out)
	require.NoError(t, err)
	assert.Contains(t, out.String(), fmt.Sprintf("%d of 20 games unfinished at the ply limit of 150, left out of the results above", sum.Unfinished))

	for i := range series.Games() {
		g := series.Game(i)
		if g.Unfinished {
			assert.Equal(t, 150, g.Plies)
			assert.Equal(t, -1, g.Winner)
		} else {
			assert.LessOrEqual(t, g.Plies, 150)
		}
	}
}

// cheat plays an illegal move in its third choice of a game.
type cheat struct{ n int }

func (c *cheat) Name() string { return "cheat" }
func (c *cheat) Choose(s ludo.State, moves []ludo.Move) ludo.Move {
	if c.n++; c.n == 3 {
		return ludo.Move{}
	}
	return moves[0]
}

func TestRunReportsTheFirstFailedGame(t *testing.T) {
	mine := map[string]bots.Factory{"cheat": func(seed uint64) bots.Bot {
		if seed%3 == 0 {
			return &cheat{}
		}
		return bots.NewRandom(seed)
	}}
	series, err := New(Config{Rules: players(ludo.Classic(), 2), Lineup: []string{"cheat", "cheat"}, Games: 200, Seed: 1, Bots: mine})
	require.NoError(t, err)
	_, one := series.Run(1, nil)
	require.Error(t, one)
	assert.ErrorIs(t, one, ludo.ErrIllegalMove)
	assert.Regexp(t, `^game \d+: cheat playing`, one.Error())
	for _, workers := range []int{2, 5} {
		_, err := series.Run(workers, nil)
		assert.Equal(t, one.Error(), err.Error(), "%d workers", workers)
	}
}

func TestNewRefuses(t *testing.T) {
	four := []string{"random", "random", "random", "random"}
	for _, c := range []struct {
		cfg  Config
		want string
	}{
		{Config{Rules: ludo.Classic(), Lineup: []string{"nobody", "random"}, Games: 1}, `unknown bot "nobody"`},
		// A lineup names a bot for every seat: none is filled unasked.
		{Config{Rules: ludo.Classic(), Lineup: []string{"heuristic", "random"}, Games: 1},
			`2 bots for 4 players: name a bot for each seat ("random" for a random player), or set Rules.Players to 2`},
		{Config{Rules: ludo.Classic(), Games: 1}, "0 bots for 4 players"},
		// More bots than any table seats are refused before they are looked up.
		{Config{Rules: ludo.Classic(), Lineup: strings.Split(strings.Repeat("nobody,", 1000)+"nobody", ","), Games: 1}, "1001 bots: at most 6 players play"},
		// Unknown bots come before the player count.
		{Config{Rules: players(ludo.Classic(), 2), Lineup: []string{"random", "nobody", "random", "nemo"}, Games: 1}, `unknown bot "nobody" (want one of`},
		{Config{Rules: players(ludo.Classic(), 5), Lineup: []string{"random", "nemo"}, Games: 1}, `unknown bot "nemo"`},
		{Config{Rules: players(ludo.Classic(), 2), Lineup: []string{"random", "random", "random"}, Games: 1}, "3 bots for 2 players"},
		{Config{Rules: players(ludo.Classic(), 5), Lineup: four, Games: 1}, "Players is 5"},
		{Config{Lineup: []string{"random"}, Games: 1}, "invalid rules"},
		{Config{Rules: ludo.Classic(), Lineup: four, Games: 0}, "0 games, want 1 to 10000000"},
		{Config{Rules: ludo.Classic(), Lineup: four, Games: MaxGames + 1}, "10000001 games, want 1 to 10000000"},
		{Config{Rules: ludo.Classic(), Lineup: four, Games: 1 << 62}, "4611686018427387904 games, want 1 to 10000000"},
		{Config{Rules: ludo.Classic(), Lineup: four, Games: 1, MaxPlies: -1}, "ply limit -1"},
	} {
		_, err := New(c.cfg)
		if assert.Error(t, err, "%+v", c.cfg) {
			assert.Contains(t, err.Error(), c.want)
		}
	}
	both, err := New(Config{Rules: players(ludo.Classic(), 2), Lineup: []string{"nobody", "nemo", "random"}, Games: 1})
	assert.Nil(t, both)
	assert.ErrorContains(t, err, `"nobody"`)
	assert.ErrorContains(t, err, `"nemo"`)
	assert.NotContains(t, err.Error(), "players")

	// The most games is accepted, rounded up to whole cycles.
	max, err := New(Config{Rules: players(ludo.Classic(), 3), Lineup: []string{"heuristic", "random", "random"}, Games: MaxGames})
	require.NoError(t, err)
	assert.Equal(t, MaxGames+2, max.Games())
	assert.Equal(t, []string{"heuristic", "random", "random"}, max.Lineup())
}

// TestUnknownBots: an unknown bot's error lists the bots the series
// knows, one's own (Config.Bots) and the shipped ones, and quotes at most
// 64 bytes of the name.
func TestUnknownBots(t *testing.T) {
	mine := map[string]bots.Factory{"mine": func(seed uint64) bots.Bot { return bots.NewRandom(seed) }}
	_, err := New(Config{Rules: players(ludo.Classic(), 2), Lineup: []string{"mine", "nobody"}, Games: 1, Bots: mine})
	assert.ErrorIs(t, err, bots.ErrUnknownBot)
	assert.EqualError(t, err, `bots: unknown bot "nobody" (want one of expectimax, expectimax1, heuristic, learned, learned1, mine, montecarlo, random)`)
	_, err = New(Config{Rules: players(ludo.Classic(), 2), Lineup: []string{"random", strings.Repeat("x", 1000)}, Games: 1})
	assert.ErrorIs(t, err, bots.ErrUnknownBot)
	assert.Less(t, len(err.Error()), 200)
	series, err := New(Config{Rules: players(ludo.Classic(), 2), Lineup: []string{" Mine", "heuristic"}, Games: 2, Bots: mine})
	require.NoError(t, err)
	assert.Equal(t, []string{"mine", "heuristic"}, series.Lineup())
	// A lineup that does not fit the table matches ErrConfig.
	_, err = New(Config{Rules: ludo.Classic(), Lineup: []string{"mine", "heuristic"}, Games: 1, Bots: mine})
	assert.ErrorIs(t, err, ErrConfig)
	// A bot of one's own with no factory is refused, not called.
	_, err = New(Config{Rules: players(ludo.Classic(), 2), Lineup: []string{"mine", "random"}, Games: 1, Bots: map[string]bots.Factory{"mine": nil}})
	assert.ErrorIs(t, err, ErrConfig)
	assert.EqualError(t, err, `bot "mine": Config.Bots gives it a nil Factory`)
	// A game outside the series is not played.
	for _, i := range []int{-1, series.Games()} {
		g := series.Game(i)
		assert.Error(t, g.Err, "game %d", i)
		assert.Equal(t, 0, g.Plies)
		assert.Equal(t, -1, g.Winner)
	}
}

// TestEveryPreset plays a short series of every preset, with as many
// players as its board seats: every game ends, bonus moves (rule P8)
// included.
func TestEveryPreset(t *testing.T) {
	for _, name := range ludo.Presets() {
		t.Run(name, func(t *testing.T) {
			r, _ := ludo.Preset(name)
			r.Players = r.Board.Arms
			lineup := []string{"heuristic"}
			for len(lineup) < r.Players {
				lineup = append(lineup, "random")
			}
			series, err := New(Config{Rules: r, Lineup: lineup, Games: 2, Seed: 3})
			require.NoError(t, err)
			sum, err := series.Run(0, nil)
			require.NoError(t, err)
			assert.Zero(t, sum.Unfinished)
			assert.Equal(t, r.Board.Arms, len(sum.Seats))
			wins := 0
			for _, w := range sum.WinsBySeat {
				wins += w
			}
			want := sum.Games
			if r.Teams == ludo.Partners || r.Teams == ludo.PartnersPlayOn {
				want *= 2 // both partners' seats (rule T1), opposite each other
				assert.Equal(t, sum.WinsBySeat[0], sum.WinsBySeat[2], "partners win together")
				assert.Equal(t, sum.WinsBySeat[1], sum.WinsBySeat[3], "partners win together")
			}
			assert.Equal(t, want, wins, "every game has a winner")
			var b bytes.Buffer
			_, err = sum.WriteTo(&b)
			require.NoError(t, err)
			assert.Contains(t, b.String(), fmt.Sprintf("%d players", r.Board.Arms))
		})
	}
}

// TestTwoColorsEach: under Teams:TwoColorsEach (rule T3) a series has
// two seats, each a bot running both colours of a side, and the summary
// names them by both colours with a parity of 50%.
func TestTwoColorsEach(t *testing.T) {
	r, err := ludo.ParseRules("uckers{Teams:TwoColorsEach}")
	require.NoError(t, err)
	_, err = New(Config{Rules: r, Lineup: []string{"heuristic", "random", "random", "random"}, Games: 2})
	require.ErrorIs(t, err, ErrConfig, "four bots for two players")
	_, err = New(Config{Rules: r, Lineup: []string{"heuristic"}, Games: 2})
	require.ErrorIs(t, err, ErrConfig)
	series, err := New(Config{Rules: r, Lineup: []string{"heuristic", "random"}, Games: 6, Seed: 5})
	require.NoError(t, err)
	sum, err := series.Run(0, nil)
	require.NoError(t, err)
	assert.Equal(t, []ludo.Color{ludo.Red, ludo.Green}, sum.Seats)
	assert.Zero(t, sum.Unfinished)
	assert.Equal(t, sum.Games, sum.WinsBySeat[0]+sum.WinsBySeat[1], "every game has one winning side")
	for _, b := range sum.Bots {
		assert.Equal(t, sum.Games, b.Seats)
	}
	assert.Equal(t, sum.Games, sum.Bots[0].Wins+sum.Bots[1].Wins)
	var b bytes.Buffer
	_, err = sum.WriteTo(&b)
	require.NoError(t, err)
	assert.Contains(t, b.String(), "2 players")
	assert.Contains(t, b.String(), "wins by seat: red+yellow ")
	assert.Contains(t, b.String(), " green+blue ")
	assert.Contains(t, b.String(), "parity 50.00%")
	g := series.Game(0)
	assert.ElementsMatch(t, []int{1, 2}, g.Places)
}

// TestShardsMergeIntoTheSeries: a series cut into shards, each played on
// its own and its summary sent through JSON, as separate processes
// would, merges into exactly the summary of the series played whole
// (but for the time taken and the workers).
func TestShardsMergeIntoTheSeries(t *testing.T) {
	cfg := Config{Rules: players(ludo.Mongolian(), 3), Lineup: []string{"heuristic", "expectimax1", "random"}, Games: 30, Seed: 9, MaxPlies: 300}
	series, err := New(cfg)
	require.NoError(t, err)
	whole, err := series.Run(2, nil)
	require.NoError(t, err)
	require.NotZero(t, whole.Unfinished, "the ply limit leaves some games unfinished, which must merge too")
	for _, n := range []int{1, 2, 5, 30} {
		var parts []Summary
		games := 0
		for i := n - 1; i >= 0; i-- { // in any order
			part, err := series.RunShard(i, n, 1, nil)
			require.NoError(t, err)
			games += part.Games
			b, err := json.Marshal(part)
			require.NoError(t, err)
			var back Summary
			require.NoError(t, json.Unmarshal(b, &back))
			parts = append(parts, back)
		}
		assert.Equal(t, series.Games(), games, "%d shards", n)
		merged, err := Merge(parts)
		require.NoError(t, err)
		a, b := whole, merged
		a.Elapsed, b.Elapsed, a.Workers, b.Workers = 0, 0, 0, 0
		assert.Equal(t, a, b, "%d shards", n)
		var ta, tb bytes.Buffer
		a.WriteTo(&ta)
		b.WriteTo(&tb)
		assert.Equal(t, ta.String(), tb.String())
		if n > 1 {
			_, err = Merge(parts[1:])
			assert.ErrorIs(t, err, ErrShard, "a shard missing")
			_, err = Merge(append(parts[1:], parts[1]))
			assert.ErrorIs(t, err, ErrShard, "a shard twice")
		}
	}
	other, err := New(Config{Rules: players(ludo.Mongolian(), 3), Lineup: []string{"heuristic", "random", "random"}, Games: 30, Seed: 9})
	require.NoError(t, err)
	a, err := series.RunShard(0, 2, 1, nil)
	require.NoError(t, err)
	b, err := other.RunShard(1, 2, 1, nil)
	require.NoError(t, err)
	_, err = Merge([]Summary{a, b})
	assert.ErrorIs(t, err, ErrShard, "shards of two series")
	for _, bad := range [][2]int{{-1, 2}, {2, 2}, {0, 0}, {0, 31}} {
		_, err := series.RunShard(bad[0], bad[1], 1, nil)
		assert.ErrorIs(t, err, ErrShard, "%v", bad)
	}
	_, err = Merge(nil)
	assert.ErrorIs(t, err, ErrShard)
}

// TestGamesWonTogether: a bot in several seats is credited with the
// games one of its seats won, counted again here from the games one by
// one: its wins where no two seats win together, fewer where partners do
// (rule T1), with the line below the table.
func TestGamesWonTogether(t *testing.T) {
	uckers, _ := ludo.Preset("uckers")
	for _, r := range []ludo.Rules{ludo.Classic(), uckers} {
		series, err := New(Config{Rules: r, Lineup: []string{"heuristic", "heuristic", "random", "random"}, Games: 12, Seed: 3})
		require.NoError(t, err)
		sum, err := series.Run(2, nil)
		require.NoError(t, err)
		require.Zero(t, sum.Unfinished)
		won := map[string]int{}
		together := 0
		for i := range series.Games() {
			g := series.Game(i)
			seen := map[string]bool{}
			for j, p := range g.Places {
				if name := series.Lineup()[j]; p == 1 {
					together += b2i(seen[name])
					seen[name] = true
				}
			}
			for name := range seen {
				won[name]++
			}
		}
		for _, b := range sum.Bots {
			assert.Equal(t, sum.Games, b.Games, "%v: %s sat in every game", r, b.Name)
			assert.Equal(t, won[b.Name], b.GamesWon, "%v: %s", r, b.Name)
			lo, hi := b.GameInterval()
			assert.InDelta(t, float64(won[b.Name])/float64(sum.Games), b.GameRate(), 1e-12)
			assert.True(t, lo <= b.GameRate() && b.GameRate() <= hi)
		}
		wins, gamesWon := sum.Bots[0].Wins+sum.Bots[1].Wins, sum.Bots[0].GamesWon+sum.Bots[1].GamesWon
		assert.Equal(t, together, wins-gamesWon, "%v: a game two seats of a bot won counts once", r)
		if r.Teams == ludo.NoTeams {
			assert.Zero(t, together)
			assert.Equal(t, sum.Games, gamesWon, "%v: one winner a game", r)
			for _, b := range sum.Bots {
				assert.Equal(t, b.Wins, b.GamesWon, "%v: one winner a game", r)
			}
		} else {
			assert.Positive(t, together, "%v: partners of one bot won together", r)
		}
		var out bytes.Buffer
		_, err = sum.WriteTo(&out)
		require.NoError(t, err)
		assert.Regexp(t, `\ngames won by a bot's seats together: heuristic \d+\.\d\d% \[\d+\.\d\d%, \d+\.\d\d%\], random \d+\.\d\d% \[`, out.String())
	}
	// A bot in one seat has no such line: its win rate says it.
	series, err := New(Config{Rules: players(ludo.Classic(), 2), Lineup: []string{"heuristic", "random"}, Games: 4, Seed: 1})
	require.NoError(t, err)
	sum, err := series.Run(1, nil)
	require.NoError(t, err)
	var out bytes.Buffer
	_, err = sum.WriteTo(&out)
	require.NoError(t, err)
	assert.NotContains(t, out.String(), "together")
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
