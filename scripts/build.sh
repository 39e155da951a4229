#!/usr/bin/env bash
# Builds the engine. Incremental: a second run only recompiles and relinks what changed.
#   build.sh              natively (Catch2 tests, benchmark) into build/native, and to
#                         WebAssembly into web/lib/wasm/ (through build/wasm)
#   build.sh wasm         only the latter, which is all the page needs
#   build.sh wasm-tests   the Catch2 suite compiled to WebAssembly, run under Node by
#                         `ctest --test-dir build/wasm-tests`
#   build.sh sanitize     the Catch2 suite under AddressSanitizer + UndefinedBehaviorSanitizer,
#                         run by `ctest --test-dir build/sanitize`
# The last two have their own folders, so the page's wasm and the native tests stay as they are.
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=$(nproc 2>/dev/null || echo 2)
what="${1:-all}"

# emcc's JavaScript tooling needs Debian's acorn, found through NODE_PATH.
emscripten() { NODE_PATH=/usr/share/nodejs "$@"; }

# configure DIR [cmake options]: once per folder; later runs reuse its cache.
configure() {
  local dir=$1
  shift
  [ -f "$dir/CMakeCache.txt" ] || "$@" >/dev/null
}

case "$what" in
  all | wasm)
    if [ "$what" = all ]; then
      configure build/native cmake -S . -B build/native -DCMAKE_BUILD_TYPE=Release
      cmake --build build/native -j"$jobs"
    fi
    configure build/wasm emscripten emcmake cmake -S . -B build/wasm -DCMAKE_BUILD_TYPE=Release
    emscripten cmake --build build/wasm -j"$jobs"
    ;;
  wasm-tests)
    configure build/wasm-tests emscripten emcmake cmake -S . -B build/wasm-tests \
      -DCMAKE_BUILD_TYPE=Release -DATTN_WASM_TESTS=ON
    emscripten cmake --build build/wasm-tests --target attn_tests_wasm -j"$jobs"
    ;;
  sanitize)
    # Optimised (as the shipped build) with debug info, so a finding names file and line.
    configure build/sanitize cmake -S . -B build/sanitize -DCMAKE_BUILD_TYPE=RelWithDebInfo \
      -DATTN_SANITIZE=ON
    # attention-trace too: its CTest test runs it, under the sanitizers like the suite.
    cmake --build build/sanitize --target attn_tests attention_trace -j"$jobs"
    ;;
  *)
    echo "scripts/build.sh: expected all, wasm, wasm-tests or sanitize, got '$what'" >&2
    exit 1
    ;;
esac
