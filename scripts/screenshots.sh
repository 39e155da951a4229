#!/usr/bin/env bash
# `npm run screenshots [test files…]`: the pictures `npm test` leaves out (ATTN_SCREENSHOTS=0
# there), for a person to look at: every walkthrough step by step at 1280 px and its last step at
# 375 px in dark mode, each language's pages, the dialogs, the printed handout, … in
# build/screenshots/. With no file named, it runs every end-to-end file that takes screenshots
# (about eight minutes on two cores); name some to look at fewer
# (npm run screenshots -- tests/e2e/walkthrough-screens.test.mjs).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/build.sh wasm >&2
node scripts/lib/shared-builds.mjs >&2
if [ $# -eq 0 ]; then
  mapfile -t files < <(grep -l 'screenshot(' tests/e2e/*.test.mjs tests/e2e/i18n-pages-*.test.mjs | sort -u)
else
  files=("$@")
fi
ATTN_SCREENSHOTS=1 node --test --test-concurrency="$(( $(nproc 2>/dev/null || echo 2) + 1 ))" "${files[@]}"
echo "screenshots: $(find build/screenshots -name '*.png' | wc -l) pictures in build/screenshots/"
