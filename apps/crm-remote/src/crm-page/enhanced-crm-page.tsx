import { EmptyState, PageHeader, Tabs } from '@tessera/ui';
import { type ReactNode, useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { CrmFilterPanel } from '../filters/crm-filter-panel';
import { GoalsPanel } from '../goals/goals-panel';
import { readCrmPageState, writeCrmPageState } from './crm-page-state';
import { CrmSummaryStrip } from './crm-summary-strip';
import type { CrmFilters } from '../shared/crm-tab-props';
import { CrmReadGate } from '../shared/crm-page-frame';
import { CRM_BASE_PATH } from '../shared/lead-format';
import { CrmPagesNav } from './crm-pages-nav';
import { CRM_TABS, DEFAULT_CRM_TAB } from './crm-tabs';

const Layout = styled.div`
  display: grid;
  grid-template-columns: 240px minmax(0, 1fr);
  gap: ${({ theme }) => theme.space(4)};
  align-items: start;
  /* minmax(0, …): the wide pipeline board scrolls inside its column instead of widening the page. */
  @media (max-width: 1023px) { grid-template-columns: minmax(0, 1fr); }
`;

const TAB_IDS = CRM_TABS.map((tab) => tab.id);

function CrmDashboard({ intro }: { intro?: ReactNode }) {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => readCrmPageState(params, TAB_IDS, DEFAULT_CRM_TAB), [params]);
  const update = useCallback(
    (change: Partial<typeof state>) =>
      setParams((current) =>
        writeCrmPageState(
          { ...readCrmPageState(current, TAB_IDS, DEFAULT_CRM_TAB), ...change },
          DEFAULT_CRM_TAB,
        ),
      ),
    [setParams],
  );
  // Selecting a deal (on Pipeline or anywhere) shows it on the Deals tab; clearing goes back to the list.
  const onSelectDeal = useCallback(
    (dealId: string | null) => update(dealId ? { dealId, tab: 'deals' } : { dealId: null }),
    [update],
  );
  const onFilters = useCallback((filters: CrmFilters) => update({ filters }), [update]);

  return (
    <>
      <PageHeader
        title="Enhanced CRM Dashboard"
        description="Contacts, deals, leads and automation in one place."
        breadcrumbs={[{ label: 'Dashboard', to: '/dashboard' }, { label: 'CRM' }]}
      />
      <CrmPagesNav basePath={CRM_BASE_PATH} />
      {intro}
      <Layout>
        <CrmFilterPanel filters={state.filters} onChange={onFilters} />
        <div>
          <CrmSummaryStrip filters={state.filters} />
          <GoalsPanel />
          <Tabs
            label="CRM sections"
            value={state.tab}
            onValueChange={(tab) => update({ tab })}
            items={CRM_TABS.map(({ id, label, Component }) => ({
              id,
              label,
              content:
                id !== state.tab ? null : Component ? (
                  <Component
                    filters={state.filters}
                    selectedDealId={state.dealId}
                    onSelectDeal={onSelectDeal}
                  />
                ) : (
                  <EmptyState title={label} description={`${label} is not available in this build.`} />
                ),
            }))}
          />
        </div>
      </Layout>
    </>
  );
}

/** The Enhanced CRM page (docs/product/crm.md#enhanced-crm-page), behind the CRM read permission. */
export function EnhancedCrmPage({ intro }: { intro?: ReactNode }) {
  return (
    <CrmReadGate>
      <CrmDashboard intro={intro} />
    </CrmReadGate>
  );
}
