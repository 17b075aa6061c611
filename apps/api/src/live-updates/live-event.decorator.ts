import { applyDecorators, SetMetadata, UseInterceptors } from '@nestjs/common';
import type { LiveAction, LiveResource } from '@tessera/data-access/contracts';
import { LIVE_EVENT, LiveEventInterceptor, type LiveEventSpec } from './live-event.interceptor';

/**
 * The route changes a resource that open screens show: once it has answered (its transaction
 * committed), other users' screens of the institution are told to refetch it. The interceptor
 * that publishes is the route's own, so no other route runs it.
 */
export const PublishesLiveEvent = (resource: LiveResource, action?: LiveAction) =>
  applyDecorators(
    SetMetadata(LIVE_EVENT, { resource, action } satisfies LiveEventSpec),
    UseInterceptors(LiveEventInterceptor),
  );
