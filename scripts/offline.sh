#!/usr/bin/env bash
# The offline builds: installs what is missing and builds the engine to wasm (as `npm start`
# does), then one of
#   single   npm run build:single   build/single/attention-lab.html, the page in one file
#   scorm    npm run build:scorm    build/scorm/attention-lab-<walkthrough>[-scorm2004].zip, a SCORM
#                                   1.2 (or, with -- --scorm 2004, 2004 4th edition) package
#                                   (-- --walkthrough ID --embed --hide PARTS)
# (Their benchmark, npm run bench:single, is scripts/bench/offline.sh.)
set -euo pipefail
cd "$(dirname "$0")/.."

command="${1:?usage: scripts/offline.sh single|scorm [options]}"
shift
case "$command" in
  single) script=scripts/offline/single-file.mjs ;;
  scorm) script=scripts/offline/scorm-package.mjs ;;
  *) echo "scripts/offline.sh: expected single or scorm, got '$command'" >&2; exit 1 ;;
esac

bash scripts/setup.sh >&2
bash scripts/build.sh wasm >&2
exec node "$script" "$@"
