//! Unit tests of the session: phases, pass-and-play, undo, rematch, saves.

use std::vec::Vec;

use super::*;
use crate::ai::Level;
use crate::scopa::rules::DealKind;
use crate::scopa::teams::TeamEvent;

/// Plays `session` to the end of the match: first card, first capture, AI, continue.
fn play_out(session: &mut Session, max_actions: usize) -> Vec<Action> {
    let mut actions = Vec::new();
    while !matches!(session.phase(), Phase::MatchOver { .. }) {
        assert!(actions.len() < max_actions, "the match did not end");
        let action = match session.phase() {
            Phase::Play { .. } => Action::Select(session.hand().first().unwrap()),
            Phase::ChooseCapture { .. } => Action::Capture(1),
            Phase::AiDue { .. } => Action::RunAi,
            _ => Action::Continue,
        };
        session.apply(action).unwrap();
        actions.push(action);
    }
    actions
}

#[test]
fn a_whole_match_round_trips_through_its_bytes_at_every_action() {
    let mut s = Session::new(Settings::against(Level::Easy, Rules::default()), 5).unwrap();
    let mut n = 0;
    while !matches!(s.phase(), Phase::MatchOver { .. }) {
        let bytes = s.to_bytes();
        assert_eq!(Session::from_bytes(&bytes).as_ref(), Ok(&s));
        let action = match s.phase() {
            Phase::Play { .. } => Action::Select(s.hand().first().unwrap()),
            Phase::ChooseCapture { .. } => Action::Capture(0),
            Phase::AiDue { .. } => Action::RunAi,
            _ => Action::Continue,
        };
        s.apply(action).unwrap();
        n += 1;
    }
    assert!(n > 36);
    assert_eq!(Session::from_bytes(&s.to_bytes()).as_ref(), Ok(&s));
}

#[test]
fn same_settings_seed_and_actions_give_the_same_session() {
    let settings = Settings::against(Level::Expert, Rules::default());
    let mut a = Session::new(settings, 99).unwrap();
    let actions = play_out(&mut a, 10_000);
    let mut b = Session::new(settings, 99).unwrap();
    for act in actions {
        b.apply(act).unwrap();
    }
    assert_eq!(a, b);
    let c = Session::new(settings, 100).unwrap();
    assert_ne!(c.hand(), Session::new(settings, 99).unwrap().hand());
}

#[test]
fn watch_mode_has_no_viewer_and_only_ai_phases() {
    let mut s = Session::new(Settings::watch(Level::Medium, Rules::default()), 1).unwrap();
    assert_eq!(s.viewer(), None);
    assert!(s.hand().is_empty());
    let actions = play_out(&mut s, 10_000);
    assert!(
        actions
            .iter()
            .all(|a| matches!(a, Action::RunAi | Action::Continue))
    );
}

#[test]
fn pass_and_play_hides_the_cards_between_people() {
    let rules = Rules {
        players: 4,
        ..Rules::default()
    };
    let mut s = Session::new(Settings::pass_and_play(rules), 3).unwrap();
    let mut handoffs = 0;
    let mut plays = 0;
    while !matches!(s.phase(), Phase::MatchOver { .. }) && plays < 200 {
        let hand = s.hand();
        match s.phase() {
            Phase::HandOff { seat } => {
                assert_eq!(s.viewer(), None);
                assert!(hand.is_empty(), "cards shown during a hand-off");
                s.apply(Action::Continue).unwrap();
                assert_eq!(s.viewer(), Some(seat));
                handoffs += 1;
            }
            Phase::Play { seat } => {
                assert_eq!(s.viewer(), Some(seat));
                assert_eq!(hand, s.scopa().unwrap().hand().hand(seat).into());
                let events = s.apply(Action::Select(hand.first().unwrap())).unwrap();
                plays += usize::from(!events.is_empty());
            }
            Phase::ChooseCapture { .. } => {
                s.apply(Action::Capture(0)).unwrap();
                plays += 1;
            }
            Phase::AiDue { .. } => panic!("no AI in pass-and-play"),
            _ => {
                s.apply(Action::Continue).unwrap();
            }
        }
    }
    assert!(
        handoffs >= plays - 1,
        "{handoffs} hand-offs for {plays} plays"
    );
}

