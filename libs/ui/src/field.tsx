import { type InputHTMLAttributes, type ReactNode, useId } from 'react';
import styled, { css } from 'styled-components';
import { focusRing } from './focus-ring';

export const FieldRow = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(1)};
  margin-bottom: ${({ theme }) => theme.space(4)};
`;

export const Label = styled.label`
  font-weight: 600;
  font-size: ${({ theme }) => theme.font.size.sm};
`;

/** The box of a one-line form control (an input, a select): the same border, padding and focus ring. */
export const controlBox = css`
  padding: 8px 10px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  min-width: 0;
  ${focusRing}
`;

export const Input = styled.input`
  ${controlBox}
`;

export interface SearchInputProps
  extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'value' | 'onChange'> {
  value: string;
  /** Called with the text on every keystroke (the list filters as one types). */
  onValueChange: (value: string) => void;
}

/** A search box that filters as one types; name it with `aria-label` or a `Label` for its id. */
export function SearchInput({ onValueChange, ...props }: SearchInputProps) {
  return <Input type="search" onChange={(event) => onValueChange(event.target.value)} {...props} />;
}

/** What is wrong with a field or a form: give it an id for `aria-describedby`, or `role="alert"`. */
export const ErrorText = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.destructive};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

/** A field's error, announced when it appears; `id` is what the field's `aria-describedby` names. */
export function FieldError({ id, error }: { id: string; error?: string | null }) {
  return error ? (
    <ErrorText id={id} role="alert">
      {error}
    </ErrorText>
  ) : null;
}

/** A multi-line input, styled like Input; `$minHeight` for a taller box. */
export const Textarea = styled.textarea<{ $minHeight?: string }>`
  padding: 8px 10px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  color: inherit;
  font: inherit;
  min-height: ${({ $minHeight = '64px' }) => $minHeight};
  ${focusRing}
`;

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: ReactNode;
  /** Called with the input's text on every change, after `onChange`. */
  onValueChange?: (value: string) => void;
  /** What is wrong with the value: shown and announced under the input, which it describes. */
  error?: string;
}

/** An input with a real, associated label, and its error when it has one. */
export function TextField({ label, id, error, onChange, onValueChange, ...props }: TextFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const errorId = `${inputId}-error`;
  return (
    <FieldRow>
      <Label htmlFor={inputId}>{label}</Label>
      <Input
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => {
          onChange?.(event);
          onValueChange?.(event.target.value);
        }}
        {...props}
      />
      <FieldError id={errorId} error={error} />
    </FieldRow>
  );
}

/** A required password input with its label; pass `autoComplete` (current-password or new-password). */
export function PasswordField(props: Omit<TextFieldProps, 'type' | 'required'>) {
  return <TextField type="password" required {...props} />;
}
