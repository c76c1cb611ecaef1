package main

import (
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/ludorules/ludo/bots/tournament"
)

// TestREADMEGamesLimit checks the README's "at most N -games" against
// both programs it speaks of: this one's maxGames and the tournament's
// MaxGames.
func TestREADMEGamesLimit(t *testing.T) {
	data, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Join(strings.Fields(string(data)), " ")
	m := regexp.MustCompile("Both programs take `-max-plies` and at most ([\\d,]+) `-games`").FindStringSubmatch(text)
	if m == nil {
		t.Fatal("the README no longer states the most -games; if it is gone on purpose, drop this test")
	}
	n, err := strconv.Atoi(strings.ReplaceAll(m[1], ",", ""))
	if err != nil {
		t.Fatalf("the README says %q: %v", m[0], err)
	}
	for program, most := range map[string]int{"simulate": maxGames, "tournament": tournament.MaxGames} {
		if n != most {
			t.Errorf("the README says %q, where %s takes at most %d", m[0], program, most)
		}
	}
}
