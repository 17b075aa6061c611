import { useActivities, useDueList, useModuleCatalogue } from '@tessera/data-access/hooks';
import { Badge, Card, Spinner, TextLink } from '@tessera/ui';
import styled from 'styled-components';

export const HomeList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  li { display: flex; gap: ${({ theme }) => theme.space(2)}; align-items: baseline; flex-wrap: wrap; }
  small { color: ${({ theme }) => theme.colors.textMuted}; }
`;

export const Failure = styled.p`
  color: ${({ theme }) => theme.colors.destructive};
  margin: 0;
`;

export const Quiet = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  margin: 0;
`;

function today(): string {
  return new Date().toISOString().slice(0, 10);
}

/** The user's pending CRM activities due by today (their own). */
function CrmActivitiesDue({ userId }: { userId: string | null }) {
  const activities = useActivities({ status: 'pending', limit: 200 });
  if (activities.isPending) return <Spinner label="Loading CRM activities" />;
  if (activities.isError)
    return <Failure role="alert">Could not load CRM activities: {activities.error.message}</Failure>;
  const day = today();
  const due = activities.data.filter(
    (activity) => activity.owner_id === userId && activity.due_date && activity.due_date.slice(0, 10) <= day,
  );
  if (due.length === 0) return null;
  return (
    <HomeList aria-label="CRM activities due">
      {due.map((activity) => {
        const dueDay = (activity.due_date ?? '').slice(0, 10);
        return (
          <li key={activity.id}>
            <TextLink to="/modules/crm/activities">{activity.subject}</TextLink>
            <small>Activity · CRM</small>
            {dueDay < day ? (
              <Badge $tone="destructive">Overdue since {dueDay}</Badge>
            ) : (
              <Badge $tone="warning">Due today</Badge>
            )}
          </li>
        );
      })}
    </HomeList>
  );
}

/** "Due today and overdue": the user's own records past or at their due date, and CRM activities. */
export function DueToday({ userId, showCrm }: { userId: string | null; showCrm: boolean }) {
  const due = useDueList();
  const { findModule } = useModuleCatalogue();
  let body: React.ReactNode;
  if (due.isPending) body = <Spinner label="Loading what is due" />;
  else if (due.isError)
    body = <Failure role="alert">Could not load what is due: {due.error.message}</Failure>;
  else if (due.data.items.length === 0) body = <Quiet>Nothing of yours is due today or overdue.</Quiet>;
  else
    body = (
      <HomeList aria-label="Records due">
        {due.data.items.map((item) => (
          <li key={item.id}>
            <TextLink to={`/modules/${item.moduleId}/${item.submoduleId}/${item.id}`}>{item.title}</TextLink>
            <small>
              {item.entityName} · {findModule(item.moduleId)?.name ?? item.moduleId}
            </small>
            {item.overdue ? (
              <Badge $tone="destructive">Overdue since {item.due}</Badge>
            ) : (
              <Badge $tone="warning">Due today</Badge>
            )}
          </li>
        ))}
        {due.data.truncated ? (
          <li>
            <Quiet>More are due than shown here.</Quiet>
          </li>
        ) : null}
      </HomeList>
    );
  return (
    <section aria-labelledby="home-due">
      <h3 id="home-due">Due today and overdue</h3>
      <Card>
        {body}
        {showCrm ? <CrmActivitiesDue userId={userId} /> : null}
      </Card>
    </section>
  );
}
