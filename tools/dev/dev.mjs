#!/usr/bin/env node
// `npm run dev`: the API plus the three rspack dev servers with hot reload.
//   shell     http://localhost:4200  (proxies /api, /functions and /remotes to the API)
//   crm       http://localhost:4201  (its standalone page; the shell loads its manifest)
//   industry  http://localhost:4202
// The API's registry is pointed at the dev servers (REMOTE_*_URL), so the shell on :4200 loads
// remotes that rebuild on save. Ctrl-C stops everything.
import { spawn, spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const bin = (name) => join(root, 'node_modules', '.bin', name);

const apiPort = Number(process.env.PORT ?? 3000);
const ports = {
  shell: Number(process.env.SHELL_PORT ?? 4200),
  crm: Number(process.env.CRM_PORT ?? 4201),
  industry: Number(process.env.INDUSTRY_PORT ?? 4202),
};
const apiUrl = `http://localhost:${apiPort}`;

// The API runs from its build, and the industry remote's config reads the built contracts.
const build = spawnSync(
  bin('nx'),
  ['run-many', '-t', 'build', '-p', '@tessera/api', '@tessera/data-access', '--output-style=static'],
  {
    cwd: root,
    stdio: 'inherit',
  },
);
if (build.status !== 0) {
  console.error('Building the API failed: see the output above.');
  process.exit(build.status ?? 1);
}

const children = [];
let stopping = false;

function run(label, command, args, options) {
  const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
  const prefix = `[${label}]`.padEnd(11);
  for (const stream of [child.stdout, child.stderr]) {
    let buffered = '';
    stream.on('data', (chunk) => {
      buffered += chunk;
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) process.stdout.write(`${prefix}${line}\n`);
    });
  }
  child.on('exit', (code, signal) => {
    if (stopping) return;
    console.error(`${prefix}exited (${signal ?? code}); stopping the others.`);
    stop(code ?? 1);
  });
  children.push(child);
  return child;
}

function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 1500).unref();
}

for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(0));

run('api', process.execPath, [join(root, 'apps', 'api', 'dist', 'main.js')], {
  cwd: root,
  env: {
    NODE_ENV: 'development',
    // A trial on this machine: demo accounts and the test payment provider unless told otherwise.
    ...(process.env.DATABASE_URL ? {} : { SEED_DEMO: '1', PAYMENT_PROVIDER: 'test' }),
    // The browser talks to the shell's dev server, which forwards /api: writes come from its origin.
    PUBLIC_URL: `http://localhost:${ports.shell}`,
    ALLOWED_ORIGINS: `http://127.0.0.1:${ports.shell},${apiUrl}`,
    ...process.env,
    PORT: String(apiPort),
    REMOTE_CRM_URL: `http://localhost:${ports.crm}/mf-manifest.json`,
    REMOTE_INDUSTRY_URL: `http://localhost:${ports.industry}/mf-manifest.json`,
  },
});

const devServer = (label, app, portVariable, port) =>
  run(label, bin('rspack'), ['serve', '--mode', 'development'], {
    cwd: join(root, 'apps', app),
    env: { ...process.env, TESSERA_API_URL: apiUrl, [portVariable]: String(port) },
  });

devServer('shell', 'shell', 'SHELL_PORT', ports.shell);
devServer('crm', 'crm-remote', 'CRM_PORT', ports.crm);
devServer('industry', 'industry-remotes', 'INDUSTRY_PORT', ports.industry);

console.log(`Tessera dev: open http://localhost:${ports.shell} (API ${apiUrl}).`);
