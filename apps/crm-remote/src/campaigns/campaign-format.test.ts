import type { CampaignDelivery } from '@tessera/data-access/contracts';
import { campaignDeliveryFixture } from '@tessera/data-access/testing';
import { canSendCampaign, deliveryProgress } from './campaign-format';

// A campaign being sent to 250 people.
const delivery = (changes: Partial<CampaignDelivery>): CampaignDelivery =>
  campaignDeliveryFixture({ total: 250, ...changes });

describe('campaign delivery on screen', () => {
  it('says how many messages were sent of how many', () => {
    expect(deliveryProgress(delivery({ sent: 12, queued: 238 }))).toEqual({
      done: 12,
      total: 250,
      text: '12 of 250 messages sent',
    });
    expect(deliveryProgress(delivery({ sent: 248, failed: 2, status: 'sent' }))).toEqual({
      done: 250,
      total: 250,
      text: '248 of 250 messages sent, 2 failed',
    });
  });

  it('says when the recipients are not known yet, or nothing was sent', () => {
    expect(deliveryProgress(delivery({ total: null })).text).toBe('Finding the recipients…');
    expect(deliveryProgress(delivery({ total: null, status: 'draft' })).text).toBe('Not sent yet');
  });

  it('lets drafts and scheduled campaigns be sent, once', () => {
    expect(canSendCampaign('draft')).toBe(true);
    expect(canSendCampaign('scheduled')).toBe(true);
    expect(canSendCampaign('sending')).toBe(false);
    expect(canSendCampaign('sent')).toBe(false);
  });
});
