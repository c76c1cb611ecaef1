package server

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ludorules/ludo"
	"github.com/ludorules/ludo/internal/seeded"
)

// playToTheEnd plays game id through the API: each roll, then a move
// picked at random, by index or by its text in turn. roll gives the body
// of each roll.
func (c *client) playToTheEnd(id string, roll func() string, pick *rand.Rand) gameView {
	c.t.Helper()
	var v gameView
	c.call("GET", "/games/"+id, "", http.StatusOK, &v)
	for n := 0; v.Phase != "over"; n++ {
		require.Less(c.t, n, 100000, "the game does not end")
		if v.Bonus {
			// A bonus move is due (rule P8): no roll, and a roll is
			// refused, changing nothing.
			require.Equal(c.t, "move", v.Phase)
			before, plies := c.stored(id)
			status, _, data := c.do("POST", "/games/"+id+"/roll", roll())
			require.Equal(c.t, http.StatusConflict, status, data)
			require.Contains(c.t, errorText(c.t, data), fmt.Sprintf("%s has a bonus move of %d due (rule P8), which no roll comes before: play it with POST /games/{id}/move", v.Turn, v.Count))
			var e errorBody
			require.NoError(c.t, json.Unmarshal([]byte(data), &e))
			require.Equal(c.t, "P8", e.Rule)
			after, pliesAfter := c.stored(id)
			require.True(c.t, before == after)
			require.Equal(c.t, plies, pliesAfter)
		} else {
			require.Equal(c.t, "roll", v.Phase)
			c.call("POST", "/games/"+id+"/roll", roll(), http.StatusOK, &v)
			require.Equal(c.t, "move", v.Phase)
			require.False(c.t, v.Bonus)
		}
		var listed struct {
			Phase string     `json:"phase"`
			Turn  string     `json:"turn"`
			Die   int        `json:"die"`
			Count int        `json:"count"`
			Bonus bool       `json:"bonus"`
			Moves []moveView `json:"moves"`
		}
		c.call("GET", "/games/"+id+"/moves", "", http.StatusOK, &listed)
		require.Equal(c.t, v.Moves, listed.Moves)
		require.Equal(c.t, v.Die, listed.Die)
		require.Equal(c.t, v.Count, listed.Count)
		require.Equal(c.t, v.Bonus, listed.Bonus)
		for _, m := range listed.Moves {
			require.Equal(c.t, v.Bonus, m.Bonus, m.Text)
		}
		require.NotEmpty(c.t, listed.Moves)
		k := pick.IntN(len(listed.Moves))
		body := fmt.Sprintf(`{"index": %d}`, k)
		if n%2 == 1 {
			body = fmt.Sprintf(`{"move": %q}`, listed.Moves[k].Text)
		}
		var played struct {
			Played moveView `json:"played"`
			gameView
		}
		c.call("POST", "/games/"+id+"/move", body, http.StatusOK, &played)
		require.Equal(c.t, listed.Moves[k].Text, played.Played.Text)
		require.Equal(c.t, listed.Moves[k].Bonus, played.Played.Bonus)
		v = played.gameView
	}
	return v
}

// checkRecord checks the game's record, text and JSON, and replay page
// against the stored game.
func (c *client) checkRecord(id string) *ludo.Record {
	c.t.Helper()
	state, plies := c.stored(id)
	status, ctype, text := c.do("GET", "/games/"+id+"/record.txt", "")
	require.Equal(c.t, http.StatusOK, status, text)
	require.Equal(c.t, "text/plain; charset=utf-8", ctype)
	rec, err := ludo.ParseRecord(text)
	require.NoError(c.t, err, text)
	require.Len(c.t, rec.Plies, plies)
	states, err := rec.Replay()
	require.NoError(c.t, err, text)
	require.Equal(c.t, state, states[len(states)-1])

	var fromJSON ludo.Record
	c.call("GET", "/games/"+id+"/record", "", http.StatusOK, &fromJSON)
	require.Equal(c.t, *rec, fromJSON)

	status, ctype, page := c.do("GET", "/games/"+id+"/replay", "")
	require.Equal(c.t, http.StatusOK, status, page)
	require.Equal(c.t, "text/html; charset=utf-8", ctype)
	require.Contains(c.t, page, "<!DOCTYPE html>")
	require.Contains(c.t, page, fmt.Sprintf(`data-plies="%d"`, plies))
	return rec
}

// errorText returns the text of an error answer.
func errorText(t testing.TB, data string) string {
	t.Helper()
	var e errorBody
	require.NoError(t, json.Unmarshal([]byte(data), &e), data)
	require.NotEmpty(t, e.Error, data)
	return e.Error
}

