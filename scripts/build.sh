#!/usr/bin/env bash
# Builds the engine twice: natively (Catch2 tests, benchmark) into build/native and to
# WebAssembly into web/lib/wasm/ (through build/wasm). `build.sh wasm` builds only the latter,
# which is all the page needs. Incremental: a second run only relinks what changed.
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=$(nproc 2>/dev/null || echo 2)

if [ "${1:-all}" != wasm ]; then
  if [ ! -f build/native/CMakeCache.txt ]; then
    cmake -S . -B build/native -DCMAKE_BUILD_TYPE=Release >/dev/null
  fi
  cmake --build build/native -j"$jobs"
fi

if [ ! -f build/wasm/CMakeCache.txt ]; then
  # emcc's JavaScript tooling needs Debian's acorn, found through NODE_PATH.
  NODE_PATH=/usr/share/nodejs emcmake cmake -S . -B build/wasm -DCMAKE_BUILD_TYPE=Release >/dev/null
fi
NODE_PATH=/usr/share/nodejs cmake --build build/wasm -j"$jobs"
