//! What a grammar costs the engine that runs it, with a real vocabulary:
//! the time llguidance takes to compile a grammar, and to compute the
//! token mask before each token of a text, for our Lark grammar and for
//! llguidance's own compile of the same JSON Schema, on the same texts.
//!
//! The vocabulary is Mistral's Tekken (131,072 tokens, `vocab/`), as an
//! engine serving a Mistral model loads it: ids 0-999 are special tokens
//! (`</s>`, id 2, ends a text), the rest are byte strings. Texts are cut
//! into tokens greedily (the longest token at each point), which is how
//! llguidance's own tests tokenize without the model's merge table; a
//! model's own tokenization differs in places, not in what a mask costs.
//!
//! The schemas and texts measured are in `corpus.rs`; the side-by-side
//! timing and its report in `compare.rs`.

pub mod compare;
pub mod corpus;

use std::sync::OnceLock;
use std::time::{Duration, Instant};

use llguidance::api::TopLevelGrammar;
use llguidance::toktrie::TokenId;
use llguidance::{Matcher, ParserFactory};

use crate::oracle::{factory_over, matcher};

/// Special tokens before the first byte string.
const SPECIAL: usize = 1000;
/// `</s>`.
const EOS: TokenId = 2;

/// The vocabulary's file: each token one byte of length, then its bytes.
const TOKENS: &[u8] = include_bytes!("../../vocab/tekken.tokens");

/// The factory over the Tekken vocabulary, with llguidance's default
/// slices (what `ParserFactory::new_simple` sets up for a server).
pub fn tekken() -> &'static ParserFactory {
    static FACTORY: OnceLock<ParserFactory> = OnceLock::new();
    FACTORY.get_or_init(|| {
        let mut words: Vec<Vec<u8>> = (0..SPECIAL as TokenId)
            .map(|id| match id {
                EOS => b"\xFF</s>".to_vec(),
                _ => format!("\u{FF}<SPECIAL_{id}>").into_bytes(),
            })
            .collect();
        let mut rest = TOKENS;
        while let Some((&len, tail)) = rest.split_first() {
            let (token, tail) = tail.split_at(usize::from(len));
            words.push(token.to_vec());
            rest = tail;
        }
        factory_over(&words, EOS, true)
    })
}

/// How many tokens the vocabulary has.
pub fn vocabulary_size() -> usize {
    tekken().tok_env().tok_trie().vocab_size()
}

/// `text` cut into tokens, the longest at each point.
pub fn tokenize(text: &str) -> Vec<TokenId> {
    tekken()
        .tok_env()
        .tok_trie()
        .greedy_tokenize(text.as_bytes())
}

/// The bytes of `tokens`, joined: the way back from [`tokenize`].
pub fn detokenize(tokens: &[TokenId]) -> Vec<u8> {
    tekken().tok_env().tok_trie().decode(tokens)
}

/// `grammar` compiled over Tekken, and how long that took: creating the
/// parser, which reads the grammar and builds its lexer.
pub fn compile(grammar: TopLevelGrammar) -> Result<(Matcher, Duration), String> {
    let start = Instant::now();
    let matcher = matcher(tekken(), grammar)?;
    Ok((matcher, start.elapsed()))
}

/// One walk of a text through a compiled grammar.
#[derive(Debug)]
pub struct Walk {
    /// Creating the parser: reading the grammar and building its lexer.
    pub compile: Duration,
    /// The mask before each token, and before the end.
    pub masks: Vec<Duration>,
}

/// Compiles `grammar` over Tekken and walks `tokens` through it, timing
/// the compile and each mask; the engine's error when it cannot compile
/// the grammar, or when a mask refuses a token or the end.
pub fn walk(grammar: TopLevelGrammar, tokens: &[TokenId]) -> Result<Walk, String> {
    let (mut matcher, compile) = compile(grammar)?;
    let mut masks = Vec::with_capacity(tokens.len() + 1);
    for (at, &token) in tokens.iter().enumerate() {
        let start = Instant::now();
        let mask = matcher.compute_mask().map_err(|error| error.to_string())?;
        masks.push(start.elapsed());
        if !mask.is_allowed(token) {
            return Err(format!("token {at} ({token}) is not allowed"));
        }
        matcher
            .consume_token(token)
            .map_err(|error| error.to_string())?;
    }
    let start = Instant::now();
    let end = matcher
        .compute_mask_or_eos()
        .map_err(|error| error.to_string())?;
    masks.push(start.elapsed());
    if !end.is_allowed(EOS) {
        return Err("the end is not allowed".to_owned());
    }
    Ok(Walk { compile, masks })
}
