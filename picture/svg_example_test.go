package picture_test

import (
	"bytes"
	"fmt"

	"github.com/ludorules/ludo"
	"github.com/ludorules/ludo/picture"
)

// A picture of a position, for a rule dispute: build the position with
// Setup and draw it. picture.WriteSVG(f, s) writes the same bytes to a
// file f, to open in a browser.
func ExampleAppendSVG() {
	s, _ := ludo.New(ludo.Mongolian())
	u := s.Setup()
	u.Tokens[ludo.Red] = [4]int{16, 16, -1, -1} // a red block on square 17
	u.Tokens[ludo.Green][0] = 1                 // green on square 15
	u.Turn, u.Die = ludo.Green, 4               // can green pass the block?
	s, _ = u.State()

	svg := picture.AppendSVG(nil, s)
	first, _, _ := bytes.Cut(svg, []byte("\n"))
	fmt.Printf("%s\n", first)
	fmt.Println(bytes.Count(svg, []byte(`class="tok"`)), "token discs,",
		bytes.Count(svg, []byte(`class="block"`)), "block")
	fmt.Println(bytes.Contains(svg, []byte(`<title>mongolian: green to move, die 4</title>`)))
	// Output:
	// <svg xmlns="http://www.w3.org/2000/svg" class="ludo" viewBox="0 0 600 660" width="600" height="660" font-family="DejaVu Sans, Verdana, Arial, sans-serif">
	// 15 token discs, 1 block
	// true
}
