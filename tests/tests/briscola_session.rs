//! The session playing Briscola: whole matches through the presenter for every player count
//! and hand size, the save at every step (it round-trips and plays on identically), hidden
//! cards staying hidden from every seat and spectator, undo, the texts in both languages
//! and the transcript's settings line.

#![allow(clippy::unwrap_used)]

mod common;

use proptest::prelude::*;
use scopa_core::ai::Level;
use scopa_core::briscola::{BriscolaRules, TwoDeckEvent};
use scopa_core::scopa::Move;
use scopa_core::session::driver::Presenter;
use scopa_core::session::pacing::Pacing;
use scopa_core::session::table::{Banner, Frame, GameTable, HandOver};
use scopa_core::session::{
    Action, Game, GameEvent, Lang, Phase, SAVE_LEN, SaveError, Session, SessionError, Settings,
    transcript,
};
use scopa_core::{CardSet, SplitMix64, snapshot::crc32};

fn rules_of(players: u8, nine: bool, target: u8) -> BriscolaRules {
    BriscolaRules {
        players,
        hand_size: if nine && players == 2 { 9 } else { 3 },
        target,
        decks: 1,
    }
}

fn any_settings() -> impl Strategy<Value = Settings> {
    (2u8..=4, any::<bool>(), 1u8..=3, 0..3u8, 0..2u8).prop_map(
        |(players, nine, target, kind, lang)| {
            let rules = rules_of(players, nine, target);
            let mut s = Settings::briscola(Level::Easy, rules);
            match kind {
                0 => {}
                1 => s.seats = [scopa_core::session::Player::Human; scopa_core::session::MAX_SEATS],
                _ => {
                    for seat in s.seats.iter_mut().take(usize::from(players)) {
                        *seat = scopa_core::session::Player::Ai(Level::Random);
                    }
                }
            }
            s.lang = Lang::ALL[usize::from(lang)];
            s
        },
    )
}

#[test]
fn a_whole_match_against_the_expert_ends_with_a_winner() {
    let settings = Settings::briscola(Level::Expert, BriscolaRules::default());
    let mut p = Presenter::new(Session::new(settings, 7).unwrap(), Pacing::UNATTENDED);
    let mut rng = SplitMix64::new(1);
    let mut hands = 0;
    while common::random_step(&mut p, &mut rng) {
        if p.session().phase() == Phase::HandSummary {
            hands += 1;
        }
    }
    let Phase::MatchOver { winner } = p.session().phase() else {
        panic!("over")
    };
    assert!(winner < 2);
    assert!(hands >= 2, "best of three: at least two hands");
    let f = p.frame();
    assert!(matches!(
        f.banner,
        Some(Banner::MatchOver {
            last_hand: Some(HandOver::Briscola { .. }),
            ..
        })
    ));
}

proptest! {
    #![proptest_config(common::config(48))]

    /// Every player count and hand size, with one person, pass-and-play or watch mode:
    /// the match ends, the points of each hand are 120 (with three players too: the `2b`
    /// left out is worth nothing), and at every step the save round-trips and plays on
    /// identically.
    #[test]
    fn whole_matches_end_and_every_save_plays_on_identically(
        settings in any_settings(),
        seed in any::<u64>(),
        choices in any::<u64>(),
        fork_at in 0usize..400,
    ) {
        let mut p = Presenter::new(Session::new(settings, seed).unwrap(), Pacing::UNATTENDED);
        let mut rng = SplitMix64::new(choices);
        let mut fork: Option<(Presenter, SplitMix64)> = None;
        let mut steps = 0usize;
        // The seat that last played each card, from the events.
        let mut played = [u8::MAX; 40];
        loop {
            let bytes = p.session().to_bytes();
            prop_assert_eq!(&Session::from_bytes(&bytes).unwrap(), p.session());
            if steps == fork_at {
                let restored = Session::from_bytes(&bytes).unwrap();
                fork = Some((Presenter::resumed(restored, Pacing::UNATTENDED), rng.clone()));
            }
            let frame = p.peek();
            for e in &frame.events {
                match e.event {
                    GameEvent::Briscola(TwoDeckEvent::HandFinished(score)) => {
                        prop_assert_eq!(score.points.iter().map(|&x| u32::from(x)).sum::<u32>(), 120);
                    }
                    GameEvent::Briscola(TwoDeckEvent::Played { seat, card }) => {
                        played[usize::from(card.index())] = seat;
                    }
                    _ => {}
                }
            }
            // The table names the seat that played each card of the trick and the last one.
            if let GameTable::Briscola(t) = &frame.table {
                let last = t.last_trick.iter().flat_map(|l| l.cards.iter());
                for c in t.trick.iter().chain(last) {
                    prop_assert_eq!(c.seat, played[usize::from(c.card.index())], "{:?}", c);
                }
            }
            if !common::random_step(&mut p, &mut rng) {
                break;
            }
            steps += 1;
            prop_assert!(steps < 5000, "a match ends within 5000 steps");
        }
        prop_assert!(matches!(p.session().phase(), Phase::MatchOver { .. }), "the match is over");
        if let Some((mut q, mut r)) = fork {
            while common::random_step(&mut q, &mut r) {}
            prop_assert_eq!(q.session().to_bytes(), p.session().to_bytes());
        }
    }
}

