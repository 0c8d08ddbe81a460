//! Saves: the session is written to flash after every action that changes it, so a power
//! cut loses nothing.
//!
//! [`FlashRing`] is a wear-aware log over any `embedded-storage` [`NorFlash`]: records go
//! into 512-byte slots one after another around a ring of erase sectors; each record
//! carries a sequence number and a CRC-32, and its payload is the session's own save,
//! [`Session::to_bytes`] — the one save format every front-end writes. Loading takes the
//! valid record with the highest sequence number. A sector is erased only when the ring
//! reaches it again, and never the sector holding the newest record (the ring has at
//! least two sectors), so a power cut during an erase or a write leaves the previous save
//! intact: a torn record fails its CRC and is skipped. Erases are spread evenly over the
//! sectors: with 4 sectors of 4 KiB, each sector is erased once every 32 saves.
//!
//! Records of the firmware before sessions (`SCP1`: its options and a [`Match`]
//! snapshot) still load once: they become a session through [`Session::resume`], which is
//! written back at once in the session format.

use core::fmt;

use embedded_storage::nor_flash::{NorFlash, NorFlashError, NorFlashErrorKind, ReadNorFlash};
use scopa_core::ai::Level;
use scopa_core::scopa::{Match, Rules, SNAPSHOT_LEN, SnapshotError};
use scopa_core::session::{SAVE_LEN, SaveError, Session, SessionError, Settings};
use scopa_core::snapshot::crc32;

/// Somewhere to keep the session between power cycles.
pub trait Storage {
    /// The underlying device error.
    type Error: fmt::Debug;
    /// The newest valid save, `Ok(None)` when there is none.
    fn load(&mut self) -> Result<Option<Session>, StorageError<Self::Error>>;
    /// Saves `session` durably before returning.
    fn save(&mut self, session: &Session) -> Result<(), StorageError<Self::Error>>;
}

/// Why a save could not be loaded or written.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum StorageError<E> {
    /// The flash driver failed (at `offset`).
    Flash {
        /// The driver's error.
        error: E,
        /// Byte offset of the failed operation.
        offset: u32,
    },
    /// The region does not fit the flash or its sector/write sizes do not fit the slots.
    Geometry(&'static str),
    /// The newest record passed its CRC but the session in it is refused.
    Session(SaveError),
    /// The newest record is an old-format save whose match does not decode.
    LegacyMatch(SnapshotError),
    /// The newest record is an old-format save whose options are invalid or do not fit
    /// its match.
    LegacySettings,
}

impl<E: fmt::Debug> fmt::Display for StorageError<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StorageError::Flash { error, offset } => {
                write!(f, "flash error {error:?} at offset {offset:#x}")
            }
            StorageError::Geometry(why) => write!(f, "bad save region: {why}"),
            StorageError::Session(e) => write!(f, "saved session refused: {e}"),
            StorageError::LegacyMatch(e) => write!(f, "old saved match unreadable: {e}"),
            StorageError::LegacySettings => f.write_str("old saved options are invalid"),
        }
    }
}

/// No storage: nothing is kept (for tests and the QEMU session).
#[derive(Copy, Clone, Debug, Default)]
pub struct NoStorage;

impl Storage for NoStorage {
    type Error = core::convert::Infallible;
    fn load(&mut self) -> Result<Option<Session>, StorageError<Self::Error>> {
        Ok(None)
    }
    fn save(&mut self, _: &Session) -> Result<(), StorageError<Self::Error>> {
        Ok(())
    }
}

