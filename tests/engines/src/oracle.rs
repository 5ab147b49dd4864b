//! The grammar oracle: llguidance, a constrained-decoding engine this
//! project did not write, reading a grammar byte by byte the way a model's
//! sampler would. A grammar the library writes is right when the engine's
//! masks accept exactly the texts they should, so the checks here go
//! through the masks (not a side door that parses whole texts), over a
//! vocabulary of the 256 single bytes plus an end-of-sequence token: every
//! text is reachable, one byte at a time.

use std::sync::{Arc, OnceLock};

use llguidance::api::TopLevelGrammar;
use llguidance::toktrie::{
    ApproximateTokEnv, InferenceCapabilities, SimpleVob, TokEnv, TokRxInfo, TokTrie, TokenId,
};
use llguidance::{Matcher, ParserFactory};

use crate::gbnf;

/// The end-of-sequence token: the one after the 256 bytes.
const EOS: TokenId = 256;

/// The bytes a walk prefers as it grows, so that it closes what it opened.
const CLOSERS: &[u8] = b"\"}])";

/// One factory for every grammar: building the byte vocabulary's trie is
/// the same work each time, and the factory is only read once built.
fn factory() -> &'static ParserFactory {
    static FACTORY: OnceLock<ParserFactory> = OnceLock::new();
    FACTORY.get_or_init(|| {
        let mut words: Vec<Vec<u8>> = (0..=255u8).map(|byte| vec![byte]).collect();
        // Special tokens start with the trie's marker byte, so that EOS is
        // not also the text of a byte.
        words.push(b"\xFF<|end|>".to_vec());
        // No bias slices: they speed up masks over large vocabularies, and
        // over 257 tokens they are only set-up time.
        factory_over(&words, EOS, false)
    })
}

/// A quiet parser factory over the vocabulary `words` (token ids in
/// order), with llguidance's default bias slices when `sliced` (what
/// `ParserFactory::new_simple` sets up for a server).
pub(crate) fn factory_over(words: &[Vec<u8>], eos: TokenId, sliced: bool) -> ParserFactory {
    let info = TokRxInfo::new(words.len() as u32, eos);
    let env: TokEnv = Arc::new(ApproximateTokEnv::new(TokTrie::from(&info, words)));
    let built = if sliced {
        ParserFactory::new_simple(&env)
    } else {
        ParserFactory::new(&env, InferenceCapabilities::default(), &[])
    };
    let mut factory = built.expect("a vocabulary builds a parser factory");
    factory.quiet();
    factory
}

/// `grammar` compiled by `factory`, ready for its first mask; the engine's
/// error as text when it refuses the grammar.
pub(crate) fn matcher(
    factory: &ParserFactory,
    grammar: TopLevelGrammar,
) -> Result<Matcher, String> {
    let parser = factory
        .create_parser(grammar)
        .map_err(|error| error.to_string())?;
    let matcher = Matcher::new(Ok(parser));
    match matcher.get_error() {
        Some(error) => Err(error),
        None => Ok(matcher),
    }
}

/// A compiled grammar. Compiling is the slow part, so an `Oracle` compiles
/// once and every check starts from a clone of the fresh matcher, which
/// shares the compiled lexer and its caches with the original.
pub struct Oracle {
    fresh: Matcher,
}

impl Oracle {
    /// Compiles a grammar in llguidance's Lark dialect; its compile error
    /// as text when it has one.
    pub fn lark(grammar: &str) -> Result<Oracle, String> {
        let fresh = matcher(factory(), TopLevelGrammar::from_lark(grammar.to_owned()))?;
        Ok(Oracle { fresh })
    }

    /// Compiles a grammar in llama.cpp's GBNF, through its translation into
    /// Lark (`gbnf.rs`); the error of either step as text.
    pub fn gbnf(grammar: &str) -> Result<Oracle, String> {
        let lark = gbnf::to_lark(grammar)?;
        Oracle::lark(&lark).map_err(|error| format!("{error}\nin the translation:\n{lark}"))
    }

