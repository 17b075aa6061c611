import type { Pool, PoolClient } from 'pg';
import { connectionSettings, currentTenantContext } from './tenant-context';

/** The database role the API works as: no BYPASSRLS, so row-level security applies to it. */
export const APP_ROLE = 'tessera_app';
/** The same, for work on one person's own rows (no institution): a member of the app role. */
export const PERSONAL_ROLE = 'tessera_app_personal';

const appliedKey = Symbol('tessera.tenantSettings');
type TrackedClient = PoolClient & { [appliedKey]?: string };

/**
 * Makes every connection handed out by `pool` carry the tenant context of the code asking for it
 * (and the app role). pg-pool's `query()` goes through `connect()` too, so TypeORM, pg-boss and
 * the metrics all pass here. A connection keeps its settings between uses: the settings are sent
 * only when the next user's context differs, so a busy tenant pays nothing per query.
 */
export function bindPoolToTenantContext(pool: Pool): void {
  const connect = pool.connect.bind(pool) as (
    callback: (
      error: Error | undefined,
      client: PoolClient,
      release: (error?: Error | boolean) => void,
    ) => void,
  ) => void;

  function connectInContext(): Promise<[PoolClient, (error?: Error | boolean) => void]> {
    // Read now: the pool may call back later, from another request's async context.
    const settings = connectionSettings(currentTenantContext());
    return new Promise((resolve, reject) => {
      connect((error, client, release) => {
        if (error) return reject(error);
        const tracked = client as TrackedClient;
        if (tracked[appliedKey] === settings.key) return resolve([client, release]);
        client
          .query(
            `SELECT set_config('role', $1, false), set_config('tessera.institution_id', $2, false),
                    set_config('tessera.user_id', $3, false), set_config('tessera.system', $4, false)`,
            [
              settings.personal ? PERSONAL_ROLE : APP_ROLE,
              settings.institutionId,
              settings.userId,
              settings.system,
            ],
          )
          .then(
            () => {
              tracked[appliedKey] = settings.key;
              resolve([client, release]);
            },
            (failure: Error) => {
              // A connection in an unknown state must not serve anyone else.
              release(failure);
              reject(failure);
            },
          );
      });
    });
  }

  (pool as { connect: unknown }).connect = (callback?: (...args: unknown[]) => void) => {
    const connected = connectInContext();
    if (!callback) return connected.then(([client]) => client);
    connected.then(
      ([client, release]) => callback(undefined, client, release),
      (error: Error) => callback(error),
    );
    return undefined;
  };
}
