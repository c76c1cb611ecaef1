// Package devtools starts a headless Chromium to be driven over the
// DevTools protocol on a pipe (--remote-debugging-pipe: commands go to
// its file descriptor 3, replies and events come from 4, each a JSON
// message ended by a NUL byte), with no network, sync or updates, in a
// profile of its own. It is the one place the repository starts a
// browser: internal/replaycheck drives the replay pages in one tab,
// and the server's browser test (server/internal/cdp) plays whole games
// in tabs of their own, each with its own client over these pipes.
package devtools

import (
	"errors"
	"io"
	"os"
	"os/exec"
	"time"
)

// Find returns the path of a Chromium: chromium (Debian's),
// chromium-browser, google-chrome or google-chrome-stable on the PATH.
func Find() (string, error) {
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if p, err := exec.LookPath(name); err == nil {
			return p, nil
		}
	}
	return "", errors.New("no chromium, chromium-browser, google-chrome or google-chrome-stable on the PATH")
}

// Chromium is one headless Chromium process and its DevTools pipe.
type Chromium struct {
	Send io.WriteCloser // the commands, to its descriptor 3
	Recv io.ReadCloser  // the replies and events, from its descriptor 4

	cmd     *exec.Cmd
	profile string
}

// Start starts the Chromium at path, headless, on about:blank, with a
// profile of its own (a temporary folder named by prefix), its output
// appended to log.
func Start(path, prefix string, log io.Writer) (*Chromium, error) {
	profile, err := os.MkdirTemp("", prefix)
	if err != nil {
		return nil, err
	}
	cmdR, cmdW, err := os.Pipe()
	if err != nil {
		os.RemoveAll(profile)
		return nil, err
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		cmdR.Close()
		cmdW.Close()
		os.RemoveAll(profile)
		return nil, err
	}
	cmd := exec.Command(path, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
		"--no-first-run", "--disable-background-networking", "--disable-component-update",
		"--disable-sync", "--hide-scrollbars", "--user-data-dir="+profile,
		"--remote-debugging-pipe", "about:blank")
	cmd.Stdout, cmd.Stderr = log, log
	cmd.ExtraFiles = []*os.File{cmdR, outW} // its descriptors 3 and 4
	err = cmd.Start()
	cmdR.Close()
	outW.Close()
	if err != nil {
		cmdW.Close()
		outR.Close()
		os.RemoveAll(profile)
		return nil, err
	}
	return &Chromium{Send: cmdW, Recv: outR, cmd: cmd, profile: profile}, nil
}

// Stop waits for the process to end, as it does once it was sent
// Browser.close, and kills it after ten seconds; then it closes the
// pipe and removes the profile.
func (c *Chromium) Stop() {
	exited := make(chan struct{})
	go func() { c.cmd.Wait(); close(exited) }()
	select {
	case <-exited:
	case <-time.After(10 * time.Second):
		c.cmd.Process.Kill()
		<-exited
	}
	c.Send.Close()
	os.RemoveAll(c.profile)
}
