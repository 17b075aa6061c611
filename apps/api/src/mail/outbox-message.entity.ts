import type { OutboxMessageKind, OutboxMessageStatus } from '@tessera/data-access/contracts';
import type { MailThreading } from './mail-transport';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

@Entity('mail_outbox')
export class OutboxMessageEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('uuid', { name: 'org_id', nullable: true })
  orgId: string | null;

  @Column('text')
  kind: OutboxMessageKind;

  @Column('text')
  recipient: string;

  @Column('text')
  subject: string;

  @Column('text', { name: 'text_body' })
  textBody: string;

  @Column('text', { name: 'html_body', nullable: true })
  htmlBody: string | null;

  @Column('boolean')
  sensitive: boolean;

  @Column('text')
  status: OutboxMessageStatus;

  @Column('text', { nullable: true })
  transport: 'smtp' | 'outbox' | null;

  @Column('integer')
  attempts: number;

  @Column('text', { name: 'last_error', nullable: true })
  lastError: string | null;

  @Column('text', { name: 'idempotency_key', nullable: true })
  idempotencyKey: string | null;

  @Column('text', { name: 'tracking_token' })
  trackingToken: string;

  @Column('uuid', { name: 'campaign_id', nullable: true })
  campaignId: string | null;

  @Column('uuid', { name: 'contact_id', nullable: true })
  contactId: string | null;

  /** Reply-To, In-Reply-To and References of a reply written in the CRM. */
  @Column('jsonb', { nullable: true })
  headers: MailThreading | null;

  /** The person's mailbox whose SMTP server sends it (From their address); null: the default server. */
  @Column('uuid', { name: 'mailbox_id', nullable: true })
  mailboxId: string | null;

  @Column('uuid', { name: 'created_by', nullable: true })
  createdBy: string | null;

  @Column('timestamptz', { name: 'opened_at', nullable: true })
  openedAt: Date | null;

  @Column('timestamptz', { name: 'clicked_at', nullable: true })
  clickedAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;

  @Column('timestamptz', { name: 'sent_at', nullable: true })
  sentAt: Date | null;
}
