import { normaliseCardNumber, passesLuhnCheck } from './luhn';

describe('Luhn check', () => {
  it('accepts test cards with or without spaces and dashes', () => {
    expect(passesLuhnCheck('4242 4242 4242 4242')).toBe(true);
    expect(passesLuhnCheck('5555-5555-5555-4444')).toBe(true);
    expect(normaliseCardNumber('4242 4242-4242 4242')).toBe('4242424242424242');
  });

  it('refuses a typo, letters and numbers of the wrong length', () => {
    expect(passesLuhnCheck('4242 4242 4242 4241')).toBe(false);
    expect(passesLuhnCheck('4242 abcd 4242 4242')).toBe(false);
    expect(passesLuhnCheck('42424')).toBe(false);
    expect(passesLuhnCheck('')).toBe(false);
  });
});
