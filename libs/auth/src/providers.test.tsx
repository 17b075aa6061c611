import { GUEST_ACCESS } from '@tessera/data-access/contracts';
import { getToastState } from '@tessera/ui';
import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import { useAccess } from './access-provider';
import { emitAuthEvent } from './auth-events';
import { useInstitution } from './institution-provider';
import { createTesseraQueryClient, TesseraProviders } from './tessera-providers';

const dana = {
  id: 'u1',
  email: 'demo@acme.test',
  user_metadata: { first_name: 'Dana', last_name: 'Reyes', avatar_url: null },
};
const acme = {
  id: 'org-acme',
  name: 'Acme Corporation',
  slug: 'acme',
  plan_id: 'pro',
  status: 'active',
  userRole: 'owner',
};
const northwind = {
  id: 'org-nw',
  name: 'Northwind Health',
  slug: 'northwind',
  plan_id: null,
  status: 'active',
  userRole: 'member',
};

type Route = (url: string, init: RequestInit) => Response | undefined;

// jsdom has no fetch Response; apiFetch reads only these members.
function json(status: number, body: unknown): Response {
  const text = JSON.stringify(body);
  return {
    status,
    ok: status >= 200 && status < 300,
    statusText: status === 403 ? 'Forbidden' : status === 500 ? 'Internal Server Error' : 'OK',
    text: async () => text,
  } as Response;
}

function mockApi(route: Route) {
  const fetchMock = jest.fn(
    async (url: string, init: RequestInit) => route(url, init) ?? json(404, { message: 'nope' }),
  );
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}

function Probe() {
  const { currentInstitution, institutions, switchInstitution } = useInstitution();
  const { access, isLoading } = useAccess();
  return (
    <div>
      <p>current:{currentInstitution?.name ?? 'none'}</p>
      <p>count:{institutions.length}</p>
      <p>role:{isLoading ? 'loading' : access.user.role}</p>
      <button type="button" onClick={() => switchInstitution(northwind.id)}>
        switch
      </button>
    </div>
  );
}

function renderProviders() {
  return render(
    <TesseraProviders queryClient={createTesseraQueryClient()}>
      <Probe />
    </TesseraProviders>,
  );
}

const access = (orgId: string) => ({
  ...GUEST_ACCESS,
  user: { id: 'u1', name: 'Dana', role: 'owner', org_id: orgId },
});

describe('InstitutionProvider and AccessProvider', () => {
  beforeEach(() => sessionStorage.clear());

  it('selects the first institution and saves it when none is saved (docs/product/institutions.md#choosing-the-institution)', async () => {
    mockApi((url) => {
      if (url === '/api/auth/user') return json(200, dana);
      if (url === '/api/institutions') return json(200, [acme, northwind, { id: 'x', name: '' }]);
      if (url === '/functions/v1/me-access') return json(200, access(acme.id));
    });
    renderProviders();
    await screen.findByText('current:Acme Corporation');
    expect(screen.getByText('count:2')).toBeTruthy();
    expect(sessionStorage.getItem('selectedInstitutionId')).toBe(acme.id);
    await screen.findByText('role:owner');
  });

  it('restores a saved institution and replaces an unknown one', async () => {
    sessionStorage.setItem('selectedInstitutionId', northwind.id);
    mockApi((url) => {
      if (url === '/api/auth/user') return json(200, dana);
      if (url === '/api/institutions') return json(200, [acme, northwind]);
      if (url === '/functions/v1/me-access') return json(200, access(northwind.id));
    });
    const first = renderProviders();
    await screen.findByText('current:Northwind Health');
    first.unmount();

    sessionStorage.setItem('selectedInstitutionId', 'gone');
    renderProviders();
    await screen.findByText('current:Acme Corporation');
    expect(sessionStorage.getItem('selectedInstitutionId')).toBe(acme.id);
  });

  it('sends the institution header and the anon key to me-access, and switches', async () => {
    const fetchMock = mockApi((url, init) => {
      if (url === '/api/auth/user') return json(200, dana);
      if (url === '/api/institutions') return json(200, [acme, northwind]);
      if (url === '/functions/v1/me-access') {
        const headers = init.headers as Record<string, string>;
        return json(200, access(headers['X-Institution-Id']));
      }
    });
    renderProviders();
    await screen.findByText('role:owner');
    const accessCall = fetchMock.mock.calls.find(([url]) => url === '/functions/v1/me-access');
    expect(accessCall?.[1].headers).toMatchObject({
      'X-Institution-Id': acme.id,
      'Content-Type': 'application/json',
      apikey: expect.any(String),
    });
    act(() => screen.getByText('switch').click());
    await screen.findByText('current:Northwind Health');
    expect(sessionStorage.getItem('selectedInstitutionId')).toBe(northwind.id);
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(
          ([url, init]) =>
            url === '/functions/v1/me-access' &&
            (init.headers as Record<string, string>)['X-Institution-Id'] === northwind.id,
        ),
      ).toBe(true),
    );
  });

  it('falls back to the guest after logging the access failure', async () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    mockApi((url) => {
      if (url === '/api/auth/user') return json(200, dana);
      if (url === '/api/institutions') return json(200, [acme]);
      if (url === '/functions/v1/me-access') return json(403, { message: 'Not a member' });
    });
    renderProviders();
    // Two retries with back-off happen first (docs/product/access.md#the-access-control-response-me-access).
    await waitFor(
      () => expect(consoleError).toHaveBeenCalledWith('Failed to load access permissions', '403 Forbidden'),
      { timeout: 8000 },
    );
    expect(screen.getByText('role:guest')).toBeTruthy();
    consoleError.mockRestore();
  }, 10_000);

  it('toasts a failed institution load, but not a signed-out one', async () => {
    mockApi((url) => {
      if (url === '/api/auth/user') return json(200, dana);
      if (url === '/api/institutions') return json(500, { message: 'boom' });
    });
    renderProviders();
    await waitFor(() =>
      expect(getToastState().toasts[0]).toMatchObject({
        title: 'Error',
        description: 'Failed to load institution information',
        variant: 'destructive',
      }),
    );
  });

  it('reloads the list 100 ms after SIGNED_IN', async () => {
    const fetchMock = mockApi((url) => {
      if (url === '/api/auth/user') return json(200, dana);
      if (url === '/api/institutions') return json(200, [acme]);
      if (url === '/functions/v1/me-access') return json(200, access(acme.id));
    });
    renderProviders();
    await screen.findByText('role:owner');
    const before = fetchMock.mock.calls.filter(([url]) => url === '/api/institutions').length;
    act(() => emitAuthEvent('SIGNED_IN'));
    await waitFor(() =>
      expect(fetchMock.mock.calls.filter(([url]) => url === '/api/institutions').length).toBe(before + 1),
    );
  });

  it('throws the documented message outside its provider', () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => renderHook(() => useInstitution())).toThrow(
      'useInstitution must be used within an InstitutionProvider',
    );
  });
});
