/**
 * Fixtures of the contracts' shapes for unit tests of the screens and hooks: complete values with
 * neutral defaults, so each test states only what it is about. Never imported by product code.
 */
import type { CampaignDelivery, CaptureLeadInput } from '../contracts';

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

/** A capture form filled in full, every answer the hottest: it scores 100. */
export function hotLeadCaptureFixture(changes: Partial<CaptureLeadInput> = {}): CaptureLeadInput {
  return {
    first_name: 'Ada',
    last_name: 'Lovelace',
    email: 'ada@example.com',
    phone: '+1 555 0100',
    position: 'CTO',
    company: 'Analytical Engines',
    website: 'https://engines.example.com',
    industry: 'technology',
    company_size: '51-200',
    budget_range: '50k+',
    timeline: 'immediate',
    lead_source: 'website',
    pain_points: 'Our spreadsheets are out of control and reports take three days every month.',
    notes: 'Met at the conference',
    ...changes,
  };
}
