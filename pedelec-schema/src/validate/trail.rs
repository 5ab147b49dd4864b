//! Where the walk is in the value.

use super::Sink;
use crate::pointer::{write_index, write_token};
use crate::small_string::SmallString;

/// One step of a JSON Pointer.
#[derive(Clone, Copy)]
enum Segment<'a> {
    Key(&'a str),
    Index(usize),
}

/// A JSON Pointer into the value, as a linked list of segments that live on
/// the stack: descending costs a few stores (none at all when failing fast),
/// and the pointer is only spelled out when a failure is recorded.
#[derive(Clone, Copy)]
pub(crate) struct Trail<'a> {
    parent: Option<&'a Trail<'a>>,
    segment: Option<Segment<'a>>,
}

impl<'a> Trail<'a> {
    pub(crate) const ROOT: Trail<'static> = Trail {
        parent: None,
        segment: None,
    };

    /// Runs `check` with the trail of `key` below this one. A sink that
    /// stops at the first failure never reads a trail, so it is given a
    /// placeholder instead, and descending costs it nothing.
    #[inline(always)]
    pub(crate) fn with_key<S: Sink, R>(&self, key: &str, check: impl FnOnce(&Trail<'_>) -> R) -> R {
        if S::FAIL_FAST {
            check(&Trail::ROOT)
        } else {
            check(&self.key(key))
        }
    }

    /// [`with_key`](Self::with_key) for an array index.
    #[inline(always)]
    pub(crate) fn with_index<S: Sink, R>(
        &self,
        index: usize,
        check: impl FnOnce(&Trail<'_>) -> R,
    ) -> R {
        if S::FAIL_FAST {
            check(&Trail::ROOT)
        } else {
            check(&self.index(index))
        }
    }

    #[inline(always)]
    fn key(&'a self, key: &'a str) -> Trail<'a> {
        Trail {
            parent: Some(self),
            segment: Some(Segment::Key(key)),
        }
    }

    #[inline(always)]
    fn index(&'a self, index: usize) -> Trail<'a> {
        Trail {
            parent: Some(self),
            segment: Some(Segment::Index(index)),
        }
    }

    /// The pointer as a string.
    pub(crate) fn pointer(&self) -> SmallString {
        let mut pointer = SmallString::new();
        self.write(&mut pointer);
        pointer
    }

    /// Appends the pointer, root first.
    fn write(&self, pointer: &mut SmallString) {
        if let Some(parent) = self.parent {
            parent.write(pointer);
        }
        match self.segment {
            Some(Segment::Key(key)) => write_token(key, |piece| pointer.push_str(piece)),
            Some(Segment::Index(index)) => write_index(index, |piece| pointer.push_str(piece)),
            None => {}
        }
    }
}
