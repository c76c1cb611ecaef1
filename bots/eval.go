package bots

import "github.com/ludorules/ludo"

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
//     save it: 1/6 for each opponent token 1 to 6 squares behind it that
//     can still reach it, 1/36 for one 7 to 12 behind (a 6 and a bonus
//     roll), 1/6 on an opponent's start square while that opponent has a
//     token in its yard; each weighed by Later where that opponent moves
//     only after the owner, who may first save it; at most 1. A token
//     that shares its square with one of its own colour where blocks are
//     on cannot be captured and runs no risk, so forming a block is worth
//     the risk it removes;
//   - Home more in the home column, where nothing can capture it, and
//     Finish more at the finish.
//
// A player who has finished adds Place for each player it beat. The
// score of a position for a player is its worth less the worth of its
// opponents: half their mean, half the best of them. So capturing a token
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

// view is a position unpacked for evaluation: progress and absolute track
// square of every token, and the order of play from the player to move.
type view struct {
	seats            ludo.Colors
	players, tokens  int
	board            ludo.Board
	track, homeEntry int
	finish           int
	blocks           bool
	turn             ludo.Color
	place            [ludo.MaxPlayers]int
	prog             [ludo.MaxPlayers][ludo.MaxTokens]int // -1 yard
	sq               [ludo.MaxPlayers][ludo.MaxTokens]int // track square index 0..track-1, -1 off the track
	yard             [ludo.MaxPlayers]int
	order            [ludo.MaxPlayers]int // turns until the colour moves: 0 for the player to move
}

func newView(s ludo.State, r *ludo.Rules) view {
	v := view{
		seats: s.Players(), players: r.Players, tokens: r.Tokens,
		board: r.Board, track: r.Board.Track, homeEntry: r.Board.HomeEntry,
		finish: r.Board.Finish(), blocks: r.Blocks != ludo.NoBlocks, turn: s.Turn(),
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
		for i := range v.tokens {
			p := s.Progress(c, i)
			v.prog[c][i], v.sq[c][i] = p, -1
			switch {
			case p < 0:
				v.yard[c]++
			case p <= v.homeEntry:
				v.sq[c][i] = v.board.Square(c, p).N() - 1
			}
		}
	}
	return v
}

// risk returns the risk of a token of colour c on track square x (see
// [Weights]).
func (v *view) risk(c ludo.Color, x int, later float64) float64 {
	if v.blocks {
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
	r := 0.0
	for o := range ludo.Color(ludo.MaxPlayers) {
		if o == c || !v.seats.Has(o) || v.place[o] != 0 {
			continue
		}
		ro := 0.0
		if v.yard[o] > 0 && x == v.board.StartSquare(o)-1 {
			ro += 1.0 / 6
		}
		for j := range v.tokens {
			a := v.sq[o][j]
			if a < 0 {
				continue
			}
			d := x - a
			if d < 0 {
				d += v.track
			}
			if d == 0 || d > 12 || v.prog[o][j]+d > v.homeEntry {
				continue
			}
			if d <= 6 {
				ro += 1.0 / 6
			} else {
				ro += 1.0 / 36
			}
		}
		if v.order[o] > v.order[c] {
			ro *= later
		}
		r += ro
	}
	return min(r, 1)
}

// worth returns colour c's worth (see [Weights]).
func (v *view) worth(c ludo.Color, wt *Weights) float64 {
	w := 0.0
	fin := float64(v.finish)
	for i := range v.tokens {
		p := v.prog[c][i]
		if p < 0 {
			continue
		}
		fp := float64(p)
		t := wt.Enter + fp + wt.Leader*fp*fp/fin
		switch {
		case p <= v.homeEntry:
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
	return w
}

// scores returns each seated colour's score: its worth less half the mean
// and half the maximum of its opponents' worths.
func (v *view) scores(wt *Weights) [ludo.MaxPlayers]float64 {
	var w, sc [ludo.MaxPlayers]float64
	for c := range ludo.Color(ludo.MaxPlayers) {
		if v.seats.Has(c) {
			w[c] = v.worth(c, wt)
		}
	}
	n := float64(v.players - 1)
	for c := range ludo.Color(ludo.MaxPlayers) {
		if !v.seats.Has(c) {
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
