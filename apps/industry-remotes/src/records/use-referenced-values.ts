import {
  type RecordSchema,
  type RecordValues,
  referencesReadByFormulas,
} from '@tessera/data-access/contracts';
import { recordPageQueryOptions, useCurrentInstitutionId } from '@tessera/data-access/hooks';
import { useQueries } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { FormValues } from './record-form-values';
import { referenceOptionsParams } from './use-reference-options';

/**
 * The records the form's formulas read through its references (a reservation's room), taken from
 * the page the reference's picker loads anyway, so the preview computes the room's rate as the
 * server will. A referenced record not on that page stays unknown: the server computes it on save.
 */
export function useReferencedValues(schema: RecordSchema, values: FormValues): Record<string, RecordValues> {
  const institutionId = useCurrentInstitutionId();
  const fields = useMemo(() => referencesReadByFormulas(schema), [schema]);
  const pages = useQueries({
    queries: fields.map((field) =>
      recordPageQueryOptions(institutionId, field.reference, referenceOptionsParams(field)),
    ),
  });
  // Cheap (one look-up per reference read by a formula): computed on each render.
  const references: Record<string, RecordValues> = {};
  fields.forEach((field, index) => {
    const id = values[field.key];
    const row =
      typeof id === 'string' && id
        ? pages[index]?.data?.rows.find((candidate) => candidate.id === id)
        : undefined;
    if (row) references[field.key] = row.data;
  });
  return references;
}