#[test]
fn choosing_a_capture_and_cancelling() {
    // Find a position where the person's card has several captures.
    for seed in 0..500u64 {
        let mut s = Session::new(Settings::against(Level::Random, Rules::default()), seed).unwrap();
        for _ in 0..60 {
            match s.phase() {
                Phase::Play { seat } => {
                    let hand = s.hand();
                    if let Some(card) = hand
                        .iter()
                        .find(|&c| s.scopa().unwrap().hand().captures(c).len() > 1)
                    {
                        s.apply(Action::Select(card)).unwrap();
                        assert_eq!(s.phase(), Phase::ChooseCapture { seat, card });
                        let options = s.capture_options();
                        assert!(options.len() > 1);
                        // Saved mid-choice, restored mid-choice.
                        assert_eq!(Session::from_bytes(&s.to_bytes()).as_ref(), Ok(&s));
                        let n = options.len() as u8;
                        assert_eq!(
                            s.apply(Action::Capture(n)),
                            Err(SessionError::NoSuchCapture {
                                index: n,
                                options: n
                            })
                        );
                        s.apply(Action::Cancel).unwrap();
                        assert_eq!(s.phase(), Phase::Play { seat });
                        s.apply(Action::Select(card)).unwrap();
                        let events = s.apply(Action::Capture(n - 1)).unwrap();
                        assert_eq!(
                            events[0],
                            GameEvent::Scopa(TeamEvent::Played {
                                seat,
                                mv: TeamMove {
                                    card,
                                    capture: options[usize::from(n - 1)]
                                }
                            })
                        );
                        return;
                    }
                    s.apply(Action::Select(hand.first().unwrap())).unwrap();
                }
                Phase::ChooseCapture { .. } => unreachable!(),
                Phase::AiDue { .. } => {
                    s.apply(Action::RunAi).unwrap();
                }
                Phase::MatchOver { .. } => break,
                _ => {
                    s.apply(Action::Continue).unwrap();
                }
            }
        }
    }
    panic!("no position with a choice of captures in 500 seeds");
}

#[test]
fn wrong_actions_are_refused_and_change_nothing() {
    let mut s = Session::new(Settings::against(Level::Easy, Rules::default()), 8).unwrap();
    let before = s.clone();
    for a in [
        Action::Continue,
        Action::Rematch,
        Action::Cancel,
        Action::Capture(0),
    ] {
        let phase = s.phase();
        let e = s.apply(a).unwrap_err();
        assert!(
            matches!(e, SessionError::WrongPhase { .. }) || matches!(e, SessionError::Illegal(_)),
            "{e:?} in {phase:?}"
        );
        assert_eq!(s, before);
    }
    if let Phase::Play { seat } = s.phase() {
        let absent = s.scopa().unwrap().hand().hand(1 - seat).first().unwrap();
        assert_eq!(
            s.apply(Action::Select(absent)),
            Err(SessionError::NotInHand { seat, card: absent })
        );
        assert_eq!(s.apply(Action::Undo), Err(SessionError::UndoOff));
    }
    assert_eq!(s, before);
}

