import { isApiError } from '@tessera/data-access/client';
import {
  describeAudience,
  OUTBOX_MESSAGE_STATUSES,
  type OutboxMessageStatus,
} from '@tessera/data-access/contracts';
import {
  useAudienceCount,
  useCampaign,
  useCampaignDelivery,
  useCancelCampaignSchedule,
  useSendCampaign,
  useSendCampaignTest,
} from '@tessera/data-access/hooks';
import {
  Actions,
  Badge,
  Button,
  ButtonLink,
  Card,
  EmptyState,
  Progress,
  Select,
  Spinner,
  DataTable,
  toast,
} from '@tessera/ui';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import styled from 'styled-components';
import { useCrmCanWrite } from '../shared/use-crm-can-write';
import {
  CAMPAIGN_STATUS_LABEL,
  CAMPAIGN_STATUS_TONE,
  canSendCampaign,
  deliveryProgress,
  MESSAGE_STATUS_LABEL,
  MESSAGE_STATUS_TONE,
} from './campaign-format';
import { CrmPageFrame } from '../shared/crm-page-frame';
import { recipientsText } from './campaign-draft';

/** Recipients listed on the page; the figures above count them all. */
const RECIPIENTS_SHOWN = 100;

const Summary = styled(Card)`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  margin-bottom: ${({ theme }) => theme.space(5)};
  .line { display: flex; flex-wrap: wrap; gap: ${({ theme }) => theme.space(3)}; align-items: center; }
  p { margin: 0; }
  .error { color: ${({ theme }) => theme.colors.destructive}; }
`;

const Figures = styled.dl`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  grid-template-columns: repeat(auto-fit, minmax(120px, 1fr));
  margin: 0 0 ${({ theme }) => theme.space(5)};
  div { padding: ${({ theme }) => theme.space(3)}; border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radii.md}; }
  dt { font-size: ${({ theme }) => theme.font.size.sm}; color: ${({ theme }) => theme.colors.textMuted}; }
  dd { margin: 0; font-size: ${({ theme }) => theme.font.size.xl}; font-weight: 700; }
`;

const AudienceCard = styled(Card)`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  margin-bottom: ${({ theme }) => theme.space(5)};
  p { margin: 0; }
`;

const RECIPIENT_FILTERS = [
  { value: 'all', label: 'All recipients' },
  ...OUTBOX_MESSAGE_STATUSES.map((status) => ({ value: status, label: MESSAGE_STATUS_LABEL[status] })),
];

const problemOf = (error: unknown, fallback: string) =>
  isApiError(error) && (error.status === 400 || error.status === 409)
    ? (Object.values(error.errors ?? {}).flat()[0] ?? error.message)
    : fallback;

const when = (value: string | null) => (value ? new Date(value).toLocaleString() : '—');

/**
 * /modules/crm/campaigns/:campaignId: a campaign's delivery as the queue sees it, read again every
 * two seconds while it is being sent, so a reload shows where it is. A draft can be sent here.
 */
