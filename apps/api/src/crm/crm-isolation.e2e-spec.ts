import request from 'supertest';
import { institutionIds, queryTestDatabase, type Session, type TestApp } from '../test/test-app';
import { useTestApi } from '../test/test-fixture';

/**
 * The tenant-isolation matrix: every CRM route × no session (401), an institution the caller is
 * not in (403), an institution without the CRM module (403), a record of another institution
 * (404), a record of the institution seen from personal scope (404), and a viewer writing (403).
 * Nothing of the other tenant may appear in any answer, and nothing of it may change.
 */

type Method = 'get' | 'post' | 'patch' | 'put' | 'delete';
type RecordKind =
  | 'lead'
  | 'contact'
  | 'deal'
  | 'activity'
  | 'campaign'
  | 'rule'
  | 'scoring'
  | 'workflow'
  | 'segment';

interface Route {
  method: Method;
  path: string;
  /** The kind of record the path's :id names, if any. */
  record?: RecordKind;
  body?: Record<string, unknown>;
  writes: boolean;
}

const ROUTES: Route[] = [
  { method: 'get', path: '/api/crm/leads', writes: false },
  { method: 'get', path: '/api/crm/leads/high-scoring?min=0', writes: false },
  { method: 'get', path: '/api/crm/leads/stage/new', writes: false },
  { method: 'get', path: '/api/crm/leads/:id', record: 'lead', writes: false },
  { method: 'post', path: '/api/crm/leads', body: { first_name: 'Iso', last_name: 'Lead' }, writes: true },
  {
    method: 'post',
    path: '/api/crm/leads/capture',
    body: { first_name: 'Iso', last_name: 'Capture', email: 'iso@capture.test' },
    writes: true,
  },
  { method: 'post', path: '/api/crm/leads/score', writes: true },
  { method: 'post', path: '/api/crm/leads/:id/score', record: 'lead', writes: true },
  { method: 'patch', path: '/api/crm/leads/:id', record: 'lead', body: { notes: 'iso' }, writes: true },
  { method: 'get', path: '/api/crm/leads/:id/qualification', record: 'lead', writes: false },
  {
    method: 'put',
    path: '/api/crm/leads/:id/qualification',
    record: 'lead',
    body: { bant: { budget: true, authority: true, need: true, timing: true } },
    writes: true,
  },
  { method: 'get', path: '/api/crm/contacts', writes: false },
  { method: 'get', path: '/api/crm/contacts/search?q=a', writes: false },
  { method: 'get', path: '/api/crm/contacts/with-custom-fields', writes: false },
  { method: 'get', path: '/api/crm/contacts/:id', record: 'contact', writes: false },
  {
    method: 'post',
    path: '/api/crm/contacts',
    body: { first_name: 'Iso', last_name: 'Contact' },
    writes: true,
  },
  { method: 'patch', path: '/api/crm/contacts/:id', record: 'contact', body: { title: 'Spy' }, writes: true },
  {
    method: 'put',
    path: '/api/crm/contacts/:id/custom-fields',
    record: 'contact',
    body: { field_name: 'Spy', field_value: '1', field_type: 'number' },
    writes: true,
  },
  {
    method: 'patch',
    path: '/api/crm/contacts/:id/tags',
    record: 'contact',
    body: { tags: ['spy'] },
    writes: true,
  },
  {
    method: 'patch',
    path: '/api/crm/contacts/:id/status',
    record: 'contact',
    body: { status: 'inactive' },
    writes: true,
  },
  {
    method: 'post',
    path: '/api/crm/contacts/:id/move',
    record: 'contact',
    body: { stage: 'qualified' },
    writes: true,
  },
  { method: 'get', path: '/api/crm/deals', writes: false },
  { method: 'get', path: '/api/crm/deals/:id', record: 'deal', writes: false },
  { method: 'post', path: '/api/crm/deals', body: { name: 'Iso deal' }, writes: true },
  {
    method: 'patch',
    path: '/api/crm/deals/:id',
    record: 'deal',
    body: { stage: 'closed_lost' },
    writes: true,
  },
  { method: 'delete', path: '/api/crm/deals/:id', record: 'deal', writes: true },
  { method: 'get', path: '/api/crm/activities', writes: false },
  { method: 'post', path: '/api/crm/activities', body: { type: 'note', subject: 'Iso' }, writes: true },
  { method: 'patch', path: '/api/crm/activities/:id/complete', record: 'activity', writes: true },
  { method: 'get', path: '/api/crm/email-campaigns', writes: false },
  { method: 'get', path: '/api/crm/email-campaigns/:id', record: 'campaign', writes: false },
  { method: 'post', path: '/api/crm/email-campaigns', body: { name: 'Iso', subject: 'Iso' }, writes: true },
  {
    method: 'patch',
    path: '/api/crm/email-campaigns/:id',
    record: 'campaign',
    body: { name: 'Spy' },
    writes: true,
  },
  { method: 'post', path: '/api/crm/email-campaigns/:id/send', record: 'campaign', writes: true },
  { method: 'get', path: '/api/crm/automation-rules', writes: false },
  { method: 'get', path: '/api/crm/automation-rules/:id', record: 'rule', writes: false },
  { method: 'get', path: '/api/crm/automation-rules/:id/runs', record: 'rule', writes: false },
  {
    method: 'post',
    path: '/api/crm/automation-rules',
    body: {
      name: 'Iso',
      conditions_json: { event_type: 'stage_change', stage_change: { to_stage: 'won' } },
      actions_json: [],
    },
    writes: true,
  },
  {
    method: 'patch',
    path: '/api/crm/automation-rules/:id',
    record: 'rule',
    body: { name: 'Spy' },
    writes: true,
  },
  {
    method: 'patch',
    path: '/api/crm/automation-rules/:id/enabled',
    record: 'rule',
    body: { enabled: false },
    writes: true,
  },
  { method: 'delete', path: '/api/crm/automation-rules/:id', record: 'rule', writes: true },
  { method: 'get', path: '/api/crm/scoring-rules', writes: false },
  { method: 'get', path: '/api/crm/scoring-rules/:id', record: 'scoring', writes: false },
  { method: 'post', path: '/api/crm/scoring-rules', body: { name: 'Iso', points: 5 }, writes: true },
  {
    method: 'patch',
    path: '/api/crm/scoring-rules/:id',
    record: 'scoring',
    body: { points: 1 },
    writes: true,
  },
  {
    method: 'patch',
    path: '/api/crm/scoring-rules/:id/active',
    record: 'scoring',
    body: { active: false },
    writes: true,
  },
  { method: 'delete', path: '/api/crm/scoring-rules/:id', record: 'scoring', writes: true },
  { method: 'get', path: '/api/crm/workflows', writes: false },
  { method: 'get', path: '/api/crm/workflows/:id', record: 'workflow', writes: false },
  { method: 'get', path: '/api/crm/workflows/:id/executions', record: 'workflow', writes: false },
  {
    method: 'post',
    path: '/api/crm/workflows',
    body: { name: 'Iso', trigger: 'lead_created' },
    writes: true,
  },
  {
    method: 'patch',
    path: '/api/crm/workflows/:id',
    record: 'workflow',
    body: { name: 'Spy' },
    writes: true,
  },
  { method: 'post', path: '/api/crm/workflows/:id/toggle', record: 'workflow', writes: true },
  { method: 'delete', path: '/api/crm/workflows/:id', record: 'workflow', writes: true },
  { method: 'get', path: '/api/crm/segments', writes: false },
  { method: 'get', path: '/api/crm/segments/:id', record: 'segment', writes: false },
  { method: 'post', path: '/api/crm/segments', body: { name: 'Iso' }, writes: true },
  { method: 'patch', path: '/api/crm/segments/:id', record: 'segment', body: { name: 'Spy' }, writes: true },
  { method: 'delete', path: '/api/crm/segments/:id', record: 'segment', writes: true },
  { method: 'get', path: '/api/crm/analytics', writes: false },
  { method: 'get', path: '/api/crm/analytics/charts', writes: false },
  { method: 'get', path: '/api/crm/forecast?from=2026-01&to=2026-12', writes: false },
  {
    method: 'put',
    path: '/api/crm/deals/:id/forecast-category',
    record: 'deal',
    body: { forecast_category: 'commit' },
    writes: true,
  },
  { method: 'get', path: '/api/crm/goals', writes: false },
  {
    method: 'post',
    path: '/api/crm/goals',
    body: { assignee: 'team', metric: 'deals_won', period: 'month', period_start: '2026-11', target: 3 },
    writes: true,
  },
];

