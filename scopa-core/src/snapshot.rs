//! What the snapshot formats of every game share: the checksum that ends each of them
//! (Scopa's `SCPA` and `SCP2`, Briscola's `BRSC` and `BRS2`, the session's save).

/// CRC-32 (IEEE 802.3, reflected, as in zip and PNG).
pub fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = !0u32;
    for &b in bytes {
        crc ^= u32::from(b);
        for _ in 0..8 {
            let mask = 0u32.wrapping_sub(crc & 1);
            crc = (crc >> 1) ^ (0xEDB8_8320 & mask);
        }
    }
    !crc
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn crc_reference_value() {
        assert_eq!(crc32(b"123456789"), 0xCBF4_3926);
    }
}
