import {
  CRM_IMPORT_ENTITIES,
  CRM_IMPORT_ENTITY_LABELS,
  CRM_IMPORT_FIELDS,
  type CrmImportEntity,
  crmImportField,
  crmImportFieldsFor,
  type CrmImportStatus,
  DUPLICATE_MODE_LABELS,
  DUPLICATE_MODES,
  type DuplicateMode,
  isJobSettled,
} from '@tessera/data-access/contracts';
import {
  useCrmImport,
  useCrmImports,
  useInvalidateCrm,
  useStartCrmImport,
  useUndoCrmImport,
} from '@tessera/data-access/hooks';
import {
  Actions,
  Button,
  Label,
  Progress,
  QueryCard,
  Select,
  Stack,
  DataTable,
  TitledCard,
  toast,
} from '@tessera/ui';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { READ_ONLY_NOTE, useCrmCanWrite } from '../shared/use-crm-can-write';
import { automaticMapping, type ImportFile, previewImport, readImportFile } from './import-file';

const LEAVE_OUT = '__leave_out';
const count = new Intl.NumberFormat('en-US');

const MATCHED_BY: Record<CrmImportEntity, string> = {
  contacts:
    'Contacts are matched by e-mail. A Company column links each contact to the company of that name (created when missing).',
  leads: 'Leads are matched by e-mail.',
  companies:
    'Companies are matched by domain, then by name. Names are unique, so a new company may not take an existing one’s name.',
  deals:
    'Deals are matched by name. A Company column links each deal to the company of that name (created when missing).',
  products:
    'Products are matched by code, or by name when a row has no code. Codes are unique, so a new product may not take an existing one’s code. Each Price column (Price USD, Price EUR …) sets the price in that currency; an empty cell keeps the current one.',
};

function fieldLabel(entity: CrmImportEntity, key: string): string {
  return crmImportField(entity, key)?.label ?? key;
}

/** "1,000 rows: 997 created, 0 updated, 0 skipped, 3 refused." */
export function importOutcome(status: CrmImportStatus): string {
  return `${count.format(status.total_rows)} rows: ${count.format(status.created_count)} created, ${count.format(status.updated_count)} updated, ${count.format(status.skipped_count)} skipped, ${count.format(status.error_count)} refused.`;
}

function RefusedRows({
  entity,
  refused,
  caption,
}: {
  entity: CrmImportEntity;
  refused: CrmImportStatus['errors'];
  caption: string;
}) {
  return (
    <DataTable caption={caption} columns={['Line', 'Field', 'Problem']} maxHeight={320}>
      {refused.flatMap((row) =>
        Object.entries(row.errors).map(([key, message]) => (
          <tr key={`${row.row}-${key}`}>
            <td>{row.row}</td>
            <td>{fieldLabel(entity, key)}</td>
            <td>{message}</td>
          </tr>
        )),
      )}
    </DataTable>
  );
}

function ImportProgress({ importId, onDone }: { importId: string; onDone: () => void }) {
  const job = useCrmImport(importId);
  const undo = useUndoCrmImport();
  const canWrite = useCrmCanWrite();
  const refresh = useInvalidateCrm();
  const announced = useRef(false);
  const status = job.data;
  const settled = isJobSettled(status?.status);

  useEffect(() => {
    if (!status || !settled || announced.current) return;
    announced.current = true;
    void refresh();
    toast({
      title: status.status === 'completed' ? 'Import finished' : 'Import failed',
      description: importOutcome(status),
      variant: status.status === 'completed' && status.error_count === 0 ? 'default' : 'destructive',
    });
  }, [status, settled, refresh]);

  if (!status) return null;
  return (
    <TitledCard title="Import progress" aria-label="Import progress">
      <Stack>
        <Progress
          label="Import progress"
          value={status.processed_rows}
          max={Math.max(status.total_rows, 1)}
        />
        <p aria-live="polite">
          {settled
            ? `${status.status === 'completed' ? 'Import finished' : `Import failed: ${status.failure ?? ''}`}. ${importOutcome(status)}`
            : `Importing… ${count.format(status.processed_rows)} of ${count.format(status.total_rows)} rows`}
        </p>
        {status.undone_at ? <p>This import was undone.</p> : null}
        {status.errors.length > 0 ? (
          <RefusedRows entity={status.entity} refused={status.errors} caption="Refused rows" />
        ) : null}
        <Actions>
          {settled && !status.undone_at ? (
            <Button
              variant="secondary"
              disabled={!canWrite || undo.isPending}
              onClick={() =>
                undo.mutate(status.id, {
                  onSuccess: () => {
                    void job.refetch();
                    toast({
                      title: 'Import undone',
                      description: 'Created records were deleted and updated ones restored.',
                    });
                  },
                  onError: (error) =>
                    toast({ title: 'Undo failed', description: error.message, variant: 'destructive' }),
                })
              }
            >
              Undo import
            </Button>
          ) : null}
          {settled ? (
            <Button variant="ghost" onClick={onDone}>
              Import another file
            </Button>
          ) : null}
        </Actions>
      </Stack>
    </TitledCard>
  );
}

