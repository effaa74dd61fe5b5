import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import ace from 'ace-builds';
import { createTestContext } from '../../../shared/test-context';
import { TestServer } from '../../../testing/test-server';
import { HttpClient } from '../../api/http-client';
import { createErrors } from '../../errors/errors.feature';
import { ToastList } from '../../toasts/ToastList';
import { createToasts, type ToastsFeature } from '../../toasts/toasts.feature';
import { SqlLabPage } from '../SqlLabPage';
import { createSqlLab, type SqlLabFeature } from '../sqllab.feature';
import { sqlLabTestApi } from '../testing/sqllab-test-api';

let server: TestServer;
let api: ReturnType<typeof sqlLabTestApi>;
let toasts: ToastsFeature;
let sqllab: SqlLabFeature;

function ExploreStandIn() {
  const location = useLocation();
  return <p data-testid="explore-location">{`${location.pathname}${location.search}`}</p>;
}

beforeEach(async () => {
  localStorage.clear();
  api = sqlLabTestApi();
  server = await new TestServer(api.handler).start();
  const context = createTestContext();
  toasts = createToasts(context);
  sqllab = createSqlLab({
    context,
    http: new HttpClient({ baseUrl: server.baseUrl }),
    toasts,
    errors: createErrors(context, toasts),
    backendPersistence: false,
    openPush: null,
  });
  render(
    <MemoryRouter initialEntries={['/sqllab/']}>
      <Routes>
        <Route path="/sqllab/" element={<SqlLabPage sqllab={sqllab} />} />
        <Route path="/explore/" element={<ExploreStandIn />} />
      </Routes>
      <ToastList toasts={toasts} />
    </MemoryRouter>,
  );
  await waitFor(() => expect(screen.getByLabelText('Schema')).toHaveValue('public'));
  act(() => {
    (screen.getByTestId('sql-editor') as HTMLElement & { env: { editor: ace.Ace.Editor } }).env.editor.setValue(
      'SELECT * FROM flights',
      1,
    );
    sqllab.flushSql();
  });
  fireEvent.click(screen.getByRole('button', { name: 'Run' }));
  await screen.findByTestId('row-count');
});

afterEach(async () => {
  sqllab.dispose();
  toasts.dispose();
  await server.stop();
});

describe('a dataset from the results', () => {
  it('saves a virtual dataset of the SQL under the name given, and shows the refusal of a taken name', async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Save dataset' }));
    const name = screen.getByLabelText('Dataset name');
    expect((name as HTMLInputElement).value).toMatch(/^Untitled Query 1 \d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    fireEvent.change(name, { target: { value: 'busy flights' } });
    fireEvent.click(within(screen.getByRole('form', { name: 'Save dataset' })).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Dataset busy flights was created')).toBeInTheDocument();
    expect(api.datasets[0]).toMatchObject({
      database: 1,
      schema: 'public',
      sql: 'SELECT * FROM flights',
      table_name: 'busy flights',
      columns: [
        { column_name: 'id', type: 'INTEGER', is_dttm: false },
        { column_name: 'origin', type: 'TEXT', is_dttm: false },
        { column_name: 'delay', type: 'INTEGER', is_dttm: false },
      ],
    });
    expect(sqllab.store.getState().datasource).toEqual({ id: 41, name: 'busy flights', key: '41__table' });

    fireEvent.click(screen.getByRole('button', { name: 'Save dataset' }));
    fireEvent.change(screen.getByLabelText('Dataset name'), { target: { value: 'busy flights' } });
    fireEvent.click(within(screen.getByRole('form', { name: 'Save dataset' })).getByRole('button', { name: 'Save' }));
    expect(await screen.findByTestId('dataset-error')).toHaveTextContent('Dataset busy flights already exists.');
  });

  it('explores the results: a dataset is created, then the chart builder opens on it', async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Explore' }));
    expect(await screen.findByTestId('explore-location')).toHaveTextContent(
      '/explore/?datasource_type=table&datasource_id=41',
    );
    expect(api.datasets[0]).toMatchObject({ sql: 'SELECT * FROM flights', database: 1 });
  });
});
