#!/usr/bin/env bash
# CI for the apps (android/, ios/): the game controllers below the UI, tested on this
# machine against the host build of scopa-ffi.
#  - Kotlin: bindings generated from libscopa_ffi.so + android/controller sources + its JUnit 4
#    tests, compiled with kotlinc (npm kotlin-compiler) and run on the JVM with JNA.
#  - Swift: bindings + ios/Sources/ScopaController + its XCTest tests, compiled with swiftc 6
#    in the Debian trixie chroot of .ci/ffi.sh and run there.
#  - The scripted cross-front-end run through both controllers (ScriptRun.kt and
#    ios/Tests/ScriptRun) on every tests/sessions/*.script and tests/sessions/*/*.script
#    (briscola/: the settings line names the game; big/: tables of 6 and 8 with two decks,
#    where a move may take both copies of a card): each must write the reference
#    transcript and save (scopa_tests::script::run, checked by cargo test), and finish the
#    match from the reference save with the reference transcript's tail.
# The Compose and SwiftUI layers, Gradle, cargo-ndk and xcodebuild cannot run here.
# Reuses .ci/ffi.sh's caches (same paths, same lock): $SCOPA_CACHE (default /var/cache/scopa)
# holds the kotlinc install ($cache/npm) and the chroot ($cache/swift-chroot); it sets them up
# the same way if they are missing. Runs from the repository root as root; idempotent.
set -euo pipefail
cd "$(dirname "$0")/.."
root="$(pwd)"
start=$(date +%s)
step() { printf '\n=== apps: %s (%ss)\n' "$*" "$(( $(date +%s) - start ))"; }

# shellcheck source=.ci/lib.sh
. .ci/lib.sh
target="${CARGO_TARGET_DIR:-$root/target}"
out="$target/apps-ci"
mkdir -p "$out"

step "system packages (JNA, JUnit 4, Java, npm, debootstrap)"
apt_install_missing "libjna-java:[ -f /usr/share/java/jna.jar ]" \
    "junit4:[ -f /usr/share/java/junit4.jar ]" \
    "openjdk-17-jdk-headless:command -v java >/dev/null" "npm:command -v npm >/dev/null" \
    "debootstrap:[ -f \"$chroot_marker\" ] || command -v debootstrap >/dev/null"

step "swift chroot (background if it must be built; log $out/swift-chroot.log)"
start_swift_chroot "$out/swift-chroot.log"

step "kotlin compiler (npm kotlin-compiler@$kotlin_version in $cache/npm)"
install_kotlinc
kdir="$kotlin_dir"

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

# ----- the scripts of the cross-front-end run (tests/sessions: script, reference transcript,
# save at the `save` line, transcript after it) -----
scripts="$out/scripts"
rm -rf "$scripts" && mkdir -p "$scripts"
# tests/sessions and every directory in it (briscola/, big/ …); names are unique across them.
names=()
for d in tests/sessions tests/sessions/*/; do
    d="${d%/}"
    compgen -G "$d/*.script" >/dev/null || continue
    cp "$d"/*.script "$d"/*.transcript "$d"/*.save "$d"/*.after-save "$scripts/"
    for s in "$d"/*.script; do names+=("$(basename "$s" .script)"); done
done
if [ "$(printf '%s\n' "${names[@]}" | sort | uniq -d)" ]; then
    echo "two session scripts share a name: $(printf '%s\n' "${names[@]}" | sort | uniq -d)" >&2
    exit 1
fi
# The tables of 6 and 8 (tests/sessions/big) must be among them.
compgen -G "tests/sessions/big/*.script" >/dev/null || { echo "no tests/sessions/big/*.script" >&2; exit 1; }
echo "session scripts: ${#names[@]} (${names[*]})"

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

step "kotlin: the scripts through the controller (ScriptRunKt)"
kotlin_run() {
    java -Djna.library.path="$out/lib" -cp "$out/kotlin-classes:$kdir/lib/kotlin-stdlib.jar:$cp_jars" \
        org.scopa.app.controller.ScriptRunKt "$@"
}
for name in "${names[@]}"; do
    s="$scripts/$name"
    kotlin_run "$s.script" "$s.kotlin" --save "$s.kotlin.save"
    kotlin_run "$s.script" "$s.kotlin.resumed" --resume "$s.save"
done

# ----- Swift controller in the chroot -----
step "waiting for the swift chroot"
wait_swift_chroot "$out/swift-chroot.log"

step "swift: compile bindings + ios/Sources/ScopaController + its tests (swiftc in $chroot_dir)"
enter_swift_chroot
work="$chroot_dir/scopa-apps-test"
rm -rf "$work"
mkdir -p "$work/gen" "$work/lib" "$work/controller" "$work/tests" "$work/app" "$work/scriptrun" "$work/scripts"
cp "$out/swift/"* "$work/gen/"
cp "$lib" "$work/lib/"
cp ios/Sources/ScopaController/*.swift "$work/controller/"
cp ios/Tests/ScopaControllerTests/*.swift ios/Tests/CIRunner/main.swift "$work/tests/"
cp ios/ScopaApp/Sources/*.swift ios/Package.swift "$work/app/"
cp ios/Tests/ScriptRun/main.swift "$work/scriptrun/"
cp "$scripts"/* "$work/scripts/"
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
    swiftc $common -warnings-as-errors -module-name ScopaScriptRun -I /scopa-apps-test/lib \
        -L /scopa-apps-test/lib -lScopaController -lScopaEngine -lscopa_ffi \
        /scopa-apps-test/scriptrun/main.swift -o /scopa-apps-test/scopa-script-run
    echo "swift: compiled with $(swiftc --version 2>&1 | head -n 1)"
    # SwiftUI and PackageDescription do not exist on Linux: the app and the manifest are
    # only parsed (syntax), not type-checked.
    swiftc -parse /scopa-apps-test/app/*.swift
    echo "swift: ios/ScopaApp/Sources/*.swift and ios/Package.swift parse (syntax only)"
    LD_LIBRARY_PATH=/scopa-apps-test/lib /scopa-apps-test/scopa-apps-swift-test
    echo "swift: the scripts through the controller (scopa-script-run)"
    for s in /scopa-apps-test/scripts/*.script; do
        s=${s%.script}
        run="env LD_LIBRARY_PATH=/scopa-apps-test/lib /scopa-apps-test/scopa-script-run $s.script"
        $run $s.swift --save $s.swift.save
        $run $s.swift.resumed --resume $s.save
    done
' | tee "$out/swift-test.log"
cp "$work/scripts"/*.swift* "$scripts/"
leave_swift_chroot
grep -q '^apps-swift: [0-9]* passed, 0 failed$' "$out/swift-test.log"

# ----- the scripted runs compared -----
step "scripted runs: Kotlin and Swift = the reference (transcript, save, transcript after resuming)"
for name in "${names[@]}"; do
    s="$scripts/$name"
    for front in kotlin swift; do
        cmp "$s.transcript" "$s.$front"
        cmp "$s.save" "$s.$front.save"
        cmp "$s.after-save" "$s.$front.resumed"
    done
    echo "$name: $(wc -l < "$s.transcript") transcript lines, the save, and $(wc -l < "$s.after-save") lines after resuming: identical in Kotlin, Swift and the reference"
done

step "done: Kotlin and Swift controller tests and scripted runs passed"
grep -h '^apps-' "$out/kotlin-test.log" "$out/swift-test.log"
