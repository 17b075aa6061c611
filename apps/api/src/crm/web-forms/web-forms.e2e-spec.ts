import { WEB_FORM_HONEYPOT, WEB_FORM_TOKEN_FIELD } from '@tessera/data-access/contracts';
import request from 'supertest';
import { queryTestDatabase, TEST_JWT_SECRET } from '../../test/test-app';
import { useTestApi } from '../../test/test-fixture';
import { webFormToken, webFormTokenKey } from './web-form-token';

const SITE = 'https://www.shop-example.test';
const KEY = webFormTokenKey(TEST_JWT_SECRET);

/** A token as if the form had been shown `secondsAgo` ago: the visitor took their time. */
const shownAgo = (formId: string, secondsAgo = 10) =>
  webFormToken(KEY, formId, Date.now() - secondsAgo * 1000);

const FIELDS = [
  { field: 'first_name', label: 'First name', required: true },
  { field: 'last_name', label: 'Last name', required: true },
  { field: 'email', label: 'Work e-mail', required: true },
  { field: 'company', label: 'Company', required: false },
  { field: 'industry', label: 'Industry', required: false },
  { field: 'company_size', label: 'Team size', required: false },
  { field: 'budget_range', label: 'Budget', required: false },
];

let visitor = 0;
/** Each test is its own visitor (client address through the trusted loopback proxy), so per-IP budgets stay apart. */
const nextVisitor = () => `198.51.100.${++visitor}`;

