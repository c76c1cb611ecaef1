package ludo_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ludorules/ludo"
)

// This file tests the text and JSON forms of the small values:
// Move, Color, Phase and Square, the moves of every preset, the zero
// values, and Rules read from its text form inside JSON.

// famRules returns every preset at every number of players it seats,
// and a few rule sets beyond the presets that make the moves no preset
// makes (a token going round again, rule K4) and the penalties no preset
// plays (UndoTurn, CapturePenalty), named for the failure messages.
func famRules(tb testing.TB) map[string]ludo.Rules {
	tb.Helper()
	all := map[string]ludo.Rules{}
	for _, name := range ludo.Presets() {
		r, ok := ludo.Preset(name)
		require.True(tb, ok, name)
		for n := 2; n <= r.Board.Arms; n++ {
			if r.Teams != ludo.NoTeams && n%2 != 0 {
				continue // partners need an even number of players (rule T1)
			}
			v := r
			v.Players = n
			all[fmt.Sprintf("%s{Players:%d}", name, n)] = v
		}
	}
	for _, text := range []string{
		"ludoking{CaptureBeforeHome:true}",
		"ludoking{CaptureBeforeHome:true Players:2}",
		"ludoking{CaptureBeforeHome:true Teams:Partners}",
		"classic{SixPenalty:UndoTurn Players:3}",
		"maedn{CaptureDuty:CapturePenalty}",
		"mongolian{Teams:Partners Finish:AnyRollFinishes}",
		"danish{CaptureBonus:roll HomeBonus:5}",
		"ludoking{StartOut:2 FinishTokens:2 End:FirstWinner}",
	} {
		r, err := ludo.ParseRules(text)
		require.NoError(tb, err, text)
		all[text] = r
	}
	return all
}

// famPlay plays a seeded random game under r, rolling when a roll is due
// and picking a legal move when a move is due (a bonus move comes with no
// roll, rule P8), to its end or maxPlies, and calls visit with every
// position it passes through.
func famPlay(tb testing.TB, r ludo.Rules, seed uint64, maxPlies int, visit func(s ludo.State)) ludo.State {
	tb.Helper()
	s, err := ludo.New(r)
	require.NoError(tb, err)
	dice := ludo.SeededDice(seed)
	pick := rand.New(rand.NewPCG(seed, 7))
	var buf []ludo.Move
	visit(s)
	for range maxPlies {
		var next ludo.State
		switch s.Phase() {
		case ludo.PhaseOver:
			return s
		case ludo.PhaseRoll: // one die, or two (rule W1)
			next, err = s.RollOutcome(dice.Throw(r))
		default:
			buf = s.AppendLegalMoves(buf[:0])
			next, err = s.Apply(buf[pick.IntN(len(buf))])
		}
		if err != nil { // not require: its Helper call costs more than the ply
			tb.Fatalf("%v\n%v", err, s)
		}
		s = next
		visit(s)
	}
	return s
}

// famMoveKinds names what a move does, for counting that every kind was seen.
func famMoveKinds(m ludo.Move) []string {
	var k []string
	add := func(ok bool, name string) {
		if ok {
			k = append(k, name)
		}
	}
	add(m.IsPass() && !m.Forfeits() && !m.IsBonusMove(), "pass")
	add(m.Forfeits(), "forfeit")
	add(m.IsBonusMove(), "bonus move")
	add(m.Enters() && !m.EntersPair() && m.To() == 0, "enter")
	add(m.EntersPair(), "pair entry")
	add(m.Enters() && m.To() == 5 && !m.Jumps(), "run to the sixth dot")
	add(m.Finishes(), "finish")
	add(m.Bounces(), "bounce")
	add(m.Jumps(), "jump")
	add(m.Circles(), "circle")
	add(m.SendsMoverHome(), "mover sent home")
	add(m.NumCaptured() == 1, "capture")
	add(m.NumCaptured() > 1, "multiple capture")
	add(m.FormsBlock(), "block")
	add(m.Token() >= 0 && !m.Enters() && !m.Captures() && !m.Finishes() && !m.IsBonusMove(), "step")
	return k
}

// The checks below run on every position of many games: they test with
// plain comparisons, as require's calls (each a Helper call and its stack
// walk) cost more than the checks themselves.

