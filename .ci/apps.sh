#!/usr/bin/env bash
# CI for the apps (android/, ios/): the game controllers below the UI, tested on this
# machine against the host build of scopa-ffi.
#  - Kotlin: bindings generated from libscopa_ffi.so + android/controller sources + its JUnit 4
#    tests, compiled with kotlinc (npm kotlin-compiler) and run on the JVM with JNA.
#  - Swift: bindings + ios/Sources/ScopaController + its XCTest tests, compiled with swiftc 6
#    in the Debian trixie chroot of .ci/ffi.sh and run there.
# The Compose and SwiftUI layers, Gradle, cargo-ndk and xcodebuild cannot run here.
# Reuses .ci/ffi.sh's caches (same paths, same lock): $SCOPA_CACHE (default /var/cache/scopa)
# holds the kotlinc install ($cache/npm) and the chroot ($cache/swift-chroot); it sets them up
# the same way if they are missing. Runs from the repository root as root; idempotent.
set -euo pipefail
cd "$(dirname "$0")/.."
root="$(pwd)"
start=$(date +%s)
step() { printf '\n=== apps: %s (%ss)\n' "$*" "$(( $(date +%s) - start ))"; }

cache="${SCOPA_CACHE:-/var/cache/scopa}"
chroot_dir="$cache/swift-chroot"
marker="$chroot_dir/.scopa-swift-ready"
target="${CARGO_TARGET_DIR:-$root/target}"
out="$target/apps-ci"
kotlin_version="2.4.20"   # the version .ci/ffi.sh installs: one install serves both
mkdir -p "$cache" "$out"

