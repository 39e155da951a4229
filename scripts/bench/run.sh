#!/usr/bin/env bash
# `npm run bench`: builds what the benchmark needs (the engine natively and to wasm, and the
# native attn_bench), then runs scripts/bench/run.mjs: attention forward, then decoding with a
# key/value cache. Arguments go to run.mjs, e.g.
#   npm run bench -- --quick        fewer, shorter rounds (a smoke run, ~30 s)
#   npm run bench -- --rounds 25    more rounds
#   npm run bench -- --only decode  one part
# Results: a table on stdout and build/bench/attention.json. See docs/benchmarks.md.
set -euo pipefail
cd "$(dirname "$0")/../.."

source scripts/bench/openblas.sh

echo "bench: building (scripts/build.sh, attn_bench)" >&2
bash scripts/build.sh >/dev/null
cmake --build build/native --target attn_bench -j"$(nproc 2>/dev/null || echo 2)" >/dev/null

# --expose-gc lets run.mjs collect one contender's garbage before the next contender's batch.
exec node --expose-gc scripts/bench/run.mjs "$@"
