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
(cd "$root" && cargo build --release --target wasm32-unknown-unknown -p scopa-web)
rm -rf "$dist"
mkdir -p "$dist/pkg"
wasm-bindgen --target web --no-typescript --out-dir "$dist/pkg" \
  "$target/wasm32-unknown-unknown/release/scopa_web.wasm"
cp "$here"/web/*.html "$here"/web/*.css "$here"/web/*.js "$here"/web/*.webmanifest "$here"/web/*.png "$dist/"
node "$here/web/tools/finish.mjs" "$dist"
echo "build.sh: built $dist ($(wc -c < "$dist/pkg/scopa_web_bg.wasm") bytes of wasm)"
