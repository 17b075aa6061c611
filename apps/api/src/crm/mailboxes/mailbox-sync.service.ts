import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { addressDomain, DEAL_FILE_MAX_BYTES, threadKeyOf } from '@tessera/data-access/contracts';
import { type FetchMessageObject, ImapFlow } from 'imapflow';
import { type AddressObject, type ParsedMail, simpleParser } from 'mailparser';
import { type DataSource, type EntityManager, QueryFailedError } from 'typeorm';
import { runInTenantContext } from '../../access/tenant-context';
import { scopeSql } from '../../access/scoped-query';
import { openSecret } from '../../common/secret-box';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { type JobContext, JobQueue } from '../../jobs/job-queue.service';
import { cleanFileName } from '../files/crm-files.service';
import { SequencesService } from '../sequences/sequences.service';
import { type MailboxMatches, matchAddresses } from './mailbox-matching';
import { sanitizeEmailHtml } from './sanitize-email-html';

export const MAILBOX_SYNC_JOB = 'mailboxes.sync';

/** Messages read from the server per step; each step commits with its folder's cursor. */
const BATCH = 100;
/** The longest pause between two attempts on a failing mailbox. */
const MAX_BACK_OFF_SECONDS = 60 * 60;

type FolderRole = 'inbox' | 'sent';

interface MailboxRow {
  id: string;
  org_id: string | null;
  owner_id: string;
  imap_host: string;
  imap_port: number;
  imap_tls: boolean;
  username: string;
  password_sealed: string;
  email_address: string | null;
  sync_days: number;
  failures: number;
}

/** A failure of the mailbox's server (refused sign-in, unreachable, an IMAP error): shown on the mailbox and retried. */
class MailboxServerError extends Error {}

/** The server's own words for a failure, as the mailbox shows them. */
function serverMessage(error: unknown): string {
  const failure = error as { responseText?: string; message?: string; code?: string };
  const text = failure.responseText?.trim() || failure.message || String(error);
  return text.slice(0, 500);
}

function addressesOf(
  field: AddressObject | AddressObject[] | undefined,
): Array<{ address: string; name: string }> {
  const objects = Array.isArray(field) ? field : field ? [field] : [];
  return objects.flatMap((object) =>
    object.value.flatMap(function flatten(entry): Array<{ address: string; name: string }> {
      if (entry.group) return entry.group.flatMap(flatten);
      return entry.address ? [{ address: entry.address.trim().toLowerCase(), name: entry.name }] : [];
    }),
  );
}

function messageIds(value: string | string[] | undefined): string[] {
  const list = Array.isArray(value) ? value : value ? value.split(/\s+/) : [];
  return list.map((id) => id.trim()).filter((id) => id.length > 0 && id.length <= 998);
}

/**
 * Syncs connected mailboxes over IMAP (docs/product/mailboxes.md): one job per mailbox on the
 * queue, which schedules the next one when it ends (every MAILBOX_POLL_SECONDS, or later with
 * back-off after a failure). Inbox and Sent are found by their special-use flags. Each folder
 * keeps its UIDVALIDITY and the last UID stored; every step stores a batch of messages together
 * with the new cursor in one transaction, so a killed sync resumes where it stopped and the
 * unique Message-ID per owner means a step done twice stores nothing twice. A new UIDVALIDITY
 * means the server renumbered the folder: it is read again from the start, skipping what is stored.
 */