/// Bytes per slot (a record is at most [`RECORD_LEN`] bytes, padded).
pub const SLOT: u32 = 512;
/// Magic of a record holding a session ([`Session::to_bytes`]).
const MAGIC: [u8; 4] = *b"SCP2";
/// Magic of a record of the firmware before sessions: its options, then a match.
const LEGACY_MAGIC: [u8; 4] = *b"SCP1";
/// Options of a legacy record: the AI level's index in [`Level::ALL`], the rules.
const LEGACY_OPTIONS: usize = 9;
const LEGACY_PAYLOAD: usize = LEGACY_OPTIONS + SNAPSHOT_LEN;
const HEADER: usize = 10;
/// Bytes of one record: magic, sequence, length, the session, CRC-32.
pub const RECORD_LEN: usize = HEADER + SAVE_LEN + 4;
// A record fits its slot (a legacy record is shorter).
const _: () = assert!(RECORD_LEN <= SLOT as usize);

/// The payload length of a record with `magic`, if it is a record.
fn payload_len(magic: &[u8]) -> Option<usize> {
    match magic {
        m if m == MAGIC => Some(SAVE_LEN),
        m if m == LEGACY_MAGIC => Some(LEGACY_PAYLOAD),
        _ => None,
    }
}

/// A legacy record's payload as a session: the person at seat 0 against the AI at the
/// saved level, English; the secret of the AI decisions to come is the match's hidden
/// PRNG state (bytes 22 … 29 of the snapshot), never shown to a player.
fn migrate(payload: &[u8]) -> Result<Session, StorageError<core::convert::Infallible>> {
    let (options, snapshot) = payload.split_at(LEGACY_OPTIONS);
    let level = *Level::ALL
        .get(usize::from(options[0]))
        .ok_or(StorageError::LegacySettings)?;
    let mut r = [0u8; 8];
    r.copy_from_slice(&options[1..]);
    let rules = Rules::from_bytes(r).ok_or(StorageError::LegacySettings)?;
    let game = Match::from_bytes(snapshot).map_err(StorageError::LegacyMatch)?;
    let mut secret = [0u8; 8];
    secret.copy_from_slice(&snapshot[22..30]);
    Session::resume(
        Settings::against(level, rules),
        u64::from_le_bytes(secret),
        game,
    )
    .map_err(|_: SessionError| StorageError::LegacySettings)
}

/// Retypes an error that cannot carry a flash error.
fn widen<E>(e: StorageError<core::convert::Infallible>) -> StorageError<E> {
    match e {
        StorageError::Flash { error, .. } => match error {},
        StorageError::Geometry(why) => StorageError::Geometry(why),
        StorageError::Session(e) => StorageError::Session(e),
        StorageError::LegacyMatch(e) => StorageError::LegacyMatch(e),
        StorageError::LegacySettings => StorageError::LegacySettings,
    }
}

/// The wear-aware ring of save records over `sectors` erase sectors of `flash`, starting
/// at byte offset `base` (see the module documentation).
#[derive(Debug)]
pub struct FlashRing<F> {
    flash: F,
    base: u32,
    sectors: u32,
    /// The slot of the newest valid record and its sequence number, once known.
    newest: Option<(u32, u32)>,
    scanned: bool,
}

impl<F: NorFlash> FlashRing<F> {
    /// A ring over `sectors` sectors from `base`. Checks the geometry: at least 2 sectors,
    /// `base` sector-aligned, inside the flash, and slots that fit the write and erase
    /// sizes.
    pub fn new(flash: F, base: u32, sectors: u32) -> Result<Self, StorageError<F::Error>> {
        let erase = F::ERASE_SIZE as u32;
        if sectors < 2 {
            return Err(StorageError::Geometry("the ring needs at least 2 sectors"));
        }
        if erase == 0 || !erase.is_multiple_of(SLOT) {
            return Err(StorageError::Geometry(
                "the erase size must be a multiple of 512",
            ));
        }
        if F::WRITE_SIZE == 0 || !SLOT.is_multiple_of(F::WRITE_SIZE as u32) || F::WRITE_SIZE > 512 {
            return Err(StorageError::Geometry("the write size must divide 512"));
        }
        if F::READ_SIZE == 0 || !SLOT.is_multiple_of(F::READ_SIZE as u32) || F::READ_SIZE > 512 {
            return Err(StorageError::Geometry("the read size must divide 512"));
        }
        if !base.is_multiple_of(erase) {
            return Err(StorageError::Geometry(
                "the base offset must be sector-aligned",
            ));
        }
        let end = sectors
            .checked_mul(erase)
            .and_then(|len| len.checked_add(base));
        match end {
            Some(end) if end as usize <= flash.capacity() => {}
            _ => {
                return Err(StorageError::Geometry("the ring does not fit in the flash"));
            }
        }
        Ok(FlashRing {
            flash,
            base,
            sectors,
            newest: None,
            scanned: false,
        })
    }