// famCheckMoveText asserts that m survives its full text (MarshalText),
// that the text is not empty, and that String is the start of it.
func famCheckMoveText(t testing.TB, m ludo.Move) {
	text, err := m.MarshalText()
	if err != nil || len(text) == 0 || !strings.HasPrefix(string(text), m.String()) {
		t.Fatalf("%v (%#v): MarshalText %q, %v: want a text starting with %q", m, m, text, err, m.String())
	}
	var back ludo.Move
	if err := back.UnmarshalText(text); err != nil || back != m {
		t.Fatalf("%q reads back as %v (%#v), %v; want %#v", text, back, back, err, m)
	}
	if again, err := back.MarshalText(); err != nil || string(again) != string(text) {
		t.Fatalf("%q reads back as a move written %q, %v", text, again, err)
	}
}

// famCheckLegalMovesJSON asserts that the legal moves of s marshal to JSON
// as a list of strings, never as empty objects, and read back the same.
func famCheckLegalMovesJSON(t testing.TB, s ludo.State) {
	moves := s.LegalMoves()
	data, err := json.Marshal(moves)
	switch {
	case err != nil:
		t.Fatalf("json.Marshal(%v): %v", moves, err)
	case strings.Contains(string(data), "{}"):
		t.Fatalf("moves marshal as empty objects: %s", data)
	case string(data) == "[]":
		t.Fatalf("a move is due, so at least one move: %s\n%v", data, s)
	}
	var strs []string
	if err := json.Unmarshal(data, &strs); err != nil || len(strs) != len(moves) {
		t.Fatalf("%s is not a list of %d strings: %v", data, len(moves), err)
	}
	for k, m := range moves {
		if text, _ := m.MarshalText(); string(text) != strs[k] {
			t.Fatalf("%s: move %d is %q, want %q", data, k, strs[k], text)
		}
	}
	var back []ludo.Move
	if err := json.Unmarshal(data, &back); err != nil || !slices.Equal(back, moves) {
		t.Fatalf("%s reads back as %v, %v; want %v", data, back, err, moves)
	}
}

// famCheckSmallText asserts that the colour to move, the phase and where
// every token stands survive their text forms, and the phase its JSON.
func famCheckSmallText(t testing.TB, s ludo.State) {
	ph := s.Phase()
	text, err := ph.MarshalText()
	if err != nil || string(text) != ph.String() {
		t.Fatalf("phase %v: MarshalText %q, %v", ph, text, err)
	}
	var ph2 ludo.Phase = 7
	if err := ph2.UnmarshalText(text); err != nil || ph2 != ph {
		t.Fatalf("phase %q reads back as %v, %v", text, ph2, err)
	}
	if data, err := json.Marshal(ph); err != nil || string(data) != `"`+ph.String()+`"` {
		t.Fatalf("phase %v: JSON %s, %v", ph, data, err)
	}

	c := s.Turn()
	text, err = c.MarshalText()
	if err != nil || string(text) != c.String() {
		t.Fatalf("colour %v: MarshalText %q, %v", c, text, err)
	}
	var c2 ludo.Color = 9
	if err := c2.UnmarshalText(text); err != nil || c2 != c {
		t.Fatalf("colour %q reads back as %v, %v", text, c2, err)
	}

	for c := range s.Players().All() {
		for i := range s.Rules().Tokens {
			sq := s.Square(c, i)
			text, err := sq.MarshalText()
			if err != nil {
				t.Fatalf("square %v: %v", sq, err)
			}
			var back ludo.Square
			if err := back.UnmarshalText(text); err != nil || back != sq {
				t.Fatalf("square %q reads back as %v, %v; want %v", text, back, err, sq)
			}
		}
	}
}

