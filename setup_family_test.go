package ludo_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ludorules/ludo"
)

// Every position seeded games of every preset (and the rule sets of
// famRules) pass through, bonus moves, tries, the token moved last, who
// has captured and who arrived last included, tokens going round again
// (rule K4) and started out (rule K6), survives State.Setup and
// Setup.State and the text of FormatPosition: what play reaches, a
// position can say. The JSON form is checked on a sample (see
// jsonSample). Three games of each; with -short one, and the text of one
// position in four. The rule sets run in parallel.
func TestSetupRoundTripEveryPreset(t *testing.T) {
	t.Parallel()
	seeds, every := uint64(3), 1
	if testing.Short() {
		seeds, every = 1, 4
	}
	for name, r := range famRules(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			var sample jsonSample
			n := 0
			for seed := range seeds {
				famPlay(t, r, seed+11, 20000, func(s ludo.State) {
					checkSetupRoundTrip(t, s)
					n++
					over := s.Phase() == ludo.PhaseOver
					if n%every != 0 && !over {
						return
					}
					text := checkTextRoundTrip(t, s)
					if sample.take(text, over) {
						checkJSONRoundTrip(t, s)
					}
				})
			}
		})
	}
}

// famSetupText writes u as position text, every field it has, whether or
// not Setup accepts it, and says on which line each field is: its name
// (Tokens by colour, as "Tokens.red").
func famSetupText(u ludo.Setup) (string, map[string]int) {
	var lines []string
	at := map[string]int{}
	add := func(field string, words ...any) {
		lines = append(lines, strings.TrimSpace(fmt.Sprintln(words...)))
		if field != "" {
			at[field] = len(lines)
		}
	}
	add("Rules", "rules", u.Rules.String())
	seats := famSeats(u.Rules)
	for c := range seats.All() {
		words := []any{c}
		for i := range u.Rules.Tokens {
			words = append(words, u.Tokens[c][i])
		}
		add("Tokens."+c.String(), words...)
	}
	if len(u.Ranking) > 0 {
		words := []any{"ranking"}
		for _, c := range u.Ranking {
			words = append(words, c)
		}
		add("Ranking", words...)
	}
	if u.Captured != 0 {
		words := []any{"captured"}
		for c := range u.Captured.All() {
			words = append(words, c)
		}
		add("Captured", words...)
	}
	add("Turn", "turn", u.Turn)
	if u.Die != 0 {
		add("Die", "die", u.Die)
	}
	if u.BonusMove != 0 {
		add("BonusMove", "bonus", u.BonusMove)
	}
	add("Streak", "sixes", u.Streak)
	if u.TriesUsed != 0 {
		add("TriesUsed", "tries", u.TriesUsed)
	}
	for i, l := range u.LastMoved {
		if l {
			add("LastMoved", "last", i)
		}
	}
	if u.ExtraRoll {
		add("ExtraRoll", "extra")
	}
	var later []any
	for c := range ludo.Color(ludo.MaxPlayers) {
		for i, l := range u.Later[c] {
			if l {
				later = append(later, c, i)
			}
		}
	}
	if later != nil {
		add("Later", append([]any{"later"}, later...)...)
	}
	return strings.Join(lines, "\n") + "\n", at
}

// famSetupJSON writes u as position JSON, every field it has.
func famSetupJSON(t *testing.T, u ludo.Setup) []byte {
	tokens := map[string][]int{}
	for c := range famSeats(u.Rules).All() {
		tokens[c.String()] = u.Tokens[c][:u.Rules.Tokens]
	}
	j := map[string]any{"Rules": u.Rules, "Tokens": tokens, "Turn": u.Turn, "Die": u.Die, "Bonus": u.BonusMove, "Sixes": u.Streak, "Tries": u.TriesUsed}
	if len(u.Ranking) > 0 {
		j["Ranking"] = u.Ranking
	}
	for i, l := range u.LastMoved {
		if l {
			j["LastMoved"] = i
		}
	}
	if u.ExtraRoll {
		j["ExtraRoll"] = true
	}
	var captured []ludo.Color
	for c := range u.Captured.All() {
		captured = append(captured, c)
	}
	if captured != nil {
		j["Captured"] = captured
	}
	later := map[string][]int{}
	for c := range ludo.Color(ludo.MaxPlayers) {
		for i, l := range u.Later[c] {
			if l {
				later[c.String()] = append(later[c.String()], i)
			}
		}
	}
	if len(later) > 0 {
		j["Later"] = later
	}
	data, err := json.Marshal(j)
	require.NoError(t, err)
	return data
}

