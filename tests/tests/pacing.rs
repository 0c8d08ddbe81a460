//! The presenter alone plays whole matches with a fake clock, and every pacing decision is
//! checked against the policy table of docs/session.md (written out again here, from the
//! phase and the settings, not from the code under test); the autosave rule is checked
//! against the bytes; the driver's match equals the session played directly with the same
//! actions. And the table model hides the hidden cards: permuting them (and the secret and
//! the deals to come) changes no frame and no byte of its JSON.

mod common;

use proptest::prelude::*;
use scopa_core::ai::Level;
use scopa_core::scopa::{DealKind, Rules};
use scopa_core::session::driver::Presenter;
use scopa_core::session::pacing::{Next, Pacing, Token, Waiting};
use scopa_core::session::table::{Banner, Choices, Frame};
use scopa_core::session::{Action, Phase, Player, Session, Settings, transcript};
use scopa_core::{CardSet, SplitMix64};

/// What the fake clock saw while a match was played.
#[derive(Default, Debug)]
struct Tally {
    waits_for_seat: usize,
    waits_for_anyone: usize,
    ai_delays: usize,
    scopa_banners: usize,
    summaries_by_timer: usize,
    hand_offs: usize,
    saves: usize,
    stale_fired: usize,
    elapsed_ms: u64,
}

/// The pacing table of docs/session.md: what must happen in `phase`.
fn expected(phase: Phase, settings: &Settings, pacing: &Pacing) -> (Option<Waiting>, u32, Action) {
    let watched = settings.humans() == 0;
    match phase {
        Phase::Play { seat } | Phase::ChooseCapture { seat, .. } => {
            (Some(Waiting::Seat(seat)), 0, Action::Continue)
        }
        Phase::AiDue { .. } => (None, pacing.ai_ms, Action::RunAi),
        Phase::Scopa { .. } => (None, pacing.scopa_ms, Action::Continue),
        Phase::HandOff { seat } if pacing.attended => {
            (Some(Waiting::Seat(seat)), 0, Action::Continue)
        }
        Phase::HandOff { .. } => (None, 0, Action::Continue),
        Phase::HandSummary if pacing.attended && !watched => {
            (Some(Waiting::Anyone), 0, Action::Continue)
        }
        Phase::HandSummary => (None, pacing.summary_ms, Action::Continue),
        Phase::MatchOver { .. } => (Some(Waiting::Anyone), 0, Action::Rematch),
    }
}

