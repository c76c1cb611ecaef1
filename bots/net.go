package bots

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"strings"

	"github.com/ludorules/ludo"
)

// Net is a learned evaluation: a neural network with one hidden layer
// that reads a position as one colour sees it (its inputs are described
// on the unexported encoding: every colour's tokens by progress and by
// risk, seen from that colour's seat round the board) and gives, for
// every seat, the chance that its colour wins. It is trained by self-play
// ([Trainer]) for one board and its rules; the nets the package ships are
// for its presets ([NetFor]).
//
// A Net is read-only once made: safe for concurrent use.
type Net struct {
	// Rules are the rules the net was trained under. It evaluates
	// positions of any rules with the same board ([Net.Fits]).
	Rules ludo.Rules
	// Note says how the net was made: the command and seed that trained
	// it, the games it played.
	Note string

	enc    *encoding
	in     int
	hidden int
	out    int
	w1     []float32 // in × hidden, a row per input
	b1     []float32 // hidden
	w2     []float32 // hidden × out, a row per hidden unit
	b2     []float32 // out
}

// newNet returns a net for rules r with the given hidden units and
// small random weights drawn from rng.
func newNet(r ludo.Rules, hidden int, rng *rand.Rand) *Net {
	e := newEncoding(r)
	n := &Net{Rules: r, enc: e, in: e.size, hidden: hidden, out: e.arms,
		w1: make([]float32, e.size*hidden), b1: make([]float32, hidden),
		w2: make([]float32, hidden*e.arms), b2: make([]float32, e.arms)}
	a := float32(math.Sqrt(3.0 / 20)) // about 20 inputs are on, of about 1
	for i := range n.w1 {
		n.w1[i] = a * float32(2*rng.Float64()-1)
	}
	b := float32(math.Sqrt(3.0 / float64(hidden)))
	for i := range n.w2 {
		n.w2[i] = b * float32(2*rng.Float64()-1)
	}
	for k := range n.b2 {
		n.b2[k] = -1
	}
	return n
}

// Fits reports whether the net can evaluate positions under rules r:
// whether r encode as the net's rules do (the same board, and the lap of
// rule K4 alike).
func (n *Net) Fits(r ludo.Rules) bool {
	return shapeOf(&r) == shapeOf(&n.Rules)
}

// Value returns the chance the net gives each colour of winning position
// s, as colour me sees it (0 for colours that do not play); where s seats
// more players than the net was trained for, as each colour sees it. It panics if
// the net does not fit the position's rules ([Net.Fits]). Where s has a
// winner, it is 1 for the winner (with partners, the winning side) and 0
// for the others.
func (n *Net) Value(s ludo.State, me ludo.Color) [ludo.MaxPlayers]float64 {
	if !n.Fits(s.Rules()) {
		panic(fmt.Sprintf("bots: a net for %v evaluates a position of %v", n.Rules, s.Rules()))
	}
	var sc netScratch
	return n.value(s, me, &sc)
}

// netScratch holds the buffers of an evaluation.
type netScratch struct {
	f     features
	h     [maxHidden]float32
	evals int // the positions after scored
}

// maxHidden bounds a net's hidden units.
const maxHidden = 256

// final returns the outcome of a game with a winner: 1 for the colours
// in first place, 0 for the others; and false if nobody has won yet.
func final(s ludo.State) ([ludo.MaxPlayers]float64, bool) {
	var z [ludo.MaxPlayers]float64
	if _, ok := s.Winner(); !ok {
		return z, false
	}
	for c := range s.Players().All() {
		if s.Place(c) == 1 {
			z[c] = 1
		}
	}
	return z, true
}

// value is Value without the check, with scratch buffers.
func (n *Net) value(s ludo.State, me ludo.Color, sc *netScratch) [ludo.MaxPlayers]float64 {
	if z, ok := final(s); ok {
		return z
	}
	var v [ludo.MaxPlayers]float64
	seats := s.Players()
	if seats.Len() > n.Rules.Players {
		// A net trained at fewer players than s seats (a six-arm board's,
		// trained head to head) never learned how a colour sees the
		// colours beside it: each colour's chance is then its own view's.
		for c := range seats.All() {
			v[c] = n.mine(s, c, sc)
		}
		return v
	}
	n.enc.encode(s, me, &sc.f)
	var out [ludo.MaxPlayers]float32
	n.forward(sc.f.list(), sc.h[:n.hidden], out[:n.out])
	for k := range n.out {
		c := ludo.Color((int(me) + k) % n.out)
		if seats.Has(c) {
			v[c] = float64(sigmoid(out[k]))
		}
	}
	return v
}

