//! Scoring a hand (docs/rules.md §5): scope, carte, denari, settebello, primiera, napola,
//! re bello.

use core::fmt;

use crate::card::{Card, Suit};
use crate::cardset::CardSet;
use crate::multiset::CardMultiset;
use crate::scopa::rules::{PrimieraRule, Rules};
use crate::seats::MAX_SIDES;

/// One side's result for a hand: the points awarded and the tallies behind them.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct SideScore {
    /// Points for scope (one per scopa).
    pub scope: u8,
    /// 1 for strictly the most cards.
    pub carte: u8,
    /// 1 for strictly the most coins.
    pub denari: u8,
    /// 1 for holding the `7d`.
    pub settebello: u8,
    /// 1 for strictly the best primiera.
    pub primiera: u8,
    /// Napola points (0, or 3 … 10).
    pub napola: u8,
    /// 1 for holding the `10d` when `re_bello` is on.
    pub re_bello: u8,
    /// Tally: cards in the pile.
    pub cards: u8,
    /// Tally: coins (denari) in the pile.
    pub coins: u8,
    /// Tally: sevens in the pile.
    pub sevens: u8,
    /// Tally: the primiera sum (`None` under `classic` when a suit is missing; under
    /// `most_sevens` the sum is still shown for information).
    pub primiera_value: Option<u8>,
}

impl SideScore {
    /// The side's points for the hand.
    pub const fn total(&self) -> u16 {
        self.scope as u16
            + self.carte as u16
            + self.denari as u16
            + self.settebello as u16
            + self.primiera as u16
            + self.napola as u16
            + self.re_bello as u16
    }
}

/// The breakdown of one hand for every side.
///
/// ```
/// use scopa_core::CardSet;
/// use scopa_core::scopa::{score_hand, Rules};
/// let rules = Rules::default();
/// let side0: CardSet = "2d 3d 4d 5d 6d 7d 6c 8c 9c 10c 7s 8s 9s 10s 1b 2b 3b 4b 5b 6b 8b 10b".parse().unwrap();
/// let score = score_hand(&rules, &[side0, !side0], &[1, 2]).unwrap();
/// assert_eq!(score.side(0).total(), 5);
/// assert_eq!(score.side(1).total(), 2);
/// assert_eq!(score.side(0).primiera_value, Some(78));
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct HandScore {
    sides: u8,
    side: [SideScore; MAX_SIDES],
}

impl HandScore {
    /// Number of sides (2 or 3; 3 or 4 with two decks).
    pub const fn side_count(&self) -> u8 {
        self.sides
    }

    /// The result of `side` (0-based; a side past the last gives an all-zero result).
    pub const fn side(&self, side: u8) -> SideScore {
        if side < self.sides {
            self.side[side as usize]
        } else {
            SideScore {
                scope: 0,
                carte: 0,
                denari: 0,
                settebello: 0,
                primiera: 0,
                napola: 0,
                re_bello: 0,
                cards: 0,
                coins: 0,
                sevens: 0,
                primiera_value: None,
            }
        }
    }

    /// The breakdown made of `sides` (2 to 4 of them, in side order): a score read back from
    /// a front-end's copy of an [`Event::HandFinished`](crate::scopa::Event::HandFinished), to write
    /// it with the session's texts or transcript. `None` for another number of sides.
    ///
    /// ```
    /// use scopa_core::CardSet;
    /// use scopa_core::scopa::{score_hand, HandScore, Rules};
    /// let pile: CardSet = "7d 7c 1s".parse().unwrap();
    /// let score = score_hand(&Rules::default(), &[pile, !pile], &[0, 1]).unwrap();
    /// assert_eq!(HandScore::from_sides(score.sides()), Some(score));
    /// assert_eq!(HandScore::from_sides(&score.sides()[..1]), None);
    /// ```
    pub fn from_sides(sides: &[SideScore]) -> Option<HandScore> {
        if !(2..=MAX_SIDES).contains(&sides.len()) {
            return None;
        }
        let mut side = [SideScore::default(); MAX_SIDES];
        side[..sides.len()].copy_from_slice(sides);
        Some(HandScore {
            sides: sides.len() as u8,
            side,
        })
    }

    /// The results of every side.
    pub fn sides(&self) -> &[SideScore] {
        &self.side[..self.sides as usize]
    }

    /// The points of every side for the hand (0 past the last side).
    pub fn totals(&self) -> [u16; MAX_SIDES] {
        let mut t = [0; MAX_SIDES];
        for (slot, s) in t.iter_mut().zip(self.sides()) {
            *slot = s.total();
        }
        t
    }
}

