package bots

import (
	"math"
	"sync"

	"github.com/ludorules/ludo"
)

// Weights are the numbers of the evaluation that every bot but Random
// uses: a position's value for each player, in steps of progress. It is
// what the heuristic bot maximises one move ahead, and what the search
// bots apply at their leaves.
//
// A player's worth is the sum over its tokens of:
//
//   - nothing for a token in the yard;
//   - Enter plus its progress for a token in play, so that entering
//     counts (only an entry roll brings a token out) and every step
//     counts; plus Leader×progress²/Finish, which makes a step of a
//     token far along worth a little more than a step of one just out:
//     between equal moves the bot advances its leader, which brings it to
//     safety soonest;
//   - on the shared track, minus risk×(that token's value), risk being
//     roughly the chance that an opponent lands on it before its owner can
//     save it: 1/6 for each face that brings an opponent token behind it
//     there (a token 1 to 6 squares behind, or 7 behind where a 6 counts
//     7, rule P5), 1/36 for each bonus-earning face and face after it
//     that do (a 6 and a bonus roll: 7 to 12 squares behind); with two
//     dice (rule W1), the chance of the throws whose one die or both
//     bring it there (13/36 for a token 3 squares behind), and after a
//     bonus-earning double (rule W3) 1/1296 for each further throw that
//     does what the double did not; counting only tokens that can still reach it and that no block stops (rule
//     B2); where it stands on a star (rule D2), the same for tokens
//     behind the star before it, which jump on to it; on an opponent's
//     start square while that opponent has a token in its yard, the
//     chance of an entry face (on either die of two; in up to Tries throws where it has none on
//     the track, rule M4), unless the square is safe and entering there
//     captures nobody (rules K1, Q4); each weighed by Later where
//     that opponent moves only after the owner, who may first save it; at
//     most 1. A token it may not pass stops it as a block does (rule
//     F2). Nothing else threatens a token on a safe square (rules K1,
//     D1, P1); a partner never does (rule T1); and a token that shares its
//     square with one of its own colour where blocks are on, or where a
//     pair cannot be captured (rules K5, D3, ruling Q3), runs no risk, so
//     forming a block or a pair is worth the risk it removes;
//   - Home more in the home column, where nothing can capture it, and
//     Finish more at the finish (on a goal of slots, rule M1, the last
//     square).
//
// A token going round the track again (rule K4: its colour has not
// captured) counts the progress it will have when it comes round to its
// start square, a lap less, so that it passes its home entry only when
// nothing better is to be had. A bonus move due (rule P8), or the other
// die of a throw of two once one is played (rule W1), adds its steps to
// the mover's worth.
//
// A player who has finished adds Place for each player it beat. The
// score of a position for a player is its worth less the worth of its
// opponents: half their mean, half the best of them; with partners (rule
// T1) its side's mean worth less the other side's. So capturing a token
// (which takes the victim's worth away), escaping a threat (which takes
// the risk away), entering, forming a block and moving home all show up
// in one number.
type Weights struct {
	Enter  float64 // value of a token in play, beyond its progress
	Leader float64 // bonus of progress²/Finish
	Home   float64 // bonus of a token in its home column or finished
	Finish float64 // further bonus of a finished token
	Place  float64 // bonus per player beaten, once finished
	Later  float64 // weight of a threat from an opponent who moves after the owner
}

// DefaultWeights are the weights the bots use unless told otherwise. They
// were tuned one weight at a time by matches of the heuristic bot against
// itself with that weight changed (20,000 two-player Classic games a
// trial), starting from Enter 12, Leader 2, Later 0.5: each change kept
// won 52% to 59% of its games against the weights before it (Enter 25,
// Leader 0 then 1, Later 0.75); the other weights barely mattered.
var DefaultWeights = Weights{Enter: 25, Leader: 1, Home: 4, Finish: 2, Place: 300, Later: 0.75}

// Scores returns the score of position s for every colour (0 for colours
// that do not play), under the weights w.
func (w *Weights) Scores(s ludo.State) [ludo.MaxPlayers]float64 {
	r := s.Rules()
	return w.scores(s, &r)
}

