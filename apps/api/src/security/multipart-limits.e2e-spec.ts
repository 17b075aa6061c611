import { request as httpRequest, type IncomingMessage } from 'node:http';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { queryTestDatabase } from '../test/test-app';
import { createDeal } from '../test/test-crm';
import { useTestApi } from '../test/test-fixture';

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

const BOUNDARY = '----tessera-test-boundary';
const MB = 1024 * 1024;
/**
 * Sixty 1 MB fields held in memory would be 60 MB and more; what one request may hold is a few KB.
 * The bound leaves room for what the test process itself allocates meanwhile (sockets, parsing, GC).
 */
const HELD_AT_MOST = 16 * MB;

function fieldPart(name: string, value: Buffer | string): Buffer[] {
  return [
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n`),
    typeof value === 'string' ? Buffer.from(value) : value,
    Buffer.from('\r\n'),
  ];
}

function filePart(name: string, fileName: string, content: string): Buffer[] {
  return [
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="${fileName}"\r\nContent-Type: text/plain\r\n\r\n`,
    ),
    Buffer.from(content),
    Buffer.from('\r\n'),
  ];
}

const closing = Buffer.from(`--${BOUNDARY}--\r\n`);

/** Memory the process holds for JavaScript and buffers (what a buffered upload would grow). */
function heldBytes(): number {
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.arrayBuffers;
}

interface Answer {
  status: number;
  body: { message?: string };
  /** The most memory held above the start while the request was under way. */
  peakGrowth: number;
}

/**
 * Sends a multipart body made of `parts` as a real client would, one chunk at a time (the same 1 MB
 * buffer is reused, so the client holds none of it), with or without a declared length, and watches
 * the process's memory while the server answers. Stops sending once the answer has come.
 */
async function sendMultipart(
  url: string,
  cookie: string,
  headers: Record<string, string>,
  parts: () => Generator<Buffer>,
  declaredLength: number | null,
): Promise<Answer> {
  collectGarbage();
  const start = heldBytes();
  let peak = start;
  const sampler = setInterval(() => {
    peak = Math.max(peak, heldBytes());
  }, 2);
  try {
    return await new Promise<Answer>((resolve, reject) => {
      const target = new URL(url);
      const request = httpRequest({
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: 'POST',
        headers: {
          ...headers,
          Cookie: cookie,
          Origin: target.origin,
          'Content-Type': `multipart/form-data; boundary=${BOUNDARY}`,
          ...(declaredLength === null
            ? { 'Transfer-Encoding': 'chunked' }
            : { 'Content-Length': String(declaredLength) }),
        },
      });
      let answered = false;
      request.on('response', (response: IncomingMessage) => {
        answered = true;
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          peak = Math.max(peak, heldBytes());
          request.destroy();
          resolve({
            status: response.statusCode ?? 0,
            body: JSON.parse(Buffer.concat(chunks).toString() || '{}'),
            peakGrowth: peak - start,
          });
        });
      });
      // Writing into a connection the server has closed after answering is expected.
      request.on('error', (error) => {
        if (!answered) reject(error);
      });
      const chunks = parts();
      const writeNext = (): void => {
        if (answered || request.destroyed) return;
        const next = chunks.next();
        if (next.done) {
          request.end();
          return;
        }
        if (request.write(next.value)) setImmediate(writeNext);
        else request.once('drain', writeNext);
      };
      writeNext();
    });
  } finally {
    clearInterval(sampler);
  }
}

