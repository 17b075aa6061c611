import type { RecordImportStatus } from '@tessera/data-access/contracts';
import { Button, Progress } from '@tessera/ui';
import styled from 'styled-components';
import { importSummary } from './import-summary';

const Panel = styled.section`
  display: grid;
  grid-template-columns: 1fr auto;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(3)};
  margin-bottom: ${({ theme }) => theme.space(4)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  p { margin: 0; font-size: ${({ theme }) => theme.font.size.sm}; }
  .actions { display: flex; gap: ${({ theme }) => theme.space(2)}; grid-row: span 2; }
`;

export interface RecordImportStatusProps {
  status: RecordImportStatus;
  settled: boolean;
  onShowDetails: () => void;
  onDismiss: () => void;
}

/** An import on the records screen while its dialog is closed: progress to the end, then the outcome. */
export function RecordImportStatusPanel({
  status,
  settled,
  onShowDetails,
  onDismiss,
}: RecordImportStatusProps) {
  return (
    <Panel aria-label="CSV import">
      <Progress label="Import progress" value={status.processed_rows} max={Math.max(status.total_rows, 1)} />
      <div className="actions">
        <Button size="sm" variant="secondary" onClick={onShowDetails}>
          Show details
        </Button>
        {settled ? (
          <Button size="sm" variant="ghost" onClick={onDismiss}>
            Dismiss
          </Button>
        ) : null}
      </div>
      <p aria-live="polite">{importSummary(status)}</p>
    </Panel>
  );
}