#[test]
fn undo_takes_back_the_persons_play_and_replays_deterministically() {
    let mut settings = Settings::against(Level::Expert, Rules::default());
    settings.undo = true;
    let mut s = Session::new(settings, 12).unwrap();
    // Play until the person has played at least once in this hand and it is their turn.
    let mut guard = 0;
    loop {
        guard += 1;
        assert!(guard < 100);
        match s.phase() {
            Phase::Play { .. } if s.can_undo() => break,
            Phase::Play { .. } => {
                s.apply(Action::Select(s.hand().first().unwrap())).unwrap();
            }
            Phase::ChooseCapture { .. } => {
                s.apply(Action::Capture(0)).unwrap();
            }
            Phase::AiDue { .. } => {
                s.apply(Action::RunAi).unwrap();
            }
            _ => {
                s.apply(Action::Continue).unwrap();
            }
        }
    }
    let plays = s.game_match().plays();
    let mut undone = s.clone();
    undone.apply(Action::Undo).unwrap();
    assert!(undone.game_match().plays() < plays);
    assert!(matches!(undone.phase(), Phase::Play { .. }));
    // Playing the same card again leads back to the same position.
    let again = s
        .scopa()
        .unwrap()
        .plays()
        .filter(|p| p.seat == 0)
        .last()
        .unwrap()
        .mv;
    let mut redo = undone.clone();
    redo.apply(Action::Play(again.into())).unwrap();
    while matches!(redo.phase(), Phase::AiDue { .. } | Phase::Scopa { .. }) {
        let a = if matches!(redo.phase(), Phase::AiDue { .. }) {
            Action::RunAi
        } else {
            Action::Continue
        };
        redo.apply(a).unwrap();
    }
    // The same position: the same table model for the person.
    let frame = |s: &Session| {
        super::table::Frame::for_seat(
            s,
            Some(0),
            super::texts::CardStyle::Letters,
            &super::pacing::Pacing::APPS,
        )
    };
    assert_eq!(frame(&redo), frame(&s));
    assert_eq!(
        Session::from_bytes(&undone.to_bytes()).as_ref(),
        Ok(&undone)
    );
}

#[test]
fn rematch_starts_the_next_match_with_new_deals() {
    let rules = Rules {
        target: 1,
        ..Rules::default()
    };
    let mut s = Session::new(Settings::watch(Level::Easy, rules), 4).unwrap();
    play_out(&mut s, 10_000);
    let first_deal = s.deal_event();
    let events = s.apply(Action::Rematch).unwrap();
    assert_eq!(s.match_number(), 1);
    assert_eq!(events.as_slice(), &[s.deal_event()]);
    assert_ne!(s.deal_event(), first_deal);
    assert!(s.game_match().scores().iter().all(|&score| score == 0));
}

#[test]
fn scopone_with_two_people_and_two_ais_plays_to_the_end() {
    let rules = Rules {
        players: 4,
        deal: DealKind::Scopone,
        ..Rules::default()
    };
    let mut settings = Settings::pass_and_play(rules);
    settings.seats[1] = Player::Ai(Level::Medium);
    settings.seats[3] = Player::Ai(Level::Medium);
    let mut s = Session::new(settings, 77).unwrap();
    play_out(&mut s, 20_000);
}

#[test]
fn hint_only_for_the_person_to_play() {
    let mut s = Session::new(Settings::against(Level::Easy, Rules::default()), 21).unwrap();
    loop {
        match s.phase() {
            Phase::Play { .. } => {
                let hint = s.hint().unwrap();
                assert!(
                    s.legal_moves()
                        .contains(&crate::scopa::Move::new(hint.card(), hint.takes()))
                );
                break;
            }
            Phase::AiDue { .. } => {
                assert!(matches!(s.hint(), Err(SessionError::WrongPhase { .. })));
                s.apply(Action::RunAi).unwrap();
            }
            _ => unreachable!(),
        }
    }
}

#[test]
fn settings_lines_round_trip_and_bad_ones_name_the_word() {
    let scopone = Rules {
        players: 4,
        deal: DealKind::ScoponeScientifico,
        napola: true,
        ..Rules::default()
    };
    let mut mixed = Settings::pass_and_play(scopone);
    mixed.seats[3] = Player::Ai(Level::Handheld);
    let mut undo = Settings::against(Level::Random, Rules::default());
    undo.undo = true;
    for s in [
        Settings::default(),
        Settings::watch(Level::Medium, scopone),
        mixed,
        undo,
    ] {
        let line = std::format!("{}", transcript::start(&s));
        assert_eq!(line.parse::<Settings>(), Ok(s), "{line}");
    }
    let line = std::format!("{}", transcript::start(&Settings::default()));
    let bad = line.replace("target 11", "target x");
    assert_eq!(
        bad.parse::<Settings>(),
        Err(transcript::ParseSettingsError { word: 6 })
    );
    assert!(line.replace(" expert", "").parse::<Settings>().is_err());
    assert!(std::format!("{line} human").parse::<Settings>().is_err());
}

