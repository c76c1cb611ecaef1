// Command ludo-train trains a learned evaluation (bots.Net) by self-play,
// TD(λ) on afterstates (bots.Trainer), and writes it where the bots
// package embeds its nets.
//
//	go run ./cmd/ludo-train -preset classic -players 4,2 -games 40000 -seed 1 -out bots/nets/classic.net
//	go run ./cmd/ludo-train -preset 'danish{Tries:1}' -games 40000 -checkpoint /tmp/danish.ckpt
//
// Everything is seeded by -seed: game i of the training is seeded from
// (-seed, i), and the net after a number of games is the same on any
// number of -workers, and the same when a run stops and resumes from its
// checkpoint. The games are played on all cores (-workers), in batches
// of -batch played with the same weights; the net learns after each.
//
// -checkpoint names a file the trainer's state is written to every
// -checkpoint-every games and at the end; if it exists when the program
// starts, training resumes from it (its configuration wins over the
// flags but for -games, the total to reach). -out is the net, written
// at the end in the compact form the package ships (bytes a weight).
//
// Every -eval-every games (and at the end) it plays the net against
// fixed opponents and logs the win rates with 95% Wilson intervals to
// standard output (and to -log, appended): -eval-games games against
// random players at the preset's table (the net in one seat, every seat
// order), and as many head to head against the heuristic bot (two
// players). The evaluation games are seeded by -eval-seed, the same at
// every evaluation, so the log shows the net improve, not the dice.
//
// While it trains it draws a progress bar on standard error, if that is
// a terminal or -progress asks for it (and -quiet does not forbid it).
//
// Exit status: 0 done, 1 training failed, 2 a usage error.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/pprof"
	"strconv"
	"strings"
	"time"

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

// config is what the flags ask for.
type config struct {
	train      bots.TrainConfig
	games      int
	workers    int
	checkpoint string
	every      int
	out        string
	log        string
	evalEvery  int
	evalGames  int
	evalSeed   uint64
	command    string // the command line, for the net's note
}

// cli is the whole program: it reads the arguments (without the program
// name), writes the log to stdout and the progress bar and errors to
// stderr (a terminal if tty), and returns the exit status.
func cli(args []string, stdout, stderr io.Writer, tty bool) int {
	fs := flag.NewFlagSet("ludo-train", flag.ContinueOnError)
	fs.SetOutput(stderr)
	d := bots.DefaultTrainConfig
	preset := fs.String("preset", "classic", seeded.PresetHelp())
	players := fs.String("players", "", "numbers of players of the training games, taken in turn, as 4,2 (default: the preset's)")
	opponents := fs.String("opponents", "self", "who the net plays in training, taken in turn, as self,self,random: self (self-play) or a bot's name (the net in one seat, that bot in the others)")
	games := fs.Int("games", 10000, "games to train to, in all (a resumed run counts those already played)")
	seed := fs.Uint64("seed", d.Seed, "seed of the training: first weights, dice, order of learning")
	hidden := fs.Int("hidden", d.Hidden, "hidden units")
	lambda := fs.Float64("lambda", d.Lambda, "TD(λ)'s λ")
	rate := fs.Float64("rate", d.Rate, "learning rate (Adam)")
	anneal := fs.Int("anneal", -1, "games over which the rate falls to a tenth (-1: -games; 0: never)")
	batch := fs.Int("batch", d.Batch, "games played with the same weights before learning from them")
	minibatch := fs.Int("minibatch", d.Minibatch, "positions a learning step")
	workers := fs.Int("workers", runtime.GOMAXPROCS(0), "games played at once")
	ckpt := fs.String("checkpoint", "", "checkpoint file: resumed from if it exists, written every -checkpoint-every games")
	every := fs.Int("checkpoint-every", 5000, "games between checkpoints")
	out := fs.String("out", "", "file the trained net is written to (compact)")
	logFile := fs.String("log", "", "file the evaluation log is appended to, beside standard output")
	evalEvery := fs.Int("eval-every", 5000, "games between evaluations (0: only at the end)")
	evalGames := fs.Int("eval-games", 400, "games of each evaluation match (0: no evaluation)")
	evalSeed := fs.Uint64("eval-seed", 7, "seed of the evaluation games")
	cpuProfile := fs.String("cpuprofile", "", "file a CPU profile of the run is written to")
	bar := progress.Flags(fs)
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: ludo-train [flags]\n\nTrains a learned evaluation by self-play (TD(λ)) and writes it.\n\nFlags:\n")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "ludo-train: unexpected argument %s\n", echo.Quote(fs.Arg(0)))
		fs.Usage()
		return 2
	}
	rules, err := seeded.Rules(*preset, 0)
	if err != nil {
		fmt.Fprintln(stderr, "ludo-train:", err)
		return 1
	}
	cfg := config{games: *games, workers: *workers, checkpoint: *ckpt, every: *every, out: *out, log: *logFile,
		evalEvery: *evalEvery, evalGames: *evalGames, evalSeed: *evalSeed}
	if *anneal < 0 {
		*anneal = *games
	}
	cfg.train = bots.TrainConfig{Rules: rules, Hidden: *hidden, Lambda: *lambda, Rate: *rate, Anneal: *anneal, Batch: *batch,
		Minibatch: *minibatch, Seed: *seed}
	if *opponents != "self" {
		cfg.train.Opponents = strings.Split(*opponents, ",")
	}
	if *players != "" {
		for _, p := range strings.Split(*players, ",") {
			n, err := strconv.Atoi(strings.TrimSpace(p))
			if err != nil {
				fmt.Fprintf(stderr, "ludo-train: -players %s: want numbers, as 4,2\n", echo.Quote(*players))
				return 2
			}
			cfg.train.Players = append(cfg.train.Players, n)
		}
	}
	if *cpuProfile != "" {
		f, err := os.Create(*cpuProfile)
		if err != nil {
			fmt.Fprintln(stderr, "ludo-train:", err)
			return 1
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			fmt.Fprintln(stderr, "ludo-train:", err)
			return 1
		}
		defer pprof.StopCPUProfile()
	}
	var canon []string
	fs.Visit(func(f *flag.Flag) {
		switch f.Name {
		case "cpuprofile", "workers", "checkpoint", "checkpoint-every", "out", "log", "progress", "quiet", "eval-every", "eval-games", "eval-seed":
			return // they do not change the net
		}
		canon = append(canon, fmt.Sprintf("-%s %s", f.Name, shellQuote(f.Value.String())))
	})
	cfg.command = "go run ./cmd/ludo-train " + strings.Join(canon, " ")
	if err := run(cfg, stdout, bar(stderr, tty)); err != nil {
		fmt.Fprintln(stderr, "ludo-train:", err)
		return 1
	}
	return 0
}

