import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { runMigrations } from '../../database/data-source';
import { startEmbeddedPostgres } from '../../database/embedded-postgres';
import { testDatabaseUrl } from '../../test/test-app';

import {
  BUDGET_RANGES,
  type BudgetRange,
  COMPANY_SIZES,
  type CompanySize,
  FILTER_SOURCES,
  INDUSTRIES,
  type Industry,
  LEAD_SOURCES,
  leadScoreFactors,
  SeededRandom,
  weightedLeadScore,
} from '@tessera/data-access/contracts';

type RunQuery = <T>(sql: string, params?: unknown[]) => Promise<T[]>;

interface ParityCase {
  lead_id: string;
  expected: number;
  actual: number;
}

/**
 * Creates leads with every combination class of the score's inputs (plus completed emails on a
 * matching contact) in a fresh institution, scores them with calculate_lead_score_enhanced and
 * with the TypeScript formula, and returns both. Used against PostgreSQL and PGlite alike.
 */
async function leadScoreParity(query: RunQuery, count = 60): Promise<ParityCase[]> {
  const random = new SeededRandom(7);
  const [user] = await query<{ id: string }>(
    `INSERT INTO users (email) VALUES ('parity-' || gen_random_uuid() || '@score.test') RETURNING id`,
  );
  const [institution] = await query<{ id: string }>(
    `INSERT INTO institutions (name, slug) VALUES ('Parity', 'parity-' || substr(md5(random()::text), 1, 8)) RETURNING id`,
  );
  const cases: ParityCase[] = [];
  for (let index = 0; index < count; index += 1) {
    const lead = {
      email: random.chance(0.8) ? `p${index}@parity.test` : null,
      website: random.chance(0.5) ? 'https://parity.test' : null,
      lead_source: random.chance(0.8) ? random.pick(LEAD_SOURCES) : null,
      source: random.chance(0.5) ? random.pick(FILTER_SOURCES) : null,
      company_size: random.chance(0.8) ? (random.pick(COMPANY_SIZES) as CompanySize) : null,
      industry: random.chance(0.8) ? (random.pick(INDUSTRIES) as Industry) : null,
      budget_range: random.chance(0.8) ? (random.pick(BUDGET_RANGES) as BudgetRange) : null,
    };
    const emails = lead.email ? random.int(0, 4) : 0;
    const [row] = await query<{ id: string }>(
      `INSERT INTO crm_leads (org_id, owner_id, first_name, last_name, email, website, lead_source, source,
                              company_size, industry, budget_range)
       VALUES ($1, $2, 'P', 'Arity', $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
      [
        institution?.id,
        user?.id,
        lead.email,
        lead.website,
        lead.lead_source,
        lead.source,
        lead.company_size,
        lead.industry,
        lead.budget_range,
      ],
    );
    if (lead.email) {
      const [contact] = await query<{ id: string }>(
        `INSERT INTO crm_contacts (org_id, owner_id, first_name, last_name, email) VALUES ($1, $2, 'P', 'Arity', upper($3)) RETURNING id`,
        [institution?.id, user?.id, lead.email],
      );
      for (let sent = 0; sent < emails; sent += 1) {
        await query(
          `INSERT INTO crm_activities (org_id, owner_id, contact_id, type, subject, status) VALUES ($1, $2, $3, 'email', 'Hi', 'completed')`,
          [institution?.id, user?.id, contact?.id],
        );
      }
      // A pending email does not count as engagement.
      await query(
        `INSERT INTO crm_activities (org_id, owner_id, contact_id, type, subject, status) VALUES ($1, $2, $3, 'email', 'Draft', 'pending')`,
        [institution?.id, user?.id, contact?.id],
      );
    }
    const [scored] = await query<{ score: number }>('SELECT calculate_lead_score_enhanced($1) AS score', [
      row?.id,
    ]);
    cases.push({
      lead_id: row?.id as string,
      expected: weightedLeadScore(leadScoreFactors(lead, emails)),
      actual: Number(scored?.score),
    });
  }
  // The set-based recalculation agrees with the per-lead function.
  await query('UPDATE crm_leads SET lead_score = 0 WHERE org_id = $1', [institution?.id]);
  await query('SELECT recalculate_lead_scores($1, NULL)', [institution?.id]);
  const stored = await query<{ id: string; lead_score: number }>(
    'SELECT id, lead_score FROM crm_leads WHERE org_id = $1',
    [institution?.id],
  );
  const byId = new Map(stored.map((row) => [row.id, row.lead_score]));
  return cases.map((entry) => ({
    ...entry,
    actual: byId.get(entry.lead_id) === entry.actual ? entry.actual : -1,
  }));
}

/**
 * Runs `work` on one connection inside a transaction that is rolled back: the shared test
 * database keeps no parity institution (other suites count institutions).
 */
async function withClient<T>(url: string, work: (query: RunQuery) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('BEGIN');
    return await work(
      async <R>(sql: string, params: unknown[] = []) => (await client.query(sql, params)).rows as R[],
    );
  } finally {
    await client.query('ROLLBACK').catch(() => undefined);
    await client.end();
  }
}

/** calculate_lead_score_enhanced equals the TypeScript formula, on PostgreSQL and on PGlite. */
describe('lead scoring function', () => {
  it('matches the TypeScript formula on PostgreSQL', async () => {
    const cases = await withClient(testDatabaseUrl(), (query) => leadScoreParity(query));
    for (const entry of cases) expect(entry.actual).toBe(entry.expected);
    expect(new Set(cases.map((entry) => entry.expected)).size).toBeGreaterThan(15);
  });

  it('migrates and matches on PGlite too', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tessera-pglite-'));
    const embedded = await startEmbeddedPostgres(dir, 2);
    try {
      await runMigrations(embedded.url);
      const cases = await withClient(embedded.url, (query) => leadScoreParity(query, 25));
      for (const entry of cases) expect(entry.actual).toBe(entry.expected);
      const [error] = await withClient(embedded.url, (query) =>
        query<{ score: number }>('SELECT calculate_lead_score_enhanced(gen_random_uuid()) AS score'),
      );
      expect(error?.score).toBe(0);
    } finally {
      await embedded.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
