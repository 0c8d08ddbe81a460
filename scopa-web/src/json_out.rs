//! The JSON writer of what the page reads (frames, steps, labels, statistics' words): a
//! `serde` serializer into a `String`, writing what `serde_json::to_string` writes (compact,
//! fields in order, strings escaped the same way). Smaller in the wasm than
//! `serde-json-core`'s (issue 37: the wasm's size): each field and element is one call to a
//! shared function rather than the writer's pushes inlined at every field. Floats, bytes
//! and non-string map keys are refused ([`Unsupported`]): nothing the page reads holds them.

use core::fmt::{self, Display, Write as _};

use serde::ser::{self, Serialize};

/// A value the writer does not write (a float, bytes, a map key that is not a string).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Unsupported;

impl Display for Unsupported {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(
            "a value JSON text for the page cannot hold (a float, bytes or a non-string key)",
        )
    }
}

impl std::error::Error for Unsupported {}

impl ser::Error for Unsupported {
    fn custom<T: Display>(_msg: T) -> Unsupported {
        Unsupported
    }
}

/// `v` as compact JSON text.
pub fn to_string<T: Serialize + ?Sized>(v: &T) -> Result<String, Unsupported> {
    let mut w = Writer(String::new());
    v.serialize(&mut w)?;
    Ok(w.0)
}

/// The text written so far.
pub struct Writer(String);

/// Escapes what is written into it as the inside of a JSON string.
struct Escaped<'a>(&'a mut String);

impl fmt::Write for Escaped<'_> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        escape_into(self.0, s);
        Ok(())
    }
}

/// `s` escaped as `serde_json` does: `\"`, `\\`, `\b \f \n \r \t`, other control
/// characters as `\u00XX`.
#[inline(never)]
fn escape_into(out: &mut String, s: &str) {
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\0'..='\u{1f}' => {
                const HEX: &[u8; 16] = b"0123456789abcdef";
                let b = c as u8;
                out.push_str("\\u00");
                out.push(char::from(HEX[usize::from(b >> 4)]));
                out.push(char::from(HEX[usize::from(b & 15)]));
            }
            c => out.push(c),
        }
    }
}

impl Writer {
    #[inline(never)]
    fn string(&mut self, s: &str) {
        self.0.push('"');
        escape_into(&mut self.0, s);
        self.0.push('"');
    }

    #[inline(never)]
    fn unsigned(&mut self, mut v: u64) {
        let mut buf = [0u8; 20];
        let mut i = buf.len();
        loop {
            i -= 1;
            buf[i] = b'0' + (v % 10) as u8;
            v /= 10;
            if v == 0 {
                break;
            }
        }
        for &b in &buf[i..] {
            self.0.push(char::from(b));
        }
    }

    #[inline(never)]
    fn signed(&mut self, v: i64) {
        if v < 0 {
            self.0.push('-');
        }
        self.unsigned(v.unsigned_abs());
    }

    /// Opens `{"variant":` and then an array or object (`open`); `end` closes both.
    fn variant(&mut self, variant: &str, open: char) -> Compound<'_> {
        self.0.push('{');
        self.string(variant);
        self.0.push(':');
        self.open(open)
    }

    /// Opens an array or object (`open`), for its elements or fields.
    #[inline(never)]
    fn open(&mut self, open: char) -> Compound<'_> {
        self.0.push(open);
        Compound {
            w: self,
            first: true,
        }
    }
}

/// An array or object being written: the separator before each element or field.
pub struct Compound<'a> {
    w: &'a mut Writer,
    first: bool,
}

impl Compound<'_> {
    /// A `,` before every element but the first.
    #[inline(never)]
    fn next(&mut self) {
        if !self.first {
            self.w.0.push(',');
        }
        self.first = false;
    }

    /// A field's separator and `"key":`.
    #[inline(never)]
    fn key(&mut self, key: &str) {
        self.next();
        self.w.string(key);
        self.w.0.push(':');
    }

    fn close(self, close: &str) -> Result<(), Unsupported> {
        self.w.0.push_str(close);
        Ok(())
    }
}

impl<'a> ser::Serializer for &'a mut Writer {
    type Ok = ();
    type Error = Unsupported;
    type SerializeSeq = Compound<'a>;
    type SerializeTuple = Compound<'a>;
    type SerializeTupleStruct = Compound<'a>;
    type SerializeTupleVariant = Compound<'a>;
    type SerializeMap = Compound<'a>;
    type SerializeStruct = Compound<'a>;
    type SerializeStructVariant = Compound<'a>;

