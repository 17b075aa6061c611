import { fetchRecordsCsv, type RecordListParams, saveFile } from '@tessera/data-access/client';
import { findField, type RecordSchema } from '@tessera/data-access/contracts';
import { useCurrentInstitutionId, useStartRecordImport } from '@tessera/data-access/hooks';
import { Actions, Button, Dialog, toast, Progress, DataTable } from '@tessera/ui';
import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import styled from 'styled-components';
import { importSummary } from './import-summary';
import { Muted } from './records-styles';
import type { FollowedImport } from './use-followed-import';

const Section = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  input[type='file'] { font: inherit; }
  label { font-weight: 600; font-size: ${({ theme }) => theme.font.size.sm}; }
`;

/** `healthcare-patients-2026-03-04.csv`. */
export function exportFileName(schema: RecordSchema, today: Date = new Date()): string {
  const day = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
  return `${schema.moduleId}-${schema.submoduleId}-${day}.csv`;
}

interface ImportDialogProps {
  schema: RecordSchema;
  followed: FollowedImport;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

function ImportDialog({ schema, followed, open, onOpenChange }: ImportDialogProps) {
  const ref = useMemo(
    () => ({ moduleId: schema.moduleId, submoduleId: schema.submoduleId }),
    [schema.moduleId, schema.submoduleId],
  );
  const start = useStartRecordImport(ref);
  const [file, setFile] = useState<File | null>(null);
  const fileId = useId();
  const { importId, status, settled } = followed;

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset once per close, not when the mutation object changes
  useEffect(() => {
    if (!open) {
      setFile(null);
      start.reset();
    }
  }, [open]);

  // The import runs on the server: closing the dialog leaves it going, shown on the screen.
  const requestOpenChange = useCallback(
    (next: boolean) => {
      if (!next && settled) followed.dismiss();
      onOpenChange(next);
    },
    [settled, followed.dismiss, onOpenChange],
  );

  async function begin() {
    if (!file) return;
    const csv = await file.text();
    start.mutate(csv, {
      onSuccess: (started) => followed.follow(started.id),
      onError: (error) =>
        toast({ title: 'Import not started', description: error.message, variant: 'destructive' }),
    });
  }

  const labelOf = (key: string) => findField(schema, key)?.label ?? (key === '_record' ? 'Row' : key);

  return (
    <Dialog
      open={open}
      onOpenChange={requestOpenChange}
      title={`Import ${schema.entityNamePlural.toLowerCase()}`}
      description="A CSV file with a header row of field names or labels, one record per row."
    >
      <Section>
        {importId === null ? (
          <>
            <label htmlFor={fileId}>CSV file</label>
            <input
              id={fileId}
              type="file"
              accept=".csv,text/csv"
              onChange={(event) => setFile(event.target.files?.[0] ?? null)}
            />
            <Muted>Columns: {schema.fields.map((field) => field.key).join(', ')}</Muted>
            {start.error ? <p role="alert">{start.error.message}</p> : null}
          </>
        ) : null}
        {importId !== null && status ? (
          <>
            <Progress
              label="Import progress"
              value={status.processed_rows}
              max={Math.max(status.total_rows, 1)}
            />
            <p aria-live="polite">{importSummary(status)}</p>
            {settled ? null : <Muted>The import goes on if you close this window.</Muted>}
          </>
        ) : null}
        {importId !== null && status && status.errors.length > 0 ? (
          <DataTable caption="Rows refused" columns={['Row', 'Field', 'Problem']} maxHeight={240}>
            {status.errors.flatMap((rowError) =>
              Object.entries(rowError.errors).map(([key, message]) => (
                <tr key={`${rowError.row}-${key}`}>
                  <td>{rowError.row}</td>
                  <td>{labelOf(key)}</td>
                  <td>{message}</td>
                </tr>
              )),
            )}
          </DataTable>
        ) : null}
        <Actions>
          {importId === null ? (
            <>
              <Button variant="secondary" onClick={() => onOpenChange(false)}>
                Cancel
              </Button>
              <Button disabled={!file || start.isPending} onClick={() => void begin()}>
                {start.isPending ? 'Uploading…' : 'Start import'}
              </Button>
            </>
          ) : (
            <Button onClick={() => requestOpenChange(false)}>{settled ? 'Done' : 'Close'}</Button>
          )}
        </Actions>
      </Section>
    </Dialog>
  );
}

export interface RecordsCsvToolbarProps {
  schema: RecordSchema;
  canWrite: boolean;
  /** The list's search and sort, so the export holds what the user sees (all pages). */
  params: Pick<RecordListParams, 'search' | 'sort' | 'direction' | 'filter'>;
  /** The import the screen shows (useFollowedImport). */
  followed: FollowedImport;
  importOpen: boolean;
  onImportOpenChange: (open: boolean) => void;
}

/** Export CSV (everyone who can read) and Import CSV (write access only). */
export function RecordsCsvToolbar({
  schema,
  canWrite,
  params,
  followed,
  importOpen,
  onImportOpenChange,
}: RecordsCsvToolbarProps) {
  const institutionId = useCurrentInstitutionId();
  const [exporting, setExporting] = useState(false);

  async function exportCsv() {
    if (!institutionId) return;
    setExporting(true);
    try {
      const csv = await fetchRecordsCsv(
        institutionId,
        { moduleId: schema.moduleId, submoduleId: schema.submoduleId },
        params,
      );
      saveFile(new Blob([csv], { type: 'text/csv;charset=utf-8' }), exportFileName(schema));
    } catch (error) {
      toast({ title: 'Export failed', description: (error as Error).message, variant: 'destructive' });
    } finally {
      setExporting(false);
    }
  }

  return (
    <>
      <Button variant="secondary" disabled={exporting || !institutionId} onClick={() => void exportCsv()}>
        {exporting ? 'Exporting…' : 'Export CSV'}
      </Button>
      {canWrite ? (
        <>
          <Button variant="secondary" onClick={() => onImportOpenChange(true)}>
            Import CSV
          </Button>
          <ImportDialog
            schema={schema}
            followed={followed}
            open={importOpen}
            onOpenChange={onImportOpenChange}
          />
        </>
      ) : null}
    </>
  );
}
