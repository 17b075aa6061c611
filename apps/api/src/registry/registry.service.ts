import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  BUILT_IN_REMOTES,
  effectiveRemoteVersion,
  exposeForModule,
  isModuleVisible,
  type ModuleVisibility,
  type RemoteDescriptor,
  type RemoteKey,
  type RemoteRegistry,
} from '@tessera/data-access/contracts';
import type { Repository } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { WEB_APPS } from '../web/static-web';
import { ModuleCatalogue } from './module-catalogue.service';
import { RemotePinEntity } from './remote-pin.entity';
import { RemoteReleasesService, versionedManifestUrl } from './remote-releases';

interface CachedVersion {
  mtimeMs: number;
  version: string;
}

/**
 * Where each remote's manifest is, and which build it is. The shell holds no remote URL: it asks
 * here at run time, so a module team ships a new release without rebuilding the shell.
 */
@Injectable()
export class RegistryService {
  private readonly versions = new Map<RemoteKey, CachedVersion>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly releases: RemoteReleasesService,
    private readonly catalogue: ModuleCatalogue,
    @InjectRepository(RemotePinEntity) private readonly pins: Repository<RemotePinEntity>,
  ) {}

  async registryFor(access: ModuleVisibility): Promise<RemoteRegistry> {
    const visible = this.catalogue.entries().filter((entry) => isModuleVisible(access, entry.id));
    const keys = [...new Set(visible.map((entry) => entry.remote))];
    const pins = await this.pins.findBy({ institutionId: access.organization.id });
    const described = await Promise.all(
      keys.map((key) => this.describeRemote(key, pins.find((pin) => pin.remoteKey === key)?.version ?? null)),
    );
    const remotes = described.filter((remote): remote is RemoteDescriptor => remote !== null);
    const loadable = new Set(remotes.map((remote) => remote.key));
    return {
      remotes,
      modules: visible
        .filter((entry) => loadable.has(entry.remote))
        .map((entry) => ({
          moduleId: entry.id,
          remote: this.catalogue.remote(entry.remote)?.container ?? entry.remote,
          expose: exposeForModule(entry.id),
        })),
    };
  }

  /**
   * An institution's pinned version (a canary) if it is published, else a configured URL, else
   * the latest published version, else (built-in remotes) the workspace build; null for a
   * registered remote that has published nothing yet.
   */
  async describeRemote(key: RemoteKey, pinned: string | null = null): Promise<RemoteDescriptor | null> {
    const remote = this.catalogue.remote(key);
    if (!remote) return null;
    const name = remote.container;
    const published = (await this.releases.releases(key)).map((release) => release.version);
    if (pinned && published.includes(pinned)) return this.stored(key, name, pinned);
    const configured = this.config.remoteUrls[key];
    if (configured) return { key, name, manifestUrl: configured, version: 'external' };
    const version = effectiveRemoteVersion(null, published, published.at(-1) ?? null);
    if (version !== 'workspace') return this.stored(key, name, version);
    return remote.builtIn ? this.workspaceRemote(key, name) : null;
  }

  private async stored(key: RemoteKey, name: string, version: string): Promise<RemoteDescriptor> {
    const release = await this.releases.release(key, version);
    return {
      key,
      name,
      manifestUrl: versionedManifestUrl(key, version),
      version,
      ...(release ? { integrity: release.integrity } : {}),
    };
  }

  /** The unversioned build of a built-in remote in the web root (apps/<remote>/dist). */
  async workspaceRemote(key: RemoteKey, name: string): Promise<RemoteDescriptor> {
    const dir = BUILT_IN_REMOTES.find((remote) => remote.key === key)?.dir ?? key;
    const version = await this.localVersion(key, dir);
    const prefix = WEB_APPS.find((app) => app.dir === dir)?.prefix ?? `/remotes/${key}/`;
    // The version in the URL makes a new build a new URL: no stale manifest from any cache.
    return { key, name, manifestUrl: `${prefix}mf-manifest.json?v=${version}`, version };
  }

  /** A short hash of the built manifest, re-read only when the file changes. */
  private async localVersion(key: RemoteKey, dir: string): Promise<string> {
    const path = join(this.config.webRoot, dir, 'dist', 'mf-manifest.json');
    try {
      const { mtimeMs } = await stat(path);
      const cached = this.versions.get(key);
      if (cached && cached.mtimeMs === mtimeMs) return cached.version;
      const version = createHash('sha256')
        .update(await readFile(path))
        .digest('hex')
        .slice(0, 12);
      this.versions.set(key, { mtimeMs, version });
      return version;
    } catch {
      return 'unbuilt';
    }
  }
}
