import { type Lead } from '@tessera/data-access/contracts';
import { useActivities, useCreateActivity, useTimeAgo, useUpdateLead } from '@tessera/data-access/hooks';
import { Button, Card, TextField, toast, AutoColumns } from '@tessera/ui';
import { useState } from 'react';
import styled from 'styled-components';
import { useCrmCanWrite } from '../shared/use-crm-can-write';
import { leadName, titleCase } from '../shared/lead-format';
import { callDueAt, nextDay } from './qualification-logic';
import { SendEmailDialog } from './send-email-dialog';

const ActionsGrid = styled(AutoColumns)`
  h4 { margin: 0 0 ${({ theme }) => theme.space(2)}; }
  p { color: ${({ theme }) => theme.colors.textMuted}; font-size: ${({ theme }) => theme.font.size.sm}; }
  ul { margin: 0; padding-left: 18px; font-size: ${({ theme }) => theme.font.size.sm}; }
`;

/** Quick actions on the lead: advance its stage, schedule a call, send an e-mail; its recent activity. */
export function QuickActionsTab({ lead }: { lead: Lead }) {
  const ago = useTimeAgo();
  const update = useUpdateLead();
  const createActivity = useCreateActivity();
  const activities = useActivities({ lead_id: lead.id, limit: 10 });
  const canWrite = useCrmCanWrite();
  const [callDate, setCallDate] = useState(() => nextDay(new Date()));
  const [composing, setComposing] = useState(false);

  return (
    <ActionsGrid $min="260px">
      <Card>
        <h4>Advance Stage</h4>
        <p>Current stage: {titleCase(lead.stage)}</p>
        <Button
          disabled={!canWrite || update.isPending || lead.stage === 'qualified'}
          onClick={() =>
            update.mutate(
              { id: lead.id, changes: { stage: 'qualified' } },
              {
                onSuccess: () => toast({ title: 'Lead stage updated successfully' }),
                onError: () =>
                  toast({
                    title: 'Error',
                    description: 'Failed to update lead stage',
                    variant: 'destructive',
                  }),
              },
            )
          }
        >
          Advance to Qualified
        </Button>
      </Card>
      <Card>
        <h4>Schedule a Call</h4>
        <TextField label="Call date" type="date" value={callDate} onValueChange={setCallDate} />
        <Button
          disabled={!canWrite || createActivity.isPending || !callDate}
          onClick={() =>
            createActivity.mutate(
              {
                type: 'call',
                subject: `Call ${leadName(lead)}`,
                status: 'pending',
                due_date: callDueAt(callDate),
                lead_id: lead.id,
              },
              {
                onSuccess: () =>
                  toast({
                    title: 'Call scheduled',
                    description: `Call with ${leadName(lead)} on ${callDate}`,
                  }),
                onError: () =>
                  toast({ title: 'Error', description: 'Failed to schedule call', variant: 'destructive' }),
              },
            )
          }
        >
          Schedule Call
        </Button>
      </Card>
      <Card>
        <h4>Send an Email</h4>
        {lead.email ? (
          <>
            <p>To {lead.email}</p>
            <Button disabled={!canWrite} onClick={() => setComposing(true)}>
              Send Email
            </Button>
            <SendEmailDialog
              open={composing}
              onOpenChange={setComposing}
              recipient={{ kind: 'lead', id: lead.id, firstName: lead.first_name, email: lead.email }}
            />
          </>
        ) : (
          <p>This lead has no email address.</p>
        )}
      </Card>
      <Card aria-label="Recent activity">
        <h4>Recent Activity</h4>
        {(activities.data ?? []).length === 0 ? (
          <p>No activities yet.</p>
        ) : (
          <ul>
            {(activities.data ?? []).map((activity) => (
              <li key={activity.id}>
                {activity.subject} — {titleCase(activity.type)}, {activity.status} ({ago(activity.created_at)}
                )
              </li>
            ))}
          </ul>
        )}
      </Card>
    </ActionsGrid>
  );
}
