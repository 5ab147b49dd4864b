// A small seeded generator (mulberry32), so that the recorded fixture is the
// same on every run.

/** A function returning numbers in [0, 1), the same sequence for a seed. */
export function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One element of `items`, chosen by `next`. */
export function pick(items, next) {
  return items[Math.floor(next() * items.length)];
}
