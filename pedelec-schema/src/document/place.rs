//! Where an entry is: a [`Span`] of the schema pointers a compiled schema
//! writes once, and the array [`Indices`] on the way to the value; an
//! entry's path is written from the two when it is read
//! ([`write_instance_pointer`]).

/// A byte range of a string that a compiled schema writes once and then
/// shares: the schema pointers (`validate/site.rs`), or an object rule's
/// property names.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Span {
    start: usize,
    end: usize,
}

impl Span {
    /// The schema pointer of the root: the empty string.
    pub(crate) const ROOT: Span = Span { start: 0, end: 0 };

    /// What is appended to `buffer` by `write`, as a span of it.
    pub(crate) fn appended(buffer: &mut String, write: impl FnOnce(&mut String)) -> Span {
        let start = buffer.len();
        write(buffer);
        Span {
            start,
            end: buffer.len(),
        }
    }

    /// The whole of `text`, for an error that carries its own pointer.
    pub(crate) fn whole(text: &str) -> Span {
        Span {
            start: 0,
            end: text.len(),
        }
    }

    /// The byte range, to copy it within the string it spans.
    pub(crate) fn range(self) -> std::ops::Range<usize> {
        self.start..self.end
    }

    /// The length in bytes.
    pub(crate) fn len(self) -> usize {
        self.end - self.start
    }

    /// The spanned part of `buffer` (empty if it is not one of `buffer`'s
    /// ranges, which a compiled schema never asks for).
    pub(crate) fn of(self, buffer: &str) -> &str {
        buffer.get(self.start..self.end).unwrap_or_default()
    }
}

/// Array indices, outermost first: with a schema pointer, all that a value's
/// JSON Pointer needs. A few small ones, as nearly all values have, are kept
/// inline.
#[derive(Clone)]
pub(crate) enum Indices {
    Inline {
        len: u8,
        indices: [u32; INLINE_INDICES],
    },
    Heap(Box<[usize]>),
}

/// How many indices an error keeps without a heap allocation.
pub(crate) const INLINE_INDICES: usize = 4;

impl Indices {
    /// No index: the value is not inside an array, or the error carries
    /// its own path.
    pub(crate) const NONE: Indices = Indices::Inline {
        len: 0,
        indices: [0; INLINE_INDICES],
    };

    /// `outer` followed by `inner`: the indices of a value the stream
    /// checks, reached through the arrays it has open and then those inside
    /// the value.
    pub(crate) fn joined(outer: &[usize], inner: &Indices) -> Indices {
        let all = || outer.iter().copied().chain(inner.iter());
        let len = all().count();
        if len <= INLINE_INDICES && all().all(|index| u32::try_from(index).is_ok()) {
            let mut indices = [0; INLINE_INDICES];
            for (slot, index) in indices.iter_mut().zip(all()) {
                *slot = index as u32;
            }
            return Indices::Inline {
                // At most INLINE_INDICES.
                len: len as u8,
                indices,
            };
        }
        Indices::Heap(all().collect())
    }

    pub(crate) fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        let (inline, heap): (&[u32], &[usize]) = match self {
            Indices::Inline { len, indices } => (&indices[..usize::from(*len)], &[]),
            Indices::Heap(indices) => (&[], indices),
        };
        inline
            .iter()
            .map(|&index| index as usize)
            .chain(heap.iter().copied())
    }
}

/// Writes the JSON Pointer of the value that the node at `schema_pointer`
/// checked into `out`, with `indices` for its `items` steps; both relative
/// to the same place.
///
/// The schema pointer is read step by step in place. A step is a keyword -
/// `properties`, `items` or `oneOf`, told apart by their first letter, the
/// only keywords a compiled schema's pointers hold - and, but for `items`,
/// one more token: so the walk compares no string, and only copies names.
pub(crate) fn write_instance_pointer(schema_pointer: &str, indices: &Indices, out: &mut String) {
    const PROPERTIES: usize = "/properties/".len();
    const ITEMS: usize = "/items".len();
    let mut indices = indices.iter();
    let mut rest = schema_pointer;
    while let Some(&keyword) = rest.as_bytes().get(1) {
        rest = match keyword {
            b'p' => {
                // Escaped in the schema pointer as in the value's.
                let after = rest.get(PROPERTIES..).unwrap_or_default();
                let (name, next) = after.split_at(token_end(after));
                out.push('/');
                out.push_str(name);
                next
            }
            b'i' => {
                crate::pointer::push_index(out, indices.next().unwrap_or_default());
                rest.get(ITEMS..).unwrap_or_default()
            }
            _ => {
                // `oneOf/N`: a branch checks the value the `oneOf` is at.
                let after = &rest[1..];
                let after = &after[token_end(after)..];
                let after = after.get(1..).unwrap_or_default();
                &after[token_end(after)..]
            }
        };
    }
}

/// Where the token at the start of `text` ends: the next `/`, or the end.
fn token_end(text: &str) -> usize {
    text.bytes().position(|b| b == b'/').unwrap_or(text.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn instance_pointers_follow_the_schema_pointer() {
        let cases: [(&str, &[usize], &str); 7] = [
            ("", &[], ""),
            ("/properties/tags", &[], "/tags"),
            ("/properties/tags/items", &[7], "/tags/7"),
            (
                "/properties/items/items/properties/outer/items/properties/x",
                &[2, 13],
                "/items/2/outer/13/x",
            ),
            ("/properties/size/oneOf/1", &[], "/size"),
            (
                "/properties/a~1b~0c/oneOf/0/items/properties/oneOf",
                &[4],
                "/a~1b~0c/4/oneOf",
            ),
            ("/items/items", &[1, 0], "/1/0"),
        ];
        for (schema_pointer, path, expected) in cases {
            let mut pointer = String::new();
            write_instance_pointer(
                schema_pointer,
                &Indices::joined(path, &Indices::NONE),
                &mut pointer,
            );
            assert_eq!(pointer, expected, "{schema_pointer}");
        }
    }
}
