package picture

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ludorules/ludo"
)

// TestFrames checks Frames against the frames of the games as they were
// played, under every preset and the other rules TestSVGGames plays: the
// same positions, faces and moves (with two dice, rule W1, the throw's
// faces on its first move and 0 on the other die's), the final position,
// and a replay page that accepts them.
func TestFrames(t *testing.T) {
	bonuses, otherDie := false, false
	for k, r := range svgGameRules() {
		start, err := ludo.New(r)
		require.NoError(t, err)
		seed := uint64(k + 1)
		rec := ludo.NewRecord(start)
		d := ludo.SeededDice(seed)
		pick := rand.New(rand.NewPCG(seed, 3))
		var want []Frame
		s := start
		for s.Phase() != ludo.PhaseOver {
			var o ludo.Outcome // a bonus move (rule P8) or a throw's other die (rule W1): no roll
			rolled := s
			if s.Phase() == ludo.PhaseRoll {
				o = d.Throw(r)
				rolled, err = s.RollOutcome(o)
				require.NoError(t, err)
			}
			moves := rolled.LegalMoves()
			m := moves[pick.IntN(len(moves))]
			want = append(want, Frame{Before: s, Roll: o.Face, Second: o.Second, Move: m})
			bonuses = bonuses || (o.Face == 0 && rolled.IsBonusMove())
			otherDie = otherDie || (o.Face == 0 && !rolled.IsBonusMove())
			require.NoError(t, rec.AddMove(rolled, m))
			s, err = rolled.Apply(m)
			require.NoError(t, err)
		}
		// Through the record's text, as a page would get it.
		back, err := ludo.ParseRecord(rec.String())
		require.NoError(t, err)
		frames, final, err := Frames(*back)
		require.NoError(t, err, "%v", r)
		require.Equal(t, want, frames, "%v", r)
		require.Equal(t, s, final, "%v", r)
		var page bytes.Buffer
		require.NoError(t, WriteReplayHTML(&page, "t", frames, final), "%v", r)
	}
	assert.True(t, bonuses, "no game had a bonus move")
	assert.True(t, otherDie, "no game had a throw of two dice")
}

// TestFramesStopAtTheFirstIllegalPly: the frames before it, the
// position they lead to, and Replay's error.
func TestFramesStopAtTheFirstIllegalPly(t *testing.T) {
	rec, err := ludo.ParseRecord(`
		rules  mongolian{Players:2 Seats:{red green}}
		red    10
		green  0 0 5
		1  red    2  0: 10-12
		2  green  3  2
		3  red    5  0
		4  green  1  2
	`)
	require.NoError(t, err)
	states, replayErr := rec.Replay()
	frames, final, err := Frames(*rec)
	require.Error(t, err)
	assert.Equal(t, replayErr, err)
	var re *ludo.ReplayError
	require.True(t, errors.As(err, &re))
	assert.Equal(t, 3, re.Ply)
	require.Len(t, frames, 2)
	assert.Equal(t, states[2], final)
	for k, f := range frames {
		assert.Equal(t, states[k], f.Before)
		assert.Equal(t, rec.Plies[k].Face, f.Roll)
		next, err := f.Before.Play(f.Roll, f.Move)
		require.NoError(t, err)
		assert.Equal(t, states[k+1], next)
	}
	require.NoError(t, WriteReplayHTML(&bytes.Buffer{}, "t", frames, final))

	// An illegal first ply: no frames, the start.
	rec.Plies = rec.Plies[2:]
	frames, final, err = Frames(*rec)
	assert.ErrorIs(t, err, ludo.ErrIllegalMove)
	assert.Empty(t, frames)
	assert.Equal(t, rec.Start, final)

	// No game at all.
	frames, final, err = Frames(ludo.Record{})
	assert.ErrorIs(t, err, ludo.ErrNoGame)
	assert.Empty(t, frames)
	assert.Equal(t, ludo.State{}, final)

	// A record without plies: no frames, the start.
	start, _ := ludo.New(ludo.Classic())
	frames, final, err = Frames(*ludo.NewRecord(start))
	require.NoError(t, err)
	assert.Empty(t, frames)
	assert.Equal(t, start, final)
}
