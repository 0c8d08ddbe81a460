//! Scripted Scopa and Briscola sessions on a Cortex-M0 (ARMv6-M, the RP2040's instruction set)
//! under `qemu-system-arm -machine microbit`, for CI:
//!
//! - the scripts in `qemu/scripts/` (compiled in) are played through the handheld's UI —
//!   `scopa_ui::App` driving `scopa_core::session::Session`, its buttons pressed by
//!   `scopa_ui::script::Driver` — exactly as the host simulator plays them;
//! - every transcript line is logged with defmt over semihosting (decode with
//!   `defmt-print -e ELF`); CI compares them with the host's transcripts of the same
//!   scripts;
//! - each AI decision is timed with SysTick; run QEMU with `-icount shift=0` and one
//!   nanosecond of virtual time is one instruction, so the tick counts convert to
//!   instructions exactly (calibrated on a loop of known length, logged as `calibration`);
//! - the stack high-water mark is measured (cortex-m-rt `paint-stack`);
//! - then Briscola's `handheld` level is timed the same way on whole matches of 2 and of 4
//!   players, played by it at every seat through `scopa_core::briscola` directly
//!   (`BriscolaMatch`, `choose_card`: every seat the level, with no UI in between), with its
//!   own stack high-water (the stack painted again before);
//! - the program exits through semihosting: status 0 when every script played to the end
//!   of its match.
#![no_std]
#![no_main]

use core::cell::Cell;

use core::fmt::Write;
use cortex_m::interrupt::Mutex;
use cortex_m::peripheral::SYST;
use cortex_m::peripheral::syst::SystClkSource;
use cortex_m_rt::{entry, exception};
use cortex_m_semihosting::debug;
use defmt_semihosting as _;
use scopa_core::ai::Level;
use scopa_core::briscola::{BriscolaMatch, BriscolaRules, choose_card};
use scopa_ui::script::{DriveError, Driver, Outcome, Script, ScriptError, Start};
use scopa_ui::{App, NoStorage};

/// The scripts CI plays (the host plays the same files): the handheld AI against itself,
/// whose decisions are measured, then the cross-front-end scripts of `tests/sessions/`
/// (Scopa's, then Briscola's).
const SCRIPTS: [(&str, &str); 8] = [
    ("watch", include_str!("../scripts/watch.script")),
    (
        "vs-handheld",
        include_str!("../../../tests/sessions/vs-handheld.script"),
    ),
    (
        "vs-expert",
        include_str!("../../../tests/sessions/vs-expert.script"),
    ),
    (
        "scopone-two-people",
        include_str!("../../../tests/sessions/scopone-two-people.script"),
    ),
    (
        "three-players-options",
        include_str!("../../../tests/sessions/three-players-options.script"),
    ),
    (
        "four-people",
        include_str!("../../../tests/sessions/four-people.script"),
    ),
    (
        "briscola-vs-expert",
        include_str!("../../../tests/sessions/briscola/briscola-vs-expert.script"),
    ),
    (
        "briscola-teams",
        include_str!("../../../tests/sessions/briscola/briscola-teams.script"),
    ),
];
/// Steps after which a script counts as stuck.
const STEP_LIMIT: u32 = 200_000;

const RELOAD: u32 = 0x00FF_FFFF;
static WRAPS: Mutex<Cell<u32>> = Mutex::new(Cell::new(0));

#[exception]
fn SysTick() {
    cortex_m::interrupt::free(|cs| {
        let w = WRAPS.borrow(cs);
        w.set(w.get() + 1);
    });
}

fn wraps() -> u32 {
    cortex_m::interrupt::free(|cs| WRAPS.borrow(cs).get())
}

/// A SysTick reading: the 24-bit down-counter and the wraps seen so far.
#[derive(Copy, Clone)]
struct Stamp {
    cur: u32,
    wraps: u32,
}

fn stamp() -> Stamp {
    Stamp {
        wraps: wraps(),
        cur: SYST::get_current(),
    }
}