const TABLES: Record<RecordKind, string> = {
  lead: 'crm_leads',
  contact: 'crm_contacts',
  deal: 'crm_deals',
  activity: 'crm_activities',
  campaign: 'crm_email_campaigns',
  rule: 'automation_rules',
  scoring: 'crm_scoring_rules',
  workflow: 'crm_automation_workflows',
  segment: 'crm_segments',
};

const CRM_TABLES = [
  ...Object.values(TABLES),
  'crm_contact_custom_fields',
  'crm_lead_qualifications',
  'automation_rule_runs',
  'crm_goals',
];

/** Every CRM row of an institution as text: any change anywhere shows up as a difference. */
async function snapshot(institutionId: string): Promise<string> {
  const parts: string[] = [];
  for (const table of CRM_TABLES) {
    const where =
      table === 'crm_contact_custom_fields'
        ? 'contact_id IN (SELECT id FROM crm_contacts WHERE org_id = $1)'
        : 'org_id = $1';
    const rows = await queryTestDatabase<{ row: string }>(
      `SELECT t::text AS row FROM ${table} t WHERE ${where} ORDER BY t::text`,
      [institutionId],
    );
    parts.push(`${table}:${rows.map((row) => row.row).join('\n')}`);
  }
  return parts.join('\n--\n');
}

