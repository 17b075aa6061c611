import { money, typedNumber } from './selling-format';

describe('selling format', () => {
  it('writes amounts in their currency, exact', () => {
    expect(money(162.81, 'USD')).toBe('$162.81');
    expect(money(2665, 'JPY')).toBe('¥2,665');
    expect(money(0.29, 'USD')).toBe('$0.29');
  });

  it('reads typed numbers, refusing what is not one', () => {
    expect(typedNumber(' 19.99 ')).toBe(19.99);
    expect(typedNumber('3')).toBe(3);
    expect(typedNumber('')).toBeNull();
    expect(typedNumber('-1')).toBeNull();
    expect(typedNumber('1e3')).toBeNull();
  });
});
