#!/usr/bin/env bash
# The Python package (scopa-py): builds the abi3 wheel with maturin, installs it into a
# FRESH venv with open_spiel, pettingzoo, gymnasium and numpy, and runs its tests there:
# pyspiel.random_sim_test (with serialization) on every game and table size, PettingZoo's
# api_test and seed_test, the hidden-card permutation test, the engine bots.
set -euo pipefail
cd "$(dirname "$0")/.."

CACHE=/var/cache/scopa/python
export PIP_CACHE_DIR="$CACHE/pip"
export PIP_DISABLE_PIP_VERSION_CHECK=1
mkdir -p "$PIP_CACHE_DIR"
T0=$SECONDS
step() { echo "== python: $* (at $((SECONDS - T0)) s)"; }

step "python3 with venv"
if ! python3 -c 'import venv, ensurepip' 2>/dev/null; then
    apt-get update -qq && apt-get install -y -qq python3-venv
fi

step "maturin (build venv $CACHE/build)"
if [ ! -x "$CACHE/build/bin/maturin" ]; then
    python3 -m venv "$CACHE/build"
    "$CACHE/build/bin/pip" install -q 'maturin>=1.5,<2'
fi

step "wheel (maturin build --release)"
OUT=$(mktemp -d)
VENV_DIR=$(mktemp -d)
TESTS=$(mktemp -d)
trap 'rm -rf "$OUT" "$VENV_DIR" "$TESTS"' EXIT
(cd scopa-py && "$CACHE/build/bin/maturin" build --release --quiet -o "$OUT")
WHEEL=$(ls "$OUT"/scopa_py-*.whl)
echo "built $WHEEL"

step "fresh venv with the wheel, open_spiel, pettingzoo, gymnasium, numpy, pytest"
VENV=$VENV_DIR/venv
python3 -m venv "$VENV"
"$VENV/bin/pip" install -q "$WHEEL" "open_spiel==2.0.*" pettingzoo gymnasium numpy pytest

step "tests (from the installed wheel, not the source tree)"
cp scopa-py/tests/*.py "$TESTS/"
(cd "$TESTS" && "$VENV/bin/python" -m pytest -q -p no:cacheprovider .)

step "examples, smoke-sized (speed, strength, training)"
cp scopa-py/examples/*.py "$TESTS/"
(cd "$TESTS" && "$VENV/bin/python" speed.py 0.2 \
    && "$VENV/bin/python" strength.py --deals 1 --budgets 5 10 --out smoke.jsonl \
    && "$VENV/bin/python" strength.py --table smoke.jsonl \
    && "$VENV/bin/python" train_briscola.py --minutes 0.05 --block 100 --out curve.csv)

step "done"
