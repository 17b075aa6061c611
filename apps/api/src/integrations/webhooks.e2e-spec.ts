import { DataSource } from 'typeorm';
import { runInTenantContext } from '../access/tenant-context';
import { outboxSettled } from '../test/mail-links';
import {
  createTestApp,
  failOnViolations,
  queryTestDatabase,
  type Session,
  type TestApp,
} from '../test/test-app';
import { eventually } from '../test/test-smtp';
import {
  startWebhookReceiver,
  type TestWebhookReceiver,
  verifiesSignature,
} from '../test/test-webhook-receiver';
import { createTestInstitution, signInNewMember } from '../test/test-users';
import { WebhookEvents } from './webhook-events.service';
import { sendWebhook } from './webhook-sender';

interface Tenant {
  institutionId: string;
  owner: Session;
  headers: Record<string, string>;
}

/** Messages of this file are queued after this instant (a disabled endpoint tells its maker). */
const suiteStarted = new Date();

describe('Webhooks', () => {
  let api: TestApp;
  let receiver: TestWebhookReceiver;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    api = await createTestApp({
      WEBHOOK_ALLOW_PRIVATE: '1',
      WEBHOOK_TIMEOUT_SECONDS: '1',
      WEBHOOK_RETRY_DELAY_SECONDS: '1',
      WEBHOOK_RETRY_WINDOW_SECONDS: '4',
    });
  });
  afterEach(() => failOnViolations(api.takeResponseViolations()));
  afterAll(async () => {
    await outboxSettled(suiteStarted);
    await api.close();
    await receiver.close();
  });

  /** An institution of the test's own: its endpoints hear of its changes only. */
  async function tenant(label: string): Promise<Tenant> {
    const institutionId = await createTestInstitution(label);
    const owner = await signInNewMember(api, institutionId, 'owner', `${label}-owner`);
    return { institutionId, owner, headers: { 'X-Institution-Id': institutionId } };
  }

  async function subscribe(
    { owner, headers }: Tenant,
    path: string,
    events: string[],
  ): Promise<{ id: string; secret: string }> {
    const created = await owner.agent
      .post('/api/administration/webhooks')
      .set(headers)
      .send({ url: `${receiver.url}${path}`, events })
      .expect(201);
    expect(created.body.secret).toMatch(/^whsec_/);
    return created.body;
  }

  async function deliveries({ owner, headers }: Tenant, endpointId: string) {
    const list = await owner.agent
      .get(`/api/administration/webhooks/${endpointId}/deliveries`)
      .set(headers)
      .expect(200);
    return list.body as Array<{
      id: string;
      event_id: string;
      event_type: string;
      status: string;
      attempts: number;
      response_status: number | null;
      last_error: string | null;
      attempt_log: Array<{
        attempt: number;
        started_at: string;
        duration_ms: number | null;
        response_status: number | null;
        error: string | null;
      }>;
    }>;
  }

  it('sends a stage move to an endpoint of that one event, and nothing to an endpoint of another family', async () => {
    const acme = await tenant('hooks-moved');
    const moved = await subscribe(acme, '/moved', ['deal.stage_changed']);
    const contacts = await subscribe(acme, '/contacts-only', ['contact.*']);
    const deal = await acme.owner.agent
      .post('/api/crm/deals')
      .set(acme.headers)
      .send({ name: 'Moved deal' })
      .expect(201);
    await acme.owner.agent
      .patch(`/api/crm/deals/${deal.body.id}`)
      .set(acme.headers)
      .send({ stage: 'proposal' })
      .expect(200);
    const [delivery] = await eventually(async () => {
      const rows = await deliveries(acme, moved.id);
      return rows.length > 0 ? rows : undefined;
    });
    expect(delivery?.event_type).toBe('deal.stage_changed');
    expect(await deliveries(acme, moved.id)).toHaveLength(1);
    expect(await deliveries(acme, contacts.id)).toEqual([]);
  });

  it('signs each delivery so the receiver can verify it, and logs it', async () => {
    const acme = await tenant('hooks-signed');
    const endpoint = await subscribe(acme, '/signed', ['deal.*']);
    const deal = await acme.owner.agent
      .post('/api/crm/deals')
      .set(acme.headers)
      .send({ name: 'Signed deal' })
      .expect(201);
    await acme.owner.agent
      .patch(`/api/crm/deals/${deal.body.id}`)
      .set(acme.headers)
      .send({ stage: 'qualification' })
      .expect(200);

    const received = await eventually(async () => {
      const all = receiver.received('/signed');
      return all.length >= 3 ? all : undefined;
    });
    const bodies = received.map((delivery) => JSON.parse(delivery.body));
    expect(bodies.map((body) => body.type).sort()).toEqual([
      'deal.created',
      'deal.stage_changed',
      'deal.updated',
    ]);
    for (const [index, delivery] of received.entries()) {
      const body = bodies[index];
      expect(delivery.headers['content-type']).toBe('application/json');
      expect(delivery.headers['tessera-event-id']).toBe(body.id);
      expect(
        verifiesSignature(String(delivery.headers['tessera-signature']), delivery.body, endpoint.secret),
      ).toBe(true);
      expect(
        verifiesSignature(String(delivery.headers['tessera-signature']), delivery.body, 'whsec_other'),
      ).toBe(false);
      expect(body).toMatchObject({ institution_id: acme.institutionId, data: { id: deal.body.id } });
      expect(Number.isNaN(Date.parse(body.created_at))).toBe(false);
    }
    expect(bodies.find((body) => body.type === 'deal.stage_changed').data).toMatchObject({
      stage: 'qualification',
      previous_stage: 'prospecting',
    });

    const log = await eventually(async () => {
      const rows = await deliveries(acme, endpoint.id);
      return rows.every((row) => row.status === 'delivered') && rows.length === 3 ? rows : undefined;
    });
    for (const row of log) expect(row).toMatchObject({ attempts: 1, response_status: 200, last_error: null });
  });

  it('sends nothing for a change that is rolled back', async () => {
    const acme = await tenant('hooks-rollback');
    const endpoint = await subscribe(acme, '/rollback', ['deal.created']);
    const events = api.app.get(WebhookEvents);
    const dataSource = api.app.get(DataSource);
    await expect(
      runInTenantContext({ institutionId: acme.institutionId, userId: acme.owner.userId }, () =>
        dataSource.transaction(async (manager) => {
          await events.emit(manager, acme.institutionId, 'deal.created', {
            id: 'rolled-back',
            name: 'Never',
          });
          throw new Error('the change fails after its event was written');
        }),
      ),
    ).rejects.toThrow('the change fails');
    // A change that commits afterwards is delivered, and it is the only one.
    await acme.owner.agent.post('/api/crm/deals').set(acme.headers).send({ name: 'Committed' }).expect(201);
    await eventually(async () => receiver.received('/rollback').length >= 1);
    const log = await eventually(async () => {
      const rows = await deliveries(acme, endpoint.id);
      return rows[0]?.status === 'delivered' ? rows : undefined;
    });
    expect(log).toHaveLength(1);
    expect(receiver.received('/rollback').map((delivery) => JSON.parse(delivery.body).data.name)).toEqual([
      'Committed',
    ]);
  });

  it('retries a receiver that answers 500, then 200: two attempts, both in the log', async () => {
    const acme = await tenant('hooks-flaky');
    receiver.answer('/flaky', (nth) => (nth === 1 ? 500 : 200));
    const endpoint = await subscribe(acme, '/flaky', ['contact.created']);
    await acme.owner.agent
      .post('/api/crm/contacts')
      .set(acme.headers)
      .send({ first_name: 'Flaky', last_name: 'Receiver', email: 'flaky@hooks.test' })
      .expect(201);
    const [row] = await eventually(async () => {
      const rows = await deliveries(acme, endpoint.id);
      return rows[0]?.status === 'delivered' ? rows : undefined;
    });
    expect(row).toMatchObject({ attempts: 2, response_status: 200, event_type: 'contact.created' });
    expect(row?.attempt_log).toEqual([
      {
        attempt: 1,
        started_at: expect.any(String),
        duration_ms: expect.any(Number),
        response_status: 500,
        error: expect.stringContaining('HTTP 500'),
      },
      {
        attempt: 2,
        started_at: expect.any(String),
        duration_ms: expect.any(Number),
        response_status: 200,
        error: null,
      },
    ]);
    const [first, second] = row?.attempt_log ?? [];
    expect(Date.parse(String(second?.started_at))).toBeGreaterThan(Date.parse(String(first?.started_at)));
    const received = receiver.received('/flaky');
    expect(received).toHaveLength(2);
    expect(received[0]?.body).toBe(received[1]?.body);
    expect(received[0]?.headers['tessera-event-id']).toBe(row?.event_id);
  });

  it('gives up on a receiver that hangs after the timeout and records why', async () => {
    const acme = await tenant('hooks-hang');
    receiver.answer('/hang', () => 'hang');
    const endpoint = await subscribe(acme, '/hang', ['company.created']);
    await acme.owner.agent
      .post('/api/crm/companies')
      .set(acme.headers)
      .send({ name: 'Slow Receivers Ltd' })
      .expect(201);
    const [row] = await eventually(async () => {
      const rows = await deliveries(acme, endpoint.id);
      return rows[0]?.last_error ? rows : undefined;
    });
    expect(row).toMatchObject({ response_status: null, last_error: 'No answer within 1 s' });
    expect(row?.attempts).toBeGreaterThanOrEqual(1);
    expect(row?.attempt_log[0]).toMatchObject({
      attempt: 1,
      response_status: null,
      error: 'No answer within 1 s',
    });
    expect(row?.attempt_log[0]?.duration_ms).toBeGreaterThanOrEqual(900);
    await acme.owner.agent
      .delete(`/api/administration/webhooks/${endpoint.id}`)
      .set(acme.headers)
      .expect(204);
  });

  it('disables an endpoint that fails for the whole retry window and tells its maker', async () => {
    const acme = await tenant('hooks-dead');
    receiver.answer('/dead', () => 503);
    const endpoint = await subscribe(acme, '/dead', ['lead.*']);
    await acme.owner.agent
      .post('/api/crm/leads')
      .set(acme.headers)
      .send({ first_name: 'Dead', last_name: 'End', email: 'dead@hooks.test' })
      .expect(201);
    const disabled = await eventually(async () => {
      const list = await acme.owner.agent.get('/api/administration/webhooks').set(acme.headers).expect(200);
      const found = list.body.find((row: { id: string }) => row.id === endpoint.id);
      return found && !found.enabled ? found : undefined;
    }, 30_000);
    expect(disabled.disabled_reason).toContain('HTTP 503');
    const [row] = await eventually(async () => {
      const rows = await deliveries(acme, endpoint.id);
      return rows[0]?.status === 'failed' ? rows : undefined;
    });
    expect(row?.attempts).toBeGreaterThanOrEqual(2);
    const [message] = await queryTestDatabase<{ recipient: string; subject: string }>(
      "SELECT recipient, subject FROM mail_outbox WHERE org_id = $1 AND kind = 'webhook'",
      [acme.institutionId],
    );
    expect(message?.subject).toBe('A webhook was disabled after failing');
    expect(message?.recipient).toContain('hooks-dead-owner');

    // Resending says the receiver is back: the endpoint is enabled again and the event delivered.
    receiver.answer('/dead', () => 200);
    await acme.owner.agent
      .post(`/api/administration/webhooks/${endpoint.id}/deliveries/${row?.id}/resend`)
      .set(acme.headers)
      .expect(202);
    await eventually(async () => (await deliveries(acme, endpoint.id))[0]?.status === 'delivered');
    const list = await acme.owner.agent.get('/api/administration/webhooks').set(acme.headers).expect(200);
    expect(list.body.find((entry: { id: string }) => entry.id === endpoint.id).enabled).toBe(true);
  });

  it('refuses unknown events and malformed URLs, and keeps nothing', async () => {
    const acme = await tenant('hooks-bad');
    for (const body of [
      { url: `${receiver.url}/bad`, events: ['deal.exploded'] },
      { url: `${receiver.url}/bad`, events: [] },
      { url: 'not a url', events: ['deal.created'] },
      { url: 'ftp://hooks.example.com/x', events: ['deal.created'] },
    ])
      await acme.owner.agent.post('/api/administration/webhooks').set(acme.headers).send(body).expect(400);
    const rows = await queryTestDatabase('SELECT id FROM webhook_endpoints WHERE institution_id = $1', [
      acme.institutionId,
    ]);
    expect(rows).toEqual([]);
  });

  describe('without WEBHOOK_ALLOW_PRIVATE', () => {
    let guarded: TestApp;
    let owner: Session;
    let headers: Record<string, string>;

    beforeAll(async () => {
      // No job workers: this app only answers; deliveries of the suite stay with the app above.
      guarded = await createTestApp({ RUN_JOBS: '0' });
      const institutionId = await createTestInstitution('hooks-guarded');
      owner = await signInNewMember(guarded, institutionId, 'owner', 'guarded-owner');
      headers = { 'X-Institution-Id': institutionId };
    });
    afterEach(() => failOnViolations(guarded.takeResponseViolations()));
    afterAll(() => guarded.close());

    it.each([
      ['http on a production server', `${'http'}://hooks.example.com/tessera`, 'url must be an https URL'],
      ['loopback', 'https://127.0.0.1/hook', '127.0.0.1 is a loopback address'],
      ['a name for loopback', 'https://localhost/hook', 'loopback address'],
      ['IPv6 loopback', 'https://[::1]/hook', '::1 is a loopback address'],
      ['a private network', 'https://10.20.30.40/hook', '10.20.30.40 is a private address'],
      [
        'cloud metadata',
        'https://169.254.169.254/latest/meta-data',
        '169.254.169.254 is a linkLocal address',
      ],
      ['carrier-grade NAT', 'https://100.100.100.200/hook', 'carrierGradeNat'],
    ])('refuses a URL on %s', async (_what, url, message) => {
      const refused = await owner.agent
        .post('/api/administration/webhooks')
        .set(headers)
        .send({ url, events: ['deal.created'] })
        .expect(400);
      expect(refused.body.errors.url[0]).toContain(message);
    });

    it('checks the address again when sending: a host that now points inside is refused', async () => {
      const port = new URL(receiver.url).port;
      for (const [host, problem] of [
        ['127.0.0.1', '127.0.0.1 is a loopback address'],
        ['localhost', 'is a loopback address'],
      ] as const) {
        const answer = await sendWebhook({
          url: `http://${host}:${port}/rebound`,
          body: '{}',
          secret: 'whsec_test',
          eventId: '00000000-0000-4000-8000-000000000000',
          timeoutMs: 2000,
          rules: { allowPrivate: false, production: true },
        });
        expect(answer).toEqual({ status: null, error: expect.stringContaining(problem) });
      }
      expect(receiver.received('/rebound')).toEqual([]);
    });
  });
});
