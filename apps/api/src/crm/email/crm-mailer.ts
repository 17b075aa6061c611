import { Injectable } from '@nestjs/common';
import { crmMergeValues, isEmailAddress, renderMergeFields } from '@tessera/data-access/contracts';
import type { EntityManager } from 'typeorm';
import { OutboxService } from '../../mail/outbox.service';
import { logActivities } from '../activities/activity-log';
import { isUnsubscribed } from './unsubscribes';

/** Who an e-mail goes to: a lead or a contact, in its scope. */
export interface CrmEmailRecipient {
  org_id: string | null;
  owner_id: string;
  lead_id?: string | null;
  contact_id?: string | null;
  first_name: string | null;
  last_name: string | null;
  company: string | null;
  email: string | null;
}

export interface CrmEmail {
  /** `automation`: a workflow or rule action; `direct`: written by a person on the record. */
  kind: 'automation' | 'direct';
  recipient: CrmEmailRecipient;
  /** Templates: merge fields are filled from the recipient. */
  subject: string;
  body: string;
  /** The user the message is sent for (the outbox's created_by), if any. */
  sentBy: string | null;
  /** Owner of the email activity logged on the record. */
  loggedBy: string;
  /** The activity's details. */
  describe: (to: string) => string;
  /** Where answers go, when not to MAIL_FROM: the writer's own address (docs/product/mailboxes.md#replying). */
  replyTo?: string;
  /** The writer's mailbox whose own SMTP server sends it (From their address), if it has one. */
  throughMailbox?: string | null;
}

export type CrmEmailOutcome =
  | { sent: true; messageId: string; activityId: string; to: string; subject: string; text: string }
  | { sent: false; reason: 'no_address' | 'invalid_address' | 'unsubscribed'; message: string };

/**
 * The one "send an e-mail" action of the CRM, used by workflow and automation-rule actions and by
 * the compose dialog: fills the merge fields, queues the message in the outbox and logs the
 * completed email activity, all in the caller's transaction, so the message exists exactly when
 * the change that caused it commits. Automated messages skip unsubscribed addresses; a message a
 * person writes to one record does not.
 */
@Injectable()
export class CrmMailer {
  constructor(private readonly outbox: OutboxService) {}

  async send(manager: EntityManager, email: CrmEmail): Promise<CrmEmailOutcome> {
    const { recipient } = email;
    const to = recipient.email?.trim().toLowerCase() ?? '';
    if (!to) return { sent: false, reason: 'no_address', message: 'No e-mail address: e-mail not sent' };
    if (!isEmailAddress(to))
      return { sent: false, reason: 'invalid_address', message: `${to} is not a valid e-mail address` };
    if (email.kind === 'automation' && (await isUnsubscribed(manager, recipient, to)))
      return { sent: false, reason: 'unsubscribed', message: `${to} has unsubscribed: e-mail not sent` };

    const values = crmMergeValues(recipient);
    const subject = renderMergeFields(email.subject, values).trim();
    const text = renderMergeFields(email.body, values);
    const [messageId] = await this.outbox.queue(manager, [
      {
        orgId: recipient.org_id,
        kind: email.kind,
        to,
        subject,
        text,
        threading: email.replyTo ? { replyTo: email.replyTo } : undefined,
        throughMailbox: email.throughMailbox,
        contactId: recipient.contact_id ?? undefined,
        // An automated message is sent for the record's owner: a personal record's message is
        // theirs, and only theirs to see in the outbox.
        createdBy: email.sentBy ?? recipient.owner_id,
      },
    ]);
    const [activityId] = await logActivities(manager, [
      {
        org_id: recipient.org_id,
        owner_id: email.loggedBy,
        contact_id: recipient.contact_id ?? null,
        lead_id: recipient.lead_id ?? null,
        type: 'email',
        subject,
        description: email.describe(to),
        status: 'completed',
      },
    ]);
    return { sent: true, messageId, activityId, to, subject, text };
  }
}

/** The body of an automated e-mail whose action names only a subject. */
export function defaultAutomationBody(subject: string): string {
  return `Hello {{first_name}},\n\n${subject}\n`;
}
