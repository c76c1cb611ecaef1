#!/bin/sh
# train.sh retrains every net this directory holds, one after the other,
# with the commands and seeds bots/README.md lists; run it from the
# repository's root. Each run logs its evaluations to $LOGS/NAME.log and
# its wall time and the machine's load to $LOGS/times.txt.
#
#	sh bots/nets/train.sh                  # all of them
#	sh bots/nets/train.sh classic danish   # those named
#
# The games of each run were chosen for its time: each at most 30 minutes
# and all of them at most two hours on a shared 2-core machine. The
# six-arm boards' nets are trained head to head and play any number of
# players (bots.NetFor takes the nearest): the nets of ludoking6, maedn6
# and parchis6 trained at six players (steps of 512 positions) won 32%,
# 10% and 9% of 600 six-player games against random players (parity
# 16.7%), those trained head to head 71%, 60% and 84%.
set -eu
LOGS=${LOGS:-/tmp/ludo-nets}
only="$*"
mkdir -p "$LOGS"
go build -o "$LOGS/train" ./cmd/ludo-train

# name rules players games hidden minibatch [opponents]: the net is
# bots/nets/NAME.net (vs-random/classic: trained against random players)
while read -r name rules players games hidden minibatch opponents; do
	if [ -n "$only" ]; then
		case " $only " in *" $name "*) ;; *) continue ;; esac
	fi
	start=$(date +%s)
	load=$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo ?)
	log="$LOGS/$(echo "$name" | tr / -).log"
	rm -f "$log"
	set -- -preset "$rules" -players "$players" -games "$games" -hidden "$hidden" -seed 1
	[ "$minibatch" = 128 ] || set -- "$@" -minibatch "$minibatch" # the note of each net names the flags given
	[ -z "$opponents" ] || set -- "$@" -opponents "$opponents"
	"$LOGS/train" "$@" -eval-every "$games" -eval-games 1000 -log "$log" -out "bots/nets/$name.net" >/dev/null
	end=$(date +%s)
	echo "$name $((end - start))s load $load .. $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo ?)" >>"$LOGS/times.txt"
done <<EOF
classic classic 4,2 100000 64 128
danish-tries1 danish{Tries:1} 4,2 100000 64 128
mongolian mongolian 4,2 20000 48 128
ludoking ludoking 4,2 16000 48 128
ludoking6 ludoking6{Players:2} 2 20000 24 128
maedn maedn 4,2 27000 48 128
maedn6 maedn6{Players:2} 2 20000 24 128
danish danish 4,2 29000 48 128
parchis1 parchis1 4,2 20000 48 128
parchis6 parchis6{Players:2} 2 20000 24 128
fia fia 4,2 21000 48 128
cocangua cocangua 4,2 4500 48 128
naija naija 4,2 40000 48 128
parcheesi parcheesi 4,2 3500 48 128
parchis parchis 4,2 8500 48 128
parchis6d parchis6d{Players:2} 2 10000 24 128
uckers uckers 4 7500 48 128
chinczyk chinczyk 4,2 25000 48 128
nontiarrabbiare nontiarrabbiare 4,2 16000 48 128
brasilpuc brasilpuc 4,2 24000 48 128
brasil brasil 4,2 12000 48 128
eilemitweile eilemitweile 4,2 10000 48 128
petitschevaux petitschevaux 4,2 5500 48 128
pachisi pachisi 4 8000 48 128
vs-random/classic classic 4 1200000 64 128 random
EOF
