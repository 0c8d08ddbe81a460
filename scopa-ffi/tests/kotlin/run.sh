#!/usr/bin/env bash
# Compiles the Kotlin tests of scopa-ffi (FfiTest.kt, ControllerTest.kt) against the generated bindings and runs it on the JVM.
#
#   run.sh <generated-kotlin-dir> <dir-with-libscopa_ffi.so> <work-dir> [transcript args...]
#
# Needs: KOTLINC (path of the kotlinc launcher; default: kotlinc on PATH), java, and JNA
# (JNA_JAR, default /usr/share/java/jna.jar from Debian's libjna-java).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
gen="$(cd "$1" && pwd)"
libdir="$(cd "$2" && pwd)"
work="$3"
shift 3
kotlinc="${KOTLINC:-kotlinc}"
jna="${JNA_JAR:-/usr/share/java/jna.jar}"
[ -f "$jna" ] || { echo "run.sh: JNA not found at $jna (apt-get install libjna-java)" >&2; exit 1; }
[ -f "$libdir/libscopa_ffi.so" ] || { echo "run.sh: no libscopa_ffi.so in $libdir" >&2; exit 1; }
bindings="$(find "$gen" -name 'scopa_ffi.kt' | head -n 1)"
[ -n "$bindings" ] || { echo "run.sh: no generated scopa_ffi.kt under $gen" >&2; exit 1; }

mkdir -p "$work"
jar="$work/scopa-ffi-kotlin-test.jar"
echo "kotlin: compiling $bindings, $here/FfiTest.kt and $here/ControllerTest.kt"
"$kotlinc" -nowarn -jvm-target 17 -cp "$jna" -include-runtime -d "$jar" "$bindings" "$here/FfiTest.kt" "$here/ControllerTest.kt"
echo "kotlin: running on $(java -version 2>&1 | head -n 1) with libscopa_ffi.so from $libdir"
# The serial collector: one mutator thread, and no GC threads competing on a small CI box.
exec java -XX:+UseSerialGC -Djna.library.path="$libdir" -cp "$jar:$jna" FfiTestKt "$@"