// TestWholeGame plays whole games through the API, with the server's
// dice and with the client's.
func TestWholeGame(t *testing.T) {
	t.Parallel()
	c := newClient(t, 10, 100000)

	id := c.create(`{"preset": "mongolian", "players": 2, "seed": 42}`, "Ann", `Bo "B" Lee`)
	var v gameView
	c.call("GET", "/games/"+id, "", http.StatusOK, &v)
	assert.Equal(t, "mongolian{Players:2}", v.Rules)
	assert.Equal(t, "server", v.Dice)
	assert.Equal(t, "roll", v.Phase)
	assert.Equal(t, "red", v.Turn)
	assert.Equal(t, []seatView{{"red", "Ann", true}, {"yellow", `Bo "B" Lee`, true}}, v.Seats)
	assert.Equal(t, 0, v.Version)
	assert.Empty(t, v.Moves)
	// Before the end the record does not give the seed away.
	_, _, text := c.do("GET", "/games/"+id+"/record.txt", "")
	assert.NotContains(t, text, "seed")

	end := c.playToTheEnd(id, func() string { return "{}" }, rand.New(rand.NewPCG(1, 2)))
	assert.Equal(t, "over", end.Phase)
	assert.Len(t, end.Ranking, 2)
	assert.Empty(t, end.Turn)
	rec := c.checkRecord(id)
	// The record names the seed now, and its faces are the seed's
	// (Replay checks them).
	assert.True(t, rec.Seeded)
	assert.Equal(t, uint64(42), rec.Seed)
	assert.Equal(t, "Ann", rec.Names[ludo.Red])
	assert.Greater(t, len(rec.Plies), 50)

	// The client's dice: the faces of a die at the table.
	id = c.create(`{"preset": "classic", "players": 3, "dice": "client"}`)
	dice := ludo.SeededDice(9)
	end = c.playToTheEnd(id, func() string { return fmt.Sprintf(`{"face": %d}`, dice.Roll()) }, rand.New(rand.NewPCG(3, 4)))
	assert.Equal(t, "client", end.Dice)
	assert.Len(t, end.Ranking, 3)
	rec = c.checkRecord(id)
	assert.False(t, rec.Seeded)

	// Deleted by its owner, it is gone; no one else may delete it.
	for _, cred := range []string{"", c.cred(id, ludo.Red), "nonsense"} {
		status, _, data := c.doAs(cred, "DELETE", "/games/"+id, "")
		assert.Equal(t, http.StatusUnauthorized, status, data)
		assert.Contains(t, errorText(t, data), "deleting a game needs its owner's credential")
	}
	status, _, _ := c.doAs(c.owner[id], "DELETE", "/games/"+id, "")
	assert.Equal(t, http.StatusNoContent, status)
	c.call("GET", "/games/"+id, "", http.StatusNotFound, nil)
}

// TestRefusedRequests: every refused request gets a 4xx with the error as
// JSON and leaves the stored game as it was.
func TestRefusedRequests(t *testing.T) {
	t.Parallel()
	c := newClient(t, 10, 100000)
	server := c.create(`{"seed": 7}`)
	table := c.create(`{"preset": "mongolian", "dice": "client"}`)
	over := c.create(`{"players": 2, "seed": 3}`)
	c.playToTheEnd(over, func() string { return "{}" }, rand.New(rand.NewPCG(5, 6)))

	type refusal struct {
		method, path, body string
		status             int
		err                string // in the error's text
		rule               string
	}
	check := func(game string, cases []refusal) {
		t.Helper()
		for _, r := range cases {
			path := "/games/" + game + r.path
			before, plies := c.stored(game)
			status, ctype, data := c.do(r.method, path, r.body)
			after, pliesAfter := c.stored(game)
			assert.Equal(t, r.status, status, "%s %s %.60s: %s", r.method, path, r.body, data)
			assert.Equal(t, "application/json", ctype, "%s %s %.60s", r.method, path, r.body)
			var e errorBody
			if assert.NoError(t, json.Unmarshal([]byte(data), &e), data) {
				assert.Contains(t, e.Error, r.err, "%s %s %.60s", r.method, path, r.body)
				assert.Equal(t, r.rule, e.Rule, "%s %s %.60s", r.method, path, r.body)
			}
			assert.True(t, before == after, "%s %s %.60s changed the game", r.method, path, r.body)
			assert.Equal(t, plies, pliesAfter)
		}
	}

	// A roll is due.
	check(server, []refusal{
		{"POST", "/move", `{"index": 0}`, 409, "ludo: wrong phase: red must roll before moving", ""},
		{"POST", "/move", `{"move": "0"}`, 409, "ludo: wrong phase", ""},
		{"POST", "/roll", `{"face": 3}`, 400, "this game's dice are the server's", ""},
		{"POST", "/roll", `{"face": 3`, 400, "bad JSON", ""},
		{"POST", "/roll", `{"die": 3}`, 400, `unknown field "die"`, ""},
		{"POST", "/roll", `{} {}`, 400, "more after the object", ""},
		{"POST", "/roll", `[]`, 400, "bad JSON", ""},
		{"POST", "/roll", `{"face": "` + strings.Repeat("6", 5000) + `"}`, 413, "over 4096 bytes", ""},
		{"PUT", "", `{}`, 405, `/games/{id} does not take "PUT": want DELETE or GET`, ""},
		{"GET", "/roll", ``, 405, "want POST", ""},
	})
	// Roll, then a move is due.
	var v gameView
	c.call("POST", "/games/"+server+"/roll", "{}", http.StatusOK, &v)
	illegal, rule := `{"move": "0"}`, "C7" // a token in the yard needs a 6 to enter
	if v.Die == 6 {
		illegal, rule = `{"move": "pass"}`, "C10"
	}
	check(server, []refusal{
		{"POST", "/roll", `{}`, 409, "ludo: wrong phase: red must move", ""},
		{"POST", "/roll", ``, 409, "ludo: wrong phase", ""},
		{"POST", "/move", illegal, 422, "ludo: illegal move", rule},
		{"POST", "/move", `{"move": "zz"}`, 400, `"zz" is not a move`, ""},
		{"POST", "/move", `{"move": "green 0"}`, 422, "ludo: illegal move", "C3"},
		{"POST", "/move", `{"index": 9}`, 422, "index 9: there are", ""},
		{"POST", "/move", `{"index": -1}`, 422, "index -1", ""},
		{"POST", "/move", `{}`, 400, "one of the two", ""},
		{"POST", "/move", `{"move": "0", "index": 0}`, 400, "one of the two", ""},
		{"POST", "/move", `{"index": "0"}`, 400, "bad JSON", ""},
	})
	// The refused rolls used up no face of the seeded dice: the faces
	// rolled are the seed's first and second.
	seeded := ludo.SeededDice(7)
	assert.Equal(t, seeded.Roll(), v.Die)
	c.call("POST", "/games/"+server+"/move", `{"index": 0}`, http.StatusOK, nil)
	c.call("POST", "/games/"+server+"/roll", `{}`, http.StatusOK, &v)
	assert.Equal(t, seeded.Roll(), v.Die)

	// The client's dice.
	check(table, []refusal{
		{"POST", "/roll", `{}`, 400, "this game's dice are the client's", ""},
		{"POST", "/roll", `{"face": 7}`, 400, "ludo: die face out of range: 7", ""},
		{"POST", "/roll", `{"face": 0}`, 400, "ludo: die face out of range: 0", ""},
		{"POST", "/roll", `{"face": 2.5}`, 400, "bad JSON", ""},
	})
	c.call("POST", "/games/"+table+"/roll", `{"face": 6}`, http.StatusOK, &v)
	check(table, []refusal{
		{"POST", "/roll", `{"face": 7}`, 409, "ludo: wrong phase", ""},
	})

	// The game is over.
	check(over, []refusal{
		{"POST", "/roll", `{}`, 409, "ludo: game is over", ""},
		{"POST", "/move", `{"index": 0}`, 409, "ludo: game is over", ""},
		{"POST", "/move", `{"move": "pass"}`, 409, "ludo: game is over", ""},
	})

	// Unknown games and paths.
	for _, r := range []refusal{
		{"GET", "/games/nope", "", 404, `no game "nope"`, ""},
		{"POST", "/games/nope/roll", "{}", 404, `no game "nope"`, ""},
		{"POST", "/games/nope/move", `{"index": 0}`, 404, `no game "nope"`, ""},
		{"GET", "/games/nope/record", "", 404, `no game "nope"`, ""},
		{"GET", "/games/nope/replay", "", 404, `no game "nope"`, ""},
		{"DELETE", "/games/nope", "", 404, `no game "nope"`, ""},
		{"GET", "/nowhere", "", 404, `no such path: "/nowhere"`, ""},
		{"PUT", "/games", "", 405, `/games does not take "PUT": want GET or POST`, ""},
	} {
		status, ctype, data := c.do(r.method, r.path, r.body)
		assert.Equal(t, r.status, status, "%s %s", r.method, r.path)
		assert.Equal(t, "application/json", ctype)
		assert.Contains(t, errorText(t, data), r.err)
	}
}

