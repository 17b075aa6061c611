import type { MigrationInterface, QueryRunner } from 'typeorm';

/*
 * SMTP settings on a connected mailbox (docs/product/mailboxes.md#sending-from-your-own-address): a
 * mailbox with them sends the person's CRM e-mail from their own address through their own server.
 * The SMTP username and password are optional: without them the IMAP ones are used. The outbox row
 * remembers which mailbox it goes through, so a retry after a crash uses the same server.
 */
export class MailboxSmtp1733830500000 implements MigrationInterface {
  name = 'MailboxSmtp1733830500000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE crm_mailboxes
        ADD COLUMN smtp_host text CHECK (length(smtp_host) BETWEEN 1 AND 255),
        ADD COLUMN smtp_port integer CHECK (smtp_port BETWEEN 1 AND 65535),
        ADD COLUMN smtp_tls boolean,
        ADD COLUMN smtp_username text CHECK (length(smtp_username) BETWEEN 1 AND 320),
        ADD COLUMN smtp_password_sealed text,
        ADD CONSTRAINT crm_mailboxes_smtp_complete CHECK (
          (smtp_host IS NULL AND smtp_port IS NULL AND smtp_tls IS NULL
             AND smtp_username IS NULL AND smtp_password_sealed IS NULL)
          OR (smtp_host IS NOT NULL AND smtp_port IS NOT NULL AND smtp_tls IS NOT NULL))`);
    // A disconnected mailbox leaves its queued messages to the default server (with Reply-To).
    await q.query(`
      ALTER TABLE mail_outbox
        ADD COLUMN mailbox_id uuid REFERENCES crm_mailboxes(id) ON DELETE SET NULL`);
    await q.query(
      'CREATE INDEX mail_outbox_mailbox_idx ON mail_outbox (mailbox_id) WHERE mailbox_id IS NOT NULL',
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE mail_outbox DROP COLUMN mailbox_id');
    await q.query(`
      ALTER TABLE crm_mailboxes DROP CONSTRAINT crm_mailboxes_smtp_complete,
        DROP COLUMN smtp_host, DROP COLUMN smtp_port, DROP COLUMN smtp_tls,
        DROP COLUMN smtp_username, DROP COLUMN smtp_password_sealed`);
  }
}
