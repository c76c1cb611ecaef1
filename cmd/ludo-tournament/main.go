// Command ludo-tournament plays seeded games between bots (package bots) in
// every seat order, across all cores, and prints each bot's win rate with
// a 95% confidence interval, its mean place (and where a bot sits more than
// once, the games its seats won together), the mean game length and the
// speed. The series and its table are package bots/tournament's; this is
// the command line on top.
//
//	go run ./cmd/ludo-tournament -bots heuristic,random,random,random -games 10000
//	go run ./cmd/ludo-tournament -bots expectimax,heuristic -games 10000
//	go run ./cmd/ludo-tournament -bots heuristic,random -players 6 -preset parchis6
//
// -preset is any of ludo.Presets (classic, mongolian, ludoking, ludoking6,
// maedn, maedn6, danish, parchis1, parchis6, fia, cocangua), or rules as
// text with options, as ludoking{CaptureBeforeHome:true} (as
// examples/playout takes it). The lineup (-bots) has one bot per player:
// -players defaults to the number of bots, whatever the rules say; asked
// for more players than bots, the program adds random bots for the other
// seats (and says so in the table's lineup), up to the preset's board: 4
// players on four arms, 6 on six. Games cycle through every
// distinct order of the lineup round the table, so that no bot keeps the
// advantage of rolling first; -games is rounded up to a whole number of
// cycles. Game i's dice and bots are seeded from (-seed, i) alone, so the
// results are the same for any -workers.
//
// Also printed: the share of games won from each seat, whoever sat there
// (the first seat rolls first).
//
// A bot's win rate is the share of its seats that took first place; a bot
// that sits k times in the lineup has k seats per game, and parity is
// 1/players. The interval is the Wilson score interval at 95%
// (z = 1.96). Where a bot sits more than once its seats in one game are
// not independent, so its interval is only indicative.
//
// A game still going on after -max-plies plies stops there; the table
// counts it as unfinished and leaves it out of the bots' results.
//
// A series too long for one machine runs as shards: -shard i/n plays
// only the games from i×G/n to (i+1)×G/n (each seeded as in the whole
// series), and -json writes its summary as JSON; -merge, given the n
// shards' JSON files as arguments, prints the table of the whole series,
// the same as one run would print (but for the speed line):
//
//	go run ./cmd/ludo-tournament -bots learned,random,random,random -games 100000 -shard 0/2 -json > a.json
//	go run ./cmd/ludo-tournament -bots learned,random,random,random -games 100000 -shard 1/2 -json > b.json
//	go run ./cmd/ludo-tournament -merge a.json b.json
//
// -net names a net file (cmd/ludo-train -out) that the learned bots
// (learned, learned1, and learned0, the net's greedy player) use instead
// of the shipped nets, always expecting the others' best replies (a bot
// with a net of its own does not switch to the shipped net trained
// against random players, bots.AsObserved); with it, learned-vs-random
// and learned1-vs-random are those searches expecting the other players
// to move at random (bots.AtRandom), for a net trained against random
// players.
//
// While it plays it draws a progress bar on standard error, if that is a
// terminal or -progress asks for it (and -quiet does not forbid it);
// standard output has the table alone.
//
// Exit status: 0 done, 1 the series could not be played, 2 a usage
// error.
package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"

	"github.com/ludorules/ludo"
	"github.com/ludorules/ludo/bots"
	"github.com/ludorules/ludo/bots/tournament"
	"github.com/ludorules/ludo/internal/echo"
	"github.com/ludorules/ludo/internal/progress"
	"github.com/ludorules/ludo/internal/seeded"
)

func main() {
	os.Exit(cli(os.Args[1:], os.Stdout, os.Stderr, progress.IsTerminal(os.Stderr)))
}

