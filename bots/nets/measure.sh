#!/bin/sh
# measure.sh plays the learned bots against random players and against
# the heuristic under every preset, and prints the rows of the strength
# table in bots/README.md, each with the command that produced it. Run it
# from the repository's root:
#
#	sh bots/nets/measure.sh                    # every preset
#	sh bots/nets/measure.sh classic 'danish{Tries:1}'   # those named
#
# GAMES (2000) and SEARCH_GAMES (1000) are the games of a row of learned1
# and of learned (the search).
set -eu
GAMES=${GAMES:-2000}
SEARCH_GAMES=${SEARCH_GAMES:-1000}
BIN=${BIN:-/tmp/ludo-measure}
mkdir -p "$BIN"
go build -o "$BIN/tournament" ./cmd/ludo-tournament

# row PRESET BOT GAMES LINEUP [PLAYERS]: one row of the table.
row() {
	preset=$1 bot=$2 games=$3 lineup=$4 seats=${5:-} # seats: sh has no local variables
	set -- -preset "$preset" -bots "$lineup" -games "$games" -seed 1 -quiet
	[ -n "$seats" ] && set -- "$@" -players "$seats"
	out=$("$BIN/tournament" "$@")
	line=$(echo "$out" | awk -v b="$bot" '$1 == b')
	parity=$(echo "$out" | sed -n 's/^parity \([0-9.]*%\).*/\1/p')
	n=$(echo "$out" | sed -n '1s/.*: \([0-9]*\) games.*/\1/p')
	echo "$line" | awk -v p="$preset" -v l="$lineup${seats:+ ×$seats}" -v n="$n" -v par="$parity" -v cmd="go run ./cmd/ludo-tournament $*" \
		'{ printf "| %s | %s | %s | %s | %s | %s %s | %s |\n", p, $1, l, n, par, $3, $4 " " $5, "`" cmd "`" }'
}

for preset in classic 'danish{Tries:1}' mongolian ludoking ludoking6 maedn maedn6 danish parchis1 parchis6 fia cocangua naija \
	parcheesi parchis parchis6d uckers chinczyk nontiarrabbiare brasilpuc brasil eilemitweile petitschevaux pachisi; do
	if [ $# -gt 0 ]; then
		case " $* " in *" $preset "*) ;; *) continue ;; esac
	fi
	case $preset in
	ludoking6 | maedn6 | parchis6 | parchis6d) players=6 ;;
	*) players=4 ;;
	esac
	for bot in learned1 learned; do
		games=$GAMES
		[ "$bot" = learned ] && games=$SEARCH_GAMES
		row "$preset" "$bot" "$games" "$bot,random" "$players"
		case $preset in
		uckers | pachisi) row "$preset" "$bot" "$games" "$bot,heuristic,heuristic,heuristic" ;; # partners: a heuristic partner, two heuristic opponents
		*) row "$preset" "$bot" "$games" "$bot,heuristic" ;;
		esac
	done
done
