import type { MigrationInterface, QueryRunner } from 'typeorm';

/*
 * The CRM schema (docs/product/crm.md) with its enumerations and stages (docs/product/leads.md#the-lead-record, docs/product/deals.md#deal-stages) as CHECK constraints, an
 * index for every scope, filter and sort the screens use, and the lead-scoring functions (docs/product/lead-scoring.md).
 * The value lists are written out here on purpose: a migration is a snapshot and must not change
 * when the TypeScript enumerations do. Everything is plain SQL/plpgsql so PGlite runs it too.
 */

const list = (values: readonly string[]): string => values.map((value) => `'${value}'`).join(', ');

const INDUSTRIES = ['technology', 'healthcare', 'finance', 'education', 'retail', 'manufacturing', 'other'];
const COMPANY_SIZES = ['1-10', '11-50', '51-200', '201-1000', '1000+'];
const BUDGET_RANGES = ['under_5k', '5k-10k', '10k-25k', '25k-50k', '50k+'];
const TIMELINES = ['immediate', '1-3_months', '3-6_months', '6-12_months', 'not_sure'];
const LEAD_SOURCES = [
  'website',
  'referral',
  'social_media',
  'email_campaign',
  'trade_show',
  'google_search',
  'other',
];
const FILTER_SOURCES = ['website', 'referral', 'social', 'cold_call', 'email'];
const CONTACT_SOURCES = [...new Set([...LEAD_SOURCES, ...FILTER_SOURCES])];
const LEAD_STAGES = ['new', 'contacted', 'qualified', 'proposal', 'negotiation', 'won', 'lost'];
const LEAD_STATUSES = ['new', 'contacted', 'qualified', 'unqualified', 'converted'];
const CONTACT_STATUSES = ['active', 'inactive', ...LEAD_STAGES];
const DEAL_STAGES = ['prospecting', 'qualification', 'proposal', 'negotiation', 'closed_won', 'closed_lost'];
const DEAL_STATUSES = ['open', 'won', 'lost'];
const ACTIVITY_TYPES = ['call', 'email', 'meeting', 'task', 'note', 'stage_change', 'other'];
const WORKFLOW_TRIGGERS = ['lead_created', 'score_threshold', 'email_opened', 'form_submitted'];
const SCORING_CRITERIA = ['has_email', 'has_company', 'has_lead_source', 'has_phone', 'has_website'];

/** org_id (institution, null for personal rows) and owner_id on every CRM row. */
const OWNED = `
  org_id uuid REFERENCES institutions(id) ON DELETE CASCADE,
  owner_id uuid NOT NULL REFERENCES users(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()`;

/** The two scopes every list is read through: the institution's rows, or the caller's personal rows. */
function scopeIndexes(table: string, sort = 'created_at DESC'): string[] {
  return [
    `CREATE INDEX ${table}_org_idx ON ${table} (org_id, ${sort})`,
    `CREATE INDEX ${table}_personal_idx ON ${table} (owner_id, ${sort}) WHERE org_id IS NULL`,
  ];
}

const TOUCHED_TABLES = [
  'crm_leads',
  'crm_contacts',
  'crm_deals',
  'crm_email_campaigns',
  'automation_rules',
  'crm_scoring_rules',
  'crm_automation_workflows',
  'crm_segments',
  'crm_lead_qualifications',
];

