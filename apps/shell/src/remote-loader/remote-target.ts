import type { RemoteRegistry } from '@tessera/data-access/contracts';

export interface RemoteTarget {
  /** The container name, e.g. `crm_remote`. */
  name: string;
  /** Absolute URL of the remote's mf-manifest.json. */
  entry: string;
  /** What `loadRemote` asks for, e.g. `crm_remote/crm`. */
  request: string;
}

/**
 * Which remote serves a module, from the registry's answer. `remote` may name the registry key
 * (`crm`) or the container (`crm_remote`); relative manifest URLs resolve against the page.
 */
export function resolveRemoteTarget(
  registry: RemoteRegistry,
  moduleId: string,
  pageUrl: string,
): RemoteTarget | null {
  const route = registry.modules.find((entry) => entry.moduleId === moduleId);
  if (!route) return null;
  const remote = registry.remotes.find((entry) => entry.key === route.remote || entry.name === route.remote);
  if (!remote) return null;
  const expose = route.expose.replace(/^\.\//, '');
  return {
    name: remote.name,
    entry: new URL(remote.manifestUrl, pageUrl).href,
    request: `${remote.name}/${expose}`,
  };
}
