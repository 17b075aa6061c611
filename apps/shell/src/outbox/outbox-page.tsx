import { useAccess, useInstitution } from '@tessera/auth';
import { useOutbox } from '@tessera/data-access/hooks';
import { EmptyState, PageHeader, TitledCard, QueryView } from '@tessera/ui';
import { useState } from 'react';
import { errorMessage } from '../shared/error-message';
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
      {allowed ? (
        <QueryView
          query={outbox}
          loadingLabel="Loading the outbox"
          errorTitle="The outbox could not be loaded"
          errorDescription={(error) => errorMessage(error, 'Please try again.')}
          retryLabel={null}
        >
          {(page) => (
            <TitledCard title="Messages" aria-label="Outbox messages">
              {page.smtp_configured ? null : <NoMailServerBanner />}
              <OutboxTable
                page={page}
                offset={offset}
                pageSize={OUTBOX_PAGE_SIZE}
                onOffsetChange={setOffset}
                messagePath={(messageId) => `/administration/outbox/${messageId}`}
              />
            </TitledCard>
          )}
        </QueryView>
      ) : null}
    </>
  );
}
