//! Whether a string begun can still match a pattern: the question the
//! stream asks while a model is still writing the string.
//!
//! A pattern's translation (the same `regex` dialect text that validation
//! compiles) is built once more as regex-automata's lazy DFA for an
//! unanchored search. Fed the string's bytes as they arrive, it is in a
//! *match* state once some part of the text read so far matches - then
//! every continuation matches, since the search is unanchored and the DFA
//! reports a match only once the byte after it is seen (so `\b` and `$`
//! are settled) - and in the *dead* state once no continuation can match.
//! Between the two, nothing is decided, and the complete string is checked
//! by the pattern itself.

use std::sync::Mutex;

use regex_automata::hybrid::dfa::{Cache, DFA};
use regex_automata::hybrid::LazyStateID;
use regex_automata::util::start;
use regex_automata::Anchored;

/// A pattern's lazy DFA, shared by every stream that checks it, and the
/// caches that scans have given back: as the `regex` crate pools its
/// caches, so that a stream in the steady state allocates none.
#[derive(Debug)]
pub(crate) struct Automaton {
    dfa: DFA,
    /// Boxed: a cache is large, and moves in and out of the pool and the
    /// scans (a copy of hundreds of bytes each way, where a box is a word).
    #[allow(clippy::vec_box)]
    caches: Mutex<Vec<Box<Cache>>>,
}

/// What a string's bytes so far say about its match.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Verdict {
    /// Undecided: some continuation may match and some may not.
    Open,
    /// It matches, whatever follows.
    Matched,
    /// It cannot match, whatever follows.
    Dead,
}

/// One string's scan: the DFA's cache (reused from string to string) and
/// state.
#[derive(Debug)]
pub(crate) struct Scan {
    cache: Box<Cache>,
    state: Option<LazyStateID>,
    verdict: Verdict,
}

impl Automaton {
    /// The DFA for `regex_source`, or `None` if it cannot be built (the
    /// stream then checks the string only when it is complete).
    pub(crate) fn new(regex_source: &str) -> Option<Automaton> {
        DFA::new(regex_source).ok().map(|dfa| Automaton {
            dfa,
            caches: Mutex::new(Vec::new()),
        })
    }

    /// A scan's state, for reuse by [`begin`](Self::begin), with a cache
    /// from the pool if one is there.
    pub(crate) fn scan(&self) -> Scan {
        let pooled = self.caches.lock().ok().and_then(|mut caches| caches.pop());
        Scan {
            cache: pooled.unwrap_or_else(|| Box::new(self.dfa.create_cache())),
            state: None,
            verdict: Verdict::Open,
        }
    }

    /// Gives `scan`'s cache back to the pool, for the next stream.
    pub(crate) fn give_back(&self, scan: Scan) {
        /// More than the scans of a few streams at once would not be
        /// reused soon.
        const POOLED: usize = 8;
        if let Ok(mut caches) = self.caches.lock() {
            if caches.len() < POOLED {
                caches.push(scan.cache);
            }
        }
    }

    /// Starts `scan` on a new string.
    pub(crate) fn begin(&self, scan: &mut Scan) {
        let config = start::Config::new().anchored(Anchored::No);
        scan.state = self.dfa.start_state(&mut scan.cache, &config).ok();
        scan.verdict = Verdict::Open;
    }

