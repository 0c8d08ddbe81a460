//! UF2 files for the RP2040's USB boot loader (hold BOOTSEL, plug in, copy the file),
//! straight from the firmware's ELF (or from a flat image).

use object::LittleEndian;
use object::elf::{FileHeader32, PT_LOAD};
use object::read::elf::{FileHeader, ProgramHeader};

/// The RP2040's UF2 family id.
pub const RP2040_FAMILY: u32 = 0xE48B_FF56;
/// Where the RP2040 maps its flash (XIP).
pub const RP2040_FLASH: u32 = 0x1000_0000;

/// Packs a flat flash image that starts at `base` into UF2 blocks of 256 bytes each.
pub fn pack(image: &[u8], base: u32, family: u32) -> Vec<u8> {
    let blocks = image.len().div_ceil(256);
    let mut out = Vec::with_capacity(blocks * 512);
    for (i, chunk) in image.chunks(256).enumerate() {
        let mut block = [0u8; 512];
        let words: [u32; 8] = [
            0x0A32_4655, // magic start 0
            0x9E5D_5157, // magic start 1
            0x0000_2000, // flags: family id present
            base + 256 * i as u32,
            256,
            i as u32,
            blocks as u32,
            family,
        ];
        for (k, w) in words.iter().enumerate() {
            block[4 * k..4 * k + 4].copy_from_slice(&w.to_le_bytes());
        }
        block[32..32 + chunk.len()].copy_from_slice(chunk);
        block[508..512].copy_from_slice(&0x0AB1_6F30u32.to_le_bytes()); // magic end
        out.extend_from_slice(&block);
    }
    out
}

/// The flash image of a 32-bit little-endian ELF (the thumbv6m firmware): every loadable
/// segment's file bytes at its load (physical) address, gaps filled with zeros — what
/// `objcopy -O binary` writes — and the address the image starts at.
pub fn flash_image(elf: &[u8]) -> Result<(u32, Vec<u8>), String> {
    let header = FileHeader32::<LittleEndian>::parse(elf)
        .map_err(|e| format!("not a 32-bit little-endian ELF: {e}"))?;
    let endian = header
        .endian()
        .map_err(|e| format!("not a 32-bit little-endian ELF: {e}"))?;
    let headers = header
        .program_headers(endian, elf)
        .map_err(|e| format!("unreadable program headers: {e}"))?;
    let mut segments = Vec::new();
    for ph in headers {
        if ph.p_type(endian) != PT_LOAD || ph.p_filesz(endian) == 0 {
            continue;
        }
        let bytes = ph
            .data(endian, elf)
            .map_err(|()| "a segment lies outside the file".to_string())?;
        segments.push((ph.p_paddr(endian), bytes));
    }
    let base = segments
        .iter()
        .map(|(at, _)| *at)
        .min()
        .ok_or("the ELF has nothing to load")?;
    let end = segments
        .iter()
        .map(|(at, b)| u64::from(*at) + b.len() as u64)
        .max()
        .unwrap_or(u64::from(base));
    let len = usize::try_from(end - u64::from(base))
        .ok()
        .filter(|len| *len <= 16 << 20)
        .ok_or("the loadable segments span more than 16 MiB")?;
    let mut image = vec![0u8; len];
    for (at, bytes) in segments {
        let from = (at - base) as usize;
        image[from..from + bytes.len()].copy_from_slice(bytes);
    }
    Ok((base, image))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_carry_addresses_counts_and_padding() {
        let image: Vec<u8> = (0..600u32).map(|i| i as u8).collect();
        let uf2 = pack(&image, RP2040_FLASH, RP2040_FAMILY);
        assert_eq!(uf2.len(), 3 * 512);
        let word = |b: usize, k: usize| {
            u32::from_le_bytes(
                uf2[b * 512 + 4 * k..b * 512 + 4 * k + 4]
                    .try_into()
                    .unwrap(),
            )
        };
        assert_eq!(word(0, 0), 0x0A32_4655);
        assert_eq!(word(2, 3), 0x1000_0200);
        assert_eq!(word(2, 5), 2);
        assert_eq!(word(1, 6), 3);
        assert_eq!(word(0, 7), RP2040_FAMILY);
        assert_eq!(uf2[512 + 32], 0); // byte 256 of the image
        assert_eq!(uf2[2 * 512 + 32 + 87], 87); // byte 599 (= 599 mod 256)
        assert_eq!(uf2[2 * 512 + 32 + 88], 0); // padding of the last block
        assert_eq!(&uf2[1020..1024], &0x0AB1_6F30u32.to_le_bytes());
    }

    /// A 32-bit little-endian ELF with `segments` of (type, vaddr, paddr, bytes).
    fn elf(segments: &[(u32, u32, u32, &[u8])]) -> Vec<u8> {
        let mut out = vec![0u8; 52];
        out[..4].copy_from_slice(b"\x7fELF");
        out[4] = 1; // 32-bit
        out[5] = 1; // little-endian
        out[6] = 1; // version
        let put16 =
            |b: &mut [u8], at: usize, v: u16| b[at..at + 2].copy_from_slice(&v.to_le_bytes());
        let put32 =
            |b: &mut [u8], at: usize, v: u32| b[at..at + 4].copy_from_slice(&v.to_le_bytes());
        put16(&mut out, 16, 2); // executable
        put16(&mut out, 18, 40); // ARM
        put32(&mut out, 20, 1);
        put32(&mut out, 28, 52); // program headers right after the header
        put16(&mut out, 40, 52);
        put16(&mut out, 42, 32);
        put16(&mut out, 44, segments.len() as u16);
        let mut data_at = 52 + 32 * segments.len();
        let mut data = Vec::new();
        for (kind, vaddr, paddr, bytes) in segments {
            let mut ph = [0u8; 32];
            put32(&mut ph, 0, *kind);
            put32(&mut ph, 4, data_at as u32);
            put32(&mut ph, 8, *vaddr);
            put32(&mut ph, 12, *paddr);
            put32(&mut ph, 16, bytes.len() as u32);
            put32(&mut ph, 20, bytes.len() as u32 + 8);
            out.extend_from_slice(&ph);
            data.extend_from_slice(bytes);
            data_at += bytes.len();
        }
        out.extend_from_slice(&data);
        out
    }

    #[test]
    fn the_flash_image_of_an_elf_has_each_segment_at_its_load_address() {
        let boot = [1u8; 4];
        let text = [2u8; 3];
        let data = [3u8; 2]; // runs in RAM, loaded from flash after the text
        let file = elf(&[
            (PT_LOAD, 0x1000_0000, 0x1000_0000, &boot),
            (PT_LOAD, 0x1000_0008, 0x1000_0008, &text),
            (6, 0x1000_0000, 0x1000_0000, &[9; 4]), // not loadable
            (PT_LOAD, 0x2000_0000, 0x1000_000B, &data),
        ]);
        let (base, image) = flash_image(&file).unwrap();
        assert_eq!(base, RP2040_FLASH);
        assert_eq!(image, [1, 1, 1, 1, 0, 0, 0, 0, 2, 2, 2, 3, 3]);
        assert!(flash_image(b"\x7fELF").is_err());
        assert!(flash_image(&elf(&[])).is_err(), "nothing to load");
    }
}