    fn serialize_bool(self, v: bool) -> Result<(), Unsupported> {
        self.0.push_str(if v { "true" } else { "false" });
        Ok(())
    }
    fn serialize_i8(self, v: i8) -> Result<(), Unsupported> {
        self.signed(v.into());
        Ok(())
    }
    fn serialize_i16(self, v: i16) -> Result<(), Unsupported> {
        self.signed(v.into());
        Ok(())
    }
    fn serialize_i32(self, v: i32) -> Result<(), Unsupported> {
        self.signed(v.into());
        Ok(())
    }
    fn serialize_i64(self, v: i64) -> Result<(), Unsupported> {
        self.signed(v);
        Ok(())
    }
    fn serialize_u8(self, v: u8) -> Result<(), Unsupported> {
        self.unsigned(v.into());
        Ok(())
    }
    fn serialize_u16(self, v: u16) -> Result<(), Unsupported> {
        self.unsigned(v.into());
        Ok(())
    }
    fn serialize_u32(self, v: u32) -> Result<(), Unsupported> {
        self.unsigned(v.into());
        Ok(())
    }
    fn serialize_u64(self, v: u64) -> Result<(), Unsupported> {
        self.unsigned(v);
        Ok(())
    }
    fn serialize_f32(self, _v: f32) -> Result<(), Unsupported> {
        Err(Unsupported)
    }
    fn serialize_f64(self, _v: f64) -> Result<(), Unsupported> {
        Err(Unsupported)
    }
    fn serialize_char(self, v: char) -> Result<(), Unsupported> {
        self.string(v.encode_utf8(&mut [0; 4]));
        Ok(())
    }
    fn serialize_str(self, v: &str) -> Result<(), Unsupported> {
        self.string(v);
        Ok(())
    }
    fn serialize_bytes(self, _v: &[u8]) -> Result<(), Unsupported> {
        Err(Unsupported)
    }
    fn serialize_none(self) -> Result<(), Unsupported> {
        self.0.push_str("null");
        Ok(())
    }
    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result<(), Unsupported> {
        value.serialize(self)
    }
    fn serialize_unit(self) -> Result<(), Unsupported> {
        self.serialize_none()
    }
    fn serialize_unit_struct(self, _name: &'static str) -> Result<(), Unsupported> {
        self.serialize_none()
    }
    fn serialize_unit_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
    ) -> Result<(), Unsupported> {
        self.string(variant);
        Ok(())
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        value: &T,
    ) -> Result<(), Unsupported> {
        value.serialize(self)
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        value: &T,
    ) -> Result<(), Unsupported> {
        let mut c = self.open('{');
        ser::SerializeStruct::serialize_field(&mut c, variant, value)?;
        c.close("}")
    }
    fn serialize_seq(self, _len: Option<usize>) -> Result<Compound<'a>, Unsupported> {
        Ok(self.open('['))
    }
    fn serialize_tuple(self, _len: usize) -> Result<Compound<'a>, Unsupported> {
        Ok(self.open('['))
    }
    fn serialize_tuple_struct(
        self,
        _name: &'static str,
        _len: usize,
    ) -> Result<Compound<'a>, Unsupported> {
        Ok(self.open('['))
    }
    fn serialize_tuple_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        _len: usize,
    ) -> Result<Compound<'a>, Unsupported> {
        Ok(self.variant(variant, '['))
    }
    fn serialize_map(self, _len: Option<usize>) -> Result<Compound<'a>, Unsupported> {
        Ok(self.open('{'))
    }
    fn serialize_struct(
        self,
        _name: &'static str,
        _len: usize,
    ) -> Result<Compound<'a>, Unsupported> {
        Ok(self.open('{'))
    }
    fn serialize_struct_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        _len: usize,
    ) -> Result<Compound<'a>, Unsupported> {
        Ok(self.variant(variant, '{'))
    }
    fn collect_str<T: Display + ?Sized>(self, value: &T) -> Result<(), Unsupported> {
        self.0.push('"');
        write!(Escaped(&mut self.0), "{value}").map_err(|_| Unsupported)?;
        self.0.push('"');
        Ok(())
    }
}

/// The array-like compounds: each element after a `,`, `]` at the end (and the `}` of
/// `{"variant":[…]}` for a tuple variant).
macro_rules! array_like {
    ($($trait:ident :: $method:ident, $close:literal;)*) => {$(
        impl ser::$trait for Compound<'_> {
            type Ok = ();
            type Error = Unsupported;
            fn $method<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Unsupported> {
                self.next();
                value.serialize(&mut *self.w)
            }
            fn end(self) -> Result<(), Unsupported> {
                self.w.0.push(']');
                self.close($close)
            }
        }
    )*};
}

array_like! {
    SerializeSeq::serialize_element, "";
    SerializeTuple::serialize_element, "";
    SerializeTupleStruct::serialize_field, "";
    SerializeTupleVariant::serialize_field, "}";
}

impl ser::SerializeMap for Compound<'_> {
    type Ok = ();
    type Error = Unsupported;
    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result<(), Unsupported> {
        self.next();
        let at = self.w.0.len();
        key.serialize(&mut *self.w)?;
        // A key is a string (a card writes as one); a number, list or object is refused.
        if self.w.0.as_bytes().get(at) != Some(&b'"') {
            return Err(Unsupported);
        }
        self.w.0.push(':');
        Ok(())
    }
    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Unsupported> {
        value.serialize(&mut *self.w)
    }
    fn end(self) -> Result<(), Unsupported> {
        self.close("}")
    }
}

impl ser::SerializeStruct for Compound<'_> {
    type Ok = ();
    type Error = Unsupported;
    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<(), Unsupported> {
        self.key(key);
        value.serialize(&mut *self.w)
    }
    fn end(self) -> Result<(), Unsupported> {
        self.close("}")
    }
}

impl ser::SerializeStructVariant for Compound<'_> {
    type Ok = ();
    type Error = Unsupported;
    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<(), Unsupported> {
        ser::SerializeStruct::serialize_field(self, key, value)
    }
    fn end(self) -> Result<(), Unsupported> {
        self.close("}}")
    }
}
