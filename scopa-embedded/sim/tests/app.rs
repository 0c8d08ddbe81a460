//! The whole game through the buttons: power cuts, menus, captures, pacing, pass-and-play,
//! languages, undo, and an old save migrated.

use scopa_core::ai::Level;
use scopa_core::scopa::Rules;
use scopa_core::session::{Lang, Phase, Session, Settings};
use scopa_sim::{Driver, FlashOf, app_on, has_a_choice, new_app};
use scopa_ui::app::{AI_SHOW_MS, SUMMARY_MS, Screen};
use scopa_ui::{Button, Buttons};

#[test]
fn a_power_cut_after_every_action_loses_nothing_and_the_match_finishes() {
    let mut d = Driver::new(new_app());
    d.start_with(Settings::against(Level::Handheld, Rules::default()));
    let mut reboots = 0;
    for _ in 0..20_000 {
        if d.app.screen() == Screen::MatchEnd {
            break;
        }
        let before = d.app.session().cloned();
        d.step();
        if d.app.session() != before.as_ref() {
            // Power cut right after the action: reboot on the same flash.
            let rebooted = app_on(d.app.storage_flash());
            assert_eq!(
                rebooted.session(),
                d.app.session(),
                "the save lost an action"
            );
            let over = matches!(d.app.screen(), Screen::MatchEnd);
            assert_eq!(rebooted.can_continue(), !over);
            reboots += 1;
            if !over {
                let mut r = Driver::new(rebooted);
                r.now = d.now;
                r.press(Button::A); // "Continue"
                assert_eq!(r.app.session(), d.app.session());
                assert!(
                    !matches!(
                        r.app.screen(),
                        Screen::Title { .. } | Screen::Options { .. }
                    ),
                    "after Continue: {:?}",
                    r.app.screen()
                );
                d = r;
            }
        }
    }
    assert_eq!(d.app.screen(), Screen::MatchEnd);
    assert!(reboots > 36, "only {reboots} actions");
    eprintln!("{reboots} actions, each followed by a power cut");
}

#[test]
fn back_leaves_every_screen_that_has_a_way_back() {
    let mut d = Driver::new(new_app());
    d.press(Button::A);
    assert_eq!(d.app.screen(), Screen::Options { cursor: 0 });
    d.press(Button::B);
    assert_eq!(d.app.screen(), Screen::Title { cursor: 0 });
    d.start(2);
    d.until(200, "the person's turn", |a| {
        matches!(a.screen(), Screen::Table { .. })
    })
    .unwrap();
    d.press(Button::B);
    assert_eq!(d.app.screen(), Screen::Title { cursor: 0 });
    assert_eq!(d.app.title_items().len(), 2, "Continue and New match");
    d.press(Button::A);
    assert!(matches!(d.app.screen(), Screen::Table { .. }));
}

#[test]
fn a_choice_of_captures_can_be_cancelled_and_cycled() {
    let mut d = Driver::new(new_app());
    d.start(2);
    d.until(2000, "a choice", has_a_choice).unwrap();
    d.choose_a_capture().unwrap();
    let Screen::Choose { cursor, .. } = d.app.screen() else {
        panic!("expected the capture choice, got {:?}", d.app.screen())
    };
    assert_eq!(cursor, 0);
    let n = d.app.capture_options().len() as u8;
    assert!(n > 1);
    for k in 1..=n {
        d.press(Button::Right);
        assert!(matches!(d.app.screen(), Screen::Choose { cursor, .. } if cursor == k % n));
    }
    let played = plays(&d.app);
    d.press(Button::B);
    assert!(matches!(d.app.screen(), Screen::Table { .. }));
    assert_eq!(plays(&d.app), played, "cancel plays nothing");
    d.press(Button::A);
    d.press(Button::Right); // the second capture
    let want = d.app.capture_options()[1];
    d.press(Button::A);
    let m = d.app.session().unwrap().game_match();
    assert!(
        m.last_play()
            .is_some_and(|p| p.mv.capture.distinct() == want)
            || m.hand_number() > 0,
        "{:?}",
        m.last_play()
    );
}

#[test]
fn ai_plays_are_chosen_after_the_screen_shows_the_turn_and_stay_until_their_time_or_a() {
    let mut d = Driver::new(new_app());
    d.start(2);
    d.until(200, "an AI to think", |a| {
        matches!(a.screen(), Screen::Thinking { .. })
    })
    .unwrap();
    let played = plays(&d.app);
    assert!(d.app.update(d.now, Buttons::NONE), "the choice is drawn");
    assert!(matches!(d.app.screen(), Screen::AiPlay { .. }));
    d.wait(AI_SHOW_MS / 2);
    assert!(matches!(d.app.screen(), Screen::AiPlay { .. }));
    assert_eq!(plays(&d.app), played);
    d.now += 10;
    d.app.update(d.now, Buttons::just(Button::A));
    let m = d.app.session().unwrap().game_match();
    assert!(m.plays() == played + 1 || m.hand_number() > 0);
}

