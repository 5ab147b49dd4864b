//! Two ways of compiling the same schemas, timed side by side on the same
//! texts: each case's compile and the mask before each of its tokens, in
//! interleaved rounds (a fresh compile each round), each compile and mask
//! keeping its median over the rounds; then the distributions of both
//! sides and their ratios.

use std::fmt;
use std::time::Duration;

use llguidance::api::TopLevelGrammar;

use super::corpus::Case;
use super::{quantile, tokenize, walk};

/// One side's grammar for a case.
pub type Side<'a> = &'a dyn Fn(&Case) -> TopLevelGrammar;

/// What [`compare`] measured: ours against the peer.
pub struct Report {
    cases: usize,
    /// Cases the peer could not compile or walk, by name.
    pub peer_refused: Vec<String>,
    masks: (Vec<f64>, Vec<f64>),
    /// The first mask of each text, apart: ours allows whitespace before
    /// the first token, the peer's does not.
    first_masks: (Vec<f64>, Vec<f64>),
    compiles: (Vec<f64>, Vec<f64>),
    /// Per compared case: mean mask ratio, compile ratio, name.
    per_case: Vec<(f64, f64, String)>,
}

/// The median of some durations, in microseconds.
pub fn median_us(times: &mut [Duration]) -> f64 {
    times.sort_unstable();
    times[times.len() / 2].as_secs_f64() * 1e6
}

fn mean(values: &[f64]) -> f64 {
    values.iter().sum::<f64>() / values.len() as f64
}

fn sorted(mut values: Vec<f64>) -> Vec<f64> {
    values.sort_by(f64::total_cmp);
    values
}

/// Both sides on every case, `rounds` interleaved rounds each. Our side
/// must compile and accept every text (a failure is a broken promise and
/// panics); the peer's refusals are counted.
pub fn compare(cases: &[Case], rounds: usize, ours: Side, peer: Side) -> Report {
    let mut report = Report {
        cases: cases.len(),
        peer_refused: Vec::new(),
        masks: (Vec::new(), Vec::new()),
        first_masks: (Vec::new(), Vec::new()),
        compiles: (Vec::new(), Vec::new()),
        per_case: Vec::new(),
    };
    for case in cases {
        let tokens = tokenize(&case.text);
        let mut compiles = (Vec::new(), Vec::new());
        let mut masks: (Vec<Vec<Duration>>, Vec<Vec<Duration>>) = (Vec::new(), Vec::new());
        let mut refused = false;
        for _ in 0..rounds {
            let mine = walk(ours(case), &tokens)
                .unwrap_or_else(|error| panic!("{}: our grammar: {error}", case.name));
            compiles.0.push(mine.compile);
            masks.0.push(mine.masks);
            if refused {
                continue;
            }
            match walk(peer(case), &tokens) {
                Ok(theirs) => {
                    compiles.1.push(theirs.compile);
                    masks.1.push(theirs.masks);
                }
                Err(_) => refused = true,
            }
        }
        if refused {
            report.peer_refused.push(case.name.clone());
            continue;
        }
        let per_token = |rounds: &[Vec<Duration>]| -> Vec<f64> {
            (0..rounds[0].len())
                .map(|at| median_us(&mut rounds.iter().map(|walk| walk[at]).collect::<Vec<_>>()))
                .collect()
        };
        let (mine, theirs) = (per_token(&masks.0), per_token(&masks.1));
        let (compile_mine, compile_theirs) =
            (median_us(&mut compiles.0), median_us(&mut compiles.1));
        report.per_case.push((
            mean(&mine) / mean(&theirs),
            compile_mine / compile_theirs,
            case.name.clone(),
        ));
        report.compiles.0.push(compile_mine);
        report.compiles.1.push(compile_theirs);
        report.first_masks.0.push(mine[0]);
        report.first_masks.1.push(theirs[0]);
        report.masks.0.extend(mine);
        report.masks.1.extend(theirs);
    }
    report
}

impl Report {
    /// Ours over the peer's at quantile `q` of the per-token masks.
    pub fn mask_ratio(&self, q: f64) -> f64 {
        let (ours, its) = (sorted(self.masks.0.clone()), sorted(self.masks.1.clone()));
        quantile(&ours, q) / quantile(&its, q)
    }