    /// Whether the grammar lets no text at all be written: at the start
    /// the engine allows no byte and no end (llguidance reports that as an
    /// error computing the mask).
    pub fn is_empty(&self) -> bool {
        let mut matcher = self.fresh.clone();
        match matcher.compute_mask_or_eos() {
            Err(_) => true,
            Ok(mask) => mask.is_zero(),
        }
    }

    /// Whether the grammar accepts `text` whole: each byte allowed by the
    /// mask where it comes, and end-of-sequence allowed after the last.
    pub fn accepts(&self, text: &str) -> bool {
        self.accepts_bytes(text.as_bytes())
    }

    /// [`Oracle::accepts`] for bytes that need not be UTF-8.
    pub fn accepts_bytes(&self, text: &[u8]) -> bool {
        let mut matcher = self.fresh.clone();
        for &byte in text {
            if !mask(&mut matcher).is_allowed(byte.into()) {
                return false;
            }
            consume(&mut matcher, byte.into(), text);
        }
        mask(&mut matcher).is_allowed(EOS)
    }

    /// A random text of the grammar: a walk that takes, at each step, one
    /// of the bytes the mask allows (or ends, when it allows EOS). `None`
    /// when the walk reaches `max_len` bytes without ending.
    ///
    /// Uniform choices alone would rarely end a walk through JSON: an open
    /// string or array offers dozens of ways on and one way out. So the
    /// walk ends when it may with probability one half, and prefers a
    /// closing byte (`"`, `}`, `]`, `)`) when one is allowed, the more so
    /// the longer it gets.
    pub fn sample(&self, rng: &mut Rng, max_len: usize) -> Option<Vec<u8>> {
        let mut matcher = self.fresh.clone();
        let mut text = Vec::new();
        let mut bytes = Vec::with_capacity(256);
        loop {
            let allowed = mask(&mut matcher);
            bytes.clear();
            allowed.iter_set_entries(|token| {
                if token < 256 {
                    bytes.push(token as u8);
                }
            });
            let may_end = allowed.is_allowed(EOS);
            if may_end && (bytes.is_empty() || rng.chance(1, 2)) {
                return Some(text);
            }
            assert!(
                !bytes.is_empty(),
                "the mask allows nothing after {:?}",
                String::from_utf8_lossy(&text)
            );
            if text.len() >= max_len {
                return None;
            }
            let closers = bytes.iter().filter(|byte| CLOSERS.contains(byte)).count();
            let byte = if closers > 0 && rng.chance(1 + 4 * text.len() as u64, 4 * max_len as u64) {
                let pick = rng.below(closers as u64) as usize;
                *bytes
                    .iter()
                    .filter(|byte| CLOSERS.contains(byte))
                    .nth(pick)
                    .expect("pick is below the number of closers")
            } else {
                bytes[rng.below(bytes.len() as u64) as usize]
            };
            consume(&mut matcher, byte.into(), &text);
            text.push(byte);
        }
    }
}

/// The tokens allowed next; only EOS once the parser has stopped.
fn mask(matcher: &mut Matcher) -> SimpleVob {
    matcher
        .compute_mask_or_eos()
        .unwrap_or_else(|error| panic!("llguidance failed to compute a mask: {error}"))
}

/// Takes a token its mask allowed; the engine refusing one is its own
/// inconsistency, not a verdict on the text.
fn consume(matcher: &mut Matcher, token: TokenId, before: &[u8]) {
    if let Err(error) = matcher.consume_token(token) {
        panic!(
            "llguidance refused token {token} that its mask allowed after {:?}: {error}",
            String::from_utf8_lossy(before)
        );
    }
}

/// A small seeded generator (SplitMix64): the walks need speed and
/// reproducible seeds, not statistical quality.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..bound`; the modulo bias is far below what a walk
    /// could notice.
    pub fn below(&mut self, bound: u64) -> u64 {
        self.next_u64() % bound
    }

    /// True with probability `numerator / denominator` (capped at one).
    pub fn chance(&mut self, numerator: u64, denominator: u64) -> bool {
        self.below(denominator) < numerator
    }
}
