import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { SentCrmEmail } from '@tessera/data-access/contracts';
import type { DataSource } from 'typeorm';
import type { TenantScope } from '../../access/tenant-scope';
import { InvalidInputError, NotFoundError } from '../../common/domain-errors';
import { scopeSql } from '../../access/scoped-query';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { outboxMessageId } from '../../mail/mail-transport';
import { noLink, recordOutboundEmail, senderOf } from '../mailboxes/outbound-email';
import { CrmMailer, type CrmEmailRecipient } from './crm-mailer';
import type { SendEmailDto } from './dto/send-email.dto';

type Addressee = 'lead' | 'contact';

const TABLES: Record<Addressee, { table: 'crm_leads' | 'crm_contacts'; label: string }> = {
  lead: { table: 'crm_leads', label: 'Lead' },
  contact: { table: 'crm_contacts', label: 'Contact' },
};

/** A message a person writes on a lead or a contact (the Send Email quick action). */
@Injectable()
export class DirectEmailService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly mailer: CrmMailer,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  send(scope: TenantScope, to: Addressee, id: string, input: SendEmailDto): Promise<SentCrmEmail> {
    const { table, label } = TABLES[to];
    return this.dataSource.transaction(async (manager) => {
      const where = scopeSql(scope, 't', 2);
      const [row]: Array<Omit<CrmEmailRecipient, 'lead_id' | 'contact_id'> & { id: string }> =
        await manager.query(
          `SELECT t.id, t.org_id, t.owner_id, t.first_name, t.last_name, t.company, t.email
             FROM ${table} t WHERE t.id = $1 AND ${where.sql}`,
          [id, ...where.params],
        );
      if (!row) throw new NotFoundError(label);
      const sender = await senderOf(manager, scope);
      const outcome = await this.mailer.send(manager, {
        kind: 'direct',
        recipient: { ...row, [to === 'lead' ? 'lead_id' : 'contact_id']: row.id },
        subject: input.subject,
        body: input.body,
        sentBy: scope.userId,
        loggedBy: scope.userId,
        describe: (address) => `Sent to ${address}`,
        replyTo: sender.address,
        throughMailbox: sender.sendsThrough,
      });
      if (!outcome.sent) {
        const message =
          outcome.reason === 'no_address' ? `This ${to} has no e-mail address` : outcome.message;
        throw new InvalidInputError(message, { to: [message] });
      }
      // It starts a conversation on the record: the answer, synced from the writer's mailbox, joins it.
      await recordOutboundEmail(manager, {
        scope,
        sender,
        messageId: outboxMessageId(outcome.messageId, this.config.publicUrl),
        outboxId: outcome.messageId,
        subject: outcome.subject,
        body: outcome.text,
        to: outcome.to,
        inReplyTo: null,
        references: [],
        threadKey: null,
        links: [{ ...noLink, [to === 'lead' ? 'lead_id' : 'contact_id']: row.id }],
      });
      return {
        message_id: outcome.messageId,
        activity_id: outcome.activityId,
        to: outcome.to,
        subject: outcome.subject,
      };
    });
  }
}
