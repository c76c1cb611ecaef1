#!/bin/sh
# train.sh retrains every net this directory holds, one after the other,
# with the commands and seeds bots/README.md lists; run it from the
# repository's root. Each run logs its evaluations to $LOGS/NAME.log and
# its wall time and the machine's load to $LOGS/times.txt.
#
#	sh bots/nets/train.sh            # all of them
#	sh bots/nets/train.sh classic    # the nets whose name starts so
set -eu
LOGS=${LOGS:-/tmp/ludo-nets}
mkdir -p "$LOGS"
go build -o "$LOGS/train" ./examples/train

# name rules players games hidden
while read -r name rules players games hidden; do
	case $name in "${1:-}"*) ;; *) continue ;; esac
	start=$(date +%s)
	load=$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo ?)
	rm -f "$LOGS/$name.log"
	"$LOGS/train" -preset "$rules" -players "$players" -games "$games" -hidden "$hidden" -seed 1 \
		-eval-every "$games" -eval-games 1000 -log "$LOGS/$name.log" -out "bots/nets/$name.net" >/dev/null
	end=$(date +%s)
	echo "$name $((end - start))s load $load .. $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo ?)" >>"$LOGS/times.txt"
done <<EOF
classic classic 4,2 100000 64
danish-tries1 danish{Tries:1} 4,2 100000 64
mongolian mongolian 4,2 20000 48
ludoking ludoking 4,2 20000 48
ludoking6 ludoking6 6,2 8000 48
maedn maedn 4,2 20000 48
maedn6 maedn6 6,2 8000 48
danish danish 4,2 20000 48
parchis1 parchis1 4,2 15000 48
parchis6 parchis6 6,2 6000 48
fia fia 4,2 20000 48
cocangua cocangua 4,2 20000 48
naija naija 4,2 12000 48
parcheesi parcheesi 4,2 10000 48
parchis parchis 4,2 10000 48
parchis6d parchis6d 6,2 5000 48
uckers uckers 4 10000 48
chinczyk chinczyk 4,2 20000 48
nontiarrabbiare nontiarrabbiare 4,2 20000 48
brasilpuc brasilpuc 4,2 20000 48
brasil brasil 4,2 20000 48
eilemitweile eilemitweile 4,2 15000 48
petitschevaux petitschevaux 4,2 20000 48
pachisi pachisi 4 10000 48
EOF
