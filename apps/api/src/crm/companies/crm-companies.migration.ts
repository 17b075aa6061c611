import type { MigrationInterface, QueryRunner } from 'typeorm';
import { enableTenantRowSecurity } from '../../access/row-level-security';

const INDUSTRIES = ['technology', 'healthcare', 'finance', 'education', 'retail', 'manufacturing', 'other'];
const COMPANY_SIZES = ['1-10', '11-50', '51-200', '201-1000', '1000+'];
const list = (values: readonly string[]): string => values.map((value) => `'${value}'`).join(', ');

/** Two rows are in the same scope: the same institution, or for personal rows the same owner. */
const sameScope = (a: string, b: string): string =>
  `${a}.org_id IS NOT DISTINCT FROM ${b}.org_id AND (${a}.org_id IS NOT NULL OR ${a}.owner_id = ${b}.owner_id)`;

/*
 * Companies (docs/product/companies.md): the accounts deals pointed at by a bare `account_id`
 * and the company names contacts carried as text. Existing data is carried over so every card's
 * `Account #` opens a company: each account id becomes a company of that id, each company name of
 * a contact a company of that name (one per scope), and a deal whose contact has a company takes
 * it (a deal's company is its contact's company: docs/product/companies.md#consistency).
 * `account_id` stays, as the spec names it, computed from `company_id` so the two never differ.
 */
export class CrmCompanies1733520000000 implements MigrationInterface {
  name = 'CrmCompanies1733520000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE crm_companies (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        org_id uuid REFERENCES institutions(id) ON DELETE CASCADE,
        owner_id uuid NOT NULL REFERENCES users(id),
        name text NOT NULL CHECK (length(trim(name)) BETWEEN 1 AND 200),
        domain text,
        industry text CHECK (industry IN (${list(INDUSTRIES)})),
        size text CHECK (size IN (${list(COMPANY_SIZES)})),
        phone text,
        address text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    // One company per name in a scope: Link Account's "create" and imports find it by name.
    await q.query(
      'CREATE UNIQUE INDEX crm_companies_org_name_key ON crm_companies (org_id, lower(name)) WHERE org_id IS NOT NULL',
    );
    await q.query(
      'CREATE UNIQUE INDEX crm_companies_personal_name_key ON crm_companies (owner_id, lower(name)) WHERE org_id IS NULL',
    );
    await q.query('CREATE INDEX crm_companies_org_idx ON crm_companies (org_id, created_at DESC)');
    await q.query(
      'CREATE INDEX crm_companies_personal_idx ON crm_companies (owner_id, created_at DESC) WHERE org_id IS NULL',
    );
    await q.query('CREATE INDEX crm_companies_domain_idx ON crm_companies (org_id, lower(domain))');
    await enableTenantRowSecurity(q, 'crm_companies', { kind: 'org', owner: 'owner_id' });

    await q.query(
      'ALTER TABLE crm_contacts ADD COLUMN company_id uuid REFERENCES crm_companies(id) ON DELETE SET NULL',
    );
    await q.query('CREATE INDEX crm_contacts_company_idx ON crm_contacts (company_id)');
    await q.query(
      'ALTER TABLE crm_deals ADD COLUMN company_id uuid REFERENCES crm_companies(id) ON DELETE SET NULL',
    );
    await q.query('CREATE INDEX crm_deals_company_idx ON crm_deals (company_id)');

    // Each account a deal named becomes a company of that id, in the scope of its first deal.
    await q.query(`
      INSERT INTO crm_companies (id, org_id, owner_id, name, created_at)
      SELECT DISTINCT ON (d.account_id) d.account_id, d.org_id, d.owner_id,
             'Account #' || left(d.account_id::text, 8), d.created_at
        FROM crm_deals d WHERE d.account_id IS NOT NULL
       ORDER BY d.account_id, d.created_at`);
    await q.query(`
      UPDATE crm_deals d SET company_id = c.id FROM crm_companies c
       WHERE c.id = d.account_id AND ${sameScope('c', 'd')}`);
    // Each company name of a contact becomes a company (unless the scope has one of that name).
    await q.query(`
      INSERT INTO crm_companies (org_id, owner_id, name, created_at)
      SELECT DISTINCT ON (k.org_id, CASE WHEN k.org_id IS NULL THEN k.owner_id END, lower(trim(k.company)))
             k.org_id, k.owner_id, trim(k.company), k.created_at
        FROM crm_contacts k
       WHERE length(trim(k.company)) BETWEEN 1 AND 200
         AND NOT EXISTS (SELECT 1 FROM crm_companies c
                          WHERE ${sameScope('c', 'k')} AND lower(c.name) = lower(trim(k.company)))
       ORDER BY k.org_id, CASE WHEN k.org_id IS NULL THEN k.owner_id END, lower(trim(k.company)), k.created_at`);
    await q.query(`
      UPDATE crm_contacts k SET company_id = c.id FROM crm_companies c
       WHERE ${sameScope('c', 'k')} AND lower(c.name) = lower(trim(k.company))`);
    await q.query(`
      UPDATE crm_deals d SET company_id = k.company_id FROM crm_contacts k
       WHERE k.id = d.contact_id AND k.company_id IS NOT NULL
         AND d.company_id IS DISTINCT FROM k.company_id`);

    await q.query('ALTER TABLE crm_deals DROP COLUMN account_id');
    await q.query('ALTER TABLE crm_deals ADD COLUMN account_id uuid GENERATED ALWAYS AS (company_id) STORED');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE crm_deals DROP COLUMN account_id');
    await q.query('ALTER TABLE crm_deals ADD COLUMN account_id uuid');
    await q.query('UPDATE crm_deals SET account_id = company_id');
    await q.query('ALTER TABLE crm_deals DROP COLUMN company_id');
    await q.query('ALTER TABLE crm_contacts DROP COLUMN company_id');
    await q.query('DROP TABLE crm_companies');
  }
}
