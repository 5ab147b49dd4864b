//! The text a JSON string literal stands for, decoded as serde_json decodes
//! it, so that keys match on their decoded form.

use std::borrow::Cow;

/// The text a JSON string's contents (between the quotes) stand for, or
/// `None` for an invalid escape. Lone surrogates (which serde_json refuses
/// anyway) become U+FFFD.
pub(super) fn decode_string(raw: &str) -> Option<Cow<'_, str>> {
    if !raw.contains('\\') {
        return Some(Cow::Borrowed(raw));
    }
    let mut out = String::with_capacity(raw.len());
    let mut chars = raw.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        let decoded = match chars.next()? {
            '"' => '"',
            '\\' => '\\',
            '/' => '/',
            'b' => '\u{8}',
            'f' => '\u{c}',
            'n' => '\n',
            'r' => '\r',
            't' => '\t',
            'u' => decode_unicode_escape(&mut chars)?,
            _ => return None,
        };
        out.push(decoded);
    }
    Some(Cow::Owned(out))
}

/// Decodes the `XXXX` after `\u`, and the low half of a surrogate pair
/// when one follows.
fn decode_unicode_escape(chars: &mut std::str::Chars<'_>) -> Option<char> {
    let high = hex4(chars)?;
    if !(0xD800..0xDC00).contains(&high) {
        return Some(char::from_u32(high).unwrap_or(char::REPLACEMENT_CHARACTER));
    }
    let mut lookahead = chars.clone();
    if lookahead.next() == Some('\\') && lookahead.next() == Some('u') {
        if let Some(low) = hex4(&mut lookahead).filter(|low| (0xDC00..0xE000).contains(low)) {
            *chars = lookahead;
            let code = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00);
            return char::from_u32(code);
        }
    }
    Some(char::REPLACEMENT_CHARACTER)
}

/// Four hexadecimal digits, as the value they spell.
fn hex4(chars: &mut std::str::Chars<'_>) -> Option<u32> {
    let mut value = 0;
    for _ in 0..4 {
        value = value * 16 + chars.next()?.to_digit(16)?;
    }
    Some(value)
}