describe('multipart uploads are held to small limits before anything is buffered', () => {
  const {
    api,
    sessions: [demo],
  } = useTestApi(['demo@acme.test']);
  let dealId: string;
  let cookie: string;

  const oneMegabyte = Buffer.alloc(MB, 'a');
  function* sixtyLargeFieldsThenAFile(): Generator<Buffer> {
    for (let index = 0; index < 60; index += 1) yield* fieldPart(`note${index}`, oneMegabyte);
    yield* filePart('file', 'tiny.txt', 'hello');
    yield closing;
  }
  const sixtyFieldsLength = 60 * (MB + 80) + 200;

  beforeAll(async () => {
    dealId = await createDeal(demo, 'acme', { name: 'Multipart limits deal', amount: 100 });
    // A session of its own, for a client that streams its body by hand.
    const signedIn = await fetch(`${api.url}/api/auth/sign-in`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: api.url },
      body: JSON.stringify({ email: 'demo@acme.test', password: 'tessera-demo' }),
    });
    expect(signedIn.status).toBe(200);
    cookie = signedIn.headers
      .getSetCookie()
      .map((value) => value.split(';')[0])
      .join('; ');
  });

  const filesUrl = () => `${api.url}/api/crm/deals/${dealId}/files`;
  /** The demo user's hand-streamed upload to acme: only the address and the body vary. */
  const sendAsDemo = (url: string, parts: () => Generator<Buffer>, declaredLength: number | null) =>
    sendMultipart(url, cookie, demo.headers('acme'), parts, declaredLength);
  const storedFiles = async () =>
    (await queryTestDatabase('SELECT id FROM crm_deal_files WHERE deal_id = $1', [dealId])).length;

  it('refuses sixty 1 MB fields with a declared length with 413 at once, holding no more than a few MB', async () => {
    const answer = await sendAsDemo(filesUrl(), sixtyLargeFieldsThenAFile, sixtyFieldsLength);
    expect(answer.status).toBe(413);
    expect(answer.body.message).toBe(
      'Upload is too large: at most one 5 MB file and 4 small fields are accepted',
    );
    expect(answer.peakGrowth).toBeLessThan(HELD_AT_MOST);
    expect(await storedFiles()).toBe(0);
  });

  it('refuses the same fields streamed without a length with 413 at the first large field', async () => {
    const answer = await sendAsDemo(filesUrl(), sixtyLargeFieldsThenAFile, null);
    expect(answer.status).toBe(413);
    expect(answer.body.message).toBe('A form field is too large: the limit is 4 KB');
    expect(answer.peakGrowth).toBeLessThan(HELD_AT_MOST);
    expect(await storedFiles()).toBe(0);
  });

  it('refuses too many small fields and a second file with 413', async () => {
    function* manyFields(): Generator<Buffer> {
      for (let index = 0; index < 50; index += 1) yield* fieldPart(`f${index}`, 'x');
      yield* filePart('file', 'a.txt', 'hello');
      yield closing;
    }
    const fields = await sendAsDemo(filesUrl(), manyFields, null);
    expect(fields.status).toBe(413);
    expect(fields.body.message).toBe('Too many form fields: at most 4 are accepted');

    function* twoFiles(): Generator<Buffer> {
      yield* filePart('file', 'a.txt', 'hello');
      yield* filePart('file', 'b.txt', 'again');
      yield closing;
    }
    const files = await sendAsDemo(filesUrl(), twoFiles, null);
    expect(files.status).toBe(413);
    expect(files.body.message).toBe('Send one file at a time');
    expect(await storedFiles()).toBe(0);
  });

  it('still takes a file with a few small fields beside it', async () => {
    function* fileWithFields(): Generator<Buffer> {
      yield* fieldPart('description', 'The signed proposal');
      yield* filePart('file', 'proposal.txt', 'Signed.');
      yield closing;
    }
    const answer = await sendAsDemo(filesUrl(), fileWithFields, null);
    expect(answer.status).toBe(201);
    expect(await storedFiles()).toBe(1);
  });

  it('refuses multipart bodies on routes that take no upload with 415, unread', async () => {
    const answer = await sendAsDemo(`${api.url}/api/crm/deals`, sixtyLargeFieldsThenAFile, sixtyFieldsLength);
    expect(answer.status).toBe(415);
    expect(answer.body.message).toBe('This address does not take multipart uploads: send JSON');
    expect(answer.peakGrowth).toBeLessThan(HELD_AT_MOST);
  });
});