/// Why piles could not be scored.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum ScoreError {
    /// The number of piles or scope counts does not match the rules' sides.
    WrongSideCount {
        /// Sides the rules have.
        expected: u8,
        /// Piles given.
        piles: usize,
        /// Scope counts given.
        scope: usize,
    },
    /// A card is in two piles.
    CardInTwoPiles {
        /// The card.
        card: Card,
    },
    /// With two decks: a card held three times across the piles.
    ThirdCopy {
        /// The card.
        card: Card,
    },
    /// A scope count above the cards in play, 40 (80 with two decks): impossible.
    TooManyScope {
        /// The side.
        side: u8,
    },
}

impl fmt::Display for ScoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ScoreError::WrongSideCount {
                expected,
                piles,
                scope,
            } => write!(
                f,
                "these rules have {expected} sides but {piles} piles and {scope} scope counts were given"
            ),
            ScoreError::CardInTwoPiles { card } => write!(f, "card {card} is in two piles"),
            ScoreError::ThirdCopy { card } => write!(
                f,
                "card {card} is in the piles three times: two decks have two copies of each card"
            ),
            ScoreError::TooManyScope { side } => {
                write!(f, "side {side} has more scope than a hand has plays")
            }
        }
    }
}

impl core::error::Error for ScoreError {}

/// The primiera sum of a pile: the best primiera value per suit, added up. `None` if a
/// suit is missing and `lenient` is false.
pub fn primiera_value(pile: CardSet, lenient: bool) -> Option<u8> {
    let tally = Tally::of(pile);
    (lenient || tally.empty_suits() == 0).then_some(tally.primiera())
}

/// The cards behind a side's points, for a summary to show (docs/rules.md §5): its
/// denari, the cards of its primiera, its settebello(s) and its sevens. Copies are counted
/// (a pile of two decks may hold a card twice).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Behind {
    /// The coins (denari) of the pile: the denari point compares how many.
    pub denari: CardMultiset,
    /// The cards the primiera compares: under `classic` and `lenient` the best card of each
    /// suit (the first in card order among equals; none under `classic` when a suit is
    /// missing, as the side then has no primiera); under `most_sevens` every seven, six and
    /// Ace, compared in that order.
    pub primiera: CardMultiset,
    /// The settebello (7 of denari), once per copy held.
    pub settebello: CardMultiset,
    /// The sevens (the tally of the summary's sevens row).
    pub sevens: CardMultiset,
}

/// The cards behind the points of `pile` under the primiera rule `rule` ([`Behind`]). The
/// primiera's cards are chosen from the same per-suit table that [`score_hand`] and
/// [`score_copies`] add up, so their primiera values sum to the side's
/// [`SideScore::primiera_value`].
///
/// ```
/// use scopa_core::multiset::CardMultiset;
/// use scopa_core::scopa::rules::PrimieraRule;
/// use scopa_core::scopa::score::behind;
/// let pile: CardMultiset = "7d 1d 6c 2s 5s 10b 3d".parse().unwrap();
/// let b = behind(PrimieraRule::Classic, pile);
/// assert_eq!(b.primiera.to_string(), "7d 6c 5s 10b");
/// assert_eq!(b.denari.to_string(), "1d 3d 7d");
/// assert_eq!(b.settebello.to_string(), "7d");
/// assert_eq!(behind(PrimieraRule::MostSevens, pile).primiera.to_string(), "1d 7d 6c");
/// ```
pub fn behind(rule: PrimieraRule, pile: CardMultiset) -> Behind {
    let only = |set: CardSet| {
        CardMultiset::from_parts(pile.distinct() & set, pile.doubles() & set).unwrap_or_default()
    };
    let primiera = match rule {
        PrimieraRule::MostSevens => {
            only(CardSet::of_value(7) | CardSet::of_value(6) | CardSet::of_value(1))
        }
        PrimieraRule::Classic | PrimieraRule::Lenient => {
            let bits = pile.distinct().bits();
            let complete = Tally::of(pile.distinct()).empty_suits() == 0;
            let mut best = CardSet::EMPTY;
            if complete || matches!(rule, PrimieraRule::Lenient) {
                for suit in 0..4u32 {
                    let mask = (bits >> (10 * suit)) as usize & 0x3FF;
                    let value = SUIT_TALLY[mask] & 0xFF;
                    // The first card of the suit whose primiera value is the suit's best.
                    let card = (0..10u8)
                        .filter(|v| mask >> v & 1 == 1)
                        .filter_map(|v| Card::from_index(suit as u8 * 10 + v))
                        .find(|c| u32::from(c.primiera_value()) == value);
                    if let Some(card) = card {
                        best.insert(card);
                    }
                }
            }
            CardMultiset::from_set(best)
        }
    };
    Behind {
        denari: only(CardSet::suit(Suit::Denari)),
        primiera,
        settebello: only(CardSet::single(Card::SETTEBELLO)),
        sevens: only(CardSet::of_value(7)),
    }
}

