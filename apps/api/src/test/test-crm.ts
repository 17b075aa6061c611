import type { Session } from './test-app';

/** Creates a deal in the institution as the session's user (201 expected) and answers its id. */
export async function createDeal(
  session: Session,
  institution: string,
  body: { name: string; amount: number },
): Promise<string> {
  const deal = await session.agent
    .post('/api/crm/deals')
    .set(session.headers(institution))
    .send(body)
    .expect(201);
  return deal.body.id;
}
