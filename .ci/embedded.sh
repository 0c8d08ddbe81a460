#!/usr/bin/env bash
# CI for scopa-embedded (the RP2040 handheld, its own cargo workspace):
#   lint, no module import cycle in the UI crate, unit + golden screenshot + scripted-session
#   tests on the host, the RP2040 images for both boards (with flash/RAM budgets checked)
#   and their UF2 files, and the scripted sessions of qemu/scripts/ played through the UI on
#   a Cortex-M0 under qemu-system-arm -machine microbit, whose defmt transcript must equal
#   the host's; then the instructions per AI decision of Scopa's handheld level (watch.script)
#   and of Briscola's (whole matches of 2 and 4 players, at most 1 s a decision at 125 MHz).
# Runs from the repo root on a clean machine; installs what it needs; idempotent.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
E=scopa-embedded
export CARGO_TARGET_DIR="$root/$E/target" # gitignored, inside the clone
start=$(date +%s)
step() { printf '\n=== embedded: %s (%ss)\n' "$*" "$(( $(date +%s) - start ))"; }
SUDO=""
if [ "$(id -u)" != 0 ] && command -v sudo >/dev/null; then SUDO=sudo; fi

# The scripts the QEMU binary plays (compiled in, in this order: qemu/src/main.rs), paths
# from scopa-embedded/.
SCRIPTS=(qemu/scripts/watch.script
         ../tests/sessions/{vs-handheld,vs-expert,scopone-two-people,three-players-options,four-people}.script
         ../tests/sessions/briscola/{briscola-vs-expert,briscola-teams}.script)
# The stock microbit: 16 KiB of SRAM (see qemu/memory.x). -icount shift=0: one virtual
# nanosecond per instruction, so SysTick counts instructions (62.5 per 16 MHz tick).
# 20 KiB of SRAM (the stock microbit has 16): the session's types for tables of 6 and 8
# (cards as multisets, the move with copies) grew the handheld's table model by 320 bytes,
# past the 16 KiB this proxy had; the RP2040 itself gives the stack the rest of its 264 KiB.
QEMU=(qemu-system-arm -machine microbit -global nrf51-soc.sram-size=20480 -nographic
      -monitor none -serial none -icount shift=0 -semihosting-config enable=on,target=native)

step "setup: thumbv6m target, llvm-tools, qemu-system-arm, flip-link, defmt-print"
rustup target add thumbv6m-none-eabi >/dev/null
rustup component add llvm-tools rustfmt clippy >/dev/null
if ! command -v qemu-system-arm >/dev/null; then
    echo "installing qemu-system-arm"
    $SUDO apt-get update -q
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q qemu-system-arm
fi
for tool in flip-link defmt-print; do
    if ! command -v "$tool" >/dev/null; then
        echo "installing $tool"
        cargo install --locked "$tool"
    fi
done
sysroot=$(rustc --print sysroot)
llvm_bin=$(dirname "$(find "$sysroot/lib/rustlib" -name llvm-size -type f | head -n1)")
qemu-system-arm --version | head -n1
defmt-print --version

step "no import cycle among the UI crate's modules"
python3 .ci/cycles.py "$E/ui/src"

cd "$E"
step "cargo fmt --check (embedded crates)"
cargo fmt -p scopa-ui -p scopa-sim -p scopa-firmware -p scopa-qemu --check

step "clippy -D warnings: host crates, both boards, the QEMU binary"
cargo clippy -p scopa-ui -p scopa-sim --all-targets -- -D warnings
cargo clippy -p scopa-ui --features defmt -- -D warnings
cargo clippy -p scopa-sim --features sdl --all-targets -- -D warnings # the desktop window (checked, not linked)
# (built one by one: the firmware and the QEMU binary pick different critical sections)
cargo clippy --release -p scopa-firmware --target thumbv6m-none-eabi -- -D warnings
cargo clippy --release -p scopa-firmware --target thumbv6m-none-eabi --no-default-features --features picosystem -- -D warnings
cargo clippy --release -p scopa-qemu --target thumbv6m-none-eabi -- -D warnings

step "host tests: UI logic, flash save ring (power cuts, old saves), golden screenshots, scripted sessions"
cargo test -p scopa-ui -p scopa-sim
# scopa-ui alone, as the firmware builds it (without the core's `big-tables` feature, which
# the simulator's tests turn on): its table model fits the handheld.
cargo test -p scopa-ui --lib the_model_is_small_enough_for_the_handheld