func TestCreateRefuses(t *testing.T) {
	c := newClient(t, 2, 100000)
	for _, r := range []struct {
		body, err string
	}{
		{`{"preset": "chess"}`, `unknown preset "chess"`},
		{`{"players": 7}`, "ludo: invalid rules: Players is 7"},
		{`{"dice": "loaded"}`, `dice "loaded": want server or client`},
		{`{"dice": "client", "seed": 1}`, "a seed is for the server's dice"},
		{`{"join": {"color": "pink"}}`, `color "pink" is not a colour`},
		{`{"players": 2, "join": {"color": "green"}}`, "green does not play"},
		{`{"join": {"name": "` + strings.Repeat("x", 65) + `"}}`, "at most 64 bytes"},
		{`{"join": {"name": "a\u0007b"}}`, "printable"},
		{`{"seed": -1}`, "bad JSON"},
		{`{"players": 2`, "bad JSON"},
	} {
		status, _, data := c.do("POST", "/games", r.body)
		assert.Equal(t, http.StatusBadRequest, status, r.body)
		assert.Contains(t, errorText(t, data), r.err, r.body)
	}
	assert.Zero(t, c.count())
	// The store is bounded.
	c.create("")
	c.create("{}")
	status, _, data := c.do("POST", "/games", "{}")
	assert.Equal(t, http.StatusConflict, status)
	assert.Contains(t, errorText(t, data), "the server holds the most games it may (2)")
	assert.Equal(t, 2, c.count())
}

// TestPlyLimit: a game stops taking rolls at the server's ply limit.
func TestPlyLimit(t *testing.T) {
	c := newClient(t, 10, 3)
	id := c.create(`{"seed": 1}`)
	for range 3 {
		c.call("POST", "/games/"+id+"/roll", "{}", http.StatusOK, nil)
		c.call("POST", "/games/"+id+"/move", `{"index": 0}`, http.StatusOK, nil)
	}
	before, _ := c.stored(id)
	status, _, data := c.do("POST", "/games/"+id+"/roll", "{}")
	assert.Equal(t, http.StatusConflict, status)
	assert.Contains(t, errorText(t, data), "the game has reached the server's limit of 3 plies")
	after, _ := c.stored(id)
	assert.True(t, before == after)
}

