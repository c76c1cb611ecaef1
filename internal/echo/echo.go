// Package echo quotes what a user gave in an error message, at most 64
// bytes of it, as package ludo does: an error that echoes a long input
// whole is too long to read.
package echo

import (
	"strconv"
	"unicode/utf8"
)

// Most is the most bytes of its input [Quote] quotes.
const Most = 64

// Quote returns s quoted as strconv.Quote does, or, if s is longer than
// Most bytes, its first Most bytes (fewer, so as not to cut a character
// in two) quoted and followed by "…".
func Quote(s string) string {
	if len(s) <= Most {
		return strconv.Quote(s)
	}
	cut := Most
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return strconv.Quote(s[:cut]) + "…"
}
