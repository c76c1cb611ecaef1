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
	for _, limit := range []int{maxGames, tournament.MaxGames} {
		s := strconv.Itoa(limit)
		for i := len(s) - 3; i > 0; i -= 3 {
			s = s[:i] + "," + s[i:]
		}
		if m[1] != s {
			t.Errorf("the README says %q, with %s where the code gives %s", m[0], m[1], s)
		}
	}
}
