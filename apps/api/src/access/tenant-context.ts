import { AsyncScopeSlot } from '../common/async-scope';

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

/**
 * The context's holder. A request's holder is entered empty before its guards run and settled by
 * the tenant scope guard once it knows the caller (settleRequestContext), so the handler and all
 * it awaits run in it without wrapping each call.
 */
interface ContextHolder {
  context: TenantContext | undefined;
}

/** Its slot in the shared async scope (common/async-scope.ts); a request enters it in common/request-scope.ts. */
export const tenantHolderSlot = new AsyncScopeSlot<ContextHolder>();

export function currentTenantContext(): TenantContext | undefined {
  return tenantHolderSlot.get()?.context;
}

/** Runs `work` (and everything it awaits) with the given tenant's rows visible. */
export function runInTenantContext<T>(
  context: { institutionId: string | null; userId: string },
  work: () => T,
): T {
  return tenantHolderSlot.run(
    { context: { kind: 'tenant', institutionId: context.institutionId, userId: context.userId } },
    work,
  );
}

/**
 * Runs `work` with every tenant's rows visible. `reason` names the caller for readers (and shows
 * in grep): use it only where no single tenant applies.
 */
export function runAsSystem<T>(reason: string, work: () => T): T {
  return tenantHolderSlot.run({ context: { kind: 'system', reason } }, work);
}

/** A request's own holder: made when the request arrives, empty until the tenant scope guard settles it. */
export type RequestHolder = ContextHolder;

export function newRequestHolder(): RequestHolder {
  return { context: undefined };
}

function requestHolder(): ContextHolder {
  const holder = tenantHolderSlot.get();
  // Outside a request (or inside a nested run) settling would change someone else's context.
  if (!holder || holder.context !== undefined) throw new Error('No unsettled request context to settle');
  return holder;
}

/** The request's rows: one institution's, or (institutionId null) the caller's own. */
export function settleRequestContext(context: { institutionId: string | null; userId: string }): void {
  requestHolder().context = { kind: 'tenant', institutionId: context.institutionId, userId: context.userId };
}

/** The request acts as the system (a route marked @ActsAsSystem): `reason` as for runAsSystem. */
export function settleRequestAsSystem(reason: string): void {
  requestHolder().context = { kind: 'system', reason };
}

/**
 * The connection settings a context stands for; the same key for equal contexts, so a pooled
 * connection is only re-configured when the next user of it needs other rows. A system context
 * names no tenant: it is a different login (tenant-connection.ts), not a setting.
 */
export function connectionSettings(context: TenantContext | undefined): {
  key: string;
  institutionId: string;
  userId: string;
  /** Work on one person's own rows, outside any institution. */
  personal: boolean;
} {
  if (!context) return { key: 'none', institutionId: '', userId: '', personal: false };
  if (context.kind === 'system') return { key: 'system', institutionId: '', userId: '', personal: false };
  const institutionId = context.institutionId ?? '';
  return {
    key: `t:${institutionId}:${context.userId}`,
    institutionId,
    userId: context.userId,
    personal: !context.institutionId,
  };
}
