//! Hidden cards stay hidden at the tables of 6 and 8 (two decks), Scopa and Briscola: what
//! a seat (or a spectator) is shown — its frame, and the presenter's with a hint — is the
//! same, to the byte of its written-out JSON (`scopa_frame::Frame`, what the server sends
//! and the apps get), whatever the cards it cannot see (the other hands, the deck order),
//! the deals to come and the secret. The 2–4 seat version of this property is in
//! `pacing.rs` (Scopa) and `briscola_session.rs`.
//!
//! With two decks a card may have one copy in sight and the other hidden: only the cards of
//! which no copy is in sight are permuted (a copy in sight keeps its place in the deck).

mod common;

use proptest::prelude::*;
use scopa_core::ai::Level;
use scopa_core::briscola::BriscolaRules;
use scopa_core::scopa::Rules;
use scopa_core::scopa::teams::{TEAM_SNAPSHOT_LEN, TeamMatch};
use scopa_core::session::driver::Presenter;
use scopa_core::session::pacing::Pacing;
use scopa_core::session::table::{Frame, GameTable};
use scopa_core::session::{Action, Phase, SAVE_LEN, Session, Settings};
use scopa_core::snapshot::crc32;
use scopa_core::{CardSet, SplitMix64};

/// Every card of which `seat` sees no copy (no seat: a spectator): in Scopa not in its
/// hand, on the table or captured this hand; in Briscola not in its hand, played this hand
/// or the face-up briscola.
fn hidden_from(s: &Session, seat: Option<u8>) -> CardSet {
    let f = Frame::for_seat(s, seat, Default::default(), &Pacing::APPS);
    let mut seen = f.hand.distinct();
    match &f.table {
        GameTable::Scopa(t) => {
            seen |= t.table.distinct();
            for pile in &t.piles {
                seen |= pile.cards.distinct();
            }
        }
        GameTable::Briscola(t) => {
            let m = s.briscola_teams().expect("two decks");
            for &card in m.history() {
                seen.insert(card);
            }
            seen.insert(t.briscola);
        }
    }
    !seen
}

/// `s` with the cards in `hidden` permuted in its deck, other deals to come and another
/// secret. Two-deck Scopa's snapshot names each play by the card's position in its seat's
/// hand, which the permutation changes, so its plays are written again: the permuted
/// match is dealt from the permuted deck and the hand's plays (every played card is in
/// sight, so each seat still holds what it played) are played on it by card.
fn permuted(s: &Session, hidden: CardSet, shuffle: u64) -> Session {
    let Some(m) = s.teams() else {
        let b = common::permuted_save(
            &s.to_bytes(),
            &common::TWO_DECK_BRISCOLA_SAVE,
            hidden,
            shuffle,
        );
        return Session::from_bytes(&b).unwrap();
    };
    // Every card of a finished hand (at its summary, or the match's end) was played in
    // sight of all; its plays, played again, would count that hand twice (and a first hand
    // without its plays is refused for carrying a last hand: `UnexpectedLastHand`).
    if matches!(s.phase(), Phase::MatchOver { .. }) || m.hand().is_finished() {
        let b = common::permuted_save(&s.to_bytes(), &common::TEAMS_SAVE, CardSet::EMPTY, shuffle);
        return Session::from_bytes(&b).unwrap();
    }
    let at = &common::TEAMS_SAVE;
    let mut b = common::permuted_save(&s.to_bytes(), at, hidden, shuffle);
    // The snapshot's plays (count at 112, 72 × u16 from 113) and its CRC (at 303).
    let mut snap = b[at.start..at.start + TEAM_SNAPSHOT_LEN].to_vec();
    snap[112] = 0;
    snap[113..257].fill(0);
    let crc = crc32(&snap[..303]);
    snap[303..307].copy_from_slice(&crc.to_le_bytes());
    let mut t = TeamMatch::from_bytes(&snap).unwrap();
    for &mv in m.history() {
        t.play(t.turn(), mv).unwrap();
    }
    b[at.start..at.start + TEAM_SNAPSHOT_LEN].copy_from_slice(&t.to_bytes());
    let crc = crc32(&b[..SAVE_LEN - 4]);
    b[SAVE_LEN - 4..].copy_from_slice(&crc.to_le_bytes());
    Session::from_bytes(&b).unwrap()
}