function ImportForm({ onStarted }: { onStarted: (id: string) => void }) {
  // Opened from a list (`?entity=companies`), the import starts on that list's records.
  const [searchParams] = useSearchParams();
  const [entity, setEntity] = useState<CrmImportEntity>(
    () => CRM_IMPORT_ENTITIES.find((value) => value === searchParams.get('entity')) ?? 'contacts',
  );
  const [file, setFile] = useState<ImportFile | null>(null);
  const [mapping, setMapping] = useState<(string | null)[]>([]);
  const [duplicates, setDuplicates] = useState<DuplicateMode>('skip');
  const start = useStartCrmImport();
  const canWrite = useCrmCanWrite();
  const fileId = useId();
  const preview = useMemo(
    () => (file ? previewImport(entity, file, mapping) : null),
    [entity, file, mapping],
  );
  const fieldOptions = [
    { value: LEAVE_OUT, label: 'Leave out' },
    // A product file's `Price XXX` columns each offer that currency's price.
    ...crmImportFieldsFor(entity, file?.header).map((field) => ({
      value: field.key,
      label: field.required ? `${field.label} (required)` : field.label,
    })),
  ];
  const missing = CRM_IMPORT_FIELDS[entity].filter((field) => field.required && !mapping.includes(field.key));

  async function choose(chosen: File | undefined) {
    if (!chosen) {
      setFile(null);
      return;
    }
    const read = readImportFile(chosen.name, await chosen.text());
    setFile(read);
    setMapping(automaticMapping(entity, read));
  }

  function changeEntity(next: CrmImportEntity) {
    setEntity(next);
    if (file) setMapping(automaticMapping(next, file));
  }

  function mapColumn(column: number, key: string) {
    setMapping((current) =>
      current.map((value, index) => {
        if (index === column) return key === LEAVE_OUT ? null : key;
        // A field takes one column: choosing it here frees it elsewhere.
        return value === key ? null : value;
      }),
    );
  }

  function begin() {
    if (!file) return;
    start.mutate(
      { entity, csv: file.csv, mapping, duplicates },
      {
        onSuccess: (started) => onStarted(started.id),
        onError: (error) =>
          toast({ title: 'Import not started', description: error.message, variant: 'destructive' }),
      },
    );
  }

  return (
    <Stack>
      <TitledCard
        title="1. File"
        description="A CSV file with a header row, such as an export from HubSpot, Pipedrive, Salesforce or Twenty."
      >
        <Stack>
          <Select
            label="Import into"
            value={entity}
            options={CRM_IMPORT_ENTITIES.map((value) => ({ value, label: CRM_IMPORT_ENTITY_LABELS[value] }))}
            onValueChange={(value) => changeEntity(value as CrmImportEntity)}
          />
          <div>
            <Label htmlFor={fileId}>CSV file</Label>
            <input
              id={fileId}
              type="file"
              accept=".csv,text/csv"
              onChange={(event) => void choose(event.target.files?.[0])}
            />
          </div>
          {file ? (
            <p>{`${file.name}: ${count.format(file.rows.length)} rows, ${file.header.length} columns`}</p>
          ) : null}
        </Stack>
      </TitledCard>

      {file ? (
        <TitledCard
          title="2. Columns"
          description="Columns with known names are matched automatically. Check each one."
        >
          <DataTable caption="Column mapping" columns={['Column in the file', 'First value', 'Field']}>
            {file.header.map((column, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a file's columns never move, and two may share a name
              <tr key={index}>
                <td>{column}</td>
                <td>{file.rows[0]?.[index] ?? ''}</td>
                <td>
                  <Select
                    label={`Field for column ${column}`}
                    hideLabel
                    value={mapping[index] ?? LEAVE_OUT}
                    options={fieldOptions}
                    onValueChange={(value) => mapColumn(index, value)}
                  />
                </td>
              </tr>
            ))}
          </DataTable>
          {missing.length > 0 ? (
            <p role="alert">{`Map a column to ${missing.map((field) => field.label).join(', ')}.`}</p>
          ) : null}
        </TitledCard>
      ) : null}

      {file && preview ? (
        <TitledCard title="3. Preview" description="Rows with problems are refused; the others are imported.">
          <Stack>
            <p>
              {`${count.format(file.rows.length - preview.refusedCount)} rows ready, ${count.format(preview.refusedCount)} with problems.`}
            </p>
            {preview.refused.length > 0 ? (
              <RefusedRows entity={entity} refused={preview.refused} caption="Rows with problems" />
            ) : null}
          </Stack>
        </TitledCard>
      ) : null}

      {file ? (
        <TitledCard title="4. Duplicates" description={MATCHED_BY[entity]}>
          <Stack>
            <Select
              label="When a row matches an existing record"
              value={duplicates}
              options={DUPLICATE_MODES.map((value) => ({ value, label: DUPLICATE_MODE_LABELS[value] }))}
              onValueChange={(value) => setDuplicates(value as DuplicateMode)}
            />
            {canWrite ? null : <p>{READ_ONLY_NOTE}</p>}
            <Actions>
              <Button
                onClick={begin}
                disabled={!canWrite || missing.length > 0 || file.rows.length === 0 || start.isPending}
              >
                {`Import ${count.format(file.rows.length)} rows`}
              </Button>
            </Actions>
          </Stack>
        </TitledCard>
      ) : null}
    </Stack>
  );
}