/// Per suit, indexed by its 10 bits of a pile: bits 0 … 7 the best primiera value, 8 … 15
/// the number of cards, 16 … 19 whether it holds the 7, 20 … 23 the 6, 24 … 27 the Ace,
/// 28 … 31 whether it is empty. The fields of four suits add up without overflowing.
static SUIT_TALLY: [u32; 1024] = suit_tally_table();

const fn suit_tally_table() -> [u32; 1024] {
    let mut table = [0u32; 1024];
    let mut mask = 0;
    while mask < 1024 {
        let mut best = 0;
        let mut count = 0;
        let mut v = 1;
        while v <= 10 {
            if mask >> (v - 1) & 1 == 1 {
                let p = match Card::new(Suit::Denari, v as u8) {
                    Some(c) => c.primiera_value() as u32,
                    None => 0,
                };
                if p > best {
                    best = p;
                }
                count += 1;
            }
            v += 1;
        }
        let m = mask as u32;
        table[mask] = best
            | count << 8
            | (m >> 6 & 1) << 16
            | (m >> 5 & 1) << 20
            | (m & 1) << 24
            | ((mask == 0) as u32) << 28;
        mask += 1;
    }
    table
}

/// The tallies of a pile, from four lookups in [`SUIT_TALLY`].
#[derive(Copy, Clone)]
struct Tally {
    sum: u32,
    coins: u32,
}

impl Tally {
    #[inline]
    fn of(pile: CardSet) -> Tally {
        let b = pile.bits();
        let suit = |k: u32| SUIT_TALLY[(b >> (10 * k)) as usize & 0x3FF];
        let coins = suit(0);
        Tally {
            sum: coins + suit(1) + suit(2) + suit(3),
            coins,
        }
    }
    /// The tallies of a pile of two decks: the counts add both copies; the best primiera
    /// value and the empty suits are the distinct cards'. (Every count fits its field: at
    /// most 80 cards, 8 sevens, sixes or Aces.)
    #[inline]
    fn of_copies(pile: CardMultiset) -> Tally {
        const COUNTS: u32 = 0x0FFF_FF00;
        let (once, twice) = (Tally::of(pile.distinct()), Tally::of(pile.doubles()));
        Tally {
            sum: once.sum + (twice.sum & COUNTS),
            coins: once.coins + (twice.coins & COUNTS),
        }
    }
    #[inline]
    fn primiera(self) -> u8 {
        self.sum as u8
    }
    #[inline]
    fn cards(self) -> u8 {
        (self.sum >> 8) as u8
    }
    #[inline]
    fn coins(self) -> u8 {
        (self.coins >> 8) as u8
    }
    #[inline]
    fn count(self, value: u8) -> u8 {
        let shift = match value {
            7 => 16,
            6 => 20,
            _ => 24, // the Ace
        };
        (self.sum >> shift & 0xF) as u8
    }
    #[inline]
    fn empty_suits(self) -> u32 {
        self.sum >> 28
    }
}

/// The napola points of a pile: k when `1d` … `kd` are all in it (k ≥ 3), else 0.
pub fn napola_points(pile: CardSet) -> u8 {
    let coins = (pile & CardSet::suit(Suit::Denari)).bits();
    let run = coins.trailing_ones() as u8;
    if run >= 3 { run } else { 0 }
}

/// Index of the unique strict maximum of `keys`, if there is one.
fn strict_max<K: Ord + Copy>(keys: &[K]) -> Option<usize> {
    let (mut best, mut tied) = (0usize, false);
    for i in 1..keys.len() {
        if keys[i] > keys[best] {
            best = i;
            tied = false;
        } else if keys[i] == keys[best] {
            tied = true;
        }
    }
    if tied || keys.is_empty() {
        None
    } else {
        Some(best)
    }
}

