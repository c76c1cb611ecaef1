package picture_test

import (
	"fmt"
	"io"

	"github.com/ludorules/ludo"
	"github.com/ludorules/ludo/picture"
)

// Turn a game record into the frames of a replay page, and write the page.
func ExampleFrames() {
	rec, err := ludo.ParseRecord(`
		rules  classic{Players:2}
		1  red     6  0: yard-0 enter
		2  red     4  0: 0-4
		3  yellow  6  0
		4  yellow  2  0
		5  red     3  0
	`)
	if err != nil {
		panic(err)
	}
	frames, final, err := picture.Frames(*rec)
	if err != nil {
		panic(err)
	}
	for k, f := range frames {
		fmt.Printf("ply %d: %v to roll, rolls %d, plays %v\n", k+1, f.Before.Turn(), f.Roll, f.Move)
	}
	fmt.Printf("then %v to %v\n", final.Turn(), final.Phase())
	fmt.Println(picture.WriteReplayHTML(io.Discard, "A short game", frames, final))
	// Output:
	// ply 1: red to roll, rolls 6, plays red 0: yard-0 enter
	// ply 2: red to roll, rolls 4, plays red 0: 0-4
	// ply 3: yellow to roll, rolls 6, plays yellow 0: yard-0 enter
	// ply 4: yellow to roll, rolls 2, plays yellow 0: 0-2
	// ply 5: red to roll, rolls 3, plays red 0: 4-7
	// then yellow to roll
	// <nil>
}
