package server

import (
	"bytes"
	_ "embed"
	"html/template"
	"net/http"

	"github.com/ludorules/ludo"
)

// page.html is the page people play on: at / the lobby (a form that
// creates a game and sits its creator, and the list of games), at
// /play/{id} a game (its seats, the board as package picture draws it,
// the roll and the moves, kept up to date by the game's event stream).
// It speaks to the server through the API alone, and keeps the seat's
// credential in the browser's localStorage.
//
//go:embed page.html
var pageHTML string

var pageTemplate = template.Must(template.New("page").Parse(pageHTML))

// pageBytes is the page, written once: it depends on nothing but the
// presets.
var pageBytes = func() []byte {
	var b bytes.Buffer
	if err := pageTemplate.Execute(&b, struct{ Presets []string }{ludo.Presets()}); err != nil {
		panic(err) // the template and its data are fixed: a test runs it
	}
	return b.Bytes()
}()

func (s *Server) page(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Content-Security-Policy", "default-src 'self'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src 'self' data:")
	w.Write(pageBytes)
}
