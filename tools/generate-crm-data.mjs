#!/usr/bin/env node
// Bulk CRM data for one institution: leads, contacts, deals and activities in large volumes, for
// benchmarks and manual testing. Fast: rows go in as arrays through one INSERT … SELECT unnest(…)
// per batch, and each lead's score is computed by the database's own formula
// (crm_weighted_lead_score) in that same INSERT, so no second pass over the rows is needed.
//
//   DATABASE_URL=postgres://… node tools/generate-crm-data.mjs --leads 100000 --deals 10000 --institution acme
//
// The database must be migrated and the institution must exist (the demo seed creates acme,
// northwind and globex). Rows are owned by the institution's members (viewers excluded).
// The enumerations, the PRNG and the demo names come from the built data-access library (`npx nx
// run-many -t build -p @tessera/data-access`), so the rows always pass the tables' CHECK constraints.
import * as crm from '@tessera/data-access/contracts';
import * as demo from '@tessera/data-access/demo-data';
import pg from 'pg';

const HELP = `Usage: DATABASE_URL=… node tools/generate-crm-data.mjs [options]
  --institution <slug>   institution to fill (required)
  --leads <n>            leads to add (default 0)
  --deals <n>            deals to add (default 0)
  --contacts <n>         contacts to add (default: as many as deals)
  --activities <n>       activities to add (default: twice the deals)
  --batch <n>            rows per INSERT (default 5000)
  --seed <n>             random seed, for repeatable data (default 1)
  --rescore              also run recalculate_lead_scores over the whole institution at the end`;

/** The columns of a person row (a lead or a contact), as `person` and its caller fill them. */
const PERSON_COLUMNS = [
  ['org_id', 'uuid'],
  ['owner_id', 'uuid'],
  ['first_name', 'text'],
  ['last_name', 'text'],
  ['email', 'text'],
  ['phone', 'text'],
  ['company', 'text'],
];

function parseArgs(argv) {
  const options = { batch: 5000, seed: 1, rescore: false, leads: 0, deals: 0 };
  for (let index = 0; index < argv.length; index += 1) {
    const flag = argv[index];
    if (flag === '--help' || flag === '-h') {
      console.log(HELP);
      process.exit(0);
    }
    if (flag === '--rescore') {
      options.rescore = true;
      continue;
    }
    const value = argv[index + 1];
    index += 1;
    const key = flag?.replace(/^--/, '');
    if (
      !['institution', 'leads', 'deals', 'contacts', 'activities', 'batch', 'seed'].includes(key ?? '') ||
      value === undefined
    ) {
      throw new Error(`Unknown or incomplete option ${flag}\n${HELP}`);
    }
    options[key] = key === 'institution' ? value : Number(value);
    if (key !== 'institution' && (!Number.isInteger(options[key]) || options[key] < 0)) {
      throw new Error(`${flag} needs a whole number ≥ 0`);
    }
  }
  if (!options.institution) throw new Error(`--institution is required\n${HELP}`);
  options.contacts ??= options.deals;
  options.activities ??= options.deals * 2;
  options.batch = Math.max(1, options.batch || 5000);
  return options;
}

/** The demo seed's PRNG with a nullable draw, so --seed gives the same rows everywhere. */
function seeded(seed) {
  const random = new crm.SeededRandom(seed);
  return {
    next: random.next,
    int: (min, max) => random.int(min, max),
    pick: (items) => random.pick(items),
    maybe: (probability, value) => (random.chance(probability) ? value : null),
  };
}

/** The kinds of activity bulk data logs (the stored ones a person would enter). */
const ACTIVITY_TYPES = ['call', 'email', 'meeting', 'task', 'note'];
const DAY_MS = 86_400_000;

/**
 * One INSERT per batch: each column travels as one typed array parameter. `computed` adds columns
 * the database derives from the row (`u.<column>` names the row's values).
 */
async function insertColumns(client, table, columns, rows, computed = {}) {
  const params = columns.map(([name]) => rows.map((row) => row[name] ?? null));
  const arrays = columns.map(([, type], index) => `$${index + 1}::${type}[]`).join(', ');
  const names = columns.map(([name]) => name);
  const result = await client.query(
    `INSERT INTO ${table} (${[...names, ...Object.keys(computed)].join(', ')})
     SELECT ${[...names.map((name) => `u.${name}`), ...Object.values(computed)].join(', ')}
       FROM unnest(${arrays}) AS u(${names.join(', ')})
     RETURNING id`,
    params,
  );
  return result.rows.map((row) => row.id);
}

