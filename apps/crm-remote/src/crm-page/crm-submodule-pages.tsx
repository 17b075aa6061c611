import { PermissionGate } from '@tessera/auth';
import { EmptyState, PageHeader } from '@tessera/ui';
import type { ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { ActivitiesList } from '../activities/activities-list';
import { ContactsList } from '../contacts/contacts-list';
import { DealDetail } from '../deals/deal-detail';
import { DealsPipeline } from '../pipeline/deals-pipeline';

function SubmodulePage({
  title,
  basePath,
  children,
}: {
  title: string;
  basePath: string;
  children: ReactNode;
}) {
  return (
    <PermissionGate
      moduleId="crm"
      permission={{ resource: 'crm', action: 'read', module: 'crm' }}
      fallback={
        <EmptyState title="No access to the CRM" description="Ask an administrator for read access to CRM." />
      }
    >
      <PageHeader
        title={title}
        breadcrumbs={[
          { label: 'Dashboard', to: '/dashboard' },
          { label: 'CRM', to: basePath },
          { label: title },
        ]}
      />
      {children}
    </PermissionGate>
  );
}

/** /modules/crm/contacts */
export function ContactsPage({ basePath }: { basePath: string }) {
  return (
    <SubmodulePage title="Contacts" basePath={basePath}>
      <ContactsList />
    </SubmodulePage>
  );
}

/** /modules/crm/deals: the pipeline; a card opens /modules/crm/deals/:dealId. */
export function DealsPage({ basePath }: { basePath: string }) {
  const navigate = useNavigate();
  return (
    <SubmodulePage title="Deals" basePath={basePath}>
      <DealsPipeline onSelectDeal={(dealId) => navigate(`${basePath}/deals/${dealId}`)} />
    </SubmodulePage>
  );
}

/** /modules/crm/deals/:dealId */
export function DealPage({ basePath }: { basePath: string }) {
  const { dealId = '' } = useParams();
  const navigate = useNavigate();
  return (
    <SubmodulePage title="Deal" basePath={basePath}>
      <DealDetail
        dealId={dealId}
        onBack={() => (window.history.length > 1 ? navigate(-1) : navigate(`${basePath}/deals`))}
      />
    </SubmodulePage>
  );
}

/** /modules/crm/activities */
export function ActivitiesPage({ basePath }: { basePath: string }) {
  return (
    <SubmodulePage title="Activities" basePath={basePath}>
      <ActivitiesList />
    </SubmodulePage>
  );
}
