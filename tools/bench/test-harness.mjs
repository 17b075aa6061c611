// The API's test harness (apps/api/src/test/*.ts) used from a bench, so a bench starts Dovecot, SMTP
// and the like exactly as the tests do rather than through a copy. The harness is TypeScript and is
// left out of the production build; SWC (already what Jest transforms it with) turns one file into
// CommonJS under node_modules/.cache, where its own imports (imapflow, …) resolve as usual.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { transformSync } from '@swc/core';
import { root } from './bench-processes.mjs';

const require = createRequire(import.meta.url);

/** The exports of `apps/api/src/test/<name>.ts`, e.g. `loadTestHarness('test-imap')`. */
export function loadTestHarness(name) {
  const source = join(root, 'apps', 'api', 'src', 'test', `${name}.ts`);
  const { code } = transformSync(readFileSync(source, 'utf8'), {
    filename: source,
    jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
    module: { type: 'commonjs' },
  });
  const dir = join(root, 'node_modules', '.cache', 'tessera-bench');
  mkdirSync(dir, { recursive: true });
  const compiled = join(dir, `${name}.cjs`);
  writeFileSync(compiled, code);
  return require(compiled);
}
