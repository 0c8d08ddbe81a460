//! The RP2040 firmware to a UF2 file for the USB boot loader, on any host (no objcopy):
//! `cargo run -p scopa-sim --bin uf2 -- target/thumbv6m-none-eabi/release/scopa-firmware scopa.uf2`.
//! The input is the firmware's ELF, or a flat image that starts at 0x10000000
//! (`objcopy -O binary`).

use std::process::ExitCode;

use scopa_sim::uf2;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [input, output] = args.as_slice() else {
        eprintln!("usage: uf2 <firmware ELF or flat image> <out.uf2>");
        return ExitCode::from(2);
    };
    let bytes = match std::fs::read(input) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("uf2: cannot read {input}: {e}");
            return ExitCode::FAILURE;
        }
    };
    let (base, image) = if bytes.starts_with(b"\x7fELF") {
        match uf2::flash_image(&bytes) {
            Ok(x) => x,
            Err(e) => {
                eprintln!("uf2: {input}: {e}");
                return ExitCode::FAILURE;
            }
        }
    } else {
        (uf2::RP2040_FLASH, bytes)
    };
    if base != uf2::RP2040_FLASH {
        eprintln!(
            "uf2: {input} loads at {base:#010x}, not at the RP2040's flash (0x10000000): not an RP2040 image"
        );
        return ExitCode::FAILURE;
    }
    if image.len() < 256 {
        eprintln!(
            "uf2: {input} is {} bytes: too short for an RP2040 image (boot2 alone is 256)",
            image.len()
        );
        return ExitCode::FAILURE;
    }
    let out = uf2::pack(&image, base, uf2::RP2040_FAMILY);
    if let Err(e) = std::fs::write(output, &out) {
        eprintln!("uf2: cannot write {output}: {e}");
        return ExitCode::FAILURE;
    }
    println!(
        "{output}: {} blocks for {} bytes at {base:#010x}",
        out.len() / 512,
        image.len()
    );
    ExitCode::SUCCESS
}
