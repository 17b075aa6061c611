import { usePlatformOutbox } from '@tessera/data-access/hooks';
import { Spinner, TitledCard } from '@tessera/ui';
import { useState } from 'react';
import { errorMessage } from '../shared/error-message';
import { NoMailServerBanner } from './no-mail-server-banner';
import { OUTBOX_PAGE_SIZE } from './outbox-paging';
import { OutboxTable } from './outbox-table';

/** Every message of the platform, including password resets, which belong to no institution. */
export function PlatformOutboxCard() {
  const [offset, setOffset] = useState(0);
  const outbox = usePlatformOutbox({ limit: OUTBOX_PAGE_SIZE, offset });
  return (
    <TitledCard
      title="Outbox"
      aria-label="Platform outbox"
      description="Every e-mail of every institution, and password resets."
    >
      {outbox.isPending ? <Spinner block label="Loading the outbox" /> : null}
      {outbox.isError ? (
        <p role="alert">{errorMessage(outbox.error, 'The outbox could not be loaded.')}</p>
      ) : null}
      {outbox.data ? (
        <>
          {outbox.data.smtp_configured ? null : <NoMailServerBanner />}
          <OutboxTable
            page={outbox.data}
            offset={offset}
            pageSize={OUTBOX_PAGE_SIZE}
            onOffsetChange={setOffset}
            messagePath={(messageId) => `/platform/outbox/${messageId}`}
          />
        </>
      ) : null}
    </TitledCard>
  );
}
