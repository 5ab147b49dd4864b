//! Two ways of compiling the same schemas, timed side by side on the same
//! texts: each case's compile and the mask before each of its tokens, in
//! interleaved rounds (a fresh compile each round), each compile and mask
//! keeping its median over the rounds; then the distributions of both
//! sides and their ratios.

use std::fmt;
use std::time::Duration;

use llguidance::api::TopLevelGrammar;

use super::corpus::Case;
use super::{tokenize, walk};

/// One side's grammar for a case.
pub type Side<'a> = &'a dyn Fn(&Case) -> TopLevelGrammar;

/// What [`compare`] measured: ours against the peer.
pub struct Report {
    /// Cases the peer could not compile or walk, by name.
    peer_refused: Vec<String>,
    /// The cases both sides ran, in order.
    compared: Vec<Compared>,
}

/// One case both sides ran: medians over the rounds, in microseconds.
struct Compared {
    name: String,
    /// The mask before each token and before the end.
    masks: (Vec<f64>, Vec<f64>),
    compile: (f64, f64),
}

impl Compared {
    /// Our masks, or the peer's.
    fn side(&self, ours: bool) -> &[f64] {
        if ours {
            &self.masks.0
        } else {
            &self.masks.1
        }
    }

    fn mask_ratio(&self) -> f64 {
        mean(&self.masks.0) / mean(&self.masks.1)
    }

    fn compile_ratio(&self) -> f64 {
        self.compile.0 / self.compile.1
    }
}

/// The median of some durations, in microseconds.
pub fn median_us(times: &[Duration]) -> f64 {
    let micros = times.iter().map(|time| time.as_secs_f64() * 1e6).collect();
    quantile(&sorted(micros), 0.5)
}

/// The value at quantile `q` (0 to 1) of `sorted`, nearest rank.
fn quantile(sorted: &[f64], q: f64) -> f64 {
    assert!(!sorted.is_empty(), "a quantile of nothing");
    let rank = (q * sorted.len() as f64).ceil() as usize;
    sorted[rank.clamp(1, sorted.len()) - 1]
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
        peer_refused: Vec::new(),
        compared: Vec::new(),
    };
    'cases: for case in cases {
        let tokens = tokenize(&case.text);
        let mut compiles = (Vec::new(), Vec::new());
        let mut masks: (Vec<Vec<Duration>>, Vec<Vec<Duration>>) = (Vec::new(), Vec::new());
        for _ in 0..rounds {
            let mine = walk(ours(case), &tokens)
                .unwrap_or_else(|error| panic!("{}: our grammar: {error}", case.name));
            compiles.0.push(mine.compile);
            masks.0.push(mine.masks);
            let Ok(theirs) = walk(peer(case), &tokens) else {
                report.peer_refused.push(case.name.clone());
                continue 'cases;
            };
            compiles.1.push(theirs.compile);
            masks.1.push(theirs.masks);
        }
        let per_token = |rounds: &[Vec<Duration>]| -> Vec<f64> {
            (0..rounds[0].len())
                .map(|at| median_us(&rounds.iter().map(|walk| walk[at]).collect::<Vec<_>>()))
                .collect()
        };
        report.compared.push(Compared {
            name: case.name.clone(),
            masks: (per_token(&masks.0), per_token(&masks.1)),
            compile: (median_us(&compiles.0), median_us(&compiles.1)),
        });
    }
    report
}

impl Report {
    /// The per-case compile ratio (ours over the peer's) at quantile `q`,
    /// with `less` microseconds taken off ours: a fixed cost of our side's
    /// front end, set aside (0 for the ratio as measured).
    pub fn compile_ratio_less(&self, q: f64, less: f64) -> f64 {
        let ratios = self
            .compared
            .iter()
            .map(|case| (case.compile.0 - less) / case.compile.1)
            .collect();
        quantile(&sorted(ratios), q)
    }

    /// Every mask of our side or the peer's, sorted; and the first of
    /// each text's, sorted.
    fn masks(&self, ours: bool) -> (Vec<f64>, Vec<f64>) {
        let all = self
            .compared
            .iter()
            .flat_map(|case| case.side(ours).iter().copied());
        let first = self.compared.iter().map(|case| case.side(ours)[0]);
        (sorted(all.collect()), sorted(first.collect()))
    }
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let compared = self.compared.len();
        let conformance = self
            .compared
            .iter()
            .filter(|case| case.name.starts_with("conformance"))
            .count();
        let (ours, first_ours) = self.masks(true);
        let (its, first_its) = self.masks(false);
        writeln!(
            f,
            "{} schemas with a valid text; the peer refuses {} of them, compared on the other {compared} ({conformance} conformance, {} real-world; {} masks each side)",
            compared + self.peer_refused.len(),
            self.peer_refused.len(),
            compared - conformance,
            ours.len()
        )?;
        let quantiles = [("median", 0.5), ("p90", 0.9), ("p99", 0.99)];
        writeln!(f, "mask per token (us)     ours   its own   ratio")?;
        for (label, q) in quantiles {
            let (a, b) = (quantile(&ours, q), quantile(&its, q));
            writeln!(f, "  {label:<8}        {a:>9.1} {b:>9.1}   x{:.2}", a / b)?;
        }
        let (a, b) = (mean(&ours), mean(&its));
        writeln!(f, "  mean            {a:>9.1} {b:>9.1}   x{:.2}", a / b)?;
        let (a, b) = (quantile(&first_ours, 0.5), quantile(&first_its, 0.5));
        writeln!(
            f,
            "  first (median)  {a:>9.1} {b:>9.1}   x{:.2}  (the mask before a text's first token, also counted above: ours allows whitespace there)",
            a / b
        )?;
        let compiles = |side: fn(&(f64, f64)) -> f64| {
            sorted(
                self.compared
                    .iter()
                    .map(|case| side(&case.compile))
                    .collect(),
            )
        };
        let (ours, its) = (compiles(|c| c.0), compiles(|c| c.1));
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
                self.compile_ratio_less(q, 0.0)
            )?;
        }
        let mask_ratios = sorted(self.compared.iter().map(Compared::mask_ratio).collect());
        let over = self
            .compared
            .iter()
            .filter(|case| case.mask_ratio() > 3.0 || case.compile_ratio() > 3.0)
            .count();
        writeln!(
            f,
            "per-schema mean mask ratio: median x{:.2}, p90 x{:.2}, max x{:.2}; schemas over x3 (mask or compile): {over}",
            quantile(&mask_ratios, 0.5),
            quantile(&mask_ratios, 0.9),
            mask_ratios.last().copied().unwrap_or(0.0),
        )?;
        let mut worst: Vec<&Compared> = self.compared.iter().collect();
        let dearer = |case: &Compared| case.mask_ratio().max(case.compile_ratio());
        worst.sort_by(|a, b| dearer(b).total_cmp(&dearer(a)));
        writeln!(
            f,
            "dearest relative to its own (mask ratio, compile ratio):"
        )?;
        for case in worst.iter().take(8) {
            writeln!(
                f,
                "  x{:.2} x{:.2}  {}",
                case.mask_ratio(),
                case.compile_ratio(),
                case.name
            )?;
        }
        Ok(())
    }
}