    /// The per-case compile ratio (ours over the peer's) at quantile `q`.
    pub fn compile_ratio(&self, q: f64) -> f64 {
        quantile(&sorted(self.per_case.iter().map(|c| c.1).collect()), q)
    }

    /// The per-case compile ratio at quantile `q` with `less` microseconds
    /// taken off ours: a fixed cost of our side's front end, set aside.
    pub fn compile_ratio_less(&self, q: f64, less: f64) -> f64 {
        let ratios = self
            .compiles
            .0
            .iter()
            .zip(&self.compiles.1)
            .map(|(ours, its)| (ours - less) / its)
            .collect();
        quantile(&sorted(ratios), q)
    }

    /// Cases where ours costs more than `factor` times the peer's, in
    /// mean mask or in compile.
    pub fn over(&self, factor: f64) -> usize {
        self.per_case
            .iter()
            .filter(|(mask, compile, _)| *mask > factor || *compile > factor)
            .count()
    }
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let compared = self.per_case.len();
        let conformance = self
            .per_case
            .iter()
            .filter(|case| case.2.starts_with("conformance"))
            .count();
        writeln!(
            f,
            "{} schemas with a valid text; the peer refuses {} of them, compared on the other {compared} ({conformance} conformance, {} real-world; {} masks each side)",
            self.cases,
            self.peer_refused.len(),
            compared - conformance,
            self.masks.0.len()
        )?;
        let quantiles = [("median", 0.5), ("p90", 0.9), ("p99", 0.99)];
        let (ours, its) = (sorted(self.masks.0.clone()), sorted(self.masks.1.clone()));
        writeln!(f, "mask per token (us)     ours   its own   ratio")?;
        for (label, q) in quantiles {
            let (a, b) = (quantile(&ours, q), quantile(&its, q));
            writeln!(f, "  {label:<8}        {a:>9.1} {b:>9.1}   x{:.2}", a / b)?;
        }
        let (a, b) = (mean(&ours), mean(&its));
        writeln!(f, "  mean            {a:>9.1} {b:>9.1}   x{:.2}", a / b)?;
        let (first_ours, first_its) = (
            sorted(self.first_masks.0.clone()),
            sorted(self.first_masks.1.clone()),
        );
        let (a, b) = (quantile(&first_ours, 0.5), quantile(&first_its, 0.5));
        writeln!(
            f,
            "  first (median)  {a:>9.1} {b:>9.1}   x{:.2}  (the mask before a text's first token: ours allows whitespace there)",
            a / b
        )?;
        let (ours, its) = (
            sorted(self.compiles.0.clone()),
            sorted(self.compiles.1.clone()),
        );
        writeln!(
            f,
            "compile (us)            ours   its own   ratio; per-schema ratio"
        )?;
        for (label, q) in quantiles {
            let (a, b) = (quantile(&ours, q), quantile(&its, q));
            writeln!(
                f,
                "  {label:<8}        {a:>9.1} {b:>9.1}   x{:.2}; x{:.2}",
                a / b,
                self.compile_ratio(q)
            )?;
        }
        let mask_ratios = sorted(self.per_case.iter().map(|c| c.0).collect());
        writeln!(
            f,
            "per-schema mean mask ratio: median x{:.2}, p90 x{:.2}, max x{:.2}; schemas over x3 (mask or compile): {}",
            quantile(&mask_ratios, 0.5),
            quantile(&mask_ratios, 0.9),
            mask_ratios.last().copied().unwrap_or(0.0),
            self.over(3.0)
        )?;
        let mut worst: Vec<&(f64, f64, String)> = self.per_case.iter().collect();
        worst.sort_by(|a, b| b.0.max(b.1).total_cmp(&a.0.max(a.1)));
        writeln!(
            f,
            "dearest relative to its own (mask ratio, compile ratio):"
        )?;
        for (mask, compile, name) in worst.iter().take(8) {
            writeln!(f, "  x{mask:.2} x{compile:.2}  {name}")?;
        }
        Ok(())
    }
}
