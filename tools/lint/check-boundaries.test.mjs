// `node --test tools/lint/`: the boundary checker finds each kind of violation in a small fixture
// workspace, accepts what the rules allow, and honours the allowlist.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, test } from 'node:test';
import { applyAllowlist, findViolations, importsOf, violationOf } from './check-boundaries.mjs';

const root = mkdtempSync(join(tmpdir(), 'boundaries-'));
after(() => rmSync(root, { recursive: true, force: true }));

function write(path, source) {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), source);
}

write('apps/shell/src/shared/error-message.ts', "export const m = 'x';\n");
write('apps/shell/src/sign-in/sign-in-page.tsx', "import { m } from '../shared/error-message';\n");
write('apps/shell/src/outbox/outbox-page.tsx', "import { page } from '../sign-in/sign-in-page';\n");
write('apps/shell/src/app/routes.tsx', "import { page } from '../sign-in/sign-in-page';\n");
write('apps/crm-remote/src/deals/deal.tsx', "import { Header } from '@tessera/shell';\n");
write('apps/crm-remote/src/deals/deal.test.tsx', "import { x } from '../leads/lead';\n");
write('apps/industry-remotes/src/records/r.ts', "import { api } from '../../../api/src/main';\n");
write('libs/ui/src/button.tsx', "export { deal } from '../../../apps/crm-remote/src/deals/deal';\n");
write(
  'libs/auth/src/a.ts',
  "import { Button } from '@tessera/ui';\nimport { c } from '@tessera/data-access/contracts';\n",
);
write('apps/api/src/crm/deals.service.ts', "import { Hooks } from '@tessera/data-access/hooks';\n");
write(
  'apps/api/src/platform/p.service.ts',
  "import { A } from '../auth/auth.service';\nimport { t } from '../auth/one-time-token';\n",
);

const violations = findViolations(root);
const rules = (file) => violations.filter((v) => v.file === file).map((v) => v.rule);

test('reads import, export, dynamic import and require specifiers', () => {
  const source = [
    "import a from './a';",
    "import type { B } from '../b';",
    "export * from './c';",
    "import './d.css';",
    "const e = await import('./e');",
    "const f = require('./f');",
    "import {\n  g,\n} from './g';",
  ].join('\n');
  assert.deepEqual(importsOf(source).sort(), ['../b', './a', './c', './d.css', './e', './f', './g']);
});

test('a feature imports shared code and its own files freely', () => {
  assert.deepEqual(rules('apps/shell/src/sign-in/sign-in-page.tsx'), []);
});

test('a feature importing a sibling feature fails; composition folders may', () => {
  assert.equal(rules('apps/shell/src/outbox/outbox-page.tsx').length, 1);
  assert.match(
    rules('apps/shell/src/outbox/outbox-page.tsx')[0],
    /feature outbox imports the sign-in feature/,
  );
  assert.deepEqual(rules('apps/shell/src/app/routes.tsx'), []);
});

test('tests are exempt from the feature rule', () => {
  assert.deepEqual(rules('apps/crm-remote/src/deals/deal.test.tsx'), []);
});

test('a remote never imports the shell', () => {
  assert.deepEqual(rules('apps/crm-remote/src/deals/deal.tsx'), ['a remote never imports the shell']);
});

test('apps never import apps, also by relative path', () => {
  assert.match(rules('apps/industry-remotes/src/records/r.ts')[0], /apps never import apps/);
});

test('libs never import apps, and keep their own layers', () => {
  assert.match(rules('libs/ui/src/button.tsx')[0], /libs never import apps/);
  assert.deepEqual(rules('libs/auth/src/a.ts'), []);
  assert.match(violationOf('libs/ui/src/x.ts', '@tessera/auth'), /libs\/ui may not import @tessera\/auth/);
});

test('the API uses only the contracts and other domains’ public surface', () => {
  assert.match(rules('apps/api/src/crm/deals.service.ts')[0], /only @tessera\/data-access\/contracts/);
  const platform = rules('apps/api/src/platform/p.service.ts');
  assert.equal(platform.length, 1);
  assert.match(platform[0], /reaches into auth's internals/);
});

test('the allowlist accepts listed imports and reports entries no longer needed', () => {
  const listed = { file: 'apps/shell/src/outbox/outbox-page.tsx', import: '../sign-in/sign-in-page' };
  const gone = { file: 'apps/shell/src/x.ts', import: '../y' };
  const { remaining, stale } = applyAllowlist(violations, [listed, gone]);
  assert.equal(remaining.length, violations.length - 1);
  assert.deepEqual(stale, [gone]);
});

test('the command exits 1 on a violation', async () => {
  const { spawnSync } = await import('node:child_process');
  const script = join(dirname(new URL(import.meta.url).pathname), 'check-boundaries.mjs');
  const result = spawnSync(process.execPath, [script, root], { encoding: 'utf8' });
  assert.equal(result.status, 1);
  assert.match(
    result.stderr,
    /apps\/shell\/src\/outbox\/outbox-page\.tsx: import '\.\.\/sign-in\/sign-in-page'/,
  );
});
