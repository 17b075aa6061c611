import { type ApiProcess, startApiProcess } from '../test/api-process';
import { createTestApp, queryTestDatabase, type TestApp } from '../test/test-app';
import { eventually } from '../test/test-smtp';
import { startWebhookReceiver, type TestWebhookReceiver } from '../test/test-webhook-receiver';
import { createTestInstitution, signInNewMember } from '../test/test-users';

/** Deliveries run on child processes only: this app answers requests and runs no jobs. */
const WORKER_ENV = {
  WEBHOOK_ALLOW_PRIVATE: '1',
  WEBHOOK_RETRY_DELAY_SECONDS: '1',
  JOB_MONITOR_SECONDS: '2',
};

describe('Webhook delivery across a crash', () => {
  let api: TestApp;
  let receiver: TestWebhookReceiver;
  const processes: ApiProcess[] = [];

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    api = await createTestApp({ RUN_JOBS: '0', WEBHOOK_ALLOW_PRIVATE: '1' });
  });
  afterAll(async () => {
    for (const child of processes) await child.kill('SIGKILL');
    await api.close();
    await receiver.close();
  });

  it('delivers an event whose process was killed mid-delivery once another process runs', async () => {
    const institutionId = await createTestInstitution('hooks-crash');
    const owner = await signInNewMember(api, institutionId, 'owner', 'crash-owner');
    const headers = { 'X-Institution-Id': institutionId };
    // The first attempt is held open until its process dies; the next one is answered.
    receiver.answer('/crash', (nth) => (nth === 1 ? 'hang' : 200));
    const endpoint = await owner.agent
      .post('/api/administration/webhooks')
      .set(headers)
      .send({ url: `${receiver.url}/crash`, events: ['deal.created'] })
      .expect(201);

    // Long enough that the attempt is still waiting when the process is killed.
    const first = await startApiProcess({ ...WORKER_ENV, WEBHOOK_TIMEOUT_SECONDS: '6' });
    processes.push(first);
    await owner.agent.post('/api/crm/deals').set(headers).send({ name: 'Survives a crash' }).expect(201);
    await eventually(async () => receiver.received('/crash').length === 1, 30_000);
    await first.kill('SIGKILL');

    processes.push(await startApiProcess({ ...WORKER_ENV, WEBHOOK_TIMEOUT_SECONDS: '6' }));
    const [delivery] = await eventually(async () => {
      const rows = await queryTestDatabase<{ status: string; attempts: number; response_status: number }>(
        'SELECT status, attempts, response_status FROM webhook_deliveries WHERE endpoint_id = $1',
        [endpoint.body.id],
      );
      return rows[0]?.status === 'delivered' ? rows : undefined;
    }, 60_000);
    expect(delivery).toMatchObject({ status: 'delivered', response_status: 200 });
    expect(delivery?.attempts).toBeGreaterThanOrEqual(2);
    const received = receiver.received('/crash');
    expect(received).toHaveLength(2);
    expect(received[0]?.headers['tessera-event-id']).toBe(received[1]?.headers['tessera-event-id']);
    // The killed attempt stays in the log, without an answer; the last one has the receiver's.
    const log = await queryTestDatabase<{ duration_ms: number | null; response_status: number | null }>(
      `SELECT a.duration_ms, a.response_status FROM webhook_delivery_attempts a
         JOIN webhook_deliveries d ON d.id = a.delivery_id WHERE d.endpoint_id = $1 ORDER BY a.attempt`,
      [endpoint.body.id],
    );
    expect(log[0]).toEqual({ duration_ms: null, response_status: null });
    expect(log.at(-1)).toMatchObject({ response_status: 200 });
    expect(log).toHaveLength(delivery?.attempts ?? 0);
  }, 120_000);
});
