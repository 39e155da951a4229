#!/usr/bin/env bash
# `npm run bench`: builds what the benchmark needs (the engine natively and to wasm, and the
# native attn_bench), then runs scripts/bench/run.mjs. Arguments go to run.mjs, e.g.
#   npm run bench -- --quick        fewer, shorter rounds (a smoke run, ~10 s)
#   npm run bench -- --rounds 25    more rounds
# Results: a table on stdout and build/bench/attention.json. See docs/benchmarks.md.
set -euo pipefail
cd "$(dirname "$0")/../.."

# The PyTorch and NumPy contenders must run on OpenBLAS: Debian's default reference BLAS is ~8×
# slower and would flatter the engine. threadpoolctl lets them report which BLAS they loaded.
if [ -x /usr/bin/python3 ] && ! dpkg -s libopenblas0-pthread python3-threadpoolctl >/dev/null 2>&1; then
  if [ "$(id -u)" = 0 ]; then
    echo "bench: installing libopenblas0-pthread python3-threadpoolctl (apt-get)" >&2
    apt-get install -y libopenblas0-pthread python3-threadpoolctl >/dev/null ||
      echo "bench: apt-get failed; PyTorch / NumPy will run on whatever BLAS is installed (see the report)" >&2
  else
    echo "bench: libopenblas0-pthread or python3-threadpoolctl missing and not root: PyTorch / NumPy may run on the reference BLAS (see the report)" >&2
  fi
fi

echo "bench: building (scripts/build.sh, attn_bench)" >&2
bash scripts/build.sh >/dev/null
cmake --build build/native --target attn_bench -j"$(nproc 2>/dev/null || echo 2)" >/dev/null

# --expose-gc lets run.mjs collect one contender's garbage before the next contender's batch.
exec node --expose-gc scripts/bench/run.mjs "$@"
