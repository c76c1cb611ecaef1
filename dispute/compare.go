package dispute

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/ludorules/ludo"
)

// Outcome is what a ruleset says of a move: legal, refused, or nothing,
// where the position cannot be played under it.
type Outcome uint8

const (
	// Unjudged is the outcome where the rules cannot judge the move: they
	// do not fit the table, or the position cannot occur under them (a
	// die where they throw two, a bonus move they never give).
	Unjudged Outcome = iota
	// Legal is the outcome of a move the rules allow.
	Legal
	// Illegal is the outcome of a move the rules refuse.
	Illegal
)

var outcomeNames = []string{"cannot judge", "legal", "not legal"}

// String returns "legal", "not legal" or "cannot judge".
func (o Outcome) String() string {
	if int(o) < len(outcomeNames) {
		return outcomeNames[o]
	}
	return "Outcome(" + strconv.Itoa(int(o)) + ")"
}

// Verdict is what one ruleset says of a move in a position.
type Verdict struct {
	Candidate // the rules judged by
	Outcome   Outcome
	// Move is, for a legal move, the move as these rules make it; for a
	// refused one, the move refused, where the refusal names it.
	Move ludo.Move
	// Differs reports, for a legal move, that the rules make the token's
	// move otherwise than the move asked said (from where to where, what
	// it captures): Reasons begins by saying how.
	Differs bool
	// Reasons says, for a legal move, what it does and what follows, each
	// with its rule ([Explain]); for a refused one, the refusal and the
	// rule it names; where the rules cannot judge, why.
	Reasons []Reason
	// Err is, for a refused move, the [*ludo.IllegalMoveError]; where the
	// rules cannot judge, the error that says why (matching
	// [ludo.ErrInvalidRules] or [ludo.ErrInvalidSetup]); nil for a legal
	// move.
	Err error
}

// Rule returns the rule a refused move breaks ("" where the refusal names
// none, or the move is not refused).
func (v Verdict) Rule() string {
	if v.Outcome == Illegal && len(v.Reasons) > 0 {
		return v.Reasons[0].Rule
	}
	return ""
}

// Flip is a single option change of a position's own rules and what the
// rules so changed say of the move.
type Flip struct {
	Change  Change
	Verdict Verdict
	// Rule is the rule the flip cites: for a move the change refuses,
	// the rule the refusal names; for one it allows, or changes, the
	// option's own rule ([ludo.Option.Rule]).
	Rule string
}

// Comparison is the answer to "under which rules is this move legal?".
type Comparison struct {
	Position ludo.State // the position, under its own rules
	Move     string     // the move asked, as given
	Own      Verdict    // under the position's own rules
	Verdicts []Verdict  // under each candidate, in the order given
	// Flips are the single option changes of the position's own rules
	// that turn Own's outcome around (legal to not legal, or back), in
	// the order of [ludo.Options] and of each option's values.
	Flips []Flip
	// Alters are the single option changes under which the move stays
	// legal but does something else, or follows otherwise (another
	// capture, another bonus), in the same order.
	Alters []Flip
}

// ErrNoMoveDue is matched by the error of [Compare] for a position with
// no move due: a roll is due, or the game is over.
var ErrNoMoveDue = errors.New("dispute: the position has no move due")