// Every move of seeded games of every preset, at every number of
// players, survives its text form and its JSON form, and so does every
// colour, phase and square those games reach; the games between them
// make every kind of move. With -short, of the positions whose moves
// are all plain steps, entries and passes, one in four is checked. The
// rule sets run in parallel.
func TestMoveTextEveryPresetMove(t *testing.T) {
	t.Parallel()
	seeds, every := uint64(2), 1
	if testing.Short() {
		seeds, every = 1, 4
	}
	plain := map[string]bool{"step": true, "enter": true, "pass": true}
	var mu sync.Mutex
	seen := map[string]int{}
	t.Run("rules", func(t *testing.T) {
		for name, r := range famRules(t) {
			t.Run(name, func(t *testing.T) {
				t.Parallel()
				n := 0
				kinds := map[string]int{}
				for seed := range seeds {
					famPlay(t, r, seed+1, 20000, func(s ludo.State) {
						n++
						moves := s.LegalMoves()
						rare := false
						for _, m := range moves {
							for _, k := range famMoveKinds(m) {
								kinds[k]++
								rare = rare || !plain[k]
							}
						}
						if n%every != 0 && !rare {
							return
						}
						famCheckSmallText(t, s)
						if s.Phase() != ludo.PhaseMove {
							return
						}
						famCheckLegalMovesJSON(t, s)
						for _, m := range moves {
							famCheckMoveText(t, m)
							// The short form ParseMove reads names the same move.
							got, err := ludo.ParseMove(s, m.String())
							if err != nil || got != m {
								t.Fatalf("ParseMove(%q) = %v, %v\n%v", m.String(), got, err, s)
							}
						}
					})
				}
				mu.Lock()
				defer mu.Unlock()
				for k, n := range kinds {
					seen[k] += n
				}
			})
		}
	})
	for _, k := range []string{"pass", "forfeit", "bonus move", "enter", "pair entry", "run to the sixth dot",
		"finish", "bounce", "jump", "circle", "mover sent home", "capture", "multiple capture", "block", "step"} {
		assert.Positive(t, seen[k], "no move of kind %q was made", k)
	}
	t.Logf("moves by kind: %v", seen)
}

// Every square of every preset's board, and every place a token of any
// colour can stand, survives the square's text form.
func TestSquareTextEveryBoard(t *testing.T) {
	for _, name := range ludo.Presets() {
		r, _ := ludo.Preset(name)
		b := r.Board
		var squares []ludo.Square
		for n := 1; n <= b.Track; n++ {
			squares = append(squares, ludo.TrackSquare(n))
		}
		for c := range ludo.Color(b.Arms) {
			for p := -1; p <= b.Finish(); p++ {
				sq := b.Square(c, p)
				squares = append(squares, sq)
				got, ok := b.Progress(c, sq)
				require.True(t, ok, "%s: %v at %d", name, c, p)
				want := p
				switch {
				case p >= 0 && p < b.StartLane: // rule Y1: the lane is the home column's squares, which Progress gives on the way up
					want = b.HomeEntry + b.HomeColumn - p
				case b.StartLane > 0 && p >= b.StartLane+b.Track && p <= b.HomeEntry: // the start square visited again: Progress gives the first visit
					want = p - b.Track
				}
				require.Equal(t, want, got, "%s: %v on %v", name, c, sq)
			}
		}
		for _, sq := range squares {
			text, err := sq.MarshalText()
			require.NoError(t, err)
			require.Equal(t, sq.String(), string(text))
			var back ludo.Square
			require.NoError(t, back.UnmarshalText(text), "%s: %q", name, text)
			require.Equal(t, sq, back, "%s: %q", name, text)
			data, err := json.Marshal(sq)
			require.NoError(t, err)
			var fromJSON ludo.Square
			require.NoError(t, json.Unmarshal(data, &fromJSON), "%s", data)
			require.Equal(t, sq, fromJSON)
		}
	}
	// Names in any case, colours by their initials.
	for text, want := range map[string]ludo.Square{
		"17": ludo.TrackSquare(17), " 17 ": ludo.TrackSquare(17), "Purple HOME 2": ludo.HomeSquare(ludo.Purple, 2),
		"o yard": ludo.YardOf(ludo.Orange), "b Finish": ludo.FinishOf(ludo.Blue),
	} {
		var sq ludo.Square
		require.NoError(t, sq.UnmarshalText([]byte(text)), "%q", text)
		assert.Equal(t, want, sq, "%q", text)
	}
}

// Every colour and every phase survives its text and JSON forms; values
// that are neither are refused by MarshalText.
func TestColorPhaseText(t *testing.T) {
	for c := range ludo.Color(ludo.MaxPlayers) {
		text, err := c.MarshalText()
		require.NoError(t, err)
		var back ludo.Color = 200
		require.NoError(t, back.UnmarshalText(text))
		assert.Equal(t, c, back)
		require.NoError(t, back.UnmarshalText([]byte(strings.ToUpper(c.String()[:1]))), "the initial")
		assert.Equal(t, c, back)
		data, err := json.Marshal(map[ludo.Color]ludo.Phase{c: ludo.PhaseMove})
		require.NoError(t, err)
		assert.Equal(t, `{"`+c.String()+`":"move"}`, string(data), "a colour is a JSON map key by name")
		var m map[ludo.Color]ludo.Phase
		require.NoError(t, json.Unmarshal(data, &m))
		assert.Equal(t, map[ludo.Color]ludo.Phase{c: ludo.PhaseMove}, m)
	}
	for _, p := range []ludo.Phase{ludo.PhaseRoll, ludo.PhaseMove, ludo.PhaseOver} {
		text, err := p.MarshalText()
		require.NoError(t, err)
		var back ludo.Phase = 9
		require.NoError(t, back.UnmarshalText([]byte(strings.ToUpper(string(text)))))
		assert.Equal(t, p, back)
	}
	_, err := ludo.Color(ludo.MaxPlayers).MarshalText()
	assert.Error(t, err)
	_, err = json.Marshal(ludo.Color(ludo.MaxPlayers))
	assert.Error(t, err)
	_, err = ludo.Phase(3).MarshalText()
	assert.Error(t, err)
}

