// Package progress draws the progress bar of a series of games that the
// example programs (cmd/ludo-tournament, cmd/ludo-simulate) show on
// standard error while they play.
package progress

import (
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// Bar redraws a progress bar of a series of games on one line of its
// writer four times a second, from its own goroutine, until Stop. Its
// methods may be called from any goroutine; the nil *Bar draws nothing.
type Bar struct {
	w     io.Writer
	total int
	begin time.Time
	done  atomic.Int64
	stop  chan struct{}
	ended sync.WaitGroup
}

// Start starts drawing the bar of a series of total games on w.
func Start(w io.Writer, total int) *Bar {
	b := &Bar{w: w, total: total, begin: time.Now(), stop: make(chan struct{})}
	b.ended.Add(1)
	go func() {
		defer b.ended.Done()
		t := time.NewTicker(250 * time.Millisecond)
		defer t.Stop()
		for {
			select {
			case <-b.stop:
				b.draw()
				fmt.Fprintln(b.w)
				return
			case <-t.C:
				b.draw()
			}
		}
	}()
	return b
}

// Set records that done games are finished.
func (b *Bar) Set(done int) {
	if b != nil {
		b.done.Store(int64(done))
	}
}

// Stop draws the bar a last time, ends its line and waits for its
// goroutine to end. Call it once.
func (b *Bar) Stop() {
	if b == nil {
		return
	}
	close(b.stop)
	b.ended.Wait()
}

func (b *Bar) draw() {
	Draw(b.w, int(b.done.Load()), b.total, time.Since(b.begin))
}

// Draw draws the bar once, at the start of the line: how many of n games
// are done, the time elapsed and the time still to go at this speed.
func Draw(w io.Writer, done, n int, elapsed time.Duration) {
	const width = 30
	fill := width * min(max(done, 0), n) / max(n, 1)
	eta := "?"
	if done > 0 {
		eta = (time.Duration(float64(elapsed) * float64(n-done) / float64(done))).Round(time.Second).String()
	}
	fmt.Fprintf(w, "\r[%s%s] %d/%d games, %s elapsed, ETA %s   ",
		strings.Repeat("#", fill), strings.Repeat(".", width-fill), done, n, elapsed.Round(time.Second), eta)
}

// Flags defines the flags -progress and -quiet on fs, the same in every
// program that draws a bar, and returns what they ask for: once fs is
// parsed, bar(stderr, tty) is stderr, where the bar is to be drawn, if
// tty (stderr is a terminal, as [IsTerminal] tells) or -progress, and
// -quiet is not set; otherwise nil, no bar.
func Flags(fs *flag.FlagSet) (bar func(stderr io.Writer, tty bool) io.Writer) {
	force := fs.Bool("progress", false, "draw the progress bar on standard error even if it is not a terminal")
	quiet := fs.Bool("quiet", false, "no progress bar")
	return func(stderr io.Writer, tty bool) io.Writer {
		if (tty || *force) && !*quiet {
			return stderr
		}
		return nil
	}
}

// IsTerminal reports whether f is a terminal (a character device), where
// a bar redrawn in place reads well; not a file or a pipe, where it
// would leave a line per redraw.
func IsTerminal(f *os.File) bool {
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}
