import { ApiError } from './api-error';
import { apiDownload, apiFetch, filenameFromContentDisposition, onSessionRefreshed } from './api-fetch';

type FetchCall = [string, RequestInit];

function jsonResponse(status: number, body: unknown, statusText = ''): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    statusText,
    headers: { 'Content-Type': 'application/json' },
  });
}

describe('apiFetch', () => {
  const fetchMock = jest.fn<Promise<Response>, FetchCall>();

  beforeEach(() => {
    fetchMock.mockReset();
    globalThis.fetch = fetchMock as unknown as typeof fetch;
  });

  it('sends cookies, JSON and the institution header', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { ok: true }));
    const result = await apiFetch<{ ok: boolean }>('/api/x', {
      method: 'POST',
      body: { a: 1 },
      institutionId: 'org-1',
    });
    expect(result).toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/x');
    expect(init.credentials).toBe('include');
    expect(init.body).toBe('{"a":1}');
    expect(init.headers).toMatchObject({ 'Content-Type': 'application/json', 'X-Institution-Id': 'org-1' });
  });

  it('adds query parameters and skips empty ones', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, []));
    await apiFetch('/api/crm/analytics', { query: { start: '2026-01-01', end: undefined } });
    expect(fetchMock.mock.calls[0][0]).toBe('/api/crm/analytics?start=2026-01-01');
  });

  it('returns undefined for 204', async () => {
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
    await expect(apiFetch('/api/auth/sign-out', { method: 'POST' })).resolves.toBeUndefined();
  });

  it('throws a typed error with the server message (string or list)', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse(400, { statusCode: 400, message: ['name must be a string', 'x'] }),
    );
    const error = await apiFetch('/api/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(400);
    expect((error as ApiError).messages).toEqual(['name must be a string', 'x']);
  });

  it('refreshes the session once on 401 and retries', async () => {
    const session = { user: { id: 'u' }, access_expires_at: '2030-01-01T00:00:00Z' };
    const seen: unknown[] = [];
    const unsubscribe = onSessionRefreshed((s) => seen.push(s));
    fetchMock
      .mockResolvedValueOnce(jsonResponse(401, { message: 'Unauthorized' }))
      .mockResolvedValueOnce(jsonResponse(200, session))
      .mockResolvedValueOnce(jsonResponse(200, { id: 'u' }));
    await expect(apiFetch('/api/auth/user')).resolves.toEqual({ id: 'u' });
    expect(fetchMock.mock.calls.map((c) => c[0])).toEqual([
      '/api/auth/user',
      '/api/auth/refresh',
      '/api/auth/user',
    ]);
    expect(seen).toEqual([session]);
    unsubscribe();
  });

  it('gives up with the 401 when the refresh is refused', async () => {
    fetchMock
      .mockResolvedValueOnce(jsonResponse(401, { message: 'User not authenticated' }))
      .mockResolvedValueOnce(jsonResponse(401, { message: 'Invalid refresh token' }));
    const error = (await apiFetch('/api/auth/user').catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(401);
    expect(error.message).toBe('User not authenticated');
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('never refreshes for the sign-in call itself', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(401, { message: 'Invalid email or password' }));
    await expect(apiFetch('/api/auth/sign-in', { method: 'POST', body: {} })).rejects.toThrow(
      'Invalid email or password',
    );
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('downloads a file with the name the server gave it, refreshing once on 401', async () => {
    fetchMock
      .mockResolvedValueOnce(jsonResponse(401, { message: 'expired' }))
      .mockResolvedValueOnce(jsonResponse(200, { user: { id: 'u1' }, access_expires_at: 'x' }))
      .mockResolvedValueOnce(
        new Response('1\n2\n', {
          status: 200,
          headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="rows.csv"' },
        }),
      );
    const file = await apiDownload('/api/rows/export.csv', { institutionId: 'org-1', accept: 'text/csv' });
    expect(file.filename).toBe('rows.csv');
    expect(await file.blob.text()).toBe('1\n2\n');
    expect(fetchMock.mock.calls[2][1].headers).toMatchObject({
      Accept: 'text/csv',
      'X-Institution-Id': 'org-1',
    });
  });

  it('sends a FormData body as it is, without a JSON content type', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(201, { id: 'f1' }));
    const form = new FormData();
    form.append('note', 'hello');
    await expect(apiFetch('/api/upload', { method: 'POST', body: form })).resolves.toEqual({ id: 'f1' });
    const [, init] = fetchMock.mock.calls[0];
    expect(init.body).toBe(form);
    expect(init.headers).not.toHaveProperty('Content-Type');
  });
});

describe('filenameFromContentDisposition', () => {
  it.each([
    ['attachment; filename="invoice 7.txt"', 'invoice 7.txt'],
    ['attachment; filename=plain.csv', 'plain.csv'],
    ['attachment; filename*=UTF-8\'\'r%C3%A9sum%C3%A9.pdf; filename="resume.pdf"', 'résumé.pdf'],
    ['inline', null],
    [null, null],
  ])('%s → %s', (header, name) => {
    expect(filenameFromContentDisposition(header)).toBe(name);
  });
});