func (w *Weights) scores(s ludo.State, r *ludo.Rules) [ludo.MaxPlayers]float64 {
	v := newView(s, r)
	return v.scores(w)
}

// maxReach is one more than the farthest a token comes in a roll and a
// bonus roll: two sixes that count the most [ludo.Rules.SixValue] allows.
const maxReach = 2*20 + 1

// reach holds the chance that a token comes exactly d squares on in a
// roll, or in a bonus-earning roll and the next ([Weights]), for d below
// maxReach: [0] for a player with a token in the yard, [1] for one with
// none, whose 6 counts Rules.SixValue (rule P5). With two dice (rule W1)
// a throw takes a token on by either die or by both, and a bonus-earning
// double (rule W3) on by the next throw too; under tops and bottoms (rule
// H2) a double of a player with no token in the yard by any of its four
// amounts, top, top, 7 minus the top twice.
type reach [2][maxReach]float64

// reaches caches the reach of every (BonusRolls, SixValue, TwoDice,
// TopsAndBottoms) the bots have met: a handful.
var reaches sync.Map // reachKey → *reach

type reachKey struct {
	bonus ludo.Faces
	six   int
	two   bool
	tops  bool
}

// reachOf returns the reach under rules r.
func reachOf(r *ludo.Rules) *reach {
	k := reachKey{r.BonusRolls, r.SixValue, r.TwoDice, r.TwoDice && r.TopsAndBottoms}
	if p, ok := reaches.Load(k); ok {
		return p.(*reach)
	}
	var t reach
	for out := range 2 {
		count := func(f int) int {
			if f == 6 && out == 1 && r.SixValue > 6 {
				return r.SixValue
			}
			return f
		}
		if r.TwoDice {
			t[out] = twoDiceReach(count, r.BonusRolls, out == 1 && k.tops)
			continue
		}
		for f := 1; f <= 6; f++ {
			n := count(f)
			t[out][n] += 1.0 / 6
			if !r.BonusRolls.Has(f) {
				continue
			}
			for g := 1; g <= 6; g++ {
				if m := n + count(g); m < maxReach {
					t[out][m] += 1.0 / 36
				}
			}
		}
	}
	p, _ := reaches.LoadOrStore(k, &t)
	return p.(*reach)
}

// twoDiceReach returns the reach of one throw of two dice (rule W1), each
// face counting count(f) steps: the chance, over the 36 throws, that one
// die or both take a token exactly d squares on; and after a double of a
// face in bonus (rule W3), the chance of the throws of the bonus roll
// that take it on by d from where the double left it (not moved, moved by
// one die or by both), where the double alone does not. With tops, a
// double is played as tops and bottoms (rule H2): its four amounts take
// a token on by any sum of them.
func twoDiceReach(count func(int) int, bonus ludo.Faces, tops bool) [maxReach]float64 {
	var t [maxReach]float64
	for a := 1; a <= 6; a++ {
		for b := 1; b <= 6; b++ {
			ca, cb := count(a), count(b)
			first := []int{ca, cb, ca + cb}
			if a == b && tops { // rule H2: the tops a, the bottoms 7-a, each die as it is thrown
				bt := 7 - a
				first = []int{ca, 2 * ca, bt, 2 * bt, ca + bt, 2*ca + bt, ca + 2*bt, 2*ca + 2*bt}
			}
			var seen [maxReach]bool
			for _, d := range first {
				if !seen[d] {
					seen[d] = true
					t[d] += 1.0 / 36
				}
			}
			if a != b || !bonus.Has(a) {
				continue
			}
			for c := 1; c <= 6; c++ {
				for e := 1; e <= 6; e++ {
					cc, ce := count(c), count(e)
					var more [maxReach]bool
					for _, x := range append([]int{0}, first...) {
						for _, y := range [3]int{cc, ce, cc + ce} {
							if d := x + y; d < maxReach && !seen[d] && !more[d] {
								more[d] = true
								t[d] += 1.0 / 36 / 36
							}
						}
					}
				}
			}
		}
	}
	return t
}

