/** Where a piece of background work stands: an import, a score refresh. */
export const JOB_STATUSES = ['pending', 'running', 'completed', 'failed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** What the API says about any background work: how to ask again, where it stands, why it failed. */
export interface BackgroundJob {
  id: string;
  status: JobStatus;
  /** Why failed work stopped; null otherwise. */
  failure: string | null;
}

/** Completed or failed: it will not change again. */
export function isJobSettled(status: JobStatus | null | undefined): boolean {
  return status === 'completed' || status === 'failed';
}

/** How often a screen asks about work still under way. */
export const JOB_POLL_MS = 500;

/** A query's `refetchInterval` for background work: poll while it is under way, stop once settled. */
export function jobPollInterval(job: Pick<BackgroundJob, 'status'> | null | undefined): number | false {
  return job && isJobSettled(job.status) ? false : JOB_POLL_MS;
}
