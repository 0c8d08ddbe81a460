//! A whole AI-vs-AI Scopa match on a Cortex-M0 (ARMv6-M, the RP2040's instruction set)
//! under `qemu-system-arm -machine microbit`, for CI:
//!
//! - every event is logged with defmt over semihosting (decode with `defmt-print -e ELF`);
//!   the lines are the same as the host's `transcript` binary prints for the same seed;
//! - each AI move is timed with SysTick; run QEMU with `-icount shift=0` and one
//!   nanosecond of virtual time is one instruction, so the tick counts convert to
//!   instructions exactly (calibrated on a loop of known length, logged as `calibration`);
//! - the stack high-water mark is measured (cortex-m-rt `paint-stack`);
//! - the program exits through semihosting: status 0 when the match ended with a winner.
#![no_std]
#![no_main]

use core::cell::Cell;

use cortex_m::interrupt::Mutex;
use cortex_m::peripheral::SYST;
use cortex_m::peripheral::syst::SystClkSource;
use cortex_m_rt::{entry, exception};
use cortex_m_semihosting::debug;
use defmt_semihosting as _;
use scopa_core::Rules;
use scopa_core::ai::Level;
use scopa_ui::transcript::AutoMatch;

/// The match CI plays (the host transcript uses the same values).
const SEED: u64 = 42;
const LEVELS: [Level; 2] = [Level::Handheld, Level::Handheld];

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

    let rules = Rules::default();
    let mut game = match AutoMatch::new(rules, SEED, LEVELS) {
        Ok(g) => g,
        Err(e) => {
            defmt::error!("bad rules: {}", e);
            exit(debug::EXIT_FAILURE)
        }
    };
    for line in game.header() {
        defmt::info!("{}", line);
    }
    let (mut moves, mut total, mut max) = (0u32, 0u64, 0u64);
    loop {
        let t = stamp();
        let choice = game.choose();
        let Some(spent) = since(t) else {
            defmt::error!("an AI move took more than 2^24 SysTick ticks: not measured");
            exit(debug::EXIT_FAILURE)
        };
        let Some(mv) = choice else { break };
        moves += 1;
        total += spent;
        max = max.max(spent);
        if let Err(e) = game.apply(mv, |line| defmt::info!("{}", line)) {
            defmt::error!("the AI chose a refused move: {}", e);
            exit(debug::EXIT_FAILURE);
        }
    }
    let won = game.game().winner().is_some();
    defmt::info!(
        "measure ai moves {=u32} ticks total {=u64} max {=u64} stack {=u32} bytes",
        moves,
        total,
        max,
        stack_used()
    );
    exit(if won {
        debug::EXIT_SUCCESS
    } else {
        debug::EXIT_FAILURE
    })
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
