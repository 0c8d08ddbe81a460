//! Tests of the controller as an app drives it: a store, a timer and a listener written in
//! Rust the way the Kotlin and Swift glue writes them.

use std::sync::atomic::{AtomicBool, Ordering};

use scopa_core::session::transcript;

use super::frame::{BannerKind, Command};
use super::*;
use crate::default_rules;
use crate::types::{AiLevel, RulesConfig};

#[derive(Default)]
struct Store {
    saves: Mutex<Vec<Vec<u8>>>,
    broken: AtomicBool,
}

impl SaveStore for Store {
    fn write(&self, bytes: Vec<u8>) -> Result<(), StoreError> {
        if self.broken.load(Ordering::SeqCst) {
            return Err(StoreError::Failed {
                reason: "disk full".into(),
            });
        }
        self.saves.lock().unwrap().push(bytes);
        Ok(())
    }
}

/// A timer the test runs by hand: the last schedule replaces the one before.
#[derive(Default)]
struct ManualTimer {
    due: Mutex<Option<(u32, u32)>>,
    scheduled: Mutex<u32>,
}

impl Timer for ManualTimer {
    fn schedule(&self, after_ms: u32, token: u32) {
        *self.due.lock().unwrap() = Some((after_ms, token));
        *self.scheduled.lock().unwrap() += 1;
    }
}

#[derive(Default)]
struct Screen {
    frames: Mutex<Vec<Frame>>,
}

impl FrameListener for Screen {
    fn on_frame(&self, frame: Frame) {
        self.frames.lock().unwrap().push(frame);
    }
}

impl Screen {
    fn last(&self) -> Frame {
        self.frames
            .lock()
            .unwrap()
            .last()
            .cloned()
            .expect("a frame")
    }
}

struct App {
    c: Arc<GameController>,
    store: Arc<Store>,
    timer: Arc<ManualTimer>,
    screen: Arc<Screen>,
}

/// `players` seats as `seats` says, default rules, undo off, English (also the settings
/// of `crate::session::tests`).
pub(crate) fn settings(players: u32, seats: &[Option<AiLevel>]) -> SessionSettings {
    SessionSettings {
        rules: RulesConfig {
            players,
            ..default_rules()
        },
        seats: seats.to_vec(),
        undo: false,
        lang: Lang::En,
        briscola: None,
    }
}

fn parts() -> (Arc<Store>, Arc<ManualTimer>, Arc<Screen>) {
    Default::default()
}

/// Plays until the person has cards to play.
fn until_person(app: &App) {
    while app.screen.last().cards.is_empty() {
        assert!(app.fire(), "a delay runs until the person plays");
    }
}

fn start(settings: SessionSettings, seed: u64) -> App {
    let (store, timer, screen) = parts();
    let c = GameController::new(
        settings,
        seed,
        Pacing::APPS,
        store.clone(),
        timer.clone(),
        screen.clone(),
    )
    .unwrap();
    c.resume().unwrap();
    App {
        c,
        store,
        timer,
        screen,
    }
}

impl App {
    fn saves(&self) -> usize {
        self.store.saves.lock().unwrap().len()
    }

    fn frames(&self) -> usize {
        self.screen.frames.lock().unwrap().len()
    }

    /// Fires the timer if one is armed.
    fn fire(&self) -> bool {
        let due = self.timer.due.lock().unwrap().take();
        match due {
            Some((_, token)) => {
                self.c.fire(token).unwrap();
                true
            }
            None => false,
        }
    }

    /// One step as a person would take it; false at the end of the match. Appends every
    /// event's transcript line to `lines`.
    fn step(&self, lines: &mut Vec<String>) -> bool {
        let f = self.screen.last();
        lines.extend(f.events.iter().map(|e| e.line.clone()));
        if f.over {
            return false;
        }
        if f.due_ms.is_some() {
            assert!(self.fire(), "a delay runs, so the timer is armed");
        } else if let Some(c) = f.cards.first() {
            self.c.select(c.card.index()).unwrap();
        } else if !f.captures.is_empty() {
            self.c.capture(0).unwrap();
        } else {
            assert!(
                f.offers.iter().any(|o| o.command == Command::Proceed),
                "{f:?}"
            );
            self.c.proceed().unwrap();
        }
        true
    }

