import { isJobSettled, JOB_POLL_MS, jobPollInterval } from './jobs';

describe('background work', () => {
  it('is settled once completed or failed, never while pending or running', () => {
    expect(isJobSettled('completed')).toBe(true);
    expect(isJobSettled('failed')).toBe(true);
    expect(isJobSettled('pending')).toBe(false);
    expect(isJobSettled('running')).toBe(false);
    expect(isJobSettled(undefined)).toBe(false);
  });

  it('is polled until it settles, and before anything is known about it', () => {
    expect(jobPollInterval(undefined)).toBe(JOB_POLL_MS);
    expect(jobPollInterval({ status: 'pending' })).toBe(JOB_POLL_MS);
    expect(jobPollInterval({ status: 'running' })).toBe(JOB_POLL_MS);
    expect(jobPollInterval({ status: 'completed' })).toBe(false);
    expect(jobPollInterval({ status: 'failed' })).toBe(false);
  });
});
