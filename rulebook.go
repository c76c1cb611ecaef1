package ludo

import "strings"

// This file holds the rulebook: every rule and ruling by number, with its
// title, its text and its sources, in sections. The README's rulebook is
// written from it (a test keeps the two equal), errors cite its numbers,
// and RuleTitle, RuleText (plain text) and RuleMarkdown quote it. The
// rules themselves are code, in rules.go, each under the number given
// here.

// rulebookSection is a part of the rulebook: a heading, what it is about
// (the presets that play it and their sources), and its rules.
type rulebookSection struct {
	heading, intro string
	rules          []rule
}

// rule is one rule or ruling: its number (a family letter and a number),
// its title, its text, and for rules that come from a source, the keys of
// the sources (research/variants.md §5).
type rule struct {
	number, title, text, sources string
}

// rulebook is the rulebook, section by section.
var rulebook = []rulebookSection{
	{"Rules of the seed texts", "Rules C1–C11 are the seed texts' rules (the rules section published as \"LUDO BY FORTEGAMES (Parchís)\", in four languages, the same text as the English Wikipedia article of 2019). The preset `classic` plays them as written.", []rule{
		{"C1", "Players and tokens", "Two to four players on the usual board (up to six on a board with six arms), each with four tokens of one colour. Options: `Players`, `Tokens` (1–4).", "SEED-FORTE"},
		{"C2", "The yard", "Every token starts out of play in its owner's yard. Option `StartOut` puts that many tokens of each player on their start square instead (rules K6, M5).", "SEED-FORTE"},
		{"C3", "The track and turn order", "A token enters play on its owner's start square and runs clockwise round the shared track; turns pass clockwise (Red, Green, Yellow, Blue, then Purple and Orange on a six-arm board), skipping players who are not seated or have finished. A move for a player whose turn it is not is refused (rule C3). Geometry: `Arms`, `Track`, `StartSpacing` (a colour's start square is `1 + c×StartSpacing`).", "SEED-FORTE"},
		{"C4", "The home column", "On reaching the track square before its home column (progress 50 on the classic board), a token leaves the track and runs up its own home column to the finish. Geometry: `HomeEntry`, `HomeColumn`.", "SEED-FORTE"},
		{"C5", "Exact finish", "Reaching the finish needs the exact roll; a roll that would overshoot is no move for that token. Option `Finish`: `ExactFinish`, `BounceFinish` (the excess is counted back, down the home column and, from its last squares, onto the home entry square), `AnyRollFinishes` (any roll that reaches the finish finishes).", "SEED-FORTE"},
		{"C6", "Winning and places", "A player whose tokens have all finished takes the next place; the first is the winner. Option `End`: see Q10.", "SEED-FORTE"},
		{"C7", "Entering", "Only a 6 brings a token out of the yard onto its start square; a player with nothing in play who rolls anything else passes. Option `EntryRolls` (Vietnamese and Swedish tables play `{1 6}`, Spanish `{5}`).", "SEED-FORTE"},
		{"C8", "Moving", "A player moves one token forward by the die. On a 6 they may instead enter a token; the entering 6 only places it on the start square (the bonus roll then moves it). A move must play the die that was rolled.", "SEED-FORTE"},
		{"C9", "Bonus rolls and the third six", "A 6 earns another roll in the same turn, and so does a 6 on that roll. The third 6 in a row is not played: its one legal move is a forfeiting pass and the turn passes. Options: `BonusRolls` (empty turns bonus rolls off), `SixLimit` (0 is no limit), `SixPenalty` (Q2, P9).", "SEED-FORTE"},
		{"C10", "Must move", "A player must move if any token can; only when none can is a pass the one legal move, and a pass when a token could move is refused (rule C10).", "SEED-FORTE"},
		{"C11", "Capture", "A token that ends its move on a square held by an opponent's token sends that token back to its owner's yard, from where only an entry roll brings it out again. See Q3 and Q4.", "SEED-FORTE"},
	}},
	{"Block rules", "Rules B1–B3 are the block rules of the Mongolian seed text. The preset `mongolian` is `classic` plus these.", []rule{
		{"B1", "Blocks form", "Where a token lands on a track square its own colour already holds, the square becomes a block; three or four tokens are a block too. Option `Blocks`: `NoBlocks`, `BlocksStopOpponents` (Mongolian), `BlocksStopAll` (Parchís).", "SEED-MNG"},
		{"B2", "Blocks stop opponents", "No opponent token may pass a block or land on it; the owner's tokens may do both. With `BlocksStopAll` nobody passes a block, the owner included, and the owner may still land on it where `SquareLimit` allows. A move that would pass or land on a block is refused (rule B2); if no other move exists, the player passes.", "SEED-MNG"},
		{"B3", "Finished tokens stay", "A token that has reached the finish never moves again.", "SEED-MNG"},
	}},
	{"Rulings on what the seed texts leave open", "Rules Q1–Q13 are this library's rulings on the open questions of the seed texts; each names the option that changes it, if any.", []rule{
		{"Q1", "A bonus roll with no legal move", "A 6 that no token can use still earns its bonus roll: the bonus comes from rolling the 6. Option `NoMoveForfeitsBonus` (true: the turn ends, as on some online sites).", ""},
		{"Q2", "What the third six undoes", "Only the third roll is void: moves made with the first two 6s stand, captures included. Option `SixPenalty`: `VoidRoll`, `UndoTurn` (every token goes back to where it stood when the turn began, captured opponents included), `LastMovedHome` (rule P9).", ""},
		{"Q3", "Landing on two or more opponents", "Where no block rule stops the move (Classic lets two tokens of a colour share a square, Q11), all of them are sent home. Option `MultiCapture`: `CaptureAll`, `CaptureRefused` (the move is not allowed, rule Q3), `CaptureNone` (rule K5), `CaptureMover` (rule D3).", ""},
		{"Q4", "Entering onto an opponent", "An opponent token on your start square is captured when you enter: entering is a move that ends there, and C11 holds. Where start squares are safe, option `EntryCapture` says what entering does: `EntryLands` (the safe square's rule holds), `EntryCapturesAll` (rule D4), `EntryCapturesLast` (rule P4).", ""},
		{"Q5", "Seats", "The players sit as evenly round the board as they can, starting from Red: with 4 players on 4 arms every colour plays; with 3, Red, Green and Yellow; with 2, Red and Yellow, who sit opposite (on six arms: Red and Blue; three players Red, Yellow and Purple). Option `Seats` picks any colours (exactly `Players` of them). The first seated colour clockwise from Red rolls first; tables that roll for it set `Setup.Turn`.", ""},
		{"Q6", "Finishing with a 6", "A player whose last token finishes with a 6 takes no bonus roll, nor any bonus move: they have nothing left to move, and the turn passes.", ""},
		{"Q7", "Blocks in detail", "A block can stand on any track square, a start square included, and then stops that colour's entry (a move that lands on a block). Tokens of a block move one at a time; the block lasts while two remain. Home columns hold only their owner's tokens, so blocks matter on the track only.", ""},
		{"Q8", "The home column", "Tokens may pass each other there (option `HomeJumps`, rule M6), and may share a square unless `OwnLanding` is `OwnLandingForbidden` or the goal holds one token a square (rule M1). Nothing is ever captured in a home column.", ""},
		{"Q9", "Alike tokens", "Tokens of one colour on one square (or in the yard) are interchangeable, so the legal moves list their move once, for the lowest-numbered token; `Apply` accepts the same move made by any of them and moves the token it names.", ""},
		{"Q10", "When the game ends", "Play goes on for all places: when only one player is left they take last place and the game is over. Option `End`: `PlayForAllPlaces` or `FirstWinner` (the game stops at the first winner; `Ranking` then lists only the winner).", ""},
		{"Q11", "Landing on your own token without blocks", "The seed texts forbid it nowhere, so in Classic a token may join its own colour on a square, with no effect (the tokens can be captured together, Q3). Option `OwnLanding`: `OwnLandingAllowed` or `OwnLandingForbidden` (the 2019 English Wikipedia text: \"players may not end their move on a square they already occupy\"; then entering is refused while your own token stands on your start square). With blocks on it must be allowed: that is how blocks form.", ""},
		{"Q12", "Who moves first", "The texts do not say; tables often roll for it. `New` starts with the first seated colour; set `Setup.Turn` to start with another.", ""},
		{"Q13", "A game that cannot end", "Some options that `Validate` accepts let a game reach a position from which no dice and no choices ever end it. Two such cycles come from compulsory entry (M2) on every face that could move the tokens left in play. In one, the entering token is carried on from its start square, by a bonus move for the capture it made there (P8) or by a star on the start square (D2), onto another player's start square, where that player's next entry captures it in turn (`maedn6{EntryRolls:{1 2 3 4 5} CaptureBonus:50}`, where the 6 moves none of the tokens left). In the other, entering onto an opponent on a safe start square sends the entering token back to its yard (D1; D3 for two of a colour, unless entering captures them, D4), so that no roll changes anything (`mongolian{Safe:{0} Players:2 EntryRolls:{1 2 3 4 5 6} EntryCompulsory:true SafeSquares:SafeMoverHome}`). Barriers that nobody can open (B2) and tokens that may pass nobody (F2) can jam a small board for ever too. Ruling: the rules give such a game no end. The library plays it on, every roll and move in it legal, and does not look for it (telling it from a long game takes a search of every position reachable); the table abandons the game, and the places already taken stand. A program bounds the plies of its games (`bots.Play`).", ""},
	}},
	{"Ludo King", "The presets `ludoking` (four players) and `ludoking6` (six, on a board of six arms of 13 squares: 78 track squares, the arm repeated, as no source gives another count) play the conventions of Indian and online Ludo: Classic plus K1, K2, K3 and K5 (K4 and K6 are options the presets leave off). No official Gametion rules text exists; these are the conventions repeated across Indian and online sources.", []rule{
		{"K1", "Safe squares", "The start squares and the star squares eight on from them (`Safe:{0 8}`: on the 52-square board squares 1, 9, 14, 22, 27, 35, 40 and 48) are safe: nobody is captured there, and a token that lands on opponents there shares the square with them (`SafeSquares:SafeShare`). A token entering onto its start square shares it too (`EntryCapture:EntryLands`). Parchís plays this rule on its seguros (P1). Sources differ on where the stars stand: GAMEHUB and PZ-LUDO put them eight on from the start squares, and so does KAMENI's `src/config.py`, but KAMENI's `ludo/constants.py` puts them seven on (squares 8, 21, 34 and 47 with starts 1, 14, 27 and 40); the preset plays eight, and `Safe:{0 7}` plays seven.", "GAMEHUB; PZ-LUDO; KAMENI; JOYINTECH; CASINOKING"},
		{"K2", "A capture earns a roll", "A move that captures earns a bonus roll (`CaptureBonus:roll`). Rulings: a move earns at most one bonus roll, however many tokens it captures and whatever the die; a roll earned by a capture after a face that earns none starts a new row of sixes (C9).", "LUDOXPERT; JOYINTECH; UKLL; PZ-LUDO"},
		{"K3", "Coming home earns a roll", "A move that brings a token to the finish earns a bonus roll (`HomeBonus:roll`), unless it is the player's last token (Q6).", "LUDOXPERT; JOYINTECH; PZ-LUDO"},
		{"K4", "Capture before home", "Option `CaptureBeforeHome` (the Indian house rule and the Quick modes): a colour's tokens may turn into their home column only once that colour has captured a token; until then a token that reaches its home entry goes on round the track (a move that does so `Circles`), and stands, between its home entry and its start square, at the progress past its finish that `@square` writes. Rulings: the condition is the colour's, not the token's, and a colour that has captured keeps its home column open for the rest of the game. The preset plays without it.", "NSARTICLE; DYNAMICNEXT; JOYINTECH; PZ-LUDO"},
		{"K5", "Pairs cannot be captured", "Two or more tokens of one colour on a square cannot be captured, and do not block: opponents pass them, and one that lands on them shares the square (`MultiCapture:CaptureNone`). A lone token sharing that square can still be captured.", "LUDOXPERT; NSARTICLE; UKLL"},
		{"K6", "Quick games", "Options for the quick modes: `StartOut` tokens begin on the start square, and a player finishes with `FinishTokens` tokens home, the game stopping at the first winner (`End:FirstWinner`). The presets play neither.", "DYNAMICNEXT; JOYINTECH; UKLL"},
	}},
	{"Mensch ärgere Dich nicht", "The presets `maedn` (four players) and `maedn6` (six, on a board of six arms of ten fields: 60, the arm repeated) play Schmidt Spiele's rules: a ring of 40 fields, start fields 10 apart, four goal fields a–d, one figure starting on the start field, a 6 that must bring a figure in, the start field cleared, three throws while nothing can move, no limit on sixes (`SixLimit:0`), and no figure landing on its own colour (`OwnLanding:OwnLandingForbidden`). Figures may jump others, in the goal too. Schmidt's listed variants are options: no jumping in the goal (M6), barriers (M7), compulsory capture (M8).", []rule{
		{"M1", "The goal", "The home column and the finish are goal fields that hold one figure each (`Goal:GoalSlots`; on the Mensch ärgere Dich nicht board the home column has three fields and the finish is the fourth, d). A figure moves up the goal counting the fields, and may move on inside it; a roll that would take it past the last field is no move. A player is done when their figures fill the last goal fields: all four fields with four figures (on the Cờ cá ngựa stable, rule V2, squares 3 to 6). A figure enters the goal only exactly as it enters the home column; it is `Finishes` when it comes into the fields that count.", "SCHMIDT; OS-MAEDN"},
		{"M2", "A 6 must bring a figure in", "While figures wait in the yard, an entry roll must bring one in if one can enter (`EntryCompulsory`); only if none can does the roll move a figure. Parchís plays it with its 5 (P3).", "SCHMIDT; ES-JCF"},
		{"M3", "Clear the start field", "While figures wait in the yard, a figure on its own start field must move off as soon as it can (`ClearStart`): where it has a legal move, only that move is allowed. With an own figure on the start field a 6 cannot bring a new one in (own landing, Q11), so the 6 moves that figure first. Ruling on the order of the duties: compulsory entry (M2) comes first, then compulsory capture (M8, as KEDEGGEL), then clearing the start field, then opening a barrier (P7); each applies only where it leaves a move.", "SCHMIDT; KEDEGGEL"},
		{"M4", "Three throws", "A player none of whose figures can move other than by entering (all in the yard, finished, or in the goal with no roll that moves them) has up to three throws in a turn to roll an entry face (`Tries:3`): a throw that leaves no move gives another, until the third. Ruling: a token move ends the throws, so the count starts again if the player is ever back to nothing that can move. Danish Ludo plays it too.", "SCHMIDT (Spielvarianten); DK-SPILREGLER"},
		{"M5", "A figure starts on the start field", "Each player begins with one figure on the start field and three in the yard (`StartOut:1`), as Schmidt's rules set up the game.", "SCHMIDT"},
		{"M6", "No jumping in the goal", "Option `HomeJumps:HomeJumpsForbidden` (Schmidt's variant \"no jumping in the goal\", and the English Wikipedia text from 2021): a token may not pass another in its home column. The presets allow it.", "SCHMIDT-SAMMLUNG; W-LUDO-2021"},
		{"M7", "Barriers", "Schmidt's variant Barrieren: two figures of one colour on a field form a barrier that no figure may pass or capture, its owner's included. Play it as `maedn{Blocks:BlocksStopAll OwnLanding:OwnLandingAllowed SquareLimit:2}`: blocks that stop everyone (B2), made of two figures at most (P2).", "SCHMIDT (Spielvarianten)"},
		{"M8", "Compulsory capture", "Option `CaptureDuty` (Schmidt's variant Schlagzwang, and Danish Kampludo): `CaptureCompulsory` allows only capturing moves where one captures; `CapturePenalty` lets a player make another move, but then the figure that could have captured goes back to its yard (where several could, the one furthest on as they stood before the move: a ruling, the sources name no figure). The presets play `CaptureOptional`.", "SCHMIDT (Spielvarianten); DK-KOMOGVIND; BRETTSPIELTESTER"},
	}},
	{"Danish Ludo", "The preset `danish` plays the Danish board of globes and stars: Classic plus D1–D4, three throws while nothing can move (M4), a finish with bounce (`Finish:BounceFinish`: the excess is counted back from the finish, as the Danish rules that LUDOpy's README translates from DK-SPILREGLER say, \"move your piece in the opposite direction by the amount you have leftover\"; LUDOpy's code itself counts the excess back from the square the piece moved from, which no option plays), and no limit on sixes (the Danish rules give none). Pieces may stack, and stacks do not block passing.", []rule{
		{"D1", "Globes", "The start squares and the globes eight on from them (`Safe:{0 8}`) are globes: a piece on a globe is safe, and an opponent that lands on it is sent to its own yard instead (`SafeSquares:SafeMoverHome`).", "W-LUDO-2019 (V13); DK-SPILREGLER; DK-KOMOGVIND"},
		{"D2", "Stars", "A piece that ends its move on a star (`Stars:{4 11}`: eight stars) jumps on to the next star. Whatever stands on the star it lands on is dealt with first (a capture, or the mover sent home by a pair, D3), then whatever stands on the star it jumps to. A piece that lands on the star on its own home entry square (the last before its home column) jumps straight to its finish; one that lands on the star before that jumps to that star and no further. Rulings: the landing rules apply on both stars (as LUDOpy plays them); a piece sent home on the star it lands on does not jump, so what stands on the next star stays there (LUDOpy still captures a lone piece on it); a jump passes nothing (no block stops it).", "W-LUDO-2019 (V13); DK-FKLUB; LUDOpy"},
		{"D3", "Pairs send the attacker home", "A piece that lands on two or more pieces of one colour is sent to its own yard (`MultiCapture:CaptureMover`); a single piece is captured as usual. Pieces may pass a pair.", "DK-SPILREGLER; DK-KOMOGVIND"},
		{"D4", "Entering captures on the start globe", "A piece entering onto its own start globe captures every opponent there, safe though the globe is (`EntryCapture:EntryCapturesAll`).", "W-LUDO-2019 (V13); DK-FKLUB"},
	}},
	{"Parchís with one die", "The presets `parchis1` (four players) and `parchis6` (six, on a board of six arms of 17 squares: 102) play the traditional Spanish game with one die: a ring of 68 squares, exits 17 apart, a corridor of seven squares and the meta, and P1–P9. Spanish boards run counter-clockwise; this library numbers every board clockwise, and a counter-clockwise board is its mirror image, which changes no rule.", []rule{
		{"P1", "Seguros", "Twelve squares are seguros: each exit and the squares 7 and 12 on from it (`Safe:{0 7 12}`). Nobody is captured on a seguro; two colours may share one (K1, `SafeSquares:SafeShare`).", "ES-FOURNIER; ES-TOROFUN; OS-PARCHEESI-FORK"},
		{"P2", "Two to a square", "A track square holds two pieces at most, of any colours (`SquareLimit:2`): a piece may not land on a full square (rule P2), but for P4. The corridor and the meta are not limited: they hold any number of their owner's pieces.", "ES-TOROFUN; ES-PARXIS; ES-COSAS"},
		{"P3", "Entry on a 5", "Only a 5 brings a piece out, onto its exit (`EntryRolls:{5}`), and a 5 must bring one out while any waits at home and one can (M2).", "ES-JCF; ES-TOROFUN; ES-FOURNIER"},
		{"P4", "The exit square", "A piece may enter onto its full exit if an opponent is there: an opponent is captured to make room (`EntryCapture:EntryCapturesLast`). The sources capture \"the last to arrive\": of two opponents, the one that arrived there last (the position remembers it, written `later`); where the last to arrive is the player's own piece, the opponent is captured all the same (ruling: nobody captures their own piece). Two pieces of the player's own colour on the exit bar entry. With one opponent there the entering piece shares the seguro. An enemy pair on the exit does not stop entry: the one of them that arrived last is captured.", "ES-JCF; ES-FUEGIAN"},
		{"P5", "A 6 counts 7", "Once none of the player's pieces is at home (in the yard), a 6 counts 7 (`SixValue:7`). Ruling: pieces at the meta count as out.", "ES-CULTURA; ES-JCF; ES-TOROFUN"},
		{"P6", "Barriers", "Two pieces of one colour on a square form a barrier that no piece passes, its owner's included (`Blocks:BlocksStopAll`). Ruling: the traditional texts say only that opponents cannot cross; the library follows the tables (and the Polish online rules) where nobody crosses.", "ES-CULTURA; ES-ACADEMICKIDS; PL-TURNIEJE"},
		{"P7", "Open the barrier on a 6", "A player who rolls a 6 must move a piece out of one of their barriers if one can (`BreakOnSix`). Rulings: where no barrier piece can move, the duty lapses and any legal move may be played; the duty is the rolled 6's: a bonus move of 20 or 10 that follows it (P8) is free of it.", "ES-CULTURA; BR-INF1636"},
		{"P8", "Counting 20 and 10", "A capture earns a bonus move of 20 (`CaptureBonus:20`), bringing a piece to the meta one of 10 (`HomeBonus:10`), counted with any one piece. Rulings: the bonus move comes straight after the move that earned it, before any bonus roll; it is a move due like a roll's (`IsBonusMove`), counted whole by one piece; a piece at home cannot take it; if no piece can, it is lost; a bonus move may capture or reach the meta and earn another; it passes no barrier.", "ES-CULTURA; ES-PARXIS; ES-ACADEMICKIDS"},
		{"P9", "The third six", "A third 6 in a row is not played and sends the piece the player moved last this turn back home (`SixPenalty:LastMovedHome`). Rulings: a bonus move (P8) is a move, so the piece that counted the last 20 or 10 is the piece moved last; a piece in its corridor or at the meta is not sent back (ES-CULTURA; other texts send it to the foot of the corridor), and if no piece moved this turn nothing is.", "ES-CULTURA; ES-ACADEMICKIDS; ES-PARXIS"},
	}},
	{"Fia med knuff", "The preset `fia` plays the Swedish game: a ring of 40 dots, starts 10 apart, a home column of four dots and the centre, entry on 1 and 6 (F1), a bonus roll on a 6 only, no passing your own pieces (F2), no two of your pieces on a dot (`OwnLanding:OwnLandingForbidden`), capture (\"knuff\") by landing, and a finish with bounce (`Finish:BounceFinish`: the excess is walked back). Rulings: no limit on sixes (the sources give none).", []rule{
		{"F1", "Entry on 1 and 6", "A 1 brings one piece onto the first dot (`EntryRolls:{1 6}`). A 6 brings two pieces onto the first dot together, or one piece straight to the sixth dot (progress 5), passing and landing as a move from the first dot would (`SixEntry:SixEntersTwoOrRuns`). Rulings: with one piece left in the nest, a 6 brings it onto the first dot or sends it to the sixth; the player's own piece on the first dot does not stop the run, which starts from that dot and so does not pass it (only the pair may not come out onto it, Q11).", "FIA-WB; FIA-SR"},
		{"F2", "No passing your own", "A piece may not pass a piece of its own colour, on the track or in the home column (`Overtake:OvertakeOpponents`); it may pass opponents. Ruling: in a bounce (C5) the squares walked back count as passed, as do those walked up to the finish. Option `Overtake:OvertakeNone` forbids passing any piece (some Polish and French sets).", "FIA-SR; PL-PRL; FR-ECHECS"},
	}},
	{"Cờ cá ngựa", "The preset `cocangua` plays the Vietnamese horse race: Classic with entry and a bonus roll on 1 and 6 (V1), the stable of six squares climbed one at a time (V2), and no limit on bonus rolls. The board is the classic cross with the stable as the home column: five squares and the sixth as the finish. Vietnamese boards run counter-clockwise; the library draws every board clockwise, a mirror image. Rulings where the sources are silent: horses may pass each other, there are no safe squares, and one die is played (most tables play two).", []rule{
		{"V1", "Entry and bonus on 1 and 6", "A 1 or a 6 brings a horse out and earns another roll (`EntryRolls:{1 6}`, `BonusRolls:{1 6}`).", "W-LUDO-2019 (V14); VN-ONBET"},
		{"V2", "The stable", "A horse must stop on its gate, the home entry square, before it climbs its stable: a move that would carry it past the gate is no move. From the gate a 1 takes it onto stable square 1, and from square k only a roll of k+1 takes it up one square (`HomeSteps`). One horse a square (M1); a player is done when four horses stand on squares 3 to 6.", "W-LUDO-2019 (V14); VN-ONBET; VN-CF68"},
	}},
	{"Two dice", "Rules W1–W3 play a throw of two dice (option `TwoDice`), as Nigerian Ludo, Parcheesi and Uckers do, and Indian and Pakistani tables often. The preset `naija` plays them; the rules of the other families still hold, each die playing as one die's roll does.", []rule{
		{"W1", "Two dice", "Option `TwoDice`: a throw is two six-sided dice, and each die is an amount due, played by a move of its own, in either order, on one token or on two. A token may take both dice one after the other: each is a move with a landing of its own, so the first can capture on the square between (C11) and the second moves on from there (unless the capture retires it, N1); the dice are never added into one move. A die showing an entry face (`EntryRolls`) enters a token with that die (C7, C8), and the other die may then move it on. After the first die's move, the other die's move is due with no roll (`State.Dice` and `State.DiceDue` say which die is left); a move that plays a die not due, or one already played, is refused (rule W1). `Validate` refuses, with two dice, what is not played with them yet: a 6 counting 7 (P5), a 6 entering two (F1), bonus moves of steps (P8) and a duty to capture (M8).", "NG-ABIDOYE; NG-NAIJA; US-WIKI; UCK-COUK; W-LUDO-2019 (V2)"},
		{"W2", "Play both dice", "Both dice must be played where they can be: a move after which the other die cannot be played is refused (rule W2) while another move, in either order, lets both be played; a move that brings the player's last token home counts as playing both. Where the other die then has no move, its one legal move is a pass. Where only one die can be played, whichever is tried first, option `DiceUse` says which: `EitherDie`, the player chooses (the preset's); `LargerDie`, the larger, where a token can play it, else the smaller, as Uckers plays (a move of the smaller is then refused, rule W2). The sources disagree: revisions of the English Wikipedia's Parcheesi rules say in turn that the player chooses, that the larger must be played, and that the lower is forfeited (which no option plays).", "US-WIKI; UCK-COUK"},
		{"W3", "Doubles", "With two dice `BonusRolls` names the faces whose doubles earn a bonus roll: a double of such a face (for the preset a double 6) earns one, and no other throw does, a single 6 included. `Streak` counts such doubles in a row this turn, and `SixLimit` forfeits the throw that reaches it: its one legal move is the forfeiting pass, and `SixPenalty` says what it undoes (Q2). A double earns its roll when only one of its dice can be played too, and when neither can unless `NoMoveForfeitsBonus` (Q1).", "NG-ABIDOYE; US-WIKI"},
	}},
	{"Nigerian Ludo", "The preset `naija` plays West African (Nigerian) Ludo: Classic with two dice (W1–W3), a 6 on either die to enter, a double 6 to throw again, and a capturing token leaving the board as finished (N1). The capture rule is the source of dispute point 21 of the research notes: the 2019 English Wikipedia says of African play that a capture sends the capturing piece \"to its home square\", and Nigerian sources read home as the finish. N2–N5 are the library's rulings on what the sources leave open.", []rule{
		{"N1", "A capture retires the capturer", "Option `CaptureRetires`: a token that captures leaves the board as finished. The opponents it captures on the square it lands on go back to their yards (C11, Q3), and the capturer goes to the finish (its move's text says `retire`, and `Move.To` is the square where it captured); this holds for a token entering onto an opponent on its start square too (Q4). A player whose last token retires so takes the next place (C6). `Validate` refuses it with `Goal:GoalSlots`, whose finish holds one token.", "NG-ABIDOYE; NG-NAIJA; W-LUDO-2019 (A4)"},
		{"N2", "A capture that leaves a die unplayed", "NG-ISSUE12 asks about a capture made with one die where no other token can play the other die, and would not count it (as the house rule that nobody captures or finishes while numbers remain that no other piece can use, W-LUDO-2019 (V11)). Ruling: it counts. Each die is a move of its own with a landing of its own (W1), and a landing on an opponent captures (C11), so that die's move is the capture; not counting it would have the token count on past the opponent, as if the dice were added, which W1 never does. Rule W2 refuses such a capture only where another move lets both dice be played; where none does, the capturer retires (N1) and the other die's move is a pass.", ""},
		{"N3", "Entering and finishing", "A 6 on either die brings a token out (`EntryRolls:{6}`), and the other die may move it on or move another token; a double 6 may bring out two, or bring out one and move it 6. The track is the classic board's, 56 steps from the start square to the finish, as NG-NAIJA counts them. Ruling: a token finishes only with the exact count of a die (C5, `Finish:ExactFinish`), either die, or with the second after the first has brought it nearer; a die that would overshoot is no move for that token.", ""},
		{"N4", "No limit on double sixes", "A double 6 throws again however many come in a row: the sources give no limit, so the preset plays `SixLimit:0` (ruling). `SixLimit:3` forfeits the third double 6 in a row, as Classic forfeits the third 6 (W3, C9).", ""},
		{"N5", "No safe squares, no barriers", "The preset has no safe squares and no blocks (ruling: the rules the sources give have neither): a token on any track square can be captured, and two or more of a colour on one square block nobody and are captured together (Q3, Q11). The Naija Ludo app offers barriers, safe houses and another throw after a capture as options (NG-NAIJA), without publishing their rules: play them as `Blocks` (B1, B2), `Safe` with `SafeSquares` (K1) and `CaptureBonus:roll` (K2). Its option to keep the capturer on the board is `CaptureRetires:false`.", ""},
	}},
	{"Partnerships", "No preset plays in teams; the option does, for the families that have them (Pachisi, Uckers, Parchís in pairs).", []rule{
		{"T1", "Partners", "Option `Teams:Partners`: the players form two teams, alternating round the seats (with four players the partners sit opposite; with six, every other seat). Partners never capture each other (a token that lands on a partner shares the square) and a partner's block does not stop you under `BlocksStopOpponents`; under `BlocksStopAll` you may not pass it but may land on it, as its owner may (ruling). A colour whose tokens are all home takes no more turns. The team whose colours have all finished wins: its colours take first place, the other team second, and the game is over.", "PZ-LUDO; ES-FGRIM; UCK-WIKI"},
	}},
}

