//! JSON Pointers (RFC 6901), built by appending reference tokens.

/// Appends `/token` to `pointer`, escaping `~` as `~0` and `/` as `~1`.
///
/// ```
/// let mut pointer = String::from("/properties");
/// pedelec_schema::pointer::push(&mut pointer, "a/b~c");
/// assert_eq!(pointer, "/properties/a~1b~0c");
/// ```
pub fn push(pointer: &mut String, token: &str) {
    // The parser pushes a token for every key it reads: the common case,
    // nothing to escape, is one reservation and one copy.
    if !needs_escape(token) {
        pointer.reserve(1 + token.len());
        pointer.push('/');
        pointer.push_str(token);
        return;
    }
    write_token(token, |piece| pointer.push_str(piece));
}

/// Whether `token` holds a `~` or a `/`. Keys are read eight bytes at a
/// time, the last eight overlapping the others, rather than byte by byte.
#[inline]
fn needs_escape(token: &str) -> bool {
    let bytes = token.as_bytes();
    let Some(last) = bytes.last_chunk::<8>() else {
        return bytes.iter().any(|&b| b == b'~' || b == b'/');
    };
    has_escape_byte(u64::from_le_bytes(*last))
        || bytes
            .chunks_exact(8)
            .any(|word| has_escape_byte(u64::from_le_bytes(word.try_into().expect("eight bytes"))))
}

/// Whether any byte of `word` is `~` or `/`: a byte is zero after XOR with
/// the one it is compared to, and the classic zero-byte test finds it.
#[inline(always)]
fn has_escape_byte(word: u64) -> bool {
    const ONES: u64 = u64::from_le_bytes([0x01; 8]);
    const HIGHS: u64 = u64::from_le_bytes([0x80; 8]);
    let has_zero = |x: u64| x.wrapping_sub(ONES) & !x & HIGHS != 0;
    has_zero(word ^ (ONES * u64::from(b'~'))) || has_zero(word ^ (ONES * u64::from(b'/')))
}

/// Appends `/index`.
///
/// ```
/// let mut pointer = String::from("/items");
/// pedelec_schema::pointer::push_index(&mut pointer, 1207);
/// assert_eq!(pointer, "/items/1207");
/// ```
pub fn push_index(pointer: &mut String, index: usize) {
    write_index(index, |piece| pointer.push_str(piece));
}

/// Writes `/token`, escaped, as a few pieces to `out`: the one escaping
/// routine for every kind of buffer a pointer is written into.
#[inline]
pub(crate) fn write_token(token: &str, mut out: impl FnMut(&str)) {
    out("/");
    if !needs_escape(token) {
        out(token);
        return;
    }
    let mut rest = token;
    while let Some(at) = rest.find(['~', '/']) {
        out(&rest[..at]);
        out(if rest[at..].starts_with('~') {
            "~0"
        } else {
            "~1"
        });
        rest = &rest[at + 1..];
    }
    out(rest);
}

/// `/0` to `/99`, each in a slot of three bytes (a one-digit index is
/// followed by a space that is not part of it).
const SMALL_INDICES: &str = match std::str::from_utf8(&small_indices()) {
    Ok(text) => text,
    Err(_) => panic!("ASCII digits"),
};

const fn small_indices() -> [u8; 300] {
    let mut text = [b' '; 300];
    let mut index = 0;
    while index < 100 {
        let slot = 3 * index;
        text[slot] = b'/';
        if index < 10 {
            text[slot + 1] = b'0' + index as u8;
        } else {
            text[slot + 1] = b'0' + (index / 10) as u8;
            text[slot + 2] = b'0' + (index % 10) as u8;
        }
        index += 1;
    }
    text
}

/// Writes `/index` to `out`.
#[inline]
pub(crate) fn write_index(index: usize, mut out: impl FnMut(&str)) {
    // Error paths are built on the hot path of collecting errors, where
    // `core::fmt` would cost more than the rest of the path. Most indices
    // in tool arguments are small enough to be looked up.
    if index < 100 {
        let len = if index < 10 { 2 } else { 3 };
        out(&SMALL_INDICES[3 * index..3 * index + len]);
        return;
    }
    let mut text = [0u8; 21];
    let mut start = text.len();
    let mut rest = index;
    loop {
        start -= 1;
        text[start] = b'0' + (rest % 10) as u8;
        rest /= 10;
        if rest == 0 {
            break;
        }
    }
    start -= 1;
    text[start] = b'/';
    out(std::str::from_utf8(&text[start..]).expect("a slash and ASCII digits"));
}

/// `pointer` with `/token` appended.
pub fn join(pointer: &str, token: &str) -> String {
    let mut joined = pointer.to_owned();
    push(&mut joined, token);
    joined
}

/// The unescaped reference tokens of `pointer`, or `None` if it is not a
/// valid JSON Pointer.
///
/// ```
/// let tokens = pedelec_schema::pointer::tokens("/properties/a~1b~0c").unwrap();
/// assert_eq!(tokens, ["properties", "a/b~c"]);
/// ```
pub fn tokens(pointer: &str) -> Option<Vec<String>> {
    if pointer.is_empty() {
        return Some(Vec::new());
    }
    let rest = pointer.strip_prefix('/')?;
    rest.split('/').map(unescape).collect()
}

fn unescape(token: &str) -> Option<String> {
    let mut out = String::with_capacity(token.len());
    let mut chars = token.chars();
    while let Some(c) = chars.next() {
        if c == '~' {
            match chars.next()? {
                '0' => out.push('~'),
                '1' => out.push('/'),
                _ => return None,
            }
        } else {
            out.push(c);
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_round_trip() {
        for token in ["", "a", "~", "/", "~1", "a/b~c/~0", "🐲 é"] {
            let pointer = join("", token);
            assert_eq!(tokens(&pointer).unwrap(), [token]);
        }
    }

    #[test]
    fn invalid_pointers_are_refused() {
        assert_eq!(tokens("no-slash"), None);
        assert_eq!(tokens("/bad~2escape"), None);
        assert_eq!(tokens("/trailing~"), None);
    }

    #[test]
    fn indices_are_decimal() {
        for index in (0..=200).chain([1207, usize::MAX]) {
            let mut pointer = String::from("/oneOf");
            push_index(&mut pointer, index);
            assert_eq!(pointer, format!("/oneOf/{index}"));
        }
    }

    /// The word-at-a-time scan against a byte-by-byte one: `~` or `/` at
    /// every position of tokens that fill, straddle and overrun eight-byte
    /// words, among neighbours that differ from them by one bit or byte
    /// value (`.`, `0`, `}`, DEL, and bytes of `¯`, `þ` and `🐲`).
    #[test]
    fn escapes_are_found_at_every_position() {
        let fillers = ["a", ".", "0", "}", "\u{7f}", "¯", "þ", "🐲"];
        for filler in fillers {
            for count in 0..20 {
                let plain = filler.repeat(count);
                assert!(!needs_escape(&plain), "{plain:?}");
                for special in ['~', '/'] {
                    for at in 0..=count {
                        let token = format!(
                            "{}{special}{}",
                            filler.repeat(at),
                            filler.repeat(count - at)
                        );
                        assert!(needs_escape(&token), "{token:?}");
                    }
                }
            }
        }
    }
}
