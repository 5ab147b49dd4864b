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
use crate::document::{Indices, INLINE_INDICES};

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
}