// twoDiceEntry returns the chance that a throw of two dice (rule W1)
// enters a token: a die of an entry face, or under EntrySum the dice
// summing to one (rule H1).
func twoDiceEntry(r *ludo.Rules) float64 {
	n := 0
	for a := 1; a <= 6; a++ {
		for b := 1; b <= 6; b++ {
			if r.EntryRolls.Has(a) || r.EntryRolls.Has(b) || r.EntrySum && a+b <= 6 && r.EntryRolls.Has(a+b) {
				n++
			}
		}
	}
	return float64(n) / 36
}

// view is a position unpacked for evaluation: progress and absolute track
// square of every token, and the order of play from the player to move.
type view struct {
	rules            *ludo.Rules
	seats            ludo.Colors
	players, tokens  int
	board            ludo.Board
	track, homeEntry int
	finish           int
	spacing          int
	plain            bool // no option below changes a threat: Classic and Mongolian
	blocks           bool
	pairsSafe        bool // two tokens of a colour on a square cannot be captured
	teams            bool
	turn             ludo.Color
	bonus            int // the steps of a bonus move due (rule P8); with two dice, of the amounts left and the bonus moves earned (rules W1, W4)
	reach            *reach
	entry            float64 // with two dice (rule W1), the chance a throw enters a token (H1: by the sum too)
	team             [ludo.MaxPlayers]ludo.Colors
	captured         [ludo.MaxPlayers]bool
	place            [ludo.MaxPlayers]int
	prog             [ludo.MaxPlayers][ludo.MaxTokens]int // -1 yard
	sq               [ludo.MaxPlayers][ludo.MaxTokens]int // track square index 0..track-1, -1 off the track
	yard             [ludo.MaxPlayers]int
	order            [ludo.MaxPlayers]int // turns until the colour moves: 0 for the player to move
	moves            [ludo.MaxPlayers]int // turns until the colour's tokens move: its order, or under rule T3 the least of its player's colours'
	nBlocks          int
	blockSq          [ludo.MaxPlayers * ludo.MaxTokens / 2]int        // the track square index of each block
	blockColor       [ludo.MaxPlayers * ludo.MaxTokens / 2]ludo.Color // and its colour
}

// trackIndex returns the track square index (0 to Track-1, square number
// less 1) of a token of colour c with progress p, or -1 off the track: in
// the yard, the home column or at the finish. A progress past the finish
// is a token going round again (rule K4), between its home entry and its
// start square.
func trackIndex(b *ludo.Board, c ludo.Color, p int) int {
	switch fin := b.Finish(); {
	case p < 0:
		return -1
	case p <= b.HomeEntry:
		return (int(c)*b.StartSpacing + p) % b.Track
	case p > fin:
		return (int(c)*b.StartSpacing + p - fin + b.HomeEntry) % b.Track
	}
	return -1
}

