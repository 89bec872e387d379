// The one seeded random generator of the tests, peers and benches (mulberry32): the same seed gives the same
// sequence on every machine, so a failing case or a fault sequence can be replayed.

/** Numbers in [0, 1), from a 32-bit seed. */
export function seededRandom(seed: number): () => number {
  let state = seed | 0;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
