import { queryTestDatabase } from '../test/test-app';
import { useTestApi } from '../test/test-fixture';

/**
 * The DTOs not already exercised field by field in the domain specs: each bad request answers
 * 400 with the offending fields named, and no CRM table changes.
 */
type Case = [
  label: string,
  method: 'get' | 'post' | 'patch' | 'put',
  path: string,
  body: unknown,
  fields: string[],
];

const CRM_TABLES = [
  'crm_leads',
  'crm_contacts',
  'crm_contact_custom_fields',
  'crm_deals',
  'crm_activities',
  'crm_email_campaigns',
  'automation_rules',
  'crm_scoring_rules',
  'crm_automation_workflows',
  'crm_segments',
  'crm_lead_qualifications',
];

async function fingerprint(): Promise<string> {
  const parts: string[] = [];
  for (const table of CRM_TABLES) {
    const [row] = await queryTestDatabase<{ digest: string }>(
      `SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS digest FROM ${table} t`,
    );
    parts.push(`${table}:${row?.digest}`);
  }
  return parts.join(',');
}

describe('CRM validation', () => {
  const {
    sessions: [demo],
  } = useTestApi(['demo@acme.test']);
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    for (const [kind, table] of [
      ['lead', 'crm_leads'],
      ['contact', 'crm_contacts'],
      ['deal', 'crm_deals'],
      ['campaign', 'crm_email_campaigns'],
      ['rule', 'automation_rules'],
      ['scoring', 'crm_scoring_rules'],
      ['workflow', 'crm_automation_workflows'],
      ['segment', 'crm_segments'],
    ] as const) {
      const [row] = await queryTestDatabase<{ id: string }>(
        `SELECT id FROM ${table} WHERE org_id = $1 AND ${table === 'crm_email_campaigns' ? "status <> 'sent'" : 'true'} ORDER BY id LIMIT 1`,
        [demo.institutions.acme],
      );
      ids[kind] = row?.id as string;
    }
  });

  const cases = (): Case[] => [
    [
      'lead update',
      'patch',
      `/api/crm/leads/${ids.lead}`,
      { email: 'x', company_size: 'huge', lead_score: -5, id: 'x' },
      ['company_size', 'email', 'id', 'lead_score'],
    ],
    ['high-scoring query', 'get', '/api/crm/leads/high-scoring?min=101&limit=0', undefined, ['limit', 'min']],
    [
      'lead list source',
      'get',
      '/api/crm/leads?source=carrier_pigeon&offset=-1',
      undefined,
      ['offset', 'source'],
    ],
    [
      'contact update',
      'patch',
      `/api/crm/contacts/${ids.contact}`,
      { status: 'nope', custom_fields: [{ field_name: '1bad', field_type: 'text' }] },
      ['custom_fields.0.field_name', 'custom_fields.0.field_value', 'status'],
    ],
    [
      'custom field upsert',
      'put',
      `/api/crm/contacts/${ids.contact}/custom-fields`,
      { field_name: '', field_value: 5, field_type: 'blob' },
      ['field_name', 'field_type', 'field_value'],
    ],
    [
      'custom field value type',
      'put',
      `/api/crm/contacts/${ids.contact}/custom-fields`,
      { field_name: 'Active', field_value: 'maybe', field_type: 'boolean' },
      ['custom_fields'],
    ],
    [
      'contact move',
      'post',
      `/api/crm/contacts/${ids.contact}/move`,
      { stage: 'closed_won', status: 'x' },
      ['stage', 'status'],
    ],
    [
      'contact search limit',
      'get',
      '/api/crm/contacts/search?limit=501&tags=bad%20tag',
      undefined,
      ['limit', 'tags'],
    ],
    [
      'deal update',
      'patch',
      `/api/crm/deals/${ids.deal}`,
      { probability: -1, stage: 'won', version: 'one' },
      ['probability', 'stage', 'version'],
    ],
    ['deal list', 'get', '/api/crm/deals?stage=done&owner_id=me', undefined, ['owner_id', 'stage']],
    [
      'activity list',
      'get',
      '/api/crm/activities?contact_id=abc&status=open',
      undefined,
      ['contact_id', 'status'],
    ],
    [
      'campaign update',
      'patch',
      `/api/crm/email-campaigns/${ids.campaign}`,
      { status: 'sent', audience: 'all' },
      ['audience', 'status'],
    ],
    [
      'rule update',
      'patch',
      `/api/crm/automation-rules/${ids.rule}`,
      { enabled: 'yes', actions_json: 'none' },
      ['actions_json', 'enabled'],
    ],
    [
      'rule enabled',
      'patch',
      `/api/crm/automation-rules/${ids.rule}/enabled`,
      { enabled: 'false' },
      ['enabled'],
    ],
    ['scoring update', 'patch', `/api/crm/scoring-rules/${ids.scoring}`, { points: 1000 }, ['points']],
    ['scoring active', 'patch', `/api/crm/scoring-rules/${ids.scoring}/active`, {}, ['active']],
    [
      'workflow update',
      'patch',
      `/api/crm/workflows/${ids.workflow}`,
      { active: 1, actions: [{}] },
      ['actions.0.type', 'active'],
    ],
    [
      'segment update',
      'patch',
      `/api/crm/segments/${ids.segment}`,
      { criteria: { max_score: 101, lead_source: 'fax' } },
      ['criteria.lead_source', 'criteria.max_score'],
    ],
    ['qualification', 'put', `/api/crm/leads/${ids.lead}/qualification`, { steps: 'all' }, ['steps']],
    ['analytics', 'get', '/api/crm/analytics?period=forever', undefined, ['period']],
  ];

  it('answers 400 per field for every remaining DTO and writes nothing', async () => {
    const before = await fingerprint();
    for (const [label, method, path, body, fields] of cases()) {
      const pending = demo.agent[method](path).set(demo.headers('acme'));
      const response = await (body === undefined ? pending : pending.send(body as object));
      expect([label, response.status]).toEqual([label, 400]);
      expect([label, Object.keys(response.body.errors ?? {}).sort()]).toEqual([label, [...fields].sort()]);
      expect(Array.isArray(response.body.message) || typeof response.body.message === 'string').toBe(true);
    }
    expect(await fingerprint()).toBe(before);
  });

  it('refuses null for fields that cannot be empty, and accepts it for those that can', async () => {
    const before = await fingerprint();
    const nulls: Case[] = [
      [
        'lead create',
        'post',
        '/api/crm/leads',
        { first_name: 'N', last_name: 'Ull', stage: null, lead_score: null },
        ['lead_score', 'stage'],
      ],
      [
        'lead update',
        'patch',
        `/api/crm/leads/${ids.lead}`,
        { first_name: null, status: null },
        ['first_name', 'status'],
      ],
      [
        'contact update',
        'patch',
        `/api/crm/contacts/${ids.contact}`,
        { last_name: null, tags: null },
        ['last_name', 'tags'],
      ],
      [
        'deal update',
        'patch',
        `/api/crm/deals/${ids.deal}`,
        { name: null, amount: null, currency: null, stage: null },
        ['amount', 'currency', 'name', 'stage'],
      ],
      [
        'activity create',
        'post',
        '/api/crm/activities',
        { type: 'note', subject: 'x', status: null },
        ['status'],
      ],
      [
        'campaign update',
        'patch',
        `/api/crm/email-campaigns/${ids.campaign}`,
        { name: null, audience: null },
        ['audience', 'name'],
      ],
      [
        'rule update',
        'patch',
        `/api/crm/automation-rules/${ids.rule}`,
        { name: null, enabled: null, conditions_json: null },
        ['conditions_json', 'enabled', 'name'],
      ],
      [
        'scoring update',
        'patch',
        `/api/crm/scoring-rules/${ids.scoring}`,
        { points: null, condition: null },
        ['condition', 'points'],
      ],
      [
        'workflow update',
        'patch',
        `/api/crm/workflows/${ids.workflow}`,
        { trigger: null, actions: null },
        ['actions', 'trigger'],
      ],
      [
        'segment update',
        'patch',
        `/api/crm/segments/${ids.segment}`,
        { name: null, colour: null },
        ['colour', 'name'],
      ],
    ];
    for (const [label, method, path, body, fields] of nulls) {
      const response = await demo.agent[method](path)
        .set(demo.headers('acme'))
        .send(body as object);
      expect([label, response.status]).toEqual([label, 400]);
      expect([label, Object.keys(response.body.errors ?? {}).sort()]).toEqual([label, [...fields].sort()]);
    }
    expect(await fingerprint()).toBe(before);
    // Nullable fields can be cleared.
    const deal = await demo.agent
      .post('/api/crm/deals')
      .set(demo.headers('acme'))
      .send({ name: 'Clearable', contact_id: ids.contact, description: 'x', probability: 30 })
      .expect(201);
    const cleared = await demo.agent
      .patch(`/api/crm/deals/${deal.body.id}`)
      .set(demo.headers('acme'))
      .send({ contact_id: null, description: null, probability: null, expected_close_date: null })
      .expect(200);
    expect(cleared.body).toEqual(
      expect.objectContaining({ contact_id: null, description: null, probability: null }),
    );
  });

  it('refuses malformed ids and headers with 400', async () => {
    await demo.agent.get('/api/crm/deals/123').set(demo.headers('acme')).expect(400);
    await demo.agent.get('/api/crm/deals').set({ 'X-Institution-Id': 'acme' }).expect(400);
    await demo.agent
      .post('/api/crm/deals')
      .set(demo.headers('acme'))
      .set('content-type', 'application/json')
      .send('{"name":')
      .expect(400);
  });
});
