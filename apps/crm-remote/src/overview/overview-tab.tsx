import { AutoColumns } from '@tessera/ui';
import { useContacts, useDeals } from '@tessera/data-access/hooks';
import { useMemo } from 'react';
import styled from 'styled-components';
import { ActivitiesList } from '../activities/activities-list';
import { ContactSourceChart } from '../charts/contact-source-chart';
import { KpiCardRow } from '../charts/kpi-card-row';
import { LeadsPerWeekChart } from '../charts/leads-per-week-chart';
import { SalesFunnelChart } from '../charts/sales-funnel-chart';
import type { CrmTabProps } from '../shared/crm-tab-props';
import { contactMatchesFilters, dealMatchesFilters } from '../shared/crm-filter-match';

const Widgets = styled(AutoColumns)`
  margin-bottom: ${({ theme }) => theme.space(4)};
`;

const Block = styled.div`
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  padding: ${({ theme }) => theme.space(4)};
`;

/** Overview (docs/product/crm.md#tabs): the KPI row, two summary widgets, leads per week, and recent activity. */
export function OverviewTab({ filters }: CrmTabProps) {
  const deals = useDeals();
  const contacts = useContacts();
  const filteredDeals = useMemo(
    () => (deals.data ?? []).filter((deal) => dealMatchesFilters(deal, filters)),
    [deals.data, filters],
  );
  const filteredContacts = useMemo(
    () => (contacts.data ?? []).filter((contact) => contactMatchesFilters(contact, filters)),
    [contacts.data, filters],
  );
  return (
    <>
      <KpiCardRow deals={filteredDeals} contacts={filteredContacts} />
      <Widgets $min="320px">
        <SalesFunnelChart deals={filteredDeals} />
        <ContactSourceChart />
      </Widgets>
      <Widgets $min="320px">
        <LeadsPerWeekChart />
      </Widgets>
      <Block>
        <ActivitiesList limit={8} title="Recent Activity" filterable={false} />
      </Block>
    </>
  );
}