export class CrmSchema1732320000000 implements MigrationInterface {
  name = 'CrmSchema1732320000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE crm_leads (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        ${OWNED},
        first_name text NOT NULL,
        last_name text NOT NULL,
        email text CHECK (email IS NULL OR position('@' in email) > 1),
        phone text,
        company text,
        position text,
        lead_source text CHECK (lead_source IN (${list(LEAD_SOURCES)})),
        source text CHECK (source IN (${list(FILTER_SOURCES)})),
        website text,
        industry text CHECK (industry IN (${list(INDUSTRIES)})),
        company_size text CHECK (company_size IN (${list(COMPANY_SIZES)})),
        budget_range text CHECK (budget_range IN (${list(BUDGET_RANGES)})),
        timeline text CHECK (timeline IN (${list(TIMELINES)})),
        pain_points text,
        notes text,
        stage text NOT NULL DEFAULT 'new' CHECK (stage IN (${list(LEAD_STAGES)})),
        status text NOT NULL DEFAULT 'new' CHECK (status IN (${list(LEAD_STATUSES)})),
        lead_score integer NOT NULL DEFAULT 0 CHECK (lead_score BETWEEN 0 AND 100),
        qualification_score integer CHECK (qualification_score BETWEEN 0 AND 100),
        qualification_data jsonb
      )`);
    for (const sql of scopeIndexes('crm_leads', 'lead_score DESC, id')) await q.query(sql);
    await q.query(`CREATE INDEX crm_leads_stage_idx ON crm_leads (org_id, stage, lead_score DESC)`);
    await q.query(`CREATE INDEX crm_leads_lead_source_idx ON crm_leads (org_id, lead_source)`);
    await q.query(`CREATE INDEX crm_leads_source_idx ON crm_leads (org_id, source)`);
    await q.query(`CREATE INDEX crm_leads_created_idx ON crm_leads (org_id, created_at)`);
    await q.query(`CREATE INDEX crm_leads_email_idx ON crm_leads (org_id, lower(email))`);

    await q.query(`
      CREATE TABLE crm_contacts (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        ${OWNED},
        first_name text NOT NULL,
        last_name text NOT NULL,
        email text CHECK (email IS NULL OR position('@' in email) > 1),
        phone text,
        company text,
        title text,
        status text NOT NULL DEFAULT 'active' CHECK (status IN (${list(CONTACT_STATUSES)})),
        lead_source text CHECK (lead_source IN (${list(CONTACT_SOURCES)})),
        tags text[] NOT NULL DEFAULT '{}'
      )`);
    for (const sql of scopeIndexes('crm_contacts')) await q.query(sql);
    await q.query(`CREATE INDEX crm_contacts_status_idx ON crm_contacts (org_id, status)`);
    await q.query(`CREATE INDEX crm_contacts_lead_source_idx ON crm_contacts (org_id, lead_source)`);
    await q.query(`CREATE INDEX crm_contacts_email_idx ON crm_contacts (org_id, lower(email))`);
    await q.query(`CREATE INDEX crm_contacts_tags_idx ON crm_contacts USING gin (tags)`);

    await q.query(`
      CREATE TABLE crm_contact_custom_fields (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        contact_id uuid NOT NULL REFERENCES crm_contacts(id) ON DELETE CASCADE,
        field_name text NOT NULL CHECK (length(trim(field_name)) > 0),
        field_value text,
        field_type text NOT NULL DEFAULT 'text' CHECK (field_type IN ('number', 'boolean', 'date', 'text')),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT crm_contact_custom_fields_key UNIQUE (contact_id, field_name)
      )`);

    await q.query(`
      CREATE TABLE crm_deals (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        ${OWNED},
        name text NOT NULL CHECK (length(trim(name)) > 0),
        title text,
        description text,
        amount numeric(14, 2) NOT NULL DEFAULT 0 CHECK (amount >= 0),
        currency char(3) NOT NULL DEFAULT 'USD',
        probability integer CHECK (probability BETWEEN 0 AND 100),
        stage text NOT NULL DEFAULT 'prospecting' CHECK (stage IN (${list(DEAL_STAGES)})),
        status text NOT NULL DEFAULT 'open' CHECK (status IN (${list(DEAL_STATUSES)})),
        account_id uuid,
        contact_id uuid REFERENCES crm_contacts(id) ON DELETE SET NULL,
        expected_close_date date,
        lead_source text,
        closed_at timestamptz,
        version integer NOT NULL DEFAULT 1
      )`);
    for (const sql of scopeIndexes('crm_deals')) await q.query(sql);
    await q.query(`CREATE INDEX crm_deals_stage_idx ON crm_deals (org_id, stage)`);
    await q.query(`CREATE INDEX crm_deals_owner_idx ON crm_deals (org_id, owner_id, stage)`);
    await q.query(`CREATE INDEX crm_deals_contact_idx ON crm_deals (contact_id)`);

    await q.query(`
      CREATE TABLE crm_email_campaigns (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        ${OWNED},
        name text NOT NULL CHECK (length(trim(name)) > 0),
        subject text NOT NULL,
        body text,
        status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'scheduled', 'sent')),
        audience jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(audience) = 'object'),
        sent_at timestamptz,
        recipients_count integer NOT NULL DEFAULT 0 CHECK (recipients_count >= 0),
        CHECK ((status = 'sent') = (sent_at IS NOT NULL))
      )`);
    for (const sql of scopeIndexes('crm_email_campaigns')) await q.query(sql);

    await q.query(`
      CREATE TABLE crm_activities (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        org_id uuid REFERENCES institutions(id) ON DELETE CASCADE,
        owner_id uuid NOT NULL REFERENCES users(id),
        contact_id uuid REFERENCES crm_contacts(id) ON DELETE SET NULL,
        deal_id uuid REFERENCES crm_deals(id) ON DELETE SET NULL,
        lead_id uuid REFERENCES crm_leads(id) ON DELETE SET NULL,
        campaign_id uuid REFERENCES crm_email_campaigns(id) ON DELETE SET NULL,
        type text NOT NULL CHECK (type IN (${list(ACTIVITY_TYPES)})),
        subject text NOT NULL,
        description text,
        status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'completed')),
        due_date timestamptz,
        completed_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    for (const sql of scopeIndexes('crm_activities')) await q.query(sql);
    await q.query(`CREATE INDEX crm_activities_contact_idx ON crm_activities (contact_id, created_at DESC)`);
    await q.query(`CREATE INDEX crm_activities_deal_idx ON crm_activities (deal_id, created_at DESC)`);
    await q.query(`CREATE INDEX crm_activities_lead_idx ON crm_activities (lead_id, created_at DESC)`);
    await q.query(`CREATE INDEX crm_activities_campaign_idx ON crm_activities (campaign_id)`);
    await q.query(
      `CREATE INDEX crm_activities_pending_idx ON crm_activities (org_id, due_date) WHERE status = 'pending'`,
    );

    await q.query(`
      CREATE TABLE automation_rules (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        ${OWNED},
        name text NOT NULL CHECK (length(trim(name)) > 0),
        description text,
        module_source text NOT NULL DEFAULT 'crm' CHECK (module_source IN ('crm', 'sales', 'marketing')),
        enabled boolean NOT NULL DEFAULT true,
        conditions_json jsonb NOT NULL CHECK (jsonb_typeof(conditions_json) = 'object'),
        actions_json jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(actions_json) = 'array'),
        execution_count integer NOT NULL DEFAULT 0 CHECK (execution_count >= 0),
        last_executed_at timestamptz
      )`);
    for (const sql of scopeIndexes('automation_rules')) await q.query(sql);
    await q.query(
      `CREATE INDEX automation_rules_enabled_idx ON automation_rules (org_id, module_source, (conditions_json->>'event_type')) WHERE enabled`,
    );

    await q.query(`
      CREATE TABLE automation_rule_runs (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        rule_id uuid NOT NULL REFERENCES automation_rules(id) ON DELETE CASCADE,
        org_id uuid REFERENCES institutions(id) ON DELETE CASCADE,
        owner_id uuid NOT NULL REFERENCES users(id),
        contact_id uuid REFERENCES crm_contacts(id) ON DELETE SET NULL,
        event jsonb NOT NULL DEFAULT '{}',
        actions_performed jsonb NOT NULL DEFAULT '[]',
        status text NOT NULL DEFAULT 'succeeded' CHECK (status IN ('succeeded', 'failed')),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(
      `CREATE INDEX automation_rule_runs_rule_idx ON automation_rule_runs (rule_id, created_at DESC)`,
    );

    await q.query(`
      CREATE TABLE crm_scoring_rules (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        ${OWNED},
        name text NOT NULL CHECK (length(trim(name)) > 0),
        description text,
        condition text NOT NULL DEFAULT '',
        criterion text CHECK (criterion IN (${list(SCORING_CRITERIA)})),
        points integer NOT NULL CHECK (points BETWEEN 0 AND 100),
        active boolean NOT NULL DEFAULT true,
        built_in boolean NOT NULL DEFAULT false
      )`);
    for (const sql of scopeIndexes('crm_scoring_rules', 'created_at')) await q.query(sql);

    await q.query(`
      CREATE TABLE crm_automation_workflows (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        ${OWNED},
        name text NOT NULL CHECK (length(trim(name)) > 0),
        description text,
        trigger text NOT NULL CHECK (trigger IN (${list(WORKFLOW_TRIGGERS)})),
        trigger_config jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(trigger_config) = 'object'),
        actions jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(actions) = 'array'),
        active boolean NOT NULL DEFAULT true,
        execution_count integer NOT NULL DEFAULT 0 CHECK (execution_count >= 0),
        last_executed_at timestamptz
      )`);
    for (const sql of scopeIndexes('crm_automation_workflows', 'created_at')) await q.query(sql);

    await q.query(`
      CREATE TABLE crm_workflow_executions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        workflow_id uuid NOT NULL REFERENCES crm_automation_workflows(id) ON DELETE CASCADE,
        lead_id uuid REFERENCES crm_leads(id) ON DELETE SET NULL,
        status text NOT NULL CHECK (status IN ('success', 'failed', 'skipped')),
        message text,
        executed_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(
      `CREATE INDEX crm_workflow_executions_workflow_idx ON crm_workflow_executions (workflow_id, executed_at DESC)`,
    );
    await q.query(`CREATE INDEX crm_workflow_executions_lead_idx ON crm_workflow_executions (lead_id)`);

    await q.query(`
      CREATE TABLE crm_segments (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        ${OWNED},
        name text NOT NULL CHECK (length(trim(name)) > 0),
        description text,
        criteria jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(criteria) = 'object'),
        lead_count integer NOT NULL DEFAULT 0 CHECK (lead_count >= 0),
        colour text NOT NULL DEFAULT 'blue'
      )`);
    for (const sql of scopeIndexes('crm_segments', 'created_at')) await q.query(sql);

    await q.query(`
      CREATE TABLE crm_lead_qualifications (
        lead_id uuid PRIMARY KEY REFERENCES crm_leads(id) ON DELETE CASCADE,
        ${OWNED},
        steps jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(steps) = 'array'),
        bant jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(bant) = 'object'),
        bant_score integer NOT NULL DEFAULT 0 CHECK (bant_score BETWEEN 0 AND 100)
      )`);
    await q.query(`CREATE INDEX crm_lead_qualifications_org_idx ON crm_lead_qualifications (org_id)`);

    // updated_at is the database's job, so no writer (API, seeder, generator) can forget it.
    await q.query(`
      CREATE FUNCTION crm_touch_updated_at() RETURNS trigger LANGUAGE plpgsql AS $fn$
      BEGIN
        NEW.updated_at := now();
        RETURN NEW;
      END
      $fn$`);
    for (const table of TOUCHED_TABLES) {
      await q.query(
        `CREATE TRIGGER ${table}_touch BEFORE UPDATE ON ${table} FOR EACH ROW EXECUTE FUNCTION crm_touch_updated_at()`,
      );
    }
    // Every change of a deal bumps its version (optimistic concurrency); a stage change into or
    // out of a closed stage records or clears closed_at (pipeline velocity reads it).
    await q.query(`
      CREATE FUNCTION crm_deal_versioning() RETURNS trigger LANGUAGE plpgsql AS $fn$
      BEGIN
        NEW.version := OLD.version + 1;
        IF NEW.stage IS DISTINCT FROM OLD.stage THEN
          IF NEW.stage IN ('closed_won', 'closed_lost') THEN
            NEW.closed_at := coalesce(NEW.closed_at, now());
          ELSE
            NEW.closed_at := NULL;
          END IF;
        END IF;
        RETURN NEW;
      END
      $fn$`);
    await q.query(
      `CREATE TRIGGER crm_deals_versioning BEFORE UPDATE ON crm_deals FOR EACH ROW EXECUTE FUNCTION crm_deal_versioning()`,
    );

    await q.query(LEAD_SCORE_FUNCTIONS);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP FUNCTION IF EXISTS recalculate_lead_scores(uuid, uuid)`);
    await q.query(`DROP FUNCTION IF EXISTS calculate_lead_score_enhanced(uuid)`);
    await q.query(
      `DROP FUNCTION IF EXISTS crm_weighted_lead_score(text, text, text, text, text, text, text, bigint)`,
    );
    for (const table of [
      'crm_lead_qualifications',
      'crm_segments',
      'crm_workflow_executions',
      'crm_automation_workflows',
      'crm_scoring_rules',
      'automation_rule_runs',
      'automation_rules',
      'crm_activities',
      'crm_email_campaigns',
      'crm_deals',
      'crm_contact_custom_fields',
      'crm_contacts',
      'crm_leads',
    ]) {
      await q.query(`DROP TABLE IF EXISTS ${table}`);
    }
    await q.query(`DROP FUNCTION IF EXISTS crm_deal_versioning()`);
    await q.query(`DROP FUNCTION IF EXISTS crm_touch_updated_at()`);
  }
}

/*
 * The weighted lead score (docs/product/lead-scoring.md#weighted-lead-score); the factor definitions mirror leadScoreFactors() in
 * libs/data-access/src/contracts/crm/lead-score.ts (see apps/api/src/crm/README.md):
 *   email engagement  no email 0; else 40 + 20 per completed email activity on the contact
 *                     with the same e-mail in the same scope, at most 100
 *   website activity  website on file 50 + came through the web (lead_source website or
 *                     google_search, or source website) 50
 *   company size      1-10 20, 11-50 40, 51-200 60, 201-1000 80, 1000+ 100, unknown 0
 *   industry match    technology/finance/healthcare 100, education/retail/manufacturing 60,
 *                     other 30, unknown 0
 *   budget range      under_5k 20, 5k-10k 40, 10k-25k 60, 25k-50k 80, 50k+ 100, unknown 0
 * Computed in hundredths so the rounding is exact and equal to the TypeScript.
 */
const LEAD_SCORE_FUNCTIONS = `
CREATE FUNCTION crm_weighted_lead_score(
  p_email text, p_website text, p_lead_source text, p_source text,
  p_company_size text, p_industry text, p_budget_range text, p_completed_emails bigint
) RETURNS integer LANGUAGE sql IMMUTABLE AS $fn$
  SELECT round((
      25 * (CASE WHEN coalesce(btrim(p_email), '') = '' THEN 0
                 ELSE least(100, 40 + 20 * greatest(coalesce(p_completed_emails, 0), 0)) END)
    + 20 * ((CASE WHEN coalesce(btrim(p_website), '') <> '' THEN 50 ELSE 0 END)
          + (CASE WHEN p_lead_source IN ('website', 'google_search') OR p_source = 'website' THEN 50 ELSE 0 END))
    + 20 * (CASE p_company_size WHEN '1-10' THEN 20 WHEN '11-50' THEN 40 WHEN '51-200' THEN 60
                                WHEN '201-1000' THEN 80 WHEN '1000+' THEN 100 ELSE 0 END)
    + 15 * (CASE WHEN p_industry IN ('technology', 'finance', 'healthcare') THEN 100
                 WHEN p_industry IN ('education', 'retail', 'manufacturing') THEN 60
                 WHEN p_industry = 'other' THEN 30 ELSE 0 END)
    + 20 * (CASE p_budget_range WHEN 'under_5k' THEN 20 WHEN '5k-10k' THEN 40 WHEN '10k-25k' THEN 60
                                WHEN '25k-50k' THEN 80 WHEN '50k+' THEN 100 ELSE 0 END)
  )::numeric / 100)::integer