/// Plays `p`'s match to its end through the presenter only: people choose with `rng`,
/// delays run on a fake clock. Returns every action the session accepted, the transcript
/// and the tally.
fn play_through(p: &mut Presenter, rng: &mut SplitMix64) -> (Vec<Action>, Vec<String>, Tally) {
    let settings = *p.session().settings();
    let pacing = *p.pacing();
    let mut accepted = Vec::new();
    let mut lines = Vec::new();
    let mut tally = Tally::default();
    let mut now: u64 = 0;
    let mut last_token: Option<Token> = None;
    if p.take_save() {
        tally.saves += 1;
    }
    for _ in 0..20_000 {
        let frame = p.frame();
        for e in &frame.events {
            lines.extend(e.line().to_string().split('\n').map(String::from));
            assert!(!frame.event_text(e).to_string().is_empty());
        }
        assert_eq!(frame.missed_events, 0);
        let phase = p.session().phase();
        let (wait, after, action) = expected(phase, &settings, &pacing);
        // The frame shows what the policy and the phase say, and hides the others' cards.
        assert_eq!(frame.next, p.next());
        assert_eq!(frame.viewer, p.session().viewer());
        assert_eq!(frame.hand, p.session().hand());
        let before = p.session().to_bytes();
        let step = match (wait, frame.next) {
            (Some(w), Next::Wait(got)) => {
                assert_eq!(got, w, "{phase:?}");
                if let Phase::MatchOver { .. } = phase {
                    tally.waits_for_anyone += 1;
                    assert!(frame.offers.rematch);
                    assert!(matches!(frame.banner, Some(Banner::MatchOver { .. })));
                    return (accepted, lines, tally);
                }
                // A stale timer (set for an earlier phase) does nothing.
                if let Some(old) = last_token.take() {
                    let s = p.fire(old).unwrap();
                    assert!(!s.applied && !s.save);
                    assert_eq!(p.session().to_bytes(), before);
                    tally.stale_fired += 1;
                }
                let action = match (w, &frame.choices) {
                    (Waiting::Seat(seat), Choices::Cards(cards)) => {
                        tally.waits_for_seat += 1;
                        assert_eq!(frame.viewer, Some(seat));
                        assert!(frame.offers.hint && !frame.offers.proceed);
                        let c = &cards[(rng.next() % cards.len() as u64) as usize];
                        if rng.next().is_multiple_of(8) {
                            // Ask for a hint now and then: no save, no change of pacing.
                            let s = p.hint().unwrap();
                            assert!(!s.save && !s.applied);
                            assert!(p.peek().hint_text().is_some());
                            assert_eq!(p.session().to_bytes(), before);
                        }
                        Action::Select(c.card)
                    }
                    (Waiting::Seat(seat), Choices::Captures { options, .. }) => {
                        tally.waits_for_seat += 1;
                        assert_eq!(frame.viewer, Some(seat));
                        assert!(frame.offers.cancel);
                        Action::Capture((rng.next() % options.len() as u64) as u8)
                    }
                    (Waiting::Seat(seat), Choices::None) => {
                        // Pass-and-play: the device goes to `seat`, cards hidden.
                        tally.hand_offs += 1;
                        assert_eq!(phase, Phase::HandOff { seat });
                        assert_eq!(frame.viewer, None);
                        assert!(frame.hand.is_empty());
                        assert!(frame.offers.proceed);
                        Action::Continue
                    }
                    (Waiting::Anyone, choices) => {
                        tally.waits_for_anyone += 1;
                        assert_eq!(phase, Phase::HandSummary);
                        assert_eq!(*choices, Choices::None);
                        assert!(matches!(frame.banner, Some(Banner::HandOver(_))));
                        assert!(frame.offers.proceed);
                        Action::Continue
                    }
                };
                let step = p.act(action).unwrap();
                accepted.push(action);
                step
            }
            (None, Next::Due(due)) => {
                assert_eq!(due.action, action, "{phase:?}");
                assert_eq!(due.after_ms, after, "{phase:?}");
                assert_eq!(due.token, p.next().due().unwrap().token);
                match phase {
                    Phase::AiDue { .. } => tally.ai_delays += 1,
                    Phase::Scopa { .. } => tally.scopa_banners += 1,
                    Phase::HandSummary => tally.summaries_by_timer += 1,
                    Phase::HandOff { .. } => tally.hand_offs += 1,
                    _ => unreachable!("{phase:?} has no delay"),
                }
                assert_eq!(frame.choices, Choices::None);
                // The fake clock runs the delay, then fires.
                now += u64::from(due.after_ms);
                last_token = Some(due.token);
                let step = p.fire(due.token).unwrap();
                assert!(step.applied);
                accepted.push(due.action);
                step
            }
            (w, n) => panic!("{phase:?}: the policy says {w:?}, the presenter {n:?}"),
        };
        // The autosave rule: save exactly when the bytes changed.
        let after_bytes = p.session().to_bytes();
        assert_eq!(step.save, after_bytes != before, "{phase:?}");
        assert!(step.save, "every accepted action changes what a save holds");
        assert!(p.take_save());
        tally.saves += 1;
        tally.elapsed_ms = now;
    }
    panic!("the match did not end");
}

/// The same actions played on the session directly: same transcript, same bytes.
fn replay(settings: Settings, seed: u64, actions: &[Action], lines: &[String], end: &Session) {
    let mut s = Session::new(settings, seed).unwrap();
    let mut direct: Vec<String> = transcript::event(&s.deal_event())
        .to_string()
        .split('\n')
        .map(String::from)
        .collect();
    for a in actions {
        for e in s.apply(*a).unwrap() {
            direct.extend(
                transcript::event(&e)
                    .to_string()
                    .split('\n')
                    .map(String::from),
            );
        }
    }
    assert_eq!(direct, lines);
    assert_eq!(s.to_bytes(), end.to_bytes());
}

fn whole_match(settings: Settings, seed: u64, pacing: Pacing) -> Tally {
    let mut p = Presenter::new(Session::new(settings, seed).unwrap(), pacing);
    let mut rng = SplitMix64::new(seed ^ 0xA5A5);
    let (actions, lines, tally) = play_through(&mut p, &mut rng);
    assert!(matches!(p.session().phase(), Phase::MatchOver { .. }));
    assert!(lines.iter().any(|l| l.starts_with("winner ")));
    replay(settings, seed, &actions, &lines, p.session());
    tally
}

