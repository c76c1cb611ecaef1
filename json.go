package ludo

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// This file holds the JSON forms of Rules, State and Record. They are
// written for people as much as programs: options and colours by name,
// tokens as arrays of progress. Reading one checks it exactly as the text
// forms are checked (the same code does it), and a value is changed only
// when all of it is good.

// MarshalJSON writes the rules as an object: Preset, the preset
// [Rules.String] names, then every option of the option table (the
// README's options table) by name, in its order: numbers, true or false,
// sets as arrays (colours by name), constants by name, and bonuses as
// "none", "roll" or a number of steps (Seats is left out when it is the
// default):
//
//	{"Preset":"classic","Arms":4,"Track":52,"StartSpacing":13,"HomeEntry":50,
//	 "HomeColumn":5,"Safe":[],"Stars":[],"Players":2,"Teams":"NoTeams",
//	 "Tokens":4,…,"End":"PlayForAllPlaces"}
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
	b := []byte(`{"Preset":`)
	b = strconv.AppendQuote(b, r.Preset)
	for i := range options {
		o := &options[i]
		v := o.get(&r)
		if o.name == "Seats" && v == 0 {
			continue
		}
		b = append(b, ',')
		b = strconv.AppendQuote(b, o.name)
		b = append(b, ':')
		b = o.appendJSON(b, v)
	}
	return append(b, '}'), nil
}

// appendJSON appends value v of the option as JSON.
func (o *option) appendJSON(b []byte, v uint64) []byte {
	list := func(max int, item func(b []byte, n int) []byte) []byte {
		b = append(b, '[')
		first := true
		for n := 0; n <= max; n++ {
			if v&(1<<n) != 0 {
				if !first {
					b = append(b, ',')
				}
				first = false
				b = item(b, n)
			}
		}
		return append(b, ']')
	}
	number := func(b []byte, n int) []byte { return strconv.AppendInt(b, int64(n), 10) }
	switch o.kind {
	case kindBool:
		return strconv.AppendBool(b, v != 0)
	case kindFaces:
		return list(MaxFace, number)
	case kindOffsets:
		return list(63, number)
	case kindColors:
		return list(MaxPlayers-1, func(b []byte, n int) []byte { return strconv.AppendQuote(b, Color(n).String()) })
	case kindEnum:
		return strconv.AppendQuote(b, o.format(v))
	case kindBonus:
		if Bonus(v).Steps() > 0 {
			return number(b, int(v))
		}
		return strconv.AppendQuote(b, o.format(v))
	}
	return number(b, int(v))
}

// UnmarshalJSON reads rules as [Rules.MarshalJSON] writes them, or in
// their text form as a JSON string ("mongolian{Players:2}", as
// [ParseRules] reads it). Preset
// (default "classic") gives the options that are left out, so
// {"Preset":"mongolian","Players":2} is enough; option names, colours and
// constants may be written in any case. Unknown fields are refused, and
// the rules are validated: the error is a [*ParseError] matching
// [ErrSyntax] or [ErrInvalidRules]. On error r is left unchanged; null
// leaves it unchanged too.
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

// fieldNames returns the JSON names of the fields of the struct v points
// to, for an unknown field's error.
func fieldNames(v any) []string {
	t := reflect.TypeOf(v)
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t.Kind() != reflect.Struct {
		return nil
	}
	var names []string
	for k := range t.NumField() {
		f := t.Field(k)
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		names = append(names, cmp.Or(name, f.Name))
	}
	return names
}

func isNull(data []byte) bool { return string(bytes.TrimSpace(data)) == "null" }

