package server

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"reflect"
	"strconv"
	"strings"

	"github.com/ludorules/ludo"
	"github.com/ludorules/ludo/internal/echo"
)

// ----- errors -----

// apiError is a refused request: its status and what to say.
type apiError struct {
	status int
	msg    string
	rule   string // the rule an illegal move breaks
	auth   bool   // a 401: the answer says how to authenticate
	stale  bool   // a 409 for a stale version
}

func (e *apiError) Error() string { return e.msg }

// refuse turns an error of package ludo into the request's refusal: the
// library's text, with the status its kind calls for.
func refuse(err error) *apiError {
	e := &apiError{status: http.StatusBadRequest, msg: err.Error()}
	var ill *ludo.IllegalMoveError
	switch {
	case errors.As(err, &ill):
		e.status, e.rule = http.StatusUnprocessableEntity, ill.Rule
	case errors.Is(err, ludo.ErrWrongPhase), errors.Is(err, ludo.ErrGameOver):
		e.status = http.StatusConflict
	}
	return e
}

func badRequest(format string, a ...any) *apiError {
	return &apiError{status: http.StatusBadRequest, msg: fmt.Sprintf(format, a...)}
}

func conflict(format string, a ...any) *apiError {
	return &apiError{status: http.StatusConflict, msg: fmt.Sprintf(format, a...)}
}

type errorBody struct {
	Error string `json:"error"`
	Rule  string `json:"rule,omitempty"`
	Stale bool   `json:"stale,omitempty"` // the request named a version the game has moved on from
}

func writeError(w http.ResponseWriter, e *apiError) {
	if e.auth {
		w.Header().Set("WWW-Authenticate", `Bearer realm="ludo"`)
	}
	writeJSON(w, e.status, errorBody{Error: e.msg, Rule: e.rule, Stale: e.stale})
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	data, err := json.Marshal(v)
	if err != nil {
		status = http.StatusInternalServerError
		data, _ = json.Marshal(errorBody{Error: err.Error()})
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(status)
	w.Write(append(data, '\n'))
}

// readJSON reads the request's body, at most maxBody bytes of one JSON
// object with only the fields of v, into v; an empty body is {}. As the
// library's JSON decoding does, it refuses a key given twice in an
// object, in any case (encoding/json matches keys to fields in any case).
//
// A request with a body must say it is JSON (Content-Type
// application/json, with or without a charset of utf-8): else 415.
func readJSON(w http.ResponseWriter, r *http.Request, v any) *apiError {
	if r.ContentLength != 0 {
		ct := r.Header.Get("Content-Type")
		mt, params, err := mime.ParseMediaType(ct)
		if cs, ok := params["charset"]; err != nil || mt != "application/json" || ok && !strings.EqualFold(cs, "utf-8") {
			return &apiError{status: http.StatusUnsupportedMediaType,
				msg: fmt.Sprintf("the request body is %s: want JSON, with Content-Type: application/json", contentTypeText(ct))}
		}
	}
	data, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxBody))
	var tooBig *http.MaxBytesError
	switch {
	case errors.As(err, &tooBig):
		return &apiError{status: http.StatusRequestEntityTooLarge, msg: fmt.Sprintf("the request body is over %d bytes", maxBody)}
	case err != nil:
		return badRequest("reading the request body: %v", err)
	}
	if len(bytes.TrimSpace(data)) == 0 {
		return nil
	}
	if key, ok := twice(data); ok {
		return badRequest("bad JSON: key %s given twice", echo.Quote(key))
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return badJSON(err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return badRequest("bad JSON: more after the object")
	}
	return nil
}

// twice returns the first key given twice in an object of data, in any
// case, if there is one. Data that is not JSON has none: decoding it says
// what is wrong.
func twice(data []byte) (string, bool) {
	// An object's frame holds its keys so far, and whether a key comes
	// next; a list's frame is nil.
	type object struct {
		keys    []string
		wantKey bool
	}
	var stack []*object
	dec := json.NewDecoder(bytes.NewReader(data))
	for {
		tok, err := dec.Token()
		if err != nil {
			return "", false
		}
		if tok == json.Delim('}') || tok == json.Delim(']') {
			stack = stack[:len(stack)-1]
			continue
		}
		var top *object
		if len(stack) > 0 {
			top = stack[len(stack)-1]
		}
		if top != nil && top.wantKey {
			key, _ := tok.(string) // a key is a string, or Token says the JSON is bad
			for _, k := range top.keys {
				if strings.EqualFold(k, key) {
					return key, true
				}
			}
			top.keys, top.wantKey = append(top.keys, key), false
			continue
		}
		if top != nil {
			top.wantKey = true // after this value
		}
		switch tok {
		case json.Delim('{'):
			stack = append(stack, &object{wantKey: true})
		case json.Delim('['):
			stack = append(stack, nil)
		}
	}
}

// contentTypeText names a request's content type in an error.
func contentTypeText(ct string) string {
	if ct == "" {
		return "of no content type"
	}
	return echo.Quote(ct)
}

// badJSON is the refusal of a body encoding/json could not decode, its
// error told without the body's text but for at most 64 bytes of it
// (encoding/json quotes an unknown field and a number whole), and
// without Go's names of types: what is wanted is said in JSON's words.
func badJSON(err error) *apiError {
	var typ *json.UnmarshalTypeError
	if errors.As(err, &typ) {
		got := article(typ.Value)
		if typ.Field == "" {
			return badRequest("bad JSON: want %s, not %s", jsonKind(typ.Type), got)
		}
		return badRequest("bad JSON: %s: want %s, not %s", strings.TrimPrefix(typ.Field, "."), jsonKind(typ.Type), got)
	}
	if name, ok := strings.CutPrefix(err.Error(), "json: unknown field "); ok {
		if unq, err := strconv.Unquote(name); err == nil {
			return badRequest("bad JSON: unknown field %s", echo.Quote(unq))
		}
	}
	var syn *json.SyntaxError
	if errors.As(err, &syn) {
		return badRequest("bad JSON at byte %d: %s", syn.Offset, strings.TrimPrefix(syn.Error(), "json: "))
	}
	if errors.Is(err, io.ErrUnexpectedEOF) {
		return badRequest("bad JSON: it ends too soon")
	}
	return badRequest("bad JSON: %s", strings.TrimPrefix(err.Error(), "json: "))
}

// jsonKind says in JSON's words what a value of type t is read from.
func jsonKind(t reflect.Type) string {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "true or false"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return "a whole number"
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return fmt.Sprintf("a whole number from 0 to %d", uint64(1)<<(t.Bits()-1)*2-1)
	case reflect.Float32, reflect.Float64:
		return "a number"
	case reflect.Slice, reflect.Array:
		return "a list"
	case reflect.Struct, reflect.Map:
		return "an object"
	}
	return "another kind of value"
}

// article says what encoding/json found where it wanted another kind of
// value ("number 1e400", "array", "object", "string", "bool"): the
// number itself (at most 64 bytes of it), or the kind with "a" or "an".
func article(value string) string {
	kind, num, isNum := strings.Cut(value, " ")
	if kind == "number" && isNum {
		if len(num) > echo.Most { // digits, signs, dots and exponents: ASCII
			num = num[:echo.Most] + "…"
		}
		return "the number " + num
	}
	switch kind {
	case "array":
		return "a list"
	case "object":
		return "an object"
	case "bool":
		return "true or false"
	case "null", "":
		return kind
	}
	return "a " + kind
}
