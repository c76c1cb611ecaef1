package server

import (
	"errors"
	"fmt"
	"net/http"
	"sync"
	"time"
)

// hub tells the event streams of a game that it changed, in this
// process. Each stream also looks at its game in the store now and then
// (Server.poll), for the changes other servers sharing the store make.
type hub struct {
	mu    sync.Mutex
	waits map[string]map[chan struct{}]struct{}
}

func newHub() *hub { return &hub{waits: map[string]map[chan struct{}]struct{}{}} }

// watch returns a channel that is sent a value, without blocking, each
// time game id changes, and the function that stops it.
func (h *hub) watch(id string) (chan struct{}, func()) {
	ch := make(chan struct{}, 1)
	h.mu.Lock()
	if h.waits[id] == nil {
		h.waits[id] = map[chan struct{}]struct{}{}
	}
	h.waits[id][ch] = struct{}{}
	h.mu.Unlock()
	return ch, func() {
		h.mu.Lock()
		delete(h.waits[id], ch)
		if len(h.waits[id]) == 0 {
			delete(h.waits, id)
		}
		h.mu.Unlock()
	}
}

// notify tells game id's watchers that it changed.
func (h *hub) notify(id string) {
	h.mu.Lock()
	for ch := range h.waits[id] {
		select {
		case ch <- struct{}{}:
		default: // told already, not yet looked
		}
	}
	h.mu.Unlock()
}

// events streams the game's changes as server-sent events: an event
// "game" with {"version": …, "steps": …, "phase": …} at once, and again
// each time the game changes (its steps grow); an event "gone" if it is
// deleted, and the stream ends. A page reads the game again on each.
// Every 15 seconds with no change a comment keeps the connection open.
func (s *Server) events(w http.ResponseWriter, r *http.Request) {
	g := s.lookup(w, r)
	if g == nil {
		return
	}
	ch, stop := s.hub.watch(g.ID)
	defer stop()
	rc := http.NewResponseController(w)
	rc.SetWriteDeadline(time.Time{}) // the stream outlives the server's write timeout
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)
	send := func(event, data string) bool {
		if _, err := fmt.Fprintf(w, "event: %s\ndata: %s\n\n", event, data); err != nil {
			return false
		}
		return rc.Flush() == nil
	}
	tell := func(g *Game) bool {
		return send("game", fmt.Sprintf(`{"version":%d,"steps":%d,"phase":%q}`, g.Version, g.Steps, g.State.Phase()))
	}
	if !tell(g) {
		return
	}
	poll := time.NewTicker(s.poll)
	defer poll.Stop()
	quiet := time.NewTicker(15 * time.Second)
	defer quiet.Stop()
	for {
		select {
		case <-r.Context().Done():
			return
		case <-quiet.C:
			if _, err := fmt.Fprint(w, ": still here\n\n"); err != nil || rc.Flush() != nil {
				return
			}
			continue
		case <-ch:
		case <-poll.C:
		}
		now, err := s.store.Get(r.Context(), g.ID)
		switch {
		case errors.Is(err, ErrNotFound):
			send("gone", "{}")
			return
		case err != nil:
			continue // the store failed: the next look may do better
		case now.Steps == g.Steps:
			continue
		}
		g = now
		if !tell(g) {
			return
		}
	}
}