// decodeStrict decodes one JSON value into v, refusing unknown fields,
// and turns the errors of encoding/json into ParseErrors under path.
// Before decoding it checks the JSON with checkJSON: a key given twice in
// an object, or more values than any game has where the formats put a
// list (see jsonLimits), is refused before anything is decoded.
func decodeStrict(data []byte, v any, path string) *ParseError {
	at := loc{path: strings.TrimSuffix(path, ".")}
	if !utf8.Valid(data) { // encoding/json would decode it changed
		return at.errorf(ErrSyntax, "not JSON: not valid UTF-8")
	}
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
			return at.errorf(ErrSyntax, "%s", unknownName("field", unq, fieldNames(v)))
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
// with the most values any game can give them: a State's and a Record's
// own lists, then each list option's, as the option table gives it. Keys
// match in any case, as encoding/json matches them.
var jsonLimits = func() []jsonLimit {
	l := []jsonLimit{
		{"Tokens", true, MaxTokens, ErrInvalidSetup, tooManyTokens},
		{"Undo", true, MaxTokens, ErrInvalidSetup, tooManyTokens},
		{"Ranking", false, MaxPlayers, ErrInvalidSetup, tooManyRanked},
		{"Played", false, 4, ErrInvalidSetup, "more than four amounts played: a throw is two dice, or four amounts of tops and bottoms (rules W1, H2)"},
		{"Earned", false, 6, ErrInvalidSetup, "more than 6 bonus moves earned (rule P8)"},
		{"Plies", false, MaxRecordPlies, ErrSyntax, fmt.Sprintf("more than MaxRecordPlies (%d) plies", MaxRecordPlies)},
	}
	for k := range options {
		if most, msg, kind := options[k].listLimit(); most > 0 {
			l = append(l, jsonLimit{options[k].name, false, most, kind, msg})
		}
	}
	return l
}()

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

// decodeRules reads rules JSON found at path ("" at the top): an object
// of options, or the text form as a string ("mongolian{Players:2}"), in
// Rules' JSON and wherever a State's or a Record's JSON holds rules.
func decodeRules(data []byte, path string) (Rules, *ParseError) {
	if isNull(data) {
		return Rules{}, loc{path: strings.TrimSuffix(path, ".")}.errorf(ErrSyntax, "no rules")
	}
	if t := bytes.TrimSpace(data); len(t) > 0 && t[0] == '"' {
		var text string
		if err := decodeStrict(t, &text, path); err != nil {
			return Rules{}, err
		}
		r, err := parseRulesLine(text)
		if err != nil {
			if path != "" { // a place in the JSON, not in the text
				err.Line, err.Col, err.Path = 0, 0, strings.TrimSuffix(path, ".")
			}
			return Rules{}, err
		}
		return r, nil
	}
	var fields map[string]json.RawMessage
	if err := decodeStrict(data, &fields, path); err != nil {
		return Rules{}, err
	}
	at := func(field string) loc { return loc{path: path + field} }
	r := Classic()
	keys := slices.Sorted(maps.Keys(fields))
	for _, k := range keys {
		if strings.EqualFold(k, "Preset") {
			var name string
			if err := decodeStrict(fields[k], &name, path+k); err != nil {
				return Rules{}, err
			}
			var ok bool
			if r, ok = Preset(name); !ok {
				return Rules{}, at(k).errorf(ErrSyntax, "unknown preset %s: want one of %s", quote(name), strings.Join(Presets(), ", "))
			}
		}
	}
	for _, k := range keys {
		if strings.EqualFold(k, "Preset") {
			continue
		}
		o, ok := optionByName(k)
		if !ok {
			return Rules{}, loc{path: strings.TrimSuffix(path, ".")}.errorf(ErrSyntax, "%s", unknownName("field", k, append(optionNames(), "Preset")))
		}
		v, err := o.decodeJSON(fields[k], path+k)
		if err != nil {
			return Rules{}, err
		}
		o.set(&r, v)
	}
	if err := r.Validate(); err != nil {
		return Rules{}, loc{path: strings.TrimSuffix(path, ".")}.wrap(err)
	}
	return r, nil
}

// decodeJSON reads a value of the option as appendJSON writes it, found at
// path.
func (o *option) decodeJSON(data []byte, path string) (uint64, *ParseError) {
	at := loc{path: path}
	bad := func(msg string) (uint64, *ParseError) { return 0, at.errorf(ErrSyntax, "%s", msg) }
	switch o.kind {
	case kindBool:
		var v bool
		if err := decodeStrict(data, &v, path); err != nil {
			return 0, err
		}
		return uint64(b2u(v)), nil
	case kindFaces, kindOffsets, kindColors:
		var items []json.RawMessage
		if err := decodeStrict(data, &items, path); err != nil {
			return 0, err
		}
		var v uint64
		for k, item := range items {
			at := fmt.Sprintf("%s[%d]", path, k)
			var n int
			var word string
			if o.kind == kindColors {
				if err := decodeStrict(item, &word, at); err != nil {
					return 0, err
				}
			} else {
				if err := decodeStrict(item, &n, at); err != nil {
					return 0, err
				}
				word = strconv.Itoa(n)
			}
			one, msg := o.parse("{" + word + "}")
			if msg != "" || strings.ContainsAny(word, "{} \t") {
				if msg == "" {
					msg = fmt.Sprintf("%s is not one value", quote(word))
				}
				return 0, loc{path: at}.errorf(ErrSyntax, "%s", msg)
			}
			if v&one != 0 {
				what := word
				if o.kind == kindFaces {
					what = "face " + word
				}
				return 0, loc{path: at}.errorf(ErrSyntax, "%s given twice", what)
			}
			v |= one
		}
		return v, nil
	case kindEnum:
		var name string
		if err := decodeStrict(data, &name, path); err != nil {
			return 0, err
		}
		v, msg := o.parse(name)
		if msg != "" {
			return bad(msg)
		}
		return v, nil
	case kindBonus:
		var x any
		if err := decodeStrict(data, &x, path); err != nil {
			return 0, err
		}
		text := ""
		switch x := x.(type) {
		case string:
			text = x
		case float64:
			text = strconv.FormatFloat(x, 'f', -1, 64)
		default:
			return bad(`want "none", "roll" or a number of steps`)
		}
		v, msg := o.parse(text)
		if msg != "" {
			return bad(msg)
		}
		return v, nil
	}
	var n int
	if err := decodeStrict(data, &n, path); err != nil {
		return 0, err
	}
	if n < 0 {
		return bad(fmt.Sprintf("%d is below 0", n))
	}
	return uint64(n), nil
}

// colorMap is a JSON object keyed by colour names, written in the
// colours' order.
type colorMap[T any] [MaxPlayers]*T

// MarshalJSON writes the colours that have a value, red first.
func (m colorMap[T]) MarshalJSON() ([]byte, error) {
	b := []byte{'{'}
	for c, v := range m {
		if v == nil {
			continue
		}
		if len(b) > 1 {
			b = append(b, ',')
		}
		b = strconv.AppendQuote(b, Color(c).String())
		b = append(b, ':')
		j, err := json.Marshal(*v)
		if err != nil {
			return nil, err
		}
		b = append(b, j...)
	}
	return append(b, '}'), nil
}

// stateJSON is a State in JSON.
type stateJSON struct {
	Rules     json.RawMessage
	Tokens    colorMap[[]int]
	Ranking   []string         `json:",omitempty"`
	Turn      string           `json:",omitempty"`
	Die       int              `json:",omitempty"`
	SecondDie int              `json:",omitempty"`
	Bottoms   bool             `json:",omitempty"`
	Played    []int            `json:",omitempty"`
	Earned    []int            `json:",omitempty"`
	Bonus     int              `json:",omitempty"`
	Sixes     int              `json:",omitempty"`
	Tries     int              `json:",omitempty"`
	LastMoved *int             `json:",omitempty"`
	ExtraRoll bool             `json:",omitempty"`
	Captured  []string         `json:",omitempty"`
	Undo      *colorMap[[]int] `json:",omitempty"`
	Later     *colorMap[[]int] `json:",omitempty"`
}

// MarshalJSON writes the position as an object with the same content as
// [FormatPosition]'s text: Rules (as [Rules.MarshalJSON] writes them),
// Tokens (each colour's progress array, -1 for the yard, token 0 first),
// Ranking, Turn, Die, SecondDie and Played (with two dice, rule W1: the
// face of the die played), Bonus, Sixes and Tries (left out when 0: the
// Setup's BonusMove, Streak and TriesUsed, under the text form's keys),
// LastMoved (left out for none), ExtraRoll (left out when false),
// Captured (the colours that have captured, rule K4), under [UndoTurn]
// Undo (where tokens stood when the turn began, for colours where it
// differs), and under [EntryCapturesLast] Later (the indices of each
// colour's tokens that arrived last on a shared square, rule P4):
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
	n := int(s.rs.tokens)
	j := stateJSON{Rules: rules, Turn: s.turn.String(), Die: u.Die, SecondDie: u.SecondDie, Bonus: u.BonusMove, Sixes: u.Streak, Tries: u.TriesUsed, ExtraRoll: u.ExtraRoll}
	faces := s.amountFaces()
	for k, p := range u.Played {
		if p {
			j.Played = append(j.Played, faces[k])
		}
	}
	j.Earned, j.Bottoms = u.Earned, u.Bottoms
	for c := range s.Players().All() {
		t := u.Tokens[c][:n]
		j.Tokens[c] = &t
		if u.TurnStart != nil && u.TurnStart[c] != u.Tokens[c] {
			if j.Undo == nil {
				j.Undo = &colorMap[[]int]{}
			}
			b := u.TurnStart[c][:n]
			j.Undo[c] = &b
		}
		var later []int
		for i, l := range u.Later[c] {
			if l {
				later = append(later, i)
			}
		}
		if later != nil {
			if j.Later == nil {
				j.Later = &colorMap[[]int]{}
			}
			j.Later[c] = &later
		}
	}
	for _, c := range u.Ranking {
		j.Ranking = append(j.Ranking, c.String())
	}
	for c := range u.Captured.All() {
		j.Captured = append(j.Captured, c.String())
	}
	for i, l := range u.LastMoved {
		if l {
			j.LastMoved = &i
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
// [ErrInvalidSetup]: for malformed JSON with the textLine and Col of the
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

// stateJSONIn is a State in JSON as read: the colours of Tokens, Undo and
// Later are checked here, to say which is wrong.
type stateJSONIn struct {
	Rules     json.RawMessage
	Tokens    map[string][]int
	Ranking   []string
	Turn      *string
	Die       *int
	SecondDie *int
	Bottoms   *bool
	Played    []int
	Earned    []int
	Bonus     *int
	Sixes     *int
	Tries     *int
	LastMoved *int
	ExtraRoll *bool
	Captured  []string
	Undo      map[string][]int
	Later     map[string][]int
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
	color := func(name, field string) (Color, *ParseError) {
		c, ok := ParseColor(name)
		if !ok {
			return 0, at(field).errorf(ErrSyntax, "%s is not a colour: want %s", quote(name), colorList)
		}
		return c, nil
	}
	for k, t := range [3]map[string][]int{j.Tokens, j.Undo, j.Later} {
		field := [3]string{"Tokens", "Undo", "Later"}[k]
		var seen Colors
		for _, key := range slices.Sorted(maps.Keys(t)) {
			c, err := color(key, field)
			switch {
			case err != nil:
				return State{}, err
			case seen.Has(c):
				return State{}, at(field).errorf(ErrSyntax, "%v given twice", c)
			}
			seen |= ColorsOf(c)
			name := fmt.Sprintf("%s.%v", field, c)
			locs := make([]loc, len(t[key]))
			for i := range locs {
				locs[i] = at(fmt.Sprintf("%s[%d]", name, i))
			}
			if k == 2 {
				if err := sp.setLater(c, t[key], locs); err != nil {
					return State{}, err
				}
				continue
			}
			if err := sp.setTokens(k, c, at(name), t[key], locs); err != nil {
				return State{}, err
			}
		}
	}
	if j.Turn != nil {
		if sp.u.Turn, err = color(*j.Turn, "Turn"); err != nil {
			return State{}, err
		}
		sp.turnAt = at("Turn")
	}
	for _, f := range []struct {
		v    *int
		name string
		dst  *int
		at   *loc
	}{
		{j.Die, "Die", &sp.u.Die, &sp.dieAt}, {j.SecondDie, "SecondDie", &sp.u.SecondDie, &sp.secondAt}, {j.Bonus, "Bonus", &sp.u.BonusMove, &sp.bonusAt},
		{j.Sixes, "Sixes", &sp.u.Streak, &sp.sixesAt}, {j.Tries, "Tries", &sp.u.TriesUsed, &sp.triesAt},
	} {
		if f.v != nil {
			*f.dst, *f.at = *f.v, at(f.name)
		}
	}
	if j.Bottoms != nil {
		sp.u.Bottoms, sp.bottomsAt = *j.Bottoms, at("Bottoms")
	}
	for k, f := range j.Played {
		if err := sp.setPlayed(f, at(fmt.Sprintf("Played[%d]", k))); err != nil {
			return State{}, err
		}
	}
	if j.Earned != nil {
		sp.u.Earned, sp.earnedAt = j.Earned, at("Earned")
	}
	if j.LastMoved != nil {
		if err := sp.setLast(*j.LastMoved, at("LastMoved")); err != nil {
			return State{}, err
		}
	}
	if j.ExtraRoll != nil {
		sp.u.ExtraRoll, sp.extraAt = *j.ExtraRoll, at("ExtraRoll")
	}
	for k, name := range j.Captured {
		field := fmt.Sprintf("Captured[%d]", k)
		c, err := color(name, field)
		if err != nil {
			return State{}, err
		}
		if sp.u.Captured.Has(c) {
			return State{}, at(field).errorf(ErrSyntax, "%v given twice", c)
		}
		sp.u.Captured |= ColorsOf(c)
		sp.capturedAt = at(field)
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
	Second int `json:",omitempty"`
	Move   string
}

// recordJSON is a Record in JSON, as written.
type recordJSON struct {
	Start json.RawMessage
	Seed  *uint64           `json:",omitempty"`
	Names *colorMap[string] `json:",omitempty"`
	Plies []plyJSON
}

// recordJSONIn is a Record in JSON as read: the colours of Names are
// checked here.
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
//
// JSON holds text as UTF-8 only: a name that is not valid UTF-8 is an
// error (encoding/json would change it), where the text form keeps it.
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
		if !utf8.ValidString(name) {
			return nil, fmt.Errorf("ludo: %v's name %s is not valid UTF-8, which JSON cannot hold", Color(c), quote(name))
		}
		if name != "" {
			if j.Names == nil {
				j.Names = &colorMap[string]{}
			}
			j.Names[c] = &name
		}
	}
	for _, p := range r.Plies {
		j.Plies = append(j.Plies, plyJSON{p.Player.String(), p.Face, p.Second, p.Move})
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
// JSON with the textLine and Col of the mistake, otherwise with the Path of
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
			return loc{path: "Names"}.errorf(ErrSyntax, "%q is not a colour: want %s", key, colorList)
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
			return at("Player").errorf(ErrSyntax, "%s is not a colour: want %s", quote(p.Player), colorList)
		case !seats.Has(c):
			return at("Player").errorf(ErrInvalidSetup, "%v does not play: the players are %v", c, seats)
		case start.plyFace(p.Face, p.Second) != "":
			return at("Face").errorf(ErrBadFace, "%s", start.plyFace(p.Face, p.Second))
		}
		mt, perr := parseMoveText(p.Move, 0, 0)
		if perr != nil {
			perr.Line, perr.Col, perr.Path = 0, 0, at("Move").path
			return perr
		}
		move, ok := start.plyMove(c, mt)
		if !ok {
			return at("Move").errorf(ErrSyntax, "the move is %v's, but the ply is %v's", mt.color, c)
		}
		rec.Plies = append(rec.Plies, Ply{Player: c, Face: p.Face, Second: p.Second, Move: move})
	}
	*r = rec
	return nil
}
