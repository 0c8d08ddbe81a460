//! The whole game through the buttons, with power cuts.

use scopa_sim::{Driver, FlashOf, app_on, new_app};
use scopa_ui::app::Screen;
use scopa_ui::{Button, Buttons};

#[test]
fn a_power_cut_after_every_play_loses_nothing_and_the_match_finishes() {
    let mut d = Driver::new(new_app());
    d.start_with(2, scopa_core::ai::Level::Handheld);
    let mut reboots = 0;
    for _ in 0..20_000 {
        if d.app.screen() == Screen::MatchEnd {
            break;
        }
        let before = d.app.game().map(|g| (g.hand_number(), g.history().len()));
        d.step();
        let after = d.app.game().map(|g| (g.hand_number(), g.history().len()));
        if before != after {
            // Power cut right after the play: reboot on the same flash.
            let flash = d.app.storage_flash();
            let rebooted = app_on(flash);
            assert_eq!(rebooted.game(), d.app.game(), "the save lost a play");
            let over = d.app.game().is_some_and(|g| g.is_over());
            assert_eq!(rebooted.can_continue(), !over);
            reboots += 1;
            if !over && d.app.screen() != Screen::HandEnd {
                let mut r = Driver::new(rebooted);
                r.now = d.now;
                r.press(Button::A); // "Continue"
                assert!(
                    matches!(r.app.screen(), Screen::Table { .. } | Screen::AiPlay { .. }),
                    "after Continue: {:?}",
                    r.app.screen()
                );
                d = r;
            }
        }
    }
    assert_eq!(d.app.screen(), Screen::MatchEnd);
    let game = d.app.game().unwrap();
    assert!(game.winner().is_some());
    assert!(reboots > 36, "only {reboots} plays");
    eprintln!(
        "{reboots} plays, each followed by a power cut; final {:?}",
        game.scores()
    );
}

#[test]
fn back_leaves_every_screen_that_has_a_way_back() {
    let mut d = Driver::new(new_app());
    d.press(Button::A);
    assert_eq!(d.app.screen(), Screen::Options { cursor: 0 });
    d.press(Button::B);
    assert_eq!(d.app.screen(), Screen::Title { cursor: 0 });
    d.start(2);
    d.until(200, "the human's turn", |a| {
        matches!(a.screen(), Screen::Table { .. })
    })
    .unwrap();
    d.press(Button::B);
    assert_eq!(d.app.screen(), Screen::Title { cursor: 0 });
    assert_eq!(d.app.title_items(), &["Continue", "New match"]);
    d.press(Button::A);
    assert!(matches!(d.app.screen(), Screen::Table { .. }));
}

#[test]
fn a_choice_of_captures_can_be_cancelled_and_cycled() {
    let mut d = Driver::new(new_app());
    d.start(2);
    d.until(2000, "a choice", |a| {
        matches!(a.screen(), Screen::Table { .. })
            && a.human_hand().iter().any(|c| a.moves_with(*c).len() > 1)
    })
    .unwrap();
    let hand = d.app.human_hand();
    let i = hand
        .iter()
        .position(|c| d.app.moves_with(*c).len() > 1)
        .unwrap();
    let Screen::Table { cursor } = d.app.screen() else {
        unreachable!()
    };
    for _ in 0..(i + hand.len() - usize::from(cursor)) % hand.len() {
        d.press(Button::Right);
    }
    d.press(Button::A);
    let Screen::Choose { card, cursor, .. } = d.app.screen() else {
        panic!("expected the capture choice, got {:?}", d.app.screen())
    };
    assert_eq!(cursor, 0);
    let n = d.app.moves_with(card).len() as u8;
    for k in 1..=n {
        d.press(Button::Right);
        assert!(matches!(d.app.screen(), Screen::Choose { cursor, .. } if cursor == k % n));
    }
    d.press(Button::B);
    assert!(matches!(d.app.screen(), Screen::Table { .. }));
    let plays = d.app.game().unwrap().history().len();
    d.press(Button::A);
    d.press(Button::Left);
    d.press(Button::A);
    let g = d.app.game().unwrap();
    assert!(g.history().len() == plays + 1 || g.hand_number() > 0);
}

#[test]
fn ai_plays_stay_on_screen_until_their_time_or_a() {
    let mut d = Driver::new(new_app());
    d.start(2);
    d.until(200, "an AI play", |a| {
        matches!(a.screen(), Screen::AiPlay { .. })
    })
    .unwrap();
    let plays = d.app.game().unwrap().history().len();
    d.wait(scopa_ui::app::AI_SHOW_MS / 2);
    assert!(matches!(d.app.screen(), Screen::AiPlay { .. }));
    assert_eq!(d.app.game().unwrap().history().len(), plays);
    d.now += 10;
    d.app.update(d.now, Buttons::just(Button::A));
    assert_eq!(d.app.game().unwrap().history().len(), plays + 1);
}

#[test]
fn update_asks_for_a_redraw_exactly_when_the_screen_changes() {
    let mut app = new_app();
    assert!(!app.update(10, Buttons::NONE));
    assert!(app.update(20, Buttons::just(Button::A))); // title → options
    assert!(!app.update(30, Buttons::NONE));
    assert!(app.update(40, Buttons::just(Button::Right))); // players 2 → 4: same cursor
    assert_eq!(app.settings().rules.players, 4);
    assert!(app.update(50, Buttons::just(Button::Left))); // and back to 2
    assert_eq!(app.settings().rules.players, 2);
}
