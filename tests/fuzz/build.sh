#!/usr/bin/env bash
# Configures (once) and builds the fuzz tree: clang 14, libFuzzer, ASan and UBSan, the fuzz
# targets and the libraries they need only. ./test and the fuzz_build ctest run it.
# Usage: tests/fuzz/build.sh [build dir, default build-fuzz] [jobs]
set -euo pipefail
source_dir=$(cd "$(dirname "$0")/../.." && pwd)
build_dir=${1:-$source_dir/build-fuzz}
jobs=${2:-$(nproc)}
if [[ ! -f $build_dir/build.ninja ]]; then
  cmake -S "$source_dir" -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
        -DCMAKE_CXX_COMPILER=clang++-14 -DTAOL_FUZZ=ON >/dev/null
fi
cmake --build "$build_dir" -j"$jobs"
