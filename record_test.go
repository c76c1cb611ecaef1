package ludo_test

import (
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ludorules/ludo"
)

// recordGame plays a seeded random game from start, recording it, and
// returns the record and the positions after each ply.
func recordGame(tb testing.TB, start ludo.State, seed uint64, maxPlies int) (*ludo.Record, []ludo.State) {
	tb.Helper()
	rec := ludo.NewRecord(start)
	rec.Seeded, rec.Seed = true, seed
	d := ludo.SeededDice(seed)
	pick := rand.New(rand.NewPCG(seed, 7))
	s := start
	states := []ludo.State{s}
	for range maxPlies {
		if s.Phase() == ludo.PhaseOver {
			break
		}
		rolled, err := s.Roll(d.Roll())
		require.NoError(tb, err)
		moves := rolled.LegalMoves()
		m := moves[pick.IntN(len(moves))]
		s, err = rolled.Apply(m)
		require.NoError(tb, err)
		require.NoError(tb, rec.Add(m))
		states = append(states, s)
	}
	return rec, states
}

// checkRecordRoundTrip asserts that the record survives its text and JSON
// forms.
func checkRecordRoundTrip(tb testing.TB, rec *ludo.Record) {
	tb.Helper()
	text := rec.String()
	back, err := ludo.ParseRecord(text)
	require.NoError(tb, err, text)
	require.Equal(tb, rec, back, text)
	require.Equal(tb, text, back.String())

	data, err := json.Marshal(rec)
	require.NoError(tb, err)
	var fromJSON ludo.Record
	require.NoError(tb, json.Unmarshal(data, &fromJSON), string(data))
	require.Equal(tb, *rec, fromJSON, string(data))
}

func TestRecordRoundTripAndReplay(t *testing.T) {
	t.Parallel()
	for k, r := range variants() {
		start, err := ludo.New(r)
		require.NoError(t, err)
		plies := 3000
		if testing.Short() {
			plies = 300
		}
		rec, states := recordGame(t, start, uint64(k+1), plies)
		rec.Names[start.Turn()] = "Zoë the 1st"
		checkRecordRoundTrip(t, rec)

		got, err := rec.Replay()
		require.NoError(t, err)
		require.Equal(t, states, got, r.String())

		parsed, err := ludo.ParseRecord(rec.String())
		require.NoError(t, err)
		got, err = parsed.Replay()
		require.NoError(t, err)
		require.Equal(t, states[len(states)-1], got[len(got)-1])
	}
}

// A record may start from any position with a roll due: a dispute's.
func TestRecordFromPosition(t *testing.T) {
	t.Parallel()
	for k, r := range variants() {
		every := 8
		if testing.Short() {
			every = 64
		}
		for j, start := range gameStates(t, r, uint64(k+10), 300) {
			if start.Phase() != ludo.PhaseRoll || j%every != 0 && (start.Streak() == 0 || testing.Short()) {
				continue // a sample, with every mid-turn start
			}
			rec, states := recordGame(t, start, uint64(k), 8)
			checkRecordRoundTrip(t, rec)
			got, err := rec.Replay()
			require.NoError(t, err)
			require.Equal(t, states, got)
		}
	}
}

func TestRecordText(t *testing.T) {
	start := ludo.MustParsePosition("rules mongolian{Players:2 Seats:{red green}}\nred 10\ngreen 0 0 5")
	rec := ludo.NewRecord(start)
	rec.Names[ludo.Red] = "Alice"
	rec.Names[ludo.Green] = ` Bob "#2"`
	for _, step := range []struct {
		face int
		text string
	}{{2, "0"}, {3, "2"}, {6, "1"}} {
		s, _ := start.Roll(step.face)
		m, err := ludo.ParseMove(s, step.text)
		require.NoError(t, err)
		start, _ = s.Apply(m)
		require.NoError(t, rec.Add(m))
	}
	want := `rules   mongolian{Players:2 Seats:{red green}}
red     10 yard yard yard
green   0 0 5 yard
players red green
name    red    Alice
name    green  " Bob \"#2\""
# ply  player  face  move
1      red     2     0: 10-12
2      green   3     2: 5-8
3      red     6     1: yard-0 enter
`
	assert.Equal(t, want, rec.String())
	var b strings.Builder
	n, err := rec.WriteTo(&b)
	require.NoError(t, err)
	assert.Equal(t, int64(len(want)), n)
	assert.Equal(t, want, b.String())
	checkRecordRoundTrip(t, rec)

	// Hand-written: short moves, comments, no players line, spacing.
	hand, err := ludo.ParseRecord(`
		# a disputed game
		rules mongolian{Players:2 Seats:{red green}}
		red   10
		green 0 0 5
		name  red   Alice
		name  green " Bob \"#2\""
		1 red 2 0
		2 green 3 green 2   # the colour may be repeated
		3 red 6 1: yard-0 enter
	`)
	require.NoError(t, err)
	hand.Plies[0].Move = "0: 10-12" // the short form is kept as written
	hand.Plies[1].Move = "2: 5-8"
	assert.Equal(t, rec, hand)

	assert.ErrorIs(t, rec.Add(ludo.Move{}), ludo.ErrIllegalMove)
}

