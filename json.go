package ludo

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strconv"
	"strings"
)

// This file holds the JSON forms of Rules, State and Record. They are
// written for people as much as programs: options and colours by name,
// tokens as arrays of progress. Reading one checks it exactly as the text
// forms are checked (the same code does it), and a value is changed only
// when all of it is good.

// boardJSON is a Board in JSON; a missing field keeps the preset's.
type boardJSON struct {
	Track        *int `json:",omitempty"`
	StartSpacing *int `json:",omitempty"`
	HomeEntry    *int `json:",omitempty"`
	HomeColumn   *int `json:",omitempty"`
}

// rulesJSON is Rules in JSON; a missing field keeps the preset's.
type rulesJSON struct {
	Preset              *string    `json:",omitempty"`
	Board               *boardJSON `json:",omitempty"`
	Players             *int       `json:",omitempty"`
	Seats               *[]string  `json:",omitempty"`
	Tokens              *int       `json:",omitempty"`
	EntryRolls          *[]int     `json:",omitempty"`
	BonusRolls          *[]int     `json:",omitempty"`
	SixLimit            *int       `json:",omitempty"`
	SixPenalty          *string    `json:",omitempty"`
	NoMoveForfeitsBonus *bool      `json:",omitempty"`
	Blocks              *string    `json:",omitempty"`
	OwnLanding          *string    `json:",omitempty"`
	MultiCapture        *string    `json:",omitempty"`
	Finish              *string    `json:",omitempty"`
	End                 *string    `json:",omitempty"`
}

func ptr[T any](v T) *T { return &v }

// MarshalJSON writes the rules as an object with every option, named as
// the fields of [Rules], the constants by name, the sets as arrays, and
// Preset, the preset [Rules.String] names (Seats is left out when it is
// the default):
//
//	{"Preset":"classic","Board":{"Track":52,"StartSpacing":13,"HomeEntry":50,"HomeColumn":5},
//	 "Players":2,"Tokens":4,"EntryRolls":[6],"BonusRolls":[6],"SixLimit":3,
//	 "SixPenalty":"VoidRoll","NoMoveForfeitsBonus":false,"Blocks":"NoBlocks",
//	 "OwnLanding":"OwnLandingAllowed","MultiCapture":"CaptureAll",
//	 "Finish":"ExactFinish","End":"PlayForAllPlaces"}
//
// The zero Rules is null; other rules that are not valid are an error
// matching [ErrInvalidRules].
func (r Rules) MarshalJSON() ([]byte, error) {
	if r == (Rules{}) {
		return []byte("null"), nil
	}
	if err := r.Validate(); err != nil {
		return nil, err
	}
	preset, _, _ := strings.Cut(r.String(), "{")
	faces := func(f Faces) *[]int {
		list := []int{}
		for n := 1; n <= 6; n++ {
			if f.Has(n) {
				list = append(list, n)
			}
		}
		return &list
	}
	j := rulesJSON{
		Preset:              &preset,
		Board:               &boardJSON{&r.Board.Track, &r.Board.StartSpacing, &r.Board.HomeEntry, &r.Board.HomeColumn},
		Players:             &r.Players,
		Tokens:              &r.Tokens,
		EntryRolls:          faces(r.EntryRolls),
		BonusRolls:          faces(r.BonusRolls),
		SixLimit:            &r.SixLimit,
		SixPenalty:          ptr(r.SixPenalty.String()),
		NoMoveForfeitsBonus: &r.NoMoveForfeitsBonus,
		Blocks:              ptr(r.Blocks.String()),
		OwnLanding:          ptr(r.OwnLanding.String()),
		MultiCapture:        ptr(r.MultiCapture.String()),
		Finish:              ptr(r.Finish.String()),
		End:                 ptr(r.End.String()),
	}
	if r.Seats != 0 {
		var seats []string
		for c := range r.Seats.All() {
			seats = append(seats, c.String())
		}
		j.Seats = &seats
	}
	return json.Marshal(j)
}

// UnmarshalJSON reads rules as [Rules.MarshalJSON] writes them. Preset
// (default "classic") gives the options that are left out, so
// {"Preset":"mongolian","Players":2} is enough; names and constants may be
// written in any case. Unknown fields are refused, and the rules are
// validated: the error is a [*ParseError] matching [ErrSyntax] or
// [ErrInvalidRules]. On error r is left unchanged; null leaves it
// unchanged too.
func (r *Rules) UnmarshalJSON(data []byte) error {
	if isNull(data) {
		return nil
	}
	v, err := decodeRules(data, "")
	if err != nil {
		return err
	}
	*r = v
	return nil
}

