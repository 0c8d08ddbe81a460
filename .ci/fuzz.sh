#!/usr/bin/env bash
# CI for the fuzz targets (fuzz/): builds them with cargo-fuzz (libFuzzer, no sanitizer, so
# stable Rust needs no -Z flag) and runs each for a bounded time from a corpus of real
# saves and requests. Any crash or hang fails the run (libFuzzer's own -timeout, 10 s per
# input here). Runs from the repository root; installs cargo-fuzz if missing.
# FUZZ_SECONDS (default 30) per target: 4 targets, 2 minutes of fuzzing in all.
set -euo pipefail
cd "$(dirname "$0")/.."
start=$(date +%s)
step() { printf '\n=== fuzz: %s (%ss)\n' "$*" "$(( $(date +%s) - start ))"; }
seconds="${FUZZ_SECONDS:-30}"

step "cargo-fuzz"
if ! command -v cargo-fuzz >/dev/null; then
    echo "installing cargo-fuzz"
    cargo install --locked cargo-fuzz@0.13.2
fi
cargo fuzz --version

step "cargo fmt --check (fuzz crate, outside the root workspace)"
(cd fuzz && cargo fmt --check)

step "seed corpora (real saves of every deal and option, one line per engine command)"
cargo run -q -p scopa-tests --example fuzz_seeds -- fuzz/corpus

step "seed corpus of server_messages (docs/online.md's client examples)"
cargo run -q -p scopa-server --example server_fuzz_seeds -- fuzz/corpus/server_messages

step "cargo fuzz build -s none (match_bytes, session_bytes, engine_lines, server_messages)"
cargo fuzz build -s none

log="$(mktemp)"
trap 'rm -f "$log"' EXIT
for target in match_bytes session_bytes engine_lines server_messages; do
    step "cargo fuzz run $target for ${seconds}s"
    if ! cargo fuzz run -s none "$target" -- -max_total_time="$seconds" -timeout=10 >"$log" 2>&1; then
        tail -n 80 "$log"
        echo "fuzz: $target failed; the input is in fuzz/artifacts/$target/"
        exit 1
    fi
    grep -E '^#[0-9]+[[:space:]]+(INITED|DONE)|^Done [0-9]+ runs' "$log"
done

step "fuzz targets: no crash, no hang"
