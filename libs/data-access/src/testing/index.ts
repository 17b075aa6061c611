/**
 * Fixtures of the contracts' shapes for unit tests of the screens and hooks: complete values with
 * neutral defaults, so each test states only what it is about. Never imported by product code.
 */
import type { CampaignDelivery } from '../contracts';

/** A campaign's delivery with nothing sent yet; `changes` set what a test is about. */
export function campaignDeliveryFixture(changes: Partial<CampaignDelivery> = {}): CampaignDelivery {
  return {
    campaign_id: 'c1',
    status: 'sending',
    requested_at: null,
    completed_at: null,
    total: 0,
    queued: 0,
    sent: 0,
    failed: 0,
    opened: 0,
    clicked: 0,
    unsubscribed: 0,
    error: null,
    recipients: [],
    recipients_total: 0,
    limit: 50,
    offset: 0,
    ...changes,
  };
}
