//! Arguments checked while their text is still arriving: the listener that
//! the stream's reader (`text/`) tells what it reads, and that refuses at
//! the first byte after which no completion can pass.
//!
//! # Lanes
//!
//! A value is checked by every node that may be checking it: one *lane*
//! per node. Outside `oneOf` there is one lane; at a `oneOf` the lane of
//! the value forks into one *branch* per alternative (a nested `oneOf`
//! forks again), and the lanes of a branch live on in the values inside.
//! Each open value is a *level* of lanes, so a key or an item finds its
//! nodes from its container's lanes, and a value that no lane checks (one
//! under a property the schema does not name) is only counted.
//!
//! A failure belongs to a branch (the root is branch 0). A branch that
//! failed checks nothing more; when every branch of a fork has failed, the
//! fork's own branch fails with the `oneOf` failure that names each
//! branch's errors - or, under a discriminator, with the failure the walk
//! gives (`branches/chosen.rs`: the chosen branch's own, or the tags
//! listed; a value that has not yet said which branch it chose is refused
//! at its end) - and when the root fails, the stream refuses. When a
//! `oneOf`'s value ends with several branches alive, it fails as the walk
//! fails it: several branches own the value.
//!
//! # What a stream costs under unions
//!
//! A `oneOf` nested in the branches of another checks its part of the
//! value once per outer branch (the branch product, `docs/design.md`), so
//! the checker spends on a value only what its live branches need:
//!
//! - a branch that has failed opens lanes only for objects and arrays,
//!   whose keys it still names (below), and no fork: under a `oneOf` of
//!   `n` objects told apart by a number, each with a `oneOf` of `m`
//!   strings, a string after the number is checked by `m` lanes, not
//!   `n * m` (`lanes.rs`);
//! - lanes that check one pattern share its scan, and each run of a
//!   string is read once by each lane, which says where in it it refuses
//!   (`string.rs`, `scans.rs`); a schema compiles a pattern written in
//!   many nodes once (`parse/`), so those lanes do share it;
//! - a failure inside a string, or at the end of a number or a boolean,
//!   of a branch other than the root is written only if read: when its
//!   fork has no branch left (`branches.rs`); a fork counts its branches
//!   alive;
//! - before the number that tells the outer branches apart, every one is
//!   alive at a string that comes first; but their inner `oneOf`s are
//!   written alike, and `oneOf`s written alike share one fork for a
//!   string, number, boolean or `null` (`branches.rs`): `m` lanes again,
//!   and each other outer branch given the first's verdict.
//!
//! # Why the answer is the walk's
//!
//! Every check at a value's end is the compiled rule's own: a leaf by its
//! rule (the walk's code), a container by its own keywords (`required`,
//! counts, `uniqueItems`) once its children have passed theirs; and the
//! failures are the walk's, made by running the rule on the complete value.
//! A float on a bound's edge is compared as its text writes it too, which
//! the reader tells just before the number ends (`validate/texts.rs`), as
//! `validate_str` compares it.
//! Before a value ends, a lane refuses only what no continuation can mend:
//!
//! - a value whose first byte gives a JSON type the node does not take;
//! - a string past its `maxLength`, a string no `enum` value starts with,
//!   a string whose `pattern` automaton is dead (`pattern/prefix.rs`);
//! - an array item past `maxItems`, at its first byte;
//! - a `oneOf` value after every branch has failed.
//!
//! A property that the schema names there, given twice in one object, is
//! refused (a syntax error from the reader): the stream takes each value it
//! checked as final, which a repeat would undo. Every reading of the schema
//! (every branch, failed or not) names keys, so which repeats are refused
//! depends on the schema and the text alone; `validate_str` reads its text
//! with the same lanes and no checks ([`Checker::names_only`]), and so
//! refuses the same repeats.

//!
//! # Nulls for optional properties
//!
//! Under a profile whose export makes every optional property required and
//! nullable (OpenAI strict mode), the model sends `null` for a property it
//! leaves out, and the arguments are what `normalize` makes of the value
//! (`export/normalize.rs`). There a `null` met under an optional property
//! opens no lane: it is a property left out, not a value to check. The
//! object it stands in is *loosened*, and so is each value around it: a
//! loosened value's own checks and its `oneOf`s' verdicts are not made
//! when it ends (which branch owns a `oneOf` value depends on which
//! `null`s it takes out), and the stream's `finish` validates the whole
//! value once `normalize` has taken the `null`s out. Every refusal left is
//! one no normalizing can mend: a failure at a value's first byte or
//! inside a string or past `maxItems` stays in the value `normalize`
//! gives, at the same place, under every reading; a value that is not
//! loosened holds no `null` that any reading takes out, so `normalize`
//! leaves it as it is; and a `null` for a required property is refused
//! where it begins, as before (taking it out would leave the property
//! missing).

mod branches;
mod lanes;
mod rules;
mod scans;
mod string;

pub(crate) use lanes::Checker;

#[cfg(test)]
mod tests;
