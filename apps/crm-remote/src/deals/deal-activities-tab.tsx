import type { Deal } from '@tessera/data-access/contracts';
import { useActivities } from '@tessera/data-access/hooks';
import { Badge, Button, EmptyState } from '@tessera/ui';
import { useState } from 'react';
import styled from 'styled-components';
import { ActivityIcon } from './activity-icon';
import { ACTIVITY_KIND_LABELS, activityKind } from './activity-kind';
import { AddActivityDialog } from './add-activity-dialog';
import { dateTime, Section, SectionHead } from './deal-detail-parts';
import { useCrmCanWrite } from '../shared/use-crm-can-write';
import { CrmQueryView } from '../shared/crm-query-view';
import { EmailThreads } from '../shared/email-threads';

const Timeline = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(3)};
`;

const Item = styled.li`
  display: grid;
  grid-template-columns: 36px 1fr;
  gap: ${({ theme }) => theme.space(3)};
  padding-bottom: ${({ theme }) => theme.space(3)};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  h4 { margin: 0; font-size: ${({ theme }) => theme.font.size.md}; }
  p { margin: 2px 0 0; color: ${({ theme }) => theme.colors.textMuted}; font-size: ${({ theme }) => theme.font.size.sm}; }
`;

const Icon = styled.span`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 36px;
  height: 36px;
  border-radius: 50%;
  background: ${({ theme }) => theme.colors.primaryMuted};
  color: ${({ theme }) => theme.colors.primary};
`;

/** Activities tab (docs/product/activities.md#activity-timeline): the deal's Activity Timeline and Add Activity. */
export function DealActivitiesTab({ deal }: { deal: Deal }) {
  const canWrite = useCrmCanWrite();
  const activities = useActivities({ deal_id: deal.id, limit: 200 });
  const [adding, setAdding] = useState(false);
  const rows = activities.data ?? [];
  return (
    <Section aria-labelledby="deal-activity-timeline">
      <SectionHead>
        <h3 id="deal-activity-timeline">Activity Timeline</h3>
        {rows.length > 0 && canWrite ? <Button onClick={() => setAdding(true)}>Add Activity</Button> : null}
      </SectionHead>
      <CrmQueryView
        query={activities}
        loading="activities"
        shown={rows}
        empty={
          <EmptyState
            title="No activities recorded"
            action={
              canWrite ? <Button onClick={() => setAdding(true)}>Add First Activity</Button> : undefined
            }
          />
        }
      >
        {() => (
          <Timeline aria-label="Activities">
            {rows.map((activity) => {
              const kind = activityKind(activity.type);
              return (
                <Item key={activity.id}>
                  <Icon role="img" aria-label={ACTIVITY_KIND_LABELS[kind]}>
                    <ActivityIcon kind={kind} />
                  </Icon>
                  <div>
                    <h4>
                      {activity.subject}{' '}
                      <Badge $tone={activity.status === 'completed' ? 'success' : 'neutral'}>
                        {activity.status}
                      </Badge>
                    </h4>
                    <p>{dateTime(activity.created_at)}</p>
                    {activity.description ? <p>{activity.description}</p> : null}
                    {activity.due_date ? <p>Due {dateTime(activity.due_date)}</p> : null}
                  </div>
                </Item>
              );
            })}
          </Timeline>
        )}
      </CrmQueryView>
      <AddActivityDialog
        open={adding}
        onOpenChange={setAdding}
        dealId={deal.id}
        contactId={deal.contact_id}
      />
      <EmailThreads kind="deals" id={deal.id} dealId={deal.id} />
    </Section>
  );
}
