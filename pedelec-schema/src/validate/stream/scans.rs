//! The pattern scans of a stream's strings (`pattern/prefix.rs`): one per
//! pattern, shared by every lane that checks it.
//!
//! A pattern's verdict on a run of a string's text depends on the pattern
//! and the text alone, so each run is read once per pattern, however many
//! lanes (under however many `oneOf` branches) check it. The scans are
//! found by pattern in a table, so that a string of `n` lanes begins in
//! time linear in `n`; and each is kept from string to string, so that
//! its cache is taken from the pattern's pool once per stream.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use crate::pattern::{Pattern, Scan, Verdict};

#[derive(Debug, Default)]
pub(super) struct Scans {
    scans: Vec<Scanned>,
    /// Each pattern's scan in `scans`, by the address of its automaton
    /// (which the scan's pattern keeps alive).
    by_automaton: HashMap<usize, usize, BuildHasherDefault<AddressHasher>>,
    /// How many strings have begun, and how many runs have been read: a
    /// scan knows which string it was begun for and which run it read
    /// last, so that each is done once for all the lanes of its pattern.
    strings: u64,
    runs: u64,
}

/// A pattern's scan, and what it found in the run it read last.
#[derive(Debug)]
struct Scanned {
    pattern: Pattern,
    scan: Scan,
    string: u64,
    run: u64,
    dead_at: Option<usize>,
}

impl Scans {
    /// A string of `lanes` lanes begins: room for as many new patterns.
    pub(super) fn begin_string(&mut self, lanes: usize) {
        self.strings += 1;
        self.scans.reserve(lanes);
        self.by_automaton.reserve(lanes);
    }

    /// The next run of the string's text is read.
    pub(super) fn next_run(&mut self) {
        self.runs += 1;
    }

    /// The scan of `pattern`, begun for the string being read; none if the
    /// pattern has no automaton.
    pub(super) fn scan_for(&mut self, pattern: &Pattern) -> Option<usize> {
        let automaton = pattern.prefix_automaton()?;
        let address = automaton as *const _ as usize;
        let index = *self.by_automaton.entry(address).or_insert_with(|| {
            self.scans.push(Scanned {
                pattern: pattern.clone(),
                scan: automaton.scan(),
                string: 0,
                run: 0,
                dead_at: None,
            });
            self.scans.len() - 1
        });
        let scanned = &mut self.scans[index];
        if scanned.string != self.strings {
            scanned.string = self.strings;
            automaton.begin(&mut scanned.scan);
        }
        Some(index)
    }

    /// Where in `run`, the run being read, no continuation can match the
    /// pattern of scan `index` any more: how many of its bytes it took.
    /// Read by the first lane of the pattern that asks, and remembered for
    /// the others.
    pub(super) fn dead_at(&mut self, index: usize, run: &[u8]) -> Option<usize> {
        let scanned = &mut self.scans[index];
        if scanned.run != self.runs {
            let automaton = scanned
                .pattern
                .prefix_automaton()
                .expect("scanned patterns have one");
            scanned.dead_at = match automaton.read(&mut scanned.scan, run) {
                (Verdict::Dead, read) => Some(read),
                (Verdict::Open | Verdict::Matched, _) => None,
            };
            scanned.run = self.runs;
        }
        scanned.dead_at
    }
}

impl Drop for Scans {
    fn drop(&mut self) {
        for Scanned { pattern, scan, .. } in self.scans.drain(..) {
            if let Some(automaton) = pattern.prefix_automaton() {
                automaton.give_back(scan);
            }
        }
    }
}

/// A hasher for addresses, which are already unique: what the table of
/// scans needs, at a fraction of the default hasher's cost per lane.
#[derive(Debug, Default)]
pub(super) struct AddressHasher(u64);

impl Hasher for AddressHasher {
    fn write(&mut self, _: &[u8]) {
        unreachable!("only addresses are hashed");
    }

    fn write_usize(&mut self, address: usize) {
        // Spread the bits: an address's low ones are its alignment's
        // zeros, and the table picks buckets by the low bits.
        let spread = (address as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        self.0 = spread ^ (spread >> 29);
    }

    fn finish(&self) -> u64 {
        self.0
    }
}