    /// Reads `bytes`, the next part of the string; returns the verdict so
    /// far, and how many of the bytes it took to reach it (all of them
    /// while it is open): a string that dies here dies at the last byte
    /// read, as it would have read one byte at a time. If the lazy DFA
    /// gives up (its cache thrashes), it stays open.
    pub(crate) fn read(&self, scan: &mut Scan, bytes: &[u8]) -> (Verdict, usize) {
        if scan.verdict != Verdict::Open {
            return (scan.verdict, 0);
        }
        let Some(mut state) = scan.state else {
            return (Verdict::Open, bytes.len());
        };
        for (at, &byte) in bytes.iter().enumerate() {
            match self.dfa.next_state(&mut scan.cache, state, byte) {
                Ok(next) => state = next,
                Err(_) => {
                    scan.state = None;
                    return (Verdict::Open, bytes.len());
                }
            }
            if state.is_match() {
                scan.verdict = Verdict::Matched;
                return (scan.verdict, at + 1);
            }
            if state.is_dead() {
                scan.verdict = Verdict::Dead;
                return (scan.verdict, at + 1);
            }
        }
        scan.state = Some(state);
        (Verdict::Open, bytes.len())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pattern::Pattern;

    fn verdicts(pattern: &str, text: &str) -> Vec<Verdict> {
        let pattern = Pattern::new(pattern).unwrap();
        let automaton = Automaton::new(&pattern.regex_source()).unwrap();
        let mut scan = automaton.scan();
        automaton.begin(&mut scan);
        text.chars()
            .map(|c| automaton.read(&mut scan, c.to_string().as_bytes()).0)
            .collect()
    }

    use Verdict::{Dead, Matched, Open};

    /// Read whole, a text is decided at the byte where reading it one byte
    /// at a time decides it, with the same verdict.
    #[test]
    fn a_whole_read_decides_at_the_byte_a_bytewise_read_does() {
        for (source, text) in [
            ("^[a-z]+$", "abc1de"),
            ("^a{3}x$", "aaaax"),
            ("^ab", "abzz"),
            ("^.$", "é😀x"),
            (r"\bcat\b", "a cat b"),
            ("^x{2,3}$", "xx"),
        ] {
            let pattern = Pattern::new(source).unwrap();
            let automaton = Automaton::new(&pattern.regex_source()).unwrap();
            let mut scan = automaton.scan();
            automaton.begin(&mut scan);
            let whole = automaton.read(&mut scan, text.as_bytes());
            automaton.begin(&mut scan);
            let mut bytewise = (Open, text.len());
            for (at, byte) in text.bytes().enumerate() {
                let (verdict, _) = automaton.read(&mut scan, &[byte]);
                if verdict != Open {
                    bytewise = (verdict, at + 1);
                    break;
                }
            }
            assert_eq!(whole, bytewise, "{source} on {text:?}");
        }
    }

    /// Each verdict at the first character that decides it, and never one
    /// that the pattern's own match on a longer text contradicts.
    #[test]
    fn a_prefix_is_dead_matched_or_open_at_the_character_that_decides_it() {
        assert_eq!(verdicts("^[a-z]+$", "ab1"), [Open, Open, Dead]);
        assert_eq!(verdicts("^ab", "ac"), [Open, Dead]);
        // Unanchored: a later start may still match.
        assert_eq!(verdicts("ab", "acab"), [Open, Open, Open, Open]);
        assert_eq!(verdicts("^[a-z]{2}$", "abc"), [Open, Open, Dead]);
        // `^a` matched at the first byte, seen one byte later.
        assert_eq!(verdicts("^a", "abc"), [Open, Matched, Matched]);
        // ECMA classes as translated: `\d` is ASCII.
        assert_eq!(verdicts(r"^\d+$", "1٣"), [Open, Dead]);
        // Astral characters are one character, read in their four bytes.
        assert_eq!(verdicts("^.$", "😀x"), [Open, Dead]);
    }

    /// The verdicts agree with the pattern itself on every prefix of
    /// every text: a dead prefix never grows into a match, a matched one
    /// never out of it.
    #[test]
    fn verdicts_agree_with_the_pattern_on_every_extension() {
        let patterns = [
            "^[a-z]+$",
            "^a(b|c)*d$",
            r"\bcat\b",
            "^x{2,3}$",
            "^(?:ab)+$",
            "a$",
        ];
        let texts = [
            "", "a", "ab", "abd", "abcbd", "cat", "a cat b", "xx", "xxx", "xxxx", "abab", "ba",
        ];
        for source in patterns {
            let pattern = Pattern::new(source).unwrap();
            let automaton = Automaton::new(&pattern.regex_source()).unwrap();
            for text in texts {
                let mut scan = automaton.scan();
                automaton.begin(&mut scan);
                for (end, c) in text.char_indices() {
                    let verdict = automaton.read(&mut scan, c.to_string().as_bytes()).0;
                    let prefix = &text[..end + c.len_utf8()];
                    for extension in texts {
                        let longer = format!("{prefix}{extension}");
                        match verdict {
                            Dead => assert!(!pattern.is_match(&longer), "{source} {longer}"),
                            Matched => assert!(pattern.is_match(&longer), "{source} {longer}"),
                            Open => {}
                        }
                    }
                }
            }
        }
    }
}
