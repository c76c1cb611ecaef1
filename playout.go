package ludo

// Playout is a game played in place, the fast path for search and
// simulation: it holds a [State] and rolls, lists the legal moves and
// applies them by changing it, where the State's own transitions return
// a new State each time. It runs the same rules, in the same stages, with
// the same validation and the same errors: a roll or a move that the State
// would refuse, the Playout refuses, and its position is then unchanged.
// What it saves is the copy of the State that every call of a method on
// a State value makes, a tenth of a random playout's time.
//
// The zero Playout holds the zero State, which is not a game; start one
// with [Playout.Reset]. A Playout is not safe for concurrent use: give
// each goroutine its own. [Playout.State] returns the position as a value,
// to store, compare or share.
type Playout struct {
	s State
}

// Reset makes s the position of p.
func (p *Playout) Reset(s State) { p.s = s }

// State returns the position of p.
func (p *Playout) State() State { return p.s }

// Phase returns what the position waits for, as [State.Phase].
func (p *Playout) Phase() Phase { return p.s.Phase() }

// Roll plays the face thrown for the player to move, as [State.Roll], and
// returns the same error where it refuses the roll, the position then
// unchanged.
func (p *Playout) Roll(face int) error { return p.s.roll(face) }

// RollDice plays a throw of two dice for the player to move, as
// [State.RollDice], and returns the same error where it refuses the
// throw, the position then unchanged.
func (p *Playout) RollDice(a, b int) error { return p.s.rollDice(a, b) }

// RollOutcome plays throw o, as [State.RollOutcome].
func (p *Playout) RollOutcome(o Outcome) error {
	if o.Second == 0 {
		return p.s.roll(o.Face)
	}
	return p.s.rollDice(o.Face, o.Second)
}

// AppendLegalMoves appends the legal moves of the position to dst and
// returns the extended slice, as [State.AppendLegalMoves].
func (p *Playout) AppendLegalMoves(dst []Move) []Move { return p.s.appendLegal(dst) }

// Apply plays move m, as [State.Apply], and returns the same error where
// m is not legal, the position then unchanged.
func (p *Playout) Apply(m Move) error { return p.s.apply(m) }