// TestConcurrentPlayers: many clients rolling and moving in one game at
// once; each transition happens once, and the record is the game.
func TestConcurrentPlayers(t *testing.T) {
	t.Parallel()
	c := newClient(t, 10, 100000)
	id := c.create(`{"players": 2, "seed": 11}`)
	var wg sync.WaitGroup
	for w := range 6 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			pick := rand.New(rand.NewPCG(uint64(w), 0))
			for {
				var v gameView
				status, _, data := c.do("GET", "/games/"+id, "")
				if status != http.StatusOK || json.Unmarshal([]byte(data), &v) != nil {
					t.Errorf("GET: %d %s", status, data)
					return
				}
				switch v.Phase {
				case "over":
					return
				case "roll":
					c.do("POST", "/games/"+id+"/roll", "{}")
				default:
					c.do("POST", "/games/"+id+"/move", fmt.Sprintf(`{"index": %d}`, pick.IntN(len(v.Moves))))
				}
			}
		}()
	}
	wg.Wait()
	state, _ := c.stored(id)
	require.Equal(t, ludo.PhaseOver, state.Phase())
	c.checkRecord(id)
}

// TestEveryPreset plays a whole game of every preset through the API,
// with the preset's players (with -short, two but on parchis6; parchis1
// with every check of playToTheEnd, the others quicker): bonus moves
// (rule P8) are played with no roll, a roll is refused while one is due,
// and the record writes them with face 0.
func TestEveryPreset(t *testing.T) {
	t.Parallel()
	c := newLocalClient(t, len(ludo.Presets()), 100000) // a game of each
	for k, name := range ludo.Presets() {
		r, _ := ludo.Preset(name)
		if testing.Short() && name != "parchis6" {
			r.Players = 2
		}
		id := c.create(fmt.Sprintf(`{"preset": %q, "players": %d, "seed": %d}`, name, r.Players, k))
		pick := rand.New(rand.NewPCG(uint64(k), 1))
		if name == "parchis1" {
			end := c.playToTheEnd(id, func() string { return "{}" }, pick)
			assert.Len(t, end.Ranking, r.Players, name)
		} else {
			bottoms, afterDice, both := c.playQuickly(id, r.TwoDice, pick)
			if r.EntrySum {
				assert.Positive(t, both, "%s: no move listed entering with both dice (rule H1)", name)
			}
			if r.TopsAndBottoms {
				assert.Positive(t, bottoms, "%s: no double played as tops and bottoms (rule H2)", name)
			}
			if r.TwoDice && r.CaptureBonus.Steps() > 0 {
				assert.Positive(t, afterDice, "%s: no bonus move after the dice (rule W4)", name)
			}
		}

		var v gameView
		c.call("GET", "/games/"+id, "", http.StatusOK, &v)
		assert.Equal(t, r.String(), v.Rules)
		assert.Equal(t, "over", v.Phase)
		places := r.Players
		if r.End == ludo.FirstWinner { // ruling Q10: the game stops at the first winner (Petits chevaux, rule L6)
			places = 1
		}
		assert.Len(t, v.Ranking, places, name)
		rec := c.checkRecord(id)
		bonus, other, throws, sums := 0, 0, 0, 0
		for _, p := range rec.Plies {
			switch {
			case p.Face == 0 && r.TwoDice && !strings.Contains(p.Move, " bonus"): // a throw's other die (rule W1)
				other++
			case p.Face == 0:
				bonus++
				assert.Contains(t, p.Move, " bonus", name)
			case p.Second != 0:
				throws++
				if strings.Contains(p.Move, " both") { // a move of both dice (rules H1, U2): no other die follows
					sums++
				}
			}
		}
		if r.TwoDice {
			assert.Positive(t, throws, "%s: no throw of two dice", name)
			assert.Greater(t, other+sums, throws/2, "%s: few other dice played with no roll, or both dice in one move", name)
			if r.SumMoves {
				assert.Positive(t, sums, "%s: no move of both dice (rule U2)", name)
			}
		} else {
			assert.Zero(t, other+throws, name)
		}
		if r.CaptureBonus.Steps() > 0 {
			assert.Positive(t, bonus, "%s: no bonus move in the game", name)
			_, _, text := c.do("GET", "/games/"+id+"/record.txt", "")
			assert.Regexp(t, `\n\d+ +\w+ +0 +\d: \d+-\d+.* bonus`, text, name)
		} else {
			assert.Zero(t, bonus, name)
		}
	}
}

