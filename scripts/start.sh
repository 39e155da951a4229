#!/usr/bin/env bash
# `npm start`: installs what is missing, builds the engine and the page, and serves the
# production build on http://127.0.0.1:${PORT:-5173}.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/setup.sh
bash scripts/build.sh wasm
npx tsc -p tsconfig.json
npx vite build --logLevel warn
echo "Attention Lab: http://127.0.0.1:${PORT:-5173}/"
exec npx vite preview --host 127.0.0.1 --port "${PORT:-5173}" --strictPort
