import { type SmartLeadsSummary } from '@tessera/data-access/contracts';
import { useTimeAgo, useWorkflows } from '@tessera/data-access/hooks';
import { Progress, Spinner, TitledCard, CardList, AutoColumns } from '@tessera/ui';
import styled from 'styled-components';
import { automationPerformance } from '../shared/workflow-labels';

const Rows = styled(CardList)`
  li > div:first-child { display: flex; justify-content: space-between; margin-bottom: 4px; font-size: ${({ theme }) => theme.font.size.sm}; }
  small { color: ${({ theme }) => theme.colors.textMuted}; }
`;

const BANDS = [
  { band: 'high', label: 'High (80-100)' },
  { band: 'medium', label: 'Medium (50-79)' },
  { band: 'low', label: 'Low (0-49)' },
] as const;

/** Analytics tab (docs/product/leads.md#smart-leads): score distribution counts and automation performance. */
export function LeadAnalyticsTab({ summary }: { summary: SmartLeadsSummary | undefined }) {
  const ago = useTimeAgo();
  const workflows = useWorkflows();
  const total = summary ? summary.bands.high + summary.bands.medium + summary.bands.low : 0;
  const performance = automationPerformance(workflows.data ?? []);

  return (
    <AutoColumns>
      <TitledCard title="Score Distribution" description="Leads by local score band">
        {!summary ? (
          <Spinner block label="Loading score distribution" />
        ) : (
          <Rows>
            {BANDS.map(({ band, label }) => (
              <li key={band}>
                <div>
                  <span>{label}</span>
                  <strong>{summary.bands[band]}</strong>
                </div>
                <Progress
                  label={`${label}: ${summary.bands[band]} leads`}
                  value={total ? (summary.bands[band] / total) * 100 : 0}
                />
              </li>
            ))}
          </Rows>
        )}
      </TitledCard>
      <TitledCard
        title="Automation Performance"
        description={`${performance.total} executions across ${performance.active} active workflows`}
      >
        {workflows.isLoading ? (
          <Spinner block label="Loading automation performance" />
        ) : (
          <Rows>
            {(workflows.data ?? []).map((workflow) => (
              <li key={workflow.id}>
                <div>
                  <span>
                    {workflow.name} <small>{workflow.active ? 'Active' : 'Paused'}</small>
                  </span>
                  <strong>{workflow.execution_count} runs</strong>
                </div>
                <Progress
                  label={`${workflow.name}: ${performance.shares[workflow.id] ?? 0}% of executions`}
                  value={performance.shares[workflow.id] ?? 0}
                />
                <small>Last run {workflow.last_executed_at ? ago(workflow.last_executed_at) : 'never'}</small>
              </li>
            ))}
          </Rows>
        )}
      </TitledCard>
    </AutoColumns>
  );
}
