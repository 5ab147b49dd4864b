//! Error collection: every check of the derive reports into one [`Errors`],
//! so that one expansion shows every mistake at once, each on its own
//! token, instead of stopping at the first.

use proc_macro2::Span;

/// Collects errors so that one expansion reports all of them.
#[derive(Default)]
pub struct Errors(Option<syn::Error>);

impl Errors {
    pub fn push(&mut self, error: syn::Error) {
        match &mut self.0 {
            Some(errors) => errors.combine(error),
            None => self.0 = Some(error),
        }
    }

    pub fn error(&mut self, span: Span, message: impl std::fmt::Display) {
        self.push(syn::Error::new(span, message));
    }

    /// `Ok` when nothing was reported, else every error combined.
    pub fn finish(self) -> syn::Result<()> {
        self.0.map_or(Ok(()), Err)
    }
}
