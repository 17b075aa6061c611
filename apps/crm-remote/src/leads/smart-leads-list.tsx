import { useSegments, useTimeAgo } from '@tessera/data-access/hooks';
import { type ScoreBand, type SmartLeadsSummary } from '@tessera/data-access/contracts';
import { Badge, Button, Card, EmptyState, Label, Select, Spinner, CardList, SearchInput } from '@tessera/ui';
import { useId } from 'react';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { leadName, leadPath, leadSourceLabel, titleCase } from '../shared/lead-format';
import { ScoreBadge } from './score-badge';
import { ALL_LEADS, segmentBand } from './smart-leads-params';

const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(3)};
  align-items: flex-end;
  margin-bottom: ${({ theme }) => theme.space(4)};
  > div { display: flex; flex-direction: column; gap: 4px; flex: 1 1 240px; }
`;

const SegmentGrid = styled.ul`
  list-style: none;
  padding: 0;
  margin: 0 0 ${({ theme }) => theme.space(4)};
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  grid-template-columns: repeat(auto-fit, minmax(200px, 1fr));
`;

const SegmentButton = styled.button<{ $selected: boolean; $colour: string }>`
  width: 100%;
  text-align: left;
  background: ${({ theme }) => theme.colors.surface};
  color: inherit;
  border: 1px solid ${({ theme, $selected }) => ($selected ? theme.colors.primary : theme.colors.border)};
  border-left: 4px solid ${({ $colour }) => $colour};
  border-radius: ${({ theme }) => theme.radii.lg};
  padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(4)};
  cursor: pointer;
  strong { display: block; font-size: ${({ theme }) => theme.font.size.xl}; }
  span { color: ${({ theme }) => theme.colors.textMuted}; font-size: ${({ theme }) => theme.font.size.sm}; }
  &:focus-visible { outline: 2px solid ${({ theme }) => theme.colors.focus}; outline-offset: 2px; }
`;

const List = styled(CardList)`
  gap: ${({ theme }) => theme.space(2)};
`;

const Row = styled(Card)`
  display: grid;
  /* minmax(0, …): a long e-mail address wraps inside the row instead of pushing it wider. */
  grid-template-columns: auto minmax(0, 1fr) auto;
  overflow-wrap: anywhere;
  @media (max-width: 599px) {
    grid-template-columns: auto minmax(0, 1fr);
    > button { grid-column: 1 / -1; justify-self: start; }
  }
  gap: ${({ theme }) => theme.space(3)};
  align-items: center;
  padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(4)};
  h4 { font-size: ${({ theme }) => theme.font.size.md}; margin: 0; }
  p { margin: 2px 0 0; color: ${({ theme }) => theme.colors.textMuted}; font-size: ${({ theme }) => theme.font.size.sm}; }
  .meta { display: flex; flex-wrap: wrap; gap: ${({ theme }) => theme.space(2)}; align-items: center; margin-top: 4px; }
`;

const BAND_ORDER: ScoreBand[] = ['high', 'medium', 'low'];

export const SEGMENT_COLOURS: Record<string, string> = {
  green: '#1b7f3b',
  yellow: '#b7791f',
  blue: '#2f54eb',
  red: '#c62828',
  purple: '#7b3fe4',
};

export interface SmartLeadsListProps {
  summary: SmartLeadsSummary | undefined;
  isLoading: boolean;
  search: string;
  onSearchChange: (value: string) => void;
  band: ScoreBand | typeof ALL_LEADS;
  onBandChange: (value: ScoreBand | typeof ALL_LEADS) => void;
}

/** The Smart Leads tab (docs/product/leads.md#smart-leads): search, segment dropdown, segment cards, first 10 leads. */
export function SmartLeadsList({
  summary,
  isLoading,
  search,
  onSearchChange,
  band,
  onBandChange,
}: SmartLeadsListProps) {
  const ago = useTimeAgo();
  const segments = useSegments();
  const navigate = useNavigate();
  const searchId = useId();
  // Segments 1, 2, 3 in band order (docs/product/lead-scoring.md#local-smart-leads-score), whatever order they were stored in.
  const ordered = [...(segments.data ?? [])].sort(
    (a, b) => BAND_ORDER.indexOf(segmentBand(a)) - BAND_ORDER.indexOf(segmentBand(b)),
  );
  const options = [
    { value: ALL_LEADS, label: 'All Leads' },
    ...ordered.map((segment) => ({ value: segmentBand(segment), label: segment.name })),
  ];

  return (
    <>
      <Toolbar>
        <div>
          <Label htmlFor={searchId}>Search leads</Label>
          <SearchInput
            id={searchId}
            placeholder="Search by name, email or company..."
            value={search}
            onValueChange={onSearchChange}
          />
        </div>
        <Select
          label="Segment"
          value={band}
          options={options}
          onValueChange={(value) => onBandChange(value as ScoreBand | typeof ALL_LEADS)}
        />
      </Toolbar>

      <SegmentGrid aria-label="Segments">
        {ordered.map((segment) => {
          const segmentScoreBand = segmentBand(segment);
          const selected = band === segmentScoreBand;
          return (
            <li key={segment.id}>
              <SegmentButton
                type="button"
                aria-pressed={selected}
                $selected={selected}
                $colour={SEGMENT_COLOURS[segment.colour] ?? segment.colour}
                onClick={() => onBandChange(selected ? ALL_LEADS : segmentScoreBand)}
              >
                <span>{segment.name}</span>
                <strong>{summary ? summary.bands[segmentScoreBand] : '–'}</strong>
                <span>{segment.description}</span>
              </SegmentButton>
            </li>
          );
        })}
      </SegmentGrid>

      {isLoading && !summary ? (
        <Spinner block label="Loading leads" />
      ) : !summary || summary.leads.length === 0 ? (
        <EmptyState
          title="No leads found"
          description={search.trim() ? 'No lead matches this search.' : 'Captured leads appear here.'}
        />
      ) : (
        <>
          <p aria-live="polite">
            Showing {summary.leads.length} of {summary.matching} matching leads
          </p>
          <List aria-label="Leads">
            {summary.leads.map((lead) => (
              <li key={lead.id}>
                <Row>
                  <ScoreBadge score={lead.smart_score} band={lead.band} />
                  <div>
                    <h4>{leadName(lead)}</h4>
                    <p>
                      {lead.email ?? 'No email'} · {lead.company ?? 'No company'}
                    </p>
                    <div className="meta">
                      <Badge>{leadSourceLabel(lead)}</Badge>
                      <Badge $tone="primary">{titleCase(lead.status)}</Badge>
                      <span>Added {ago(lead.created_at)}</span>
                    </div>
                  </div>
                  <Button
                    variant="secondary"
                    size="sm"
                    aria-label={`View Details of ${leadName(lead)}`}
                    onClick={() => navigate(leadPath(lead.id))}
                  >
                    View Details
                  </Button>
                </Row>
              </li>
            ))}
          </List>
        </>
      )}
    </>
  );
}
