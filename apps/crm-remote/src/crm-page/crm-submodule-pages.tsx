import { useNavigate, useParams } from 'react-router-dom';
import { ActivitiesList } from '../activities/activities-list';
import { ContactsList } from '../contacts/contacts-list';
import { DealDetail } from '../deals/deal-detail';
import { DealsPipeline } from '../pipeline/deals-pipeline';
import { CrmPageFrame } from '../shared/crm-page-frame';

/** /modules/crm/contacts */
export function ContactsPage({ basePath }: { basePath: string }) {
  return (
    <CrmPageFrame title="Contacts" basePath={basePath}>
      <ContactsList />
    </CrmPageFrame>
  );
}

/** /modules/crm/deals: the pipeline; a card opens /modules/crm/deals/:dealId. */
export function DealsPage({ basePath }: { basePath: string }) {
  const navigate = useNavigate();
  return (
    <CrmPageFrame title="Deals" basePath={basePath}>
      <DealsPipeline onSelectDeal={(dealId) => navigate(`${basePath}/deals/${dealId}`)} />
    </CrmPageFrame>
  );
}

/** /modules/crm/deals/:dealId */
export function DealPage({ basePath }: { basePath: string }) {
  const { dealId = '' } = useParams();
  const navigate = useNavigate();
  return (
    <CrmPageFrame title="Deal" basePath={basePath}>
      <DealDetail
        dealId={dealId}
        onBack={() => (window.history.length > 1 ? navigate(-1) : navigate(`${basePath}/deals`))}
      />
    </CrmPageFrame>
  );
}

/** /modules/crm/activities */
export function ActivitiesPage({ basePath }: { basePath: string }) {
  return (
    <CrmPageFrame title="Activities" basePath={basePath}>
      <ActivitiesList />
    </CrmPageFrame>
  );
}
