import {
  GOAL_PACE_LABELS,
  goalProgressText,
  goalTitle,
  type SalesGoal,
} from '@tessera/data-access/contracts';
import { useSalesGoals } from '@tessera/data-access/hooks';
import { Badge, Card, Progress, Spinner, TextLink } from '@tessera/ui';
import styled from 'styled-components';

const Section = styled.section`
  margin-bottom: ${({ theme }) => theme.space(8)};
  > h3 { font-size: ${({ theme }) => theme.font.size.lg}; margin-bottom: ${({ theme }) => theme.space(3)}; }
  ul { list-style: none; margin: 0 0 ${({ theme }) => theme.space(3)}; padding: 0; display: grid; gap: ${({ theme }) => theme.space(3)}; }
  li { display: grid; gap: 4px; }
  .head { display: flex; justify-content: space-between; gap: ${({ theme }) => theme.space(2)}; font-weight: 600; }
  .figures { color: ${({ theme }) => theme.colors.textMuted}; font-size: ${({ theme }) => theme.font.size.sm}; }
`;

function paceOf(goal: SalesGoal) {
  if (goal.progress.achieved) return <Badge $tone="success">Achieved</Badge>;
  return (
    <Badge $tone={goal.progress.pace === 'on_track' ? 'success' : 'warning'}>
      {GOAL_PACE_LABELS[goal.progress.pace]}
    </Badge>
  );
}

/**
 * The CRM's sales goals of the periods under way, with progress and pace (docs/product/goals.md);
 * left out of the home while the institution has none.
 */
export function HomeGoals() {
  const goals = useSalesGoals(true);
  if (goals.isSuccess && goals.data.length === 0) return null;
  return (
    <Section aria-labelledby="home-goals">
      <h3 id="home-goals">Sales goals</h3>
      <Card>
        {goals.isPending ? (
          <Spinner label="Loading goals" />
        ) : goals.isError ? (
          <p role="alert">Could not load goals: {goals.error.message}</p>
        ) : (
          <ul aria-label="Sales goal progress">
            {goals.data.map((goal) => {
              const title = goalTitle(goal);
              return (
                <li key={goal.id}>
                  <span className="head">
                    {title} {paceOf(goal)}
                  </span>
                  <Progress label={title} value={Math.min(100, goal.progress.percent)} />
                  <span className="figures">{goalProgressText(goal)}</span>
                </li>
              );
            })}
          </ul>
        )}
        <TextLink to="/modules/crm">Open goals in CRM</TextLink>
      </Card>
    </Section>
  );
}
