import {
  compactUsd,
  dealLineTotals,
  formatCents,
  formatMinor,
  formatUsd,
  formatWholeUsd,
  fromMinorUnits,
  LineAmountError,
  lineTotals,
  toMinorUnits,
} from './money';

describe('money', () => {
  it.each([
    ['$1,250.00', formatUsd(1250)],
    ['$1,234,568', formatWholeUsd(1234567.8)],
    ['$950', compactUsd(950)],
    ['$1K', compactUsd(1000)],
    ['$1.3K', compactUsd(1250)],
    ['$3.5M', compactUsd('3500000')],
    ['$0', compactUsd(null)],
    ['$0', compactUsd('not a number')],
    ['$79.00', formatCents(7900)],
    ['€19.99', formatCents(1999, 'EUR')],
  ])('writes %s', (expected, written) => {
    expect(written).toBe(expected);
  });
});

describe('line amounts (hand-computed)', () => {
  it('3 × $19.99, 10 % off, 20 % tax: each step rounds half-up to the cent', () => {
    // gross 59.97; discount 5.997 → 6.00; net 53.97; tax 10.794 → 10.79; total 64.76
    expect(
      lineTotals({ quantity: 3, unit_price_minor: 1999, discount_percent: 10, tax_percent: 20 }),
    ).toEqual({
      gross_minor: 5997,
      discount_minor: 600,
      net_minor: 5397,
      tax_minor: 1079,
      total_minor: 6476,
    });
  });

  it('rounds exact halves up: 1.5 × 3¢ = 4.5¢ → 5¢, 10 % tax on 5¢ = 0.5¢ → 1¢', () => {
    expect(lineTotals({ quantity: '1.5', unit_price_minor: 3 }).total_minor).toBe(5);
    expect(lineTotals({ quantity: 1, unit_price_minor: 5, tax_percent: 10 })).toEqual(
      expect.objectContaining({ net_minor: 5, tax_minor: 1, total_minor: 6 }),
    );
    // 0.333 h × $100.00 = $33.30 exactly; 12.5 % of that = 4.1625 → 4.16
    expect(lineTotals({ quantity: 0.333, unit_price_minor: 10000, discount_percent: 12.5 })).toEqual(
      expect.objectContaining({ gross_minor: 3330, discount_minor: 416, net_minor: 2914 }),
    );
  });

  it('takes a discount amount as given, then tax on the rest', () => {
    // 2 × $50.00 = 100.00; − 15.00 = 85.00; 19 % = 16.15; total 101.15
    expect(
      lineTotals({ quantity: 2, unit_price_minor: 5000, discount_amount_minor: 1500, tax_percent: 19 }),
    ).toEqual({
      gross_minor: 10000,
      discount_minor: 1500,
      net_minor: 8500,
      tax_minor: 1615,
      total_minor: 10115,
    });
  });

  it('works in each currency’s minor unit: yen have none, dinars three', () => {
    expect(toMinorUnits(1234, 'JPY')).toBe(1234);
    expect(toMinorUnits('12.5', 'JPY')).toBeNull();
    // 2 × ¥1,234 = 2,468; 8 % = 197.44 → 197; total 2,665
    expect(lineTotals({ quantity: 2, unit_price_minor: 1234, tax_percent: 8 }).total_minor).toBe(2665);
    expect(formatMinor(2665, 'JPY')).toBe('¥2,665');
    expect(toMinorUnits('1.234', 'KWD')).toBe(1234);
    expect(toMinorUnits('1.2345', 'KWD')).toBeNull();
    expect(fromMinorUnits(1234, 'KWD')).toBe(1.234);
    expect(formatMinor(123456, 'EUR')).toBe('€1,234.56');
  });

  it('reads amounts from their decimal text, never through float multiplication', () => {
    // 0.29 × 100 is 28.999999999999996 as a float
    expect(toMinorUnits(0.29, 'USD')).toBe(29);
    expect(toMinorUnits(1.1, 'USD')).toBe(110);
    expect(toMinorUnits('19.990', 'USD')).toBe(1999);
    expect(toMinorUnits(19.999, 'USD')).toBeNull();
    expect(toMinorUnits(-1, 'USD')).toBeNull();
    expect(fromMinorUnits(6476, 'USD')).toBe(64.76);
    expect(fromMinorUnits(-5, 'USD')).toBe(-0.05);
  });

  it('sums a deal’s lines, with recurring revenue apart', () => {
    const totals = dealLineTotals([
      { quantity: 1, unit_price_minor: 10000 },
      { quantity: 2, unit_price_minor: 1000, recurrence: 'monthly' },
      { quantity: 1, unit_price_minor: 20000, tax_percent: 20, recurrence: 'yearly' },
    ]);
    expect(totals).toEqual({
      total_minor: 10000 + 2000 + 24000,
      net_minor: 32000,
      tax_minor: 4000,
      one_time_minor: 10000,
      monthly_minor: 2000,
      yearly_minor: 24000,
    });
    expect(dealLineTotals([]).total_minor).toBe(0);
  });

  it('refuses what it cannot compute exactly', () => {
    expect(() => lineTotals({ quantity: '1.2345', unit_price_minor: 1 })).toThrow(LineAmountError);
    expect(() => lineTotals({ quantity: 1, unit_price_minor: 1, tax_percent: 100.01 })).toThrow(
      /tax_percent/,
    );
    expect(() => lineTotals({ quantity: 1, unit_price_minor: 1.5 })).toThrow(/unit_price/);
    expect(() =>
      lineTotals({ quantity: 1, unit_price_minor: 100, discount_percent: 5, discount_amount_minor: 1 }),
    ).toThrow(/not both/);
    expect(() => lineTotals({ quantity: 1, unit_price_minor: 100, discount_amount_minor: 101 })).toThrow(
      /discount_amount/,
    );
  });
});