export function CampaignDeliveryPage({ basePath }: { basePath: string }) {
  const { campaignId = '' } = useParams();
  const [recipientStatus, setRecipientStatus] = useState<OutboxMessageStatus | 'all'>('all');
  const campaign = useCampaign(campaignId);
  const delivery = useCampaignDelivery(campaignId, {
    limit: RECIPIENTS_SHOWN,
    ...(recipientStatus !== 'all' ? { status: recipientStatus } : {}),
  });
  const send = useSendCampaign();
  const sendTest = useSendCampaignTest();
  const cancelSchedule = useCancelCampaignSchedule();
  const canWrite = useCrmCanWrite();
  const notSentYet = campaign.data?.status === 'draft' || campaign.data?.status === 'scheduled';
  const audienceCount = useAudienceCount(campaign.data?.audience ?? {}, Boolean(campaign.data) && notSentYet);
  const crumbs = [{ label: 'Email Campaigns', to: `${basePath}/campaigns` }];

  if (campaign.isLoading || delivery.isLoading) return <Spinner block label="Loading campaign" />;
  if (!campaign.data || !delivery.data)
    return (
      <CrmPageFrame basePath={basePath} title="Campaign" crumbs={crumbs}>
        <EmptyState title="Campaign not found" />
      </CrmPageFrame>
    );

  const current = campaign.data;
  const figures = delivery.data;
  const progress = deliveryProgress(figures);
  const sendNow = () =>
    send.mutate(current.id, {
      onSuccess: () => {
        toast({ title: 'Campaign is being sent', description: current.name });
        void campaign.refetch();
        void delivery.refetch();
      },
      onError: (error) =>
        toast({
          title: 'Error',
          description: problemOf(error, 'Failed to send campaign'),
          variant: 'destructive',
        }),
    });
  const testNow = () =>
    sendTest.mutate(current.id, {
      onSuccess: (sent) => toast({ title: 'Test email sent', description: `Sent to ${sent.to}` }),
      onError: (error) =>
        toast({
          title: 'Error',
          description: problemOf(error, 'Failed to send the test email'),
          variant: 'destructive',
        }),
    });
  const cancelNow = () =>
    cancelSchedule.mutate(current.id, {
      onSuccess: () =>
        toast({ title: 'Schedule cancelled', description: `${current.name} is a draft again` }),
      onError: (error) =>
        toast({
          title: 'Error',
          description: problemOf(error, 'Failed to cancel the schedule'),
          variant: 'destructive',
        }),
    });

  return (
    <CrmPageFrame
      basePath={basePath}
      title={current.name}
      crumbs={crumbs}
      actions={
        canSendCampaign(current.status) ? (
          <Actions>
            {current.status === 'draft' ? (
              canWrite ? (
                <ButtonLink variant="secondary" to={`${basePath}/campaigns/${current.id}/edit`}>
                  Edit
                </ButtonLink>
              ) : (
                <Button variant="secondary" disabled>
                  Edit
                </Button>
              )
            ) : (
              <Button
                variant="secondary"
                disabled={!canWrite || cancelSchedule.isPending}
                onClick={cancelNow}
              >
                Cancel Schedule
              </Button>
            )}
            <Button variant="secondary" disabled={!canWrite || sendTest.isPending} onClick={testNow}>
              {sendTest.isPending ? 'Sending test…' : 'Send Test'}
            </Button>
            <Button disabled={!canWrite || send.isPending} onClick={sendNow}>
              {send.isPending ? 'Sending…' : 'Send Campaign'}
            </Button>
          </Actions>
        ) : null
      }
    >
      <AudienceCard aria-label="Audience">
        <p>
          <strong>Audience:</strong> {describeAudience(current.audience ?? {})}
        </p>
        {current.status === 'scheduled' && current.send_at ? (
          <p>Scheduled for {when(current.send_at)}</p>
        ) : null}
        {notSentYet ? (
          <p>
            {audienceCount.data
              ? `${recipientsText(audienceCount.data.recipients)} if sent now`
              : audienceCount.isError
                ? 'The recipients could not be counted.'
                : 'Counting recipients…'}
          </p>
        ) : null}
      </AudienceCard>
      <Summary aria-label="Delivery">
        <div className="line">
          <Badge $tone={CAMPAIGN_STATUS_TONE[current.status]}>{CAMPAIGN_STATUS_LABEL[current.status]}</Badge>
          <span>Subject: {current.subject}</span>
        </div>
        <Progress label="Messages sent" value={progress.done} max={progress.total || 1} />
        <p role="status">{progress.text}</p>
        <p>
          Sending asked {when(figures.requested_at)} · completed {when(figures.completed_at)}
        </p>
        {figures.error ? <p className="error">Retrying: {figures.error}</p> : null}
      </Summary>
      <Figures aria-label="Delivery figures">
        {(
          [
            ['Queued', figures.queued],
            ['Sent', figures.sent],
            ['Failed', figures.failed],
            ['Opened', figures.opened],
            ['Clicked', figures.clicked],
            ['Unsubscribed', figures.unsubscribed],
          ] as const
        ).map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </Figures>
      {figures.total !== null || recipientStatus !== 'all' ? (
        <Select
          label="Show"
          value={recipientStatus}
          options={RECIPIENT_FILTERS}
          onValueChange={(value) => setRecipientStatus(value as OutboxMessageStatus | 'all')}
        />
      ) : null}
      {figures.recipients.length === 0 ? (
        <EmptyState
          title={recipientStatus !== 'all' ? 'No recipients with this status' : 'No messages yet'}
        />
      ) : (
        <DataTable
          caption={`Recipients ${
            figures.recipients_total > figures.recipients.length
              ? `(first ${figures.recipients.length} of ${figures.recipients_total})`
              : `(${figures.recipients_total})`
          }`}
          columns={['Name', 'Email', 'Status', 'Sent', 'Opened', 'Clicked', 'Unsubscribed']}
        >
          {figures.recipients.map((recipient) => (
            <tr key={recipient.message_id}>
              <td>{recipient.name ?? '—'}</td>
              <td>{recipient.email}</td>
              <td>
                <Badge $tone={MESSAGE_STATUS_TONE[recipient.status]}>
                  {MESSAGE_STATUS_LABEL[recipient.status]}
                </Badge>
                {recipient.last_error ? <div>{recipient.last_error}</div> : null}
              </td>
              <td>{when(recipient.sent_at)}</td>
              <td>{when(recipient.opened_at)}</td>
              <td>{when(recipient.clicked_at)}</td>
              <td>{when(recipient.unsubscribed_at)}</td>
            </tr>
          ))}
        </DataTable>
      )}
    </CrmPageFrame>
  );
}
