#!/usr/bin/env bash
# Builds the web app into scopa-web/dist/: the wasm (cargo + wasm-bindgen-cli, the version
# pinned in Cargo.toml), the static files of web/, the icons and the service worker's list
# of files. Needs rustup, cargo and node; adds the wasm32 target and installs the
# wasm-bindgen-cli version that Cargo.toml pins if they are missing.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
target="${CARGO_TARGET_DIR:-$root/target}"
dist="$here/dist"
command -v node >/dev/null || { echo "build.sh: node is needed (apt-get install nodejs)" >&2; exit 1; }
rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown ||
  rustup target add wasm32-unknown-unknown
want=$(sed -n 's/^wasm-bindgen = "=\(.*\)"/\1/p' "$here/Cargo.toml")
have=$(wasm-bindgen --version 2>/dev/null | awk '{print $2}') || true
if [ "$have" != "$want" ]; then
  # Once per machine, about 3 minutes. Not --locked: the CLI's lock file names a
  # webpki-roots release that the registry no longer serves.
  echo "build.sh: installing wasm-bindgen-cli $want (found: ${have:-none})"
  cargo install wasm-bindgen-cli --version "$want"
fi
rm -rf "$dist"
mkdir -p "$dist/pkg"
# Two wasms (issue 37: a first visit downloads at most 120 KB gzipped): `scopa_web` seats
# tables of 2 to 4 and is the one every visit loads; `scopa_web_big` (the `big-tables`
# feature: two decks, 6 and 8 seats) is fetched by the page only when a table of 6 or 8 is
# started or restored (web/session.js), and cached by the service worker from then on.
#
# Each is built in the wasm's own profile: the release profile built for size — opt-level
# "z", fat LTO, one codegen unit, panics abort, no debug info. Defined here with --config,
# so the workspace's release profile (native builds, benchmarks) is untouched; its output is
# target/wasm32-unknown-unknown/wasm/ (the two builds one after the other: cargo keeps both
# feature sets' objects, the last one built is the file there).
build_wasm() {
  local name=$1
  shift
  (cd "$root" && cargo build --target wasm32-unknown-unknown -p scopa-web --profile wasm \
    --config 'profile.wasm.inherits="release"' --config 'profile.wasm.opt-level="z"' \
    --config 'profile.wasm.lto="fat"' --config 'profile.wasm.codegen-units=1' \
    --config 'profile.wasm.panic="abort"' --config 'profile.wasm.debug=0' "$@")
  # --keep-debug keeps the function names for wasm-opt's ordering below (wasm-opt writes no
  # names: its output has no name section).
  wasm-bindgen --target web --no-typescript --keep-debug --out-dir "$dist/pkg" --out-name "$name" \
    "$target/wasm32-unknown-unknown/wasm/scopa_web.wasm"
  # Binaryen's optimiser for size (about a quarter off the wasm): the npm package `binaryen`
  # that package.json pins (`npm ci` installs it; Debian 12's binaryen 108 breaks
  # wasm-bindgen's reference-type table). The features are those rustc's wasm32 target
  # enables. Functions with one caller are inlined only when tiny
  # (--one-caller-inline-max-function-size 15; by default always): the code grows 1.8 % but
  # gzips 3.8 % smaller (the functions stay whole, beside their likes). Before -Oz, the
  # control flow rebuilt (--flatten --rereloop) and values followed across calls
  # (--gufa-optimizing): 0.7 KB less gzipped. After it, functions that differ only in
  # constants merged, the functions ordered by name (the copies of one generic function side
  # by side, where gzip finds their likeness), -Oz again until nothing changes, and the
  # producers and target-features sections dropped (the browser reads neither): 1.3 KB less.
  local wasm_opt="$here/node_modules/.bin/wasm-opt"
  if [ -x "$wasm_opt" ]; then
    "$wasm_opt" --one-caller-inline-max-function-size=15 \
      --flatten --rereloop --gufa-optimizing -Oz --merge-similar-functions --reorder-functions-by-name -Oz --converge \
      --strip-debug --strip-producers --strip-target-features \
      --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext \
      --enable-mutable-globals --enable-reference-types --enable-multivalue \
      "$dist/pkg/${name}_bg.wasm" -o "$dist/pkg/${name}_bg.wasm"
  else
    echo "build.sh: $wasm_opt not found (cd scopa-web && npm ci): the wasm is not size-optimised" >&2
  fi
}
build_wasm scopa_web
build_wasm scopa_web_big --features big-tables
cp "$here"/web/*.html "$here"/web/*.css "$here"/web/*.js "$here"/web/*.webmanifest "$here"/web/*.png "$dist/"
node "$here/web/tools/finish.mjs" "$dist"
echo "build.sh: built $dist (wasm: $(wc -c < "$dist/pkg/scopa_web_bg.wasm") bytes, tables of 6 and 8: $(wc -c < "$dist/pkg/scopa_web_big_bg.wasm"))"