#[test]
fn one_person_against_the_ai() {
    let t = whole_match(
        Settings::against(Level::Medium, Rules::default()),
        5,
        Pacing::APPS,
    );
    assert!(t.waits_for_seat > 10 && t.ai_delays > 10, "{t:?}");
    assert!(t.waits_for_anyone >= 2, "every hand summary waits: {t:?}");
    assert_eq!((t.hand_offs, t.summaries_by_timer), (0, 0), "{t:?}");
    assert!(t.stale_fired > 0, "{t:?}");
    assert!(t.saves > t.waits_for_seat + t.ai_delays, "{t:?}");
    // Time passes only for the AI's pauses and the banners.
    assert_eq!(
        t.elapsed_ms,
        900 * t.ai_delays as u64 + 1500 * t.scopa_banners as u64,
        "{t:?}"
    );
}

#[test]
fn four_people_pass_and_play() {
    let rules = Rules {
        players: 4,
        ..Rules::default()
    };
    let t = whole_match(Settings::pass_and_play(rules), 9, Pacing::APPS);
    // Every turn is another person's: the device changes hands before each one.
    assert!(t.hand_offs >= t.waits_for_seat / 2, "{t:?}");
    assert_eq!((t.ai_delays, t.summaries_by_timer), (0, 0), "{t:?}");
    assert_eq!(t.elapsed_ms, 1500 * t.scopa_banners as u64, "{t:?}");
}

#[test]
fn two_people_and_two_ais_in_scopone() {
    let rules = Rules {
        players: 4,
        deal: DealKind::Scopone,
        ..Rules::default()
    };
    let mut settings = Settings::pass_and_play(rules);
    settings.seats[1] = Player::Ai(Level::Easy);
    settings.seats[3] = Player::Ai(Level::Easy);
    let t = whole_match(settings, 21, Pacing::APPS);
    assert!(t.hand_offs > 0 && t.ai_delays > 0, "{t:?}");
}

#[test]
fn watch_mode_goes_on_by_itself() {
    let pacing = Pacing::APPS;
    let t = whole_match(Settings::watch(Level::Easy, Rules::default()), 3, pacing);
    // Nobody is waited for until the match is over; summaries go on by a timer.
    assert_eq!((t.waits_for_seat, t.hand_offs), (0, 0), "{t:?}");
    assert_eq!(t.waits_for_anyone, 1, "only the match's end waits: {t:?}");
    assert!(t.summaries_by_timer >= 2, "{t:?}");
    assert_eq!(
        t.elapsed_ms,
        u64::from(pacing.ai_ms) * t.ai_delays as u64
            + u64::from(pacing.scopa_ms) * t.scopa_banners as u64
            + u64::from(pacing.summary_ms) * t.summaries_by_timer as u64,
        "{t:?}"
    );
}

#[test]
fn unattended_pass_and_play_acknowledges_by_itself() {
    let rules = Rules {
        players: 3,
        ..Rules::default()
    };
    let t = whole_match(Settings::pass_and_play(rules), 14, Pacing::UNATTENDED);
    assert!(t.hand_offs > 0 && t.summaries_by_timer > 0, "{t:?}");
    assert_eq!(t.waits_for_anyone, 1, "{t:?}");
    assert_eq!(t.elapsed_ms, 0);
}

#[test]
fn a_new_session_saves_at_once_and_a_resumed_one_does_not() {
    let s = Session::new(Settings::default(), 1).unwrap();
    let bytes = s.to_bytes();
    assert!(Presenter::new(s, Pacing::APPS).take_save());
    let mut p = Presenter::resumed(Session::from_bytes(&bytes).unwrap(), Pacing::APPS);
    assert!(!p.take_save());
    // The language is in the save: changing it asks to save.
    let step = p.set_lang(scopa_core::session::Lang::It);
    assert!(step.save && p.take_save());
    assert_ne!(p.session().to_bytes(), bytes);
    assert!(!p.set_lang(scopa_core::session::Lang::It).save);
    // The first frame shows the deal, in Italian.
    let f = p.frame();
    assert!(
        f.event_text(&f.events[0]).to_string().starts_with("Mano 1"),
        "{}",
        f.event_text(&f.events[0])
    );
    assert!(p.frame().events.is_empty(), "events are shown once");
}