    /// The flash (e.g. to copy it, as after a power cut, in the simulator).
    pub fn flash(&self) -> &F {
        &self.flash
    }

    /// The flash back (e.g. to inspect it in tests).
    pub fn into_inner(self) -> F {
        self.flash
    }

    fn slots(&self) -> u32 {
        self.sectors * (F::ERASE_SIZE as u32 / SLOT)
    }

    fn offset(&self, slot: u32) -> u32 {
        self.base + slot * SLOT
    }

    fn read_slot(
        &mut self,
        slot: u32,
        buf: &mut [u8; SLOT as usize],
    ) -> Result<(), StorageError<F::Error>> {
        let offset = self.offset(slot);
        self.flash
            .read(offset, buf)
            .map_err(|error| StorageError::Flash { error, offset })
    }

    /// The sequence number of a valid record in `buf`.
    fn valid(buf: &[u8; SLOT as usize]) -> Option<u32> {
        let len = payload_len(&buf[..4])?;
        if usize::from(u16::from_le_bytes([buf[8], buf[9]])) != len {
            return None;
        }
        let end = HEADER + len;
        let crc = u32::from_le_bytes([buf[end], buf[end + 1], buf[end + 2], buf[end + 3]]);
        if crc32(&buf[..end]) != crc {
            return None;
        }
        Some(u32::from_le_bytes([buf[4], buf[5], buf[6], buf[7]]))
    }

    /// Finds the newest valid record.
    fn scan(&mut self) -> Result<(), StorageError<F::Error>> {
        let mut buf = [0u8; SLOT as usize];
        let mut newest: Option<(u32, u32)> = None;
        for slot in 0..self.slots() {
            self.read_slot(slot, &mut buf)?;
            if let Some(seq) = Self::valid(&buf) {
                // Sequence numbers only grow; compare with wrap-around in mind.
                let newer = match newest {
                    None => true,
                    Some((_, best)) => seq.wrapping_sub(best) as i32 > 0,
                };
                if newer {
                    newest = Some((slot, seq));
                }
            }
        }
        self.newest = newest;
        self.scanned = true;
        Ok(())
    }

    /// The newest valid record (its slot's bytes), after a fresh scan.
    fn newest_record(&mut self) -> Result<Option<[u8; SLOT as usize]>, StorageError<F::Error>> {
        self.scan()?;
        let Some((slot, _)) = self.newest else {
            return Ok(None);
        };
        let mut buf = [0u8; SLOT as usize];
        self.read_slot(slot, &mut buf)?;
        Ok(Some(buf))
    }

    /// The payload of the newest record if it holds a session: exactly the
    /// [`Session::to_bytes`] the device saved last, to move a match to another front-end.
    /// `None` without a record, or when the newest is in the old format.
    pub fn newest_session_bytes(
        &mut self,
    ) -> Result<Option<[u8; SAVE_LEN]>, StorageError<F::Error>> {
        let Some(buf) = self.newest_record()? else {
            return Ok(None);
        };
        if buf[..4] != MAGIC {
            return Ok(None);
        }
        let mut out = [0u8; SAVE_LEN];
        out.copy_from_slice(&buf[HEADER..HEADER + SAVE_LEN]);
        Ok(Some(out))
    }

