import { SetMetadata } from '@nestjs/common';
import type { LiveAction, LiveResource } from '@tessera/data-access/contracts';

export const LIVE_EVENT = 'tessera:liveEvent';

export interface LiveEventSpec {
  resource: LiveResource;
  /** Fixed, or else from the HTTP method (POST created, DELETE deleted, a stage in the body moved). */
  action?: LiveAction;
}

/**
 * The route changes a resource that open screens show: once it has answered (its transaction
 * committed), other users' screens of the institution are told to refetch it.
 */
export const PublishesLiveEvent = (resource: LiveResource, action?: LiveAction) =>
  SetMetadata(LIVE_EVENT, { resource, action } satisfies LiveEventSpec);