// ----- hidden cards stay hidden ----------------------------------------------------------

/// Every card `seat` cannot see (no seat: a spectator): not in its hand, not played in this
/// hand (the trick and the tricks taken), not the face-up briscola.
fn hidden_from(s: &Session, seat: Option<u8>) -> CardSet {
    let m = s.briscola().unwrap();
    let mut seen = Frame::for_seat(s, seat, Default::default(), &Pacing::APPS)
        .hand
        .distinct();
    for &card in m.history() {
        seen.insert(card);
    }
    seen.insert(m.hand().briscola());
    !seen
}

proptest! {
    #![proptest_config(common::config(64))]

    /// What a seat or a spectator is shown of a Briscola table — its frame and the
    /// presenter's with a hint, to the byte of their JSON — is the same whatever the cards
    /// it cannot see (the other hands, the stock's order), the deals to come and the secret.
    #[test]
    fn briscola_frames_hide_the_hidden_cards(
        settings in any_settings(),
        seed in any::<u64>(),
        steps in 0usize..80,
        choices in any::<u64>(),
        shuffle in any::<u64>(),
        looker in 0u8..5,
    ) {
        let mut p = Presenter::new(Session::new(settings, seed).unwrap(), Pacing::UNATTENDED);
        let mut rng = SplitMix64::new(choices);
        for _ in 0..steps {
            if !common::random_step(&mut p, &mut rng) {
                break;
            }
        }
        let s = p.session().clone();
        let looker = Some(looker).filter(|&l| l < settings.players());
        let other = Session::from_bytes(&common::permuted_save(&s.to_bytes(), &common::BRISCOLA_SAVE, hidden_from(&s, looker), shuffle)).unwrap();
        let (a, b) = (common::frames_of(&s, looker), common::frames_of(&other, looker));
        prop_assert_eq!(a.len(), b.len());
        for ((fa, ja), (fb, jb)) in a.iter().zip(&b) {
            prop_assert_eq!(fa, fb);
            prop_assert_eq!(ja, jb);
        }
    }
}

// ----- the rest of the session ------------------------------------------------------------

#[test]
fn undo_takes_back_the_persons_card_and_the_ai_answers() {
    let mut settings = Settings::briscola(Level::Easy, BriscolaRules::default());
    settings.undo = true;
    let mut s = Session::new(settings, 12).unwrap();
    // Play until the person has played a card in this hand and it is their turn again.
    let mut before = None;
    for _ in 0..40 {
        match s.phase() {
            Phase::Play { .. } if before.is_some() && s.can_undo() => break,
            Phase::Play { .. } => {
                before = Some(s.clone());
                let card = s.hand().first().unwrap();
                s.apply(Action::Select(card)).unwrap();
            }
            Phase::AiDue { .. } => {
                s.apply(Action::RunAi).unwrap();
            }
            _ => {
                s.apply(Action::Continue).unwrap();
            }
        }
    }
    let before = before.unwrap();
    assert!(s.can_undo());
    s.apply(Action::Undo).unwrap();
    assert_eq!(s.hand(), before.hand());
    assert_eq!(
        s.briscola().unwrap().history(),
        before.briscola().unwrap().history()
    );
}

