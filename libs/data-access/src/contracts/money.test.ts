import { compactUsd, formatCents, formatUsd, formatWholeUsd } from './money';

describe('money', () => {
  it('shows cents, whole dollars and compact amounts in USD', () => {
    expect(formatUsd(1250)).toBe('$1,250.00');
    expect(formatWholeUsd(1234567.8)).toBe('$1,234,568');
    expect(compactUsd(950)).toBe('$950');
    expect(compactUsd(1000)).toBe('$1K');
    expect(compactUsd(1250)).toBe('$1.3K');
    expect(compactUsd('3500000')).toBe('$3.5M');
    expect(compactUsd(null)).toBe('$0');
    expect(compactUsd('not a number')).toBe('$0');
  });

  it('shows cents in their currency', () => {
    expect(formatCents(7900)).toBe('$79.00');
    expect(formatCents(1999, 'EUR')).toBe('€19.99');
  });
});
