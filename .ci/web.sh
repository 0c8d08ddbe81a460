#!/usr/bin/env bash
# CI for scopa-web: the session compiled to wasm (cargo + wasm-bindgen-cli), the static app
# built into scopa-web/dist, then the browser tests in Debian's headless Chromium driven by
# puppeteer-core (whole matches by clicking, reload, offline, damaged save, keyboard,
# language, installability, golden screenshots at 360×640, 390×844, 844×390 and 1280×800,
# axe-core; issue 25: welcome, How to play, last plays, summaries, settings, layout, one wasm
# fetch, the hand's log and captured cards, landscape, the manifest's icons; issue 24:
# Briscola's matches, table, last trick, statistics, the Briscola scripts, the Spanish deck),
# every browser transcript replayed natively, Lighthouse (phone preset: Performance >= 90,
# Accessibility 100, CLS <= 0.1), and the browser-vs-native AI timing. Fails when the wasm
# a first visit downloads passes 120,000 bytes gzipped (issue 37's goal), or the second one
# (tables of 6 and 8, fetched only for them) passes 140,000 (docs/web.md "The wasm's size").
# Installs what it needs (wasm32 target, wasm-bindgen-cli matching Cargo.toml, chromium,
# fonts, node + npm packages); idempotent. About 4 minutes on a warm machine (7.5 with Briscola's tests and other builds sharing 2 cores) (+3 minutes
# the first time, to compile wasm-bindgen-cli).
set -euo pipefail
cd "$(dirname "$0")/.."
source .ci/lib.sh
start=$(date +%s)
step() { printf '\n=== web: %s (%ss)\n' "$*" "$(( $(date +%s) - start ))"; }
W=scopa-web

step "setup: wasm32 target, wasm-bindgen-cli, chromium, fonts, node"
rustup target add wasm32-unknown-unknown >/dev/null
want=$(sed -n 's/^wasm-bindgen = "=\(.*\)"/\1/p' "$W/Cargo.toml")
if [ "$(wasm-bindgen --version 2>/dev/null | awk '{print $2}')" != "$want" ]; then
    # Not --locked: the CLI's own lock file names a webpki-roots release the registry lacks.
    cargo install wasm-bindgen-cli --version "$want"
fi
wasm-bindgen --version
apt_install_missing \
    'chromium:command -v chromium >/dev/null' \
    'fonts-dejavu-core:[ -f /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ]' \
    'nodejs:command -v node >/dev/null' \
    'npm:command -v npm >/dev/null'
chromium --version 2>/dev/null | head -n 1
node --version

step "npm ci (puppeteer-core, axe-core, pngjs, pixelmatch, lighthouse, binaryen; no browser download)"
(cd "$W" && npm ci --no-audit --no-fund --loglevel=error)

step "build: cargo (wasm32, release) + wasm-bindgen + static files -> $W/dist"
bash "$W/build.sh"
# Two wasms: the one every visit loads (tables of 2 to 4) and the one fetched for tables of
# 6 and 8 (build.sh). Issue 37's goal: a first visit's at most 120 KB (120,000 bytes)
# gzipped. The second carries the two-deck games as well and is guarded against growth.
check_wasm() {
  local wasm="$W/dist/pkg/$1" max_gz=$2 raw gz
  raw=$(wc -c < "$wasm")
  gz=$(gzip -9 -c "$wasm" | wc -c)
  echo "$1: $raw bytes raw, $gz bytes gzip -9 (at most $max_gz)"
  if [ "$gz" -gt "$max_gz" ]; then
    echo "web: $1 is $gz bytes gzipped, more than $max_gz" >&2
    exit 1
  fi
}
check_wasm scopa_web_bg.wasm 120000
check_wasm scopa_web_big_bg.wasm 140000

step "native replay tool (the browser transcripts are checked against it)"
cargo build -q --release -p scopa-web --example replay --example ai_speed

step "scopa-server (online.test.mjs plays a match through it)"
cargo build -q --release -p scopa-server

step "browser tests (headless chromium)"
# One test file at a time (each drives its own Chromium); node 18 (Debian 12's) has no
# --test-concurrency flag and runs one file per spare core, i.e. one at a time on 2 cores.
concurrency=(--test-concurrency=1)
[ "$(node -p 'process.versions.node.split(".")[0]')" -ge 20 ] || concurrency=()
(cd "$W" && node --test "${concurrency[@]}" test/*.test.mjs)

step "lighthouse (phone preset, first visit): Performance >= 90, Accessibility 100, CLS <= 0.1, one wasm download"
(cd "$W" && node test/lighthouse.mjs 1 serve --compressed)
# The same first visit served by scopa-server --web, which compresses too (issue 37, item 6).
(cd "$W" && node test/lighthouse.mjs 1 scopa-server --compressed)

step "expert AI in the browser vs native (same positions), time to interactive"
(cd "$W" && node test/bench.mjs 32)
cargo run -q --release -p scopa-web --example ai_speed -- 32

step "all checks passed in $(( $(date +%s) - start ))s"
