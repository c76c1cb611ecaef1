package main

import (
	"bufio"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"time"

	"github.com/ludorules/ludo/internal/devtools"
)

// browser is one headless Chromium process that the check drives over
// the DevTools protocol on a pipe (started by internal/devtools: commands
// go to its file descriptor 3, replies and events come from 4, each a
// JSON message ended by a NUL byte). Every page the check opens is shown in
// the one tab of this one process, so that a look at a ply costs a run
// of the page's script, not a browser's start.
type browser struct {
	proc    *devtools.Chromium // the process: nil where a test gave the pipes, or once closed
	send    io.Writer          // commands
	recv    chan cdpMessage
	done    chan error // the reader's end: the pipe closed or broke
	session string     // the tab's session
	page    string     // the file the tab shows, if it shows one
	next    int        // the last command id used
	events  []cdpMessage
	timeout time.Duration
}

// cdpMessage is a reply (ID set) or an event (Method set).
type cdpMessage struct {
	ID     int             `json:"id,omitempty"`
	Method string          `json:"method,omitempty"`
	Params json.RawMessage `json:"params,omitempty"`
	Result json.RawMessage `json:"result,omitempty"`
	Error  *struct {
		Message string `json:"message"`
	} `json:"error,omitempty"`
	SessionID string `json:"sessionId,omitempty"`
}

// startBrowser starts the Chromium at path headless, with no network,
// sync or updates, in a profile of its own, its chatter appended to log,
// and attaches to its tab.
func startBrowser(path string, log io.Writer) (*browser, error) {
	proc, err := devtools.Start(path, "replaycheck-chromium-", log)
	if err != nil {
		return nil, err
	}
	b := newBrowser(proc.Send, proc.Recv)
	b.proc = proc
	// The tab Chromium opened on about:blank, or a new one.
	var ts struct {
		TargetInfos []struct{ TargetID, Type string }
	}
	if err := b.call("Target.getTargets", nil, &ts); err != nil {
		b.close()
		return nil, err
	}
	var target string
	for _, t := range ts.TargetInfos {
		if t.Type == "page" {
			target = t.TargetID
			break
		}
	}
	if target == "" {
		var t struct{ TargetID string }
		if err := b.call("Target.createTarget", map[string]any{"url": "about:blank"}, &t); err != nil {
			b.close()
			return nil, err
		}
		target = t.TargetID
	}
	var a struct{ SessionID string }
	if err := b.call("Target.attachToTarget", map[string]any{"targetId": target, "flatten": true}, &a); err != nil {
		b.close()
		return nil, err
	}
	b.session = a.SessionID
	if err := b.call("Page.enable", nil, nil); err != nil {
		b.close()
		return nil, err
	}
	return b, nil
}

// newBrowser returns a browser that sends commands to send and reads
// replies and events from recv.
func newBrowser(send io.Writer, recv io.Reader) *browser {
	b := &browser{send: send, recv: make(chan cdpMessage, 16), done: make(chan error, 1), timeout: 60 * time.Second}
	go func() {
		r := bufio.NewReader(recv)
		for {
			line, err := r.ReadBytes(0)
			if err != nil {
				b.done <- fmt.Errorf("chromium's pipe: %w", err)
				return
			}
			var m cdpMessage
			if err := json.Unmarshal(line[:len(line)-1], &m); err != nil {
				b.done <- fmt.Errorf("chromium sent %.100q: %w", line, err)
				return
			}
			b.recv <- m
		}
	}()
	return b
}

// read returns the next message, or an error if none comes in time.
func (b *browser) read() (cdpMessage, error) {
	select {
	case m := <-b.recv:
		return m, nil
	case err := <-b.done:
		b.done <- err
		return cdpMessage{}, err
	case <-time.After(b.timeout):
		return cdpMessage{}, fmt.Errorf("no answer from chromium in %v", b.timeout)
	}
}

