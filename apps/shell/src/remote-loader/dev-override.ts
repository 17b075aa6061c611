/**
 * Developing one remote against the running platform (docs/module-teams.md#develop-against-the-running-platform):
 * `?remote-override=<key>@<manifest URL>` points that remote at a local build for this browser only
 * (kept in its localStorage); `?remote-override=<key>@` ends it. Everyone else keeps the registry's
 * answer. Allowed outside production builds, and for super admins in production.
 */
const STORAGE_KEY = 'tessera.remote-overrides';
export const OVERRIDE_PARAMETER = 'remote-override';

export type RemoteOverrides = Record<string, string>;

function parse(raw: string | null): RemoteOverrides {
  if (!raw) return {};
  try {
    const value = JSON.parse(raw) as unknown;
    if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
    return Object.fromEntries(
      Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    );
  } catch {
    return {};
  }
}

/** The overrides after applying a page URL's `remote-override` parameters to the stored ones. */
export function applyOverrideParameters(stored: RemoteOverrides, search: string): RemoteOverrides {
  const next = { ...stored };
  for (const value of new URLSearchParams(search).getAll(OVERRIDE_PARAMETER)) {
    const at = value.indexOf('@');
    if (at <= 0) continue;
    const key = value.slice(0, at);
    const url = value.slice(at + 1);
    if (!/^[a-z][a-z0-9-]{1,39}$/.test(key)) continue;
    if (url === '') delete next[key];
    else if (/^https?:\/\//.test(url)) next[key] = url;
  }
  return next;
}

export function storedOverrides(storage: Pick<Storage, 'getItem'> = localStorage): RemoteOverrides {
  return parse(storage.getItem(STORAGE_KEY));
}

export function saveOverrides(
  overrides: RemoteOverrides,
  storage: Pick<Storage, 'setItem' | 'removeItem'> = localStorage,
): void {
  if (Object.keys(overrides).length === 0) storage.removeItem(STORAGE_KEY);
  else storage.setItem(STORAGE_KEY, JSON.stringify(overrides));
}

/** Whether this shell may honour overrides: a development build, or a super admin. */
export function overridesAllowed(
  isSuperAdmin: boolean,
  production = process.env.NODE_ENV === 'production',
): boolean {
  return !production || isSuperAdmin;
}
