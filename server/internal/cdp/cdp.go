// Package cdp drives a headless Chromium over the DevTools protocol on a
// pipe, started by the ludo module's internal/devtools (as
// internal/replaycheck's is), for the server's browser test: tabs in
// browser contexts of their own (each a separate person: its own storage
// and cookies), pages opened, scripts evaluated, clicks and typing as a
// person would, screenshots.
package cdp

import (
	"bufio"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/ludorules/ludo/internal/devtools"
)

// Browser is one headless Chromium process.
type Browser struct {
	proc *devtools.Chromium
	send io.Writer

	mu      sync.Mutex
	next    int
	waiting map[int]chan message
	events  map[string][]message // by session, kept for Tab.wait
	done    chan struct{}
	err     error
}

type message struct {
	ID        int                       `json:"id,omitempty"`
	Method    string                    `json:"method,omitempty"`
	Params    json.RawMessage           `json:"params,omitempty"`
	Result    json.RawMessage           `json:"result,omitempty"`
	Error     *struct{ Message string } `json:"error,omitempty"`
	SessionID string                    `json:"sessionId,omitempty"`
}

// Start starts the Chromium at path, headless, with a profile of its own,
// its output appended to log.
func Start(path string, log io.Writer) (*Browser, error) {
	proc, err := devtools.Start(path, "ludo-cdp-", log)
	if err != nil {
		return nil, err
	}
	b := &Browser{proc: proc, send: proc.Send, waiting: map[int]chan message{}, events: map[string][]message{}, done: make(chan struct{})}
	go b.read(proc.Recv)
	return b, nil
}

// read dispatches what Chromium sends: replies to their callers, events
// to the tabs' lists.
func (b *Browser) read(r io.Reader) {
	br := bufio.NewReader(r)
	for {
		line, err := br.ReadBytes(0)
		if err != nil {
			b.mu.Lock()
			b.err = fmt.Errorf("chromium's pipe: %w", err)
			b.mu.Unlock()
			close(b.done)
			return
		}
		var m message
		if err := json.Unmarshal(line[:len(line)-1], &m); err != nil {
			continue
		}
		b.mu.Lock()
		if m.ID != 0 {
			if ch := b.waiting[m.ID]; ch != nil {
				ch <- m
				delete(b.waiting, m.ID)
			}
		} else {
			b.events[m.SessionID] = append(b.events[m.SessionID], m)
		}
		b.mu.Unlock()
	}
}

// call sends a command to the session ("" for the browser) and decodes
// its result into result, if not nil.
func (b *Browser) call(session, method string, params, result any) error {
	b.mu.Lock()
	b.next++
	id := b.next
	ch := make(chan message, 1)
	b.waiting[id] = ch
	b.mu.Unlock()
	var p json.RawMessage
	if params != nil {
		p, _ = json.Marshal(params)
	}
	msg, _ := json.Marshal(message{ID: id, Method: method, Params: p, SessionID: session})
	if _, err := b.send.Write(append(msg, 0)); err != nil {
		return fmt.Errorf("%s: %w", method, err)
	}
	select {
	case m := <-ch:
		if m.Error != nil {
			return &protocolError{method, m.Error.Message}
		}
		if result != nil {
			return json.Unmarshal(m.Result, result)
		}
		return nil
	case <-b.done:
		return fmt.Errorf("%s: %v", method, b.err)
	case <-time.After(60 * time.Second):
		return fmt.Errorf("%s: no answer from chromium in 60 s", method)
	}
}

// Tab is a tab in a browser context of its own.
type Tab struct {
	b       *Browser
	session string
}

// NewTab opens a tab in a new browser context: a person of their own,
// with their own storage.
func (b *Browser) NewTab(width, height int) (*Tab, error) {
	var c struct{ BrowserContextID string }
	if err := b.call("", "Target.createBrowserContext", nil, &c); err != nil {
		return nil, err
	}
	var t struct{ TargetID string }
	if err := b.call("", "Target.createTarget", map[string]any{"url": "about:blank", "browserContextId": c.BrowserContextID}, &t); err != nil {
		return nil, err
	}
	var a struct{ SessionID string }
	if err := b.call("", "Target.attachToTarget", map[string]any{"targetId": t.TargetID, "flatten": true}, &a); err != nil {
		return nil, err
	}
	tab := &Tab{b: b, session: a.SessionID}
	if err := tab.call("Page.enable", nil, nil); err != nil {
		return nil, err
	}
	if err := tab.call("Emulation.setDeviceMetricsOverride", map[string]any{"width": width, "height": height, "deviceScaleFactor": 1, "mobile": false}, nil); err != nil {
		return nil, err
	}
	return tab, nil
}

func (t *Tab) call(method string, params, result any) error {
	return t.b.call(t.session, method, params, result)
}

