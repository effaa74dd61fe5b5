/**
 * Issue 13: a SQL Lab run asked for from a page showing the past is never sent. The run's start is a
 * user intent recorded inside the click, the SQL Lab store refuses it while scrubbed, so no query reaches
 * the server; back to live, the same click runs the query. Real HTTP against the SQL Lab test API.
 */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { createTestContext } from '../../shared/test-context';
import { TestServer } from '../../testing/test-server';
import { HttpClient } from '../api/http-client';
import { createErrors } from '../errors/errors.feature';
import { createSqlLab, type SqlLabFeature } from '../sqllab/sqllab.feature';
import { sqlLabTestApi } from '../sqllab/testing/sqllab-test-api';
import { createToasts, type ToastsFeature } from '../toasts/toasts.feature';
import { TimeTravel } from './time-travel';

let server: TestServer;
let api: ReturnType<typeof sqlLabTestApi>;
let toasts: ToastsFeature;
let sqllab: SqlLabFeature;
let timeTravel: TimeTravel;

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
    storage: localStorage,
  });
  await sqllab.catalog.loadDatabases();
  timeTravel = new TimeTravel();
  timeTravel.register(sqllab.store);
});

afterEach(async () => {
  sqllab.dispose();
  toasts.dispose();
  timeTravel.dispose();
  await server.stop();
});

it('Run while scrubbed sends nothing and starts nothing; after Live the same Run is sent', async () => {
  const tab = sqllab.addTab({ dbId: 1, schema: 'public', sql: 'SELECT * FROM flights' });
  render(
    <button type="button" onClick={() => sqllab.run(tab, 'all')}>
      Run
    </button>,
  );
  act(() => timeTravel.scrubTo(timeTravel.timeline().length));
  fireEvent.click(screen.getByRole('button', { name: 'Run' }));
  expect(Object.keys(sqllab.store.getState().queries)).toEqual([]);

  act(() => timeTravel.resume());
  fireEvent.click(screen.getByRole('button', { name: 'Run' }));
  await act(async () => {
    const end = Date.now() + 30_000;
    while (api.executed.length === 0 && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
  });
  // A request wrongly sent by the first click would have reached the server before this one.
  const [only] = Object.keys(sqllab.store.getState().queries);
  expect(api.executed).toEqual([expect.objectContaining({ client_id: only })]);
});
