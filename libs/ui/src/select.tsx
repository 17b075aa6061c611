import { useId } from 'react';
import styled from 'styled-components';
import { controlBox, FieldRow, Label } from './field';

export interface SelectOption {
  value: string;
  label: string;
}

/** docs/product/shell.md#form-controls: select items must not have an empty value (an empty value means "nothing chosen"). */
export function assertSelectOptions(options: readonly SelectOption[]): void {
  const empty = options.find((option) => option.value === '');
  if (empty) throw new Error(`Select item "${empty.label}" must have a non-empty value`);
}

const NativeSelect = styled.select`
  ${controlBox}
`;

export interface SelectProps {
  label: string;
  value: string;
  options: readonly SelectOption[];
  onValueChange: (value: string) => void;
  /** Hide the visible label (it stays the accessible name). */
  hideLabel?: boolean;
  placeholder?: string;
  disabled?: boolean;
  id?: string;
}

/**
 * A native select: keyboard use, type-ahead and screen readers come from the platform, so it
 * behaves the same on phones and desktops.
 */
export function Select({
  label,
  value,
  options,
  onValueChange,
  hideLabel,
  placeholder,
  disabled,
  id,
}: SelectProps) {
  assertSelectOptions(options);
  const generated = useId();
  const selectId = id ?? generated;
  const select = (
    <NativeSelect
      id={selectId}
      value={value}
      disabled={disabled}
      aria-label={hideLabel ? label : undefined}
      onChange={(event) => onValueChange(event.target.value)}
    >
      {placeholder ? (
        <option value="" disabled>
          {placeholder}
        </option>
      ) : null}
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </NativeSelect>
  );
  if (hideLabel) return select;
  return (
    <FieldRow>
      <Label htmlFor={selectId}>{label}</Label>
      {select}
    </FieldRow>
  );
}
