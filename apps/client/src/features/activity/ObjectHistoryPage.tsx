import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { AS_OF_KINDS, REVERT_KINDS, type HistoryRowView, type ObjectRef } from '@strata/domain';
import { useStoreState } from '../../shared/use-store-state';
import type { ActivityFeature } from './activity.feature';
import { objectPageAsOfUrl, objectPageUrl } from './object-links';
import './activity.css';

/**
 * `/activity/object/<type>/<id>`: an object's intents, newest first (`GET /api/v1/<type>/<id>/history`),
 * each with "View as it was" (the object's own page with `?as_of=` where it opens a past state: Explore,
 * the dashboard page; else the GET's `as_of` answer as JSON here) and, where the domain can, "Revert" as a
 * new intent.
 */
export function ObjectHistoryPage({ activity, object }: { activity: ActivityFeature; object: ObjectRef }) {
  const state = useStoreState(activity.store.state$);
  useEffect(() => activity.loadHistory(object), [activity, object.type, object.id]);

  const history =
    state.history && state.history.object.type === object.type && String(state.history.object.id) === String(object.id)
      ? state.history
      : null;
  const page = objectPageUrl(object);
  const past =
    state.past && state.past.object.type === object.type && String(state.past.object.id) === String(object.id)
      ? state.past
      : null;

  return (
    <div className="activity-page">
      <h1>
        History of the {object.type.replace('_', ' ')} {String(object.id)}
      </h1>
      <p>
        {page && <Link to={page}>Open it</Link>}{' '}
        <Link to={`/activity/?object_type=${object.type}&object_id=${encodeURIComponent(String(object.id))}`}>
          Its activity
        </Link>
      </p>
      <section className="card">
        {history === null && <p className="muted">Loading the history…</p>}
        {history?.error && <p className="form-error">{history.error}</p>}
        {history && !history.error && history.rows.length === 0 && <p className="muted">No changes recorded.</p>}
        {history && history.rows.length > 0 && (
          <table className="data" aria-label="History">
            <thead>
              <tr>
                <th>Time</th>
                <th>Who</th>
                <th>Events</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {history.rows.map((row) => (
                <HistoryRow key={row.batch_id} activity={activity} object={object} row={row} />
              ))}
            </tbody>
          </table>
        )}
      </section>
      {past && (
        <section className="card" aria-label="As it was">
          <h2>As it was at position {past.position}</h2>
          {past.message ? (
            <p className="form-error">{past.message}</p>
          ) : past.state === null ? (
            <p className="muted">It did not exist then.</p>
          ) : (
            <pre className="activity-past">{JSON.stringify(past.state, null, 2)}</pre>
          )}
        </section>
      )}
    </div>
  );
}

function HistoryRow({ activity, object, row }: { activity: ActivityFeature; object: ObjectRef; row: HistoryRowView }) {
  const revert = useStoreState(activity.store.state$).reverts[row.batch_id];
  // Asking for confirmation is the row's own moment, not a fact.
  const [confirming, setConfirming] = useState(false);
  const pageAsOf = objectPageAsOfUrl(object, row.position);
  return (
    <tr data-testid={`history-${row.batch_id}`}>
      <td>
        <time dateTime={row.time}>{new Date(row.time).toLocaleString()}</time>
      </td>
      <td>{row.actor.username ?? 'Strata'}</td>
      <td>
        {row.event_types.map((t) => (
          <code key={t}>{t} </code>
        ))}
        {row.undone && <span className="badge warning">undone</span>}
      </td>
      <td>
        {pageAsOf && <Link to={pageAsOf}>View as it was</Link>}{' '}
        {AS_OF_KINDS.has(object.type) && (
          <button type="button" className="link" onClick={() => activity.viewAsOf(object, row.position)}>
            {pageAsOf ? 'As JSON' : 'View as it was'}
          </button>
        )}{' '}
        {REVERT_KINDS.has(object.type) &&
          (confirming ? (
            <span role="group" aria-label="Confirm the revert">
              Revert this change?{' '}
              <button
                type="button"
                className="primary"
                onClick={() => {
                  setConfirming(false);
                  void activity.revert(object, row.batch_id);
                }}
              >
                Yes, revert
              </button>{' '}
              <button type="button" onClick={() => setConfirming(false)}>
                Cancel
              </button>
            </span>
          ) : (
            <button type="button" onClick={() => setConfirming(true)}>
              Revert
            </button>
          ))}
        {revert?.ok === true && <span className="badge success">reverted</span>}
        {revert?.ok === false && (
          <p className="form-error" role="alert">
            {revert.message}
          </p>
        )}
      </td>
    </tr>
  );
}