// famSeats returns the colours that play under r.
func famSeats(r ludo.Rules) ludo.Colors {
	s, err := ludo.New(r)
	if err != nil {
		return 0
	}
	return s.Players()
}

// famTokens sets colour c's tokens to the progresses ps, the rest in the
// yard.
func famTokens(u *ludo.Setup, c ludo.Color, ps ...int) {
	for i := range u.Tokens[c] {
		u.Tokens[c][i] = -1
		if i < len(ps) {
			u.Tokens[c][i] = ps[i]
		}
	}
}

// famSetupCase is a position built from the start of its rules by f:
// accepted (want empty) or refused by Setup.State with the SetupError of
// field want whose reason holds reason. The text and JSON forms of the
// position must agree with Setup, unless setupOnly (they cannot write
// it). then, for an accepted position, checks what its new fields do.
type famSetupCase struct {
	name, rules string
	f           func(u *ludo.Setup)
	want        string
	reason      string
	setupOnly   bool
	then        func(t *testing.T, s ludo.State)
}

// The fields Setup has for the rules of the family (Bonus, Tries,
// LastMoved, ExtraRoll, Captured, Later) and their text keys (bonus,
// tries, last, extra, captured, later) and JSON fields are each accepted
// where they can occur, and refused where they cannot with the field at
// fault and a reason that names the rule, by Setup, the text and the
// JSON alike; the text error is on the field's line, the JSON error at
// its path.
func TestSetupFamilyFields(t *testing.T) {
	const parchisFin, maednFin = 71, 43
	red, green, yellow := ludo.Red, ludo.Green, ludo.Yellow
	allHome := func(fin int) []int { return []int{fin, fin, fin, fin} }
	maednSlots := []int{40, 41, 42, 43}
	roll := func(t *testing.T, s ludo.State, face int) ludo.State {
		t.Helper()
		s, err := s.Roll(face)
		require.NoError(t, err)
		return s
	}
	play := func(t *testing.T, s ludo.State, m ludo.Move) ludo.State {
		t.Helper()
		s, err := s.Apply(m)
		require.NoError(t, err)
		return s
	}
	one := func(t *testing.T, s ludo.State) ludo.Move {
		t.Helper()
		ms := s.LegalMoves()
		require.Len(t, ms, 1, "%v", ms)
		return ms[0]
	}
	for _, c := range []famSetupCase{
		// Bonus (rule P8).
		{name: "a bonus move of 20 after a capture", rules: "parchis1", f: func(u *ludo.Setup) {
			famTokens(u, red, 30)
			u.Die, u.BonusMove = 3, 20
		}, then: func(t *testing.T, s ludo.State) {
			require.True(t, s.IsBonusMove())
			m := one(t, s)
			assert.Equal(t, "red 0: 30-50 bonus count 20", famMustText(t, m))
			next := play(t, s, m)
			assert.Equal(t, green, next.Turn(), "the die 3 earns no roll")
		}},
		{name: "a bonus move of 10 after a token home with a 6", rules: "parchis1", f: func(u *ludo.Setup) {
			famTokens(u, red, parchisFin, 10)
			u.Die, u.Streak, u.BonusMove = 6, 1, 10
		}, then: func(t *testing.T, s ludo.State) {
			next := play(t, s, one(t, s))
			assert.Equal(t, ludo.PhaseRoll, next.Phase())
			assert.Equal(t, red, next.Turn(), "the 6 still earns its roll after the bonus move")
			assert.Equal(t, 1, next.Streak())
		}},
		{name: "a bonus move the rules do not give", rules: "parchis1", f: func(u *ludo.Setup) {
			famTokens(u, red, 30)
			u.Die, u.BonusMove = 3, 15
		}, want: "BonusMove", reason: "(rule P8)"},
		{name: "a bonus move under rules with none", rules: "classic", f: func(u *ludo.Setup) {
			famTokens(u, red, 30)
			u.Die, u.BonusMove = 3, 20
		}, want: "BonusMove", reason: "(rule P8)"},
		{name: "a bonus move with no die before it", rules: "parchis1", f: func(u *ludo.Setup) {
			famTokens(u, red, 30)
			u.BonusMove = 20
		}, want: "BonusMove", reason: "(rule P8)"},
		{name: "a bonus move at the six limit", rules: "parchis1", f: func(u *ludo.Setup) {
			famTokens(u, red, 30)
			u.Die, u.Streak, u.BonusMove = 6, 3, 20
		}, want: "BonusMove", reason: "(rule C9)"},
		{name: "a bonus move at game over", rules: "parchis1{Players:2}", f: func(u *ludo.Setup) {
			famTokens(u, red, allHome(parchisFin)...)
			u.Ranking, u.BonusMove = []ludo.Color{red}, 20
		}, want: "BonusMove", reason: "the game is over"},

		// Tries (rule M4).
		{name: "a second throw with every token in the yard", rules: "maedn", f: func(u *ludo.Setup) {
			famTokens(u, red)
			u.TriesUsed = 1
		}, then: func(t *testing.T, s ludo.State) {
			next := play(t, roll(t, s, 3), one(t, roll(t, s, 3)))
			assert.Equal(t, red, next.Turn(), "a third throw")
			assert.Equal(t, 2, next.Setup().TriesUsed)
		}},
		{name: "the third throw with every token in the yard", rules: "maedn", f: func(u *ludo.Setup) {
			famTokens(u, red)
			u.TriesUsed = 2
		}, then: func(t *testing.T, s ludo.State) {
			next := play(t, roll(t, s, 3), one(t, roll(t, s, 3)))
			assert.Equal(t, green, next.Turn(), "no fourth throw")
			assert.Equal(t, 0, next.Setup().TriesUsed)
		}},
		{name: "tries with a token in the goal that cannot move", rules: "maedn", f: func(u *ludo.Setup) {
			famTokens(u, red, maednFin)
			u.TriesUsed = 1
		}},
		{name: "tries with a token in the goal that can move", rules: "maedn", f: func(u *ludo.Setup) {
			famTokens(u, red, 40)
			u.TriesUsed = 1
		}, want: "TriesUsed", reason: "(rule M4)"},
		{name: "tries with a token on the track", rules: "maedn", f: func(u *ludo.Setup) {
			famTokens(u, red, 5)
			u.TriesUsed = 1
		}, want: "TriesUsed", reason: "(rule M4)"},
		{name: "as many tries as the rules give", rules: "maedn", f: func(u *ludo.Setup) {
			famTokens(u, red)
			u.TriesUsed = 3
		}, want: "TriesUsed", reason: "want 0 to 2 (rule M4)"},
		{name: "tries under one throw a turn", rules: "classic", f: func(u *ludo.Setup) { u.TriesUsed = 1 },
			want: "TriesUsed", reason: "want 0 to 0 (rule M4)"},
		{name: "tries at game over", rules: "maedn{Players:2}", f: func(u *ludo.Setup) {
			famTokens(u, red, maednSlots...)
			u.Ranking, u.TriesUsed = []ludo.Color{red}, 1
		}, want: "TriesUsed", reason: "the game is over"},

		// LastMoved (rule P9).
		{name: "the token moved last with two sixes rolled", rules: "parchis1", f: func(u *ludo.Setup) {
			famTokens(u, red, 10, 20)
			u.Streak, u.LastMoved[1] = 2, true
		}, then: func(t *testing.T, s ludo.State) {
			third := roll(t, s, 6)
			m := one(t, third)
			require.True(t, m.Forfeits())
			next := play(t, third, m)
			assert.Equal(t, []int{10, -1, -1, -1}, famProgress(next, red), "the token moved last goes home (rule P9)")
		}},
		{name: "the token moved last during a bonus move", rules: "parchis1", f: func(u *ludo.Setup) {
			famTokens(u, red, 30, 5)
			u.Die, u.BonusMove, u.LastMoved[0] = 3, 20, true
		}},
		{name: "the token moved last under rules that do not keep it", rules: "classic", f: func(u *ludo.Setup) {
			famTokens(u, red, 10)
			u.Streak, u.LastMoved[0] = 1, true
		}, want: "LastMoved", reason: "(rule P9)"},
		{name: "the token moved last with no move made", rules: "parchis1", f: func(u *ludo.Setup) {
			famTokens(u, red, 10)
			u.Die, u.LastMoved[0] = 3, true
		}, want: "LastMoved", reason: "(rule P9)"},
		{name: "the token moved last is not in the game", rules: "parchis1{Tokens:2}", f: func(u *ludo.Setup) {
			famTokens(u, red, 10, 20)
			u.Streak, u.LastMoved[3] = 1, true
		}, want: "LastMoved", reason: "red has no token 3"},
		{name: "two tokens moved last", rules: "parchis1", f: func(u *ludo.Setup) {
			famTokens(u, red, 10, 20)
			u.Streak, u.LastMoved[0], u.LastMoved[1] = 1, true, true
		}, want: "LastMoved", reason: "(rule P9)", setupOnly: true},
		{name: "the token moved last at game over", rules: "parchis1{Players:2}", f: func(u *ludo.Setup) {
			famTokens(u, red, allHome(parchisFin)...)
			u.Ranking, u.LastMoved[0] = []ludo.Color{red}, true
		}, want: "LastMoved", reason: "the game is over"},

		// ExtraRoll (rules K2, K3).
		{name: "a bonus roll owed after the bonus move", rules: "parchis1{CaptureBonus:roll}", f: func(u *ludo.Setup) {
			famTokens(u, red, parchisFin, 30)
			u.Die, u.BonusMove, u.ExtraRoll = 4, 10, true
		}, then: func(t *testing.T, s ludo.State) {
			next := play(t, s, one(t, s))
			assert.Equal(t, ludo.PhaseRoll, next.Phase())
			assert.Equal(t, red, next.Turn(), "the roll owed comes after the bonus move, though the die 4 earns none")
		}},
		{name: "a bonus roll owed with no bonus move due", rules: "parchis1{CaptureBonus:roll}", f: func(u *ludo.Setup) {
			famTokens(u, red, 30)
			u.Die, u.ExtraRoll = 4, true
		}, want: "ExtraRoll", reason: "(rules K2, K3)"},
		{name: "a bonus roll owed under rules that earn none", rules: "parchis1", f: func(u *ludo.Setup) {
			famTokens(u, red, parchisFin, 30)
			u.Die, u.BonusMove, u.ExtraRoll = 4, 10, true
		}, want: "ExtraRoll", reason: "(rules K2, K3)"},
		{name: "a bonus roll owed at game over", rules: "parchis1{Players:2 CaptureBonus:roll}", f: func(u *ludo.Setup) {
			famTokens(u, red, allHome(parchisFin)...)
			u.Ranking, u.ExtraRoll = []ludo.Color{red}, true
		}, want: "ExtraRoll", reason: "the game is over"},

		// Captured (rule K4).
		{name: "a colour that has captured, in its home column", rules: "ludoking{CaptureBeforeHome:true}", f: func(u *ludo.Setup) {
			famTokens(u, red, 52)
			u.Captured = ludo.ColorsOf(red, yellow)
		}, then: func(t *testing.T, s ludo.State) {
			assert.True(t, s.Captured(red))
			assert.False(t, s.Captured(green))
		}},
		{name: "a colour that has captured goes home", rules: "ludoking{CaptureBeforeHome:true}", f: func(u *ludo.Setup) {
			famTokens(u, red, 48)
			u.Captured, u.Die = ludo.ColorsOf(red), 4
		}, then: func(t *testing.T, s ludo.State) {
			m := one(t, s)
			assert.Equal(t, 52, m.To())
			assert.False(t, m.Circles())
		}},
		{name: "a colour that has not captured goes round", rules: "ludoking{CaptureBeforeHome:true}", f: func(u *ludo.Setup) {
			famTokens(u, red, 48)
			u.Die = 4
		}, then: func(t *testing.T, s ludo.State) {
			m := one(t, s)
			assert.True(t, m.Circles())
			assert.Equal(t, 0, m.To(), "on to its start square")
		}},
		{name: "a colour that has not captured, in its home column", rules: "ludoking{CaptureBeforeHome:true}", f: func(u *ludo.Setup) {
			famTokens(u, red, 52)
		}, want: "Tokens", reason: "(rule K4)"},
		{name: "captured under rules where it does not matter", rules: "ludoking", f: func(u *ludo.Setup) {
			u.Captured = ludo.ColorsOf(red)
		}, want: "Captured", reason: "(rule K4)"},
		{name: "captured by a colour that does not play", rules: "ludoking{CaptureBeforeHome:true Players:2}", f: func(u *ludo.Setup) {
			u.Captured = ludo.ColorsOf(green)
		}, want: "Captured", reason: "green does not play"},
		{name: "captured at game over", rules: "ludoking{CaptureBeforeHome:true Players:2}", f: func(u *ludo.Setup) {
			famTokens(u, red, allHome(56)...)
			u.Ranking, u.Captured = []ludo.Color{red}, ludo.ColorsOf(red)
		}},

		// Later (rule P4).
		{name: "the opponent that arrived last makes room", rules: "parchis1", f: func(u *ludo.Setup) {
			famTokens(u, green, 51) // square 1, red's exit
			famTokens(u, yellow, 34)
			u.Later[yellow][0], u.Die = true, 5
		}, then: func(t *testing.T, s ludo.State) {
			next := play(t, s, one(t, s))
			assert.Equal(t, -1, next.Progress(yellow, 0), "yellow arrived last and is captured")
			assert.Equal(t, 51, next.Progress(green, 0))
		}},
		{name: "the other opponent arrived last", rules: "parchis1", f: func(u *ludo.Setup) {
			famTokens(u, green, 51)
			famTokens(u, yellow, 34)
			u.Later[green][0], u.Die = true, 5
		}, then: func(t *testing.T, s ludo.State) {
			next := play(t, s, one(t, s))
			assert.Equal(t, -1, next.Progress(green, 0), "green arrived last and is captured")
			assert.Equal(t, 34, next.Progress(yellow, 0))
		}},
		{name: "who arrived last under rules that do not keep it", rules: "ludoking", f: func(u *ludo.Setup) {
			famTokens(u, red, 8)
			famTokens(u, green, 47) // square 9, a safe square
			u.Later[green][0] = true
		}, want: "Later", reason: "(rule P4)"},
		{name: "who arrived last on a square held alone", rules: "parchis1", f: func(u *ludo.Setup) {
			famTokens(u, red, 10)
			u.Later[red][0] = true
		}, want: "Later", reason: "(rule P4)"},
		{name: "who arrived last in a home column", rules: "parchis1", f: func(u *ludo.Setup) {
			famTokens(u, red, 65)
			u.Later[red][0] = true
		}, want: "Later", reason: "(rule P4)"},
		{name: "who arrived last in the yard", rules: "parchis1", f: func(u *ludo.Setup) {
			u.Later[red][0] = true
		}, want: "Later", reason: "(rule P4)"},
		{name: "both tokens arrived last", rules: "parchis1", f: func(u *ludo.Setup) {
			famTokens(u, green, 51)
			famTokens(u, yellow, 34)
			u.Later[green][0], u.Later[yellow][0] = true, true
		}, want: "Later", reason: "(rule P4)"},
	} {
		t.Run(c.name, func(t *testing.T) {
			r, err := ludo.ParseRules(c.rules)
			require.NoError(t, err)
			start, err := ludo.New(r)
			require.NoError(t, err)
			u := start.Setup()
			c.f(&u)
			s, err := u.State()
			text, lines := famSetupText(u)
			data := famSetupJSON(t, u)
			fromText, textErr := ludo.ParsePosition(text)
			var fromJSON ludo.State
			jsonErr := json.Unmarshal(data, &fromJSON)
			if c.want == "" {
				require.NoError(t, err)
				require.NoError(t, textErr, text)
				require.NoError(t, jsonErr, "%s", data)
				assert.True(t, fromText == s, text)
				assert.True(t, fromJSON == s, "%s", data)
				got := s.Setup()
				assert.Equal(t, u.BonusMove, got.BonusMove)
				assert.Equal(t, u.TriesUsed, got.TriesUsed)
				assert.Equal(t, u.LastMoved, got.LastMoved)
				assert.Equal(t, u.ExtraRoll, got.ExtraRoll)
				assert.Equal(t, u.Captured, got.Captured)
				assert.Equal(t, u.Later, got.Later)
				checkPositionRoundTrip(t, s)
				if c.then != nil {
					c.then(t, s)
				}
				return
			}
			var e *ludo.SetupError
			require.ErrorAs(t, err, &e)
			assert.Equal(t, c.want, e.Field, e.Reason)
			assert.Contains(t, e.Reason, c.reason)
			if c.setupOnly {
				return
			}
			for form, ferr := range map[string]error{"text": textErr, "JSON": jsonErr} {
				var pe *ludo.ParseError
				require.ErrorAs(t, ferr, &pe, "%s:\n%s%s", form, text, data)
				assert.Equal(t, e.Reason, pe.Msg, form)
				var fe *ludo.SetupError
				require.ErrorAs(t, ferr, &fe, form)
				assert.Equal(t, *e, *fe, form)
			}
			var pe *ludo.ParseError
			require.ErrorAs(t, textErr, &pe)
			key := e.Field
			if key == "Tokens" {
				key += "." + e.Color.String()
			}
			assert.Equal(t, lines[key], pe.Line, "the text error is on the %s line:\n%s", key, text)
			require.ErrorAs(t, jsonErr, &pe)
			if k, ok := map[string]string{"BonusMove": "Bonus", "Streak": "Sixes", "TriesUsed": "Tries"}[key]; ok {
				key = k // the JSON's names for them, as the text's keys
			}
			assert.True(t, strings.HasPrefix(pe.Path, key), "the JSON error is at %q, not under %s", pe.Path, key)
		})
	}
}

