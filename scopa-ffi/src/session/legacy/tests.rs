//! Old saves keep loading: `SFFI` saves written by the first FFI's match object and the
//! apps' `SCOPAAPP` files around them (fixtures in `scopa-ffi/tests/legacy`, written by that
//! code before it was removed), and every way of damaging them is refused with a reason.

use scopa_core::CardSet;
use scopa_core::ai::Level;
use scopa_core::scopa::{Match, Play, Rules};
use scopa_core::session::{self as core};
use scopa_core::snapshot::crc32;

use super::*;
use crate::session::{Lang, SessionError, SessionSettings, restore_core};
use core::{Action, Phase};

const MID_HAND: &[u8] = include_bytes!("../../../tests/legacy/mid-hand.sffi");
const NEW_HAND: &[u8] = include_bytes!("../../../tests/legacy/new-hand.sffi");
const THREE_PLAYERS: &[u8] = include_bytes!("../../../tests/legacy/three-players.sffi");
const SCOPONE_FRESH: &[u8] = include_bytes!("../../../tests/legacy/scopone-fresh.sffi");
const MID_HAND_APP: &[u8] = include_bytes!("../../../tests/legacy/mid-hand.scopaapp");
const NEW_HAND_SUMMARY_APP: &[u8] =
    include_bytes!("../../../tests/legacy/new-hand-summary.scopaapp");

/// An old save file, the `SFFI` bytes inside it, and its seats and seed.
type Fixture = (&'static [u8], &'static [u8], Vec<Option<Level>>, u64);

/// Every fixture.
fn fixtures() -> [Fixture; 6] {
    let (r, e, m, x, h) = (
        Some(Level::Random),
        Some(Level::Easy),
        Some(Level::Medium),
        Some(Level::Expert),
        Some(Level::Handheld),
    );
    [
        (MID_HAND, MID_HAND, vec![None, m], 77),
        (NEW_HAND, NEW_HAND, vec![None, None], 42),
        (THREE_PLAYERS, THREE_PLAYERS, vec![e, None, h], 5),
        (SCOPONE_FRESH, SCOPONE_FRESH, vec![None, r, None, x], 9),
        (MID_HAND_APP, &MID_HAND_APP[APP_HEADER..], vec![None, m], 77),
        (
            NEW_HAND_SUMMARY_APP,
            &NEW_HAND_SUMMARY_APP[APP_HEADER..],
            vec![None, None],
            42,
        ),
    ]
}

/// The `SFFI` bytes of `s`, as the removed match object wrote them: the fixtures prove this
/// writer is that one, byte for byte.
fn encode(s: &Saved) -> Vec<u8> {
    let mut b = vec![0u8; SFFI_LEN];
    b[..4].copy_from_slice(FFI_MAGIC);
    b[4] = SFFI_VERSION;
    b[5] = s.game.rules().players;
    for (slot, level) in b[6..10].iter_mut().zip(&s.ai) {
        *slot = level.map_or(0, |l| {
            1 + LEVELS.iter().position(|&x| x == l).unwrap() as u8
        });
    }
    b[10..18].copy_from_slice(&s.seed.to_le_bytes());
    if let Some(p) = s.last_play {
        b[18] = 1;
        b[19] = p.seat;
        b[20] = p.mv.card().index();
        b[21..26].copy_from_slice(&p.mv.capture().bits().to_le_bytes()[..5]);
    }
    b[CORE..CRC].copy_from_slice(&s.game.to_bytes());
    seal(&mut b);
    b
}

/// Writes the checksum of an edited `SFFI` save.
fn seal(b: &mut [u8]) {
    let crc = crc32(&b[..CRC]);
    b[CRC..].copy_from_slice(&crc.to_le_bytes());
}

/// Plays `s` to the end of its match: the first card, the first capture, the AI, continue.
fn play_to_the_end(s: &mut core::Session) {
    for _ in 0..20_000 {
        let action = match s.phase() {
            Phase::MatchOver { .. } => return,
            Phase::Play { .. } => Action::Select(s.hand().first().unwrap()),
            Phase::ChooseCapture { .. } => Action::Capture(0),
            Phase::AiDue { .. } => Action::RunAi,
            Phase::HandOff { .. } | Phase::Scopa { .. } | Phase::HandSummary => Action::Continue,
        };
        s.apply(action).unwrap();
    }
    panic!("the match did not end");
}

