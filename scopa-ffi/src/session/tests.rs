//! Tests of the session API as a foreign caller uses it (minus the generated glue).

use scopa_core::session::{self as core, transcript as core_transcript};
use scopa_core::{CardSet, Rules};

use super::*;
use crate::default_rules;
use crate::types::{AiLevel, RulesConfig};

/// An action, as the tests write them; [`Session::apply`] calls the method.
#[derive(Copy, Clone, Debug)]
enum Action {
    Select { card: u8 },
    Capture { index: u8 },
    Play { card: u8, capture: u64 },
    Cancel,
    RunAi,
    Continue,
    Undo,
    Rematch,
}

impl Session {
    fn apply(&self, a: Action) -> Result<Update, SessionError> {
        match a {
            Action::Select { card } => self.select(card),
            Action::Capture { index } => self.capture(index),
            Action::Play { card, capture } => self.play(card, capture),
            Action::Cancel => self.cancel(),
            Action::RunAi => self.run_ai(),
            Action::Continue => self.proceed(),
            Action::Undo => self.undo(),
            Action::Rematch => self.rematch(),
        }
    }
}

fn settings(players: u32, seats: &[Option<AiLevel>]) -> SessionSettings {
    SessionSettings {
        rules: RulesConfig {
            players,
            ..default_rules()
        },
        seats: seats.to_vec(),
        undo: false,
        lang: Lang::En,
    }
}

/// One step as an app's player would do it: the first card of the hand, the first capture
/// option, the AI when due, continue otherwise. Returns the events, or `None` at the end.
fn step(s: &Session) -> Option<Vec<SessionEvent>> {
    let state = s.state().unwrap();
    let action = match state.phase {
        Phase::MatchOver { .. } => return None,
        Phase::Play { .. } => Action::Select {
            card: state.hand.trailing_zeros() as u8,
        },
        Phase::ChooseCapture { .. } => Action::Capture { index: 0 },
        Phase::AiDue { .. } => Action::RunAi,
        Phase::HandOff { .. } | Phase::Scopa { .. } | Phase::HandSummary => Action::Continue,
    };
    let update = s.apply(action).unwrap();
    assert_eq!(update.state, s.state().unwrap());
    assert_eq!(update.texts.len(), update.events.len());
    // Every event a session makes fits it (`SessionEvent::check`) and is written as captioned.
    for (e, text) in update.events.iter().zip(&update.texts) {
        assert_eq!(&s.event_text(e.clone()).unwrap(), text);
    }
    Some(update.events)
}

/// Plays `s` to the end; returns every event and checks the state on the way.
fn play_out(s: &Session) -> Vec<SessionEvent> {
    let mut all = Vec::new();
    let players = s.settings().unwrap().rules.players as u8;
    for _ in 0..20_000 {
        let st = s.state().unwrap();
        check_state(&st, players);
        match step(s) {
            Some(events) => all.extend(events),
            None => return all,
        }
    }
    panic!("the match did not end");
}

/// The state shows only the viewer's cards, and the cards add up to 40.
fn check_state(st: &TableState, players: u8) {
    assert_eq!(st.hand_sizes.len(), usize::from(players));
    match st.viewer {
        Some(v) => assert_eq!(st.hand.count_ones(), st.hand_sizes[usize::from(v)]),
        None => assert_eq!(st.hand, 0),
    }
    if !matches!(st.phase, Phase::MatchOver { .. }) {
        let held: u32 = st.hand_sizes.iter().sum();
        let piles: u32 = st.piles.iter().map(|p| p.count_ones()).sum();
        assert_eq!(
            held + st.table.count_ones() + piles + u32::from(st.deck_left),
            40
        );
    }
}

