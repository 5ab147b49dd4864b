//! The side-by-side comparisons of `validation.rs` and `stream.rs`: each
//! comparison's two sides, measured by criterion, then timed again in
//! interleaved rounds and printed as a ratio next to its target. Both
//! benches take the same arguments (`-- --ratios-only`, and ids after it
//! that pick comparisons): [`run`].

// Each bench uses part of it.
#![allow(dead_code)]

use std::time::{Duration, Instant};

use criterion::{BatchSize, Criterion};
use serde_json::Value;

/// One side of a comparison.
pub enum Side {
    /// A call that borrows its input.
    Call(Box<dyn FnMut()>),
    /// A call that consumes its `Value`: each gets its own clone.
    Consume(Value, Box<dyn FnMut(Value)>),
}

impl Side {
    pub fn call(f: impl FnMut() + 'static) -> Side {
        Side::Call(Box::new(f))
    }

    pub fn consume(input: &Value, f: impl FnMut(Value) + 'static) -> Side {
        Side::Consume(input.clone(), Box::new(f))
    }

    /// Nanoseconds per call, over `iterations` calls.
    fn time(&mut self, iterations: u32) -> f64 {
        let elapsed = match self {
            Side::Call(f) => {
                let start = Instant::now();
                for _ in 0..iterations {
                    f();
                }
                start.elapsed()
            }
            Side::Consume(input, f) => {
                let mut batch: Vec<Value> = (0..iterations).map(|_| input.clone()).collect();
                let start = Instant::now();
                for value in batch.drain(..) {
                    f(value);
                }
                start.elapsed()
            }
        };
        elapsed.as_secs_f64() * 1e9 / f64::from(iterations)
    }

    fn bench(
        &mut self,
        group: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>,
        name: &str,
    ) {
        match self {
            Side::Call(f) => {
                group.bench_function(name, |b| b.iter(&mut *f));
            }
            Side::Consume(input, f) => {
                group.bench_function(name, |b| {
                    b.iter_batched(|| input.clone(), &mut *f, BatchSize::SmallInput)
                });
            }
        }
    }
}

/// How a comparison's ratio reads, and what it must reach.
#[derive(Clone, Copy)]
pub enum Target {
    /// The other side's time / ours, at least this.
    FasterThan(f64),
    /// Our time / the other side's, at most this.
    CostAtMost(f64),
    /// The other side's time / ours, for scale only.
    None,
    /// Our time / the other side's, for information only.
    Cost,
}

/// A kind of comparison, with its target, over several workloads.
pub struct Comparison {
    /// A short name, for criterion's groups.
    pub id: &'static str,
    pub title: &'static str,
    pub target: Target,
    /// The name of each side, for criterion.
    pub sides: [&'static str; 2],
    pub cells: Vec<Cell>,
}

/// One workload of a comparison: ours and the other side.
pub struct Cell {
    pub workload: &'static str,
    pub ours: Side,
    pub theirs: Side,
}

fn bench(criterion: &mut Criterion, comparisons: &mut [Comparison]) {
    for comparison in comparisons {
        for cell in &mut comparison.cells {
            let mut group =
                criterion.benchmark_group(format!("{}/{}", comparison.id, cell.workload));
            cell.ours.bench(&mut group, comparison.sides[0]);
            cell.theirs.bench(&mut group, comparison.sides[1]);
            group.finish();
        }
    }
}

/// Times both sides in alternating rounds and returns the best round of
/// each, in nanoseconds per call. Alternating rounds see the same background
/// load, and the best round is the one least disturbed by it, so their
/// ratio holds up on a busy shared machine better than two separate
/// measurements do.
fn interleaved(cell: &mut Cell) -> [f64; 2] {
    const ROUNDS: usize = 40;
    let iterations = calibrate(&mut cell.ours, Duration::from_millis(5));
    let mut best = [f64::MAX; 2];
    for _ in 0..ROUNDS {
        for (side, run) in [&mut cell.ours, &mut cell.theirs].into_iter().enumerate() {
            best[side] = best[side].min(run.time(iterations));
        }
    }
    best
}

/// How many calls of `side` take about `target`.
fn calibrate(side: &mut Side, target: Duration) -> u32 {
    let mut iterations = 1u32;
    loop {
        let per_call = side.time(iterations);
        if per_call * f64::from(iterations) >= target.as_nanos() as f64 / 4.0
            || iterations >= 1 << 24
        {
            return (iterations * 4).max(1);
        }
        iterations *= 2;
    }
}

/// Times every cell and prints its ratio against its target; returns the
/// cells that missed.
fn print_ratios(comparisons: &mut [Comparison]) -> Vec<String> {
    println!("\nratios, from interleaved rounds (best of 40 rounds per side):");
    let mut missed = Vec::new();
    for comparison in comparisons {
        let target = match comparison.target {
            Target::FasterThan(x) => format!("target >= {x}x faster"),
            Target::CostAtMost(x) => format!("target <= {x}x the cost"),
            Target::None | Target::Cost => "no target".to_owned(),
        };
        println!("\n{} ({target})", comparison.title);
        for cell in &mut comparison.cells {
            let [ours, theirs] = interleaved(cell);
            let (ratio, held) = match comparison.target {
                Target::FasterThan(x) => (theirs / ours, Some(theirs / ours >= x)),
                Target::CostAtMost(x) => (ours / theirs, Some(ours / theirs <= x)),
                Target::None => (theirs / ours, None),
                Target::Cost => (ours / theirs, None),
            };
            let verdict = match held {
                Some(true) => "held",
                Some(false) => "MISSED",
                None => "",
            };
            println!(
                "  {:<26} {ratio:>6.2}x  {verdict:<6}  ({} {ours:.0} ns, {} {theirs:.0} ns)",
                cell.workload, comparison.sides[0], comparison.sides[1]
            );
            if held == Some(false) {
                missed.push(format!(
                    "{} / {}: {ratio:.2}x",
                    comparison.title, cell.workload
                ));
            }
        }
    }
    missed
}

/// The bench's `main`: criterion over every side (unless `--ratios-only`),
/// then the ratios. Words after `--` that are not flags pick comparisons
/// by id (`cargo bench --bench validation -- --ratios-only from_args_str`).
pub fn run(mut comparisons: Vec<Comparison>) {
    let picked: Vec<String> = std::env::args()
        .skip(1)
        .filter(|arg| !arg.starts_with('-'))
        .collect();
    if !picked.is_empty() {
        comparisons.retain(|comparison| picked.iter().any(|id| id == comparison.id));
    }
    if !std::env::args().any(|arg| arg == "--ratios-only") {
        let mut criterion = Criterion::default()
            .warm_up_time(Duration::from_millis(500))
            .measurement_time(Duration::from_secs(2))
            .configure_from_args();
        bench(&mut criterion, &mut comparisons);
        criterion.final_summary();
    }
    let missed = print_ratios(&mut comparisons);
    if missed.is_empty() {
        println!("\nevery target held");
    } else {
        println!("\n{} targets missed:", missed.len());
        for cell in missed {
            println!("  {cell}");
        }
    }
}
