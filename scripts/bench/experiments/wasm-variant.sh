#!/usr/bin/env bash
# Builds the wasm module (bindings and all, as web/lib/wasm has it) with other compile flags,
# into build/wasm-exp/NAME/lib, a copy of web/lib that `run.mjs --lib` can time against the real
# native binary. Changes nothing outside build/. The engine's matmul before the strip kernel:
# `wasm-variant.sh plain -- -DATTN_MATMUL_PLAIN`.
#
#   bash scripts/bench/experiments/wasm-variant.sh NAME [-- EXTRA_CXX_FLAGS...]
#   node --expose-gc scripts/bench/run.mjs --lib build/wasm-exp/NAME/lib
#
# Extra flags are appended through CMAKE_CXX_FLAGS, i.e. they come *before* the project's own
# -fwasm-exceptions -msimd128 (so -mno-simd128 cannot be tested this way; phases.sh can).
set -euo pipefail
cd "$(dirname "$0")/../../.."
name=${1:?usage: wasm-variant.sh NAME [-- FLAGS...]}; shift
if [ "${1:-}" = -- ]; then shift; fi
flags="$*"

dir=build/wasm-exp/$name
rm -rf "$dir/src" "$dir/lib"
mkdir -p "$dir/src" "$dir/lib/wasm"
cp -r CMakeLists.txt cpp "$dir/src/"
cp web/lib/*.js "$dir/lib/"
[ -f web/lib/index.d.ts ] && cp web/lib/index.d.ts "$dir/lib/"

NODE_PATH=/usr/share/nodejs emcmake cmake -S "$dir/src" -B "$dir/build" -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_CXX_FLAGS="$flags" -DATTN_WASM_OUTPUT_DIR="$(pwd)/$dir/lib/wasm" >/dev/null
NODE_PATH=/usr/share/nodejs cmake --build "$dir/build" -j"$(nproc 2>/dev/null || echo 2)" >/dev/null
ls -l "$dir/lib/wasm"
