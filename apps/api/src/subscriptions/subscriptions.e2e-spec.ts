import { randomUUID } from 'node:crypto';
import { MODULE_IDS } from '@tessera/data-access/contracts';
import { createTestApp, queryTestDatabase, signIn } from '../test/test-app';
import { useTestApi } from '../test/test-fixture';

const APPROVED = { number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2034, cvc: '123' };
const DECLINED = { ...APPROVED, number: '4000 0000 0000 0002' };

describe('subscriptions', () => {
  const { api } = useTestApi([]);

  it('lists the plans with prices and the modules each allows, to any member', async () => {
    const sam = await signIn(api, 'sam.ortiz@globex.test');
    const response = await sam.agent.get('/api/subscription/plans').set(sam.headers('globex')).expect(200);
    expect(
      response.body.map((plan: { id: string; price_cents: number }) => [plan.id, plan.price_cents]),
    ).toEqual([
      ['starter', 2900],
      ['growth', 7900],
      ['enterprise', 19900],
    ]);
    // Modules registered at run time (other suites register some) join the plan of their category.
    const builtIn = (response.body[0].modules as string[]).filter((id) => MODULE_IDS.includes(id));
    expect(builtIn).toEqual(['crm', 'project', 'finance']);
    expect(response.body[2].modules).toContain('hotel');
  });

  it('refuses billing and plan changes to members and non-members (403), and changes nothing', async () => {
    const sam = await signIn(api, 'sam.ortiz@globex.test');
    const outsider = await signIn(api, 'demo@acme.test');
    for (const session of [sam]) {
      await session.agent.get('/api/subscription/billing').set(session.headers('globex')).expect(403);
      await session.agent
        .post('/api/subscription/change-plan')
        .set('Idempotency-Key', randomUUID())
        .set(session.headers('globex'))
        .send({ plan_id: 'enterprise', card: APPROVED })
        .expect(403);
    }
    const globexId = sam.institutions.globex as string;
    await outsider.agent.get('/api/subscription/billing').set({ 'X-Institution-Id': globexId }).expect(403);
    await outsider.agent
      .post('/api/subscription/change-plan')
      .set('Idempotency-Key', randomUUID())
      .set({ 'X-Institution-Id': globexId })
      .send({ plan_id: 'enterprise', card: APPROVED })
      .expect(403);
    const [row] = await queryTestDatabase<{ plan_id: string }>(
      'SELECT plan_id FROM institutions WHERE id = $1',
      [globexId],
    );
    expect(row?.plan_id).toBe('growth');
  });

  it('a declined card answers a clear message and changes nothing', async () => {
    const owner = await signIn(api, 'owner@globex.test');
    const response = await owner.agent
      .post('/api/subscription/change-plan')
      .set('Idempotency-Key', randomUUID())
      .set(owner.headers('globex'))
      .send({ plan_id: 'enterprise', card: DECLINED })
      .expect(402);
    expect(response.body.message).toBe('Your card was declined. Your plan has not been changed.');
    const bad = await owner.agent
      .post('/api/subscription/change-plan')
      .set('Idempotency-Key', randomUUID())
      .set(owner.headers('globex'))
      .send({ plan_id: 'enterprise', card: { ...APPROVED, number: '4242 4242 4242 4241' } })
      .expect(402);
    expect(bad.body.message).toBe('Your card number is incorrect. Your plan has not been changed.');
    await owner.agent
      .post('/api/subscription/change-plan')
      .set('Idempotency-Key', randomUUID())
      .set(owner.headers('globex'))
      .send({ plan_id: 'enterprise', card: { ...APPROVED, exp_month: 13 } })
      .expect(400);
    await owner.agent
      .post('/api/subscription/change-plan')
      .set('Idempotency-Key', randomUUID())
      .set(owner.headers('globex'))
      .send({ plan_id: 'platinum', card: APPROVED })
      .expect(404);
    const billing = await owner.agent
      .get('/api/subscription/billing')
      .set(owner.headers('globex'))
      .expect(200);
    expect(billing.body).toMatchObject({ plan: { id: 'growth' }, invoices: [], payment_method: null });
  });

  it('an approved upgrade changes the plan, writes an invoice, keeps the card; the new modules can be enabled', async () => {
    const owner = await signIn(api, 'owner@globex.test');
    const before = await owner.agent
      .put('/api/administration/modules/healthcare')
      .set(owner.headers('globex'))
      .send({ enabled: true })
      .expect(403);
    expect(before.body.message).toMatch(/does not include Healthcare/);

    const upgrade = await owner.agent
      .post('/api/subscription/change-plan')
      .set('Idempotency-Key', randomUUID())
      .set(owner.headers('globex'))
      .send({ plan_id: 'enterprise', card: APPROVED })
      .expect(200);
    expect(upgrade.body.plan.id).toBe('enterprise');
    expect(upgrade.body.newly_allowed_modules).toEqual(
      expect.arrayContaining(['healthcare', 'hotel', 'retail']),
    );
    expect(upgrade.body.invoice).toMatchObject({
      from_plan_id: 'growth',
      to_plan_id: 'enterprise',
      amount_cents: 19900,
      card_brand: 'Visa',
      card_last4: '4242',
    });
    expect(upgrade.body.invoice.number).toMatch(/^INV-\d+$/);

    await owner.agent
      .put('/api/administration/modules/healthcare')
      .set(owner.headers('globex'))
      .send({ enabled: true })
      .expect(200);
    const access = await owner.agent.get('/functions/v1/me-access').set(owner.headers('globex')).expect(200);
    expect(access.body.organization.plan_id).toBe('enterprise');
    expect(access.body.access_control.healthcare).toBe('admin');

    const billing = await owner.agent
      .get('/api/subscription/billing')
      .set(owner.headers('globex'))
      .expect(200);
    expect(billing.body.payment_method).toEqual({
      brand: 'Visa',
      last4: '4242',
      exp_month: 12,
      exp_year: 2034,
    });
    expect(billing.body.invoices).toHaveLength(1);
    const download = await owner.agent
      .get(`/api/subscription/invoices/${upgrade.body.invoice.id}/download`)
      .set(owner.headers('globex'))
      .expect(200);
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="${upgrade.body.invoice.number}.txt"`,
    );
    expect(download.text).toContain('Plan change:    Growth → Enterprise');
    expect(download.text).toContain('Total paid:     $199.00');
    const sam = await signIn(api, 'sam.ortiz@globex.test');
    await sam.agent
      .get(`/api/subscription/invoices/${upgrade.body.invoice.id}/download`)
      .set(sam.headers('globex'))
      .expect(403);

    await owner.agent
      .post('/api/subscription/change-plan')
      .set('Idempotency-Key', randomUUID())
      .set(owner.headers('globex'))
      .send({ plan_id: 'enterprise', card: APPROVED })
      .expect(409);

    // Back down to Growth: modules the plan no longer allows are disabled.
    const downgrade = await owner.agent
      .post('/api/subscription/change-plan')
      .set('Idempotency-Key', randomUUID())
      .set(owner.headers('globex'))
      .send({ plan_id: 'growth', card: APPROVED })
      .expect(200);
    expect(downgrade.body.disabled_modules).toEqual(['healthcare']);
    const audit = await owner.agent.get('/api/administration/audit').set(owner.headers('globex')).expect(200);
    expect(audit.body.map((row: { action: string }) => row.action)).toEqual(
      expect.arrayContaining(['plan.changed', 'payment.declined', 'module.enabled']),
    );
  });

  it('runs the test provider for the development payment test page without changing anything', async () => {
    const owner = await signIn(api, 'owner@globex.test');
    const approved = await owner.agent
      .post('/api/subscription/payment-test')
      .send({ card: APPROVED, amount_cents: 7900 })
      .expect(200);
    expect(approved.body).toMatchObject({ approved: true, brand: 'Visa', last4: '4242' });
    const declined = await owner.agent
      .post('/api/subscription/payment-test')
      .send({ card: { ...APPROVED, number: '4000 0000 0000 9995' }, amount_cents: 7900 })
      .expect(200);
    expect(declined.body).toMatchObject({
      approved: false,
      message: 'Your card has insufficient funds. Your plan has not been changed.',
    });
  });

  it('has no payment test in production', async () => {
    const production = await createTestApp({ NODE_ENV: 'production' });
    try {
      const owner = await signIn(production, 'owner@globex.test');
      await owner.agent
        .post('/api/subscription/payment-test')
        .send({ card: APPROVED, amount_cents: 100 })
        .expect(404);
    } finally {
      await production.close();
    }
  });
});
