//! Numbers read from text, compared with `minimum` and `maximum` by their
//! text where their double cannot tell.
//!
//! serde_json reads a number's text into the nearest `f64` (where no
//! `u64` or `i64` holds it), which may lie on the other side of a bound
//! than the number written: `1e-400` is read as `0.0`, which a `maximum` of
//! `0` lets through. Rounding keeps order, so only a float equal to the
//! double nearest a bound - on the bound's *edge* ([`Edge`]) - can be on
//! the wrong side (`numeric/decimal.rs`); there the number rule asks for
//! its text ([`with_text`]) and compares that exactly too: a number passes
//! a bound only if its double and its text both do. Without the text, it
//! decides by the double, and notes that it did, where the text could have
//! said otherwise ([`watched`]).
//!
//! The texts come from the readers of text:
//!
//! - the stream's checker has each number's text as it ends (`stream/`);
//! - the typed read from text has only the floats serde_json made: where
//!   its check decided one on an edge by the double, [`consistent`] looks
//!   at the text's numbers (`text::numbers`, without reading the rest),
//!   and its answer stands only if every float on an edge is written as
//!   its bound (`1.0` for a `maximum` of `1`), which the double then
//!   decides as the text does (`checked_read/`);
//! - where text is read into a `Value` and walked, [`Texts::read`] reads
//!   the text again for the texts of the value's floats on an edge - only
//!   for a value that has one ([`has_float_on`]) and whose walk noted the
//!   double deciding it - and [`installed`] puts them where the walk finds
//!   them, for every walk under it: validation, and the `oneOf` owner that
//!   `from_args` reads the value by.
//!
//! A walk of a `Value` that no text came with compares the double:
//! `validate(&Value)` cannot know more than the value holds.
//!
//! They are found through a thread-local rather than through the walk's
//! sink because not every walk under a check has that sink: a `oneOf` asks
//! each branch with one of its own (`choice.rs`), and its owner is asked
//! again by the walks that follow the schema down a value. Nothing but a
//! float on an edge looks, so the walk of a valid value stays as it was.

use std::cell::{Cell, RefCell};

use serde_json::{Number, Value};

use super::{Checker, Rule, Validator};
use crate::numeric::{decimal, Num};
use crate::text::{self, path_of, Open};

/// The texts of some numbers of one value, found by their place in it.
#[derive(Debug, Default)]
pub(crate) struct Texts {
    /// Each number's address in the value, its double, and its text; by
    /// address.
    numbers: Vec<(usize, f64, Box<str>)>,
}

impl Texts {
    /// The texts of the floats of `value` on an edge of `validator`'s
    /// bounds, found by reading `text`, which `value` was read from, again
    /// with the crate's reader.
    pub(super) fn read(text: &str, value: &Value, validator: &Validator) -> Texts {
        let mut finding = Checker::finding(validator);
        // The text was read into `value` already, by serde_json or by this
        // reader, which read the same texts alike.
        if text::read(text, &mut finding).is_err() {
            return Texts::default();
        }
        let found = finding.found().unwrap_or_default();
        let mut numbers: Vec<_> = found
            .numbers
            .into_iter()
            .filter_map(|(path, float, text)| match value.pointer(&path)? {
                Value::Number(number) if number.as_f64() == Some(float) => {
                    Some((address(number), float, text))
                }
                _ => None,
            })
            .collect();
        // A name given twice leaves its last value at both places; no walk
        // looks there, as a name that a rule checks given twice is refused
        // (`stream/`), so which of the two is kept does not matter.
        numbers.sort_unstable_by_key(|&(address, ..)| address);
        numbers.dedup_by_key(|&mut (address, ..)| address);
        Texts { numbers }
    }

    /// The text of one number.
    pub(crate) fn one(number: &Number, text: &str) -> Texts {
        let float = number.as_f64().unwrap_or(f64::NAN);
        Texts {
            numbers: vec![(address(number), float, text.into())],
        }
    }

    /// The text of `number`, if it is one of these. Its double must be the
    /// one read, in case the value changed since.
    fn get(&self, number: &Number) -> Option<&str> {
        let at = self
            .numbers
            .binary_search_by_key(&address(number), |&(address, ..)| address)
            .ok()?;
        let (_, float, text) = &self.numbers[at];
        (number.as_f64() == Some(*float)).then_some(&**text)
    }
}

