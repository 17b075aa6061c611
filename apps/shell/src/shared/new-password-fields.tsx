import { PASSWORD_MIN_LENGTH } from '@tessera/data-access/contracts';
import { PasswordField } from '@tessera/ui';
import { useId } from 'react';

/** A new password with its length rule, and the same password again (sign-up by invitation, password reset). */
export function NewPasswordFields({
  label,
  confirmationLabel,
  password,
  confirmation,
  onPasswordChange,
  onConfirmationChange,
}: {
  label: string;
  confirmationLabel: string;
  password: string;
  confirmation: string;
  onPasswordChange: (value: string) => void;
  onConfirmationChange: (value: string) => void;
}) {
  const ruleId = useId();
  return (
    <>
      <PasswordField
        label={label}
        autoComplete="new-password"
        minLength={PASSWORD_MIN_LENGTH}
        aria-describedby={ruleId}
        value={password}
        onValueChange={onPasswordChange}
      />
      <p id={ruleId}>At least {PASSWORD_MIN_LENGTH} characters, not only spaces.</p>
      <PasswordField
        label={confirmationLabel}
        autoComplete="new-password"
        value={confirmation}
        onValueChange={onConfirmationChange}
      />
    </>
  );
}