#[test]
fn a_watched_hands_summary_goes_on_by_itself_after_its_delay_or_at_a() {
    let mut d = Driver::new(new_app());
    d.start_with(Settings::watch(Level::Random, Rules::default()));
    d.until(2000, "the first hand's summary", |a| {
        matches!(a.screen(), Screen::HandEnd)
    })
    .unwrap();
    // Nobody needs to read it: it stays SUMMARY_MS, then the next hand is dealt.
    d.wait(SUMMARY_MS / 2);
    assert_eq!(d.app.screen(), Screen::HandEnd);
    d.wait(SUMMARY_MS / 2);
    assert_ne!(d.app.screen(), Screen::HandEnd);
    assert_eq!(plays(&d.app), 0, "the second hand has begun");
    // The second hand's summary: A skips the wait.
    d.until(2000, "the second hand's summary", |a| {
        matches!(a.screen(), Screen::HandEnd)
    })
    .unwrap();
    let hand = d.app.session().unwrap().game_match().hand_number();
    d.press(Button::A);
    assert_ne!(d.app.screen(), Screen::HandEnd);
    assert_eq!(d.app.session().unwrap().game_match().hand_number(), hand);
}

#[test]
fn update_asks_for_a_redraw_exactly_when_the_screen_changes() {
    let mut app = new_app();
    assert!(!app.update(10, Buttons::NONE));
    assert!(app.update(20, Buttons::just(Button::A))); // title → options
    assert!(!app.update(30, Buttons::NONE));
    assert!(app.update(35, Buttons::just(Button::Down))); // game → players
    assert!(app.update(40, Buttons::just(Button::Right))); // players 2 → 3: same cursor
    assert_eq!(app.options().rules.players, 3);
    assert!(app.update(50, Buttons::just(Button::Left))); // and back to 2
    assert_eq!(app.options().rules.players, 2);
}

#[test]
fn pass_and_play_hides_each_hand_until_its_player_takes_the_device() {
    pass_and_play_hides_each_hand(Settings::pass_and_play(Rules::default()));
    // Briscola: two people.
    let mut briscola = Settings::briscola(Level::Random, Default::default());
    briscola.seats[1] = scopa_core::session::Player::Human;
    pass_and_play_hides_each_hand(briscola);
}

fn pass_and_play_hides_each_hand(settings: Settings) {
    let mut d = Driver::new(new_app());
    d.start_with(settings);
    assert_eq!(d.app.session().unwrap().settings(), &settings);
    let mut handoffs = 0;
    for _ in 0..400 {
        let session = d.app.session().unwrap();
        let (viewer, hand, phase) = (session.viewer(), session.hand(), session.phase());
        match d.app.screen() {
            Screen::HandOff { seat } => {
                handoffs += 1;
                assert_eq!(viewer, None);
                assert!(hand.is_empty(), "cards shown while handing over");
                assert!(
                    d.app.frame().unwrap().hand.is_empty(),
                    "the frame shows no hand"
                );
                d.press(Button::A);
                assert_eq!(d.app.session().unwrap().viewer(), Some(seat));
            }
            Screen::Table { .. } => {
                let Phase::Play { seat } = phase else {
                    panic!("{phase:?}")
                };
                assert_eq!(viewer, Some(seat), "only the player's own hand");
                d.step();
            }
            Screen::MatchEnd => break,
            _ => d.step(),
        }
    }
    assert!(handoffs > 10, "{handoffs} hand-offs");
}

#[test]
fn the_language_option_changes_every_text_and_comes_back_with_the_save() {
    let mut d = Driver::new(new_app());
    let mut it = Settings::against(Level::Random, Rules::default());
    it.lang = Lang::It;
    d.start_with(it);
    assert_eq!(d.app.texts().lang, Lang::It);
    assert_eq!(d.app.session().unwrap().settings().lang, Lang::It);
    d.until(200, "the person's turn", |a| {
        matches!(a.screen(), Screen::Table { .. })
    })
    .unwrap();
    let rebooted = app_on(d.app.storage_flash());
    assert_eq!(rebooted.options().lang, Lang::It);
    assert_eq!(
        rebooted.texts().label(scopa_core::session::Label::NewMatch),
        "Nuova partita"
    );
}

#[test]
fn undo_takes_back_the_persons_play_when_the_option_is_on() {
    let mut undo = Settings::against(Level::Random, Rules::default());
    undo.undo = true;
    undo_takes_back(undo);
    let mut briscola = Settings::briscola(Level::Random, Default::default());
    briscola.undo = true;
    undo_takes_back(briscola);
}