// cli is the whole program: it reads the arguments (without the program
// name), writes the table to stdout and the progress bar and errors to
// stderr (a terminal if tty), and returns the exit status.
func cli(args []string, stdout, stderr io.Writer, tty bool) int {
	fs := flag.NewFlagSet("ludo-tournament", flag.ContinueOnError)
	fs.SetOutput(stderr)
	lineup := fs.String("bots", "heuristic,random,random,random", "comma-separated bots, one per seat: "+strings.Join(bots.Names(), ", "))
	players := fs.Int("players", 0, fmt.Sprintf("number of players, 2 to the preset's arms (4, or %d on a six-arm board; 0: the number of bots); random bots are added for seats the lineup leaves empty", ludo.MaxPlayers))
	games := fs.Int("games", 1000, fmt.Sprintf("number of games, 1 to %d (rounded up to a whole number of seat-order cycles)", tournament.MaxGames))
	seed := fs.Uint64("seed", 1, "seed of the series: game i is seeded from (seed, i)")
	workers := fs.Int("workers", runtime.GOMAXPROCS(0), "number of games played at once")
	preset := fs.String("preset", "classic", seeded.PresetHelp())
	maxPlies := fs.Int("max-plies", bots.DefaultMaxPlies, "stop a game after this many plies and count it as unfinished")
	shard := fs.String("shard", "", "play only shard i/n of the series (i from 0 to n-1), as 3/8: the -json outputs of the n shards -merge into the whole series' table")
	asJSON := fs.Bool("json", false, "write the summary as JSON (for -merge) rather than as a table")
	merge := fs.Bool("merge", false, "merge the JSON summaries named as arguments (the shards of one series) and print the series' table; no games are played")
	net := fs.String("net", "", "a net file (cmd/ludo-train -out) for the bots learned, learned1 and learned0, instead of the shipped ones, and learned-vs-random and learned1-vs-random")
	bar := progress.Flags(fs)
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: ludo-tournament [flags]\n\nPlays bots against each other in every seat order and prints their win rates.\n\nFlags:\n")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if *merge {
		if err := mergeFiles(fs.Args(), *asJSON, stdout); err != nil {
			fmt.Fprintln(stderr, "ludo-tournament:", err)
			return 1
		}
		return 0
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "ludo-tournament: unexpected argument %s: the lineup is given with -bots\n", echo.Quote(fs.Arg(0)))
		fs.Usage()
		return 2
	}
	cfg := config{games: *games, seed: *seed, workers: *workers, preset: *preset, players: *players, maxPlies: *maxPlies,
		json: *asJSON, net: *net}
	if *shard != "" {
		i, n, ok := parseShard(*shard)
		if !ok {
			fmt.Fprintf(stderr, "ludo-tournament: -shard %s: want i/n, as 3/8, with 0 <= i < n\n", echo.Quote(*shard))
			return 2
		}
		cfg.shard, cfg.shards = i, n
	}
	if *lineup != "" {
		cfg.lineup = strings.Split(*lineup, ",")
	}
	if err := run(cfg, stdout, bar(stderr, tty)); err != nil {
		fmt.Fprintln(stderr, "ludo-tournament:", err)
		return 1
	}
	return 0
}

type config struct {
	shard    int
	shards   int // 0: the whole series
	json     bool
	net      string
	lineup   []string
	players  int
	games    int
	seed     uint64
	workers  int
	preset   string
	maxPlies int
}

// run plays the series cfg describes and prints its table to out, with a
// progress bar on bar if it is not nil.
func run(cfg config, out, bar io.Writer) error {
	t, err := setup(cfg)
	if err != nil {
		return err
	}
	if t.Games() != cfg.games && bar != nil {
		fmt.Fprintf(bar, "playing %d games: %d seat orders\n", t.Games(), t.Orders())
	}
	var b *progress.Bar
	if bar != nil {
		b = progress.Start(bar, t.Games())
	}
	var sum tournament.Summary
	if cfg.shards > 0 {
		sum, err = t.RunShard(cfg.shard, cfg.shards, cfg.workers, b.Set)
	} else {
		sum, err = t.Run(cfg.workers, b.Set)
	}
	b.Stop()
	if err != nil {
		return err
	}
	return write(sum, cfg.json, out)
}

// write writes the summary as a table, or as JSON.
func write(sum tournament.Summary, asJSON bool, out io.Writer) error {
	if asJSON {
		enc := json.NewEncoder(out)
		enc.SetIndent("", "  ")
		return enc.Encode(sum)
	}
	_, err := sum.WriteTo(out)
	return err
}

