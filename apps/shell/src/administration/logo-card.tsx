import {
  INSTITUTION_LOGO_LIMIT_TEXT,
  INSTITUTION_LOGO_TYPES,
  logoFileProblem,
} from '@tessera/data-access/contracts';
import {
  useInstitutionLogo,
  useRemoveInstitutionLogo,
  useUploadInstitutionLogo,
} from '@tessera/data-access/hooks';
import { Button, ErrorText, FieldRow, Input, Label, TitledCard, toast } from '@tessera/ui';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import styled from 'styled-components';
import { errorMessage } from '../shared/error-message';

const Preview = styled.div`
  display: flex;
  align-items: center;
  justify-content: center;
  width: 160px;
  height: 96px;
  margin-bottom: ${({ theme }) => theme.space(3)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
  img { max-width: 100%; max-height: 100%; object-fit: contain; }
`;

const Actions = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space(2)};
`;

/** A Blob as an <img> source for as long as it is shown. */
function useObjectUrl(blob: Blob | null | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(blob);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [blob]);
  return url;
}

/** The institution's logo, printed on its quotes: owners and admins upload, replace or remove it. */
export function LogoCard({ institutionName }: { institutionName: string }) {
  const logo = useInstitutionLogo();
  const upload = useUploadInstitutionLogo();
  const remove = useRemoveInstitutionLogo();
  const src = useObjectUrl(logo.data);
  const input = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!chosen) {
      setError('Choose a PNG or JPEG file first');
      return;
    }
    const problem = logoFileProblem(chosen);
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    upload.mutate(chosen, {
      onSuccess: () => {
        setChosen(null);
        if (input.current) input.current.value = '';
        toast({ title: 'Logo uploaded', description: `Quotes of ${institutionName} now show it.` });
      },
      onError: (failure) => setError(errorMessage(failure, 'Failed to upload the logo.')),
    });
  }

  function onRemove() {
    setError(null);
    remove.mutate(undefined, {
      onSuccess: () =>
        toast({ title: 'Logo removed', description: `Quotes of ${institutionName} show its name alone.` }),
      onError: (failure) => setError(errorMessage(failure, 'Failed to remove the logo.')),
    });
  }

  return (
    <TitledCard
      title="Logo"
      description="Printed beside the institution's name at the top of its quotes."
      aria-label="Logo"
    >
      <Preview>
        {logo.isPending ? (
          'Loading logo…'
        ) : logo.isError ? (
          'The logo could not be loaded'
        ) : src ? (
          <img src={src} alt={`Logo of ${institutionName}`} />
        ) : (
          'No logo yet'
        )}
      </Preview>
      <form onSubmit={onSubmit} aria-label="Upload a logo" noValidate>
        <FieldRow>
          <Label htmlFor={inputId}>Logo file</Label>
          <Input
            ref={input}
            id={inputId}
            type="file"
            accept={INSTITUTION_LOGO_TYPES.join(',')}
            aria-describedby={error ? `${hintId} ${errorId}` : hintId}
            aria-invalid={error ? true : undefined}
            onChange={(event) => {
              setChosen(event.target.files?.[0] ?? null);
              setError(null);
            }}
          />
          <small id={hintId}>{INSTITUTION_LOGO_LIMIT_TEXT}</small>
          {error ? (
            <ErrorText id={errorId} role="alert">
              {error}
            </ErrorText>
          ) : null}
        </FieldRow>
        <Actions>
          <Button type="submit" disabled={upload.isPending}>
            {upload.isPending ? 'Uploading…' : logo.data ? 'Upload new logo' : 'Upload logo'}
          </Button>
          {logo.data ? (
            <Button type="button" variant="ghost" disabled={remove.isPending} onClick={onRemove}>
              {remove.isPending ? 'Removing…' : 'Remove logo'}
            </Button>
          ) : null}
        </Actions>
      </form>
    </TitledCard>
  );
}
