#!/usr/bin/env node
// `npm start`: build what changed (Nx, cached), then serve everything from one port.
// No DATABASE_URL → embedded PGlite under .data/ (DATA_DIR overrides), migrated and seeded on first start.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const nx = join(root, 'node_modules', '.bin', 'nx');

const build = spawnSync(nx, ['run-many', '-t', 'build', '--output-style=static'], {
  cwd: root,
  stdio: 'inherit',
});
if (build.status !== 0) {
  console.error('Build failed: see the output above.');
  process.exit(build.status ?? 1);
}

/**
 * The embedded first run is a trial on this machine: demo accounts, the test payment provider, the API
 * docs, and a session secret generated once and kept beside the data (sessions survive a restart). With
 * DATABASE_URL the server gets exactly what the environment says and refuses weak settings itself.
 */
function embeddedTrialDefaults() {
  if (process.env.DATABASE_URL) return {};
  const dataDir = resolve(process.env.DATA_DIR ?? join(root, '.data'));
  const secretFile = join(dataDir, 'jwt-secret');
  if (!process.env.JWT_SECRET && !existsSync(secretFile)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(secretFile, randomBytes(32).toString('hex'), { mode: 0o600 });
  }
  return {
    SEED_DEMO: '1',
    PAYMENT_PROVIDER: 'test',
    API_DOCS: '1',
    ...(process.env.JWT_SECRET ? {} : { JWT_SECRET: readFileSync(secretFile, 'utf8').trim() }),
  };
}

const server = spawn(process.execPath, [join(root, 'apps', 'api', 'dist', 'main.js')], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...embeddedTrialDefaults(), ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
