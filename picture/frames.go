package picture

import "github.com/ludorules/ludo"

// Frame is one ply of a game, for [WriteReplayHTML]: the position before
// the roll, the face rolled and the move played with it.
type Frame struct {
	// Before is the position when the roll was due ([ludo.PhaseRoll]). A
	// position with the die already cast on Roll ([ludo.PhaseMove]) is
	// accepted too.
	Before ludo.State
	// Roll is the face rolled, 1 to 6, or 0 for a move no roll precedes:
	// a bonus move (rule P8), or with two dice (rule W1) the throw's other
	// die, played after the first.
	Roll int
	// Second is, with two dice (rule W1), the second die of the throw
	// Roll begins (Before then has the roll due, or the throw cast); 0
	// otherwise.
	Second int
	// Move is the move played with it, a pass included: a legal move of
	// Before after the roll.
	Move ludo.Move
}

// Frames replays rec, as [ludo.Record.Replay] does, and returns it in the
// form [WriteReplayHTML] takes: a frame a ply (the position with its roll
// due, the face or faces and the move played, as a [ludo.Move]) and the position
// after the last ply. So a replay page can be written from any record:
//
//	frames, final, err := picture.Frames(rec)
//	if err == nil {
//		err = picture.WriteReplayHTML(w, title, frames, final)
//	}
//
// At the first ply that cannot be played it returns the frames of the
// plies before it, the position they lead to (rec.Start, if it is the
// first ply) and Replay's [*ludo.ReplayError]; a page of those frames
// shows the game up to its first illegal ply.
func Frames(rec ludo.Record) ([]Frame, ludo.State, error) {
	states, err := rec.Replay()
	played := len(states) - 1
	frames := make([]Frame, 0, played)
	for k := range played {
		p := rec.Plies[k]
		// Replay played this ply: its roll (none for a bonus move, rule
		// P8, or a throw's other die, rule W1) and its move are legal here.
		rolled, perr := states[k], error(nil)
		if p.Face != 0 {
			rolled, perr = rolled.RollOutcome(ludo.Outcome{Face: p.Face, Second: p.Second})
		}
		var m ludo.Move
		if perr == nil {
			m, perr = ludo.ParseMove(rolled, p.Move)
		}
		if perr != nil {
			return frames, states[k], &ludo.ReplayError{Ply: k + 1, Player: p.Player, Face: p.Face, Second: p.Second, Move: p.Move, Err: perr}
		}
		frames = append(frames, Frame{Before: states[k], Roll: p.Face, Second: p.Second, Move: m})
	}
	return frames, states[played], err
}
