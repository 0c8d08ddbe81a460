//! [`ScopaMatch`]: the match object of the foreign API.

use std::sync::{Arc, Mutex, MutexGuard};

use scopa_core::ai::{self, Level};
use scopa_core::session::seed::{self, Purpose};
use scopa_core::{Event, Match, Play, PlayerView};

use crate::error::{ScopaError, guard};
use crate::save::{self, Saved};
use crate::types::{
    GameConfig, GameEvent, GameView, Hint, Move, PlayRecord, SideView, breakdown, cards,
};

/// The state behind the lock. Every change is built on a copy and stored only when the
/// whole call succeeded, so the state is consistent even after a caught panic.
#[derive(Clone, Debug)]
struct State {
    game: Match,
    ai: Vec<Option<Level>>,
    seed: u64,
    last_play: Option<Play>,
}

/// A match, safe to share between threads (calls are serialised by a lock).
#[derive(Debug, uniffi::Object)]
pub struct ScopaMatch {
    inner: Mutex<State>,
}

impl State {
    fn seat(&self, seat: u32) -> Result<u8, ScopaError> {
        let players = self.game.rules().players;
        match u8::try_from(seat) {
            Ok(s) if s < players => Ok(s),
            _ => Err(ScopaError::NoSuchSeat { seat, players }),
        }
    }

    fn view_of(&self, seat: u8) -> Result<PlayerView, ScopaError> {
        self.game.view(seat).ok_or_else(|| ScopaError::Internal {
            reason: format!("the engine has no view for existing seat {seat}"),
        })
    }

    /// The seed of the AI decision of the seat to play: the session's one seed policy
    /// (SipHash keyed by the match seed, one-way), so the seeds the AI receives give back
    /// neither the match seed nor the deal. A match here is match 0 of its session.
    fn ai_decision_seed(&self) -> u64 {
        seed::derive(
            self.seed,
            Purpose::Ai,
            0,
            self.game.hand_number(),
            self.game.hand().plays(),
            self.game.turn(),
        )
    }

    fn not_over(&self) -> Result<(), ScopaError> {
        match self.game.winner() {
            Some(winner) => Err(ScopaError::MatchOver { winner }),
            None => Ok(()),
        }
    }

    fn view(&self, seat: u32) -> Result<GameView, ScopaError> {
        let seat = self.seat(seat)?;
        let v = self.view_of(seat)?;
        let rules = *self.game.rules();
        let sides = (0..rules.sides())
            .map(|side| SideView {
                side: u32::from(side),
                seats: (0..rules.players)
                    .filter(|&s| rules.side_of(s) == side)
                    .map(u32::from)
                    .collect(),
                score: u32::from(v.scores()[usize::from(side)]),
                pile_size: v.pile(side).len(),
                scope: u32::from(v.scope(side)),
            })
            .collect();
        Ok(GameView {
            seat: u32::from(seat),
            side: u32::from(v.side()),
            players: u32::from(rules.players),
            rules: rules.into(),
            ai_levels: self.ai_levels(),
            hand: cards(v.hand()),
            table: cards(v.table()),
            turn: u32::from(v.turn()),
            is_my_turn: v.is_my_turn(),
            dealer: u32::from(v.dealer()),
            hand_number: u32::from(v.hand_number()),
            plays_in_hand: u32::from(v.plays()),
            deck_left: u32::from(v.deck_left()),
            hand_sizes: (0..rules.players)
                .map(|s| u32::from(v.hand_size(s)))
                .collect(),
            sides,
            last_capture_side: v.last_capture().map(u32::from),
            last_play: self.last_play.map(PlayRecord::from),
            legal_moves: v.legal_moves().iter().map(|&m| Move::from(m)).collect(),
            last_hand: self
                .game
                .last_hand()
                .map(|h| breakdown(&h.score, Some(&h.piles))),
            winner: self.game.winner().map(u32::from),
            is_over: self.game.is_over(),
        })
    }

    fn ai_levels(&self) -> Vec<Option<crate::types::AiLevel>> {
        self.ai.iter().map(|l| l.map(Into::into)).collect()
    }

