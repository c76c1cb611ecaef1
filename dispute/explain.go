package dispute

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/ludorules/ludo"
	"github.com/ludorules/ludo/internal/wording"
)

// Reason is one thing a legal move does, or one thing that follows it,
// with the rule that says so: "C11" and "captures 1 green token". Rule is
// a rulebook number ([ludo.RuleTitle] names it), several as "C11, Q4",
// or "" where no rule is cited.
type Reason struct {
	Rule, Text string
}

// String writes the reason as the referee lists it: "captures 1 green
// token (C11)".
func (r Reason) String() string {
	if r.Rule == "" {
		return r.Text
	}
	return r.Text + " (" + r.Rule + ")"
}

// Explain says what legal move m does in position s and what follows,
// each with the rule that says so: what it moves where (an entry, a
// tower, a bonus move), with which die, what it passes and lands on,
// whether it captures, finishes, bounces or forms a block, and who plays
// next. It is the explanation of the referee's moves and why commands.
// For a move s refuses it returns the refusal, with its rule.
func Explain(s ludo.State, m ludo.Move) []Reason {
	next, err := s.Apply(m)
	if err != nil { // not one of s's legal moves
		if ill := (*ludo.IllegalMoveError)(nil); errors.As(err, &ill) {
			return []Reason{{ill.Rule, ill.Reason}}
		}
		return []Reason{{"", strings.TrimPrefix(err.Error(), "ludo: ")}}
	}
	e := &explainer{s: s, next: next, m: m, c: s.Turn(), rules: s.Rules()}
	e.b = e.rules.Board
	e.a, e.b2 = s.Dice() // with two dice (rule W1), both; b2 is 0 otherwise
	// What follows: a bonus move (rule P8), a bonus roll, or the next player.
	e.bonusMove = next.IsBonusMove() && next.Turn() == e.c
	e.bonusRoll = next.Phase() == ludo.PhaseRoll && next.Turn() == e.c
	switch {
	case m.Forfeits():
		e.forfeit()
	case m.IsPass():
		e.pass()
	default:
		e.tokenMove()
	}
	e.bonusAfterDice()
	e.whatNext()
	return e.out
}

// explainer gathers the reasons of move m, played from s to next (see
// Explain): the throw of s (a and, with two dice, b2), and whether the
// player has a bonus move or roll after it.
type explainer struct {
	s, next              ludo.State
	m                    ludo.Move
	c                    ludo.Color // the player to move
	rules                ludo.Rules
	b                    ludo.Board
	a, b2                int
	bonusMove, bonusRoll bool
	out                  []Reason
}

// add adds a reason, citing rule.
func (e *explainer) add(rule, format string, a ...any) {
	e.out = append(e.out, Reason{rule, fmt.Sprintf(format, a...)})
}

// forfeit explains the forfeiting pass of rule C9 (W3 with two dice) and
// what the rules' six penalty undoes (rules Q2, H3, P9).
func (e *explainer) forfeit() {
	s, next, c, rules, b := e.s, e.next, e.c, e.rules, e.b
	if rules.TwoDice {
		e.add("W3", "forfeit: the %s double in a row is not played", ordinal(s.Streak()))
	} else if rules.BonusRolls == ludo.FacesOf(6) {
		e.add("C9", "forfeit: the %s 6 in a row is not played", ordinal(s.Streak()))
	} else {
		e.add("C9", "forfeit: the %s bonus-earning roll in a row is not played", ordinal(s.Streak()))
	}
	switch rules.SixPenalty {
	case ludo.NearestHome:
		k := -1
		for i := range rules.Tokens {
			if s.Progress(c, i) >= 0 && next.Progress(c, i) < 0 {
				k = i
			}
		}
		if k >= 0 {
			e.add("H3", "token %d, the nearest its finish, goes back to its yard from %s", k, wording.Place(b, c, s.Progress(c, k)))
		} else {
			e.add("H3", "no token is on the board to go back to its yard")
		}
	case ludo.UndoTurn:
		e.add("Q2", "every token goes back to where it stood when the turn began, captured tokens included")
	case ludo.LastMovedHome:
		e.add("P9", "the token %v moved last this turn goes back to its yard, unless it is in its home column or finished", c)
	default:
		e.add("Q2", "moves made earlier this turn stand")
	}
}

