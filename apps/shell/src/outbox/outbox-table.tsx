import { type OutboxPage, outboxKindLabel } from '@tessera/data-access/contracts';
import { Button, EmptyState, DataTable } from '@tessera/ui';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { OUTBOX_PAGE_SIZE, outboxPaging } from './outbox-paging';
import { OutboxStatusBadge } from './outbox-status-badge';

const Pager = styled.nav`
  display: flex;
  align-items: center;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space(3)};
  margin-top: ${({ theme }) => theme.space(3)};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

const ErrorText = styled.span`
  color: ${({ theme }) => theme.colors.destructive};
  overflow-wrap: anywhere;
`;

function When({ at }: { at: string | null }) {
  if (!at) return <>—</>;
  return <time dateTime={at}>{new Date(at).toLocaleString()}</time>;
}

export interface OutboxTableProps {
  page: OutboxPage;
  offset: number;
  onOffsetChange: (offset: number) => void;
  /** Where a message opens. */
  messagePath: (messageId: string) => string;
}

/** The messages of one outbox page, newest first; a subject opens its message. */
export function OutboxTable({ page, offset, onOffsetChange, messagePath }: OutboxTableProps) {
  const paging = outboxPaging(offset, OUTBOX_PAGE_SIZE, page.total);
  if (page.total === 0) {
    return (
      <EmptyState
        title="No messages yet"
        description="Invitations, password resets and other e-mails appear here as soon as they are written."
      />
    );
  }
  return (
    <>
      <DataTable
        label="Messages"
        columns={['Recipient', 'Subject', 'Kind', 'Status', 'Attempts', 'Last error', 'Created', 'Sent']}
      >
        {page.items.map((message) => (
          <tr key={message.id}>
            <td>{message.recipient}</td>
            <td>
              <Link to={messagePath(message.id)}>{message.subject}</Link>
            </td>
            <td>{outboxKindLabel(message.kind)}</td>
            <td>
              <OutboxStatusBadge message={message} />
            </td>
            <td>{message.attempts}</td>
            <td>{message.last_error ? <ErrorText>{message.last_error}</ErrorText> : '—'}</td>
            <td>
              <When at={message.created_at} />
            </td>
            <td>
              <When at={message.sent_at} />
            </td>
          </tr>
        ))}
      </DataTable>
      <Pager aria-label="Outbox pages">
        <span aria-live="polite">{paging.label}</span>
        <Button
          size="sm"
          variant="secondary"
          disabled={paging.previousOffset === null}
          onClick={() => paging.previousOffset !== null && onOffsetChange(paging.previousOffset)}
        >
          Previous
        </Button>
        <Button
          size="sm"
          variant="secondary"
          disabled={paging.nextOffset === null}
          onClick={() => paging.nextOffset !== null && onOffsetChange(paging.nextOffset)}
        >
          Next
        </Button>
      </Pager>
    </>
  );
}
