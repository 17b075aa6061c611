import { createHash } from 'node:crypto';
import { HOST_SHARED_SINGLETONS, requestedMajor } from '@tessera/data-access/contracts';

/** The files of one release, by path inside its `dist` (`mf-manifest.json`, `remoteEntry.js`, `static/x.js` …). */
export type ReleaseFiles = Map<string, Buffer>;

/** What the registry keeps of a manifest: what it checks and what it answers. */
export interface CheckedManifest {
  container: string;
  entryFile: string;
  exposes: string[];
}

/** A path inside a release: relative, no `..`, no backslashes or control characters. */
const RELEASE_PATH = /^(?!.*(?:^|\/)\.\.?(?:\/|$))[A-Za-z0-9._@+~-]+(?:\/[A-Za-z0-9._@+~-]+)*$/;

export function isReleasePath(path: string): boolean {
  return path.length <= 300 && RELEASE_PATH.test(path);
}

export function sha256Hex(content: Buffer): string {
  return createHash('sha256').update(content).digest('hex');
}

/** The Subresource Integrity string of content whose SHA-256 (hex) is known. */
export function subresourceIntegrity(hexHash: string): string {
  return `sha256-${Buffer.from(hexHash, 'hex').toString('base64')}`;
}

interface ManifestShape {
  id?: unknown;
  name?: unknown;
  metaData?: { name?: unknown; remoteEntry?: { name?: unknown; path?: unknown } };
  exposes?: unknown;
  shared?: unknown;
}

/**
 * Reads `mf-manifest.json` as Module Federation writes it. Answers the refusal's reason, naming the
 * problem, or what was read.
 */
export function readManifest(files: ReleaseFiles): CheckedManifest | string {
  const raw = files.get('mf-manifest.json');
  if (!raw) return 'The release has no mf-manifest.json at its root: build the remote with manifest: true';
  let manifest: ManifestShape;
  try {
    manifest = JSON.parse(raw.toString('utf8')) as ManifestShape;
  } catch {
    return 'mf-manifest.json is not valid JSON';
  }
  if (typeof manifest !== 'object' || manifest === null) return 'mf-manifest.json is not a JSON object';
  const container = manifest.metaData?.name ?? manifest.name ?? manifest.id;
  if (typeof container !== 'string' || container.length === 0)
    return 'mf-manifest.json names no container (metaData.name)';
  const entry = manifest.metaData?.remoteEntry;
  if (typeof entry?.name !== 'string' || entry.name.length === 0)
    return 'mf-manifest.json names no remote entry (metaData.remoteEntry.name)';
  const entryPath = typeof entry.path === 'string' && entry.path ? `${entry.path.replace(/\/+$/, '')}/` : '';
  const entryFile = `${entryPath}${entry.name}`;
  if (!files.has(entryFile))
    return `mf-manifest.json names the entry ${entryFile}, which is not in the release`;
  if (!Array.isArray(manifest.exposes)) return 'mf-manifest.json has no exposes list';
  const exposes: string[] = [];
  for (const expose of manifest.exposes as Array<{ path?: unknown; name?: unknown }>) {
    const path =
      typeof expose?.path === 'string'
        ? expose.path
        : typeof expose?.name === 'string'
          ? `./${expose.name}`
          : null;
    if (!path) return 'mf-manifest.json has an expose without a path';
    exposes.push(path);
  }
  if (manifest.shared !== undefined && !Array.isArray(manifest.shared))
    return 'mf-manifest.json has a shared entry that is not a list';
  return { container, entryFile, exposes };
}

/** The registered modules a release does not expose (`./<module id>` each). */
export function missingExposes(manifest: CheckedManifest, moduleIds: readonly string[]): string[] {
  return moduleIds.filter((id) => !manifest.exposes.includes(`./${id}`));
}

/**
 * Shared singletons the release asks for in a major version the host does not provide:
 * `react asks for ^18.2.0, the host provides 19.3.1`.
 */
export function sharedMismatches(
  files: ReleaseFiles,
  hostVersions: Readonly<Record<string, string>>,
): string[] {
  const manifest = JSON.parse((files.get('mf-manifest.json') as Buffer).toString('utf8')) as ManifestShape;
  const problems: string[] = [];
  for (const shared of (manifest.shared ?? []) as Array<{
    name?: unknown;
    requiredVersion?: unknown;
    version?: unknown;
  }>) {
    const name = typeof shared?.name === 'string' ? shared.name : null;
    if (!name || !HOST_SHARED_SINGLETONS.includes(name)) continue;
    const host = hostVersions[name];
    const asked =
      typeof shared.requiredVersion === 'string' && shared.requiredVersion
        ? shared.requiredVersion
        : typeof shared.version === 'string'
          ? shared.version
          : null;
    if (!host || !asked || asked === '*') continue;
    const askedMajor = requestedMajor(asked);
    if (askedMajor !== null && askedMajor !== requestedMajor(host))
      problems.push(`${name} asks for ${asked}, the host provides ${host}`);
  }
  return problems;
}

/** The next patch version after the highest `x.y.z` published (1.0.0 first). */
export function nextPatchVersion(published: readonly string[]): string {
  const highest = published
    .filter((version) => /^\d+\.\d+\.\d+$/.test(version))
    .map((version) => version.split('.').map(Number) as [number, number, number])
    .sort((a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2])
    .at(-1);
  return highest ? `${highest[0]}.${highest[1]}.${highest[2] + 1}` : '1.0.0';
}
