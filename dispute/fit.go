package dispute

import (
	"cmp"
	"errors"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/ludorules/ludo"
)

// Break is where a game record stops being legal under some rules: the
// first ply that cannot be played, and why.
type Break struct {
	Ply    int    // the ply, from 1; 0 for the record's start
	Rule   string // the rule the ply breaks, where the refusal names one
	Reason string // why, as the refusal words it
	// Err is the [*ludo.ReplayError] (for the start, the error of the
	// start position under the rules).
	Err error
}

// String writes the break as "ply 37: token 0 cannot pass the block on
// square 17 (rule B2)".
func (b Break) String() string {
	s := "ply " + strconv.Itoa(b.Ply)
	if b.Ply == 0 {
		s = "the start"
	}
	s += ": " + b.Reason
	if b.Rule != "" {
		s += " (rule " + b.Rule + ")"
	}
	return s
}

// wholeGame reports whether rec records a whole game: it starts where
// its rules start a game ([ludo.New]).
func wholeGame(rec *ludo.Record) bool {
	s, err := ludo.New(rec.Start.Rules())
	return err == nil && s == rec.Start
}

// Replay plays record rec under rules r and returns where it breaks, or
// nil where every ply is legal. A record of a whole game (one whose
// start is [ludo.New] of its rules) starts from the start of r, which
// may differ (rule M5's token out); a record that starts mid-game
// starts from its start position [Under] r.
func Replay(rec *ludo.Record, r ludo.Rules) *Break {
	return replay(rec, wholeGame(rec), r)
}

func replay(rec *ludo.Record, whole bool, r ludo.Rules) *Break {
	var s ludo.State
	var err error
	if whole {
		s, err = ludo.New(r)
	} else {
		s, err = Under(rec.Start, r)
	}
	if err != nil {
		return &Break{Reason: unjudged(err), Err: err}
	}
	cp := *rec
	cp.Start = s
	_, err = cp.Replay()
	if err == nil {
		return nil
	}
	b := &Break{Err: err, Reason: strings.TrimPrefix(err.Error(), "ludo: ")}
	var re *ludo.ReplayError
	if errors.As(err, &re) {
		b.Ply = re.Ply
		b.Reason = unjudged(re.Err)
		if ill := (*ludo.IllegalMoveError)(nil); errors.As(re.Err, &ill) {
			b.Rule, b.Reason = ill.Rule, ill.Reason
		}
	}
	return b
}

// replayer replays one record under many rulesets, each once, on every
// core.
type replayer struct {
	rec   *ludo.Record
	whole bool
	mu    sync.Mutex
	done  map[ludo.Rules]*Break // by key
	count int                   // rulesets replayed
}

func newReplayer(rec *ludo.Record) *replayer {
	return &replayer{rec: rec, whole: wholeGame(rec), done: map[ludo.Rules]*Break{}}
}

// all returns where the record breaks under each of rs (nil: nowhere).
func (p *replayer) all(rs []ludo.Rules) []*Break {
	out := make([]*Break, len(rs))
	var todo []int
	p.mu.Lock()
	queued := map[ludo.Rules]bool{}
	for i, r := range rs {
		k := key(r)
		if b, ok := p.done[k]; ok {
			out[i] = b
		} else if !queued[k] {
			queued[k] = true
			todo = append(todo, i)
		}
	}
	p.mu.Unlock()
	var wg sync.WaitGroup
	next := make(chan int)
	for range min(runtime.GOMAXPROCS(0), max(len(todo), 1)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				b := replay(p.rec, p.whole, rs[i])
				p.mu.Lock()
				p.done[key(rs[i])] = b
				p.count++
				p.mu.Unlock()
			}
		}()
	}
	for _, i := range todo {
		next <- i
	}
	close(next)
	wg.Wait()
	for i, r := range rs {
		out[i] = p.done[key(r)]
	}
	return out
}

// RecordVerdict is what one ruleset says of a record.
type RecordVerdict struct {
	Candidate
	Break *Break // where the record breaks; nil where every ply is legal
}

// Fix is a set of option changes to a candidate under which every ply of
// a record is legal.
type Fix struct {
	From    Candidate  // the ruleset the changes start from
	Changes []Change   // the changes, in the order of [ludo.Options]
	Rules   ludo.Rules // the rules they give
}

// Ruled is a value of an option that a record rules out.
type Ruled struct {
	Value string // the value, as the text form writes it
	Break Break  // the first ply that breaks with it
}

// OptionFit says what a record decides of one option, the others held
// at the reference rules.
type OptionFit struct {
	Option ludo.Option
	Value  string   // its value in the reference rules
	Open   []string // the other values tried under which every ply stays legal
	Ruled  []Ruled  // the other values tried that a ply rules out
}

// Decided reports whether the record rules out some value of the option:
// a ply that is legal only with some of its values.
func (o OptionFit) Decided() bool { return len(o.Ruled) > 0 }

