import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * What a piece of work carries through everything it awaits, one slot per concern (its request id
 * for the logs, its tenant holder for row-level security, an API key's write for the audit), in a
 * single AsyncLocalStorage. Node 20 visits every enabled AsyncLocalStorage on each promise and async
 * resource the process creates, so one storage with slots costs one visit where a storage per
 * concern cost one each (docs/adr/0026-per-request-costs-5.md). Each slot behaves as its own
 * AsyncLocalStorage would: entering one leaves the others as they are.
 */
type Store = readonly unknown[];

const storage = new AsyncLocalStorage<Store>();
let slotCount = 0;

/** A scope to enter, made once and entered again where an async boundary lost it (see runInScope). */
export type AsyncScope = Store;

/** One slot's value, to make a scope of several at once (scopeWith). */
export interface SlotValue {
  readonly index: number;
  readonly value: unknown;
}

export class AsyncScopeSlot<T> {
  private readonly index = slotCount++;

  /** The value entered for this slot around the current piece of work, if any. */
  get(): T | undefined {
    return storage.getStore()?.[this.index] as T | undefined;
  }

  /** Runs `work` (and all it awaits) with `value` in this slot and the other slots unchanged. */
  run<R>(value: T, work: () => R): R {
    return storage.run(scopeWith(this.value(value)), work);
  }

  value(value: T): SlotValue {
    return { index: this.index, value };
  }
}

/** The current scope with the given slots set: a value for runInScope. */
export function scopeWith(...values: SlotValue[]): AsyncScope {
  const current = storage.getStore();
  const next = current ? current.slice() : new Array<unknown>(slotCount).fill(undefined);
  for (const { index, value } of values) next[index] = value;
  return next;
}

/** Runs `work` in `scope`, entering it only when it is not already the current one. */
export function runInScope<R>(scope: AsyncScope, work: () => R): R {
  if (storage.getStore() === scope) return work();
  return storage.run(scope, work);
}
