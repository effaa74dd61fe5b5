import { useEffect } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useStoreState } from '../../../shared/use-store-state';
import { cronInWords } from './cron-words';
import { LOG_PAGE_SIZE, type LogRowView } from '../api/reports-api';
import type { ReportPagesFeature } from './report-pages.feature';
import { listPathOf, Pager } from './ReportListPage';
import { RunStateBadge, When } from './RunStateBadge';
import './report-pages.css';

function duration(row: LogRowView): string {
  if (!row.start_dttm || !row.end_dttm) return '';
  const ms = Date.parse(row.end_dttm) - Date.parse(row.start_dttm);
  if (!(ms >= 0)) return '';
  if (ms < 1000) return `${ms} ms`;
  const s = ms / 1000;
  if (s < 60) return `${s.toFixed(1)} s`;
  return `${Math.floor(s / 60)} min ${Math.round(s % 60)} s`;
}

const pageOf = (search: string) => {
  const page = Number(new URLSearchParams(search).get('page'));
  return Number.isInteger(page) && page > 0 && page < 1e6 ? page : 0;
};

/**
 * `/report/<id>/log/` and `/alert/<id>/log/` (Superset's ExecutionLog): a schedule's runs, newest first,
 * paged, with their scheduled time, start, end, duration, state, value and error.
 */
export function ReportLogPage({ pages, reportId }: { pages: ReportPagesFeature; reportId: number }) {
  const { log, runs } = useStoreState(pages.store.state$);
  const location = useLocation();
  const navigate = useNavigate();
  const page = pageOf(location.search);

  useEffect(() => {
    void pages.loadLog(reportId, page);
    return () => pages.stop();
  }, [pages, reportId, page]);

  const report = log.reportId === reportId ? log.report : null;
  const rows = log.reportId === reportId ? log.rows : [];
  const run = runs[reportId];
  return (
    <div className="card report-pages">
      <div className="report-pages__head">
        <h1>{report ? report.name : 'Execution log'}</h1>
        {report && <span className="muted">{report.type}</span>}
        <span className="report-pages__spacer" />
        {report && (
          <button type="button" disabled={run?.pending === true} onClick={() => void pages.runNow(reportId)}>
            {run?.pending ? 'Running…' : 'Run now'}
          </button>
        )}
        <Link to={listPathOf(report?.type ?? 'Report')}>Back to all</Link>
      </div>
      {report && (
        <p className="muted">
          {cronInWords(report.crontab)} ({report.crontab}, {report.timezone}) · {report.active ? 'active' : 'inactive'}{' '}
          · last run <RunStateBadge state={report.last_state} />
        </p>
      )}
      {run && !run.pending && 'error' in run && <div className="form-error">{run.error}</div>}
      {log.error && log.reportId === reportId && <div className="form-error">{log.error}</div>}
      {log.loading && <span className="muted">Loading…</span>}
      <table className="data" aria-label="Execution log">
        <thead>
          <tr>
            <th>State</th>
            <th>Scheduled at</th>
            <th>Start at</th>
            <th>End at</th>
            <th>Duration</th>
            <th>Value</th>
            <th>Error message</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.uuid} data-testid={`log-row-${row.uuid}`}>
              <td>
                <RunStateBadge state={row.state} />
              </td>
              <td>
                <When at={row.scheduled_dttm} />
              </td>
              <td>
                <When at={row.start_dttm} />
              </td>
              <td>
                <When at={row.end_dttm} />
              </td>
              <td>{duration(row)}</td>
              <td>{row.value ?? ''}</td>
              <td className="report-pages__error">{row.error_message ?? ''}</td>
            </tr>
          ))}
          {!log.loading && rows.length === 0 && !log.error && (
            <tr>
              <td colSpan={7} className="muted">
                No runs yet
              </td>
            </tr>
          )}
        </tbody>
      </table>
      <Pager
        page={page}
        pageCount={Math.max(1, Math.ceil(log.count / LOG_PAGE_SIZE))}
        count={log.count}
        onPage={(p) => void navigate(`${location.pathname}${p > 0 ? `?page=${p}` : ''}`)}
      />
    </div>
  );
}
