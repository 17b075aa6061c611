import { Pool, type PoolClient } from 'pg';
import type { DataSource } from 'typeorm';
import { pgPoolOf, poolSettings, type SessionSettings } from '../database/data-source';
import { ALL_TENANTS_ROLE } from '../database/database-roles';
import { connectionSettings, currentTenantContext } from './tenant-context';

/** The database role the API works as: no BYPASSRLS, so row-level security applies to it. */
export const APP_ROLE = 'tessera_app';
/** The same, for work on one person's own rows (no institution): a member of the app role. */
export const PERSONAL_ROLE = 'tessera_app_personal';

const appliedKey = Symbol('tessera.tenantSettings');
type TrackedClient = PoolClient & { [appliedKey]?: string };
type Release = (error?: Error | boolean) => void;
type Connect = (callback: (error: Error | undefined, client: PoolClient, release: Release) => void) => void;

function connectOf(pool: Pool): Connect {
  return pool.connect.bind(pool) as Connect;
}

/**
 * Makes every connection handed out by `pool` carry the tenant context of the code asking for it.
 * pg-pool's `query()` goes through `connect()` too, so TypeORM, pg-boss and the metrics all pass
 * here. Tenant work gets a connection of `pool` (the runtime login) switched to the app role or the
 * personal role with the tenant's settings; a connection keeps them between uses and is only
 * re-configured when the next user's context differs, so a busy tenant pays nothing per query.
 *
 * Work in a system context gets a connection of `allTenantsPool`, which logs in as the all-tenants
 * role: nothing a tenant's connection can say turns it into that role. Without such a pool (the
 * embedded PGlite: one session behind every connection, see docs/adr/0016-identity.md) the
 * connection switches to the all-tenants role instead.
 */
export function bindPoolToTenantContext(pool: Pool, allTenantsPool?: Pool): void {
  const connectTenant = connectOf(pool);
  const connectAllTenants = allTenantsPool ? connectOf(allTenantsPool) : null;

  type Connected = (error: Error | undefined, client?: PoolClient, release?: Release) => void;

  /**
   * Callbacks, not promises: this runs for every statement, and a connection already carrying the
   * caller's settings (the usual case) is handed over in the pool's own callback, with no promise,
   * microtask or async-hook work on top of pg-pool's (docs/adr/0024-per-request-costs-3.md).
   */
  function connectInContext(done: Connected): void {
    // Read now: the pool may call back later, from another request's async context.
    const context = currentTenantContext();
    const settings = connectionSettings(context);
    const system = context?.kind === 'system';
    const connect = system && connectAllTenants ? connectAllTenants : connectTenant;
    connect((error, client, release) => {
      if (error) return done(error);
      const tracked = client as TrackedClient;
      if (tracked[appliedKey] === settings.key || (system && connectAllTenants)) {
        return done(undefined, client, release);
      }
      const role = system ? ALL_TENANTS_ROLE : settings.personal ? PERSONAL_ROLE : APP_ROLE;
      client.query(
        `SELECT set_config('role', $1, false), set_config('tessera.institution_id', $2, false),
                set_config('tessera.user_id', $3, false)`,
        [role, settings.institutionId, settings.userId],
        (failure: Error | undefined) => {
          if (failure) {
            // A connection in an unknown state must not serve anyone else.
            release(failure);
            return done(failure);
          }
          tracked[appliedKey] = settings.key;
          done(undefined, client, release);
        },
      );
    });
  }

  (pool as { connect: unknown }).connect = (callback?: (...args: unknown[]) => void) => {
    if (callback) {
      connectInContext((error, client, release) =>
        error ? callback(error) : callback(undefined, client, release),
      );
      return undefined;
    }
    return new Promise<PoolClient>((resolve, reject) =>
      connectInContext((error, client) => (error ? reject(error) : resolve(client as PoolClient))),
    );
  };
}

/**
 * The API's data source, bound before anything queries it: tenant work on the runtime login, system
 * work on a pool of the all-tenants login (closed with the tenant pool, after jobs have drained).
 */
export function bindDataSourceToTenantContext(
  dataSource: DataSource,
  allTenants: { url: string; poolSize: number; session: SessionSettings } | null,
): void {
  const master = pgPoolOf(dataSource);
  if (!allTenants) {
    bindPoolToTenantContext(master);
    return;
  }
  const allTenantsPool = new Pool({
    connectionString: allTenants.url,
    ...poolSettings(allTenants.poolSize, allTenants.session),
  });
  bindPoolToTenantContext(master, allTenantsPool);
  const end = master.end.bind(master) as () => Promise<void>;
  // TypeORM ends its pool with a callback; pg-pool also answers a promise.
  (master as { end: unknown }).end = (callback?: (error?: Error) => void) => {
    const ended = allTenantsPool.end().then(() => end());
    if (!callback) return ended;
    ended.then(
      () => callback(),
      (error: Error) => callback(error),
    );
    return undefined;
  };
}
