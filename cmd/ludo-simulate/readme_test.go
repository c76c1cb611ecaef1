package main

import (
	"regexp"
	"testing"

	"github.com/ludorules/ludo/bots/tournament"
	"github.com/ludorules/ludo/internal/readme"
)

// TestREADMEGamesLimit checks the bots' README's "at most N -games"
// against both programs it speaks of: this one's maxGames and the
// tournament's MaxGames.
func TestREADMEGamesLimit(t *testing.T) {
	text := readme.Text(t, "../../bots/README.md")
	m := regexp.MustCompile("Both programs take `-max-plies` and at most ([\\d,]+) `-games`").FindStringSubmatch(text)
	if m == nil {
		t.Fatal("the README no longer states the most -games; if it is gone on purpose, drop this test")
	}
	n, err := readme.Number(m[1])
	if err != nil {
		t.Fatal(err)
	}
	for program, most := range map[string]int{"simulate": maxGames, "tournament": tournament.MaxGames} {
		if n != most {
			t.Errorf("the README says %q, where %s takes at most %d", m[0], program, most)
		}
	}
}
