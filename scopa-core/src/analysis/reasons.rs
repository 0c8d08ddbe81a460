//! Why a choice is worth what it is: facts of the position, each true of the choice by
//! construction and checked against the position by the tests (a reason never says a play
//! "takes sevens" unless the cards it takes hold a seven), and the comparison with the best
//! choice from the analysis's own figures.

use crate::ai;
use crate::briscola::{BriscolaCards, BriscolaViewOf, beats, card_points, trick_winner};
use crate::card::{Card, Suit};
use crate::cardset::CardSet;
use crate::scopa::capture::Move;
use crate::scopa::view::PlayerView;

/// The most reasons one choice carries.
pub const MAX_REASONS: usize = 8;

/// One reason, a fact about a choice in its position.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum Why {
    /// The expert's choice: the best expected margin.
    Best,
    /// Below the best choice by this much, in hundredths of a point, on average.
    BelowBest {
        /// Hundredths of a point (of the analysis's unit).
        by: u32,
    },
    /// Scopa: it takes every card on the table before the last play: a scopa.
    Sweeps,
    /// Scopa: the cards it takes hold the settebello (the seven of coins).
    TakesSettebello,
    /// Scopa: the cards it takes hold this many sevens (the best primiera cards).
    TakesSevens {
        /// Sevens taken.
        count: u8,
    },
    /// Scopa: the cards it takes hold this many coins (denari).
    TakesCoins {
        /// Coins taken.
        count: u8,
    },
    /// Scopa: it takes this many cards from the table.
    TakesCards {
        /// Cards taken.
        count: u8,
    },
    /// Scopa: it leaves a table that a card the seat has not seen could sweep (scopa risk).
    LeavesSweep,
    /// Scopa: it leaves no such table, where another choice would.
    AvoidsSweep,
    /// Scopa: it lays a seven or a coin on the table, where the next players may take it.
    GivesCard {
        /// The card laid.
        card: Card,
    },
    /// Briscola: it beats the cards on the trick so far (`sure`: it plays last, so the
    /// trick is taken), worth this many points with it.
    TakesTrick {
        /// The trick's card points with this card.
        points: u8,
        /// Whether it is the trick's last card (the trick is then taken).
        sure: bool,
    },
    /// Briscola: it does not beat the trick's best card, worth this many points with it,
    /// which goes to another side (`sure`: it plays last).
    LosesTrick {
        /// The trick's card points with this card.
        points: u8,
        /// Whether it is the trick's last card.
        sure: bool,
    },
    /// Briscola: a partner is taking the trick so far, and this card gives it points.
    LoadsPartner {
        /// The card's points.
        points: u8,
    },
    /// Briscola: it leads a carico (an Ace or a 3) that another side may take.
    LeadsCarico {
        /// The card's points.
        points: u8,
    },
    /// Briscola: it spends a briscola (a trump) while this many carichi of other suits
    /// are still out (not seen by the seat).
    SpendsTrump {
        /// Aces and 3s of the other suits the seat has not seen.
        carichi_out: u8,
    },
    /// Briscola: it plays a card of points that is not a briscola, with someone still to
    /// play on the trick, while this many briscole are still out (not seen by the seat),
    /// so it can be trumped.
    TrumpsOut {
        /// Briscole the seat has not seen.
        count: u8,
    },
}

/// The reasons of one choice, most telling first.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Reasons {
    items: [Option<Why>; MAX_REASONS],
}

impl Reasons {
    /// No reason.
    pub const NONE: Reasons = Reasons {
        items: [None; MAX_REASONS],
    };

    /// Adds `why` (dropped past [`MAX_REASONS`]).
    pub fn push(&mut self, why: Why) {
        if let Some(slot) = self.items.iter_mut().find(|w| w.is_none()) {
            *slot = Some(why);
        }
    }

    /// The reasons, in order.
    pub fn iter(&self) -> impl Iterator<Item = Why> + '_ {
        self.items.iter().map_while(|w| *w)
    }

    /// How many.
    pub fn len(&self) -> usize {
        self.iter().count()
    }

    /// Whether there is none.
    pub fn is_empty(&self) -> bool {
        self.items[0].is_none()
    }
}

/// The facts of Scopa move `mv` among `moves` in the position of `view`.
pub(crate) fn scopa(view: &PlayerView, moves: &[Move], mv: Move) -> Reasons {
    let mut r = Reasons::NONE;
    let taken = if mv.is_lay() {
        CardSet::EMPTY
    } else {
        mv.capture()
    };
    if !mv.is_lay() && (view.table() - taken).is_empty() && !view.is_last_play() {
        r.push(Why::Sweeps);
    }
    if taken.contains(Card::SETTEBELLO) {
        r.push(Why::TakesSettebello);
    }
    let count = |n: u32| n.min(u32::from(u8::MAX)) as u8;
    if taken.count_value(7) > 0 {
        r.push(Why::TakesSevens {
            count: count(taken.count_value(7)),
        });
    }
    if taken.count_suit(Suit::Denari) > 0 {
        r.push(Why::TakesCoins {
            count: count(taken.count_suit(Suit::Denari)),
        });
    }
    if !taken.is_empty() {
        r.push(Why::TakesCards {
            count: count(taken.len()),
        });
    }
    if ai::leaves_sweep(view, mv) {
        r.push(Why::LeavesSweep);
    } else if moves.iter().any(|&m| ai::leaves_sweep(view, m)) {
        r.push(Why::AvoidsSweep);
    }
    if mv.is_lay() && (mv.card().value() == 7 || mv.card().suit() == Suit::Denari) {
        r.push(Why::GivesCard { card: mv.card() });
    }
    r
}

/// The facts of playing `card` in the Briscola position of `view` (one deck or two).
pub(crate) fn briscola<C: BriscolaCards, const SEATS: usize, const SIDES: usize>(
    view: &BriscolaViewOf<C, SEATS, SIDES>,
    card: Card,
) -> Reasons {
    let mut r = Reasons::NONE;
    let trump = view.trump();
    let trick = view.trick();
    let unseen = view.unseen();
    let points = card_points(card);
    if let Some(w) = trick_winner(trump, trick) {
        let best = trick[w];
        let on_trick: u32 = trick.iter().map(|&c| u32::from(card_points(c))).sum();
        let total = (on_trick + u32::from(points)).min(120) as u8;
        let sure = trick.len() + 1 == usize::from(view.rules.players);
        let leader = view.leader;
        let best_seat = (leader + w as u8) % view.rules.players.max(1);
        let partner = best_seat != view.seat
            && view.rules.side_of(best_seat) == view.rules.side_of(view.seat);
        if beats(trump, best, card) {
            r.push(Why::TakesTrick {
                points: total,
                sure,
            });
        } else if partner && points > 0 {
            r.push(Why::LoadsPartner { points });
        } else if !partner {
            r.push(Why::LosesTrick {
                points: total,
                sure,
            });
        }
    } else if points >= 10 {
        r.push(Why::LeadsCarico { points });
    }
    if card.suit() == trump {
        let carichi_out = unseen
            .into_iter()
            .filter(|&c| c.suit() != trump && card_points(c) >= 10)
            .count() as u8;
        r.push(Why::SpendsTrump { carichi_out });
    } else if points > 0 && trick.len() + 1 < usize::from(view.rules.players) {
        // Someone plays after it on this trick: a briscola still out could take it.
        let count = unseen.into_iter().filter(|&c| c.suit() == trump).count() as u8;
        if count > 0 {
            r.push(Why::TrumpsOut { count });
        }
    }
    r
}
