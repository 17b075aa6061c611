/**
 * CSV export and import of a submodule's records (RFC 4180).
 *
 * Header choice: exports name columns by field key (`full_name`), not label, because keys are
 * stable when a label is reworded and unique where two labels might read alike, so an exported
 * file always imports back into the same fields. Imports accept either the key or the label
 * (case-insensitive), so a sheet people built by hand with "Full name" works too.
 */

import { toCsv, unguardCsvCell } from '../csv';
import type { FieldDefinition, RecordValue } from './field-types';
import type { RecordSchema } from './record-schema';

export interface RecordsToCsvOptions {
  /** `key` (default, round-trip safe) or `label` (for people reading the file). */
  header?: 'key' | 'label';
}

/**
 * The records as CSV through the product's one writer (formula-guarded cells): a header row then
 * one row per record. Importing the file back undoes the guard (csvRowsToRecordInputs).
 */
export function recordsToCsv(
  schema: RecordSchema,
  records: readonly Readonly<Record<string, RecordValue | undefined>>[],
  options: RecordsToCsvOptions = {},
): string {
  const header = schema.fields.map((field) => (options.header === 'label' ? field.label : field.key));
  return toCsv([header, ...records.map((record) => schema.fields.map((field) => record[field.key]))]);
}

/**
 * Rows of cells from CSV text: quoted cells, doubled quotes, CRLF/LF/CR line ends, newlines inside
 * quotes and a leading byte-order mark are handled; blank lines are skipped. Lenient by design (a
 * stray quote inside an unquoted cell is kept as text) because files come from many spreadsheets.
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const length = source.length;
  // Cells are sliced, not built a character at a time: 100,000 rows parse in a fraction of the time.
  const delimiter = /[,\r\n]/g;
  let row: string[] = [];
  let index = 0;
  const endRow = (): void => {
    // A blank line is one empty cell: not a record.
    if (!(row.length === 1 && row[0] === '')) rows.push(row);
    row = [];
  };
  while (index < length) {
    let cell = '';
    if (source.charCodeAt(index) === 0x22) {
      // A quoted cell: doubled quotes are one quote; commas and line ends inside are text.
      index++;
      for (;;) {
        const quote = source.indexOf('"', index);
        if (quote === -1) {
          cell += source.slice(index);
          index = length;
          break;
        }
        cell += source.slice(index, quote);
        if (source.charCodeAt(quote + 1) === 0x22) {
          cell += '"';
          index = quote + 2;
        } else {
          index = quote + 1;
          break;
        }
      }
    }
    // Unquoted text, or what follows a closing quote (kept as text), up to the next delimiter.
    delimiter.lastIndex = index;
    const found = delimiter.exec(source);
    const end = found ? found.index : length;
    cell += source.slice(index, end);
    row.push(cell);
    index = end;
    if (index >= length) {
      endRow();
      break;
    }
    const char = source.charCodeAt(index);
    index++;
    if (char === 0x2c) {
      if (index === length) {
        row.push('');
        endRow();
      }
      continue;
    }
    if (char === 0x0d && source.charCodeAt(index) === 0x0a) index++;
    endRow();
  }
  return rows;
}

export interface CsvRecordInput {
  /** The row's number as a spreadsheet shows it (the header is row 1), for import error reports. */
  rowNumber: number;
  /** Cell text by field key, ready for validateRecord; empty cells are left out. */
  values: Record<string, string>;
}

export interface CsvImport {
  records: CsvRecordInput[];
  /** Header cells that match no field: reported to the user instead of silently dropped. */
  unmatchedColumns: string[];
}

function headerKey(header: string): string {
  return header.trim().toLowerCase();
}

/**
 * Maps parsed rows (first row = header) to record inputs. Headers match a field's key or label,
 * case-insensitively. Reference cells must carry record ids; the API resolves nothing by name.
 */
export function csvRowsToRecordInputs(schema: RecordSchema, rows: readonly (readonly string[])[]): CsvImport {
  const [header, ...dataRows] = rows;
  if (!header) return { records: [], unmatchedColumns: [] };
  const byName = new Map<string, FieldDefinition>();
  for (const field of schema.fields) {
    byName.set(headerKey(field.label), field);
  }
  // Keys win over labels when a label happens to equal another field's key.
  for (const field of schema.fields) {
    byName.set(headerKey(field.key), field);
  }
  const columns = header.map((name) => byName.get(headerKey(name)));
  const unmatchedColumns = header.filter((name, index) => !columns[index] && name.trim() !== '');

  const records = dataRows.map((row, rowIndex) => {
    const values: Record<string, string> = {};
    row.forEach((cell, index) => {
      const field = columns[index];
      // A cell Tessera guarded against formulas on export comes back as it was.
      if (field && cell.trim() !== '') values[field.key] = unguardCsvCell(cell);
    });
    return { rowNumber: rowIndex + 2, values };
  });
  return { records, unmatchedColumns };
}
