package ludo

import (
	"fmt"
	"math/bits"
)

// This file holds the rules that choose among the moves found: an entry
// that must be made (M2), a capture that must be made (M8), a start
// square to clear (M3), a block to open on a 6 (P7).

// setFilter is a rule that chooses among the moves judged: its feature,
// its rule, and why a move it leaves out is refused, as a format of the
// colour, the face and a move it keeps. Where it binds and what it keeps
// are the State's bound and keeps.
type setFilter struct {
	feat   features
	rule   string
	reason string
}

// filters are the rules that choose among the moves judged, in the order
// filter applies them: compulsory entry (rule M2), compulsory capture
// (rule M8), clearing the start square (rule M3), opening a block on a
// six (rule P7). The same table says why Apply refuses a move one left
// out (filterError).
var filters = [...]setFilter{
	filterEntry:   {featEntryFilter, "M2", "%[1]v rolled %[2]d and must bring a token in: %[3]v"},
	filterCapture: {featCaptureMust, "M8", "%[1]v must capture where it can: %[3]v"},
	filterClear:   {featClearStart, "M3", "%[1]v must clear its start square while tokens wait in the yard: %[3]v"},
	filterBreak:   {featBreakOnSix, "P7", "%[1]v rolled a %[2]d and must open its block: %[3]v"},
}

// The filters' indexes in filters; filtersOn and bound give each its bit
// 1<<index.
const (
	filterEntry   = iota // M2
	filterCapture        // M8
	filterClear          // M3
	filterBreak          // P7
)

// faceBound returns the filters of rs whose option is on that a face f
// lets bind: M2 where f enters (else no move enters, and it would keep
// none), P7 where f is a six (with two dice, each die showing a 6, rule
// E4), M8 and M3 on every face. The ruleset keeps it for every face
// (faceFilters), which bound and startCount read.
func faceBound(rs *ruleset, f uint8) uint8 {
	on := rs.filtersOn
	if !rs.entry.has(f) {
		on &^= 1 << filterEntry
	}
	if f != rs.six {
		on &^= 1 << filterBreak
	}
	return on
}

// bound returns the filters whose option is on that bind the moves of
// amount d, a bit each by index in filters: of those its face lets bind
// (faceBound), M2 and M3 where tokens wait in the yard, P7 where the
// mover has a block, M8 always.
func (s *State) bound(d due) uint8 { return s.boundOf(d, s.rs.faceFilters[d.face()]) }

// boundOf is bound of the filters on that d's face lets bind.
func (s *State) boundOf(d due, on uint8) uint8 {
	const entry, clear, brk = 1 << filterEntry, 1 << filterClear, 1 << filterBreak
	if on&(entry|clear) != 0 && !s.waiting(d.c()) {
		on &^= entry | clear
	}
	if on&brk != 0 && s.blocked&colorBits(d.c()) == 0 {
		on &^= brk
	}
	return on
}

// keeps reports whether filter f keeps the move of token i of colour c
// that lane l describes (see Move.lane): an entry (M2), a capture (M8), a
// move off the start square (M3), a move out of a block (P7).
func (s *State) keeps(f *setFilter, c Color, i int, l uint32) bool {
	switch f.feat {
	case featEntryFilter:
		return l&(uint32(flagEnter)<<(mFlags-laneShift)) != 0
	case featCaptureMust:
		return l&(0xf<<(mCaptures-laneShift)) != 0
	case featClearStart:
		return s.tok[c][i%MaxTokens] == 1 // progress 0
	}
	return s.blocked&tokenBit(c, i) != 0
}

// keepsMove is keeps for move m.
func (s *State) keepsMove(f *setFilter, m Move) bool {
	return !m.IsPass() && s.keeps(f, m.Color(), m.Token(), m.lane())
}

// filter applies the filters that bind to the moves judged for amount d,
// each only where it leaves a move: of on, those d's face lets bind
// (faceFilters), which startCount reads before it calls filter, so that
// where none can bind on the face (on 0) it calls nothing.
func (s *State) filter(d due, on uint8) {
	if l := &s.moves; b2i(l[0] != 0)+b2i(l[1] != 0)+b2i(l[2] != 0)+b2i(l[3] != 0)+b2i(s.extra != 0) < 2 {
		return // a filter keeps a move where it is the only one
	}
	c := d.c()
	for on = s.boundOf(d, on); on != 0; on &= on - 1 {
		f := &filters[bits.TrailingZeros8(on)%len(filters)]
		var kept [MaxTokens]uint32
		any := false
		for i, l := range s.moves {
			if l != 0 && s.keeps(f, c, i, l) {
				kept[i], any = l, true
			}
		}
		extraOK := s.extra != 0 && s.keeps(f, c, extraToken(s.extra), s.extra)
		if any || extraOK {
			s.moves = kept
			if !extraOK {
				s.extra = 0
			}
		}
	}
}

// binding reports whether a filter binds the moves of amount d (filter).
func (s *State) binding(d due) bool { return s.rs.filtersOn != 0 && s.bound(d) != 0 }

// filterError returns the error refusing legal token move m of amount d
// that a filter left out: the first filter that binds and keeps some of
// the legal moves but not m.
func (s *State) filterError(d due, m Move) error {
	var buf [MaxMoves]Move
	legal := s.appendLegal(buf[:0])
	some := legal[0]
	if some.IsPass() && len(legal) > 1 { // the pass of rule Y7 beside the token moves
		some = legal[1]
	}
	on := s.bound(d)
	for k := range filters {
		if f := &filters[k]; on&(1<<k) != 0 && !s.keepsMove(f, m) && s.keepsMove(f, some) {
			return &IllegalMoveError{Move: m, Rule: f.rule, Reason: fmt.Sprintf(f.reason, d.c(), d.face(), some)}
		}
	}
	return &IllegalMoveError{Move: m, Reason: "the move is not one of the legal moves"}
}
