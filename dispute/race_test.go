//go:build race

package dispute_test

// race is true under the race detector, which runs the tests ten times
// slower: the long ones play fewer games.
const race = true
