import { useAccess } from '@tessera/auth';
import type { OutboxMessageDetail } from '@tessera/data-access/contracts';
import { useOutboxMessage, usePlatformOutboxMessage } from '@tessera/data-access/hooks';
import { EmptyState, PageHeader, QueryView, type QueryViewSource } from '@tessera/ui';
import { useParams } from 'react-router-dom';
import { AdministratorsOnly } from '../shared/administrators-only';
import { useAdministers } from '../shared/use-administers';
import { errorMessage } from '../shared/error-message';
import { OutboxMessageView } from './outbox-message-view';

function LoadedMessage({ message }: { message: QueryViewSource<OutboxMessageDetail> }) {
  return (
    <QueryView
      query={message}
      loadingLabel="Loading the message"
      errorTitle="The message could not be loaded"
      errorDescription={(error) => errorMessage(error, 'Please try again.')}
      retryLabel={null}
    >
      {(loaded) => <OutboxMessageView message={loaded} />}
    </QueryView>
  );
}

/** One message of the current institution's outbox. */
export function OutboxMessagePage() {
  const { messageId = null } = useParams();
  const allowed = useAdministers();
  const message = useOutboxMessage(messageId, allowed);
  return (
    <>
      <PageHeader
        title="Message"
        breadcrumbs={[
          { label: 'Dashboard', to: '/dashboard' },
          { label: 'Administration', to: '/administration' },
          { label: 'Outbox', to: '/administration/outbox' },
          { label: 'Message' },
        ]}
      />
      <AdministratorsOnly allowed={allowed} can="read its outbox">
        <LoadedMessage message={message} />
      </AdministratorsOnly>
    </>
  );
}

/** One message of the whole platform (password resets included), for super admins. */
export function PlatformOutboxMessagePage() {
  const { messageId = null } = useParams();
  const { isSuperAdmin, isLoading } = useAccess();
  const message = usePlatformOutboxMessage(isSuperAdmin ? messageId : null);
  return (
    <>
      <PageHeader
        title="Message"
        breadcrumbs={[
          { label: 'Dashboard', to: '/dashboard' },
          { label: 'Platform Console', to: '/platform' },
          { label: 'Message' },
        ]}
      />
      {!isLoading && !isSuperAdmin ? (
        <EmptyState title="Super admins only" description="The platform outbox is for super admins only." />
      ) : null}
      {isSuperAdmin ? <LoadedMessage message={message} /> : null}
    </>
  );
}
