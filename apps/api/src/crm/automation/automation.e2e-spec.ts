import { type Session } from '../../test/test-app';
import { useTestApi } from '../../test/test-fixture';

/** Automation rules, scoring rules, workflows, segments and lead qualification. */
describe('CRM configuration: automation, scoring, workflows, segments, qualification', () => {
  const {
    sessions: [demo, member, viewer],
  } = useTestApi(['demo@acme.test', 'jordan.kim@acme.test', 'viewer@acme.test']);
  const acme = (session: Session = demo) => session.headers('acme');

  describe('automation rules', () => {
    const body = {
      name: 'Contacted → call task',
      conditions_json: { event_type: 'stage_change', stage_change: { to_stage: 'contacted' } },
      actions_json: [{ type: 'create_task', config: { subject: 'Call them' } }],
    };

    it('lists the enabled crm rules to readers and every rule to admins', async () => {
      const enabled = await viewer.agent.get('/api/crm/automation-rules').set(acme(viewer)).expect(200);
      expect(enabled.body.length).toBeGreaterThanOrEqual(2);
      for (const rule of enabled.body)
        expect(rule).toEqual(expect.objectContaining({ enabled: true, module_source: 'crm' }));
      const all = await demo.agent.get('/api/crm/automation-rules?all=true').set(acme()).expect(200);
      expect(all.body.length).toBeGreaterThan(enabled.body.length);
      await member.agent.get('/api/crm/automation-rules?all=true').set(acme(member)).expect(403);
    });

    it('lets admins create, update, disable and enable; others are refused', async () => {
      await member.agent.post('/api/crm/automation-rules').set(acme(member)).send(body).expect(403);
      const created = await demo.agent.post('/api/crm/automation-rules').set(acme()).send(body).expect(201);
      expect(created.body).toEqual(
        expect.objectContaining({ enabled: true, module_source: 'crm', execution_count: 0 }),
      );
      const renamed = await demo.agent
        .patch(`/api/crm/automation-rules/${created.body.id}`)
        .set(acme())
        .send({ name: 'Renamed' })
        .expect(200);
      expect(renamed.body.name).toBe('Renamed');
      const off = await demo.agent
        .patch(`/api/crm/automation-rules/${created.body.id}/enabled`)
        .set(acme())
        .send({ enabled: false })
        .expect(200);
      expect(off.body.enabled).toBe(false);
      const enabled = await demo.agent.get('/api/crm/automation-rules').set(acme()).expect(200);
      expect(enabled.body.map((rule: { id: string }) => rule.id)).not.toContain(created.body.id);
      await member.agent
        .patch(`/api/crm/automation-rules/${created.body.id}/enabled`)
        .set(acme(member))
        .send({ enabled: true })
        .expect(403);
      const runs = await demo.agent
        .get(`/api/crm/automation-rules/${created.body.id}/runs`)
        .set(acme())
        .expect(200);
      expect(runs.body).toEqual([]);
      await demo.agent.delete(`/api/crm/automation-rules/${created.body.id}`).set(acme()).expect(204);
    });

    it('validates rule DTOs per field', async () => {
      const response = await demo.agent
        .post('/api/crm/automation-rules')
        .set(acme())
        .send({
          name: '',
          module_source: 'erp',
          conditions_json: { event_type: 'moon_phase', stage_change: { to_stage: 'orbit' } },
          actions_json: [{ type: 'launch_rocket' }],
        })
        .expect(400);
      expect(Object.keys(response.body.errors).sort()).toEqual(
        [
          'actions_json.0.type',
          'conditions_json.event_type',
          'conditions_json.stage_change.to_stage',
          'module_source',
          'name',
        ].sort(),
      );
    });
  });

  describe('scoring rules', () => {
    it('lists the built-ins first and lets admins add, change, switch and delete rules', async () => {
      const list = await viewer.agent.get('/api/crm/scoring-rules').set(acme(viewer)).expect(200);
      expect(
        list.body.slice(0, 3).map((rule: { name: string; points: number }) => [rule.name, rule.points]),
      ).toEqual(
        expect.arrayContaining([
          ['Email Engagement', 25],
          ['Company Size', 20],
          ['Industry Match', 15],
        ]),
      );
      await member.agent
        .post('/api/crm/scoring-rules')
        .set(acme(member))
        .send({ name: 'X', points: 5 })
        .expect(403);
      const created = await demo.agent
        .post('/api/crm/scoring-rules')
        .set(acme())
        .send({ name: 'Has phone', condition: 'Lead has a phone', criterion: 'has_phone', points: 10 })
        .expect(201);
      expect(created.body).toEqual(expect.objectContaining({ active: true, built_in: false, points: 10 }));
      const off = await demo.agent
        .patch(`/api/crm/scoring-rules/${created.body.id}/active`)
        .set(acme())
        .send({ active: false })
        .expect(200);
      expect(off.body.active).toBe(false);
      const changed = await demo.agent
        .patch(`/api/crm/scoring-rules/${created.body.id}`)
        .set(acme())
        .send({ points: 12 })
        .expect(200);
      expect(changed.body.points).toBe(12);
      await demo.agent.delete(`/api/crm/scoring-rules/${created.body.id}`).set(acme()).expect(204);
      const builtIn = list.body.find((rule: { built_in: boolean }) => rule.built_in);
      await demo.agent.delete(`/api/crm/scoring-rules/${builtIn.id}`).set(acme()).expect(409);
    });

    it('validates scoring rule DTOs per field', async () => {
      const response = await demo.agent
        .post('/api/crm/scoring-rules')
        .set(acme())
        .send({ name: 3, points: 101, criterion: 'has_cat', active: 'yes' })
        .expect(400);
      expect(Object.keys(response.body.errors).sort()).toEqual(['active', 'criterion', 'name', 'points']);
      await demo.agent
        .post('/api/crm/scoring-rules')
        .set(acme())
        .send({ name: 'Neg', points: -1 })
        .expect(400);
    });
  });

  describe('workflows', () => {
    it('lists the seeded workflows with execution logs, toggles, and does CRUD', async () => {
      const list = await viewer.agent.get('/api/crm/workflows').set(acme(viewer)).expect(200);
      const welcome = list.body.find((workflow: { name: string }) => workflow.name === 'New Lead Welcome');
      expect(welcome).toEqual(
        expect.objectContaining({
          trigger: 'lead_created',
          actions: [
            expect.objectContaining({ type: 'send_email' }),
            expect.objectContaining({ type: 'assign_sales_rep' }),
          ],
        }),
      );
      const logs = await viewer.agent
        .get(`/api/crm/workflows/${welcome.id}/executions`)
        .set(acme(viewer))
        .expect(200);
      expect(logs.body).toHaveLength(welcome.execution_count);
      for (const log of logs.body)
        expect(log).toEqual(
          expect.objectContaining({ org_id: demo.institutions.acme, owner_id: welcome.owner_id }),
        );
      const toggled = await member.agent
        .post(`/api/crm/workflows/${welcome.id}/toggle`)
        .set(acme(member))
        .expect(200);
      expect(toggled.body.active).toBe(!welcome.active);
      await member.agent.post(`/api/crm/workflows/${welcome.id}/toggle`).set(acme(member)).expect(200);
      await viewer.agent.post(`/api/crm/workflows/${welcome.id}/toggle`).set(acme(viewer)).expect(403);

      const created = await member.agent
        .post('/api/crm/workflows')
        .set(acme(member))
        .send({ name: 'Form router', trigger: 'form_submitted', actions: [{ type: 'assign_sales_rep' }] })
        .expect(201);
      const updated = await member.agent
        .patch(`/api/crm/workflows/${created.body.id}`)
        .set(acme(member))
        .send({ description: 'Routes web forms' })
        .expect(200);
      expect(updated.body.description).toBe('Routes web forms');
      await member.agent.delete(`/api/crm/workflows/${created.body.id}`).set(acme(member)).expect(204);
    });

    it('validates workflow DTOs per field', async () => {
      const response = await demo.agent
        .post('/api/crm/workflows')
        .set(acme())
        .send({ name: 'W', trigger: 'sunrise', actions: [{ type: 'dance' }], trigger_config: 'x' })
        .expect(400);
      expect(Object.keys(response.body.errors).sort()).toEqual([
        'actions.0.type',
        'trigger',
        'trigger_config',
      ]);
    });
  });

  describe('segments', () => {
    it('shows the three sample segments with their baseline and live counts', async () => {
      const list = await viewer.agent.get('/api/crm/segments').set(acme(viewer)).expect(200);
      expect(
        list.body.map((segment: { name: string; lead_count: number }) => [segment.name, segment.lead_count]),
      ).toEqual([
        ['High-Value Prospects', 23],
        ['Warm Leads', 67],
        ['Cold Leads', 145],
      ]);
      const [{ total }] = [
        await demo.agent.get('/api/crm/leads?min_score=80&limit=1').set(acme()).expect(200),
      ].map((response) => response.body);
      expect(list.body[0].live_count).toBe(total);
    });

    it('creates, updates and deletes a segment; refuses an inverted range', async () => {
      const created = await member.agent
        .post('/api/crm/segments')
        .set(acme(member))
        .send({ name: 'Referrals', criteria: { lead_source: 'referral' }, colour: 'purple' })
        .expect(201);
      expect(created.body).toEqual(expect.objectContaining({ lead_count: 0, colour: 'purple' }));
      expect(typeof created.body.live_count).toBe('number');
      const updated = await member.agent
        .patch(`/api/crm/segments/${created.body.id}`)
        .set(acme(member))
        .send({ criteria: { min_score: 10, max_score: 20 } })
        .expect(200);
      expect(updated.body.criteria).toEqual({ min_score: 10, max_score: 20 });
      await member.agent
        .patch(`/api/crm/segments/${created.body.id}`)
        .set(acme(member))
        .send({ criteria: { min_score: 50, max_score: 20 } })
        .expect(400);
      await member.agent.delete(`/api/crm/segments/${created.body.id}`).set(acme(member)).expect(204);
      const bad = await member.agent
        .post('/api/crm/segments')
        .set(acme(member))
        .send({ name: 'Bad', criteria: { min_score: 200, stage: 'x' }, lead_count: -1, colour: '#fff' })
        .expect(400);
      expect(Object.keys(bad.body.errors).sort()).toEqual([
        'colour',
        'criteria.min_score',
        'criteria.stage',
        'lead_count',
      ]);
    });
  });

  it('reads each configuration record by id', async () => {
    for (const [list, what] of [
      ['/api/crm/automation-rules', 'name'],
      ['/api/crm/scoring-rules', 'points'],
      ['/api/crm/workflows', 'trigger'],
      ['/api/crm/segments', 'live_count'],
      ['/api/crm/email-campaigns', 'recipients_count'],
    ] as const) {
      const rows = await viewer.agent.get(list).set(acme(viewer)).expect(200);
      const first = rows.body[0];
      const one = await viewer.agent.get(`${list}/${first.id}`).set(acme(viewer)).expect(200);
      expect([list, one.body.id, one.body[what]]).toEqual([list, first.id, first[what]]);
    }
  });

  describe('lead qualification', () => {
    it('starts with five pending steps and follows Start, Complete, Skip with BANT', async () => {
      const lead = await demo.agent
        .post('/api/crm/leads')
        .set(acme())
        .send({ first_name: 'Q', last_name: 'Ual' })
        .expect(201);
      const url = `/api/crm/leads/${lead.body.id}/qualification`;
      const fresh = await viewer.agent.get(url).set(acme(viewer)).expect(200);
      expect(
        fresh.body.steps.map((step: { name: string; status: string }) => [step.name, step.status]),
      ).toEqual([
        ['Initial Contact', 'pending'],
        ['Discovery Call', 'pending'],
        ['BANT Qualification', 'pending'],
        ['Demo/Proposal', 'pending'],
        ['Decision Review', 'pending'],
      ]);
      expect(fresh.body.bant_score).toBe(0);

      await demo.agent
        .put(url)
        .set(acme())
        .send({
          steps: [
            { id: 'initial_contact', status: 'in_progress', notes: 'Left a voicemail' },
            { id: 'decision_review', status: 'skipped' },
          ],
        })
        .expect(200);
      const saved = await demo.agent
        .put(url)
        .set(acme())
        .send({
          steps: [{ id: 'initial_contact', status: 'completed' }],
          bant: { budget: true, authority: true, need: true, timing: false },
        })
        .expect(200);
      expect(saved.body.steps[0]).toEqual(
        expect.objectContaining({
          status: 'completed',
          notes: 'Left a voicemail',
          completedAt: expect.any(String),
        }),
      );
      expect(saved.body.steps[4].status).toBe('skipped');
      expect(saved.body.bant_score).toBe(75);
      const invalid = await demo.agent
        .put(url)
        .set(acme())
        .send({ steps: [{ id: 'discovery_call', status: 'completed' }] })
        .expect(400);
      expect(invalid.body.errors.steps).toEqual(['Discovery Call cannot go from pending to completed']);
      const reread = await demo.agent.get(url).set(acme()).expect(200);
      expect(reread.body.steps[1].status).toBe('pending');
      await viewer.agent.put(url).set(acme(viewer)).send({}).expect(403);
      const bad = await demo.agent
        .put(url)
        .set(acme())
        .send({ steps: [{ id: 'lunch', status: 'eaten' }], bant: { budget: 'yes' } })
        .expect(400);
      expect(Object.keys(bad.body.errors).sort()).toEqual(
        ['bant.authority', 'bant.budget', 'bant.need', 'bant.timing', 'steps.0.id', 'steps.0.status'].sort(),
      );
    });
  });
});
