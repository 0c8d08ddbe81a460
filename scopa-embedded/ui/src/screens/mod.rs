//! Every screen of the handheld as small drawables in the style of embedded-graphics:
//! each part of a screen is a struct implementing [`Drawable`] for any
//! `DrawTarget<Color = Rgb565>` (240×240).
//!
//! They draw a [`ScreenModel`]: plain data that [`App::model`](crate::App::model)
//! computes from the app and its session ([`model`]); no drawable sees the app. A frame
//! is the felt, then the page:
//!
//! - title: [`TitleScreen`] (with the [`Sevens`]);
//! - options: [`OptionsScreen`];
//! - the match ([`TableScreen`]): [`ScoreBar`], [`Opponents`], [`Deck`],
//!   [`TableCards`] (in Briscola the [`BriscolaMiddle`] instead of both), the
//!   [`PlayedCard`] of an AI, [`StatusLine`], [`Hand`], and a [`ScopaBanner`] or
//!   [`HandOffPanel`] over them;
//! - between hands: [`HandEndScreen`]; at the end: [`MatchEndScreen`]; both with a
//!   [`Footer`].
//!
//! Every word comes from [`scopa_core::session::texts`] in the chosen language, drawn
//! with the ISO 8859-1 fonts (accented Italian letters included).

mod kit;
pub mod model;
mod options;
mod seats;
mod summary;
mod table;
mod title;

use embedded_graphics::pixelcolor::Rgb565;
use embedded_graphics::prelude::*;

pub use model::{Page, ScreenModel};
pub use options::OptionsScreen;
pub use seats::{Hand, Opponents, PlayedCard, ScoreBar};
pub use summary::{BriscolaPoints, Footer, HandEndScreen, MatchEndScreen};
pub use table::{
    BriscolaMiddle, Deck, HandOffPanel, ScopaBanner, StatusLine, TableCards, TableScreen,
};
pub use title::{Sevens, TitleScreen};

use crate::cards::color;

impl Drawable for ScreenModel<'_> {
    type Color = Rgb565;
    type Output = ();

    /// Clears the screen to the felt and draws the page.
    fn draw<D: DrawTarget<Color = Rgb565>>(&self, d: &mut D) -> Result<(), D::Error> {
        d.clear(color::FELT)?;
        let texts = &self.texts;
        match &self.page {
            &Page::Title {
                items,
                cursor,
                message,
            } => TitleScreen {
                texts,
                items,
                cursor,
                message,
            }
            .draw(d),
            Page::Options { options, cursor } => OptionsScreen {
                texts,
                options,
                cursor: *cursor,
            }
            .draw(d),
            Page::Table(model) => TableScreen { texts, model }.draw(d),
            Page::HandEnd(model) => HandEndScreen { texts, model }.draw(d),
            Page::MatchEnd(model) => MatchEndScreen { texts, model }.draw(d),
        }
    }
}
