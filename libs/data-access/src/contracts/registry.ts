import type { CredentialLifecycle } from './credentials';
import type { ModuleCatalogueEntry, ModuleCategory, RemoteKey } from './modules';

/** The checks a shell makes on what it fetched before it runs (Subresource Integrity strings, `sha256-<base64>`). */
export interface RemoteIntegrity {
  /** The manifest's hash. */
  manifest: string;
  /** The entry file the manifest names (`remoteEntry.js`): its hash. */
  entry: string;
  /** The entry file's name inside the release. */
  entryFile: string;
}

/** One deployable remote: where its manifest is and which build it is. */
export interface RemoteDescriptor {
  key: RemoteKey;
  /** The Module Federation container name (a JS identifier). */
  name: string;
  manifestUrl: string;
  version: string;
  /** Present for a release stored in the registry; absent for the workspace build or a configured URL. */
  integrity?: RemoteIntegrity;
}

/** Which remote and expose serve a module. */
export interface RemoteModuleRoute {
  moduleId: string;
  remote: string;
  expose: string;
}

/** `GET /api/remotes`: only the modules the selected institution has and the caller may see. */
export interface RemoteRegistry {
  remotes: RemoteDescriptor[];
  modules: RemoteModuleRoute[];
}

/** `GET /api/modules`: every module of every registered remote, in catalogue order. */
export interface ModuleCatalogueAnswer {
  modules: ModuleCatalogueEntry[];
}

/** The remotes the platform ships with: the registry seeds them (with the built-in catalogue) on every start. */
export const BUILT_IN_REMOTES: readonly { key: RemoteKey; name: string; container: string; dir: string }[] = [
  { key: 'crm', name: 'CRM and Sales', container: 'crm_remote', dir: 'crm-remote' },
  { key: 'industry', name: 'Industry solutions', container: 'industry_remote', dir: 'industry-remotes' },
];

/** The Module Federation container name of a registered remote: its key as a JS identifier (`billing-x` → `billing_x_remote`). */
export function remoteContainerName(key: RemoteKey): string {
  return (
    BUILT_IN_REMOTES.find((remote) => remote.key === key)?.container ?? `${key.replace(/-/g, '_')}_remote`
  );
}

/** Lower-case letters, digits and dashes, starting with a letter: a remote key and a module id are URL segments. */
export const REGISTRY_KEY_PATTERN = /^[a-z][a-z0-9-]{1,39}$/;

/** First path segments the shell and the server already use: a module or a remote may not take them. */
export const RESERVED_ROUTE_KEYS: readonly string[] = [
  'api',
  'functions',
  'remotes',
  'modules',
  'dashboard',
  'platform',
  'administration',
  'settings',
  'profile',
  'subscription',
  'search',
  'signin',
  'sign-in',
  'signup',
  'sign-up',
  'invitations',
  'password-reset',
  'reset-password',
  'outbox',
  'metrics',
  'health',
  'docs',
  'v',
];

export interface RegisterSubmoduleInput {
  id: string;
  name: string;
}

export interface RegisterModuleInput {
  id: string;
  name: string;
  category: ModuleCategory;
  description?: string;
  premium?: boolean;
  submodules: RegisterSubmoduleInput[];
}

/** `POST /api/platform/remotes`. */
export interface RegisterRemoteInput {
  key: string;
  name: string;
  modules: RegisterModuleInput[];
}

export interface RegisteredRemote {
  key: RemoteKey;
  name: string;
  /** The container name its build must use (`name` in its ModuleFederationPlugin). */
  container: string;
  built_in: boolean;
  modules: ModuleCatalogueEntry[];
  latest: string | null;
  created_at: string;
}

export interface DeployTokenSummary extends CredentialLifecycle {
  id: string;
  remote: RemoteKey;
  name: string;
}

/** The answer of creating a token: the only time the token itself is shown. */
export interface CreatedDeployToken extends DeployTokenSummary {
  token: string;
}

/** What `POST /api/remotes/:key/releases` answers. */
/** `DELETE /api/platform/remotes/:key/releases/:version`: what the removal freed. */
export interface RemovedRelease {
  remote: RemoteKey;
  version: string;
  /** Blobs no other release had; a file another release shares stays. */
  blobs_removed: number;
  bytes_freed: number;
}

export interface PublishedRelease {
  remote: RemoteKey;
  version: string;
  published_at: string;
  published_by: string;
  manifest_url: string;
  files: number;
  /** Bytes of every file of the release (precompressed variants included). */
  bytes: number;
  /** Bytes that were new to the store (the rest were already there from earlier releases). */
  new_bytes: number;
  integrity: RemoteIntegrity;
}

/** Shared singletons a release may not ask a different major version of than the host provides. */
export const HOST_SHARED_SINGLETONS: readonly string[] = [
  'react',
  'react/jsx-runtime',
  'react-dom',
  'react-dom/client',
  'react-router',
  'react-router-dom',
  'styled-components',
  '@tanstack/react-query',
  '@tessera/ui',
  '@tessera/auth',
  '@tessera/data-access/client',
  '@tessera/data-access/hooks',
  '@tessera/data-access/contracts',
];

/** The major version a semver range or version asks for (`^19.3.1` → 19, `0.0.0` → 0); null when it names none. */
export function requestedMajor(range: string): number | null {
  const match = /(\d+)(?:\.\d+)?(?:\.\d+)?/.exec(range);
  return match ? Number(match[1]) : null;
}

/** The props every exposed module component takes (ARCHITECTURE: module federation contract). */
export interface RemoteModuleProps {
  moduleId: string;
  basePath: string;
}