// mine returns the chance of winning the net gives colour me in s, which
// it sees.
func (n *Net) mine(s ludo.State, me ludo.Color, sc *netScratch) float64 {
	if z, ok := final(s); ok {
		return z[me]
	}
	n.enc.encode(s, me, &sc.f)
	var out [1]float32
	n.forward(sc.f.list(), sc.h[:n.hidden], out[:])
	return float64(sigmoid(out[0]))
}

// forward computes the hidden layer into h and the first len(out)
// outputs' logits into out.
func (n *Net) forward(in []feature, h, out []float32) {
	H := n.hidden
	h = h[:H]
	copy(h, n.b1)
	for _, f := range in {
		row := n.w1[int(f.i)*H : int(f.i+1)*H]
		axpy(h, row, f.v)
	}
	for j := range h {
		h[j] = max(h[j], 0)
	}
	for k := range out {
		out[k] = n.b2[k]
	}
	for j, x := range h {
		if x == 0 {
			continue
		}
		row := n.w2[j*n.out : j*n.out+len(out)]
		for k, w := range row {
			out[k] += x * w
		}
	}
}

// axpy adds a×x to y, which is as long as x.
func axpy(y, x []float32, a float32) {
	y = y[:len(x)]
	i := 0
	for ; i+4 <= len(x); i += 4 {
		y[i] += a * x[i]
		y[i+1] += a * x[i+1]
		y[i+2] += a * x[i+2]
		y[i+3] += a * x[i+3]
	}
	for ; i < len(x); i++ {
		y[i] += a * x[i]
	}
}

func sigmoid(x float32) float32 {
	return float32(1 / (1 + math.Exp(-float64(x))))
}

// The weight files: a header of text lines, then the weights.
//
//	ludo-net 1
//	rules <the rules, as Rules.String writes them>
//	shape <in> <hidden> <out>
//	note <a line of the note> (any number of lines)
//	weights <int8 | float32>
//	<the weights>
//
// The weights come in the order w1, b1, w2, b2. As float32, each is 4
// bytes little-endian. As int8, each row of w1 (an input's weights) and
// then b1, w2 and b2 each are a float32 scale followed by one byte a
// weight, the weight being the scale times the byte (-127 to 127): a
// quarter of the size, which is what the package ships.
const netMagic = "ludo-net 1"

// ErrBadNet is matched by the error of [ReadNet] for data that is not a
// net.
var ErrBadNet = errors.New("bots: bad net")

// WriteTo writes the net as float32 weights, [ReadNet]'s format.
func (n *Net) WriteTo(w io.Writer) (int64, error) { return n.write(w, false) }

// WriteCompact writes the net with its weights as bytes (each row with
// a scale), about a quarter of [Net.WriteTo]'s size, at the cost of a
// rounding of each weight to 1/254 of its row's largest.
func (n *Net) WriteCompact(w io.Writer) (int64, error) { return n.write(w, true) }

type countWriter struct {
	w *bufio.Writer
	n int64
}

func (c *countWriter) Write(p []byte) (int, error) {
	k, err := c.w.Write(p)
	c.n += int64(k)
	return k, err
}

func (n *Net) write(w io.Writer, compact bool) (int64, error) {
	cw := &countWriter{w: bufio.NewWriter(w)}
	kind := "float32"
	if compact {
		kind = "int8"
	}
	fmt.Fprintf(cw, "%s\nrules %v\nshape %d %d %d\n", netMagic, n.Rules, n.in, n.hidden, n.out)
	for _, line := range strings.Split(strings.TrimSpace(n.Note), "\n") {
		if line != "" {
			fmt.Fprintf(cw, "note %s\n", line)
		}
	}
	fmt.Fprintf(cw, "weights %s\n", kind)
	put := func(ws []float32) {
		if !compact {
			var b [4]byte
			for _, x := range ws {
				binary.LittleEndian.PutUint32(b[:], math.Float32bits(x))
				cw.Write(b[:])
			}
			return
		}
		var m float32
		for _, x := range ws {
			m = max(m, float32(math.Abs(float64(x))))
		}
		scale := m / 127
		var b [4]byte
		binary.LittleEndian.PutUint32(b[:], math.Float32bits(scale))
		cw.Write(b[:])
		q := make([]byte, len(ws))
		for i, x := range ws {
			if scale > 0 {
				q[i] = byte(int8(math.Round(float64(x / scale))))
			}
		}
		cw.Write(q)
	}
	if compact {
		for i := range n.in {
			put(n.w1[i*n.hidden : (i+1)*n.hidden])
		}
	} else {
		put(n.w1)
	}
	put(n.b1)
	put(n.w2)
	put(n.b2)
	err := cw.w.Flush()
	return cw.n, err
}

