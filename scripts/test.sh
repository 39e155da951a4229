#!/usr/bin/env bash
# `npm test`: installs what is missing, builds, then runs every test layer in this order:
#   1. the Catch2 suite natively (build/native)
#   2. the same suite under AddressSanitizer + UndefinedBehaviorSanitizer (build/sanitize)
#   3. the same suite compiled with Emscripten and run under Node (build/wasm-tests): the wasm
#      build takes code paths (the SIMD matmul) the native one never reaches
#   4. TypeScript: the package's declarations (a consumer of them) and the page, strict
#   5. node --test: the npm API against the WebAssembly build (tests/api), the page's DOM-free
#      modules (tests/page) and the page in headless Chromium (tests/e2e)
#   6. one line saying which tests were skipped and why (`skipped: none` on a complete machine)
# Each step prints how long it took.
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=$(nproc 2>/dev/null || echo 2)

# -1 until the first step: $SECONDS is 0 when the script starts.
step_started=-1
step() {
  [ "$step_started" = -1 ] || echo "-- took $((SECONDS - step_started)) s"
  step_started=$SECONDS
  echo
  echo "== $1"
}

step "Set-up (missing packages) and build (native and wasm)"
bash scripts/setup.sh
bash scripts/build.sh

step "C++ core, native (Catch2 via CTest)"
ctest --test-dir build/native --output-on-failure -j"$jobs"

step "C++ core under AddressSanitizer + UndefinedBehaviorSanitizer (build/sanitize)"
bash scripts/build.sh sanitize
# Leaks are findings too; any report stops the test that made it.
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1 \
  ctest --test-dir build/sanitize --output-on-failure -j"$jobs"

step "C++ core compiled to WebAssembly, run under Node (build/wasm-tests)"
bash scripts/build.sh wasm-tests
ctest --test-dir build/wasm-tests --output-on-failure -j"$jobs"

step "TypeScript: the package's declarations (a consumer of it) and the page (strict)"
npx tsc -p tests/types
npx tsc -p tsconfig.json
# The page's walkthrough validation, compiled to build/unit/ for the JavaScript tests.
npx tsc -p tests/page

step "WebAssembly build through the public API, the page's modules, and the page in Chromium (node --test)"
# Node's own output goes to stdout as before (its default reporter: spec on a terminal, TAP
# ending in `# pass N` / `# fail 0` otherwise, as CI reads it); the skip summary is collected
# beside it and printed after the run, whether it passed or not.
reporter=tap
[ -t 1 ] && reporter=spec
skips=build/test-skips.txt
mkdir -p build
rm -f "$skips"
status=0
node --test \
  --test-reporter="$reporter" --test-reporter-destination=stdout \
  --test-reporter=./tests/support/skip-summary-reporter.mjs --test-reporter-destination="$skips" \
  tests/api/ tests/page/ tests/e2e/ || status=$?
echo "-- took $((SECONDS - step_started)) s"
echo
cat "$skips" 2>/dev/null || echo "skipped: unknown (the skip summary was not written)"
exit "$status"
