import { startApiProcess } from './api-process';

describe('the API as a separate process (crash tests rely on it)', () => {
  it('starts from source on the run database, answers, and dies on SIGKILL', async () => {
    const api = await startApiProcess();
    const health = await fetch(`${api.url}/api/health`);
    expect(health.status).toBe(200);
    await api.kill('SIGKILL');
    await expect(fetch(`${api.url}/api/health`)).rejects.toThrow();
  }, 90_000);
});