// playQuickly plays game id to its end through the API as playToTheEnd
// does, with fewer checks: it reads only the phase, whether a bonus move
// is due, the dice due and how many moves there are, and tries a roll
// where a move no roll precedes is due; two says the rules throw two
// dice. It returns how many positions
// had a double due as tops and bottoms (rule H2), how many a bonus move
// after a throw of two dice (rule W4), and how many moves listed entered
// with both dice (rule H1).
func (c *client) playQuickly(id string, two bool, pick *rand.Rand) (bottoms, afterDice, both int) {
	c.t.Helper()
	type view struct {
		Phase     string `json:"phase"`
		Die       int    `json:"die"`
		Second    int    `json:"second"`
		Bonus     bool   `json:"bonus"`
		DiePlayed int    `json:"die_played"`
		Due       []int  `json:"dice_due"`
		Bottoms   bool   `json:"tops_and_bottoms"`
		Moves     []struct {
			Text     string `json:"text"`
			Die      int    `json:"die"`
			BothDice bool   `json:"both_dice"`
		} `json:"moves"`
	}
	decode := func(data string) view {
		var v view
		require.NoError(c.t, json.Unmarshal([]byte(data), &v), data)
		return v
	}
	_, _, data := c.do("GET", "/games/"+id, "")
	v := decode(data)
	for n := 0; v.Phase != "over"; n++ {
		require.Less(c.t, n, 100000, "the game does not end")
		if v.Bottoms { // rule H2: a double, four amounts, top and bottom
			bottoms++
			require.Len(c.t, v.Due, 4, data)
			require.Equal(c.t, v.Die, v.Second, data)
			for k, f := range v.Due {
				require.Contains(c.t, []int{0, v.Die + k%2*(7-2*v.Die)}, f, "amount %d: %s", k, data)
			}
		} else if v.Phase == "move" && v.Second != 0 && !v.Bonus {
			require.Len(c.t, v.Due, 2, data)
			require.Contains(c.t, []int{0, v.Die}, v.Due[0], data)
			require.Contains(c.t, []int{0, v.Second}, v.Due[1], data)
		}
		if v.Bonus && two {
			afterDice++
			require.Empty(c.t, v.Due, "a bonus move comes once the dice are played (rule W4): %s", data)
		}
		status := 0
		if v.Phase == "roll" {
			status, _, data = c.do("POST", "/games/"+id+"/roll", "{}")
			require.Equal(c.t, http.StatusOK, status, data)
			v = decode(data)
			if v.Second != 0 {
				require.Equal(c.t, 0, v.DiePlayed, data)
				require.NotContains(c.t, v.Due, 0, "no die played after the throw: %s", data)
			}
		} else {
			require.True(c.t, v.Bonus || v.DiePlayed != 0, "a move is due after a move: a bonus move, or a throw's other die (rule W1)")
			status, _, data = c.do("POST", "/games/"+id+"/roll", "{}")
			require.Equal(c.t, http.StatusConflict, status, data)
			switch {
			case v.Bonus && two:
				require.Contains(c.t, data, "bonus move of")
				require.Contains(c.t, data, `due after the dice (rule W4)`)
			case v.Bonus:
				require.Contains(c.t, data, "bonus move")
			case v.Bottoms:
				require.Contains(c.t, data, "tops and bottoms")
				require.Contains(c.t, data, `"rule":"H2"`)
			default:
				require.Contains(c.t, data, "the other die of the throw")
			}
		}
		for _, m := range v.Moves {
			if m.BothDice != slices.Contains(strings.Fields(m.Text), "both") || m.BothDice && (v.Die+v.Second != m.Die || v.DiePlayed != 0) {
				require.Fail(c.t, "a move with both dice (rules H1, U2) misreported", "%+v in %s", m, data)
			}
			if m.BothDice {
				both++
			}
		}
		status, _, data = c.do("POST", "/games/"+id+"/move", fmt.Sprintf(`{"index": %d}`, pick.IntN(len(v.Moves))))
		require.Equal(c.t, http.StatusOK, status, data)
		v = decode(data)
	}
	return bottoms, afterDice, both
}

// TestBonusMove: while a bonus move is due, the game says so, a roll is
// refused with the rule, a move text must say bonus, and the move plays
// it; at the ply limit it is refused too.
func TestBonusMove(t *testing.T) {
	t.Parallel()
	// Play a Parchís game by the first legal move until a bonus move is
	// due, and note how many plies that took.
	play := func(c *client, id string) (gameView, int) {
		var v gameView
		c.call("GET", "/games/"+id, "", http.StatusOK, &v)
		for n := 0; !v.Bonus; n++ {
			require.Less(t, n, 10000, "no bonus move")
			require.NotEqual(t, "over", v.Phase)
			if v.Phase == "roll" {
				c.call("POST", "/games/"+id+"/roll", "{}", http.StatusOK, &v)
			}
			c.call("POST", "/games/"+id+"/move", `{"index": 0}`, http.StatusOK, &v)
		}
		return v, v.Plies
	}
	c := newClient(t, 10, 100000)
	id := c.create(`{"preset": "parchis1", "seed": 5}`)
	v, plies := play(c, id)
	assert.Equal(t, "move", v.Phase)
	assert.Contains(t, []int{10, 20}, v.Count)
	require.NotEmpty(t, v.Moves)
	m := v.Moves[0]
	assert.True(t, m.Bonus)
	assert.Contains(t, m.Text, " bonus")
	// A move text that says "die" refers to a roll, not to the bonus move:
	// refused, and the game unchanged.
	before, _ := c.stored(id)
	status, _, data := c.do("POST", "/games/"+id+"/move", fmt.Sprintf(`{"move": "%d: %d-%d die 6"}`, m.Token, m.From, m.To))
	assert.Equal(t, http.StatusUnprocessableEntity, status)
	assert.Contains(t, errorText(t, data), fmt.Sprintf("the move due is a bonus move of %d", v.Count))
	after, _ := c.stored(id)
	assert.True(t, before == after)
	var played struct {
		Played moveView `json:"played"`
		gameView
	}
	c.call("POST", "/games/"+id+"/move", fmt.Sprintf(`{"move": %q}`, m.Text), http.StatusOK, &played)
	assert.Equal(t, m.Text, played.Played.Text)
	assert.True(t, played.Played.Bonus)
	assert.Equal(t, plies+1, played.Plies)
	_, _, text := c.do("GET", "/games/"+id+"/record.txt", "")
	assert.Contains(t, text, fmt.Sprintf("\n%d ", plies+1))

	// The same game on a server whose ply limit is reached as the bonus
	// move falls due: the bonus move is a ply, and refused.
	c = newClientLimits(t, Limits{Games: 10, Plies: plies})
	id = c.create(`{"preset": "parchis1", "seed": 5}`)
	play(c, id)
	before, _ = c.stored(id)
	status, _, data = c.do("POST", "/games/"+id+"/move", `{"index": 0}`)
	assert.Equal(t, http.StatusConflict, status)
	assert.Contains(t, errorText(t, data), fmt.Sprintf("the game has reached the server's limit of %d plies", plies))
	after, _ = c.stored(id)
	assert.True(t, before == after)
}

