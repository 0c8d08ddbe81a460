#!/usr/bin/env bash
# CI for the AI players: scopa-core/src/ai, tests/tests/ai.rs, scopa-core/examples/ai_duel.rs.
# Runs from the repository root on a clean machine; idempotent; prints each step.
set -euo pipefail
cd "$(dirname "$0")/.."
step() { printf '\n=== ai: %s\n' "$*"; }

step "toolchain pieces"
rustup target add thumbv6m-none-eabi >/dev/null
rustup component add clippy >/dev/null

step "unit tests of scopa_core::ai"
cargo test -p scopa-core --lib ai::

step "property tests (legal, deterministic, fair, budgets, no allocation, exact endgame, expert beats random)"
cargo test -p scopa-tests --test ai

step "clippy on the AI code and its harness"
cargo clippy -p scopa-core --all-targets -- -D warnings

step "the AI builds for thumbv6m-none-eabi (no_std, no alloc)"
cargo build -p scopa-core --target thumbv6m-none-eabi --release

step "ai_duel smoke run: expert vs random, 20 paired deals (prints margin with 95% CI)"
cargo run --release -p scopa-core --example ai_duel -- --a expert --b random --deals 20 --seed 1