async function inBatches(label, total, batch, makeRow, write) {
  const ids = [];
  for (let start = 0; start < total; start += batch) {
    const rows = Array.from({ length: Math.min(batch, total - start) }, (_, offset) =>
      makeRow(start + offset),
    );
    ids.push(...(await write(rows)));
    process.stderr.write(`\r${label}: ${ids.length}/${total}`);
  }
  if (total) process.stderr.write('\n');
  return ids;
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is not set');
  const random = seeded(options.seed);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const started = performance.now();
  try {
    const tables = await client.query(`SELECT to_regclass('crm_leads') AS leads`);
    if (!tables.rows[0].leads) throw new Error('CRM tables are missing: run the migrations first');
    const institution = await client.query('SELECT id FROM institutions WHERE slug = $1', [
      options.institution,
    ]);
    if (!institution.rows[0]) throw new Error(`No institution with slug ${options.institution}`);
    const orgId = institution.rows[0].id;
    const members = await client.query(
      `SELECT user_id FROM institution_members WHERE institution_id = $1 AND role <> 'viewer' ORDER BY joined_at, user_id`,
      [orgId],
    );
    const owners = members.rows.map((row) => row.user_id);
    if (owners.length === 0) throw new Error(`${options.institution} has no members who can own CRM rows`);
    const now = Date.now();
    const ago = (maxDays) => new Date(now - random.int(0, maxDays * 24) * 3_600_000).toISOString();
    const tag = `${options.seed}-${now.toString(36)}`;
    // Leads and contacts are people with a demo name, owned in turn by the institution's members.
    const person = (index) => ({
      org_id: orgId,
      owner_id: owners[index % owners.length],
      first_name: random.pick(demo.CRM_DEMO_FIRST_NAMES),
      last_name: random.pick(demo.CRM_DEMO_LAST_NAMES),
    });

    await client.query('BEGIN');
    const leadIds = await inBatches(
      'leads',
      options.leads,
      options.batch,
      (index) => {
        const lead = person(index);
        const company = random.pick(demo.CRM_DEMO_COMPANIES);
        return {
          ...lead,
          email: random.maybe(
            0.9,
            `${lead.first_name}.${lead.last_name}.${tag}.${index}@${company.toLowerCase().replace(/\s+/g, '')}.example`.toLowerCase(),
          ),
          phone: random.maybe(0.6, `+1 555 ${random.int(1000, 9999)}`),
          company: random.maybe(0.85, company),
          position: random.maybe(0.7, random.pick(['CEO', 'CTO', 'VP Sales', 'Buyer', 'Founder'])),
          lead_source: random.maybe(0.9, random.pick(crm.LEAD_SOURCES)),
          source: random.pick(crm.FILTER_SOURCES),
          website: random.maybe(0.5, `https://${company.toLowerCase().replace(/\s+/g, '')}.example`),
          industry: random.maybe(0.8, random.pick(crm.INDUSTRIES)),
          company_size: random.maybe(0.7, random.pick(crm.COMPANY_SIZES)),
          budget_range: random.maybe(0.6, random.pick(crm.BUDGET_RANGES)),
          timeline: random.maybe(0.6, random.pick(crm.TIMELINES)),
          stage: random.pick(crm.LEAD_STAGES),
          status: random.pick(crm.LEAD_STATUSES),
          created_at: ago(365),
        };
      },
      (rows) =>
        insertColumns(
          client,
          'crm_leads',
          [
            ...PERSON_COLUMNS,
            ['position', 'text'],
            ['lead_source', 'text'],
            ['source', 'text'],
            ['website', 'text'],
            ['industry', 'text'],
            ['company_size', 'text'],
            ['budget_range', 'text'],
            ['timeline', 'text'],
            ['stage', 'text'],
            ['status', 'text'],
            ['created_at', 'timestamptz'],
          ],
          rows,
          // The e-mails are new, so no contact has engagement with them yet: 0 completed e-mails.
          {
            lead_score:
              'crm_weighted_lead_score(u.email, u.website, u.lead_source, u.source, u.company_size, u.industry, u.budget_range, 0)',
          },
        ),
    );

    const contactIds = await inBatches(
      'contacts',
      options.contacts,
      options.batch,
      (index) => {
        const contact = person(index);
        return {
          ...contact,
          email: random.maybe(
            0.9,
            `${contact.first_name}.${contact.last_name}.c${tag}.${index}@contacts.example`.toLowerCase(),
          ),
          phone: random.maybe(0.7, `+1 555 ${random.int(1000, 9999)}`),
          company: random.maybe(0.85, random.pick(demo.CRM_DEMO_COMPANIES)),
          title: random.pick(['CEO', 'CTO', 'VP Sales', 'Buyer', 'Founder']),
          status: random.pick(crm.CONTACT_STATUSES),
          lead_source: random.pick(crm.LEAD_SOURCES),
          created_at: ago(365),
        };
      },
      (rows) =>
        insertColumns(
          client,
          'crm_contacts',
          [
            ...PERSON_COLUMNS,
            ['title', 'text'],
            ['status', 'text'],
            ['lead_source', 'text'],
            ['created_at', 'timestamptz'],
          ],
          rows,
        ),
    );

    const dealIds = await inBatches(
      'deals',
      options.deals,
      options.batch,
      (index) => {
        const stage = crm.DEAL_STAGES[index % crm.DEAL_STAGES.length];
        const created = now - random.int(1, 365) * DAY_MS;
        const closed = stage === 'closed_won' || stage === 'closed_lost';
        return {
          org_id: orgId,
          owner_id: owners[index % owners.length],
          name: `${random.pick(demo.CRM_DEMO_COMPANIES)} — deal ${index + 1}`,
          amount: random.int(10, 2000) * 100,
          probability: crm.DEAL_STAGE_PROBABILITY[stage],
          stage,
          status: crm.dealStatusForStage(stage),
          contact_id: contactIds.length && random.next() < 0.8 ? random.pick(contactIds) : null,
          expected_close_date: new Date(now + random.int(-30, 120) * DAY_MS).toISOString().slice(0, 10),
          lead_source: random.pick(crm.LEAD_SOURCES),
          closed_at: closed
            ? new Date(Math.min(now, created + random.int(1, 90) * DAY_MS)).toISOString()
            : null,
          created_at: new Date(created).toISOString(),
        };
      },
      (rows) =>
        insertColumns(
          client,
          'crm_deals',
          [
            ['org_id', 'uuid'],
            ['owner_id', 'uuid'],
            ['name', 'text'],
            ['amount', 'numeric'],
            ['probability', 'int'],
            ['stage', 'text'],
            ['status', 'text'],
            ['contact_id', 'uuid'],
            ['expected_close_date', 'date'],
            ['lead_source', 'text'],
            ['closed_at', 'timestamptz'],
            ['created_at', 'timestamptz'],
          ],
          rows,
        ),
    );

    await inBatches(
      'activities',
      options.activities,
      options.batch,
      (index) => {
        const completed = random.next() < 0.7;
        return {
          org_id: orgId,
          owner_id: owners[index % owners.length],
          contact_id: contactIds.length ? random.pick(contactIds) : null,
          deal_id: dealIds.length && random.next() < 0.6 ? random.pick(dealIds) : null,
          type: random.pick(ACTIVITY_TYPES),
          subject: random.pick(['Discovery call', 'Pricing e-mail', 'Demo', 'Follow-up', 'Contract review']),
          status: completed ? 'completed' : 'pending',
          due_date: completed ? null : new Date(now + random.int(-7, 30) * DAY_MS).toISOString(),
          completed_at: completed ? ago(180) : null,
          created_at: ago(180),
        };
      },
      (rows) =>
        insertColumns(
          client,
          'crm_activities',
          [
            ['org_id', 'uuid'],
            ['owner_id', 'uuid'],
            ['contact_id', 'uuid'],
            ['deal_id', 'uuid'],
            ['type', 'text'],
            ['subject', 'text'],
            ['status', 'text'],
            ['due_date', 'timestamptz'],
            ['completed_at', 'timestamptz'],
            ['created_at', 'timestamptz'],
          ],
          rows,
        ),
    );

    if (options.rescore) {
      process.stderr.write('rescoring every lead of the institution (recalculate_lead_scores)…\n');
      await client.query('SELECT recalculate_lead_scores($1, NULL)', [orgId]);
    }
    await client.query('COMMIT');
    // VACUUM sets the visibility map, so counts of a scope are index-only scans from the start.
    await client.query('VACUUM (ANALYZE) crm_leads, crm_contacts, crm_deals, crm_activities');
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `${options.institution}: ${leadIds.length} leads, ${contactIds.length} contacts, ${dealIds.length} deals, ${options.activities} activities in ${seconds} s`,
    );
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    await client.end();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