@Injectable()
export class MailboxSyncService implements OnModuleInit {
  private readonly logger = new Logger('Mailboxes');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly jobs: JobQueue,
    private readonly sequences: SequencesService,
  ) {}

  onModuleInit(): void {
    this.jobs.register<{ mailboxId: string }>({
      name: MAILBOX_SYNC_JOB,
      handler: (data, job) => this.run(data.mailboxId, job),
      // One sync of a mailbox at a time, and one waiting: the running one schedules its successor.
      queue: {
        policy: 'stately',
        retryLimit: 5,
        retryDelay: 5,
        retryBackoff: true,
        expireInSeconds: 60 * 60,
      },
      concurrency: 2,
      onFailure: (data, reason) => this.failed(data.mailboxId, reason),
    });
  }

  /** Queues a sync of the mailbox in `manager`'s transaction (now, or after `delaySeconds`). */
  async schedule(manager: EntityManager, mailboxId: string, delaySeconds = 0): Promise<void> {
    await this.jobs.send(
      MAILBOX_SYNC_JOB,
      { mailboxId },
      {
        manager,
        singletonKey: mailboxId,
        startAfter: delaySeconds > 0 ? new Date(Date.now() + delaySeconds * 1000) : undefined,
      },
    );
  }

  /** Starts this process's idle sync workers now (after a sync was queued and committed). */
  wake(): void {
    this.jobs.wake(MAILBOX_SYNC_JOB);
  }

  private async run(mailboxId: string, job: JobContext): Promise<void> {
    const [mailbox]: MailboxRow[] = await this.dataSource.query(
      `SELECT id, org_id, owner_id, imap_host, imap_port, imap_tls, username, password_sealed, email_address,
              sync_days, failures
         FROM crm_mailboxes WHERE id = $1`,
      [mailboxId],
    );
    // Disconnected since: nothing to do, and no successor.
    if (!mailbox) return;
    await this.dataSource.query(
      `UPDATE crm_mailboxes SET status = 'syncing', updated_at = now() WHERE id = $1 AND status IN ('pending', 'failed')`,
      [mailboxId],
    );
    let failure: string | null = null;
    try {
      await runInTenantContext({ institutionId: mailbox.org_id, userId: mailbox.owner_id }, () =>
        this.syncMailbox(mailbox, job.signal),
      );
    } catch (error) {
      // The database or a stop request: the job is retried and resumes from the stored cursors.
      if (error instanceof QueryFailedError || job.signal.aborted || !(error instanceof MailboxServerError))
        throw error;
      failure = error.message;
    }
    await this.finish(mailboxId, failure);
  }

  /** Records how the attempt ended and schedules the next one, in one transaction: the chain never breaks. */
  private async finish(mailboxId: string, failure: string | null): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      // An UPDATE answers its rows and the count; no row: disconnected meanwhile.
      const [[row]]: [Array<{ failures: number }>, number] = await manager.query(
        failure === null
          ? `UPDATE crm_mailboxes SET status = 'synced', last_error = NULL, failures = 0, last_synced_at = now(),
                    updated_at = now() WHERE id = $1 RETURNING failures`
          : `UPDATE crm_mailboxes SET status = 'failed', last_error = $2, failures = failures + 1, updated_at = now()
              WHERE id = $1 RETURNING failures`,
        failure === null ? [mailboxId] : [mailboxId, failure],
      );
      if (!row) return;
      const poll = this.config.mailboxPollSeconds;
      const delay =
        failure === null ? poll : Math.min(poll * 2 ** Math.max(0, row.failures - 1), MAX_BACK_OFF_SECONDS);
      await this.schedule(manager, mailboxId, delay);
    });
    if (failure !== null) this.logger.warn(`mailbox ${mailboxId}: ${failure}`);
  }

  private async failed(mailboxId: string, reason: string): Promise<void> {
    await this.finish(mailboxId, reason.slice(0, 500));
  }

  private async syncMailbox(mailbox: MailboxRow, signal: AbortSignal): Promise<void> {
    let password: string;
    try {
      password = openSecret(this.config.mailboxEncryptionKey, mailbox.password_sealed);
    } catch {
      throw new MailboxServerError('The stored password can no longer be read: enter it again');
    }
    const client = new ImapFlow({
      host: mailbox.imap_host,
      port: mailbox.imap_port,
      secure: mailbox.imap_tls,
      auth: { user: mailbox.username, pass: password },
      logger: false,
      connectionTimeout: 20_000,
      greetingTimeout: 15_000,
      socketTimeout: 120_000,
    });
    // A dropped connection is reported through the failing command; without a listener it would crash the process.
    client.on('error', () => undefined);
    try {
      await client.connect();
    } catch (error) {
      throw new MailboxServerError(serverMessage(error));
    }
    try {
      const folders = await this.folders(client);
      for (const folder of folders) {
        if (signal.aborted) throw new Error('Sync stopped');
        await this.syncFolder(client, mailbox, folder.role, folder.path, signal);
      }
    } catch (error) {
      if (error instanceof QueryFailedError || error instanceof MailboxServerError) throw error;
      if (signal.aborted) throw error;
      throw new MailboxServerError(serverMessage(error));
    } finally {
      await client.logout().catch(() => client.close());
    }
  }

  private async folders(client: ImapFlow): Promise<Array<{ role: FolderRole; path: string }>> {
    const list = await client.list();
    const inbox = list.find((folder) => folder.specialUse === '\\Inbox')?.path ?? 'INBOX';
    const sent = list.find((folder) => folder.specialUse === '\\Sent')?.path;
    return [{ role: 'inbox', path: inbox }, ...(sent ? [{ role: 'sent' as const, path: sent }] : [])];
  }

  private async syncFolder(
    client: ImapFlow,
    mailbox: MailboxRow,
    role: FolderRole,
    path: string,
    signal: AbortSignal,
  ): Promise<void> {
    const lock = await client.getMailboxLock(path, { readOnly: true });
    try {
      const opened = client.mailbox;
      if (!opened) throw new MailboxServerError(`Could not open ${path}`);
      const uidValidity = opened.uidValidity.toString();
      const folder = await this.folderCursor(mailbox, role, path, uidValidity);
      const since = new Date(Date.now() - mailbox.sync_days * 24 * 60 * 60 * 1000);
      const found = await client.search({ since, uid: `${folder.lastUid + 1}:*` }, { uid: true });
      // `n:*` always names the last message, even when its UID is below n.
      const uids = (found || []).filter((uid) => uid > folder.lastUid).sort((a, b) => a - b);
      for (let start = 0; start < uids.length; start += BATCH) {
        if (signal.aborted) throw new Error('Sync stopped');
        const batch = uids.slice(start, start + BATCH);
        await this.syncBatch(client, mailbox, folder.id, role, uidValidity, batch);
      }
    } finally {
      lock.release();
    }
  }

  /** The folder's cursor; a UIDVALIDITY other than the stored one starts the folder again. */
  private async folderCursor(
    mailbox: MailboxRow,
    role: FolderRole,
    path: string,
    uidValidity: string,
  ): Promise<{ id: string; lastUid: number }> {
    const [row]: Array<{ id: string; last_uid: string }> = await this.dataSource.query(
      `INSERT INTO crm_mailbox_folders AS f (mailbox_id, org_id, owner_id, role, path, uid_validity)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (mailbox_id, role) DO UPDATE SET
         path = EXCLUDED.path,
         last_uid = CASE WHEN f.uid_validity IS DISTINCT FROM EXCLUDED.uid_validity THEN 0 ELSE f.last_uid END,
         uid_validity = EXCLUDED.uid_validity,
         updated_at = now()
       RETURNING id, last_uid`,
      [mailbox.id, mailbox.org_id, mailbox.owner_id, role, path, uidValidity],
    );
    return { id: row.id, lastUid: Number(row.last_uid) };
  }

  private async syncBatch(
    client: ImapFlow,
    mailbox: MailboxRow,
    folderId: string,
    role: FolderRole,
    uidValidity: string,
    uids: number[],
  ): Promise<void> {
    const heads = await client.fetchAll(uids.join(','), { uid: true, envelope: true }, { uid: true });
    const ownDomain = addressDomain(mailbox.email_address ?? '');
    const headAddresses = new Map<number, string[]>();
    for (const head of heads) {
      const envelope = head.envelope;
      const all = [...(envelope?.from ?? []), ...(envelope?.to ?? []), ...(envelope?.cc ?? [])]
        .map((entry) => entry.address?.trim().toLowerCase())
        .filter((address): address is string => Boolean(address));
      headAddresses.set(head.uid, all);
    }
    const matches = await matchAddresses(
      this.dataSource.manager,
      mailbox,
      [...new Set([...headAddresses.values()].flat())],
      ownDomain,
    );
    // Only messages that name someone of the CRM are read in full: the rest stays on the server.
    const wanted = heads
      .filter((head) => matches.linksFor(headAddresses.get(head.uid) ?? []).length > 0)
      .map((head) => head.uid);
    const full: FetchMessageObject[] = wanted.length
      ? await client.fetchAll(
          wanted.join(','),
          { uid: true, source: true, internalDate: true },
          { uid: true },
        )
      : [];
    const parsed = await Promise.all(
      full.map(async (message) => ({
        uid: message.uid,
        internalDate: message.internalDate ? new Date(message.internalDate) : null,
        mail: message.source ? await simpleParser(message.source) : null,
      })),
    );
    const lastUid = Math.max(...uids);
    await this.dataSource.transaction(async (manager) => {
      const [cursor]: Array<{ last_uid: string; uid_validity: string }> = await manager.query(
        'SELECT last_uid, uid_validity FROM crm_mailbox_folders WHERE id = $1 FOR UPDATE',
        [folderId],
      );
      // Another attempt got here first, or the folder was renumbered meanwhile.
      if (!cursor || cursor.uid_validity !== uidValidity || Number(cursor.last_uid) >= lastUid) return;
      for (const message of parsed) {
        if (!message.mail) continue;
        await this.store(manager, mailbox, role, message.uid, message.mail, message.internalDate, matches);
      }
      await manager.query('UPDATE crm_mailbox_folders SET last_uid = $2, updated_at = now() WHERE id = $1', [
        folderId,
        lastUid,
      ]);
    });
  }

  private async store(
    manager: EntityManager,
    mailbox: MailboxRow,
    role: FolderRole,
    uid: number,
    mail: ParsedMail,
    internalDate: Date | null,
    matches: MailboxMatches,
  ): Promise<void> {
    const from = addressesOf(mail.from)[0];
    const to = addressesOf(mail.to).map((entry) => entry.address);
    const cc = addressesOf(mail.cc).map((entry) => entry.address);
    const links = matches.linksFor([...(from ? [from.address] : []), ...to, ...cc]);
    if (links.length === 0) return;
    const messageId = messageIds(mail.messageId)[0] ?? `<uid-${uid}.${mailbox.id}@tessera.invalid>`;
    const inReplyTo = messageIds(mail.inReplyTo)[0] ?? null;
    const references = messageIds(mail.references);
    const scope = { institutionId: mailbox.org_id, userId: mailbox.owner_id };
    let parentThread: string | null = null;
    if (inReplyTo && references.length === 0) {
      const where = scopeSql(scope, 'e', 2);
      const [parent]: Array<{ thread_key: string }> = await manager.query(
        `SELECT e.thread_key FROM crm_email_messages e WHERE e.message_id = $1 AND ${where.sql} LIMIT 1`,
        [inReplyTo, ...where.params],
      );
      parentThread = parent?.thread_key ?? null;
    }
    const outbound = role === 'sent' || (from !== undefined && from.address === mailbox.email_address);
    const [row]: Array<{ id: string }> = await manager.query(
      `INSERT INTO crm_email_messages
         (org_id, owner_id, mailbox_id, direction, message_id, in_reply_to, reference_ids, thread_key, subject,
          from_address, from_name, to_addresses, cc_addresses, text_body, html_body, received_at, folder_role, folder_uid)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18)
       ON CONFLICT (owner_id, COALESCE(org_id, '00000000-0000-0000-0000-000000000000'::uuid), message_id) DO NOTHING
       RETURNING id`,
      [
        mailbox.org_id,
        mailbox.owner_id,
        mailbox.id,
        outbound ? 'outbound' : 'inbound',
        messageId,
        inReplyTo,
        references,
        threadKeyOf({ message_id: messageId, in_reply_to: inReplyTo, references, parentThread }),
        (mail.subject ?? '').slice(0, 1000),
        from?.address ?? '',
        from?.name || null,
        to,
        cc,
        mail.text ?? null,
        typeof mail.html === 'string' ? sanitizeEmailHtml(mail.html) : null,
        mail.date ?? internalDate ?? new Date(),
        role,
        uid,
      ],
    );
    // Stored already: by an earlier attempt, from the other folder, or as a reply written in the CRM.
    if (!row) return;
    for (const link of links)
      await manager.query(
        `INSERT INTO crm_email_message_links (message_id, org_id, owner_id, ${link.column})
         VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING`,
        [row.id, mailbox.org_id, mailbox.owner_id, link.id],
      );
    // A customer's mail is the reply a sequence waits for: whoever wrote it leaves their sequence,
    // in this transaction, so a reply stored is a sequence stopped.
    if (!outbound) {
      const linked = (column: string) =>
        links.filter((link) => link.column === column).map((link) => link.id);
      await this.sequences.recordReplies(
        scope,
        {
          contactIds: linked('contact_id'),
          leadIds: linked('lead_id'),
          repliedAt: mail.date ?? internalDate ?? new Date(),
        },
        manager,
      );
    }
    for (const attachment of mail.attachments) {
      // Stored like deal files, with their limit: a larger one is left on the mail server.
      if (attachment.size > DEAL_FILE_MAX_BYTES || attachment.related) continue;
      await manager.query(
        `INSERT INTO crm_email_attachments (message_id, org_id, owner_id, file_name, content_type, size_bytes, content)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [
          row.id,
          mailbox.org_id,
          mailbox.owner_id,
          cleanFileName(attachment.filename ?? 'attachment'),
          attachment.contentType || 'application/octet-stream',
          attachment.content.length,
          attachment.content,
        ],
      );
    }
  }
}
