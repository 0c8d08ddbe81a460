//! Tests of the controller as an app drives it: a store, a timer and a listener written in
//! Rust the way the Kotlin and Swift glue writes them.

use std::sync::atomic::{AtomicBool, Ordering};

use scopa_core::Card;
use scopa_core::session::transcript;

use super::frame::{
    BannerKind, CaptureOption, CardChoice, Choices, EventKind, Row, ScopaEvent, Summary, Table,
};
use super::*;
use crate::default_rules;
use crate::session::types::BriscolaConfig;
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

/// Briscola for `players`, seats as `seats` says, 3 cards a hand, best of three, English.
pub(crate) fn briscola_settings(players: u8, seats: &[Option<AiLevel>]) -> SessionSettings {
    SessionSettings {
        briscola: Some(BriscolaConfig {
            players,
            hand_size: 3,
            target: 2,
        }),
        ..settings(2, seats)
    }
}

/// What the tests read of a frame, as the Kotlin and Swift glue reads it (its `UiState`
/// helpers): the written-out record's fields, gathered.
trait Drawn {
    /// The cards the viewer may play now.
    fn cards(&self) -> &[CardChoice];
    /// The capture options open now.
    fn captures(&self) -> &[CaptureOption];
    /// The delay running.
    fn due_ms(&self) -> Option<u32>;
    /// The viewer's hand.
    fn hand_cards(&self) -> Vec<Card>;
    /// The cards face up (Briscola: the trick).
    fn table_cards(&self) -> Vec<Card>;
    /// The rows of the hand's summary on the banner (Briscola: one row of card points).
    fn rows(&self) -> Vec<(Vec<u8>, usize)>;
    /// The plays among the events: seat, card, what it took.
    fn plays(&self) -> Vec<(u8, Card, Vec<Card>)>;
}

impl Drawn for Frame {
    fn cards(&self) -> &[CardChoice] {
        match &self.choices {
            Choices::Cards { cards } => cards,
            _ => &[],
        }
    }
    fn captures(&self) -> &[CaptureOption] {
        match &self.choices {
            Choices::Captures { options, .. } => options,
            _ => &[],
        }
    }
    fn due_ms(&self) -> Option<u32> {
        match &self.next {
            super::frame::Next::Due(d) => Some(d.after_ms),
            super::frame::Next::Wait(_) => None,
        }
    }
    fn hand_cards(&self) -> Vec<Card> {
        self.hand.iter().map(|c| c.card).collect()
    }
    fn table_cards(&self) -> Vec<Card> {
        match &self.table {
            Table::Scopa { table, .. } => table.iter().map(|c| c.card).collect(),
            Table::Briscola { trick, .. } => trick.iter().map(|c| c.card).collect(),
        }
    }
    fn rows(&self) -> Vec<(Vec<u8>, usize)> {
        let summary = match self.banner.as_ref().map(|b| &b.kind) {
            Some(BannerKind::HandOver { summary }) => summary,
            Some(BannerKind::MatchOver {
                last_hand: Some(summary),
                ..
            }) => summary,
            _ => return Vec::new(),
        };
        match summary {
            Summary::Scopa { rows, .. } => rows
                .iter()
                .map(|r: &Row| (r.points.clone(), r.tally.len()))
                .collect(),
            Summary::Briscola { points, .. } => vec![(points.clone(), points.len())],
        }
    }
    fn plays(&self) -> Vec<(u8, Card, Vec<Card>)> {
        self.events
            .iter()
            .filter_map(|e| match &e.kind {
                EventKind::Scopa(ScopaEvent::Played { seat, mv }) => {
                    Some((*seat, mv.card, mv.capture.clone()))
                }
                EventKind::Briscola(scopa_frame::BriscolaEvent::Played { seat, card }) => {
                    Some((*seat, *card, Vec::new()))
                }
                _ => None,
            })
            .collect()
    }
}

fn banner_is(f: &Frame, kind: fn(&BannerKind) -> bool) -> bool {
    f.banner.as_ref().is_some_and(|b| kind(&b.kind))
}

