import type { LiveEvent } from '@tessera/data-access/contracts';
import { parseLiveEvent } from '@tessera/data-access/contracts';
import { QueryClient } from '@tanstack/react-query';
import { contactKeys } from './crm-contacts';
import { dealKeys } from './crm-deals';
import { applyLiveEvent, resyncInstitution } from './live-updates';
import { recordKeys } from './records';

const acme = '11111111-1111-4111-8111-111111111111';
const globex = '22222222-2222-4222-8222-222222222222';
const tasks = { moduleId: 'project', submoduleId: 'tasks' };

function cacheWithScreens(): QueryClient {
  const client = new QueryClient();
  for (const institution of [acme, globex]) {
    client.setQueryData(dealKeys.list(institution), []);
    client.setQueryData(dealKeys.detail(institution, 'd1'), { id: 'd1' });
    client.setQueryData(contactKeys.list(institution), []);
    client.setQueryData(recordKeys.list(institution, tasks, { search: 'a' }), { items: [] });
    client.setQueryData(
      recordKeys.list(institution, { moduleId: 'project', submoduleId: 'projects' }, {}),
      {},
    );
  }
  return client;
}

const stale = (client: QueryClient, key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated;

const event = (change: Partial<LiveEvent>): LiveEvent => ({
  resource: 'deal',
  action: 'moved',
  id: 'd1',
  institutionId: acme,
  moduleId: 'crm',
  actorId: 'u1',
  ...change,
});

describe('live updates in the query cache', () => {
  it('a moved deal refreshes the pipeline and the deal of that institution only', async () => {
    const client = cacheWithScreens();
    await applyLiveEvent(client, event({}));
    expect(stale(client, dealKeys.list(acme))).toBe(true);
    expect(stale(client, dealKeys.detail(acme, 'd1'))).toBe(true);
    expect(stale(client, contactKeys.list(acme))).toBe(false);
    expect(stale(client, dealKeys.list(globex))).toBe(false);
  });

  it('a contact change refreshes the contacts list', async () => {
    const client = cacheWithScreens();
    await applyLiveEvent(client, event({ resource: 'contact', action: 'updated', id: 'c1' }));
    expect(stale(client, contactKeys.list(acme))).toBe(true);
    expect(stale(client, dealKeys.list(acme))).toBe(false);
  });

  it('a contact’s pipeline move refreshes the deals its automation rules may have created', async () => {
    const client = cacheWithScreens();
    await applyLiveEvent(client, event({ resource: 'contact', action: 'moved', id: 'c1' }));
    expect(stale(client, contactKeys.list(acme))).toBe(true);
    expect(stale(client, dealKeys.list(acme))).toBe(true);
  });

  it('a record change refreshes its submodule, not the module’s others', async () => {
    const client = cacheWithScreens();
    await applyLiveEvent(
      client,
      event({ resource: 'record', action: 'updated', moduleId: 'project', submoduleId: 'tasks' }),
    );
    expect(stale(client, recordKeys.list(acme, tasks, { search: 'a' }))).toBe(true);
    expect(stale(client, recordKeys.list(acme, { moduleId: 'project', submoduleId: 'projects' }, {}))).toBe(
      false,
    );
    expect(stale(client, recordKeys.list(globex, tasks, { search: 'a' }))).toBe(false);
  });

  it('a resync refreshes everything of the institution and nothing of another', async () => {
    const client = cacheWithScreens();
    await resyncInstitution(client, acme);
    expect(stale(client, dealKeys.list(acme))).toBe(true);
    expect(stale(client, recordKeys.list(acme, tasks, { search: 'a' }))).toBe(true);
    expect(stale(client, dealKeys.list(globex))).toBe(false);
  });

  it('drops malformed payloads', () => {
    expect(parseLiveEvent('not json')).toBeNull();
    expect(parseLiveEvent(JSON.stringify({ ...event({}), resource: 'invoice' }))).toBeNull();
    expect(parseLiveEvent(JSON.stringify({ ...event({}), id: 7 }))).toBeNull();
    expect(parseLiveEvent(JSON.stringify(event({})))).toEqual(event({}));
  });
});