step "RP2040 images: both boards, with flash/RAM budgets"
fw="$CARGO_TARGET_DIR/thumbv6m-none-eabi/release/scopa-firmware"
for board in picosystem pico-lcd-1-3; do
    cargo build --release -p scopa-firmware --target thumbv6m-none-eabi --no-default-features --features "$board"
    "$llvm_bin/llvm-size" -A "$fw" | grep -E '^(section|\.vector_table|\.boot2|\.text|\.rodata|\.data|\.bss|\.uninit) '
    # Flash = everything loaded from flash; static RAM = .data + .bss + .uninit, of which
    # the 240x240 RGB565 framebuffer is 115200 bytes.
    read -r flash ram < <("$llvm_bin/llvm-size" -A "$fw" | awk '
        $1==".vector_table"||$1==".boot2"||$1==".text"||$1==".rodata"||$1==".data" {f+=$2}
        $1==".data"||$1==".bss"||$1==".uninit" {r+=$2}
        END {print f, r}')
    fb=115200
    echo "board $board: flash $flash bytes ($(( flash / 1024 )) KiB, goal <= 256 KiB);" \
         "static RAM $ram bytes = framebuffer $fb + $(( ram - fb )) other (goal: other <= 64 KiB)"
    [ "$flash" -le $(( 256 * 1024 )) ] || { echo "flash over budget"; exit 1; }
    [ $(( ram - fb )) -le $(( 64 * 1024 )) ] || { echo "static RAM over budget"; exit 1; }
    # The UF2 straight from the ELF (the one command docs/embedded.md gives), checked
    # against the objcopy route.
    cargo run -q -p scopa-sim --bin uf2 -- "$fw" "$CARGO_TARGET_DIR/scopa-$board.uf2"
    "$llvm_bin/llvm-objcopy" -O binary "$fw" "$CARGO_TARGET_DIR/scopa-$board.bin"
    cargo run -q -p scopa-sim --bin uf2 -- "$CARGO_TARGET_DIR/scopa-$board.bin" "$CARGO_TARGET_DIR/objcopy-$board.uf2" >/dev/null
    cmp "$CARGO_TARGET_DIR/scopa-$board.uf2" "$CARGO_TARGET_DIR/objcopy-$board.uf2"
done

step "QEMU (Cortex-M0, microbit): the scripted sessions through the UI, defmt over semihosting"
cargo build --release -p scopa-qemu --target thumbv6m-none-eabi
elf="$CARGO_TARGET_DIR/thumbv6m-none-eabi/release/scopa-qemu"
out="$CARGO_TARGET_DIR/qemu-run"
mkdir -p "$out"
echo "+ ${QEMU[*]} -kernel $elf | defmt-print -e $elf"
set +e
timeout 600 "${QEMU[@]}" -kernel "$elf" > "$out/defmt.bin"
status=$?
set -e
defmt-print --log-format '{s}' -e "$elf" < "$out/defmt.bin" > "$out/device.log"
echo "QEMU exit status $status; $(wc -l < "$out/device.log") log lines"
if [ "$status" != 0 ]; then
    tail -n 20 "$out/device.log"
    if [ "$status" = 134 ]; then
        echo "QEMU aborted (CPU lockup): most likely a stack overflow past the 20 KiB of RAM"
    fi
    echo "the QEMU run failed (exit status $status)"
    exit 1
fi

step "transcript check: device (QEMU) vs host simulator, ${SCRIPTS[*]}"
grep -v -E '^(calibration|measure) ' "$out/device.log" > "$out/device.txt"
: > "$out/host.txt"
for script in "${SCRIPTS[@]}"; do
    cargo run -q -p scopa-sim --bin transcript -- "$script" >> "$out/host.txt"
done
if ! diff -u "$out/host.txt" "$out/device.txt"; then
    echo "transcripts differ"
    exit 1
fi
echo "identical: $(wc -l < "$out/host.txt") lines ($(grep -c '^play ' "$out/host.txt") plays); $(grep '^winner' "$out/host.txt" | tr '\n' ';')"

step "instructions per AI decision (watch.script: level handheld; SysTick under -icount shift=0)"
grep -E '^(calibration|measure) ' "$out/device.log"
awk '
    /^calibration/ { ci = $3; ct = $6 }
    /^measure script 0 / { moves = $6; total = $9; max = $11 }
    /^measure stack/ { stack = $3 }
    END {
        if (ct == 0 || moves == 0) { print "no measurement in the log"; exit 1 }
        ipt = ci / ct
        printf "instructions per SysTick tick: %.3f (calibration: %d instructions in %d ticks)\n", ipt, ci, ct
        printf "AI decisions: %d; instructions per decision: mean %.0f, max %.0f; stack high-water %d bytes\n", moves, total * ipt / moves, max * ipt, stack
    }' "$out/device.log"

step "Briscola's handheld level: instructions per decision, 2 and 4 players (SysTick under -icount shift=0)"
# Time at the RP2040's 125 MHz, assuming about one instruction a cycle (the Cortex-M0+
# runs most instructions in one cycle; loads, stores and taken branches take two, so
# the real time is up to twice this). Fails above 1 s (125 M instructions) a decision.
awk '
    /^calibration/ { ci = $3; ct = $6 }
    /^measure briscola players / { n++; players[n] = $4; moves[n] = $7; total[n] = $10; max[n] = $12 }
    /^measure briscola stack/ { stack = $4 }
    END {
        if (ct == 0 || n != 2) { print "no Briscola measurement in the log"; exit 1 }
        ipt = ci / ct
        status = 0
        for (i = 1; i <= n; i++) {
            mean = total[i] * ipt / moves[i]; top = max[i] * ipt
            printf "%d players: %d decisions; instructions per decision: mean %.0f, max %.0f; at 125 MHz and 1 instruction a cycle: mean %.3f s, max %.3f s\n", players[i], moves[i], mean, top, mean / 125e6, top / 125e6
            if (top > 125e6) { print "over the 1 s goal"; status = 1 }
        }
        printf "stack high-water of the Briscola matches: %d bytes\n", stack
        exit status
    }' "$out/device.log"

step "done in $(( $(date +%s) - start ))s"
