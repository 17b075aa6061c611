import { usePlatformOutbox } from '@tessera/data-access/hooks';
import { TitledCard } from '@tessera/ui';
import { useState } from 'react';
import { OutboxMessages } from './outbox-messages';
import { OUTBOX_PAGE_SIZE } from './outbox-paging';

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
      <OutboxMessages
        outbox={outbox}
        offset={offset}
        onOffsetChange={setOffset}
        messagePath={(messageId) => `/platform/outbox/${messageId}`}
      />
    </TitledCard>
  );
}