    /// Plays `mv` for `seat` and translates the events.
    fn play(&mut self, seat: u8, mv: scopa_core::Move) -> Result<Vec<GameEvent>, ScopaError> {
        let mut game = self.game.clone();
        let events = game.play(seat, mv)?;
        let out = events
            .iter()
            .map(|e| match *e {
                Event::Played { seat, mv } => GameEvent::Played {
                    seat: u32::from(seat),
                    r#move: mv.into(),
                },
                Event::Scopa { seat, side } => GameEvent::Scopa {
                    seat: u32::from(seat),
                    side: u32::from(side),
                },
                Event::Dealt { round, deck_left } => GameEvent::Dealt {
                    round: u32::from(round),
                    deck_left: u32::from(deck_left),
                },
                Event::TableCollected { side, cards: c } => GameEvent::TableCollected {
                    side: u32::from(side),
                    cards: cards(c),
                },
                Event::HandFinished(score) => GameEvent::HandFinished {
                    breakdown: breakdown(
                        &score,
                        game.last_hand()
                            .filter(|h| h.score == score)
                            .map(|h| &h.piles),
                    ),
                },
                Event::MatchFinished { winner, scores } => GameEvent::MatchFinished {
                    winner: u32::from(winner),
                    scores: scores[..usize::from(game.rules().sides())]
                        .iter()
                        .map(|&s| u32::from(s))
                        .collect(),
                },
                Event::NewHand { number, dealer, .. } => GameEvent::NewHand {
                    number: u32::from(number),
                    dealer: u32::from(dealer),
                },
            })
            .collect();
        self.game = game;
        self.last_play = Some(Play { seat, mv });
        Ok(out)
    }
}

impl ScopaMatch {
    fn lock(&self) -> Result<MutexGuard<'_, State>, ScopaError> {
        self.inner.lock().map_err(|_| ScopaError::Internal {
            reason: "an earlier call panicked inside this match; save() still works: restore a new match from its bytes"
                .to_string(),
        })
    }

    fn from_state(state: State) -> Arc<ScopaMatch> {
        Arc::new(ScopaMatch {
            inner: Mutex::new(state),
        })
    }

    /// The seed the AI of the seat to play receives (tests of the seed policy).
    #[cfg(test)]
    pub(crate) fn ai_decision_seed(&self) -> Result<u64, ScopaError> {
        Ok(self.lock()?.ai_decision_seed())
    }

    /// Panics while holding the lock (tests of the panic guard and of lock poisoning).
    #[cfg(any(test, feature = "test-hooks"))]
    pub(crate) fn panic_holding_lock(&self) -> Result<(), ScopaError> {
        let _state = self.lock()?;
        panic!("test hook: panic while holding the match lock");
    }
}

#[uniffi::export]
impl ScopaMatch {
    /// A new match from `config`; the same config and seed always play the same deals and
    /// AI moves.
    #[uniffi::constructor]
    pub fn new(config: GameConfig, seed: u64) -> Result<Arc<ScopaMatch>, ScopaError> {
        guard("ScopaMatch.new", || {
            let rules = config.rules.to_core()?;
            if config.ai_levels.len() != usize::from(rules.players) {
                return Err(ScopaError::InvalidConfig {
                    reason: format!(
                        "ai_levels has {} entries but there are {} players (one entry per seat, null for a human)",
                        config.ai_levels.len(),
                        rules.players
                    ),
                });
            }
            let game = match config.first_dealer {
                None => Match::new(rules, seed)?,
                Some(d) => {
                    let dealer = u8::try_from(d)
                        .ok()
                        .filter(|&d| d < rules.players)
                        .ok_or_else(|| ScopaError::InvalidConfig {
                            reason: format!(
                                "first dealer {d} is not a seat of a {}-player game",
                                rules.players
                            ),
                        })?;
                    Match::with_first_dealer(rules, seed, dealer).map_err(|e| {
                        ScopaError::InvalidConfig {
                            reason: e.to_string(),
                        }
                    })?
                }
            };
            Ok(ScopaMatch::from_state(State {
                game,
                ai: config
                    .ai_levels
                    .iter()
                    .map(|l| l.map(Level::from))
                    .collect(),
                seed,
                last_play: None,
            }))
        })
    }

    /// A match restored from [`ScopaMatch::save`]'s bytes.
    #[uniffi::constructor]
    pub fn restore(bytes: Vec<u8>) -> Result<Arc<ScopaMatch>, ScopaError> {
        guard("ScopaMatch.restore", || {
            let s = save::decode(&bytes)?;
            Ok(ScopaMatch::from_state(State {
                game: s.game,
                ai: s.ai,
                seed: s.seed,
                last_play: s.last_play,
            }))
        })
    }

    /// What `seat` may see and do now.
    pub fn view(&self, seat: u32) -> Result<GameView, ScopaError> {
        guard("ScopaMatch.view", || self.lock()?.view(seat))
    }