// Navigate loads url in the tab and returns once it has loaded.
func (t *Tab) Navigate(url string) error {
	t.b.mu.Lock()
	t.b.events[t.session] = nil
	t.b.mu.Unlock()
	var r struct{ ErrorText string }
	if err := t.call("Page.navigate", map[string]any{"url": url}, &r); err != nil {
		return err
	}
	if r.ErrorText != "" {
		return fmt.Errorf("opening %s: %s", url, r.ErrorText)
	}
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		t.b.mu.Lock()
		for _, e := range t.b.events[t.session] {
			if e.Method == "Page.loadEventFired" {
				t.b.mu.Unlock()
				return nil
			}
		}
		t.b.mu.Unlock()
		time.Sleep(10 * time.Millisecond)
	}
	return fmt.Errorf("opening %s: not loaded in 30 s", url)
}

// Eval evaluates the JavaScript expression in the tab, awaiting it if it
// is a promise, and decodes its value (JSON) into v, if not nil.
func (t *Tab) Eval(expr string, v any) error {
	var r struct {
		Result struct {
			Value json.RawMessage
		}
		ExceptionDetails *struct {
			Text      string
			Exception struct{ Description string }
		}
	}
	if err := t.call("Runtime.evaluate", map[string]any{"expression": expr, "awaitPromise": true, "returnByValue": true}, &r); err != nil {
		return err
	}
	if e := r.ExceptionDetails; e != nil {
		return fmt.Errorf("the page's script: %s %s (evaluating %.80q)", e.Text, e.Exception.Description, expr)
	}
	if v == nil {
		return nil
	}
	return json.Unmarshal(r.Result.Value, v)
}

// String evaluates a JavaScript expression whose value is a string.
func (t *Tab) String(expr string) (string, error) {
	var s string
	err := t.Eval(expr, &s)
	return s, err
}

// WaitFor waits until the JavaScript expression is true, for at most
// timeout; an expression that throws (a page still loading) is false, and
// so is one the page could not evaluate because it was changing
// documents (a link followed, a form sent: navigating).
func (t *Tab) WaitFor(expr string, timeout time.Duration) error {
	deadline := time.Now().Add(timeout)
	for {
		var ok bool
		err := t.Eval("(() => { try { return !!("+expr+"); } catch (e) { return false; } })()", &ok)
		switch {
		case err != nil && !navigating(err):
			return err
		case err == nil && ok:
			return nil
		case time.Now().After(deadline) && err != nil:
			return fmt.Errorf("waited %v for %s: %w", timeout, expr, err)
		case time.Now().After(deadline):
			return fmt.Errorf("waited %v for %s", timeout, expr)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// protocolError is Chromium's answer refusing a command.
type protocolError struct{ method, message string }

func (e *protocolError) Error() string { return e.method + ": " + e.message }

// navigating reports whether err is Chromium's answer to an evaluation
// made while the page was changing documents: the old one's context gone,
// the new one's not yet there.
func navigating(err error) bool {
	var pe *protocolError
	if !errors.As(err, &pe) {
		return false
	}
	for _, m := range []string{"Inspected target navigated or closed", "Execution context was destroyed", "Cannot find context with specified id"} {
		if strings.Contains(pe.message, m) {
			return true
		}
	}
	return false
}

// Click clicks the middle of the first element matching the CSS
// selector with the mouse, as a person would, scrolled into view first.
func (t *Tab) Click(selector string) error {
	var at struct{ X, Y float64 }
	err := t.Eval(`(() => {
  const e = document.querySelector(`+strconv.Quote(selector)+`);
  if (!e) throw new Error("nothing matches " + `+strconv.Quote(selector)+`);
  e.scrollIntoView({block: "center"});
  const r = e.getBoundingClientRect();
  return {X: r.left + r.width / 2, Y: r.top + r.height / 2};
})()`, &at)
	if err != nil {
		return err
	}
	for _, typ := range []string{"mouseMoved", "mousePressed", "mouseReleased"} {
		if err := t.call("Input.dispatchMouseEvent", map[string]any{"type": typ, "x": at.X, "y": at.Y, "button": "left", "clickCount": 1}, nil); err != nil {
			return err
		}
	}
	return nil
}

// Type focuses the element matching the selector and types text into
// it, as a person would.
func (t *Tab) Type(selector, text string) error {
	if err := t.Eval(`document.querySelector(`+strconv.Quote(selector)+`).focus()`, nil); err != nil {
		return err
	}
	return t.call("Input.insertText", map[string]any{"text": text}, nil)
}

// Screenshot returns a PNG of what the tab shows.
func (t *Tab) Screenshot() ([]byte, error) {
	var r struct{ Data string }
	if err := t.call("Page.captureScreenshot", map[string]any{"format": "png"}, &r); err != nil {
		return nil, err
	}
	return base64.StdEncoding.DecodeString(r.Data)
}

// Close ends the browser: politely, then by killing it.
func (b *Browser) Close() {
	b.call("", "Browser.close", nil, nil)
	b.proc.Stop()
}
