import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { WEBHOOK_EVENT_ID_HEADER, WEBHOOK_SIGNATURE_HEADER } from '@tessera/data-access/contracts';
import { guardedLookup, refusedLiteral, type WebhookAddressRules } from './webhook-address';

/** A receiver's answer is read this far and no further: enough for an error message, never a flood. */
export const WEBHOOK_RESPONSE_READ_BYTES = 64 * 1024;
const ERROR_TEXT_LENGTH = 300;

export interface WebhookAttempt {
  url: string;
  body: string;
  secret: string;
  eventId: string;
  timeoutMs: number;
  rules: WebhookAddressRules;
  /** The signature's timestamp; now by default. */
  now?: Date;
}

export interface WebhookAnswer {
  /** The HTTP status, or null when none came (timeout, refused address or connection). */
  status: number | null;
  /** Why it failed, in words; null for a 2xx. */
  error: string | null;
}

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">` (docs/api.md#verifying-a-delivery). */
export function webhookSignature(secret: string, body: string, at: Date): string {
  const t = Math.floor(at.getTime() / 1000);
  const v1 = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
  return `t=${t},v1=${v1}`;
}

/**
 * One delivery attempt: a POST of the signed body. Redirects are answers like any other (a 3xx is not
 * a 2xx, so it is retried, never followed); the answer is read up to 64 KB within the same timeout.
 */
export function sendWebhook(attempt: WebhookAttempt): Promise<WebhookAnswer> {
  const url = new URL(attempt.url);
  const literal = refusedLiteral(url.hostname, attempt.rules);
  if (literal) return Promise.resolve({ status: null, error: literal });
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (answer: WebhookAnswer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request.destroy();
      resolve(answer);
    };
    const request = client.request(
      url,
      {
        method: 'POST',
        lookup: guardedLookup(attempt.rules),
        agent: false,
        headers: {
          'Content-Type': 'application/json',
          'Content-Length': Buffer.byteLength(attempt.body),
          'User-Agent': 'Tessera-Webhooks/1.0',
          [WEBHOOK_EVENT_ID_HEADER]: attempt.eventId,
          [WEBHOOK_SIGNATURE_HEADER]: webhookSignature(
            attempt.secret,
            attempt.body,
            attempt.now ?? new Date(),
          ),
        },
      },
      (response) => {
        const status = response.statusCode ?? 0;
        const chunks: Buffer[] = [];
        let read = 0;
        const done = () => {
          const ok = status >= 200 && status < 300;
          const text = Buffer.concat(chunks).toString('utf8').slice(0, ERROR_TEXT_LENGTH).trim();
          finish({ status, error: ok ? null : `HTTP ${status}${text ? `: ${text}` : ''}` });
        };
        response.on('data', (chunk: Buffer) => {
          if (read < WEBHOOK_RESPONSE_READ_BYTES)
            chunks.push(chunk.subarray(0, WEBHOOK_RESPONSE_READ_BYTES - read));
          read += chunk.length;
          if (read >= WEBHOOK_RESPONSE_READ_BYTES) done();
        });
        response.on('end', done);
        response.on('error', done);
      },
    );
    const timer = setTimeout(
      () => finish({ status: null, error: `No answer within ${attempt.timeoutMs / 1000} s` }),
      attempt.timeoutMs,
    );
    request.on('error', (error) => finish({ status: null, error: error.message }));
    request.end(attempt.body);
  });
}
