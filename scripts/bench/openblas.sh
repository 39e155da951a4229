# Sourced by the benchmarks with a PyTorch or NumPy contender (run.sh, scale.sh): they must run
# on OpenBLAS, since Debian's default reference BLAS is ~8× slower and would flatter the engine,
# and threadpoolctl lets them report which BLAS they loaded.
if [ -x /usr/bin/python3 ] && ! dpkg -s libopenblas0-pthread python3-threadpoolctl >/dev/null 2>&1; then
  if [ "$(id -u)" = 0 ]; then
    echo "bench: installing libopenblas0-pthread python3-threadpoolctl (apt-get)" >&2
    apt-get install -y libopenblas0-pthread python3-threadpoolctl >/dev/null ||
      echo "bench: apt-get failed; PyTorch / NumPy will run on whatever BLAS is installed (see the report)" >&2
  else
    echo "bench: libopenblas0-pthread or python3-threadpoolctl missing and not root: PyTorch / NumPy may run on the reference BLAS (see the report)" >&2
  fi
fi