/// The settings of a table of 6 or 8 in both games: people at seats 0 and 1 (pass-and-play),
/// the AI at `level` elsewhere.
fn big_tables(level: Level) -> Vec<Settings> {
    use crate::briscola::BriscolaRules;
    let mut out = Vec::new();
    for players in [6u8, 8] {
        let mut scopa = Settings::against(level, Rules::default().with_players(players));
        scopa.seats[1] = Player::Human;
        let mut briscola = Settings::briscola(
            level,
            BriscolaRules {
                players,
                decks: 2,
                ..BriscolaRules::default()
            },
        );
        briscola.seats[1] = Player::Human;
        out.push(scopa);
        out.push(briscola);
    }
    out
}

/// Tables of 6 and 8 (two decks) play through the session in both games: every action's
/// save restores to the same session, the settings line reads back, every frame is built,
/// and the match ends with a winner.
#[cfg(feature = "big-tables")]
#[test]
fn big_tables_play_to_the_end_with_saves_at_every_action() {
    use super::driver::Presenter;
    use super::pacing::Pacing;
    for settings in big_tables(Level::Easy) {
        assert_eq!(settings.validate(), Ok(()));
        let line = std::format!("{}", transcript::start(&settings));
        assert_eq!(line.parse::<Settings>(), Ok(settings), "{line}");
        let mut s = Session::new(settings, 28).unwrap();
        let mut actions = 0;
        while !matches!(s.phase(), Phase::MatchOver { .. }) {
            let bytes = s.to_bytes();
            assert_eq!(Session::from_bytes(&bytes).as_ref(), Ok(&s), "{line}");
            let frame = Presenter::new(s.clone(), Pacing::APPS).frame().clone();
            assert_eq!(frame.seats.len(), usize::from(s.players()));
            let action = match s.phase() {
                // The last card of the hand, so both captures and lays are seen.
                Phase::Play { .. } => Action::Select(s.hand().iter().last().unwrap()),
                Phase::ChooseCapture { .. } => Action::Capture(s.capture_options().len() as u8 - 1),
                Phase::AiDue { .. } => Action::RunAi,
                _ => Action::Continue,
            };
            s.apply(action).unwrap();
            actions += 1;
            assert!(actions < 20_000, "{line}: the match does not end");
        }
        let Phase::MatchOver { winner } = s.phase() else {
            unreachable!()
        };
        assert!(winner < s.settings().sides());
        assert_eq!(Session::from_bytes(&s.to_bytes()).as_ref(), Ok(&s));
    }
}

/// Without the `big-tables` feature (the handheld) the session refuses tables of 6 and 8
/// with a typed error, never a panic.
#[cfg(not(feature = "big-tables"))]
#[test]
fn big_tables_are_refused_without_the_feature() {
    for settings in big_tables(Level::Easy) {
        let players = settings.players();
        assert_eq!(
            settings.validate(),
            Err(SettingsError::Rules(RulesError::OneDeckOnly { players }))
        );
        assert!(Session::new(settings, 1).is_err());
    }
}

/// Plays `s` with up to `steps` random actions (a card, a capture, the AI, acknowledgements),
/// stopping at the end of the match; a capture being chosen is cancelled at the end, so the
/// others' frames show the seat still to play.
#[cfg(feature = "big-tables")]
fn random_walk(s: &mut Session, rng: &mut crate::deal::SplitMix64, steps: u64) {
    for _ in 0..steps {
        let action = match s.phase() {
            Phase::MatchOver { .. } => break,
            Phase::Play { .. } => {
                let hand = s.hand();
                Action::Select(
                    hand.nth((rng.next() % u64::from(hand.len())) as u32)
                        .unwrap(),
                )
            }
            Phase::ChooseCapture { .. } => {
                Action::Capture((rng.next() % s.capture_options().len() as u64) as u8)
            }
            Phase::AiDue { .. } => Action::RunAi,
            _ => Action::Continue,
        };
        s.apply(action).unwrap();
    }
    if matches!(s.phase(), Phase::ChooseCapture { .. }) {
        s.apply(Action::Cancel).unwrap();
    }
}

