#!/usr/bin/env bash
# Phase breakdown of one attention call (scripts/bench/experiments/phases.cpp), natively and in
# wasm under a few flag sets, all in build/wasm-exp/. Not part of `npm run bench`; see
# docs/benchmarks.md ("Why wasm is slower than native").
#   bash scripts/bench/experiments/phases.sh [N]          (~3 min: it compiles 10 variants)
#   VARIANTS=matmul bash scripts/bench/experiments/phases.sh [N]   only the matmul variants
set -euo pipefail
cd "$(dirname "$0")/../../.."
n=${1:-256}
out=build/wasm-exp
mkdir -p "$out"
src=(scripts/bench/experiments/phases.cpp cpp/src/*.cpp)
# The sources with cpp/src/matmul.cpp swapped for an experimental matmul (MATMUL=blocked:
# matmul_blocked.cpp, four output rows per pass). The engine's own two kernels are chosen with
# -DATTN_MATMUL_TILED / -DATTN_MATMUL_PLAIN (cpp/src/matmul.cpp).
sources() {
  if [ -z "${MATMUL:-}" ]; then echo "${src[@]}"; return; fi
  echo scripts/bench/experiments/phases.cpp "scripts/bench/experiments/matmul_$MATMUL.cpp"
  for f in cpp/src/*.cpp; do [ "$f" = cpp/src/matmul.cpp ] || echo "$f"; done
}
# The same staged xtensor/xtl/xsimd headers the wasm build uses (TOOLCHAIN.md, trap 2).
stage="$out/staged-include"
mkdir -p "$stage"
for tree in xtensor xtl xsimd; do [ -e "$stage/$tree" ] || ln -s "/usr/include/$tree" "$stage/$tree"; done

# glibc malloc keeping freed memory (see run.mjs, NO_TRIM_TUNABLES).
no_trim=glibc.malloc.mmap_threshold=268435456:glibc.malloc.trim_threshold=1073741824
built=()
native() { # name, flags...  (MATMUL=blocked: experimental matmul)
  local name=$1; shift
  built+=("$out/phases-$name")
  local files; read -r -a files <<< "$(sources | tr '\n' ' ')"
  g++ -O3 -DNDEBUG -std=c++17 "$@" -Icpp/include "${files[@]}" -o "$out/phases-$name"
  printf '%-22s %s\n' "$name" "$("$out/phases-$name" "$n")"
  printf '%-22s %s\n' "$name+no-trim" "$(GLIBC_TUNABLES=$no_trim "$out/phases-$name" "$n")"
}
wasm() { # name, flags...  (MATMUL=blocked: experimental matmul)
  local name=$1; shift
  built+=("$out/phases-$name.cjs")
  local files; read -r -a files <<< "$(sources | tr '\n' ' ')"
  NODE_PATH=/usr/share/nodejs em++ -O3 -DNDEBUG -std=c++17 -fwasm-exceptions "$@" -Icpp/include \
    -isystem "$stage" "${files[@]}" -sENVIRONMENT=node -sSINGLE_FILE=1 -sALLOW_MEMORY_GROWTH=1 \
    -o "$out/phases-$name.cjs" 2>/dev/null
  printf '%-22s %s\n' "$name" "$(node "$out/phases-$name.cjs" "$n")"
}

variants=${VARIANTS:-all}  # all | matmul
if [ "$variants" = all ]; then
  native native-O3
  native native-O3-march -march=native
  wasm wasm-O3-simd128 -msimd128
  wasm wasm-O3-nosimd
  wasm wasm-O3-simd128-flto -msimd128 -flto
  wasm wasm-O2-simd128 -O2 -msimd128
fi
MATMUL=blocked native native-O3-blocked
MATMUL=blocked wasm wasm-O3-simd128-blocked -msimd128
native native-O3-tiled -DATTN_MATMUL_TILED
wasm wasm-O3-simd128-plain -msimd128 -DATTN_MATMUL_PLAIN
# Each binary once more, so a burst of machine noise shows up as disagreement between runs.
for f in "${built[@]}"; do
  case $f in
    *.cjs) printf '%-22s %s\n' "$(basename "$f" .cjs)" "$(node "$f" "$n")" ;;
    *) printf '%-22s %s\n' "$(basename "$f")" "$("$f" "$n")"
       printf '%-22s %s\n' "$(basename "$f")+no-trim" "$(GLIBC_TUNABLES=$no_trim "$f" "$n")" ;;
  esac
done
