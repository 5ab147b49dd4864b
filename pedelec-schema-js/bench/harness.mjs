// The timing harness of bench.mjs: the sides of one comparison run in
// alternating rounds, in one process, so that machine noise (other builds
// on a shared 2-core machine, GC, frequency changes) lands on every side
// alike; each side's time is the median of its rounds.

/** Keeps every result alive, so that no call is optimized away. */
let sink = 0;

export function sinkValue() {
  return sink;
}

/** One call of a side made into a loop of `n` calls; the loop is the side's own closure. */
export function loop(call) {
  return (n) => {
    let kept = 0;
    for (let i = 0; i < n; i++) {
      if (call()) kept++;
    }
    sink += kept;
    return kept;
  };
}

/**
 * Nanoseconds per call over `n` calls of `run`: wall-clock, and the
 * process's CPU time (user + system, every thread), which a busy machine's
 * preemptions do not inflate.
 */
function timed(run, n) {
  const cpu = process.cpuUsage();
  const start = process.hrtime.bigint();
  run(n);
  const wall = Number(process.hrtime.bigint() - start) / n;
  const used = process.cpuUsage(cpu);
  return { wall, cpu: ((used.user + used.system) * 1e3) / n };
}

/** Runs `run` for at least `ms` milliseconds; returns the calls per millisecond. */
function warm(run, ms) {
  let n = 1;
  let calls = 0;
  const start = process.hrtime.bigint();
  for (;;) {
    run(n);
    calls += n;
    const elapsed = Number(process.hrtime.bigint() - start) / 1e6;
    if (elapsed >= ms && calls >= 3) return calls / elapsed;
    n = Math.min(n * 2, 1 << 16);
  }
}

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/**
 * Times `sides` ([{name, run}]) in `rounds` alternating rounds, the order
 * rotated every round so that no side always runs first; each side's batch
 * is sized to take about `batchMs`. Returns, per side, its calls per batch,
 * the median in ns per call by `clock` ('wall' or 'cpu') as `medianNs`,
 * the medians by both clocks, and every round's wall-clock time.
 */
export function interleaved(sides, { rounds, batchMs, warmupMs, clock = 'wall' }) {
  const batches = sides.map(({ run }) => {
    const perMs = warm(run, warmupMs);
    return Math.max(1, Math.round(perMs * batchMs));
  });
  const samples = sides.map(() => []);
  for (let round = 0; round < rounds; round++) {
    for (let k = 0; k < sides.length; k++) {
      const i = (round + k) % sides.length;
      samples[i].push(timed(sides[i].run, batches[i]));
    }
  }
  return sides.map(({ name }, i) => {
    const wall = samples[i].map((s) => s.wall);
    const cpu = samples[i].map((s) => s.cpu);
    const medians = { wall: median(wall), cpu: median(cpu) };
    return {
      name,
      callsPerBatch: batches[i],
      medianNs: medians[clock],
      medianWallNs: medians.wall,
      medianCpuNs: medians.cpu,
      minWallNs: Math.min(...wall),
      wallSamplesNs: wall.map((ns) => Math.round(ns * 10) / 10),
    };
  });
}


/** A time in ns written with a unit that keeps 3 significant digits. */
export function formatNs(ns) {
  if (ns < 1e3) return `${ns.toPrecision(3)} ns`;
  if (ns < 1e6) return `${(ns / 1e3).toPrecision(3)} us`;
  return `${(ns / 1e6).toPrecision(3)} ms`;
}

/** A plain-text table: `header` and `rows` are arrays of cells. */
export function table(header, rows) {
  const widths = header.map((cell, i) => Math.max(cell.length, ...rows.map((row) => String(row[i]).length)));
  const line = (cells) => cells.map((cell, i) => String(cell).padEnd(widths[i])).join('  ').trimEnd();
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}
