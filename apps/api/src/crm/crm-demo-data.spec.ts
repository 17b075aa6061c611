import {
  BUDGET_RANGES,
  type CaptureFormInput,
  type CompanySize,
  captureScore,
  type Industry,
  type LeadScoreSubject,
  leadScoreFactors,
  SeededRandom,
  weightedLeadScore,
} from '@tessera/data-access/contracts';
import {
  CRM_DEMO_BUDGET_CEILING,
  CRM_DEMO_DEAL_HUNDREDS,
  CRM_DEMO_PERSONAL_MAIL_DOMAIN,
  crmDemoCompanyProfile,
} from '@tessera/data-access/demo-data';
import { crmDraw, domain, type Row } from './common/crm-seed-rows';
import { buildCrmDemo, type CrmDemoRows } from './crm.seed';

/*
 * The CRM demo data a salesperson believes, checked on the rows the seed builds, without a database:
 * several draws of the sequence (the seed's position in it depends on what was seeded before), each
 * row against the others. crm-demo-data.e2e-spec.ts checks what only the database can say.
 */

const TODAY = new Date('2026-11-22T09:30:00Z');
const OWNERS = ['owner-a', 'owner-b', 'owner-c'];
const DRAWS: Array<[string, CrmDemoRows]> = [20261122, 7, 4242].map((seed) => [
  `sequence ${seed}`,
  buildCrmDemo(crmDraw(new SeededRandom(seed), TODAY, 'org', OWNERS)),
]);

const time = (value: unknown): number => (value as Date).getTime();
const mailDomain = (email: string) => email.slice(email.indexOf('@') + 1);
const text = (value: unknown): string | null => (value as string | null | undefined) ?? null;

