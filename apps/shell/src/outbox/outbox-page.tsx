import { useAccess, useInstitution } from '@tessera/auth';
import { useOutbox } from '@tessera/data-access/hooks';
import { EmptyState, PageHeader, Spinner, TitledCard } from '@tessera/ui';
import { useState } from 'react';
import { errorMessage } from '../administration/error-message';
import { NoMailServerBanner } from './no-mail-server-banner';
import { OUTBOX_PAGE_SIZE } from './outbox-paging';
import { OutboxTable } from './outbox-table';

const ADMIN_ROLES = new Set(['owner', 'admin']);

/** Every message sent on behalf of the current institution, for its owners and admins. */
export function OutboxPage() {
  const { currentInstitution } = useInstitution();
  const { isSuperAdmin } = useAccess();
  const allowed = isSuperAdmin || ADMIN_ROLES.has(currentInstitution?.userRole ?? '');
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
      {!allowed ? (
        <EmptyState
          title="Administrators only"
          description="Only the institution’s owners and admins can read its outbox."
        />
      ) : null}
      {allowed && outbox.isPending ? <Spinner block label="Loading the outbox" /> : null}
      {outbox.isError ? (
        <EmptyState
          title="The outbox could not be loaded"
          description={errorMessage(outbox.error, 'Please try again.')}
        />
      ) : null}
      {outbox.data ? (
        <TitledCard title="Messages" aria-label="Outbox messages">
          {outbox.data.smtp_configured ? null : <NoMailServerBanner />}
          <OutboxTable
            page={outbox.data}
            offset={offset}
            pageSize={OUTBOX_PAGE_SIZE}
            onOffsetChange={setOffset}
            messagePath={(messageId) => `/administration/outbox/${messageId}`}
          />
        </TitledCard>
      ) : null}
    </>
  );
}