// ReadNet reads a net that [Net.WriteTo] or [Net.WriteCompact] wrote. An
// error that is not the reader's matches [ErrBadNet].
func ReadNet(r io.Reader) (*Net, error) {
	return readNet(bufio.NewReader(r), true)
}

// readNet reads a net from br, and if whole, checks that nothing follows
// it.
func readNet(br *bufio.Reader, whole bool) (*Net, error) {
	bad := func(format string, a ...any) error {
		return fmt.Errorf("%w: %s", ErrBadNet, fmt.Sprintf(format, a...))
	}
	line := func() (string, error) {
		s, err := br.ReadString('\n')
		if err != nil {
			if errors.Is(err, io.EOF) {
				return "", bad("the header ends early")
			}
			return "", err
		}
		return strings.TrimSuffix(s, "\n"), nil
	}
	l, err := line()
	if err != nil {
		return nil, err
	}
	if l != netMagic {
		return nil, bad("it starts with %q, not %q", l, netMagic)
	}
	n := &Net{}
	var notes []string
	kind := ""
	for kind == "" {
		if l, err = line(); err != nil {
			return nil, err
		}
		key, val, _ := strings.Cut(l, " ")
		switch key {
		case "rules":
			if n.Rules, err = ludo.ParseRules(val); err != nil {
				return nil, bad("rules: %v", err)
			}
		case "shape":
			if _, err := fmt.Sscanf(val, "%d %d %d", &n.in, &n.hidden, &n.out); err != nil {
				return nil, bad("shape %q: %v", val, err)
			}
		case "note":
			notes = append(notes, val)
		case "weights":
			kind = val
		default:
			return nil, bad("unknown header line %q", l)
		}
	}
	if kind != "int8" && kind != "float32" {
		return nil, bad("weights %q, want int8 or float32", kind)
	}
	if n.Rules.Preset == "" {
		return nil, bad("no rules line")
	}
	n.enc = newEncoding(n.Rules)
	if n.in != n.enc.size || n.out != n.Rules.Board.Arms || n.hidden < 1 || n.hidden > maxHidden {
		return nil, bad("shape %d %d %d does not fit %v (want %d inputs, %d outputs, 1 to %d hidden)",
			n.in, n.hidden, n.out, n.Rules, n.enc.size, n.Rules.Board.Arms, maxHidden)
	}
	n.Note = strings.Join(notes, "\n")
	n.w1 = make([]float32, n.in*n.hidden)
	n.b1 = make([]float32, n.hidden)
	n.w2 = make([]float32, n.hidden*n.out)
	n.b2 = make([]float32, n.out)
	get := func(ws []float32) error {
		if kind == "float32" {
			var b [4]byte
			for i := range ws {
				if _, err := io.ReadFull(br, b[:]); err != nil {
					return bad("the weights end early")
				}
				ws[i] = math.Float32frombits(binary.LittleEndian.Uint32(b[:]))
			}
			return nil
		}
		var b [4]byte
		if _, err := io.ReadFull(br, b[:]); err != nil {
			return bad("the weights end early")
		}
		scale := math.Float32frombits(binary.LittleEndian.Uint32(b[:]))
		q := make([]byte, len(ws))
		if _, err := io.ReadFull(br, q); err != nil {
			return bad("the weights end early")
		}
		for i, x := range q {
			ws[i] = scale * float32(int8(x))
		}
		return nil
	}
	if kind == "int8" {
		for i := range n.in {
			if err := get(n.w1[i*n.hidden : (i+1)*n.hidden]); err != nil {
				return nil, err
			}
		}
	} else if err := get(n.w1); err != nil {
		return nil, err
	}
	for _, ws := range [][]float32{n.b1, n.w2, n.b2} {
		if err := get(ws); err != nil {
			return nil, err
		}
	}
	for _, ws := range [][]float32{n.w1, n.b1, n.w2, n.b2} {
		for _, x := range ws {
			if math.IsNaN(float64(x)) || math.IsInf(float64(x), 0) {
				return nil, bad("a weight is %v", x)
			}
		}
	}
	if _, err := br.ReadByte(); whole && err != io.EOF {
		return nil, bad("data after the weights")
	} else if !whole && err == nil {
		br.UnreadByte()
	}
	return n, nil
}
