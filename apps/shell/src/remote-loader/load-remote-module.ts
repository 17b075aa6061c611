import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemoteModuleProps } from '@tessera/data-access/contracts';
import type { ComponentType } from 'react';
import { forgetLastGood, lastGoodTarget, rememberLastGood } from './last-good';
import { ExpectedIntegrity, IntegrityError, matchesIntegrity } from './remote-integrity';
import type { RemoteTarget } from './remote-target';

interface ExposedModule {
  default?: ComponentType<RemoteModuleProps>;
}

// What each container was last registered with, so a new manifest URL (a new version from
// the registry) replaces the old container instead of being ignored.
const registeredEntries = new Map<string, string>();
const expected = new ExpectedIntegrity();
let integrityPluginRegistered = false;

async function checkedFetch(url: string, init: RequestInit, integrity: string): Promise<Response> {
  const response = await fetch(url, init);
  if (!response.ok) return response;
  const bytes = await response.arrayBuffer();
  if (!(await matchesIntegrity(bytes, integrity))) throw new IntegrityError(url);
  return new Response(bytes, { status: response.status, headers: response.headers });
}

/**
 * The shell's check of what it fetched (docs/module-teams.md#integrity): the manifest's bytes are
 * hashed before the runtime reads them, and the entry script carries its Subresource Integrity,
 * so the browser refuses to run an entry that is not the one the registry published.
 */
function registerIntegrityPlugin(): void {
  if (integrityPluginRegistered) return;
  integrityPluginRegistered = true;
  registerPlugins([
    {
      name: 'tessera-integrity',
      fetch(url: string, init: RequestInit) {
        const integrity = expected.manifest(url);
        return integrity ? checkedFetch(url, init, integrity) : undefined;
      },
      createScript({ url }: { url: string }) {
        const integrity = expected.entry(url);
        if (!integrity) return undefined;
        const script = document.createElement('script');
        script.src = url;
        script.integrity = integrity;
        script.crossOrigin = 'anonymous';
        return script;
      },
    },
  ]);
}

async function loadTarget(target: RemoteTarget, force: boolean): Promise<ComponentType<RemoteModuleProps>> {
  registerIntegrityPlugin();
  const known = registeredEntries.get(target.name);
  if (force || known !== target.entry) {
    expected.expect(target.entry, target.integrity);
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

/**
 * Loads a module's exposed component through the Module Federation runtime created by the
 * shell's build plugin. `force` re-registers the remote, dropping a cached failure (Retry). When
 * the registry's release cannot load (unreachable, or not what was published), the version that
 * last loaded for this institution in this browser is loaded instead, if there is one.
 */
export async function loadRemoteModule(
  target: RemoteTarget,
  { force = false, institutionId = null }: { force?: boolean; institutionId?: string | null } = {},
): Promise<ComponentType<RemoteModuleProps>> {
  try {
    const component = await loadTarget(target, force);
    if (institutionId) rememberLastGood(institutionId, target);
    return component;
  } catch (error) {
    const fallback = institutionId ? lastGoodTarget(institutionId, target) : null;
    if (!fallback) throw error;
    try {
      return await loadTarget(fallback, true);
    } catch {
      if (institutionId) forgetLastGood(institutionId, target.name);
      throw error;
    }
  }
}
