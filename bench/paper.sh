#!/usr/bin/env bash
# paper.sh: the Diplomatico paper's four result tables (§IV) beside ours.
#
# Builds the boardgraph binary (used for the "result" column), runs the
# in-process Go benchmarks of bench/paper_test.go (one sub-benchmark per
# table row, plus the 6x6 counts) and prints the paper's times (Raw,
# Constructive, APOC: Neo4j; Python: backtracking with Warnsdorff) next to
# ours. Environment: BENCHTIME (default 300ms), COUNT6 (set to 0 to skip the
# 6x6 counts, which take seconds each).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/usr/local/go/bin:$PATH"
mkdir -p bench/out
go build -o bench/out/boardgraph ./cmd/boardgraph
bg=bench/out/boardgraph

pattern='BenchmarkPaper'
if [ "${COUNT6:-1}" != 0 ]; then pattern='BenchmarkPaper|BenchmarkCount6x6'; fi
go test -run '^$' -bench "$pattern" -benchtime "${BENCHTIME:-300ms}" ./bench >bench/out/bench.txt
grep -E '^(cpu|goos|goarch):' bench/out/bench.txt || true
echo "GOMAXPROCS=$(nproc) $(go version | cut -d' ' -f3)"

# The paper's times in seconds (Tables of §IV; ">30" = did not finish in 30 s,
# "-" = not measured).
paper() {
cat <<'TABLE'
T1-one        4x5  0.4797 1.3337  0.1615 0.0085
T1-one        4x6  >30    2.3749  0.2981 0.0180
T1-one        4x7  >30    4.4709  0.6444 0.1897
T1-one        5x5  >30    5.7675  0.7468 0.0040
T2-corner     4x5  0.7142 0.0417  0.0256 0.0032
T2-corner     4x6  >30    0.0659  0.0250 0.0514
T2-corner     4x7  >30    3.2629  0.5479 0.5982
T2-corner     5x5  >30    0.6837  0.4557 0.0147
T3-all-corner 4x5  1.1492 0.0331  0.0143 0.0034
T3-all-corner 4x6  >30    0.6907  0.0307 0.0503
T3-all-corner 4x7  >30    16.6208 0.6338 0.6547
T3-all-corner 5x5  >30    3.1501  2.9022 0.4530
T4-larger     5x6  -      -       0.0578 0.4754
T4-larger     4x8  -      -       3.9755 6.3072
T4-larger     5x7  -      -       0.1442 0.0007
T4-larger     6x6  -      -       0.2700 0.5473
TABLE
}

# result describes what the task's answer is, from the CLI.
result() {
  local table=$1 spec=$2 r c out code
  r=${spec%x*} c=${spec#*x}
  case $table in
    T1-one|T4-larger)
      if $bg solve "$spec" --quiet >/dev/null 2>&1; then echo "solved"; else echo "FAILED"; fi ;;
    T2-corner)
      set +e; $bg solve "$spec" --start 1,1 --end "$r,$c" --quiet >/dev/null 2>&1; code=$?; set -e
      case $code in 0) echo "solved";; 1) echo "none exists";; *) echo "FAILED($code)";; esac ;;
    T3-all-corner)
      out=$($bg count "$spec" --start 1,1 --end "$r,$c" 2>/dev/null) && echo "$out solutions" || echo "FAILED" ;;
  esac
}

# fmt_ns prints a duration given in ns with a readable unit.
fmt_ns() { awk -v ns="$1" 'BEGIN { if (ns < 1e3) printf "%.0fns", ns; else if (ns < 1e6) printf "%.1fus", ns/1e3; else if (ns < 1e9) printf "%.2fms", ns/1e6; else printf "%.2fs", ns/1e9 }'; }

echo
echo "Diplomatico paper, §IV: seconds per task (paper) vs ours (in-process, Go benchmark)"
printf '%-14s %-5s %8s %8s %8s %8s | %10s %10s %-14s %s\n' table board Raw Constr APOC Python ours nodes/op result "speed-up vs paper's best"
paper | while read -r table spec raw con apoc py; do
  line=$(grep -E "^BenchmarkPaper/$table/$spec-[0-9]+ " bench/out/bench.txt || true)
  if [ -z "$line" ]; then echo "$table $spec: no benchmark result"; continue; fi
  ns=$(awk '{for (i=1;i<NF;i++) if ($(i+1)=="ns/op") print $i}' <<<"$line")
  nodes=$(awk '{for (i=1;i<NF;i++) if ($(i+1)=="nodes/op") print $i}' <<<"$line")
  best=$(printf '%s\n' "$raw" "$con" "$apoc" "$py" | grep -E '^[0-9.]+$' | sort -g | head -1)
  speed=$(awk -v b="$best" -v ns="$ns" 'BEGIN { printf "%.0fx", b*1e9/ns }')
  printf '%-14s %-5s %8s %8s %8s %8s | %10s %10s %-14s %s\n' "$table" "$spec" "$raw" "$con" "$apoc" "$py" "$(fmt_ns "$ns")" "$nodes" "$(result "$table" "$spec")" "$speed"
done

if [ "${COUNT6:-1}" != 0 ]; then
  echo
  echo "Exact counts on 6x6, all cores (target: under 3 s each)"
  for m in hopido knight; do
    line=$(grep -E "^BenchmarkCount6x6/$m-[0-9]+ " bench/out/bench.txt || true)
    ns=$(awk '{for (i=1;i<NF;i++) if ($(i+1)=="ns/op") print $i}' <<<"$line")
    printf '  count --moves %-7s 6x6: %s per count\n' "$m" "$(fmt_ns "$ns")"
  done
fi
echo
echo "raw benchmark output: bench/out/bench.txt"