// Bad text is a *ParseError matching ErrSyntax, and leaves the value as
// it was.
func TestSmallTextErrors(t *testing.T) {
	m0, err := ludo.New(ludo.Classic())
	require.NoError(t, err)
	m0, err = m0.Roll(6)
	require.NoError(t, err)
	move := m0.LegalMoves()[0]

	check := func(t *testing.T, text string, err error) {
		t.Helper()
		var pe *ludo.ParseError
		require.ErrorAs(t, err, &pe, "%q", text)
		assert.ErrorIs(t, err, ludo.ErrSyntax, "%q", text)
		assert.NotEmpty(t, pe.Msg, "%q", text)
	}
	for _, text := range []string{
		"x", "red", "red 2", "red 2: 12-18", "2: 12-18 die 6", "red 2 die 6", "red 2: 12-18 die 64", "red 2: 12-18 die 0",
		"red 2: 12-18 die 6 die 6", "red 2: 12_18 die 6", "red 2: 12-18 fly die 6", "red 2: 12-18 x0 die 6",
		"red 2: 12-18 x1 x1 die 6", "red 2: 12-18 enter enter die 6", "red 9: 12-18 die 6", "red 2: 12-300 die 6",
		"red 0: 10-30 bonus", "red 0: 10-30 die", "red pass", "red pass die 3 extra", "red 2: 12-18 die 6\nred 1: 1-2 die 1",
		"red 2: 12-18 die 6 # comment", "pink 2: 12-18 die 6", "red -1: 12-18 die 6", "red 2: -5-18 die 6",
		"red 2: 12-18 count 0 die 6", "red 2: 12-18 count 256 die 6",
	} {
		before := move
		err := move.UnmarshalText([]byte(text))
		check(t, text, err)
		assert.True(t, move == before, "%q changed the move", text)
		var ms []ludo.Move
		assert.Error(t, json.Unmarshal([]byte(`[`+famJSONString(text)+`]`), &ms), "%q in JSON", text)
	}
	for _, text := range []string{"", "x", "rd", "red green", "6", "-1", "color(6)", "redd"} {
		c := ludo.Blue
		check(t, text, c.UnmarshalText([]byte(text)))
		assert.Equal(t, ludo.Blue, c, "%q", text)
	}
	for _, text := range []string{"", "rolls", "roll ", "2", "over!", "invalid(3)"} {
		p := ludo.PhaseOver
		check(t, text, p.UnmarshalText([]byte(text)))
		assert.Equal(t, ludo.PhaseOver, p, "%q", text)
	}
	for _, text := range []string{"", "0", "256", "-3", "x", "red", "red home", "red home 0", "red home x", "red home 3 4",
		"red track", "red yard 1", "red finish 2", "pink yard", "17 18", "1e3"} {
		sq := ludo.HomeSquare(ludo.Green, 3)
		check(t, text, sq.UnmarshalText([]byte(text)))
		assert.Equal(t, ludo.HomeSquare(ludo.Green, 3), sq, "%q", text)
	}
}

// famJSONString returns s as a JSON string.
func famJSONString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// The zero Move is no move: its text is empty (a JSON ""), it names no
// token, it is no pass, and the empty text reads back as it.
func TestZeroMoveForms(t *testing.T) {
	var m ludo.Move
	text, err := m.MarshalText()
	require.NoError(t, err)
	assert.Empty(t, text)
	assert.Equal(t, -1, m.Token())
	assert.False(t, m.IsPass())
	assert.False(t, m.IsValid())
	assert.False(t, m.IsBonusMove())
	assert.False(t, m.Forfeits())
	assert.Equal(t, "no move", m.String())
	data, err := json.Marshal(m)
	require.NoError(t, err)
	assert.Equal(t, `""`, string(data))
	data, err = json.Marshal([]ludo.Move{m})
	require.NoError(t, err)
	assert.Equal(t, `[""]`, string(data))

	s, err := ludo.New(ludo.Classic())
	require.NoError(t, err)
	s, err = s.Roll(6)
	require.NoError(t, err)
	back := s.LegalMoves()[0]
	require.NoError(t, back.UnmarshalText(nil))
	assert.True(t, back == ludo.Move{}, "the empty text is the zero Move")
	back = s.LegalMoves()[0]
	require.NoError(t, back.UnmarshalText([]byte("  ")))
	assert.True(t, back == ludo.Move{})
	require.NoError(t, json.Unmarshal([]byte(`""`), &back))
	assert.True(t, back == ludo.Move{})
	_, err = s.Apply(back)
	assert.ErrorIs(t, err, ludo.ErrIllegalMove, "Apply refuses the zero Move")
}