func isNull(data []byte) bool { return string(bytes.TrimSpace(data)) == "null" }

// decodeStrict decodes one JSON value into v, refusing unknown fields,
// and turns the errors of encoding/json into ParseErrors under path.
// Before decoding it checks the JSON with checkJSON: a key given twice in
// an object, or more values than any game has where the formats put a
// list (see jsonLimits), is refused before anything is decoded.
func decodeStrict(data []byte, v any, path string) *ParseError {
	at := loc{path: strings.TrimSuffix(path, ".")}
	if !json.Valid(data) {
		// Unmarshal checks the whole value before it decodes anything,
		// and says where the first mistake is.
		err := json.Unmarshal(data, &struct{}{})
		var syn *json.SyntaxError
		if !errors.As(err, &syn) {
			return at.errorf(ErrSyntax, "not JSON")
		}
		if path != "" {
			return at.errorf(ErrSyntax, "not JSON: %v", strings.TrimPrefix(syn.Error(), "json: "))
		}
		// Offset is just past the byte at fault; at the end of the input,
		// where the mistake is that more was due.
		end := int(syn.Offset) - 1
		if int(syn.Offset) >= len(data) && strings.Contains(syn.Error(), "end of JSON input") {
			end = len(data)
		}
		line, col := 1, 1
		for _, c := range string(data[:min(max(end, 0), len(data))]) {
			if c == '\n' {
				line, col = line+1, 1
			} else {
				col++
			}
		}
		return loc{line: line, col: col}.errorf(ErrSyntax, "not JSON: %v", strings.TrimPrefix(syn.Error(), "json: "))
	}
	if err := checkJSON(data, path); err != nil {
		return err
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	err := dec.Decode(v)
	if err == nil {
		return nil
	}
	var typ *json.UnmarshalTypeError
	if errors.As(err, &typ) {
		want := "a value of another type"
		switch k := typ.Type.Kind(); {
		case k == reflect.Struct || k == reflect.Map:
			want = "an object"
		case k == reflect.Slice:
			want = "a list"
		case k == reflect.String:
			want = "a string"
		case k == reflect.Bool:
			want = "true or false"
		case k == reflect.Uint64:
			want = "a whole number 0 or more"
		case k == reflect.Int:
			want = "a whole number"
		}
		at.path = strings.Trim(path+typ.Field, ".")
		// Value is the kind of JSON value, and for a number the number.
		return at.errorf(ErrSyntax, "want %s, not %s", want, excerpt(typ.Value))
	}
	msg := strings.TrimPrefix(err.Error(), "json: ")
	if name, ok := strings.CutPrefix(msg, "unknown field "); ok {
		if unq, err := strconv.Unquote(name); err == nil {
			return at.errorf(ErrSyntax, "unknown field %q", unq)
		}
	}
	return at.errorf(ErrSyntax, "%s", excerpt(msg))
}

// maxJSONKeys is the most keys an object may have: the objects of these
// formats have at most 16.
const maxJSONKeys = 64

// jsonLimit bounds a list of the JSON forms: the list under Key (under a
// key of the object under Key, when Parent) holds at most Max values.
type jsonLimit struct {
	Key    string
	Parent bool
	Max    int
	Kind   error  // what the error for more matches
	Msg    string // the error's message
}

// jsonLimits are the lists of the JSON forms of Rules, State and Record,
// with the most values any game can give them. Keys match in any case, as
// encoding/json matches them.
var jsonLimits = []jsonLimit{
	{"Tokens", true, MaxTokens, ErrInvalidSetup, tooManyTokens},
	{"Undo", true, MaxTokens, ErrInvalidSetup, tooManyTokens},
	{"Ranking", false, MaxPlayers, ErrInvalidSetup, tooManyRanked},
	{"Seats", false, MaxPlayers, ErrInvalidRules, fmt.Sprintf("more than MaxPlayers (%d) colours", MaxPlayers)},
	{"EntryRolls", false, 6, ErrSyntax, "more than 6 faces"},
	{"BonusRolls", false, 6, ErrSyntax, "more than 6 faces"},
	{"Plies", false, MaxRecordPlies, ErrSyntax, fmt.Sprintf("more than MaxRecordPlies (%d) plies", MaxRecordPlies)},
}

// jsonFrame is an object or a list checkJSON is in.
type jsonFrame struct {
	list    bool
	n       int    // the values (list) or keys (object) read so far
	key     []byte // object: the key of the value being read, as written
	keys    int    // object: where its keys start in checkJSON's keys
	limit   *jsonLimit
	wantKey bool // object: a key comes next
}

// checkJSON walks valid JSON data found at path and refuses a key given
// twice in an object (in any case, as encoding/json matches keys to
// fields), an object of more than maxJSONKeys keys, and a list longer than
// its jsonLimits entry allows. It allocates nothing but a stack as deep
// as the data and a key list as long as the keys of the objects it is in,
// so it bounds what decoding may allocate before decoding starts.
func checkJSON(data []byte, path string) *ParseError {
	var stack []jsonFrame
	var keys [][]byte
	fail := func(kind error, format string, a ...any) *ParseError {
		var b strings.Builder
		b.WriteString(strings.TrimSuffix(path, "."))
		for _, f := range stack {
			switch {
			case f.list:
				b.WriteString("[" + strconv.Itoa(f.n-1) + "]")
			case f.key != nil:
				if b.Len() > 0 {
					b.WriteByte('.')
				}
				b.WriteString(excerpt(jsonKey(f.key)))
			}
		}
		return loc{path: b.String()}.errorf(kind, format, a...)
	}
	// value counts a value starting in the innermost list.
	value := func() *ParseError {
		if len(stack) == 0 || !stack[len(stack)-1].list {
			return nil
		}
		f := &stack[len(stack)-1]
		f.n++
		if f.limit != nil && f.n > f.limit.Max {
			return fail(f.limit.Kind, "%s", f.limit.Msg)
		}
		return nil
	}
	for i := 0; i < len(data); {
		c := data[i]
		switch c {
		case '{', '[':
			if err := value(); err != nil {
				return err
			}
			f := jsonFrame{list: c == '[', keys: len(keys), wantKey: c == '{'}
			if f.list {
				f.limit = limitOf(stack)
			}
			stack = append(stack, f)
			i++
		case '}', ']':
			keys = keys[:stack[len(stack)-1].keys]
			stack = stack[:len(stack)-1]
			i++
		case ',':
			if f := &stack[len(stack)-1]; !f.list {
				f.wantKey = true
			}
			i++
		case '"':
			end := i + 1
			for data[end] != '"' {
				if data[end] == '\\' {
					end++
				}
				end++
			}
			end++
			if len(stack) > 0 && stack[len(stack)-1].wantKey {
				f := &stack[len(stack)-1]
				key := data[i+1 : end-1]
				f.key, f.wantKey = nil, false
				switch {
				case f.n == maxJSONKeys:
					return fail(ErrSyntax, "more than %d keys in one object", maxJSONKeys)
				case len(key) > maxEcho: // longer than any field's or colour's name
					return fail(ErrSyntax, "unknown field %q", jsonKey(key[:min(len(key), 4*maxEcho)]))
				}
				for _, k := range keys[f.keys:] {
					if sameKey(k, key) {
						return fail(ErrSyntax, "key %q given twice", jsonKey(key))
					}
				}
				f.n++
				f.key = key
				keys = append(keys, key)
			} else if err := value(); err != nil {
				return err
			}
			i = end
		case ' ', '\t', '\n', '\r', ':':
			i++
		default: // a number, true, false or null
			if err := value(); err != nil {
				return err
			}
			for i < len(data) && !strings.ContainsRune(",]} \t\n\r", rune(data[i])) {
				i++
			}
		}
	}
	return nil
}

// limitOf returns the jsonLimit of a list that starts in the innermost of
// stack, if any.
func limitOf(stack []jsonFrame) *jsonLimit {
	n := len(stack)
	for k := range jsonLimits {
		l := &jsonLimits[k]
		owner := n - 1
		if l.Parent {
			owner = n - 2
		}
		if owner >= 0 && !stack[owner].list && stack[owner].key != nil && sameKey(stack[owner].key, []byte(l.Key)) {
			return l
		}
	}
	return nil
}

// jsonKey returns a key as written in JSON (without its quotes) as the
// string it stands for.
func jsonKey(raw []byte) string {
	if bytes.IndexByte(raw, '\\') < 0 {
		return string(raw)
	}
	var s string
	if json.Unmarshal(append(append([]byte{'"'}, raw...), '"'), &s) != nil {
		return string(raw)
	}
	return s
}

// sameKey reports whether two keys as written in JSON match the same
// field, as encoding/json matches them: in any case.
func sameKey(a, b []byte) bool {
	if bytes.IndexByte(a, '\\') < 0 && bytes.IndexByte(b, '\\') < 0 {
		return bytes.EqualFold(a, b)
	}
	return strings.EqualFold(jsonKey(a), jsonKey(b))
}

// decodeRules reads rules JSON found at path ("" at the top).
func decodeRules(data []byte, path string) (Rules, *ParseError) {
	if isNull(data) {
		return Rules{}, loc{path: strings.TrimSuffix(path, ".")}.errorf(ErrSyntax, "no rules")
	}
	var j rulesJSON
	if err := decodeStrict(data, &j, path); err != nil {
		return Rules{}, err
	}
	at := func(field string) loc { return loc{path: path + field} }
	r := Classic()
	if j.Preset != nil {
		var ok bool
		if r, ok = Preset(*j.Preset); !ok {
			return Rules{}, at("Preset").errorf(ErrSyntax, "unknown preset %q: want classic or mongolian", *j.Preset)
		}
	}
	if b := j.Board; b != nil {
		for _, f := range []struct {
			v   *int
			dst *int
		}{{b.Track, &r.Board.Track}, {b.StartSpacing, &r.Board.StartSpacing}, {b.HomeEntry, &r.Board.HomeEntry}, {b.HomeColumn, &r.Board.HomeColumn}} {
			if f.v != nil {
				*f.dst = *f.v
			}
		}
	}
	for _, f := range []struct {
		v   *int
		dst *int
	}{{j.Players, &r.Players}, {j.Tokens, &r.Tokens}, {j.SixLimit, &r.SixLimit}} {
		if f.v != nil {
			*f.dst = *f.v
		}
	}
	if j.Seats != nil {
		r.Seats = 0
		for k, name := range *j.Seats {
			c, ok := ParseColor(name)
			if !ok {
				return Rules{}, at(fmt.Sprintf("Seats[%d]", k)).errorf(ErrSyntax, "%q is not a colour: want red, green, yellow or blue", name)
			}
			if r.Seats.Has(c) {
				return Rules{}, at(fmt.Sprintf("Seats[%d]", k)).errorf(ErrSyntax, "%v given twice", c)
			}
			r.Seats |= ColorsOf(c)
		}
	}
	for _, f := range []struct {
		name string
		v    *[]int
		dst  *Faces
	}{{"EntryRolls", j.EntryRolls, &r.EntryRolls}, {"BonusRolls", j.BonusRolls, &r.BonusRolls}} {
		if f.v == nil {
			continue
		}
		*f.dst = 0
		for k, n := range *f.v {
			switch {
			case n < 1 || n > 6:
				return Rules{}, at(fmt.Sprintf("%s[%d]", f.name, k)).errorf(ErrSyntax, "%d is not a die face 1 to 6", n)
			case f.dst.Has(n):
				return Rules{}, at(fmt.Sprintf("%s[%d]", f.name, k)).errorf(ErrSyntax, "face %d given twice", n)
			}
			*f.dst |= FacesOf(n)
		}
	}
	if j.NoMoveForfeitsBonus != nil {
		r.NoMoveForfeitsBonus = *j.NoMoveForfeitsBonus
	}
	for _, f := range []struct {
		name string
		v    *string
		set  func(*Rules, string) string
	}{
		{"SixPenalty", j.SixPenalty, enumField(func(r *Rules) *SixPenalty { return &r.SixPenalty })},
		{"Blocks", j.Blocks, enumField(func(r *Rules) *BlockRule { return &r.Blocks })},
		{"OwnLanding", j.OwnLanding, enumField(func(r *Rules) *OwnLanding { return &r.OwnLanding })},
		{"MultiCapture", j.MultiCapture, enumField(func(r *Rules) *MultiCapture { return &r.MultiCapture })},
		{"Finish", j.Finish, enumField(func(r *Rules) *FinishRule { return &r.Finish })},
		{"End", j.End, enumField(func(r *Rules) *EndRule { return &r.End })},
	} {
		if f.v != nil {
			if msg := f.set(&r, *f.v); msg != "" {
				return Rules{}, at(f.name).errorf(ErrSyntax, "%s", msg)
			}
		}
	}
	if err := r.Validate(); err != nil {
		return Rules{}, loc{path: strings.TrimSuffix(path, ".")}.wrap(err)
	}
	return r, nil
}

// byColor is a JSON object with a value for each colour in has, written
// in clockwise order from red, keyed by the colours' names.
type byColor[T any] struct {
	has Colors
	v   [MaxPlayers]T
}

func (m *byColor[T]) set(c Color, v T) {
	m.has |= ColorsOf(c)
	m.v[c] = v
}

// MarshalJSON implements [json.Marshaler].
func (m *byColor[T]) MarshalJSON() ([]byte, error) {
	b := []byte{'{'}
	for c := range m.has.All() {
		if len(b) > 1 {
			b = append(b, ',')
		}
		v, err := json.Marshal(m.v[c])
		if err != nil {
			return nil, err
		}
		b = append(strconv.AppendQuote(b, c.String()), ':')
		b = append(b, v...)
	}
	return append(b, '}'), nil
}

// stateJSON is a State in JSON.
type stateJSON struct {
	Rules   json.RawMessage
	Tokens  *byColor[[]int] `json:",omitempty"`
	Ranking []string        `json:",omitempty"`
	Turn    *string         `json:",omitempty"`
	Die     *int            `json:",omitempty"`
	Sixes   *int            `json:",omitempty"`
	Undo    *byColor[[]int] `json:",omitempty"`
}

// MarshalJSON writes the position as an object with the same content as
// [FormatPosition]'s text: Rules (as [Rules.MarshalJSON] writes them),
// Tokens (each colour's progress array, -1 for the yard, token 0 first),
// Ranking, Turn, Die and Sixes (left out when 0), and under [UndoTurn] Undo
// (where tokens stood when the turn began, for colours where it differs):
//
//	{"Rules":{…},"Tokens":{"red":[10,-1,53,56],"yellow":[45,45,-1,-1]},
//	 "Turn":"red","Die":6,"Sixes":1}
//
// The zero State is null.
func (s State) MarshalJSON() ([]byte, error) {
	if !s.IsValid() {
		return []byte("null"), nil
	}
	rules, err := s.Rules().MarshalJSON()
	if err != nil {
		return nil, err
	}
	u := s.Setup()
	j := stateJSON{Rules: rules, Tokens: &byColor[[]int]{}, Turn: ptr(s.turn.String())}
	for c := range s.cfg.seats.All() {
		j.Tokens.set(c, u.Tokens[c][:s.cfg.tokens])
	}
	for _, c := range u.Ranking {
		j.Ranking = append(j.Ranking, c.String())
	}
	if s.die != 0 {
		j.Die = ptr(int(s.die))
	}
	if s.sixes != 0 {
		j.Sixes = ptr(int(s.sixes))
	}
	for c := range s.cfg.seats.All() {
		if u.TurnStart != nil && u.TurnStart[c] != u.Tokens[c] {
			if j.Undo == nil {
				j.Undo = &byColor[[]int]{}
			}
			j.Undo.set(c, u.TurnStart[c][:s.cfg.tokens])
		}
	}
	return json.Marshal(j)
}

// UnmarshalJSON reads a position as [State.MarshalJSON] writes it. As in
// the text of [ParsePosition], Rules is required and the rest optional: a
// colour left out of Tokens is in its yard, as are tokens left off the end
// of its array; Turn defaults to the first colour still playing; Sixes to
// 1 if Die earns a bonus roll. The position is checked exactly as
// ParsePosition checks it, and as the text refuses a second line for a
// key, no key may be given twice in an object. A list longer than any
// game allows ([MaxTokens] tokens a colour, [MaxPlayers] colours ranked)
// is refused before it is decoded.
//
// The error is a [*ParseError] matching [ErrSyntax], [ErrInvalidRules] or
// [ErrInvalidSetup]: for malformed JSON with the Line and Col of the
// mistake, otherwise with the Path of the field at fault (empty for the
// value as a whole). (Through [json.Unmarshal] or a [json.Decoder],
// encoding/json checks the syntax before this method is called and
// returns its own *json.SyntaxError for malformed JSON.) On error s is
// left unchanged; null leaves it unchanged too.
func (s *State) UnmarshalJSON(data []byte) error {
	if isNull(data) {
		return nil
	}
	v, err := decodeState(data, "")
	if err != nil {
		return err
	}
	*s = v
	return nil
}

// stateJSONIn is a State in JSON as read: the colours of Tokens and Undo
// are checked here, to say which is wrong.
type stateJSONIn struct {
	Rules   json.RawMessage
	Tokens  map[string][]int
	Ranking []string
	Turn    *string
	Die     *int
	Sixes   *int
	Undo    map[string][]int
}

// decodeState reads position JSON found at path ("" at the top).
func decodeState(data []byte, path string) (State, *ParseError) {
	var j stateJSONIn
	if err := decodeStrict(data, &j, path); err != nil {
		return State{}, err
	}
	at := func(field string) loc { return loc{path: path + field} }
	if len(j.Rules) == 0 {
		return State{}, at("Rules").errorf(ErrSyntax, "no rules")
	}
	r, err := decodeRules(j.Rules, path+"Rules.")
	if err != nil {
		return State{}, err
	}
	sp := newPosSpec(r, at("Rules"))
	for k, t := range [2]map[string][]int{j.Tokens, j.Undo} {
		field := [2]string{"Tokens", "Undo"}[k]
		var seen Colors
		for _, key := range slices.Sorted(maps.Keys(t)) {
			c, ok := ParseColor(key)
			switch {
			case !ok:
				return State{}, at(field).errorf(ErrSyntax, "%q is not a colour: want %s", key, colorChoice)
			case seen.Has(c):
				return State{}, at(field).errorf(ErrSyntax, "%v given twice", c)
			}
			seen |= ColorsOf(c)
			name := fmt.Sprintf("%s.%v", field, c)
			locs := make([]loc, len(t[key]))
			for i := range locs {
				locs[i] = at(fmt.Sprintf("%s[%d]", name, i))
			}
			if err := sp.setTokens(k, c, at(name), t[key], locs); err != nil {
				return State{}, err
			}
		}
	}
	color := func(name, field string) (Color, *ParseError) {
		c, ok := ParseColor(name)
		if !ok {
			return 0, at(field).errorf(ErrSyntax, "%q is not a colour: want %s", name, colorChoice)
		}
		return c, nil
	}
	if j.Turn != nil {
		if sp.u.Turn, err = color(*j.Turn, "Turn"); err != nil {
			return State{}, err
		}
		sp.turnAt = at("Turn")
	}
	if j.Die != nil {
		sp.u.Die, sp.dieAt = *j.Die, at("Die")
	}
	if j.Sixes != nil {
		sp.u.Sixes, sp.sixesAt = *j.Sixes, at("Sixes")
	}
	for k, name := range j.Ranking {
		field := fmt.Sprintf("Ranking[%d]", k)
		c, err := color(name, field)
		if err != nil {
			return State{}, err
		}
		sp.u.Ranking = append(sp.u.Ranking, c)
		sp.rankAt = append(sp.rankAt, at(field))
	}
	return sp.build()
}

// plyJSON is a Ply in JSON.
type plyJSON struct {
	Player string
	Face   int
	Move   string
}

// recordJSON is a Record in JSON, as written.
type recordJSON struct {
	Start json.RawMessage
	Seed  *uint64          `json:",omitempty"`
	Names *byColor[string] `json:",omitempty"`
	Plies []plyJSON
}

// recordJSONIn is a Record in JSON as read: the colours of Names are
// checked here, to say which is wrong.
type recordJSONIn struct {
	Start json.RawMessage
	Seed  *uint64
	Names map[string]string
	Plies []plyJSON
}

// MarshalJSON writes the record as an object: Start (as
// [State.MarshalJSON] writes it), Seed (when seeded), Names (by colour)
// and Plies, each with its Player, Face and Move text:
//
//	{"Start":{"Rules":{…},"Tokens":{…},"Turn":"red"},"Seed":1,
//	 "Names":{"red":"Alice"},
//	 "Plies":[{"Player":"red","Face":6,"Move":"0: yard-0 enter"}, …]}
func (r Record) MarshalJSON() ([]byte, error) {
	start, err := r.Start.MarshalJSON()
	if err != nil {
		return nil, err
	}
	j := recordJSON{Start: start, Plies: []plyJSON{}}
	if r.Seeded {
		j.Seed = &r.Seed
	}
	for c, name := range r.Names {
		if name != "" {
			if j.Names == nil {
				j.Names = &byColor[string]{}
			}
			j.Names.set(Color(c), name)
		}
	}
	for _, p := range r.Plies {
		j.Plies = append(j.Plies, plyJSON{p.Player.String(), p.Face, p.Move})
	}
	return json.Marshal(j)
}

// UnmarshalJSON reads a record as [Record.MarshalJSON] writes it, checking
// it as [ParseRecord] checks the text: Start as [State.UnmarshalJSON] reads
// a position, Names by colour (a colour may be given once), each ply's
// Player, Face and Move. The JSON may be at most [MaxRecordBytes] long,
// with at most [MaxRecordPlies] plies, and no key may be given twice in
// an object. The error is a [*ParseError] matching [ErrSyntax],
// [ErrInvalidRules], [ErrInvalidSetup] or [ErrBadFace]: for malformed
// JSON with the Line and Col of the mistake, otherwise with the Path of
// the field at fault. (Through [json.Unmarshal] or a [json.Decoder],
// encoding/json checks the syntax before this method is called and
// returns its own *json.SyntaxError for malformed JSON.) On error r is
// left unchanged; null leaves it unchanged too.
func (r *Record) UnmarshalJSON(data []byte) error {
	if isNull(data) {
		return nil
	}
	if len(data) > MaxRecordBytes {
		return loc{}.errorf(ErrSyntax, "the record is %d bytes, more than MaxRecordBytes (%d)", len(data), MaxRecordBytes)
	}
	var j recordJSONIn
	if err := decodeStrict(data, &j, ""); err != nil {
		return err
	}
	if len(j.Start) == 0 {
		return loc{path: "Start"}.errorf(ErrSyntax, "no start position")
	}
	start, err := decodeState(j.Start, "Start.")
	if err != nil {
		return err
	}
	if start.Phase() == PhaseMove {
		return loc{path: "Start.Die"}.errorf(ErrInvalidSetup, "a record starts with a roll due: give the die as the first ply's face")
	}
	rec := Record{Start: start}
	if j.Seed != nil {
		rec.Seeded, rec.Seed = true, *j.Seed
	}
	seats := start.Players()
	var named Colors
	for _, key := range slices.Sorted(maps.Keys(j.Names)) {
		c, ok := ParseColor(key)
		switch name := j.Names[key]; {
		case !ok:
			return loc{path: "Names"}.errorf(ErrSyntax, "%q is not a colour: want %s", key, colorChoice)
		case named.Has(c):
			return loc{path: "Names"}.errorf(ErrSyntax, "%v given twice", c)
		case name != "" && !seats.Has(c):
			return loc{path: "Names." + c.String()}.errorf(ErrInvalidSetup, "%v does not play: the players are %v", c, seats)
		default:
			named |= ColorsOf(c)
			rec.Names[c] = name
		}
	}
	for k, p := range j.Plies {
		at := func(field string) loc { return loc{path: fmt.Sprintf("Plies[%d].%s", k, field)} }
		c, ok := ParseColor(p.Player)
		switch {
		case !ok:
			return at("Player").errorf(ErrSyntax, "%q is not a colour: want %s", p.Player, colorChoice)
		case !seats.Has(c):
			return at("Player").errorf(ErrInvalidSetup, "%v does not play: the players are %v", c, seats)
		case p.Face < 1 || p.Face > 6:
			return at("Face").errorf(ErrBadFace, "face %d: want 1 to 6", p.Face)
		}
		mt, perr := parseMoveText(p.Move, 0, 0)
		if perr != nil {
			perr.Line, perr.Col, perr.Path = 0, 0, at("Move").path
			return perr
		}
		if mt.hasColor && mt.color != c {
			return at("Move").errorf(ErrSyntax, "the move is %v's, but the ply is %v's", mt.color, c)
		}
		rec.Plies = append(rec.Plies, Ply{Player: c, Face: p.Face, Move: mt.String()})
	}
	*r = rec
	return nil
}
