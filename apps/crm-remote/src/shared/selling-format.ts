import { formatMinor, type LineRecurrence, toMinorUnits } from '@tessera/data-access/contracts';

/** An amount the API answered (major units, exact) in its currency: `$1,234.50`, `¥2,665`. */
export function money(amount: number, currency: string): string {
  return formatMinor(toMinorUnits(Math.abs(amount), currency) ?? 0, currency);
}

export const RECURRENCE_LABELS: Record<LineRecurrence, string> = {
  one_time: 'One-time',
  monthly: 'Monthly',
  yearly: 'Yearly',
};

/**
 * A number typed in a form: the text as typed when it is a plain non-negative decimal, else null
 * (the API checks the decimals against the currency and answers per field).
 */
export function typedNumber(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d+(\.\d+)?$/.test(trimmed)) return null;
  return Number(trimmed);
}