// ruleByNumber returns the rule numbered n.
func ruleByNumber(n string) (rule, bool) {
	for _, sec := range rulebook {
		for _, r := range sec.rules {
			if r.number == n {
				return r, true
			}
		}
	}
	return rule{}, false
}

// RuleTitle returns the title of rule (or ruling) number n of the rulebook,
// as RuleTitle("B2") = "Blocks stop opponents", and false if there is no
// such rule. [IllegalMoveError.Rule] holds such a number.
func RuleTitle(n string) (string, bool) {
	r, ok := ruleByNumber(n)
	return r.title, ok
}

// RuleText returns the text of rule (or ruling) number n of the rulebook
// as plain text, for people to read, and false if there is no such rule.
// It is the README's text without its Markdown: option names and values
// lose their backquotes, as in "A track square holds two pieces at most,
// of any colours (SquareLimit:2): …". [RuleMarkdown] gives the Markdown.
func RuleText(n string) (string, bool) {
	r, ok := ruleByNumber(n)
	return strings.ReplaceAll(r.text, "`", ""), ok
}

// RuleMarkdown returns the text of rule (or ruling) number n of the
// rulebook in Markdown, exactly as the README gives it (option names and
// values as code), and false if there is no such rule. [RuleText] gives
// it as plain text.
func RuleMarkdown(n string) (string, bool) {
	r, ok := ruleByNumber(n)
	return r.text, ok
}

// rulebookMarkdown writes the rulebook as the README gives it.
func rulebookMarkdown() string {
	var b strings.Builder
	for _, sec := range rulebook {
		b.WriteString("### " + sec.heading + "\n\n" + sec.intro + "\n\n")
		for _, r := range sec.rules {
			b.WriteString("- **" + r.number + " " + r.title + ".** " + r.text)
			if r.sources != "" {
				b.WriteString(" *Sources: " + r.sources + ".*")
			}
			b.WriteString("\n")
		}
		b.WriteString("\n")
	}
	return b.String()
}
