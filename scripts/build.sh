#!/usr/bin/env bash
# Builds the engine. Incremental: a second run only recompiles and relinks what changed.
#   build.sh              natively (Catch2 tests, benchmarks, tools) into build/native, and to
#                         WebAssembly into web/lib/wasm/ (through build/wasm)
#   build.sh wasm         only the latter, which is all the page needs
#   build.sh wasm-tests   the Catch2 suite compiled to WebAssembly against the same core as the
#                         page's engine (build/wasm), run under Node by `ctest --test-dir build/wasm`
#   build.sh wasm-bench   the language model's training step timed in wasm under Node
#                         (build/wasm/attn_language_model_bench_wasm.js, npm run bench:train)
#   build.sh sanitize     the Catch2 suite under AddressSanitizer + UndefinedBehaviorSanitizer, and
#                         the tools the tests run (attn_describe, attention-trace,
#                         attn_language_model_train), in build/sanitize,
#                         run by `ctest --test-dir build/sanitize`
#   build.sh sanitize-tools   only the core and attn_describe there (what tests/api needs)
# `npm test` builds the last three; the plain native build is for benchmarks and tools.
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=$(nproc 2>/dev/null || echo 2)
what="${1:-all}"

# emcc's JavaScript tooling needs Debian's acorn, found through NODE_PATH.
emscripten() { NODE_PATH=/usr/share/nodejs "$@"; }

# configure DIR [cmake options]: once per folder; later runs reuse its cache. Quiet unless it
# fails (emcmake echoes its whole cmake command line to stderr), then its output says why.
configure() {
  local dir=$1
  shift
  [ -f "$dir/CMakeCache.txt" ] && return 0
  local log
  log=$(mktemp)
  if ! "$@" >"$log" 2>&1; then
    cat "$log" >&2
    rm -f "$log"
    return 1
  fi
  rm -f "$log"
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
    configure build/wasm emscripten emcmake cmake -S . -B build/wasm -DCMAKE_BUILD_TYPE=Release
    emscripten cmake --build build/wasm --target attn_tests_wasm -j"$jobs"
    ;;
  wasm-bench)
    configure build/wasm emscripten emcmake cmake -S . -B build/wasm -DCMAKE_BUILD_TYPE=Release
    emscripten cmake --build build/wasm --target attn_language_model_bench_wasm -j"$jobs"
    ;;
  sanitize | sanitize-tools)
    # Lightly optimised, with line tables so a finding names file and line (CMakeLists.txt).
    configure build/sanitize cmake -S . -B build/sanitize -DCMAKE_BUILD_TYPE=RelWithDebInfo \
      -DATTN_SANITIZE=ON
    # The descriptions' tool, which the docs and types checks run (scripts/engine-descriptions.mjs);
    # then, unless only the tools were asked for, the suite, attention-trace and the language
    # model's training tool (their CTest tests run them, under the sanitizers like the suite).
    targets=(attn_describe)
    [ "$what" = sanitize ] && targets+=(attn_tests attention_trace attn_language_model_train)
    cmake --build build/sanitize --target "${targets[@]}" -j"$jobs"
    ;;
  *)
    echo "scripts/build.sh: expected all, wasm, wasm-tests, wasm-bench, sanitize or sanitize-tools, got '$what'" >&2
    exit 1
    ;;
esac
