import {
  BUDGET_RANGES,
  type BudgetRange,
  type CompanySize,
  type Industry,
  leadScoreFactors,
  weightedLeadScore,
} from '@tessera/data-access/contracts';
import {
  CRM_DEMO_BUDGET_CEILING,
  CRM_DEMO_DEAL_HUNDREDS,
  CRM_DEMO_PERSONAL_MAIL_DOMAIN,
  crmDemoCompanyProfile,
} from '@tessera/data-access/demo-data';
import { Client } from 'pg';
import { runMigrations } from '../database/data-source';
import { seedDemoData } from '../database/seed/demo-seed';
import { createDatabase, dropDatabase, TEST_SERVER_URL } from '../test/test-database';
import { domain } from './common/crm-seed-rows';

/*
 * The CRM demo data a salesperson believes: the seed runs on a database of its own (the shared test
 * database is changed by other tests) and every row is checked against the others.
 */

let name = '';
let client: Client;
// The seed's today is when it ran: nothing it made may be later.
let now = 0;

beforeAll(async () => {
  const created = await createDatabase(TEST_SERVER_URL, 'tessera_crm_demo');
  name = created.name;
  await runMigrations(created.url);
  await seedDemoData(created.url);
  now = Date.now();
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

const mailDomain = (email: string) => email.slice(email.indexOf('@') + 1);

describe('CRM demo data', () => {
  it('gives each company the industry, size and domain its name says', async () => {
    const companies = await rows<{ name: string; industry: Industry; size: CompanySize; domain: string }>(
      'SELECT name, industry, size, domain FROM crm_companies',
    );
    expect(companies.length).toBeGreaterThan(0);
    for (const company of companies) {
      const profile = crmDemoCompanyProfile(company.name);
      expect({ name: company.name, industry: company.industry, size: company.size }).toEqual({
        name: company.name,
        ...profile,
      });
      expect(company.domain).toBe(domain(company.name));
    }
  });

  it('has contacts work at companies that exist, writing from their domains', async () => {
    const contacts = await rows<{ company: string | null; email: string | null; domain: string | null }>(
      `SELECT k.company, k.email, c.domain FROM crm_contacts k
         LEFT JOIN crm_companies c ON c.id = k.company_id AND c.org_id = k.org_id`,
    );
    for (const contact of contacts) {
      if (contact.company) expect(contact.domain).not.toBeNull();
      if (contact.email) {
        expect(`${contact.email} at ${contact.company}`).toBe(
          `${contact.email.split('@')[0]}@${contact.domain ?? CRM_DEMO_PERSONAL_MAIL_DOMAIN} at ${contact.company}`,
        );
      }
    }
  });

  it('sells each deal to a company, for an amount that fits its size, after its contact was one', async () => {
    const deals = await rows<{
      name: string;
      amount: string;
      size: CompanySize | null;
      company: string | null;
      created_at: Date;
      closed_at: Date | null;
      contact_since: Date | null;
    }>(
      `SELECT d.name, d.amount, c.size, c.name AS company, d.created_at, d.closed_at, k.created_at AS contact_since
         FROM crm_deals d
         LEFT JOIN crm_companies c ON c.id = d.company_id
         LEFT JOIN crm_contacts k ON k.id = d.contact_id`,
    );
    expect(deals.length).toBeGreaterThan(0);
    for (const deal of deals) {
      expect(deal.company).not.toBeNull();
      expect(deal.name.startsWith(`${deal.company} — `)).toBe(true);
      const [low, high] = CRM_DEMO_DEAL_HUNDREDS[deal.size as CompanySize];
      const hundreds = Number(deal.amount) / 100;
      expect(hundreds >= low && hundreds <= high).toBe(true);
      if (deal.contact_since)
        expect(deal.created_at.getTime()).toBeGreaterThanOrEqual(deal.contact_since.getTime());
      if (deal.closed_at) {
        expect(deal.closed_at.getTime()).toBeGreaterThanOrEqual(deal.created_at.getTime());
        expect(deal.closed_at.getTime()).toBeLessThanOrEqual(now);
      }
    }
  });

  it('orders every deal’s activities between its opening and its close, none in the future', async () => {
    const activities = await rows<{
      subject: string;
      created_at: Date;
      opened: Date;
      closed_at: Date | null;
    }>(
      `SELECT a.subject, a.created_at, d.created_at AS opened, d.closed_at
         FROM crm_activities a JOIN crm_deals d ON d.id = a.deal_id
        WHERE a.status = 'completed'`,
    );
    expect(activities.length).toBeGreaterThan(0);
    for (const activity of activities) {
      const at = activity.created_at.getTime();
      expect(at).toBeGreaterThanOrEqual(activity.opened.getTime());
      expect(at).toBeLessThanOrEqual(Math.min(now, activity.closed_at?.getTime() ?? now));
    }
    const planned = await rows<{ created_at: Date; due_date: Date | null; contact_since: Date }>(
      `SELECT a.created_at, a.due_date, k.created_at AS contact_since
         FROM crm_activities a JOIN crm_contacts k ON k.id = a.contact_id
        WHERE a.status = 'pending' AND a.deal_id IS NULL`,
    );
    expect(planned.length).toBeGreaterThan(0);
    for (const task of planned) {
      expect(task.due_date).not.toBeNull();
      expect((task.due_date as Date).getTime()).toBeGreaterThan(task.created_at.getTime());
      expect(task.created_at.getTime()).toBeGreaterThanOrEqual(task.contact_since.getTime());
    }
  });

  it('describes each lead as its company is, and scores it by the rules from its own fields', async () => {
    const leads = await rows<{
      email: string | null;
      website: string | null;
      lead_source: string | null;
      source: string | null;
      company: string | null;
      company_size: CompanySize | null;
      industry: Industry | null;
      budget_range: BudgetRange | null;
      lead_score: number;
      completed_emails: string;
    }>(
      `SELECT l.email, l.website, l.lead_source, l.source, l.company, l.company_size, l.industry,
              l.budget_range, l.lead_score,
              (SELECT count(*) FROM crm_contacts c
                 JOIN crm_activities a ON a.contact_id = c.id AND a.type = 'email' AND a.status = 'completed'
                WHERE lower(c.email) = lower(l.email) AND c.org_id = l.org_id) AS completed_emails
         FROM crm_leads l`,
    );
    expect(leads.length).toBeGreaterThan(0);
    for (const lead of leads) {
      const profile = crmDemoCompanyProfile(lead.company);
      if (lead.email) {
        expect(mailDomain(lead.email)).toBe(
          lead.company ? domain(lead.company) : CRM_DEMO_PERSONAL_MAIL_DOMAIN,
        );
      }
      if (lead.industry) expect(lead.industry).toBe(profile?.industry);
      if (lead.company_size) expect(lead.company_size).toBe(profile?.size);
      if (lead.website) expect(lead.website).toBe(`https://www.${domain(lead.company as string)}`);
      if (lead.budget_range && profile) {
        expect(BUDGET_RANGES.indexOf(lead.budget_range)).toBeLessThanOrEqual(
          CRM_DEMO_BUDGET_CEILING[profile.size],
        );
      }
      expect(lead.lead_score).toBe(weightedLeadScore(leadScoreFactors(lead, Number(lead.completed_emails))));
    }
  });
});
