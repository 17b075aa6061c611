import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type {
  PublishedRelease,
  RemoteIntegrity,
  RemoteKey,
  RemoteVersionSummary,
  RemovedRelease,
} from '@tessera/data-access/contracts';
import type { DataSource } from 'typeorm';
import { AccessDecisions } from '../access/access-decisions';
import { type AuditActor, AuditLogService } from '../administration/audit-log.service';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { ConflictError, DomainError, InvalidInputError, NotFoundError } from '../common/domain-errors';
import { updatedRows } from '../common/sql-rows';
import { hostSharedVersions } from './host-shared-versions';
import { ModuleCatalogue } from './module-catalogue.service';
import {
  missingExposes,
  nextPatchVersion,
  type ReleaseFiles,
  readManifest,
  sha256Hex,
  sharedMismatches,
  subresourceIntegrity,
} from './release-checks';

export const VERSION_PATTERN = /^[0-9A-Za-z][0-9A-Za-z.+-]{0,63}$/;

/** The URL every API process serves a stored version under (release-files.ts). */
export function versionedManifestUrl(key: RemoteKey, version: string): string {
  return `/remotes/${key}/v/${encodeURIComponent(version)}/mf-manifest.json`;
}

/** 413 with the limit in words. */
export class ReleaseTooLargeError extends DomainError {
  constructor(limitMb: number) {
    super(413, `The release is larger than the limit of ${limitMb} MB (REMOTE_RELEASE_MAX_MB)`);
  }
}

export interface StoredRelease {
  remote: RemoteKey;
  version: string;
  /** Path inside the release → SHA-256 of its content (the blob's key). */
  files: Record<string, string>;
  integrity: RemoteIntegrity;
}

/** Text files worth a precompressed copy when the build did not ship one. */
const COMPRESSIBLE = /\.(js|mjs|css|json|html|svg|map|txt)$/;
const COMPRESS_MIN_BYTES = 1024;
/** Blobs kept in memory per process: they never change, so any copy is good for ever. */
const BLOB_CACHE_BYTES = 64 * 1024 * 1024;
const INSERT_BATCH_BYTES = 8 * 1024 * 1024;
/**
 * Publishing takes this advisory lock shared, removing a release takes it alone: a blob a publish
 * found stored (and so did not write) is never removed before that release is in.
 */
const BLOB_LOCK = 7_311_204_301;
/** A removed release is announced on the access channel under this table's name (its trigger). */
const RELEASES_TABLE = 'remote_releases';

/**
 * Releases stored in PostgreSQL (apps/api/src/registry/README.md): each file's content is a blob
 * keyed by its SHA-256, so a chunk two releases share is stored once, and a release is the map of
 * its paths to those keys. Nothing is updated after it is written: a version is immutable, which
 * is also why every process may keep what it read.
 */