    /// Writes a record with `magic` and `payload` in the next slot.
    fn write_record(
        &mut self,
        magic: [u8; 4],
        payload: &[u8],
    ) -> Result<(), StorageError<F::Error>> {
        if !self.scanned {
            self.scan()?;
        }
        let per_sector = F::ERASE_SIZE as u32 / SLOT;
        let slots = self.slots();
        let seq = self.newest.map_or(1, |(_, s)| s.wrapping_add(1));
        let mut slot = self.newest.map_or(0, |(s, _)| (s + 1) % slots);
        let mut buf = [0u8; SLOT as usize];
        // Find a blank slot: erase the sector when the ring enters it; skip a slot that a
        // torn write left dirty. At most one lap.
        let mut tries = 0;
        loop {
            if slot.is_multiple_of(per_sector) {
                let from = self.offset(slot);
                let to = from + F::ERASE_SIZE as u32;
                self.flash
                    .erase(from, to)
                    .map_err(|error| StorageError::Flash {
                        error,
                        offset: from,
                    })?;
                break;
            }
            self.read_slot(slot, &mut buf)?;
            if buf.iter().all(|b| *b == 0xFF) {
                break;
            }
            slot = (slot + 1) % slots;
            tries += 1;
            if tries > slots {
                return Err(StorageError::Geometry("no blank slot found in the ring"));
            }
        }
        buf = [0xFF; SLOT as usize];
        buf[..4].copy_from_slice(&magic);
        buf[4..8].copy_from_slice(&seq.to_le_bytes());
        buf[8..10].copy_from_slice(&(payload.len() as u16).to_le_bytes());
        let end = HEADER + payload.len();
        buf[HEADER..end].copy_from_slice(payload);
        let crc = crc32(&buf[..end]);
        buf[end..end + 4].copy_from_slice(&crc.to_le_bytes());
        let w = F::WRITE_SIZE;
        let len = (end + 4).div_ceil(w) * w;
        let offset = self.offset(slot);
        self.flash
            .write(offset, &buf[..len])
            .map_err(|error| StorageError::Flash { error, offset })?;
        self.newest = Some((slot, seq));
        Ok(())
    }
}

impl<F: NorFlash> Storage for FlashRing<F> {
    type Error = F::Error;

    fn load(&mut self) -> Result<Option<Session>, StorageError<F::Error>> {
        let Some(buf) = self.newest_record()? else {
            return Ok(None);
        };
        if buf[..4] == MAGIC {
            // `restore`: with two or more people, the device is handed over again after a
            // power cut, so no hand shows before its owner is ready.
            return Session::restore(&buf[HEADER..HEADER + SAVE_LEN])
                .map(Some)
                .map_err(StorageError::Session);
        }
        let session = migrate(&buf[HEADER..HEADER + LEGACY_PAYLOAD]).map_err(widen)?;
        // Written back at once in the session format. If that fails the old record stays
        // the newest and migrates again at the next load: nothing is lost.
        let _ = self.save(&session);
        Ok(Some(session))
    }

    fn save(&mut self, session: &Session) -> Result<(), StorageError<F::Error>> {
        self.write_record(MAGIC, &session.to_bytes())
    }
}

/// A NOR flash in RAM with real NOR semantics (writes only clear bits, erases set a
/// whole 4 KiB sector to `0xFF`), that can simulate a power cut after a number of
/// bytes written. For the host simulator and tests.
#[derive(Clone, Debug)]
pub struct RamFlash<const N: usize> {
    /// The contents.
    pub data: [u8; N],
    /// Bytes that may still be written before the simulated power cut (`None`: no cut).
    pub power_cut_after: Option<usize>,
    /// Sector erases done, per sector (wear).
    pub erases: [u32; 16],
}

/// Errors of [`RamFlash`].
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum RamFlashError {
    /// Offset or length not aligned to the read/write/erase size.
    NotAligned,
    /// Outside the flash.
    OutOfBounds,
    /// The simulated power cut happened during this operation.
    PowerCut,
}

