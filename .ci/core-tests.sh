#!/usr/bin/env bash
# CI for the scopa-core property suite (package scopa-tests) and the core benchmark.
# Runs from the repository root on a clean machine; idempotent.
set -euo pipefail
cd "$(dirname "$0")/.."

say() { printf '\n=== core-tests: %s\n' "$*"; }

say "toolchain components (rustfmt, clippy)"
rustup component add rustfmt clippy >/dev/null

say "rustfmt --check on the suite and the benchmark"
files=(tests/src/*.rs tests/tests/props.rs tests/tests/capacity.rs tests/tests/worked_examples.rs
       tests/tests/zero_heap.rs scopa-core/benches/core.rs)
rustfmt --edition 2024 --check "${files[@]}"

say "clippy -D warnings: scopa-tests (all targets) and the scopa-core benchmark"
cargo clippy -p scopa-tests --all-targets -- -D warnings
cargo clippy -p scopa-core --bench core -- -D warnings

say "cargo test -p scopa-tests (properties, oracle, capacity, RULES.md §7, zero heap)"
cargo test -p scopa-tests

say "benchmark smoke run (each benchmark once, prints the type sizes)"
cargo bench -p scopa-core --bench core -- --test

say "done"
