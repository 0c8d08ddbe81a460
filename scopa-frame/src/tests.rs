//! The written-out frame reads back: JSON → typed → JSON gives the same bytes, for every
//! frame of whole matches at every table (Scopa and Briscola, 2 to 8 players), and the
//! cards behind the points are the scored ones.

use scopa_core::ai::Level;
use scopa_core::briscola::BriscolaRules;
use scopa_core::scopa::Rules;
use scopa_core::scopa::rules::PrimieraRule;
use scopa_core::session::driver::Presenter;
use scopa_core::session::pacing::{Next, Pacing};
use scopa_core::session::table::{Choices, Frame as CoreFrame};
use scopa_core::session::{Action, CardStyle, Lang, Session, Settings};

use crate::{BannerKind, Frame, Move, Summary};

/// Every table: Scopa and Briscola at 2, 3, 4, 6 and 8 players; people (pass-and-play)
/// and AIs, in both languages.
fn tables() -> Vec<Settings> {
    let mut all = Vec::new();
    for players in [2u8, 3, 4, 6, 8] {
        for (i, primiera) in [
            PrimieraRule::Classic,
            PrimieraRule::Lenient,
            PrimieraRule::MostSevens,
        ]
        .into_iter()
        .enumerate()
        {
            let rules = Rules {
                primiera,
                ..Rules::default().with_players(players)
            };
            let mut s = match i {
                0 => Settings::against(Level::Easy, rules),
                1 => Settings::pass_and_play(rules),
                _ => Settings::watch(Level::Easy, rules),
            };
            s.lang = if i == 1 { Lang::It } else { Lang::En };
            s.undo = i == 0;
            all.push(s);
        }
        let decks = if players > 4 { 2 } else { 1 };
        all.push(Settings::briscola(
            Level::Easy,
            BriscolaRules {
                players,
                decks,
                ..BriscolaRules::default()
            },
        ));
    }
    all
}

/// Plays `settings` to the end of its match (the first card or capture each time, a hint
/// now and then), calling `look` with every frame written out.
fn walk(settings: Settings, seed: u64, mut look: impl FnMut(&CoreFrame, &Presenter, Frame)) {
    let session = Session::new(settings, seed).unwrap();
    let mut p = Presenter::new(session, Pacing::UNATTENDED);
    if seed.is_multiple_of(2) {
        p.set_style(CardStyle::Names);
    }
    for step in 0..2000usize {
        if step.is_multiple_of(9) && p.peek().offers.hint {
            p.hint().unwrap();
        }
        let f = p.frame();
        let written = Frame::new(&f, p.session(), p.recap());
        look(&f, &p, written);
        let done = match f.next {
            Next::Due(d) => p.fire(d.token).map(|_| false),
            Next::Wait(_) if f.offers.rematch => Ok(true),
            Next::Wait(_) => p
                .act(match &f.choices {
                    Choices::Cards(c) => Action::Select(c[step % c.len()].card),
                    Choices::Captures { options, .. } => {
                        Action::Capture((step % options.len()) as u8)
                    }
                    Choices::None => Action::Continue,
                })
                .map(|_| false),
        };
        if done.unwrap() {
            return;
        }
    }
    panic!("the match did not end in 2000 steps");
}

#[test]
fn a_frame_round_trips_through_json() {
    let mut frames = 0;
    for (i, settings) in tables().into_iter().enumerate() {
        walk(settings, 40 + i as u64, |_, _, written| {
            let json = serde_json::to_string(&written).unwrap();
            let typed: Frame =
                serde_json::from_str(&json).unwrap_or_else(|e| panic!("{e} reading back {json}"));
            assert_eq!(typed, written);
            assert_eq!(serde_json::to_string(&typed).unwrap(), json);
            frames += 1;
        });
    }
    assert!(frames > 1000, "{frames} frames");
}

#[test]
fn the_frame_carries_last_plays_the_log_the_recap_and_the_cards_behind() {
    for (i, settings) in tables().into_iter().enumerate() {
        let rule = settings.rules.primiera;
        let briscola = settings.game.is_briscola();
        let mut summaries = 0;
        let mut last_recap = 0;
        walk(settings, 7 + i as u64, |core, p, f| {
            // Each seat's last play is the last of its plays in the hand's log.
            for seat in &f.seats {
                if let Some(play) = &seat.last_play {
                    let last = f.hand_log.iter().rev().find(|l| **l == play.text);
                    assert!(last.is_some(), "{} in {:?}", play.text, f.hand_log);
                }
            }
            // The log starts with the hand's deal.
            assert_eq!(
                f.hand_log[0],
                core.texts.event(&p.session().deal_event()).to_string()
            );
            assert!(f.recap.len() >= last_recap, "the recap only grows");
            last_recap = f.recap.len();
            let summary = match f.banner.as_ref().map(|b| &b.kind) {
                Some(BannerKind::HandOver { summary }) => Some(summary),
                Some(BannerKind::MatchOver { last_hand, .. }) => last_hand.as_ref(),
                _ => None,
            };
            if let Some(Summary::Scopa { piles, behind, .. }) = summary {
                summaries += 1;
                assert_eq!(piles.len(), behind.len());
                for (pile, b) in piles.iter().zip(behind) {
                    let pile: scopa_core::multiset::CardMultiset =
                        pile.cards
                            .iter()
                            .copied()
                            .fold(Default::default(), |mut m, c| {
                                m.insert(c).unwrap();
                                m
                            });
                    let expected = scopa_core::scopa::score::behind(rule, pile);
                    assert_eq!(b.primiera, expected.primiera.iter().collect::<Vec<_>>());
                    assert!(b.denari.iter().all(|c| c.to_string().ends_with('d')));
                }
            }
            if let Some(BannerKind::MatchOver { .. }) = f.banner.as_ref().map(|b| &b.kind) {
                assert!(f.over);
                assert!(!f.recap.is_empty());
                assert_eq!(f.recap.last().unwrap().hand, f.hand_number + 1);
            }
        });
        assert!(briscola || summaries > 0);
    }
}

#[test]
fn a_bad_card_or_language_is_refused_with_what_was_expected() {
    let e = serde_json::from_str::<Move>(r#"{"card": "11d", "capture": []}"#).unwrap_err();
    assert!(e.to_string().contains("a card such as"), "{e}");
    let e = serde_json::from_str::<scopa_core::session::Lang>(r#""fr""#).unwrap_err();
    assert!(e.to_string().contains("\"en\" or \"it\""), "{e}");
    let m: Move = serde_json::from_str(r#"{"card": "10b", "capture": ["3c", "3c"]}"#).unwrap();
    assert_eq!(m.capture.len(), 2);
}