    fn play_to_end(&self, lines: &mut Vec<String>) {
        for _ in 0..10_000 {
            if !self.step(lines) {
                return;
            }
        }
        panic!("the match did not end");
    }
}

#[test]
fn a_whole_match_saves_after_every_change_and_draws_every_event() {
    let app = start(settings(2, &[None, Some(AiLevel::Easy)]), 42);
    assert_eq!(app.saves(), 1, "a new session is saved at once");
    let first = app.screen.last();
    assert_eq!(first.hand.len(), 3);
    assert!(
        first.events[0].text.starts_with("Hand 1"),
        "{:?}",
        first.events
    );
    let mut lines = Vec::new();
    let mut changes = 0;
    loop {
        assert!(changes < 5000, "{:?}", app.screen.last());
        let before = app.frames();
        let saves = app.saves();
        if !app.step(&mut lines) {
            break;
        }
        assert_eq!(app.frames(), before + 1, "one frame per change");
        assert_eq!(app.saves(), saves + 1, "one save per change");
        changes += 1;
        let last = app.store.saves.lock().unwrap().last().cloned().unwrap();
        assert_eq!(last, app.c.save().unwrap());
    }
    assert!(changes > 20);
    let f = app.screen.last();
    assert_eq!(f.banner.as_ref().unwrap().kind, BannerKind::MatchOver);
    assert!(
        f.offers
            .iter()
            .any(|o| o.command == Command::Rematch && o.label == "Rematch")
    );
    assert!(lines.last().unwrap().starts_with("winner "), "{lines:?}");
}

#[test]
fn the_transcript_through_the_controller_is_the_sessions() {
    // The same session played through the core presenter, unattended, and through the
    // controller: the same transcript lines.
    let s = settings(2, &[None, Some(AiLevel::Medium)]);
    let app = start(s.clone(), 7);
    let mut lines = Vec::new();
    app.play_to_end(&mut lines);
    let mut p = Presenter::new(
        core::Session::new(s.to_core().unwrap(), 7).unwrap(),
        Pacing::APPS,
    );
    let mut expected = Vec::new();
    loop {
        let f = p.frame();
        expected.extend(f.events.iter().map(|e| e.line().to_string()));
        if f.offers.rematch {
            break;
        }
        match f.next {
            Next::Due(d) => p.fire(d.token).unwrap(),
            Next::Wait(_) => match &f.choices {
                scopa_core::session::table::Choices::Cards(c) => {
                    p.act(Action::Select(c[0].card)).unwrap()
                }
                scopa_core::session::table::Choices::Captures { .. } => {
                    p.act(Action::Capture(0)).unwrap()
                }
                scopa_core::session::table::Choices::None => p.act(Action::Continue).unwrap(),
            },
        };
    }
    assert_eq!(lines, expected);
    assert!(lines[0].starts_with("hand 0 "), "{}", lines[0]);
    let _ = transcript::start(&s.to_core().unwrap());
}

#[test]
fn stale_timers_do_nothing_and_a_new_delay_replaces_the_old() {
    // A seed where the AI leads: its delay is armed at once.
    let app = (1..)
        .map(|seed| start(settings(2, &[Some(AiLevel::Easy), None]), seed))
        .find(|app| app.timer.due.lock().unwrap().is_some())
        .unwrap();
    let (after, token) = app.timer.due.lock().unwrap().expect("the AI's pause");
    assert_eq!(after, 900);
    let frames = app.frames();
    let saves = app.saves();
    app.c.fire(token.wrapping_add(7)).unwrap();
    assert_eq!(
        (app.frames(), app.saves()),
        (frames, saves),
        "a stale token: nothing"
    );
    // The language changes the texts, not the delay: no new schedule.
    let scheduled = *app.timer.scheduled.lock().unwrap();
    app.c.set_lang(Lang::It).unwrap();
    assert_eq!(*app.timer.scheduled.lock().unwrap(), scheduled);
    assert_eq!(app.screen.last().lang, Lang::It);
    assert_eq!(app.saves(), saves + 1, "the language is saved");
    app.c.fire(token).unwrap();
    assert_eq!(app.frames(), frames + 2);
    let f = app.screen.last();
    assert!(
        f.events
            .iter()
            .any(|e| e.played.as_ref().is_some_and(|p| p.seat == 0))
    );
    // Firing the same token again: the AI has played, nothing happens.
    let n = app.frames();
    app.c.fire(token).unwrap();
    assert_eq!(app.frames(), n);
}