// TestCreateRules: a game's rules are read as the programs read -preset
// (a preset, or rules as text) or as the library reads rules from JSON
// (text or an object), and "players" sets the number of players.
func TestCreateRules(t *testing.T) {
	c := newLocalClient(t, 50, 100)
	for _, r := range []struct {
		body, want string
	}{
		{`{}`, "classic"},
		{`{"preset": "mongolian"}`, "mongolian"},
		{`{"preset": "mongolian{Players:2}"}`, "mongolian{Players:2}"},
		{`{"preset": "ludoking{CaptureBeforeHome:true}", "players": 2}`, "ludoking{Players:2 CaptureBeforeHome:true}"},
		{`{"rules": "mongolian{Players:2}"}`, "mongolian{Players:2}"},
		{`{"rules": "maedn"}`, "maedn"},
		{`{"rules": {"Preset": "mongolian", "Players": 2}}`, "mongolian{Players:2}"},
		{`{"rules": {"preset": "ludoking", "capturebeforehome": true}, "players": 3}`, "ludoking{Players:3 CaptureBeforeHome:true}"},
		{`{"rules": null, "players": 2}`, "classic{Players:2}"},
	} {
		var v gameView
		c.call("POST", "/games", r.body, http.StatusCreated, &v)
		assert.Equal(t, r.want, v.Rules, r.body)
	}
	// "preset" is read as the programs read -preset.
	for _, text := range []string{"classic", "parchis6", "fia{Players:3}", "maedn6{EntryRolls:{5 6}}"} {
		want, err := seeded.Rules(text, 0)
		require.NoError(t, err)
		var v gameView
		c.call("POST", "/games", fmt.Sprintf(`{"preset": %q}`, text), http.StatusCreated, &v)
		assert.Equal(t, want.String(), v.Rules, text)
		c.call("POST", "/games", fmt.Sprintf(`{"rules": %q}`, text), http.StatusCreated, &v)
		assert.Equal(t, want.String(), v.Rules, text)
	}
	for _, r := range []struct {
		body, err string
	}{
		{`{"preset": "classic", "rules": "classic"}`, "give the rules once"},
		{`{"preset": "mongolian{Players:5}"}`, "invalid rules: Players is 5"},
		{`{"preset": "mongolian{Capture:true}"}`, `unknown option "Capture"`},
		{`{"rules": {"Preset": "mongolian", "Players": 7}}`, "ludo: invalid rules: Players is 7"},
		{`{"rules": {"Preset": "chess"}}`, `unknown preset "chess"`},
		{`{"rules": {"Preset": "mongolian", "preset": "classic"}}`, `key "preset" given twice`},
		{`{"rules": 5}`, "ludo: "},
		{`{"rules": "classic", "players": 9}`, "ludo: invalid rules: Players is 9"},
		{`{"preset": "` + strings.Repeat("x", 1000) + `"}`, `unknown preset "` + strings.Repeat("x", 64) + `"…`},
	} {
		status, _, data := c.do("POST", "/games", r.body)
		assert.Equal(t, http.StatusBadRequest, status, r.body)
		assert.Contains(t, errorText(t, data), r.err, r.body)
	}
}

// TestKeyGivenTwice: a body with a key given twice in an object, in any
// case, is refused as the library's JSON decoding refuses it, and
// changes nothing.
func TestKeyGivenTwice(t *testing.T) {
	c := newLocalClient(t, 10, 100)
	table := c.create(`{"dice": "client"}`)
	for _, r := range []struct {
		path, body, key string
	}{
		{"/games", `{"players": 2, "players": 3}`, "players"},
		{"/games", `{"preset": "classic", "Preset": "mongolian"}`, "Preset"},
		{"/games", `{"join": {"name": "Ann", "NAME": "Bo"}}`, "NAME"},
		{"/games/" + table + "/join", `{"color": "red", "Color": "yellow"}`, "Color"},
		{"/games", `{"rules": {"Preset": "mongolian", "Players": 2, "players": 3}}`, "players"},
		{"/games", `{"join": {}, "rules": [{"a": 1, "b": {"c": 2}, "A": 3}]}`, "A"},
		{"/games/" + table + "/roll", `{"face": 6, "face": 1}`, "face"},
		{"/games/" + table + "/move", `{"index": 0, "INDEX": 1}`, "INDEX"},
	} {
		before := c.count()
		state, _ := c.stored(table)
		status, _, data := c.do("POST", r.path, r.body)
		assert.Equal(t, http.StatusBadRequest, status, r.body)
		assert.Equal(t, fmt.Sprintf("bad JSON: key %q given twice", r.key), errorText(t, data), r.body)
		assert.Equal(t, before, c.count(), r.body)
		after, _ := c.stored(table)
		assert.True(t, state == after, r.body)
	}
	// The same key in two objects is not given twice.
	c.call("POST", "/games", `{"rules": {"Preset": "maedn"}, "preset": ""}`, http.StatusCreated, nil)
	var v gameView
	c.call("POST", "/games", `{"join": {"name": "Ann", "color": "red"}, "rules": {"players": 2}}`, http.StatusCreated, &v)
	assert.Equal(t, []seatView{{"red", "Ann", true}, {"yellow", "", false}}, v.Seats)
}

