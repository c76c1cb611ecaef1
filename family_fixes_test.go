package ludo_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ludorules/ludo"
)

// This file holds the tests of the bugs the family tests found, each
// with the fix that makes it pass.

// A position in which a colour has captured under CaptureBeforeHome
// (rule K4) is written with its captured line, which reads back.
func TestFixCapturedLineReadsBack(t *testing.T) {
	s, err := ludo.ParsePosition("rules ludoking{CaptureBeforeHome:true Players:2}\nred 53 4\ncaptured red yellow\nturn yellow")
	require.NoError(t, err)
	text := ludo.FormatPosition(s)
	assert.Contains(t, text, "\ncaptured red yellow\n")
	back, err := ludo.ParsePosition(text)
	require.NoError(t, err, text)
	assert.True(t, back == s, text)
}
