//! The reader of the page's settings: the JSON text of one object (`JSON.stringify` of the
//! page's settings) into a [`SettingsIn`]. A few hundred bytes of wasm where a serde
//! deserializer (`serde-json-core`'s, with the derive's visitors and its string slicing,
//! which links the panic formatter's Unicode tables) took 8 KB gzipped (issue 37: the
//! wasm's size). Fields it does not know are skipped whatever their value; a field it
//! knows must have its type (a whole number 0–255, `true`/`false`, a string, an array of
//! strings). Never panics: every index is checked, nesting is bounded.

use crate::{BadSetting, SettingsIn};

/// How deep arrays and objects may nest in a skipped value.
const MAX_DEPTH: u32 = 32;

/// What is wrong with the text, and the byte where the reader found it.
struct Bad {
    what: &'static str,
    at: usize,
}

/// A cursor on the text's bytes.
struct Reader<'a> {
    b: &'a [u8],
    i: usize,
}

impl Reader<'_> {
    fn bad<T>(&self, what: &'static str) -> Result<T, Bad> {
        Err(Bad { what, at: self.i })
    }

    /// The next byte that is not white space (not taken), if any.
    fn peek(&mut self) -> Option<u8> {
        while let Some(&c) = self.b.get(self.i) {
            if !matches!(c, b' ' | b'\t' | b'\n' | b'\r') {
                return Some(c);
            }
            self.i += 1;
        }
        None
    }

    /// Takes `c` (after white space), or says what was expected.
    fn eat(&mut self, c: u8, what: &'static str) -> Result<(), Bad> {
        if self.peek() == Some(c) {
            self.i += 1;
            Ok(())
        } else {
            self.bad(what)
        }
    }

    /// Takes `word` if the text goes on with it.
    fn word(&mut self, word: &[u8]) -> bool {
        let end = self.i + word.len();
        if self.b.get(self.i..end) == Some(word) {
            self.i = end;
            true
        } else {
            false
        }
    }

    /// Four hex digits of a `\u` escape.
    fn hex4(&mut self) -> Result<u32, Bad> {
        let mut v = 0;
        for _ in 0..4 {
            let d = match self.b.get(self.i) {
                Some(&c) => (c as char).to_digit(16),
                None => None,
            };
            let Some(d) = d else {
                return self.bad("a \\u escape needs four hex digits");
            };
            v = v * 16 + d;
            self.i += 1;
        }
        Ok(v)
    }

    /// A string, its escapes undone.
    fn string(&mut self) -> Result<String, Bad> {
        self.eat(b'"', "expected a string")?;
        let mut out: Vec<u8> = Vec::new();
        loop {
            let Some(&c) = self.b.get(self.i) else {
                return self.bad("a string is not closed");
            };
            self.i += 1;
            match c {
                b'"' => break,
                b'\\' => {
                    let Some(&e) = self.b.get(self.i) else {
                        return self.bad("a string is not closed");
                    };
                    self.i += 1;
                    let ch = match e {
                        b'"' => '"',
                        b'\\' => '\\',
                        b'/' => '/',
                        b'b' => '\u{8}',
                        b'f' => '\u{c}',
                        b'n' => '\n',
                        b'r' => '\r',
                        b't' => '\t',
                        b'u' => {
                            let hi = self.hex4()?;
                            let code = if (0xD800..0xDC00).contains(&hi) {
                                if !self.word(b"\\u") {
                                    return self.bad("a lone surrogate in a \\u escape");
                                }
                                let lo = self.hex4()?;
                                if !(0xDC00..0xE000).contains(&lo) {
                                    return self.bad("a lone surrogate in a \\u escape");
                                }
                                0x10000 + ((hi - 0xD800) << 10) + (lo - 0xDC00)
                            } else {
                                hi
                            };
                            match char::from_u32(code) {
                                Some(ch) => ch,
                                None => return self.bad("a lone surrogate in a \\u escape"),
                            }
                        }
                        _ => return self.bad("an unknown escape in a string"),
                    };
                    let mut buf = [0u8; 4];
                    out.extend_from_slice(ch.encode_utf8(&mut buf).as_bytes());
                }
                0..=0x1F => return self.bad("a control character in a string"),
                _ => out.push(c),
            }
        }
        // The text is a `str` and escapes are written as UTF-8, so this always holds.
        String::from_utf8(out).or_else(|_| self.bad("a string that is not UTF-8"))
    }

    /// A whole number from 0 to 255.
    fn byte(&mut self) -> Result<u8, Bad> {
        self.peek();
        let start = self.i;
        let mut v: u32 = 0;
        while let Some(&c @ b'0'..=b'9') = self.b.get(self.i) {
            v = v * 10 + u32::from(c - b'0');
            self.i += 1;
            if v > 255 {
                return self.bad("a number above 255");
            }
        }
        if self.i == start || matches!(self.b.get(self.i), Some(b'.' | b'e' | b'E')) {
            self.i = start;
            return self.bad("expected a whole number from 0 to 255");
        }
        Ok(v as u8)
    }

    /// `true` or `false`.
    fn boolean(&mut self) -> Result<bool, Bad> {
        self.peek();
        if self.word(b"true") {
            Ok(true)
        } else if self.word(b"false") {
            Ok(false)
        } else {
            self.bad("expected true or false")
        }
    }

    /// An array of strings.
    fn strings(&mut self) -> Result<Vec<String>, Bad> {
        self.eat(b'[', "expected an array of strings")?;
        let mut out = Vec::new();
        if self.peek() == Some(b']') {
            self.i += 1;
            return Ok(out);
        }
        loop {
            out.push(self.string()?);
            match self.peek() {
                Some(b',') => self.i += 1,
                Some(b']') => {
                    self.i += 1;
                    return Ok(out);
                }
                _ => return self.bad("expected , or ] in an array"),
            }
        }
    }

    /// Any JSON value, passed over (`depth` arrays and objects around it).
    fn skip(&mut self, depth: u32) -> Result<(), Bad> {
        if depth > MAX_DEPTH {
            return self.bad("values nested too deep");
        }
        match self.peek() {
            Some(b'"') => self.string().map(|_| ()),
            Some(open @ (b'[' | b'{')) => {
                self.i += 1;
                let close = if open == b'[' { b']' } else { b'}' };
                if self.peek() == Some(close) {
                    self.i += 1;
                    return Ok(());
                }
                loop {
                    if open == b'{' {
                        self.string()?;
                        self.eat(b':', "expected : after a key")?;
                    }
                    self.skip(depth + 1)?;
                    match self.peek() {
                        Some(b',') => self.i += 1,
                        Some(c) if c == close => {
                            self.i += 1;
                            return Ok(());
                        }
                        _ => return self.bad("expected , or the end of an array or object"),
                    }
                }
            }
            Some(b't' | b'f') => self.boolean().map(|_| ()),
            Some(b'n') if self.word(b"null") => Ok(()),
            Some(b'-' | b'0'..=b'9') => {
                let start = self.i;
                while let Some(b'-' | b'+' | b'.' | b'e' | b'E' | b'0'..=b'9') = self.b.get(self.i)
                {
                    self.i += 1;
                }
                if self.b[start..self.i].iter().any(u8::is_ascii_digit) {
                    Ok(())
                } else {
                    self.bad("expected a number")
                }
            }
            _ => self.bad("expected a value"),
        }
    }
}

