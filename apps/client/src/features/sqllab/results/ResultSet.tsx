import { useEffect, useState } from 'react';
import {
  ErrorMessages,
  isQueryInProgress,
  issueCodeText,
  queryStateBadge,
  type BadgeState,
  type QueryState,
} from '@strata/domain';
import { copyToClipboard } from '../../errors/clipboard';
import { ResultsGrid } from './ResultsGrid';
import { displayLimitMessage, formatElapsed, limitingMessage, toTsv } from './result-texts';

export interface QueryResults {
  columns: readonly string[];
  data: readonly Record<string, unknown>[];
  displayLimitReached: boolean;
}

/** One run as the results pane shows it. */
export interface QueryView {
  id: string;
  state: QueryState;
  sql: string;
  startDttm: number;
  endDttm: number | null;
  rows: number | null;
  limitingFactor: string | null;
  progressMessage: string | null;
  errorMessage: string | null;
  errors: readonly { message: string; extra?: { link?: string; issue_codes?: unknown } | null }[];
  results: QueryResults | null;
  isDataPreview: boolean;
  /** CREATE TABLE / VIEW AS target, once created. */
  tempTable?: string | null;
  tempSchema?: string | null;
  ctasMethod?: 'TABLE' | 'VIEW';
}

export interface ResultSetProps {
  query: QueryView;
  /** SQL_MAX_ROW: what the CSV export can reach. */
  maxRow: number;
  exportUrl: string | null;
  now(): number;
  notify(kind: 'success' | 'danger', text: string): void;
  /** Brings back rows that were not kept (after a reload). */
  onRefetch(): void;
  /** Opens a query of the table a CREATE TABLE AS made. */
  onQueryTable?(schema: string | null, table: string): void;
  /** Turning the results into a dataset (sqllab-and-platform §4): none for data previews. */
  dataset?: DatasetControls;
  /**
   * The run as it was at a past moment (a replay): its clock stands still at `now()`, and its rows, never
   * kept, are not offered again; `rowsNote` says why.
   */
  past?: { rowsNote: string };
}

export interface DatasetControls {
  defaultName: string;
  saving: boolean;
  /** The last creation's error (sqllab-and-platform §8: dataset creation failure stores the error). */
  error: string | null;
  onSave(name: string): void;
  onExplore(): void;
}

/** Save dataset (asks for a name) and Explore (a dataset under a default name, then the chart builder). */
function DatasetButtons({ dataset }: { dataset: DatasetControls }) {
  // Whether the name box is open and what is typed in it: view state, not facts.
  const [naming, setNaming] = useState<string | null>(null);
  if (naming !== null) {
    return (
      <form
        className="sqllab-inline"
        aria-label="Save dataset"
        onSubmit={(e) => {
          e.preventDefault();
          if (!naming.trim()) return;
          dataset.onSave(naming);
          setNaming(null);
        }}
      >
        <input aria-label="Dataset name" autoFocus value={naming} onChange={(e) => setNaming(e.target.value)} />
        <button type="submit" className="button button--small" disabled={!naming.trim()}>
          Save
        </button>
        <button type="button" className="button--small" onClick={() => setNaming(null)}>
          Cancel
        </button>
      </form>
    );
  }
  return (
    <>
      <button
        type="button"
        className="button--small"
        disabled={dataset.saving}
        onClick={() => setNaming(dataset.defaultName)}
      >
        Save dataset
      </button>
      <button
        type="button"
        className="button--small"
        disabled={dataset.saving}
        onClick={dataset.onExplore}
        title="Create a dataset from this query and explore it"
      >
        Explore
      </button>
    </>
  );
}

function Elapsed({ query, now, still }: { query: QueryView; now(): number; still: boolean }) {
  const running = query.endDttm === null && isQueryInProgress(query.state);
  const [, tick] = useState(0);
  useEffect(() => {
    if (!running || still) return;
    const timer = setInterval(() => tick((n) => n + 1), 100);
    return () => clearInterval(timer);
  }, [running, still]);
  const end = query.endDttm ?? (running ? now() : query.startDttm);
  return (
    <span className="sqllab-timer" data-testid="query-timer">
      {formatElapsed(end - query.startDttm)}
    </span>
  );
}

export function QueryStateBadge({ state }: { state: BadgeState }) {
  return (
    <span className={`badge ${queryStateBadge(state)}`} data-testid="query-state">
      {state.replace('_', ' ')}
    </span>
  );
}

/**
 * The results of the tab's latest run: state badge, timer, row count, the limiting and display-limit
 * warnings, copy and CSV, then the grid; or the error with its Request Access link.
 */
