package bots

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ludorules/ludo"
)

// tinyTraining is a training small enough for tests: a few two-player
// games a batch, a net of 8 hidden units.
func tinyTraining() TrainConfig {
	return TrainConfig{Rules: ludo.Classic(), Players: []int{2, 3}, Hidden: 8, Lambda: 0.7, Rate: 0.01,
		Batch: 3, Minibatch: 16, Opponents: []string{"self", "random"}, Seed: 4}
}

func sameNet(t *testing.T, a, b *Net) {
	t.Helper()
	require.Equal(t, a.w1, b.w1)
	require.Equal(t, a.b1, b.b1)
	require.Equal(t, a.w2, b.w2)
	require.Equal(t, a.b2, b.b2)
}

// TestTrainerIsReproducible: the net after two batches is the same on
// one worker and on three, and the same when the training stops after
// the first and resumes from its checkpoint; it changes as it learns.
func TestTrainerIsReproducible(t *testing.T) {
	cfg := tinyTraining()
	a, err := NewTrainer(cfg)
	require.NoError(t, err)
	first := a.Net()
	calls := 0
	plies := a.Step(1, func(int) { calls++ })
	assert.Equal(t, 3, calls)
	assert.Greater(t, plies, 3*20)
	var ckpt bytes.Buffer
	_, err = a.WriteTo(&ckpt)
	require.NoError(t, err)
	a.Step(1, nil)
	assert.Equal(t, 6, a.Games())
	assert.NotEqual(t, first.w1, a.Net().w1, "the net learned nothing")

	b, err := NewTrainer(cfg)
	require.NoError(t, err)
	sameNet(t, first, b.Net())
	b.Step(3, nil)
	b.Step(3, nil)
	sameNet(t, a.Net(), b.Net())

	c, err := ReadTrainer(bytes.NewReader(ckpt.Bytes()))
	require.NoError(t, err)
	assert.Equal(t, 3, c.Games())
	assert.Equal(t, cfg, c.Config())
	c.Step(2, nil)
	sameNet(t, a.Net(), c.Net())

	cut := ckpt.Bytes()[:ckpt.Len()-5]
	_, err = ReadTrainer(bytes.NewReader(cut))
	assert.ErrorIs(t, err, ErrBadNet, "a checkpoint cut short")
	_, err = ReadTrainer(strings.NewReader("ludo-net 1\n"))
	assert.ErrorIs(t, err, ErrBadNet, "a net is not a checkpoint")
}

func TestTrainConfigChecked(t *testing.T) {
	for _, bad := range []func(*TrainConfig){
		func(c *TrainConfig) { c.Hidden = 0 },
		func(c *TrainConfig) { c.Hidden = maxHidden + 1 },
		func(c *TrainConfig) { c.Lambda = 1.5 },
		func(c *TrainConfig) { c.Rate = 0 },
		func(c *TrainConfig) { c.Batch = 0 },
		func(c *TrainConfig) { c.Minibatch = 0 },
	} {
		cfg := tinyTraining()
		bad(&cfg)
		_, err := NewTrainer(cfg)
		assert.ErrorIs(t, err, ErrTrainConfig, "%+v", cfg)
	}
	cfg := tinyTraining()
	cfg.Players = []int{7}
	_, err := NewTrainer(cfg)
	assert.ErrorIs(t, err, ludo.ErrInvalidRules)
	cfg = tinyTraining()
	cfg.Opponents = []string{"nobody"}
	_, err = NewTrainer(cfg)
	assert.ErrorIs(t, err, ErrUnknownBot)
}

// TestNetFiles: a net written as float32 reads back the same; written
// compact, its values stay within a hundredth; and what is not a net is
// refused with ErrBadNet.
func TestNetFiles(t *testing.T) {
	cfg := tinyTraining()
	tr, err := NewTrainer(cfg)
	require.NoError(t, err)
	tr.Step(0, nil)
	n := tr.Net()
	n.Note = "a test net\ntwo lines"
	var full, compact bytes.Buffer
	_, err = n.WriteTo(&full)
	require.NoError(t, err)
	_, err = n.WriteCompact(&compact)
	require.NoError(t, err)
	assert.Less(t, compact.Len(), full.Len()/2) // 12 bytes a row of 8 weights, not 32

	back, err := ReadNet(bytes.NewReader(full.Bytes()))
	require.NoError(t, err)
	sameNet(t, n, back)
	assert.Equal(t, n.Note, back.Note)
	assert.Equal(t, n.Rules, back.Rules)
	small, err := ReadNet(bytes.NewReader(compact.Bytes()))
	require.NoError(t, err)
	for _, s := range positions(t, ludo.Classic(), 20) {
		a, b := n.Value(s, s.Turn()), small.Value(s, s.Turn())
		for c := range a {
			assert.InDelta(t, a[c], b[c], 0.01)
		}
	}

	header := func(s string) []byte { return []byte(s) }
	for _, bad := range [][]byte{
		nil,
		header("ludo-net 2\n"),
		header("ludo-net 1\nrules classic\nshape 1 2 3\nweights int8\n"),
		header("ludo-net 1\nrules chess\n"),
		header("ludo-net 1\nrules classic\nwhat\n"),
		header("ludo-net 1\nshape 1 2 3\nweights int8\n"),
		full.Bytes()[:full.Len()-1],
		append(compact.Bytes(), 0),
		bytes.Replace(compact.Bytes(), []byte("weights int8"), []byte("weights int4"), 1),
	} {
		_, err := ReadNet(bytes.NewReader(bad))
		assert.ErrorIs(t, err, ErrBadNet, "%q", bad[:min(len(bad), 40)])
	}
	_, err = ReadNet(errReader{})
	assert.ErrorIs(t, err, errBroken)
}

var errBroken = errors.New("broken")

type errReader struct{}

func (errReader) Read([]byte) (int, error) { return 0, errBroken }
