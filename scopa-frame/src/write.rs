//! The one writer: [`Frame::new`] fills the owned records from the core's frame and
//! session. Every text comes from `scopa_core::session::texts` (through the frame's
//! methods), every rule from the core (the cards behind the points from
//! `scopa_core::scopa::score::behind`, the hand's log from `table::hand_events`).

use scopa_core::Card;
use scopa_core::briscola::TwoDeckEvent;
use scopa_core::multiset::CardMultiset;
use scopa_core::scopa::score::behind;
use scopa_core::scopa::teams::{TeamEvent, TeamMove};
use scopa_core::session::pacing::{self, Next as CoreNext};
use scopa_core::session::table::{self, Banner as CoreBanner, Choices as CoreChoices, GameTable};
use scopa_core::session::table::{HandOver, hand_events};
use scopa_core::session::{Action, GameEvent, GameHint, Phase as CorePhase, Player, Session};

use crate::{
    Banner, BannerKind, Behind, BriscolaEvent, CaptureOption, CardChoice, CardView, Choices, Due,
    DueAction, Event, EventKind, Frame, Hint, LastPlay, Move, Next, Offers, Phase, Pile, RecapHand,
    Row, ScopaEvent, Seat, SeatPlay, Side, Summary, Table, TakenTrick, TrickCard, Waiting,
};

fn cards(set: impl IntoIterator<Item = Card>) -> Vec<Card> {
    set.into_iter().collect()
}

fn mv(m: TeamMove) -> Move {
    Move {
        card: m.card,
        capture: cards(m.capture),
    }
}