// pass explains a pass: a refusal (rule Y7), a bonus move lost (P8) or
// no move (C10), and what becomes of the throw's bonus roll (Q1, M4).
func (e *explainer) pass() {
	s, c, rules := e.s, e.c, e.rules
	if declines := len(s.LegalMoves()) > 1; declines {
		e.add("Y7", "pass: %v refuses to move", c)
	} else if s.IsBonusMove() {
		e.add("P8", "pass: no token can make the bonus move of %d, so it is lost", s.Count())
	} else {
		e.add("C10", "pass: no token can move")
	}
	switch {
	case e.bonusRoll && rules.BonusRolls.Has(s.Die()):
		e.add("Q1", "the %d still earns a bonus roll", s.Die())
	case e.bonusRoll:
		e.add("M4", "%v throws again: none of its tokens can move but by entering", c)
	case !s.IsBonusMove() && rules.BonusRolls.Has(s.Die()):
		e.add("Q1", "the %d earns no bonus roll, as it cannot be used (NoMoveForfeitsBonus)", s.Die())
	}
}

// tokenMove explains a token's move: where it goes, with which die, the
// way it takes, where it lands and what it captures, and whether its
// colour has finished.
func (e *explainer) tokenMove() {
	m := e.m
	to := m.To()
	if m.Jumps() && !m.Enters() || m.SendsMoverHome() && !m.Enters() { // it moves to the star it lands on (rule D2), or to the square it is sent home from (rules D1, D3)
		to = m.From() + m.Count()
	}
	e.where(to)
	e.withDice()
	e.way()
	e.arrival(to)
	e.finished()
}

// where says where the move takes the token: in from the yard (rules C7,
// F1, Y1), with its tower (R5, Y5), as a bonus move (P8), or on (C8).
func (e *explainer) where(to int) {
	m, b := e.m, e.b
	c, i := m.Color(), m.Token() // the token's colour: under rule T3 perhaps the player's other one
	switch {
	case m.EntersPair():
		e.add("F1", "enters token %d and another from the yard together on its start square %d", i, b.StartSquare(c))
	case m.Enters() && m.To() > 0:
		e.add("F1", "enters token %d and runs on to %s", i, wording.Place(b, c, m.To()))
	case m.Enters() && b.StartLane > 0: // rule Y1: onto the first square of its lane
		e.add("C7", "enters token %d on the first square of its start lane, %s (Y1)", i, wording.Place(b, c, 0))
	case m.Enters():
		e.add("C7", "enters token %d on its start square %d", i, b.StartSquare(c))
	case m.MovesTower() && m.NumCaptured() == 2:
		e.add("R5", "moves token %d and the other token of its tower together from %s to %s, onto a tower", i, wording.Place(b, c, m.From()), wording.Place(b, c, to))
	case m.MovesTower():
		e.add("Y5", "moves token %d and the other token of its tower together from %s to %s", i, wording.Place(b, c, m.From()), wording.Place(b, c, to))
	case m.IsBonusMove():
		e.add("P8", "moves token %d %d squares, its bonus move, from %s to %s", i, m.Count(), wording.Place(b, c, m.From()), wording.Place(b, c, to))
	default:
		e.add("C8", "moves token %d from %s to %s", i, wording.Place(b, c, m.From()), wording.Place(b, c, to))
	}
}

// withDice says, with two dice, which die or dice the move plays (rules
// W1, W4, H1, H2, U2).
func (e *explainer) withDice() {
	m, s, a, b2 := e.m, e.s, e.a, e.b2
	two := b2 != 0 && !m.IsBonusMove()
	switch {
	case m.IsBonusMove() && e.rules.TwoDice:
		e.add("W4", "the bonus move comes after the dice, with no roll")
	case two && m.BothDice() && m.Enters():
		e.add("H1", "with both dice, %d and %d, which sum to %d", a, b2, m.Die())
	case two && m.BothDice():
		e.add("U2", "with both dice, %d and %d, as one move of their sum, %d, landing only at its end", a, b2, m.Die())
	case two && wording.Bottoms(s) && m.Die() == a:
		e.add("H2", "with a top, %d, of the double %d played as tops and bottoms", m.Die(), a)
	case two && wording.Bottoms(s):
		e.add("H2", "with a bottom, %d (7 minus the top), of the double %d played as tops and bottoms", m.Die(), a)
	case two && wording.OtherDie(s):
		e.add("W1", "with the %d, the throw's other die", m.Die())
	case two:
		e.add("W1", "with the %d of %d and %d", m.Die(), a, b2)
	}
}

