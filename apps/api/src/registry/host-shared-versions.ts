import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { HOST_SHARED_SINGLETONS } from '@tessera/data-access/contracts';

/** `react/jsx-runtime` → `react`, `@tessera/data-access/hooks` → `@tessera/data-access`. */
function packageOf(importPath: string): string {
  const parts = importPath.split('/');
  return importPath.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] as string);
}

function installedVersion(packageName: string, resolveFrom: string): string | null {
  // Walks up as Node's resolution does, reading package.json itself: a package's `exports` may hide it.
  let dir = dirname(resolveFrom);
  for (;;) {
    try {
      const manifest = JSON.parse(
        readFileSync(join(dir, 'node_modules', packageName, 'package.json'), 'utf8'),
      ) as {
        version?: string;
      };
      if (manifest.version) return manifest.version;
    } catch {
      // not installed at this level
    }
    const parent = dirname(dir);
    if (parent === dir) return null;
    dir = parent;
  }
}

/**
 * The version of each shared singleton the host (the shell, built from this same workspace) provides,
 * read from what is installed — the same source tools/federation/shared.mjs builds the host with.
 */
export function hostSharedVersions(resolveFrom = __filename): Record<string, string> {
  const versions: Record<string, string> = {};
  for (const importPath of HOST_SHARED_SINGLETONS) {
    const version = installedVersion(packageOf(importPath), resolveFrom);
    if (version) versions[importPath] = version;
  }
  return versions;
}