// call sends a command to the tab (to the browser before a tab is open)
// and decodes its result into result, if not nil. Events read meanwhile
// are kept for wait.
func (b *browser) call(method string, params, result any) error {
	b.next++
	msg, err := json.Marshal(cdpMessage{ID: b.next, Method: method, Params: mustJSON(params), SessionID: b.session})
	if err != nil {
		return err
	}
	if _, err := b.send.Write(append(msg, 0)); err != nil {
		return fmt.Errorf("%s: %w", method, err)
	}
	for {
		m, err := b.read()
		if err != nil {
			return fmt.Errorf("%s: %w", method, err)
		}
		if m.ID == 0 {
			b.events = append(b.events, m)
			continue
		}
		if m.ID != b.next {
			continue // the reply to a command given up on
		}
		if m.Error != nil {
			return fmt.Errorf("%s: %s", method, m.Error.Message)
		}
		if result == nil {
			return nil
		}
		return json.Unmarshal(m.Result, result)
	}
}

func mustJSON(v any) json.RawMessage {
	if v == nil {
		return nil
	}
	b, err := json.Marshal(v)
	if err != nil {
		panic(err) // the check's own parameters: maps of strings and numbers
	}
	return b
}

// wait returns once the tab has sent the event method (kept or new).
func (b *browser) wait(method string) error {
	for {
		for k, e := range b.events {
			if e.Method == method && e.SessionID == b.session {
				b.events = append(b.events[:k], b.events[k+1:]...)
				return nil
			}
		}
		m, err := b.read()
		if err != nil {
			return fmt.Errorf("waiting for %s: %w", method, err)
		}
		if m.ID == 0 {
			b.events = append(b.events, m)
		}
	}
}

// open loads the page at path (a file) in the tab, with the fragment
// given, and returns once it has loaded. A page shown already is loaded
// again (by way of about:blank: a URL that differs from the one shown
// only by its fragment would not load the page again nor run its
// script).
func (b *browser) open(path, fragment string) error {
	abs, err := filepath.Abs(path)
	if err != nil {
		return err
	}
	if _, err := os.Stat(abs); err != nil {
		return err
	}
	if b.page == abs {
		if err := b.navigate("about:blank"); err != nil {
			return err
		}
	}
	b.page = ""
	if err := b.navigate((&url.URL{Scheme: "file", Path: filepath.ToSlash(abs), Fragment: fragment}).String()); err != nil {
		return err
	}
	b.page = abs
	return nil
}

// navigate loads url in the tab and returns once it has loaded.
func (b *browser) navigate(u string) error {
	b.events = nil
	var r struct{ ErrorText string }
	if err := b.call("Page.navigate", map[string]any{"url": u}, &r); err != nil {
		return err
	}
	if r.ErrorText != "" {
		return fmt.Errorf("opening %s: %s", u, r.ErrorText)
	}
	if err := b.wait("Page.loadEventFired"); err != nil {
		return fmt.Errorf("opening %s: %w", u, err)
	}
	return nil
}

// press presses a key (by its KeyboardEvent.key name, with the Windows
// key code Chromium wants for keys that type nothing) as a person would,
// on the page's focused element.
func (b *browser) press(key string, code int) error {
	for _, t := range []string{"rawKeyDown", "keyUp"} {
		if err := b.call("Input.dispatchKeyEvent", map[string]any{"type": t, "key": key, "code": key, "windowsVirtualKeyCode": code}, nil); err != nil {
			return err
		}
	}
	return nil
}

// click clicks the middle of the element with the given id with the
// mouse, as a person would, scrolled into view first.
func (b *browser) click(id string) error {
	at, err := b.eval(`(() => {
  const e = document.getElementById(` + strconv.Quote(id) + `);
  e.scrollIntoView({block: "center"});
  const r = e.getBoundingClientRect();
  return (r.left + r.width / 2) + " " + (r.top + r.height / 2);
})()`)
	if err != nil {
		return err
	}
	var x, y float64
	if _, err := fmt.Sscan(at, &x, &y); err != nil {
		return fmt.Errorf("where %s is: %q: %w", id, at, err)
	}
	for _, t := range []string{"mousePressed", "mouseReleased"} {
		if err := b.call("Input.dispatchMouseEvent", map[string]any{"type": t, "x": x, "y": y, "button": "left", "clickCount": 1}, nil); err != nil {
			return err
		}
	}
	return nil
}

