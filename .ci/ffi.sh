#!/usr/bin/env bash
# CI for scopa-ffi: builds the library, generates the Kotlin, Swift and Python bindings
# from it, and runs the Python test (python3, the GameController with Python foreign
# traits), the Kotlin test on the JVM and the Swift test (swiftc in a cached Debian trixie
# chroot). Runs from the repository root on a clean Debian 12 machine as root; installs
# what it needs; safe to re-run (caches under $SCOPA_CACHE, default /var/cache/scopa).
set -euo pipefail
cd "$(dirname "$0")/.."
root="$(pwd)"
start=$(date +%s)
step() { printf '\n=== ffi: %s (%ss)\n' "$*" "$(( $(date +%s) - start ))"; }

# shellcheck source=.ci/lib.sh
. .ci/lib.sh
target="${CARGO_TARGET_DIR:-$root/target}"
out="$target/ffi-ci"            # everything generated or compiled by this script
mkdir -p "$out"

step "system packages (JNA, debootstrap, Java, npm, python3)"
apt_install_missing "libjna-java:[ -f /usr/share/java/jna.jar ]" "python3:command -v python3 >/dev/null" \
    "debootstrap:command -v debootstrap >/dev/null" \
    "openjdk-17-jdk-headless:command -v java >/dev/null" "npm:command -v npm >/dev/null"

step "swift chroot setup (background; log $out/swift-chroot.log)"
start_swift_chroot "$out/swift-chroot.log"

step "kotlin compiler (npm kotlin-compiler@$kotlin_version in $cache/npm)"
install_kotlinc

# ----- the library and the bindings -----
step "cargo build -p scopa-ffi --release --features test-hooks (cdylib + staticlib)"
cargo build -p scopa-ffi --release --features test-hooks --lib
lib="$target/release/libscopa_ffi.so"
ls -l "$lib" "$target/release/libscopa_ffi.a"

step "transcript hashes of watch-mode sessions (GameController), from Rust"
transcripts=()
for spec in "42 2 easy" "7 4 random" "2025 3 medium" "6 6 easy" "8 8 random"; do
    # shellcheck disable=SC2086
    hash=$(cargo run -q -p scopa-ffi --release --features test-hooks --example transcript -- $spec)
    # shellcheck disable=SC2086
    set -- $spec
    transcripts+=("session:$1:$2:$3=$hash")
    echo "seed $1, $2 players, $3: session $hash"
done

step "generate the Kotlin, Swift and Python bindings from $lib"
rm -rf "$out/kotlin" "$out/swift" "$out/python"
cargo run -q -p uniffi-bindgen -- generate --library "$lib" --language kotlin --out-dir "$out/kotlin" --no-format
cargo run -q -p uniffi-bindgen -- generate --library "$lib" --language swift --out-dir "$out/swift" --no-format
cargo run -q -p uniffi-bindgen -- generate --library "$lib" --language python --out-dir "$out/python" --no-format
find "$out/kotlin" "$out/swift" "$out/python" -type f | sort

# ----- Python -----
step "python test (python3: the GameController with Python foreign traits)"
# The generated module loads libscopa_ffi.so from its own directory.
cp "$lib" "$out/python/"
python3 --version
python3 scopa-ffi/tests/python/controller_test.py "$out/python" "${transcripts[@]}" | tee "$out/python-test.log"
grep -q '^ffi-python: [0-9]* passed, 0 failed$' "$out/python-test.log"

# ----- Kotlin on the JVM -----
step "kotlin test on the JVM"
KOTLINC="$kotlinc" scopa-ffi/tests/kotlin/run.sh "$out/kotlin" "$(dirname "$lib")" "$out/kotlin-build" \
    "${transcripts[@]}" | tee "$out/kotlin-test.log"
grep -q '^ffi-kotlin: [0-9]* passed, 0 failed$' "$out/kotlin-test.log"

# ----- Swift in the chroot -----
step "waiting for the swift chroot"
wait_swift_chroot "$out/swift-chroot.log"

step "swift test (swiftc in $chroot_dir)"
enter_swift_chroot
work="$chroot_dir/scopa-ffi-test"
rm -rf "$work"
mkdir -p "$work/gen" "$work/lib"
cp "$out/swift/"* "$work/gen/"
cp "$lib" "$work/lib/"
cp scopa-ffi/tests/swift/main.swift scopa-ffi/tests/swift/SettingsTests.swift scopa-ffi/tests/swift/ControllerTests.swift "$work/"
chroot "$chroot_dir" /bin/sh -euc '
    cd /scopa-ffi-test
    swiftc -O -swift-version 5 -module-name ScopaFfiSwiftTest \
        -module-cache-path /scopa-ffi-test/module-cache \
        -I /scopa-ffi-test/gen -Xcc -fmodule-map-file=/scopa-ffi-test/gen/ScopaEngineFFI.modulemap \
        -L /scopa-ffi-test/lib -lscopa_ffi \
        /scopa-ffi-test/gen/ScopaEngine.swift /scopa-ffi-test/main.swift /scopa-ffi-test/SettingsTests.swift /scopa-ffi-test/ControllerTests.swift \
        -o /scopa-ffi-test/scopa-ffi-swift-test
    echo "swift: compiled with $(swiftc --version 2>&1 | head -n 1)"
    LD_LIBRARY_PATH=/scopa-ffi-test/lib /scopa-ffi-test/scopa-ffi-swift-test "$@"
' swift-test "${transcripts[@]}" | tee "$out/swift-test.log"
leave_swift_chroot
grep -q '^ffi-swift: [0-9]* passed, 0 failed$' "$out/swift-test.log"

step "done: Python, Kotlin and Swift tests passed"
grep -h 'round trip\|tap (select' "$out/kotlin-test.log" "$out/swift-test.log"