#[test]
fn a_refusal_shows_in_the_frame_and_changes_nothing() {
    let app = start(settings(2, &[None, Some(AiLevel::Easy)]), 42);
    until_person(&app);
    let before = app.c.save().unwrap();
    let saves = app.saves();
    app.c.proceed().unwrap();
    let f = app.screen.last();
    assert!(f.refusal.is_some(), "{f:?}");
    assert_eq!(app.c.save().unwrap(), before);
    assert_eq!(app.saves(), saves, "nothing to save after a refusal");
    let Err(SessionError::InvalidCard { .. }) = app.c.select(40) else {
        panic!("card 40 is no card")
    };
    app.c.hint().unwrap();
    let f = app.screen.last();
    assert!(f.hint.as_ref().unwrap().starts_with("Hint"), "{:?}", f.hint);
    assert!(f.hand.contains(&f.hint_card.unwrap()));
    assert_eq!(app.saves(), saves, "a hint is not saved");
}

#[test]
fn a_failed_save_is_shown_and_written_at_the_next_change() {
    let app = start(settings(2, &[None, Some(AiLevel::Easy)]), 42);
    until_person(&app);
    app.store.broken.store(true, Ordering::SeqCst);
    let card = app.screen.last().cards[0].card.index();
    app.c.select(card).unwrap();
    let saves = app.saves();
    let f = app.screen.last();
    assert_eq!(
        f.save_error.as_deref(),
        Some("The match could not be saved: disk full")
    );
    app.store.broken.store(false, Ordering::SeqCst);
    app.c.resume().unwrap();
    assert_eq!(app.saves(), saves + 1, "the owed save is written");
    assert_eq!(app.screen.last().save_error, None);
    assert_eq!(
        app.store.saves.lock().unwrap().last().unwrap(),
        &app.c.save().unwrap()
    );
}

#[test]
fn kill_and_restore_continue_as_the_uninterrupted_match() {
    let s = settings(2, &[None, Some(AiLevel::Expert)]);
    let whole = start(s.clone(), 11);
    let mut all = Vec::new();
    whole.play_to_end(&mut all);

    let app = start(s, 11);
    let mut lines = Vec::new();
    for _ in 0..15 {
        app.step(&mut lines);
    }
    lines.extend(app.screen.last().events.iter().map(|e| e.line.clone()));
    let bytes = app.store.saves.lock().unwrap().last().cloned().unwrap();
    let (store, timer, screen) = parts();
    let c = GameController::restore(
        bytes,
        Lang::En,
        Pacing::APPS,
        store.clone(),
        timer.clone(),
        screen.clone(),
    )
    .unwrap();
    c.resume().unwrap();
    assert_eq!(
        store.saves.lock().unwrap().len(),
        0,
        "an unchanged save is not rewritten"
    );
    let restored = App {
        c,
        store,
        timer,
        screen,
    };
    // The first frame after a restore shows the current hand's deal again.
    let f = restored.screen.last();
    assert!(f.events[0].line.starts_with("hand "), "{:?}", f.events);
    let mut rest = Vec::new();
    restored
        .screen
        .frames
        .lock()
        .unwrap()
        .last_mut()
        .unwrap()
        .events
        .clear();
    restored.play_to_end(&mut rest);
    lines.extend(rest);
    assert_eq!(lines, all);
}

