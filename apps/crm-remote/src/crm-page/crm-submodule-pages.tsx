import { useCrmPageView } from '@tessera/data-access/hooks';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { ActivitiesList } from '../activities/activities-list';
import { CompaniesList } from '../companies/companies-list';
import { CompanyDetail } from '../companies/company-detail';
import { ContactsList } from '../contacts/contacts-list';
import { DealDetail } from '../deals/deal-detail';
import { DealsPipeline } from '../pipeline/deals-pipeline';
import { CrmDuplicates } from '../duplicates/crm-duplicates-page';
import { CrmImports } from '../imports/crm-imports-page';
import { CrmDataLinks } from '../shared/crm-data-links';
import { CrmPageFrame } from '../shared/crm-page-frame';
import { ProductsCatalogue } from '../selling/products-page';

/** /modules/crm/contacts */
export function ContactsPage({ basePath }: { basePath: string }) {
  return (
    <CrmPageFrame
      title="Contacts"
      basePath={basePath}
      actions={<CrmDataLinks basePath={basePath} entity="contacts" />}
    >
      <ContactsList />
    </CrmPageFrame>
  );
}

/** /modules/crm/deals: the pipeline; a card opens /modules/crm/deals/:dealId. */
export function DealsPage({ basePath }: { basePath: string }) {
  const navigate = useNavigate();
  return (
    <CrmPageFrame
      title="Deals"
      basePath={basePath}
      actions={
        <>
          <Link to={`${basePath}/products`}>Products</Link>
          <CrmDataLinks basePath={basePath} entity="deals" />
        </>
      }
    >
      <DealsPipeline onSelectDeal={(dealId) => navigate(`${basePath}/deals/${dealId}`)} />
    </CrmPageFrame>
  );
}

/** /modules/crm/deals/:dealId */
export function DealPage({ basePath }: { basePath: string }) {
  const { dealId = '' } = useParams();
  const navigate = useNavigate();
  useCrmPageView('deals', dealId);
  return (
    <CrmPageFrame title="Deal" basePath={basePath} crumbs={[{ label: 'Deals', to: `${basePath}/deals` }]}>
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

/** /modules/crm/companies: the companies (accounts) of the institution. */
export function CompaniesPage({ basePath }: { basePath: string }) {
  return (
    <CrmPageFrame
      title="Companies"
      basePath={basePath}
      actions={<CrmDataLinks basePath={basePath} entity="companies" />}
    >
      <CompaniesList basePath={basePath} />
    </CrmPageFrame>
  );
}

/** /modules/crm/imports */
export function ImportsPage({ basePath }: { basePath: string }) {
  return (
    <CrmPageFrame title="Import from CSV" basePath={basePath}>
      <CrmImports />
    </CrmPageFrame>
  );
}

/** /modules/crm/companies/:companyId: where a card's `Account #` leads. */
export function CompanyPage({ basePath }: { basePath: string }) {
  const { companyId = '' } = useParams();
  const navigate = useNavigate();
  useCrmPageView('companies', companyId);
  return (
    <CrmPageFrame
      title="Company"
      basePath={basePath}
      crumbs={[{ label: 'Companies', to: `${basePath}/companies` }]}
    >
      <CompanyDetail
        companyId={companyId}
        basePath={basePath}
        onDeleted={() => navigate(`${basePath}/companies`)}
      />
    </CrmPageFrame>
  );
}

/** /modules/crm/duplicates */
export function DuplicatesPage({ basePath }: { basePath: string }) {
  return (
    <CrmPageFrame title="Duplicates" basePath={basePath}>
      <CrmDuplicates />
    </CrmPageFrame>
  );
}

/** /modules/crm/products: the catalogue deals sell from. */
export function ProductsPage({ basePath }: { basePath: string }) {
  return (
    <CrmPageFrame title="Products" basePath={basePath} crumbs={[{ label: 'Deals', to: `${basePath}/deals` }]}>
      <ProductsCatalogue basePath={basePath} />
    </CrmPageFrame>
  );
}
