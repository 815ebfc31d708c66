/** A seeded generator of numbers in [0, 1) with the picks the sandbox's triggers need. */
export interface Random {
  next(): number;
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
}

/** FNV-1a, 32 bits, as 8 hex digits: a seed's start state, and the same stable ids the kit's catalog gives. */
export function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
}

/**
 * mulberry32 seeded from a string, so `trigger --seed N` replays the same changes. The kit has its own
 * for its catalog; the CLI keeps this copy because the kit's is not a public name (the CLI stands on the
 * public entries only), and a trigger's seed need not match the catalog's.
 */
export function seededRandom(seed: string): Random {
  let state = Number.parseInt(fnv1a(seed), 16);
  const next = (): number => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[int(0, items.length - 1)]!;
  return { next, int, pick };
}