#[test]
fn every_kind_of_old_save_is_migrated_once_and_plays_on() {
    for (bytes, sffi, seats, seed) in fixtures() {
        let saved = decode(sffi).unwrap();
        assert_eq!((saved.ai.clone(), saved.seed), (seats.clone(), seed));
        assert_eq!(encode(&saved), sffi, "the test's writer is the old one");
        for lang in [Lang::It, Lang::En] {
            let s = restore_core(bytes, lang).unwrap();
            let settings = SessionSettings::from(*s.settings());
            assert_eq!(settings.lang, lang);
            assert_eq!(settings.rules, (*saved.game.rules()).into());
            let expected: Vec<_> = seats.iter().map(|l| l.map(Into::into)).collect();
            assert_eq!(settings.seats[..seats.len()], expected[..]);
            let m = s.game_match();
            assert_eq!(m.table_cards(), saved.game.hand().table().into());
            assert_eq!(m.hand_number(), saved.game.hand_number());
            if let Some(v) = s.viewer() {
                assert_eq!(s.hand(), saved.game.hand().hand(v).into());
            }
            // A summary that was on screen is not shown again.
            assert!(!matches!(s.phase(), Phase::HandSummary));
            // Saved again, it is a session save, and it plays to the end.
            let again = s.to_bytes();
            assert_eq!(&again[..4], b"SCPS");
            let mut again = restore_core(&again, lang).unwrap();
            assert_eq!(again, s, "saved again, the same session");
            play_to_the_end(&mut again);
        }
    }
}

#[test]
fn every_flipped_bit_of_an_old_save_is_refused() {
    for sffi in [MID_HAND, NEW_HAND, THREE_PLAYERS] {
        for i in 0..sffi.len() {
            for bit in [0x01u8, 0x80] {
                let mut b = sffi.to_vec();
                b[i] ^= bit;
                assert!(
                    matches!(
                        restore_core(&b, Lang::En),
                        Err(SessionError::BadSave { .. })
                    ),
                    "flipping bit {bit:#x} of byte {i} went unnoticed"
                );
            }
        }
    }
}

/// `edit` applied to the mid-hand save, the checksum rewritten: refused because `why`.
fn refused(edit: impl FnOnce(&mut Vec<u8>), why: &str) {
    let mut b = MID_HAND.to_vec();
    edit(&mut b);
    if b.len() == SFFI_LEN {
        seal(&mut b);
    }
    refused_because(b, why);
}

fn refused_because(bytes: Vec<u8>, why: &str) {
    let e = restore_core(&bytes, Lang::En).unwrap_err();
    assert!(matches!(e, SessionError::BadSave { .. }), "{e:?}");
    assert!(
        e.message().starts_with("The saved match cannot be read: "),
        "{e}"
    );
    assert!(e.message().contains(why), "{e} does not say {why:?}");
}

#[test]
fn a_damaged_header_or_app_file_is_refused_for_what_is_wrong() {
    refused(|b| b.truncate(100), "a save is 364 bytes, these are 100");
    refused(|b| b[4] = 2, "format version 2");
    refused(|b| b[5] = 3, "the header says 3 players, the match has 2");
    refused(|b| b[26] = b'X', "bad magic bytes");
    refused(|b| b[7] = 6, "seat 1 has unknown AI level code 6");
    refused(
        |b| b[8] = 1,
        "an AI level is set for seat 2 of a 2-player match",
    );
    refused(|b| b[18] = 2, "the last-play flag is malformed");
    refused(|b| b[20] = 40, "the last play is malformed");
    refused(|b| b[19] = 2, "the last play is malformed");
    let mut damaged = MID_HAND.to_vec();
    damaged[100] ^= 1;
    refused_because(damaged, "checksum mismatch");
    let app = |edit: fn(&mut Vec<u8>)| {
        let mut b = MID_HAND_APP.to_vec();
        edit(&mut b);
        b
    };
    refused_because(
        app(|b| b[8] = 2),
        "format version 2; this app reads version 1",
    );
    refused_because(app(|b| b[9] = 4), "unknown flags 0x04");
    refused_because(app(|b| b.truncate(9)), "shorter than its header");
    refused_because(
        app(|b| b.truncate(300)),
        "a save is 364 bytes, these are 290",
    );
}