// shellQuote quotes s for a shell where it needs it.
func shellQuote(s string) string {
	if strings.ContainsAny(s, "{}: '\"$\\*?") {
		return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
	}
	return s
}

// run trains as cfg says, logging to out, with a progress bar on bar if
// it is not nil.
func run(cfg config, out, bar io.Writer) error {
	if cfg.games < 1 {
		return fmt.Errorf("-games is %d, want at least 1", cfg.games)
	}
	t, resumed, err := start(cfg)
	if err != nil {
		return err
	}
	var logw io.Writer = out
	if cfg.log != "" {
		f, err := os.OpenFile(cfg.log, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
		if err != nil {
			return err
		}
		defer f.Close()
		logw = io.MultiWriter(out, f)
	}
	tc := t.Config()
	if resumed {
		fmt.Fprintf(logw, "resumed from %s at %d games\n", cfg.checkpoint, t.Games())
	} else {
		fmt.Fprintf(logw, "training %v, players %v, opponents %v, hidden %d, λ %g, rate %g annealed over %d games, batch %d, minibatch %d, seed %d\n",
			tc.Rules, players(tc), opponents(tc), tc.Hidden, tc.Lambda, tc.Rate, tc.Anneal, tc.Batch, tc.Minibatch, tc.Seed)
	}
	var b *progress.Bar
	if bar != nil {
		b = progress.Start(bar, cfg.games)
		b.Set(t.Games())
	}
	begin := time.Now()
	plies := 0
	nextEval := next(t.Games(), cfg.evalEvery)
	nextCkpt := next(t.Games(), cfg.every)
	for t.Games() < cfg.games {
		base := t.Games()
		plies += t.Step(cfg.workers, func(f int) { b.Set(base + f) })
		if cfg.checkpoint != "" && t.Games() >= nextCkpt {
			if err := save(t, cfg.checkpoint); err != nil {
				b.Stop()
				return err
			}
			nextCkpt = next(t.Games(), cfg.every)
		}
		if cfg.evalGames > 0 && cfg.evalEvery > 0 && t.Games() >= nextEval && t.Games() < cfg.games {
			if err := evaluate(t, cfg, logw, begin, plies); err != nil {
				b.Stop()
				return err
			}
			nextEval = next(t.Games(), cfg.evalEvery)
		}
	}
	b.Stop()
	if cfg.checkpoint != "" {
		if err := save(t, cfg.checkpoint); err != nil {
			return err
		}
	}
	if cfg.evalGames > 0 {
		if err := evaluate(t, cfg, logw, begin, plies); err != nil {
			return err
		}
	}
	if cfg.out == "" {
		return nil
	}
	net := t.Net()
	net.Note = fmt.Sprintf("%s\ntrained for %d games (seed %d, players %v, opponents %v, hidden %d, λ %g, rate %g annealed over %d games, batch %d, minibatch %d)",
		cfg.command, t.Games(), tc.Seed, players(tc), opponents(tc), tc.Hidden, tc.Lambda, tc.Rate, tc.Anneal, tc.Batch, tc.Minibatch)
	f, err := os.Create(cfg.out)
	if err != nil {
		return err
	}
	if _, err := net.WriteCompact(f); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

func opponents(c bots.TrainConfig) []string {
	if len(c.Opponents) == 0 {
		return []string{"self"}
	}
	return c.Opponents
}

func players(c bots.TrainConfig) []int {
	if len(c.Players) == 0 {
		return []int{c.Rules.Players}
	}
	return c.Players
}

// next returns the first multiple of every after games, or -1 for never.
func next(games, every int) int {
	if every <= 0 {
		return -1
	}
	return (games/every + 1) * every
}

// start returns the trainer: resumed from the checkpoint if there is
// one, else new.
func start(cfg config) (*bots.Trainer, bool, error) {
	if cfg.checkpoint != "" {
		f, err := os.Open(cfg.checkpoint)
		switch {
		case err == nil:
			defer f.Close()
			t, err := bots.ReadTrainer(f)
			if err != nil {
				return nil, false, fmt.Errorf("%s: %w", cfg.checkpoint, err)
			}
			return t, true, nil
		case !errors.Is(err, os.ErrNotExist):
			return nil, false, err
		}
	}
	t, err := bots.NewTrainer(cfg.train)
	return t, false, err
}

// save writes the checkpoint through a temporary file, so that a run
// killed while it writes leaves the last one whole.
func save(t *bots.Trainer, path string) error {
	tmp := path + ".tmp"
	f, err := os.Create(tmp)
	if err != nil {
		return err
	}
	if _, err := t.WriteTo(f); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}

// evaluate plays the net against random players and head to head
// against the heuristic, and logs the win rates.
func evaluate(t *bots.Trainer, cfg config, log io.Writer, begin time.Time, plies int) error {
	net := t.Net()
	mine := map[string]bots.Factory{"net": func(uint64) bots.Bot { return bots.NewLearned(net, 0) }}
	r := t.Config().Rules
	two := r.Teams == ludo.TwoColorsEach
	match := func(rules ludo.Rules, lineup []string) (string, error) {
		tn, err := tournament.New(tournament.Config{Rules: rules, Lineup: lineup, Games: cfg.evalGames,
			Seed: cfg.evalSeed, Bots: mine})
		if err != nil {
			return "", err
		}
		sum, err := tn.Run(cfg.workers, nil)
		if err != nil {
			return "", err
		}
		for _, b := range sum.Bots {
			if b.Name == "net" {
				lo, hi := b.Interval()
				return fmt.Sprintf("%.1f%% [%.1f, %.1f]", 100*b.WinRate(), 100*lo, 100*hi), nil
			}
		}
		return "", nil
	}
	p := r.Players
	if two {
		p /= 2
	}
	lineup := []string{"net"}
	for len(lineup) < p {
		lineup = append(lineup, "random")
	}
	vsRandom, err := match(r, lineup)
	if err != nil {
		return err
	}
	// Head to head: two players; with partners (rule T1), the net and a
	// heuristic partner against two heuristic players.
	h, hl := r, []string{"net", "heuristic"}
	switch {
	case two:
	case r.Teams != ludo.NoTeams:
		hl = []string{"net", "heuristic", "heuristic", "heuristic"}[:r.Players]
	default:
		h.Players, h.Seats = 2, 0
	}
	vsHeur, err := match(h, hl)
	if err != nil {
		return err
	}
	el := time.Since(begin)
	fmt.Fprintf(log, "games %7d  vs random (%d players) %s  vs heuristic (%d players) %s  %.0f plies/s  %s\n",
		t.Games(), p, vsRandom, len(hl), vsHeur, float64(plies)/el.Seconds(), el.Round(time.Second))
	return nil
}
