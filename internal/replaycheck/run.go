package main

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
)

// runConfig is what the browser check is told: the Chromium to run, the
// folder of the pages (where the DOMs and screenshots go too), the game
// whose page is shown in the README and the games whose boards are.
type runConfig struct {
	chromium string
	out      string
	replay   string
	boards   []string
}

// checkGame is a game of the list: its name (its page is NAME.html in
// the folder) and the game.
type checkGame struct {
	name, flags string
	g           *game
}

// readGames reads the list of games: a line a game, its name and the
// flags of examples/replay-html that wrote its page ("classic4 -seed 1
// -players 4 -preset classic"); blank lines and lines from # are
// skipped.
func readGames(r io.Reader) ([]checkGame, error) {
	var games []checkGame
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) == 0 || strings.HasPrefix(f[0], "#") {
			continue
		}
		fs := flag.NewFlagSet(f[0], flag.ContinueOnError)
		fs.SetOutput(io.Discard)
		players := fs.Int("players", 0, "")
		preset := fs.String("preset", "classic", "")
		seed := fs.Uint64("seed", 1, "")
		if err := fs.Parse(f[1:]); err != nil || fs.NArg() > 0 {
			return nil, fmt.Errorf("game %s: want -players, -preset and -seed only: %q", f[0], sc.Text())
		}
		g, err := newGame(*preset, *players, *seed)
		if err != nil {
			return nil, fmt.Errorf("game %s: %w", f[0], err)
		}
		games = append(games, checkGame{name: f[0], flags: strings.Join(f[1:], " "), g: g})
	}
	return games, sc.Err()
}

// runBrowser checks the page of each game in one headless Chromium and
// reports to w; it returns false if anything on a page is wrong, and an
// error if the check could not be made. For each game (checkPage) it
// opens the page at ply 10 with keys and buttons pressed by the page's
// own hook, steps it through the plies worth a look by its address,
// presses keys and clicks buttons as a person would, and compares what
// the page shows each time with the game (check); it makes sure the
// comparison fails for one ply taken as the next; then it takes the
// page's screenshots, if any (screenshots).
func runBrowser(cfg runConfig, games []checkGame, w io.Writer) (bool, error) {
	start := time.Now()
	for _, name := range append([]string{cfg.replay}, cfg.boards...) {
		if name != "" && !slices.ContainsFunc(games, func(cg checkGame) bool { return cg.name == name }) {
			return false, fmt.Errorf("screenshot of %s: not a game of the list", name)
		}
	}
	log, err := os.OpenFile(filepath.Join(cfg.out, "chromium.log"), os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return false, err
	}
	defer log.Close()
	b, err := startBrowser(cfg.chromium, log)
	if err != nil {
		return false, err
	}
	defer b.close()
	ok, checked, shots := true, 0, 0
	for _, cg := range games {
		good, n, err := checkPage(b, cfg.out, cg, w)
		if err != nil {
			return false, fmt.Errorf("%s: %w", cg.name, err)
		}
		k, err := screenshots(b, cfg, cg, w)
		if err != nil {
			return false, fmt.Errorf("%s: %w", cg.name, err)
		}
		ok, checked, shots = ok && good, checked+n, shots+k
	}
	fmt.Fprintf(w, "== %d views of %d pages checked and %d screenshots taken in one Chromium in %.1f s\n", checked, len(games), shots, time.Since(start).Seconds())
	return ok, b.close()
}