async function firstRecord(kind: RecordKind, institutionId: string): Promise<string> {
  const [row] = await queryTestDatabase<{ id: string }>(
    `SELECT id FROM ${TABLES[kind]} WHERE org_id = $1 ORDER BY id LIMIT 1`,
    [institutionId],
  );
  if (!row) throw new Error(`no ${kind} seeded`);
  return row.id;
}

const call = (
  session: Session | null,
  api: TestApp,
  route: Route,
  id: string | null,
  headers: Record<string, string>,
) => {
  const path = id ? route.path.replace(':id', id) : route.path;
  const pending = (session ? session.agent : request(api.url))[route.method](path).set(headers);
  return route.body ? pending.send(route.body) : pending;
};

describe('CRM tenant isolation', () => {
  const {
    api,
    sessions: [demo, viewer],
  } = useTestApi(['demo@acme.test', 'viewer@acme.test']);
  let ids: Record<string, string>;
  const foreign: Partial<Record<RecordKind, string>> = {};
  const own: Partial<Record<RecordKind, string>> = {};
  let globexBefore: string;

  beforeAll(async () => {
    ids = await institutionIds();
    for (const kind of Object.keys(TABLES) as RecordKind[]) {
      foreign[kind] = await firstRecord(kind, ids.globex as string);
      own[kind] = await firstRecord(kind, ids.acme as string);
    }
    globexBefore = await snapshot(ids.globex as string);
  });

  const label = (route: Route) => `${route.method.toUpperCase()} ${route.path}`;

  it.each(ROUTES.map((route) => [label(route), route] as const))(
    '%s: no session answers 401',
    async (_, route) => {
      const response = await call(null, api, route, route.record ? (own[route.record] as string) : null, {});
      expect(response.status).toBe(401);
      expect(response.body.message).toBe('User not authenticated');
    },
  );

  it.each(ROUTES.map((route) => [label(route), route] as const))(
    '%s: another institution’s header answers 403 without data',
    async (_, route) => {
      const id = route.record ? (foreign[route.record] as string) : null;
      const response = await call(demo, api, route, id, { 'X-Institution-Id': ids.globex as string });
      expect(response.status).toBe(403);
      expect(JSON.stringify(response.body)).not.toContain(ids.globex);
      const noCrm = await call(demo, api, route, id, { 'X-Institution-Id': ids.northwind as string });
      expect(noCrm.status).toBe(403);
    },
  );

  const withRecord = ROUTES.filter((route) => route.record);
  it.each(withRecord.map((route) => [label(route), route] as const))(
    '%s: a record of another institution answers 404',
    async (_, route) => {
      const id = foreign[route.record as RecordKind] as string;
      const response = await call(demo, api, route, id, demo.headers('acme'));
      expect(response.status).toBe(404);
      expect(JSON.stringify(response.body)).not.toContain(id);
      // The institution's own record is not reachable from personal scope either.
      const personal = await call(demo, api, route, own[route.record as RecordKind] as string, {});
      expect(personal.status).toBe(404);
    },
  );

  const writes = ROUTES.filter((route) => route.writes);
  it.each(writes.map((route) => [label(route), route] as const))(
    '%s: a viewer may not write',
    async (_, route) => {
      const response = await call(
        viewer,
        api,
        route,
        route.record ? (own[route.record] as string) : null,
        viewer.headers('acme'),
      );
      expect(response.status).toBe(403);
    },
  );

  const reads = ROUTES.filter((route) => !route.writes && !route.record);
  it.each(reads.map((route) => [label(route), route] as const))(
    '%s: a viewer reads only the institution’s rows',
    async (_, route) => {
      const response = await call(viewer, api, route, null, viewer.headers('acme'));
      expect(response.status).toBe(200);
      const text = JSON.stringify(response.body);
      expect(text).not.toContain(ids.globex);
      expect(text).not.toContain(ids.northwind);
      const rows: Array<{ org_id?: string }> = Array.isArray(response.body)
        ? response.body
        : (response.body.rows ?? []);
      for (const row of rows) if ('org_id' in row) expect(row.org_id).toBe(ids.acme);
    },
  );

  it('changed nothing of the other institution', async () => {
    expect(await snapshot(ids.globex as string)).toBe(globexBefore);
  });
});
