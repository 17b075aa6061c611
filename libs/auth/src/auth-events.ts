/** The session events of docs/product/sign-in-and-sessions.md#session-events: the institution list reloads on SIGNED_IN and SIGNED_OUT. */
export type AuthEvent = 'SIGNED_IN' | 'SIGNED_OUT' | 'TOKEN_REFRESHED';

type AuthEventListener = (event: AuthEvent) => void;

const listeners = new Set<AuthEventListener>();

export function onAuthEvent(listener: AuthEventListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function emitAuthEvent(event: AuthEvent): void {
  for (const listener of listeners) listener(event);
}
