#!/usr/bin/env bash
# om_reach.sh: how far search goes on the knight's start-to-end record of
# Okuno and Miyano. For each strategy (STRATEGIES, default "default
# okuno-miyano") and worker count (WORKERS, default "1 2": one search, and
# the parallel portfolio on two cores), it finds the largest n for which
#
#   boardgraph solve --moves knight NxN --start 1,1 --end N,1 --method search --strategy S --workers W
#
# finds and verifies a path within LIMIT seconds (default 60) of wall time:
# doubling from START (default 76) up to MAXN (default 2048, the CLI's 2^22
# cell cap), then bisection down to a step of STEP (default 2%) of n. One
# line per run on stderr (exit code, wall seconds, peak KB); a summary on
# stdout. Success within the limit is not monotone in n (the search can be
# lucky on a larger board), so the figure is the boundary this walk finds.
set -uo pipefail
cd "$(dirname "$0")/.."
export PATH="/usr/local/go/bin:$PATH"
mkdir -p bench/out
go build -o bench/out/boardgraph ./cmd/boardgraph || exit 2
bg=bench/out/boardgraph
LIMIT=${LIMIT:-60}
START=${START:-76}
MAXN=${MAXN:-2048}
STEP=${STEP:-2}

# try S W N: exit 0 when a path is found and verified within LIMIT seconds.
try() {
	local tf rc wall kb
	tf=$(mktemp)
	/usr/bin/time -f "%e %M" -o "$tf" "$bg" solve --moves knight "$3x$3" --start 1,1 --end "$3,1" \
		--method search --strategy "$1" --workers "$2" --timeout "${LIMIT}s" --quiet --format path >/dev/null 2>&1
	rc=$?
	read -r wall kb <"$tf"
	rm -f "$tf"
	echo "$(date -u +%H:%M:%S) load $(cut -d' ' -f1 /proc/loadavg) strategy=$1 workers=$2 n=$3 exit=$rc wall=${wall}s peak=${kb}KB" >&2
	[ "$rc" = 0 ] && awk -v w="$wall" -v l="$LIMIT" 'BEGIN{exit !(w <= l)}'
}

for s in ${STRATEGIES:-default okuno-miyano}; do
	for w in ${WORKERS:-1 2}; do
		lo=0 hi=0 n=$START
		while :; do
			if try "$s" "$w" "$n"; then
				lo=$n
				[ "$n" -ge "$MAXN" ] && break
				n=$((2 * n))
				[ "$n" -gt "$MAXN" ] && n=$MAXN
			else
				hi=$n
				break
			fi
		done
		while [ "$hi" -gt 0 ] && [ $((hi - lo)) -gt $((lo * STEP / 100 + 1)) ]; do
			mid=$(((lo + hi) / 2))
			if try "$s" "$w" "$mid"; then lo=$mid; else hi=$mid; fi
		done
		if [ "$hi" -gt 0 ]; then
			echo "strategy=$s workers=$w largest n found within ${LIMIT}s: $lo (failed at $hi)"
		else
			echo "strategy=$s workers=$w largest n found within ${LIMIT}s: $lo (the cap MAXN=$MAXN)"
		fi
	done
done