/// Ticks from `start` to now: the 24-bit difference, exact while less than 2^24 ticks
/// passed (at most one wrap: checked, `None` otherwise).
fn since(start: Stamp) -> Option<u64> {
    let end = stamp();
    if end.wraps.wrapping_sub(start.wraps) > 1 {
        return None;
    }
    Some(u64::from(start.cur.wrapping_sub(end.cur) & RELOAD))
}

/// Bytes of stack used so far: the painted region scrubbed by calls.
fn stack_used() -> u32 {
    unsafe extern "C" {
        static _stack_start: u32;
        static _stack_end: u32;
    }
    let top = core::ptr::addr_of!(_stack_start) as u32;
    let mut p = core::ptr::addr_of!(_stack_end) as u32;
    while p < top {
        // SAFETY: every word between _stack_end and _stack_start is RAM of the stack.
        let word = unsafe { core::ptr::read_volatile(p as *const u32) };
        if word != cortex_m_rt::STACK_PAINT_VALUE {
            break;
        }
        p += 4;
    }
    top - p
}

#[entry]
fn main() -> ! {
    let Some(mut cp) = cortex_m::Peripherals::take() else {
        defmt::error!("core peripherals already taken");
        exit(debug::EXIT_FAILURE)
    };
    cp.SYST.set_clock_source(SystClkSource::Core);
    cp.SYST.set_reload(RELOAD);
    cp.SYST.clear_current();
    cp.SYST.enable_interrupt();
    cp.SYST.enable_counter();
    // Wait for the first reload so that readings count down from RELOAD.
    while SYST::get_current() == 0 {}

    // Calibration: cortex_m::asm::delay(n) runs `subs; bne` n + 1 times.
    const LOOPS: u32 = 1_000_000;
    let t0 = stamp();
    cortex_m::asm::delay(LOOPS);
    let cal = since(t0).unwrap_or(0);
    defmt::info!(
        "calibration loop {=u32} instructions ticks {=u64}",
        2 * (LOOPS + 1),
        cal
    );

    let mut ok = true;
    for (index, (name, text)) in SCRIPTS.into_iter().enumerate() {
        let (moves, total, max) = match play(text) {
            Ok(measured) => measured,
            Err(e) => {
                defmt::error!("{=str}: {}", name, e);
                ok = false;
                continue;
            }
        };
        defmt::info!(
            "measure script {=usize} ai moves {=u32} ticks total {=u64} max {=u64}",
            index,
            moves,
            total,
            max
        );
    }
    defmt::info!("measure stack {=u32} bytes", stack_used());

    // Briscola's handheld level, with its own stack high-water.
    repaint_stack();
    for players in [2u8, 4] {
        match briscola(players) {
            Ok((moves, total, max)) => defmt::info!(
                "measure briscola players {=u8} ai moves {=u32} ticks total {=u64} max {=u64}",
                players,
                moves,
                total,
                max
            ),
            Err(e) => {
                defmt::error!("briscola, {=u8} players: {}", players, e);
                ok = false;
            }
        }
    }
    defmt::info!("measure briscola stack {=u32} bytes", stack_used());
    exit(if ok {
        debug::EXIT_SUCCESS
    } else {
        debug::EXIT_FAILURE
    })
}

/// Paints the stack again below the current frame (less a margin for the calls below
/// this one), so that [`stack_used`] then gives the high-water from here on.
#[inline(never)]
fn repaint_stack() {
    unsafe extern "C" {
        static _stack_end: u32;
    }
    let sp = cortex_m::register::msp::read();
    let mut p = core::ptr::addr_of!(_stack_end) as u32;
    while p + 256 < sp {
        // SAFETY: every word from _stack_end to 256 bytes below the stack pointer is stack
        // RAM that no live frame uses (this function calls nothing).
        unsafe { core::ptr::write_volatile(p as *mut u32, cortex_m_rt::STACK_PAINT_VALUE) };
        p += 4;
    }
}

/// Decisions after which a Briscola match counts as stuck (a match of 2 hands to win is
/// about 120 plays with 2 players, 3 hands of 40).
const BRISCOLA_DECISIONS: u32 = 2_000;
/// The matches' seed (the same matches on every run).
const BRISCOLA_SEED: u64 = 2024;

