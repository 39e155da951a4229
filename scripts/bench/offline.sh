#!/usr/bin/env bash
# `npm run bench:single`: sizes of the offline builds (the single file and the SCORM package) and
# how fast the single file opens from file:// in headless Chromium. Builds the engine to wasm as
# `npm start` does (the offline builds themselves are made inside offline.mjs), then runs
# scripts/bench/offline.mjs with your arguments, e.g.
#   npm run bench:single -- --loads 3     fewer loads (a smoke run)
# Results: a table on stdout and build/bench/offline.json. See docs/benchmarks-embed.md.
set -euo pipefail
cd "$(dirname "$0")/../.."

bash scripts/setup.sh >&2
bash scripts/build.sh wasm >&2
exec node scripts/bench/offline.mjs "$@"
