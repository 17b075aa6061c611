/**
 * The public ("anonymous") API key the browser sends as `apikey` to `GET /functions/v1/me-access`
 * (docs/product/access.md). It identifies the client application, not a user: it is not a secret and grants
 * nothing on its own — the session cookie does.
 */
export const ANON_API_KEY = 'tessera-anon-key';
export const ANON_API_KEY_HEADER = 'apikey';
