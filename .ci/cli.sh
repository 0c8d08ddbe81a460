#!/usr/bin/env bash
# CI for the scopa command (scopa-cli): format, clippy, unit and integration tests, and a
# smoke run of every subcommand from a release build.
# Runs from the repository root on a clean machine; idempotent; prints each step.
set -euo pipefail
cd "$(dirname "$0")/.."
step() { printf '\n=== cli: %s\n' "$*"; }

step "toolchain pieces"
rustup component add rustfmt clippy >/dev/null

step "cargo fmt --check (scopa-cli)"
cargo fmt -p scopa-cli --check

step "clippy -D warnings (scopa-cli, all targets)"
cargo clippy -p scopa-cli --no-deps --all-targets -- -D warnings

step "tests: unit, engine protocol, scripted play, save/kill/resume, simulate/bench JSON"
cargo test -p scopa-cli

step "release build"
cargo build --release -p scopa-cli
bin="${CARGO_TARGET_DIR:-target}/release/scopa"

step "smoke: engine hello"
echo '{"cmd":"hello","id":1}' | "$bin" engine

step "smoke: a whole match from piped stdin (always the first legal move)"
out=$(mktemp)
# Feed '1' (the first move of the list) until the match ends.
yes 1 | "$bin" play --seed 1 --level easy --target 5 > "$out" || true
grep -q '^Match over: ' "$out"
tail -n 3 "$out"
rm -f "$out"

step "smoke: simulate easy vs random, 100 paired deals"
"$bin" simulate --a easy --b random --deals 100 --seed 1

step "bench (one thread)"
"$bin" bench --seconds 1
