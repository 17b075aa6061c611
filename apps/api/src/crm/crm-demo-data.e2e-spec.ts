import {
  type BudgetRange,
  type CompanySize,
  type Industry,
  leadScoreFactors,
  scoreFromTags,
  weightedLeadScore,
} from '@tessera/data-access/contracts';
import { Client } from 'pg';
import { runMigrations } from '../database/data-source';
import { seedDemoData } from '../database/seed/demo-seed';
import { createDatabase, dropDatabase, TEST_SERVER_URL } from '../test/test-database';

/*
 * What only the database can say of the CRM demo data (the rows themselves are checked without one
 * in crm-demo-data.spec.ts): the seed runs on a database of its own (the shared test database is
 * changed by other tests); the links it makes by id hold, and the database's own scoring function
 * stores the scores the rules give.
 */

let name = '';
let client: Client;

beforeAll(async () => {
  const created = await createDatabase(TEST_SERVER_URL, 'tessera_crm_demo');
  name = created.name;
  await runMigrations(created.url);
  await seedDemoData(created.url);
  client = new Client({ connectionString: created.url });
  await client.connect();
}, 120_000);

afterAll(async () => {
  await client?.end();
  if (name) await dropDatabase(TEST_SERVER_URL, name);
});

async function rows<T>(sql: string): Promise<T[]> {
  return (await client.query(sql)).rows as T[];
}

describe('CRM demo data in the database', () => {
  it('links every contact and deal to the company it names, in its own institution', async () => {
    const unlinked = await rows<{ what: string; name: string }>(
      `SELECT 'contact' AS what, k.first_name || ' ' || k.last_name AS name FROM crm_contacts k
         LEFT JOIN crm_companies c ON c.id = k.company_id AND c.org_id = k.org_id
        WHERE k.company IS NOT NULL AND c.name IS DISTINCT FROM k.company
       UNION ALL
       SELECT 'deal', d.name FROM crm_deals d
         LEFT JOIN crm_companies c ON c.id = d.company_id AND c.org_id = d.org_id
        WHERE c.id IS NULL OR d.name NOT LIKE c.name || ' — %'
       UNION ALL
       SELECT 'activity', a.subject FROM crm_activities a
         JOIN crm_deals d ON d.id = a.deal_id
        WHERE a.org_id <> d.org_id OR a.contact_id IS DISTINCT FROM d.contact_id`,
    );
    expect(unlinked).toEqual([]);
    const [counts] = await rows<{ companies: string; deals: string }>(
      'SELECT (SELECT count(*) FROM crm_companies) AS companies, (SELECT count(*) FROM crm_deals) AS deals',
    );
    expect(Number(counts?.companies)).toBeGreaterThan(0);
    expect(Number(counts?.deals)).toBeGreaterThan(0);
  });

  it('stores the scores the rules give, by the database function, and tags contacts with them', async () => {
    const leads = await rows<{
      email: string | null;
      website: string | null;
      lead_source: string | null;
      source: string | null;
      company_size: CompanySize | null;
      industry: Industry | null;
      budget_range: BudgetRange | null;
      lead_score: number;
      completed_emails: string;
      contact_tags: string[] | null;
    }>(
      `SELECT l.email, l.website, l.lead_source, l.source, l.company_size, l.industry, l.budget_range,
              l.lead_score,
              (SELECT count(*) FROM crm_contacts c
                 JOIN crm_activities a ON a.contact_id = c.id AND a.type = 'email' AND a.status = 'completed'
                WHERE lower(c.email) = lower(l.email) AND c.org_id = l.org_id) AS completed_emails,
              (SELECT c.tags FROM crm_contacts c
                WHERE lower(c.email) = lower(l.email) AND c.org_id = l.org_id LIMIT 1) AS contact_tags
         FROM crm_leads l`,
    );
    expect(leads.length).toBeGreaterThan(0);
    for (const lead of leads) {
      expect(lead.lead_score).toBe(weightedLeadScore(leadScoreFactors(lead, Number(lead.completed_emails))));
      if (lead.contact_tags) expect(scoreFromTags(lead.contact_tags)).not.toBeNull();
    }
  });
});