// checkPage checks one game's page (see runBrowser) and returns whether
// all was right and how many times it compared what the page showed.
func checkPage(b *browser, out string, cg checkGame, w io.Writer) (bool, int, error) {
	g := cg.g
	page := filepath.Join(out, cg.name+".html")
	plies := g.interesting()
	fmt.Fprintf(w, "== %s (%s): plies %s\n", cg.name, cg.flags, strings.Trim(fmt.Sprint(plies), "[]"))
	ok := true
	// expect compares what the page shows with the game at ply n, keeps
	// it in a file, and says what is wrong.
	expect := func(shown string, n int, what string) (bool, error) {
		if err := os.WriteFile(filepath.Join(out, fmt.Sprintf("%s-%s.dom.html", cg.name, what)), []byte(shown), 0o644); err != nil {
			return false, err
		}
		problems := g.check(shown, n)
		for _, p := range problems {
			fmt.Fprintf(w, "FAIL: %s, %s: ply %d: %s\n", cg.name, what, n, p)
		}
		ok = ok && len(problems) == 0
		return len(problems) == 0, nil
	}
	// The page opened at ply 10 with keys and buttons pressed by its own
	// hook: → → ← next PageDown prev is ply 21, and the address follows.
	if err := b.open(page, "ply=10&press=ArrowRight,ArrowRight,ArrowLeft,next,PageDown,prev"); err != nil {
		return false, 0, err
	}
	shown, err := b.shown()
	if err != nil {
		return false, 0, err
	}
	if good, err := expect(shown, 21, "keys"); err != nil {
		return false, 0, err
	} else if !good {
		fmt.Fprintf(w, "FAIL: %s: keys and buttons from ply 10 did not lead to ply 21\n", cg.name)
	}
	// Each ply worth a look, by the page's address.
	var first string
	for k, n := range plies {
		shown, err := b.step("#ply=" + strconv.Itoa(n))
		if err != nil {
			return false, 0, err
		}
		if k == 0 {
			first = shown
		}
		if _, err := expect(shown, n, strconv.Itoa(n)); err != nil {
			return false, 0, err
		}
	}
	// Keys and buttons pressed as a person would, each followed by a look
	// and each changing the ply shown (the plies above end with the last):
	// Home is the start, End the last ply, the buttons "first" and "last"
	// the start and the end again.
	for _, in := range []struct {
		key  string // a key, or
		code int    // (its Windows key code)
		id   string // the button clicked
		ply  int
	}{{"Home", 36, "", 0}, {"End", 35, "", g.plies()}, {"", 0, "first", 0}, {"", 0, "last", g.plies()}} {
		what := in.key
		if in.key != "" {
			err = b.press(in.key, in.code)
		} else {
			what, err = in.id, b.click(in.id)
		}
		if err != nil {
			return false, 0, err
		}
		if shown, err = b.shown(); err != nil {
			return false, 0, err
		}
		if good, err := expect(shown, in.ply, "press-"+what); err != nil {
			return false, 0, err
		} else if !good {
			fmt.Fprintf(w, "FAIL: %s: %s did not lead to ply %d\n", cg.name, what, in.ply)
		}
	}
	// The check must be able to fail: what ply n shows is not ply n+1.
	if len(g.check(first, plies[0]+1)) == 0 {
		fmt.Fprintf(w, "FAIL: %s: what ply %d shows passed as ply %d\n", cg.name, plies[0], plies[0]+1)
		ok = false
	} else if ok {
		fmt.Fprintf(w, "ok: %s: %d plies, and after keys and buttons 5 more, shown right; ply %d is refused as ply %d\n", cg.name, len(plies), plies[0], plies[0]+1)
	}
	return ok, len(plies) + 5, nil
}

// viewBoxRE finds the size of a page's board picture.
var viewBoxRE = regexp.MustCompile(`viewBox="0 0 ([1-9]\d*) ([1-9]\d*)"`)

// screenshots takes the pictures of cg's page the README shows, while
// the page is open: if cg is cfg.replay, the page at the start and at
// the capture nearest the middle (replay-start.png, replay-mid.png,
// 1200×760); if cg is one of cfg.boards, the page at the capture nearest
// the middle of its game, in a window that shows the board at most 600
// wide under the page's title (board-NAME.png). It fails if a picture is
// not a whole PNG, and returns how many it took.
func screenshots(b *browser, cfg runConfig, cg checkGame, w io.Writer) (int, error) {
	type shot struct {
		file          string
		ply           int
		width, height int
	}
	var shots []shot
	if cg.name == cfg.replay {
		shots = append(shots, shot{"replay-start.png", 0, 1200, 760}, shot{"replay-mid.png", cg.g.showcase(), 1200, 760})
	}
	if slices.Contains(cfg.boards, cg.name) {
		page, err := os.ReadFile(filepath.Join(cfg.out, cg.name+".html"))
		if err != nil {
			return 0, err
		}
		m := viewBoxRE.FindSubmatch(page)
		if m == nil {
			return 0, fmt.Errorf("%s.html has no board picture", cg.name)
		}
		vw, _ := strconv.Atoi(string(m[1]))
		vh, _ := strconv.Atoi(string(m[2]))
		bw := min(vw, 600)
		shots = append(shots, shot{"board-" + cg.name + ".png", cg.g.showcase(), bw + 34, bw*vh/vw + 64})
	}
	for _, s := range shots {
		png, err := b.screenshot(filepath.Join(cfg.out, cg.name+".html"), "ply="+strconv.Itoa(s.ply), s.width, s.height)
		if err != nil {
			return 0, fmt.Errorf("screenshot %s: %w", s.file, err)
		}
		if !bytes.HasPrefix(png, []byte("\x89PNG\r\n\x1a\n")) || len(png) < 20000 {
			return 0, fmt.Errorf("screenshot %s: %d bytes, not a full picture", s.file, len(png))
		}
		if err := os.WriteFile(filepath.Join(cfg.out, s.file), png, 0o644); err != nil {
			return 0, err
		}
		fmt.Fprintf(w, "%s: ply %d, %d×%d, %d bytes\n", s.file, s.ply, s.width, s.height, len(png))
	}
	return len(shots), nil
}
