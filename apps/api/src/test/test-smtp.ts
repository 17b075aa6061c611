import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer, type SMTPServerSession } from 'smtp-server';

export interface ReceivedMail {
  /** The From header's address. */
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  messageId: string;
  headers: ParsedMail['headers'];
  attachments: Array<{ filename: string; contentType: string; content: Buffer }>;
}

export interface TestSmtpOptions {
  /** Wait this long before answering each message, as a slow server does. */
  answerDelayMs?: number;
  /** Require AUTH with these credentials (a person's own server); a wrong password is refused with 535. */
  auth?: { username: string; password: string };
}

export interface TestSmtpServer {
  /** `smtp://127.0.0.1:<port>` for SMTP_URL. */
  url: string;
  /** Messages the server accepted: it answered 250 to a client that was still there. */
  received: ReceivedMail[];
  /** The next `count` messages are refused with this SMTP reply code (421: try later; 550: never). */
  refuseNext(count: number, code: number): void;
  /**
   * Holds the answer to every message from now on until `release()`: their senders wait. A held
   * message whose sender goes away (a killed process) is not accepted.
   */
  hold(): void;
  release(): void;
  /** Messages whose answer is held right now. */
  held(): number;
  /** Resolves once `count` messages have arrived in all (rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

/** A real SMTP server in the test process (smtp-server), parsing what arrives (mailparser). */
export async function startTestSmtpServer(options: TestSmtpOptions = {}): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const waiters: Array<() => void> = [];
  let refusals = { count: 0, code: 421 };
  let holding = false;
  /** Answers waiting for release(), by session. */
  const heldAnswers = new Map<string, () => void>();
  const closedSessions = new Set<string>();
  const delay = options.answerDelayMs ?? 0;
  const auth = options.auth;
  const server = new SMTPServer({
    authOptional: !auth,
    // Plain connections in tests: AUTH is allowed without TLS (never in a real deployment).
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(credentials, _session, callback) {
      if (auth && credentials.username === auth.username && credentials.password === auth.password) {
        callback(null, { user: credentials.username });
        return;
      }
      const error = new Error('Authentication credentials invalid') as Error & { responseCode: number };
      error.responseCode = 535;
      callback(error);
    },
    onClose(session) {
      closedSessions.add(session.id);
      heldAnswers.get(session.id)?.();
    },
    onData(stream, session: SMTPServerSession, callback) {
      if (refusals.count > 0) {
        refusals = { ...refusals, count: refusals.count - 1 };
        stream.resume();
        stream.on('end', () => {
          const error = new Error(
            refusals.code >= 500 ? 'Mailbox unavailable' : 'Try again later',
          ) as Error & {
            responseCode: number;
          };
          error.responseCode = refusals.code;
          callback(error);
        });
        return;
      }
      simpleParser(stream)
        .then(async (mail) => {
          const to = (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((address) =>
            address.value.map((entry) => entry.address ?? ''),
          );
          if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
          if (holding && !closedSessions.has(session.id))
            await new Promise<void>((resolve) => heldAnswers.set(session.id, resolve));
          heldAnswers.delete(session.id);
          // The sender went away before the answer: nothing was accepted.
          if (closedSessions.has(session.id)) {
            callback(new Error('The client closed the connection before the answer'));
            return;
          }
          received.push({
            from: mail.from?.value[0]?.address ?? '',
            to,
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            html: typeof mail.html === 'string' ? mail.html : '',
            messageId: mail.messageId ?? '',
            headers: mail.headers,
            attachments: mail.attachments.map((file) => ({
              filename: file.filename ?? '',
              contentType: file.contentType,
              content: file.content,
            })),
          });
          for (const wake of waiters.splice(0)) wake();
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refuseNext(count, code) {
      refusals = { count, code };
    },
    hold() {
      holding = true;
    },
    release() {
      holding = false;
      for (const answer of [...heldAnswers.values()]) answer();
    },
    held: () => heldAnswers.size,
    async waitFor(count, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`expected ${count} messages, got ${received.length}`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, Math.min(left, 250));
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Polls `check` until it returns a value (not undefined/false), or fails after `timeoutMs`. */
export async function eventually<T>(
  check: () => Promise<T | undefined | false>,
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