/// `bytes` with the last play of the header replaced (`None`: no last play).
fn with_last_play(bytes: &[u8], last: Option<(u8, &str, &str)>) -> Vec<u8> {
    let mut b = bytes.to_vec();
    b[18..26].fill(0);
    if let Some((seat, card, capture)) = last {
        b[18] = 1;
        b[19] = seat;
        b[20] = card.parse::<scopa_core::Card>().unwrap().index();
        let capture: CardSet = capture.parse().unwrap();
        b[21..26].copy_from_slice(&capture.bits().to_le_bytes()[..5]);
    }
    seal(&mut b);
    b
}

/// Defect 3 of the hardening issue: the recorded last play was never checked, so a save
/// could show a play that never happened (a card still in another seat's hand).
#[test]
fn the_recorded_last_play_must_be_the_matchs() {
    // No play yet: any last play is refused.
    let fresh = decode(SCOPONE_FRESH).unwrap();
    assert_eq!(fresh.last_play, None);
    let theirs = fresh.game.hand().hand(1).first().unwrap().to_string();
    for card in [theirs.as_str(), "1d"] {
        refused_because(
            with_last_play(SCOPONE_FRESH, Some((0, card, ""))),
            "no play has been made",
        );
    }
    // Mid hand: it must be the last play of the hand's history.
    let mid = decode(MID_HAND).unwrap();
    let last = mid.last_play.unwrap();
    assert_eq!(mid.game.last_play(), Some(last));
    let code = last.mv.card().to_string();
    refused_because(
        with_last_play(MID_HAND, Some((1 - last.seat, &code, ""))),
        "is not the last play",
    );
    refused_because(with_last_play(MID_HAND, None), "is not the last play");
    // Right after a new hand: the previous hand's last play, by its dealer, with a capture
    // that went to the dealer's side.
    let start = decode(NEW_HAND).unwrap();
    assert_eq!(start.game.hand_number(), 1);
    assert!(start.game.history().is_empty());
    let prev_dealer = (start.game.dealer() + 1) % 2;
    let piles = start.game.last_hand().unwrap().piles;
    let mine = piles[usize::from(prev_dealer)];
    let other = piles[usize::from(1 - prev_dealer)];
    refused_because(with_last_play(NEW_HAND, None), "no last play");
    let a = mine.first().unwrap().to_string();
    refused_because(
        with_last_play(NEW_HAND, Some((1 - prev_dealer, &a, ""))),
        "the dealer of the previous hand",
    );
    let b = other.first().unwrap().to_string();
    refused_because(
        with_last_play(NEW_HAND, Some((prev_dealer, &a, &b))),
        "not in the pile",
    );
    // Cards of the dealer's pile, but not a capture: two cards whose values do not add
    // up to the card played.
    let card = mine.first().unwrap();
    let rest = mine - CardSet::single(card);
    let pair = rest
        .iter()
        .flat_map(|x| rest.iter().map(move |y| (x, y)))
        .find(|(x, y)| x < y && x.value() + y.value() != card.value())
        .unwrap();
    let capture = format!("{} {}", pair.0, pair.1);
    refused_because(
        with_last_play(NEW_HAND, Some((prev_dealer, &card.to_string(), &capture))),
        "not a capture the rules allow",
    );
}

/// Every state of whole matches (2, 3 and 4 players), written as the old match object
/// wrote it, last play included, decodes and migrates: the checks refuse nothing real.
#[test]
fn every_save_a_match_wrote_migrates() {
    for players in 2u8..=4 {
        let rules = Rules {
            players,
            ..Rules::default()
        };
        let mut game = Match::new(rules, 8).unwrap();
        let mut ai = vec![Some(Level::Random); usize::from(players)];
        ai[0] = None;
        let mut last_play = None;
        loop {
            let saved = Saved {
                game: game.clone(),
                ai: ai.clone(),
                seed: 8,
                last_play,
            };
            let bytes = encode(&saved);
            assert_eq!(decode(&bytes), Ok(saved));
            if game.is_over() {
                break;
            }
            assert!(migrate(&bytes, core::Lang::En).is_ok());
            let seat = game.turn();
            let mv = *game
                .view(seat)
                .unwrap()
                .legal_moves()
                .iter()
                .next()
                .unwrap();
            game.play(seat, mv).unwrap();
            last_play = Some(Play { seat, mv });
        }
    }
}
