//! UF2 files for the RP2040's USB boot loader (hold BOOTSEL, plug in, copy the file).

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
}