impl NorFlashError for RamFlashError {
    fn kind(&self) -> NorFlashErrorKind {
        match self {
            RamFlashError::NotAligned => NorFlashErrorKind::NotAligned,
            RamFlashError::OutOfBounds => NorFlashErrorKind::OutOfBounds,
            RamFlashError::PowerCut => NorFlashErrorKind::Other,
        }
    }
}

impl<const N: usize> Default for RamFlash<N> {
    fn default() -> Self {
        RamFlash {
            data: [0xFF; N],
            power_cut_after: None,
            erases: [0; 16],
        }
    }
}

impl<const N: usize> embedded_storage::nor_flash::ErrorType for RamFlash<N> {
    type Error = RamFlashError;
}

impl<const N: usize> ReadNorFlash for RamFlash<N> {
    const READ_SIZE: usize = 1;
    fn read(&mut self, offset: u32, bytes: &mut [u8]) -> Result<(), RamFlashError> {
        let start = offset as usize;
        let end = start
            .checked_add(bytes.len())
            .ok_or(RamFlashError::OutOfBounds)?;
        let src = self
            .data
            .get(start..end)
            .ok_or(RamFlashError::OutOfBounds)?;
        bytes.copy_from_slice(src);
        Ok(())
    }
    fn capacity(&self) -> usize {
        N
    }
}

impl<const N: usize> NorFlash for RamFlash<N> {
    const WRITE_SIZE: usize = 4;
    const ERASE_SIZE: usize = 4096;

    fn erase(&mut self, from: u32, to: u32) -> Result<(), RamFlashError> {
        let (from, to) = (from as usize, to as usize);
        if from % Self::ERASE_SIZE != 0 || to % Self::ERASE_SIZE != 0 || from > to {
            return Err(RamFlashError::NotAligned);
        }
        if to > N {
            return Err(RamFlashError::OutOfBounds);
        }
        if self.power_cut_after == Some(0) {
            // Cut mid-erase: half the sector is erased.
            self.data[from..from + (to - from) / 2].fill(0xFF);
            return Err(RamFlashError::PowerCut);
        }
        self.data[from..to].fill(0xFF);
        for sector in from / Self::ERASE_SIZE..to / Self::ERASE_SIZE {
            if let Some(e) = self.erases.get_mut(sector) {
                *e += 1;
            }
        }
        Ok(())
    }

