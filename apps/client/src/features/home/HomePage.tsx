import { useEffect } from 'react';
import { useStoreState } from '../../shared/use-store-state';
import type { SessionFeature } from '../session/session.feature';
import type { ExamplesFeature } from './examples.feature';
import { isAdmin, isNewUser, type ExamplesStatus } from '@strata/domain';
import type { HomeFeature } from './home.feature';
import { GetStarted, Overview } from './HomeOverviewPanels';
import './home.css';

/**
 * The landing page (issue 15 item 6): a returning user's recents, favourites and own objects; a new
 * user's "Get started"; and whether the example data is ready to explore.
 */
export function HomePage({
  session,
  examples,
  home,
}: {
  session: SessionFeature;
  examples: ExamplesFeature;
  home: HomeFeature;
}) {
  const { user } = useStoreState(session.store.state$);
  const state = useStoreState(examples.store.state$);
  const overview = useStoreState(home.store.state$);
  useEffect(() => {
    const watching = examples.watch();
    return () => watching.unsubscribe();
  }, [examples]);
  const userId = user?.id;
  useEffect(() => {
    if (userId !== undefined) home.load(userId);
  }, [home, userId]);

  const name = user ? [user.first_name, user.last_name].filter(Boolean).join(' ') || user.username : '';
  return (
    <div className="home">
      <h1>Welcome{name ? `, ${name}` : ''}</h1>
      {user && (
        <section className="card">
          <h2>Your account</h2>
          <p>
            Signed in as <strong>{user.username}</strong>
            {user.email ? <span className="muted"> · {user.email}</span> : null}
          </p>
          <p data-testid="home-roles">
            Roles:{' '}
            {Object.keys(user.roles).map((role) => (
              <span key={role} className="badge">
                {role}
              </span>
            ))}
          </p>
        </section>
      )}
      {overview.error && <p className="form-error">{overview.error}</p>}
      {overview.overview === null ? (
        !overview.error && <p className="muted">Loading your activity…</p>
      ) : isNewUser(overview.overview) ? (
        <GetStarted admin={isAdmin(user)} />
      ) : (
        <Overview overview={overview.overview} />
      )}
      <section className="card" aria-label="Example data">
        <h2>Example data {state.status && <StateBadge status={state.status} />}</h2>
        {state.error && <p className="form-error">{state.error}</p>}
        {state.status?.error && <p className="form-error">{state.status.error}</p>}
        {state.status === null ? (
          !state.error && <p className="muted">Checking the example data…</p>
        ) : (
          <ExamplesTable status={state.status} />
        )}
      </section>
    </div>
  );
}

const BADGES: Record<ExamplesStatus['state'], { kind: string; label: string }> = {
  loading: { kind: 'warning', label: 'loading…' },
  ready: { kind: 'success', label: 'ready' },
  failed: { kind: 'danger', label: 'failed' },
};

function StateBadge({ status }: { status: ExamplesStatus }) {
  const { kind, label } = BADGES[status.state] ?? BADGES.loading;
  return <span className={`badge ${kind}`}>{label}</span>;
}

const count = new Intl.NumberFormat('en-US');

function ExamplesTable({ status }: { status: ExamplesStatus }) {
  if (status.tables.length === 0) return <p className="muted">No example tables.</p>;
  return (
    <table className="data" aria-label="Example tables">
      <thead>
        <tr>
          <th>Table</th>
          <th className="number">Rows</th>
          <th className="number">Expected</th>
          <th>Status</th>
        </tr>
      </thead>
      <tbody>
        {status.tables.map((table) => (
          <tr key={table.name}>
            <td>
              <code>{table.name}</code>
            </td>
            <td className="number">{count.format(table.rows)}</td>
            <td className="number">{table.expected_rows === null ? '—' : count.format(table.expected_rows)}</td>
            <td>
              {table.loaded ? (
                <span className="badge success">loaded</span>
              ) : table.expected_rows === null ? (
                <span className="muted">{status.state === 'loading' ? 'waiting' : 'not loaded'}</span>
              ) : (
                <Progress rows={table.rows} expected={table.expected_rows} />
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Progress({ rows, expected }: { rows: number; expected: number }) {
  const percent = expected > 0 ? Math.min(100, Math.round((rows / expected) * 100)) : 0;
  return (
    <span className="progress" title={`${percent}%`}>
      <span className="progress__bar" style={{ width: `${percent}%` }} />
      <span className="progress__label">{percent}%</span>
    </span>
  );
}
