import {
  type CampaignAudience,
  type ContactStatus,
  type CreateCampaignInput,
  type EmailCampaign,
  parseTags,
  scheduleTimeProblem,
} from '@tessera/data-access/contracts';

/** What the editor holds: the fields as typed (tags as one line of text). */
export interface CampaignDraft {
  name: string;
  subject: string;
  body: string;
  statuses: ContactStatus[];
  leadSources: string[];
  tags: string;
}

/** Field errors by the editor's own field names. */
export type CampaignDraftErrors = Partial<Record<keyof CampaignDraft | 'send_at' | 'form', string>>;

export const emptyCampaignDraft = (): CampaignDraft => ({
  name: '',
  subject: '',
  body: '',
  statuses: [],
  leadSources: [],
  tags: '',
});

/** A stored campaign in the editor: the audience's single-value form folds into the lists. */
export function draftFromCampaign(campaign: EmailCampaign): CampaignDraft {
  const audience = campaign.audience ?? {};
  return {
    name: campaign.name,
    subject: campaign.subject,
    body: campaign.body ?? '',
    statuses: [...new Set([...(audience.statuses ?? []), ...(audience.status ? [audience.status] : [])])],
    leadSources: [
      ...new Set([...(audience.lead_sources ?? []), ...(audience.lead_source ? [audience.lead_source] : [])]),
    ],
    tags: (audience.tags ?? []).join(', '),
  };
}

/** The audience as the API takes it: only what is chosen. */
export function audienceFromDraft(draft: CampaignDraft): CampaignAudience {
  const audience: CampaignAudience = {};
  if (draft.statuses.length) audience.statuses = [...draft.statuses];
  if (draft.leadSources.length) audience.lead_sources = [...draft.leadSources];
  const tags = parseTags(draft.tags);
  if (tags.length) audience.tags = tags;
  return audience;
}

export function inputFromDraft(draft: CampaignDraft): CreateCampaignInput {
  return {
    name: draft.name.trim(),
    subject: draft.subject.trim(),
    body: draft.body,
    audience: audienceFromDraft(draft),
  };
}

/** What the screen can tell before asking the API (which checks everything again). */
export function validateCampaignDraft(draft: CampaignDraft): CampaignDraftErrors {
  const errors: CampaignDraftErrors = {};
  if (!draft.name.trim()) errors.name = 'Name is required';
  if (!draft.subject.trim()) errors.subject = 'Subject is required';
  return errors;
}

/** Sending (now, as a test or later) also needs a message. */
export function validateForSending(draft: CampaignDraft): CampaignDraftErrors {
  const errors = validateCampaignDraft(draft);
  if (!draft.body.trim()) errors.body = 'Write the message before sending the campaign';
  return errors;
}

/** A `datetime-local` value (local time, no zone) as an ISO instant; null when empty or invalid. */
export function sendAtFromLocal(local: string): string | null {
  if (!local) return null;
  const time = new Date(local);
  return Number.isNaN(time.getTime()) ? null : time.toISOString();
}

export function scheduleProblem(local: string, now: Date): string | null {
  const sendAt = sendAtFromLocal(local);
  if (!sendAt) return 'Enter a date and time';
  return scheduleTimeProblem(sendAt, now);
}

const SERVER_FIELDS: Record<string, keyof CampaignDraftErrors> = {
  name: 'name',
  subject: 'subject',
  body: 'body',
  send_at: 'send_at',
  'audience.statuses': 'statuses',
  'audience.status': 'statuses',
  'audience.lead_sources': 'leadSources',
  'audience.lead_source': 'leadSources',
  'audience.tags': 'tags',
  audience: 'form',
};

/** The API's 400 answer (messages by field) on the editor's fields; unknown fields go to the form. */
export function draftErrorsFrom(errors: Record<string, string[] | string> | undefined): CampaignDraftErrors {
  const mapped: CampaignDraftErrors = {};
  for (const [field, messages] of Object.entries(errors ?? {})) {
    const target = SERVER_FIELDS[field] ?? 'form';
    mapped[target] = [mapped[target], ...[messages].flat()].filter(Boolean).join('; ');
  }
  return mapped;
}

/** “1 recipient”, “12 recipients”. */
export function recipientsText(count: number): string {
  return `${count.toLocaleString('en-US')} recipient${count === 1 ? '' : 's'}`;
}