func newView(s ludo.State, r *ludo.Rules) view {
	v := view{
		rules: r, seats: s.Players(), players: r.Players, tokens: r.Tokens,
		board: r.Board, track: r.Board.Track, homeEntry: r.Board.HomeEntry,
		finish: r.Board.Finish(), spacing: r.Board.StartSpacing,
		blocks: r.Blocks != ludo.NoBlocks, turn: s.Turn(), teams: r.Teams != ludo.NoTeams,
	}
	v.pairsSafe = v.blocks || r.MultiCapture != ludo.CaptureAll
	v.plain = r.Board.Safe == 0 && r.Board.Stars == 0 && !v.teams && !r.CaptureBeforeHome &&
		r.BonusRolls == ludo.FacesOf(6) && r.SixValue == 6 && r.EntryRolls.Len() == 1 && r.Tries == 1 && !r.TwoDice
	if !v.plain {
		v.reach = reachOf(r)
	}
	if r.TwoDice {
		v.entry = twoDiceEntry(r)
	}
	switch _, b := s.Dice(); {
	case r.TwoDice && (s.IsBonusMove() || b != 0 && !bothDue(s)):
		// The amounts of the throw still due (the other die, rule W1,
		// or the rest of tops and bottoms, H2) and the bonus moves it
		// has earned, due after them (rule W4).
		for _, f := range s.DiceDue() {
			v.bonus += f
		}
		if r.CaptureBonus.Steps() > 0 || r.HomeBonus.Steps() > 0 {
			for _, n := range s.Setup().Earned {
				v.bonus += n
			}
		}
	case s.IsBonusMove():
		v.bonus = s.Count() // a bonus move (rule P8)
	}
	k := 0
	for d := range ludo.MaxPlayers {
		c := ludo.Color((int(v.turn) + d) % ludo.MaxPlayers)
		if !v.seats.Has(c) {
			continue
		}
		v.order[c] = k
		k++
		v.place[c] = s.Place(c)
		v.team[c] = ludo.ColorsOf(c)
		if v.teams {
			v.team[c] = s.Team(c)
		}
		v.captured[c] = !r.CaptureBeforeHome || s.Captured(c)
		for i := range v.tokens {
			p := s.Progress(c, i)
			v.prog[c][i], v.sq[c][i] = p, trackIndex(&v.board, c, p)
			if p < 0 {
				v.yard[c]++
			}
		}
		if v.blocks {
			v.findBlocks(c)
		}
	}
	v.moves = v.order
	if r.Teams == ludo.TwoColorsEach { // rule T3: a player moves both colours on the turn of either
		for c := range v.seats.All() {
			for o := range v.team[c].All() {
				v.moves[c] = min(v.moves[c], v.order[o])
			}
		}
	}
	return v
}

// bothDue reports whether both dice of a throw of two are still to play
// (rule W1).
func bothDue(s ludo.State) bool {
	_, b := s.Dice()
	return b != 0 && !s.DiePlayed()
}

// findBlocks adds colour c's blocks to the view's: two or more of its
// tokens on a track square (rule B1).
func (v *view) findBlocks(c ludo.Color) {
	for i := range v.tokens {
		x := v.sq[c][i]
		if x < 0 {
			continue
		}
		n, first := 0, true
		for j := range v.tokens {
			if v.sq[c][j] == x {
				n++
				first = first && j >= i
			}
		}
		if n >= 2 && first && (v.rules.Blocks != ludo.BlocksOnSafe || v.board.IsSafe(ludo.TrackSquare(x+1))) { // rule S4: on a safe square only
			v.blockSq[v.nBlocks], v.blockColor[v.nBlocks] = x, c
			v.nBlocks++
		}
	}
}

// dist returns how many squares on from track square a square b lies.
func (v *view) dist(a, b int) int {
	d := b - a
	if d < 0 {
		d += v.track
	}
	return d
}

// hit returns the chance that opponent o's token j comes exactly d
// squares on, to land on a square it reaches at distance far (where a
// star jump takes it on further; far is d otherwise).
func (v *view) hit(o ludo.Color, j, d, far int) float64 {
	if d == 0 || d >= maxReach {
		return 0
	}
	// Ruled out: a square past the token's home entry (unless its colour
	// goes round again, rule K4), a block on the way (rule B2), and a token
	// it may not pass (rule F2).
	if p := v.prog[o][j]; p <= v.homeEntry && p+far > v.homeEntry && v.captured[o] {
		return 0
	}
	if v.blocks && v.blocked(o, v.sq[o][j], d) {
		return 0
	}
	if v.rules.Overtake != ludo.OvertakeAll && v.rules.Overtake != ludo.OvertakeCaptures && v.overtakes(o, j, d) { // under OvertakeCaptures any token is passed (rule S1)
		return 0
	}
	if v.plain {
		switch {
		case d <= 6:
			return 1.0 / 6
		case d <= 12:
			return 1.0 / 36
		}
		return 0
	}
	out := 0
	if v.yard[o] == 0 {
		out = 1
	}
	if v.rules.Overtake == ludo.OvertakeCaptures { // rule S1: a token that passes captures too
		sum := 0.0
		for k := d; k < maxReach; k++ {
			sum += v.reach[out][k]
		}
		return min(sum, 1)
	}
	return v.reach[out][d]
}