#[test]
fn a_whole_match_against_the_ai_matches_the_core_session() {
    let ffi = Session::new(settings(2, &[None, Some(AiLevel::Medium)]), 7).unwrap();
    let mut core = core::Session::new(
        core::Settings::against(scopa_core::ai::Level::Medium, Rules::default()),
        7,
    )
    .unwrap();
    loop {
        let st = ffi.state().unwrap();
        let prompt = core
            .texts()
            .with_style(core::CardStyle::Names)
            .phase(&core.phase())
            .to_string();
        assert_eq!(st, TableState::new(&core.state(), 2, 2, prompt));
        let Some(events) = step(&ffi) else { break };
        let action = match core.phase() {
            core::Phase::Play { .. } => core::Action::Select(core.state().hand.first().unwrap()),
            core::Phase::ChooseCapture { .. } => core::Action::Capture(0),
            core::Phase::AiDue { .. } => core::Action::RunAi,
            _ => core::Action::Continue,
        };
        let expected: Vec<_> = core
            .apply(action)
            .unwrap()
            .iter()
            .map(|e| SessionEvent::new(e, 2))
            .collect();
        assert_eq!(events, expected);
    }
    assert_eq!(ffi.save().unwrap(), core.to_bytes().to_vec());
}

#[test]
fn pass_and_play_four_people_and_two_people_with_two_ais_play_to_the_end() {
    // Four people; then Scopone with people at seats 0 and 2 and AIs at 1 and 3.
    let mut four = settings(4, &[None; 4]);
    let mut scopone = settings(4, &[None, Some(AiLevel::Expert), None, Some(AiLevel::Easy)]);
    scopone.rules.deal = crate::DealKind::Scopone;
    for (s, seed) in [(four.clone(), 11), (scopone, 12)] {
        let session = Session::new(s.clone(), seed).unwrap();
        let mut handoffs = 0;
        let mut seen_viewers = std::collections::BTreeSet::new();
        let mut events = Vec::new();
        for _ in 0..20_000 {
            let st = session.state().unwrap();
            check_state(&st, 4);
            if let Phase::HandOff { seat } = st.phase {
                handoffs += 1;
                assert_eq!(st.viewer, None);
                assert_eq!(st.hand, 0, "no cards while the device is handed over");
                assert!(s.seats[usize::from(seat)].is_none());
            }
            if let Some(v) = st.viewer {
                assert!(s.seats[usize::from(v)].is_none(), "only people see cards");
                seen_viewers.insert(v);
            }
            // The hand shown is the viewer's own: never a table or captured card.
            assert_eq!(st.hand & st.table, 0);
            assert!(st.piles.iter().all(|p| p & st.hand == 0));
            match step(&session) {
                Some(e) => events.extend(e),
                None => break,
            }
        }
        assert!(matches!(
            session.state().unwrap().phase,
            Phase::MatchOver { .. }
        ));
        assert!(handoffs > 0);
        let people: std::collections::BTreeSet<u8> = (0..4u8)
            .filter(|&i| s.seats[usize::from(i)].is_none())
            .collect();
        assert_eq!(seen_viewers, people);
        assert!(
            events
                .iter()
                .any(|e| matches!(e, SessionEvent::MatchFinished { .. }))
        );
    }
    four.seats.truncate(3);
    assert!(matches!(
        Session::new(four, 1),
        Err(SessionError::InvalidSettings { .. })
    ));
}

#[test]
fn watch_mode_shows_no_hand() {
    // Three players with napola and re bello; scopone scientifico (no table at the deal).
    let mut three = settings(3, &[Some(AiLevel::Random); 3]);
    (three.rules.napola, three.rules.re_bello) = (true, true);
    let mut scientifico = settings(4, &[Some(AiLevel::Easy); 4]);
    scientifico.rules.deal = crate::DealKind::ScoponeScientifico;
    for settings in [three, scientifico] {
        let s = Session::new(settings, 5).unwrap();
        assert_eq!(s.state().unwrap().viewer, None);
        let events = play_out(&s);
        assert!(matches!(
            events.last(),
            Some(SessionEvent::MatchFinished { .. })
        ));
    }
}

