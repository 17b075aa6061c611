import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppConfig } from '../config/app-config';

type Directives = Record<string, string[] | null>;

/** Origins of remotes the registry may point the shell at (REMOTE_*_URL), other than our own. */
export function remoteOrigins(config: AppConfig): string[] {
  const own = new URL(config.publicUrl).origin;
  const origins = new Set<string>();
  for (const url of Object.values(config.remoteUrls)) {
    if (!url) continue;
    try {
      const origin = new URL(url, config.publicUrl).origin;
      if (origin !== own) origins.add(origin);
    } catch {
      // Not a URL: the registry answers it as given and the browser will refuse it anyway.
    }
  }
  return [...origins];
}

/**
 * The application's policy: scripts, styles and connections from this origin and the remotes'
 * origins only. styled-components adds its rules through a <style> element it creates, which the
 * browser counts as inline style: hence 'unsafe-inline' for styles (not for scripts). Images may
 * come from any https host (avatars are URLs people enter).
 */
export function appDirectives(config: AppConfig): Directives {
  const self = "'self'";
  const remotes = remoteOrigins(config);
  return {
    'default-src': [self],
    'script-src': [self, ...remotes],
    'style-src': [self, "'unsafe-inline'", ...remotes],
    'connect-src': [self, ...remotes],
    'img-src': [self, 'data:', 'blob:', 'https:'],
    'font-src': [self, 'data:', ...remotes],
    'object-src': ["'none'"],
    'base-uri': [self],
    'form-action': [self],
    'frame-ancestors': ["'none'"],
    ...(config.publicUrl.startsWith('https:') ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/** Swagger UI at /api/docs: its own page with inline styles and data: images, our scripts only. */
function docsDirectives(config: AppConfig): Directives {
  return { ...appDirectives(config), 'script-src': ["'self'"], 'connect-src': ["'self'"] };
}

export const DOCS_PREFIX = '/api/docs';

/**
 * Security headers on every answer (API, static files, errors) through @fastify/helmet: the CSP
 * above, nosniff, no framing, a same-origin referrer, and HSTS when PUBLIC_URL is https.
 */
export async function registerSecurityHeaders(fastify: FastifyInstance, config: AppConfig): Promise<void> {
  const https = config.publicUrl.startsWith('https:');
  // Added before the plugin's own onRoute hook, which turns a route's `helmet` into its settings.
  fastify.addHook('onRoute', (route) => {
    if (route.url === DOCS_PREFIX || route.url.startsWith(`${DOCS_PREFIX}/`)) {
      route.helmet = { contentSecurityPolicy: { useDefaults: false, directives: docsDirectives(config) } };
    }
  });
  await fastify.register(fastifyHelmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: appDirectives(config) },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: false } : false,
    referrerPolicy: { policy: 'same-origin' },
    xFrameOptions: { action: 'deny' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });
}

/**
 * Remotes are loaded by shells on the origins the operator allows (PUBLIC_URL, ALLOWED_ORIGINS):
 * the CORS answer names the asking origin if it is one of those, and nothing otherwise.
 */
export function remoteCorsHeaders(reply: FastifyReply, allowedOrigins: ReadonlySet<string>): void {
  const origin = reply.request.headers.origin;
  reply.header('Vary', 'Origin');
  // Scripts a shell on another allowed origin loads with a plain <script> tag.
  reply.header('Cross-Origin-Resource-Policy', 'cross-origin');
  if (typeof origin === 'string' && allowedOrigins.has(origin))
    reply.header('Access-Control-Allow-Origin', origin);
}
