#!/usr/bin/env bash
# `npm run bench:page`: the teaching page's weight and speed in headless Chromium (bytes of the
# landing page, navigation → first step, edit → updated view). Builds what the page needs as
# `npm start` does (the engine to wasm, then vite build inside page.mjs), then runs
# scripts/bench/page.mjs with your arguments, e.g.
#   npm run bench:page -- --quick      5 loads, 20 edits per scenario (a smoke run)
#   npm run bench:page -- --loads 30   more fresh loads
# Results: a table on stdout and build/bench/page.json. See docs/benchmarks-page.md.
set -euo pipefail
cd "$(dirname "$0")/../.."

bash scripts/setup.sh >&2
echo "bench:page: building the engine (scripts/build.sh wasm)" >&2
bash scripts/build.sh wasm >/dev/null
exec node scripts/bench/page.mjs "$@"
