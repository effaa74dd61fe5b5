import { Writable } from 'node:stream';
import { createRootLogger, logFormatFor, PinoLoggerService } from './logger';

function capture() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  return { lines, logger: createRootLogger('trace', stream) };
}

describe('PinoLoggerService', () => {
  it("turns Nest's trailing context argument into a field", () => {
    const { lines, logger } = capture();
    new PinoLoggerService(logger).log('Mapped {/health, GET} route', 'RouterExplorer');
    expect(lines[0]).toMatchObject({
      level: 30,
      msg: 'Mapped {/health, GET} route',
      context: 'RouterExplorer',
      service: 'strata',
    });
  });

  it('keeps the stack Nest passes to error()', () => {
    const { lines, logger } = capture();
    const stack = 'Error: boom\n    at main (main.ts:1:1)';
    new PinoLoggerService(logger).error('boom', stack, 'ExceptionHandler');
    expect(lines[0]).toMatchObject({ level: 50, msg: 'boom', stack, context: 'ExceptionHandler' });
  });

  it('serialises an Error given as the message', () => {
    const { lines, logger } = capture();
    new PinoLoggerService(logger).warn(new Error('disk almost full'));
    expect(lines[0]).toMatchObject({
      level: 40,
      msg: 'disk almost full',
      err: { message: 'disk almost full', type: 'Error' },
    });
  });

  it('maps verbose to trace and fatal to fatal', () => {
    const { lines, logger } = capture();
    const service = new PinoLoggerService(logger);
    service.verbose('details');
    service.fatal('gone');
    expect(lines.map((l) => l.level)).toEqual([10, 60]);
  });

  it('never writes credentials from request headers', () => {
    const { lines, logger } = capture();
    logger.info(
      { req: { headers: { cookie: 'session=abc', authorization: 'Bearer t', 'x-csrftoken': 'c', accept: '*/*' } } },
      'request',
    );
    expect(lines[0].req).toEqual({
      headers: { cookie: '[redacted]', authorization: '[redacted]', 'x-csrftoken': '[redacted]', accept: '*/*' },
    });
  });
});

describe('log format', () => {
  function collect() {
    const text: string[] = [];
    return { text, stream: { write: (chunk: string) => void text.push(chunk) } };
  }

  it('production writes one JSON object a line', () => {
    const { text, stream } = collect();
    const logger = createRootLogger('info', stream, logFormatFor('production'));
    new PinoLoggerService(logger).log('Strata is running', 'Main');
    logger.warn({ job: 'j1' }, 'slow');
    const lines = text.join('').trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    expect(JSON.parse(lines[0])).toMatchObject({ level: 30, msg: 'Strata is running', context: 'Main' });
    expect(JSON.parse(lines[1])).toMatchObject({ level: 40, msg: 'slow', job: 'j1' });
  });

  it('development writes a line a person reads: time, level, context, message, extra fields, stack', () => {
    const { text, stream } = collect();
    const logger = createRootLogger('info', stream, logFormatFor('development'));
    new PinoLoggerService(logger).log('Strata is running', 'Main');
    new PinoLoggerService(logger).error('boom', 'Error: boom\n    at main (main.ts:1:1)', 'ExceptionHandler');
    logger.info({ job: 'j1' }, 'done');
    const out = text.join('');
    expect(out).toMatch(/^\d\d:\d\d:\d\d\.\d{3} INFO {2}\[Main\] Strata is running\n/);
    expect(out).toContain('ERROR [ExceptionHandler] boom\nError: boom\n    at main (main.ts:1:1)\n');
    expect(out).toMatch(/INFO {2}done job=j1\n$/);
    expect(out).not.toContain('{"level"');
  });

  it("development shows a request as one short line and leaves out Nest's boot lines", () => {
    const { text, stream } = collect();
    const logger = createRootLogger('info', stream, logFormatFor('development'));
    new PinoLoggerService(logger).log('AppModule dependencies initialized', 'InstanceLoader');
    new PinoLoggerService(logger).log('Mapped {/health, GET} route', 'RouterExplorer');
    logger.info(
      {
        req: { id: 4, method: 'GET', url: '/report/list/', headers: { host: 'localhost', 'user-agent': 'curl' } },
        res: { statusCode: 200, headers: { 'content-type': 'text/html' } },
        responseTime: 3,
      },
      'request completed',
    );
    expect(text.join('')).toMatch(/^\d\d:\d\d:\d\d\.\d{3} INFO {2}GET \/report\/list\/ 200 3ms\n$/);
  });
});
