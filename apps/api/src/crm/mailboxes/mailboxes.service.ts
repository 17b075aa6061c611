import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { isEmailAddress, type Mailbox } from '@tessera/data-access/contracts';
import type { DataSource } from 'typeorm';
import { scopeSql } from '../../access/scoped-query';
import type { TenantScope } from '../../access/tenant-scope';
import { NotFoundError } from '../../common/domain-errors';
import { sealSecret } from '../../common/secret-box';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import type { ConnectMailboxDto, UpdateMailboxDto } from './dto/mailbox.dto';
import { MailboxSyncService } from './mailbox-sync.service';

const MAILBOX_COLUMNS = `id, imap_host, imap_port, imap_tls, username, visibility, status, last_error,
  last_synced_at, sync_days, created_at`;

/**
 * A person's connected mailboxes (docs/product/mailboxes.md): each person sees and changes only
 * their own, in the scope they connected it in. The password is sealed before it is stored and
 * never leaves the server.
 */
@Injectable()
export class MailboxesService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly sync: MailboxSyncService,
  ) {}

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
    const created = await this.dataSource.transaction(async (manager) => {
      const [row]: Mailbox[] = await manager.query(
        `INSERT INTO crm_mailboxes (org_id, owner_id, imap_host, imap_port, imap_tls, username, password_sealed,
                                    email_address, visibility, sync_days)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING ${MAILBOX_COLUMNS}`,
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
      const where = scopeSql(scope, 'm', 3);
      // An UPDATE answers its rows and the count.
      const [[row]]: [Mailbox[], number] = await manager.query(
        `UPDATE crm_mailboxes m SET
            visibility = COALESCE($4, m.visibility),
            password_sealed = COALESCE($5, m.password_sealed),
            -- A new password is tried at once, without waiting out the back-off.
            status = CASE WHEN $5::text IS NULL THEN m.status ELSE 'pending' END,
            failures = CASE WHEN $5::text IS NULL THEN m.failures ELSE 0 END,
            updated_at = now()
          WHERE m.id = $1 AND m.owner_id = $2 AND ${where.sql}
          RETURNING ${MAILBOX_COLUMNS}`,
        [
          id,
          scope.userId,
          ...where.params,
          input.visibility ?? null,
          input.password === undefined ? null : sealSecret(this.config.mailboxEncryptionKey, input.password),
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