impl Frame {
    /// `frame` written out, with what `session` (the frame's) adds: the hand's log and the
    /// cards behind a summary's points; `recap` is the match's recap as the presenter kept
    /// it ([`Presenter::recap`](scopa_core::session::driver::Presenter::recap)).
    /// Deterministic: the same frame, session and recap give the same record, byte for byte
    /// in JSON.
    pub fn new(frame: &table::Frame, session: &Session, recap: &[table::RecapHand]) -> Frame {
        let f = frame;
        let card = |c: Card| CardView {
            card: c,
            index: c.index(),
            name: f.card_name(c).to_string(),
        };
        let views = |set: CardMultiset| set.iter().map(card).collect::<Vec<_>>();
        let sides = f.sides.len();
        let pile = |p: &table::ScopaPile| Pile {
            cards: cards(p.cards),
            scope: p.scope,
        };
        let rule = session.rules().primiera;
        let summary = |h: &HandOver| match h {
            HandOver::Scopa { rows, piles } => Summary::Scopa {
                rows: rows
                    .iter()
                    .map(|r| Row {
                        label: f.label(r.label).to_string(),
                        points: r.points[..piles.len()].to_vec(),
                        tally: r.tally[..piles.len()].to_vec(),
                    })
                    .collect(),
                piles: piles.iter().map(pile).collect(),
                behind: piles
                    .iter()
                    .map(|p| {
                        let b = behind(rule, p.cards);
                        Behind {
                            denari: cards(b.denari),
                            primiera: cards(b.primiera),
                            settebello: cards(b.settebello),
                            sevens: cards(b.sevens),
                        }
                    })
                    .collect(),
            },
            HandOver::Briscola { score, sides } => Summary::Briscola {
                points: score.points[..usize::from(*sides)].to_vec(),
                winner: score.winner,
                text: f.texts.briscola_points(*score).to_string(),
            },
        };
        let event_text = |e: &GameEvent| f.texts.event(e).to_string();
        Frame {
            lang: f.texts.lang,
            phase: phase(f.phase),
            status: f.status().to_string(),
            viewer: f.viewer,
            hand: views(f.hand),
            seats: f
                .seats
                .iter()
                .map(|s| Seat {
                    seat: s.seat,
                    side: s.side,
                    player: match s.player {
                        Player::Human => "human".to_string(),
                        Player::Ai(level) => level.name().to_string(),
                    },
                    cards: s.cards,
                    name: f.seat_name(s.seat).to_string(),
                    player_name: f.player_name(s.seat).to_string(),
                    last_play: s.last_play.map(|m| LastPlay {
                        card: m.card,
                        capture: cards(m.capture),
                        text: event_text(&played(session, s.seat, m)),
                    }),
                })
                .collect(),
            sides: f
                .sides
                .iter()
                .map(|s| Side {
                    side: s.side,
                    score: s.score,
                    name: f.side_name(s.side).to_string(),
                })
                .collect(),
            score_line: f.score_line().to_string(),
            dealer: f.dealer,
            turn: f.turn,
            hand_number: f.hand_number,
            match_number: f.match_number,
            target: f.target,
            table: match &f.table {
                GameTable::Scopa(t) => Table::Scopa {
                    table: views(t.table),
                    deck_left: t.deck_left,
                    piles: t.piles.iter().map(pile).collect(),
                    last_capture: t.last_capture,
                    last_play: t.last_play.map(|p| SeatPlay {
                        seat: p.seat,
                        mv: mv(p.mv),
                    }),
                    redeals: t.redeals,
                },
                GameTable::Briscola(b) => Table::Briscola {
                    trick: b.trick.iter().map(trick_card).collect(),
                    leader: b.leader,
                    briscola: card(b.briscola),
                    briscola_holder: b.briscola_holder,
                    stock: b.stock,
                    last_trick: b.last_trick.as_ref().map(|t| TakenTrick {
                        cards: t.cards.iter().map(trick_card).collect(),
                        winner: t.winner,
                        points: t.points,
                    }),
                    points: b.points.to_vec(),
                    tricks_done: b.tricks_done,
                },
            },
            choices: match &f.choices {
                CoreChoices::None => Choices::Nothing,
                CoreChoices::Cards(cs) => Choices::Cards {
                    cards: cs
                        .iter()
                        .map(|c| CardChoice {
                            card: card(c.card),
                            ways: c.ways,
                            takes: cards(c.takes),
                        })
                        .collect(),
                },
                CoreChoices::Captures { card: c, options } => Choices::Captures {
                    card: card(*c),
                    options: options
                        .iter()
                        .map(|&o| CaptureOption {
                            cards: cards(o),
                            text: f.cards_text(o).to_string(),
                        })
                        .collect(),
                },
            },
            offers: Offers {
                hint: f.offers.hint,
                undo: f.offers.undo,
                cancel: f.offers.cancel,
                proceed: f.offers.proceed,
                rematch: f.offers.rematch,
            },
            hint: f.hint.as_ref().map(|h| Hint {
                mv: match *h {
                    GameHint::Teams(m) => mv(m),
                    ref h => Move {
                        card: h.card(),
                        capture: cards(h.takes()),
                    },
                },
                text: f.texts.hint(h).to_string(),
            }),
            banner: f.banner.as_ref().map(|b| Banner {
                kind: match b {
                    CoreBanner::Scopa { seat, side } => BannerKind::Scopa {
                        seat: *seat,
                        side: *side,
                    },
                    CoreBanner::HandOff { seat } => BannerKind::HandOff { seat: *seat },
                    CoreBanner::HandOver(h) => BannerKind::HandOver {
                        summary: summary(h),
                    },
                    CoreBanner::MatchOver {
                        winner,
                        you_won,
                        last_hand,
                    } => BannerKind::MatchOver {
                        winner: *winner,
                        you_won: *you_won,
                        last_hand: last_hand.as_ref().map(summary),
                    },
                },
                text: f.status().to_string(),
            }),
            events: f
                .events
                .iter()
                .map(|e| Event {
                    kind: event(&e.event, sides),
                    text: f.event_text(e).to_string(),
                    line: e.line().to_string(),
                })
                .collect(),
            missed_events: f.missed_events,
            refusal: f.refusal_text().map(|t| t.to_string()),
            next: match f.next {
                CoreNext::Wait(w) => Next::Wait(waiting(w)),
                CoreNext::Due(d) => Next::Due(Due {
                    action: match d.action {
                        Action::RunAi | Action::AiPlay(_) => DueAction::Ai,
                        _ => DueAction::Continue,
                    },
                    after_ms: d.after_ms,
                    token: d.token.0,
                }),
            },
            hand_log: {
                let mut log = Vec::new();
                hand_events(session, |e| log.push(event_text(&e)));
                log
            },
            recap: recap
                .iter()
                .map(|h| RecapHand {
                    hand: h.hand + 1,
                    points: h.points[..sides].to_vec(),
                })
                .collect(),
            over: matches!(f.phase, CorePhase::MatchOver { .. }),
            save_error: None,
        }
    }
}

