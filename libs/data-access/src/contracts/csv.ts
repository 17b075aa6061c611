/**
 * The one CSV writer of the product (RFC 4180) — every file Tessera writes goes through it.
 *
 * Cells are guarded against spreadsheet formulas ("CSV injection"): text starting with = + - @,
 * a tab or a carriage return would be run as a formula by Excel, LibreOffice or Sheets, so it gets
 * a leading apostrophe, which spreadsheets read as "this is text". Text that already starts with
 * apostrophes before such a character gets one more, so unguardCsvCell gives back exactly what was
 * written. Numbers, booleans and dates are written as they are: a number is not a formula.
 */

const NEEDS_QUOTES = /[",\r\n]/;
const FORMULA_START = /^'*[=+\-@\t\r]/;
const GUARDED = /^'+[=+\-@\t\r]/;

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString();
  return JSON.stringify(value);
}

/** Text a spreadsheet would treat as a formula, made inert with a leading apostrophe. */
export function guardFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** The inverse of guardFormula, for files Tessera wrote and now reads back. */
export function unguardCsvCell(text: string): string {
  return GUARDED.test(text) ? text.slice(1) : text;
}

/** One cell: guarded if it is text, quoted only when it must be (RFC 4180 §2.6–2.7). */
export function csvCell(value: unknown): string {
  const raw = cellText(value);
  const text = typeof value === 'string' || typeof value === 'object' ? guardFormula(raw) : raw;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows of cells as CSV text: CRLF line ends as RFC 4180 asks, and one after the last row. */
export function toCsv(rows: readonly (readonly unknown[])[]): string {
  return rows.map((row) => `${row.map(csvCell).join(',')}\r\n`).join('');
}
