import {
  BUDGET_RANGES,
  BUILT_IN_SCORING_RULES,
  COMPANY_SIZES,
  DEAL_STAGES,
  type DealStage,
  dealStatusForStage,
  FILTER_SOURCES,
  INDUSTRIES,
  LEAD_SOURCES,
  LEAD_STAGES,
  type SeededRandom,
  TIMELINES,
} from '@tessera/data-access/contracts';
import {
  CRM_DEMO_COMPANIES,
  CRM_DEMO_FIRST_NAMES,
  CRM_DEMO_LAST_NAMES,
} from '@tessera/data-access/demo-data';
import type { EntityManager } from 'typeorm';
import type { DemoInstitutionSlug, DemoSeedContext, DemoSeeder } from '../database/seed/demo-seed-context';

/*
 * CRM demo data per demo institution: leads, contacts (some with custom fields), deals over all
 * six stages, activities, campaigns (one sent), automation rules, the built-in scoring rules,
 * workflows with execution logs and the three segments of docs/product/leads.md#segments. Deterministic: every choice
 * comes from context.random and every date is relative to context.today.
 */

const DAY_MS = 86_400_000;
const LEADS_PER_INSTITUTION = 160;
const CONTACTS_PER_INSTITUTION = 84;
const DEALS_PER_INSTITUTION = 42;

const POSITIONS = [
  'CEO',
  'CTO',
  'VP Sales',
  'Head of Operations',
  'Procurement Manager',
  'IT Director',
  'Marketing Lead',
  'Founder',
  'CFO',
  'Office Manager',
];
const PAIN_POINTS = [
  'Our sales team tracks deals in spreadsheets and we lose follow-ups every single week.',
  'Reporting takes days at month end because data lives in five different tools.',
  'Need better visibility',
  'Lead response times are too slow and prospects go cold before anyone calls them back.',
];
const CONTACT_STATUSES_SEEDED = [
  'active',
  'active',
  'active',
  'inactive',
  'new',
  'contacted',
  'qualified',
  'proposal',
] as const;
const CONTACT_SOURCES_SEEDED = [...LEAD_SOURCES, 'cold_call', 'social', 'email'];
const PROBABILITY: Record<DealStage, number> = {
  prospecting: 10,
  qualification: 25,
  proposal: 50,
  negotiation: 75,
  closed_won: 100,
  closed_lost: 0,
};
const DEAL_NAMES = [
  'Platform rollout',
  'Annual licence',
  'Pilot project',
  'Support renewal',
  'Analytics add-on',
  'Team expansion',
  'Data migration',
];
/** Close dates around today: overdue, today, tomorrow, and later, for the card badges. */
const CLOSE_OFFSETS = [-12, -3, 0, 1, 4, 9, 21, 45, 75];

type Row = Record<string, unknown>;

/** One multi-row INSERT per call (a column a row leaves out takes its DEFAULT); returns the new ids in order. */
async function insertRows(manager: EntityManager, table: string, rows: Row[]): Promise<string[]> {
  if (rows.length === 0) return [];
  const columns = Object.keys(rows[0] as Row);
  const params: unknown[] = [];
  const tuples = rows.map((row) => {
    const placeholders = columns.map((column) => {
      if (row[column] === undefined) return 'DEFAULT';
      params.push(row[column]);
      return `$${params.length}`;
    });
    return `(${placeholders.join(', ')})`;
  });
  const inserted: Array<{ id: string }> = await manager.query(
    `INSERT INTO ${table} (${columns.join(', ')}) VALUES ${tuples.join(', ')} RETURNING id`,
    params,
  );
  return inserted.map((row) => row.id);
}

const daysAgo = (today: Date, days: number, random: SeededRandom): Date =>
  new Date(today.getTime() - days * DAY_MS - random.int(0, 86_399) * 1000);

const isoDate = (date: Date): string => date.toISOString().slice(0, 10);

