import { passesLuhn } from './card-number';

describe('passesLuhn', () => {
  it('accepts the usual test cards', () => {
    expect(passesLuhn('4242 4242 4242 4242')).toBe(true);
    expect(passesLuhn('5555-5555-5555-4444')).toBe(true);
  });
  it('refuses typos and garbage', () => {
    expect(passesLuhn('4242 4242 4242 4241')).toBe(false);
    expect(passesLuhn('abcd')).toBe(false);
    expect(passesLuhn('')).toBe(false);
  });
});