/// Where a number is in memory: its place in the value, while the value
/// is neither changed nor dropped.
fn address(number: &Number) -> usize {
    number as *const Number as usize
}

thread_local! {
    /// The texts [`installed`] for the walks running on this thread.
    static INSTALLED: RefCell<Option<Texts>> = const { RefCell::new(None) };
    /// Whether a walk decided a float on an edge by its double, for want
    /// of its text, since [`watched`] began.
    static DOUBTED: Cell<bool> = const { Cell::new(false) };
}

/// Runs `walk` with `texts`, if there are any, where [`with_text`] finds
/// them: for walks over the value they were read for, which must not
/// change it meanwhile.
pub(crate) fn installed<R>(texts: Option<Texts>, walk: impl FnOnce() -> R) -> R {
    let Some(texts) = texts else {
        return walk();
    };
    let outer = INSTALLED.with(|slot| slot.replace(Some(texts)));
    // Put back even if the walk panics.
    let _restore = Restore(outer);
    walk()
}

/// Puts the texts installed before back when dropped.
struct Restore(Option<Texts>);

impl Drop for Restore {
    fn drop(&mut self) {
        let outer = self.0.take();
        let _ = INSTALLED.try_with(|slot| slot.replace(outer));
    }
}

/// `decide` with the text of `number`, a float on an edge, if the walk's
/// value was read from text and the texts of its numbers are installed.
/// Without it, the double decides; where a text on the other side of the
/// bound could have been read as it (`doubtful`), that is noted for
/// [`watched`].
pub(super) fn with_text<R>(
    number: &Number,
    doubtful: bool,
    decide: impl FnOnce(Option<&str>) -> R,
) -> R {
    INSTALLED.with(|slot| {
        let text = slot.borrow();
        match text.as_ref().and_then(|texts| texts.get(number)) {
            Some(text) => decide(Some(text)),
            None => {
                if doubtful {
                    DOUBTED.with(|doubted| doubted.set(true));
                }
                decide(None)
            }
        }
    })
}

/// Runs `walk`, and says whether it decided a float on a bound's edge by
/// its double: then its answer is the double's, which the text it was
/// read from may contradict.
pub(super) fn watched<R>(walk: impl FnOnce() -> R) -> (R, bool) {
    let outer = DOUBTED.with(|doubted| doubted.replace(false));
    let result = walk();
    let doubted = DOUBTED.with(|doubted| doubted.replace(outer || doubted.get()));
    (result, doubted)
}

/// The edge of a `minimum` or `maximum`: the double nearest it, which a
/// text on either side of the bound may be read as.
#[derive(Debug, Clone)]
pub(crate) struct Edge {
    /// The double, `-0.0` as `0.0`.
    float: f64,
    /// The bound as the schema writes it (`numeric/decimal.rs`).
    text: Box<str>,
}

impl Edge {
    /// The edge of the bound `bound`.
    pub(super) fn of(bound: Num) -> Edge {
        let float = match bound {
            // `as` rounds to the nearest, as reading a text does.
            Num::Int(int) => int as f64,
            Num::Float(float) => float,
        };
        Edge {
            float: float + 0.0,
            text: decimal::written(bound).into(),
        }
    }
}

/// The edges of a schema's bounds, by their doubles, with a mask of bits
/// that turns most floats away at once: every float the stream reads is
/// asked about, and a search per float cost it a few percent.
#[derive(Debug, Clone, Default)]
pub(crate) struct Edges {
    sorted: Box<[Edge]>,
    mask: u64,
}

impl Edges {
    fn of(mut edges: Vec<Edge>) -> Edges {
        edges.sort_unstable_by(|a, b| a.float.total_cmp(&b.float));
        let mask = edges
            .iter()
            .fold(0, |mask, edge| mask | Self::bit(edge.float));
        Edges {
            sorted: edges.into_boxed_slice(),
            mask,
        }
    }

    /// The bit of the mask for `float` (`-0.0` and `0.0` alike).
    fn bit(float: f64) -> u64 {
        let mixed = (float + 0.0).to_bits().wrapping_mul(0x9E37_79B9_7F4A_7C15);
        1 << (mixed >> 58)
    }

    /// The edges at `float`.
    fn at(&self, float: f64) -> &[Edge] {
        if self.mask & Self::bit(float) == 0 {
            return &[];
        }
        let float = float + 0.0;
        let edges = &self.sorted;
        let start = edges.partition_point(|edge| edge.float.total_cmp(&float).is_lt());
        let end =
            start + edges[start..].partition_point(|edge| edge.float.total_cmp(&float).is_eq());
        &edges[start..end]
    }
}

