#!/usr/bin/env bash
# Builds ios/build/ScopaEngineFFI.xcframework (static libscopa_ffi.a for iPhone devices and
# for the simulator on Apple silicon and Intel Macs, with the C header and module map of the
# bindings) and generates ios/Sources/ScopaEngine/ScopaEngine.swift, from the scopa-ffi crate.
# Runs on macOS with Xcode and rustup; safe to re-run. See docs/apps.md.
set -euo pipefail
ios="$(cd "$(dirname "$0")/.." && pwd)"
root="$(cd "$ios/.." && pwd)"
cd "$root"

export IPHONEOS_DEPLOYMENT_TARGET="${IPHONEOS_DEPLOYMENT_TARGET:-15.0}"
target_dir="${CARGO_TARGET_DIR:-$root/target}"
build="$ios/build"
targets=(aarch64-apple-ios aarch64-apple-ios-sim x86_64-apple-ios)

echo "== rust targets: ${targets[*]}"
rustup target add "${targets[@]}"

for t in "${targets[@]}"; do
    echo "== cargo build --release -p scopa-ffi --lib --target $t"
    cargo build --release -p scopa-ffi --lib --target "$t"
done

# The bindings come from the library's metadata; the host (macOS) build is the simplest
# library to read it from, and the metadata is the same for every target.
echo "== cargo build --release -p scopa-ffi --lib (host, for uniffi-bindgen)"
cargo build --release -p scopa-ffi --lib
host_lib="$target_dir/release/libscopa_ffi.dylib"

echo "== uniffi-bindgen generate --language swift"
gen="$build/bindings"
rm -rf "$gen"
mkdir -p "$gen"
cargo run -q -p uniffi-bindgen -- generate --library "$host_lib" --language swift --out-dir "$gen"

headers="$build/headers"
rm -rf "$headers"
mkdir -p "$headers"
cp "$gen/ScopaEngineFFI.h" "$headers/"
# In an XCFramework the module map must be called module.modulemap.
cp "$gen/ScopaEngineFFI.modulemap" "$headers/module.modulemap"

echo "== lipo: one simulator library for arm64 and x86_64"
mkdir -p "$build/ios-simulator"
lipo -create \
    "$target_dir/aarch64-apple-ios-sim/release/libscopa_ffi.a" \
    "$target_dir/x86_64-apple-ios/release/libscopa_ffi.a" \
    -output "$build/ios-simulator/libscopa_ffi.a"

echo "== xcodebuild -create-xcframework"
rm -rf "$build/ScopaEngineFFI.xcframework"
xcodebuild -create-xcframework \
    -library "$target_dir/aarch64-apple-ios/release/libscopa_ffi.a" -headers "$headers" \
    -library "$build/ios-simulator/libscopa_ffi.a" -headers "$headers" \
    -output "$build/ScopaEngineFFI.xcframework"

cp "$gen/ScopaEngine.swift" "$ios/Sources/ScopaEngine/ScopaEngine.swift"
echo "== done: $build/ScopaEngineFFI.xcframework and Sources/ScopaEngine/ScopaEngine.swift"
