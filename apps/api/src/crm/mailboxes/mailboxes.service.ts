import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { isEmailAddress, type Mailbox } from '@tessera/data-access/contracts';
import type { DataSource } from 'typeorm';
import { scopeSql } from '../../access/scoped-query';
import type { TenantScope } from '../../access/tenant-scope';
import { NotFoundError } from '../../common/domain-errors';
import { openSecret, sealSecret } from '../../common/secret-box';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { type MailboxSmtpRoute, PermanentMailError } from '../../mail/mail-transport';
import { OutboxService } from '../../mail/outbox.service';
import type { ConnectMailboxDto, UpdateMailboxDto } from './dto/mailbox.dto';
import { MailboxSyncService } from './mailbox-sync.service';

const MAILBOX_COLUMNS = `id, imap_host, imap_port, imap_tls, username, visibility, status, last_error,
  last_synced_at, sync_days, created_at, smtp_host, smtp_port, smtp_tls, smtp_username,
  smtp_password_sealed IS NOT NULL AS smtp_password_set, smtp_host IS NOT NULL AS sends_from_own_address`;

function trimmedOrNull(value: string | null | undefined): string | null {
  return value?.trim() || null;
}

/**
 * A person's connected mailboxes (docs/product/mailboxes.md): each person sees and changes only
 * their own, in the scope they connected it in. The password is sealed before it is stored and
 * never leaves the server.
 */
