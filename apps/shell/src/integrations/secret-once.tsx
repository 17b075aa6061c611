import { Button, TextField } from '@tessera/ui';
import { useState } from 'react';
import styled from 'styled-components';

const Shown = styled.div`
  margin-top: ${({ theme }) => theme.space(3)};
  display: flex;
  gap: ${({ theme }) => theme.space(2)};
  align-items: flex-end;
  flex-wrap: wrap;
  input { font-family: ${({ theme }) => theme.font.mono}; min-width: 28rem; max-width: 100%; }
`;

/** A secret the server shows once: read-only, selectable, with a copy button. */
export function SecretOnce({ label, secret }: { label: string; secret: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <Shown>
      <TextField label={label} value={secret} readOnly onFocus={(event) => event.currentTarget.select()} />
      <Button
        variant="secondary"
        onClick={() => {
          void navigator.clipboard.writeText(secret).then(() => setCopied(true));
        }}
      >
        Copy
      </Button>
      <span role="status">{copied ? 'Copied' : ''}</span>
    </Shown>
  );
}