#[test]
fn restore_gives_the_same_session_and_continuation_at_every_step() {
    let s = Session::new(settings(2, &[None, Some(AiLevel::Easy)]), 3).unwrap();
    loop {
        let bytes = s.save().unwrap();
        assert_eq!(bytes.len(), core::SAVE_LEN);
        let r = Session::restore(bytes.clone(), Lang::En).unwrap();
        assert_eq!(r.save().unwrap(), bytes);
        assert_eq!(r.state().unwrap(), s.state().unwrap());
        let (a, b) = (step(&s), step(&r));
        assert_eq!(a, b);
        if a.is_none() {
            break;
        }
    }
}

/// Issue 26, defect 3: a pass-and-play session restored from its bytes starts with the
/// hand-off — `Session.restore` gave the viewer's hand at once.
#[test]
fn restoring_pass_and_play_starts_with_the_hand_off() {
    let s = Session::new(settings(2, &[None, None]), 3).unwrap();
    let mut checked = 0;
    for _ in 0..200 {
        let st = s.state().unwrap();
        if let (Phase::Play { seat }, Some(viewer)) = (st.phase, st.viewer) {
            assert_eq!(viewer, seat);
            let r = Session::restore(s.save().unwrap(), Lang::En).unwrap();
            let rst = r.state().unwrap();
            assert_eq!(rst.phase, Phase::HandOff { seat });
            assert_eq!((rst.viewer, rst.hand), (None, 0));
            assert_eq!(rst.table, st.table);
            r.proceed().unwrap();
            assert_eq!(r.state().unwrap(), st);
            checked += 1;
        }
        if step(&s).is_none() {
            break;
        }
    }
    assert!(checked >= 10, "only {checked} positions checked");
}

#[test]
fn every_event_record_writes_the_core_transcript_and_text() {
    let mut core = core::Session::new(
        core::Settings::watch(scopa_core::ai::Level::Easy, Rules::default()),
        21,
    )
    .unwrap();
    let ffi = Session::restore(core.to_bytes().to_vec(), Lang::It).unwrap();
    let mut n = 0;
    let deal = core.deal_event();
    let mut all = vec![deal];
    while !matches!(core.phase(), core::Phase::MatchOver { .. }) {
        let action = match core.phase() {
            core::Phase::AiDue { .. } => core::Action::RunAi,
            _ => core::Action::Continue,
        };
        all.extend(core.apply(action).unwrap());
    }
    core.set_lang(core::Lang::It);
    let texts_it = core.texts().with_style(core::CardStyle::Names);
    for e in &all {
        let rec = SessionEvent::new(e, 2);
        assert_eq!(rec.to_core(), Ok(*e));
        assert_eq!(
            transcript_event(rec.clone()).unwrap(),
            core_transcript::event(e).to_string()
        );
        assert_eq!(ffi.event_text(rec).unwrap(), texts_it.event(e).to_string());
        n += 1;
    }
    assert!(n > 40);
    // Malformed records are refused, not trusted.
    for bad in [
        SessionEvent::Played {
            seat: 0,
            card: 40,
            capture: 0,
        },
        SessionEvent::TableCollected {
            side: 0,
            cards: 1 << 40,
        },
        SessionEvent::HandFinished { sides: vec![] },
        SessionEvent::MatchFinished {
            winner: 0,
            scores: vec![1, 2, 3, 4],
        },
    ] {
        assert!(matches!(
            transcript_event(bad),
            Err(SessionError::InvalidCard { .. })
        ));
    }
}