#[test]
fn a_legacy_save_is_migrated_and_written_once() {
    let bytes = include_bytes!("../../tests/legacy/mid-hand.scopaapp").to_vec();
    let (store, timer, screen) = parts();
    let c = GameController::restore(
        bytes,
        Lang::It,
        Pacing::APPS,
        store.clone(),
        timer,
        screen.clone(),
    )
    .unwrap();
    c.resume().unwrap();
    let saves = store.saves.lock().unwrap().clone();
    assert_eq!(saves.len(), 1, "migrated, then saved in the session format");
    assert_eq!(saves[0], c.save().unwrap());
    assert_eq!(screen.last().lang, Lang::It);
    let Err(SessionError::BadSave { .. }) = GameController::restore(
        vec![1, 2, 3],
        Lang::En,
        Pacing::APPS,
        store.clone(),
        Arc::new(ManualTimer::default()),
        screen,
    ) else {
        panic!("three bytes are no save")
    };
}

#[test]
fn pass_and_play_hides_the_hand_until_the_device_is_taken() {
    let app = start(settings(2, &[None, None]), 5);
    let mut handoffs = 0;
    let mut lines = Vec::new();
    for _ in 0..200 {
        let f = app.screen.last();
        if f.banner
            .as_ref()
            .is_some_and(|b| b.kind == BannerKind::HandOff)
        {
            handoffs += 1;
            assert!(f.hand.is_empty() && f.cards.is_empty(), "{f:?}");
            assert_eq!(f.offers.len(), 1);
            assert_eq!(f.offers[0].label, "Continue");
            assert!(f.banner.unwrap().text.contains("Player"));
        }
        if !app.step(&mut lines) {
            break;
        }
    }
    assert!(handoffs > 5, "{handoffs}");
}

#[test]
fn watch_mode_plays_by_itself_and_shows_no_hand() {
    let app = start(
        settings(2, &[Some(AiLevel::Random), Some(AiLevel::Easy)]),
        9,
    );
    let mut n = 0;
    while app.fire() {
        let f = app.screen.last();
        assert!(f.hand.is_empty() && f.cards.is_empty());
        n += 1;
        assert!(n < 10_000);
    }
    let f = app.screen.last();
    assert!(f.over, "{f:?}");
}

#[test]
fn a_panic_comes_back_as_internal_and_the_controller_goes_on() {
    let app = start(settings(2, &[None, Some(AiLevel::Easy)]), 42);
    until_person(&app);
    let e = guard("test", || app.c.panic_holding_lock()).unwrap_err();
    assert!(matches!(e, SessionError::Internal { .. }), "{e:?}");
    let card = app.screen.last().cards[0].card.index();
    app.c.select(card).unwrap();
    assert!(app.screen.last().refusal.is_none());
}

#[test]
fn names_call_the_seats_in_every_text_and_are_not_saved() {
    let app = start(settings(2, &[None, Some(AiLevel::Easy)]), 42);
    until_person(&app);
    let saves = app.saves();
    let before = app.c.save().unwrap();
    app.c
        .set_names(vec!["Anna".into(), "Bruno".into()])
        .unwrap();
    let f = app.screen.last();
    assert_eq!(f.seats[0].name, "You", "the one person stays you");
    assert_eq!(f.seats[1].name, "Bruno");
    assert_eq!(app.saves(), saves, "names are not in the save");
    assert_eq!(app.c.save().unwrap(), before);
    let err = app
        .c
        .set_names(vec!["Anna".into(), "Bartolomeo Colleoni".into()])
        .unwrap_err();
    assert!(
        err.message()
            .contains("the name of seat 2 is 19 bytes long"),
        "{err:?}"
    );
    assert_eq!(
        app.screen.last().seats[1].name,
        "Bruno",
        "a refusal changes nothing"
    );
    app.c.set_lang(Lang::It).unwrap();
    let err = app.c.set_names(vec!["a\nb".into()]).unwrap_err();
    assert!(err.message().contains("carattere di controllo"), "{err:?}");
}
