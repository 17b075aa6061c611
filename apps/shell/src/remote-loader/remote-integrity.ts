import type { RemoteIntegrity } from '@tessera/data-access/contracts';

/** A file's bytes against an SRI string (`sha256-<base64>`): true only when they are what the registry published. */
export async function matchesIntegrity(bytes: ArrayBuffer, integrity: string): Promise<boolean> {
  const [algorithm, expected] = integrity.split('-', 2) as [string, string | undefined];
  const names: Record<string, string> = { sha256: 'SHA-256', sha384: 'SHA-384', sha512: 'SHA-512' };
  const name = names[algorithm];
  if (!name || !expected) return false;
  const digest = new Uint8Array(await crypto.subtle.digest(name, bytes));
  let binary = '';
  for (const byte of digest) binary += String.fromCharCode(byte);
  return btoa(binary) === expected;
}

/** A URL without its query and fragment: the runtime may add neither, but a registry URL may carry `?v=`. */
export function withoutQuery(url: string): string {
  const parsed = new URL(url);
  return `${parsed.origin}${parsed.pathname}`;
}

/** Where the entry of a release is, from its manifest URL (the manifest's publicPath is `auto`). */
export function entryUrlOf(manifestUrl: string, integrity: RemoteIntegrity): string {
  return withoutQuery(new URL(integrity.entryFile, manifestUrl).href);
}

/** What the shell expects of the files it fetches, by URL: filled as remotes are registered. */
export class ExpectedIntegrity {
  private readonly manifests = new Map<string, string>();
  private readonly entries = new Map<string, string>();

  expect(manifestUrl: string, integrity: RemoteIntegrity | undefined): void {
    if (!integrity) return;
    this.manifests.set(withoutQuery(manifestUrl), integrity.manifest);
    this.entries.set(entryUrlOf(manifestUrl, integrity), integrity.entry);
  }

  manifest(url: string): string | undefined {
    return this.manifests.get(withoutQuery(url));
  }

  entry(url: string): string | undefined {
    return this.entries.get(withoutQuery(url));
  }
}

export class IntegrityError extends Error {
  constructor(url: string) {
    super(`${url} is not the file the registry published (integrity check failed)`);
    this.name = 'IntegrityError';
  }
}
