#!/usr/bin/env node
// `npm run bench:webhooks` (and part of `npm run bench`): the webhook goals of docs/api.md#webhooks,
// measured, never asserted in tests. Needs the production build of the API and a PostgreSQL server
// (TEST_DATABASE_URL, as for tests). Starts the API on a fresh database with the demo data and
// WEBHOOK_ALLOW_PRIVATE=1, and a real HTTP receiver on loopback; Dana subscribes it to
// `deal.updated`, then
//  (a) with the queue idle, renames one deal at a time and times each event from the request that
//      makes the change until the receiver has its delivery: p95 ≤ 2 s;
//  (b) renames deals 1,000 times (BENCH_WEBHOOK_CHANGES), CHANGE_CONCURRENCY requests at once, and
//      counts what arrives: 1,000 deliveries, none duplicated (by Tessera-Event-Id).
// The exit code is 1 when a goal is missed.
import { createServer } from 'node:http';
import { demoSession, withBenchApi } from './bench-processes.mjs';

const LATENCY_SAMPLES = Number(process.env.BENCH_WEBHOOK_SAMPLES ?? 40);
const CHANGES = Number(process.env.BENCH_WEBHOOK_CHANGES ?? 1000);
const CHANGE_CONCURRENCY = 10;
const GOAL_P95_MS = 2000;
/** After the last expected delivery, how long the receiver keeps listening for duplicates. */
const SETTLE_MS = 5000;
const DRAIN_TIMEOUT_MS = 10 * 60 * 1000;

const results = [];
function record(name, value, unit, goal, met) {
  results.push(met);
  console.log(`${met ? 'met   ' : 'MISSED'} ${name}: ${value} ${unit} (goal ${goal})`);
}

/** Counts deliveries by Tessera-Event-Id and tells whoever waits for an event's arrival. */
async function startReceiver() {
  const arrivals = new Map();
  const waiters = new Map();
  let total = 0;
  const server = createServer((request, response) => {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      const at = performance.now();
      total += 1;
      const eventId = String(request.headers['tessera-event-id']);
      arrivals.set(eventId, (arrivals.get(eventId) ?? 0) + 1);
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      const marker = body.data?.name;
      waiters.get(marker)?.(at);
      waiters.delete(marker);
      response.writeHead(200).end();
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}/bench`,
    arrivals,
    get total() {
      return total;
    },
    /** Resolves with the arrival time of the event whose deal is now named `marker`. */
    arrivalOf: (marker) => new Promise((resolve) => waiters.set(marker, resolve)),
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function until(condition, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (!condition() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
}

async function main() {
  const port = Number(process.env.BENCH_PORT ?? 20000 + (process.pid % 4000));
  const receiver = await startReceiver();
  try {
    await withBenchApi(
      'webhooks',
      port,
      async (api) => {
        const { cookie, institutionId } = await demoSession(api.base);
        const headers = { cookie, 'x-institution-id': institutionId, origin: api.base };
        const json = { ...headers, 'content-type': 'application/json' };
        const subscribed = await fetch(`${api.base}/api/administration/webhooks`, {
          method: 'POST',
          headers: json,
          body: JSON.stringify({ url: receiver.url, events: ['deal.updated'] }),
        });
        if (!subscribed.ok)
          throw new Error(`subscribing answered ${subscribed.status}: ${await subscribed.text()}`);
        const deals = await (await fetch(`${api.base}/api/crm/deals?limit=100`, { headers })).json();
        const dealIds = deals.map((deal) => deal.id);
        if (dealIds.length === 0) throw new Error('the demo data has no deals');
        let changeCount = 0;
        const rename = async (marker) => {
          const id = dealIds[changeCount++ % dealIds.length];
          const response = await fetch(`${api.base}/api/crm/deals/${id}`, {
            method: 'PATCH',
            headers: json,
            body: JSON.stringify({ name: marker }),
          });
          if (!response.ok) throw new Error(`PATCH answered ${response.status}: ${await response.text()}`);
        };

        // (a) One change at a time, each after the previous delivery, at a random moment of the poll.
        const latencies = [];
        for (let sample = 0; sample < LATENCY_SAMPLES; sample += 1) {
          const marker = `Latency ${sample} ${Date.now()}`;
          const arrival = receiver.arrivalOf(marker);
          const started = performance.now();
          await rename(marker);
          latencies.push((await arrival) - started);
          await new Promise((resolve) => setTimeout(resolve, Math.random() * 1000));
        }
        const p50 = Math.round(percentile(latencies, 50));
        const p95 = Math.round(percentile(latencies, 95));
        console.log(
          `  (${LATENCY_SAMPLES} changes one at a time; max ${Math.round(Math.max(...latencies))} ms)`,
        );
        record(
          `deal change → delivery at the receiver, queue idle, p95 (p50 ${p50} ms)`,
          p95,
          'ms',
          `≤ ${GOAL_P95_MS} ms`,
          p95 <= GOAL_P95_MS,
        );

        // (b) A burst of changes: every event arrives, once.
        const before = receiver.total;
        const started = performance.now();
        let next = 0;
        await Promise.all(
          Array.from({ length: CHANGE_CONCURRENCY }, async () => {
            while (next < CHANGES) {
              next += 1;
              await rename(`Burst ${next} ${Date.now()}`);
            }
          }),
        );
        const changed = Math.round(performance.now() - started) / 1000;
        await until(() => receiver.total - before >= CHANGES, DRAIN_TIMEOUT_MS);
        const drained = Math.round(performance.now() - started) / 1000;
        await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
        const received = receiver.total - before;
        const distinct = receiver.arrivals.size - LATENCY_SAMPLES;
        const duplicated = [...receiver.arrivals.values()].filter((count) => count > 1).length;
        console.log(
          `  (${CHANGES} changes made in ${changed} s, ${CHANGE_CONCURRENCY} at a time; ` +
            `the last delivery arrived ${drained} s after the first change)`,
        );
        record(
          `${CHANGES.toLocaleString('en-US')} deal changes → deliveries (${duplicated} events duplicated)`,
          `${distinct} events, ${received} deliveries`,
          '',
          `${CHANGES} events, each delivered once`,
          distinct === CHANGES && received === CHANGES && duplicated === 0,
        );
      },
      { env: { WEBHOOK_ALLOW_PRIVATE: '1' } },
    );
  } finally {
    await receiver.close();
  }
  process.exitCode = results.every(Boolean) ? 0 : 1;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
