#!/usr/bin/env bash
# Usage: bash scripts/cpu-time.sh COMMAND...: runs it, then prints its wall time and the CPU time
# the whole machine spent meanwhile (/proc/stat). `time`'s user + system counts only the command's
# waited-for children, not the Chromium renderers or the PostgreSQL server a test run starts:
# read this on a quiet machine.
read -r _ user nice system _ _ irq softirq steal _ < /proc/stat
busy_before=$((user + nice + system + irq + softirq + steal)); start=$(date +%s.%N)
"$@"; status=$?
read -r _ user nice system _ _ irq softirq steal _ < /proc/stat
busy=$((user + nice + system + irq + softirq + steal - busy_before))
ticks=$(getconf CLK_TCK)
awk -v start="$start" -v now="$(date +%s.%N)" -v busy="$busy" -v ticks="$ticks" -v cores="$(nproc)" \
  'BEGIN { printf "wall %.1f s, machine busy %.1f CPU s (%d cores)\n", now - start, busy / ticks, cores }' >&2
exit $status
