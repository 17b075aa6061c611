import { parseExpiry, toCardInput } from './card-form';

describe('card fields', () => {
  it('reads MM/YY and MM/YYYY expiries', () => {
    expect(parseExpiry('12/34')).toEqual({ exp_month: 12, exp_year: 2034 });
    expect(parseExpiry(' 1 / 2031 ')).toEqual({ exp_month: 1, exp_year: 2031 });
    expect(parseExpiry('13/34')).toBeNull();
    expect(parseExpiry('1234')).toBeNull();
  });

  it('builds the provider input or nothing', () => {
    expect(toCardInput({ number: ' 4242 4242 4242 4242 ', expiry: '12/34', cvc: '123' })).toEqual({
      number: '4242 4242 4242 4242',
      cvc: '123',
      exp_month: 12,
      exp_year: 2034,
    });
    expect(toCardInput({ number: '4242', expiry: 'soon', cvc: '1' })).toBeNull();
  });
});
