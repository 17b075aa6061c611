import { useInstitution } from '@tessera/auth';
import { useOutbox } from '@tessera/data-access/hooks';
import { PageHeader, TitledCard } from '@tessera/ui';
import { useState } from 'react';
import { AdministratorsOnly } from '../shared/administrators-only';
import { useAdministers } from '../shared/use-administers';
import { OUTBOX_PAGE_SIZE } from './outbox-paging';
import { OutboxMessages } from './outbox-messages';

/** Every message sent on behalf of the current institution, for its owners and admins. */
export function OutboxPage() {
  const { currentInstitution } = useInstitution();
  const allowed = useAdministers();
  const [offset, setOffset] = useState(0);
  const outbox = useOutbox({ limit: OUTBOX_PAGE_SIZE, offset }, allowed);

  return (
    <>
      <PageHeader
        title="Outbox"
        description={
          currentInstitution
            ? `E-mails sent on behalf of ${currentInstitution.name}, newest first`
            : undefined
        }
        breadcrumbs={[
          { label: 'Dashboard', to: '/dashboard' },
          { label: 'Administration', to: '/administration' },
          { label: 'Outbox' },
        ]}
      />
      <AdministratorsOnly allowed={allowed} can="read its outbox">
        <TitledCard title="Messages" aria-label="Outbox messages">
          <OutboxMessages
            outbox={outbox}
            offset={offset}
            onOffsetChange={setOffset}
            messagePath={(messageId) => `/administration/outbox/${messageId}`}
          />
        </TitledCard>
      </AdministratorsOnly>
    </>
  );
}