// netBots returns the learned bots with the net in the file named, and
// the net; nothing for no name.
func netBots(name string) (map[string]bots.Factory, *bots.Net, error) {
	if name == "" {
		return nil, nil, nil
	}
	f, err := os.Open(name)
	if err != nil {
		return nil, nil, err
	}
	net, err := bots.ReadNet(f)
	f.Close()
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", name, err)
	}
	return map[string]bots.Factory{
		"learned0": func(uint64) bots.Bot { return bots.NewLearned(net, 0) },
		"learned1": func(uint64) bots.Bot { return bots.NewLearned(net, 1) },
		"learned":  func(uint64) bots.Bot { return bots.NewLearned(net, 2) },
		// The search expecting the others to move at random, for a net
		// trained against random players (bots.AtRandom).
		"learned1-vs-random": func(uint64) bots.Bot { return atRandom(bots.NewLearned(net, 1)) },
		"learned-vs-random":  func(uint64) bots.Bot { return atRandom(bots.NewLearned(net, 2)) },
	}, net, nil
}

// atRandom returns l expecting the other players to move at random.
func atRandom(l *bots.Learned) bots.Bot {
	l.Others = bots.AtRandom
	return l
}

// parseShard reads i/n.
func parseShard(s string) (i, n int, ok bool) {
	a, b, found := strings.Cut(s, "/")
	i, err1 := strconv.Atoi(a)
	n, err2 := strconv.Atoi(b)
	return i, n, found && err1 == nil && err2 == nil && i >= 0 && i < n
}

// mergeFiles merges the JSON summaries in the files named and writes
// the whole series' summary.
func mergeFiles(names []string, asJSON bool, out io.Writer) error {
	if len(names) == 0 {
		return errors.New("-merge: name the shards' JSON summaries as arguments")
	}
	var parts []tournament.Summary
	for _, name := range names {
		b, err := os.ReadFile(name)
		if err != nil {
			return err
		}
		var s tournament.Summary
		if err := json.Unmarshal(b, &s); err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		parts = append(parts, s)
	}
	sum, err := tournament.Merge(parts)
	if err != nil {
		return err
	}
	return write(sum, asJSON, out)
}

// setup checks the flags and returns the series they describe; unknown
// bots are reported first. Asked for more players than bots, it adds
// random bots to the lineup.
func setup(cfg config) (*tournament.Tournament, error) {
	if len(cfg.lineup) == 0 {
		return nil, errors.New("-bots names no bot: name one for each seat, as heuristic,random")
	}
	mine, net, err := netBots(cfg.net)
	if err != nil {
		return nil, err
	}
	for _, name := range cfg.lineup {
		if _, err := bots.LookupIn(mine, strings.TrimSpace(name)); err != nil {
			return nil, err
		}
	}
	players := cfg.players
	if players == 0 {
		players = len(cfg.lineup)
	}
	rules, err := seeded.Rules(cfg.preset, 0)
	switch {
	case err == nil && rules.Teams == ludo.TwoColorsEach: // rule T3: two players, each running two colours
		if cfg.players != 0 && cfg.players != rules.Players/2 {
			return nil, fmt.Errorf("-players is %d, but under Teams:TwoColorsEach %d players each run two colours (rule T3)", cfg.players, rules.Players/2)
		}
		players = rules.Players / 2
	default:
		rules, err = seeded.Rules(cfg.preset, players)
	}
	if err != nil {
		return nil, err
	}
	if cfg.games < 1 || cfg.games > tournament.MaxGames {
		return nil, fmt.Errorf("-games is %d, want 1 to %d", cfg.games, tournament.MaxGames)
	}
	if cfg.maxPlies < 1 {
		return nil, fmt.Errorf("-max-plies is %d, want at least 1", cfg.maxPlies)
	}
	lineup := slices.Clone(cfg.lineup)
	for len(lineup) < players {
		lineup = append(lineup, "random")
	}
	if net != nil && !net.Fits(rules) {
		return nil, fmt.Errorf("%s: the net, trained under %v, does not fit %v", cfg.net, net.Rules, rules)
	}
	return tournament.New(tournament.Config{Rules: rules, Lineup: lineup, Games: cfg.games,
		Seed: cfg.seed, MaxPlies: cfg.maxPlies, Bots: mine})
}
