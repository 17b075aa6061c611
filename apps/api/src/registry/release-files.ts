import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { remoteCorsHeaders } from '../security/security-headers';
import type { RemoteReleasesService } from './remote-releases';

const CONTENT_TYPES: Record<string, string> = {
  js: 'text/javascript; charset=utf-8',
  mjs: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  json: 'application/json; charset=utf-8',
  map: 'application/json; charset=utf-8',
  html: 'text/html; charset=utf-8',
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  woff2: 'font/woff2',
  woff: 'font/woff',
  txt: 'text/plain; charset=utf-8',
};

function contentTypeOf(path: string): string {
  return CONTENT_TYPES[path.slice(path.lastIndexOf('.') + 1).toLowerCase()] ?? 'application/octet-stream';
}

/** br before gzip when the browser takes both, and only when the release has that copy. */
function pickEncoding(accept: string, files: Record<string, string>, path: string): 'br' | 'gzip' | null {
  if (/\bbr\b/.test(accept) && files[`${path}.br`]) return 'br';
  if (/\bgzip\b/.test(accept) && files[`${path}.gz`]) return 'gzip';
  return null;
}

/**
 * `/remotes/<key>/v/<version>/<path>`: a stored release's files, from PostgreSQL, on every API
 * process. A version never changes, so everything is cacheable for ever (a CDN may sit in front).
 */
export function registerReleaseFiles(
  fastify: FastifyInstance,
  releases: RemoteReleasesService,
  shellOrigins: readonly string[],
  builtInPrefixes: readonly string[],
): void {
  const allowed = new Set(shellOrigins);
  const handler = async (
    request: FastifyRequest<{ Params: { key: string; version: string; '*': string } }>,
    reply: FastifyReply,
  ) => {
    const { key, version } = request.params;
    const path = request.params['*'];
    remoteCorsHeaders(reply, allowed);
    const release = await releases.release(key, version);
    const hash = release?.files[path];
    if (!release || !hash) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    const encoding = pickEncoding(String(request.headers['accept-encoding'] ?? ''), release.files, path);
    const sentHash = encoding
      ? (release.files[`${path}.${encoding === 'br' ? 'br' : 'gz'}`] as string)
      : hash;
    const content = await releases.blob(sentHash);
    if (!content) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    reply
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .header('ETag', `"${sentHash}"`)
      .header('Vary', 'Origin, Accept-Encoding')
      .type(contentTypeOf(path));
    if (encoding) reply.header('Content-Encoding', encoding);
    if (request.headers['if-none-match'] === `"${sentHash}"`) return reply.code(304).send();
    return reply.send(content);
  };
  // The built-in remotes' workspace folders are served under /remotes/<key>/: a route with the
  // static `v/` segment wins over their wildcard.
  const patterns = [
    '/remotes/:key/v/:version/*',
    ...builtInPrefixes.map((prefix) => `${prefix}v/:version/*`),
  ];
  for (const url of patterns) {
    fastify.route({
      method: ['GET', 'HEAD'],
      url,
      // The files are sent as stored (precompressed copies included): never compressed again.
      config: { compress: false },
      handler: (request, reply) => {
        const params = request.params as { key?: string; version: string; '*': string };
        const key = params.key ?? url.split('/')[2] ?? '';
        return handler(
          Object.assign(request, {
            params: { key, version: params.version, '*': params['*'] },
          }) as FastifyRequest<{
            Params: { key: string; version: string; '*': string };
          }>,
          reply,
        );
      },
    });
  }
}
