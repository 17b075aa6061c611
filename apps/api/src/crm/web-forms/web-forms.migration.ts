import type { MigrationInterface, QueryRunner } from 'typeorm';
import { enableTenantRowSecurity } from '../../access/row-level-security';

const OLD_LEAD_SOURCES = [
  'website',
  'referral',
  'social_media',
  'email_campaign',
  'trade_show',
  'google_search',
  'other',
];
const FILTER_SOURCES = ['website', 'referral', 'social', 'cold_call', 'email'];
const list = (values: readonly string[]): string => values.map((value) => `'${value}'`).join(', ');
const contactSources = (leadSources: string[]) => [...new Set([...leadSources, ...FILTER_SOURCES])];

/*
 * Web forms (docs/product/web-forms.md): the forms an owner builds, and one row per accepted
 * submission linking the form to the lead it created or updated. Leads and contacts may now come
 * from `web_form`.
 */
export class WebForms1733820000000 implements MigrationInterface {
  name = 'WebForms1733820000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE crm_web_forms (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        org_id uuid REFERENCES institutions(id) ON DELETE CASCADE,
        owner_id uuid NOT NULL REFERENCES users(id),
        name text NOT NULL CHECK (length(trim(name)) BETWEEN 1 AND 120),
        fields jsonb NOT NULL CHECK (jsonb_typeof(fields) = 'array'),
        thank_you_message text NOT NULL,
        redirect_url text,
        consent_text text,
        allowed_origins text[] NOT NULL DEFAULT '{}',
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query('CREATE INDEX crm_web_forms_org_idx ON crm_web_forms (org_id, created_at DESC)');
    await q.query(
      'CREATE INDEX crm_web_forms_personal_idx ON crm_web_forms (owner_id, created_at DESC) WHERE org_id IS NULL',
    );
    await enableTenantRowSecurity(q, 'crm_web_forms', { kind: 'org', owner: 'owner_id' });

    await q.query(`
      CREATE TABLE crm_web_form_submissions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        org_id uuid REFERENCES institutions(id) ON DELETE CASCADE,
        owner_id uuid NOT NULL REFERENCES users(id),
        form_id uuid NOT NULL REFERENCES crm_web_forms(id) ON DELETE CASCADE,
        lead_id uuid NOT NULL REFERENCES crm_leads(id) ON DELETE CASCADE,
        outcome text NOT NULL CHECK (outcome IN ('created', 'merged')),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(
      'CREATE INDEX crm_web_form_submissions_form_idx ON crm_web_form_submissions (form_id, created_at DESC)',
    );
    await q.query('CREATE INDEX crm_web_form_submissions_lead_idx ON crm_web_form_submissions (lead_id)');
    await q.query('CREATE INDEX crm_web_form_submissions_org_idx ON crm_web_form_submissions (org_id)');
    await enableTenantRowSecurity(q, 'crm_web_form_submissions', { kind: 'org', owner: 'owner_id' });

    await this.leadSources(q, [...OLD_LEAD_SOURCES, 'web_form']);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`UPDATE crm_leads SET lead_source = 'website' WHERE lead_source = 'web_form'`);
    await q.query(`UPDATE crm_contacts SET lead_source = 'website' WHERE lead_source = 'web_form'`);
    await this.leadSources(q, OLD_LEAD_SOURCES);
    await q.query('DROP TABLE crm_web_form_submissions');
    await q.query('DROP TABLE crm_web_forms');
  }

  private async leadSources(q: QueryRunner, sources: string[]): Promise<void> {
    await q.query('ALTER TABLE crm_leads DROP CONSTRAINT IF EXISTS crm_leads_lead_source_check');
    await q.query(
      `ALTER TABLE crm_leads ADD CONSTRAINT crm_leads_lead_source_check CHECK (lead_source IN (${list(sources)}))`,
    );
    await q.query('ALTER TABLE crm_contacts DROP CONSTRAINT IF EXISTS crm_contacts_lead_source_check');
    await q.query(
      `ALTER TABLE crm_contacts ADD CONSTRAINT crm_contacts_lead_source_check CHECK (lead_source IN (${list(contactSources(sources))}))`,
    );
  }
}