// Compare answers "under which rules is this move legal?": it judges the
// move asked in position pos (any form [ParseMove] reads: "2", "pass",
// "2: 12-18 x1") under pos's own rules, under each candidate (see
// [Candidates]; pos's table), and under each single option change of
// pos's own rules (see [ludo.Option.Values]; rules Validate refuses are
// skipped). A candidate judges the move asked in full where it can, and
// where it makes the token's move otherwise, the token's move (a Verdict
// that Differs). The error is for a position with no move due
// ([ErrNoMoveDue]) or a move text that is no move ([ludo.ErrSyntax]).
func Compare(pos ludo.State, move string, among []Candidate) (Comparison, error) {
	cmp := Comparison{Position: pos, Move: move}
	if !pos.IsValid() || pos.Phase() != ludo.PhaseMove {
		return cmp, fmt.Errorf("%w (%v)", ErrNoMoveDue, pos.Phase())
	}
	own := pos.Rules()
	cmp.Own = judge(pos, move)
	cmp.Own.Candidate = Candidate{Name: own.String(), Rules: own}
	if errors.Is(cmp.Own.Err, ludo.ErrSyntax) {
		return cmp, cmp.Own.Err
	}
	for _, c := range among {
		v := Verdict{Candidate: c, Err: c.Unfit}
		if c.Unfit == nil {
			if s, err := Under(pos, c.Rules); err != nil {
				v.Err = err
			} else {
				v = judge(s, move)
				v.Candidate = c
			}
		}
		if v.Err != nil && v.Outcome == Unjudged {
			v.Reasons = []Reason{{"", unjudged(v.Err)}}
		}
		cmp.Verdicts = append(cmp.Verdicts, v)
	}
	for _, n := range neighbours(own, nil) {
		s, err := Under(pos, n.rules)
		if err != nil {
			continue
		}
		v := judge(s, move)
		v.Candidate = Candidate{Name: n.rules.String(), Rules: n.rules}
		f := Flip{Change: n.change, Verdict: v, Rule: n.change.Option.Rule}
		switch {
		case v.Outcome == Unjudged || cmp.Own.Outcome == Unjudged:
		case v.Outcome != cmp.Own.Outcome:
			if v.Outcome == Illegal && v.Rule() != "" {
				f.Rule = v.Rule()
			}
			cmp.Flips = append(cmp.Flips, f)
		case v.Outcome == Legal && groupKey(v) != groupKey(cmp.Own):
			cmp.Alters = append(cmp.Alters, f)
		}
	}
	return cmp, nil
}

// unjudged says why rules cannot judge: err's text, without the
// package's prefixes.
func unjudged(err error) string {
	msg := err.Error()
	for _, p := range []string{"ludo: invalid rules: ", "ludo: invalid setup: ", "ludo: "} {
		msg = strings.TrimPrefix(msg, p)
	}
	switch {
	case errors.Is(err, ludo.ErrInvalidRules):
		return "the rules do not fit this table: " + msg
	case errors.Is(err, ludo.ErrInvalidSetup):
		return "the position cannot occur under these rules: " + msg
	}
	return msg
}

// judge says what position s says of the move asked.
func judge(s ludo.State, text string) Verdict {
	m, err := ParseMove(s, text)
	var ill *ludo.IllegalMoveError
	switch {
	case err == nil:
		return Verdict{Outcome: Legal, Move: m, Reasons: Explain(s, m)}
	case errors.As(err, &ill) && ill.Rule == "":
		// The move as asked is none the rules make: the token's own move,
		// if it has one, is what they say.
		if short := shortMove(text); short != text {
			if m2, err2 := ParseMove(s, short); err2 == nil {
				return Verdict{Outcome: Legal, Move: m2, Differs: true,
					Reasons: append([]Reason{{"", "not as asked: " + ill.Reason}}, Explain(s, m2)...)}
			} else if errors.As(err2, &ill) {
				err = err2
			}
		}
		return Verdict{Outcome: Illegal, Move: ill.Move, Reasons: []Reason{{ill.Rule, ill.Reason}}, Err: err}
	case errors.As(err, &ill):
		return Verdict{Outcome: Illegal, Move: ill.Move, Reasons: []Reason{{ill.Rule, ill.Reason}}, Err: err}
	}
	return Verdict{Err: err, Reasons: []Reason{{"", unjudged(err)}}}
}

// shortMove returns the part of move text that names the move without
// describing it: the colour, the token and its die ("red 2 die 3" of "red
// 2: 12-15 x1 die 3"); pass and forfeit as they are.
func shortMove(text string) string {
	w := strings.Fields(text)
	var out []string
	if len(w) > 0 {
		if _, ok := ludo.ParseColor(w[0]); ok {
			out, w = append(out, w[0]), w[1:]
		}
	}
	if len(w) == 0 {
		return text
	}
	tok, _, detail := strings.Cut(w[0], ":")
	if !detail {
		return text
	}
	out = append(out, tok)
	for k := 1; k < len(w); k++ {
		switch strings.ToLower(w[k]) {
		case "die":
			if k+1 < len(w) {
				out = append(out, "die", w[k+1])
			}
		case "bonus":
			out = append(out, "bonus")
		}
	}
	return strings.Join(out, " ")
}

