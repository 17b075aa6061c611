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

/*
 * Exact money for what a deal sells (docs/adr/0019-products-and-quotes.md). Amounts are integers in
 * the currency's minor unit (cents for USD, yen for JPY); quantities are kept in thousandths and
 * percentages in hundredths of a percent, so every product and share is an integer product and the
 * only rounding is the one below, once per line, half-up to the minor unit:
 *   gross    = round(quantity × unit price)
 *   discount = round(gross × discount %)      or the discount amount as given (at most the gross)
 *   net      = gross − discount
 *   tax      = round(net × tax %)
 *   total    = net + tax
 * A deal's amount is the sum of its lines' totals (no rounding there); recurring lines are also
 * summed apart per period, as recurring revenue.
 */

/** Minor-unit digits of the currencies whose minor unit is not the cent (ISO 4217). */
const MINOR_DIGITS: Readonly<Record<string, number>> = {
  BHD: 3,
  CLP: 0,
  IQD: 3,
  ISK: 0,
  JOD: 3,
  JPY: 0,
  KRW: 0,
  KWD: 3,
  LYD: 3,
  OMR: 3,
  PYG: 0,
  TND: 3,
  UGX: 0,
  VND: 0,
  XAF: 0,
  XOF: 0,
};

/** How a line is billed: once, or every month / year (recurring revenue). */
export const LINE_RECURRENCES = ['one_time', 'monthly', 'yearly'] as const;
export type LineRecurrence = (typeof LINE_RECURRENCES)[number];

/** Limits the API validates and the screens check before sending. */
export const LINE_LIMITS = {
  quantityDigits: 3,
  maxQuantity: 1_000_000,
  percentDigits: 2,
  /** In major units: 10 billion, well inside exact integers once multiplied out. */
  maxUnitPrice: 10_000_000_000,
  maxNameLength: 200,
} as const;

export function minorDigits(currency: string): number {
  return MINOR_DIGITS[currency.toUpperCase()] ?? 2;
}

/**
 * A non-negative decimal as an integer scaled by 10^digits, exactly (read from its decimal text,
 * never multiplied as a float); null when it is not such a number or has more digits than allowed.
 */
export function scaledInteger(value: number | string, digits: number): bigint | null {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value.trim();
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) return null;
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  if (fraction.length > digits) return null;
  return BigInt((match[1] as string) + fraction.padEnd(digits, '0'));
}

/** An amount in major units (`12.5` dollars) as minor units (`1250`); null when not exact in that currency. */
export function toMinorUnits(amount: number | string, currency: string): number | null {
  const scaled = scaledInteger(amount, minorDigits(currency));
  return scaled === null || scaled > BigInt(Number.MAX_SAFE_INTEGER) ? null : Number(scaled);
}

/** Minor units back to major units for display and the deal's `amount` (exact for every safe integer of cents). */
export function fromMinorUnits(minor: number, currency: string): number {
  const digits = minorDigits(currency);
  return digits === 0
    ? minor
    : Number(`${minor < 0 ? '-' : ''}${formatScaled(BigInt(Math.abs(minor)), digits)}`);
}

function formatScaled(value: bigint, digits: number): string {
  const text = value.toString().padStart(digits + 1, '0');
  return digits === 0 ? text : `${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

/** `numerator / denominator` rounded half-up; both non-negative. */
function divideHalfUp(numerator: bigint, denominator: bigint): bigint {
  return (2n * numerator + denominator) / (2n * denominator);
}

export interface LineInput {
  /** Up to three decimals (hours, kilograms). */
  quantity: number | string;
  unit_price_minor: number;
  /** Up to two decimals, 0–100; a line has this or a discount amount, not both. */
  discount_percent?: number | string | null;
  discount_amount_minor?: number | null;
  /** Up to two decimals, 0–100. */
  tax_percent?: number | string | null;
  recurrence?: LineRecurrence;
}

export interface LineTotals {
  gross_minor: number;
  discount_minor: number;
  net_minor: number;
  tax_minor: number;
  total_minor: number;
}

export class LineAmountError extends Error {}

function percentHundredths(value: number | string | null | undefined, field: string): bigint {
  if (value === null || value === undefined) return 0n;
  const scaled = scaledInteger(value, LINE_LIMITS.percentDigits);
  if (scaled === null || scaled > 10_000n)
    throw new LineAmountError(`${field} must be between 0 and 100 with at most 2 decimals`);
  return scaled;
}

/** One line's amounts, rounded as the comment at the top of this section says. */
export function lineTotals(line: LineInput): LineTotals {
  const quantity = scaledInteger(line.quantity, LINE_LIMITS.quantityDigits);
  if (quantity === null) throw new LineAmountError('quantity must be a number with at most 3 decimals');
  if (!Number.isSafeInteger(line.unit_price_minor) || line.unit_price_minor < 0)
    throw new LineAmountError('unit_price must be a non-negative amount');
  const gross = divideHalfUp(quantity * BigInt(line.unit_price_minor), 1000n);
  let discount = 0n;
  if (line.discount_amount_minor !== null && line.discount_amount_minor !== undefined) {
    if (line.discount_percent !== null && line.discount_percent !== undefined)
      throw new LineAmountError('A line has a discount percent or a discount amount, not both');
    discount = BigInt(line.discount_amount_minor);
    if (discount < 0n || discount > gross)
      throw new LineAmountError('discount_amount must be between 0 and the line’s amount');
  } else {
    discount = divideHalfUp(gross * percentHundredths(line.discount_percent, 'discount_percent'), 10_000n);
  }
  const net = gross - discount;
  const tax = divideHalfUp(net * percentHundredths(line.tax_percent, 'tax_percent'), 10_000n);
  const total = net + tax;
  if (total > BigInt(Number.MAX_SAFE_INTEGER)) throw new LineAmountError('The line’s amount is too large');
  return {
    gross_minor: Number(gross),
    discount_minor: Number(discount),
    net_minor: Number(net),
    tax_minor: Number(tax),
    total_minor: Number(total),
  };
}

export interface DealLineTotals {
  /** The deal's amount: every line's total (a recurring line counts its one period). */
  total_minor: number;
  net_minor: number;
  tax_minor: number;
  one_time_minor: number;
  /** Recurring revenue, apart: the totals of the monthly and of the yearly lines. */
  monthly_minor: number;
  yearly_minor: number;
}

export function dealLineTotals(lines: readonly LineInput[]): DealLineTotals {
  const sums = { total: 0n, net: 0n, tax: 0n, one_time: 0n, monthly: 0n, yearly: 0n };
  for (const line of lines) {
    const totals = lineTotals(line);
    const total = BigInt(totals.total_minor);
    sums.total += total;
    sums.net += BigInt(totals.net_minor);
    sums.tax += BigInt(totals.tax_minor);
    sums[line.recurrence ?? 'one_time'] += total;
  }
  return {
    total_minor: Number(sums.total),
    net_minor: Number(sums.net),
    tax_minor: Number(sums.tax),
    one_time_minor: Number(sums.one_time),
    monthly_minor: Number(sums.monthly),
    yearly_minor: Number(sums.yearly),
  };
}

/** An amount in minor units, in its currency: `€1,234.50`, `¥1,235`. */
export function formatMinor(minor: number, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(
    fromMinorUnits(minor, currency),
  );
}
