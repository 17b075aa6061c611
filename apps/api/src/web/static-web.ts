import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SpaFallback } from '../common/api-exception.filter';
import { remoteCorsHeaders } from '../security/security-headers';

/** Where each built front end is served from: the shell at `/`, each remote under `/remotes/<key>/`. */
export const WEB_APPS = [
  { prefix: '/remotes/crm/', dir: 'crm-remote' },
  { prefix: '/remotes/industry/', dir: 'industry-remotes' },
] as const;

/**
 * Files whose names carry a content hash may be cached for ever; anything else is revalidated. The
 * path is the file actually sent, so a precompressed `.br`/`.gz` variant counts as its original.
 */
const HASHED_FILE = /[.-][0-9a-f]{8,}\.(js|css|woff2?|png|svg)(\.br|\.gz)?$/;

function setCacheHeaders(reply: FastifyReply, path: string): void {
  reply.header('Cache-Control', HASHED_FILE.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache');
}

/**
 * Serves the built shell and remotes from disk on every request, so a remote rebuilt in place is
 * live at once — no server restart, no shell rebuild (independent deployment).
 */
export async function registerStaticWeb(
  fastify: FastifyInstance,
  webRoot: string,
  shellOrigins: readonly string[] = [],
): Promise<SpaFallback | null> {
  // Remotes may be loaded by a shell on another origin the operator allows (a CDN, a dev server).
  const allowed = new Set(shellOrigins);
  const setRemoteHeaders = (reply: FastifyReply, path: string): void => {
    setCacheHeaders(reply, path);
    remoteCorsHeaders(reply, allowed);
  };
  // Published versions (/remotes/<key>/v/<version>/) come from PostgreSQL: registry/release-files.ts.
  for (const app of WEB_APPS) {
    const root = join(webRoot, app.dir, 'dist');
    await fastify.register(fastifyStatic, {
      root,
      prefix: app.prefix,
      decorateReply: false,
      setHeaders: setRemoteHeaders,
      preCompressed: true,
      // Registered even before a first build: files are looked up per request.
      allowedPath: () => existsSync(root),
    });
  }
  const shellRoot = join(webRoot, 'shell', 'dist');
  await fastify.register(fastifyStatic, {
    root: shellRoot,
    prefix: '/',
    // `reply.sendFile` answers client routes with the page, compressed like any other file.
    decorateReply: true,
    index: false,
    wildcard: true,
    setHeaders: setCacheHeaders,
    preCompressed: true,
    allowedPath: (path) => path !== '/' && existsSync(shellRoot),
  });

  const indexHtml = join(shellRoot, 'index.html');
  return (request: FastifyRequest, reply: FastifyReply): boolean => {
    const path = request.url.split('?')[0] ?? '/';
    const isClientRoute =
      request.method === 'GET' &&
      !path.startsWith('/api') &&
      !path.startsWith('/functions/') &&
      !path.startsWith('/remotes/') &&
      !/\.[a-z0-9]+$/i.test(path);
    if (!isClientRoute || !existsSync(indexHtml)) return false;
    void reply.status(200).sendFile('index.html', shellRoot);
    return true;
  };
}