/// One side's breakdown before the comparisons (carte, denari, primiera).
#[inline(always)]
fn side_score(rules: &Rules, pile: CardSet, scope: u8, t: Tally) -> SideScore {
    let classic = matches!(rules.primiera, PrimieraRule::Classic);
    SideScore {
        scope,
        carte: 0,
        denari: 0,
        settebello: pile.contains(Card::SETTEBELLO) as u8,
        primiera: 0,
        napola: if rules.napola { napola_points(pile) } else { 0 },
        re_bello: (rules.re_bello && pile.contains(Card::RE_BELLO)) as u8,
        cards: t.cards(),
        coins: t.coins(),
        sevens: t.count(7),
        primiera_value: (!classic || t.empty_suits() == 0).then_some(t.primiera()),
    }
}

/// [`score_hand`] for two sides (checked piles and scope), without the loops: the usual
/// case, and the end of every random playout.
#[inline]
pub(crate) fn score_two(rules: &Rules, piles: [CardSet; 2], scope: [u8; 2]) -> HandScore {
    let (ta, tb) = (Tally::of(piles[0]), Tally::of(piles[1]));
    let mut a = side_score(rules, piles[0], scope[0], ta);
    let mut b = side_score(rules, piles[1], scope[1], tb);
    // 1 to the side with strictly more; nobody on a tie.
    let strictly = |x: u8, y: u8| (u8::from(x > y), u8::from(y > x));
    (a.carte, b.carte) = strictly(a.cards, b.cards);
    (a.denari, b.denari) = strictly(a.coins, b.coins);
    (a.primiera, b.primiera) = match rules.primiera {
        // `None` (no primiera) sorts below every sum; if nobody has one, nobody scores.
        PrimieraRule::Classic | PrimieraRule::Lenient => (
            u8::from(a.primiera_value > b.primiera_value),
            u8::from(b.primiera_value > a.primiera_value),
        ),
        PrimieraRule::MostSevens => {
            let key = |t: Tally| (t.count(7), t.count(6), t.count(1));
            (u8::from(key(ta) > key(tb)), u8::from(key(tb) > key(ta)))
        }
    };
    HandScore {
        sides: 2,
        side: [a, b, SideScore::default(), SideScore::default()],
    }
}

/// Scores one hand from each side's pile and scope count (docs/rules.md §5).
///
/// The piles must be disjoint; they need not hold all 40 cards.
pub fn score_hand(rules: &Rules, piles: &[CardSet], scope: &[u8]) -> Result<HandScore, ScoreError> {
    check_sides(rules, piles.len(), scope)?;
    let mut seen = CardSet::EMPTY;
    for pile in piles {
        if let Some(card) = (seen & *pile).first() {
            return Err(ScoreError::CardInTwoPiles { card });
        }
        seen |= *pile;
    }
    if let ([a, b], [sa, sb]) = (piles, scope) {
        return Ok(score_two(rules, [*a, *b], [*sa, *sb]));
    }
    Ok(score_sides(rules, scope, |i| {
        CardMultiset::from_set(piles[i])
    }))
}

/// Scores one hand of two decks (docs/rules.md §8) from each side's pile, counting
/// copies: carte of the 80 cards, denari of the 20 coins, settebello and re bello 1 point
/// per copy held, primiera and napola on the cards the pile holds.
///
/// Together the piles may hold each card at most twice.
///
/// ```
/// use scopa_core::multiset::CardMultiset;
/// use scopa_core::scopa::{Rules, score_copies};
/// let rules = Rules { re_bello: true, ..Rules::default().with_players(6) };
/// let a: CardMultiset = "7d 7d 10d 1c 1c".parse().unwrap();
/// let b: CardMultiset = "10d 2s".parse().unwrap();
/// let c = CardMultiset::EMPTY;
/// let score = score_copies(&rules, &[a, b, c], &[0, 1, 0]).unwrap();
/// assert_eq!((score.side(0).settebello, score.side(0).re_bello), (2, 1));
/// assert_eq!(score.side(0).carte + score.side(0).denari, 2);
/// assert_eq!(score.totals(), [5, 2, 0, 0]); // carte, denari, 2 settebelli, 1 re bello
/// ```
pub fn score_copies(
    rules: &Rules,
    piles: &[CardMultiset],
    scope: &[u8],
) -> Result<HandScore, ScoreError> {
    check_sides(rules, piles.len(), scope)?;
    let mut seen = CardMultiset::EMPTY;
    for pile in piles {
        seen = seen
            .checked_add(*pile)
            .map_err(|e| ScoreError::ThirdCopy { card: e.card })?;
    }
    Ok(score_sides(rules, scope, |i| piles[i]))
}

