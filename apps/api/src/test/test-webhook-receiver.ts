import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';

export interface ReceivedDelivery {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
}

/** How the receiver answers the nth request (from 1) to a path; `hang` never answers. */
export type ReceiverAnswer = number | 'hang';

export interface TestWebhookReceiver {
  /** http://127.0.0.1:<port> */
  url: string;
  received(path?: string): ReceivedDelivery[];
  /** Sets how a path answers; 200 by default. */
  answer(path: string, reply: (nth: number) => ReceiverAnswer): void;
  close(): Promise<void>;
}

/** A real HTTP receiver on loopback for webhook tests (the API runs with WEBHOOK_ALLOW_PRIVATE=1). */
export async function startWebhookReceiver(): Promise<TestWebhookReceiver> {
  const deliveries: ReceivedDelivery[] = [];
  const replies = new Map<string, (nth: number) => ReceiverAnswer>();
  const hanging = new Set<ServerResponse>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      deliveries.push({
        path,
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at: Date.now(),
      });
      const nth = deliveries.filter((delivery) => delivery.path === path).length;
      const reply = replies.get(path)?.(nth) ?? 200;
      if (reply === 'hang') {
        hanging.add(response);
        return;
      }
      response
        .writeHead(reply, { 'Content-Type': 'text/plain' })
        .end(reply < 300 ? 'ok' : 'receiver says no');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    received: (path) => deliveries.filter((delivery) => !path || delivery.path === path),
    answer: (path, reply) => replies.set(path, reply),
    close: async () => {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * What a receiver does with `Tessera-Signature` (docs/api.md#verifying-a-delivery): recompute the
 * HMAC of "<t>.<body>" and refuse signatures older than five minutes.
 */
export function verifiesSignature(header: string, body: string, secret: string, now = Date.now()): boolean {
  const parts = Object.fromEntries(header.split(',').map((part) => part.split('=') as [string, string]));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || Math.abs(now / 1000 - t) > 300) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
  return parts.v1 === expected;
}
