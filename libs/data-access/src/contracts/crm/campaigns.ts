import { renderMergeFields, textToMailHtml } from '../mail';
import { type CrmMailPerson, crmMergeValues } from './email';
import { sourceLabel } from './display';
import type { CampaignAudience } from './types';

/** A campaign's figures on the list: recipients of its messages, and what they did. */
export interface CampaignFigures {
  /** Messages written for the campaign (one per recipient address). */
  recipients: number;
  /** Messages handed over to the mail server (or kept in the outbox without one). */
  delivered: number;
  opened: number;
  clicked: number;
  unsubscribed: number;
}

/** GET /api/crm/email-campaigns: each campaign with its figures. */
export interface CampaignListItem {
  figures: CampaignFigures;
}

/** POST /api/crm/email-campaigns/audience-count: who an audience reaches now. */
export interface CampaignAudienceCount {
  recipients: number;
}

/** POST /api/crm/email-campaigns/:id/schedule. */
export interface ScheduleCampaignInput {
  /** ISO date-time, in the future. */
  send_at: string;
}

/** POST /api/crm/email-campaigns/:id/test: the test message, queued to the signed-in user. */
export interface CampaignTestSend {
  message_id: string;
  to: string;
  subject: string;
}

/** A test message says so in its subject, so nobody mistakes it for the real send. */
export const CAMPAIGN_TEST_SUBJECT_PREFIX = '[Test] ';

export const SCHEDULE_IN_PAST_MESSAGE = 'Choose a time in the future';

/** Whether a scheduled time is acceptable at `now`: a real date, later than now. */
export function scheduleTimeProblem(sendAt: string, now: Date): string | null {
  const time = Date.parse(sendAt);
  if (Number.isNaN(time)) return 'Enter a date and time';
  return time > now.getTime() ? null : SCHEDULE_IN_PAST_MESSAGE;
}

/** The person the editor's live preview is written to when no contact is chosen. */
export const CAMPAIGN_PREVIEW_PERSON: CrmMailPerson = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  company: 'Analytical Engines',
  email: 'ada@example.com',
};

/**
 * The campaign as one recipient reads it, merge fields filled: the subject, the text as written,
 * and the HTML part in the product's one mail shape. The API sends this (adding its tracked links
 * and footer) and the editor's live preview shows it, so both agree.
 */
export function renderCampaignMessage(
  template: { subject: string; body: string },
  person: CrmMailPerson,
): { subject: string; text: string; html: string } {
  const values = crmMergeValues(person);
  const text = renderMergeFields(template.body, values).trimEnd();
  const subject = renderMergeFields(template.subject, values).trim();
  return { subject, text, html: textToMailHtml(text, subject) };
}

/** The statuses of an audience: the list, or the single status of campaigns written before it. */
export function audienceStatuses(audience: CampaignAudience): string[] {
  return [...new Set([...(audience.statuses ?? []), ...(audience.status ? [audience.status] : [])])];
}

export function audienceLeadSources(audience: CampaignAudience): string[] {
  return [
    ...new Set([...(audience.lead_sources ?? []), ...(audience.lead_source ? [audience.lead_source] : [])]),
  ];
}

/** An audience in words, for the list and the delivery view. */
export function describeAudience(audience: CampaignAudience): string {
  const parts: string[] = [];
  const statuses = audienceStatuses(audience);
  const sources = audienceLeadSources(audience);
  if (statuses.length) parts.push(`Status: ${statuses.map(sourceLabel).join(' or ')}`);
  if (sources.length) parts.push(`Source: ${sources.map(sourceLabel).join(' or ')}`);
  if (audience.tags?.length) parts.push(`Tags: ${audience.tags.join(' and ')}`);
  return parts.length ? parts.join(' · ') : 'Every contact with an e-mail';
}

/** Tags as typed in the audience builder: comma separated, trimmed, no repeats. */
export function parseTags(text: string): string[] {
  return [
    ...new Set(
      text
        .split(',')
        .map((tag) => tag.trim())
        .filter(Boolean),
    ),
  ];
}