fn undo_takes_back(undo: Settings) {
    let mut d = Driver::new(new_app());
    d.start_with(undo);
    assert!(d.app.session().unwrap().settings().undo);
    // Play until the person has played in this hand and it is their turn again.
    d.until(400, "a play to take back", |a| {
        matches!(a.screen(), Screen::Table { .. }) && a.session().unwrap().can_undo()
    })
    .unwrap();
    let before = (plays(&d.app), d.app.session().unwrap().hand());
    d.press(Button::Up);
    let after = (plays(&d.app), d.app.session().unwrap().hand());
    assert!(after.0 < before.0, "{before:?} → {after:?}");
    if undo.game.is_briscola() {
        // The card comes back and a card drawn since goes back to the stock: the hand is
        // as many cards, not the same ones.
        assert_ne!(after.1, before.1);
    } else {
        assert!(after.1.len() > before.1.len());
    }
}

#[test]
fn any_presses_at_any_time_never_panic_hang_or_lose_the_save() {
    // A fixed pseudo-random walk over every button and pause, from an empty flash: menus,
    // every option, matches, rematches, pass-and-play, the title and back.
    let mut d = Driver::new(new_app());
    let mut x: u64 = 0x5C0FA;
    let buttons = [
        Button::Up,
        Button::Down,
        Button::Left,
        Button::Right,
        Button::A,
        Button::A,
        Button::B,
    ];
    let mut changes = 0;
    let mut last = None;
    for i in 0..30_000 {
        let now = d.app.session().map(|s| {
            let m = s.game_match();
            (s.match_number(), m.hand_number(), m.plays())
        });
        if now != last {
            changes += 1;
            last = now;
        }
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        match x % 10 {
            0..=6 => d.press(buttons[(x >> 8) as usize % buttons.len()]),
            7 => d.wait(AI_SHOW_MS),
            _ => d.wait((x >> 16) as u32 % 100),
        }
        if i % 997 == 0 {
            let rebooted = app_on(d.app.storage_flash());
            // A reboot resumes what was saved (`Session::restore`): with two or more people
            // at the handheld the device is handed over again, nothing else differs.
            let saved = d
                .app
                .session()
                .map(|s| Session::restore(&s.to_bytes()).unwrap());
            assert_eq!(rebooted.session(), saved.as_ref(), "step {i}");
        }
    }
    assert!(changes > 200, "the walk played only {changes} times");
}

#[test]
fn briscola_plays_through_the_buttons_with_hints_saves_and_its_own_summary() {
    use scopa_core::briscola::BriscolaRules;
    use scopa_ui::screens::Page;
    use scopa_ui::screens::model::Status;
    let mut d = Driver::new(new_app());
    d.start_with(Settings::briscola(Level::Random, BriscolaRules::default()));
    assert!(d.app.session().unwrap().game().is_briscola());
    let mut hints = 0;
    let mut hand_ends = 0;
    for _ in 0..5_000 {
        match d.app.screen() {
            Screen::MatchEnd => break,
            Screen::Table { .. } if hints < 3 => {
                // Down: "Hint..." drawn, then on the next update the frame's hint, its card
                // in the hand, until the next play.
                assert!(d.app.update(d.now + 40, Buttons::just(Button::Down)));
                let Page::Table(t) = d.app.model().page else {
                    panic!("the table")
                };
                assert_eq!(t.status, Status::HintAsked);
                assert_eq!(t.hint(), None);
                assert!(d.app.update(d.now + 80, Buttons::NONE));
                d.now += 80;
                let Page::Table(t) = d.app.model().page else {
                    panic!("the table")
                };
                let hint = t.hint().expect("a hint");
                assert!(t.frame.hand.contains(hint.card()));
                hints += 1;
            }
            Screen::HandEnd => {
                let Page::HandEnd(m) = d.app.model().page else {
                    panic!("the summary")
                };
                let score = m.points.expect("Briscola's card points");
                assert_eq!(score.points.iter().map(|&p| u16::from(p)).sum::<u16>(), 120);
                assert!(m.rows.is_none(), "no Scopa rows");
                hand_ends += 1;
            }
            _ => {
                if let Page::Table(t) = d.app.model().page {
                    let table = t
                        .briscola()
                        .cloned()
                        .expect("Briscola's middle from the frame");
                    assert!(table.trick.len() < 2, "two players: at most the lead waits");
                    assert_eq!(t.hint(), None, "a hint lasts until the next play");
                }
            }
        }
        let before = d.app.session().cloned();
        d.step();
        if d.app.session() != before.as_ref() {
            // The save holds every action.
            assert_eq!(app_on(d.app.storage_flash()).session(), d.app.session());
        }
    }
    assert_eq!(d.app.screen(), Screen::MatchEnd);
    assert!(hand_ends >= 2, "best of three: {hand_ends} hands");
    let Page::MatchEnd(m) = d.app.model().page else {
        panic!("the match end")
    };
    assert!(m.points.is_some() && m.pile.is_none());
}

/// Plays made in the current hand of the app's session.
fn plays(app: &scopa_sim::SimApp) -> u8 {
    app.session().map_or(0, |s| s.game_match().plays())
}
