#!/usr/bin/env node
// `npm run bench:mailbox` (and `BENCH_ONLY=mailbox npm run bench`): the connected-mailbox goals of
// issue 31, measured, never asserted in tests. Needs the production build of the API and a PostgreSQL
// server (TEST_DATABASE_URL, as for tests) and Dovecot (as for the API tests: the harness of
// apps/api/src/test/test-imap.ts starts it, loaded through tools/bench/test-harness.mjs).
//  - setup (not measured): Dovecot with one user whose Inbox holds 10,000 messages of the last days,
//    half from the CRM contacts of Acme (BENCH_MAILBOX_CONTACTS of them, created through the API),
//    half from addresses nobody in the CRM has (private mail);
//  - floor: a bare imapflow client fetches the 10,000 messages (headers and bodies) from Dovecot;
//  - (a) the API (production build, fresh database) connects the mailbox through POST /api/mailboxes;
//    time until its first sync has finished (status `synced`), then the stored count is checked:
//    exactly 5,000, none of the private ones: ≤ 60 s;
//  - (b) right after the first sync has ended (the worst moment for polling), one message from a deal's
//    contact is appended to the Inbox; time until GET /api/crm/deals/:id/emails shows it, with the
//    API's MAILBOX_POLL_SECONDS at its default (60; BENCH_MAILBOX_POLL_SECONDS changes it, and the
//    line says so): ≤ 70 s for polling (there is no IDLE, so the ≤ 10 s goal is not measured).
// The exit code is 1 when a goal is missed.
import { ImapFlow } from 'imapflow';
import { demoSession, withBenchApi, withClient } from './bench-processes.mjs';
import { loadTestHarness } from './test-harness.mjs';

const MESSAGES = Number(process.env.BENCH_MAILBOX_MESSAGES ?? 10_000);
const CONTACTS = Number(process.env.BENCH_MAILBOX_CONTACTS ?? 50);
/** Unset: the API's own default (60 s), which is what the goal is about. */
const POLL_SECONDS = process.env.BENCH_MAILBOX_POLL_SECONDS;
const GOAL_SYNC_SECONDS = 60;
const GOAL_POLLING_SECONDS = 70;
const SYNC_TIMEOUT_MS = 10 * 60 * 1000;

const results = [];
function record(name, value, unit, goal, met) {
  results.push(met);
  console.log(`${met ? 'met   ' : 'MISSED'} ${name}: ${value} ${unit} (goal ${goal})`);
}

const seconds = (ms) => Math.round(ms / 100) / 10;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A few paragraphs, so a message weighs what a short business e-mail does (~1.5 KB with its headers). */
function bodyOf(n) {
  const paragraph =
    'Thank you for the call this morning. As discussed, we would like to move forward with the ' +
    'proposal, provided the delivery dates hold and the support terms stay as in the last draft. ';
  return `Hello,\r\n\r\n${paragraph.repeat(6)}\r\n\r\nReference ${n}.\r\n\r\nBest regards`;
}

function client(imap, user) {
  return new ImapFlow({
    host: imap.host,
    port: imap.port,
    secure: false,
    auth: { user: user.username, pass: user.password },
    logger: false,
  });
}

/** Opens the Inbox once, so Dovecot indexes the delivered files before anything is timed. */
async function index(imap, user) {
  const reader = client(imap, user);
  await reader.connect();
  try {
    const opened = await reader.mailboxOpen('INBOX', { readOnly: true });
    return opened.exists;
  } finally {
    await reader.logout();
  }
}

/** The floor: one plain imapflow client reading every message of the Inbox, headers and body. */
async function bareFetch(imap, user) {
  const reader = client(imap, user);
  const started = performance.now();
  await reader.connect();
  let count = 0;
  let bytes = 0;
  const lock = await reader.getMailboxLock('INBOX', { readOnly: true });
  try {
    for await (const message of reader.fetch('1:*', { uid: true, source: true })) {
      count += 1;
      bytes += message.source.length;
    }
  } finally {
    lock.release();
    await reader.logout();
  }
  return { ms: performance.now() - started, count, bytes };
}

