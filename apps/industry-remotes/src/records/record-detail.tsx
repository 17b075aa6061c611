import { isApiError } from '@tessera/data-access/client';
import type { RecordSchema, ReferenceFieldDefinition } from '@tessera/data-access/contracts';
import { useRecord } from '@tessera/data-access/hooks';
import { Button, Card, EmptyState, Spinner, TextLink } from '@tessera/ui';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { DeleteRecordDialog } from './delete-record-dialog';
import { formatFieldValue } from './format-value';
import { RecordFormDialog } from './record-form-dialog';
import { RelatedRecords } from './related-records';
import { Muted, Toolbar } from './records-styles';
import { useRecordsAccess } from './use-records-access';

const Fields = styled.dl`
  display: grid;
  grid-template-columns: minmax(140px, max-content) 1fr;
  gap: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(6)};
  margin: 0;
  dt { color: ${({ theme }) => theme.colors.textMuted}; font-weight: 600; }
  dd { margin: 0; white-space: pre-wrap; overflow-wrap: anywhere; }
`;

export interface RecordDetailProps {
  schema: RecordSchema;
  /** The module's path (`/modules/healthcare`). */
  basePath: string;
  listPath: string;
}

/** A referenced record by its title (its label field), linked when it lives in this module. */
function ReferenceValue({
  field,
  id,
  to,
}: {
  field: ReferenceFieldDefinition;
  id: string;
  to: string | null;
}) {
  const { moduleId, submoduleId, labelField } = field.reference;
  const target = useRecord({ moduleId, submoduleId }, id);
  if (target.isPending) return <Muted>Loading…</Muted>;
  if (target.isError) return <Muted>Record no longer exists</Muted>;
  const label = String(target.data.data[labelField] ?? target.data.title);
  return to ? <TextLink to={to}>{label}</TextLink> : <span>{label}</span>;
}

/** One record: every field, Edit and Delete (write access), back to the list. */
export function RecordDetail({ schema, basePath, listPath }: RecordDetailProps) {
  const { recordId = '' } = useParams();
  const navigate = useNavigate();
  const { canWrite } = useRecordsAccess(schema.moduleId);
  const ref = { moduleId: schema.moduleId, submoduleId: schema.submoduleId };
  const query = useRecord(ref, recordId);
  const [editOpen, setEditOpen] = useState(false);
  const [deleteOpen, setDeleteOpen] = useState(false);
  const back = <Link to={listPath}>Back to {schema.entityNamePlural.toLowerCase()}</Link>;

  if (query.isPending) return <Spinner label={`Loading ${schema.entityName.toLowerCase()}`} block />;
  if (query.isError) {
    const missing = isApiError(query.error) && query.error.status === 404;
    return (
      <EmptyState
        title={
          missing
            ? `${schema.entityName} not found`
            : `Could not load this ${schema.entityName.toLowerCase()}`
        }
        description={missing ? 'It may have been deleted.' : query.error.message}
        action={back}
      />
    );
  }
  const record = query.data;
  return (
    <Card aria-labelledby="record-title">
      <Toolbar>
        <div className="grow">
          <h3 id="record-title" style={{ margin: 0 }}>
            {record.title}
          </h3>
          <Muted>
            {schema.entityName} · updated {new Date(record.updated_at).toLocaleString()}
          </Muted>
        </div>
        {canWrite ? (
          <>
            <Button variant="secondary" onClick={() => setEditOpen(true)}>
              Edit
            </Button>
            <Button variant="destructive" onClick={() => setDeleteOpen(true)}>
              Delete
            </Button>
          </>
        ) : null}
      </Toolbar>
      <Fields>
        {schema.fields.map((field) => {
          const value = record.data[field.key];
          const text = formatFieldValue(field, value);
          return (
            <div key={field.key} style={{ display: 'contents' }}>
              <dt>
                {field.label}
                {field.derived ? <Muted> (computed)</Muted> : null}
              </dt>
              <dd>
                {field.type === 'reference' && typeof value === 'string' ? (
                  <ReferenceValue
                    field={field}
                    id={value}
                    to={
                      field.reference.moduleId === schema.moduleId
                        ? `${basePath}/${field.reference.submoduleId}/${value}`
                        : null
                    }
                  />
                ) : field.type === 'url' && typeof value === 'string' ? (
                  <a href={value} target="_blank" rel="noreferrer">
                    {value}
                  </a>
                ) : (
                  text
                )}
              </dd>
            </div>
          );
        })}
      </Fields>
      <RelatedRecords schema={schema} recordId={record.id} basePath={basePath} />
      <p>{back}</p>
      {canWrite ? (
        <>
          <RecordFormDialog schema={schema} open={editOpen} onOpenChange={setEditOpen} record={record} />
          <DeleteRecordDialog
            schema={schema}
            record={deleteOpen ? record : null}
            onOpenChange={setDeleteOpen}
            onDeleted={() => navigate(listPath)}
          />
        </>
      ) : null}
    </Card>
  );
}
