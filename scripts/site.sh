#!/usr/bin/env bash
# `npm run build`: the page as a static site in build/site/ (SITE_DIR=… for another folder),
# ready to copy to any static host and to serve from any sub-path (https://host/any/path/): every
# address in it is relative (vite's base './'), and the engine's .wasm sits beside the scripts.
# The host must serve .wasm as application/wasm; docs/deploy.md has recipes (GitHub Pages,
# Netlify, nginx). Installs what is missing and builds the engine first, as `npm start` does.
set -euo pipefail
cd "$(dirname "$0")/.."
out="${SITE_DIR:-build/site}"

bash scripts/setup.sh >&2
bash scripts/build.sh wasm >&2
npx tsc -p tsconfig.json
# --outDir is resolved against vite's root (web/), hence the absolute path.
npx vite build --logLevel warn --outDir "$(realpath -m "$out")" --emptyOutDir
echo "Attention Lab: the static site is in $out/ ($(du -sh "$out" | cut -f1)); copy it to your host (docs/deploy.md)"
