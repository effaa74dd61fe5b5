import { Link } from 'react-router-dom';
import { isLogPosition, utcTime } from './past-moment';
import './past-view.css';

/**
 * Over a page that shows an object as it was (`?as_of=`, issue 13): when, that nothing can be changed
 * here, that chart data is today's (the log keeps definitions, not query results), and the way back.
 */
export function PastViewBanner({
  asOf,
  changedOn,
  nowHref,
  queries = true,
}: {
  asOf: string;
  /** When the object last changed up to then (the past record's `changed_on`), if the answer says. */
  changedOn?: string | null;
  nowHref: string;
  /** Chart data is queried as today; false: no query runs (the replay). */
  queries?: boolean;
}) {
  const when = isLogPosition(asOf)
    ? `As it was at log position ${asOf}${changedOn ? ` (last changed ${utcTime(changedOn)})` : ''}`
    : `As it was at ${utcTime(asOf)}`;
  return (
    <div className="past-view-banner" role="region" aria-label="As it was" data-testid="past-view-banner">
      <strong>{when}</strong>
      <span className="muted">
        {' '}
        — read-only: nothing can be changed from here;{' '}
        {queries ? 'data as of now' : 'results are not kept, no query runs'}.{' '}
      </span>
      <Link to={nowHref}>Back to now</Link>
    </div>
  );
}