/// A seat's play as the event the hand's log words.
fn played(session: &Session, seat: u8, m: TeamMove) -> GameEvent {
    if session.game().is_briscola() {
        GameEvent::Briscola(TwoDeckEvent::Played { seat, card: m.card })
    } else {
        GameEvent::Scopa(TeamEvent::Played { seat, mv: m })
    }
}

fn trick_card(t: &table::TrickCard) -> TrickCard {
    TrickCard {
        seat: t.seat,
        card: t.card,
    }
}

fn waiting(w: pacing::Waiting) -> Waiting {
    match w {
        pacing::Waiting::Seat(s) => Waiting::Seat(s),
        pacing::Waiting::Anyone => Waiting::Anyone,
    }
}

fn phase(p: CorePhase) -> Phase {
    match p {
        CorePhase::Play { seat } => Phase::Play { seat },
        CorePhase::ChooseCapture { seat, card } => Phase::ChooseCapture { seat, card },
        CorePhase::AiDue { seat } => Phase::AiDue { seat },
        CorePhase::HandOff { seat } => Phase::HandOff { seat },
        CorePhase::Scopa { seat, side } => Phase::Scopa { seat, side },
        CorePhase::HandSummary => Phase::HandSummary,
        CorePhase::MatchOver { winner } => Phase::MatchOver { winner },
    }
}

/// An event's record; `sides` in play (lists of points and scores hold at least three).
fn event(e: &GameEvent, sides: usize) -> EventKind {
    let at_least_three = sides.max(3);
    match *e {
        GameEvent::Scopa(e) => EventKind::Scopa(match e {
            TeamEvent::Played { seat, mv: m } => ScopaEvent::Played { seat, mv: mv(m) },
            TeamEvent::Scopa { seat, side } => ScopaEvent::Scopa { seat, side },
            TeamEvent::Dealt { round, deck_left } => ScopaEvent::Dealt { round, deck_left },
            TeamEvent::TableCollected { side, cards: c } => ScopaEvent::Collected {
                side,
                cards: cards(c),
            },
            TeamEvent::HandFinished(score) => ScopaEvent::HandFinished {
                points: score.sides().iter().map(|s| s.total()).collect(),
            },
            TeamEvent::MatchFinished { winner, scores } => ScopaEvent::MatchFinished {
                winner,
                scores: scores[..at_least_three].to_vec(),
            },
            TeamEvent::NewHand {
                number,
                dealer,
                table,
                redeals,
            } => ScopaEvent::NewHand {
                number,
                dealer,
                table: cards(table),
                redeals,
            },
        }),
        GameEvent::Briscola(e) => EventKind::Briscola(match e {
            TwoDeckEvent::Played { seat, card } => BriscolaEvent::Played { seat, card },
            TwoDeckEvent::TrickTaken {
                seat,
                side,
                cards: c,
                points,
            } => BriscolaEvent::TrickTaken {
                seat,
                side,
                cards: cards(c),
                points,
            },
            TwoDeckEvent::Drew { seat, briscola } => BriscolaEvent::Drew { seat, briscola },
            TwoDeckEvent::HandFinished(score) => BriscolaEvent::HandFinished {
                points: score.points[..at_least_three].to_vec(),
                winner: score.winner,
            },
            TwoDeckEvent::Dealt { dealer, briscola } => BriscolaEvent::Dealt { dealer, briscola },
            TwoDeckEvent::MatchFinished { winner } => BriscolaEvent::MatchFinished { winner },
        }),
    }
}
