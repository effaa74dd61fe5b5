import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { visibleQueryEditors } from '@strata/domain';
import type { TestServer } from '../../../testing/test-server';
import type { ToastsFeature } from '../../toasts/toasts.feature';
import { SqlLabPage } from '../SqlLabPage';
import type { SqlLabFeature } from '../sqllab.feature';
import { startSqlLab, stopSqlLab } from '../testing/sqllab-kit';
import { QueryHistoryPage } from './QueryHistoryPage';

let server: TestServer;
let toasts: ToastsFeature;
let sqllab: SqlLabFeature;

beforeEach(async () => ({ server, toasts, sqllab } = await startSqlLab()));

afterEach(() => stopSqlLab({ server, toasts, sqllab }));

function showPage(canSeeAllQueries: boolean) {
  render(
    <MemoryRouter initialEntries={['/sqllab/history/']}>
      <Routes>
        <Route
          path="/sqllab/history/"
          element={
            <QueryHistoryPage history={sqllab.history} catalog={sqllab.catalog} canSeeAllQueries={canSeeAllQueries} />
          }
        />
        <Route path="/sqllab/" element={<SqlLabPage sqllab={sqllab} />} />
      </Routes>
    </MemoryRouter>,
  );
}

const rows = () => screen.getAllByTestId('history-row');
const sqlOf = (row: HTMLElement) => within(row).getByText(/^SELECT/).textContent;
const lastListRequest = () =>
  decodeURIComponent(server.requests.filter((r) => r.url.startsWith('/api/v1/query/?')).at(-1)!.url);

describe('/sqllab/history/', () => {
  it('searches past runs by SQL text, state and database, each sent to the server', async () => {
    showPage(false);
    await waitFor(() => expect(rows()).toHaveLength(25));
    fireEvent.change(screen.getByLabelText('Search the SQL'), { target: { value: 'SELECT 1' } });
    await waitFor(() =>
      expect(rows().map(sqlOf)).toEqual([
        'SELECT 19 AS n',
        'SELECT 18 AS n',
        'SELECT 17 AS n',
        'SELECT 16 AS n',
        'SELECT 15 AS n',
        'SELECT 14 AS n',
        'SELECT 13 AS n',
        'SELECT 12 AS n',
        'SELECT 11 AS n',
        'SELECT 10 AS n',
        'SELECT 1 AS n',
      ]),
    );
    expect(lastListRequest()).toContain("(col:sql,opr:ct,value:'SELECT 1')");

    fireEvent.change(screen.getByLabelText('Filter by state'), { target: { value: 'failed' } });
    await waitFor(() => expect(rows().map(sqlOf)).toEqual(['SELECT 18 AS n', 'SELECT 15 AS n', 'SELECT 12 AS n']));
    expect(lastListRequest()).toContain('(col:status,opr:eq,value:failed)');

    // The database picker offers SQL Lab's databases; the seeded runs are all on database 1.
    await within(screen.getByLabelText('Filter by database')).findByRole('option', { name: 'examples' });
    fireEvent.change(screen.getByLabelText('Filter by database'), { target: { value: '2' } });
    expect(await screen.findByText('No past query matches these filters.')).toBeInTheDocument();
    expect(lastListRequest()).toContain('(col:database_id,opr:eq,value:2)');
    fireEvent.change(screen.getByLabelText('Filter by database'), { target: { value: '1' } });
    await waitFor(() => expect(rows()).toHaveLength(3));
  });

  it("offers the user filter only to who may see others' queries (admins)", async () => {
    showPage(true);
    await waitFor(() => expect(rows()).toHaveLength(25));
    const users = screen.getByLabelText('Filter by user');
    expect(within(users).getByRole('option', { name: 'Bob Analyst' })).toBeInTheDocument();
    fireEvent.change(users, { target: { value: '2' } });
    await waitFor(() => expect(lastListRequest()).toContain('(col:user_id,opr:eq,value:2)'));
  });

  it('a user who sees only their own runs gets no user filter', async () => {
    showPage(false);
    await waitFor(() => expect(rows()).toHaveLength(25));
    expect(screen.queryByLabelText('Filter by user')).toBeNull();
  });

  it('"Open in SQL Lab" opens a new tab with that run\'s SQL and database', async () => {
    showPage(false);
    await waitFor(() => expect(rows()).toHaveLength(25));
    const row = rows().find((r) => sqlOf(r) === 'SELECT 27 AS n')!;
    expect(within(row).queryByRole('button', { name: 'Edit in this tab' })).toBeNull();
    fireEvent.click(within(row).getByRole('button', { name: 'Open in SQL Lab' }));
    await waitFor(() =>
      expect(visibleQueryEditors(sqllab.store.getState()).map((t) => t.sql)).toContain('SELECT 27 AS n'),
    );
    const tab = visibleQueryEditors(sqllab.store.getState()).find((t) => t.sql === 'SELECT 27 AS n')!;
    expect(tab).toMatchObject({ dbId: 1, schema: 'public' });
    await waitFor(() => expect(sqllab.store.getState().tabHistory.at(-1)).toBe(tab.id));
    expect(server.requests.some((r) => r.url === '/api/v1/query/past0000027')).toBe(true);
  });
});
