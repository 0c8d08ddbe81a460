//! `scopa play`: you (seat 0) against AI players in the terminal or through piped stdin.
//!
//! The match is a [`Match`] from scopa-core (`Match::new`: the first dealer is drawn by lot
//! from the seed, and the seat after the dealer leads). Every rule, score and AI choice is
//! the core's; this module reads moves and prints what happened.

use std::io::{self, BufRead, IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use anyhow::{Context, bail};
use clap::Args;
use scopa_core::ai::{self, Level};
use scopa_core::{Card, CardSet, Event, Events, Match, Move, Rules};

use crate::common::{BoundedLine, RulesArgs, derive_seed, read_bounded_line};
use crate::save;
use crate::ui::{Style, SuitStyle};

/// The longest input line read at the prompt.
const MAX_INPUT: usize = 4096;

/// Options of `scopa play` (also the default command).
#[derive(Args, Debug, Clone, Default)]
pub struct PlayArgs {
    #[command(flatten)]
    pub rules: RulesArgs,
    /// AI level of the other seats: random, easy, medium, expert or handheld
    /// [default: expert; with --resume, the saved level].
    #[arg(long)]
    pub level: Option<Level>,
    /// Seed of the shuffles and of the AI (the same seed and moves replay the same match)
    /// [default: from the clock, printed at the start].
    #[arg(long)]
    pub seed: Option<u64>,
    /// Save the match to FILE after every play (atomically: temporary file, then rename).
    #[arg(long, value_name = "FILE")]
    pub save: Option<PathBuf>,
    /// Continue the match saved in FILE (and keep saving to it unless --save says otherwise).
    #[arg(long, value_name = "FILE")]
    pub resume: Option<PathBuf>,
    /// Let --save replace an existing file.
    #[arg(long)]
    pub overwrite: bool,
    /// Pause before each AI play, in milliseconds [default: 500 in a terminal, else 0].
    #[arg(long, value_name = "MS")]
    pub delay_ms: Option<u64>,
    /// How cards are shown: letters (7d), symbols (7♦) or names (7 denari)
    /// [auto: symbols in a terminal, letters otherwise]. Either form can be typed.
    #[arg(long, value_enum, default_value_t)]
    pub suits: SuitStyle,
    /// No colours even in a terminal (the NO_COLOR environment variable does the same).
    #[arg(long)]
    pub no_color: bool,
}

/// Plays a match; returns when it is won, on `quit`, or at the end of input.
pub fn run(args: PlayArgs) -> anyhow::Result<ExitCode> {
    let tty = io::stdout().is_terminal();
    let no_color_env = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
    let (game, level, ai_seed, seed_note, save_path) = setup(&args)?;
    let rules = *game.rules();
    let style = Style {
        color: tty && !args.no_color && !no_color_env,
        suits: match args.suits {
            SuitStyle::Auto if tty => SuitStyle::Symbols,
            SuitStyle::Auto => SuitStyle::Letters,
            other => other,
        },
        rules,
    };
    let delay = Duration::from_millis(args.delay_ms.unwrap_or(if tty { 500 } else { 0 }));
    let save = match &save_path {
        Some(path) => Some(
            save::SaveFile::new(path)
                .with_context(|| format!("cannot save to {}", path.display()))?,
        ),
        None => None,
    };
    let stdin = io::stdin();
    let mut session = Session {
        game,
        level,
        ai_seed,
        save,
        style,
        delay,
        tty,
        input: Box::new(stdin.lock()),
        out: Box::new(io::stdout()),
        buf: Vec::new(),
    };
    // The first save must work: better to stop now than to find out after a long game.
    if let Some(file) = &mut session.save {
        let bytes = save::encode(&session.game, session.level, session.ai_seed);
        file.write(&bytes)
            .with_context(|| format!("cannot save to {}", file.path().display()))?;
    }
    session.intro(&seed_note)?;
    session.play_loop()?;
    Ok(ExitCode::SUCCESS)
}

type Setup = (Match, Level, u64, String, Option<PathBuf>);

fn setup(args: &PlayArgs) -> anyhow::Result<Setup> {
    if let Some(path) = &args.resume {
        let saved = save::load(path).map_err(|e| match e {
            save::SaveError::Io(io) => anyhow::anyhow!("cannot read {}: {io}", path.display()),
            other => anyhow::anyhow!("{} is not a scopa save: {other}", path.display()),
        })?;
        if let Some(other) = &args.save
            && other != path
            && other.exists()
            && !args.overwrite
        {
            bail!(
                "{} already exists; add --overwrite to replace it with the resumed match",
                other.display()
            );
        }
        if args.rules.any_given() {
            eprintln!("scopa: the rules come from the save; the rules options given are ignored");
        }
        let level = args.level.or(saved.level).unwrap_or(Level::Expert);
        let ai_seed = match (saved.ai_seed, args.seed) {
            (Some(s), _) => s,
            (None, Some(seed)) => derive_seed(&[seed, 1]),
            (None, None) => derive_seed(&[0, 1]),
        };
        let save_path = args.save.clone().unwrap_or_else(|| path.clone());
        let note = format!("Resumed from {}.", path.display());
        return Ok((saved.game, level, ai_seed, note, Some(save_path)));
    }
    if let Some(path) = &args.save
        && path.exists()
        && !args.overwrite
    {
        bail!(
            "{} already exists; continue it with --resume {0}, or add --overwrite to replace it",
            path.display()
        );
    }
    let rules = args.rules.to_rules()?;
    let seed = args.seed.unwrap_or_else(clock_seed);
    let game = Match::new(rules, seed).map_err(|e| anyhow::anyhow!("impossible rules: {e}"))?;
    let level = args.level.unwrap_or(Level::Expert);
    let note = format!("Seed {seed} (play the same deals again with --seed {seed}).");
    Ok((
        game,
        level,
        derive_seed(&[seed, 1]),
        note,
        args.save.clone(),
    ))
}

fn clock_seed() -> u64 {
    let nanos = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(0);
    derive_seed(&[nanos, u64::from(std::process::id())]) % 1_000_000_000
}

/// What one line typed at the prompt asks for.
enum Action {
    Play(Move),
    Quit,
    Again,
}

struct Session {
    game: Match,
    level: Level,
    ai_seed: u64,
    save: Option<save::SaveFile>,
    style: Style,
    delay: Duration,
    tty: bool,
    input: Box<dyn BufRead>,
    out: Box<dyn Write>,
    buf: Vec<u8>,
}

impl Session {
    fn say(&mut self, text: impl AsRef<str>) -> io::Result<()> {
        writeln!(self.out, "{}", text.as_ref())?;
        self.out.flush()
    }

    fn rules(&self) -> Rules {
        *self.game.rules()
    }

    fn intro(&mut self, seed_note: &str) -> io::Result<()> {
        let r = self.rules();
        let onoff = |b: bool| if b { "on" } else { "off" };
        let title = self.style.bold("Scopa");
        self.say(format!(
            "{title} — {} players, deal {}, target {}, primiera {}, ace {}, napola {}, re bello {}, kings redeal {}",
            r.players,
            r.deal,
            r.target,
            r.primiera,
            r.ace,
            onoff(r.napola),
            onoff(r.re_bello),
            onoff(r.kings_redeal)
        ))?;
        let others: Vec<String> = (1..r.players).map(|s| self.style.seat(s)).collect();
        let team = if r.players == 4 {
            " Seats 0 and 2 are a team, 1 and 3 the other."
        } else {
            ""
        };
        self.say(format!(
            "You are seat 0; AI ({}): {}.{team}",
            self.level,
            others.join(", ")
        ))?;
        self.say(seed_note)?;
        if let Some(file) = &self.save {
            let note = format!("Saving to {} after every play.", file.path().display());
            self.say(note)?;
        }
        let legend = self.style.legend();
        self.say(format!("Suits: {legend} (type 7d or 7♦)."))?;
        self.say(self.style.dim(
            "Type a card to play it (7d), a card and what it takes (7d 5d 2c), a move's number, hint, help or quit.",
        ))?;
        if let Some(winner) = self.game.winner() {
            return self.announce_winner(winner, self.game.scores());
        }
        let (dealer, eldest) = (self.game.dealer(), self.game.hand().eldest());
        let line = format!(
            "Hand {}: {} deal{}, {} lead{}.",
            self.game.hand_number() + 1,
            self.style.seat(dealer),
            if dealer == 0 { "" } else { "s" },
            self.style.seat(eldest),
            if eldest == 0 { "" } else { "s" },
        );
        self.say(self.style.bold(&line))
    }

    /// Saves after a play. The player is told once when saving starts failing (and that
    /// nothing since the last good save is kept), and once when it works again.
    fn write_save(&mut self) -> io::Result<()> {
        let Some(file) = &mut self.save else {
            return Ok(());
        };
        let was_stale = file.is_stale();
        let bytes = save::encode(&self.game, self.level, self.ai_seed);
        let note = match file.write(&bytes) {
            Err(e) if !was_stale => self.style.warn(&format!(
                "NOT SAVED: {e}. {} still holds the match as it was at the last good save; \
                 nothing played since then is saved. Saving is tried again after every play.",
                file.path().display()
            )),
            Err(e) => {
                eprintln!("scopa: still cannot save: {e}");
                return Ok(());
            }
            Ok(()) if was_stale => format!("Saved again: {} is up to date.", file.path().display()),
            Ok(()) => return Ok(()),
        };
        self.say(note)
    }

    fn play_loop(&mut self) -> anyhow::Result<()> {
        while !self.game.is_over() {
            let seat = self.game.turn();
            let hand_number = self.game.hand_number();
            let mv = if seat == 0 {
                match self.human_turn()? {
                    Some(mv) => mv,
                    None => return Ok(()),
                }
            } else {
                self.ai_move(seat)?
            };
            let events = self
                .game
                .play(seat, mv)
                .map_err(|e| anyhow::anyhow!("the engine refused a move it offered: {e}"))?;
            self.write_save()?;
            self.render(&events, hand_number)?;
        }
        Ok(())
    }

    fn ai_move(&mut self, seat: u8) -> anyhow::Result<Move> {
        let view = self
            .game
            .view(seat)
            .context("no view for the seat to play")?;
        let seed = derive_seed(&[
            self.ai_seed,
            u64::from(self.game.hand_number()),
            u64::from(self.game.hand().plays()),
            u64::from(seat),
        ]);
        let mv = ai::choose_move(self.level, &view, seed).context("the AI found no move")?;
        if !self.delay.is_zero() {
            std::thread::sleep(self.delay);
        }
        Ok(mv)
    }

    fn render(&mut self, events: &Events, hand_number: u16) -> io::Result<()> {
        let st = self.style;
        for event in events {
            match *event {
                Event::Played { seat, mv } => {
                    let line = if mv.is_lay() {
                        format!(
                            "{} {} on the table.",
                            st.seat_verb(seat, "lay"),
                            st.card(mv.card())
                        )
                    } else {
                        format!(
                            "{} {}, {} {}.",
                            st.seat_verb(seat, "play"),
                            st.card(mv.card()),
                            if seat == 0 { "take" } else { "takes" },
                            st.cards(mv.capture())
                        )
                    };
                    self.say(line)?;
                }
                Event::Scopa { seat, .. } => {
                    let line = format!("SCOPA! {} swept the table.", st.seat(seat));
                    self.say(st.loud(&line))?;
                }
                Event::Dealt { deck_left, .. } => {
                    self.say(format!(
                        "New cards dealt: 3 each, {deck_left} left in the deck."
                    ))?;
                }
                Event::TableCollected { side, cards } => {
                    self.say(format!(
                        "The cards left on the table ({}) go to {}, the last to capture.",
                        st.cards(cards),
                        st.side(side)
                    ))?;
                }
                Event::HandFinished(score) => {
                    self.say(st.bold(&format!("Hand {} is over.", hand_number + 1)))?;
                    let table = st.breakdown(&score);
                    write!(self.out, "{table}")?;
                    let scores = self.game.scores();
                    self.say(format!("Match score: {}", st.scores(scores)))?;
                }
                Event::MatchFinished { winner, scores } => {
                    self.announce_winner(winner, scores)?;
                }
                Event::NewHand { number, dealer, .. } => {
                    let eldest = self.game.hand().eldest();
                    let line = format!(
                        "Hand {}: {} deal{}, {} lead{}.",
                        number + 1,
                        st.seat(dealer),
                        if dealer == 0 { "" } else { "s" },
                        st.seat(eldest),
                        if eldest == 0 { "" } else { "s" },
                    );
                    self.say(st.bold(&line))?;
                }
            }
        }
        Ok(())
    }

    fn announce_winner(&mut self, winner: u8, scores: [u16; 3]) -> io::Result<()> {
        let st = self.style;
        let verb = if winner == 0 { "win" } else { "wins" };
        let line = format!(
            "Match over: {} {verb} the match! Final score: {}",
            st.side(winner),
            st.scores(scores)
        );
        self.say(st.loud(&line))
    }

    fn show_state(&mut self) -> io::Result<()> {
        let st = self.style;
        let Some(view) = self.game.view(0) else {
            return Ok(());
        };
        let r = self.rules();
        self.say(String::new())?;
        self.say(st.bold(&format!(
            "Your turn · hand {} · dealer {} · score: {}",
            self.game.hand_number() + 1,
            st.seat(view.dealer()),
            st.scores(view.scores())
        )))?;
        let others: Vec<String> = (1..r.players)
            .map(|s| format!("{} {}", st.seat(s), view.hand_size(s)))
            .collect();
        self.say(format!(
            "Deck: {} cards left · cards in hand: {}",
            view.deck_left(),
            others.join(", ")
        ))?;
        let taken: Vec<String> = (0..r.sides())
            .map(|s| {
                let pile = view.pile(s);
                let coins = pile.count_suit(scopa_core::Suit::Denari);
                let sc = view.scope(s);
                let n = pile.len();
                let mut t = format!(
                    "{} {n} card{}, {coins} coin{}",
                    st.side(s),
                    if n == 1 { "" } else { "s" },
                    if coins == 1 { "" } else { "s" }
                );
                if pile.contains(Card::SETTEBELLO) {
                    t.push_str(", settebello");
                }
                if sc > 0 {
                    t.push_str(&format!(", {sc} scop{}", if sc == 1 { "a" } else { "e" }));
                }
                t
            })
            .collect();
        self.say(format!("Taken: {}", taken.join(" · ")))?;
        self.say(format!("Table:     {}", st.cards(view.table())))?;
        self.say(format!("Your hand: {}", st.cards(view.hand())))?;
        let moves: Vec<String> = view
            .legal_moves()
            .iter()
            .enumerate()
            .map(|(i, &m)| {
                if self.tty {
                    format!("{}) {}", i + 1, st.move_input(m))
                } else {
                    st.move_input(m)
                }
            })
            .collect();
        self.say(format!("Legal moves: {}", moves.join(" | ")))
    }

    /// Reads one line at a prompt; `None` at end of input.
    fn prompt(&mut self, text: &str) -> io::Result<Option<String>> {
        if self.tty {
            write!(self.out, "{text} ")?;
        } else {
            writeln!(self.out, "{text}")?;
        }
        self.out.flush()?;
        match read_bounded_line(&mut self.input, MAX_INPUT, &mut self.buf)? {
            None => Ok(None),
            Some(BoundedLine::Text(t)) => Ok(Some(t)),
            Some(BoundedLine::TooLong { len }) => {
                let msg = format!("That line is {len} bytes long; type a move such as 7d.");
                self.say(self.style.warn(&msg))?;
                Ok(Some(String::new()))
            }
            Some(BoundedLine::NotUtf8) => {
                self.say(self.style.warn("That line is not readable text."))?;
                Ok(Some(String::new()))
            }
        }
    }

    fn human_turn(&mut self) -> io::Result<Option<Move>> {
        self.show_state()?;
        loop {
            let Some(line) = self.prompt("your move>")? else {
                self.say(self.end_note("Input ended"))?;
                return Ok(None);
            };
            match self.interpret(&line)? {
                Action::Play(mv) => return Ok(Some(mv)),
                Action::Quit => {
                    self.say(self.end_note("Goodbye"))?;
                    return Ok(None);
                }
                Action::Again => {}
            }
        }
    }

    fn end_note(&self, what: &str) -> String {
        match &self.save {
            Some(file) if file.is_stale() => format!(
                "{what}: the last save failed, so {0} holds the match as it was at the last good save; continue that with: scopa play --resume {0}",
                file.path().display()
            ),
            Some(file) => format!(
                "{what}: the match is saved in {0}; continue it with: scopa play --resume {0}",
                file.path().display()
            ),
            None => format!("{what}: the match was not saved (use --save FILE to keep it)."),
        }
    }

    fn help(&mut self) -> io::Result<()> {
        let text = "\
Commands at the prompt:
  7d            play the 7 of denari (if it can capture in several ways you are asked which)
  7d 5d 2c      play 7d and take 5d and 2c (words such as 'x' or 'takes' are ignored)
  3             play the 3rd move of the 'Legal moves' list
  hint          the move the expert AI would make, and why
  show          show the table and your hand again
  help          this text
  quit          stop (with --save the match stays saved; resume with --resume FILE)
Cards: value 1-10 (8 Fante, 9 Cavallo, 10 Re) then the suit d, c, s or b (♦ ♥ ♠ ♣ work too).";
        self.say(self.style.dim(text))
    }

    fn complain(&mut self, text: &str) -> io::Result<Action> {
        self.say(self.style.warn(text))?;
        Ok(Action::Again)
    }

    fn interpret(&mut self, line: &str) -> io::Result<Action> {
        let words = words_of(line);
        let Some(first) = words.first() else {
            return Ok(Action::Again);
        };
        let Some(view) = self.game.view(0) else {
            return Ok(Action::Quit);
        };
        let legal = view.legal_moves();
        match first.to_lowercase().as_str() {
            "help" | "?" | "h" => {
                self.help()?;
                return Ok(Action::Again);
            }
            "quit" | "exit" | "q" => return Ok(Action::Quit),
            "show" | "look" | "table" => {
                self.show_state()?;
                return Ok(Action::Again);
            }
            "hint" => {
                let text = match ai::hint(&view) {
                    Some(h) => format!("Hint: {} — {}.", self.style.move_input(h.mv), h.reason),
                    None => "No hint: it is not your turn.".to_owned(),
                };
                self.say(text)?;
                return Ok(Action::Again);
            }
            _ => {}
        }
        if words.len() == 1
            && let Ok(n) = first.parse::<usize>()
        {
            return match n.checked_sub(1).and_then(|i| legal.get(i)) {
                Some(&mv) => Ok(Action::Play(mv)),
                None => self.complain(&format!(
                    "There is no move {n}: choose 1 to {}, or type a card such as {}.",
                    legal.len(),
                    legal
                        .first()
                        .map(|m| m.card().to_string())
                        .unwrap_or_default()
                )),
            };
        }
        let card = match parse_card(first) {
            Ok(c) => c,
            Err(msg) => return self.complain(&format!("{msg} Type help for the commands.")),
        };
        let options: Vec<Move> = legal.iter().copied().filter(|m| m.card() == card).collect();
        if options.is_empty() {
            let hand = self.style.cards(view.hand());
            return self.complain(&format!(
                "You do not hold {}. Your hand: {hand}.",
                self.style.card(card)
            ));
        }
        if words.len() > 1 {
            let capture = match parse_cards(&words[1..]) {
                Ok(set) => set,
                Err(msg) => return self.complain(&msg),
            };
            let mv = Move::new(card, capture);
            if options.contains(&mv) {
                return Ok(Action::Play(mv));
            }
            // The core says why the move is illegal; we add what is legal with that card.
            let why = match self.game.hand().clone().play(0, mv) {
                Err(e) => e.to_string(),
                Ok(_) => "not a legal move".to_owned(),
            };
            let alts: Vec<String> = options.iter().map(|&m| self.style.move_input(m)).collect();
            return self.complain(&format!(
                "Illegal: {why}. With {} you can play: {}.",
                self.style.card(card),
                alts.join(" | ")
            ));
        }
        if options.len() == 1 {
            return Ok(Action::Play(options[0]));
        }
        self.choose_capture(card, &options)
    }

    fn choose_capture(&mut self, card: Card, options: &[Move]) -> io::Result<Action> {
        let st = self.style;
        let list: Vec<String> = options
            .iter()
            .enumerate()
            .map(|(i, m)| format!("{}) {}", i + 1, st.cards(m.capture())))
            .collect();
        self.say(format!(
            "{} can capture in {} ways: {}",
            st.card(card),
            options.len(),
            list.join("  ")
        ))?;
        let Some(line) = self.prompt("which capture? (number or cards; empty line to cancel)>")?
        else {
            return Ok(Action::Quit);
        };
        let words = words_of(&line);
        if words.is_empty() {
            return Ok(Action::Again);
        }
        if words.len() == 1
            && let Ok(n) = words[0].parse::<usize>()
        {
            return match n.checked_sub(1).and_then(|i| options.get(i)) {
                Some(&mv) => Ok(Action::Play(mv)),
                None => self.complain(&format!(
                    "There is no capture {n}: choose 1 to {}. Nothing was played.",
                    options.len()
                )),
            };
        }
        let mut set = match parse_cards(&words) {
            Ok(s) => s,
            Err(msg) => return self.complain(&format!("{msg} Nothing was played.")),
        };
        set.remove(card);
        match options.iter().find(|m| m.capture() == set) {
            Some(&mv) => Ok(Action::Play(mv)),
            None => self.complain(&format!(
                "{} cannot take {}. Nothing was played.",
                st.card(card),
                st.cards(set)
            )),
        }
    }
}

/// The words of an input line; separators and filler words are dropped.
fn words_of(line: &str) -> Vec<String> {
    line.split(|c: char| c.is_whitespace() || c == ',' || c == '+')
        .filter(|w| !w.is_empty())
        .filter(|w| !matches!(w.to_lowercase().as_str(), "x" | "takes" | "take" | "with"))
        .map(str::to_owned)
        .collect()
}

/// A card typed at the prompt: the notation, with ♦ ♥ ♠ ♣ accepted for the suit letter.
fn parse_card(word: &str) -> Result<Card, String> {
    let text: String = word
        .chars()
        .map(|c| match c {
            '♦' | '♢' => 'd',
            '♥' | '♡' => 'c',
            '♠' | '♤' => 's',
            '♣' | '♧' => 'b',
            other => other,
        })
        .collect();
    text.parse::<Card>().map_err(|e| {
        let shown: String = word.chars().take(20).collect();
        format!("'{shown}' is not a card: {e}.")
    })
}

fn parse_cards(words: &[String]) -> Result<CardSet, String> {
    let mut set = CardSet::EMPTY;
    for w in words {
        let card = parse_card(w)?;
        if !set.insert(card) {
            return Err(format!("{card} is named twice."));
        }
    }
    Ok(set)
}
