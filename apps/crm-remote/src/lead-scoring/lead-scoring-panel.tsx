import { useHighScoringLeads, useLeadOverview, useRefreshLeadScores } from '@tessera/data-access/hooks';
import {
  HIGH_SCORE_THRESHOLD,
  leadRating,
  type LeadRating,
  formatWholeUsd,
} from '@tessera/data-access/contracts';
import { Badge, type BadgeTone, Button, Card, Progress, toast, CardList } from '@tessera/ui';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { leadName, leadPath, leadSourceLabel, percent1, titleCase } from '../shared/lead-format';
import { StatTile, TileGrid } from '../shared/stat-tile';
import { useCrmCanWrite } from '../shared/use-crm-can-write';
import { PanelHeader } from '../shared/panel-header';

/** The panel shows at most 5 leads (docs/product/lead-scoring.md). */
export const SCORE_PANEL_LIMIT = 5;

const RATING_TONE: Record<LeadRating, BadgeTone> = {
  Hot: 'destructive',
  Warm: 'warning',
  Cool: 'primary',
  Cold: 'neutral',
};

const Header = styled(PanelHeader)`
  p { margin: 2px 0 0; font-size: ${({ theme }) => theme.font.size.sm}; }
`;

const LeadRow = styled.li`
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  padding: ${({ theme }) => theme.space(3)};
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  .line { display: flex; flex-wrap: wrap; gap: ${({ theme }) => theme.space(2)}; align-items: center; justify-content: space-between; }
  .who { display: flex; flex-wrap: wrap; gap: ${({ theme }) => theme.space(2)}; align-items: center; }
  a { font-weight: 600; color: inherit; }
  small { color: ${({ theme }) => theme.colors.textMuted}; }
`;

const Muted = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  text-align: center;
  padding: ${({ theme }) => theme.space(6)} 0;
  margin: 0;
`;

/** Smart Lead Scoring panel (docs/product/lead-scoring.md#smart-lead-scoring-panel): cards, the top high-score leads and Refresh Scores. */
export function LeadScoringPanel() {
  const overview = useLeadOverview();
  const leads = useHighScoringLeads(HIGH_SCORE_THRESHOLD, SCORE_PANEL_LIMIT);
  // Scores are recalculated by a background job over every lead; the toast comes when it is done.
  const refresh = useRefreshLeadScores({
    onCompleted: () =>
      toast({ title: 'Success', description: 'Lead scores have been recalculated successfully.' }),
    onFailed: () =>
      toast({
        title: 'Error',
        description: 'Failed to refresh lead scores. Please try again.',
        variant: 'destructive',
      }),
  });
  const canWrite = useCrmCanWrite();

  const figures = overview.data;
  return (
    <section aria-label="Smart Lead Scoring">
      <TileGrid>
        <StatTile label="Total Leads" value={figures?.total_leads ?? '–'} />
        <StatTile label="High Score Leads" value={figures?.high_score_leads ?? '–'} hint="Score 70 or more" />
        <StatTile
          label="Conversion Rate"
          value={figures ? percent1(figures.conversion_rate) : '–'}
          hint={figures ? `${figures.won_deals} won of ${figures.deals_count} deals` : undefined}
        />
        <StatTile
          label="Pipeline Value"
          value={figures ? formatWholeUsd(figures.pipeline_value) : '–'}
          hint="Open deals"
        />
      </TileGrid>
      <Card>
        <Header>
          <div>
            <h3>Smart Lead Scoring</h3>
            <p>Leads scoring 70 or more, best first</p>
          </div>
          <Button variant="secondary" onClick={refresh.refresh} disabled={refresh.refreshing || !canWrite}>
            {refresh.refreshing ? 'Refreshing...' : 'Refresh Scores'}
          </Button>
        </Header>
        {leads.isLoading ? (
          <Muted role="status">Loading lead data...</Muted>
        ) : (leads.data ?? []).length === 0 ? (
          <Muted>No high-scoring leads found. Leads with scores ≥70 will appear here.</Muted>
        ) : (
          <CardList aria-label="High-scoring leads">
            {(leads.data ?? []).slice(0, SCORE_PANEL_LIMIT).map((lead) => {
              const rating = leadRating(lead.lead_score);
              return (
                <LeadRow key={lead.id}>
                  <div className="line">
                    <div className="who">
                      <Link to={leadPath(lead.id)}>{leadName(lead)}</Link>
                      <Badge $tone={RATING_TONE[rating]}>{rating}</Badge>
                      <Badge>{leadSourceLabel(lead)}</Badge>
                    </div>
                    <strong>{lead.lead_score}/100</strong>
                  </div>
                  <small>
                    {lead.email ?? 'No email'} · {lead.company ?? 'No company'}
                  </small>
                  <Progress label={`${leadName(lead)} score`} value={lead.lead_score} />
                  <small>Stage: {titleCase(lead.stage)}</small>
                </LeadRow>
              );
            })}
          </CardList>
        )}
      </Card>
    </section>
  );
}
