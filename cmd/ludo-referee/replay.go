package main

import (
	"errors"
	"fmt"
	"strings"

	"github.com/ludorules/ludo"
	"github.com/ludorules/ludo/internal/wording"
)

// This file holds the replay command: a record replayed to its end or to
// its first illegal ply.

func (r *referee) replay(file string) (int, error) {
	text, err := r.read(file)
	if err != nil {
		return 0, err
	}
	rec, err := ludo.ParseRecord(text)
	if err != nil {
		return 0, fmt.Errorf("%s: %w", name(file), err)
	}
	states, err := rec.Replay()
	last := states[len(states)-1]
	var re *ludo.ReplayError
	if err != nil && !errors.As(err, &re) {
		return 0, err
	}
	if re != nil && re.Ply == 0 {
		return 0, fmt.Errorf("%s: %w", name(file), err)
	}
	player := func(c ludo.Color) string {
		if n := rec.Names[c]; n != "" {
			return fmt.Sprintf("%v (%s)", c, n)
		}
		return c.String()
	}
	if re == nil {
		if len(rec.Plies) == 1 {
			fmt.Fprintf(r.out, "OK: 1 ply, legal under %v.\n", last.Rules())
		} else {
			fmt.Fprintf(r.out, "OK: %d plies, every one legal under %v.\n", len(rec.Plies), last.Rules())
		}
		if last.Phase() == ludo.PhaseOver {
			fmt.Fprintf(r.out, "The game is over:")
			for k, c := range last.Ranking() {
				fmt.Fprintf(r.out, " %d. %s", k+1, player(c))
			}
			fmt.Fprintln(r.out)
		} else {
			if last.IsBonusMove() {
				fmt.Fprintf(r.out, "The game goes on: %s to make a bonus move of %d", player(last.Turn()), last.Count())
			} else if wording.Bottoms(last) {
				fmt.Fprintf(r.out, "The game goes on: %s to play the tops and bottoms still due, %s", player(last.Turn()), wording.FacesDue(last))
			} else if wording.OtherDie(last) {
				fmt.Fprintf(r.out, "The game goes on: %s to play the other die, %d", player(last.Turn()), last.Count())
			} else {
				fmt.Fprintf(r.out, "The game goes on: %s to roll", player(last.Turn()))
			}
			if rank := last.Ranking(); len(rank) > 0 {
				fmt.Fprintf(r.out, "; placed so far:")
				for k, c := range rank {
					fmt.Fprintf(r.out, " %d. %s", k+1, player(c))
				}
			}
			fmt.Fprintf(r.out, ".\n\n%v", last)
		}
		return exitOK, r.drawSVG(last)
	}
	p := rec.Plies[re.Ply-1]
	switch {
	case p.Face == 0 && wording.OtherDie(last):
		fmt.Fprintf(r.out, "ILLEGAL at ply %d: %s, with no roll (the throw's other die), plays %s\n", re.Ply, player(p.Player), p.Move)
	case p.Face == 0:
		fmt.Fprintf(r.out, "ILLEGAL at ply %d: %s, with no roll (a bonus move), plays %s\n", re.Ply, player(p.Player), p.Move)
	default:
		fmt.Fprintf(r.out, "ILLEGAL at ply %d: %s rolls %v, plays %s\n", re.Ply, player(p.Player), ludo.Outcome{Face: p.Face, Second: p.Second}, p.Move)
	}
	var ill *ludo.IllegalMoveError
	switch {
	case errors.As(re.Err, &ill):
		if ill.Rule != "" {
			fmt.Fprintf(r.out, "  %s (%s)\n", ill.Reason, cite(ill.Rule))
			r.quote(ill.Rule)
		} else {
			fmt.Fprintf(r.out, "  %s\n", ill.Reason)
		}
	case last.IsBonusMove() && p.Face != 0:
		fmt.Fprintf(r.out, "  %v has a bonus move of %d due, which no roll comes before, so the ply's face is 0 (%s)\n", last.Turn(), last.Count(), cite("P8"))
		r.quote("P8")
	case wording.Bottoms(last) && p.Face != 0:
		fmt.Fprintf(r.out, "  %v has the tops and bottoms %s of the double still to play, which no roll comes before, so the ply's face is 0 (%s)\n", last.Turn(), wording.FacesDue(last), cite("H2"))
		r.quote("H2")
	case wording.OtherDie(last) && p.Face != 0:
		fmt.Fprintf(r.out, "  %v has the other die of the throw, %d, still to play, which no roll comes before, so the ply's face is 0 (%s)\n", last.Turn(), last.Count(), cite("W1"))
		r.quote("W1")
	default:
		fmt.Fprintf(r.out, "  %s\n", strings.TrimPrefix(re.Err.Error(), "ludo: "))
	}
	// The position the ply's move was judged in: the roll cast, or the
	// bonus move due.
	rolled, err := last, error(nil)
	if !last.IsBonusMove() && !wording.OtherDie(last) {
		rolled, err = last.RollOutcome(ludo.Outcome{Face: p.Face, Second: p.Second})
	}
	canRoll := err == nil && rolled.Turn() == p.Player
	if canRoll && ill != nil {
		r.printPath(rolled, ill.Move)
	}
	if n := len(rec.Plies) - re.Ply; n > 0 {
		fmt.Fprintf(r.out, "  (%s after it not replayed)\n", wording.Plural(n, "more ply", "more plies"))
	}
	shown := last
	switch {
	case canRoll && last.IsBonusMove():
		shown = rolled
		fmt.Fprintf(r.out, "\nThe position at ply %d, with the bonus move due:\n%v\n", re.Ply, rolled)
		r.listMoves(rolled, "Legal moves there were")
	case canRoll && wording.OtherDie(last):
		shown = rolled
		fmt.Fprintf(r.out, "\nThe position at ply %d, with the other die due:\n%v\n", re.Ply, rolled)
		r.listMoves(rolled, "Legal moves there were")
	case canRoll:
		shown = rolled
		fmt.Fprintf(r.out, "\nThe position at ply %d, after the roll:\n%v\n", re.Ply, rolled)
		r.listMoves(rolled, "Legal moves there were")
	default:
		fmt.Fprintf(r.out, "\nThe position before ply %d:\n%v", re.Ply, last)
	}
	return exitIllegal, r.drawSVG(shown, refusedMove(canRoll, ill)...)
}
