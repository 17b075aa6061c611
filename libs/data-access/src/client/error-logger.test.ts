import { errorReportFor, logError, resetErrorLogger, setErrorReportInstitution } from './error-logger';

describe('the error logger', () => {
  const sent: Array<{ url: string; init: RequestInit }> = [];
  const realFetch = globalThis.fetch;
  const realConsoleError = console.error;
  const logged: unknown[][] = [];
  beforeEach(() => {
    sent.length = 0;
    logged.length = 0;
    resetErrorLogger();
    // The transport is the browser's: record what would leave, the server side is tested by the API suite.
    globalThis.fetch = ((url: string, init: RequestInit) => {
      sent.push({ url, init });
      return Promise.resolve(new Response(null, { status: 204 }));
    }) as typeof fetch;
    console.error = (...args: unknown[]) => logged.push(args);
  });
  afterEach(() => {
    globalThis.fetch = realFetch;
    console.error = realConsoleError;
  });

  it('writes to the console and reports to the server with the institution worked in', () => {
    setErrorReportInstitution('0b6d6a3e-7c59-4c8e-9f0a-6a1f1d1f0c11');
    const failure = new TypeError('x is undefined');
    logError('Failed to load deals pipeline', failure, { moduleId: 'crm' });
    expect(logged).toEqual([['Failed to load deals pipeline', failure]]);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.url).toBe('/api/error-reports');
    const headers = sent[0]?.init.headers as Record<string, string>;
    expect(headers['X-Institution-Id']).toBe('0b6d6a3e-7c59-4c8e-9f0a-6a1f1d1f0c11');
    const body = JSON.parse(String(sent[0]?.init.body));
    expect(body.message).toBe('Failed to load deals pipeline');
    expect(body.module_id).toBe('crm');
    expect(body.detail).toContain('TypeError: x is undefined');
  });

  it('sends the same message once per window and at most 30 a minute', () => {
    logError('Same failure');
    logError('Same failure');
    expect(sent).toHaveLength(1);
    for (let index = 0; index < 40; index += 1) logError(`Failure ${index}`);
    expect(sent).toHaveLength(30);
    // Every one still reaches the console.
    expect(logged).toHaveLength(42);
  });

  it('cuts long values instead of sending what the API would refuse', () => {
    const report = errorReportFor('m'.repeat(600), 'd'.repeat(5000), 'crm');
    expect(report.message).toHaveLength(500);
    expect(report.detail).toHaveLength(4000);
    expect(report.message.endsWith('…')).toBe(true);
  });
});
