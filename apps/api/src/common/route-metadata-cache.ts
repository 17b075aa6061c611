import type { ExecutionContext, Type } from '@nestjs/common';

/**
 * What a guard reads from a route's decorators, read on the route's first request and kept: the
 * decorators do not change while the process runs. Kept by class, then handler, because a handler
 * inherited by two controllers may carry each class's own metadata.
 */
export class RouteMetadataCache<T> {
  private readonly byClass = new WeakMap<object, WeakMap<object, T>>();

  constructor(
    private readonly read: (
      targets: [handler: ReturnType<ExecutionContext['getHandler']>, controller: Type],
    ) => T,
  ) {}

  of(context: ExecutionContext): T {
    const handler = context.getHandler();
    const controller = context.getClass();
    let byHandler = this.byClass.get(controller);
    if (!byHandler) {
      byHandler = new WeakMap();
      this.byClass.set(controller, byHandler);
    }
    if (byHandler.has(handler)) return byHandler.get(handler) as T;
    const value = this.read([handler, controller]);
    byHandler.set(handler, value);
    return value;
  }
}
