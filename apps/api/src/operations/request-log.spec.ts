import pino, { type DestinationStream } from 'pino';
import { createRequestLog, type RequestLine } from './logger';

/** A destination that keeps what is written to it. */
function captured(): DestinationStream & { lines: string[] } {
  const lines: string[] = [];
  return { lines, write: (text: string) => void lines.push(text) };
}

const production = { production: true, level: 'info' };

describe('request log', () => {
  const line: RequestLine = {
    requestId: 'req-"quoted"\\-1',
    method: 'GET',
    route: '/api/crm/deals/:id',
    status: 200,
    durationMs: 1.3,
    userId: '6bda8d8d-8432-4f78-b240-18d99c1f8f7d',
    institutionId: 'ed5cddfe-f4ee-4bc4-af96-40e6f45ce214',
  };

  it('writes the line pino writes for the same fields: same keys, order and values', () => {
    const byHand = captured();
    const byPino = captured();
    createRequestLog(pino({ level: 'silent' }), production, byHand).write('info', line);
    pino({ level: 'info', base: { pid: process.pid } }, byPino).info(line, 'request');

    expect(byHand.lines).toHaveLength(1);
    expect(byHand.lines[0].endsWith('\n')).toBe(true);
    const ours = JSON.parse(byHand.lines[0]) as Record<string, unknown>;
    const theirs = JSON.parse(byPino.lines[0]) as Record<string, unknown>;
    expect(Object.keys(ours)).toEqual(Object.keys(theirs));
    expect({ ...ours, time: 0 }).toEqual({ ...theirs, time: 0 });
    expect(Math.abs(Number(ours.time) - Number(theirs.time))).toBeLessThan(1000);
  });

  it('leaves out a person and an institution the request did not have, as pino leaves out undefined', () => {
    const byHand = captured();
    createRequestLog(pino({ level: 'silent' }), production, byHand).write('error', {
      ...line,
      status: 503,
      userId: undefined,
      institutionId: undefined,
    });
    expect(JSON.parse(byHand.lines[0])).toEqual({
      level: 50,
      time: expect.any(Number),
      pid: process.pid,
      requestId: line.requestId,
      method: 'GET',
      route: '/api/crm/deals/:id',
      status: 503,
      durationMs: 1.3,
      msg: 'request',
    });
  });

  it('writes only at or above its level: probes at debug stay out at info, and silent writes nothing', () => {
    const atInfo = createRequestLog(pino({ level: 'silent' }), production, captured());
    expect(atInfo.enabled('debug')).toBe(false);
    expect(atInfo.enabled('info')).toBe(true);
    expect(atInfo.enabled('error')).toBe(true);
    const silent = createRequestLog(
      pino({ level: 'silent' }),
      { production: true, level: 'silent' },
      captured(),
    );
    expect(silent.enabled('error')).toBe(false);
    const atDebug = createRequestLog(
      pino({ level: 'silent' }),
      { production: true, level: 'debug' },
      captured(),
    );
    expect(atDebug.enabled('debug')).toBe(true);
  });
});