// Rules in JSON may be the text form as a JSON string; bad text there is
// refused as ParseRules refuses it, and leaves the rules unchanged.
func TestRulesJSONTextForm(t *testing.T) {
	for _, text := range []string{"mongolian{Players:2}", "classic", "parchis6{Players:3}", "maedn{CaptureDuty:CapturePenalty}",
		"classic{Board:{40 10 39 4}}", "ludoking{Seats:{green blue} Players:2}"} {
		want, err := ludo.ParseRules(text)
		require.NoError(t, err, text)
		var got ludo.Rules
		require.NoError(t, json.Unmarshal([]byte(famJSONString(text)), &got), text)
		assert.Equal(t, want, got, text)
		// And back in the object form, which reads the same.
		data, err := json.Marshal(got)
		require.NoError(t, err)
		var again ludo.Rules
		require.NoError(t, json.Unmarshal(data, &again), "%s", data)
		assert.Equal(t, want, again)
	}
	for _, c := range []struct {
		text string
		is   error
	}{
		{"mongolian{Players:9}", ludo.ErrInvalidRules},
		{"mongolian{Players:2", ludo.ErrSyntax},
		{"checkers", ludo.ErrSyntax},
		{"classic{Blocks:BlocksStopOpponents OwnLanding:OwnLandingForbidden}", ludo.ErrInvalidRules},
		{"classic{Nope:1}", ludo.ErrSyntax},
	} {
		r := ludo.Mongolian()
		err := json.Unmarshal([]byte(famJSONString(c.text)), &r)
		var pe *ludo.ParseError
		require.ErrorAs(t, err, &pe, c.text)
		assert.ErrorIs(t, err, c.is, c.text)
		_, perr := ludo.ParseRules(c.text)
		assert.Equal(t, perr.Error(), err.Error(), "JSON and ParseRules give the same error for %q", c.text)
		assert.Equal(t, ludo.Mongolian(), r, "%q changed the rules", c.text)
	}
}

// The queries of the zero Board and the zero State answer without
// panicking: every square is a yard (a colour that is none has the
// invalid Square), Observe fills zeros (and a nil Observation is left
// alone).
func TestZeroBoardAndStateQueries(t *testing.T) {
	var b ludo.Board
	for c := range ludo.Color(ludo.MaxPlayers + 2) {
		for _, p := range []int{-5, -1, 0, 1, 50, 56, 1000} {
			sq := b.Square(c, p)
			if c >= ludo.MaxPlayers {
				assert.False(t, sq.IsValid(), "%v %d", c, p)
			} else {
				assert.Equal(t, ludo.YardZone, sq.Zone(), "%v %d", c, p)
			}
			_, ok := b.Progress(c, sq)
			assert.False(t, ok)
		}
		for _, sq := range []ludo.Square{ludo.TrackSquare(0), ludo.TrackSquare(1), ludo.TrackSquare(255), ludo.HomeSquare(c, 1),
			ludo.YardOf(c), ludo.FinishOf(c)} {
			_, ok := b.Progress(c, sq)
			assert.False(t, ok, "%v %v", c, sq)
			assert.False(t, b.IsSafe(sq))
			assert.False(t, b.IsStar(sq))
		}
	}
	assert.Equal(t, 1, b.Finish())

	var s ludo.State
	assert.NotPanics(t, func() { s.Observe(nil) })
	o := ludo.Observation{}
	for k := range o {
		o[k] = 0.5
	}
	s.Observe(&o)
	assert.Equal(t, ludo.Observation{}, o, "the zero State observes as all zeros")
	live, err := ludo.New(ludo.Classic())
	require.NoError(t, err)
	assert.NotPanics(t, func() { live.Observe(nil) })
	for c := range ludo.Color(ludo.MaxPlayers + 2) {
		for _, i := range []int{-1, 0, 3, 4, 100} {
			assert.Equal(t, -1, s.Progress(c, i))
			sq := s.Square(c, i)
			if c < ludo.MaxPlayers {
				assert.Equal(t, ludo.YardZone, sq.Zone())
			} else {
				assert.False(t, sq.IsValid(), "%v is no colour, and has no yard", c)
			}
			assert.NotPanics(t, func() { _ = live.Square(c, i); _ = live.Progress(c, i) })
		}
	}
	assert.Equal(t, [ludo.MaxPlayers]int{}, s.TokensOn(ludo.TrackSquare(1)))
	assert.Equal(t, ludo.PhaseOver, s.Phase())
	assert.Equal(t, ludo.Colors(0), s.Players())
	assert.Empty(t, s.LegalMoves())
	_, err = s.TokenMove(0)
	assert.ErrorIs(t, err, ludo.ErrNoGame)
	text, err := s.MarshalText()
	require.NoError(t, err)
	assert.Empty(t, text)
	data, err := json.Marshal(s)
	require.NoError(t, err)
	assert.Equal(t, "null", string(data))
	assert.Equal(t, "ludo.State{}", s.String())
	assert.True(t, errors.Is(func() error { _, err := s.Roll(3); return err }(), ludo.ErrNoGame))
}

