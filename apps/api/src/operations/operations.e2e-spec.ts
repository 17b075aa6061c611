import { runAsSystem } from '../access/tenant-context';
import { DataSource } from 'typeorm';
import { OutboxService } from '../mail/outbox.service';
import { createTestApp, queryTestDatabase, signIn, type TestApp } from '../test/test-app';
import { eventually } from '../test/test-smtp';
import { ReadinessService } from './readiness.service';
import { runWithRequestContext } from './request-context';

const STRONG_SECRET = 'operations-test-secret-of-at-least-32-bytes';

describe('operations: health, metrics, request ids, timeouts', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp({ METRICS_TOKEN: 'scrape-token', DATABASE_STATEMENT_TIMEOUT_MS: '500' });
  });

  afterAll(async () => {
    await testApp.close();
  });

  it('answers live, ready (with its checks) and the old /api/health', async () => {
    const live = await fetch(`${testApp.url}/api/health/live`);
    expect(live.status).toBe(200);
    expect(await live.json()).toEqual({ status: 'ok' });
    const ready = await fetch(`${testApp.url}/api/health/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({
      status: 'ready',
      ready: true,
      checks: { database: true, migrations: true, jobs: true, accepting: true },
      reasons: [],
    });
    expect((await fetch(`${testApp.url}/api/health`)).status).toBe(200);
  });

  it('echoes a sane X-Request-Id and replaces anything else with a new id', async () => {
    const kept = await fetch(`${testApp.url}/api/health/live`, { headers: { 'X-Request-Id': 'trace-42.a' } });
    expect(kept.headers.get('x-request-id')).toBe('trace-42.a');
    const replaced = await fetch(`${testApp.url}/api/health/live`, {
      headers: { 'X-Request-Id': 'bad id\twith "quotes"' },
    });
    expect(replaced.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const generated = await fetch(`${testApp.url}/api/health/live`);
    expect(generated.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(generated.headers.get('x-request-id')).not.toBe(replaced.headers.get('x-request-id'));
  });

  it('serves Prometheus metrics only with the bearer token, by route pattern and status', async () => {
    expect((await fetch(`${testApp.url}/metrics`)).status).toBe(404);
    expect(
      (await fetch(`${testApp.url}/metrics`, { headers: { Authorization: 'Bearer wrong' } })).status,
    ).toBe(404);
    await fetch(`${testApp.url}/api/crm/deals/6f1c2b1e-0000-4000-8000-000000000000`);
    const response = await fetch(`${testApp.url}/metrics`, {
      headers: { Authorization: 'Bearer scrape-token' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain');
    const text = await response.text();
    expect(text).toMatch(
      /tessera_http_requests_total\{method="GET",route="\/api\/crm\/deals\/:id",status="401"\} [1-9]/,
    );
    expect(text).toMatch(
      /tessera_http_request_duration_seconds_bucket\{le="0.005",method="GET",route="\/api\/health\/live"/,
    );
    expect(text).not.toContain('6f1c2b1e-0000');
    expect(text).toMatch(/tessera_db_pool_connections\{state="total"\} \d+/);
    expect(text).toMatch(/tessera_db_pool_connections\{state="waiting"\} \d+/);
    expect(text).toMatch(/tessera_job_queue_depth\{queue="mail.deliver"\} \d+/);
    expect(text).toMatch(/tessera_outbox_backlog \d+/);
    expect(text).toMatch(/tessera_sse_connections \d+/);
    expect(text).toContain('# TYPE tessera_job_failures_total counter');
    expect(text).toContain('tessera_process_cpu_seconds_total');
  });

  it('cancels a statement that runs past DATABASE_STATEMENT_TIMEOUT_MS', async () => {
    const dataSource = testApp.app.get(DataSource);
    await expect(dataSource.query('SELECT pg_sleep(2)')).rejects.toThrow(/statement timeout/);
    // The pool is still usable afterwards.
    expect(await dataSource.query('SELECT 1 AS one')).toEqual([{ one: 1 }]);
  });

  it('carries the id of the request that enqueued a job in the job', async () => {
    const outbox = testApp.app.get(OutboxService);
    const [id] = await runWithRequestContext({ requestId: 'req-enqueue-77' }, () =>
      runAsSystem('test', () =>
        outbox.queueNow([
          { orgId: null, kind: 'test', to: 'request.id@example.com', subject: 'Request id', text: 'Hello' },
        ]),
      ),
    );
    const rows = await queryTestDatabase<{ request_id: string }>(
      `SELECT data->>'_requestId' AS request_id FROM pgboss.job WHERE name = 'mail.deliver' AND data->>'messageId' = $1`,
      [id],
    );
    expect(rows).toEqual([{ request_id: 'req-enqueue-77' }]);
    // The handler still got its own data (the id rides beside it): the message is handed over.
    await eventually(async () => {
      const [row] = await queryTestDatabase<{ status: string }>(
        'SELECT status FROM mail_outbox WHERE id = $1',
        [id],
      );
      return row?.status === 'sent';
    });
  });
  it('carries the X-Request-Id of an HTTP request into the job it enqueued', async () => {
    const owner = await signIn(testApp, 'demo@acme.test');
    const stamp = Date.now();
    const email = `request.id.${stamp}@example.com`;
    const response = await owner.agent
      .post('/api/administration/invitations')
      .set({ ...owner.headers('acme'), 'X-Request-Id': `invite-${stamp}` })
      .send({ email, role: 'member' })
      .expect(201);
    expect(response.headers['x-request-id']).toBe(`invite-${stamp}`);
    const rows = await queryTestDatabase<{ request_id: string; status: string }>(
      `SELECT job.data->>'_requestId' AS request_id, message.status
         FROM mail_outbox message JOIN pgboss.job job ON job.data->>'messageId' = message.id::text
        WHERE message.recipient = $1`,
      [email],
    );
    expect(rows.map((row) => row.request_id)).toEqual([`invite-${stamp}`]);
    await eventually(async () => {
      const [row] = await queryTestDatabase<{ status: string }>(
        'SELECT status FROM mail_outbox WHERE recipient = $1',
        [email],
      );
      return row?.status === 'sent';
    });
  });
});

describe('operations in production and while shutting down', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp({ NODE_ENV: 'production', JWT_SECRET: STRONG_SECRET, METRICS_TOKEN: '' });
  });

  afterAll(async () => {
    await testApp.close();
  });

  it('has no /metrics in production without METRICS_TOKEN', async () => {
    expect((await fetch(`${testApp.url}/metrics`)).status).toBe(404);
    expect((await fetch(`${testApp.url}/metrics`, { headers: { Authorization: 'Bearer ' } })).status).toBe(
      404,
    );
  });

  it('answers ready 503 with the reason as soon as draining starts, while live stays 200', async () => {
    testApp.app.get(ReadinessService).markDraining();
    const ready = await fetch(`${testApp.url}/api/health/ready`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({
      status: 'not ready',
      ready: false,
      reasons: ['shutting down'],
    });
    expect((await fetch(`${testApp.url}/api/health/live`)).status).toBe(200);
  });
});