@Injectable()
export class RemoteReleasesService {
  readonly maxBytes: number;
  private readonly releaseCache = new Map<string, StoredRelease>();
  private readonly blobCache = new Map<string, Buffer>();
  private blobCacheBytes = 0;
  private hostVersions: Record<string, string> | null = null;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly catalogue: ModuleCatalogue,
    private readonly audit: AuditLogService,
    decisions: AccessDecisions,
  ) {
    this.maxBytes = config.remoteReleaseMaxMb * 1024 * 1024;
    // Versions are immutable, so each process keeps what it read; a removed one must go from all.
    decisions.onNotice((table) => {
      if (table === null || table === RELEASES_TABLE) this.releaseCache.clear();
    });
  }

  get maxMb(): number {
    return this.maxBytes / 1024 / 1024;
  }

  /** Oldest first; the last one is the latest. */
  async releases(key: RemoteKey): Promise<RemoteVersionSummary[]> {
    const rows = await this.dataSource.query<Array<{ version: string; published_at: Date }>>(
      'SELECT version, published_at FROM remote_releases WHERE remote_key = $1 ORDER BY published_at, version',
      [key],
    );
    return rows.map((row) => ({
      remote: key,
      version: row.version,
      published_at: new Date(row.published_at).toISOString(),
    }));
  }

  async latest(key: RemoteKey): Promise<string | null> {
    return (await this.releases(key)).at(-1)?.version ?? null;
  }

  async release(key: RemoteKey, version: string): Promise<StoredRelease | null> {
    const cacheKey = `${key}@${version}`;
    const kept = this.releaseCache.get(cacheKey);
    if (kept) return kept;
    const rows = await this.dataSource.query<
      Array<{ files: Record<string, string>; integrity: RemoteIntegrity }>
    >('SELECT files, integrity FROM remote_releases WHERE remote_key = $1 AND version = $2', [key, version]);
    const row = rows[0];
    if (!row) return null;
    const release = { remote: key, version, files: row.files, integrity: row.integrity };
    this.releaseCache.set(cacheKey, release);
    return release;
  }

  async blob(hash: string): Promise<Buffer | null> {
    const kept = this.blobCache.get(hash);
    if (kept) return kept;
    const rows = await this.dataSource.query<Array<{ content: Buffer }>>(
      'SELECT content FROM remote_blobs WHERE hash = $1',
      [hash],
    );
    const content = rows[0]?.content ?? null;
    if (content && content.length <= BLOB_CACHE_BYTES / 8) {
      while (this.blobCacheBytes + content.length > BLOB_CACHE_BYTES && this.blobCache.size > 0) {
        const [oldest, buffer] = this.blobCache.entries().next().value as [string, Buffer];
        this.blobCache.delete(oldest);
        this.blobCacheBytes -= buffer.length;
      }
      this.blobCache.set(hash, content);
      this.blobCacheBytes += content.length;
    }
    return content;
  }

  /**
   * Checks a release and stores it, or refuses it with the reason and stores nothing
   * (docs/module-teams.md#what-the-registry-refuses).
   */
  async publish(
    key: RemoteKey,
    files: ReleaseFiles,
    options: { version?: string; publishedBy: string },
  ): Promise<PublishedRelease> {
    await this.catalogue.reload();
    const remote = this.catalogue.remote(key);
    if (!remote) throw new NotFoundError(`The remote ${key}`);
    const manifest = readManifest(files);
    if (typeof manifest === 'string') throw new InvalidInputError(manifest);
    if (manifest.container !== remote.container) {
      throw new InvalidInputError(
        `mf-manifest.json names the container ${manifest.container}; the remote ${key} is registered as ${remote.container}`,
      );
    }
    const missing = missingExposes(
      manifest,
      this.catalogue.modulesOf(key).map((entry) => entry.id),
    );
    if (missing.length > 0) {
      throw new InvalidInputError(
        `The release does not expose every module registered for ${key}: missing ${missing.map((id) => `./${id}`).join(', ')}`,
      );
    }
    this.hostVersions ??= hostSharedVersions();
    const mismatches = sharedMismatches(files, this.hostVersions);
    if (mismatches.length > 0) {
      throw new InvalidInputError(
        `The release asks for shared singletons in a major version the host does not provide: ${mismatches.join('; ')}`,
      );
    }
    const published = (await this.releases(key)).map((release) => release.version);
    const version = options.version ?? nextPatchVersion(published);
    if (!VERSION_PATTERN.test(version))
      throw new InvalidInputError(
        'version must be letters, digits, dots, plus or minus signs, such as 1.2.0',
      );
    if (published.includes(version)) throw this.versionTaken(key, version);

    withPrecompressedCopies(files);
    const paths: Record<string, string> = {};
    const contents = new Map<string, Buffer>();
    let bytes = 0;
    for (const [path, content] of files) {
      const hash = sha256Hex(content);
      paths[path] = hash;
      contents.set(hash, content);
      bytes += content.length;
    }
    if (bytes > this.maxBytes) throw new ReleaseTooLargeError(this.maxMb);
    const manifestHash = paths['mf-manifest.json'] as string;
    const entryHash = paths[manifest.entryFile] as string;
    const integrity: RemoteIntegrity = {
      manifest: subresourceIntegrity(manifestHash),
      entry: subresourceIntegrity(entryHash),
      entryFile: manifest.entryFile,
    };

    const newBytes = await this.dataSource.transaction(async (manager) => {
      await manager.query('SELECT pg_advisory_xact_lock_shared($1)', [BLOB_LOCK]);
      const removed = await manager.query<unknown[]>(
        'SELECT 1 FROM remote_removed_versions WHERE remote_key = $1 AND version = $2',
        [key, version],
      );
      if (removed.length > 0)
        throw new ConflictError(
          `${key} ${version} was published and removed; a version number is never reused: publish a new version`,
        );
      const existing = await manager.query<Array<{ hash: string }>>(
        'SELECT hash FROM remote_blobs WHERE hash = ANY($1::text[])',
        [[...contents.keys()]],
      );
      const stored = new Set(existing.map((row) => row.hash));
      const fresh = [...contents].filter(([hash]) => !stored.has(hash));
      let batch: Array<[string, Buffer]> = [];
      let batchBytes = 0;
      const flush = async () => {
        if (batch.length === 0) return;
        await manager.query(
          `INSERT INTO remote_blobs (hash, size, content)
             SELECT hash, size, content FROM unnest($1::text[], $2::int[], $3::bytea[]) AS t(hash, size, content)
             ON CONFLICT (hash) DO NOTHING`,
          [
            batch.map(([hash]) => hash),
            batch.map(([, content]) => content.length),
            batch.map(([, content]) => content),
          ],
        );
        batch = [];
        batchBytes = 0;
      };
      for (const entry of fresh) {
        batch.push(entry);
        batchBytes += entry[1].length;
        if (batchBytes >= INSERT_BATCH_BYTES) await flush();
      }
      await flush();
      const inserted = await manager.query<Array<{ version: string }>>(
        `INSERT INTO remote_releases (remote_key, version, files, integrity, bytes, published_by)
           VALUES ($1, $2, $3::jsonb, $4::jsonb, $5, $6)
           ON CONFLICT (remote_key, version) DO NOTHING RETURNING version`,
        [key, version, JSON.stringify(paths), JSON.stringify(integrity), bytes, options.publishedBy],
      );
      if (inserted.length === 0) throw this.versionTaken(key, version);
      await this.audit.record(
        {
          institutionId: null,
          actor: null,
          actorName: options.publishedBy,
          action: 'remote.published',
          target: `${key}@${version}`,
          details: { remote: key, version, files: files.size, bytes },
        },
        manager,
      );
      return fresh.reduce((sum, [, content]) => sum + content.length, 0);
    });
    const publishedAt = (await this.releases(key)).find(
      (release) => release.version === version,
    )?.published_at;
    return {
      remote: key,
      version,
      published_at: publishedAt ?? new Date().toISOString(),
      published_by: options.publishedBy,
      manifest_url: versionedManifestUrl(key, version),
      files: files.size,
      bytes,
      new_bytes: newBytes,
      integrity,
    };
  }

  /**
   * Removes an old release (docs/module-teams.md#clean-up-old-releases): not the latest, pinned by no
   * institution. Its files' blobs go too, unless another release has the same content.
   */
  async remove(actor: AuditActor, key: RemoteKey, version: string): Promise<RemovedRelease> {
    if (!this.catalogue.remote(key)) throw new NotFoundError(`The remote ${key}`);
    const removed = await this.dataSource.transaction(async (manager) => {
      await manager.query('SELECT pg_advisory_xact_lock($1)', [BLOB_LOCK]);
      const versions = await manager.query<Array<{ version: string }>>(
        'SELECT version FROM remote_releases WHERE remote_key = $1 ORDER BY published_at, version',
        [key],
      );
      if (!versions.some((row) => row.version === version))
        throw new NotFoundError(`Version ${version} of the ${key} remote`);
      if (versions.at(-1)?.version === version)
        throw new ConflictError(
          `${key} ${version} is the latest release: every institution without a pin loads it. Publish a newer one first`,
        );
      // The row lock this takes makes a pin being written now wait, and then find no release.
      const [row] = updatedRows<{ files: Record<string, string> }>(
        await manager.query(
          'DELETE FROM remote_releases WHERE remote_key = $1 AND version = $2 RETURNING files',
          [key, version],
        ),
      );
      const pinnedBy = await manager.query<Array<{ name: string }>>(
        `SELECT i.name FROM institution_remote_pins p JOIN institutions i ON i.id = p.institution_id
          WHERE p.remote_key = $1 AND p.version = $2 ORDER BY i.name`,
        [key, version],
      );
      if (pinnedBy.length > 0)
        throw new ConflictError(
          `${key} ${version} is pinned by ${pinnedBy.map((pin) => pin.name).join(', ')}: move their pins first`,
        );
      const blobs = updatedRows<{ size: number }>(
        await manager.query(
          `DELETE FROM remote_blobs b WHERE b.hash = ANY($1::text[])
            AND NOT EXISTS (SELECT 1 FROM remote_releases r, jsonb_each_text(r.files) f WHERE f.value = b.hash)
          RETURNING b.size`,
          [[...new Set(Object.values(row?.files ?? {}))]],
        ),
      );
      await manager.query(
        'INSERT INTO remote_removed_versions (remote_key, version, removed_by) VALUES ($1, $2, $3)',
        [key, version, actor.email],
      );
      const result = {
        remote: key,
        version,
        blobs_removed: blobs.length,
        bytes_freed: blobs.reduce((sum, blob) => sum + Number(blob.size), 0),
      };
      await this.audit.record(
        {
          institutionId: null,
          actor,
          action: 'remote.release_removed',
          target: `${key}@${version}`,
          details: { ...result },
        },
        manager,
      );
      return result;
    });
    this.releaseCache.delete(`${key}@${version}`);
    return removed;
  }

  private versionTaken(key: RemoteKey, version: string): ConflictError {
    return new ConflictError(
      `${key} ${version} is already published; versions are immutable: publish a new version`,
    );
  }
}

/**
 * Brotli and gzip copies beside each text file the build did not precompress itself
 * (tools/federation/precompress.mjs does it for this workspace's remotes), so every file is served
 * compressed without compressing per request.
 */
function withPrecompressedCopies(files: ReleaseFiles): void {
  for (const [path, content] of [...files]) {
    if (!COMPRESSIBLE.test(path) || content.length < COMPRESS_MIN_BYTES || path.endsWith('.map')) continue;
    if (!files.has(`${path}.br`))
      files.set(`${path}.br`, brotliCompressSync(content, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9 } }));
    if (!files.has(`${path}.gz`)) files.set(`${path}.gz`, gzipSync(content, { level: 9 }));
  }
}