/// Issue 26, defect 5: `event_text` wrote the seats and sides of the record it was given
/// without checking them against the session — side 255 of a 4-player session overflowed
/// `side + 1` (`Internal "attempt to add with overflow"` in a debug build, "go to Players
/// 254 & 0" in a release build) and `Scopa { seat: 200 }` became "Player 201 swept the
/// table". Every field of every variant is now checked against the session's rules: an event
/// that cannot happen in it is `InvalidCard` (a malformed event record), never a text.
#[test]
fn event_text_refuses_every_event_that_cannot_happen_in_the_session() {
    use SessionEvent as E;
    let four = Session::new(settings(4, &[Some(AiLevel::Random); 4]), 3).unwrap();
    let two = Session::new(settings(2, &[None, Some(AiLevel::Easy)]), 3).unwrap();
    let scopa = |seat, side| E::Scopa { seat, side };
    let collected = |side| E::TableCollected { side, cards: 1 };
    let played = |seat, card, capture| E::Played {
        seat,
        card,
        capture,
    };
    let dealt = |round, deck_left| E::Dealt { round, deck_left };
    let new_hand = |number, dealer, table, redeals| E::NewHand {
        number,
        dealer,
        table,
        redeals,
    };
    let won = |winner, scores: &[u32]| E::MatchFinished {
        winner,
        scores: scores.to_vec(),
    };
    // One side's score: scope, cards, coins, sevens, settebello (points = scope + settebello).
    let side = |scope: u8, cards, coins, sevens, settebello: u8| SideScore {
        scope,
        carte: 0,
        denari: 0,
        settebello,
        primiera: 0,
        napola: 0,
        re_bello: 0,
        total: u16::from(scope + settebello),
        cards,
        coins,
        sevens,
        primiera_value: Some(70),
    };
    let fair = || vec![side(0, 20, 5, 2, 1), side(0, 20, 5, 2, 0)];
    let hand = |sides: Vec<SideScore>| E::HandFinished { sides };
    let changed = |f: fn(&mut SideScore)| {
        let mut sides = fair();
        f(&mut sides[1]);
        hand(sides)
    };
    let cases: Vec<(&Session, SessionEvent)> = vec![
        // Seats and sides past the table: the defect's own cases.
        (&four, collected(255)),
        (&four, collected(2)),
        (&four, scopa(200, 0)),
        (&four, scopa(255, 255)),
        (&two, scopa(2, 0)),
        (&two, collected(2)),
        (&four, won(255, &[11, 3])),
        (&four, won(2, &[11, 3])),
        (&four, played(4, 0, 0)),
        (&two, played(255, 0, 0)),
        (&four, new_hand(0, 4, 0xf, 0)),
        (&two, new_hand(0, 255, 0xf, 0)),
        // A seat's side is the rules': seat 1 of four plays for side 1.
        (&four, scopa(1, 0)),
        (&two, scopa(0, 1)),
        // A card cannot capture itself.
        (&two, played(0, 3, 1 << 3)),
        // Deal rounds: 1 to 5 with 2 players, and what each leaves in the deck.
        (&two, dealt(0, 30)),
        (&two, dealt(6, 0)),
        (&two, dealt(255, 255)),
        (&two, dealt(1, 23)),
        (&four, dealt(1, 200)),
        // A new hand: its number, its table (4 cards), no more redeals than can be.
        (&two, new_hand(u16::MAX, 0, 0xf, 0)),
        (&two, new_hand(1, 0, 0x7, 0)),
        (&two, new_hand(1, 0, 0xf, 200)),
        // Scores: one per side, counts that add up to the deck, points the rules give.
        (&four, hand(vec![side(0, 20, 5, 2, 1); 3])),
        (&two, changed(|s| s.cards = 21)),
        (&two, changed(|s| s.coins = 6)),
        (&two, changed(|s| s.sevens = 3)),
        (&two, changed(|s| s.settebello = 1)),
        (&two, changed(|s| s.total = 9)),
        (&two, changed(|s| (s.napola, s.total) = (3, 3))),
        (&two, changed(|s| (s.carte, s.total) = (2, 2))),
        (&two, changed(|s| (s.scope, s.total) = (19, 19))),
        (&two, changed(|s| s.primiera_value = Some(85))),
        (&two, won(0, &[11, 3, 0])),
        (&two, won(1, &[11, 3])),
    ];
    for (session, event) in cases {
        match session.event_text(event.clone()) {
            Err(SessionError::InvalidCard { message }) => assert!(!message.is_empty()),
            other => panic!("{event:?} gave {other:?}"),
        }
    }
    // Records that fit are written.
    for (session, event) in [
        (&four, scopa(3, 1)),
        (&four, collected(1)),
        (&two, dealt(1, 24)),
        (&two, dealt(5, 0)),
        (&four, dealt(2, 0)),
        (&two, hand(fair())),
        (&two, won(0, &[11, 3])),
        (&two, new_hand(1, 1, 0xf, 0)),
    ] {
        assert!(session.event_text(event.clone()).is_ok(), "{event:?}");
    }
    assert_eq!(
        four.event_text(scopa(3, 1)).unwrap(),
        "Scopa! Player 4 swept the table."
    );
}

