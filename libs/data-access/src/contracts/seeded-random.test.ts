import { hashSeed, mulberry32, SeededRandom, seededRandom } from './seeded-random';

describe('seeded random', () => {
  it('gives the same sequence for the same seed and another for another seed', () => {
    const draw = (next: () => number) => Array.from({ length: 5 }, next);
    expect(draw(seededRandom('tessera'))).toEqual(draw(seededRandom('tessera')));
    expect(draw(seededRandom('tessera'))).not.toEqual(draw(seededRandom('other')));
    expect(draw(mulberry32(42))).toEqual(draw(new SeededRandom(42).next));
  });

  it('stays within [0, 1)', () => {
    for (const value of Array.from({ length: 50 }, seededRandom('tessera'))) {
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThan(1);
    }
  });

  it('keeps the mulberry32 sequence demo data was generated with', () => {
    const next = mulberry32(1);
    expect([next(), next()].map((value) => value.toFixed(8))).toEqual(['0.62707394', '0.00273572']);
    expect(hashSeed('')).toBe(0x811c9dc5);
  });

  it('draws whole numbers within bounds, picks and chances', () => {
    const random = new SeededRandom(7);
    for (let index = 0; index < 200; index++) {
      const value = random.int(3, 5);
      expect(value).toBeGreaterThanOrEqual(3);
      expect(value).toBeLessThanOrEqual(5);
      expect(['a', 'b']).toContain(random.pick(['a', 'b']));
    }
    expect(random.chance(0)).toBe(false);
    expect(random.chance(1)).toBe(true);
  });
});
