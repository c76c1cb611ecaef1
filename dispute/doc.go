// Package dispute answers the two questions a Ludo rules dispute comes
// down to, across rulesets, with the rules of package ludo:
//
//   - [Compare]: under which rules is this move legal? For a position
//     and a move, a [Verdict] for each ruleset (legal, and what the move
//     does with the rules that say so; or refused, and by which rule),
//     and for the position's own rules the single option changes that
//     flip the answer ([Flip]).
//   - [FitRecord]: what rules were we playing? For a game record, the
//     rulesets under which every ply is legal, the first ply that breaks
//     each other one, the smallest sets of option changes from the
//     closest preset that make the whole record legal (a search over
//     [ludo.Options]), and which options the record leaves undecided.
//
// Both judge every ruleset on the position's or record's own table: its
// board and its players ([OnTable]), so that "maedn" asked of a position
// on the classic board means the rules of Mensch ärgere Dich nicht
// played on that board.
//
// [Explain] says what a legal move does, citing the rules: the words of
// the referee's moves and why commands (cmd/ludo-referee), whose
// compare and fit commands print these values.
package dispute
