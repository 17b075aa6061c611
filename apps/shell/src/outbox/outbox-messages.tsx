import type { OutboxPage } from '@tessera/data-access/contracts';
import { QueryView, type QueryViewSource } from '@tessera/ui';
import { errorMessage } from '../shared/error-message';
import { NoMailServerBanner } from './no-mail-server-banner';
import { OutboxTable } from './outbox-table';

export interface OutboxMessagesProps {
  outbox: QueryViewSource<OutboxPage>;
  offset: number;
  onOffsetChange: (offset: number) => void;
  messagePath: (messageId: string) => string;
}

/** One page of an outbox, the institution's or the platform's, with the banner when no mail server is set. */
export function OutboxMessages({ outbox, offset, onOffsetChange, messagePath }: OutboxMessagesProps) {
  return (
    <QueryView
      query={outbox}
      loadingLabel="Loading the outbox"
      errorTitle="The outbox could not be loaded"
      errorDescription={(error) => errorMessage(error, 'Please try again.')}
      retryLabel={null}
    >
      {(page) => (
        <>
          {page.smtp_configured ? null : <NoMailServerBanner />}
          <OutboxTable
            page={page}
            offset={offset}
            onOffsetChange={onOffsetChange}
            messagePath={messagePath}
          />
        </>
      )}
    </QueryView>
  );
}