#[test]
fn transcript_start_and_script_lines_read_back() {
    let s = settings(
        3,
        &[None, Some(AiLevel::Expert), Some(AiLevel::Handheld), None],
    );
    let line = transcript_start(s.clone()).unwrap();
    assert_eq!(
        line,
        "session players 3 deal standard target 11 primiera classic ace none napola 0 re_bello 0 kings_redeal 1 undo 0 seats human expert handheld"
    );
    let ScriptLine::Settings { settings: back } = parse_script_line(line).unwrap() else {
        panic!("not a settings line");
    };
    assert_eq!(back.rules, s.rules);
    assert_eq!(
        back.seats,
        vec![None, Some(AiLevel::Expert), Some(AiLevel::Handheld), None]
    );
    assert!(matches!(
        parse_script_line("session players 9".into()),
        Err(SessionError::BadScriptLine { .. })
    ));
    assert_eq!(parse_script_line(" # note".into()), Ok(ScriptLine::Nothing));
    assert_eq!(
        parse_script_line("seed 42".into()),
        Ok(ScriptLine::Seed { seed: 42 })
    );
    assert_eq!(parse_script_line("save".into()), Ok(ScriptLine::Save));
    assert_eq!(
        parse_script_line("10b 1d 9d".into()),
        Ok(ScriptLine::Move {
            card: 39,
            capture: 1 | 1 << 8,
        })
    );
    assert!(matches!(
        parse_script_line("11x".into()),
        Err(SessionError::BadScriptLine { .. })
    ));
}