export function ResultSet(props: ResultSetProps) {
  const { query, maxRow, exportUrl, now, notify, onRefetch, onQueryTable, dataset, past } = props;
  const shown = query.results?.data.length ?? 0;
  // Browser storage never keeps rows: a finished run restored after a reload has a count, no rows.
  const rowsGone = query.state === 'success' && (query.rows ?? 0) > 0 && shown === 0;
  const results = rowsGone ? null : query.results;
  const limited = query.state === 'success' ? limitingMessage(query.limitingFactor, query.rows ?? shown) : null;

  const copy = async () => {
    if (!results) return;
    const ok = await copyToClipboard(toTsv(results.columns, results.data));
    notify(ok ? 'success' : 'danger', ok ? ErrorMessages.COPIED_TO_CLIPBOARD : ErrorMessages.COPY_NOT_SUPPORTED);
  };

  return (
    <section className="sqllab-results" aria-label="Results" data-testid="result-set">
      <div className="sqllab-results__bar">
        <QueryStateBadge state={query.state} />
        <Elapsed query={query} now={now} still={past !== undefined} />
        {query.state === 'success' && (results || past) && (
          <span data-testid="row-count">
            {(query.rows ?? shown).toLocaleString('en-US')} row{(query.rows ?? shown) === 1 ? '' : 's'}
          </span>
        )}
        {query.progressMessage && isQueryInProgress(query.state) && (
          <span className="muted">{query.progressMessage}</span>
        )}
        <span className="sqllab-spacer" />
        {results && (
          <>
            <button type="button" className="button button--small" onClick={() => void copy()}>
              Copy to clipboard
            </button>
            {exportUrl && (
              <a className="button button--small" href={exportUrl} download>
                Download to CSV
              </a>
            )}
            {dataset && query.state === 'success' && results.columns.length > 0 && <DatasetButtons dataset={dataset} />}
          </>
        )}
      </div>
      {dataset?.error && !dataset.saving && (
        <div className="sqllab-alert sqllab-alert--danger" role="alert" data-testid="dataset-error">
          {dataset.error}
        </div>
      )}
      {limited && (
        <div className="sqllab-alert sqllab-alert--warning" role="status" data-testid="limiting-message">
          {limited}
        </div>
      )}
      {results?.displayLimitReached && (
        <div className="sqllab-alert sqllab-alert--warning" role="status" data-testid="display-limit-message">
          {displayLimitMessage(shown, maxRow)}
        </div>
      )}
      {(query.state === 'failed' || query.state === 'timed_out') && (
        <div className="sqllab-alert sqllab-alert--danger" role="alert" data-testid="query-error">
          {query.errorMessage ?? query.errors[0]?.message ?? ErrorMessages.UNKNOWN_ERROR}
          {/* sqllab-and-platform §8 'Request timed out' lists the issues that may explain it. */}
          {Array.isArray(query.errors[0]?.extra?.issue_codes) && (
            <ul className="sqllab-issues">
              {(query.errors[0]!.extra!.issue_codes as { code: number; message: string }[]).map((issue) => (
                <li key={issue.code}>{issueCodeText(issue)}</li>
              ))}
            </ul>
          )}
          {query.errors[0]?.extra?.link && (
            <>
              {' '}
              <a href={query.errors[0].extra.link} target="_blank" rel="noreferrer">
                Request Access
              </a>
            </>
          )}
        </div>
      )}
      {query.state === 'stopped' && <div className="sqllab-alert sqllab-alert--info">The query was stopped.</div>}
      {query.state === 'success' && query.tempTable && (
        <div className="sqllab-alert sqllab-alert--info" data-testid="ctas-result">
          {query.ctasMethod === 'VIEW' ? 'View' : 'Table'} {query.tempSchema ? `${query.tempSchema}.` : ''}
          {query.tempTable} was created.{' '}
          {onQueryTable && (
            <button
              type="button"
              className="button--small"
              onClick={() => onQueryTable(query.tempSchema ?? null, query.tempTable!)}
            >
              Query it in a new tab
            </button>
          )}
        </div>
      )}
      {past && (
        <div className="sqllab-alert sqllab-alert--info" role="status" data-testid="rows-not-kept">
          {past.rowsNote}
        </div>
      )}
      {rowsGone && !query.tempTable && !past && (
        <div className="sqllab-alert sqllab-alert--info">
          The rows of this run are no longer in the browser.{' '}
          <button type="button" className="button--small" onClick={onRefetch}>
            Fetch the results
          </button>
        </div>
      )}
      {results && query.state === 'success' && <ResultsGrid columns={results.columns} rows={results.data} />}
      {query.state === 'success' && results && results.columns.length === 0 && (
        <p className="muted">The query returned no data.</p>
      )}
    </section>
  );
}
