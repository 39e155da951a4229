#!/usr/bin/env bash
# `npm test`: installs what is missing, builds everything once, runs every test against those
# builds, and ends with a table of each stage's time.
#
# Two lanes run side by side so that both cores stay busy (one lane alone leaves a core idle
# while it links, waits on a browser or runs a one-process suite):
#   web:    the engine to WebAssembly (build/wasm, web/lib/wasm/); the page, the web component,
#           the offline template and the npm package, each built once for every browser test to
#           read (scripts/lib/shared-builds.mjs); TypeScript (the package's declarations as a
#           consumer sees them, and the page, strict); then node --test over tests/api (the npm
#           API on the wasm build), tests/page (the page's DOM-free modules) and tests/e2e (the
#           page in headless Chromium, Firefox and WebKit, bundlers, site generators, SCORM
#           players)
#   native: the core and attn_describe (which tests/api runs: the web lane's node --test waits
#           for it), then the Catch2 suite, under AddressSanitizer + UndefinedBehaviorSanitizer
#           (build/sanitize), and the suite; then the same suite compiled with Emscripten against
#           the page's own core (so it waits for the web lane's engine) and run under Node: it
#           reaches the SIMD code the native build never does
# Each lane's output is printed whole when the lane ends; a line on the terminal marks each stage
# as it ends. Set-up (apt, npm ci) is timed apart.
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=$(nproc 2>/dev/null || echo 2)
logs=build/test-logs
mkdir -p "$logs"
rm -f "$logs"/*

# The terminal (or CI's log), for a line as each stage ends while the lanes' output is kept.
exec 3>&1

# stage NAME COMMAND…: runs COMMAND and records when it started and ended (seconds since the
# run began) in $logs/stages.tsv, for the table at the end.
stage() {
  local name=$1 started=$SECONDS status=0
  shift
  echo
  echo "== $name"
  "$@" || status=$?
  printf '%s\t%s\t%s\t%s\n' "$name" "$started" "$SECONDS" "$status" >>"$logs/stages.tsv"
  echo "-- $name: $((SECONDS - started)) s"
  [ -z "${in_lane:-}" ] || echo "[$SECONDS s] $name: $([ "$status" = 0 ] && echo done || echo FAILED) in $((SECONDS - started)) s" >&3
  return "$status"
}

stage "set-up: Debian packages and npm ci (when missing)" bash scripts/setup.sh

# The browser tests check each page with or without taking its picture; nobody looks at a test
# run's some 850 pictures, so they are left out (`npm run screenshots` takes them).
export ATTN_SCREENSHOTS="${ATTN_SCREENSHOTS:-0}"
setup_end=$SECONDS

# wait_for MARKER: until the other lane has written $logs/MARKER (or has failed).
wait_for() {
  until [ -e "$logs/$1" ]; do
    [ -e "$logs/failed" ] && { echo "waited for $1, but the other lane failed"; return 1; }
    sleep 1
  done
}

native_lane() {
  # The descriptions' tool first: tests/api waits for it, not for the suite.
  stage "native: build the core and attn_describe under ASan + UBSan" bash scripts/build.sh sanitize-tools || return
  touch "$logs/native-tools-built"
  stage "native: build the Catch2 suite under ASan + UBSan" bash scripts/build.sh sanitize || return
  # Leaks are findings too; any report stops the test that made it.
  stage "native: Catch2 suite under ASan + UBSan (ctest)" \
    env ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1 \
    ctest --test-dir build/sanitize --output-on-failure -j"$jobs" || return
  # The Emscripten suite links the page's own core (build/wasm), which the web lane builds first.
  wait_for wasm-built || return
  stage "native: build the Catch2 suite to WebAssembly" bash scripts/build.sh wasm-tests || return
  stage "native: Catch2 suite under Node (ctest)" ctest --test-dir build/wasm --output-on-failure -j"$jobs"
}

# node --test's output: its default reporter (spec on a terminal, TAP ending in `# pass N` /
# `# fail 0` otherwise, as CI reads it) and the run summary beside it (skips and the slowest files).
node_tests() {
  local reporter=tap
  [ -t 1 ] && reporter=spec
  # The slowest files first (scripts/lib/test-files.mjs), timed for the next run.
  local list files
  list=$(node scripts/lib/test-files.mjs tests/api tests/page tests/e2e) || return
  mapfile -t files <<<"$list"
  ATTN_FILE_TIMES="$logs/file-times.tsv" node --test --test-concurrency="$((jobs + 1))" \
    --test-reporter="$reporter" --test-reporter-destination=stdout \
    --test-reporter=./tests/support/run-summary-reporter.mjs --test-reporter-destination="$logs/summary.txt" \
    "${files[@]}" || return
  cp "$logs/file-times.tsv" build/file-times.tsv
}

web_lane() {
  stage "web: build the engine to WebAssembly" bash scripts/build.sh wasm || return
  touch "$logs/wasm-built"
  stage "web: build the page, component, offline template and package once" node scripts/lib/shared-builds.mjs || return
  stage "web: TypeScript (the package's declarations as a consumer, the page, strict)" \
    bash -c 'npx tsc -p tests/types && npx tsc -p tsconfig.json && npx tsc -p tests/page' || return
  # tests/api checks the docs and the types against the native lane's attn_describe.
  wait_for native-tools-built || return
  stage "web: node --test (tests/api, tests/page, tests/e2e)" node_tests
}

lanes_started=$SECONDS
in_lane=1
( native_lane || { touch "$logs/failed"; exit 1; } ) >"$logs/native.log" 2>&1 &
native_pid=$!
status=0
( web_lane || { touch "$logs/failed"; exit 1; } ) >"$logs/web.log" 2>&1 || status=$?
wait "$native_pid" || status=1

cat "$logs/native.log" "$logs/web.log"
echo
cat "$logs/summary.txt" 2>/dev/null || echo "skipped: unknown (the run summary was not written)"

echo
echo "== stage times (s since the start; set-up apart)"
awk -F'\t' '{ printf "%-82s %5d → %5d  %5d s%s\n", $1, $2, $3, $3 - $2, ($4 == 0 ? "" : "  FAILED") }' "$logs/stages.tsv"
echo "after set-up: $((SECONDS - lanes_started)) s (lanes side by side); in all: $SECONDS s"
exit "$status"
