import type { MigrationInterface, QueryRunner } from 'typeorm';
import { enableTenantRowSecurity } from '../../access/row-level-security';

const OWNED = `
  org_id uuid REFERENCES institutions(id) ON DELETE CASCADE,
  owner_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE`;

/*
 * Connected mailboxes (docs/product/mailboxes.md): a person's IMAP mailbox, synced by jobs, and the
 * messages that matched the CRM's people, stored with their links to contacts, leads, companies and
 * deals. Only matched messages are stored: a person's private mail never reaches the database.
 * A message is one row per scope and owner and Message-ID, so a resumed sync, the Sent folder and a
 * reply written in the CRM never store it twice.
 */
export class Mailboxes1733830000000 implements MigrationInterface {
  name = 'Mailboxes1733830000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE crm_mailboxes (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        ${OWNED},
        imap_host text NOT NULL CHECK (length(imap_host) BETWEEN 1 AND 255),
        imap_port integer NOT NULL CHECK (imap_port BETWEEN 1 AND 65535),
        imap_tls boolean NOT NULL,
        username text NOT NULL CHECK (length(username) BETWEEN 1 AND 320),
        password_sealed text NOT NULL,
        email_address text,
        visibility text NOT NULL DEFAULT 'shared' CHECK (visibility IN ('shared', 'subjects_only', 'private')),
        status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'syncing', 'synced', 'failed')),
        last_error text,
        failures integer NOT NULL DEFAULT 0,
        last_synced_at timestamptz,
        sync_days integer NOT NULL CHECK (sync_days BETWEEN 1 AND 3650),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query('CREATE INDEX crm_mailboxes_org_idx ON crm_mailboxes (org_id, owner_id)');
    await q.query('CREATE INDEX crm_mailboxes_personal_idx ON crm_mailboxes (owner_id) WHERE org_id IS NULL');
    await enableTenantRowSecurity(q, 'crm_mailboxes', { kind: 'org', owner: 'owner_id' });

    // Where each folder's sync stands: a new UIDVALIDITY means the server renumbered it, start again.
    await q.query(`
      CREATE TABLE crm_mailbox_folders (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        mailbox_id uuid NOT NULL REFERENCES crm_mailboxes(id) ON DELETE CASCADE,
        ${OWNED},
        role text NOT NULL CHECK (role IN ('inbox', 'sent')),
        path text NOT NULL,
        uid_validity numeric(20, 0),
        last_uid bigint NOT NULL DEFAULT 0,
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (mailbox_id, role)
      )`);
    await enableTenantRowSecurity(q, 'crm_mailbox_folders', { kind: 'org', owner: 'owner_id' });

    await q.query(`
      CREATE TABLE crm_email_messages (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        ${OWNED},
        mailbox_id uuid REFERENCES crm_mailboxes(id) ON DELETE CASCADE,
        direction text NOT NULL CHECK (direction IN ('inbound', 'outbound')),
        message_id text NOT NULL CHECK (length(message_id) BETWEEN 1 AND 998),
        in_reply_to text,
        reference_ids text[] NOT NULL DEFAULT '{}',
        thread_key text NOT NULL,
        subject text NOT NULL DEFAULT '',
        from_address text NOT NULL,
        from_name text,
        to_addresses text[] NOT NULL DEFAULT '{}',
        cc_addresses text[] NOT NULL DEFAULT '{}',
        text_body text,
        html_body text,
        received_at timestamptz NOT NULL,
        folder_role text CHECK (folder_role IN ('inbox', 'sent')),
        folder_uid bigint,
        outbox_message_id uuid REFERENCES mail_outbox(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE UNIQUE INDEX crm_email_messages_once_key ON crm_email_messages
        (owner_id, COALESCE(org_id, '00000000-0000-0000-0000-000000000000'::uuid), message_id)`);
    await q.query('CREATE INDEX crm_email_messages_thread_idx ON crm_email_messages (org_id, thread_key)');
    await q.query(
      'CREATE INDEX crm_email_messages_reply_idx ON crm_email_messages (org_id, in_reply_to) WHERE in_reply_to IS NOT NULL',
    );
    await q.query(
      'CREATE INDEX crm_email_messages_received_idx ON crm_email_messages (org_id, received_at DESC)',
    );
    await q.query('CREATE INDEX crm_email_messages_mailbox_idx ON crm_email_messages (mailbox_id)');
    await enableTenantRowSecurity(q, 'crm_email_messages', { kind: 'org', owner: 'owner_id' });

    await q.query(`
      CREATE TABLE crm_email_message_links (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        message_id uuid NOT NULL REFERENCES crm_email_messages(id) ON DELETE CASCADE,
        ${OWNED},
        contact_id uuid REFERENCES crm_contacts(id) ON DELETE CASCADE,
        lead_id uuid REFERENCES crm_leads(id) ON DELETE CASCADE,
        company_id uuid REFERENCES crm_companies(id) ON DELETE CASCADE,
        deal_id uuid REFERENCES crm_deals(id) ON DELETE CASCADE,
        CHECK (num_nonnulls(contact_id, lead_id, company_id, deal_id) = 1)
      )`);
    await q.query(`
      CREATE UNIQUE INDEX crm_email_message_links_once_key ON crm_email_message_links
        (message_id, COALESCE(contact_id, lead_id, company_id, deal_id))`);
    for (const column of ['contact_id', 'lead_id', 'company_id', 'deal_id'])
      await q.query(
        `CREATE INDEX crm_email_message_links_${column}_idx ON crm_email_message_links (${column}) WHERE ${column} IS NOT NULL`,
      );
    await enableTenantRowSecurity(q, 'crm_email_message_links', { kind: 'org', owner: 'owner_id' });

    // Attachments are kept like deal files (crm/files): bytes in the database, the same 5 MB limit.
    await q.query(`
      CREATE TABLE crm_email_attachments (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        message_id uuid NOT NULL REFERENCES crm_email_messages(id) ON DELETE CASCADE,
        ${OWNED},
        file_name text NOT NULL CHECK (length(file_name) BETWEEN 1 AND 255),
        content_type text NOT NULL,
        size_bytes integer NOT NULL CHECK (size_bytes >= 0 AND size_bytes <= 5242880),
        content bytea NOT NULL
      )`);
    await q.query('CREATE INDEX crm_email_attachments_message_idx ON crm_email_attachments (message_id)');
    await enableTenantRowSecurity(q, 'crm_email_attachments', { kind: 'org', owner: 'owner_id' });

    // A reply written in the CRM carries Reply-To, In-Reply-To and References.
    await q.query('ALTER TABLE mail_outbox ADD COLUMN headers jsonb');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE mail_outbox DROP COLUMN headers');
    await q.query('DROP TABLE crm_email_attachments');
    await q.query('DROP TABLE crm_email_message_links');
    await q.query('DROP TABLE crm_email_messages');
    await q.query('DROP TABLE crm_mailbox_folders');
    await q.query('DROP TABLE crm_mailboxes');
  }
}
