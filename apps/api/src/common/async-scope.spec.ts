import { AsyncScopeSlot, runInScope, scopeWith } from './async-scope';

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('the shared async scope', () => {
  const requestId = new AsyncScopeSlot<string>();
  const tenant = new AsyncScopeSlot<{ institutionId: string }>();

  it('gives each slot what was entered for it, through awaits, and nothing outside', async () => {
    const seen = await requestId.run('req-1', async () => {
      await tick();
      return tenant.run({ institutionId: 'inst-1' }, async () => {
        await new Promise((resolve) => setTimeout(resolve, 1));
        return { requestId: requestId.get(), tenant: tenant.get() };
      });
    });
    expect(seen).toEqual({ requestId: 'req-1', tenant: { institutionId: 'inst-1' } });
    expect(requestId.get()).toBeUndefined();
    expect(tenant.get()).toBeUndefined();
  });

  it('changes one slot in a nested run and leaves the others, and the outer value, as they were', async () => {
    await requestId.run('req-1', () =>
      tenant.run({ institutionId: 'outer' }, async () => {
        const inner = await tenant.run({ institutionId: 'inner' }, async () => {
          await tick();
          return { requestId: requestId.get(), tenant: tenant.get()?.institutionId };
        });
        expect(inner).toEqual({ requestId: 'req-1', tenant: 'inner' });
        expect(tenant.get()?.institutionId).toBe('outer');
        const renamed = await requestId.run('req-2', async () => tenant.get()?.institutionId);
        expect(renamed).toBe('outer');
        expect(requestId.get()).toBe('req-1');
      }),
    );
  });

  it('enters several slots at once, and the same scope again where an async boundary lost it', async () => {
    const scope = scopeWith(requestId.value('req-9'), tenant.value({ institutionId: 'inst-9' }));
    // As a request body read in the socket's own context: the scope is gone there, entered again.
    const lost = await new Promise((resolve) => setImmediate(() => resolve(requestId.get())));
    expect(lost).toBeUndefined();
    const seen = await runInScope(scope, async () => {
      const again = runInScope(scope, () => requestId.get());
      await tick();
      return { again, tenant: tenant.get()?.institutionId };
    });
    expect(seen).toEqual({ again: 'req-9', tenant: 'inst-9' });
  });

  it('keeps two concurrent pieces of work apart', async () => {
    const one = requestId.run('one', async () => {
      await tick();
      await tick();
      return requestId.get();
    });
    const two = requestId.run('two', async () => {
      await tick();
      return requestId.get();
    });
    expect(await Promise.all([one, two])).toEqual(['one', 'two']);
  });
});
