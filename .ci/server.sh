#!/usr/bin/env bash
# CI for scopa-server's fair service under abuse (docs/online.md, "Fair service"): the
# server binary serves a room of two people at a steady pace while two addresses flood
# hints and a third opens connections up to its bound; the room's p99 from an action to
# the other seat's frame must stay within 3x its quiet p99 (or 10 ms above it). Prints both figures. About a
# minute with the build. (The server's other tests run in `cargo test --workspace`.)
set -euo pipefail
cd "$(dirname "$0")/.."
start=$(date +%s)
step() { printf '\n=== server: %s (%ss)\n' "$*" "$(( $(date +%s) - start ))"; }

step "abuse test: cargo test -p scopa-server --test abuse -- --ignored --nocapture"
cargo test -q -p scopa-server --test abuse -- --ignored --nocapture

step "done"