$fn$;

CREATE FUNCTION calculate_lead_score_enhanced(p_lead_id uuid) RETURNS integer LANGUAGE plpgsql AS $fn$
DECLARE
  target crm_leads%ROWTYPE;
  completed_emails bigint := 0;
  score integer;
BEGIN
  SELECT * INTO target FROM crm_leads WHERE id = p_lead_id;
  IF NOT FOUND THEN
    RETURN 0;
  END IF;
  IF coalesce(btrim(target.email), '') <> '' THEN
    SELECT count(*) INTO completed_emails
      FROM crm_contacts c
      JOIN crm_activities a ON a.contact_id = c.id AND a.type = 'email' AND a.status = 'completed'
     WHERE lower(c.email) = lower(target.email)
       AND c.org_id IS NOT DISTINCT FROM target.org_id
       AND (target.org_id IS NOT NULL OR c.owner_id = target.owner_id);
  END IF;
  score := crm_weighted_lead_score(target.email, target.website, target.lead_source, target.source,
                                   target.company_size, target.industry, target.budget_range, completed_emails);
  UPDATE crm_leads SET lead_score = score WHERE id = p_lead_id;
  -- The score travels to the matching contact as its one lead_score_N tag (docs/product/lead-scoring.md#weighted-lead-score).
  IF coalesce(btrim(target.email), '') <> '' THEN
    UPDATE crm_contacts c
       SET tags = array(SELECT t FROM unnest(c.tags) WITH ORDINALITY AS u(t, n)
                         WHERE left(t, 11) <> 'lead_score_' ORDER BY n) || ('lead_score_' || score)
     WHERE lower(c.email) = lower(target.email)
       AND c.org_id IS NOT DISTINCT FROM target.org_id
       AND (target.org_id IS NOT NULL OR c.owner_id = target.owner_id);
  END IF;
  RETURN score;
EXCEPTION WHEN OTHERS THEN
  -- docs/product/lead-scoring.md#weighted-lead-score: the procedure answers 0 on error; its own changes are rolled back.
  RETURN 0;
END
$fn$;

CREATE FUNCTION recalculate_lead_scores(p_org_id uuid, p_owner_id uuid) RETURNS integer LANGUAGE plpgsql AS $fn$
DECLARE
  scored integer;
BEGIN
  -- One pass per table, however many leads: engagement per e-mail, then every lead at once.
  WITH scope_contacts AS (
    SELECT c.id, lower(c.email) AS email
      FROM crm_contacts c
     WHERE c.email IS NOT NULL
       AND ((p_org_id IS NOT NULL AND c.org_id = p_org_id)
         OR (p_org_id IS NULL AND c.org_id IS NULL AND c.owner_id = p_owner_id))
  ), engagement AS (
    SELECT sc.email, count(*) AS completed_emails
      FROM scope_contacts sc
      JOIN crm_activities a ON a.contact_id = sc.id AND a.type = 'email' AND a.status = 'completed'
     GROUP BY sc.email
  ), scores AS (
    SELECT l.id,
           crm_weighted_lead_score(l.email, l.website, l.lead_source, l.source, l.company_size,
                                   l.industry, l.budget_range, coalesce(e.completed_emails, 0)) AS score
      FROM crm_leads l
      LEFT JOIN engagement e ON e.email = lower(l.email)
     WHERE (p_org_id IS NOT NULL AND l.org_id = p_org_id)
        OR (p_org_id IS NULL AND l.org_id IS NULL AND l.owner_id = p_owner_id)
  )
  UPDATE crm_leads l SET lead_score = s.score
    FROM scores s
   WHERE l.id = s.id AND l.lead_score IS DISTINCT FROM s.score;

  SELECT count(*) INTO scored FROM crm_leads l
   WHERE (p_org_id IS NOT NULL AND l.org_id = p_org_id)
      OR (p_org_id IS NULL AND l.org_id IS NULL AND l.owner_id = p_owner_id);

  -- A contact takes the newest lead's score when several leads share its e-mail.
  UPDATE crm_contacts c
     SET tags = array(SELECT t FROM unnest(c.tags) WITH ORDINALITY AS u(t, n)
                       WHERE left(t, 11) <> 'lead_score_' ORDER BY n) || ('lead_score_' || s.lead_score)
    FROM (SELECT DISTINCT ON (lower(l.email)) lower(l.email) AS email, l.lead_score
            FROM crm_leads l
           WHERE coalesce(btrim(l.email), '') <> ''
             AND ((p_org_id IS NOT NULL AND l.org_id = p_org_id)
               OR (p_org_id IS NULL AND l.org_id IS NULL AND l.owner_id = p_owner_id))
           ORDER BY lower(l.email), l.created_at DESC) s
   WHERE lower(c.email) = s.email
     AND ((p_org_id IS NOT NULL AND c.org_id = p_org_id)
       OR (p_org_id IS NULL AND c.org_id IS NULL AND c.owner_id = p_owner_id))
     AND NOT (('lead_score_' || s.lead_score) = ANY (c.tags));
  RETURN scored;
END
$fn$;
`;
