package main

import (
	"bufio"
	"encoding/json"
	"io"
	"strconv"
	"strings"
	"testing"
	"time"
)

// fakeChromium answers the browser's commands as Chromium's end of the
// pipe would, by the script answer: for each command read, the messages
// to send back (NUL-ended JSON, an event before a reply included).
func fakeChromium(t *testing.T, answer func(m cdpMessage) []string) *browser {
	t.Helper()
	cmdR, cmdW := io.Pipe()
	outR, outW := io.Pipe()
	go func() {
		r := bufio.NewReader(cmdR)
		for {
			line, err := r.ReadBytes(0)
			if err != nil {
				outW.CloseWithError(err)
				return
			}
			var m cdpMessage
			if err := json.Unmarshal(line[:len(line)-1], &m); err != nil {
				outW.CloseWithError(err)
				return
			}
			for _, a := range answer(m) {
				if _, err := outW.Write(append([]byte(a), 0)); err != nil {
					return
				}
			}
		}
	}()
	t.Cleanup(func() { cmdW.Close(); outR.Close() })
	return newBrowser(cmdW, outR)
}

// The browser matches replies to commands by id, keeps the events that
// come first for wait, and says what failed: an error reply, an
// exception in the page, a value that is not a string, silence.
func TestBrowserProtocol(t *testing.T) {
	b := fakeChromium(t, func(m cdpMessage) []string {
		id := func(s string) string { return strings.Replace(s, "ID", strconv.Itoa(m.ID), 1) }
		switch m.Method {
		case "Page.navigate":
			if m.SessionID != "s1" {
				return []string{id(`{"id":ID,"error":{"message":"no session"}}`)}
			}
			// The load event comes before the reply; a stale reply first.
			return []string{`{"id":99,"result":{}}`, `{"method":"Page.loadEventFired","sessionId":"s1","params":{}}`, id(`{"id":ID,"result":{"frameId":"f"}}`)}
		case "Runtime.evaluate":
			var p struct{ Expression string }
			json.Unmarshal(m.Params, &p)
			switch p.Expression {
			case "1":
				return []string{id(`{"id":ID,"result":{"result":{"type":"number","value":1}}}`)}
			case "throw":
				return []string{id(`{"id":ID,"result":{"result":{},"exceptionDetails":{"text":"Uncaught","exception":{"description":"Error: no"}}}}`)}
			case "silence":
				return nil
			}
			return []string{id(`{"id":ID,"result":{"result":{"type":"string","value":"<p>shown</p>"}}}`)}
		}
		return []string{id(`{"id":ID,"error":{"message":"'` + m.Method + `' wasn't found"}}`)}
	})
	if err := b.navigate("file:///x.html"); err == nil || !strings.Contains(err.Error(), "no session") {
		t.Fatalf("navigate with no session: %v", err)
	}
	b.session = "s1"
	if err := b.navigate("file:///x.html"); err != nil {
		t.Fatalf("navigate: %v", err)
	}
	if got, err := b.eval("document.body.innerHTML"); err != nil || got != "<p>shown</p>" {
		t.Fatalf("eval: %q, %v", got, err)
	}
	if _, err := b.eval("1"); err == nil || !strings.Contains(err.Error(), "not a string") {
		t.Fatalf("eval of a number: %v", err)
	}
	if _, err := b.eval("throw"); err == nil || !strings.Contains(err.Error(), "Error: no") {
		t.Fatalf("eval that throws: %v", err)
	}
	if err := b.call("Nothing.here", nil, nil); err == nil || !strings.Contains(err.Error(), "wasn't found") {
		t.Fatalf("unknown method: %v", err)
	}
	b.timeout = 50 * time.Millisecond
	if _, err := b.eval("silence"); err == nil || !strings.Contains(err.Error(), "no answer") {
		t.Fatalf("no answer: %v", err)
	}
}