// way says what the token meets on its way: its own blocks it passes
// (B2), the turn into its home column (C4), a lap more (Y6, K4), a star
// (D2), a bounce (C5, V2) and the finish (C5, M1).
func (e *explainer) way() {
	m, s, b, rules := e.m, e.s, e.b, e.rules
	c := m.Color()
	if from := m.From(); from >= 0 && from <= b.HomeEntry && !m.Circles() {
		for p := from + 1; p < m.To() && p <= b.HomeEntry; p++ {
			sq := b.Square(c, p)
			if o, n := s.Occupant(sq); n >= 2 && o == c && rules.Blocks != ludo.NoBlocks {
				e.add("B2", "passes its own block on square %d", sq.N())
			}
		}
		if m.To() > b.HomeEntry && !m.Finishes() {
			e.add("C4", "turns into its home column")
		}
	}
	switch {
	case m.Circles() && rules.RoundAgain: // (not played with K4)
		e.add("Y6", "goes round the track again instead of into its home column, a lap more to go")
	case m.Circles():
		e.add("K4", "goes on round the track: %v has captured nothing yet, so its home column is closed", c)
	}
	if m.Jumps() {
		e.add("D2", "lands on a star and jumps on to %s", wording.Place(b, c, m.To()))
	}
	if m.Bounces() && rules.HomeSteps {
		e.add("V2", "overshoots its gate, square %d, and counts %d back from it", b.Square(c, b.HomeEntry).N(), m.From()+m.Count()-b.HomeEntry)
	} else if m.Bounces() {
		e.add("C5", "bounces back from the finish by %d", m.From()+m.Count()-b.Finish())
	}
	if m.Finishes() && !m.Retires() {
		switch {
		case rules.Goal == ludo.GoalSlots:
			e.add("M1", "comes into the goal squares that count")
		case m.From()+m.Count() > b.Finish() && !m.Jumps():
			e.add("C5", "finishes: any roll that reaches the finish finishes (AnyRollFinishes)")
		case m.Jumps():
		default:
			e.add("C5", "finishes with the exact roll")
		}
	}
}

// arrival says what the token does where it lands (to, the progress it
// lands on before a star's jump or being sent home): captures (C11 and
// the rules that shape them), retires (N1), goes home itself (D1, D3),
// forms a block (B1) or shares a square with its own (Q11, Q8).
func (e *explainer) arrival(to int) {
	m, s, b, rules := e.m, e.s, e.b, e.rules
	c, i := m.Color(), m.Token()
	if n := m.NumCaptured(); n > 0 {
		rule := "C11"
		start := b.Square(c, 0)
		switch {
		case m.Enters() && b.IsSafe(start) && rules.EntryCapture == ludo.EntryCapturesAll:
			rule = "C11, D4"
		case m.Enters() && b.IsSafe(start) && rules.EntryCapture == ludo.EntryCapturesLast:
			rule = "C11, P4"
		case m.Enters():
			rule = "C11, Q4"
		case m.MovesTower() && n == 2:
			rule = "R5" // a tower captures a tower
		case m.MovesTower():
			rule = "C11, Y5" // a tower moving whole captures a lone token
		case rules.Overtake == ludo.OvertakeCaptures:
			rule = "C11, S1"
		case n > 1:
			rule = "C11, Q3"
		}
		if victim, k := s.Occupant(b.Square(c, m.To())); k > 0 && victim != c && !m.Jumps() {
			e.add(rule, "captures %s", wording.Plural(n, victim.String()+" token", victim.String()+" tokens"))
		} else {
			e.add(rule, "captures %s", wording.Plural(n, "token", "tokens"))
		}
	}
	if m.Retires() {
		e.add("N1", "having captured, token %d retires to the finish", i)
	}
	if m.SendsMoverHome() {
		if b.IsSafe(b.Square(c, to)) {
			e.add("D1", "lands on an opponent on a safe square and goes back to its own yard")
		} else {
			e.add("D3", "lands on a pair and goes back to its own yard")
		}
	}
	if m.FormsBlock() {
		e.add("B1", "forms a block on square %d", b.Square(c, m.To()).N())
	} else if m.To() >= 0 && m.To() <= b.HomeEntry && !m.Circles() && !m.SendsMoverHome() {
		if o, n := s.Occupant(b.Square(c, m.To())); n > 0 && o == c {
			e.add("Q11", "joins its own token on square %d (no block in these rules)", b.Square(c, m.To()).N())
		}
	}
	if m.To() > b.HomeEntry && m.To() < b.Finish() && !m.Circles() {
		if o, n := s.Occupant(b.Square(c, m.To())); n > 0 && o == c {
			e.add("Q8", "shares its home square with its own token")
		}
	}
}

