/** `?as_of=`: a log position (an event's `position`) or an ISO 8601 time; anything else is a 400. */
import { ErrorType } from '@strata/domain';
import { StrataHttpException } from '../common/error-body';
import type { LogPoint } from '../event-store';

const POSITION = /^\d{1,15}$/;
// A date, optionally a time with seconds, fraction and zone: what `Date.parse` reads the same everywhere.
const ISO_TIME = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

export function parseLogPoint(asOf: unknown): LogPoint {
  if (typeof asOf === 'string' && POSITION.test(asOf)) return { position: Number(asOf) };
  if (typeof asOf === 'string' && ISO_TIME.test(asOf)) {
    const time = Date.parse(asOf);
    if (Number.isFinite(time)) return { at: new Date(time).toISOString() };
  }
  throw new StrataHttpException(
    400,
    ErrorType.INVALID_PAYLOAD_FORMAT_ERROR,
    'as_of must be a log position (a whole number) or an ISO 8601 time, e.g. 2026-01-31T12:00:00Z.',
  );
}