func TestReplayErrors(t *testing.T) {
	text := `rules mongolian{Players:2 Seats:{red green}}
red   10
green 0 0 5
1 red   2 0: 10-12
2 green 3 2
3 red   5 0
4 green 1 0
`
	rec, err := ludo.ParseRecord(text)
	require.NoError(t, err)
	states, err := rec.Replay()
	require.Len(t, states, 3, "the start and the two good plies")
	var re *ludo.ReplayError
	require.ErrorAs(t, err, &re)
	assert.Equal(t, 3, re.Ply)
	assert.Equal(t, ludo.Red, re.Player)
	assert.Equal(t, 5, re.Face)
	assert.Equal(t, "0", re.Move)
	assert.EqualError(t, err, "ludo: ply 3 (red rolls 5, plays 0): token 0 cannot pass the block on square 14 (rule B2)")
	var ill *ludo.IllegalMoveError
	require.ErrorAs(t, err, &ill)
	assert.Equal(t, "B2", ill.Rule)
	assert.ErrorIs(t, err, ludo.ErrIllegalMove)

	for _, c := range []struct {
		plies string
		ply   int
		is    error
		msg   string
	}{
		{"1 green 2 0", 1, ludo.ErrIllegalMove, "ply 1 (green rolls 2, plays 0): it is red's turn, not green's (rule C3)"},
		{"1 red 2 0: 10-13", 1, ludo.ErrIllegalMove, "with a 2, red token 0 makes 10-12, not 10-13"},
		{"1 red 6 pass", 1, ludo.ErrIllegalMove, "red must move when a token can: red 1: yard-0 enter (rule C10)"},
		{"1 red 2 0\n2 green 6 2\n3 green 6 2\n4 green 6 2", 4, ludo.ErrIllegalMove, "the last is forfeited and no token may move (rule C9)"},
	} {
		rec, err := ludo.ParseRecord("rules mongolian{Players:2 Seats:{red green}}\nred 10\ngreen 0 0 5\n" + c.plies)
		require.NoError(t, err, c.plies)
		_, err = rec.Replay()
		require.ErrorAs(t, err, &re, c.plies)
		assert.Equal(t, c.ply, re.Ply, c.plies)
		assert.ErrorIs(t, err, c.is, c.plies)
		assert.ErrorContains(t, err, c.msg, c.plies)
	}

	// A seeded record must follow its dice: SeededDice(1) rolls 6 first.
	rec, err = ludo.ParseRecord("rules classic\nseed 1\n1 red 5 pass")
	require.NoError(t, err)
	_, err = rec.Replay()
	assert.ErrorIs(t, err, ludo.ErrSeedMismatch)
	assert.EqualError(t, err, "ludo: ply 1 (red rolls 5, plays pass): face differs from the seeded dice: seed 1 rolls 6 here, not 5")

	// After the game is over, no more plies.
	rec, err = ludo.ParseRecord("rules classic{Players:2}\nred finish finish finish 55\n1 red 1 3\n2 yellow 1 pass")
	require.NoError(t, err)
	states, err = rec.Replay()
	assert.ErrorIs(t, err, ludo.ErrGameOver)
	assert.Len(t, states, 2)
	assert.Equal(t, ludo.PhaseOver, states[1].Phase())

	// Records built in code can hold anything.
	_, err = ludo.Record{}.Replay()
	assert.ErrorIs(t, err, ludo.ErrNoGame)
	assert.EqualError(t, err, "ludo: the record's start: zero State is not a game")
	_, err = ludo.Record{Start: ludo.MustParsePosition("rules classic\ndie 3")}.Replay()
	assert.ErrorIs(t, err, ludo.ErrWrongPhase)
	start, _ := ludo.New(ludo.Classic())
	for _, p := range []ludo.Ply{
		{Player: ludo.Red, Face: 7, Move: "pass"},
		{Player: ludo.Red, Face: 3, Move: "?"},
		{Player: ludo.Red, Face: 3, Move: "green pass"},
	} {
		_, err = ludo.Record{Start: start, Plies: []ludo.Ply{p}}.Replay()
		require.ErrorAs(t, err, &re)
		assert.Equal(t, 1, re.Ply)
	}
}