@Injectable()
export class MailboxesService implements OnModuleInit {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly sync: MailboxSyncService,
    private readonly outbox: OutboxService,
  ) {}

  onModuleInit(): void {
    this.outbox.routeThroughMailboxes((mailboxId) => this.smtpRoute(mailboxId));
  }

  /**
   * How the outbox reaches a mailbox's own SMTP server, read when a message is sent (a job, no
   * request scope: the outbox row names the mailbox). Null when the settings were removed since.
   */
  private async smtpRoute(mailboxId: string): Promise<MailboxSmtpRoute | null> {
    const [row]: Array<{
      smtp_host: string;
      smtp_port: number;
      smtp_tls: boolean;
      smtp_username: string;
      password_sealed: string;
      email_address: string | null;
    }> = await this.dataSource.query(
      `SELECT smtp_host, smtp_port, smtp_tls, COALESCE(smtp_username, username) AS smtp_username,
              COALESCE(smtp_password_sealed, password_sealed) AS password_sealed, email_address
         FROM crm_mailboxes WHERE id = $1 AND smtp_host IS NOT NULL`,
      [mailboxId],
    );
    if (!row?.email_address) return null;
    let password: string;
    try {
      password = openSecret(this.config.mailboxEncryptionKey, row.password_sealed);
    } catch {
      throw new PermanentMailError('The stored SMTP password can no longer be read: enter it again');
    }
    return {
      mailboxId,
      host: row.smtp_host,
      port: row.smtp_port,
      tls: row.smtp_tls,
      username: row.smtp_username,
      password,
      from: row.email_address,
    };
  }

  private sealOrNull(secret: string | null | undefined): string | null {
    return secret ? sealSecret(this.config.mailboxEncryptionKey, secret) : null;
  }

  async list(scope: TenantScope): Promise<Mailbox[]> {
    const where = scopeSql(scope, 'm', 2);
    return this.dataSource.query(
      `SELECT ${MAILBOX_COLUMNS} FROM crm_mailboxes m
        WHERE m.owner_id = $1 AND ${where.sql} ORDER BY m.created_at, m.id`,
      [scope.userId, ...where.params],
    );
  }

  async connect(scope: TenantScope, input: ConnectMailboxDto): Promise<Mailbox> {
    const username = input.username.trim();
    const address = isEmailAddress(username.toLowerCase())
      ? username.toLowerCase()
      : scope.email.toLowerCase();
    const smtp = trimmedOrNull(input.smtp_host);
    const created = await this.dataSource.transaction(async (manager) => {
      const [row]: Mailbox[] = await manager.query(
        `INSERT INTO crm_mailboxes (org_id, owner_id, imap_host, imap_port, imap_tls, username, password_sealed,
                                    email_address, visibility, sync_days, smtp_host, smtp_port, smtp_tls,
                                    smtp_username, smtp_password_sealed)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15) RETURNING ${MAILBOX_COLUMNS}`,
        [
          scope.institutionId,
          scope.userId,
          input.imap_host.trim().toLowerCase(),
          input.imap_port,
          input.imap_tls,
          username,
          sealSecret(this.config.mailboxEncryptionKey, input.password),
          address,
          input.visibility ?? 'shared',
          this.config.mailboxSyncDays,
          ...(smtp
            ? [
                smtp.trim().toLowerCase(),
                input.smtp_port,
                input.smtp_tls,
                trimmedOrNull(input.smtp_username),
                this.sealOrNull(input.smtp_password),
              ]
            : [null, null, null, null, null]),
        ],
      );
      await this.sync.schedule(manager, row.id);
      return row;
    });
    // The person is looking at the mailbox's status: start its first sync now, not at the next poll.
    this.sync.wake();
    return created;
  }

  async update(scope: TenantScope, id: string, input: UpdateMailboxDto): Promise<Mailbox> {
    const updated = await this.dataSource.transaction(async (manager) => {
      const where = scopeSql(scope, 'm', 13);
      // SMTP settings come whole (host, port, TLS) or are removed with `smtp_host: null`.
      const smtpChanges = input.smtp_host !== undefined;
      const smtpHost = trimmedOrNull(input.smtp_host)?.toLowerCase() ?? null;
      const removesSmtp = smtpChanges && !smtpHost;
      const usernameChanges = input.smtp_username !== undefined || removesSmtp;
      const passwordChanges = input.smtp_password !== undefined || removesSmtp;
      // An UPDATE answers its rows and the count.
      const [[row]]: [Mailbox[], number] = await manager.query(
        `UPDATE crm_mailboxes m SET
            visibility = COALESCE($3, m.visibility),
            password_sealed = COALESCE($4, m.password_sealed),
            -- A new password is tried at once, without waiting out the back-off.
            status = CASE WHEN $4::text IS NULL THEN m.status ELSE 'pending' END,
            failures = CASE WHEN $4::text IS NULL THEN m.failures ELSE 0 END,
            smtp_host = CASE WHEN $5::boolean THEN $6 ELSE m.smtp_host END,
            smtp_port = CASE WHEN $5::boolean THEN $7::integer ELSE m.smtp_port END,
            smtp_tls = CASE WHEN $5::boolean THEN $8::boolean ELSE m.smtp_tls END,
            smtp_username = CASE WHEN $9::boolean THEN $10 ELSE m.smtp_username END,
            smtp_password_sealed = CASE WHEN $11::boolean THEN $12 ELSE m.smtp_password_sealed END,
            updated_at = now()
          WHERE m.id = $1 AND m.owner_id = $2 AND ${where.sql}
          RETURNING ${MAILBOX_COLUMNS}`,
        [
          id,
          scope.userId,
          input.visibility ?? null,
          input.password === undefined ? null : sealSecret(this.config.mailboxEncryptionKey, input.password),
          smtpChanges,
          smtpHost,
          smtpHost ? input.smtp_port : null,
          smtpHost ? input.smtp_tls : null,
          usernameChanges,
          removesSmtp ? null : trimmedOrNull(input.smtp_username),
          passwordChanges,
          removesSmtp ? null : this.sealOrNull(input.smtp_password),
          ...where.params,
        ],
      );
      if (!row) throw new NotFoundError('Mailbox');
      if (input.password !== undefined) await this.sync.schedule(manager, row.id);
      return row;
    });
    if (input.password !== undefined) this.sync.wake();
    return updated;
  }

  /** Disconnecting removes the mailbox and every message synced from it. */
  async remove(scope: TenantScope, id: string): Promise<void> {
    const where = scopeSql(scope, 'm', 3);
    const [, count]: [unknown[], number] = await this.dataSource.query(
      `DELETE FROM crm_mailboxes m WHERE m.id = $1 AND m.owner_id = $2 AND ${where.sql} RETURNING m.id`,
      [id, scope.userId, ...where.params],
    );
    if (count === 0) throw new NotFoundError('Mailbox');
  }
}
