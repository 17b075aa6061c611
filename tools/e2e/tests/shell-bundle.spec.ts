import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './fixtures';

const shellDist = join(__dirname, '..', '..', '..', 'apps', 'shell', 'dist');

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

// ARCHITECTURE: the shell's bundle holds no remote URL; the registry says where remotes are.
test('the built shell contains no remote URL', () => {
  const files = filesUnder(shellDist).filter(
    (file) => /\.(js|html|json)$/.test(file) && !file.endsWith('.map'),
  );
  expect(files.length).toBeGreaterThan(0);
  const offenders: string[] = [];
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    for (const pattern of [
      /\/remotes\/(crm|industry)\//,
      /remoteEntry\.js/,
      /localhost:420[12]/,
      /crm_remote@|industry_remote@/,
    ]) {
      if (pattern.test(text)) offenders.push(`${file.replace(shellDist, 'dist')}: ${pattern}`);
    }
  }
  expect(offenders).toEqual([]);
});

test('the production shell has no Payment Test page or link', () => {
  const text = filesUnder(shellDist)
    .filter((file) => file.endsWith('.js'))
    .map((file) => readFileSync(file, 'utf8'))
    .join('\n');
  expect(text).not.toContain('Payment Test');
});
