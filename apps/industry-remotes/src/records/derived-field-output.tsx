import {
  describeDerived,
  type FieldDefinition,
  findRecordSchema,
  type RecordSchema,
  type RecordValue,
} from '@tessera/data-access/contracts';
import { ErrorText, FieldRow, Input, Label } from '@tessera/ui';
import styled from 'styled-components';
import { formatFieldValue } from './format-value';

const Help = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.xs};
`;

export interface DerivedFieldOutputProps {
  schema: RecordSchema;
  field: FieldDefinition;
  id: string;
  value: RecordValue;
  error?: string;
}

/**
 * A derived field in a form: read-only, showing what the formula makes of the inputs so far, and
 * how it is computed. It stays focusable (read-only, not disabled) so screen readers reach it.
 */
export function DerivedFieldOutput({ schema, field, id, value, error }: DerivedFieldOutputProps) {
  const helpId = `${id}-help`;
  const errorId = `${id}-error`;
  const text = value === null ? '' : formatFieldValue(field, value);
  return (
    <FieldRow>
      <Label htmlFor={id}>{field.label}</Label>
      <Input
        id={id}
        readOnly
        value={text}
        placeholder="Computed on save"
        aria-describedby={[helpId, error ? errorId : null].filter(Boolean).join(' ')}
        aria-invalid={error ? true : undefined}
      />
      <Help id={helpId}>Computed: {describeDerived(schema, field, findRecordSchema)}</Help>
      {error ? <ErrorText id={errorId}>{error}</ErrorText> : null}
    </FieldRow>
  );
}