fn check_sides(rules: &Rules, piles: usize, scope: &[u8]) -> Result<(), ScoreError> {
    let sides = rules.sides();
    if piles != sides as usize || scope.len() != sides as usize {
        return Err(ScoreError::WrongSideCount {
            expected: sides,
            piles,
            scope: scope.len(),
        });
    }
    if let Some(side) = scope.iter().position(|&s| s > rules.cards()) {
        return Err(ScoreError::TooManyScope { side: side as u8 });
    }
    Ok(())
}

/// The general case of [`score_hand`] and [`score_copies`]: any number of sides, each pile
/// counted with its copies (one deck: none).
fn score_sides(rules: &Rules, scope: &[u8], pile: impl Fn(usize) -> CardMultiset) -> HandScore {
    let n = scope.len();
    let mut side = [SideScore::default(); MAX_SIDES];
    let mut tally = [Tally { sum: 0, coins: 0 }; MAX_SIDES];
    let classic = matches!(rules.primiera, PrimieraRule::Classic);
    for i in 0..n {
        let pile = pile(i);
        let t = Tally::of_copies(pile);
        tally[i] = t;
        let s = &mut side[i];
        s.scope = scope[i];
        s.cards = t.cards();
        s.coins = t.coins();
        s.sevens = t.count(7);
        s.primiera_value = (!classic || t.empty_suits() == 0).then_some(t.primiera());
        s.settebello = pile.count(Card::SETTEBELLO);
        if rules.napola {
            s.napola = napola_points(pile.distinct());
        }
        if rules.re_bello {
            s.re_bello = pile.count(Card::RE_BELLO);
        }
    }
    let mut cards = [0u8; MAX_SIDES];
    let mut coins = [0u8; MAX_SIDES];
    for i in 0..n {
        cards[i] = side[i].cards;
        coins[i] = side[i].coins;
    }
    if let Some(w) = strict_max(&cards[..n]) {
        side[w].carte = 1;
    }
    if let Some(w) = strict_max(&coins[..n]) {
        side[w].denari = 1;
    }
    let winner = match rules.primiera {
        PrimieraRule::Classic | PrimieraRule::Lenient => {
            // `None` (no primiera) sorts below every sum; if nobody has one, nobody scores.
            let mut keys = [None; MAX_SIDES];
            for i in 0..n {
                keys[i] = side[i].primiera_value;
            }
            strict_max(&keys[..n]).filter(|&w| keys[w].is_some())
        }
        PrimieraRule::MostSevens => {
            let mut keys = [(0u8, 0u8, 0u8); MAX_SIDES];
            for i in 0..n {
                let t = tally[i];
                keys[i] = (t.count(7), t.count(6), t.count(1));
            }
            strict_max(&keys[..n])
        }
    };
    if let Some(w) = winner {
        side[w].primiera = 1;
    }
    HandScore {
        sides: n as u8,
        side,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scopa::rules::PrimieraRule;

    fn set(s: &str) -> CardSet {
        s.parse().unwrap()
    }

    const SIDE0: &str = "2d 3d 4d 5d 6d 7d 6c 8c 9c 10c 7s 8s 9s 10s 1b 2b 3b 4b 5b 6b 8b 10b";

    #[test]
    fn worked_scoring_example_default_rules() {
        let p0 = set(SIDE0);
        let p1 = !p0;
        assert_eq!(
            p1,
            set("1d 8d 9d 10d 1c 2c 3c 4c 5c 7c 1s 2s 3s 4s 5s 6s 7b 9b")
        );
        let s = score_hand(&Rules::default(), &[p0, p1], &[1, 2]).unwrap();
        let a = s.side(0);
        assert_eq!(
            (
                a.carte,
                a.denari,
                a.settebello,
                a.primiera,
                a.scope,
                a.total()
            ),
            (1, 1, 1, 1, 1, 5)
        );
        assert_eq!(s.side(1).total(), 2);
        assert_eq!(
            (a.primiera_value, s.side(1).primiera_value),
            (Some(78), Some(76))
        );
    }

    #[test]
    fn worked_scoring_example_variants() {
        let p0 = set(SIDE0);
        let rules = Rules {
            re_bello: true,
            ..Rules::default()
        };
        let s = score_hand(&rules, &[p0, !p0], &[1, 2]).unwrap();
        assert_eq!(s.side(1).total(), 3);
        let rules = Rules {
            primiera: PrimieraRule::MostSevens,
            ..Rules::default()
        };
        let s = score_hand(&rules, &[p0, !p0], &[1, 2]).unwrap();
        assert_eq!(s.side(0).primiera, 1);
    }

    #[test]
    fn worked_scoring_example_missing_suit() {
        let clubs = CardSet::suit(Suit::Bastoni);
        let p0 = set(SIDE0) - clubs;
        let p1 = !p0;
        assert_eq!((p0.len(), p1.len()), (14, 26));
        for rule in [PrimieraRule::Classic, PrimieraRule::Lenient] {
            let rules = Rules {
                primiera: rule,
                ..Rules::default()
            };
            let s = score_hand(&rules, &[p0, p1], &[0, 0]).unwrap();
            let (a, b) = (s.side(0), s.side(1));
            assert_eq!((a.denari, a.settebello, a.total()), (1, 1, 2));
            assert_eq!((b.carte, b.primiera, b.total()), (1, 1, 2));
            assert_eq!(b.primiera_value, Some(76));
            let expect = if rule == PrimieraRule::Lenient {
                Some(60)
            } else {
                None
            };
            assert_eq!(a.primiera_value, expect);
        }
    }

    #[test]
    fn ties_give_no_point() {
        let p0 = set("1d 2d 3d 4d 5d 1c 2c 3c 4c 5c 1s 2s 3s 4s 5s 1b 2b 3b 4b 5b");
        let s = score_hand(&Rules::default(), &[p0, !p0], &[0, 0]).unwrap();
        assert_eq!(s.side(0).carte + s.side(1).carte, 0);
        assert_eq!(s.side(0).denari + s.side(1).denari, 0);
    }

    #[test]
    fn napola_counts_the_run() {
        assert_eq!(napola_points(set("1d 2d 3d 4d 5d 8d")), 5);
        assert_eq!(napola_points(set("1d 2d 4d")), 0);
        assert_eq!(napola_points(CardSet::suit(Suit::Denari)), 10);
    }

    #[test]
    fn errors() {
        let r = Rules::default();
        assert!(matches!(
            score_hand(&r, &[CardSet::EMPTY], &[0]),
            Err(ScoreError::WrongSideCount { .. })
        ));
        assert_eq!(
            score_hand(&r, &[set("1d"), set("1d 2d")], &[0, 0]),
            Err(ScoreError::CardInTwoPiles {
                card: "1d".parse().unwrap()
            })
        );
    }

    /// The primiera's cards of `behind` are the ones the scoring adds up: under every rule,
    /// for every pile of random deals (one deck and two), their values sum to the side's
    /// primiera value, and under `most_sevens` they are the sevens, sixes and Aces counted.
    #[test]
    fn behind_the_primiera_are_the_cards_scored() {
        let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        for round in 0..4000 {
            let once = CardSet::from_bits_truncate(next());
            let twice = if round % 2 == 0 {
                CardSet::EMPTY
            } else {
                once & CardSet::from_bits_truncate(next())
            };
            let pile = CardMultiset::from_parts(once, twice).unwrap();
            for rule in [
                PrimieraRule::Classic,
                PrimieraRule::Lenient,
                PrimieraRule::MostSevens,
            ] {
                let rules = Rules {
                    primiera: rule,
                    ..Rules::default()
                };
                let side = score_sides(&rules, &[0], |_| pile).side(0);
                let b = behind(rule, pile);
                assert!(b.primiera.is_subset(pile));
                match rule {
                    PrimieraRule::MostSevens => {
                        let t = Tally::of_copies(pile);
                        for v in [7, 6, 1] {
                            assert_eq!(b.primiera.count_value(v), u32::from(t.count(v)));
                        }
                        assert_eq!(
                            b.primiera.len(),
                            u32::from(t.count(7) + t.count(6) + t.count(1))
                        );
                    }
                    _ => {
                        let sum: u32 = b
                            .primiera
                            .iter()
                            .map(|c| u32::from(c.primiera_value()))
                            .sum();
                        match side.primiera_value {
                            Some(v) => assert_eq!(sum, u32::from(v), "{pile} {rule:?}"),
                            None => assert!(b.primiera.is_empty(), "{pile} {rule:?}"),
                        }
                        assert!(b.primiera.len() <= 4);
                    }
                }
                assert_eq!(b.denari.len(), u32::from(side.coins));
                assert_eq!(b.sevens.len(), u32::from(side.sevens));
                assert_eq!(b.settebello.len(), u32::from(side.settebello));
            }
        }
    }
}
