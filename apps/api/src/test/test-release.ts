import { createHash } from 'node:crypto';
import request from 'supertest';

/** Where the build puts an expose's chunk: its name carries its content hash (tools/federation/rspack-app.mjs). */
export function fakeChunkPath(id: string, chunkSeed = 'a'): string {
  return `static/js/${id}.${createHash('sha256').update(fakeChunk(id, chunkSeed)).digest('hex').slice(0, 8)}.js`;
}

function fakeChunk(id: string, chunkSeed: string): Buffer {
  return Buffer.from(`/* chunk ${id} ${chunkSeed} */ ${'export const padding = 1;\n'.repeat(100)}`);
}

/** A release as Module Federation lays out a remote's dist: a manifest, its entry, one chunk per expose. */
export function fakeRelease(options: {
  container: string;
  exposes: string[];
  /** Changes the entry's content (a new build); chunks stay the same unless `chunkSeed` changes. */
  build?: string;
  chunkSeed?: string;
  shared?: Array<{ name: string; requiredVersion: string }>;
  extra?: Record<string, Buffer>;
}): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  const manifest = {
    id: options.container,
    name: options.container,
    metaData: {
      name: options.container,
      remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' },
      publicPath: 'auto',
    },
    shared: (options.shared ?? [{ name: 'react', requiredVersion: '^19.0.0' }]).map((shared) => ({
      id: `${options.container}:${shared.name}`,
      name: shared.name,
      version: shared.requiredVersion.replace(/^\^/, ''),
      singleton: true,
      requiredVersion: shared.requiredVersion,
    })),
    remotes: [],
    exposes: options.exposes.map((id) => ({ id: `${options.container}:${id}`, name: id, path: `./${id}` })),
  };
  files.set('mf-manifest.json', Buffer.from(JSON.stringify(manifest)));
  files.set(
    'remoteEntry.js',
    Buffer.from(`/* ${options.container} build ${options.build ?? '1'} */ var x = 1;`),
  );
  for (const id of options.exposes)
    files.set(fakeChunkPath(id, options.chunkSeed), fakeChunk(id, options.chunkSeed ?? 'a'));
  for (const [path, content] of Object.entries(options.extra ?? {})) files.set(path, content);
  return files;
}

/** POST /api/remotes/:key/releases as the publish command does: one multipart part per file. */
export function publishRelease(
  baseUrl: string,
  key: string,
  token: string | null,
  files: Map<string, Buffer>,
  version?: string,
): request.Test {
  let call = request(baseUrl).post(
    `/api/remotes/${key}/releases${version ? `?version=${encodeURIComponent(version)}` : ''}`,
  );
  if (token) call = call.set('Authorization', `Bearer ${token}`);
  for (const [path, content] of files) call = call.attach(path, content, path.split('/').pop() as string);
  return call;
}
