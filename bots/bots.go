// Package bots holds Ludo players built on package ludo: a random
// player, a greedy heuristic player, an expectimax searcher, a Monte
// Carlo player and players that learned ([Learned]: a neural network,
// [Net], trained by self-play with TD(λ), [Trainer], one shipped for
// every preset, [NetFor], which watch how the others play, [Watcher],
// [AsObserved]), behind one [Bot] interface and a registry by
// name ([Names], [Lookup], [LookupIn], [New]); and helpers to play seeded games between
// them, one at a time ([Play]) or across all cores ([Parallel],
// [ParallelEach]), with results that do not depend on the number of
// workers ([GameSeed]). Package bots/tournament plays them against each
// other in every seat order; cmd/ludo-tournament and cmd/ludo-simulate are
// programs on top of the two.
//
// Every bot is deterministic given its seed: the same seed, position and
// moves give the same choice. A bot keeps state (its random stream, its
// buffers), so it is not safe for concurrent use: give each game its own
// bots, seeded from the game's seed ([GameSeed]), as the tournament does;
// then a series played with [Parallel] gives the same results on any
// number of workers.
//
// # Stability
//
// The package is pre-v1: its API may still change. What is meant to
// stay: the [Bot] interface, the registry's names and what they play,
// [Play]'s contract (a game from any position to its end or to the ply
// limit, an illegal choice reported as an error), [GameSeed]'s values
// (published results name the seed that produced them; a test freezes
// them) and [Parallel]'s guarantee that results do not depend on the
// number of workers. The evaluation's weights, the shipped nets and the
// search budgets may be tuned or retrained, which changes the bots'
// choices; the nets' file format is versioned (its first line).
package bots

import (
	"cmp"
	"errors"
	"fmt"
	"maps"
	"slices"
	"sort"
	"strings"

	"github.com/ludorules/ludo"
	"github.com/ludorules/ludo/internal/echo"
)

// Bot is a player. Choose is called when the bot is to move, with the
// position (a move is due: a roll's, a bonus move, rule P8, which
// [ludo.State.IsBonusMove] reports, or with two dice, rule W1, the
// throw's first die or its other, [ludo.State.DiceDue]) and its legal moves (never empty, in
// canonical order); it returns one of them. moves is only valid during
// the call.
type Bot interface {
	// Name returns the bot's name, as [Names] lists it.
	Name() string
	// Choose returns the move to play, one of moves.
	Choose(s ludo.State, moves []ludo.Move) ludo.Move
}

// Watcher is a [Bot] that watches the game it plays: [Play] calls Watch
// at every move of the game, whoever makes it (the bot itself too), with
// the position the move is played at, its legal moves (in canonical
// order; only valid during the call) and the move. A bot learns
// from it how the others play ([Learned] does: [AsObserved]). A program
// with a loop of its own that seats a Watcher calls Watch as Play does;
// a bot that is not told plays as it would with no moves seen.
type Watcher interface {
	Bot
	// Watch is told of a move played: m, one of moves, the legal moves
	// at s.
	Watch(s ludo.State, moves []ludo.Move, m ludo.Move)
}

// A Factory makes a bot from a seed.
type Factory func(seed uint64) Bot

// registry holds the bots by name: the search bots at the budgets of the
// measured tables.
var registry = map[string]Factory{
	"random":      func(seed uint64) Bot { return NewRandom(seed) },
	"heuristic":   func(uint64) Bot { return NewHeuristic() },
	"expectimax":  func(uint64) Bot { return NewExpectimax(2) },
	"expectimax1": func(uint64) Bot { return NewExpectimax(1) },
	"montecarlo":  func(seed uint64) Bot { return NewMonteCarlo(seed, DefaultMonteCarlo) },
	"learned":     func(uint64) Bot { return NewLearned(nil, 2) },
	"learned1":    func(uint64) Bot { return NewLearned(nil, 1) },
}

// Names returns the names [New] knows, sorted: "random" ([Random]),
// "heuristic" ([Heuristic]), "expectimax" ([Expectimax], two rolls
// ahead), "expectimax1" (one roll ahead), "montecarlo" ([MonteCarlo]
// with [DefaultMonteCarlo]), "learned" ([Learned] with the shipped nets,
// two throws ahead) and "learned1" (one throw ahead).
func Names() []string {
	var n []string
	for k := range registry {
		n = append(n, k)
	}
	sort.Strings(n)
	return n
}

// ErrUnknownBot is matched by the error of [Lookup], [LookupIn] and [New]
// for a name they do not know.
var ErrUnknownBot = errors.New("bots: unknown bot")

// Lookup returns the factory of the bot with the given name, in any case
// (see [Names]). An unknown name's error matches [ErrUnknownBot] and
// lists the names Lookup knows.
func Lookup(name string) (Factory, error) { return LookupIn(nil, name) }

// LookupIn is [Lookup] with bots of one's own: it returns the factory
// named name in mine, or else among the bots [Names] lists, matching
// names in any case (a name of mine comes first, the one written as name
// before others in the order of strings.Compare). An unknown name's error
// matches [ErrUnknownBot] and lists the names of both.
func LookupIn(mine map[string]Factory, name string) (Factory, error) {
	if f, ok := mine[name]; ok {
		return f, nil
	}
	for _, k := range slices.Sorted(maps.Keys(mine)) {
		if strings.EqualFold(k, name) {
			return mine[k], nil
		}
	}
	if f, ok := registry[strings.ToLower(name)]; ok {
		return f, nil
	}
	known := Names()
	for _, k := range slices.Sorted(maps.Keys(mine)) {
		if !slices.ContainsFunc(known, func(n string) bool { return strings.EqualFold(n, k) }) {
			known = append(known, k)
		}
	}
	slices.SortFunc(known, func(a, b string) int {
		return cmp.Or(strings.Compare(strings.ToLower(a), strings.ToLower(b)), strings.Compare(a, b))
	})
	return nil, fmt.Errorf("%w %s (want one of %s)", ErrUnknownBot, echo.Quote(name), strings.Join(known, ", "))
}

// New returns the bot with the given name, seeded.
func New(name string, seed uint64) (Bot, error) {
	f, err := Lookup(name)
	if err != nil {
		return nil, err
	}
	return f(seed), nil
}