/** A stable, random-looking uuid for accounts (which have no table of their own yet). */
function accountId(random: SeededRandom): string {
  const hex = Array.from({ length: 32 }, () => random.int(0, 15).toString(16)).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

async function seedInstitution(context: DemoSeedContext, slug: DemoInstitutionSlug): Promise<void> {
  const { manager, random, today } = context;
  const org_id = context.institutions[slug].id;
  const owners = context.owners[slug];
  if (owners.length === 0) return;
  const ownerAt = (index: number) => owners[index % owners.length] as string;
  // Configuration rows keep the order they are listed in (lists sort by created_at).
  const createdAt = (minutesBefore: number) =>
    new Date(today.getTime() - 30 * DAY_MS - minutesBefore * 60_000);
  const domain = (company: string) => `${company.toLowerCase().replace(/[^a-z]+/g, '')}.example`;

  // Leads: every enumeration value appears; created over the last 90 days.
  const leads: Row[] = [];
  for (let index = 0; index < LEADS_PER_INSTITUTION; index += 1) {
    const first = random.pick(CRM_DEMO_FIRST_NAMES);
    const last = random.pick(CRM_DEMO_LAST_NAMES);
    const company = random.pick(CRM_DEMO_COMPANIES);
    const complete = random.chance(0.6);
    leads.push({
      org_id,
      owner_id: ownerAt(index),
      first_name: first,
      last_name: last,
      email: random.chance(0.92) ? `${first}.${last}.${index}@${domain(company)}`.toLowerCase() : null,
      phone: random.chance(0.7) ? `+1 555 ${String(random.int(1000, 9999))}` : null,
      company: random.chance(0.85) ? company : null,
      position: random.chance(0.75) ? random.pick(POSITIONS) : null,
      lead_source: random.chance(0.9) ? random.pick(LEAD_SOURCES) : null,
      source: random.pick(FILTER_SOURCES),
      website: complete ? `https://www.${domain(company)}` : null,
      industry: complete || random.chance(0.5) ? random.pick(INDUSTRIES) : null,
      company_size: complete || random.chance(0.4) ? random.pick(COMPANY_SIZES) : null,
      budget_range: complete || random.chance(0.3) ? random.pick(BUDGET_RANGES) : null,
      timeline: random.chance(0.7) ? random.pick(TIMELINES) : null,
      pain_points: random.chance(0.5) ? random.pick(PAIN_POINTS) : null,
      stage: random.pick(LEAD_STAGES),
      status: random.pick(['new', 'new', 'contacted', 'qualified', 'unqualified'] as const),
      created_at: daysAgo(today, random.int(0, 89), random),
    });
  }
  const leadIds = await insertRows(manager, 'crm_leads', leads);

  // Contacts: the first half are leads that became contacts (same e-mail: the score tag lands on them).
  const contacts: Row[] = [];
  for (let index = 0; index < CONTACTS_PER_INSTITUTION; index += 1) {
    const fromLead = index < CONTACTS_PER_INSTITUTION / 2 ? leads[index * 2] : undefined;
    const first = (fromLead?.first_name as string) ?? random.pick(CRM_DEMO_FIRST_NAMES);
    const last = (fromLead?.last_name as string) ?? random.pick(CRM_DEMO_LAST_NAMES);
    const company = (fromLead?.company as string | null) ?? random.pick(CRM_DEMO_COMPANIES);
    contacts.push({
      org_id,
      owner_id: ownerAt(index + 1),
      first_name: first,
      last_name: last,
      email:
        (fromLead?.email as string | null) ??
        (random.chance(0.9) ? `${first}.${last}.c${index}@${domain(company)}`.toLowerCase() : null),
      phone: random.chance(0.75) ? `+1 555 ${String(random.int(1000, 9999))}` : null,
      company: random.chance(0.85) ? company : null,
      title: random.pick(POSITIONS),
      status: random.pick(CONTACT_STATUSES_SEEDED),
      lead_source: random.pick(CONTACT_SOURCES_SEEDED),
      tags: random.chance(0.2) ? ['vip'] : [],
      created_at: daysAgo(today, random.int(0, 119), random),
    });
  }
  const contactIds = await insertRows(manager, 'crm_contacts', contacts);
  const customFields: Row[] = [];
  contactIds.forEach((contact_id, index) => {
    if (index % 4 !== 0) return;
    customFields.push(
      {
        contact_id,
        field_name: 'Preferred channel',
        field_value: random.pick(['email', 'phone', 'video']),
        field_type: 'text',
      },
      { contact_id, field_name: 'Employees', field_value: String(random.int(5, 2000)), field_type: 'number' },
      {
        contact_id,
        field_name: 'Newsletter',
        field_value: String(random.chance(0.5)),
        field_type: 'boolean',
      },
    );
  });
  await insertRows(manager, 'crm_contact_custom_fields', customFields);

  // Deals: every stage seven times; some without contact or account; close dates around today.
  const deals: Row[] = [];
  for (let index = 0; index < DEALS_PER_INSTITUTION; index += 1) {
    const stage = DEAL_STAGES[index % DEAL_STAGES.length] as DealStage;
    const created = daysAgo(today, random.int(5, 120), random);
    const closed = stage === 'closed_won' || stage === 'closed_lost';
    const contactIndex = random.int(0, contactIds.length - 1);
    const contact = contacts[contactIndex] as Row;
    deals.push({
      org_id,
      owner_id: ownerAt(index),
      name: `${(contact.company as string | null) ?? 'Direct'} — ${random.pick(DEAL_NAMES)}`,
      description: random.chance(0.8)
        ? 'Scope agreed on the last call; waiting for the buyer’s numbers.'
        : null,
      amount: random.int(20, 1500) * 100,
      currency: 'USD',
      probability: random.chance(0.9) ? PROBABILITY[stage] : null,
      stage,
      status: dealStatusForStage(stage),
      account_id: index % 3 === 0 ? null : accountId(random),
      contact_id: index % 5 === 0 ? null : contactIds[contactIndex],
      expected_close_date:
        index % 7 === 6
          ? null
          : isoDate(
              new Date(today.getTime() + (CLOSE_OFFSETS[index % CLOSE_OFFSETS.length] as number) * DAY_MS),
            ),
      lead_source: random.pick(LEAD_SOURCES),
      closed_at: closed
        ? new Date(Math.min(today.getTime(), created.getTime() + random.int(3, 60) * DAY_MS))
        : null,
      created_at: created,
    });
  }
  const dealIds = await insertRows(manager, 'crm_deals', deals);

  // Activities: calls, emails, meetings, tasks and stage changes; some pending with due dates.
  const activities: Row[] = [];
  dealIds.forEach((deal_id, index) => {
    const deal = deals[index] as Row;
    const created = deal.created_at as Date;
    if (deal.stage !== 'prospecting') {
      activities.push({
        org_id,
        owner_id: deal.owner_id,
        deal_id,
        contact_id: deal.contact_id,
        type: 'stage_change',
        subject: `Stage changed from Prospecting to ${String(deal.stage).replace('_', ' ')}`,
        status: 'completed',
        completed_at: new Date(created.getTime() + DAY_MS),
        created_at: new Date(created.getTime() + DAY_MS),
      });
    }
    for (const type of ['call', 'email', 'meeting'] as const) {
      if (!random.chance(0.6)) continue;
      const when = new Date(created.getTime() + random.int(1, 4) * DAY_MS);
      activities.push({
        org_id,
        owner_id: deal.owner_id,
        deal_id,
        contact_id: deal.contact_id,
        type,
        subject: { call: 'Discovery call', email: 'Sent pricing overview', meeting: 'Demo meeting' }[type],
        description: 'Notes from the conversation are in the deal description.',
        status: 'completed',
        completed_at: when,
        created_at: when,
      });
    }
  });
  contactIds.forEach((contact_id, index) => {
    if (index % 3 !== 0) return;
    const due = new Date(today.getTime() + random.int(-5, 14) * DAY_MS);
    activities.push({
      org_id,
      owner_id: ownerAt(index),
      contact_id,
      type: random.pick(['task', 'call'] as const),
      subject: random.pick(['Send follow-up', 'Check in after trial', 'Book a demo', 'Confirm budget']),
      status: 'pending',
      due_date: due,
      created_at: daysAgo(today, random.int(1, 20), random),
    });
  });
  await insertRows(manager, 'crm_activities', activities);

  // Campaigns: one sent (with its email activities), one scheduled, one draft.
  const [sentCampaign] = await insertRows(manager, 'crm_email_campaigns', [
    {
      org_id,
      owner_id: ownerAt(0),
      name: 'Spring product launch',
      subject: 'Meet the new pipeline board',
      body: 'Drag deals between stages and see your forecast update live.',
      status: 'sent',
      audience: JSON.stringify({ status: 'active' }),
      sent_at: new Date(today.getTime() - 10 * DAY_MS),
      recipients_count: 0,
      created_at: new Date(today.getTime() - 12 * DAY_MS),
    },
    {
      org_id,
      owner_id: ownerAt(1),
      name: 'Q3 webinar invitation',
      subject: 'Join our live CRM webinar',
      body: 'Forty minutes, real pipelines, your questions.',
      status: 'scheduled',
      audience: JSON.stringify({ tags: ['vip'] }),
      created_at: new Date(today.getTime() - 4 * DAY_MS),
    },
    {
      org_id,
      owner_id: ownerAt(0),
      name: 'Customer newsletter',
      subject: 'What is new this month',
      body: null,
      status: 'draft',
      audience: JSON.stringify({}),
      created_at: new Date(today.getTime() - 1 * DAY_MS),
    },
  ]);
  const sentAt = new Date(today.getTime() - 10 * DAY_MS);
  await manager.query(
    `WITH sent AS (
       INSERT INTO crm_activities (org_id, owner_id, contact_id, campaign_id, type, subject, description, status, completed_at, created_at)
       SELECT c.org_id, $2, c.id, $3, 'email', 'Meet the new pipeline board', 'Campaign email to ' || c.email, 'completed', $4, $4
         FROM crm_contacts c
        WHERE c.org_id = $1 AND c.email IS NOT NULL AND c.status = 'active'
       RETURNING 1
     )
     UPDATE crm_email_campaigns SET recipients_count = (SELECT count(*) FROM sent) WHERE id = $3`,
    [org_id, ownerAt(0), sentCampaign, sentAt],
  );

  // Automation rules (docs/product/automation.md): qualified → a new deal; proposal → a task; won → a thank-you e-mail.
  await insertRows(manager, 'automation_rules', [
    {
      org_id,
      owner_id: ownerAt(0),
      name: 'Qualified contact → new deal',
      created_at: createdAt(3),
      description: 'Open a prospecting deal when a contact is qualified',
      module_source: 'crm',
      enabled: true,
      conditions_json: JSON.stringify({
        event_type: 'stage_change',
        stage_change: { to_stage: 'qualified' },
      }),
      actions_json: JSON.stringify([{ type: 'create_deal', config: { amount: 5000 } }]),
      execution_count: 3,
      last_executed_at: new Date(today.getTime() - 2 * DAY_MS),
    },
    {
      org_id,
      owner_id: ownerAt(0),
      name: 'Proposal stage → prepare proposal task',
      created_at: createdAt(2),
      description: 'Remind the owner to send the proposal within two days',
      module_source: 'crm',
      enabled: true,
      conditions_json: JSON.stringify({ event_type: 'stage_change', stage_change: { to_stage: 'proposal' } }),
      actions_json: JSON.stringify([
        { type: 'create_task', config: { subject: 'Prepare and send the proposal', due_in_days: 2 } },
      ]),
      execution_count: 1,
      last_executed_at: new Date(today.getTime() - 6 * DAY_MS),
    },
    {
      org_id,
      owner_id: ownerAt(0),
      name: 'Won → thank-you e-mail',
      created_at: createdAt(1),
      description: 'Paused until the template is approved',
      module_source: 'crm',
      enabled: false,
      conditions_json: JSON.stringify({ event_type: 'stage_change', stage_change: { to_stage: 'won' } }),
      actions_json: JSON.stringify([
        { type: 'send_email', config: { subject: 'Thank you for choosing us' } },
      ]),
      execution_count: 0,
      last_executed_at: null,
    },
  ]);

  await insertRows(
    manager,
    'crm_scoring_rules',
    BUILT_IN_SCORING_RULES.map((rule, index) => ({
      created_at: createdAt(BUILT_IN_SCORING_RULES.length - index),
      org_id,
      owner_id: ownerAt(0),
      name: rule.name,
      description: `${rule.name} adds ${rule.points} points`,
      condition: rule.condition,
      criterion: rule.criterion,
      points: rule.points,
      active: true,
      built_in: true,
    })),
  );

  const workflows = [
    {
      name: 'New Lead Welcome',
      description: 'Welcome e-mail and a sales rep for every new lead',
      trigger: 'lead_created',
      trigger_config: {},
      actions: [
        { type: 'send_email', config: { template: 'welcome' } },
        { type: 'assign_sales_rep', config: { strategy: 'round_robin' } },
      ],
      active: true,
      runs: 12,
    },
    {
      name: 'High Score Alert',
      description: 'Tell the team when a lead reaches 80 points',
      trigger: 'score_threshold',
      trigger_config: { min_score: 80 },
      actions: [
        { type: 'send_email', config: { to: 'sales-team' } },
        { type: 'update_status', config: { status: 'qualified' } },
      ],
      active: true,
      runs: 5,
    },
    {
      name: 'Email Engagement Follow-up',
      description: 'Move engaged leads forward when they open the nurture e-mail',
      trigger: 'email_opened',
      trigger_config: {},
      actions: [{ type: 'update_status', config: { status: 'contacted' } }],
      active: false,
      runs: 2,
    },
  ];
  const workflowIds = await insertRows(
    manager,
    'crm_automation_workflows',
    workflows.map((workflow, index) => ({
      created_at: createdAt(workflows.length - index),
      org_id,
      owner_id: ownerAt(0),
      name: workflow.name,
      description: workflow.description,
      trigger: workflow.trigger,
      trigger_config: JSON.stringify(workflow.trigger_config),
      actions: JSON.stringify(workflow.actions),
      active: workflow.active,
      execution_count: workflow.runs,
      last_executed_at: new Date(today.getTime() - DAY_MS),
    })),
  );
  const executions: Row[] = [];
  workflowIds.forEach((workflow_id, workflowIndex) => {
    const runs = (workflows[workflowIndex] as { runs: number }).runs;
    for (let run = 0; run < runs; run += 1) {
      const failed = run === 3;
      executions.push({
        workflow_id,
        lead_id: leadIds[random.int(0, leadIds.length - 1)],
        status: failed ? 'failed' : 'success',
        message: failed ? 'E-mail bounced' : 'Completed',
        // The newest run is exactly a day ago, matching last_executed_at.
        executed_at: new Date(today.getTime() - DAY_MS - run * random.int(1, 3) * DAY_MS),
      });
    }
  });
  await insertRows(manager, 'crm_workflow_executions', executions);

  // The sample segments of docs/product/leads.md#segments: their counts are the stored baseline; the API adds live counts.
  await insertRows(manager, 'crm_segments', [
    {
      org_id,
      owner_id: ownerAt(0),
      name: 'High-Value Prospects',
      created_at: createdAt(3),
      description: 'Score 80 or more',
      criteria: JSON.stringify({ min_score: 80 }),
      lead_count: 23,
      colour: 'green',
    },
    {
      org_id,
      owner_id: ownerAt(0),
      name: 'Warm Leads',
      created_at: createdAt(2),
      description: 'Score 50 to 79',
      criteria: JSON.stringify({ min_score: 50, max_score: 79 }),
      lead_count: 67,
      colour: 'yellow',
    },
    {
      org_id,
      owner_id: ownerAt(0),
      name: 'Cold Leads',
      created_at: createdAt(1),
      description: 'Score under 50',
      criteria: JSON.stringify({ max_score: 49 }),
      lead_count: 145,
      colour: 'blue',
    },
  ]);

  // Scores come from the database function, so the demo shows exactly what Refresh Scores would.
  await manager.query('SELECT recalculate_lead_scores($1, NULL)', [org_id]);
}

export const seedDemoCrm: DemoSeeder = async (context) => {
  for (const slug of ['acme', 'northwind', 'globex'] as const) {
    await seedInstitution(context, slug);
  }
};