#[test]
fn errors_are_typed_and_written_in_the_sessions_language() {
    // Settings.
    let mut it = settings(3, &[None, None, None]);
    it.lang = Lang::It;
    it.rules.deal = crate::DealKind::Scopone;
    let e = check_settings(it.clone()).unwrap_err();
    assert_eq!(
        e,
        SessionError::InvalidSettings {
            message: "la distribuzione Scopone (9 a testa, 4 in tavola) vuole 4 giocatori, non 3"
                .into()
        }
    );
    assert!(matches!(
        Session::new(it, 1),
        Err(SessionError::InvalidSettings { .. })
    ));
    let mut undo = settings(2, &[None, None]);
    undo.undo = true;
    assert_eq!(
        check_settings(undo).unwrap_err().message(),
        "undo is only for one person playing against the computer, and 2 seats are people"
    );
    let mut too_many = settings(2, &[None, None, None, None, None]);
    assert!(check_settings(too_many.clone()).is_err());
    too_many.seats.truncate(4);
    assert_eq!(check_settings(too_many), Ok(()));

    // Actions.
    let s = Session::new(settings(2, &[None, Some(AiLevel::Easy)]), 9).unwrap();
    while !matches!(s.state().unwrap().phase, Phase::Play { .. }) {
        step(&s);
    }
    let st = s.state().unwrap();
    let before = s.save().unwrap();
    let not_mine = (0u8..40).find(|&c| st.hand & (1 << c) == 0).unwrap();
    type Is = fn(&SessionError) -> bool;
    let cases: Vec<(Action, Is)> = vec![
        (Action::Continue, |e| {
            matches!(e, SessionError::WrongPhase { .. })
        }),
        (Action::Select { card: not_mine }, |e| {
            matches!(e, SessionError::NotInHand { .. })
        }),
        (Action::Select { card: 40 }, |e| {
            matches!(e, SessionError::InvalidCard { .. })
        }),
        (
            Action::Play {
                card: 0,
                capture: 1,
            },
            |e| matches!(e, SessionError::InvalidCard { .. }),
        ),
        (
            Action::Play {
                card: st.hand.trailing_zeros() as u8,
                capture: 1 << not_mine,
            },
            |e| matches!(e, SessionError::IllegalMove { .. }),
        ),
        (Action::Capture { index: 0 }, |e| {
            matches!(e, SessionError::WrongPhase { .. })
        }),
        (Action::Undo, |e| matches!(e, SessionError::UndoOff { .. })),
        (Action::Rematch, |e| {
            matches!(e, SessionError::WrongPhase { .. })
        }),
    ];
    for (action, is) in cases {
        let e = s.apply(action).unwrap_err();
        assert!(is(&e), "{action:?}: {e:?}");
        assert!(!e.message().is_empty());
        assert_eq!(s.save().unwrap(), before, "{action:?} changed the session");
    }
    s.set_lang(Lang::It).unwrap();
    assert_eq!(
        s.apply(Action::Continue).unwrap_err().message(),
        "Continuare non è possibile ora: Tocca a te: gioca una carta."
    );
    assert!(s.hint().unwrap().text.starts_with("Suggerimento: "));
    // Two people: the device is handed over first, and nobody may ask for a hint then.
    let two = Session::new(settings(2, &[None, None]), 1).unwrap();
    assert!(matches!(two.state().unwrap().phase, Phase::HandOff { .. }));
    assert!(matches!(two.hint(), Err(SessionError::WrongPhase { .. })));
}

#[test]
fn no_such_capture_and_cancel_in_the_capture_choice() {
    // Find a position where the person's card has several captures.
    for seed in 0..500 {
        let s = Session::new(settings(2, &[None, Some(AiLevel::Random)]), seed).unwrap();
        for _ in 0..60 {
            let st = s.state().unwrap();
            let Phase::Play { .. } = st.phase else {
                if step(&s).is_none() {
                    break;
                }
                continue;
            };
            for c in CardSet::from_bits(st.hand).unwrap() {
                let probe = Session::restore(s.save().unwrap(), Lang::En).unwrap();
                probe.apply(Action::Select { card: c.index() }).unwrap();
                if let Phase::ChooseCapture { card, .. } = probe.state().unwrap().phase {
                    assert_eq!(card, c.index());
                    let options = probe.capture_options().unwrap();
                    assert!(options.len() >= 2);
                    let e = probe
                        .apply(Action::Capture {
                            index: options.len() as u8,
                        })
                        .unwrap_err();
                    assert!(matches!(e, SessionError::NoSuchCapture { .. }), "{e:?}");
                    probe.apply(Action::Cancel).unwrap();
                    assert!(matches!(probe.state().unwrap().phase, Phase::Play { .. }));
                    probe.apply(Action::Select { card: c.index() }).unwrap();
                    let events = probe.apply(Action::Capture { index: 1 }).unwrap().events;
                    assert_eq!(
                        events[0],
                        SessionEvent::Played {
                            seat: 0,
                            card: c.index(),
                            capture: options[1],
                        }
                    );
                    return;
                }
            }
            step(&s);
        }
    }
    panic!("no seed gave a card with several captures");
}

