//! Where the walk is in the value.
//!
//! A value's JSON Pointer follows from the schema pointer of the node that
//! checked it: each `properties/NAME` step of the schema pointer is a
//! `/NAME` step of the value's, each `items` step is an array index, and
//! `oneOf/N` steps stay at the same value. Names come escaped as the value's
//! pointer needs them. So the walk only keeps the array indices it passed,
//! and an error records those and writes its path when someone reads it:
//! descending into an object costs nothing, and recording an error writes
//! no string.

use super::Sink;

/// The array indices on the way to a value, as a linked list of the walk's
/// stack frames.
pub(crate) struct Trail<'a> {
    parent: Option<&'a Trail<'a>>,
    index: usize,
}

impl<'a> Trail<'a> {
    pub(crate) const ROOT: Trail<'static> = Trail {
        parent: None,
        index: 0,
    };

    /// Runs `check` with the trail of item `index` of the array here. A
    /// sink that stops at the first failure never reads a trail, so it is
    /// given a placeholder instead, and descending costs it nothing.
    #[inline(always)]
    pub(crate) fn with_index<S: Sink, R>(
        &self,
        index: usize,
        check: impl FnOnce(&Trail<'_>) -> R,
    ) -> R {
        if S::FAIL_FAST {
            check(&Trail::ROOT)
        } else {
            check(&Trail {
                parent: Some(self),
                index,
            })
        }
    }

    /// The indices, outermost first.
    pub(crate) fn indices(&self) -> Indices {
        let mut indices = [0; INLINE_INDICES];
        let mut len = 0;
        let mut step = self;
        while let Some(parent) = step.parent {
            match (indices.get_mut(len), u32::try_from(step.index)) {
                (Some(slot), Ok(index)) => *slot = index,
                _ => return self.indices_on_heap(),
            }
            len += 1;
            step = parent;
        }
        indices[..len].reverse();
        Indices::Inline {
            // At most INLINE_INDICES.
            len: len as u8,
            indices,
        }
    }

    #[cold]
    fn indices_on_heap(&self) -> Indices {
        let mut indices = Vec::new();
        let mut step = self;
        while let Some(parent) = step.parent {
            indices.push(step.index);
            step = parent;
        }
        indices.reverse();
        Indices::Heap(indices.into_boxed_slice())
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

const INLINE_INDICES: usize = 4;

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

    fn iter(&self) -> impl Iterator<Item = usize> + '_ {
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

    fn indices_of(path: &[usize]) -> Indices {
        fn walk(trail: &Trail<'_>, rest: &[usize]) -> Indices {
            match rest.split_first() {
                Some((&index, rest)) => {
                    let child = Trail {
                        parent: Some(trail),
                        index,
                    };
                    walk(&child, rest)
                }
                None => trail.indices(),
            }
        }
        walk(&Trail::ROOT, path)
    }

    #[test]
    fn indices_come_outermost_first_inline_or_on_the_heap() {
        let cases: [&[usize]; 5] = [&[], &[3], &[1, 2, 3, 4], &[1, 2, 3, 4, 5], &[usize::MAX, 0]];
        for path in cases {
            let indices = indices_of(path);
            assert_eq!(indices.iter().collect::<Vec<_>>(), path);
            let inline =
                path.len() <= INLINE_INDICES && path.iter().all(|&i| i <= u32::MAX as usize);
            assert_eq!(
                matches!(indices, Indices::Inline { .. }),
                inline,
                "{path:?}"
            );
        }
    }

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
            write_instance_pointer(schema_pointer, &indices_of(path), &mut pointer);
            assert_eq!(pointer, expected, "{schema_pointer}");
        }
    }
}
