#!/usr/bin/env bash
# npm test: build the site; check the layers and types while the unit and API tests (both engines)
# run; then the browser tests.
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
# The clean-up never fails the run (the next run removes what is left); yet anything still writing
# here once the run has ended, a server's scraping browser above all, is a bug (docs/developing/testing.md).
trap 'rm -rf "$run_dir" 2>/dev/null || true; printf "npm test, %s\n" "${times[@]}"' EXIT

step build:web
# The layer and type checks run beside the unit and API tests, whose first seconds (the engines'
# templates) and waits leave a core idle; their output is printed once the tests end, and a
# failure stops the run before the browser tests.
checks_log="$run_dir/checks.log"
(
  for check in lint:deps typecheck; do
    step "$check" || exit
    echo "npm test, ${times[-1]} (beside test:unit)"
  done
) >"$checks_log" 2>&1 &
checks=$!
unit_status=0
step test:unit || unit_status=$?
checks_status=0
wait "$checks" || checks_status=$?
cat "$checks_log"
[ "$unit_status" -eq 0 ] || exit "$unit_status"
[ "$checks_status" -eq 0 ] || exit "$checks_status"
step test:browser