/// `deck` with the cards at `hidden` positions shuffled among themselves.
#[cfg(feature = "big-tables")]
fn permuted(deck: &[Card], hidden: &[usize], rng: &mut crate::deal::SplitMix64) -> Vec<Card> {
    let mut values: Vec<Card> = hidden.iter().map(|&p| deck[p]).collect();
    for i in (1..values.len()).rev() {
        values.swap(i, (rng.next() % (i as u64 + 1)) as usize);
    }
    let mut out = deck.to_vec();
    for (&p, &card) in hidden.iter().zip(&values) {
        out[p] = card;
    }
    out
}

/// `s` with its match replaced by `m` and another secret: `looker`'s frame must not change.
#[cfg(feature = "big-tables")]
fn assert_same_frame(s: &Session, m: AnyMatch, secret: u64, looker: Option<u8>) {
    use super::pacing::Pacing;
    use super::table::Frame;
    let mut other = s.clone();
    other.m = m;
    other.secret = secret;
    assert_eq!(other.phase(), s.phase());
    let frame =
        |session: &Session| Frame::for_seat(session, looker, CardStyle::Letters, &Pacing::APPS);
    assert_eq!(
        frame(&other),
        frame(s),
        "{} players, looker {looker:?}",
        s.players()
    );
}

/// Hidden cards stay hidden at tables of 6 and 8: what a seat (or a spectator) is shown is
/// the same whatever the cards it cannot see — the other hands and the deck — the deals to
/// come and the session's secret. The other session deals the current hand from a deck
/// where every position the looker cannot know is permuted, and replays the same plays.
#[cfg(feature = "big-tables")]
#[test]
fn big_table_frames_hide_the_hidden_cards() {
    use crate::deal::SplitMix64;
    let mut rng = SplitMix64::new(2028);
    let (mut compared, mut changed) = (0, 0);
    for round in 0..48u64 {
        let players = if round % 2 == 0 { 6 } else { 8 };
        let mut settings = Settings::against(Level::Easy, Rules::default().with_players(players));
        settings.seats[1] = Player::Human;
        let mut s = Session::new(settings, rng.next()).unwrap();
        let steps = rng.next() % 300;
        random_walk(&mut s, &mut rng, steps);
        let AnyMatch::Teams(m) = &s.m else {
            unreachable!("a table of {players}")
        };
        let hand = m.hand();
        let deck = *hand.deck();
        let n = usize::from(players);
        let per_round = n * usize::from(hand.rules().cards_per_round());
        let table = usize::from(hand.rules().initial_table());
        let dealt = crate::scopa::teams::hand::TWO_DECKS - usize::from(hand.deck_left());
        // Who each dealt position went to: a seat, or the table (None).
        let owner = |p: usize| -> Option<u8> {
            let q = if p < per_round {
                p
            } else if p < per_round + table {
                return None;
            } else {
                (p - per_round - table) % per_round
            };
            Some(((usize::from(hand.dealer()) + 1 + q / 3) % n) as u8)
        };
        // The cards each seat has played this hand.
        let mut played = [CardMultiset::EMPTY; 8];
        for (i, mv) in m.history().iter().enumerate() {
            let seat = (usize::from(hand.dealer()) + 1 + i) % n;
            let _ = played[seat].insert(mv.card);
        }
        for looker in (0..players).map(Some).chain([None]) {
            // Known: the looker's cards, the table's, and every card played (at a position
            // of the seat that played it).
            let mut unmatched = played;
            let hidden: Vec<usize> = (0..crate::scopa::teams::hand::TWO_DECKS)
                .filter(|&p| {
                    if p >= dealt {
                        return true;
                    }
                    match owner(p) {
                        None => false,
                        Some(seat) if Some(seat) == looker => false,
                        Some(seat) => !unmatched[usize::from(seat)].remove(deck[p]),
                    }
                })
                .collect();
            let other_deck = permuted(&deck, &hidden, &mut rng);
            let other_deck: [Card; crate::scopa::teams::hand::TWO_DECKS] =
                other_deck.try_into().unwrap();
            let other = AnyMatch::Teams(m.redealt(&other_deck, rng.next()).unwrap());
            assert_same_frame(&s, other, rng.next(), looker);
            compared += 1;
            changed += usize::from(other_deck != deck);
        }
    }
    // Most permutations moved cards the looker cannot see.
    assert!(
        compared >= 48 * 7 && changed * 2 > compared,
        "{changed} of {compared}"
    );
}

