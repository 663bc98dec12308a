#!/usr/bin/env bash
# The sequence engine on the workloads of issue #11, side by side with Beling's `ogsolve` in the
# mode the issue compared it in, with one thread, two threads, and two threads pinned to one core.
#
# Usage: scripts/bench-sequences.sh [REPEATS] [FILTER]
#   REPEATS  paired runs per workload (default 5); the medians are reported
#   FILTER   run only the workloads whose name contains it (e.g. 0.106)
#
# Runs take turns (ogsolve, t1, t2, pinned, ogsolve, t1, ...), so that a busy neighbour slows all
# alike. `ogsolve` (crates.io, LGPL) is not part of the repository: the script uses $OGSOLVE, or
# `ogsolve` on the PATH, or installs it into target/peer with cargo. Where it cannot be had, the
# reference column falls back to its times recorded in issue #11 (ogsolve time = ratio x onag time
# of that day): 0.106 at 0.14 us a heap (-m rc2), 0.6 at 5.8 s for 10^6 (-m rc2), 0.16 at 0.030 s
# for 10^5 (-m rc), 0.76 at 9.6 s for 10^5 (-m naive, its best), 0.156 at 1.6 s for 10^7 (-m rc).
set -euo pipefail
cd "$(dirname "$0")/.."
repeats=${1:-5}
filter=${2:-}
cargo build --release --quiet
onag=target/release/onag

ogsolve=${OGSOLVE:-$(command -v ogsolve || true)}
if [[ -z "$ogsolve" ]]; then
  if cargo install --quiet --root target/peer ogsolve --version 0.0.7 2>/dev/null; then
    ogsolve=target/peer/bin/ogsolve
  else
    echo "ogsolve could not be installed: the reference column is the issue's recorded times" >&2
  fi
fi

# name, code, last heap, ogsolve's method, ogsolve seconds recorded in the issue
workloads=(
  "0.106@1e6 0.106 1000000 rc2 0.14"
  "0.106@1e7 0.106 10000000 rc2 1.4"
  "0.16@1e5 0.16 100000 rc 0.030"
  "0.16@1e6 0.16 1000000 rc -"
  "0.6@1e5 0.6 100000 rc2 0.27"
  "0.6@1e6 0.6 1000000 rc2 5.8"
  "0.76@1e5 0.76 100000 naive 9.6"
  "0.156@1e6 0.156 1000000 rc -"
  "0.156@1e7 0.156 10000000 rc 1.6"
)

seconds() { # command... -> wall seconds
  local start end
  start=$(date +%s.%N)
  "$@" >/dev/null
  end=$(date +%s.%N)
  echo "$end - $start" | bc -l
}

median() { sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

printf '%-11s %9s %9s %9s %9s %8s %8s %9s %9s\n' workload ogsolve t1 t2 pinned t2/t1 pin/t1 'ogs/t1' 'ogs/best'
for workload in "${workloads[@]}"; do
  read -r name code last method recorded <<<"$workload"
  [[ -n "$filter" && "$name" != *"$filter"* ]] && continue
  [[ -z "$ogsolve" && "$recorded" == - ]] && continue
  peer=() one=() two=() pinned=()
  for _ in $(seq "$repeats"); do
    if [[ -n "$ogsolve" ]]; then
      peer+=("$(seconds "$ogsolve" -m "$method" -n "$last" "$code")")
    fi
    one+=("$(seconds "$onag" sequence "octal:$code" --to "$last" --summary --threads 1)")
    two+=("$(seconds "$onag" sequence "octal:$code" --to "$last" --summary --threads 2)")
    pinned+=("$(seconds taskset -c 0 "$onag" sequence "octal:$code" --to "$last" --summary --threads 2)")
  done
  reference=$recorded
  if [[ -n "$ogsolve" ]]; then
    reference=$(printf '%s\n' "${peer[@]}" | median)
  fi
  t1=$(printf '%s\n' "${one[@]}" | median)
  t2=$(printf '%s\n' "${two[@]}" | median)
  tp=$(printf '%s\n' "${pinned[@]}" | median)
  best=$(printf '%s\n%s\n' "$t1" "$t2" | sort -g | head -1)
  printf '%-11s %9.3f %9.3f %9.3f %9.3f %8.2f %8.2f %9.2f %9.2f\n' "$name" "$reference" "$t1" "$t2" "$tp" \
    "$(echo "$t2 / $t1" | bc -l)" "$(echo "$tp / $t1" | bc -l)" \
    "$(echo "$reference / $t1" | bc -l)" "$(echo "$reference / $best" | bc -l)"
done