/// Why a Briscola match did not play to its end.
#[derive(defmt::Format)]
enum BriscolaFailure {
    /// The level chose no card, or a card the match refused.
    NoCard,
    /// A decision took more than 2^24 SysTick ticks: not measured.
    Unmeasured,
    /// It did not end within the decision limit.
    Stuck,
}

/// A whole Briscola match of `players` with the `handheld` level at every seat, each
/// decision timed; returns the decisions, their total SysTick ticks and the longest. Not
/// inlined: its frame stays out of `main`'s, under which the scripts' stack is measured.
#[inline(never)]
fn briscola(players: u8) -> Result<(u32, u64, u64), BriscolaFailure> {
    let rules = BriscolaRules {
        players,
        ..BriscolaRules::default()
    };
    let mut game = BriscolaMatch::new(rules, BRISCOLA_SEED).map_err(|_| BriscolaFailure::NoCard)?;
    let (mut moves, mut total, mut max) = (0u32, 0u64, 0u64);
    while game.winner().is_none() {
        if moves == BRISCOLA_DECISIONS {
            return Err(BriscolaFailure::Stuck);
        }
        let seat = game.turn();
        let view = game.view(seat).ok_or(BriscolaFailure::NoCard)?;
        let t = stamp();
        let card = choose_card(Level::Handheld, &view, BRISCOLA_SEED + u64::from(moves));
        let spent = since(t).ok_or(BriscolaFailure::Unmeasured)?;
        moves += 1;
        total += spent;
        max = max.max(spent);
        let card = card.ok_or(BriscolaFailure::NoCard)?;
        game.play(seat, card).map_err(|_| BriscolaFailure::NoCard)?;
    }
    Ok((moves, total, max))
}

/// Why a script did not play to its end.
#[derive(defmt::Format)]
enum Failure {
    Script(ScriptError),
    Drive(DriveError),
    /// It stopped before the end of its match.
    Stopped(Outcome),
    /// A step took more than 2^24 SysTick ticks: not measured.
    Unmeasured,
    /// It did not end within the step limit.
    Stuck,
}

/// Plays one script, logging its transcript; returns the AI decisions made, their total
/// SysTick ticks and the longest.
fn play(text: &str) -> Result<(u32, u64, u64), Failure> {
    let script = Script::parse(text).map_err(Failure::Script)?;
    let mut driver = Driver::new(App::new(NoStorage), script, Start::New);
    let mut emit = |line: &dyn core::fmt::Display| {
        let mut s = heapless::String::<512>::new();
        if write!(s, "{line}").is_err() {
            defmt::error!("a transcript line is longer than 512 bytes");
        }
        defmt::info!("{=str}", s.as_str());
    };
    let (mut moves, mut total, mut max) = (0u32, 0u64, 0u64);
    for _ in 0..STEP_LIMIT {
        let thinking = driver.thinking();
        let t = stamp();
        let step = driver.step(&mut emit);
        let spent = since(t).ok_or(Failure::Unmeasured)?;
        if thinking {
            moves += 1;
            total += spent;
            max = max.max(spent);
        }
        match step.map_err(Failure::Drive)? {
            None => {}
            Some(Outcome::MatchOver) => return Ok((moves, total, max)),
            Some(outcome) => return Err(Failure::Stopped(outcome)),
        }
    }
    Err(Failure::Stuck)
}

/// Ends the QEMU run with `status` (semihosting SYS_EXIT).
fn exit(status: debug::ExitStatus) -> ! {
    debug::exit(status);
    loop {
        cortex_m::asm::wfi(); // not reached: QEMU has exited
    }
}

#[panic_handler]
fn panic(info: &core::panic::PanicInfo) -> ! {
    defmt::error!("panic: {}", defmt::Display2Format(info));
    exit(debug::EXIT_FAILURE)
}

#[exception]
unsafe fn HardFault(frame: &cortex_m_rt::ExceptionFrame) -> ! {
    defmt::error!("hard fault at pc {=u32:#x} (stack overflow?)", frame.pc());
    exit(debug::EXIT_FAILURE)
}