// famMustText returns m's full text.
func famMustText(t *testing.T, m ludo.Move) string {
	b, err := m.MarshalText()
	require.NoError(t, err)
	return string(b)
}

// famProgress returns colour c's tokens' progresses.
func famProgress(s ludo.State, c ludo.Color) []int {
	var p []int
	for i := range ludo.MaxTokens {
		p = append(p, s.Progress(c, i))
	}
	return p
}

// The family's position keys refuse what is not a value of theirs alike
// in the text and in JSON: a token number no colour has, a colour given
// twice, a word where a number goes.
func TestPositionFamilyKeysMalformed(t *testing.T) {
	for _, c := range []struct {
		text, json string
		is         error
		msg        string
	}{
		{"rules parchis1\nsixes 1\nlast 7", `{"Rules":"parchis1","Sixes":1,"LastMoved":7}`, ludo.ErrInvalidSetup, "there is no token 7"},
		{"rules parchis1\nsixes 1\nlast -1", `{"Rules":"parchis1","Sixes":1,"LastMoved":-1}`, ludo.ErrInvalidSetup, "there is no token -1"},
		{"rules parchis1\nlater red 4", `{"Rules":"parchis1","Later":{"red":[4]}}`, ludo.ErrInvalidSetup, "red has no token 4"},
		{"rules parchis1\nlater red 0 red 0", `{"Rules":"parchis1","Later":{"red":[0,0]}}`, ludo.ErrSyntax, "red token 0 given twice"},
		{"rules ludoking{CaptureBeforeHome:true}\ncaptured red red", `{"Rules":"ludoking{CaptureBeforeHome:true}","Captured":["red","red"]}`, ludo.ErrSyntax, "red given twice"},
		{"rules ludoking{CaptureBeforeHome:true}\ncaptured pink", `{"Rules":"ludoking{CaptureBeforeHome:true}","Captured":["pink"]}`, ludo.ErrSyntax, "is not a colour"},
		{"rules parchis1\nlater pink 0", `{"Rules":"parchis1","Later":{"pink":[0]}}`, ludo.ErrSyntax, "is not a colour"},
	} {
		_, err := ludo.ParsePosition(c.text)
		var pe *ludo.ParseError
		require.ErrorAs(t, err, &pe, c.text)
		assert.ErrorIs(t, err, c.is, c.text)
		assert.Contains(t, pe.Msg, c.msg, c.text)
		rules := c.json[len(`{"Rules":`) : strings.Index(c.json, `",`)+1]
		r, rerr := ludo.ParseRules(strings.Trim(rules, `"`))
		require.NoError(t, rerr)
		data, merr := json.Marshal(r)
		require.NoError(t, merr)
		var s ludo.State
		err = json.Unmarshal([]byte(strings.Replace(c.json, rules, string(data), 1)), &s)
		require.ErrorAs(t, err, &pe, c.json)
		assert.ErrorIs(t, err, c.is, c.json)
		assert.Contains(t, pe.Msg, c.msg, c.json)
	}
	for _, text := range []string{"rules parchis1\ntries x", "rules parchis1\nbonus", "rules parchis1\nextra 1", "rules parchis1\nlast 1 2",
		"rules parchis1\nlater red", "rules parchis1\nbonus 20\nbonus 20", "rules parchis1\nlater red x"} {
		_, err := ludo.ParsePosition(text)
		assert.ErrorIs(t, err, ludo.ErrSyntax, text)
	}
}

