import { useAccess, useInstitution } from '@tessera/auth';
import { useOutboxMessage, usePlatformOutboxMessage } from '@tessera/data-access/hooks';
import { EmptyState, PageHeader, Spinner } from '@tessera/ui';
import { useParams } from 'react-router-dom';
import { errorMessage } from '../administration/error-message';
import { OutboxMessageView } from './outbox-message-view';

const ADMIN_ROLES = new Set(['owner', 'admin']);

/** One message of the current institution's outbox. */
export function OutboxMessagePage() {
  const { messageId = null } = useParams();
  const { currentInstitution } = useInstitution();
  const { isSuperAdmin } = useAccess();
  const allowed = isSuperAdmin || ADMIN_ROLES.has(currentInstitution?.userRole ?? '');
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
      {!allowed ? (
        <EmptyState
          title="Administrators only"
          description="Only the institution’s owners and admins can read its outbox."
        />
      ) : null}
      {allowed && message.isPending ? <Spinner block label="Loading the message" /> : null}
      {message.isError ? (
        <EmptyState
          title="The message could not be loaded"
          description={errorMessage(message.error, 'Please try again.')}
        />
      ) : null}
      {message.data ? <OutboxMessageView message={message.data} /> : null}
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
      {isSuperAdmin && message.isPending ? <Spinner block label="Loading the message" /> : null}
      {message.isError ? (
        <EmptyState
          title="The message could not be loaded"
          description={errorMessage(message.error, 'Please try again.')}
        />
      ) : null}
      {message.data ? <OutboxMessageView message={message.data} /> : null}
    </>
  );
}
