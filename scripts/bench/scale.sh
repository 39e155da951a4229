#!/usr/bin/env bash
# `npm run bench:scale`: builds what it needs (the wasm module, and natively attention-trace and
# attn_describe), then runs scripts/bench/scale.mjs. Arguments go to scale.mjs, e.g.
#   npm run bench:scale -- --quick               n = 256, 512 with short budgets (a smoke run)
#   npm run bench:scale -- --variants full,flash
# Results: Markdown on stdout and build/bench/scale.json. See docs/benchmarks-scale.md.
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/bench/openblas.sh

echo "bench:scale: building (scripts/build.sh)" >&2
bash scripts/build.sh >/dev/null
exec node scripts/bench/scale.mjs "$@"