// blocked reports whether a block stops a token of colour o on track
// square a short of d squares on: a block on a square it would pass
// (rule B2; a block of its own under BlocksStopAll, not one of its side's
// under BlocksStopOpponents).
func (v *view) blocked(o ludo.Color, a, d int) bool {
	for k := range v.nBlocks {
		if v.rules.Blocks != ludo.BlocksStopAll && v.team[o].Has(v.blockColor[k]) { // BlocksStopOpponents, BlocksOnSafe (rule S4)
			continue
		}
		if e := v.dist(a, v.blockSq[k]); e > 0 && e < d {
			return true
		}
	}
	return false
}

// overtakes reports whether opponent o's token j would pass, d squares
// on, a token it may not pass (rule F2): one of its own colour under
// OvertakeOpponents, any under OvertakeNone.
func (v *view) overtakes(o ludo.Color, j, d int) bool {
	a := v.sq[o][j]
	for c := range ludo.Color(ludo.MaxPlayers) {
		if !v.seats.Has(c) || (v.rules.Overtake == ludo.OvertakeOpponents && c != o) {
			continue
		}
		for i := range v.tokens {
			if x := v.sq[c][i]; x >= 0 && (c != o || i != j) {
				if e := v.dist(a, x); e > 0 && e < d {
					return true
				}
			}
		}
	}
	return false
}

// risk returns the risk of a token of colour c on track square x (see
// [Weights]).
func (v *view) risk(c ludo.Color, x int, later float64) float64 {
	if v.pairsSafe {
		n := 0
		for i := range v.tokens {
			if v.sq[c][i] == x {
				n++
			}
		}
		if n >= 2 {
			return 0
		}
	}
	safe := !v.plain && v.board.Safe != 0 && v.board.IsSafe(ludo.TrackSquare(x+1))
	star := -1 // the star before x, if x is a star (rule D2)
	if !v.plain && v.board.Stars != 0 && v.board.IsStar(ludo.TrackSquare(x+1)) {
		for k := 1; k < v.track; k++ {
			if y := (x - k + v.track) % v.track; v.board.IsStar(ludo.TrackSquare(y + 1)) {
				star = y
				break
			}
		}
	}
	r := 0.0
	for o := range ludo.Color(ludo.MaxPlayers) {
		if o == c || !v.seats.Has(o) || v.place[o] != 0 || (v.teams && v.team[c].Has(o)) {
			continue
		}
		ro := 0.0
		if v.yard[o] > 0 && x == int(o)*v.spacing%v.track && v.entryCaptures(x, safe) {
			e := float64(v.rules.EntryRolls.Len()) / 6
			if v.rules.TwoDice { // rule W1: either die enters, or under EntrySum both (rule H1)
				e = v.entry
			}
			switch {
			case v.plain:
				ro += 1.0 / 6
			case v.rules.Tries > 1 && v.idle(o): // rule M4: up to Tries throws to enter
				ro += 1 - math.Pow(1-e, float64(v.rules.Tries))
			default:
				ro += e
			}
		}
		if !safe {
			for j := range v.tokens {
				a := v.sq[o][j]
				if a < 0 {
					continue
				}
				d := v.dist(a, x)
				ro += v.hit(o, j, d, d)
				if star >= 0 {
					ro += v.hit(o, j, v.dist(a, star), d)
				}
			}
		}
		if v.order[o] > v.moves[c] {
			ro *= later
		}
		r += ro
	}
	return min(r, 1)
}

// idle reports whether none of colour o's tokens is on the track, so that
// it throws up to Tries times for an entry face (rule M4).
func (v *view) idle(o ludo.Color) bool {
	for j := range v.tokens {
		if v.sq[o][j] >= 0 {
			return false
		}
	}
	return true
}

