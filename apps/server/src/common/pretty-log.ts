/**
 * A human-readable pino destination for development (`npm start`): one line per record,
 * `12:03:04.123 INFO  [Context] message key=value`, errors with their stack below. pino-pretty is not a
 * dependency, and this covers what a person reads at a terminal; production keeps pino's JSON lines.
 */
import { Writable } from 'node:stream';

const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
// Fields every record has or that the line already shows.
const SHOWN = new Set(['level', 'time', 'msg', 'service', 'pid', 'hostname', 'context', 'stack', 'err']);
// Nest's boot lines, one per module and per route (about 400): at a terminal they bury what matters, so the
// readable form leaves them out; production's JSON keeps them.
const BOOT_CONTEXTS = new Set(['InstanceLoader', 'RoutesResolver', 'RouterExplorer']);

interface HttpRecord {
  req: { method?: string; url?: string };
  res: { statusCode?: number };
  responseTime?: number;
}
const isHttp = (record: Record<string, unknown>): record is Record<string, unknown> & HttpRecord =>
  typeof record.req === 'object' && record.req !== null && typeof record.res === 'object' && record.res !== null;

/** A request as a person reads it: `GET /api/v1/chart/ 200 12ms` (pino-http logs its headers too). */
function httpLine(record: HttpRecord & Record<string, unknown>): Record<string, unknown> {
  const { req, res, responseTime, ...rest } = record;
  const ms = typeof responseTime === 'number' ? ` ${responseTime}ms` : '';
  return { ...rest, msg: `${req.method ?? ''} ${req.url ?? ''} ${res.statusCode ?? ''}${ms}` };
}

/** The readable form of one JSON line, or null for a line left out (Nest's boot lines). */
export function formatPrettyLine(line: string): string | null {
  let record: Record<string, unknown>;
  try {
    record = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return line;
  }
  if (typeof record.context === 'string' && BOOT_CONTEXTS.has(record.context) && (record.level as number) < 40)
    return null;
  if (isHttp(record)) record = httpLine(record);
  const time = typeof record.time === 'string' ? record.time.slice(11, 23) : '';
  const level = (LEVELS[record.level as number] ?? String(record.level)).padEnd(5);
  const context = typeof record.context === 'string' ? ` [${record.context}]` : '';
  const extras = Object.entries(record)
    .filter(([key]) => !SHOWN.has(key))
    .map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`);
  const err = record.err as { stack?: string } | undefined;
  const stack = typeof record.stack === 'string' ? record.stack : err?.stack;
  const head = [`${time} ${level}${context} ${String(record.msg ?? '')}`, ...extras].join(' ');
  return stack ? `${head}\n${stack}` : head;
}

/** A stream pino writes JSON lines to and that writes their readable form to `out`. */
export function prettyDestination(out: { write(text: string): unknown } = process.stdout): Writable {
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n')) {
        const readable = line.trim() ? formatPrettyLine(line) : null;
        if (readable !== null) out.write(`${readable}\n`);
      }
      done();
    },
  });
}
