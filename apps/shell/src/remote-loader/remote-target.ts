import type { RemoteIntegrity, RemoteRegistry } from '@tessera/data-access/contracts';

export interface RemoteTarget {
  /** The registered key, e.g. `crm`. */
  key: string;
  /** The container name, e.g. `crm_remote`. */
  name: string;
  /** Absolute URL of the remote's mf-manifest.json. */
  entry: string;
  /** What `loadRemote` asks for, e.g. `crm_remote/crm`. */
  request: string;
  version: string;
  /** The hashes the registry published for this release; absent for a workspace build or a dev override. */
  integrity?: RemoteIntegrity;
}

/**
 * Which remote serves a module, from the registry's answer. `remote` may name the registry key
 * (`crm`) or the container (`crm_remote`); relative manifest URLs resolve against the page. A
 * developer's override for this browser (dev-override.ts) replaces the registry's manifest.
 */
export function resolveRemoteTarget(
  registry: RemoteRegistry,
  moduleId: string,
  pageUrl: string,
  overrides: Readonly<Record<string, string>> = {},
): RemoteTarget | null {
  const route = registry.modules.find((entry) => entry.moduleId === moduleId);
  if (!route) return null;
  const remote = registry.remotes.find((entry) => entry.key === route.remote || entry.name === route.remote);
  if (!remote) return null;
  const expose = route.expose.replace(/^\.\//, '');
  const override = overrides[remote.key];
  if (override) {
    return {
      key: remote.key,
      name: remote.name,
      entry: new URL(override, pageUrl).href,
      request: `${remote.name}/${expose}`,
      version: 'local override',
    };
  }
  return {
    key: remote.key,
    name: remote.name,
    entry: new URL(remote.manifestUrl, pageUrl).href,
    request: `${remote.name}/${expose}`,
    version: remote.version,
    ...(remote.integrity ? { integrity: remote.integrity } : {}),
  };
}