#[test]
fn undo_takes_back_the_persons_play() {
    let mut s = settings(2, &[None, Some(AiLevel::Easy)]);
    s.undo = true;
    let session = Session::new(s, 4).unwrap();
    while !session.state().unwrap().can_undo {
        step(&session).unwrap();
    }
    let before = session.state().unwrap();
    assert!(matches!(before.phase, Phase::Play { seat: 0 }));
    assert!(session.apply(Action::Undo).unwrap().events.is_empty());
    let after = session.state().unwrap();
    assert!(after.plays < before.plays);
    assert_eq!(after.hand.count_ones(), before.hand.count_ones() + 1);
}

#[test]
fn summary_hint_prompt_names_and_texts() {
    let s = Session::new(settings(2, &[None, Some(AiLevel::Easy)]), 8).unwrap();
    assert_eq!(s.summary().unwrap(), None);
    assert_eq!(s.names().unwrap().seats, vec!["You", "Player 2"]);
    while !matches!(s.state().unwrap().phase, Phase::HandSummary) {
        if let Phase::Play { .. } = s.state().unwrap().phase {
            assert_eq!(s.state().unwrap().prompt, "Your turn: play a card.");
            let h = s.hint().unwrap();
            assert_ne!(s.state().unwrap().hand & (1 << h.card), 0);
        }
        step(&s).unwrap();
    }
    let sum = s.summary().unwrap().unwrap();
    assert_eq!(sum.rows[0].label, "Scope");
    assert_eq!(sum.rows.last().unwrap().label, "Points this hand");
    assert_eq!(sum.piles.len(), 2);
    assert_eq!(
        sum.piles.iter().map(|p| p.count_ones()).sum::<u32>(),
        40,
        "every card ends in a pile"
    );
    assert_eq!(
        sum.rows[1].tally,
        sum.piles
            .iter()
            .map(|p| Some(p.count_ones() as u8))
            .collect::<Vec<_>>()
    );
    s.set_lang(Lang::It).unwrap();
    assert_eq!(s.state().unwrap().prompt, "Mano finita: ecco il punteggio.");
    assert_eq!(s.names().unwrap().seats, vec!["Tu", "Giocatore 2"]);
    let it = ui_texts(Lang::It);
    assert_eq!(it.cards[6], "7 di denari");
    assert_eq!(it.faces[39], "10♣");
    assert_eq!(it.values[0], "Asso");
    assert_eq!(it.labels.new_match, "Nuova partita");
    assert_eq!(it.levels.len(), 5);
    assert_eq!(ui_texts(Lang::En).labels.carry_on, "Continue");
    // The record holds every core label.
    assert_eq!(Labels::LABELS, core::Label::ALL);
    assert_eq!(lang_from_tag("it-IT".into()), Lang::It);
    assert_eq!(lang_from_tag("en-US".into()), Lang::En);
    assert_eq!(default_settings(Lang::It).lang, Lang::It);
}

#[test]
fn bad_session_saves_are_refused_in_the_players_language() {
    let s = Session::new(settings(2, &[None, Some(AiLevel::Easy)]), 1).unwrap();
    let mut b = s.save().unwrap();
    b[200] ^= 0x40;
    let e = Session::restore(b, Lang::It).unwrap_err();
    assert_eq!(
        e.message(),
        "La partita salvata non si può leggere: il salvataggio è danneggiato (il checksum non corrisponde)"
    );
    for bytes in [vec![], vec![0; 364], b"SCPS".to_vec()] {
        assert!(matches!(
            Session::restore(bytes, Lang::En),
            Err(SessionError::BadSave { .. })
        ));
    }
}

#[test]
fn a_panic_is_caught_and_the_session_goes_on() {
    let s = Session::new(settings(2, &[None, None]), 42).unwrap();
    let before = s.save().unwrap();
    let r = guard("test", || s.panic_holding_lock());
    match r {
        Err(SessionError::Internal { message }) => assert_eq!(
            message,
            "internal error in scopa-ffi (please report it): test panicked: test hook: panic while holding the session lock"
        ),
        other => panic!("{other:?}"),
    }
    assert_eq!(s.save().unwrap(), before);
    assert!(s.state().is_ok());
    step(&s).unwrap();
}
