import { DEAL_FILE_MAX_BYTES, type DealFile } from '@tessera/data-access/contracts';
import { downloadDealFile, saveFile, isApiError } from '@tessera/data-access/client';
import {
  useCurrentInstitutionId,
  useDealFiles,
  useDeleteDealFile,
  useUploadDealFile,
} from '@tessera/data-access/hooks';
import { Button, EmptyState, toast } from '@tessera/ui';
import { type ChangeEvent, useRef, useState } from 'react';
import styled from 'styled-components';
import { fileSizeLabel } from './activity-kind';
import { dateTime, ErrorText, Section, SectionHead } from './deal-detail-parts';
import { useCrmCanWrite } from '../shared/use-crm-can-write';
import { CrmQueryView } from '../shared/crm-query-view';

const Files = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  li {
    display: flex;
    align-items: center;
    gap: ${({ theme }) => theme.space(3)};
    padding: ${({ theme }) => theme.space(2)} 0;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
  span { color: ${({ theme }) => theme.colors.textMuted}; font-size: ${({ theme }) => theme.font.size.sm}; }
  strong { flex: 1; min-width: 0; overflow-wrap: anywhere; }
`;

const HiddenInput = styled.input`
  position: absolute;
  width: 1px;
  height: 1px;
  opacity: 0;
  pointer-events: none;
`;

export const FILE_TOO_LARGE = 'File is too large: the limit is 5 MB';

/** Files tab (docs/product/files.md): upload (5 MB each), list, download and delete the deal's files. */
export function DealFilesTab({ dealId }: { dealId: string }) {
  const canWrite = useCrmCanWrite();
  const institutionId = useCurrentInstitutionId();
  const files = useDealFiles(dealId);
  const upload = useUploadDealFile(dealId);
  const remove = useDeleteDealFile(dealId);
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);

  async function onChoose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setError(null);
    if (file.size > DEAL_FILE_MAX_BYTES) {
      setError(FILE_TOO_LARGE);
      return;
    }
    try {
      await upload.mutateAsync(file);
      toast({ title: 'File uploaded', description: file.name });
    } catch (failure) {
      setError(isApiError(failure) && failure.status === 413 ? FILE_TOO_LARGE : 'Failed to upload file');
    }
  }

  async function download(file: DealFile) {
    try {
      const downloaded = await downloadDealFile(institutionId, dealId, file.id);
      saveFile(downloaded.blob, file.file_name);
    } catch {
      toast({ title: 'Failed to download file', variant: 'destructive' });
    }
  }

  async function onDelete(file: DealFile) {
    if (!window.confirm(`Delete ${file.file_name}?`)) return;
    try {
      await remove.mutateAsync(file.id);
      toast({ title: 'File deleted', description: file.file_name });
    } catch {
      toast({ title: 'Failed to delete file', variant: 'destructive' });
    }
  }

  const rows = files.data ?? [];
  const uploadButton = (label: string) => (
    <Button onClick={() => input.current?.click()} disabled={upload.isPending}>
      {upload.isPending ? 'Uploading…' : label}
    </Button>
  );

  return (
    <Section aria-labelledby="deal-files-heading">
      <SectionHead>
        <h3 id="deal-files-heading">Files</h3>
        {rows.length > 0 && canWrite ? uploadButton('Upload File') : null}
      </SectionHead>
      <HiddenInput
        ref={input}
        type="file"
        tabIndex={-1}
        aria-hidden="true"
        data-testid="deal-file-input"
        onChange={(event) => void onChoose(event)}
      />
      {error ? <ErrorText role="alert">{error}</ErrorText> : null}
      <CrmQueryView
        query={files}
        loading="files"
        shown={rows}
        empty={
          <EmptyState
            title="No files uploaded"
            description="Attach proposals, contracts and notes, up to 5 MB each."
            action={canWrite ? uploadButton('Upload File') : undefined}
          />
        }
      >
        {() => (
          <Files aria-label="Deal files">
            {rows.map((file) => (
              <li key={file.id}>
                <strong>{file.file_name}</strong>
                <span>{fileSizeLabel(file.size_bytes)}</span>
                <span>{dateTime(file.created_at)}</span>
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() => void download(file)}
                  aria-label={`Download ${file.file_name}`}
                >
                  Download
                </Button>
                {canWrite ? (
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => void onDelete(file)}
                    aria-label={`Delete ${file.file_name}`}
                  >
                    Delete
                  </Button>
                ) : null}
              </li>
            ))}
          </Files>
        )}
      </CrmQueryView>
    </Section>
  );
}
