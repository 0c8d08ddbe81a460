#!/usr/bin/env bash
# Instruction counts of the scopa-core hot paths under callgrind, checked against the
# committed baseline .ci/perf-baseline.txt: fails when any workload needs more than 5%
# more instructions per operation than its baseline. Counts, not wall time, so the check
# is exact on a shared or virtual machine.
#
#   bash .ci/perf.sh            check against the baseline (CI)
#   bash .ci/perf.sh --write    measure and rewrite the baseline (after a deliberate change)
#
# The workloads are in scopa-core/benches/icount.rs. Runs from the repo root; installs
# valgrind if it is missing.
set -euo pipefail
cd "$(dirname "$0")/.."
baseline=.ci/perf-baseline.txt
limit_pct=5
write=false
[ "${1:-}" = "--write" ] && write=true

if ! command -v valgrind >/dev/null; then
    echo "installing valgrind"
    SUDO=""
    if [ "$(id -u)" != 0 ] && command -v sudo >/dev/null; then SUDO=sudo; fi
    $SUDO apt-get update -q
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q valgrind
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Build the workload binary (bench profile = the release settings) and find it.
if ! cargo bench -p scopa-core --bench icount --no-run > "$work/build.log" 2>&1; then
    cat "$work/build.log"
    echo "building scopa-core/benches/icount.rs failed"
    exit 1
fi
bin=$(sed -n 's/^ *Executable benches\/icount.rs (\(.*\))$/\1/p' "$work/build.log")
[ -x "$bin" ] || { cat "$work/build.log"; echo "could not find the icount binary"; exit 1; }
rustc_version=$(rustc --version)
echo "$rustc_version; $(valgrind --version); binary $bin"
results="$work/results"
: > "$results"
while read -r name ops function; do
    valgrind --tool=callgrind --callgrind-out-file="$work/$name.out" --collect-atstart=no \
        "--toggle-collect=*$function*" "$bin" "$name" "$ops" > "$work/$name.log" 2>&1 ||
        { cat "$work/$name.log"; echo "workload $name failed"; exit 1; }
    ir=$(awk '/^summary:/ {print $2}' "$work/$name.out")
    [ -n "$ir" ] && [ "$ir" -gt 0 ] || { echo "no instructions collected for $name"; exit 1; }
    awk -v n="$name" -v ops="$ops" -v ir="$ir" 'BEGIN {printf "%s %.1f\n", n, ir / ops}' >> "$results"
done < <("$bin")

if $write; then
    {
        echo "# Instructions per operation under callgrind: .ci/perf.sh --write"
        echo "# $rustc_version; $(valgrind --version); $(date -u +%Y-%m-%d)"
        cat "$results"
    } > "$baseline"
    cat "$baseline"
    exit 0
fi

echo "workload                 baseline     now   change (fails above +$limit_pct%)"
status=0
while read -r name now; do
    base=$(awk -v n="$name" '$1 == n {print $2}' "$baseline")
    if [ -z "$base" ]; then
        echo "$name: no baseline in $baseline"
        status=1
        continue
    fi
    verdict=$(awk -v b="$base" -v c="$now" -v l="$limit_pct" -v n="$name" 'BEGIN {
        pct = (c - b) * 100 / b
        flag = pct > l ? "REGRESSION" : (pct < -l ? "faster: update the baseline" : "ok")
        printf "%-22s %9.1f %9.1f %+7.2f%%  %s\n", n, b, c, pct, flag
    }')
    echo "$verdict"
    case "$verdict" in *REGRESSION*) status=1 ;; esac
done < "$results"
if grep -q '^# rustc' "$baseline" && ! grep -qF "# $rustc_version" "$baseline"; then
    echo "note: the baseline was measured with $(sed -n 's/^# \(rustc[^;]*\);.*/\1/p' "$baseline"); a compiler change alone can move the counts"
fi
[ "$status" = 0 ] || echo "instruction counts regressed by more than $limit_pct% (see above)"
exit "$status"