async function main() {
  const { rawMessage, startTestImapServer } = loadTestHarness('test-imap');
  const port = Number(process.env.BENCH_PORT ?? 20000 + (process.pid % 4000));
  const run = `${process.pid}${Date.now()}`;
  const benchStarted = performance.now();
  const imap = await startTestImapServer();
  try {
    const user = imap.addUser(`dana.${run}@acme.test`, 'bench-app-password');
    const contactAddress = (index) => `customer${index}.${run}@client${index % 10}-${run}.test`;
    const messages = [];
    for (let n = 0; n < MESSAGES; n += 1) {
      const matching = n % 2 === 0;
      // Spread over the last ten days, inside the 90 days a first sync reads.
      const date = new Date(Date.now() - (MESSAGES - n) * 86_400);
      messages.push({
        date,
        raw: rawMessage({
          from: matching
            ? `Customer ${n % CONTACTS} <${contactAddress(n % CONTACTS)}>`
            : `Friend ${n} <friend${n}.${run}@private-${n % 97}.invalid>`,
          to: user.username,
          subject: `${matching ? 'Order' : 'Weekend'} ${n}`,
          text: bodyOf(n),
          messageId: `<m${n}.${run}@bench.test>`,
          date,
        }),
      });
    }
    // Written as maildir files, as a delivery agent does; APPEND of 10,000 takes minutes here.
    const filling = performance.now();
    imap.deliverMany(user, messages);
    const delivered = performance.now();
    const indexed = await index(imap, user);
    if (indexed !== MESSAGES) throw new Error(`Dovecot sees ${indexed} messages in the Inbox`);
    const size = Math.round(messages.reduce((sum, message) => sum + message.raw.length, 0) / MESSAGES);
    console.log(
      `  (setup: ${MESSAGES} messages of ${size} bytes on average written into the maildir in ` +
        `${seconds(delivered - filling)} s, indexed by Dovecot in ${seconds(performance.now() - delivered)} s)`,
    );

    const floor = await bareFetch(imap, user);
    if (floor.count !== MESSAGES) throw new Error(`the bare client read ${floor.count} messages`);
    console.log(
      `  floor: a bare imapflow client fetches the ${floor.count} messages (headers + bodies, ` +
        `${Math.round(floor.bytes / 2 ** 20)} MB) in ${seconds(floor.ms)} s`,
    );

    await withBenchApi(
      'mailbox',
      port,
      async (api) => {
        const { cookie, institutionId } = await demoSession(api.base);
        const headers = { cookie, 'x-institution-id': institutionId, origin: api.base };
        const json = { ...headers, 'content-type': 'application/json' };
        const post = async (path, body) => {
          const response = await fetch(`${api.base}${path}`, {
            method: 'POST',
            headers: json,
            body: JSON.stringify(body),
          });
          if (response.status !== 201)
            throw new Error(`POST ${path} answered ${response.status}: ${await response.text()}`);
          return response.json();
        };
        for (let index = 0; index < CONTACTS; index += 1) {
          await post('/api/crm/contacts', {
            first_name: 'Customer',
            last_name: `${index}`,
            email: contactAddress(index),
          });
        }
        // The deal's contact has no mail yet: what appears on the deal is the new message alone.
        const latest = `latest.${run}@client-latest-${run}.test`;
        const contact = await post('/api/crm/contacts', {
          first_name: 'Lara',
          last_name: 'Latest',
          email: latest,
        });
        const deal = await post('/api/crm/deals', {
          name: `Bench renewal ${run}`,
          amount: 1000,
          contact_id: contact.id,
        });
        const mailboxState = async (id) => {
          const list = await (await fetch(`${api.base}/api/mailboxes`, { headers })).json();
          return list.find((mailbox) => mailbox.id === id);
        };

        // (a) The first sync.
        const connecting = performance.now();
        const mailbox = await post('/api/mailboxes', {
          imap_host: imap.host,
          imap_port: imap.port,
          imap_tls: false,
          username: user.username,
          password: user.password,
        });
        let state = mailbox;
        const syncDeadline = Date.now() + SYNC_TIMEOUT_MS;
        while (state.status !== 'synced' && state.status !== 'failed' && Date.now() < syncDeadline) {
          await sleep(100);
          state = await mailboxState(mailbox.id);
        }
        const syncMs = performance.now() - connecting;
        const [counts] = await withClient(
          api.databaseUrl,
          async (client) =>
            (
              await client.query(
                `SELECT count(*)::int AS stored,
                      count(*) FILTER (WHERE from_address LIKE '%.invalid')::int AS private,
                      count(*) FILTER (WHERE NOT EXISTS (
                        SELECT 1 FROM crm_email_message_links l WHERE l.message_id = m.id))::int AS unlinked
                 FROM crm_email_messages m WHERE mailbox_id = $1`,
                [mailbox.id],
              )
            ).rows,
        );
        const expected = MESSAGES / 2;
        const right = state.status === 'synced' && counts.stored === expected && counts.private === 0;
        console.log(
          `  (first sync ended ${state.status}${state.last_error ? ` (${state.last_error})` : ''}; stored ` +
            `${counts.stored} of ${expected} expected, ${counts.private} private, ${counts.unlinked} without a link; ` +
            `${Math.round((syncMs / floor.ms) * 10) / 10}× the bare fetch)`,
        );
        record(
          `first sync of ${MESSAGES} messages (half matching), connect → synced, ${expected} stored and 0 unmatched`,
          seconds(syncMs),
          's',
          `≤ ${GOAL_SYNC_SECONDS} s`,
          right && syncMs <= GOAL_SYNC_SECONDS * 1000,
        );

        // (b) A new message, appended the moment a sync has ended (the first one, just seen ending):
        // the longest wait polling allows, a full pause before the next sync starts.
        const subject = `New order ${run}`;
        const appended = performance.now();
        await imap.append(
          user,
          rawMessage({
            from: `Lara Latest <${latest}>`,
            to: user.username,
            subject,
            text: 'Please send the contract.',
            messageId: `<latest.${run}@bench.test>`,
          }),
        );
        const visibleDeadline = Date.now() + SYNC_TIMEOUT_MS;
        let visible = false;
        while (!visible && Date.now() < visibleDeadline) {
          const threads = await (
            await fetch(`${api.base}/api/crm/deals/${deal.id}/emails`, { headers })
          ).json();
          visible = threads.some((thread) => thread.messages.some((message) => message.subject === subject));
          if (!visible) await sleep(100);
        }
        const latencyMs = performance.now() - appended;
        const poll = Number(POLL_SECONDS ?? 60);
        console.log(
          `  (appended ${seconds(appended - connecting - syncMs)} s after the first sync was seen ending; beyond the ${poll} s pause: ${seconds(latencyMs - poll * 1000)} s ` +
            'for the queue to start the next sync, the sync itself and the deal page poll)',
        );
        record(
          `new message visible on its deal, polling every ${poll} s${POLL_SECONDS ? ' (BENCH_MAILBOX_POLL_SECONDS, not the default)' : ' (the default)'}, worst moment`,
          seconds(latencyMs),
          's',
          `≤ ${GOAL_POLLING_SECONDS} s`,
          visible && latencyMs <= GOAL_POLLING_SECONDS * 1000,
        );
      },
      { env: POLL_SECONDS ? { MAILBOX_POLL_SECONDS: POLL_SECONDS } : {} },
    );
  } finally {
    await imap.close();
  }
  console.log('  (IDLE: the sync polls, so the ≤ 10 s goal with IDLE has nothing to measure)');
  console.log(
    `  (the mailbox bench took ${seconds(performance.now() - benchStarted)} s in all, setup included)`,
  );
  process.exit(results.every(Boolean) ? 0 : 1);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
