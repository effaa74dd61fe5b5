/**
 * Structured JSON logs with pino: one root logger for Nest (through PinoLoggerService), HTTP requests
 * (pino-http) and the error filter. Secrets in headers never reach the logs.
 */
import type { LoggerService } from '@nestjs/common';
import pino, { type Logger } from 'pino';
import type { LogLevel } from '../config/app-config';
import { prettyDestination } from './pretty-log';

/** `json` (production: one JSON object a line, for log tools) or `pretty` (development: for a person). */
export type LogFormat = 'json' | 'pretty';

/** Development reads logs at a terminal; production and test feed them to tools. */
export function logFormatFor(nodeEnv: 'development' | 'production' | 'test'): LogFormat {
  return nodeEnv === 'development' ? 'pretty' : 'json';
}

export function createRootLogger(
  level: LogLevel,
  destination?: pino.DestinationStream,
  format: LogFormat = 'json',
): Logger {
  const out = format === 'pretty' ? prettyDestination(destination ?? process.stdout) : destination;
  return pino(
    {
      level,
      base: { service: 'strata' },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: {
        paths: [
          'req.headers.cookie',
          'req.headers.authorization',
          'req.headers["x-csrftoken"]',
          'req.headers["x-guesttoken"]',
          'res.headers["set-cookie"]',
        ],
        censor: '[redacted]',
      },
    },
    out,
  );
}

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

/**
 * Nest's LoggerService over pino. Nest calls `log(message, context?)` and `error(message, stack?, context?)`;
 * the context becomes a `context` field and a stack an `err`, so log tools can filter on them.
 */
export class PinoLoggerService implements LoggerService {
  constructor(private readonly logger: Logger) {}

  log(message: unknown, ...params: unknown[]): void {
    this.write('info', message, params);
  }
  error(message: unknown, ...params: unknown[]): void {
    this.write('error', message, params);
  }
  warn(message: unknown, ...params: unknown[]): void {
    this.write('warn', message, params);
  }
  debug(message: unknown, ...params: unknown[]): void {
    this.write('debug', message, params);
  }
  verbose(message: unknown, ...params: unknown[]): void {
    this.write('trace', message, params);
  }
  fatal(message: unknown, ...params: unknown[]): void {
    this.write('fatal', message, params);
  }

  private write(level: Level, message: unknown, params: unknown[]): void {
    const rest = [...params];
    const fields: Record<string, unknown> = {};
    // Nest appends the context (the logger's name) as the last string argument.
    if (rest.length > 0 && typeof rest[rest.length - 1] === 'string') fields.context = rest.pop();
    const stack = rest.find((p): p is string => typeof p === 'string' && /\n\s+at /.test(p));
    if (stack) fields.stack = stack;
    if (message instanceof Error) {
      this.logger[level]({ ...fields, err: message }, message.message);
    } else if (typeof message === 'object' && message !== null) {
      this.logger[level]({ ...fields, ...(message as object) });
    } else {
      this.logger[level](fields, String(message));
    }
  }
}
