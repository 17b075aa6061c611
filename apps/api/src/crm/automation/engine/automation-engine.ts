import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { TenantScope } from '../../../access/tenant-scope';
import {
  type ActionOutcome,
  AutomationActions,
  type AutomationStep,
  type AutomationTexts,
} from './automation-actions';
import { type AutomationEvent, eventKey } from './automation-event';
import { type AutomationTarget, targetPerson } from './automation-target';
import { type RunStatus, runCounts, runMessage } from './run-outcome';

/** One rule or workflow about to run for one event, as the engine sees it. */
export interface AutomationPlan<TSource> {
  /** The rule or workflow row, handed back to its run log. */
  source: TSource;
  id: string;
  name: string;
  actions: readonly AutomationStep[];
  /** Conditions on the record, checked before any action: why the run is skipped, or null. */
  skipReason?: (target: AutomationTarget) => string | null;
  texts: AutomationTexts;
}

/** One run as it is recorded. */
export interface RunEntry<TSource> {
  source: TSource;
  scope: TenantScope;
  event: AutomationEvent;
  /** The record the run acted on (or tried to); null when there was none. */
  targetId: string | null;
  status: RunStatus;
  outcomes: ActionOutcome[];
  message: string;
  /** Whether the run moves the automation's execution count and last run time. */
  counts: boolean;
}

/** Where a feature keeps its runs (rule runs, workflow executions). */
export interface RunLog<TSource> {
  /** The automation already ran for this event (asked only for events that can come twice). */
  alreadyRan(manager: EntityManager, source: TSource, event: AutomationEvent): Promise<boolean>;
  /** Records the run and moves the counters; false when another run of the same event was first. */
  record(manager: EntityManager, entry: RunEntry<TSource>): Promise<boolean>;
}

export interface AutomationRun<TSource> {
  source: TSource;
  status: RunStatus;
  outcomes: ActionOutcome[];
  message: string;
}

/** The automation ran already for this event: nothing is done twice. */
export class AlreadyRan extends Error {
  constructor() {
    super('Already ran for this event');
  }
}

/** The record a run acts on: its id, and how to read (and lock) it in the run's transaction. */
export interface RunSubject {
  id: string | null;
  /** The record, or why there is none to act on (the run is then recorded as skipped). */
  load: (manager: EntityManager) => Promise<AutomationTarget | string>;
}

/** One run under way: what is running, for which event, and where it is recorded. */
interface RunContext<TSource> {
  scope: TenantScope;
  event: AutomationEvent;
  plan: AutomationPlan<TSource>;
  log: RunLog<TSource>;
}

/**
 * The one automation engine of the CRM: automation rules and Smart Leads workflows both run
 * here. A run checks the automation's conditions on the record, performs its actions in order
 * and records itself in the feature's run log, all in one transaction. Two ways to run:
 * - `runWithin`: in the caller's transaction (a rule is part of the pipeline move that set it off:
 *   if anything fails, the move rolls back with it, docs/product/leads.md#smart-lead-capture);
 * - `runAlone`: in its own transaction (a workflow is not part of the capture that set it off: a
 *   failure is recorded as a failed run instead of undoing the capture).
 */
@Injectable()
export class AutomationEngine {
  private readonly logger = new Logger('AutomationEngine');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly actions: AutomationActions,
  ) {}

  /**
   * Runs in the caller's transaction; null when the automation already ran for this event. A
   * string `target` says why there is no record to act on (a new deal without a contact): the run
   * is recorded as skipped with that line.
   */
  async runWithin<TSource>(
    manager: EntityManager,
    scope: TenantScope,
    event: AutomationEvent,
    plan: AutomationPlan<TSource>,
    target: AutomationTarget | string,
    log: RunLog<TSource>,
  ): Promise<AutomationRun<TSource> | null> {
    const run = { scope, event, plan, log };
    if (await this.ranBefore(manager, run)) return null;
    if (typeof target === 'string') return this.finish(manager, run, null, 'skipped', [], target);
    return this.execute(manager, run, target);
  }

  /**
   * Runs in a transaction of its own. `subject.load` reads (and locks) the record `subject.id` in
   * that transaction, or says why there is none to act on (the run is recorded as skipped). A
   * failure is recorded as a failed run; a run of an event already handled is answered as skipped.
   */
  async runAlone<TSource>(
    scope: TenantScope,
    event: AutomationEvent,
    plan: AutomationPlan<TSource>,
    subject: RunSubject,
    log: RunLog<TSource>,
  ): Promise<AutomationRun<TSource>> {
    const run = { scope, event, plan, log };
    try {
      return await this.dataSource.transaction(async (manager) => {
        if (await this.ranBefore(manager, run)) throw new AlreadyRan();
        const target = await subject.load(manager);
        if (typeof target === 'string') return this.finish(manager, run, subject.id, 'skipped', [], target);
        return this.execute(manager, run, target);
      });
    } catch (error) {
      if (error instanceof AlreadyRan) return alreadyHandled(plan);
      const message = error instanceof Error ? error.message : String(error);
      this.logger.warn(`Automation ${plan.id} (${plan.name}) failed for ${subject.id}: ${message}`);
      return this.dataSource
        .transaction((manager) => this.finish(manager, run, subject.id, 'failed', [], message))
        .catch((recordError: unknown) => {
          if (recordError instanceof AlreadyRan) return alreadyHandled(plan);
          throw recordError;
        });
    }
  }

  private async ranBefore<TSource>(manager: EntityManager, run: RunContext<TSource>): Promise<boolean> {
    return eventKey(run.event) !== null && run.log.alreadyRan(manager, run.plan.source, run.event);
  }

  private async execute<TSource>(
    manager: EntityManager,
    run: RunContext<TSource>,
    target: AutomationTarget,
  ): Promise<AutomationRun<TSource>> {
    const targetId = targetPerson(target).id;
    const skipped = run.plan.skipReason?.(target) ?? null;
    if (skipped !== null) return this.finish(manager, run, targetId, 'skipped', [], skipped);
    const context = { manager, scope: run.scope, event: run.event, target, texts: run.plan.texts };
    const outcomes: ActionOutcome[] = [];
    for (const step of run.plan.actions) outcomes.push(await this.actions.perform(context, step));
    return this.finish(manager, run, targetId, 'succeeded', outcomes, runMessage(outcomes));
  }

  private async finish<TSource>(
    manager: EntityManager,
    { scope, event, plan, log }: RunContext<TSource>,
    targetId: string | null,
    status: RunStatus,
    outcomes: ActionOutcome[],
    message: string,
  ): Promise<AutomationRun<TSource>> {
    const entry = { source: plan.source, scope, event, targetId, status, outcomes, message };
    // Another run of the same event got there first: its transaction undoes this one's actions.
    if (!(await log.record(manager, { ...entry, counts: runCounts(status) }))) throw new AlreadyRan();
    return { source: plan.source, status, outcomes, message };
  }
}

function alreadyHandled<TSource>(plan: AutomationPlan<TSource>): AutomationRun<TSource> {
  return { source: plan.source, status: 'skipped', outcomes: [], message: new AlreadyRan().message };
}