#[test]
fn refused_input_changes_nothing_and_says_why() {
    let mut p = Presenter::new(Session::new(Settings::default(), 2).unwrap(), Pacing::APPS);
    p.take_save();
    let before = p.session().to_bytes();
    let next = p.next();
    assert!(p.act(Action::Rematch).is_err());
    assert_eq!(p.session().to_bytes(), before);
    assert_eq!(p.next(), next, "the timer's token stays valid");
    assert!(!p.take_save());
    let f = p.frame();
    assert!(
        f.refusal_text()
            .unwrap()
            .to_string()
            .contains("not possible now")
    );
}

#[test]
fn an_ai_move_computed_elsewhere_is_fired_with_its_token() {
    let settings = Settings::watch(Level::Easy, Rules::default());
    let mut p = Presenter::new(Session::new(settings, 4).unwrap(), Pacing::APPS);
    let Next::Due(due) = p.next() else {
        panic!("an AI is due")
    };
    let mv = p.session().clone().ai_move().unwrap();
    assert!(
        !p.fire_move(Token(due.token.0.wrapping_add(1)), mv)
            .unwrap()
            .applied
    );
    let step = p.fire_move(due.token, mv).unwrap();
    assert!(step.applied && step.save);
    assert!(!p.fire_move(due.token, mv).unwrap().applied, "fired once");
}

// ----- hidden cards stay hidden ----------------------------------------------------------

/// Every card `seat` cannot see (no seat: a spectator): not in its hand, not on the table,
/// not captured this hand.
fn hidden_from(s: &Session, seat: Option<u8>) -> CardSet {
    let m = s.game_match();
    let mut seen = m.table_cards().distinct()
        | Frame::for_seat(s, seat, Default::default(), &Pacing::APPS)
            .hand
            .distinct();
    for side in 0..s.settings().sides() {
        seen |= m.pile(side).distinct();
    }
    !seen
}

fn any_settings() -> impl Strategy<Value = Settings> {
    (common::rules_with_target(1..=6), 0..3u8, 0..2u8).prop_map(|(rules, kind, lang)| {
        let mut s = match kind {
            0 => Settings::against(Level::Easy, rules),
            1 => Settings::pass_and_play(rules),
            _ => Settings::watch(Level::Random, rules),
        };
        s.lang = scopa_core::session::Lang::ALL[usize::from(lang)];
        s
    })
}

proptest! {
    #![proptest_config(common::config(64))]

    /// What a seat (or a spectator) is shown — its frame, and the presenter's with a hint —
    /// is the same, to the byte of its JSON, whatever the cards it cannot see (the other
    /// hands, the deck order), the deals to come and the secret.
    #[test]
    fn frames_hide_the_hidden_cards(
        settings in any_settings(),
        seed in any::<u64>(),
        steps in 0usize..120,
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
        // A seat, or a spectator.
        let looker = Some(looker).filter(|&l| l < settings.rules.players);
        // Another seat choosing among the captures of a card is a card the looker cannot see
        // either: the other session has that seat still choosing its card (cancelled), so
        // its hand can be permuted (a permuted hand may not hold the card, or the card may
        // capture in one way only, which no save can hold while choosing).
        let mut t = s.clone();
        if let Phase::ChooseCapture { seat, .. } = s.phase()
            && looker != Some(seat)
        {
            t.apply(Action::Cancel).unwrap();
        }
        let hidden = hidden_from(&t, looker);
        let other = Session::from_bytes(&common::permuted_save(&t.to_bytes(), &common::SCOPA_SAVE, hidden, shuffle)).unwrap();
        prop_assert_eq!(other.phase(), t.phase());
        let (a, b) = (common::frames_of(&s, looker), common::frames_of(&other, looker));
        prop_assert_eq!(a.len(), b.len());
        for ((fa, ja), (fb, jb)) in a.iter().zip(&b) {
            prop_assert_eq!(fa, fb);
            prop_assert_eq!(ja, jb);
        }
    }
}

#[test]
fn a_frame_serializes_every_text() {
    let mut settings = Settings::against(Level::Easy, Rules::default());
    settings.lang = scopa_core::session::Lang::It;
    let mut p = Presenter::new(Session::new(settings, 8).unwrap(), Pacing::APPS);
    p.set_style(scopa_core::session::CardStyle::Names);
    let json: serde_json::Value =
        serde_json::to_value(scopa_frame::Frame::new(&p.frame(), p.session(), p.recap())).unwrap();
    assert_eq!(json["lang"], "it");
    assert_eq!(json["seats"][0]["name"], "Tu");
    assert_eq!(json["seats"][1]["player"], "easy");
    assert_eq!(json["seats"][1]["player_name"], "Facile");
    assert!(
        json["events"][0]["text"]
            .as_str()
            .unwrap()
            .starts_with("Mano 1")
    );
    assert!(
        json["events"][0]["line"]
            .as_str()
            .unwrap()
            .starts_with("hand 0 dealer ")
    );
    assert_eq!(json["hand"].as_array().unwrap().len(), 3);
    assert!(json["hand"][0]["name"].as_str().unwrap().contains(" di "));
    assert_eq!(json["table"]["game"], "scopa");
    assert!(json["status"].as_str().is_some());
}