/// A table of 6 or 8, Scopa or Briscola, one person against AIs, pass-and-play or watch
/// mode, in English or Italian.
fn big_settings() -> impl Strategy<Value = Settings> {
    (any::<bool>(), any::<bool>(), 0..3u8, 0..2u8, 1..=4u8).prop_map(
        |(briscola, eight, kind, lang, target)| {
            let players = if eight { 8 } else { 6 };
            let rules = Rules {
                target,
                ..Rules::default().with_players(players)
            };
            let mut s = match kind {
                0 => Settings::against(Level::Easy, rules),
                1 => Settings::pass_and_play(rules),
                _ => Settings::watch(Level::Random, rules),
            };
            if briscola {
                let b = Settings::briscola(
                    Level::Easy,
                    BriscolaRules {
                        players,
                        decks: 2,
                        target: target.min(3),
                        ..BriscolaRules::default()
                    },
                );
                s.game = b.game;
            }
            s.lang = scopa_core::session::Lang::ALL[usize::from(lang)];
            s
        },
    )
}

proptest! {
    #![proptest_config(common::config(64))]

    /// What a seat (or a spectator) is shown at a table of 6 or 8 — its frame, and the
    /// presenter's with a hint — is the same, to the byte of its JSON, whatever the cards
    /// it cannot see, the deals to come and the secret.
    #[test]
    fn frames_hide_the_hidden_cards_at_big_tables(
        settings in big_settings(),
        seed in any::<u64>(),
        steps in 0usize..160,
        choices in any::<u64>(),
        shuffle in any::<u64>(),
        looker in 0u8..9,
    ) {
        let mut p = Presenter::new(Session::new(settings, seed).unwrap(), Pacing::UNATTENDED);
        let mut rng = SplitMix64::new(choices);
        for _ in 0..steps {
            if !common::random_step(&mut p, &mut rng) {
                break;
            }
        }
        let s = p.session().clone();
        // A seat, or a spectator.
        let looker = Some(looker).filter(|&l| l < settings.players());
        // Another seat choosing among the captures of a card is a card the looker cannot
        // see either: the other session has that seat still choosing its card (cancelled).
        let mut t = s.clone();
        if let Phase::ChooseCapture { seat, .. } = s.phase()
            && looker != Some(seat)
        {
            t.apply(Action::Cancel).unwrap();
        }
        let other = permuted(&t, hidden_from(&t, looker), shuffle);
        prop_assert_eq!(other.phase(), t.phase());
        let (a, b) = (common::frames_of(&s, looker), common::frames_of(&other, looker));
        prop_assert_eq!(a.len(), b.len());
        for ((fa, ja), (fb, jb)) in a.iter().zip(&b) {
            prop_assert_eq!(fa, fb);
            prop_assert_eq!(ja, jb);
        }
    }
}

/// The permutation is not empty: at a fresh table of 8 the looker cannot see most of the
/// cards, and the permuted session deals other hands to the other seats.
#[test]
fn the_permutation_changes_what_the_looker_cannot_see() {
    for briscola in [false, true] {
        let rules = Rules::default().with_players(8);
        let mut settings = Settings::against(Level::Easy, rules);
        if briscola {
            settings.game = Settings::briscola(
                Level::Easy,
                BriscolaRules {
                    players: 8,
                    decks: 2,
                    ..BriscolaRules::default()
                },
            )
            .game;
        }
        let s = Session::new(settings, 5).unwrap();
        let hidden = hidden_from(&s, Some(0));
        assert!(hidden.len() > 25, "{briscola}: {} hidden", hidden.len());
        let other = permuted(&s, hidden, 99);
        let hands =
            |s: &Session| -> Vec<_> { (1..8).map(|seat| s.game_match().hand_of(seat)).collect() };
        assert_ne!(
            hands(&s),
            hands(&other),
            "{briscola}: the other seats' hands"
        );
        assert_eq!(
            Frame::for_seat(&s, Some(0), Default::default(), &Pacing::APPS),
            Frame::for_seat(&other, Some(0), Default::default(), &Pacing::APPS),
        );
    }
}