// finished says whether the move brings the colour's last token home
// (rule C6), and so earns nothing more (Q6).
func (e *explainer) finished() {
	m, s, next, rules := e.m, e.s, e.next, e.rules
	c := m.Color()
	if p := next.Place(c); p > 0 && s.Place(c) == 0 {
		e.add("C6", "%v has every token home and takes place %d", c, p)
		if next.Phase() != ludo.PhaseOver && (rules.BonusRolls.Has(m.Die()) || rules.HomeBonus != ludo.NoBonus) {
			e.add("Q6", "no bonus roll or move: nothing is left to move")
		}
	}
}

// bonusAfterDice says, with two dice, that a bonus move the move earns
// waits for the dice (rule W4).
func (e *explainer) bonusAfterDice() {
	m, s, next, c := e.m, e.s, e.next, e.c
	if !e.rules.TwoDice || m.IsPass() || next.Turn() != c || next.Phase() == ludo.PhaseOver {
		return
	}
	if n := earned(next) - earned(s) + b2i(m.IsBonusMove()); n > 0 {
		why := "bringing a token home"
		if m.Captures() {
			why = "the capture"
		}
		if wording.OtherDie(next) {
			e.add("W4", "%s earns a bonus move, due once the dice are played", why)
		} else {
			e.add("W4", "%s earns a bonus move", why)
		}
	}
}

// whatNext says what comes after the move: the game's end (Q10), a bonus
// move (P8, W4), the throw's other amounts (W1, H2), the next player
// (C3), or a bonus roll and what earned it (C9, W3, K2, K3).
func (e *explainer) whatNext() {
	m, s, next, c, rules := e.m, e.s, e.next, e.c, e.rules
	a, b2 := e.a, e.b2
	double := b2 != 0 && a == b2 && rules.BonusRolls.Has(a)
	switch {
	case next.Phase() == ludo.PhaseOver:
		e.add("Q10", "the game is over: %s", ranking(next))
	case e.bonusMove && rules.TwoDice:
		e.add("W4", "the dice played, %v makes a bonus move of %d the throw earned, with no roll", c, next.Count())
	case e.bonusMove && m.Captures():
		e.add("P8", "the capture earns a bonus move of %d: %v moves again, with no roll", next.Count(), c)
	case e.bonusMove:
		e.add("P8", "bringing a token home earns a bonus move of %d: %v moves again, with no roll", next.Count(), c)
	case wording.Bottoms(next) && next.Turn() == c:
		e.add("H2", "%v plays the tops and bottoms still due, %s, next, with no roll", c, wording.FacesDue(next))
	case wording.OtherDie(next) && next.Turn() == c:
		e.add("W1", "%v plays the other die, %d, next, with no roll", c, next.Count())
	case !e.bonusRoll:
		e.add("C3", "%v plays next", next.Turn())
	case m.IsPass():
	case double:
		e.add("W3", "the double %d earns %v a bonus roll", a, c)
	case b2 != 0:
	case rules.BonusRolls.Has(s.Die()):
		e.add("C9", "%v rolls again", c)
	case m.Captures() && rules.CaptureBonus == ludo.BonusRoll:
		e.add("K2", "the capture earns %v a bonus roll", c)
	case m.Finishes() && rules.HomeBonus == ludo.BonusRoll:
		e.add("K3", "bringing a token home earns %v a bonus roll", c)
	default:
		e.add("C9", "%v rolls again", c)
	}
}

// ranking writes the ranking of s: "1. red 2. green".
func ranking(s ludo.State) string {
	var parts []string
	for k, c := range s.Ranking() {
		parts = append(parts, fmt.Sprintf("%d. %v", k+1, c))
	}
	return strings.Join(parts, " ")
}

// ordinal returns "second", "third", … for n from 2 to 9, else "nth".
func ordinal(n int) string {
	names := []string{2: "second", 3: "third", 4: "fourth", 5: "fifth", 6: "sixth", 7: "seventh", 8: "eighth", 9: "ninth"}
	if n >= 2 && n < len(names) {
		return names[n]
	}
	return strconv.Itoa(n) + "th"
}

// earned returns, with two dice, how many bonus moves the throw being
// played in s has earned and not yet played, the one due included (rules
// P8, W4).
func earned(s ludo.State) int {
	return len(s.Setup().Earned)
}

// b2i returns 1 for true and 0 for false.
func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