/// The edges of every bound under `rule`.
pub(super) fn edges(rule: &Rule) -> Edges {
    fn collect(rule: &Rule, edges: &mut Vec<Edge>) {
        match rule {
            Rule::Number(number) => edges.extend(number.edges()),
            Rule::Array(array) => collect(array.items(), edges),
            Rule::Object(object) => object
                .entries()
                .for_each(|entry| collect(entry.rule, edges)),
            Rule::OneOf(one_of) => one_of.branches().for_each(|branch| collect(branch, edges)),
            Rule::String(_) | Rule::Boolean(_) => {}
        }
    }
    let mut edges = Vec::new();
    collect(rule, &mut edges);
    Edges::of(edges)
}

/// Whether `number` is a float on one of `edges`.
#[inline]
pub(super) fn on_edge(number: &Number, edges: &Edges) -> bool {
    match number.as_f64() {
        Some(float) if number.is_f64() => !edges.at(float).is_empty(),
        _ => false,
    }
}

/// Whether a walk that decided the floats of a value read from `text` by
/// their doubles decided them as their texts would: every number of the
/// text whose double is on one of `edges` is written as that edge's bound
/// (`1.0` for a `maximum` of `1`), or as its double's shortest decimal,
/// which stands for the double (`numeric/decimal.rs`). A number written
/// otherwise (`1.00000000000000000001`, `1e-400` for a bound of `0`) makes
/// the answer `false`, whichever side it is on: its text must be compared.
/// Short integers are read exactly and are skipped.
pub(super) fn consistent(text: &str, edges: &Edges) -> bool {
    text::numbers(text).all(|number| {
        // Eighteen digits are within `i64` and `u64` either way; a short
        // decimal spells its float. Most numbers are one or the other, and
        // are passed without reading a float.
        let digits = number.strip_prefix('-').unwrap_or(number);
        let short = match digits.bytes().any(|byte| matches!(byte, b'e' | b'E')) {
            // Sixteen bytes without an exponent: at most 15 digits, if
            // there is a point, and between 1e-15 and 1e16.
            false => digits.len() <= 16,
            true => decimal::is_short(number),
        };
        if short || digits.len() <= 18 && digits.bytes().all(|byte| byte.is_ascii_digit()) {
            return true;
        }
        // Read as serde_json reads it (and not by Rust's own parser, whose
        // code the WebAssembly module would carry too).
        let Some(float) = number.parse::<Number>().ok().and_then(|n| n.as_f64()) else {
            return true;
        };
        let on_edges = edges.at(float);
        on_edges.is_empty()
            || decimal::spells(number, Num::Float(float))
            || on_edges
                .iter()
                .all(|edge| decimal::compare(number, &edge.text) == std::cmp::Ordering::Equal)
    })
}

/// Whether `value` holds a float on one of `edges`, at any depth: whether
/// a walk of it may need [`Texts`] to be exact.
pub(super) fn has_float_on(value: &Value, edges: &Edges) -> bool {
    if edges.sorted.is_empty() {
        return false;
    }
    // An explicit stack: the value may be of any depth.
    let mut pending = vec![value];
    while let Some(value) = pending.pop() {
        match value {
            Value::Number(number) if on_edge(number, edges) => return true,
            Value::Array(items) => pending.extend(items),
            Value::Object(map) => pending.extend(map.values()),
            _ => {}
        }
    }
    false
}

/// The floats on an edge of a text being read, noted by the reader's
/// listener (the names-only `Checker`, whose reading code the crate has
/// already): their places and texts.
#[derive(Debug, Default)]
pub(crate) struct EdgeFloats {
    numbers: Vec<(String, f64, Box<str>)>,
}

