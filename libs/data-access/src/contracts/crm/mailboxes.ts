/**
 * Connected mailboxes and the e-mail conversations on CRM timelines (docs/product/mailboxes.md):
 * POST/GET/PATCH/DELETE /api/mailboxes, GET /api/crm/{contacts,leads,companies,deals}/:id/emails.
 */

/** Who else in the institution sees a mailbox's messages: all of them, their subjects only, or nothing. */
export const MAILBOX_VISIBILITIES = ['shared', 'subjects_only', 'private'] as const;
export type MailboxVisibility = (typeof MAILBOX_VISIBILITIES)[number];

export const MAILBOX_VISIBILITY_LABELS: Record<MailboxVisibility, string> = {
  shared: 'Subjects and bodies',
  subjects_only: 'Subjects only',
  private: 'Private',
};

/** pending: not synced yet; syncing: a sync is running; synced: up to date; failed: the last attempt failed (retried). */
export const MAILBOX_STATUSES = ['pending', 'syncing', 'synced', 'failed'] as const;
export type MailboxStatus = (typeof MAILBOX_STATUSES)[number];

export const MAILBOX_STATUS_LABELS: Record<MailboxStatus, string> = {
  pending: 'Waiting for the first sync',
  syncing: 'Syncing',
  synced: 'Up to date',
  failed: 'Sync failed',
};

/**
 * A mailbox's own SMTP server (docs/product/mailboxes.md#sending-from-your-own-address): host, port
 * and TLS come together. `smtp_tls` true is TLS from the first byte (port 465); false upgrades with
 * STARTTLS when the server offers it (587), else stays plain. Without `smtp_username` and
 * `smtp_password` the IMAP username and password sign in.
 */
export interface MailboxSmtpInput {
  /** Null: no SMTP settings (on PATCH: remove them). */
  smtp_host?: string | null;
  smtp_port?: number;
  smtp_tls?: boolean;
  smtp_username?: string | null;
  smtp_password?: string | null;
}

/** POST /api/mailboxes. The passwords are stored sealed and never returned. */
export interface ConnectMailboxInput extends MailboxSmtpInput {
  imap_host: string;
  imap_port: number;
  imap_tls: boolean;
  username: string;
  password: string;
  visibility?: MailboxVisibility;
}

/**
 * PATCH /api/mailboxes/:id: visibility, a new password (bad credentials fixed), SMTP settings (host,
 * port and TLS together; `smtp_host: null` removes them). A null SMTP username or password goes back
 * to the IMAP one; left out, it is kept.
 */
export interface UpdateMailboxInput extends MailboxSmtpInput {
  visibility?: MailboxVisibility;
  password?: string;
}

export interface Mailbox {
  id: string;
  imap_host: string;
  imap_port: number;
  imap_tls: boolean;
  username: string;
  visibility: MailboxVisibility;
  status: MailboxStatus;
  /** The server's own words when the last attempt failed (bad credentials, unreachable). */
  last_error: string | null;
  last_synced_at: string | null;
  /** How far back the first sync reads. */
  sync_days: number;
  created_at: string;
  smtp_host: string | null;
  smtp_port: number | null;
  smtp_tls: boolean | null;
  /** Null: the IMAP username signs in to SMTP too. */
  smtp_username: string | null;
  /** The SMTP password is a separate one (never returned itself). */
  smtp_password_set: boolean;
  /** E-mail written in the CRM goes From this mailbox's address through its SMTP server. */
  sends_from_own_address: boolean;
}

export const MAILBOX_LIMITS = {
  hostMax: 255,
  usernameMax: 320,
  passwordMax: 1000,
} as const;

export type EmailDirection = 'inbound' | 'outbound';

export interface EmailAttachment {
  id: string;
  file_name: string;
  content_type: string;
  size_bytes: number;
}

/** One message of a thread as the reader may see it: `body_hidden` when its mailbox shares subjects only. */
export interface EmailMessage {
  id: string;
  direction: EmailDirection;
  subject: string;
  from_address: string;
  from_name: string | null;
  to_addresses: string[];
  cc_addresses: string[];
  received_at: string;
  /** Plain text; null when hidden. */
  text_body: string | null;
  /** Sanitised HTML, safe to insert; null when hidden or absent. */
  html_body: string | null;
  body_hidden: boolean;
  attachments: EmailAttachment[];
  /** The person whose mailbox (or reply) it came from. */
  owner_id: string;
}

export interface EmailThread {
  /** The thread's root Message-ID. */
  thread_key: string;
  subject: string;
  last_message_at: string;
  /** Oldest first, as a conversation reads. */
  messages: EmailMessage[];
}

/** POST /api/crm/emails/:messageId/reply — or compose with POST /api/crm/{contacts,leads,deals}/:id/emails/compose. */
export interface ReplyEmailInput {
  body: string;
  subject?: string;
}

/** What a reply or compose answers: the stored outbound message, already on the thread. */
export interface SentEmailMessage {
  id: string;
  thread_key: string;
  message_id: string;
  to: string;
  subject: string;
}

/** The lower-cased address and its domain, or null for something that is not an address. */
export function addressDomain(address: string): string | null {
  const at = address.lastIndexOf('@');
  if (at <= 0 || at === address.length - 1) return null;
  return (
    address
      .slice(at + 1)
      .trim()
      .toLowerCase() || null
  );
}

/** "Re: " once, as mail clients do: a reply to "Re: Quote" stays "Re: Quote". */
export function replySubject(subject: string): string {
  const trimmed = subject.trim();
  return /^re:/i.test(trimmed) ? trimmed : `Re: ${trimmed}`;
}

/**
 * The thread a message belongs to, by RFC 5322 convention: the first of its References is the
 * conversation's first message; else the thread of the message it answers (`parentThread`, when
 * known), else that message's id; else the message starts a thread of its own. Order of arrival
 * does not matter when clients write References, as they do.
 */
export function threadKeyOf(message: {
  message_id: string;
  in_reply_to: string | null;
  references: readonly string[];
  parentThread?: string | null;
}): string {
  return message.references[0] ?? message.parentThread ?? message.in_reply_to ?? message.message_id;
}
