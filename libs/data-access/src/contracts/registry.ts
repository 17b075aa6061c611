import type { RemoteKey } from './modules';

/** One deployable remote: where its manifest is and which build it is. */
export interface RemoteDescriptor {
  key: RemoteKey;
  /** The Module Federation container name (a JS identifier). */
  name: string;
  manifestUrl: string;
  version: string;
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

export const REMOTE_CONTAINER_NAMES: Record<RemoteKey, string> = {
  crm: 'crm_remote',
  industry: 'industry_remote',
};

/** The props every exposed module component takes (ARCHITECTURE: module federation contract). */
export interface RemoteModuleProps {
  moduleId: string;
  basePath: string;
}
