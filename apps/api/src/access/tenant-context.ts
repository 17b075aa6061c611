import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Whose rows the database lets the current piece of work see (docs/adr: scope layer and row-level
 * security). Row-level security policies read these values from each connection's settings, so
 * whatever a service forgets, PostgreSQL still hides other tenants' rows.
 *
 * - `tenant`: a request about one institution's data, or (institutionId null) the caller's
 *   personal rows.
 * - `system`: work that legitimately spans tenants and is not done for a signed-in caller — jobs,
 *   the access decision itself, public token routes, the platform console. Entered by name only,
 *   so every such place is visible in the code.
 * - no context: nothing org-scoped is visible.
 */
export type TenantContext =
  | { kind: 'tenant'; institutionId: string | null; userId: string }
  | { kind: 'system'; reason: string };

const storage = new AsyncLocalStorage<TenantContext>();

export function currentTenantContext(): TenantContext | undefined {
  return storage.getStore();
}

/** Runs `work` (and everything it awaits) with the given tenant's rows visible. */
export function runInTenantContext<T>(
  context: { institutionId: string | null; userId: string },
  work: () => T,
): T {
  return storage.run({ kind: 'tenant', institutionId: context.institutionId, userId: context.userId }, work);
}

/**
 * Runs `work` with every tenant's rows visible. `reason` names the caller for readers (and shows
 * in grep): use it only where no single tenant applies.
 */
export function runAsSystem<T>(reason: string, work: () => T): T {
  return storage.run({ kind: 'system', reason }, work);
}

/**
 * The three connection settings a context stands for; the same string for equal contexts, so a
 * pooled connection is only re-configured when the next user of it needs other rows.
 */
export function connectionSettings(context: TenantContext | undefined): {
  key: string;
  institutionId: string;
  userId: string;
  system: string;
  /** Work on one person's own rows, outside any institution. */
  personal: boolean;
} {
  if (!context) return { key: 'none', institutionId: '', userId: '', system: '', personal: false };
  if (context.kind === 'system')
    return { key: 'system', institutionId: '', userId: '', system: 'on', personal: false };
  const institutionId = context.institutionId ?? '';
  return {
    key: `t:${institutionId}:${context.userId}`,
    institutionId,
    userId: context.userId,
    system: '',
    personal: !context.institutionId,
  };
}
