import { readdir, readFile, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import type { RemoteKey, RemoteVersionSummary } from '@tessera/data-access/contracts';
import { APP_CONFIG, type AppConfig } from '../config/app-config';

/** What `npm run publish:remote` writes beside each published build. */
export const RELEASE_FILE = 'release.json';
export const REMOTE_KEYS: readonly RemoteKey[] = ['crm', 'industry'];
export const VERSION_PATTERN = /^[0-9A-Za-z][0-9A-Za-z.+-]{0,63}$/;

/**
 * Where published remote builds live: `<REMOTE_RELEASES_DIR>/<remote>/<version>/`, by default
 * `<DATA_DIR>/remotes`. The publish command (tools/publish-remote.mjs) resolves it the same way.
 */
export function remoteReleasesDir(
  config: Pick<AppConfig, 'dataDir'>,
  env: NodeJS.ProcessEnv = process.env,
): string {
  return resolve(env.REMOTE_RELEASES_DIR?.trim() || join(config.dataDir, 'remotes'));
}

/** The URL the API serves a published version under (see web/static-web.ts). */
export function versionedManifestUrl(key: RemoteKey, version: string): string {
  return `/remotes/${key}/v/${encodeURIComponent(version)}/mf-manifest.json`;
}

interface CachedListing {
  mtimeMs: number;
  releases: RemoteVersionSummary[];
}

/**
 * The published versions of each remote, read from the releases folder: a published build is
 * its folder (files + release.json), like a bucket on a CDN. Publishing renames a complete folder
 * into place, which changes the parent's mtime — the listing is re-read only then.
 */
@Injectable()
export class RemoteReleasesService {
  readonly root: string;
  private readonly cache = new Map<RemoteKey, CachedListing>();

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.root = remoteReleasesDir(config);
  }

  /** Oldest first; the last one is the latest. */
  async releases(key: RemoteKey): Promise<RemoteVersionSummary[]> {
    const dir = join(this.root, key);
    let mtimeMs: number;
    try {
      mtimeMs = (await stat(dir)).mtimeMs;
    } catch {
      return [];
    }
    const cached = this.cache.get(key);
    if (cached && cached.mtimeMs === mtimeMs) return cached.releases;
    const releases: RemoteVersionSummary[] = [];
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      if (!entry.isDirectory() || !VERSION_PATTERN.test(entry.name)) continue;
      try {
        const release = JSON.parse(await readFile(join(dir, entry.name, RELEASE_FILE), 'utf8')) as {
          version?: string;
          published_at?: string;
        };
        if (release.version !== entry.name || !release.published_at) continue;
        releases.push({ remote: key, version: release.version, published_at: release.published_at });
      } catch {
        // A folder without a readable release.json is not a published version.
      }
    }
    releases.sort(
      (a, b) => a.published_at.localeCompare(b.published_at) || a.version.localeCompare(b.version),
    );
    this.cache.set(key, { mtimeMs, releases });
    return releases;
  }

  async latest(key: RemoteKey): Promise<string | null> {
    const releases = await this.releases(key);
    return releases.at(-1)?.version ?? null;
  }
}