#[test]
fn a_move_with_a_capture_or_a_card_not_held_is_refused() {
    let settings = Settings::briscola(Level::Easy, BriscolaRules::default());
    let mut s = Session::new(settings, 3).unwrap();
    while !matches!(s.phase(), Phase::Play { .. }) {
        s.apply(Action::RunAi).unwrap();
    }
    let hand = s.hand().distinct();
    let card = hand.first().unwrap();
    let other = (!hand).first().unwrap();
    let before = s.clone();
    let mut takes = CardSet::EMPTY;
    takes.insert(other);
    assert_eq!(
        s.apply(Action::Play(Move::new(card, takes).into())),
        Err(SessionError::CaptureInBriscola { card })
    );
    assert!(matches!(
        s.apply(Action::Select(other)),
        Err(SessionError::NotInHand { .. })
    ));
    assert_eq!(s, before, "a refusal changes nothing");
    assert!(
        s.apply(Action::Play(Move::new(card, CardSet::EMPTY).into()))
            .is_ok()
    );
}

#[test]
fn briscola_texts_in_both_languages() {
    for (lang, words) in [
        (Lang::En, ["Briscola", "You:"]),
        (Lang::It, ["Briscola", "Tu:"]),
    ] {
        let mut settings = Settings::briscola(Level::Easy, BriscolaRules::default());
        settings.lang = lang;
        let mut p = Presenter::new(Session::new(settings, 5).unwrap(), Pacing::UNATTENDED);
        let mut rng = SplitMix64::new(2);
        let mut texts = String::new();
        for _ in 0..12 {
            let frame = p.peek();
            for e in &frame.events {
                texts.push_str(&frame.event_text(e).to_string());
                texts.push('\n');
            }
            common::random_step(&mut p, &mut rng);
        }
        for w in words {
            assert!(texts.contains(w), "{lang:?}: {w:?} in {texts}");
        }
        let f = p.frame();
        let GameTable::Briscola(t) = &f.table else {
            panic!("a Briscola table")
        };
        assert_eq!(t.points.len(), 2);
        let json =
            serde_json::to_string(&scopa_frame::Frame::new(&f, p.session(), p.recap())).unwrap();
        assert!(json.contains("\"game\":\"briscola\""), "{json}");
    }
}

#[test]
fn the_transcript_settings_line_reads_back() {
    let mut s = Settings::briscola(Level::Expert, rules_of(4, false, 3));
    s.seats[2] = scopa_core::session::Player::Human;
    let line = transcript::start(&s).to_string();
    assert_eq!(
        line,
        "session briscola players 4 hand_size 3 target 3 undo 0 seats human expert human expert"
    );
    assert_eq!(line.parse::<Settings>(), Ok(s));
    assert!(
        "session briscola players 2 hand_size 3 target 2 undo 0 seats human"
            .parse::<Settings>()
            .is_err()
    );
    assert_eq!(s.game, Game::Briscola(rules_of(4, false, 3)));
}

#[test]
fn a_scopa_save_keeps_its_version_and_a_damaged_briscola_save_is_refused() {
    let scopa = Session::new(Settings::default(), 1).unwrap().to_bytes();
    assert_eq!(scopa[4], 1, "Scopa sessions are still written as version 1");
    let s = Session::new(Settings::briscola(Level::Easy, BriscolaRules::default()), 1).unwrap();
    let mut b = s.to_bytes();
    assert_eq!(b[4], 2);
    b[300] = 1;
    let crc = crc32(&b[..SAVE_LEN - 4]);
    b[SAVE_LEN - 4..].copy_from_slice(&crc.to_le_bytes());
    assert_eq!(Session::from_bytes(&b), Err(SaveError::BadPadding));
}
