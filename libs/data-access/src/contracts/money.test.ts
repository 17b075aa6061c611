import { compactUsd, formatCents, formatUsd, formatWholeUsd } from './money';

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
