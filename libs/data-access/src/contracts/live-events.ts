/**
 * Live updates: what GET /api/events streams to open screens when someone else changes data.
 * Small on purpose (it travels through PostgreSQL NOTIFY): screens refetch what it names.
 */
export type LiveResource = 'deal' | 'contact' | 'company' | 'record';
export type LiveAction = 'created' | 'updated' | 'moved' | 'deleted';

export interface LiveEvent {
  resource: LiveResource;
  action: LiveAction;
  /** The changed row. */
  id: string;
  institutionId: string;
  /** The module whose read access is needed to receive it (`crm` for deals and contacts). */
  moduleId: string;
  /** Records only: the submodule the record belongs to. */
  submoduleId?: string;
  /** Who made the change. */
  actorId: string;
}

/** The SSE event name of a change, and of "you may have missed changes: refetch everything". */
export const LIVE_CHANGE_EVENT = 'change';
export const LIVE_RESYNC_EVENT = 'resync';

/** The query parameter naming the institution (EventSource cannot send X-Institution-Id). */
export const LIVE_EVENTS_INSTITUTION_PARAM = 'institution';

const RESOURCES: readonly string[] = ['deal', 'contact', 'record'];
const ACTIONS: readonly string[] = ['created', 'updated', 'moved', 'deleted'];

/** A received payload, checked: anything malformed is dropped rather than half-applied. */
export function parseLiveEvent(text: string): LiveEvent | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const event = value as Record<string, unknown>;
  const strings = ['id', 'institutionId', 'moduleId', 'actorId'].every(
    (key) => typeof event[key] === 'string',
  );
  if (!strings || !RESOURCES.includes(String(event.resource)) || !ACTIONS.includes(String(event.action))) {
    return null;
  }
  if (event.submoduleId !== undefined && typeof event.submoduleId !== 'string') return null;
  return event as unknown as LiveEvent;
}