function ImportHistory({ onOpen }: { onOpen: (id: string) => void }) {
  const history = useCrmImports();
  return (
    <QueryCard
      title="Recent imports"
      query={history}
      loadingLabel="Loading imports"
      errorTitle="Failed to load imports"
      empty={<p>No imports yet.</p>}
    >
      {(rows) => (
        <DataTable caption="Recent imports" columns={['Started', 'Into', 'Outcome', 'Details']} pinLastColumn>
          {rows.map((row) => (
            <tr key={row.id}>
              <td>{new Date(row.created_at).toLocaleString()}</td>
              <td>{CRM_IMPORT_ENTITY_LABELS[row.entity]}</td>
              <td>
                {row.undone_at
                  ? `Undone. ${importOutcome(row)}`
                  : isJobSettled(row.status)
                    ? importOutcome(row)
                    : 'Importing…'}
              </td>
              <td>
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() => onOpen(row.id)}
                  aria-label={`Open import of ${new Date(row.created_at).toLocaleString()}`}
                >
                  Open
                </Button>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </QueryCard>
  );
}

/** /modules/crm/imports: upload, map, preview, import with progress, refused rows, undo (docs/product/crm-imports.md). */
export function CrmImports() {
  const [importId, setImportId] = useState<string | null>(null);
  return (
    <Stack>
      {importId ? (
        <ImportProgress key={importId} importId={importId} onDone={() => setImportId(null)} />
      ) : (
        <ImportForm onStarted={setImportId} />
      )}
      <ImportHistory onOpen={setImportId} />
    </Stack>
  );
}
