import { useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { RUN_STATES } from '@strata/domain';
import { SearchBox } from '../../../shared/search-box/SearchBox';
import { useStoreState } from '../../../shared/use-store-state';
import { cronInWords } from './cron-words';
import type { RecipientJson } from '@strata/domain';
import { ReportModal } from '../report-modal';
import type { ReportListFilters, ReportPerson, ReportRowView, ScheduleType } from '../api/reports-api';
import { filtersOf, LIST_PAGE_SIZE, searchOf } from './report-list-url';
import type { ReportPagesFeature } from './report-pages.feature';
import { RunStateBadge, When } from './RunStateBadge';
import './report-pages.css';

export const listPathOf = (type: ScheduleType) => (type === 'Alert' ? '/alert/list/' : '/report/list/');
export const logPathOf = (row: { id: number; type: ScheduleType }) =>
  `/${row.type === 'Alert' ? 'alert' : 'report'}/${row.id}/log/`;

const personName = (p: ReportPerson) => [p.first_name, p.last_name].filter(Boolean).join(' ') || `user ${p.id}`;

function recipientsText(recipients: RecipientJson[]): string {
  return recipients
    .map((r) => {
      if (r.type === 'Webhook') return `Webhook ${r.recipient_config_json.target}`;
      const { target, ccTarget, bccTarget } = r.recipient_config_json;
      return [target, ccTarget && `cc ${ccTarget}`, bccTarget && `bcc ${bccTarget}`].filter(Boolean).join('; ');
    })
    .join(' · ');
}

export interface ReportListPageProps {
  pages: ReportPagesFeature;
  type: ScheduleType;
  admin: boolean;
  userId: number;
  /** can_write on ReportSchedule: "+ Report"/"+ Alert" and Edit open the report modal. */
  canWrite: boolean;
}

/**
 * `/report/list/` and `/alert/list/` (issue 14 item 6, Superset's AlertList): the schedules of one type
 * with their last run, schedule, recipients, owners and active toggle; search and filters in the address.
 */
export function ReportListPage({ pages, type, admin, userId, canWrite }: ReportListPageProps) {
  const state = useStoreState(pages.store.state$);
  const location = useLocation();
  const navigate = useNavigate();
  const filters = filtersOf(new URLSearchParams(location.search));
  const key = searchOf(filters);
  // A pending confirmation: how the page is looked at, not a fact.
  const [confirming, setConfirming] = useState<ReportRowView | null>(null);
  // The modal open on a new schedule (row null) or on one to edit.
  const [editing, setEditing] = useState<{ row: ReportRowView | null } | null>(null);
  const onEdit = canWrite ? (row: ReportRowView | null) => setEditing({ row }) : undefined;

  useEffect(() => {
    void pages.load(type, filtersOf(new URLSearchParams(key)));
    return () => pages.stop();
  }, [pages, type, key]);

  const go = (patch: Partial<ReportListFilters>) =>
    void navigate(listPathOf(type) + searchOf({ ...filters, page: 0, ...patch }));

  const { list, runs } = state;
  const rows = list.scheduleType === type ? list.rows : [];
  const owners = new Map<number, ReportPerson>();
  for (const row of rows) for (const o of row.owners) owners.set(o.id, o);
  owners.delete(userId);
  const pageCount = Math.max(1, Math.ceil(list.count / LIST_PAGE_SIZE));
  const noun = type === 'Alert' ? 'alert' : 'report';

  return (
    <div className="card report-pages">
      <div className="report-pages__head">
        <h1>Alerts &amp; reports</h1>
        <nav className="report-pages__tabs" aria-label="Schedules">
          <Link to="/alert/list/" aria-current={type === 'Alert' ? 'page' : undefined}>
            Alerts
          </Link>
          <Link to="/report/list/" aria-current={type === 'Report' ? 'page' : undefined}>
            Reports
          </Link>
          <Link to="/report/outbox/">Outbox</Link>
        </nav>
        <span className="report-pages__spacer" />
        {onEdit && (
          <button type="button" className="primary" onClick={() => onEdit(null)}>
            + {type}
          </button>
        )}
      </div>
      {!admin && <p className="muted">Only the {noun}s you created or own are listed.</p>}
      <div className="report-pages__filters">
        <SearchBox
          label={`Search ${noun}s`}
          placeholder="Name, description or recipient"
          search={filters.search}
          onSearch={(search) => go({ search })}
        />
        <select
          aria-label="Owner"
          value={filters.ownerId === null ? '' : String(filters.ownerId)}
          onChange={(e) => go({ ownerId: e.target.value === '' ? null : Number(e.target.value) })}
        >
          <option value="">All owners</option>
          <option value={String(userId)}>Me</option>
          {[...owners.values()].map((o) => (
            <option key={o.id} value={String(o.id)}>
              {personName(o)}
            </option>
          ))}
          {filters.ownerId !== null && filters.ownerId !== userId && !owners.has(filters.ownerId) && (
            <option value={String(filters.ownerId)}>user {filters.ownerId}</option>
          )}
        </select>
        <select
          aria-label="Status"
          value={filters.status ?? ''}
          onChange={(e) => go({ status: e.target.value === '' ? null : (e.target.value as typeof filters.status) })}
        >
          <option value="">Any status</option>
          {RUN_STATES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
        <select
          aria-label="Active"
          value={filters.active === null ? '' : String(filters.active)}
          onChange={(e) => go({ active: e.target.value === '' ? null : e.target.value === 'true' })}
        >
          <option value="">Active or not</option>
          <option value="true">Active</option>
          <option value="false">Inactive</option>
        </select>
        {list.loading && <span className="muted">Loading…</span>}
      </div>
      {list.error && <div className="form-error">{list.error}</div>}
      <table className="data" aria-label={type === 'Alert' ? 'Alerts' : 'Reports'}>
        <thead>
          <tr>
            <th>Last run</th>
            <th>Name</th>
            <th>Schedule</th>
            <th>Last run time</th>
            <th>Recipients</th>
            <th>Owners</th>
            <th>Active</th>
            <th>Actions</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const run = runs[row.id];
            return (
              <tr key={row.id} data-testid={`schedule-row-${row.id}`}>
                <td>
                  <RunStateBadge state={row.last_state} />
                </td>
                <td>
                  <Link to={logPathOf(row)}>{row.name}</Link>
                  {row.description && <div className="muted">{row.description}</div>}
                </td>
                <td title={`${row.crontab} (${row.timezone})`}>
                  {cronInWords(row.crontab)} <span className="muted">{row.timezone}</span>
                </td>
                <td>
                  <When at={row.last_eval_dttm} />
                </td>
                <td>{recipientsText(row.recipients)}</td>
                <td>{row.owners.map(personName).join(', ')}</td>
                <td>
                  <input
                    type="checkbox"
                    role="switch"
                    aria-label={`Active: ${row.name}`}
                    checked={row.active}
                    disabled={state.writing[row.id] === true}
                    onChange={(e) => void pages.setActive(row.id, e.target.checked)}
                  />
                </td>
                <td className="report-pages__actions">
                  {onEdit && (
                    <button type="button" className="link" onClick={() => onEdit(row)}>
                      Edit
                    </button>
                  )}
                  <button
                    type="button"
                    className="link"
                    disabled={run?.pending === true}
                    onClick={() => void pages.runNow(row.id)}
                  >
                    {run?.pending ? 'Running…' : 'Run now'}
                  </button>
                  <Link to={logPathOf(row)}>Log</Link>
                  <button type="button" className="link danger" onClick={() => setConfirming(row)}>
                    Delete
                  </button>
                  {run && !run.pending && <RunOutcome run={run} />}
                </td>
              </tr>
            );
          })}
          {!list.loading && rows.length === 0 && (
            <tr>
              <td colSpan={8} className="muted">
                No {noun}s yet
              </td>
            </tr>
          )}
        </tbody>
      </table>
      <Pager page={filters.page} pageCount={pageCount} count={list.count} onPage={(page) => go({ page })} />
      {editing && (
        <ReportModal
          open
          type={type}
          report={editing.row ?? undefined}
          onClose={() => setEditing(null)}
          onSaved={() => void pages.load(type, filters)}
        />
      )}
      {confirming && (
        <Confirm
          text={`Delete the ${noun} '${confirming.name}'? Its execution log goes with it.`}
          onCancel={() => setConfirming(null)}
          onConfirm={async () => {
            const row = confirming;
            setConfirming(null);
            await pages.remove(row.id);
          }}
        />
      )}
    </div>
  );
}

function RunOutcome({ run }: { run: { answer: { state: string } } | { error: string } }) {
  if ('error' in run) return <div className="form-error">{run.error}</div>;
  return <div className="muted">Run now: {run.answer.state}</div>;
}

export function Pager(props: { page: number; pageCount: number; count: number; onPage: (page: number) => void }) {
  const { page, pageCount, count, onPage } = props;
  if (pageCount <= 1) return null;
  return (
    <nav className="report-pages__pager" aria-label="Pages">
      <button type="button" disabled={page === 0} onClick={() => onPage(page - 1)}>
        Previous
      </button>
      <span>
        Page {page + 1} of {pageCount} ({count})
      </span>
      <button type="button" disabled={page + 1 >= pageCount} onClick={() => onPage(page + 1)}>
        Next
      </button>
    </nav>
  );
}

export function Confirm(props: { text: ReactNode; onCancel: () => void; onConfirm: () => void }) {
  return (
    <div className="report-pages__confirm" role="alertdialog" aria-label="Confirm">
      <p>{props.text}</p>
      <button type="button" className="danger" onClick={props.onConfirm}>
        Delete
      </button>
      <button type="button" onClick={props.onCancel}>
        Cancel
      </button>
    </div>
  );
}
