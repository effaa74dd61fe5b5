import { Fragment, useState } from 'react';
import { Link } from 'react-router-dom';
import type { AuditRowView } from '@strata/domain';
import type { ActivityFeature } from './activity.feature';
import { EventDiff } from './EventDiff';
import { objectHistoryUrl, objectPageUrl } from './object-links';

const timeOf = (iso: string) => new Date(iso).toLocaleString();

/** The audit rows: time, who, object, what happened, the event type; a row opens to its diff. */
export function AuditTable({ activity, rows }: { activity: ActivityFeature; rows: readonly AuditRowView[] }) {
  // Which rows are opened is how the table is looked at, not a fact of the page.
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const toggle = (position: number) =>
    setOpen((was) => {
      const next = new Set(was);
      if (!next.delete(position)) next.add(position);
      return next;
    });

  return (
    <table className="data activity-table" aria-label="Activity">
      <thead>
        <tr>
          <th />
          <th>Time</th>
          <th>Who</th>
          <th>Object</th>
          <th>What happened</th>
          <th>Event</th>
          <th />
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <Fragment key={row.position}>
            <tr
              data-testid={`activity-row-${row.position}`}
              className={row.undone ? 'activity-row--undone' : undefined}
            >
              <td>
                <button
                  type="button"
                  className="link"
                  aria-expanded={open.has(row.position)}
                  aria-label={`${open.has(row.position) ? 'Hide' : 'Show'} the details of event ${row.position}`}
                  onClick={() => toggle(row.position)}
                >
                  {open.has(row.position) ? '▾' : '▸'}
                </button>
              </td>
              <td>
                <time dateTime={row.time}>{timeOf(row.time)}</time>
              </td>
              <td>{actorName(row)}</td>
              <td>
                <ObjectCell row={row} />
              </td>
              <td>
                {row.summary} {row.undone && <span className="badge warning">undone</span>}
              </td>
              <td>
                <code>{row.type}</code>
              </td>
              <td>
                {row.object && objectHistoryUrl(row.object) && <Link to={objectHistoryUrl(row.object)!}>History</Link>}
              </td>
            </tr>
            {open.has(row.position) && (
              <tr className="activity-table__details">
                <td colSpan={7}>
                  <EventDiff activity={activity} row={row} />
                </td>
              </tr>
            )}
          </Fragment>
        ))}
      </tbody>
    </table>
  );
}

function actorName(row: AuditRowView): string {
  if (row.actor.guest) return `${row.actor.username ?? 'guest'} (guest)`;
  return row.actor.username ?? 'Strata';
}

function ObjectCell({ row }: { row: AuditRowView }) {
  if (row.object === null) return <span className="muted">—</span>;
  const label = `${row.object.type.replace('_', ' ')} ${row.object.name ? `'${row.object.name}'` : row.object.id}`;
  const url = objectPageUrl(row.object);
  return url ? <Link to={url}>{label}</Link> : <span>{label}</span>;
}
