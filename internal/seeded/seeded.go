// Package seeded plays the seeded random game that the example programs
// share (examples/playout prints it, examples/replay-html writes its
// replay page, internal/replaycheck checks that page in a browser), so
// that the same flags give the same game in all three.
package seeded

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/ludorules/ludo"
	"github.com/ludorules/ludo/internal/echo"
	"github.com/ludorules/ludo/picture"
)

// Rules returns the preset named by preset (one of [ludo.Presets], or
// rules as text with options, as [ludo.Rules.String] writes them:
// "ludoking{CaptureBeforeHome:true}") for the given number of players (0:
// the preset's).
func Rules(preset string, players int) (ludo.Rules, error) {
	r, ok := ludo.Preset(preset)
	if !ok && strings.Contains(preset, "{") {
		var err error
		if r, err = ludo.ParseRules(preset); err != nil {
			return r, err
		}
		ok = true
	}
	if !ok {
		return r, fmt.Errorf("unknown preset %s (want one of %s, or rules with options, as ludoking{CaptureBeforeHome:true})", echo.Quote(preset), strings.Join(ludo.Presets(), ", "))
	}
	if players != 0 {
		r.Players = players
	}
	return r, r.Validate()
}

// PresetHelp is the help of a -preset flag read with [Rules].
func PresetHelp() string {
	return "rules preset (" + strings.Join(ludo.Presets(), ", ") + "), or rules as text, as ludoking{CaptureBeforeHome:true}"
}

// PlayersHelp is the help of a -players flag read with [Rules].
var PlayersHelp = fmt.Sprintf("number of players, 2 to the preset's arms (4, or %d on a six-arm board; 0: the preset's)", ludo.MaxPlayers)

// ErrPlyLimit is matched by the error of [Play] for a game that reached
// its ply limit unfinished.
var ErrPlyLimit = errors.New("ply limit reached")

// MaxPlies is the ply limit the programs pass to [Play]: far more than a
// seeded game takes under either preset (the longest of 100,000 random
// four-player games took 870 plies).
const MaxPlies = 100_000

// Play plays one whole game under r between random players: the dice are
// ludo.SeededDice(seed), and each move is picked uniformly from the legal
// moves by a PCG source seeded with (seed, 0x5eed). It returns every ply
// as a frame (the position with the roll due, the face or, with two dice,
// rule W1, the faces, the move) and the final position.
//
// It plays at most maxPlies plies (at least 1): a game still going on
// then is returned as far as it went, its frames and the position reached,
// with an error matching [ErrPlyLimit].
func Play(r ludo.Rules, seed uint64, maxPlies int) ([]picture.Frame, ludo.State, error) {
	if maxPlies < 1 {
		return nil, ludo.State{}, fmt.Errorf("ply limit %d, want at least 1", maxPlies)
	}
	s, err := ludo.New(r)
	if err != nil {
		return nil, s, err
	}
	dice := ludo.SeededDice(seed)
	choose := rand.New(rand.NewPCG(seed, 0x5eed))
	var frames []picture.Frame
	var buf []ludo.Move
	for s.Phase() != ludo.PhaseOver {
		if len(frames) == maxPlies {
			return frames, s, fmt.Errorf("%w: seed %d: the game is unfinished after %d plies", ErrPlyLimit, seed, maxPlies)
		}
		before, throw := s, ludo.Outcome{}
		if s.Phase() == ludo.PhaseRoll { // else a bonus move (rule P8) or a throw's other die (rule W1) is due: no roll
			throw = dice.Throw(r)
			if s, err = s.RollOutcome(throw); err != nil {
				return nil, s, err
			}
		}
		buf = s.AppendLegalMoves(buf[:0])
		m := buf[choose.IntN(len(buf))]
		if s, err = s.Apply(m); err != nil {
			return nil, s, err
		}
		frames = append(frames, picture.Frame{Before: before, Roll: throw.Face, Second: throw.Second, Move: m})
	}
	return frames, s, nil
}
