/**
 * A human-readable pino destination for development (`npm start`): one line per record,
 * `12:03:04.123 INFO  [Context] message key=value`, errors with their stack below. pino-pretty is not a
 * dependency, and this covers what a person reads at a terminal; production keeps pino's JSON lines.
 */
import { Writable } from 'node:stream';

const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
// Fields every record has or that the line already shows.
const SHOWN = new Set(['level', 'time', 'msg', 'service', 'pid', 'hostname', 'context', 'stack', 'err']);

export function formatPrettyLine(line: string): string {
  let record: Record<string, unknown>;
  try {
    record = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return line;
  }
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
      for (const line of chunk.toString().split('\n')) if (line.trim()) out.write(`${formatPrettyLine(line)}\n`);
      done();
    },
  });
}
