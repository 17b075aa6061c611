import type { ActionOutcome } from './automation-actions';

/** How a run of a rule or workflow ended. */
export type RunStatus = 'succeeded' | 'skipped' | 'failed';

/**
 * A skipped run (conditions not met, no record to act on) is logged but is no execution: the
 * automation's execution count and last run time stay. Runs that acted, or tried to, count.
 */
export function runCounts(status: RunStatus): boolean {
  return status !== 'skipped';
}

/** The run's log line: what each action did, in order. */
export function runMessage(outcomes: readonly ActionOutcome[]): string {
  return outcomes.map((outcome) => outcome.summary).join('; ') || 'No actions';
}
