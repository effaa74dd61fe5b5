import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import ace from 'ace-builds';
import type { TestServer } from '../../../testing/test-server';
import type { ToastsFeature } from '../../toasts/toasts.feature';
import { SqlLabPage } from '../SqlLabPage';
import type { SqlLabFeature } from '../sqllab.feature';
import { startSqlLab, stopSqlLab } from '../testing/sqllab-kit';

let server: TestServer;
let toasts: ToastsFeature;
let sqllab: SqlLabFeature;

beforeEach(async () => {
  ({ server, toasts, sqllab } = await startSqlLab());
  render(
    <MemoryRouter initialEntries={['/sqllab/']}>
      <SqlLabPage sqllab={sqllab} />
    </MemoryRouter>,
  );
  await waitFor(() => expect(screen.getByLabelText('Schema')).toHaveValue('public'));
});

afterEach(() => stopSqlLab({ server, toasts, sqllab }));

const editor = () => (screen.getByTestId('sql-editor') as HTMLElement & { env: { editor: ace.Ace.Editor } }).env.editor;
const historyRows = () => screen.getAllByTestId('history-row');
const historyRequests = () =>
  server.requests.filter((r) => r.url.startsWith('/api/v1/query/?')).map((r) => decodeURIComponent(r.url));

describe('the query history tab', () => {
  it("lists the server's past runs, newest first, with this page's run on top, in pages of 25", async () => {
    act(() => {
      editor().setValue('SELECT * FROM flights', 1);
      sqllab.flushSql();
    });
    fireEvent.click(screen.getByRole('button', { name: 'Run' }));
    await screen.findByTestId('row-count');
    fireEvent.click(screen.getByRole('tab', { name: 'Query history' }));
    await waitFor(() => expect(historyRows()).toHaveLength(25));
    expect(within(historyRows()[0]!).getByText('SELECT * FROM flights')).toBeInTheDocument();
    expect(within(historyRows()[1]!).getByText('SELECT 29 AS n')).toBeInTheDocument();
    expect(screen.getByText(/Page 1 of 2 \(31 queries\)/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(historyRows()).toHaveLength(6));
    expect(within(historyRows()[5]!).getByText('SELECT 0 AS n')).toBeInTheDocument();
  });

  it('filters by state, user, text, database and time, each sent to the server', async () => {
    fireEvent.click(screen.getByRole('tab', { name: 'Query history' }));
    await waitFor(() => expect(historyRows()).toHaveLength(25));
    fireEvent.change(screen.getByLabelText('Filter by state'), { target: { value: 'failed' } });
    await waitFor(() => expect(historyRows()).toHaveLength(10));
    expect(historyRows().every((row) => within(row).getByTestId('query-state').textContent === 'failed')).toBe(true);

    // The user filter offers the users the list has shown.
    fireEvent.change(screen.getByLabelText('Filter by user'), { target: { value: '2' } });
    fireEvent.change(screen.getByLabelText('Search the SQL'), { target: { value: 'SELECT 2' } });
    await waitFor(() =>
      expect(historyRows().map((r) => within(r).getByText(/^SELECT/).textContent)).toEqual([
        'SELECT 27 AS n',
        'SELECT 24 AS n',
        'SELECT 21 AS n',
      ]),
    );
    expect(historyRequests().at(-1)).toContain('(col:status,opr:eq,value:failed)');
    expect(historyRequests().at(-1)).toContain('(col:user_id,opr:eq,value:2)');
    expect(historyRequests().at(-1)).toContain("(col:sql,opr:ct,value:'SELECT 2')");

    fireEvent.change(screen.getByLabelText('Filter by database'), { target: { value: '2' } });
    expect(await screen.findByText('No past query matches these filters.')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Filter by database'), { target: { value: '' } });
    await waitFor(() => expect(historyRows()).toHaveLength(3));
    // The seeded runs are from 2026-01-01: none in the last hour.
    fireEvent.change(screen.getByLabelText('Filter by time'), { target: { value: 'hour' } });
    expect(await screen.findByText('No past query matches these filters.')).toBeInTheDocument();
    expect(historyRequests().at(-1)).toMatch(/\(col:start_time,opr:gt,value:\d+\)/);
  });

  it("opens a past run's SQL into the editor, or in a new tab", async () => {
    fireEvent.click(screen.getByRole('tab', { name: 'Query history' }));
    await waitFor(() => expect(historyRows()).toHaveLength(25));
    fireEvent.click(within(historyRows()[0]!).getByRole('button', { name: 'Edit in this tab' }));
    await waitFor(() => expect(editor().getValue()).toBe('SELECT 29 AS n'));
    fireEvent.click(within(historyRows()[1]!).getByRole('button', { name: 'Open in a new tab' }));
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: 'Untitled Query 2' })).toHaveAttribute('aria-selected', 'true'),
    );
    await waitFor(() => expect(editor().getValue()).toBe('SELECT 28 AS n'));
  });
});
