import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { ActivityFilters } from '@strata/domain';
import { useStoreState } from '../../shared/use-store-state';
import type { ActivityFeature } from './activity.feature';
import { exportFileName } from './activity-export';
import { liveStreamOf } from './audit-live-transport';
import { filtersFromSearch, PAGE_SIZES, searchOfFilters } from './activity-url';
import { ActivityFiltersForm } from './ActivityFiltersForm';
import { AuditTable } from './AuditTable';
import './activity.css';
import { saveFile } from '../../shared/save-file';

/**
 * `/activity/` (issue 13 item 3): the audit log. Admins read everyone's activity and pick a user; anyone
 * else reads their own (the server holds them to it). The filters live in the address.
 */
export function ActivityPage({
  activity,
  admin,
  userId,
}: {
  activity: ActivityFeature;
  admin: boolean;
  /** The signed-in user: whose rows a non-admin's live tail follows. */
  userId: number;
}) {
  const state = useStoreState(activity.store.state$);
  const [search, setSearch] = useSearchParams();
  const key = search.toString();
  const filters = useMemo(() => filtersFromSearch(new URLSearchParams(key)), [key]);
  // The export is a download in progress, not a fact of the page.
  const [exporting, setExporting] = useState<string | null>(null);

  useEffect(() => activity.load(filters), [activity, filters]);
  useEffect(() => {
    if (admin) activity.loadUsers();
  }, [activity, admin]);
  // Live follows whose rows the table shows: an admin's user filter, or everyone.
  useEffect(() => {
    if (state.liveStream !== null) activity.follow(liveStreamOf(admin, userId, filters.actor));
    // Re-joined only when the actor changes; toggling is the checkbox's.
  }, [activity, filters.actor]);
  useEffect(() => () => activity.follow(null), [activity]);

  const apply = (next: ActivityFilters) => setSearch(searchOfFilters(next));
  const first = filters.page * filters.pageSize;

  const download = async () => {
    setExporting('Exporting…');
    try {
      const file = await activity.exportSlice(filters);
      saveFile(
        new Blob([JSON.stringify(file, null, 2)], { type: 'application/json' }),
        exportFileName(file.exportedAt),
      );
      setExporting(null);
    } catch (error) {
      setExporting(`The export failed: ${(error as Error).message}`);
    }
  };

  return (
    <div className="activity-page">
      <h1>{admin ? 'Activity' : 'My activity'}</h1>
      {!admin && <p className="muted">You see your own activity only: only admins read other users' activity.</p>}
      <ActivityFiltersForm key={key} filters={filters} users={state.users} admin={admin} onApply={apply} />
      <div className="activity-toolbar">
        <label>
          <input
            type="checkbox"
            checked={state.liveStream !== null}
            onChange={(e) => activity.follow(e.target.checked ? liveStreamOf(admin, userId, filters.actor) : null)}
          />{' '}
          Live
        </label>
        {state.liveStream !== null && (
          <span role="status" aria-label="Live tail" className="muted">
            {state.live ? 'Following new activity' : 'Connecting…'}
          </span>
        )}
        {state.liveError && <span className="form-error">{state.liveError}</span>}
        <label>
          Rows per page{' '}
          <select
            aria-label="Rows per page"
            value={String(filters.pageSize)}
            onChange={(e) => apply({ ...filters, page: 0, pageSize: Number(e.target.value) })}
          >
            {PAGE_SIZES.map((n) => (
              <option key={n} value={String(n)}>
                {n}
              </option>
            ))}
          </select>
        </label>
        <span className="app-header__spacer" />
        <button type="button" onClick={() => void download()} disabled={exporting === 'Exporting…'}>
          Export as time-travel file
        </button>
        {exporting && exporting !== 'Exporting…' && <span className="form-error">{exporting}</span>}
      </div>
      <section className="card">
        {state.loadError && <p className="form-error">{state.loadError}</p>}
        {state.filters === null && !state.loadError && <p className="muted">Loading the activity…</p>}
        {state.filters !== null && !state.loadError && state.rows.length === 0 && (
          <p className="muted">No activity matches these filters.</p>
        )}
        {state.rows.length > 0 && <AuditTable activity={activity} rows={state.rows} />}
        <nav className="activity-pager" aria-label="Pages">
          <button
            type="button"
            disabled={filters.page === 0}
            onClick={() => apply({ ...filters, page: filters.page - 1 })}
          >
            Previous
          </button>
          <span>
            {state.count === 0
              ? '0 rows'
              : `Rows ${first + 1}–${Math.min(first + state.rows.length, state.count)} of ${state.count}`}
          </span>
          <button
            type="button"
            disabled={first + filters.pageSize >= state.count}
            onClick={() => apply({ ...filters, page: filters.page + 1 })}
          >
            Next
          </button>
        </nav>
      </section>
    </div>
  );
}
