import { type CrmInsightKind } from '@tessera/data-access/contracts';
import type {} from '@tessera/data-access/client';
import { useCrmInsights, useTimeAgo } from '@tessera/data-access/hooks';
import { Badge, Button, Card, EmptyState, Select, Spinner, CardList } from '@tessera/ui';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import type { CrmTabProps } from '../shared/crm-tab-props';
import { dealPath, leadPath } from '../shared/lead-format';
import { StatTile, TileGrid } from '../shared/stat-tile';
import { PanelToolbar } from '../shared/panel-header';

export const KIND_LABELS: Record<CrmInsightKind, string> = {
  overdue_deal: 'Overdue deals',
  stalled_deal: 'Stalled deals',
  uncontacted_lead: 'High-score leads never contacted',
};

const STALE_OPTIONS = [7, 14, 30, 60];
/** Insights shown at once; Show more adds as many again. */
const PAGE = 10;

const Bar = styled(PanelToolbar)`
  > div { margin-bottom: 0; }
`;

const Item = styled(Card)`
  display: grid;
  grid-template-columns: 1fr auto;
  gap: ${({ theme }) => theme.space(3)};
  align-items: center;
  padding: ${({ theme }) => theme.space(4)};
  h4 { margin: 0 0 4px; font-size: ${({ theme }) => theme.font.size.md}; }
  p { margin: 0; color: ${({ theme }) => theme.colors.textMuted}; font-size: ${({ theme }) => theme.font.size.sm}; }
  .tags { display: flex; gap: 6px; margin-bottom: 6px; }
  a { font-weight: 600; }
`;

/** AI Insights tab: what needs attention, computed from the data, each linking to its record. */
export function AiInsightsTab({ filters }: Partial<CrmTabProps>) {
  const ago = useTimeAgo();
  const [staleDays, setStaleDays] = useState(14);
  const [kind, setKind] = useState<CrmInsightKind | 'all'>('all');
  const [visible, setVisible] = useState(PAGE);
  const insights = useCrmInsights(staleDays, {
    segment: filters?.segment ?? undefined,
    source: filters?.source ?? undefined,
    stage: filters?.stage ?? undefined,
  });

  if (insights.isLoading) return <Spinner block label="Loading insights" />;
  if (!insights.data)
    return (
      <EmptyState
        title="Failed to load insights"
        action={<Button onClick={() => insights.refetch()}>Retry</Button>}
      />
    );
  const { counts } = insights.data;
  const shown = insights.data.insights.filter((insight) => kind === 'all' || insight.kind === kind);

  return (
    <section aria-label="AI Insights">
      <TileGrid>
        <StatTile
          label="Overdue deals"
          value={counts.overdue_deal}
          hint="Open past the expected close date"
        />
        <StatTile
          label="Stalled deals"
          value={counts.stalled_deal}
          hint={`No activity for ${staleDays} days`}
        />
        <StatTile label="Leads never contacted" value={counts.uncontacted_lead} hint="Score 70 or more" />
      </TileGrid>
      <Bar>
        <p>Updated {ago(insights.data.generated_at)}</p>
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12, alignItems: 'flex-end', minWidth: 0 }}>
          <Select
            label="Show"
            value={kind}
            options={[
              { value: 'all', label: 'All insights' },
              ...(Object.keys(KIND_LABELS) as CrmInsightKind[]).map((value) => ({
                value,
                label: KIND_LABELS[value],
              })),
            ]}
            onValueChange={(value) => {
              setKind(value as CrmInsightKind | 'all');
              setVisible(PAGE);
            }}
          />
          <Select
            label="Stalled after"
            value={String(staleDays)}
            options={STALE_OPTIONS.map((days) => ({
              value: String(days),
              label: `${days} days without activity`,
            }))}
            onValueChange={(value) => setStaleDays(Number(value))}
          />
        </div>
      </Bar>
      {shown.length === 0 ? (
        <EmptyState
          title="Nothing needs attention"
          description="No overdue or stalled deals and no uncontacted high-score leads."
        />
      ) : (
        <CardList aria-label="Insights">
          {shown.slice(0, visible).map((insight) => (
            <li key={insight.id}>
              <Item>
                <div>
                  <div className="tags">
                    <Badge $tone={insight.severity === 'high' ? 'destructive' : 'warning'}>
                      {insight.severity === 'high' ? 'High priority' : 'Medium priority'}
                    </Badge>
                    <Badge>{KIND_LABELS[insight.kind]}</Badge>
                  </div>
                  <h4>{insight.title}</h4>
                  <p>{insight.detail}</p>
                </div>
                <Link
                  to={
                    insight.record.type === 'lead' ? leadPath(insight.record.id) : dealPath(insight.record.id)
                  }
                  aria-label={`Open ${insight.record.type} ${insight.record.name}`}
                >
                  Open {insight.record.type}
                </Link>
              </Item>
            </li>
          ))}
        </CardList>
      )}
      {shown.length > visible ? (
        <div style={{ marginTop: 12 }}>
          <Button variant="secondary" onClick={() => setVisible((count) => count + PAGE)}>
            Show more ({shown.length - visible} left)
          </Button>
        </div>
      ) : null}
    </section>
  );
}
