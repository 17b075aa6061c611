#!/usr/bin/env node
// `npm start`: build what changed (Nx, cached), then serve everything from one port.
// No DATABASE_URL → embedded PGlite under .data/ (DATA_DIR overrides), migrated and seeded on first start.
import { spawn, spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
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

const server = spawn(process.execPath, [join(root, 'apps', 'api', 'dist', 'main.js')], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
