//! Where the walk is in the value.

/// One step of a JSON Pointer.
#[derive(Clone, Copy)]
enum Segment<'a> {
    Key(&'a str),
    Index(usize),
}

/// A JSON Pointer into the value, as a linked list of segments that live on
/// the stack: descending costs a few stores, and the pointer is only spelled
/// out when a failure is recorded.
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

    #[inline(always)]
    pub(crate) fn key(&'a self, key: &'a str) -> Trail<'a> {
        Trail {
            parent: Some(self),
            segment: Some(Segment::Key(key)),
        }
    }

    #[inline(always)]
    pub(crate) fn index(&'a self, index: usize) -> Trail<'a> {
        Trail {
            parent: Some(self),
            segment: Some(Segment::Index(index)),
        }
    }

    /// The pointer as a string.
    pub(crate) fn pointer(&self) -> String {
        let mut pointer = String::with_capacity(self.len_hint());
        self.write(&mut pointer);
        pointer
    }

    /// Appends the pointer, root first.
    fn write(&self, pointer: &mut String) {
        if let Some(parent) = self.parent {
            parent.write(pointer);
        }
        match self.segment {
            Some(Segment::Key(key)) => crate::pointer::push(pointer, key),
            Some(Segment::Index(index)) => crate::pointer::push_index(pointer, index),
            None => {}
        }
    }

    /// About how long the pointer is, so it is built in one allocation.
    fn len_hint(&self) -> usize {
        let own = match self.segment {
            Some(Segment::Key(key)) => key.len() + 1,
            Some(Segment::Index(_)) => 4,
            None => 0,
        };
        own + self.parent.map_or(0, Trail::len_hint)
    }
}
