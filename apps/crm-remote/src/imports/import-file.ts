import {
  type CrmImportEntity,
  matchCrmImportColumns,
  parseCsv,
  type RecordImportRowError,
  validateCrmImportRow,
} from '@tessera/data-access/contracts';

/** A chosen file read once: its header, its data rows and the automatic mapping for an entity. */
export interface ImportFile {
  name: string;
  csv: string;
  header: string[];
  rows: string[][];
}

export function readImportFile(name: string, csv: string): ImportFile {
  const [header = [], ...rows] = parseCsv(csv);
  return { name, csv, header, rows };
}

export function automaticMapping(entity: CrmImportEntity, file: ImportFile): (string | null)[] {
  return matchCrmImportColumns(entity, file.header);
}

export interface ImportPreview {
  /** Refused rows of the whole file by spreadsheet row number, as the import will report them. */
  refused: RecordImportRowError[];
  refusedCount: number;
}

/** The rule the API applies to each row, run on the whole file before it is sent. */
export function previewImport(
  entity: CrmImportEntity,
  file: ImportFile,
  mapping: readonly (string | null)[],
  listed = 50,
): ImportPreview {
  const refused: RecordImportRowError[] = [];
  let refusedCount = 0;
  file.rows.forEach((cells, index) => {
    const result = validateCrmImportRow(entity, mapping, cells);
    if (result.ok) return;
    refusedCount++;
    if (refused.length < listed) refused.push({ row: index + 2, errors: result.errors });
  });
  return { refused, refusedCount };
}
