import { defer, map, type Observable, type OperatorFunction } from 'rxjs';
import type { EventLike } from '../envelope';
import { EventLog, type EventLogOptions } from '../log/event-log';
import type { Fold, LogEntry } from '../log/fold';

/**
 * Folds successive versions of a log (each emission is the whole array of entries) into state. Each
 * subscription keeps its own EventLog and only folds what changed since the previous emission, so
 * emitting `[...entries, next]` costs one evolve, not a replay.
 */
export function foldLog<S, E extends EventLike = EventLike>(
  fold: Fold<S, E>,
  options?: EventLogOptions,
): OperatorFunction<readonly LogEntry[], S> {
  return (source: Observable<readonly LogEntry[]>) =>
    defer(() => {
      const log = new EventLog(fold, options);
      return source.pipe(
        map((entries) => {
          log.sync(entries);
          return log.state;
        }),
      );
    });
}

/**
 * Folds a stream of appends (each emission is the entries added since the previous one, e.g. socket
 * `events` messages) into state, markers included.
 */
export function foldAppends<S, E extends EventLike = EventLike>(
  fold: Fold<S, E>,
  options?: EventLogOptions,
): OperatorFunction<readonly LogEntry[], S> {
  return (source: Observable<readonly LogEntry[]>) =>
    defer(() => {
      const log = new EventLog(fold, options);
      return source.pipe(
        map((appended) => {
          log.append(appended);
          return log.state;
        }),
      );
    });
}
