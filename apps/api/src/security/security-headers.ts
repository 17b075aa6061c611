import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { AppConfig } from '../config/app-config';
import { routeUrlOf } from '../common/request-scope';

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

/**
 * The API's JSON answers: a body that is never a page may load nothing and be framed by no one
 * (OWASP's REST security cheat sheet), should a browser ever be led to render it. Shorter than the
 * page policy, which lists what the shell loads and a JSON answer never does.
 */
export const API_DIRECTIVES: Directives = {
  'default-src': ["'none'"],
  'frame-ancestors': ["'none'"],
};

/** Swagger UI at /api/docs: its own page with inline styles and data: images, our scripts only. */
function docsDirectives(config: AppConfig): Directives {
  return { ...appDirectives(config), 'script-src': ["'self'"], 'connect-src': ["'self'"] };
}

export const DOCS_PREFIX = '/api/docs';

type Headers = Readonly<Record<string, string>>;

/**
 * The headers helmet sets for `options`. Helmet's answer depends on its options alone, never on
 * the request: it is run once here, against a response that records what it is told, and the
 * result is what every request of that kind gets.
 */
export function helmetHeaders(options: Readonly<HelmetOptions>): Headers {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/** The API's own paths: JSON (and files it hands over as attachments), never a page to render. */
const API_PATH = /^\/(?:api|functions|metrics)(?:[/?]|$)/;

/**
 * Helmet's options for one kind of answer. `document: false` leaves out what only means something
 * on a document a browser renders (a page, not data): opener isolation, agent clusters, DNS
 * prefetching of a page's links, the legacy IE download and XSS-filter switches, Flash/PDF policy
 * files. JSON answers go without them (docs/security.md).
 */
function helmetOptions(config: AppConfig, directives: Directives, document: boolean): HelmetOptions {
  const https = config.publicUrl.startsWith('https:');
  return {
    contentSecurityPolicy: { useDefaults: false, directives },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: false } : false,
    referrerPolicy: { policy: 'same-origin' },
    xFrameOptions: { action: 'deny' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    crossOriginOpenerPolicy: document,
    originAgentCluster: document,
    xDnsPrefetchControl: document,
    xDownloadOptions: document,
    xPermittedCrossDomainPolicies: document,
    xXssProtection: document,
  };
}

/**
 * Security headers on every answer (API, static files, errors): the CSPs above, nosniff, no
 * framing, a same-origin referrer, and HSTS when PUBLIC_URL is https — helmet's choice of headers
 * and values, computed once per kind of answer (pages, the API docs' page, the API's JSON) rather
 * than on every request.
 */
export function registerSecurityHeaders(fastify: FastifyInstance, config: AppConfig): void {
  const page = helmetHeaders(helmetOptions(config, appDirectives(config), true));
  const docs = helmetHeaders(helmetOptions(config, docsDirectives(config), true));
  const api = helmetHeaders(helmetOptions(config, API_DIRECTIVES, false));
  fastify.addHook('onRequest', (request, reply, done) => {
    const route = routeUrlOf(request);
    if (route !== undefined && (route === DOCS_PREFIX || route.startsWith(`${DOCS_PREFIX}/`)))
      reply.headers(docs);
    else reply.headers(API_PATH.test(request.url) ? api : page);
    done();
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

/**
 * A page other sites may frame (a web form's iframe page, docs/product/web-forms.md#embedding):
 * its own CSP in place of the API's, naming who may frame it, and no X-Frame-Options (whose DENY
 * would win in browsers that ignore frame-ancestors). The page runs this origin's scripts only.
 */
export function framedPageHeaders(
  reply: FastifyReply,
  frameAncestors: readonly string[],
  styleHashes: readonly string[],
): void {
  const directives: Directives = {
    'default-src': ["'none'"],
    'script-src': ["'self'"],
    'style-src': [...styleHashes],
    'connect-src': ["'self'"],
    'form-action': ["'self'"],
    'base-uri': ["'none'"],
    'frame-ancestors': frameAncestors.length > 0 ? [...frameAncestors] : ['*'],
  };
  const policy = Object.entries(directives)
    .map(([name, values]) => [name, ...(values ?? [])].join(' '))
    .join('; ');
  reply.header('Content-Security-Policy', policy);
  reply.removeHeader('X-Frame-Options');
}

/** A script any site may load with a plain <script> tag (the web form embed script). */
export function crossOriginScriptHeaders(reply: FastifyReply): void {
  reply.header('Cross-Origin-Resource-Policy', 'cross-origin');
}
