#!/usr/bin/env bash
# npm test: build the site, check the layers and types, then the unit and API tests (both engines)
# and the browser tests.
#
# Every test keeps its data (SQLite files, uploads, backups, the throwaway PostgreSQL cluster, mail)
# under one run directory, removed whole at the end: on /dev/shm (memory) when it has room, since
# the tests' fsyncs stall on a virtual disk, else in the system's temp dir. Each test names its own
# directories through TMPDIR, so a test that forgets to clean up leaves nothing behind the run.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/ensure-system-packages.sh

# Room for a whole run's data with margin (a run writes about 1.5 GB; Docker's /dev/shm is 64 MB).
shm_free_kb=$(df -Pk /dev/shm 2>/dev/null | awk 'NR == 2 { print $4 }' || true)
if [ -w /dev/shm ] && [ "${shm_free_kb:-0}" -ge $((4 * 1024 * 1024)) ]; then root=/dev/shm; else root=${TMPDIR:-/tmp}; fi
# A run killed with SIGKILL cannot remove its directory: the next run removes those whose run has ended.
for stale in "$root"/wishwell-tests-*; do
  pid=${stale##*-}
  if [ -d "$stale" ] && ! ps -p "$pid" >/dev/null 2>&1; then rm -rf "$stale"; fi
done
run_dir="$root/wishwell-tests-$$"
mkdir -p "$run_dir"
export TMPDIR="$run_dir"

# Each step's time, printed when it ends: CI keeps the end of the output, where the times are read.
times=()
step() {
  local start=$SECONDS
  bun run "$1" || return
  times+=("$1 $((SECONDS - start)) s")
}
trap 'rm -rf "$run_dir"; printf "npm test, %s\n" "${times[@]}"' EXIT

# The type check, the unit and API tests and the browser tests side by side: each waits (on
# servers, browsers, child processes) more than it computes, so one after another they left the
# two cores half idle. Each writes to a log of its own, printed whole when all have ended, the
# failed ones last (CI keeps the end of the output).
lane() {
  local start=$SECONDS status=0
  bun run "$1" >"$run_dir/$1.log" 2>&1 || status=$?
  echo "$1 $((SECONDS - start)) s" >"$run_dir/$1.time"
  return "$status"
}
together() {
  local name pids=() failed=()
  for name in "$@"; do
    lane "$name" &
    pids+=("$!")
  done
  for i in "${!pids[@]}"; do
    wait "${pids[$i]}" || failed+=("${@:i+1:1}")
  done
  for name in "$@"; do
    [[ " ${failed[*]-} " == *" $name "* ]] || cat "$run_dir/$name.log"
  done
  for name in "${failed[@]-}"; do
    [ -n "$name" ] || continue
    echo "===== $name failed ====="
    cat "$run_dir/$name.log"
  done
  for name in "$@"; do times+=("$(cat "$run_dir/$name.time") (side by side)"); done
  [ ${#failed[@]} -eq 0 ]
}

step build:web
step lint:deps
together typecheck test:unit test:browser