// The moves of positions no random game reaches but a Setup or a text
// may give survive their text forms too: the pass of a bonus move no
// token can make (rule P8), the forfeit of each six penalty, a 6 that
// counts 7 (rule P5). Each position's one legal move reads back from
// MarshalText, and from String by ParseMove.
func TestMoveTextHandBuilt(t *testing.T) {
	for _, c := range []struct {
		name, pos string
		want      string // the move's full text
	}{
		{"a bonus move no token can make", "rules parchis1\nred finish\ndie 3\nbonus 20", "red pass bonus count 20"},
		{"a bonus move of 10 with every token in the yard", "rules parchis1\ngreen yard finish\nturn green\ndie 4\nbonus 10", "green pass bonus count 10"},
		{"the forfeit of the third six", "rules classic\nred 4\ndie 6\nsixes 3", "red pass (forfeit) die 6"},
		{"the forfeit under LastMovedHome", "rules parchis1\nred 4\ndie 6\nsixes 3\nlast 0", "red pass (forfeit) die 6"},
		{"a 6 that counts 7", "rules parchis1\nred 4 finish finish finish\ndie 6\nsixes 1", "red 0: 4-11 die 6 count 7"},
		{"a pass with a 6 that counts 7", "rules parchis1\nred finish finish finish finish\nranking red\nturn green\ngreen finish finish finish 70\ndie 6\nsixes 1", "green pass die 6 count 7"},
	} {
		t.Run(c.name, func(t *testing.T) {
			s, err := ludo.ParsePosition(c.pos)
			require.NoError(t, err)
			moves := s.LegalMoves()
			require.Len(t, moves, 1, "%v", moves)
			m := moves[0]
			text, err := m.MarshalText()
			require.NoError(t, err)
			assert.Equal(t, c.want, string(text))
			famCheckMoveText(t, m)
			famCheckLegalMovesJSON(t, s)
			got, err := ludo.ParseMove(s, m.String())
			require.NoError(t, err, "ParseMove(%q)", m.String())
			assert.True(t, got == m, "ParseMove(%q) = %v, want %v", m.String(), got, m)
			_, err = s.Apply(got)
			assert.NoError(t, err)
		})
	}
}

// A Bonus is written as the count it mostly is ("none", "roll", "20"),
// and read by its constants' names too, as the other options' values are
// written.
func TestBonusNames(t *testing.T) {
	for _, text := range []string{"classic{CaptureBonus:NoBonus HomeBonus:BonusRoll}", "classic{CaptureBonus:none HomeBonus:roll}"} {
		r, err := ludo.ParseRules(text)
		require.NoError(t, err, text)
		assert.Equal(t, ludo.NoBonus, r.CaptureBonus, text)
		assert.Equal(t, ludo.BonusRoll, r.HomeBonus, text)
		assert.Equal(t, "classic{HomeBonus:roll}", r.String())
	}
	var r ludo.Rules
	require.NoError(t, json.Unmarshal([]byte(`{"Preset":"classic","CaptureBonus":"BonusRoll"}`), &r))
	assert.Equal(t, ludo.BonusRoll, r.CaptureBonus)
}
