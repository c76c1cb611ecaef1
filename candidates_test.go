package ludo

import "testing"

// TestCandidatesMissNoMove checks candidates' claim at every position of
// random games of every preset (and of variants with bonus moves and an
// exact finish): a token that is no candidate for an amount has no legal
// move with it, unless a lower-numbered token stands alike on its square
// (ruling Q9). It holds the tests that spare judgements: finished (rule
// B3), in the yard where the face does not enter (C7), and past the
// finish where rule C5 refuses it first (overBytes), for every colour,
// every face and every count up to the most a move counts (maxSteps).
func TestCandidatesMissNoMove(t *testing.T) {
	var rules []Rules
	for _, name := range Presets() {
		r, _ := Preset(name)
		rules = append(rules, r)
	}
	for _, text := range []string{"classic{Finish:ExactFinish}", "uckers{CaptureBonus:20 HomeBonus:10}",
		"maedn{Finish:ExactFinish CaptureBonus:20}", "classic{Finish:BounceFinish}",
		// ExactFinish where another rule takes a token elsewhere first:
		// round the track again (K4, Y6), up its home steps (V2).
		// Boards whose bytes near 128: a finish of 125, and one past a
		// byte's half, where no byte test of the finish holds.
		"classic{Track:120 StartSpacing:30 HomeEntry:119 HomeColumn:5 Safe:{}}", "classic{Track:200 StartSpacing:50 HomeEntry:199 HomeColumn:5 Safe:{}}",
		"classic{CaptureBeforeHome:true}", "ludoking{CaptureBeforeHome:true Players:2}", "classic{HomeEntry:51 HomeColumn:2 RoundAgain:true}", "classic{HomeSteps:true}"} {
		r, err := ParseRules(text)
		if err != nil {
			t.Fatalf("%s: %v", text, err)
		}
		rules = append(rules, r)
	}
	tiny := Classic() // the smallest board, where a six counts past the finish (TestTinyBoard)
	tiny.Board = Board{Arms: 4, Track: 8, StartSpacing: 2, HomeEntry: 1, HomeColumn: 0}
	rules = append(rules, tiny)
	over, checked := 0, 0 // rulesets where overBytes spares judgements; tokens no candidate checked
	for _, r := range rules {
		start, err := New(r)
		if err != nil {
			t.Fatalf("%v: %v", r, err)
		}
		if start.rs.overBytes != 0 {
			over++
		}
		most := r.maxSteps()
		playRandom(t, r, 11, 3000, func(s State) {
			for c := range Color(MaxPlayers) {
				if !s.rs.seats.Has(c) {
					continue
				}
				x := tokenBytes(&s.tok[c])
				for n := 1; n <= most; n++ {
					for _, face := range []int{0, n, 6} { // a bonus move's, a face counting its pips, a six counting n (SixValue)
						if face > n && face != 6 || face == 6 && n < 6 {
							continue
						}
						dd := dueOf(c, uint8(face), uint8(n))
						cand := s.candidates(dd, x)
						for i := range int(r.Tokens) {
							if cand>>i&1 != 0 {
								continue
							}
							from := int(s.tok[c][i]) - 1
							_, why := s.judge(dd, i, from)
							if r.RoundAgain && s.goesPastEntry(dd, from) { // rule Y6's choice, which choices asks of the candidates
								_, why = s.roundAgain(dd, i, from)
							}
							if why.why == legal && !alikeBelow(&s.tok[c], i) {
								t.Fatalf("%v: %v's token %d (at %d) is no candidate for face %d count %d, but has a move\n%v",
									r, c, i, s.tok[c][i], face, n, s)
							}
							checked++
						}
					}
				}
			}
		})
	}
	t.Logf("%d rulesets, %d of them with overBytes; %d tokens no candidate checked", len(rules), over, checked)
	if over == 0 {
		t.Fatal("no ruleset spares a judgement past the finish (overBytes)")
	}
}

// alikeBelow reports whether a token numbered below i stands on token
// i's square (ruling Q9: of tokens alike only the lowest-numbered is a
// candidate).
func alikeBelow(tok *[MaxTokens]uint8, i int) bool {
	for j := range i {
		if tok[j] == tok[i] {
			return true
		}
	}
	return false
}
