import { webhookEventMatches, webhookPatternsFor } from './integrations';

describe('webhook subscriptions', () => {
  it('take an event by its type, its family or everything, and nothing else', () => {
    expect(webhookPatternsFor('deal.stage_changed')).toEqual(['*', 'deal.*', 'deal.stage_changed']);
    expect(webhookEventMatches(['deal.stage_changed'], 'deal.stage_changed')).toBe(true);
    expect(webhookEventMatches(['deal.*'], 'deal.updated')).toBe(true);
    expect(webhookEventMatches(['*'], 'contact.created')).toBe(true);
    expect(webhookEventMatches(['contact.*', 'deal.created'], 'deal.updated')).toBe(false);
  });
});
