import { compactUsd, pipelineValue } from '@tessera/data-access/contracts';
import { useContacts, useDeals } from '@tessera/data-access/hooks';
import { toast } from '@tessera/ui';
import { useEffect, useMemo } from 'react';
import styled from 'styled-components';
import { contactMatchesFilters, dealMatchesFilters } from '../shared/crm-filter-match';
import type { CrmFilters } from '../shared/crm-tab-props';

const Strip = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(150px, 1fr));
  gap: ${({ theme }) => theme.space(3)};
  margin: 0 0 ${({ theme }) => theme.space(4)};
  div {
    background: ${({ theme }) => theme.colors.surface};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radii.md};
    padding: ${({ theme }) => theme.space(3)};
  }
  dt { color: ${({ theme }) => theme.colors.textMuted}; font-size: ${({ theme }) => theme.font.size.xs}; }
  dd { margin: 2px 0 0; font-weight: 700; font-size: ${({ theme }) => theme.font.size.lg}; }
`;

/** The summary strip above the tabs (docs/product/crm.md#summary-strip), narrowed by the filters. */
export function CrmSummaryStrip({ filters }: { filters: CrmFilters }) {
  const deals = useDeals();
  const contacts = useContacts();
  const failed = deals.isError || contacts.isError;
  useEffect(() => {
    if (failed)
      toast({
        title: 'Error',
        description: 'Failed to fetch CRM data. Please try again.',
        variant: 'destructive',
      });
  }, [failed]);
  const figures = useMemo(() => {
    const d = (deals.data ?? []).filter((deal) => dealMatchesFilters(deal, filters));
    const c = (contacts.data ?? []).filter((contact) => contactMatchesFilters(contact, filters));
    return {
      contacts: c.length,
      deals: d.length,
      openValue: pipelineValue(d),
      won: d.filter((deal) => deal.stage === 'closed_won').length,
    };
  }, [deals.data, contacts.data, filters]);
  const loading = deals.isPending || contacts.isPending;
  const show = (value: string | number) => (loading ? '…' : failed ? '—' : value);
  return (
    <Strip aria-label="CRM summary" aria-busy={loading}>
      <div>
        <dt>Contacts</dt>
        <dd>{show(figures.contacts)}</dd>
      </div>
      <div>
        <dt>Deals</dt>
        <dd>{show(figures.deals)}</dd>
      </div>
      <div>
        <dt>Pipeline Value</dt>
        <dd>{show(compactUsd(figures.openValue))}</dd>
      </div>
      <div>
        <dt>Won Deals</dt>
        <dd>{show(figures.won)}</dd>
      </div>
    </Strip>
  );
}