# ----- system packages -----
step "system packages (JNA, JUnit 4, Java, npm, debootstrap)"
need=()
[ -f /usr/share/java/jna.jar ] || need+=(libjna-java)
[ -f /usr/share/java/junit4.jar ] || need+=(junit4)
command -v java >/dev/null || need+=(openjdk-17-jdk-headless)
command -v npm >/dev/null || need+=(npm)
if [ ! -f "$marker" ] && ! command -v debootstrap >/dev/null; then need+=(debootstrap); fi
if [ ${#need[@]} -gt 0 ]; then
    echo "apt-get install ${need[*]}"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${need[@]}"
else
    echo "already installed: libjna-java junit4 java npm"
fi

# ----- the Swift chroot (the one of .ci/ffi.sh; set up the same way if missing) -----
unmount_chroot() {
    local d="$1"
    for m in "$d/proc" "$d/dev"; do
        if mountpoint -q "$m" 2>/dev/null; then umount "$m" || umount -l "$m"; fi
    done
}

setup_swift_chroot() {
    if [ -f "$marker" ]; then
        echo "swift chroot: reusing $chroot_dir ($(head -n 1 "$marker"))"
        return 0
    fi
    local tmp="$chroot_dir.partial"
    unmount_chroot "$tmp"
    unmount_chroot "$chroot_dir"
    rm -rf --one-file-system "$tmp" "$chroot_dir"
    echo "swift chroot: debootstrap --variant=minbase trixie $tmp"
    debootstrap --variant=minbase trixie "$tmp"
    echo "swift chroot: apt-get install swiftlang libc6-dev libstdc++-14-dev"
    chroot "$tmp" apt-get update -qq
    DEBIAN_FRONTEND=noninteractive chroot "$tmp" apt-get install -y -qq --no-install-recommends \
        swiftlang libc6-dev libstdc++-14-dev
    chroot "$tmp" apt-get clean
    mount -t proc proc "$tmp/proc"
    local version
    version="$(chroot "$tmp" swiftc --version 2>&1 | head -n 1)" || { unmount_chroot "$tmp"; return 1; }
    unmount_chroot "$tmp"
    mv "$tmp" "$chroot_dir"
    echo "$version" > "$marker"
    echo "swift chroot: ready: $version"
}

step "swift chroot (background if it must be built; log $out/swift-chroot.log)"
(
    exec 9>"$cache/swift-chroot.lock"
    flock 9
    setup_swift_chroot
) > "$out/swift-chroot.log" 2>&1 &
chroot_pid=$!

# ----- Kotlin compiler -----
step "kotlin compiler (npm kotlin-compiler@$kotlin_version in $cache/npm)"
kdir="$cache/npm/node_modules/kotlin-compiler"
kotlinc="$kdir/bin/kotlinc"
if [ ! -x "$kotlinc" ] || ! grep -q "\"version\": \"$kotlin_version\"" "$kdir/package.json"; then
    npm install --no-audit --no-fund --prefix "$cache/npm" "kotlin-compiler@$kotlin_version"
fi
echo "kotlinc: $kotlinc ($(cat "$kdir/build.txt" 2>/dev/null || echo "$kotlin_version"))"

# ----- the library (as the apps ship it: no test hooks) and the bindings -----
step "cargo build -p scopa-ffi --release --lib (host, as the apps use it)"
cargo build -p scopa-ffi --release --lib
rm -rf "$out/lib" && mkdir -p "$out/lib"
cp "$target/release/libscopa_ffi.so" "$out/lib/"
lib="$out/lib/libscopa_ffi.so"
ls -l "$lib"

step "generate the Kotlin and Swift bindings from $lib"
rm -rf "$out/kotlin" "$out/swift"
cargo run -q -p uniffi-bindgen -- generate --library "$lib" --language kotlin --out-dir "$out/kotlin" --no-format
cargo run -q -p uniffi-bindgen -- generate --library "$lib" --language swift --out-dir "$out/swift" --no-format
find "$out/kotlin" "$out/swift" -type f | sort

# ----- Kotlin controller on the JVM -----
step "kotlin: compile bindings + android/controller + its tests"
cp_jars="/usr/share/java/jna.jar:/usr/share/java/junit4.jar:/usr/share/java/hamcrest-core.jar"
rm -rf "$out/kotlin-classes"
mapfile -t ksrc < <(find "$out/kotlin" android/controller/src/main/kotlin android/controller/src/test/kotlin -name '*.kt' | sort)
printf '  %s\n' "${ksrc[@]}"
"$kotlinc" -jvm-target 17 -nowarn -cp "$cp_jars" -d "$out/kotlin-classes" "${ksrc[@]}"

step "kotlin: run the controller tests"
java -Djna.library.path="$out/lib" \
    -cp "$out/kotlin-classes:$kdir/lib/kotlin-stdlib.jar:$cp_jars" \
    org.scopa.app.controller.CiMain | tee "$out/kotlin-test.log"
grep -q '^apps-kotlin: [0-9]* passed, 0 failed$' "$out/kotlin-test.log"

# ----- Swift controller in the chroot -----
step "waiting for the swift chroot"
if ! wait "$chroot_pid"; then
    cat "$out/swift-chroot.log"
    echo "apps: setting up the swift chroot failed" >&2
    exit 1
fi
cat "$out/swift-chroot.log"

step "swift: compile bindings + ios/Sources/ScopaController + its tests (swiftc in $chroot_dir)"
exec 9>"$cache/swift-chroot.lock"
flock 9
work="$chroot_dir/scopa-apps-test"
rm -rf "$work"
mkdir -p "$work/gen" "$work/lib" "$work/controller" "$work/tests" "$work/app"
cp "$out/swift/"* "$work/gen/"
cp "$lib" "$work/lib/"
cp ios/Sources/ScopaController/*.swift "$work/controller/"
cp ios/Tests/ScopaControllerTests/*.swift ios/Tests/CIRunner/main.swift "$work/tests/"
cp ios/ScopaApp/Sources/*.swift ios/Package.swift "$work/app/"
trap 'unmount_chroot "$chroot_dir"' EXIT
unmount_chroot "$chroot_dir"
mount -t proc proc "$chroot_dir/proc"
mount --bind /dev "$chroot_dir/dev"
chroot "$chroot_dir" /bin/sh -euc '
    cd /scopa-apps-test
    common="-swift-version 5 -module-cache-path /scopa-apps-test/module-cache -I /scopa-apps-test/gen -Xcc -fmodule-map-file=/scopa-apps-test/gen/ScopaEngineFFI.modulemap"
    # The three modules of the Swift package: ScopaEngine (generated), ScopaController, tests.
    swiftc $common -emit-library -emit-module -parse-as-library -module-name ScopaEngine \
        -L /scopa-apps-test/lib -lscopa_ffi -o /scopa-apps-test/lib/libScopaEngine.so \
        /scopa-apps-test/gen/ScopaEngine.swift
    swiftc $common -warnings-as-errors -emit-library -emit-module -parse-as-library -module-name ScopaController \
        -I /scopa-apps-test/lib -L /scopa-apps-test/lib -lScopaEngine -lscopa_ffi \
        -o /scopa-apps-test/lib/libScopaController.so /scopa-apps-test/controller/*.swift
    swiftc $common -warnings-as-errors -module-name ScopaControllerTests -I /scopa-apps-test/lib \
        -L /scopa-apps-test/lib -lScopaController -lScopaEngine -lscopa_ffi -lXCTest \
        /scopa-apps-test/tests/*.swift -o /scopa-apps-test/scopa-apps-swift-test
    echo "swift: compiled with $(swiftc --version 2>&1 | head -n 1)"
    # SwiftUI and PackageDescription do not exist on Linux: the app and the manifest are
    # only parsed (syntax), not type-checked.
    swiftc -parse /scopa-apps-test/app/*.swift
    echo "swift: ios/ScopaApp/Sources/*.swift and ios/Package.swift parse (syntax only)"
    LD_LIBRARY_PATH=/scopa-apps-test/lib /scopa-apps-test/scopa-apps-swift-test
' | tee "$out/swift-test.log"
unmount_chroot "$chroot_dir"
trap - EXIT
grep -q '^apps-swift: [0-9]* passed, 0 failed$' "$out/swift-test.log"

step "done: Kotlin and Swift controller tests passed"
grep -h '^apps-' "$out/kotlin-test.log" "$out/swift-test.log"
