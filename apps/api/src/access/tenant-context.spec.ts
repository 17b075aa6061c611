import {
  currentTenantContext,
  runAsSystem,
  runInTenantContext,
  newRequestHolder,
  type RequestHolder,
  settleRequestAsSystem,
  settleRequestContext,
  tenantHolderSlot,
} from './tenant-context';
import { runInScope, scopeWith } from '../common/async-scope';

/** A request as common/request-scope.ts enters one: its own holder, entered again where an await lost it. */
function runRequest<T>(work: () => T, holder: RequestHolder = newRequestHolder()): T {
  return runInScope(scopeWith(tenantHolderSlot.value(holder)), work);
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('a request’s tenant context', () => {
  it('is empty until settled, then seen by everything the request awaits afterwards', async () => {
    const seen = await runRequest(async () => {
      const before = currentTenantContext();
      await tick();
      // As the tenant scope guard does, from its own async function.
      await (async () => {
        await tick();
        settleRequestContext({ institutionId: 'inst-1', userId: 'user-1' });
      })();
      await tick();
      const later = await new Promise((resolve) => setTimeout(() => resolve(currentTenantContext()), 1));
      return { before, after: currentTenantContext(), later };
    });
    expect(seen.before).toBeUndefined();
    expect(seen.after).toEqual({ kind: 'tenant', institutionId: 'inst-1', userId: 'user-1' });
    expect(seen.later).toEqual(seen.after);
  });

  it('runs a request in its own holder, entered again only where the async context lost it', async () => {
    const holder = newRequestHolder();
    await runRequest(async () => {
      // As the preHandler does when nothing lost the context since the request arrived.
      await runRequest(async () => {
        await tick();
        settleRequestContext({ institutionId: 'inst-1', userId: 'user-1' });
      }, holder);
      expect(currentTenantContext()).toEqual({ kind: 'tenant', institutionId: 'inst-1', userId: 'user-1' });
    }, holder);
    // From outside (a body read in the socket's context): the same holder, not a new one.
    expect(currentTenantContext()).toBeUndefined();
    const seen = await runRequest(async () => currentTenantContext(), holder);
    expect(seen).toEqual({ kind: 'tenant', institutionId: 'inst-1', userId: 'user-1' });
  });

  it('keeps two requests apart', async () => {
    const one = runRequest(async () => {
      await tick();
      settleRequestContext({ institutionId: 'a', userId: 'u' });
      await tick();
      return currentTenantContext();
    });
    const two = runRequest(async () => {
      settleRequestAsSystem('test');
      await tick();
      await tick();
      return currentTenantContext();
    });
    expect(await one).toEqual({ kind: 'tenant', institutionId: 'a', userId: 'u' });
    expect(await two).toEqual({ kind: 'system', reason: 'test' });
    expect(currentTenantContext()).toBeUndefined();
  });

  it('is settled once, only inside a request, and never from inside a nested context', async () => {
    expect(() => settleRequestContext({ institutionId: null, userId: 'u' })).toThrow(
      'No unsettled request context to settle',
    );
    await runRequest(async () => {
      settleRequestContext({ institutionId: null, userId: 'u' });
      expect(() => settleRequestAsSystem('again')).toThrow('No unsettled request context to settle');
    });
    await runRequest(async () => {
      await runAsSystem('nested', async () => {
        expect(() => settleRequestContext({ institutionId: 'x', userId: 'u' })).toThrow();
      });
      await runInTenantContext({ institutionId: 'x', userId: 'u' }, async () => {
        expect(() => settleRequestAsSystem('nested')).toThrow();
      });
      // The request's own context is still unsettled, and settles.
      expect(currentTenantContext()).toBeUndefined();
      settleRequestContext({ institutionId: 'y', userId: 'u' });
      expect(currentTenantContext()).toEqual({ kind: 'tenant', institutionId: 'y', userId: 'u' });
    });
  });
});
