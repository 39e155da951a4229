#!/usr/bin/env bash
# `npm test`: installs what is missing, builds both flavours of the engine, then runs every
# test layer: the native Catch2 suite, the TypeScript check of the declarations, the JavaScript
# suite against the WebAssembly build through the public API, and the page in headless Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/setup.sh
bash scripts/build.sh

echo
echo "== C++ core, native (Catch2 via CTest)"
ctest --test-dir build/native --output-on-failure -j"$(nproc 2>/dev/null || echo 2)"

echo
echo "== TypeScript: the package's declarations (a consumer of it) and the page (strict)"
npx tsc -p tests/types
npx tsc -p tsconfig.json
# The page's walkthrough validation, compiled to build/unit/ for the JavaScript tests.
npx tsc -p tests/page

echo
echo "== WebAssembly build through the public API, and the page in Chromium (node --test)"
node --test tests/api/ tests/page/ tests/e2e/