// Positions the family rules reach that Setup and the text form once got
// wrong, each the smallest that showed it.

// A position in which a colour has captured under CaptureBeforeHome
// (rule K4) is written with its captured line, which reads back.
func TestFixCapturedLineReadsBack(t *testing.T) {
	s, err := ludo.ParsePosition("rules ludoking{CaptureBeforeHome:true Players:2}\nred 53 4\ncaptured red yellow\nturn yellow")
	require.NoError(t, err)
	text := ludo.FormatPosition(s)
	assert.Contains(t, text, "\ncaptured red yellow\n")
	back, err := ludo.ParsePosition(text)
	require.NoError(t, err, text)
	assert.True(t, back == s, text)
}

// A token going round again past its home entry (rule K4) stands at a
// progress past its finish, between its home entry and its start square.
// Setup takes such a position, as play reaches it, and the token is on
// its track square: it can be captured there, and the queries find it.
func TestFixCirclingTokenSetup(t *testing.T) {
	r, err := ludo.ParseRules("ludoking{CaptureBeforeHome:true Players:2}")
	require.NoError(t, err)
	s, err := ludo.ParsePosition("rules " + r.String() + "\nred 49\nyellow 22\ndie 2")
	require.NoError(t, err)
	m := s.LegalMoves()[0]
	require.True(t, m.Circles(), "%v", m)
	s, err = s.Apply(m)
	require.NoError(t, err)
	require.Equal(t, 57, s.Progress(ludo.Red, 0), "square 52, going round again")
	assert.Equal(t, ludo.TrackSquare(52), s.Square(ludo.Red, 0))
	assert.Equal(t, 1, s.TokensOn(ludo.TrackSquare(52))[ludo.Red])
	assert.Equal(t, 0, s.TokensOn(ludo.FinishOf(ludo.Red))[ludo.Red])

	u := s.Setup()
	back, err := u.State()
	require.NoError(t, err, "the position play reached")
	assert.True(t, back == s)
	checkPositionRoundTrip(t, s)
	text, err := ludo.ParsePosition("rules " + r.String() + "\nred @52\nyellow 22\nturn yellow")
	require.NoError(t, err)
	assert.True(t, text == s)

	// Yellow lands on square 52 and captures it (rule C11).
	s, err = text.Roll(3)
	require.NoError(t, err)
	moves := s.LegalMoves()
	require.Len(t, moves, 1)
	assert.Equal(t, 1, moves[0].NumCaptured(), "%v", moves[0])

	// It may share no square a landing token would capture on; and a
	// token past its home entry in the home column still needs a capture.
	_, err = ludo.ParsePosition("rules ludoking{CaptureBeforeHome:true Players:2 MultiCapture:CaptureAll}\nred @52\nyellow 25")
	var e *ludo.SetupError
	require.ErrorAs(t, err, &e)
	assert.Contains(t, e.Reason, "share square 52")
	_, err = ludo.ParsePosition("rules " + r.String() + "\nred 58")
	require.ErrorAs(t, err, &e)
	assert.Equal(t, "red token 0 has progress 58, want -1 (yard) to 56 (finish), or 57 to 57 going round again past its home entry (rule K4)", e.Reason)
	_, err = ludo.ParsePosition("rules " + r.String() + "\nred home2")
	require.ErrorAs(t, err, &e)
	assert.Contains(t, e.Reason, "has not captured")
	_, err = ludo.ParsePosition("rules " + r.String() + "\nred @52\ncaptured red")
	assert.NoError(t, err, "a token that went round before its colour captured")
}

