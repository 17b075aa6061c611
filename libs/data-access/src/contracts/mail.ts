/**
 * E-mail as the product sends it: every message is written to the outbox first and delivered by
 * a background job (docs/product/email.md). Shared by the API and the Outbox screens.
 */
export const OUTBOX_MESSAGE_KINDS = [
  'invitation',
  'password_reset',
  'campaign',
  'automation',
  'direct',
  'test',
  'webhook',
  'quote',
] as const;
export type OutboxMessageKind = (typeof OUTBOX_MESSAGE_KINDS)[number];

export const OUTBOX_MESSAGE_STATUSES = ['queued', 'sent', 'failed'] as const;
export type OutboxMessageStatus = (typeof OUTBOX_MESSAGE_STATUSES)[number];

export interface OutboxMessageSummary {
  id: string;
  kind: OutboxMessageKind;
  recipient: string;
  subject: string;
  status: OutboxMessageStatus;
  /** `outbox`: no SMTP server is configured, so the message is kept here instead of leaving. */
  transport: 'smtp' | 'outbox' | null;
  attempts: number;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
  opened_at: string | null;
}

export interface OutboxMessageDetail extends OutboxMessageSummary {
  /**
   * Null when the message carries a sign-in secret (an invitation, a password reset): whatever its
   * delivery state, no reader gets its text, only the facts that it was sent, to whom and how it went.
   */
  text_body: string | null;
  html_body: string | null;
  /** The message's links, in order (none for a message that carries a sign-in secret). */
  links: string[];
  /** The message carries a sign-in secret, so its text is withheld. */
  carries_sign_in_link: boolean;
  /**
   * An invitation's link, for the person who made that invitation while it is pending and they hold
   * the role it grants or higher; null for everyone else. Without a mail server this is how a first
   * run hands the link over.
   */
  invitation_link: string | null;
}

export interface OutboxPage {
  items: OutboxMessageSummary[];
  total: number;
  /** Whether messages leave by SMTP; without it they stay in the outbox. */
  smtp_configured: boolean;
}

/** A deliberately strict address check: one @, a dot in the domain, no spaces. */
export const EMAIL_ADDRESS_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

export function isEmailAddress(value: string): boolean {
  return value.length <= 320 && EMAIL_ADDRESS_PATTERN.test(value);
}

const MERGE_FIELD = /\{\{\s*([a-z_][a-z0-9_]*)\s*\}\}/gi;

/** Merge fields written `{{first_name}}`; an unknown or empty field becomes the empty string. */
export function renderMergeFields(
  template: string,
  values: Record<string, string | null | undefined>,
): string {
  return template.replace(MERGE_FIELD, (_match, name: string) => values[name.toLowerCase()] ?? '');
}

export function mergeFieldNames(template: string): string[] {
  return [...new Set([...template.matchAll(MERGE_FIELD)].map((match) => match[1].toLowerCase()))];
}

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

const URL_IN_TEXT = /https?:\/\/[^\s<>"']+/g;
/** A sentence's full stop or a closing bracket after a link is not part of it. */
const TRAILING_PUNCTUATION = /[.,;:!?)]+$/;

/** The links of a plain-text message, in order of appearance. */
export function linksInText(text: string): string[] {
  return [...new Set((text.match(URL_IN_TEXT) ?? []).map((url) => url.replace(TRAILING_PUNCTUATION, '')))];
}

/**
 * Plain text to the HTML part of a message: escaped, paragraphs kept, links clickable. One shape
 * for every message the product writes, so the preview and the delivered mail agree. The language
 * and the subject as the document's title are for screen readers of mail clients that show it as a page.
 */
export function textToMailHtml(text: string, subject: string): string {
  const paragraphs = text.split(/\n{2,}/).map((paragraph) => {
    const escaped = escapeHtml(paragraph).replace(/\n/g, '<br>');
    const linked = escaped.replace(URL_IN_TEXT, (match) => {
      const url = match.replace(TRAILING_PUNCTUATION, '');
      return `<a href="${url}">${url}</a>${match.slice(url.length)}`;
    });
    return `<p>${linked}</p>`;
  });
  // A draft's preview may have no subject yet; a document still needs a title, as mail clients name such a message.
  const title = subject.trim() || '(no subject)';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body style="font-family:system-ui,sans-serif;line-height:1.5">${paragraphs.join('')}</body></html>`;
}

const OUTBOX_KIND_LABELS: Record<OutboxMessageKind, string> = {
  invitation: 'Invitation',
  password_reset: 'Password reset',
  campaign: 'Campaign',
  automation: 'Automation',
  direct: 'Direct message',
  test: 'Test message',
  webhook: 'Webhook notice',
  quote: 'Quote',
};

export function outboxKindLabel(kind: string): string {
  return (OUTBOX_KIND_LABELS as Record<string, string>)[kind] ?? kind;
}

/**
 * A message's state in people's words. `sent` through the outbox transport means nothing left
 * the building: no mail server is configured, so the message is kept for the Outbox page.
 */
export function outboxStatusLabel(message: Pick<OutboxMessageSummary, 'status' | 'transport' | 'attempts'>): {
  label: string;
  tone: 'success' | 'warning' | 'destructive' | 'neutral';
} {
  if (message.status === 'failed') return { label: 'Failed', tone: 'destructive' };
  if (message.status === 'queued')
    return message.attempts > 0
      ? { label: 'Retrying', tone: 'warning' }
      : { label: 'Waiting to be sent', tone: 'neutral' };
  if (message.transport === 'outbox') return { label: 'Kept here (no mail server)', tone: 'neutral' };
  return { label: 'Sent', tone: 'success' };
}
