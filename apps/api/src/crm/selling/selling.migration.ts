import type { MigrationInterface, QueryRunner } from 'typeorm';
import { enableTenantRowSecurity } from '../../access/row-level-security';

const RECURRENCES = "('one_time', 'monthly', 'yearly')";
const PERCENT = 'numeric(5,2) CHECK (%s BETWEEN 0 AND 100)';
const percent = (column: string): string => `${column} ${PERCENT.replace('%s', column)}`;

/*
 * What a deal sells (docs/adr/0019-products-and-quotes.md): the catalogue, the deal's line items and
 * its quotes. Money is bigint minor units of the deal's currency; every amount of a line is computed
 * by the contracts' lineTotals() and stored with the line, so lists and PDFs never recompute it.
 * A quote keeps a copy of the lines it was made from: a sent quote never changes, whatever
 * happens to the deal afterwards. Quote numbers come from one counter row per scope and year,
 * taken with an upsert, so concurrent creations never share a number. Attachments let the outbox
 * send a quote's PDF.
 */
export class Selling1733800000000 implements MigrationInterface {
  name = 'Selling1733800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE crm_products (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        org_id uuid REFERENCES institutions(id) ON DELETE CASCADE,
        owner_id uuid NOT NULL REFERENCES users(id),
        name text NOT NULL CHECK (length(trim(name)) BETWEEN 1 AND 200),
        code text CHECK (length(trim(code)) BETWEEN 1 AND 60),
        description text,
        unit text CHECK (length(unit) <= 30),
        -- {"USD": 1999, "EUR": 1850}: unit price in minor units, per currency
        prices jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(prices) = 'object'),
        ${percent('tax_percent')},
        recurrence text NOT NULL DEFAULT 'one_time' CHECK (recurrence IN ${RECURRENCES}),
        active boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(
      'CREATE UNIQUE INDEX crm_products_org_code_key ON crm_products (org_id, lower(code)) WHERE org_id IS NOT NULL',
    );
    await q.query(
      'CREATE UNIQUE INDEX crm_products_personal_code_key ON crm_products (owner_id, lower(code)) WHERE org_id IS NULL',
    );
    await q.query('CREATE INDEX crm_products_org_idx ON crm_products (org_id, lower(name))');
    await q.query(
      'CREATE INDEX crm_products_personal_idx ON crm_products (owner_id, lower(name)) WHERE org_id IS NULL',
    );
    await enableTenantRowSecurity(q, 'crm_products', { kind: 'org', owner: 'owner_id' });

    await q.query(`
      CREATE TABLE crm_deal_line_items (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        org_id uuid REFERENCES institutions(id) ON DELETE CASCADE,
        owner_id uuid NOT NULL REFERENCES users(id),
        deal_id uuid NOT NULL REFERENCES crm_deals(id) ON DELETE CASCADE,
        product_id uuid REFERENCES crm_products(id) ON DELETE SET NULL,
        position integer NOT NULL DEFAULT 0,
        name text NOT NULL CHECK (length(trim(name)) BETWEEN 1 AND 200),
        quantity numeric(12,3) NOT NULL CHECK (quantity >= 0),
        unit_price_minor bigint NOT NULL CHECK (unit_price_minor >= 0),
        ${percent('discount_percent')},
        discount_amount_minor bigint CHECK (discount_amount_minor >= 0),
        ${percent('tax_percent')},
        recurrence text NOT NULL DEFAULT 'one_time' CHECK (recurrence IN ${RECURRENCES}),
        gross_minor bigint NOT NULL,
        discount_minor bigint NOT NULL,
        net_minor bigint NOT NULL,
        tax_minor bigint NOT NULL,
        total_minor bigint NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CHECK (discount_percent IS NULL OR discount_amount_minor IS NULL)
      )`);
    await q.query(
      'CREATE INDEX crm_deal_line_items_deal_idx ON crm_deal_line_items (deal_id, position, created_at)',
    );
    await q.query('CREATE INDEX crm_deal_line_items_product_idx ON crm_deal_line_items (product_id)');
    await enableTenantRowSecurity(q, 'crm_deal_line_items', { kind: 'org', owner: 'owner_id' });

    await q.query(`
      CREATE TABLE crm_quote_counters (
        -- the institution, or for personal quotes the owner
        scope_key uuid NOT NULL,
        org_id uuid REFERENCES institutions(id) ON DELETE CASCADE,
        owner_id uuid NOT NULL REFERENCES users(id),
        year integer NOT NULL,
        last integer NOT NULL,
        PRIMARY KEY (scope_key, year)
      )`);
    await enableTenantRowSecurity(q, 'crm_quote_counters', { kind: 'org', owner: 'owner_id' });

    await q.query(`
      CREATE TABLE crm_quotes (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        org_id uuid REFERENCES institutions(id) ON DELETE CASCADE,
        owner_id uuid NOT NULL REFERENCES users(id),
        deal_id uuid NOT NULL REFERENCES crm_deals(id) ON DELETE CASCADE,
        scope_key uuid NOT NULL,
        number text NOT NULL,
        revision integer NOT NULL DEFAULT 1 CHECK (revision >= 1),
        status text NOT NULL DEFAULT 'draft'
          CHECK (status IN ('draft', 'sent', 'accepted', 'declined', 'superseded')),
        currency char(3) NOT NULL,
        valid_until date NOT NULL,
        terms text CHECK (length(terms) <= 5000),
        win_on_accept boolean NOT NULL DEFAULT false,
        lines jsonb NOT NULL,
        total_minor bigint NOT NULL,
        net_minor bigint NOT NULL,
        tax_minor bigint NOT NULL,
        monthly_minor bigint NOT NULL DEFAULT 0,
        yearly_minor bigint NOT NULL DEFAULT 0,
        recipient_email text,
        sent_at timestamptz,
        decided_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (scope_key, number, revision)
      )`);
    await q.query('CREATE INDEX crm_quotes_deal_idx ON crm_quotes (deal_id, created_at DESC)');
    await enableTenantRowSecurity(q, 'crm_quotes', { kind: 'org', owner: 'owner_id' });

    await q.query(`
      CREATE TABLE mail_outbox_attachments (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        message_id uuid NOT NULL REFERENCES mail_outbox(id) ON DELETE CASCADE,
        org_id uuid REFERENCES institutions(id) ON DELETE CASCADE,
        created_by uuid,
        file_name text NOT NULL CHECK (length(file_name) BETWEEN 1 AND 255),
        content_type text NOT NULL,
        content bytea NOT NULL CHECK (octet_length(content) <= 10485760)
      )`);
    await q.query('CREATE INDEX mail_outbox_attachments_message_idx ON mail_outbox_attachments (message_id)');
    await enableTenantRowSecurity(q, 'mail_outbox_attachments', { kind: 'org', owner: 'created_by' });

    await q.query('ALTER TABLE mail_outbox DROP CONSTRAINT mail_outbox_kind_check');
    await q.query(`
      ALTER TABLE mail_outbox ADD CONSTRAINT mail_outbox_kind_check
        CHECK (kind IN ('invitation', 'password_reset', 'campaign', 'automation', 'direct', 'test', 'webhook', 'quote'))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query("DELETE FROM mail_outbox WHERE kind = 'quote'");
    await q.query('ALTER TABLE mail_outbox DROP CONSTRAINT mail_outbox_kind_check');
    await q.query(`
      ALTER TABLE mail_outbox ADD CONSTRAINT mail_outbox_kind_check
        CHECK (kind IN ('invitation', 'password_reset', 'campaign', 'automation', 'direct', 'test', 'webhook'))`);
    await q.query('DROP TABLE mail_outbox_attachments');
    await q.query('DROP TABLE crm_quotes');
    await q.query('DROP TABLE crm_quote_counters');
    await q.query('DROP TABLE crm_deal_line_items');
    await q.query('DROP TABLE crm_products');
  }
}