describe.each(DRAWS)('CRM demo data (%s)', (_, rows) => {
  const contactAt = (index: unknown): Row | null =>
    index === null || index === undefined ? null : (rows.contacts[index as number] ?? null);
  const companyNames = new Set(rows.companies.map((company) => company.name as string));

  it('gives each company the industry, size and domain its name says', () => {
    expect(rows.companies.length).toBeGreaterThan(0);
    for (const company of rows.companies) {
      const name = company.name as string;
      expect({ name, industry: company.industry, size: company.size }).toEqual({
        name,
        ...crmDemoCompanyProfile(name),
      });
      expect(company.domain).toBe(domain(name));
    }
  });

  it('has contacts work at companies that exist, writing from their domains', () => {
    for (const contact of rows.contacts) {
      const company = text(contact.company);
      if (company) expect(companyNames.has(company)).toBe(true);
      const email = text(contact.email);
      if (email) {
        expect(`${email} at ${company}`).toBe(
          `${email.split('@')[0]}@${company ? domain(company) : CRM_DEMO_PERSONAL_MAIL_DOMAIN} at ${company}`,
        );
      }
    }
    for (const field of rows.customFields) expect(contactAt(field.contact_index)).not.toBeNull();
  });

  it('sells each deal to a company, for an amount that fits its size, after its contact was one', () => {
    expect(rows.deals.length).toBeGreaterThan(0);
    for (const deal of rows.deals) {
      const company = text(deal.company);
      expect(company !== null && companyNames.has(company)).toBe(true);
      expect((deal.name as string).startsWith(`${company} — `)).toBe(true);
      const size = crmDemoCompanyProfile(company)?.size as CompanySize;
      const [low, high] = CRM_DEMO_DEAL_HUNDREDS[size];
      const hundreds = Number(deal.amount) / 100;
      expect(`${deal.name}: ${hundreds}`).toBe(`${deal.name}: ${Math.min(high, Math.max(low, hundreds))}`);
      const contact = contactAt(deal.contact_index);
      if (contact) {
        expect(contact.company).toBe(company);
        expect(time(deal.created_at)).toBeGreaterThanOrEqual(time(contact.created_at));
      }
      if (deal.closed_at) {
        expect(time(deal.closed_at)).toBeGreaterThanOrEqual(time(deal.created_at));
        expect(time(deal.closed_at)).toBeLessThanOrEqual(TODAY.getTime());
      }
    }
  });

  it('orders every deal’s activities between its opening and its close, and plans tasks after', () => {
    const done = rows.activities.filter((activity) => activity.deal_index !== undefined);
    expect(done.length).toBeGreaterThan(0);
    for (const activity of done) {
      const deal = rows.deals[activity.deal_index as number] as Row;
      expect(activity.status).toBe('completed');
      expect(activity.contact_index).toBe(deal.contact_index);
      const at = time(activity.created_at);
      expect(at).toBeGreaterThanOrEqual(time(deal.created_at));
      expect(at).toBeLessThanOrEqual(
        Math.min(TODAY.getTime(), deal.closed_at ? time(deal.closed_at) : Infinity),
      );
    }
    const planned = rows.activities.filter((activity) => activity.deal_index === undefined);
    expect(planned.length).toBeGreaterThan(0);
    for (const task of planned) {
      expect(task.status).toBe('pending');
      expect(time(task.due_date)).toBeGreaterThan(time(task.created_at));
      expect(time(task.created_at)).toBeGreaterThanOrEqual(time(contactAt(task.contact_index)?.created_at));
    }
  });

  it('describes each lead as its company is', () => {
    for (const lead of rows.leads) {
      const company = text(lead.company);
      const profile = crmDemoCompanyProfile(company);
      const email = text(lead.email);
      if (email) expect(mailDomain(email)).toBe(company ? domain(company) : CRM_DEMO_PERSONAL_MAIL_DOMAIN);
      if (lead.industry) expect(lead.industry as Industry).toBe(profile?.industry);
      if (lead.company_size) expect(lead.company_size).toBe(profile?.size);
      if (lead.website) expect(lead.website).toBe(`https://www.${domain(company as string)}`);
      if (lead.budget_range && profile) {
        expect(
          BUDGET_RANGES.indexOf(lead.budget_range as (typeof BUDGET_RANGES)[number]),
        ).toBeLessThanOrEqual(CRM_DEMO_BUDGET_CEILING[profile.size]);
      }
    }
  });

  it('scores each lead by the rules from its own fields and the e-mails sent to it', () => {
    for (const lead of rows.leads) {
      // Counted here from the activities, as the database function counts them.
      const email = text(lead.email)?.toLowerCase();
      const sent = rows.activities.filter(
        (activity) =>
          activity.type === 'email' &&
          activity.status === 'completed' &&
          email !== undefined &&
          text(contactAt(activity.contact_index)?.email)?.toLowerCase() === email,
      ).length;
      expect(lead.lead_score).toBe(weightedLeadScore(leadScoreFactors(lead as LeadScoreSubject, sent)));
    }
    // The demo shows a spread of scores, not one value.
    expect(new Set(rows.leads.map((lead) => lead.lead_score)).size).toBeGreaterThan(10);
  });

  it('gives each lead the status its stage and its capture score say', () => {
    for (const lead of rows.leads) {
      const captured = captureScore(lead as CaptureFormInput).status;
      const expected =
        lead.stage === 'new'
          ? captured
          : lead.stage === 'contacted'
            ? 'contacted'
            : lead.stage === 'won'
              ? 'converted'
              : lead.stage === 'lost'
                ? 'unqualified'
                : 'qualified';
      expect(`${lead.stage}: ${lead.status}`).toBe(`${lead.stage}: ${expected}`);
      // Past contacted only when the capture qualified the lead.
      if (!['new', 'contacted', 'lost'].includes(lead.stage as string)) expect(captured).toBe('qualified');
    }
    expect(new Set(rows.leads.map((lead) => lead.status))).toEqual(
      new Set(['new', 'contacted', 'qualified', 'unqualified', 'converted']),
    );
  });
});
