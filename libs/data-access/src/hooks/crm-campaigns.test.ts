import type { CampaignDelivery } from '@tessera/data-access/contracts';
import { campaignDeliveryFixture } from '../testing';
import { CAMPAIGN_DELIVERY_POLL_MS, campaignDeliveryQueryOptions, deliveryInProgress } from './crm-campaigns';

// A campaign sent to its two recipients.
const delivery = (changes: Partial<CampaignDelivery>): CampaignDelivery =>
  campaignDeliveryFixture({ status: 'sent', total: 2, sent: 2, recipients_total: 2, ...changes });

describe('campaign delivery queries', () => {
  it('are scoped by institution first', () => {
    expect(campaignDeliveryQueryOptions('org-1', 'c1').queryKey[0]).toBe('org-1');
    expect(campaignDeliveryQueryOptions(null, 'c1').queryKey[0]).toBe('personal');
  });

  it('keep reading while the campaign is being sent or messages wait, and stop after', () => {
    expect(deliveryInProgress(undefined)).toBe(false);
    expect(deliveryInProgress(delivery({ status: 'sending', queued: 0 }))).toBe(true);
    expect(deliveryInProgress(delivery({ status: 'sent', queued: 1 }))).toBe(true);
    expect(deliveryInProgress(delivery({ status: 'sent' }))).toBe(false);
    expect(deliveryInProgress(delivery({ status: 'draft', total: null, sent: 0 }))).toBe(false);
    expect(CAMPAIGN_DELIVERY_POLL_MS).toBe(2_000);
  });
});
