/**
 * Money as Tessera shows it: US dollars in the en-US format (docs/product: amounts are USD).
 * Every screen and every API message formats amounts through these, so `$1,250.00`, `$1,234,568`
 * and `$1.2K` look the same everywhere.
 */

const fullFormat = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const wholeFormat = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
});
const compactFormat = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  minimumFractionDigits: 0,
  maximumFractionDigits: 1,
});

/** Cents shown: `$1,250.00` (record fields, deal details, exact KPI values). */
export function formatUsd(amount: number): string {
  return fullFormat.format(amount);
}

/** Whole dollars with separators: `$1,234,568` (pipeline value, revenue tiles, insight texts). */
export function formatWholeUsd(amount: number): string {
  return wholeFormat.format(amount);
}

/** `$1.2K`, `$3.5M`, `$950`: amounts on cards, column headers and chart axes. */
export function compactUsd(amount: number | string | null | undefined): string {
  const value = typeof amount === 'string' ? Number(amount) : (amount ?? 0);
  return compactFormat.format(Number.isFinite(value) ? value : 0);
}

/** An amount stored in cents, in its currency: invoices and payments. */
export function formatCents(amountCents: number, currency = 'USD'): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(amountCents / 100);
}