describe('web forms', () => {
  const {
    api,
    sessions: [owner, globex, viewer],
  } = useTestApi(['demo@acme.test', 'owner@globex.test', 'viewer@acme.test']);
  const acme = () => owner.headers('acme');

  async function makeForm(extra: Record<string, unknown> = {}) {
    const created = await owner.agent
      .post('/api/crm/forms')
      .set(acme())
      .send({ name: `Demo request ${Math.random().toString(36).slice(2, 8)}`, fields: FIELDS, ...extra })
      .expect(201);
    return created.body as { id: string; name: string; allowed_origins: string[] };
  }

  function submit(
    formId: string,
    body: Record<string, unknown>,
    origin: string | null = SITE,
    ip = nextVisitor(),
  ) {
    const call = request(api.url).post(`/api/forms/${formId}/submissions`).set('X-Forwarded-For', ip);
    return origin ? call.set('Origin', origin).send(body) : call.send(body);
  }

  const answers = (formId: string, email: string, extra: Record<string, unknown> = {}) => ({
    first_name: 'Wren',
    last_name: 'Tollan',
    email,
    company: 'Tollan Labs',
    industry: 'technology',
    company_size: '201-1000',
    budget_range: '50k+',
    [WEB_FORM_TOKEN_FIELD]: shownAgo(formId),
    ...extra,
  });

  const leadsWith = (email: string) =>
    queryTestDatabase<{
      id: string;
      lead_source: string;
      lead_score: number;
      org_id: string;
      company: string;
      phone: string | null;
    }>(
      'SELECT id, lead_source, lead_score, org_id, company, phone FROM crm_leads WHERE lower(email) = lower($1)',
      [email],
    );

  it('lets owners build forms, validates them, and keeps viewers to reading', async () => {
    const form = await makeForm({ allowed_origins: [`${SITE}/`], consent_text: 'I agree to be contacted.' });
    expect(form.allowed_origins).toEqual([SITE]);
    const listed = await owner.agent.get('/api/crm/forms').set(acme()).expect(200);
    expect(listed.body.map((row: { id: string }) => row.id)).toContain(form.id);

    const bad = await owner.agent
      .post('/api/crm/forms')
      .set(acme())
      .send({
        name: ' ',
        fields: [{ field: 'shoe_size', label: 'Shoe', required: 'yes' }],
        allowed_origins: ['https://ok.test/path'],
        redirect_url: 'javascript:alert(1)',
      })
      .expect(400);
    expect(Object.keys(bad.body.errors)).toEqual(
      expect.arrayContaining(['name', 'fields', 'allowed_origins', 'redirect_url']),
    );
    const noEmail = await owner.agent
      .post('/api/crm/forms')
      .set(acme())
      .send({ name: 'No e-mail', fields: FIELDS.filter((field) => field.field !== 'email') })
      .expect(400);
    expect(noEmail.body.errors.fields).toContain('the form must ask for email');

    await viewer.agent
      .post('/api/crm/forms')
      .set(viewer.headers('acme'))
      .send({ name: 'x', fields: FIELDS })
      .expect(403);
    await viewer.agent.get(`/api/crm/forms/${form.id}`).set(viewer.headers('acme')).expect(200);

    const renamed = await owner.agent
      .patch(`/api/crm/forms/${form.id}`)
      .set(acme())
      .send({ name: 'Renamed', allowed_origins: [] })
      .expect(200);
    expect(renamed.body).toEqual(expect.objectContaining({ name: 'Renamed', allowed_origins: [] }));
  });

  it('turns a submission into a scored web-form lead in the form’s institution, and runs its workflows', async () => {
    const workflow = await owner.agent
      .post('/api/crm/workflows')
      .set(acme())
      .send({
        name: 'Web form qualify',
        trigger: 'form_submitted',
        actions: [{ type: 'update_status', config: { status: 'contacted' } }],
      })
      .expect(201);
    const form = await makeForm();
    const definition = await request(api.url).get(`/api/forms/${form.id}`).set('Origin', SITE).expect(200);
    expect(definition.headers['access-control-allow-origin']).toBe(SITE);
    expect(definition.body.fields.map((field: { field: string }) => field.field)).toEqual(
      FIELDS.map((f) => f.field),
    );
    expect(definition.body.token).toMatch(/^\d+\./);

    const answer = await submit(form.id, answers(form.id, 'wren@tollan.test')).expect(201);
    expect(answer.headers['access-control-allow-origin']).toBe(SITE);
    expect(answer.body).toEqual({ message: 'Thank you! We will be in touch soon.', redirect_url: null });

    const [lead] = await leadsWith('wren@tollan.test');
    expect(lead).toEqual(
      expect.objectContaining({ lead_source: 'web_form', org_id: owner.institutions.acme }),
    );
    const stored = await owner.agent.get(`/api/crm/leads/${lead?.id}`).set(acme()).expect(200);
    expect(stored.body).toEqual(
      expect.objectContaining({ source: 'website', notes: `Sent through the web form “${form.name}”.` }),
    );
    // email 40 + web 50 + company size 80 + industry 100 + budget 100 → round(10 + 10 + 16 + 15 + 20) = 71.
    expect(lead?.lead_score).toBe(71);
    const shown = await owner.agent.get(`/api/crm/forms/${form.id}/submissions`).set(acme()).expect(200);
    expect(shown.body).toEqual([
      expect.objectContaining({
        lead_id: lead?.id,
        outcome: 'created',
        lead_name: 'Wren Tollan',
        lead_score: 71,
      }),
    ]);
    const runs = await queryTestDatabase<{ status: string }>(
      'SELECT status FROM crm_workflow_executions WHERE workflow_id = $1 AND lead_id = $2',
      [workflow.body.id, lead?.id],
    );
    expect(runs.map((run) => run.status)).toEqual(['success']);
    await owner.agent.delete(`/api/crm/workflows/${workflow.body.id}`).set(acme()).expect(204);
  });

  it('accepts form-encoded answers as a plain HTML form sends them', async () => {
    const form = await makeForm();
    const body = new URLSearchParams({
      first_name: 'Plain',
      last_name: 'Html',
      email: 'plain@html.test',
      [WEB_FORM_TOKEN_FIELD]: shownAgo(form.id),
    }).toString();
    await request(api.url)
      .post(`/api/forms/${form.id}/submissions`)
      .set('Origin', SITE)
      .set('X-Forwarded-For', nextVisitor())
      .set('Content-Type', 'application/x-www-form-urlencoded')
      .send(body)
      .expect(201);
    expect(await leadsWith('plain@html.test')).toHaveLength(1);
  });

  it('updates the lead of a known address instead of making a second one', async () => {
    const form = await makeForm();
    await submit(form.id, answers(form.id, 'twice@tollan.test', { company: 'First Co' })).expect(201);
    await submit(form.id, answers(form.id, 'TWICE@tollan.test', { company: 'Second Co' })).expect(201);
    const leads = await leadsWith('twice@tollan.test');
    expect(leads).toHaveLength(1);
    // The team's data is not overwritten: the first company stays.
    expect(leads[0]?.company).toBe('First Co');
    const shown = await owner.agent.get(`/api/crm/forms/${form.id}/submissions`).set(acme()).expect(200);
    expect(shown.body.map((row: { outcome: string }) => row.outcome).sort()).toEqual(['created', 'merged']);
  });

  it('makes one lead of one address sent many times at once', async () => {
    const form = await makeForm();
    const sent = await Promise.all(
      Array.from({ length: 8 }, () => submit(form.id, answers(form.id, 'rush@tollan.test'))),
    );
    expect(sent.map((answer) => answer.status)).toEqual(Array(8).fill(201));
    expect(await leadsWith('rush@tollan.test')).toHaveLength(1);
    const shown = await owner.agent.get(`/api/crm/forms/${form.id}/submissions`).set(acme()).expect(200);
    expect(shown.body.filter((row: { outcome: string }) => row.outcome === 'created')).toHaveLength(1);
    expect(shown.body).toHaveLength(8);
  });

  it('swallows a filled honeypot: the usual thank-you, nothing stored', async () => {
    const form = await makeForm();
    const answer = await submit(
      form.id,
      answers(form.id, 'bot@spam.test', { [WEB_FORM_HONEYPOT]: '555-0100' }),
    ).expect(201);
    expect(answer.body.message).toBe('Thank you! We will be in touch soon.');
    expect(await leadsWith('bot@spam.test')).toHaveLength(0);
  });

  it('refuses a form sent too fast, or with a forged or missing fill token', async () => {
    const form = await makeForm();
    const fresh = (await request(api.url).get(`/api/forms/${form.id}`).expect(200)).body.token as string;
    const tooFast = await submit(
      form.id,
      answers(form.id, 'fast@bot.test', { [WEB_FORM_TOKEN_FIELD]: fresh }),
    ).expect(400);
    expect(tooFast.body.errors[WEB_FORM_TOKEN_FIELD]).toEqual([
      'The form was sent too quickly. Wait a moment and send it again.',
    ]);
    // Back-dating the timestamp without the server's key breaks the signature.
    const forged = fresh.replace(/^\d+/, String(Date.now() - 60_000));
    const refused = await submit(
      form.id,
      answers(form.id, 'fast@bot.test', { [WEB_FORM_TOKEN_FIELD]: forged }),
    ).expect(400);
    expect(refused.body.errors[WEB_FORM_TOKEN_FIELD]).toBeDefined();
    const otherForm = await makeForm();
    await submit(
      form.id,
      answers(form.id, 'fast@bot.test', { [WEB_FORM_TOKEN_FIELD]: shownAgo(otherForm.id) }),
    ).expect(400);
    await submit(form.id, answers(form.id, 'fast@bot.test', { [WEB_FORM_TOKEN_FIELD]: undefined })).expect(
      400,
    );
    expect(await leadsWith('fast@bot.test')).toHaveLength(0);
  });

  it('answers bad input with field messages, never a 500', async () => {
    const form = await makeForm({ consent_text: 'I agree to be contacted.' });
    const bad = await submit(form.id, {
      first_name: '',
      last_name: ['an', 'array'],
      email: 'not-an-address',
      industry: 'astrology',
      shoe_size: '44',
      [WEB_FORM_TOKEN_FIELD]: shownAgo(form.id),
    }).expect(400);
    expect(bad.body.errors).toEqual({
      first_name: ['First name is required'],
      last_name: ['Last name must be text'],
      email: ['Work e-mail must be an e-mail address'],
      industry: [expect.stringMatching(/^Industry must be one of technology/)],
      consent: ['Please give your consent to send the form'],
      shoe_size: ['shoe_size is not a field of this form'],
    });
    await request(api.url)
      .post(`/api/forms/${form.id}/submissions`)
      .set('Content-Type', 'application/json')
      .send('{"broken": ')
      .expect(400);
    await submit(form.id, ['not', 'an', 'object'] as unknown as Record<string, unknown>).expect(400);
    await submit('not-a-uuid', answers(form.id, 'x@y.test')).expect(400);
    await submit('00000000-0000-4000-8000-000000000000', answers(form.id, 'x@y.test')).expect(404);
    const consented = answers(form.id, 'consent@ok.test', { consent: 'yes' });
    await submit(form.id, consented).expect(201);
  });

  it('answers CORS for allowed origins only, and refuses the others on the server too', async () => {
    const form = await makeForm({ allowed_origins: [SITE] });
    const preflight = await request(api.url)
      .options(`/api/forms/${form.id}/submissions`)
      .set('Origin', SITE)
      .set('Access-Control-Request-Method', 'POST')
      .expect(204);
    expect(preflight.headers['access-control-allow-origin']).toBe(SITE);

    const evil = 'https://evil.test';
    const refusedPreflight = await request(api.url)
      .options(`/api/forms/${form.id}/submissions`)
      .set('Origin', evil)
      .set('Access-Control-Request-Method', 'POST')
      .expect(403);
    expect(refusedPreflight.headers['access-control-allow-origin']).toBeUndefined();
    const refused = await submit(form.id, answers(form.id, 'evil@evil.test'), evil).expect(403);
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();
    await submit(form.id, answers(form.id, 'evil@evil.test'), null).expect(403);
    expect(await leadsWith('evil@evil.test')).toHaveLength(0);

    const page = await request(api.url).get(`/api/forms/${form.id}/page`).expect(200);
    expect(page.headers['content-security-policy']).toContain(`frame-ancestors ${SITE}`);
    expect(page.headers['x-frame-options']).toBeUndefined();
    // The application's own origin (the iframe page) may always send it.
    await submit(form.id, answers(form.id, 'iframe@ok.test'), api.url).expect(201);

    const open = await makeForm();
    const anyPage = await request(api.url).get(`/api/forms/${open.id}/page`).expect(200);
    expect(anyPage.headers['content-security-policy']).toContain('frame-ancestors *');
    const missing = await request(api.url)
      .get('/api/forms/00000000-0000-4000-8000-000000000000/page')
      .expect(404);
    expect(missing.body.message).toBeDefined();
    const script = await request(api.url).get('/api/forms/embed.js').expect(200);
    expect(script.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(script.headers['content-type']).toMatch(/javascript/);
  });

  it('limits submissions per client address and per form (429)', async () => {
    const form = await makeForm();
    const ip = nextVisitor();
    for (let attempt = 0; attempt < 10; attempt += 1)
      await submit(form.id, { [WEB_FORM_TOKEN_FIELD]: 'x' }, SITE, ip).expect(400);
    const limited = await submit(form.id, answers(form.id, 'flood@bot.test'), SITE, ip).expect(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(limited.body.message).toMatch(/^Too many forms sent/);
    // Another visitor still gets through…
    await submit(form.id, answers(form.id, 'calm@visitor.test')).expect(201);
    // …until the form's own budget is spent, from whichever addresses.
    const busy = await makeForm();
    for (let attempt = 0; attempt < 100; attempt += 1)
      await submit(busy.id, { [WEB_FORM_TOKEN_FIELD]: 'x' }, SITE, `203.0.113.${attempt % 50}`).expect(400);
    await submit(busy.id, answers(busy.id, 'late@visitor.test')).expect(429);
    expect(await leadsWith('flood@bot.test')).toHaveLength(0);
  });

  it('takes a personal form’s leads into its owner’s personal CRM', async () => {
    const personal = await owner.agent
      .post('/api/crm/forms')
      .send({ name: 'My own form', fields: FIELDS.slice(0, 3) })
      .expect(201);
    expect(personal.body.org_id).toBeNull();
    await owner.agent.get(`/api/crm/forms/${personal.body.id}`).set(acme()).expect(404);
    await submit(
      personal.body.id,
      answers(personal.body.id, 'mine@personal.test', {
        company: undefined,
        industry: undefined,
        company_size: undefined,
        budget_range: undefined,
      }),
    ).expect(201);
    const [lead] = await leadsWith('mine@personal.test');
    expect(lead?.org_id).toBeNull();
    const shown = await owner.agent.get(`/api/crm/forms/${personal.body.id}/submissions`).expect(200);
    expect(shown.body).toEqual([expect.objectContaining({ lead_id: lead?.id, outcome: 'created' })]);
  });

  it('keeps forms and their leads inside the institution', async () => {
    const form = await makeForm();
    await submit(form.id, answers(form.id, 'private@acme-only.test')).expect(201);
    const headers = globex.headers('globex');
    await globex.agent.get(`/api/crm/forms/${form.id}`).set(headers).expect(404);
    await globex.agent.get(`/api/crm/forms/${form.id}/submissions`).set(headers).expect(404);
    await globex.agent.patch(`/api/crm/forms/${form.id}`).set(headers).send({ name: 'Taken' }).expect(404);
    await globex.agent.delete(`/api/crm/forms/${form.id}`).set(headers).expect(404);
    await globex.agent.get(`/api/crm/forms/${form.id}`).set(acme()).expect(403);
    const list = await globex.agent.get('/api/crm/forms').set(headers).expect(200);
    expect(list.body.map((row: { id: string }) => row.id)).not.toContain(form.id);
    // A globex lead of the same address is globex's own; the acme form never merges into it.
    const globexLead = await globex.agent
      .post('/api/crm/leads')
      .set(headers)
      .send({ first_name: 'Same', last_name: 'Address', email: 'shared@both.test' })
      .expect(201);
    await submit(form.id, answers(form.id, 'shared@both.test')).expect(201);
    const leads = await leadsWith('shared@both.test');
    expect(leads).toHaveLength(2);
    expect(leads.find((lead) => lead.id === globexLead.body.id)?.lead_source).toBeNull();
    expect(leads.find((lead) => lead.id !== globexLead.body.id)?.org_id).toBe(owner.institutions.acme);
    await owner.agent.get(`/api/crm/forms/${form.id}`).set(acme()).expect(200);
  });
});
