#!/usr/bin/env bash
# A short run of one fuzzer for ctest: from its committed seed corpus, for a few seconds, with
# a fixed seed. New inputs go to a fresh work directory, never into the committed corpus; a
# crash is saved there too and fails the test.
# Usage: tests/fuzz/short_run.sh <fuzzer> <seed corpus> <work dir> <seconds>
set -euo pipefail
fuzzer=$1 corpus=$2 work=$3 seconds=$4
rm -rf "$work"
mkdir -p "$work/corpus"
exec "$fuzzer" -seed=1 -max_total_time="$seconds" -timeout=10 -print_final_stats=1 \
     -artifact_prefix="$work/" "$work/corpus" "$corpus"
