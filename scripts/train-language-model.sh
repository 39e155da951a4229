#!/usr/bin/env bash
# Trains the language model the page ships, natively, from the committed corpus, and writes
# its model file and its report (docs/language-model.md says what both hold):
#   scripts/train-language-model.sh [MODEL] [REPORT] [name=value …]
# MODEL defaults to web/lib/models/shakespeare.bin (in the npm package, beside the façade that
# loads it), REPORT to docs/language-model-report.json; name=value pairs override the shipped options
# (steps=200 model.layers=1 …, cpp/tools/language_model_train.cpp). The same options give both
# files byte for byte. One thread; builds the tool in build/native first (nice, two jobs).
set -euo pipefail
cd "$(dirname "$0")/.."

model=web/lib/models/shakespeare.bin
report=docs/language-model-report.json
[ $# -gt 0 ] && [[ $1 != *=* ]] && { model=$1; shift; }
[ $# -gt 0 ] && [[ $1 != *=* ]] && { report=$1; shift; }

[ -f build/native/CMakeCache.txt ] ||
  cmake -S . -B build/native -DCMAKE_BUILD_TYPE=Release >/dev/null
nice -n 10 cmake --build build/native --target attn_language_model_train -j2 >/dev/null

mkdir -p "$(dirname "$model")" "$(dirname "$report")"
# The corpus by its path from the repository's root: the path is part of the model file.
build/native/attn_language_model_train cpp/data/tinyshakespeare.txt "$model" "$report" "$@"
echo "wrote $model ($(gzip -9 -c "$model" | wc -c) bytes gzip) and $report" >&2
