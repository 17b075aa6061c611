import type { FieldDefinition, ReferenceFieldDefinition } from '@tessera/data-access/contracts';
import { FieldRow, Input, Label, ErrorText } from '@tessera/ui';
import styled from 'styled-components';
import { NativeSelect, TextArea } from './records-styles';
import { useReferenceOptions } from './use-reference-options';

const Help = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.xs};
`;

const CheckRow = styled.label`
  display: inline-flex;
  gap: ${({ theme }) => theme.space(2)};
  align-items: center;
  font-weight: 600;
  font-size: ${({ theme }) => theme.font.size.sm};
  input { width: 16px; height: 16px; }
`;

export interface RecordFieldInputProps {
  field: FieldDefinition;
  id: string;
  value: string | boolean;
  error?: string;
  onChange: (value: string | boolean) => void;
  onBlur?: () => void;
}

function ReferenceSelect({
  field,
  ...props
}: Omit<RecordFieldInputProps, 'error' | 'onBlur'> & {
  field: ReferenceFieldDefinition;
  describedBy?: string;
  invalid: boolean;
  onBlur?: () => void;
}) {
  const { options, isLoading } = useReferenceOptions(field);
  const value = typeof props.value === 'string' ? props.value : '';
  const known = options.some((option) => option.value === value);
  return (
    <NativeSelect
      id={props.id}
      value={value}
      aria-required={field.required || undefined}
      aria-invalid={props.invalid || undefined}
      aria-describedby={props.describedBy}
      onChange={(event) => props.onChange(event.target.value)}
      onBlur={props.onBlur}
    >
      <option value="">{isLoading ? 'Loading…' : `Select ${field.label.toLowerCase()}…`}</option>
      {value && !known && !isLoading ? <option value={value}>{value}</option> : null}
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </NativeSelect>
  );
}

const INPUT_TYPES: Partial<Record<FieldDefinition['type'], string>> = {
  email: 'email',
  phone: 'tel',
  url: 'url',
  date: 'date',
  dateTime: 'datetime-local',
};

/**
 * One labelled input per field type. Numbers and amounts are text inputs with a decimal keypad so
 * what the user typed reaches validation (a number input would hand over an empty string for
 * "12,5" and the message would wrongly say the field is required).
 */
export function RecordFieldInput({ field, id, value, error, onChange, onBlur }: RecordFieldInputProps) {
  const errorId = `${id}-error`;
  const helpId = `${id}-help`;
  const describedBy =
    [error ? errorId : null, field.helpText ? helpId : null].filter(Boolean).join(' ') || undefined;
  const invalid = Boolean(error);
  const text = typeof value === 'string' ? value : '';
  const common = {
    id,
    'aria-required': field.required || undefined,
    'aria-invalid': invalid || undefined,
    'aria-describedby': describedBy,
    onBlur,
  };

  let control: React.ReactNode;
  switch (field.type) {
    case 'boolean':
      return (
        <FieldRow>
          <CheckRow htmlFor={id}>
            <input
              type="checkbox"
              id={id}
              checked={value === true}
              aria-describedby={describedBy}
              onChange={(event) => onChange(event.target.checked)}
            />
            {field.label}
          </CheckRow>
          {error ? <ErrorText id={errorId}>{error}</ErrorText> : null}
        </FieldRow>
      );
    case 'longText':
      control = <TextArea {...common} value={text} onChange={(event) => onChange(event.target.value)} />;
      break;
    case 'enum':
      control = (
        <NativeSelect {...common} value={text} onChange={(event) => onChange(event.target.value)}>
          <option value="">{field.required ? `Select ${field.label.toLowerCase()}…` : 'None'}</option>
          {field.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect>
      );
      break;
    case 'reference':
      control = (
        <ReferenceSelect
          field={field}
          id={id}
          value={value}
          onChange={onChange}
          onBlur={onBlur}
          describedBy={describedBy}
          invalid={invalid}
        />
      );
      break;
    case 'number':
    case 'money':
      control = (
        <Input
          {...common}
          type="text"
          inputMode="decimal"
          value={text}
          placeholder={field.type === 'money' ? '0.00' : undefined}
          onChange={(event) => onChange(event.target.value)}
        />
      );
      break;
    default:
      control = (
        <Input
          {...common}
          type={INPUT_TYPES[field.type] ?? 'text'}
          value={text}
          onChange={(event) => onChange(event.target.value)}
        />
      );
  }
  return (
    <FieldRow>
      <Label htmlFor={id}>
        {field.label}
        {field.required ? <span aria-hidden="true"> *</span> : null}
      </Label>
      {control}
      {field.helpText ? <Help id={helpId}>{field.helpText}</Help> : null}
      {error ? <ErrorText id={errorId}>{error}</ErrorText> : null}
    </FieldRow>
  );
}
