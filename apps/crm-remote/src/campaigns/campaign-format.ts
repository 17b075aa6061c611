import type { BadgeTone } from '@tessera/ui';
import type {
  CampaignDelivery,
  CampaignStatus,
  EmailCampaign,
  OutboxMessageStatus,
} from '@tessera/data-access/contracts';

export const CAMPAIGN_STATUS_LABEL: Record<CampaignStatus, string> = {
  draft: 'Draft',
  scheduled: 'Scheduled',
  sending: 'Sending',
  sent: 'Sent',
};

export const CAMPAIGN_STATUS_TONE: Record<CampaignStatus, BadgeTone> = {
  draft: 'neutral',
  scheduled: 'primary',
  sending: 'warning',
  sent: 'success',
};

export const MESSAGE_STATUS_LABEL: Record<OutboxMessageStatus, string> = {
  queued: 'Queued',
  sent: 'Sent',
  failed: 'Failed',
};

export const MESSAGE_STATUS_TONE: Record<OutboxMessageStatus, BadgeTone> = {
  queued: 'neutral',
  sent: 'success',
  failed: 'destructive',
};

/** Whether the campaign can still be sent (the API refuses the others with 409). */
export function canSendCampaign(status: CampaignStatus): boolean {
  return status === 'draft' || status === 'scheduled';
}

export interface DeliveryProgress {
  /** Messages that reached an end: handed over, or failed for good. */
  done: number;
  /** Null until the audience has been resolved. */
  total: number | null;
  text: string;
}

/** The progress line of a delivery: messages sent of total, and the failed ones. */
export function deliveryProgress(delivery: CampaignDelivery): DeliveryProgress {
  const done = delivery.sent + delivery.failed;
  if (delivery.total === null) {
    return {
      done,
      total: null,
      text: delivery.status === 'sending' ? 'Finding the recipients…' : 'Not sent yet',
    };
  }
  const failed = delivery.failed > 0 ? `, ${delivery.failed} failed` : '';
  return {
    done,
    total: delivery.total,
    text: `${delivery.sent} of ${delivery.total} messages sent${failed}`,
  };
}

const at = (value: string) => new Date(value).toLocaleString();

/** The time that matters for a campaign on the list: when it was sent, or when it will be. */
export function campaignWhen(
  campaign: Pick<EmailCampaign, 'status' | 'sent_at' | 'send_at' | 'send_requested_at'>,
): string {
  if (campaign.status === 'sent' && campaign.sent_at) return `Sent ${at(campaign.sent_at)}`;
  if (campaign.status === 'scheduled' && campaign.send_at) return `Scheduled for ${at(campaign.send_at)}`;
  if (campaign.status === 'sending' && campaign.send_requested_at)
    return `Sending since ${at(campaign.send_requested_at)}`;
  return '—';
}
