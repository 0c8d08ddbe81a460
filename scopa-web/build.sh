#!/usr/bin/env bash
# Builds the web app into scopa-web/dist/: the wasm (cargo + wasm-bindgen-cli, the version
# pinned in Cargo.toml), the static files of web/, the icons and the service worker's list
# of files. Needs: rustup target wasm32-unknown-unknown, wasm-bindgen-cli, node.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
target="${CARGO_TARGET_DIR:-$root/target}"
dist="$here/dist"
want=$(sed -n 's/^wasm-bindgen = "=\(.*\)"/\1/p' "$here/Cargo.toml")
have=$(wasm-bindgen --version 2>/dev/null | awk '{print $2}') || true
if [ "$have" != "$want" ]; then
  echo "build.sh: wasm-bindgen-cli $want is needed (found: ${have:-none});" >&2
  echo "  install it with: cargo install wasm-bindgen-cli --version $want" >&2
  exit 1
fi
(cd "$root" && cargo build --release --target wasm32-unknown-unknown -p scopa-web)
rm -rf "$dist"
mkdir -p "$dist/pkg"
wasm-bindgen --target web --no-typescript --out-dir "$dist/pkg" \
  "$target/wasm32-unknown-unknown/release/scopa_web.wasm"
cp "$here"/web/*.html "$here"/web/*.css "$here"/web/*.js "$here"/web/*.webmanifest "$dist/"
node "$here/web/tools/finish.mjs" "$dist"
echo "build.sh: built $dist ($(wc -c < "$dist/pkg/scopa_web_bg.wasm") bytes of wasm)"
