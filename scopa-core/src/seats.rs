//! Seats and sides, shared by every game: how many a table has, which side a seat plays
//! for (partners sit opposite), and how many decks a table of that size uses.

/// The most sides of any table: 4 (8 players in teams of two).
pub const MAX_SIDES: usize = 4;

/// The most seats of any table: 8 (two decks).
pub const MAX_SEATS: usize = 8;

/// The decks `players` seats use, for every game: 2 for 6 and 8 players, else 1.
#[inline]
pub const fn decks_for(players: u8) -> u8 {
    if players >= 6 { 2 } else { 1 }
}

/// The sides at a table of `players` seats, for every game: 3 with three players (each for
/// itself), 2 with two or four (in two teams), players/2 with 6 or 8 (teams of two).
#[inline]
pub(crate) const fn sides_of(players: u8) -> u8 {
    match players {
        3 | 6 => 3,
        8 => 4,
        _ => 2,
    }
}

/// The side of `seat` at a table of `players`, for every game: with 4 players seats 0 and 2
/// are side 0, seats 1 and 3 side 1; with 6 or 8 partners sit opposite (seat s is side
/// s mod players/2); otherwise every seat is its own side.
#[inline]
pub(crate) const fn side_of_seat(players: u8, seat: u8) -> u8 {
    match players {
        4 => seat & 1,
        6 => seat % 3,
        8 => seat & 3,
        _ => seat,
    }
}
