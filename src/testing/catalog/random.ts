import { fnv1a } from '../core/hash.js';

/** A seeded generator of numbers in [0, 1) with the picks the catalog needs. */
export interface Random {
  next(): number;
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
}

/**
 * mulberry32 seeded from a string. Each product gets its own seed, so product N is the same whatever
 * `catalogSize` is, and adding fields later does not reshuffle the products before it.
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
