import type { ActivityStatus } from '@tessera/data-access/contracts';
import { useActivities, useCompleteActivity } from '@tessera/data-access/hooks';
import { Badge, Button, EmptyState, Select, Spinner, Table, TableScroll, toast } from '@tessera/ui';
import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { useCrmCanWrite } from '../shared/use-crm-can-write';

const Head = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space(3)};
  margin-bottom: ${({ theme }) => theme.space(3)};
  h2 { margin: 0; font-size: ${({ theme }) => theme.font.size.xl}; }
  > div:last-child { margin-bottom: 0; min-width: 200px; }
`;

function dueLabel(value: string | null): string {
  if (!value) return 'No due date';
  return new Date(value).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
}

export interface ActivitiesListProps {
  /** A shorter list (the Overview's recent activity). */
  limit?: number;
  title?: string;
  /** Show the status filter. */
  filterable?: boolean;
}

/** Activities with type, subject, status and due date; pending ones can be marked completed. */
export function ActivitiesList({
  limit = 200,
  title = 'Activities',
  filterable = true,
}: ActivitiesListProps) {
  const canWrite = useCrmCanWrite();
  const [status, setStatus] = useState<'all' | ActivityStatus>('all');
  const activities = useActivities({ limit, status: status === 'all' ? undefined : status });
  const complete = useCompleteActivity();
  useEffect(() => {
    if (activities.isError)
      toast({
        title: 'Error',
        description: 'Failed to fetch CRM data. Please try again.',
        variant: 'destructive',
      });
  }, [activities.isError]);
  const rows = activities.data ?? [];
  const headingId = `activities-${title.replaceAll(' ', '-').toLowerCase()}`;
  return (
    <section aria-labelledby={headingId}>
      <Head>
        <h2 id={headingId}>{title}</h2>
        {filterable ? (
          <Select
            label="Status"
            value={status}
            options={[
              { value: 'all', label: 'All' },
              { value: 'pending', label: 'Pending' },
              { value: 'completed', label: 'Completed' },
            ]}
            onValueChange={(value) => setStatus(value as 'all' | ActivityStatus)}
          />
        ) : null}
      </Head>
      {activities.isPending ? (
        <Spinner label="Loading activities" block />
      ) : rows.length === 0 ? (
        <EmptyState title="No activities recorded" />
      ) : (
        <TableScroll>
          <Table>
            <thead>
              <tr>
                <th scope="col">Type</th>
                <th scope="col">Subject</th>
                <th scope="col">Status</th>
                <th scope="col">Due date</th>
                <th scope="col">
                  <span style={{ position: 'absolute', left: -9999 }}>Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((activity) => (
                <tr key={activity.id}>
                  <td>{activity.type.replaceAll('_', ' ')}</td>
                  <td>{activity.subject}</td>
                  <td>
                    <Badge $tone={activity.status === 'completed' ? 'success' : 'warning'}>
                      {activity.status}
                    </Badge>
                  </td>
                  <td>{dueLabel(activity.due_date)}</td>
                  <td>
                    {activity.status === 'pending' && canWrite ? (
                      <Button
                        size="sm"
                        variant="secondary"
                        disabled={complete.isPending && complete.variables === activity.id}
                        aria-label={`Mark completed: ${activity.subject}`}
                        onClick={() =>
                          complete.mutate(activity.id, {
                            onSuccess: () =>
                              toast({ title: 'Activity completed', description: activity.subject }),
                            onError: () =>
                              toast({ title: 'Failed to complete activity', variant: 'destructive' }),
                          })
                        }
                      >
                        Mark completed
                      </Button>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        </TableScroll>
      )}
    </section>
  );
}
