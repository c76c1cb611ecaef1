package ludo_test

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/ludorules/ludo"
)

// Every position seeded games of every preset (and the rule sets of
// famRules) pass through, bonus moves, tries, the token moved last, who
// has captured and who arrived last included, survives State.Setup and
// Setup.State, the text of FormatPosition and the JSON form.
func TestSetupRoundTripEveryPreset(t *testing.T) {
	seeds, every := uint64(2), 4
	if testing.Short() {
		seeds, every = 1, 16
	}
	for name, r := range famRules(t) {
		t.Run(name, func(t *testing.T) {
			k := 0
			for seed := range seeds {
				famPlay(t, r, seed+11, 20000, func(s ludo.State) {
					k++
					u := s.Setup()
					back, err := u.State()
					require.NoError(t, err, "Setup of\n%s", ludo.FormatPosition(s))
					require.True(t, back == s, "Setup round trip of\n%s", ludo.FormatPosition(s))
					if k%every != 0 && s.Phase() != ludo.PhaseOver {
						return
					}
					text := ludo.FormatPosition(s)
					fromText, err := ludo.ParsePosition(text)
					require.NoError(t, err, text)
					require.True(t, fromText == s, text)
					data, err := json.Marshal(s)
					require.NoError(t, err)
					var fromJSON ludo.State
					require.NoError(t, json.Unmarshal(data, &fromJSON), "%s", data)
					require.True(t, fromJSON == s, "%s", data)
				})
			}
		})
	}
}