// Undecided reports whether the record says nothing of the option:
// every other value tried keeps every ply legal (a game with no third 6
// says nothing of SixLimit). An option no other value of which fits the
// other rules is neither decided nor undecided.
func (o OptionFit) Undecided() bool { return len(o.Ruled) == 0 && len(o.Open) > 0 }

// Fit is the answer to "what rules were we playing?".
type Fit struct {
	Plies    int             // the record's plies
	Verdicts []RecordVerdict // each candidate, in the order given
	// Fixes are the smallest sets of option changes found that make a
	// candidate (the closest) fit the whole record, where none fits as
	// it is, in the order of the candidates. Each change in a set moves
	// the first illegal ply later.
	Fixes []Fix
	// Searched is the number of rulesets replayed in all.
	Searched int
	// Exhausted reports that no candidate fits and the search for fixes
	// stopped at its limits (Limits) without finding one.
	Exhausted bool
	// Reference is the ruleset the options are weighed against: the
	// record's own rules where they fit it, else the first candidate that
	// does, else the first fix; Fits is false where none fits.
	Reference Candidate
	Fits      bool
	// Options says, for each option but the table's, what the record
	// decides of it with the others held at Reference ([ludo.Option.Values]
	// gives the values tried; those Validate refuses are skipped).
	Options []OptionFit
}

// Consistent returns the candidates under which every ply is legal.
func (f Fit) Consistent() []Candidate {
	var out []Candidate
	for _, v := range f.Verdicts {
		if v.Unfit == nil && v.Break == nil {
			out = append(out, v.Candidate)
		}
	}
	return out
}

// Limits bound the search for fixes of [FitRecord]; a zero field takes
// its default.
type Limits struct {
	MaxChanges int // the most changes in a set; default 3
	MaxReplays int // the most rulesets the search replays; default 20,000
	Beam       int // the sets kept at each size to grow further, taken in turns from each candidate; default 24
}

// FitRecord answers "what rules were we playing?" of record rec: it
// replays rec under each candidate (see [Candidates]; rec's table), and
// where none fits the whole record, searches the option changes (over
// [ludo.Option.Values], skipping rules Validate refuses) for the
// smallest sets that make one fit, one change after another, each
// moving the first illegal ply later. It then weighs each option: the
// values the record rules out, and the ones it leaves open, the others
// held at the reference rules. A nil record is one with no game, which
// every ruleset breaks at its start.
func FitRecord(rec *ludo.Record, among []Candidate, lim Limits) Fit {
	if rec == nil {
		rec = &ludo.Record{}
	}
	lim.MaxChanges = cmp.Or(lim.MaxChanges, 3)
	lim.MaxReplays = cmp.Or(lim.MaxReplays, 20_000)
	lim.Beam = cmp.Or(lim.Beam, 24)
	p := newReplayer(rec)
	f := Fit{Plies: len(rec.Plies)}
	var rs []ludo.Rules
	own := rec.Start.Rules()
	for _, c := range among {
		if c.Unfit == nil {
			rs = append(rs, c.Rules)
		}
	}
	breaks := p.all(append(rs, own))
	k := 0
	for _, c := range among {
		v := RecordVerdict{Candidate: c}
		if c.Unfit == nil {
			v.Break = breaks[k]
			k++
		}
		f.Verdicts = append(f.Verdicts, v)
	}
	switch consistent := f.Consistent(); {
	case breaks[len(breaks)-1] == nil:
		f.Reference, f.Fits = Candidate{Name: own.String(), Rules: own}, true
	case len(consistent) > 0:
		f.Reference, f.Fits = consistent[0], true
	}
	if len(f.Consistent()) == 0 {
		f.Fixes, f.Exhausted = search(p, f.Verdicts, lim)
		if len(f.Fixes) > 0 && !f.Fits {
			fix := f.Fixes[0]
			f.Reference, f.Fits = Candidate{Name: fix.Rules.String(), Rules: fix.Rules}, true
		}
	}
	if f.Fits {
		f.Options = weigh(p, f.Reference.Rules)
	}
	f.Searched = p.count
	return f
}

// node is a set of changes the search has tried.
type node struct {
	from    int // index of the candidate in the verdicts
	changes []Change
	rules   ludo.Rules
	brk     *Break
}

