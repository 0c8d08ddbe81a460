#!/usr/bin/env bash
# CI for scopa-ffi: builds the library, generates the Kotlin and Swift bindings from it,
# and runs the Kotlin test on the JVM and the Swift test (swiftc in a cached Debian trixie
# chroot). Runs from the repository root on a clean Debian 12 machine as root; installs
# what it needs; safe to re-run (caches under $SCOPA_CACHE, default /var/cache/scopa).
set -euo pipefail
cd "$(dirname "$0")/.."
root="$(pwd)"
start=$(date +%s)
step() { printf '\n=== ffi: %s (%ss)\n' "$*" "$(( $(date +%s) - start ))"; }

cache="${SCOPA_CACHE:-/var/cache/scopa}"
chroot_dir="$cache/swift-chroot"
marker="$chroot_dir/.scopa-swift-ready"
target="${CARGO_TARGET_DIR:-$root/target}"
out="$target/ffi-ci"            # everything generated or compiled by this script
kotlin_version="2.4.20"
mkdir -p "$cache" "$out"

# ----- system packages -----
step "system packages (JNA, debootstrap, Java, npm)"
need=()
[ -f /usr/share/java/jna.jar ] || need+=(libjna-java)
command -v debootstrap >/dev/null || need+=(debootstrap)
command -v java >/dev/null || need+=(openjdk-17-jdk-headless)
command -v npm >/dev/null || need+=(npm)
if [ ${#need[@]} -gt 0 ]; then
    echo "apt-get install ${need[*]}"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${need[@]}"
else
    echo "already installed: libjna-java debootstrap java npm"
fi

# ----- the Swift chroot: started now in the background, it takes minutes the first time -----
unmount_chroot() {
    local d="$1"
    for m in "$d/proc" "$d/dev"; do
        if mountpoint -q "$m" 2>/dev/null; then
            echo "unmounting $m"
            umount "$m" || umount -l "$m"
        fi
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
    # swiftc finds its libraries through $ORIGIN, which needs /proc.
    mount -t proc proc "$tmp/proc"
    local version
    version="$(chroot "$tmp" swiftc --version 2>&1 | head -n 1)" || { unmount_chroot "$tmp"; return 1; }
    unmount_chroot "$tmp"
    mv "$tmp" "$chroot_dir"
    echo "$version" > "$marker"
    echo "swift chroot: ready: $version"
}

step "swift chroot setup (background; log $out/swift-chroot.log)"
# The lock is shared with every script that uses the chroot (.ci/apps.sh too).
(
    exec 9>"$cache/swift-chroot.lock"
    flock 9
    setup_swift_chroot
) > "$out/swift-chroot.log" 2>&1 &
chroot_pid=$!

# ----- Kotlin compiler -----
step "kotlin compiler (npm kotlin-compiler@$kotlin_version in $cache/npm)"
kotlinc="$cache/npm/node_modules/kotlin-compiler/bin/kotlinc"
if [ ! -x "$kotlinc" ] || ! grep -q "\"version\": \"$kotlin_version\"" "$cache/npm/node_modules/kotlin-compiler/package.json"; then
    npm install --no-audit --no-fund --prefix "$cache/npm" "kotlin-compiler@$kotlin_version"
fi
echo "kotlinc: $kotlinc ($(cat "$cache/npm/node_modules/kotlin-compiler/build.txt" 2>/dev/null || echo "$kotlin_version"))"

# ----- the library and the bindings -----
step "cargo build -p scopa-ffi --release --features test-hooks (cdylib + staticlib)"
cargo build -p scopa-ffi --release --features test-hooks --lib
lib="$target/release/libscopa_ffi.so"
ls -l "$lib" "$target/release/libscopa_ffi.a"

step "transcript hashes of AI-only matches, from Rust"
transcripts=()
for spec in "42 2 easy" "7 4 random" "2025 3 medium"; do
    # shellcheck disable=SC2086
    hash=$(cargo run -q -p scopa-ffi --release --features test-hooks --example transcript -- $spec)
    set -- $spec
    transcripts+=("$1:$2:$3=$hash")
    echo "seed $1, $2 players, $3: $hash"
done

step "generate the Kotlin and Swift bindings from $lib"
rm -rf "$out/kotlin" "$out/swift"
cargo run -q -p uniffi-bindgen -- generate --library "$lib" --language kotlin --out-dir "$out/kotlin" --no-format
cargo run -q -p uniffi-bindgen -- generate --library "$lib" --language swift --out-dir "$out/swift" --no-format
find "$out/kotlin" "$out/swift" -type f | sort

# ----- Kotlin on the JVM -----
step "kotlin test on the JVM"
KOTLINC="$kotlinc" scopa-ffi/tests/kotlin/run.sh "$out/kotlin" "$(dirname "$lib")" "$out/kotlin-build" \
    "${transcripts[@]}" | tee "$out/kotlin-test.log"
grep -q '^ffi-kotlin: [0-9]* passed, 0 failed$' "$out/kotlin-test.log"

# ----- Swift in the chroot -----
step "waiting for the swift chroot"
if ! wait "$chroot_pid"; then
    cat "$out/swift-chroot.log"
    echo "ffi: setting up the swift chroot failed" >&2
    exit 1
fi
cat "$out/swift-chroot.log"

step "swift test (swiftc in $chroot_dir)"
exec 9>"$cache/swift-chroot.lock"
flock 9
work="$chroot_dir/scopa-ffi-test"
rm -rf "$work"
mkdir -p "$work/gen" "$work/lib"
cp "$out/swift/"* "$work/gen/"
cp "$lib" "$work/lib/"
cp scopa-ffi/tests/swift/main.swift "$work/"
trap 'unmount_chroot "$chroot_dir"' EXIT
trap 'exit 130' INT TERM
unmount_chroot "$chroot_dir"
mount -t proc proc "$chroot_dir/proc"
mount --bind /dev "$chroot_dir/dev"
chroot "$chroot_dir" /bin/sh -euc '
    cd /scopa-ffi-test
    swiftc -O -swift-version 5 -module-name ScopaFfiSwiftTest \
        -module-cache-path /scopa-ffi-test/module-cache \
        -I /scopa-ffi-test/gen -Xcc -fmodule-map-file=/scopa-ffi-test/gen/ScopaEngineFFI.modulemap \
        -L /scopa-ffi-test/lib -lscopa_ffi \
        /scopa-ffi-test/gen/ScopaEngine.swift /scopa-ffi-test/main.swift \
        -o /scopa-ffi-test/scopa-ffi-swift-test
    echo "swift: compiled with $(swiftc --version 2>&1 | head -n 1)"
    LD_LIBRARY_PATH=/scopa-ffi-test/lib /scopa-ffi-test/scopa-ffi-swift-test "$@"
' swift-test "${transcripts[@]}" | tee "$out/swift-test.log"
unmount_chroot "$chroot_dir"
trap - EXIT
grep -q '^ffi-swift: [0-9]* passed, 0 failed$' "$out/swift-test.log"

step "done: Kotlin and Swift tests passed"
grep -h 'round trip' "$out/kotlin-test.log" "$out/swift-test.log"
