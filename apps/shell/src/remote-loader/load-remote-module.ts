import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemoteModuleProps } from '@tessera/data-access/contracts';
import type { ComponentType } from 'react';
import type { RemoteTarget } from './remote-target';

interface ExposedModule {
  default?: ComponentType<RemoteModuleProps>;
}

// What each container was last registered with, so a new manifest URL (a new version from
// the registry) replaces the old container instead of being ignored.
const registeredEntries = new Map<string, string>();

/**
 * Loads a module's exposed component through the Module Federation runtime created by the
 * shell's build plugin. `force` re-registers the remote, dropping a cached failure (Retry).
 */
export async function loadRemoteModule(
  target: RemoteTarget,
  { force = false }: { force?: boolean } = {},
): Promise<ComponentType<RemoteModuleProps>> {
  const known = registeredEntries.get(target.name);
  if (force || known !== target.entry) {
    registerRemotes([{ name: target.name, entry: target.entry }], { force: force || known !== undefined });
    registeredEntries.set(target.name, target.entry);
  }
  const exposed = await loadRemote<ExposedModule>(target.request);
  const component = exposed?.default;
  if (typeof component !== 'function' && typeof component !== 'object') {
    throw new Error(`${target.request} did not export a component`);
  }
  return component;
}
