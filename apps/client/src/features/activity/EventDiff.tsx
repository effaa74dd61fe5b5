import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { AS_OF_KINDS, type AuditRowView } from '@strata/domain';
import { useStoreState } from '../../shared/use-store-state';
import type { ActivityFeature } from './activity.feature';
import { jsonDiff, showValue } from './json-diff';
import { objectPageAsOfUrl } from './object-links';

/**
 * One event opened: its payload, and for objects with `as_of` the object just before and just after the
 * event as a field-level diff (which fields were added, removed or changed).
 */
export function EventDiff({ activity, row }: { activity: ActivityFeature; row: AuditRowView }) {
  const hasStates = row.object !== null && AS_OF_KINDS.has(row.object.type);
  const states = useStoreState(activity.store.state$).states[row.position];
  useEffect(() => {
    if (hasStates && states === undefined) activity.loadStates(row);
    // Loaded once per row; a reopened row shows what was loaded.
  }, [activity, row.position, hasStates]);

  return (
    <div className="activity-diff" aria-label={`Details of event ${row.position}`} role="region">
      <h3>Payload</h3>
      <pre className="activity-diff__payload">{JSON.stringify(row.payload, null, 2)}</pre>
      {hasStates && (
        <>
          <h3>Before and after</h3>
          <PageLinks row={row} />
          {states === undefined ? (
            <p className="muted">Loading the object as it was…</p>
          ) : states.message !== null ? (
            <p className="form-error">{states.message}</p>
          ) : (
            <DiffTable before={states.before} after={states.after} />
          )}
        </>
      )}
    </div>
  );
}

function DiffTable({ before, after }: { before: unknown; after: unknown }) {
  if (before === null && after === null) return <p className="muted">The object did not exist at that point.</p>;
  const entries = jsonDiff(before ?? undefined, after ?? undefined);
  if (entries.length === 0) return <p className="muted">The object's fields did not change.</p>;
  return (
    <table className="data activity-diff__table" aria-label="Before and after">
      <thead>
        <tr>
          <th>Field</th>
          <th>Change</th>
          <th>Before</th>
          <th>After</th>
        </tr>
      </thead>
      <tbody>
        {entries.map((entry) => (
          <tr key={entry.path} className={`activity-diff--${entry.kind}`} data-testid={`diff-${entry.path}`}>
            <td>
              <code>{entry.path === '' ? '(the object)' : entry.path}</code>
            </td>
            <td>{entry.kind}</td>
            <td>{showValue(entry.before)}</td>
            <td>{showValue(entry.after)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The object's own page just before and just after the event, where the page opens a past state. */
function PageLinks({ row }: { row: AuditRowView }) {
  const before = row.object && objectPageAsOfUrl(row.object, row.position - 1);
  const after = row.object && objectPageAsOfUrl(row.object, row.position);
  if (!before || !after) return null;
  return (
    <p>
      <Link to={before}>Open as it was before</Link> · <Link to={after}>Open as it was after</Link>
    </p>
  );
}
