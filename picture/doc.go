// Package picture draws Ludo positions of package
// [github.com/ludorules/ludo]: [AppendSVG] and [WriteSVG] make an SVG
// picture of a position (every preset's real board), and
// [WriteReplayHTML] writes one self-contained HTML page that steps
// through a game, from [Frame]s ([Frames] makes them from a
// [ludo.Record]).
//
// It uses only the exported API of package ludo, which does not import
// it: the rules library stays free of drawing code. The same position
// always gives the same bytes; golden files in testdata/ hold examples.
package picture
