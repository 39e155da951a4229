#!/usr/bin/env bash
# Installs what Attention Lab needs and is missing: Debian packages (when run as root on
# Debian/Ubuntu) and the npm dev dependencies. Safe to run again: it skips what is there.
set -euo pipefail
cd "$(dirname "$0")/.."

# Debian packages: the toolchain (emscripten, binaryen), the core's headers (xtensor),
# the C++ tests (catch2, nlohmann-json), the browsers for the end-to-end tests (chromium, and its
# headless shell chromium-headless-shell, which the suite runs in: the same engine, a tenth less
# CPU; firefox-esr, and webkit2gtk-driver with its MiniBrowser on a virtual display from
# xvfb and xauth, for tests/e2e/other-browsers.test.mjs), MkDocs (Debian's 1.4, for the
# component's recipe in tests/e2e/mkdocs.test.mjs), Sphinx (python3-sphinx, which Jupyter Book
# builds with, for the Jupyter Book recipe in tests/e2e/sphinx.test.mjs), and NumPy and PyTorch for
# /usr/bin/python3, which run the page's exported scripts in tests/page/export.test.mjs (PyTorch
# is ~146 MB to download, ~630 MB installed), xmllint (libxml2-utils), which validates the SCORM
# packages' manifests against their schemas in tests/e2e/scorm-schema.test.mjs, and poppler-utils
# (pdftotext, pdftoppm), which read and render the printed handout's PDF in tests/e2e/print.test.mjs.
APT_PACKAGES=(cmake g++ emscripten binaryen xtensor-dev xtl-dev libxsimd-dev catch2 nlohmann-json3-dev chromium
  chromium-headless-shell libxml2-utils firefox-esr webkit2gtk-driver xvfb xauth mkdocs python3-sphinx python3-numpy
  python3-torch poppler-utils)

missing=()
if command -v dpkg-query >/dev/null 2>&1; then
  for pkg in "${APT_PACKAGES[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed"; then
      missing+=("$pkg")
    fi
  done
fi

if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "setup: installing Debian packages: ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  else
    echo "setup: missing Debian packages: ${missing[*]}" >&2
    echo "setup: install them (sudo apt-get install ${missing[*]}), or see README.md for other systems." >&2
    exit 1
  fi
fi

for tool in cmake em++ node; do
  command -v "$tool" >/dev/null 2>&1 || { echo "setup: '$tool' not found on PATH (see README.md)" >&2; exit 1; }
done

# npm ci only when node_modules does not hold what the lock file asks for (it says what differs).
if ! node scripts/lib/installed-deps.mjs; then
  npm ci --no-audit --no-fund --loglevel=error
fi

# h5p-standalone (npm, MIT; github.com/tunapanda/h5p-standalone): the H5P player that the tests
# play the lab's .h5p packages in, and whose bundle of H5P's core scripts they give the Lumi H5P
# server's player (which ships none). Its preinstall script insists on yarn, so it is not a
# dependency: its tarball is unpacked here, checked against the registry's and this pin's
# integrity. Where npm ci rebuilds node_modules, this runs again after it.
h5p_standalone=node_modules/.cache/h5p-standalone-3.8.2
if [ ! -f "$h5p_standalone/dist/main.bundle.js" ]; then
  unpack=$(mktemp -d)
  npm pack h5p-standalone@3.8.2 --pack-destination "$unpack" --json --loglevel=error >"$unpack/packed.json"
  node -e '
    const [packed] = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
    const pinned = "sha512-r7eQtTzBk/dbaQZ+tA9XD5FeSmyMxlypRZXudiheCnC8zAT0/zNgUvO4MZtZaznwfYVo98o7do5uxLTUQrxxwg==";
    if (packed.integrity !== pinned) { console.error(`setup: h5p-standalone 3.8.2: expected integrity ${pinned}, got ${packed.integrity}`); process.exit(1); }
  ' "$unpack/packed.json"
  tar -xzf "$unpack"/h5p-standalone-3.8.2.tgz -C "$unpack"
  mkdir -p "$(dirname "$h5p_standalone")"
  rm -rf "$h5p_standalone"
  mv "$unpack/package" "$h5p_standalone"
  rm -rf "$unpack"
fi
