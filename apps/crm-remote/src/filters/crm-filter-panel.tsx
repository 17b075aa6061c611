import { FILTER_SEGMENTS, FILTER_SOURCES, LEAD_STAGES } from '@tessera/data-access/contracts';
import { Button, focusRing, Select } from '@tessera/ui';
import styled from 'styled-components';
import type { CrmFilters } from '../shared/crm-tab-props';
import { activeFilterCount } from '../shared/crm-filter-match';

const Panel = styled.aside`
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  padding: ${({ theme }) => theme.space(4)};
  h2 { margin: 0 0 ${({ theme }) => theme.space(3)}; font-size: ${({ theme }) => theme.font.size.lg}; }
`;

const Chips = styled.ul`
  list-style: none;
  margin: 0 0 ${({ theme }) => theme.space(3)};
  padding: 0;
  display: flex;
  flex-wrap: wrap;
  gap: 6px;
`;

const Chip = styled.button`
  display: inline-flex;
  align-items: center;
  gap: 4px;
  border-radius: 999px;
  border: 1px solid ${({ theme }) => theme.colors.primary};
  background: ${({ theme }) => theme.colors.primaryMuted};
  color: ${({ theme }) => theme.colors.primary};
  padding: 2px 10px;
  font-size: ${({ theme }) => theme.font.size.xs};
  font-weight: 600;
  cursor: pointer;
  ${focusRing}
`;

const Muted = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
  margin: 0 0 ${({ theme }) => theme.space(3)};
`;

export const FILTER_TITLES: Record<keyof CrmFilters, string> = {
  segment: 'Contact Segment',
  source: 'Lead Source',
  stage: 'Stage',
};

const words = (value: string) => value.replaceAll('_', ' ').replace(/^./, (c) => c.toUpperCase());

const OPTIONS: Record<keyof CrmFilters, readonly string[]> = {
  segment: FILTER_SEGMENTS,
  source: FILTER_SOURCES,
  stage: LEAD_STAGES,
};

export interface CrmFilterPanelProps {
  filters: CrmFilters;
  onChange: (filters: CrmFilters) => void;
}

/**
 * The Enhanced CRM page's left filter panel, the Filters card of docs/product/crm.md#filters: three selects
 * (enumerations: docs/product/crm.md#filters), a removable chip per active filter, and Clear All.
 */
export function CrmFilterPanel({ filters, onChange }: CrmFilterPanelProps) {
  const keys = Object.keys(OPTIONS) as Array<keyof CrmFilters>;
  const active = keys.filter((key) => filters[key]);
  return (
    <Panel aria-labelledby="crm-filters-heading">
      <h2 id="crm-filters-heading">Filters</h2>
      {keys.map((key) => (
        <Select
          key={key}
          label={FILTER_TITLES[key]}
          value={filters[key] ?? 'all'}
          options={[
            { value: 'all', label: 'All' },
            ...OPTIONS[key].map((value) => ({ value, label: words(value) })),
          ]}
          onValueChange={(value) => onChange({ ...filters, [key]: value === 'all' ? null : value })}
        />
      ))}
      {active.length > 0 ? (
        <>
          <Chips aria-label="Active filters">
            {active.map((key) => (
              <li key={key}>
                <Chip
                  type="button"
                  aria-label={`Remove filter ${FILTER_TITLES[key]}: ${words(filters[key] ?? '')}`}
                  onClick={() => onChange({ ...filters, [key]: null })}
                >
                  {FILTER_TITLES[key]}: {words(filters[key] ?? '')} <span aria-hidden="true">✕</span>
                </Chip>
              </li>
            ))}
          </Chips>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => onChange({ segment: null, source: null, stage: null })}
          >
            Clear All
          </Button>
        </>
      ) : (
        <Muted>No filters applied.</Muted>
      )}
      <Muted aria-live="polite" style={{ marginTop: 12 }}>
        {activeFilterCount(filters)} active
      </Muted>
    </Panel>
  );
}