#[test]
fn the_model_is_small_enough_for_the_handheld() {
    use std::mem::size_of;
    println!(
        "Frame {} B, Presenter {} B, Session {} B, Next {} B, Step {} B",
        size_of::<Frame>(),
        size_of::<Presenter>(),
        size_of::<Session>(),
        size_of::<Next>(),
        size_of::<scopa_core::session::driver::Step>()
    );
    // The host's model has room for tables of 6 and 8 (feature `big-tables`); the
    // handheld's, built without it, is checked by scopa-ui's test of the same name and by
    // the firmware's stack high-water (`.ci/embedded.sh`).
    assert!(size_of::<Frame>() <= 3072);
    assert!(size_of::<Presenter>() <= 4096);
}

/// Named players: every text of the frames (seats, status, events, scores) calls the
/// seats by their names, and nothing else changes — the same actions give the same
/// transcript, saves and frames but for the texts.
#[test]
fn names_change_the_texts_and_nothing_else() {
    use scopa_core::session::names::Names;
    let mut settings = Settings::against(Level::Easy, Rules::default());
    settings.seats = [Player::Human; scopa_core::session::MAX_SEATS];
    settings = Settings {
        rules: Rules {
            players: 4,
            ..Rules::default()
        },
        ..settings
    };
    let session = Session::new(settings, 12).unwrap();
    let names = Names::from_list(["Anna", "Bruno", "Carla", "Dario"]).unwrap();
    let mut plain = Presenter::new(session.clone(), Pacing::UNATTENDED);
    let mut named = Presenter::new(session, Pacing::UNATTENDED);
    named.set_names(names);
    assert_eq!(named.names(), &names);
    let mut rng = SplitMix64::new(3);
    let mut seen = String::new();
    for _ in 0..200 {
        let (fp, fn_) = (plain.frame(), named.frame());
        let jp: serde_json::Value =
            serde_json::to_value(scopa_frame::Frame::new(&fp, plain.session(), plain.recap()))
                .unwrap();
        let jn: serde_json::Value = serde_json::to_value(scopa_frame::Frame::new(
            &fn_,
            named.session(),
            named.recap(),
        ))
        .unwrap();
        assert_eq!(fp.phase, fn_.phase);
        assert_eq!(fp.hand, fn_.hand);
        assert_eq!(fp.events, fn_.events);
        assert_eq!(
            jp["events"].as_array().map(Vec::len),
            jn["events"].as_array().map(Vec::len)
        );
        for (ep, en) in jp["events"]
            .as_array()
            .unwrap()
            .iter()
            .zip(jn["events"].as_array().unwrap())
        {
            assert_eq!(
                ep["line"], en["line"],
                "transcript lines do not name anyone"
            );
            let text = en["text"].as_str().unwrap();
            assert!(!text.contains("Player "), "{text}");
            seen.push_str(text);
            seen.push('\n');
        }
        let status = jn["status"].as_str().unwrap();
        assert!(!status.contains("Player "), "{status}");
        seen.push_str(status);
        assert_eq!(plain.session().to_bytes(), named.session().to_bytes());
        if matches!(plain.session().phase(), Phase::MatchOver { .. }) {
            break;
        }
        let action = match plain.session().phase() {
            Phase::Play { .. } => {
                let hand = plain.session().hand();
                let pick = (rng.next() % hand.len() as u64) as usize;
                Action::Select(hand.iter().nth(pick).unwrap())
            }
            Phase::ChooseCapture { .. } => Action::Capture(0),
            Phase::AiDue { .. } => Action::RunAi,
            _ => Action::Continue,
        };
        let a = plain.act(action);
        let b = named.act(action);
        assert_eq!(a.is_ok(), b.is_ok());
    }
    for name in ["Anna", "Bruno", "Carla", "Dario", "Anna & Carla"] {
        assert!(seen.contains(name), "{name} never named in:\n{seen}");
    }
}