/// Reads the page's settings; a missing field with a default takes it (`game`: `scopa`,
/// `hand_size`: 3, `hands`: 2, `undo`: false), any other missing field is an error.
pub fn settings(text: &str) -> Result<SettingsIn, BadSetting> {
    read(text).map_err(|Bad { what, at }| {
        BadSetting(format!(
            "the settings are not understood: {what} (at byte {at})"
        ))
    })
}

fn read(text: &str) -> Result<SettingsIn, Bad> {
    let mut r = Reader {
        b: text.as_bytes(),
        i: 0,
    };
    let mut game = None;
    let mut players = None;
    let mut deal = None;
    let mut target = None;
    let mut hand_size = None;
    let mut hands = None;
    let mut primiera = None;
    let mut ace = None;
    let mut napola = None;
    let mut re_bello = None;
    let mut kings_redeal = None;
    let mut seats = None;
    let mut undo = None;
    let mut lang = None;
    r.eat(b'{', "expected an object")?;
    if r.peek() == Some(b'}') {
        r.i += 1;
    } else {
        loop {
            let key = r.string()?;
            r.eat(b':', "expected : after a key")?;
            match key.as_str() {
                "game" => game = Some(r.string()?),
                "players" => players = Some(r.byte()?),
                "deal" => deal = Some(r.string()?),
                "target" => target = Some(r.byte()?),
                "hand_size" => hand_size = Some(r.byte()?),
                "hands" => hands = Some(r.byte()?),
                "primiera" => primiera = Some(r.string()?),
                "ace" => ace = Some(r.string()?),
                "napola" => napola = Some(r.boolean()?),
                "re_bello" => re_bello = Some(r.boolean()?),
                "kings_redeal" => kings_redeal = Some(r.boolean()?),
                "seats" => seats = Some(r.strings()?),
                "undo" => undo = Some(r.boolean()?),
                "lang" => lang = Some(r.string()?),
                _ => r.skip(0)?,
            }
            match r.peek() {
                Some(b',') => r.i += 1,
                Some(b'}') => {
                    r.i += 1;
                    break;
                }
                _ => return r.bad("expected , or } in the object"),
            }
        }
    }
    if r.peek().is_some() {
        return r.bad("text after the object");
    }
    let missing = |what| Bad {
        what,
        at: text.len(),
    };
    Ok(SettingsIn {
        game: game.unwrap_or_else(crate::scopa),
        players: players.ok_or_else(|| missing("missing field players"))?,
        deal: deal.ok_or_else(|| missing("missing field deal"))?,
        target: target.ok_or_else(|| missing("missing field target"))?,
        hand_size: hand_size.unwrap_or(crate::three()),
        hands: hands.unwrap_or(crate::two()),
        primiera: primiera.ok_or_else(|| missing("missing field primiera"))?,
        ace: ace.ok_or_else(|| missing("missing field ace"))?,
        napola: napola.ok_or_else(|| missing("missing field napola"))?,
        re_bello: re_bello.ok_or_else(|| missing("missing field re_bello"))?,
        kings_redeal: kings_redeal.ok_or_else(|| missing("missing field kings_redeal"))?,
        seats: seats.ok_or_else(|| missing("missing field seats"))?,
        undo: undo.unwrap_or(false),
        lang: lang.ok_or_else(|| missing("missing field lang"))?,
    })
}