// entryCaptures reports whether a token entering onto its start square x
// captures a token there: always where x is not safe (rules C11, Q4);
// on a safe square as EntryCapture says (rules K1, D4), and under
// EntryCapturesLast only where the square is full (rule P4).
func (v *view) entryCaptures(x int, safe bool) bool {
	switch {
	case !safe:
		return true
	case v.rules.EntryCapture == ludo.EntryLands:
		return false
	case v.rules.EntryCapture == ludo.EntryCapturesLast:
		n := 0
		for c := range ludo.Color(ludo.MaxPlayers) {
			for i := range v.tokens {
				if v.seats.Has(c) && v.sq[c][i] == x {
					n++
				}
			}
		}
		return v.rules.SquareLimit > 0 && n >= v.rules.SquareLimit
	}
	return true
}

// worth returns colour c's worth (see [Weights]).
func (v *view) worth(c ludo.Color, wt *Weights) float64 { return v.worthOf(c, wt, nil) }

// worthOf is worth with the risk of each of c's tokens on the track
// given, or computed where risk is nil.
func (v *view) worthOf(c ludo.Color, wt *Weights, risk *[ludo.MaxTokens]float64) float64 {
	w := 0.0
	fin := float64(v.finish)
	for i := range v.tokens {
		p := v.prog[c][i]
		if p < 0 {
			continue
		}
		if p > v.finish { // going round again (rule K4): a lap less
			p = p - v.finish + v.homeEntry - v.track
		}
		fp := float64(p)
		t := wt.Enter + fp + wt.Leader*fp*max(fp, -fp)/fin
		switch {
		case v.sq[c][i] >= 0 && risk != nil:
			t -= risk[i] * t
		case v.sq[c][i] >= 0:
			t -= v.risk(c, v.sq[c][i], wt.Later) * t
		case p < v.finish:
			t += wt.Home
		default:
			t += wt.Home + wt.Finish
		}
		w += t
	}
	if p := v.place[c]; p > 0 {
		w += wt.Place * float64(v.players-p)
	}
	if c == v.turn {
		w += float64(v.bonus)
	}
	return w
}

// scores returns each seated colour's score: its worth less half the mean
// and half the maximum of its opponents' worths; with partners, its
// side's mean worth less the other side's.
func (v *view) scores(wt *Weights) [ludo.MaxPlayers]float64 {
	var w [ludo.MaxPlayers]float64
	for c := range ludo.Color(ludo.MaxPlayers) {
		if v.seats.Has(c) {
			w[c] = v.worth(c, wt)
		}
	}
	return v.combine(&w)
}

// combine returns each seated colour's score from the worths w, as
// scores says.
func (v *view) combine(w *[ludo.MaxPlayers]float64) [ludo.MaxPlayers]float64 {
	var sc [ludo.MaxPlayers]float64
	n := float64(v.players - 1)
	for c := range ludo.Color(ludo.MaxPlayers) {
		if !v.seats.Has(c) {
			continue
		}
		if v.teams {
			var own, other, nOwn, nOther float64
			for o := range ludo.Color(ludo.MaxPlayers) {
				switch {
				case !v.seats.Has(o):
				case v.team[c].Has(o):
					own, nOwn = own+w[o], nOwn+1
				default:
					other, nOther = other+w[o], nOther+1
				}
			}
			sc[c] = own/nOwn - other/max(nOther, 1)
			continue
		}
		sum, best := 0.0, -1e18
		for o := range ludo.Color(ludo.MaxPlayers) {
			if o != c && v.seats.Has(o) {
				sum += w[o]
				best = max(best, w[o])
			}
		}
		sc[c] = w[c] - 0.5*sum/n - 0.5*best
	}
	return sc
}

// Evaluate returns the score of position s for every colour (0 for
// colours that do not play) under [DefaultWeights].
func Evaluate(s ludo.State) [ludo.MaxPlayers]float64 {
	return DefaultWeights.Scores(s)
}
