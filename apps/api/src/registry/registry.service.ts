import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  effectiveRemoteVersion,
  exposeForModule,
  isModuleVisible,
  type ModuleVisibility,
  MODULE_CATALOGUE,
  REMOTE_CONTAINER_NAMES,
  type RemoteDescriptor,
  type RemoteKey,
  type RemoteRegistry,
} from '@tessera/data-access/contracts';
import type { Repository } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { WEB_APPS } from '../web/static-web';
import { RemotePinEntity } from './remote-pin.entity';
import { RemoteReleasesService, versionedManifestUrl } from './remote-releases';

const REMOTE_DIRS: Record<RemoteKey, string> = { crm: 'crm-remote', industry: 'industry-remotes' };

interface CachedVersion {
  mtimeMs: number;
  version: string;
}

/**
 * Where each remote's manifest is, and which build it is. The shell holds no remote URL: it asks
 * here at run time, so a module team ships a new build without rebuilding the shell.
 */
@Injectable()
export class RegistryService {
  private readonly versions = new Map<RemoteKey, CachedVersion>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly releases: RemoteReleasesService,
    @InjectRepository(RemotePinEntity) private readonly pins: Repository<RemotePinEntity>,
  ) {}

  async registryFor(access: ModuleVisibility): Promise<RemoteRegistry> {
    const modules = MODULE_CATALOGUE.filter((entry) => isModuleVisible(access, entry.id));
    const keys = [...new Set(modules.map((entry) => entry.remote))];
    const pins = await this.pins.findBy({ institutionId: access.organization.id });
    const remotes = await Promise.all(
      keys.map((key) => this.describeRemote(key, pins.find((pin) => pin.remoteKey === key)?.version ?? null)),
    );
    return {
      remotes,
      modules: modules.map((entry) => ({
        moduleId: entry.id,
        remote: REMOTE_CONTAINER_NAMES[entry.remote],
        expose: exposeForModule(entry.id),
      })),
    };
  }

  /**
   * An institution's pinned version (a canary) if it is published, else a configured
   * URL, else the latest published version, else the workspace build.
   */
  async describeRemote(key: RemoteKey, pinned: string | null = null): Promise<RemoteDescriptor> {
    const published = (await this.releases.releases(key)).map((release) => release.version);
    const name = REMOTE_CONTAINER_NAMES[key];
    if (pinned && published.includes(pinned)) {
      return { key, name, manifestUrl: versionedManifestUrl(key, pinned), version: pinned };
    }
    const configured = this.config.remoteUrls[key];
    if (configured) return { key, name, manifestUrl: configured, version: 'external' };
    const version = effectiveRemoteVersion(null, published, published.at(-1) ?? null);
    if (version !== 'workspace')
      return { key, name, manifestUrl: versionedManifestUrl(key, version), version };
    return this.workspaceRemote(key);
  }

  /** The unversioned build in the web root (apps/<remote>/dist). */
  async workspaceRemote(key: RemoteKey): Promise<RemoteDescriptor> {
    const version = await this.localVersion(key);
    const prefix = WEB_APPS.find((app) => app.dir === REMOTE_DIRS[key])?.prefix ?? `/remotes/${key}/`;
    // The version in the URL makes a new build a new URL: no stale manifest from any cache.
    return {
      key,
      name: REMOTE_CONTAINER_NAMES[key],
      manifestUrl: `${prefix}mf-manifest.json?v=${version}`,
      version,
    };
  }

  /** A short hash of the built manifest, re-read only when the file changes. */
  private async localVersion(key: RemoteKey): Promise<string> {
    const path = join(this.config.webRoot, REMOTE_DIRS[key], 'dist', 'mf-manifest.json');
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
