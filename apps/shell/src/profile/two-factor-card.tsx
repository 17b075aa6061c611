import type { TwoFactorSetup } from '@tessera/data-access/contracts';
import {
  useConfirmTwoFactor,
  useDisableTwoFactor,
  useSetUpTwoFactor,
  useTwoFactorStatus,
} from '@tessera/data-access/hooks';
import { Button, PasswordField, Spinner, TextField, TitledCard, toast } from '@tessera/ui';
import { toDataURL } from 'qrcode';
import { type FormEvent, type ReactElement, useEffect, useState } from 'react';
import styled from 'styled-components';
import { toastFailure } from '../shared/error-message';

const Muted = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  margin: 0 0 ${({ theme }) => theme.space(3)};
`;

const Secret = styled.code`
  display: inline-block;
  word-break: break-all;
  padding: ${({ theme }) => theme.space(1)} ${({ theme }) => theme.space(2)};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  border-radius: ${({ theme }) => theme.radii.sm};
`;

const Codes = styled.ol`
  columns: 2;
  font-family: ui-monospace, monospace;
  margin: 0 0 ${({ theme }) => theme.space(4)};
`;

/** The QR code of the otpauth URL, drawn in the browser: the secret never leaves for an image service. */
function QrCode({ url }: { url: string }) {
  const [image, setImage] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    void toDataURL(url, { margin: 1, width: 192 }).then((data) => {
      if (current) setImage(data);
    });
    return () => {
      current = false;
    };
  }, [url]);
  return image ? (
    <img src={image} width={192} height={192} alt="QR code to scan with your authenticator app" />
  ) : (
    <Spinner label="Drawing the QR code" />
  );
}

function SetUpSteps({ setup, onDone }: { setup: TwoFactorSetup; onDone: (codes: string[]) => void }) {
  const confirm = useConfirmTwoFactor();
  const [code, setCode] = useState('');

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    confirm.mutate(code.trim(), {
      onSuccess: (answer) => onDone(answer.recovery_codes),
      onError: (error) => toastFailure(error, 'Failed to turn on two-factor sign-in.'),
    });
  }

  return (
    <form onSubmit={onSubmit} aria-label="Set up two-factor sign-in">
      <Muted>Scan this QR code with an authenticator app, or type the key into it.</Muted>
      <QrCode url={setup.otpauth_url} />
      <p>
        Key: <Secret aria-label="Key for your authenticator app">{setup.secret}</Secret>
      </p>
      <TextField
        label="Code from the app"
        name="code"
        autoComplete="one-time-code"
        inputMode="numeric"
        required
        value={code}
        onValueChange={setCode}
      />
      <Button type="submit" disabled={confirm.isPending}>
        {confirm.isPending ? 'Checking…' : 'Turn on'}
      </Button>
    </form>
  );
}

function TurnOff() {
  const disable = useDisableTwoFactor();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const answer = /^\s*(\d\s*){6}$/.test(code) ? { code: code.trim() } : { recovery_code: code.trim() };
    disable.mutate(
      { password, ...answer },
      {
        onSuccess: () => {
          setPassword('');
          setCode('');
          toast({
            title: 'Two-factor sign-in turned off',
            description: 'Your password alone signs you in now.',
          });
        },
        onError: (error) => toastFailure(error, 'Failed to turn off two-factor sign-in.'),
      },
    );
  }

  return (
    <form onSubmit={onSubmit} aria-label="Turn off two-factor sign-in">
      <PasswordField
        label="Password"
        autoComplete="current-password"
        value={password}
        onValueChange={setPassword}
      />
      <TextField
        label="Code from the app or a recovery code"
        autoComplete="one-time-code"
        required
        value={code}
        onValueChange={setCode}
      />
      <Button type="submit" variant="destructive" disabled={disable.isPending}>
        Turn off two-factor sign-in
      </Button>
    </form>
  );
}

/** docs/product/sign-in-and-sessions.md#two-factor-sign-in: turn on with a QR code and a first code; recovery codes shown once. */
export function TwoFactorCard() {
  const status = useTwoFactorStatus();
  const setUp = useSetUpTwoFactor();
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  let body: ReactElement;
  if (recoveryCodes) {
    body = (
      <section aria-label="Recovery codes">
        <Muted>
          Two-factor sign-in is on. Save these recovery codes somewhere safe: each signs you in once if you
          lose your phone. They are shown only now.
        </Muted>
        <Codes>
          {recoveryCodes.map((code) => (
            <li key={code}>{code}</li>
          ))}
        </Codes>
        <Button onClick={() => setRecoveryCodes(null)}>I have saved them</Button>
      </section>
    );
  } else if (status.isPending) {
    body = <Spinner label="Loading two-factor sign-in" />;
  } else if (status.data?.enabled) {
    body = (
      <>
        <Muted>
          On: after your password, sign-in asks for a code from your authenticator app.{' '}
          {status.data.recovery_codes_left} recovery codes left.
        </Muted>
        <TurnOff />
      </>
    );
  } else if (setUp.data) {
    body = <SetUpSteps setup={setUp.data} onDone={setRecoveryCodes} />;
  } else {
    body = (
      <>
        <Muted>Off. Turn it on to ask for a code from an authenticator app after your password.</Muted>
        <Button
          disabled={setUp.isPending}
          onClick={() =>
            setUp.mutate(undefined, {
              onError: (error) => toastFailure(error, 'Failed to start the set-up.'),
            })
          }
        >
          Set up two-factor sign-in
        </Button>
      </>
    );
  }

  return (
    <TitledCard title="Two-factor sign-in" aria-label="Two-factor sign-in">
      {body}
    </TitledCard>
  );
}