// Rule M4's count of throws that left no move starts again once a throw
// lets a token in (a token move ends the throws): the positions that
// follow, a six counted or a bonus roll earned by a capture, have no
// tries and read back; Setup refuses tries with a token in play.
func TestFixTriesAfterEntering(t *testing.T) {
	for _, c := range []struct {
		name, pos string
		faces     []int
	}{
		{"a six after a throw that left no move", "rules danish{Players:2}\nred yard", []int{3, 6}},
		{"a capture's bonus roll after a throw that left no move", "rules ludoking{Tries:3 Players:2}\nyellow @3", []int{2, 6, 2}},
	} {
		t.Run(c.name, func(t *testing.T) {
			s, err := ludo.ParsePosition(c.pos)
			require.NoError(t, err)
			for _, f := range c.faces {
				s, err = s.Roll(f)
				require.NoError(t, err)
				s, err = s.Apply(s.LegalMoves()[0])
				require.NoError(t, err)
			}
			u := s.Setup()
			require.Equal(t, 0, u.TriesUsed, "%v", s)
			require.Equal(t, ludo.Red, u.Turn)
			require.Equal(t, ludo.PhaseRoll, s.Phase())
			back, err := u.State()
			require.NoError(t, err, "the position play reached:\n%s", ludo.FormatPosition(s))
			assert.True(t, back == s)
			checkPositionRoundTrip(t, s)
		})
	}
	_, err := ludo.ParsePosition("rules danish{Players:2}\nred 4\ntries 1")
	var e *ludo.SetupError
	require.ErrorAs(t, err, &e)
	assert.Equal(t, "TriesUsed", e.Field)
	assert.Contains(t, e.Reason, "(rule M4)")
}