// TestLongInput: what a request gave is quoted in an error, at most 64
// bytes of it.
func TestLongInput(t *testing.T) {
	c := newLocalClient(t, 10, 100)
	long := strings.Repeat("x", 1000)
	quoted := `"` + strings.Repeat("x", 64) + `"…`
	for _, r := range []struct {
		method, path, body string
		status             int
		err                string
	}{
		{"GET", "/games/" + long, "", 404, "no game " + quoted},
		{"POST", "/games/" + long + "/roll", "{}", 404, "no game " + quoted},
		{"GET", "/" + long, "", 404, `no such path: "/` + strings.Repeat("x", 63) + `"…`},
		{"POST", "/games", `{"dice": "` + long + `"}`, 400, "dice " + quoted + ": want server or client"},
		{"POST", "/games", `{"join": {"color": "` + long + `"}}`, 400, "color " + quoted + " is not a colour"},
		{"POST", "/games", `{"` + long + `": 1}`, 400, "bad JSON: unknown field " + quoted},
		{"POST", "/games", `{"seed": ` + strings.Repeat("9", 1000) + `}`, 400, "bad JSON: seed: want a whole number from 0 to 18446744073709551615, not the number " + strings.Repeat("9", 64) + "…"},
		{"POST", "/games", `{"join": {"name": ` + strings.Repeat("9", 1000) + `}}`, 400, "bad JSON: join.name: want a string, not a number"},
		{"POST", "/games", `{"join": {"` + long + `": "Ann", "` + long + `": "Bo"}}`, 400, "bad JSON: key " + quoted + " given twice"},
	} {
		status, _, data := c.do(r.method, r.path, r.body)
		assert.Equal(t, r.status, status, "%s %.40s", r.method, r.path)
		msg := errorText(t, data)
		assert.Contains(t, msg, r.err, "%s %.40s", r.method, r.path)
		assert.Less(t, len(msg), 200, "%s %.40s", r.method, r.path)
	}
}

// TestTwoDice: a game whose rules throw two dice (rule W1). The client's
// dice give both faces ({"face": 6, "second": 3}); one face alone, or a
// second die where the rules throw one, is refused with 400 and says
// what to send. After the first die's move the other is due with no
// roll: the game shows the dice and the one played, a roll is refused
// (409, rule W1), and the record writes the throw as 6,3 and the other
// die's ply with face 0. The server's dice throw both, as the seed's
// dice do.
func TestTwoDice(t *testing.T) {
	c := newClient(t, 10, 100000)
	table := c.create(`{"preset": "naija", "players": 2, "dice": "client"}`)
	one := c.create(`{"preset": "classic", "players": 2, "dice": "client"}`)
	refused := func(id, body string, status int, text, rule string) {
		t.Helper()
		before, plies := c.stored(id)
		got, _, data := c.do("POST", "/games/"+id+"/roll", body)
		assert.Equal(t, status, got, "%s: %s", body, data)
		var e errorBody
		require.NoError(t, json.Unmarshal([]byte(data), &e), data)
		assert.Contains(t, e.Error, text, body)
		assert.Equal(t, rule, e.Rule, body)
		after, pliesAfter := c.stored(id)
		assert.True(t, before == after, "%s changed the game", body)
		assert.Equal(t, plies, pliesAfter)
	}
	refused(table, `{"face": 6}`, 400, `throw two dice (rule W1): give both faces, as {"face": 6, "second": 3}`, "")
	refused(table, `{}`, 400, `give both faces`, "")
	refused(table, `{"face": 6, "second": 7}`, 400, "ludo: die face out of range", "")
	refused(table, `{"face": 6, "second": 0}`, 400, "ludo: die face out of range", "")
	refused(one, `{"face": 4, "second": 3}`, 400, `this game's rules throw one die: give the face alone, as {"face": 4}`, "")
	c.call("POST", "/games/"+one+"/roll", `{"face": 4}`, http.StatusOK, nil) // one die's API as it was

	var v gameView
	c.call("POST", "/games/"+table+"/roll", `{"face": 6, "second": 3}`, http.StatusOK, &v)
	assert.Equal(t, []int{6, 3, 0}, []int{v.Die, v.Second, v.Played})
	assert.Equal(t, []int{6, 3}, v.Due, "both dice due")
	assert.False(t, v.Bottoms)
	require.Len(t, v.Moves, 1, "only the 6 can be played: it enters")
	assert.Equal(t, 6, v.Moves[0].Die)
	v = gameView{}
	c.call("POST", "/games/"+table+"/move", `{"index": 0}`, http.StatusOK, &v)
	assert.Equal(t, "move", v.Phase)
	assert.Equal(t, "red", v.Turn)
	assert.Equal(t, []int{6, 3, 6}, []int{v.Die, v.Second, v.Played}, "the 6 is played, the 3 due")
	assert.Equal(t, []int{0, 3}, v.Due, "the 6 is played, the 3 due")
	assert.False(t, v.Bonus)
	for _, m := range v.Moves {
		assert.Equal(t, 3, m.Die, m.Text)
	}
	refused(table, `{"face": 2, "second": 5}`, 409, "the other die of the throw, 3, still to play (rule W1)", "W1")
	var after gameView // a fresh one: omitted fields stay as they were
	c.call("POST", "/games/"+table+"/move", `{"index": 0}`, http.StatusOK, &after)
	assert.Equal(t, "roll", after.Phase)
	assert.Equal(t, "yellow", after.Turn)
	assert.Zero(t, after.Second+after.Played)
	_, _, text := c.do("GET", "/games/"+table+"/record.txt", "")
	assert.Regexp(t, `\n1 +red +6,3 +0: yard-0 enter die 6\n2 +red +0 +0: 0-3 die 3\n`, text)
	c.checkRecord(table)

	// The server's dice: the throws of the seed's dice.
	server := c.create(`{"preset": "naija", "players": 2, "seed": 5}`)
	refused(server, `{"second": 3}`, 400, "this game's dice are the server's", "")
	dice := ludo.SeededDice(5)
	r, _ := ludo.Preset("naija")
	c.call("POST", "/games/"+server+"/roll", `{}`, http.StatusOK, &v)
	o := dice.Throw(r)
	assert.Equal(t, []int{o.Face, o.Second}, []int{v.Die, v.Second})
	// A roll while the throw's moves are due: the library's refusal, and
	// no face of the seed used up.
	refused(server, `{}`, 409, "ludo: wrong phase", "")
	for v.Phase != "roll" {
		v = gameView{}
		c.call("POST", "/games/"+server+"/move", `{"index": 0}`, http.StatusOK, &v)
	}
	c.call("POST", "/games/"+server+"/roll", `{}`, http.StatusOK, &v)
	o = dice.Throw(r)
	assert.Equal(t, []int{o.Face, o.Second}, []int{v.Die, v.Second})
}