    fn write(&mut self, offset: u32, bytes: &[u8]) -> Result<(), RamFlashError> {
        let start = offset as usize;
        if !start.is_multiple_of(Self::WRITE_SIZE) || !bytes.len().is_multiple_of(Self::WRITE_SIZE)
        {
            return Err(RamFlashError::NotAligned);
        }
        let end = start
            .checked_add(bytes.len())
            .ok_or(RamFlashError::OutOfBounds)?;
        if end > N {
            return Err(RamFlashError::OutOfBounds);
        }
        let (n, cut) = match self.power_cut_after {
            Some(left) if left < bytes.len() => (left, true),
            Some(left) => {
                self.power_cut_after = Some(left - bytes.len());
                (bytes.len(), false)
            }
            None => (bytes.len(), false),
        };
        for (dst, src) in self.data[start..start + n].iter_mut().zip(bytes) {
            *dst &= *src; // NOR: programming only clears bits
        }
        if cut {
            self.power_cut_after = Some(0);
            return Err(RamFlashError::PowerCut);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use scopa_core::session::{Action, Phase};

    /// A session of a person against the random AI.
    fn session(seed: u64) -> Session {
        Session::new(Settings::against(Level::Random, Rules::default()), seed).unwrap()
    }

    /// Moves `s` on by one action (the person plays their first card and first capture);
    /// false once the match is over.
    fn advance(s: &mut Session) -> bool {
        let action = match s.phase() {
            Phase::MatchOver { .. } => return false,
            Phase::Play { .. } => Action::Select(s.hand().first().unwrap()),
            Phase::ChooseCapture { .. } => Action::Capture(0),
            Phase::AiDue { .. } => Action::RunAi,
            _ => Action::Continue,
        };
        s.apply(action).unwrap();
        true
    }

    /// Writes a record of the firmware before sessions: AI level index, rules, match.
    fn write_legacy<F: NorFlash>(ring: &mut FlashRing<F>, level: u8, game: &Match) {
        let mut payload = [0u8; LEGACY_PAYLOAD];
        payload[0] = level;
        payload[1..LEGACY_OPTIONS].copy_from_slice(&game.rules().to_bytes());
        payload[LEGACY_OPTIONS..].copy_from_slice(&game.to_bytes());
        ring.write_record(LEGACY_MAGIC, &payload).unwrap();
    }

    #[test]
    fn every_action_is_saved_and_loaded_back_across_many_laps() {
        let mut ring = FlashRing::new(RamFlash::<16384>::default(), 0, 4).unwrap();
        assert_eq!(ring.load(), Ok(None));
        let mut s = session(11);
        let mut saves = 0;
        while advance(&mut s) {
            ring.save(&s).unwrap();
            saves += 1;
            // A fresh ring on the same flash (a reboot) finds the same session, and its
            // newest payload is the session's own save.
            let flash = ring.into_inner();
            ring = FlashRing::new(flash, 0, 4).unwrap();
            assert_eq!(ring.load().unwrap().as_ref(), Some(&s));
            assert_eq!(ring.newest_session_bytes().unwrap(), Some(s.to_bytes()));
        }
        assert!(
            saves > 64,
            "{saves} saves: want several laps of the 32 slots"
        );
        // Wear is spread: every sector was erased, and evenly (within one).
        let flash = ring.into_inner();
        let e = &flash.erases[..4];
        assert!(e.iter().all(|n| *n > 0), "{e:?}");
        assert!(
            e.iter().max().unwrap() - e.iter().min().unwrap() <= 1,
            "{e:?}"
        );
    }

    #[test]
    fn a_power_cut_at_any_byte_of_a_save_keeps_the_previous_session() {
        // Cut the power after k bytes of the next save, for every k through one record
        // and through an erase; the reboot must find the previous or the new session.
        let mut s = session(5);
        let mut base = FlashRing::new(RamFlash::<8192>::default(), 0, 2).unwrap();
        // Fill up to the end of sector 0 so the next save erases sector 1 first.
        for _ in 0..8 {
            advance(&mut s);
            base.save(&s).unwrap();
        }
        let before = s.clone();
        advance(&mut s);
        let flash = base.into_inner();
        for cut in 0..RECORD_LEN + 8 {
            let mut f = flash.clone();
            f.power_cut_after = Some(cut);
            let mut ring = FlashRing::new(f, 0, 2).unwrap();
            let result = ring.save(&s);
            let mut f = ring.into_inner();
            f.power_cut_after = None;
            let mut ring = FlashRing::new(f, 0, 2).unwrap();
            let loaded = ring.load().unwrap().unwrap();
            if result.is_ok() || cut >= RECORD_LEN {
                // The record's bytes were all written (the padding may not have been).
                assert_eq!(loaded, s, "cut {cut}");
            } else {
                assert_eq!(loaded, before, "cut {cut}");
                // And the next save after the reboot works and is found.
                ring.save(&s).unwrap();
                assert_eq!(ring.load().unwrap().unwrap(), s, "cut {cut}");
            }
        }
    }

    #[test]
    fn a_dirty_slot_is_skipped() {
        let mut ring = FlashRing::new(RamFlash::<8192>::default(), 0, 2).unwrap();
        let mut s = session(9);
        ring.save(&s).unwrap();
        // A torn write left garbage in slot 1, then the power came back.
        let mut f = ring.into_inner();
        f.data[512..520].fill(0);
        let mut ring = FlashRing::new(f, 0, 2).unwrap();
        assert_eq!(ring.load().unwrap().unwrap(), s);
        advance(&mut s);
        ring.save(&s).unwrap();
        assert_eq!(ring.load().unwrap().unwrap(), s);
        let f = ring.into_inner();
        assert_eq!(&f.data[1024..1028], b"SCP2");
    }

    /// Issue 26, defect 3: after a power cut, a pass-and-play match comes back with the
    /// hand-off, never with the last holder's hand on the screen.
    #[test]
    fn pass_and_play_comes_back_with_the_hand_off() {
        let mut s = Session::new(Settings::pass_and_play(Rules::default()), 4).unwrap();
        while !matches!(s.phase(), Phase::Play { .. }) {
            advance(&mut s);
        }
        let seat = s.game_match().turn();
        let mut ring = FlashRing::new(RamFlash::<8192>::default(), 0, 2).unwrap();
        ring.save(&s).unwrap();
        let mut ring = FlashRing::new(ring.into_inner(), 0, 2).unwrap();
        let mut back = ring.load().unwrap().unwrap();
        assert_eq!(back.phase(), Phase::HandOff { seat });
        assert!(back.hand().is_empty());
        back.apply(Action::Continue).unwrap();
        assert_eq!(back, s);
    }

    #[test]
    fn an_old_save_migrates_once_and_its_match_goes_on() {
        let mut game = Match::new(Rules::default(), 77).unwrap();
        for _ in 0..5 {
            let mv = game.legal_moves()[0];
            game.play(game.turn(), mv).unwrap();
        }
        let mut ring = FlashRing::new(RamFlash::<16384>::default(), 0, 4).unwrap();
        write_legacy(&mut ring, 3, &game); // Level::ALL[3]: expert
        let mut ring = FlashRing::new(ring.into_inner(), 0, 4).unwrap();
        let s = ring.load().unwrap().unwrap();
        assert_eq!(
            s.settings(),
            &Settings::against(Level::Expert, Rules::default())
        );
        assert_eq!(s.game_match().hand_number(), game.hand_number());
        assert_eq!(s.game_match().plays(), game.hand().plays());
        assert_eq!(s.game_match().table_cards(), game.hand().table().into());
        // Written back in the session format: the next boot reads that record.
        let bytes = ring.newest_session_bytes().unwrap().unwrap();
        assert_eq!(Session::from_bytes(&bytes).unwrap(), s);
        let mut ring = FlashRing::new(ring.into_inner(), 0, 4).unwrap();
        assert_eq!(ring.load().unwrap().unwrap(), s);
        // The migrated session plays to its end.
        let mut s = s;
        while advance(&mut s) {}
    }

    #[test]
    fn a_bad_old_save_or_session_is_reported_not_loaded() {
        let game = Match::new(Rules::default(), 1).unwrap();
        let mut ring = FlashRing::new(RamFlash::<8192>::default(), 0, 2).unwrap();
        write_legacy(&mut ring, 9, &game);
        assert_eq!(ring.load(), Err(StorageError::LegacySettings));
        // A session record whose bytes pass the ring's CRC but not the session's checks.
        let mut bytes = session(3).to_bytes();
        bytes[4] = 7;
        ring.write_record(MAGIC, &bytes).unwrap();
        assert_eq!(
            ring.load(),
            Err(StorageError::Session(SaveError::UnsupportedVersion {
                version: 7
            }))
        );
    }

    #[test]
    fn bad_geometry_is_refused_with_a_reason() {
        let e = FlashRing::new(RamFlash::<8192>::default(), 0, 1).unwrap_err();
        assert_eq!(
            e,
            StorageError::Geometry("the ring needs at least 2 sectors")
        );
        let e = FlashRing::new(RamFlash::<8192>::default(), 4096, 2).unwrap_err();
        assert_eq!(
            e,
            StorageError::Geometry("the ring does not fit in the flash")
        );
        let e = FlashRing::new(RamFlash::<8192>::default(), 100, 2).unwrap_err();
        assert_eq!(
            e,
            StorageError::Geometry("the base offset must be sector-aligned")
        );
    }
}