// ParseMove reads a move of position s as [ludo.ParseMove] does, but
// where a bonus move is due (rule P8) a bare token number ("2", "red 2")
// is the token's bonus move, and "pass" the pass of a bonus move no
// token can make: ludo.ParseMove reads the number as the token's move by
// the die, which no longer counts. The referee reads moves so.
func ParseMove(s ludo.State, text string) (ludo.Move, error) {
	if s.IsValid() && s.IsBonusMove() {
		w := strings.Fields(text)
		if len(w) == 2 {
			if c, ok := ludo.ParseColor(w[0]); ok && c == s.Turn() {
				w = w[1:]
			}
		}
		if len(w) == 1 {
			if i, err := strconv.Atoi(w[0]); err == nil && i >= 0 && i < s.Rules().Tokens {
				return s.TokenMove(i)
			}
			if strings.EqualFold(w[0], "pass") {
				legal := s.LegalMoves()
				if len(legal) == 1 && legal[0].IsPass() {
					return legal[0], nil
				}
				return ludo.Move{}, &ludo.IllegalMoveError{Rule: "C10",
					Reason: fmt.Sprintf("%v must move when a token can: %v", s.Turn(), legal[0])}
			}
		}
	}
	return ludo.ParseMove(s, text)
}

// Under returns position s under rules r: the same tokens, turn, dice,
// bonus move and ranking. What only some rules keep is dropped where r
// does not keep it: where the turn or the throw began (TurnStart), who
// arrived last (Later), who has captured, the token moved last, a bonus
// roll owed, the tries used; and the count of sixes becomes 1 or 0 where
// r counts the die otherwise. The error is [ludo.Setup.State]'s, matching
// [ludo.ErrInvalidSetup], for a position r cannot reach: a die where r
// throws two, a bonus move r never gives, two tokens on a square r holds
// one on.
func Under(s ludo.State, r ludo.Rules) (ludo.State, error) {
	if !s.IsValid() || s.Rules() == r {
		return s, nil
	}
	u := s.Setup()
	u.Rules = r
	streaks := []int{1, 0} // the counts of sixes to try where r counts the die otherwise
	for {
		t, err := u.State()
		var se *ludo.SetupError
		if err == nil || !errors.As(err, &se) {
			return t, err
		}
		switch f := se.Field; {
		case f == "TurnStart" && u.TurnStart != nil:
			u.TurnStart = nil
		case f == "Later" && u.Later != [ludo.MaxPlayers][ludo.MaxTokens]bool{}:
			u.Later = [ludo.MaxPlayers][ludo.MaxTokens]bool{}
		case f == "Captured" && u.Captured != 0:
			u.Captured = 0
		case f == "LastMoved" && u.LastMoved != [ludo.MaxTokens]bool{}:
			u.LastMoved = [ludo.MaxTokens]bool{}
		case f == "ExtraRoll" && u.ExtraRoll:
			u.ExtraRoll = false
		case f == "TriesUsed" && u.TriesUsed != 0:
			u.TriesUsed = 0
		case f == "Streak" && len(streaks) > 0:
			if streaks[0] == u.Streak {
				streaks = streaks[1:]
				continue
			}
			u.Streak, streaks = streaks[0], streaks[1:]
		default:
			return t, err
		}
	}
}

// Group is the rulesets that say the same of a move.
type Group struct {
	Outcome  Outcome
	Reasons  []Reason  // what they say: the Reasons of each Verdict
	Verdicts []Verdict // the verdicts, in the order given
}

// Groups groups verdicts that say the same: the same outcome, and for a
// legal move the same move doing the same, for a refused one the same
// refusal. The groups of legal moves come first, then the refusals, then
// the rulesets that cannot judge, each in the order of its first verdict.
func Groups(vs []Verdict) []Group {
	var gs []Group
	index := map[string]int{}
	for _, o := range []Outcome{Legal, Illegal, Unjudged} {
		for _, v := range vs {
			if v.Outcome != o {
				continue
			}
			k := groupKey(v)
			if i, ok := index[k]; ok {
				gs[i].Verdicts = append(gs[i].Verdicts, v)
				continue
			}
			index[k] = len(gs)
			gs = append(gs, Group{Outcome: o, Reasons: v.Reasons, Verdicts: []Verdict{v}})
		}
	}
	return gs
}

// groupKey is what verdicts that say the same share.
func groupKey(v Verdict) string {
	var b strings.Builder
	b.WriteString(v.Outcome.String())
	if v.Outcome == Legal {
		b.WriteString("|" + v.Move.String())
	}
	for _, r := range v.Reasons {
		b.WriteString("|" + r.String())
	}
	return b.String()
}
