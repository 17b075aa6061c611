/**
 * The one deterministic PRNG of the product (mulberry32): the demo seed, the demo records and the
 * bulk data tool draw from it, so the same seed gives the same data on every machine and in every
 * process. Never Math.random where output must be repeatable.
 */

/** The generator itself: a 32-bit state in, a function giving numbers in [0, 1) out. */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** FNV-1a: turns any seed text into a 32-bit state. */
export function hashSeed(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** A generator for a seed written as text (or a number read as its text). */
export function seededRandom(seed: string | number): () => number {
  return mulberry32(hashSeed(String(seed)));
}

/** The generator with the draws demo data needs: whole numbers, picks and chances. */
export class SeededRandom {
  readonly next: () => number;

  constructor(seed: number) {
    this.next = mulberry32(seed);
  }

  /** A whole number from min to max, both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)] as T;
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }
}
