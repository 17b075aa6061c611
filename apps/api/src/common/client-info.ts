import Bowser from 'bowser';
import type { FastifyRequest } from 'fastify';

/** Where a session is opened or used from, as the request tells it. */
export interface ClientInfo {
  userAgent: string | null;
  ip: string | null;
}

const MAX_USER_AGENT = 512;

/** The client address follows TRUST_PROXY (Fastify's `request.ip`): a header alone cannot choose it. */
export function clientInfoOf(request: FastifyRequest): ClientInfo {
  const agent = request.headers['user-agent'];
  return {
    userAgent: typeof agent === 'string' && agent ? agent.slice(0, MAX_USER_AGENT) : null,
    ip: request.ip || null,
  };
}

/** "Chrome on macOS" — what a person recognises their own browser by; not proof of anything. */
export function deviceOf(userAgent: string | null): string {
  if (!userAgent) return 'Unknown device';
  const parsed = Bowser.parse(userAgent);
  const browser = parsed.browser.name;
  const os = parsed.os.name;
  if (browser && os) return `${browser} on ${os}`;
  return browser || os || 'Unknown device';
}
