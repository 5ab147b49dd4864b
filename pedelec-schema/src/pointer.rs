//! JSON Pointers (RFC 6901), built by appending reference tokens.
//!
//! Private to the library; the `pedelec-lint` package compiles this same
//! file through a link (`pedelec-lint/src/pointer.rs`), so each side uses
//! a part of it.
#![allow(dead_code)]

/// How a message shows the whole document's pointer, `""`: every report
/// of the crate writes `(root)` there.
pub const ROOT_SHOWN: &str = "(root)";

/// `pointer` as a message shows it: [`ROOT_SHOWN`] for the whole document.
pub fn shown(pointer: &str) -> &str {
    if pointer.is_empty() {
        ROOT_SHOWN
    } else {
        pointer
    }
}

/// Appends `/token` to `pointer`, escaping `~` as `~0` and `/` as `~1`.
pub fn push(pointer: &mut String, token: &str) {
    // The parser pushes a token for every key it reads: the common case,
    // nothing to escape, is one reservation and one copy.
    pointer.reserve(1 + token.len());
    pointer.push('/');
    if !token.bytes().any(|b| b == b'~' || b == b'/') {
        pointer.push_str(token);
        return;
    }
    let mut rest = token;
    while let Some(at) = rest.find(['~', '/']) {
        pointer.push_str(&rest[..at]);
        pointer.push_str(if rest[at..].starts_with('~') {
            "~0"
        } else {
            "~1"
        });
        rest = &rest[at + 1..];
    }
    pointer.push_str(rest);
}

/// Appends `/index`.
pub fn push_index(pointer: &mut String, index: usize) {
    // Digits by hand: the parser pushes an index for every array item it
    // reads, and `core::fmt` would cost more than the rest of the pointer.
    if index < 10 {
        // Most indices: one digit.
        pointer.push('/');
        pointer.push(char::from(b'0' + index as u8));
        return;
    }
    let mut digits = [0u8; 20];
    let mut start = digits.len();
    let mut rest = index;
    loop {
        start -= 1;
        digits[start] = b'0' + (rest % 10) as u8;
        rest /= 10;
        if rest == 0 {
            break;
        }
    }
    pointer.push('/');
    pointer.extend(digits[start..].iter().map(|&digit| char::from(digit)));
}

/// `pointer` with `/token` appended.
pub fn join(pointer: &str, token: &str) -> String {
    let mut joined = pointer.to_owned();
    push(&mut joined, token);
    joined
}

/// The unescaped reference tokens of `pointer`, or `None` if it is not a
/// valid JSON Pointer.
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
    fn tokens_are_escaped_and_unescaped() {
        let mut pointer = String::from("/properties");
        push(&mut pointer, "a/b~c");
        assert_eq!(pointer, "/properties/a~1b~0c");
        assert_eq!(tokens(&pointer).unwrap(), ["properties", "a/b~c"]);
    }

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
}
