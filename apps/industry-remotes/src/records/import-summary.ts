import { isJobSettled, type RecordImportStatus } from '@tessera/data-access/contracts';

/** One line on where an import stands, the same in the import dialog and on the records screen. */
export function importSummary(status: RecordImportStatus): string {
  if (!isJobSettled(status.status)) return `Importing… ${status.processed_rows} of ${status.total_rows} rows`;
  const counts = `${status.created_count} created, ${status.error_count} refused of ${status.total_rows} rows.`;
  if (status.status === 'completed') return `Finished: ${counts}`;
  return `Failed: ${counts}${status.failure ? ` ${status.failure}` : ''}`;
}
