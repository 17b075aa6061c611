import type { RemoteTarget } from './remote-target';

const STORAGE_KEY = 'tessera.remotes.last-good';

type LastGood = Record<string, Record<string, RemoteTarget>>;

function read(storage: Pick<Storage, 'getItem'>): LastGood {
  try {
    const value = JSON.parse(storage.getItem(STORAGE_KEY) ?? '{}') as unknown;
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as LastGood) : {};
  } catch {
    return {};
  }
}

/** Remembers a registry release that loaded (never a local override: it is nobody's last good version). */
export function rememberLastGood(
  institutionId: string,
  target: RemoteTarget,
  storage: Pick<Storage, 'getItem' | 'setItem'> = localStorage,
): void {
  if (!target.integrity) return;
  const all = read(storage);
  all[institutionId] = { ...all[institutionId], [target.name]: target };
  storage.setItem(STORAGE_KEY, JSON.stringify(all));
}

/** The release of the same remote that last loaded here, when it is another one than `failed`. */
export function lastGoodTarget(
  institutionId: string,
  failed: RemoteTarget,
  storage: Pick<Storage, 'getItem'> = localStorage,
): RemoteTarget | null {
  const kept = read(storage)[institutionId]?.[failed.name];
  if (!kept || kept.entry === failed.entry || !kept.integrity) return null;
  // The same remote and module: only the release differs.
  return { ...kept, request: failed.request };
}

export function forgetLastGood(
  institutionId: string,
  name: string,
  storage: Pick<Storage, 'getItem' | 'setItem'> = localStorage,
): void {
  const all = read(storage);
  if (!all[institutionId]?.[name]) return;
  delete all[institutionId][name];
  storage.setItem(STORAGE_KEY, JSON.stringify(all));
}
