import type { EntityManager } from 'typeorm';
import type { DemoSeedContext } from '../../database/seed/demo-seed-context';
import type { SeededRandom } from '@tessera/data-access/contracts';
import { CRM_DEMO_PERSONAL_MAIL_DOMAIN } from '@tessera/data-access/demo-data';

// The demo names are shared with the data generator (tools/generate-crm-data.mjs).
export {
  CRM_DEMO_BUDGET_CEILING as BUDGET_CEILING,
  CRM_DEMO_COMPANIES as COMPANIES,
  CRM_DEMO_DEAL_HUNDREDS as DEAL_HUNDREDS,
  crmDemoCompanyProfile as companyProfile,
  CRM_DEMO_FIRST_NAMES as FIRST_NAMES,
  CRM_DEMO_LAST_NAMES as LAST_NAMES,
} from '@tessera/data-access/demo-data';

/*
 * What the CRM's demo seeds share (one file per feature: leads/leads.seed.ts, deals/deals.seed.ts
 * …; crm.seed.ts runs them in order). Deterministic: every choice comes from the one seeded random
 * sequence, in a fixed order, and every date is relative to the seed's today.
 */

export const DAY_MS = 86_400_000;

export type Row = Record<string, unknown>;

/** What building one institution's CRM demo rows draws on (no database: the unit test builds them too). */
export interface CrmDraw {
  random: SeededRandom;
  today: Date;
  org_id: string;
  /** The owners take turns: the row at `index` belongs to this one. */
  ownerAt: (index: number) => string;
  /** Configuration rows keep the order they are listed in (lists sort by created_at). */
  createdAt: (minutesBefore: number) => Date;
}

/** One institution's CRM demo data under way. */
export interface CrmSeed extends CrmDraw {
  manager: EntityManager;
}

export function crmDraw(
  random: SeededRandom,
  today: Date,
  org_id: string,
  owners: readonly string[],
): CrmDraw {
  return {
    random,
    today,
    org_id,
    ownerAt: (index) => owners[index % owners.length] as string,
    createdAt: (minutesBefore) => new Date(today.getTime() - 30 * DAY_MS - minutesBefore * 60_000),
  };
}

export function crmSeed(context: DemoSeedContext, org_id: string, owners: string[]): CrmSeed {
  return { manager: context.manager, ...crmDraw(context.random, context.today, org_id, owners) };
}

/** One multi-row INSERT per call (a column a row leaves out takes its DEFAULT); returns the new ids in order. */
export async function insertRows(manager: EntityManager, table: string, rows: Row[]): Promise<string[]> {
  if (rows.length === 0) return [];
  // Every column any row names: a pending task's due date counts even when the first row is a call.
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
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

/**
 * Configuration rows (rules, workflows, segments): the institution's, all its first owner's, and
 * in the order listed, the first the oldest (lists sort by created_at).
 */
export function insertConfiguration(seed: CrmSeed, table: string, rows: Row[]): Promise<string[]> {
  return insertRows(
    seed.manager,
    table,
    rows.map((row, index) => ({
      org_id: seed.org_id,
      owner_id: seed.ownerAt(0),
      created_at: seed.createdAt(rows.length - index),
      ...row,
    })),
  );
}

export const daysAgo = (today: Date, days: number, random: SeededRandom): Date =>
  new Date(today.getTime() - days * DAY_MS - random.int(0, 86_399) * 1000);

export const isoDate = (date: Date): string => date.toISOString().slice(0, 10);

/** A company's made-up e-mail domain. */
export const domain = (company: string): string => `${company.toLowerCase().replace(/[^a-z]+/g, '')}.example`;

/** The address, moved to the mailbox of the company the person works at (or a personal one). */
export function atCompany(email: string | null, company: string | null): string | null {
  if (!email) return null;
  return `${email.slice(0, email.indexOf('@'))}@${company ? domain(company) : CRM_DEMO_PERSONAL_MAIL_DOMAIN}`;
}

export const POSITIONS = [
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