    /// Plays `move` for `seat`; on error nothing changes.
    pub fn play(&self, seat: u32, r#move: Move) -> Result<Vec<GameEvent>, ScopaError> {
        guard("ScopaMatch.play", || {
            let mut state = self.lock()?;
            let seat = state.seat(seat)?;
            let mv = r#move.to_core()?;
            state.play(seat, mv)
        })
    }

    /// Plays the move of `seat`'s AI level.
    pub fn play_ai(&self, seat: u32) -> Result<Vec<GameEvent>, ScopaError> {
        guard("ScopaMatch.play_ai", || {
            let mut state = self.lock()?;
            let seat = state.seat(seat)?;
            state.not_over()?;
            let level = state.ai[usize::from(seat)].ok_or(ScopaError::NotAiSeat { seat })?;
            let turn = state.game.turn();
            if turn != seat {
                return Err(ScopaError::NotYourTurn { seat, turn });
            }
            let view = state.view_of(seat)?;
            let seed = state.ai_decision_seed();
            let mv = ai::choose_move(level, &view, seed).ok_or_else(|| ScopaError::Internal {
                reason: format!("the {level} AI found no move for seat {seat} on its turn"),
            })?;
            state.play(seat, mv)
        })
    }

    /// The expert's recommended move for `seat`, and why.
    pub fn hint(&self, seat: u32) -> Result<Hint, ScopaError> {
        guard("ScopaMatch.hint", || {
            let state = self.lock()?;
            let seat = state.seat(seat)?;
            state.not_over()?;
            let turn = state.game.turn();
            if turn != seat {
                return Err(ScopaError::NotYourTurn { seat, turn });
            }
            let view = state.view_of(seat)?;
            ai::hint(&view)
                .map(Hint::from)
                .ok_or_else(|| ScopaError::Internal {
                    reason: format!("the hint found no move for seat {seat} on its turn"),
                })
        })
    }

    /// The plays of the current hand, in order.
    pub fn history(&self) -> Result<Vec<PlayRecord>, ScopaError> {
        guard("ScopaMatch.history", || {
            Ok(self.lock()?.game.plays().map(PlayRecord::from).collect())
        })
    }

    /// The match as bytes for [`ScopaMatch::restore`].
    pub fn save(&self) -> Result<Vec<u8>, ScopaError> {
        guard("ScopaMatch.save", || {
            // Every change is committed only after it succeeded, so the state behind a lock
            // poisoned by a caught panic is still consistent: saving it is the way out.
            let state = self
                .inner
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            Ok(save::encode(&Saved {
                game: state.game.clone(),
                ai: state.ai.clone(),
                seed: state.seed,
                last_play: state.last_play,
            }))
        })
    }

    /// The configuration (with the first dealer as drawn).
    pub fn config(&self) -> Result<GameConfig, ScopaError> {
        guard("ScopaMatch.config", || {
            let state = self.lock()?;
            Ok(GameConfig {
                rules: (*state.game.rules()).into(),
                ai_levels: state.ai_levels(),
                first_dealer: Some(u32::from(state.game.first_dealer())),
            })
        })
    }

    /// The seed the match was created with.
    pub fn seed(&self) -> Result<u64, ScopaError> {
        guard("ScopaMatch.seed", || Ok(self.lock()?.seed))
    }

    /// The seat to play.
    pub fn turn(&self) -> Result<u32, ScopaError> {
        guard("ScopaMatch.turn", || {
            Ok(u32::from(self.lock()?.game.turn()))
        })
    }

    /// Whether the match is over.
    pub fn is_over(&self) -> Result<bool, ScopaError> {
        guard("ScopaMatch.is_over", || Ok(self.lock()?.game.is_over()))
    }

    /// The winning side, once the match is over.
    pub fn winner(&self) -> Result<Option<u32>, ScopaError> {
        guard("ScopaMatch.winner", || {
            Ok(self.lock()?.game.winner().map(u32::from))
        })
    }

    /// Whether the seat to play is an AI seat (false once the match is over).
    pub fn is_ai_turn(&self) -> Result<bool, ScopaError> {
        guard("ScopaMatch.is_ai_turn", || {
            let state = self.lock()?;
            Ok(!state.game.is_over() && state.ai[usize::from(state.game.turn())].is_some())
        })
    }
}

#[cfg(feature = "test-hooks")]
#[uniffi::export]
impl ScopaMatch {
    /// Test hook (feature `test-hooks`, never in app builds): panics inside the engine while
    /// holding the lock, to prove the panic comes back as `Internal` and later calls too.
    pub fn test_panic_holding_lock(&self) -> Result<(), ScopaError> {
        guard("ScopaMatch.test_panic_holding_lock", || {
            self.panic_holding_lock()
        })
    }
}
