import fc from 'fast-check';

/**
 * The seed of a permanent suite (docs/adr/0024-openapi-suites-and-account-closure.md): taken from
 * NIVESH_SUITE_SEED to replay a run, else fresh, and printed either way so any failure can be
 * replayed exactly.
 */
export function suiteSeed(suite: string): number {
  const given = process.env.NIVESH_SUITE_SEED;
  const seed = given ? Number(given) : Math.floor(Math.random() * 2 ** 31);
  console.log(`${suite}: seed ${seed} (replay with NIVESH_SUITE_SEED=${seed})`);
  return seed;
}

/** A deterministic generator of values from a seed (fast-check's own random source). */
export function seededSample<T>(arbitrary: fc.Arbitrary<T>, seed: number, count: number): T[] {
  return fc.sample(arbitrary, { seed, numRuns: count });
}

/** A seeded pseudo-random number in [0, 1): mulberry32, for shuffles and timings. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** The items in an order drawn from `random` (Fisher–Yates). */
export function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const copy = [...items];
  for (let index = copy.length - 1; index > 0; index--) {
    const other = Math.floor(random() * (index + 1));
    [copy[index], copy[other]] = [copy[other]!, copy[index]!];
  }
  return copy;
}