fn parts() -> (Arc<Store>, Arc<ManualTimer>, Arc<Screen>) {
    Default::default()
}

/// Plays until the person has cards to play.
fn until_person(app: &App) {
    while app.screen.last().cards().is_empty() {
        assert!(app.fire(), "a delay runs until the person plays");
    }
}

fn start(settings: SessionSettings, seed: u64) -> App {
    start_paced(settings, seed, Pacing::APPS)
}

fn start_paced(settings: SessionSettings, seed: u64, pacing: Pacing) -> App {
    let (store, timer, screen) = parts();
    let c = GameController::new(
        settings,
        seed,
        pacing,
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
        if f.due_ms().is_some() {
            assert!(self.fire(), "a delay runs, so the timer is armed");
        } else if let Some(c) = f.cards().first() {
            self.c.select(c.card.index).unwrap();
        } else if !f.captures().is_empty() {
            self.c.capture(0).unwrap();
        } else {
            assert!(f.offers.proceed, "{f:?}");
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
    assert!(banner_is(&f, |k| matches!(k, BannerKind::MatchOver { .. })));
    assert!(f.offers.rematch);
    assert_eq!(
        f.recap.len(),
        usize::from(f.hand_number) + 1,
        "{:?}",
        f.recap
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
    assert!(f.plays().iter().any(|p| p.0 == 0));
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
    let hint = f.hint.as_ref().unwrap();
    assert!(hint.text.starts_with("Hint"), "{:?}", f.hint);
    assert!(f.hand_cards().contains(&hint.mv.card));
    assert_eq!(app.saves(), saves, "a hint is not saved");
}

#[test]
fn a_failed_save_is_shown_and_written_at_the_next_change() {
    let app = start(settings(2, &[None, Some(AiLevel::Easy)]), 42);
    until_person(&app);
    app.store.broken.store(true, Ordering::SeqCst);
    let card = app.screen.last().cards()[0].card.index;
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
        if banner_is(&f, |k| matches!(k, BannerKind::HandOff { .. })) {
            handoffs += 1;
            assert!(f.hand.is_empty() && f.cards().is_empty(), "{f:?}");
            let proceed_only = scopa_frame::Offers {
                proceed: true,
                ..Default::default()
            };
            assert_eq!(f.offers, proceed_only);
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
        assert!(f.hand.is_empty() && f.cards().is_empty());
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
    let card = app.screen.last().cards()[0].card.index;
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

// ----- tables of 6 and 8 (two decks) -----

use scopa_core::ai::Level;
use scopa_core::game::GameMove;
use scopa_core::session::Phase;

/// The reference run of a session script (as `scopa_tests::script::run` plays one): the
/// person to play plays what the medium AI would (`Session::choose_as`), an AI due plays,
/// everything else is continued. The transcript lines (the first deal's first) and the
/// persons' moves, in order.
fn reference(settings: &SessionSettings, seed: u64) -> (Vec<String>, Vec<GameMove>) {
    let mut s = core::Session::new(settings.to_core().unwrap(), seed).unwrap();
    let mut lines = vec![transcript::event(&s.deal_event()).to_string()];
    let mut moves = Vec::new();
    loop {
        let action = match s.phase() {
            Phase::MatchOver { .. } => break,
            Phase::Play { seat } | Phase::ChooseCapture { seat, .. } => {
                let mv = s
                    .choose_as(Level::Medium, u64::from(seat) + moves.len() as u64)
                    .unwrap();
                moves.push(mv);
                Action::Play(mv)
            }
            Phase::AiDue { .. } => Action::RunAi,
            _ => Action::Continue,
        };
        let events = s.apply(action).unwrap();
        lines.extend(events.iter().map(|e| transcript::event(e).to_string()));
        assert!(lines.len() < 100_000, "the match did not end");
    }
    (lines, moves)
}

/// What the scripted run through the controller saw of a big table.
#[derive(Default)]
struct Seen {
    /// Frames whose hand, table or a pile held a card twice.
    twice_shown: usize,
    /// Capture choices with a card taken twice, and plays that took one twice.
    twice_taken: usize,
    /// Capture choices opened.
    choices: usize,
    /// Hand summaries (and match-over banners with one).
    summaries: usize,
}

fn has_twice(cards: &[scopa_core::Card]) -> bool {
    cards.windows(2).any(|w| w[0] == w[1])
}

/// Checks what every frame of a table of `players` shows, and counts what it saw.
fn check_big_frame(f: &Frame, players: usize, briscola: bool, seen: &mut Seen) {
    let sides = players / 2;
    assert_eq!(
        through_the_ffi(f),
        *f,
        "the bindings' encoding loses nothing"
    );
    assert_eq!(f.seats.len(), players);
    assert_eq!(f.sides.len(), sides);
    for (i, seat) in f.seats.iter().enumerate() {
        assert_eq!(usize::from(seat.side), i % sides, "partners sit opposite");
    }
    let (hand, table) = (f.hand_cards(), f.table_cards());
    let hint_takes = f
        .hint
        .as_ref()
        .map(|h| h.mv.capture.clone())
        .unwrap_or_default();
    for list in [&hand, &table, &hint_takes] {
        assert!(
            list.windows(2).all(|w| w[0] <= w[1]) || briscola,
            "canonical order"
        );
    }
    if has_twice(&hand) || (!briscola && has_twice(&table)) {
        seen.twice_shown += 1;
    }
    assert!(hand.len() <= 10 && f.cards().len() <= hand.len());
    for c in f.cards() {
        assert!(hand.contains(&c.card.card));
    }
    if !f.captures().is_empty() {
        seen.choices += 1;
        seen.twice_taken += f.captures().iter().filter(|o| has_twice(&o.cards)).count();
        for o in f.captures() {
            // Every option takes cards that lie on the table, copies counted.
            for card in &o.cards {
                let on_table = table.iter().filter(|c| *c == card).count();
                let taken = o.cards.iter().filter(|c| *c == card).count();
                assert!(taken <= on_table, "{o:?} from {table:?}");
            }
        }
    }
    for (seat, _, takes) in f.plays() {
        assert!(usize::from(seat) < players);
        if has_twice(&takes) {
            seen.twice_taken += 1;
        }
    }
    let rows = f.rows();
    if !rows.is_empty() {
        seen.summaries += 1;
        for (points, tallies) in &rows {
            assert_eq!((points.len(), *tallies), (sides, sides), "{rows:?}");
        }
        if briscola {
            // Two decks hold 240 card points (the two `2b` left out at 6 are worth 0).
            let total: u32 = rows[0].0.iter().map(|&p| u32::from(p)).sum();
            assert_eq!(total, 240, "{rows:?}");
        }
    }
}

/// Plays `moves` through the controller as the apps' script runners do (ScriptRun.kt,
/// ios/Tests/ScriptRun): the AI and the banners by their timer, every summary and hand-off
/// continued, a person's move tapped — the card, then the capture option whose cards are
/// the move's, compared as lists. Returns the transcript lines of every frame, and the save
/// bytes and the number of lines written when the person's move `save_before` was due.
fn scripted(
    app: &App,
    moves: &[GameMove],
    save_before: usize,
    players: usize,
    briscola: bool,
    seen: &mut Seen,
) -> (Vec<String>, Option<(Vec<u8>, usize)>) {
    let mut lines = Vec::new();
    let mut saved = None;
    let mut next = moves.iter().enumerate();
    let mut seen_frames = 0;
    loop {
        // Every frame published since the last step.
        let frames = app.screen.frames.lock().unwrap()[seen_frames..].to_vec();
        seen_frames += frames.len();
        for f in &frames {
            check_big_frame(f, players, briscola, seen);
            lines.extend(f.events.iter().map(|e| e.line.clone()));
        }
        let f = app.screen.last();
        assert_eq!(f.refusal, None);
        if f.over {
            break;
        }
        if f.due_ms().is_some() {
            assert!(app.fire());
        } else if !f.cards().is_empty() {
            let (n, mv) = next.next().expect("a move for the person to play");
            if n == save_before {
                saved = Some((app.c.save().unwrap(), lines.len()));
            }
            let want: Vec<_> = mv.capture().iter().collect();
            app.c.select(mv.card().index()).unwrap();
            let g = app.screen.last();
            if !g.captures().is_empty() {
                let i = g.captures().iter().position(|o| o.cards == want);
                let i = i.unwrap_or_else(|| panic!("{mv:?} not among {:?}", g.captures()));
                app.c.capture(i as u8).unwrap();
            }
            let g = app.screen.last();
            assert_eq!(g.refusal, None);
            let played = g.plays()[0].clone();
            assert_eq!((played.0, played.1), (f.turn, mv.card()));
            assert_eq!(played.2, want);
        } else {
            assert!(f.offers.proceed, "stuck: {f:?}");
            app.c.proceed().unwrap();
        }
    }
    assert!(next.next().is_none(), "moves left at the end of the match");
    (lines, saved)
}

/// Settings and seed, the script's moves played through the controller, its transcript
/// compared with the core's reference run, then the same from the save made before move
/// `save_before` (a new controller restored from the bytes): the rest of the transcript.
fn big_table_run(settings: SessionSettings, seed: u64, save_before: usize) -> Seen {
    let briscola = settings.briscola.is_some();
    let players = settings.to_core().unwrap().players() as usize;
    let (expected, moves) = reference(&settings, seed);
    assert!(moves.len() > save_before, "{} moves", moves.len());
    let pacing = Pacing {
        attended: true,
        ..Pacing::UNATTENDED
    };
    let app = start_paced(settings, seed, pacing);
    let mut seen = Seen::default();
    let (lines, saved) = scripted(&app, &moves, save_before, players, briscola, &mut seen);
    assert_eq!(lines, expected, "{players} players");
    assert!(expected.last().unwrap().starts_with("winner "));

    let (bytes, at) = saved.unwrap();
    assert_eq!(bytes.len(), 364);
    assert_eq!(bytes[4], if briscola { 4 } else { 3 }, "save version");
    let (store, timer, screen) = parts();
    let c = GameController::restore(
        bytes,
        Lang::En,
        pacing,
        store.clone(),
        timer.clone(),
        screen.clone(),
    )
    .unwrap();
    assert_eq!(c.settings().unwrap().briscola.is_some(), briscola);
    c.resume().unwrap();
    // The restored frame shows the hand's deal again: not a new event.
    screen
        .frames
        .lock()
        .unwrap()
        .last_mut()
        .unwrap()
        .events
        .clear();
    let restored = App {
        c,
        store,
        timer,
        screen,
    };
    let (rest, _) = scripted(
        &restored,
        &moves[save_before..],
        usize::MAX,
        players,
        briscola,
        &mut Seen::default(),
    );
    assert_eq!(rest, expected[at..], "{players} players, after the save");
    seen
}

#[test]
fn scopa_at_six_through_the_controller_is_the_sessions() {
    // Pass-and-play partners (seats 0 and 3) with four AIs of two levels.
    let mut seats = vec![Some(AiLevel::Easy), Some(AiLevel::Medium)];
    seats = [None, seats[0], seats[1], None, seats[0], seats[1]].to_vec();
    let seen = big_table_run(settings(6, &seats), 6, 30);
    assert!(
        seen.twice_shown > 0,
        "a card twice in a hand or on the table"
    );
    assert!(seen.summaries > 0 && seen.choices > 0);
}

#[test]
fn scopa_at_eight_through_the_controller_is_the_sessions() {
    let mut seats = vec![Some(AiLevel::Random); 8];
    seats[0] = None;
    seats[5] = Some(AiLevel::Medium);
    let seen = big_table_run(settings(8, &seats), 8, 12);
    assert!(seen.twice_shown > 0);
    assert!(seen.summaries > 0);
}

#[test]
fn briscola_at_six_and_eight_through_the_controller_is_the_sessions() {
    let mut six = vec![Some(AiLevel::Medium); 6];
    six[1] = None;
    let seen = big_table_run(briscola_settings(6, &six), 66, 5);
    assert!(seen.summaries > 0);
    let mut eight = vec![Some(AiLevel::Easy); 8];
    eight[0] = None;
    eight[4] = None;
    let seen = big_table_run(briscola_settings(8, &eight), 88, 7);
    assert!(seen.twice_shown > 0, "a card twice in a hand");
    assert!(seen.summaries > 0);
}

#[test]
fn a_capture_of_both_copies_of_a_card_is_tapped_and_shown_twice() {
    // Six and eight people passing one device; seeds whose scripts take both copies of a
    // card (the first play of seed 10 at 6, a play of seed 28 at 8).
    for (players, seed, save_before) in [(6, 10, 100), (8, 28, 250)] {
        let seen = big_table_run(
            settings(players, &vec![None; players as usize]),
            seed,
            save_before,
        );
        assert!(seen.twice_taken > 0, "{players}: no card taken twice");
        assert!(seen.twice_shown > 0);
    }
}

#[test]
fn hint_and_undo_at_a_table_of_eight() {
    let mut seats = vec![Some(AiLevel::Easy); 8];
    seats[0] = None;
    let mut s = settings(8, &seats);
    s.undo = true;
    let app = start(s, 3);
    until_person(&app);
    let before = app.screen.last();
    let bytes = app.c.save().unwrap();
    app.c.hint().unwrap();
    let f = app.screen.last();
    let hint = f.hint.clone().expect("a hint");
    let (card, takes) = (hint.mv.card, hint.mv.capture);
    assert!(f.hand_cards().contains(&card));
    for t in &takes {
        assert!(f.table_cards().contains(t));
    }
    app.c.select(card.index()).unwrap();
    if !app.screen.last().captures().is_empty() {
        let i = app
            .screen
            .last()
            .captures()
            .iter()
            .position(|o| o.cards == takes)
            .unwrap();
        app.c.capture(i as u8).unwrap();
    }
    let played = app.screen.last().plays()[0].clone();
    assert_eq!(played, (0, card, takes));
    // The AIs answer, then undo takes the round back.
    until_person(&app);
    app.c.undo().unwrap();
    let f = app.screen.last();
    assert_eq!(f.refusal, None);
    assert_eq!((&f.hand, &f.table), (&before.hand, &before.table));
    let hand = f.hand_cards();
    assert_eq!(app.c.save().unwrap().len(), bytes.len());
    // A card the hand does not hold, an index past the options: refused in the frame.
    let missing = (0..40u8)
        .find(|i| !hand.iter().any(|c| c.index() == *i))
        .unwrap();
    app.c.select(missing).unwrap();
    assert!(app.screen.last().refusal.is_some());
    app.c.capture(200).unwrap();
    assert!(app.screen.last().refusal.is_some());
    assert!(matches!(
        app.c.select(80),
        Err(SessionError::InvalidCard { .. })
    ));
}

#[test]
fn both_copies_of_a_card_are_one_capture_option_at_a_table_of_six() {
    // Six people, seed 10: the first table is 9c 2s 2s 3s 5s 6b 6b 10b, and seat 1 (after
    // the hand-off) holds the 7c, which takes 2s 2s 3s or 2s 5s (either copy: one option).
    let c = |n: &str| n.parse::<scopa_core::Card>().unwrap();
    let pacing = Pacing {
        attended: true,
        ..Pacing::UNATTENDED
    };
    let app = start_paced(settings(6, &[None; 6]), 10, pacing);
    let f = app.screen.last();
    assert!(banner_is(&f, |k| matches!(k, BannerKind::HandOff { .. })));
    assert!(
        f.hand.is_empty(),
        "the hand stays hidden until the device is taken"
    );
    let table: Vec<_> = ["9c", "2s", "2s", "3s", "5s", "6b", "6b", "10b"]
        .map(c)
        .into();
    assert_eq!(f.table_cards(), table);
    app.c.proceed().unwrap();
    let f = app.screen.last();
    assert_eq!((f.viewer, f.turn), (Some(1), 1));
    let seven = f.cards().iter().find(|x| x.card.card == c("7c")).unwrap();
    assert_eq!(seven.ways, 2);
    assert_eq!(
        seven.takes,
        ["2s", "3s", "5s"].map(c).to_vec(),
        "a highlight: each card once"
    );
    app.c.select(c("7c").index()).unwrap();
    let f = app.screen.last();
    let options: Vec<_> = f.captures().iter().map(|o| o.cards.clone()).collect();
    let both = ["2s", "2s", "3s"].map(c).to_vec();
    assert_eq!(options.len(), 2);
    assert!(options.contains(&both) && options.contains(&["2s", "5s"].map(c).to_vec()));
    let i = options.iter().position(|o| *o == both).unwrap();
    assert_eq!(f.captures()[i].text, "2 of spade, 2 of spade, 3 of spade");
    app.c.capture(i as u8).unwrap();
    let f = app.screen.last();
    assert_eq!(f.plays()[0], (1, c("7c"), both));
    assert_eq!(
        f.table_cards(),
        ["9c", "5s", "6b", "6b", "10b"].map(c).to_vec()
    );
    assert!(
        f.events.iter().any(|e| e.line == "play 1 7c 2s 2s 3s"),
        "{:?}",
        f.events
    );
}

// ----- the frame crosses as the one writer wrote it -----

/// `f` lowered into the buffer the bindings read and lifted back, as a Kotlin or Swift
/// frame handed back to Rust would be.
fn through_the_ffi(f: &Frame) -> Frame {
    let buf = <Frame as uniffi::Lower<crate::UniFfiTag>>::lower(f.clone());
    <Frame as uniffi::Lift<crate::UniFfiTag>>::try_lift(buf).expect("the frame lifts back")
}

#[test]
fn every_frame_is_the_writers_record_and_crosses_the_ffi_whole() {
    // Watch mode at every table of both games: each frame the listener gets is
    // `scopa_frame::Frame::new` of a core presenter fed the same timer tokens (the record
    // the server and the browser send as JSON), and survives the bindings' encoding
    // unchanged, every variant of every enum included.
    let mut kinds = std::collections::BTreeSet::new();
    let tables = [
        settings(2, &[Some(AiLevel::Easy), Some(AiLevel::Random)]),
        settings(3, &[Some(AiLevel::Random); 3]),
        settings(
            4,
            &[
                Some(AiLevel::Medium),
                Some(AiLevel::Random),
                Some(AiLevel::Easy),
                Some(AiLevel::Random),
            ],
        ),
        settings(6, &[Some(AiLevel::Random); 6]),
        settings(8, &[Some(AiLevel::Random); 8]),
        briscola_settings(2, &[Some(AiLevel::Easy), Some(AiLevel::Random)]),
        briscola_settings(4, &[Some(AiLevel::Random); 4]),
        briscola_settings(6, &[Some(AiLevel::Random); 6]),
        briscola_settings(8, &[Some(AiLevel::Random); 8]),
    ];
    for (n, s) in tables.into_iter().enumerate() {
        let seed = 100 + n as u64;
        let mut p = Presenter::new(
            core::Session::new(s.to_core().unwrap(), seed).unwrap(),
            Pacing::APPS,
        );
        // The controller's card style: names, not symbols.
        p.set_style(CardStyle::Names);
        let _ = p.take_save();
        let app = start(s, seed);
        let mut seen = 0;
        loop {
            let frames = app.screen.frames.lock().unwrap()[seen..].to_vec();
            for f in &frames {
                let want = Frame::new(&p.frame(), p.session(), p.recap());
                assert_eq!(*f, want, "table {n}, frame {seen}");
                assert_eq!(through_the_ffi(f), *f, "table {n}, frame {seen}");
                kinds.insert(match f.phase {
                    scopa_frame::Phase::AiDue { .. } => "ai due",
                    scopa_frame::Phase::Scopa { .. } => "scopa",
                    scopa_frame::Phase::HandSummary => "hand summary",
                    scopa_frame::Phase::MatchOver { .. } => "match over",
                    _ => "another phase",
                });
                kinds.insert(match f.banner.as_ref().map(|b| &b.kind) {
                    None => "no banner",
                    Some(BannerKind::Scopa { .. }) => "scopa banner",
                    Some(BannerKind::HandOff { .. }) => "hand-off banner",
                    Some(BannerKind::HandOver { .. }) => "hand-over banner",
                    Some(BannerKind::MatchOver { .. }) => "match-over banner",
                });
                seen += 1;
            }
            let Some((_, token)) = app.timer.due.lock().unwrap().take() else {
                break;
            };
            app.c.fire(token).unwrap();
            p.fire(Token(token)).unwrap();
        }
        assert!(app.screen.last().over, "table {n}: {:?}", app.screen.last());
    }
    let want = [
        "ai due",
        "scopa",
        "hand summary",
        "match over",
        "no banner",
        "scopa banner",
        "hand-over banner",
        "match-over banner",
    ];
    assert_eq!(
        kinds,
        want.into(),
        "watch mode shows no other phase or banner"
    );
}

/// Issue 39: the controller reviews the current hand for the seat at the device — each of
/// its moves against the best choice, as the core's review of that hand with the same
/// seed, in records and in the session's language; nothing is saved or drawn; watch mode
/// (nobody at the device) is refused.
#[test]
fn the_hand_is_reviewed_for_the_seat_at_the_device() {
    use scopa_core::analysis::Unit;
    use scopa_core::analysis::review::{Review, review_hand};
    let app = start(settings(2, &[None, Some(AiLevel::Expert)]), 39);
    // Three plays of the person (the first card each time).
    for _ in 0..3 {
        until_person(&app);
        let card = app.screen.last().cards()[0].card.index;
        app.c.select(card).unwrap();
        if !app.screen.last().captures().is_empty() {
            app.c.capture(0).unwrap();
        }
    }
    let saves = app.saves();
    let frames = app.screen.frames.lock().unwrap().len();
    let r = app.c.review().unwrap();
    assert_eq!((r.seat, r.hand), (0, 0));
    assert_eq!(r.unit, "points");
    assert_eq!(app.saves(), saves, "a review is not saved");
    assert_eq!(app.screen.frames.lock().unwrap().len(), frames, "nor drawn");
    // The core's review of the same hand, seat 0, the same seed.
    let session = scopa_core::session::Session::from_bytes(&app.c.save().unwrap()).unwrap();
    let mut core = Review::new(Unit::ScopaPoints);
    let mut losses = Vec::new();
    review_hand(
        session.game_match(),
        &|s| s == 0,
        review::REVIEW_SEED,
        &mut core,
        &mut |m, _| losses.push((m.ply, m.loss, m.accuracy)),
    )
    .unwrap();
    let got: Vec<_> = r
        .moves
        .iter()
        .map(|m| (m.ply, m.loss, m.accuracy_permille))
        .collect();
    assert_eq!(got, losses);
    assert_eq!(r.moves.len(), 3);
    assert_eq!(r.accuracy_permille, core.seats[0].accuracy());
    assert!(r.text.contains("Accuracy"), "{}", r.text);
    assert_eq!(r.text.lines().count(), 4);
    app.c.set_lang(Lang::It).unwrap();
    assert!(app.c.review().unwrap().text.contains("Precisione"));
    // Watch mode: nobody holds the device.
    let watch = start(settings(2, &[Some(AiLevel::Easy), Some(AiLevel::Easy)]), 1);
    watch.fire();
    let Err(SessionError::WrongPhase { .. }) = watch.c.review() else {
        panic!("a review in watch mode")
    };
}