// TestTwoColorsEach: a game of uckers{Teams:TwoColorsEach} (rule T3)
// played through the API to its end: the moves listed on a colour's turn
// are of both the player's colours, those of the other colour giving it
// as color; a move of the other colour is played by its text or index;
// the record names that colour on the turn's ply and replays.
func TestTwoColorsEach(t *testing.T) {
	c := newClient(t, 10, 100000)
	id := c.create(`{"preset": "uckers{Teams:TwoColorsEach}", "seed": 5}`)
	mate := map[string]string{"red": "yellow", "yellow": "red", "green": "blue", "blue": "green"}
	var v gameView
	c.call("GET", "/games/"+id, "", http.StatusOK, &v)
	other := 0
	for n := 0; v.Phase != "over"; n++ {
		require.Less(t, n, 100000, "the game does not end")
		if v.Phase == "roll" {
			c.call("POST", "/games/"+id+"/roll", "{}", http.StatusOK, &v)
		}
		require.NotEmpty(t, v.Moves)
		k := n % len(v.Moves)
		for j, m := range v.Moves {
			if m.Color != "" {
				require.Equal(t, mate[v.Turn], m.Color, m.Text)
				require.True(t, strings.HasPrefix(m.Text, m.Color+" "), m.Text)
				k = j // a move of the other colour, where there is one
			}
		}
		if v.Moves[k].Color != "" {
			other++
		}
		body := fmt.Sprintf(`{"index": %d}`, k)
		if n%2 == 1 {
			body = fmt.Sprintf(`{"move": %q}`, v.Moves[k].Text)
		}
		var played struct {
			Played moveView `json:"played"`
			gameView
		}
		c.call("POST", "/games/"+id+"/move", body, http.StatusOK, &played)
		require.Equal(t, v.Moves[k].Text, played.Played.Text)
		v = played.gameView
	}
	assert.Greater(t, other, 20, "moves of the other colour played")
	assert.Len(t, v.Ranking, 4)
	assert.Equal(t, mate[v.Ranking[0]], v.Ranking[1], "one player's two colours first")
	// The record, as text and as JSON, replays to the game's end.
	state, plies := c.stored(id)
	_, _, text := c.do("GET", "/games/"+id+"/record.txt", "")
	rec, err := ludo.ParseRecord(text)
	require.NoError(t, err, text)
	require.Len(t, rec.Plies, plies)
	states, err := rec.Replay()
	require.NoError(t, err, text)
	require.Equal(t, state, states[len(states)-1])
	var fromJSON ludo.Record
	c.call("GET", "/games/"+id+"/record", "", http.StatusOK, &fromJSON)
	require.Equal(t, rec.Plies, fromJSON.Plies)
	status, _, page := c.do("GET", "/games/"+id+"/replay", "")
	require.Equal(t, http.StatusOK, status)
	require.Contains(t, page, "red+yellow")
	named := 0
	for _, p := range rec.Plies {
		if strings.HasPrefix(p.Move, mate[p.Player.String()]+" ") {
			named++
		}
	}
	// The record names the other colour on its plies, but for those of a
	// colour whose tokens are all home, which play the other's as rule T2
	// writes them, unnamed.
	assert.Greater(t, named, 20, "the record names the other colour")
	assert.LessOrEqual(t, named, other)
}