// eval evaluates the JavaScript expression in the tab, awaiting it if it
// is a promise, and returns its value as a string.
func (b *browser) eval(expr string) (string, error) {
	var r struct {
		Result struct {
			Value any
		}
		ExceptionDetails *struct {
			Text      string
			Exception struct{ Description string }
		}
	}
	if err := b.call("Runtime.evaluate", map[string]any{"expression": expr, "awaitPromise": true, "returnByValue": true}, &r); err != nil {
		return "", err
	}
	if e := r.ExceptionDetails; e != nil {
		return "", fmt.Errorf("the page's script: %s %s", e.Text, e.Exception.Description)
	}
	s, ok := r.Result.Value.(string)
	if !ok {
		return "", fmt.Errorf("%.60q gave %v, not a string", expr, r.Result.Value)
	}
	return s, nil
}

// shownJS is the part of the page the check reads (check): the status
// panel (the ply, the roll, the move, the turn, with the die or bonus
// drawn) and the board picture (its tokens, rings and status strip), as
// HTML, some 20 kB. The rest of the page, its script with the data of
// every ply and the list of plies, is most of its 70 to 470 kB, which
// would cost most of the check's time to copy out at every ply.
const shownJS = `document.getElementById("ply-status").outerHTML + "\n" + document.querySelector("#board svg").outerHTML`

// shown returns the part of the page the check reads (shownJS).
func (b *browser) shown() (string, error) {
	return b.eval(shownJS)
}

// step sets the shown page's fragment to hash, as a click on a link of
// the page would, and returns what it then shows (shownJS) once the page
// has handled the change (its own hashchange listener runs before the
// one set here).
func (b *browser) step(hash string) (string, error) {
	return b.eval(`new Promise((done) => {
  const dump = () => done(` + shownJS + `);
  if (location.hash === ` + strconv.Quote(hash) + `) return dump();
  addEventListener("hashchange", dump, {once: true});
  location.hash = ` + strconv.Quote(hash) + `;
})`)
}

// screenshot opens the page at path with the fragment in a new tab of a
// browser context of its own, with a viewport of width × height, as a
// person opening that address in a fresh browser sees it (no link of the
// page visited yet), and returns a PNG of what the tab shows.
func (b *browser) screenshot(path, fragment string, width, height int) ([]byte, error) {
	tab, page := b.session, b.page
	defer func() { b.session, b.page = tab, page }()
	b.session = "" // Target commands go to the browser
	var c struct{ BrowserContextID string }
	if err := b.call("Target.createBrowserContext", nil, &c); err != nil {
		return nil, err
	}
	defer func() {
		b.session = ""
		b.call("Target.disposeBrowserContext", map[string]any{"browserContextId": c.BrowserContextID}, nil)
	}()
	var t struct{ TargetID string }
	if err := b.call("Target.createTarget", map[string]any{"url": "about:blank", "browserContextId": c.BrowserContextID}, &t); err != nil {
		return nil, err
	}
	var a struct{ SessionID string }
	if err := b.call("Target.attachToTarget", map[string]any{"targetId": t.TargetID, "flatten": true}, &a); err != nil {
		return nil, err
	}
	b.session, b.page = a.SessionID, ""
	if err := b.call("Page.enable", nil, nil); err != nil {
		return nil, err
	}
	if err := b.call("Emulation.setDeviceMetricsOverride", map[string]any{"width": width, "height": height, "deviceScaleFactor": 1, "mobile": false}, nil); err != nil {
		return nil, err
	}
	if err := b.open(path, fragment); err != nil {
		return nil, err
	}
	var r struct{ Data string }
	if err := b.call("Page.captureScreenshot", map[string]any{"format": "png"}, &r); err != nil {
		return nil, err
	}
	return base64.StdEncoding.DecodeString(r.Data)
}

// close ends the browser: politely, then by killing the process it
// started.
func (b *browser) close() error {
	if b.proc == nil {
		return nil
	}
	b.session = ""
	err := b.call("Browser.close", nil, nil)
	b.proc.Stop()
	b.proc = nil
	if err != nil && !errors.Is(err, io.EOF) {
		return err
	}
	return nil
}