/// The same at Briscola's tables of 6 and 8: the other hands and the stock's order (every
/// position of the deck the looker cannot know) permuted, the same frames.
#[cfg(feature = "big-tables")]
#[test]
fn big_briscola_frames_hide_the_hidden_cards() {
    use crate::briscola::BriscolaRules;
    use crate::deal::SplitMix64;
    let mut rng = SplitMix64::new(2029);
    let (mut compared, mut changed) = (0, 0);
    for round in 0..48u64 {
        let players = if round % 2 == 0 { 6 } else { 8 };
        let rules = BriscolaRules {
            players,
            decks: 2,
            ..BriscolaRules::default()
        };
        let mut settings = Settings::briscola(Level::Easy, rules);
        settings.seats[1] = Player::Human;
        let mut s = Session::new(settings, rng.next()).unwrap();
        let steps = rng.next() % 120;
        random_walk(&mut s, &mut rng, steps);
        let AnyMatch::BriscolaTeams(m) = &s.m else {
            unreachable!("a table of {players}")
        };
        let hand = m.hand();
        let deck: Vec<Card> = hand.deck().to_vec();
        let (n, h) = (usize::from(players), usize::from(rules.hand_size));
        // Who each position of the deck went to (None: the face-up briscola, public, or a
        // card of the stock not drawn yet), by the deal and the draws after each trick.
        let mut owner: Vec<Option<u8>> = std::vec![None; deck.len()];
        let eldest = (usize::from(hand.dealer()) + 1) % n;
        for (p, o) in owner.iter_mut().enumerate().take(n * h) {
            *o = Some(((eldest + p / h) % n) as u8);
        }
        let seats = s.m.play_seats();
        let history = m.history();
        let mut next = n * h + 1;
        for (t, trick) in history.chunks(n).enumerate() {
            if trick.len() < n {
                break;
            }
            let leader = usize::from(seats[t * n]);
            let winner = (leader + crate::briscola::trick_winner(hand.trump(), trick).unwrap()) % n;
            for k in 0..n {
                if next < deck.len() {
                    owner[next] = Some(((winner + k) % n) as u8);
                    next += 1;
                }
            }
        }
        // The cards each seat has played, matched to its earliest positions holding them.
        let mut played = [CardMultiset::EMPTY; 8];
        for (i, &card) in history.iter().enumerate() {
            let _ = played[usize::from(seats[i])].insert(card);
        }
        for looker in (0..players).map(Some).chain([None]) {
            let mut unmatched = played;
            let hidden: Vec<usize> = (0..deck.len())
                .filter(|&p| match owner[p] {
                    // Not drawn yet: the stock, but never the face-up briscola.
                    None => p >= next,
                    Some(seat) if Some(seat) == looker => false,
                    Some(seat) => !unmatched[usize::from(seat)].remove(deck[p]),
                })
                .collect();
            let other_deck = permuted(&deck, &hidden, &mut rng);
            let other = AnyMatch::BriscolaTeams(m.redealt(&other_deck, rng.next()).unwrap());
            assert_same_frame(&s, other, rng.next(), looker);
            compared += 1;
            changed += usize::from(other_deck != deck);
        }
    }
    assert!(
        compared >= 48 * 7 && changed * 2 > compared,
        "{changed} of {compared}"
    );
}
