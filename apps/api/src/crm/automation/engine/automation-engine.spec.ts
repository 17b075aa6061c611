import type { DataSource, EntityManager } from 'typeorm';
import type { TenantScope } from '../../../access/tenant-scope';
import type { ActionContext, AutomationActions, AutomationStep } from './automation-actions';
import { AutomationEngine, type AutomationPlan, type RunEntry, type RunLog } from './automation-engine';
import type { AutomationEvent } from './automation-event';
import type { AutomationTarget, LeadRecord } from './automation-target';

/** The engine's flow with its database and actions replaced: what runs, what is recorded. */
const manager = {} as EntityManager;
const dataSource = {
  transaction: (work: (m: EntityManager) => unknown) => work(manager),
} as unknown as DataSource;
const scope: TenantScope = {
  userId: 'u1',
  email: 'sam@acme.test',
  isSuperAdmin: false,
  institutionId: 'acme',
  role: null,
  level: 'write',
};
const lead: LeadRecord = {
  id: 'lead1',
  org_id: 'acme',
  owner_id: 'u1',
  first_name: 'Ada',
  last_name: 'Lovelace',
  company: null,
  email: 'ada@example.test',
  lead_score: 50,
  qualification_score: null,
};
const target: AutomationTarget = { kind: 'lead', lead };
const opened: AutomationEvent = { type: 'email_opened', messageId: 'm1' };

function setUp(options: { ran?: boolean; refuse?: boolean; fail?: string } = {}) {
  const performed: string[] = [];
  const recorded: Array<RunEntry<string>> = [];
  const actions = {
    perform: async (_context: ActionContext, step: AutomationStep) => {
      if (step.type === options.fail) throw new Error(`${step.type} broke`);
      performed.push(step.type);
      return { type: step.type, record_id: null, summary: `did ${step.type}` };
    },
  } as unknown as AutomationActions;
  const log: RunLog<string> = {
    alreadyRan: async () => options.ran ?? false,
    record: async (_manager, entry) => {
      recorded.push(entry);
      return !options.refuse;
    },
  };
  return { engine: new AutomationEngine(dataSource, actions), performed, recorded, log };
}

const plan = (overrides: Partial<AutomationPlan<string>> = {}): AutomationPlan<string> => ({
  source: 'workflow-1',
  id: 'w1',
  name: 'Welcome',
  actions: [{ type: 'send_email' }, { type: 'assign_sales_rep' }],
  texts: { emailSubject: 'Hi', emailSent: (to) => `Sent to ${to}` },
  ...overrides,
});

describe('automation engine', () => {
  it('performs the actions in order and records one counted run', async () => {
    const { engine, performed, recorded, log } = setUp();
    const run = await engine.runWithin(manager, scope, { type: 'lead_captured' }, plan(), target, log);
    expect(performed).toEqual(['send_email', 'assign_sales_rep']);
    expect(run).toEqual(
      expect.objectContaining({ status: 'succeeded', message: 'did send_email; did assign_sales_rep' }),
    );
    expect(recorded).toEqual([
      expect.objectContaining({ targetId: 'lead1', status: 'succeeded', counts: true, source: 'workflow-1' }),
    ]);
  });

  it('skips without acting when a condition is not met, and does not count the run', async () => {
    const { engine, performed, recorded, log } = setUp();
    const run = await engine.runWithin(
      manager,
      scope,
      { type: 'lead_captured' },
      plan({ skipReason: () => 'Score 50 is below 80' }),
      target,
      log,
    );
    expect(performed).toEqual([]);
    expect(run?.status).toBe('skipped');
    expect(recorded).toEqual([expect.objectContaining({ message: 'Score 50 is below 80', counts: false })]);
  });

  it('runs nothing for an event it already handled', async () => {
    const { engine, performed, recorded, log } = setUp({ ran: true });
    expect(await engine.runWithin(manager, scope, opened, plan(), target, log)).toBeNull();
    const alone = await engine.runAlone(
      scope,
      opened,
      plan(),
      { id: 'lead1', load: async () => target },
      log,
    );
    expect(alone).toEqual(
      expect.objectContaining({ status: 'skipped', message: 'Already ran for this event' }),
    );
    expect([performed, recorded]).toEqual([[], []]);
  });

  it('asks the log about earlier runs only for events that can come twice', async () => {
    const { engine, performed, log } = setUp({ ran: true });
    await engine.runWithin(manager, scope, { type: 'lead_captured' }, plan(), target, log);
    expect(performed).toHaveLength(2);
  });

  it('inside the caller’s transaction, a failing action fails the caller', async () => {
    const { engine, recorded, log } = setUp({ fail: 'assign_sales_rep' });
    await expect(
      engine.runWithin(manager, scope, { type: 'lead_captured' }, plan(), target, log),
    ).rejects.toThrow('assign_sales_rep broke');
    expect(recorded).toEqual([]);
  });

  it('on its own, records a failure as a failed, counted run for the record it was for', async () => {
    const { engine, recorded, log } = setUp({ fail: 'assign_sales_rep' });
    const run = await engine.runAlone(
      scope,
      { type: 'lead_captured' },
      plan(),
      { id: 'lead1', load: async () => target },
      log,
    );
    expect(run).toEqual(expect.objectContaining({ status: 'failed', message: 'assign_sales_rep broke' }));
    expect(recorded).toEqual([
      expect.objectContaining({ status: 'failed', targetId: 'lead1', counts: true, outcomes: [] }),
    ]);
  });

  it('on its own, records a skipped run when there is no record to act on', async () => {
    const { engine, performed, recorded, log } = setUp();
    const run = await engine.runAlone(
      scope,
      opened,
      plan(),
      { id: null, load: async () => 'No lead with the e-mail x@y.test' },
      log,
    );
    expect(performed).toEqual([]);
    expect(run).toEqual(
      expect.objectContaining({ status: 'skipped', message: 'No lead with the e-mail x@y.test' }),
    );
    expect(recorded).toEqual([expect.objectContaining({ targetId: null, counts: false })]);
  });

  it('answers "already ran" when another run of the same event recorded first', async () => {
    const { engine, log } = setUp({ refuse: true });
    const run = await engine.runAlone(scope, opened, plan(), { id: 'lead1', load: async () => target }, log);
    expect(run).toEqual(
      expect.objectContaining({ status: 'skipped', message: 'Already ran for this event' }),
    );
  });
});
