import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { GENEROUS_MAIL_QUOTAS, testDatabaseUrl } from './test-app';

export interface ApiProcess {
  url: string;
  pid: number;
  /** Everything the process printed, for assertions and for failure messages. */
  output(): string;
  /** `SIGKILL` is a crash: nothing runs on the way out. */
  kill(signal?: NodeJS.Signals): Promise<void>;
}

export const TEST_JWT_SECRET = 'api-process-test-secret-of-at-least-32-bytes';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * The API as a separate process on the run's database, started from source, listening on a free
 * port: for crash tests (kill -9 mid-job, restart) and several processes on one database.
 */
export async function startApiProcess(env: NodeJS.ProcessEnv = {}, timeoutMs = 60_000): Promise<ApiProcess> {
  const port = await freePort();
  let output = '';
  const child: ChildProcess = spawn(process.execPath, [join(__dirname, 'run-api-from-source.cjs')], {
    env: {
      ...process.env,
      NODE_OPTIONS: '',
      NODE_ENV: 'test',
      DATABASE_URL: testDatabaseUrl(),
      SEED_DEMO: '0',
      JWT_SECRET: TEST_JWT_SECRET,
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ...GENEROUS_MAIL_QUOTAS,
      ...env,
      PORT: String(port),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`API process exited (${child.exitCode}):\n${output}`);
    const ready = await fetch(`${url}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`API process did not start in ${timeoutMs} ms:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    pid: child.pid ?? 0,
    output: () => output,
    async kill(signal = 'SIGKILL') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}