// search looks for the smallest sets of changes to a candidate that make
// the record legal: breadth first, each set grown by one change to the
// rules that play furthest before breaking.
func search(p *replayer, vs []RecordVerdict, lim Limits) ([]Fix, bool) {
	var frontier []node
	for i, v := range vs {
		if v.Unfit == nil {
			frontier = append(frontier, node{from: i, rules: v.Rules, brk: v.Break})
		}
	}
	seen := map[ludo.Rules]bool{}
	for _, n := range frontier {
		seen[key(n.rules)] = true
	}
	for size := 1; size <= lim.MaxChanges && len(frontier) > 0; size++ {
		var kids []node
		for _, n := range frontier {
			changed := func(o ludo.Option) bool {
				return slices.ContainsFunc(n.changes, func(c Change) bool { return c.Option.Name == o.Name })
			}
			for _, nb := range neighbours(n.rules, changed) {
				k := key(nb.rules)
				if seen[k] {
					continue
				}
				seen[k] = true
				changes := append(slices.Clone(n.changes), nb.change)
				slices.SortStableFunc(changes, func(a, b Change) int { return optionIndex(a.Option) - optionIndex(b.Option) })
				kids = append(kids, node{from: n.from, changes: changes, rules: nb.rules})
			}
		}
		if p.count+len(kids) > lim.MaxReplays {
			kids = kids[:max(0, lim.MaxReplays-p.count)]
		}
		rs := make([]ludo.Rules, len(kids))
		for i, kid := range kids {
			rs[i] = kid.rules
		}
		var fixes []Fix
		var grow []node
		for i, b := range p.all(rs) {
			kid := kids[i]
			kid.brk = b
			parent := frontierBreak(frontier, kid)
			switch {
			case b == nil:
				fixes = append(fixes, Fix{From: vs[kid.from].Candidate, Changes: kid.changes, Rules: kid.rules})
			case b.Ply > parent:
				grow = append(grow, kid)
			}
		}
		if len(fixes) > 0 {
			slices.SortStableFunc(fixes, func(a, b Fix) int {
				return cmp.Or(indexOf(vs, a.From)-indexOf(vs, b.From), compareChanges(a.Changes, b.Changes))
			})
			return fixes, false
		}
		if p.count >= lim.MaxReplays {
			return nil, true
		}
		frontier = beam(grow, lim.Beam)
	}
	return nil, true
}

// beam returns n sets of grow to grow further: taken in turns from each
// candidate, each time the one that plays furthest, so that every
// preset stays in view; and of those that change the same options of a
// candidate only the one that plays furthest (Safe:{1} and Safe:{3}
// often play alike).
func beam(grow []node, n int) []node {
	slices.SortStableFunc(grow, func(a, b node) int { return b.brk.Ply - a.brk.Ply })
	seen := map[string]bool{}
	var per [][]node // by candidate, in the order of their best
	at := map[int]int{}
	for _, g := range grow {
		sig := strconv.Itoa(g.from)
		for _, c := range g.changes {
			sig += " " + c.Option.Name
		}
		if seen[sig] {
			continue
		}
		seen[sig] = true
		k, ok := at[g.from]
		if !ok {
			k = len(per)
			at[g.from] = k
			per = append(per, nil)
		}
		per[k] = append(per[k], g)
	}
	var out []node
	for round := 0; len(out) < n; round++ {
		took := false
		for _, ns := range per {
			if round < len(ns) && len(out) < n {
				out = append(out, ns[round])
				took = true
			}
		}
		if !took {
			break
		}
	}
	return out
}

// frontierBreak returns the ply at which kid's parent broke: the node of
// the frontier with the same candidate and all but one of kid's changes.
func frontierBreak(frontier []node, kid node) int {
	for _, n := range frontier {
		if n.from == kid.from && len(n.changes) == len(kid.changes)-1 && subset(n.changes, kid.changes) {
			return n.brk.Ply
		}
	}
	return 0
}

func subset(a, b []Change) bool {
	for _, c := range a {
		if !slices.Contains(b, c) {
			return false
		}
	}
	return true
}

// indexOf returns the place of candidate c among the verdicts.
func indexOf(vs []RecordVerdict, c Candidate) int {
	return slices.IndexFunc(vs, func(v RecordVerdict) bool { return v.Name == c.Name })
}

// compareChanges orders sets of changes of one size by their options,
// then by the order of the values each option lists.
func compareChanges(a, b []Change) int {
	for i := range min(len(a), len(b)) {
		if d := optionIndex(a[i].Option) - optionIndex(b[i].Option); d != 0 {
			return d
		}
	}
	return 0
}

// optionIndex returns the place of o in [ludo.Options].
func optionIndex(o ludo.Option) int {
	return slices.IndexFunc(ludo.Options(), func(x ludo.Option) bool { return x.Name == o.Name })
}

// weigh says what the record decides of each option, the others held at
// rules r, under which every ply is legal.
func weigh(p *replayer, r ludo.Rules) []OptionFit {
	nbs := neighbours(r, nil)
	rs := make([]ludo.Rules, len(nbs))
	for i, n := range nbs {
		rs[i] = n.rules
	}
	breaks := p.all(rs)
	var out []OptionFit
	for _, o := range ludo.Options() {
		if isTable(o) {
			continue
		}
		of := OptionFit{Option: o, Value: o.Value(r)}
		for i, n := range nbs {
			if n.change.Option.Name != o.Name {
				continue
			}
			if b := breaks[i]; b == nil {
				of.Open = append(of.Open, n.change.To)
			} else {
				of.Ruled = append(of.Ruled, Ruled{n.change.To, *b})
			}
		}
		out = append(out, of)
	}
	return out
}
