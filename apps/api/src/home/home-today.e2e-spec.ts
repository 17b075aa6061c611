import { localDay } from '@tessera/data-access/contracts';
import { useTestApi } from '../test/test-fixture';

const TASKS = '/api/modules/project/tasks/records';

/** A zone whose calendar day differs from UTC's right now: UTC+14 after 10:00 UTC, UTC−12 before. */
function zoneOnAnotherDay(now: Date): string {
  return now.getUTCHours() >= 10 ? 'Pacific/Kiritimati' : 'Etc/GMT+12';
}

describe('The home’s today, in the caller’s time zone', () => {
  const {
    sessions: [taylor],
  } = useTestApi(['taylor.brooks@acme.test']);
  const acme = () => taylor.headers('acme');

  it('lists what is due on the caller’s calendar day, not UTC’s', async () => {
    const zone = zoneOnAnotherDay(new Date());
    const there = localDay(new Date(), zone);
    const utc = localDay(new Date());
    expect(there.day).not.toBe(utc.day);
    const tag = `tz${Date.now()}`;
    const create = async (title: string, due_date: string) =>
      (
        await taylor.agent
          .post(TASKS)
          .set(acme())
          .send({ data: { title: `${title} ${tag}`, status: 'todo', due_date } })
          .expect(201)
      ).body as { id: string };
    const today = await create('Due there today', there.day);
    const tomorrow = await create('Due there tomorrow', there.nextDay);

    const due = async (query: string) => {
      const response = await taylor.agent.get(`/api/home/due${query}`).set(acme()).expect(200);
      return response.body.items as Array<{ id: string; overdue: boolean }>;
    };
    const inZone = await due(`?tz=${encodeURIComponent(zone)}`);
    expect(inZone.find((item) => item.id === today.id)).toEqual(expect.objectContaining({ overdue: false }));
    expect(inZone.some((item) => item.id === tomorrow.id)).toBe(false);

    // Without a zone, UTC's day: a day ahead of UTC is not due yet, a day behind is overdue.
    const inUtc = await due('');
    const listed = inUtc.find((item) => item.id === today.id);
    if (there.day > utc.day) expect(listed).toBeUndefined();
    else expect(listed).toEqual(expect.objectContaining({ overdue: true }));
  });

  it('refuses a time zone that does not exist, with a message', async () => {
    const bad = await taylor.agent.get('/api/home/due?tz=Mars%2FOlympus').set(acme()).expect(400);
    expect(bad.body.errors).toEqual({ tz: ['tz must be an IANA time zone such as Europe/Oslo'] });
    await taylor.agent
      .get('/api/home/modules/project/tiles/nonexistent?tz=Mars%2FOlympus')
      .set(acme())
      .expect(400);
  });
});
