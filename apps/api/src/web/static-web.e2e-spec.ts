import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { createTestApp, type TestApp } from '../test/test-app';

interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  /** The bytes as they came over the wire (not decoded). */
  body: Buffer;
}

/** A request that shows the bytes on the wire: fetch and supertest would decode them. */
function getRaw(url: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const precompressModule = join(__dirname, '..', '..', '..', '..', 'tools', 'federation', 'precompress.mjs');

/** The build's own step (the rspack plugin calls the same function), run on a file of the web root. */
function precompress(path: string): void {
  execFileSync(process.execPath, [
    '--input-type=module',
    '-e',
    `import { precompressFile } from ${JSON.stringify(pathToFileURL(precompressModule).href)}; await precompressFile(process.argv[1]);`,
    path,
  ]);
}

/** Some kilobytes of script that compress well, like a real bundle. */
function scriptText(label: string): string {
  return Array.from(
    { length: 400 },
    (_, i) => `export const ${label}${i} = () => "value ${i} of ${label}";`,
  ).join('\n');
}

describe('the front end served precompressed, the API compressed above a threshold', () => {
  let webRoot: string;
  let testApp: TestApp;
  let base: string;
  const shellScript = 'main.0a1b2c3d.js';
  const crmScript = 'remoteEntry.js';

  beforeAll(async () => {
    webRoot = mkdtempSync(join(tmpdir(), 'tessera-static-web-'));
    const shellDist = join(webRoot, 'shell', 'dist');
    const crmDist = join(webRoot, 'crm-remote', 'dist');
    mkdirSync(shellDist, { recursive: true });
    mkdirSync(crmDist, { recursive: true });
    writeFileSync(join(shellDist, shellScript), scriptText('shell'));
    writeFileSync(
      join(shellDist, 'index.html'),
      `<!doctype html><html><head><title>Tessera</title></head><body>${'<div></div>'.repeat(200)}</body></html>`,
    );
    writeFileSync(join(crmDist, crmScript), scriptText('crm'));
    for (const file of [
      join(shellDist, shellScript),
      join(shellDist, 'index.html'),
      join(crmDist, crmScript),
    ]) {
      precompress(file);
    }
    testApp = await createTestApp({ WEB_ROOT: webRoot, RUN_JOBS: '0' }, { serveWeb: true });
    base = testApp.url;
  });

  afterAll(async () => {
    await testApp.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  it('answers a script with brotli when the browser accepts it, and the bytes decode to the file', async () => {
    const original = readFileSync(join(webRoot, 'shell', 'dist', shellScript));
    const response = await getRaw(`${base}/${shellScript}`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.body.length).toBeLessThan(original.length / 3);
    expect(brotliDecompressSync(response.body).equals(original)).toBe(true);
  });

  it('answers gzip when only gzip is accepted', async () => {
    const original = readFileSync(join(webRoot, 'crm-remote', 'dist', crmScript));
    const response = await getRaw(`${base}/remotes/crm/${crmScript}`, { 'accept-encoding': 'gzip' });
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    // Not content-hashed: revalidated, as before compression.
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(gunzipSync(response.body).equals(original)).toBe(true);
  });

  it('sends the file as it is to a client that accepts no encoding, still varying on it', async () => {
    const original = readFileSync(join(webRoot, 'shell', 'dist', shellScript));
    const response = await getRaw(`${base}/${shellScript}`);
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.body.equals(original)).toBe(true);
  });

  it('answers a client route with the compressed page', async () => {
    const original = readFileSync(join(webRoot, 'shell', 'dist', 'index.html'));
    const response = await getRaw(`${base}/modules/crm`, { 'accept-encoding': 'br' });
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(response.body).equals(original)).toBe(true);
  });

  it('compresses API JSON above 1 KB and leaves small answers as they are', async () => {
    const large = await getRaw(`${base}/api/docs-json`, { 'accept-encoding': 'br, gzip' });
    expect(large.status).toBe(200);
    expect(large.headers['content-encoding']).toBe('br');
    expect(large.headers.vary).toMatch(/accept-encoding/i);
    const document = JSON.parse(brotliDecompressSync(large.body).toString('utf8')) as {
      info: { title: string };
    };
    expect(document.info.title).toBe('Tessera API');

    const gzipped = await getRaw(`${base}/api/docs-json`, { 'accept-encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzipped.body).toString('utf8'))).toEqual(document);

    const small = await getRaw(`${base}/api/health`, { 'accept-encoding': 'br, gzip' });
    expect(small.status).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body.toString('utf8'))).toEqual({ status: 'ok' });
  });

  // The deploy of a remote on its own (federation-redeploy.spec.ts shows it in the browser): the
  // running server answers the new files from the next request on, a browser revalidating the
  // entry gets the new one, and the shell's files are not touched.
  it('serves a remote swapped in on disk from the next request on, without a restart, the shell untouched', async () => {
    const shellBefore = readFileSync(join(webRoot, 'shell', 'dist', 'index.html'));
    const before = await getRaw(`${base}/remotes/crm/${crmScript}`, { 'accept-encoding': 'br' });
    const target = join(webRoot, 'crm-remote');
    const next = join(target, 'dist.next');
    const chunk = 'src_deals.5e6f7a8b.js';
    mkdirSync(next);
    writeFileSync(join(next, crmScript), scriptText('crmNext'));
    writeFileSync(join(next, chunk), scriptText('dealsNext'));
    for (const file of [join(next, crmScript), join(next, chunk)]) precompress(file);
    renameSync(join(target, 'dist'), join(target, 'dist.old'));
    renameSync(next, join(target, 'dist'));
    rmSync(join(target, 'dist.old'), { recursive: true, force: true });

    const revalidated = await getRaw(`${base}/remotes/crm/${crmScript}`, {
      'accept-encoding': 'br',
      ...(before.headers.etag ? { 'if-none-match': before.headers.etag } : {}),
    });
    expect(revalidated.status).toBe(200);
    expect(revalidated.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(revalidated.body).toString('utf8')).toBe(scriptText('crmNext'));
    const newChunk = await getRaw(`${base}/remotes/crm/${chunk}`);
    expect(newChunk.status).toBe(200);
    expect(newChunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(newChunk.body.toString('utf8')).toBe(scriptText('dealsNext'));
    const page = await getRaw(`${base}/modules/crm`);
    expect(page.status).toBe(200);
    expect(page.body.equals(shellBefore)).toBe(true);
  });
});
