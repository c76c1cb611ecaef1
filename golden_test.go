package ludo

import "flag"

// update rewrites what the tests compare with instead of comparing: the
// scenarios' expectations, the perft counts in testdata/perft.txt and the
// rulebook and the options table in docs/.
//
//	go test -run TestRulebookMatchesREADME -update
var update = flag.Bool("update", false, "rewrite the golden files in testdata/ instead of comparing with them")