// Under MultiCapture:CaptureNone (rule K5) a token that landed on a pair
// shares the square with it; when one of the pair moves on, the two lone
// tokens of two colours still share it, and Setup takes that position.
// A third colour landing there captures them both.
func TestFixLoneTokensShareAfterPairBreaks(t *testing.T) {
	s, err := ludo.ParsePosition("rules ludoking{Players:2}\nred 6\nyellow @10 @10 @4\ndie 3")
	require.NoError(t, err)
	m := s.LegalMoves()[0]
	require.Equal(t, 0, m.NumCaptured(), "%v: a pair is not captured (rule K5)", m)
	s, err = s.Apply(m)
	require.NoError(t, err)
	s, err = s.Roll(4)
	require.NoError(t, err)
	s, err = s.Apply(famMustToken(t, s, 0)) // one of the pair moves on
	require.NoError(t, err)
	require.Equal(t, [ludo.MaxPlayers]int{ludo.Red: 1, ludo.Yellow: 1}, s.TokensOn(ludo.TrackSquare(10)))

	back, err := s.Setup().State()
	require.NoError(t, err, "the position play reached:\n%s", ludo.FormatPosition(s))
	assert.True(t, back == s)
	checkPositionRoundTrip(t, s)

	// Under CaptureAll singles of two colours never share a square.
	_, err = ludo.ParsePosition("rules ludoking{Players:2 MultiCapture:CaptureAll}\nred 9\nyellow @10")
	var e *ludo.SetupError
	require.ErrorAs(t, err, &e)
	assert.Contains(t, e.Reason, "(rule C11)")
}

// famMustToken returns token i's move in s.
func famMustToken(t *testing.T, s ludo.State, i int) ludo.Move {
	t.Helper()
	m, err := s.TokenMove(i)
	require.NoError(t, err)
	return m
}
