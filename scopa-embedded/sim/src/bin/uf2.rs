//! Flat RP2040 flash image (`llvm-objcopy -O binary firmware.elf firmware.bin`) to UF2:
//! `cargo run -p scopa-sim --bin uf2 -- firmware.bin firmware.uf2`

use std::process::ExitCode;

use scopa_sim::uf2;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [input, output] = args.as_slice() else {
        eprintln!("usage: uf2 <image.bin> <out.uf2>  (the image starts at 0x10000000)");
        return ExitCode::from(2);
    };
    let image = match std::fs::read(input) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("uf2: cannot read {input}: {e}");
            return ExitCode::FAILURE;
        }
    };
    if image.len() < 256 {
        eprintln!(
            "uf2: {input} is {} bytes: too short for an RP2040 image (boot2 alone is 256)",
            image.len()
        );
        return ExitCode::FAILURE;
    }
    let out = uf2::pack(&image, uf2::RP2040_FLASH, uf2::RP2040_FAMILY);
    if let Err(e) = std::fs::write(output, &out) {
        eprintln!("uf2: cannot write {output}: {e}");
        return ExitCode::FAILURE;
    }
    println!(
        "{output}: {} blocks for {} bytes at 0x10000000",
        out.len() / 512,
        image.len()
    );
    ExitCode::SUCCESS
}