func TestParseRecordErrors(t *testing.T) {
	syn, setup := ludo.ErrSyntax, ludo.ErrInvalidSetup
	for _, c := range []parseErrorCase{
		{"", 1, 1, syn, "no rules line"},
		{"1 red 6 0", 1, 1, syn, "no rules line"},
		{"rules classic\n1 red 6 0\nturn red", 3, 1, syn, "a header line after the plies"},
		{"rules classic\n2 red 6 0", 2, 1, syn, `ply "2", want 1`},
		{"rules classic\n1 red 6 0\n1 red 6 0", 3, 1, syn, `ply "1", want 2`},
		{"rules classic\n1x red 6 0", 2, 1, syn, `ply "1x", want 1`},
		{"rules classic\n1 red 6", 2, 1, syn, "a ply is its number, the colour, the face and the move"},
		{"rules classic\n1 pink 6 0", 2, 3, syn, `"pink" is not a colour`},
		{"rules classic{Players:2}\n1 green 6 0", 2, 3, setup, "green does not play"},
		{"rules classic\n1 red 7 0", 2, 7, ludo.ErrBadFace, "face 7: want one of {1 2 3 4 5 6}, or 0 for a bonus move"},
		{"rules classic\n1 red x 0", 2, 7, syn, `face "x" is not a number`},
		{"rules classic\n1 red 6 jump", 2, 9, syn, `"jump" is not a move`},
		{"rules classic\n1 red 6 0: 1-2 fly", 2, 16, syn, `"fly" is not a word of a move`},
		{"rules classic\n1 red 6 green 0", 2, 9, syn, "the move is green's, but the ply is red's"},
		{"rules classic\nseed x", 2, 6, syn, `seed "x" is not a number`},
		{"rules classic\nseed -1", 2, 6, syn, "is not a number"},
		{"rules classic\nseed", 2, 1, syn, "seed takes one number"},
		{"rules classic\nseed 1\nseed 2", 3, 1, syn, "a second seed line"},
		{"rules classic\nname pink Bob", 2, 6, syn, `"pink" is not a colour`},
		{"rules classic{Players:2}\nname green Bob", 2, 6, setup, "green does not play"},
		{"rules classic\nname red", 2, 1, syn, "name takes a colour and a name"},
		{"rules classic\nname red A\nname red B", 3, 1, syn, "a second name for red"},
		{"rules classic\nname red \"Bob", 2, 10, syn, "quoted string not closed"},
		{"rules classic\nname red \"Bob\" x", 2, 16, syn, `unexpected "x" after the quoted name`},
		{"rules classic\nname red \"\\q\"", 2, 10, syn, "is not a quoted string"},
		{"rules classic\nplayers red green", 2, 1, setup, "players lists {red green}, but the rules seat {red green yellow blue}"},
		{"rules classic\nplayers red red", 2, 13, setup, "players lists red twice"},
		{"rules classic\nplayers red sky", 2, 13, syn, `"sky" is not a colour`},
		{"rules classic\nplayers red\nplayers red", 3, 1, syn, "a second players line"},
		{"rules classic\ndie 3", 2, 1, setup, "a record starts with a roll due"},
		{"rules classic\nfoo", 2, 1, syn, `unknown key "foo"`},
		{"rules classic\nred 99", 2, 5, setup, "progress 99"},
	} {
		_, err := ludo.ParseRecord(c.text)
		checkParseError(t, c, err)
	}
}
