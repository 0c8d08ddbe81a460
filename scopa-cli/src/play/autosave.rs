//! The save file's lifecycle during `scopa play`: the first save, one after every action,
//! the note said when saving starts failing and when it works again, the closing note, and
//! what Ctrl-C prints.
//!
//! Ctrl-C (SIGINT, SIGTERM, SIGHUP) is handled on a thread of its own while the game waits
//! for a line: that thread must print the closing note of the moment and must not stop the
//! program in the middle of a save. Both needs are met by one lock, shared by the game and
//! the handler only: [`Autosave`] holds it while a save is written, the handler takes it
//! before printing. It is the one lock of `scopa play`.

use std::io::{self, Write};
use std::path::Path;
use std::sync::{Arc, Mutex};

use crate::save::{self, SaveFile, StoreError};

/// What a save changed, for the person to be told.
pub enum Saved {
    /// Nothing to say: saved as before, or failing as before, or nothing to save to.
    Quietly,
    /// The first failure since the last good save.
    Failing(StoreError),
    /// Saved again after failures.
    Again,
}

/// Where the match is saved, and what Ctrl-C prints.
pub struct Autosave {
    file: Option<SaveFile>,
    /// What Ctrl-C prints ("Interrupted." and the closing note, wrapped); locked while a
    /// save is written, so that Ctrl-C waits for the write to finish.
    interrupt: Arc<Mutex<String>>,
}

impl Autosave {
    /// Saving to `file` (or nowhere).
    pub fn new(file: Option<SaveFile>) -> Autosave {
        Autosave {
            file,
            interrupt: Arc::default(),
        }
    }

    /// The file saved to.
    pub fn file(&self) -> Option<&SaveFile> {
        self.file.as_ref()
    }

    /// Saves to `file` from now on.
    pub fn switch_to(&mut self, file: SaveFile) {
        self.file = Some(file);
    }

    /// Ctrl-C (and SIGTERM, SIGHUP): wait for a save being written, say whether the match
    /// is saved, stop.
    pub fn install_interrupt_handler(&self) {
        let interrupt = Arc::clone(&self.interrupt);
        let _ = ctrlc::set_handler(move || {
            let text = interrupt.lock().map(|t| t.clone()).unwrap_or_default();
            let mut out = io::stdout().lock();
            let _ = write!(out, "\n{text}");
            let _ = out.flush();
            std::process::exit(130);
        });
    }

    /// What Ctrl-C prints from now on.
    pub fn set_interrupt_text(&self, text: String) {
        if let Ok(mut t) = self.interrupt.lock() {
            *t = text;
        }
    }

    /// The first save, at the start: it must work (better to stop now than after a long
    /// match).
    pub fn first(&mut self, bytes: &[u8]) -> Result<(), StoreError> {
        match &mut self.file {
            Some(file) => file.write(bytes),
            None => Ok(()),
        }
    }

    /// Saves `bytes` (after each action).
    pub fn write(&mut self, bytes: &[u8]) -> Saved {
        let Some(file) = &mut self.file else {
            return Saved::Quietly;
        };
        let was_stale = file.is_stale();
        let written = {
            let _writing = self.interrupt.lock();
            file.write(bytes)
        };
        match written {
            Err(e) if !was_stale => Saved::Failing(e),
            Ok(()) if was_stale => Saved::Again,
            _ => Saved::Quietly,
        }
    }

    /// Where the match stands for the closing note.
    pub fn state(&self) -> SaveState<'_> {
        match &self.file {
            None => SaveState::NotSaved,
            Some(file) if !file.is_stale() => SaveState::Saved(file.path()),
            // The last good save is gone (the file replaced by a directory, removed):
            // nothing to resume.
            Some(file) if save::load(file.target()).is_err() => SaveState::NotSaved,
            Some(file) => SaveState::SavedBeforeFailure(file.path()),
        }
    }
}

/// Whether the match can be continued, and from where.
pub enum SaveState<'a> {
    /// Nothing resumes this match.
    NotSaved,
    /// The file holds the match as it is.
    Saved(&'a Path),
    /// The last save failed; the file holds the match as it was at the last good save.
    SavedBeforeFailure(&'a Path),
}
