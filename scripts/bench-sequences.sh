#!/usr/bin/env bash
# The sequence engine on the workloads of issue #11, in the modes Beling's `ogsolve` was
# compared in, with one thread, two threads, and two threads pinned to one core.
#
# Usage: scripts/bench-sequences.sh [REPEATS] [FILTER]
#   REPEATS  paired runs per workload (default 5); the medians are reported
#   FILTER   run only the workloads whose name contains it (e.g. 0.106)
#
# Runs take turns (t1, t2, pinned, t1, t2, pinned, ...), so that a busy neighbour slows all
# three alike. `ogsolve` itself cannot be part of the repository; its whole-process times on
# this 2-core machine, from the paired measurements recorded in issue #11 (ogsolve time =
# ratio x cgt time of that day), are the reference column: 0.106 at 0.14 us a heap (-m rc2),
# 0.6 at 5.8 s for 10^6 (-m rc2), 0.16 at 0.030 s for 10^5 (-m rc), 0.76 at 9.6 s for 10^5
# (-m naive, its best), 0.156 at 1.6 s for 10^7 (-m rc; ratio 16 to the 0.10 s of the engine then).
set -euo pipefail
cd "$(dirname "$0")/.."
repeats=${1:-5}
filter=${2:-}
cargo build --release --quiet
cgt=target/release/cgt

# name, code, last heap, ogsolve seconds (reference)
workloads=(
  "0.106@1e6 octal:0.106 1000000 0.14"
  "0.106@1e7 octal:0.106 10000000 1.4"
  "0.16@1e5 octal:0.16 100000 0.030"
  "0.6@1e5 octal:0.6 100000 0.27"
  "0.6@1e6 octal:0.6 1000000 5.8"
  "0.76@1e5 octal:0.76 100000 9.6"
  "0.156@1e7 octal:0.156 10000000 1.6"
)

seconds() { # command... -> wall seconds
  local start end
  start=$(date +%s.%N)
  "$@" >/dev/null
  end=$(date +%s.%N)
  echo "$end - $start" | bc -l
}

median() { sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

printf '%-11s %9s %9s %9s %8s %8s %9s %9s\n' workload t1 t2 pinned t2/t1 pin/t1 'ogs/t1' 'ogs/best'
for workload in "${workloads[@]}"; do
  read -r name code last reference <<<"$workload"
  [[ -n "$filter" && "$name" != *"$filter"* ]] && continue
  one=() two=() pinned=()
  for _ in $(seq "$repeats"); do
    one+=("$(seconds "$cgt" sequence "$code" --to "$last" --summary --threads 1)")
    two+=("$(seconds "$cgt" sequence "$code" --to "$last" --summary --threads 2)")
    pinned+=("$(seconds taskset -c 0 "$cgt" sequence "$code" --to "$last" --summary --threads 2)")
  done
  t1=$(printf '%s\n' "${one[@]}" | median)
  t2=$(printf '%s\n' "${two[@]}" | median)
  tp=$(printf '%s\n' "${pinned[@]}" | median)
  best=$(printf '%s\n%s\n' "$t1" "$t2" | sort -g | head -1)
  printf '%-11s %9.3f %9.3f %9.3f %8.2f %8.2f %9.2f %9.2f\n' "$name" "$t1" "$t2" "$tp" \
    "$(echo "$t2 / $t1" | bc -l)" "$(echo "$tp / $t1" | bc -l)" \
    "$(echo "$reference / $t1" | bc -l)" "$(echo "$reference / $best" | bc -l)"
done
