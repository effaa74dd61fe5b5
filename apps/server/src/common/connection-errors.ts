/**
 * PROBLEM: a database or Redis connection is an EventEmitter, and an 'error' event nobody listens to is
 * thrown by Node: one dying database connection (a restarted embedded database, a terminated backend,
 * a network cut) would take the whole web server down.
 * SOLUTION: every connection and pool gets a listener that logs; the code using the connection still
 * sees the failure as its query's error, and pools drop the dead connection.
 */
import { Logger } from '@nestjs/common';

interface ErrorEmitter {
  on(event: 'error', listener: (error: Error) => void): unknown;
}

const logger = new Logger('Connections');

/** Adds a listener that logs the connection's errors instead of letting Node throw them. */
export function logConnectionErrors<T extends ErrorEmitter>(emitter: T, what: string): T {
  emitter.on('error', (error: Error) => logger.warn(`${what}: ${error?.message ?? String(error)}`));
  return emitter;
}