impl EdgeFloats {
    /// Notes the number read as `text` inside the containers `open`, if it
    /// is a float on one of `edges`.
    pub(super) fn note(&mut self, text: &str, number: &Number, open: &[Open], edges: &Edges) {
        if on_edge(number, edges) {
            let float = number.as_f64().unwrap_or(f64::NAN);
            self.numbers.push((path_of(open, true), float, text.into()));
        }
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn number(value: &Value) -> &Number {
        value.as_number().unwrap()
    }

    fn edges(bounds: &[Num]) -> Edges {
        Edges::of(bounds.iter().map(|&bound| Edge::of(bound)).collect())
    }

    /// Each float on an edge is found at its place, with its text.
    #[test]
    fn the_texts_of_floats_on_an_edge_are_found_where_they_are() {
        let text = r#"{"a": [1e-400, 0.0, 2.0, 1], "b": {"c": -1e-400}, "d": 0e1}"#;
        let value: Value = serde_json::from_str(text).unwrap();
        // Bounds of 0 and 1, anywhere in the schema.
        let node = crate::schema::NumberNode::default()
            .minimum(0)
            .maximum(Number::from_f64(1.0).unwrap());
        let validator = Validator::of(&crate::schema::SchemaNode::Number(node));
        assert!(has_float_on(&value, &validator.edges));
        assert!(!has_float_on(&value["a"][2], &validator.edges));
        let texts = Texts::read(text, &value, &validator);
        let text_at = |pointer: &str| texts.get(number(value.pointer(pointer).unwrap()));
        assert_eq!(text_at("/a/0"), Some("1e-400"));
        assert_eq!(text_at("/a/1"), Some("0.0"));
        assert_eq!(text_at("/a/2"), None);
        assert_eq!(text_at("/a/3"), None, "an integer is read exactly");
        assert_eq!(text_at("/b/c"), Some("-1e-400"));
        assert_eq!(text_at("/d"), Some("0e1"));
        // Another value's number, equal to one of these, is not one.
        let other = json!(0.0);
        assert_eq!(texts.get(number(&other)), None);
    }

    /// The look at a text's numbers that lets the double's answer stand,
    /// tied to its plain meaning: it lets it stand exactly where every
    /// float on an edge is written as its bound, or as the double's
    /// shortest decimal.
    #[test]
    fn the_double_stands_where_every_float_on_an_edge_is_its_bound() {
        let edges = edges(&[
            Num::Int(0),
            Num::Int(1),
            Num::Float(0.1),
            Num::Int(9_007_199_254_740_993),
        ]);
        for (text, stands) in [
            (
                r#"{"a": 1.0, "b": [0.0, -0.0, 0e7, 1e0, 0.1, 1e-1, 0.5, 2, 100000000000000000000]}"#,
                true,
            ),
            (
                r#"{"s": "1.00000000000000000001", "t": "1e-400", "n": 1}"#,
                true,
            ),
            (r#"{"a": 1.00000000000000000001}"#, false),
            (r#"{"a": [0.5, 1e-400]}"#, false),
            (r#"{"a": -1E-999}"#, false),
            (r#"{"a": 0.10000000000000000001}"#, false),
            (r#"{"a": 9007199254740992.5}"#, false),
            // 2^53's shortest decimal, which stands for the double.
            (r#"{"a": 9007199254740992.0}"#, true),
            (r#"{"a": 9007199254740993.0}"#, true),
            (r#"{"a": 1.5, "b": 0.30000000000000001}"#, true),
        ] {
            assert_eq!(consistent(text, &edges), stands, "{text}");
        }
    }

    /// A walk finds the texts installed around it, and no others once it
    /// is done; one that decides without a text is watched doing so.
    #[test]
    fn texts_are_found_only_inside_the_walk_they_are_installed_for() {
        let value = json!(0.0);
        let found = |value: &Value| with_text(number(value), true, |text| text.map(str::to_owned));
        let (text, doubted) = watched(|| found(&value));
        assert_eq!((text, doubted), (None, true));
        let texts = Some(Texts::one(number(&value), "1e-400"));
        let (text, doubted) = watched(|| installed(texts, || found(&value)));
        assert_eq!((text.as_deref(), doubted), (Some("1e-400"), false));
        assert_eq!(found(&value), None);
        let (_, doubted) = watched(|| installed(None, || 1));
        assert!(!doubted);
    }

    /// A value of any depth is looked through without recursion.
    #[test]
    fn a_deep_value_is_looked_through() {
        let mut value = json!(-0.0);
        for _ in 0..100_000 {
            value = Value::Array(vec![json!(1), value]);
        }
        assert!(has_float_on(&value, &edges(&[Num::Int(0)])));
        assert!(!has_float_on(&value, &edges(&[Num::Int(2)])));
        // serde_json's drop recurses: the value is leaked.
        std::mem::forget(value);
    }
}
